"""Play tic-tac-toe in a notebook: a 3×3 grid of buttons, each side a human or a CPU level.

::

    from gamelib.widgets.tictactoe import TicTacToeWidget
    TicTacToeWidget(x="human", o=3)     # you play X against the perfect α-β CPU

Each side is chosen from a dropdown: *Human*, or CPU level 0–3 of
:func:`gamelib.players.tictactoe_cpu` (0 random, 1 takes a win in one, 2 also blocks,
3 α-β to the number of plies chosen in the "α-β plies" dropdown). A CPU moves as soon as it
is its turn, so two CPUs play a whole game at once. A click on a taken square, after the game
is over or while it is a CPU's turn only changes the status line; it never raises.

After a level-3 move the widget keeps the trace of the search that chose it
(:meth:`TicTacToeWidget.last_search_trace`, recorded with :func:`gamelib.trace.record`, so it
is the real run) and lists the root's moves with the values α-β proved for them. A drawing of
the trace as a tree belongs to the drawing layer of :mod:`gamelib.render`.

Every square is a real button, so the board plays from the keyboard: Tab goes from square to
square (a1, b1, c1, a2, … row by row), Enter or Space plays the focused one, and the focused
square is outlined. A screen reader hears each square by name, row, column and mark
(:func:`square_label`, ``"b2, row 2, column 2: X"``; the words are hidden text of the
button, :mod:`gamelib.render.accessible`), and the status line after each move is a polite
status region. The column letters and row numbers stand beside the board.

ipywidgets is imported when a widget is built, never when :mod:`gamelib` is imported.

Every label and status line is in English or Japanese (:data:`WORDS`): the widget's
``language`` (None: the course-wide setting of :func:`gamelib.language.set_language`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Final, Literal

from gamelib.core import Bound, Player
from gamelib.games.tictactoe import LINES, SQUARE_NAMES, TicTacToe, TicTacToeState
from gamelib.language import Language, check_language, join_sentences, resolve
from gamelib.notation import format_signed
from gamelib.players import SearchPlayer, SeededPlayer, tictactoe_cpu
from gamelib.render.accessible import (
    live_region,
    scope_class,
    spoken_rule,
    style_sheet,
    widget_rules,
)
from gamelib.render.dot import Drawing, draw
from gamelib.render.static import widget_drawing
from gamelib.trace import ROOT_NAME, Enter, Trace

Side = Literal["human", 0, 1, 2, 3]
"""Who plays a side: ``"human"`` or a CPU level 0–3."""

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # ---- the controls
    "human": {"en": "Human", "ja": "人間"},
    "cpu_0": {"en": "CPU level 0 (random)", "ja": "CPU レベル 0（ランダム）"},
    "cpu_1": {"en": "CPU level 1 (takes a win)", "ja": "CPU レベル 1（勝てる手は逃さない）"},
    "cpu_2": {
        "en": "CPU level 2 (wins or blocks)",
        "ja": "CPU レベル 2（勝つか、相手の勝ちを防ぐ）",
    },
    "cpu_3": {"en": "CPU level 3 (α-β search)", "ja": "CPU レベル 3（αβ法で探索）"},
    "plies": {"en": "α-β plies:", "ja": "αβ法の深さ："},
    "new_game": {"en": "New game", "ja": "新しいゲーム"},
    "show_search": {"en": "show the CPU's search", "ja": "CPU の探索を表示"},
    # ---- what a screen reader reads on a square, before its mark (row 1 is the top row)
    "square_spoken": {
        "en": "{name}, row {row}, column {column}:",
        "ja": "{name}（{row} 行目、{column} 列目）",
    },
    "empty": {"en": "empty", "ja": "空き"},
    # ---- the status line
    "new_game_started": {"en": "New game.", "ja": "新しいゲームです。"},
    "over_press_new_game": {
        "en": "The game is over ({outcome}): press New game.",
        "ja": "ゲームは終わっています（{outcome}）。「新しいゲーム」を押してください。",
    },
    "cpu_turn": {
        "en": "It is the CPU's turn, not yours.",
        "ja": "いまは CPU の手番で、あなたの手番ではありません。",
    },
    "taken": {
        "en": "{name} is already taken: choose an empty square.",
        "ja": "{name} はもう埋まっています。空いているマスを選んでください。",
    },
    "played": {"en": "{mark} played {name}.", "ja": "{mark} が {name} に打ちました。"},
    "cpu_played": {
        "en": "{mark} (CPU level {level}) played {square}.",
        "ja": "{mark}（CPU レベル {level}）が {square} に打ちました。",
    },
    "draw": {"en": "a draw", "ja": "引き分け"},
    "wins": {"en": "{mark} wins", "ja": "{mark} の勝ち"},
    "game_over": {"en": "Game over: {outcome}.", "ja": "ゲーム終了：{outcome}。"},
    "to_move_you": {"en": "{mark} to move (you).", "ja": "{mark} の手番です（あなた）。"},
    "to_move_cpu": {"en": "{mark} to move (CPU).", "ja": "{mark} の手番です（CPU）。"},
    # ---- the CPU's search
    "searched": {
        "en": "α-β searched {nodes} nodes ({leaves} leaves).",
        "ja": "αβ法は {nodes} ノード（うち葉 {leaves}）を探索しました。",
    },
    "values_for": {
        "en": "Values for {searcher}: +1 win, 0 draw, −1 loss. Root value: {value}.",
        "ja": "{searcher} から見た値：+1 勝ち、0 引き分け、−1 負け。根ノードの値：{value}。",
    },
    "side_to_move": {"en": "the side to move", "ja": "手番側"},
    "header": {"en": "move  value", "ja": "手    値"},
    "played_marker": {"en": "   ← played", "ja": "   ← 打った手"},
    "no_search": {
        "en": "No search yet: only a level-3 CPU searches.",
        "ja": "まだ探索していません。探索するのはレベル 3 の CPU だけです。",
    },
    "needs_python": {
        "en": "<p><b>Play tic-tac-toe against the search.</b> This board is a game against "
        "α-β: every move you make runs a search in Python, so it needs the notebook running. "
        "<a class='gamelib-run-yourself' href='#run-it-yourself'>Run the course yourself</a> "
        "(in the browser edition or in JupyterLab on your computer) to play.</p>",
        "ja": "<p><b>探索を相手に三目並べで遊びましょう。</b> この盤はαβ法との対局です。"
        "一手ごとに Python で探索するので、ノートブックが動いている必要があります。遊ぶには "
        "<a class='gamelib-run-yourself' href='#run-it-yourself'>講座を自分で動かして</a>"
        "ください（ブラウザー版、または自分のコンピューターの JupyterLab）。</p>",
    },
}
"""Every label and sentence of the board, in English and Japanese (``str.format`` templates)."""


def _words(language: str | None) -> dict[str, str]:
    """The templates of :data:`WORDS` in ``language`` (None: the course-wide language)."""
    chosen = resolve(language)
    return {name: texts[chosen] for name, texts in WORDS.items()}


def side_options(*, language: str | None = None) -> tuple[tuple[str, Side], ...]:
    """The choices of the side dropdowns, (label, value), labelled in ``language``."""
    words = _words(language)
    return (
        (words["human"], "human"),
        (words["cpu_0"], 0),
        (words["cpu_1"], 1),
        (words["cpu_2"], 2),
        (words["cpu_3"], 3),
    )


SIDE_OPTIONS: tuple[tuple[str, Side], ...] = side_options(language="en")
"""The choices of the side dropdowns in English: (label, value)."""

MARK_NAMES = ("X", "O")


@dataclass(frozen=True)
class RootMove:
    """A move at the root of a recorded search, with what the search proved about it.

    Attributes:
        name: The move's name (``"b2"``).
        value: The value returned for it, from the view of the player who searched.
        bound: ``"exact"``, ``"lower"`` (the true value is at least ``value``) or
            ``"upper"`` (at most ``value``): α-β proves only a bound for a move it refutes.
        chosen: Whether it is the move the search chose.
    """

    name: str
    value: float
    bound: Bound
    chosen: bool


def root_moves(trace: Trace) -> list[RootMove]:
    """The root's moves that the search entered, in the order it searched them."""
    returned = trace.returned("max")  # MAX is the player to move at the root: the searcher
    chosen = trace.result.move
    names = [
        event.node
        for event in trace.events
        if isinstance(event, Enter) and event.parent == ROOT_NAME
    ]
    game = TicTacToe()
    chosen_name = game.move_name(chosen) if isinstance(chosen, int) else str(chosen)
    return [
        RootMove(name, returned[name][0], returned[name][1], name == chosen_name) for name in names
    ]


RELATIONS = {Bound.EXACT: "=", Bound.LOWER: "≥", Bound.UPPER: "≤"}
"""How the report writes a move's value: ``= +1`` (exact), ``≥ 0`` (at least), ``≤ −1``."""


def search_report(trace: Trace, searcher: str | None = None, *, language: str | None = None) -> str:
    """The root's moves with their α-β values, as a few lines of text in ``language``.

    Values are for the side that searched (``searcher``; None: "the side to move"): +1 it
    wins, 0 a draw, −1 it loses, with best play as far as the search looked. A bound (≤, ≥)
    is all α-β needed to know about a move it did not choose.
    """
    words = _words(language)
    result = trace.result
    lines = [
        words["searched"].format(
            nodes=f"{result.stats.nodes:,}", leaves=f"{result.stats.leaves:,}"
        ),
        words["values_for"].format(
            searcher=words["side_to_move"] if searcher is None else searcher,
            value=format_signed(result.value),
        ),
        words["header"],
    ]
    for move in root_moves(trace):
        marker = words["played_marker"] if move.chosen else ""
        value = f"{RELATIONS[move.bound]} {format_signed(move.value)}"
        lines.append(f"{move.name:<4}  {value}{marker}")
    return "\n".join(lines)


EMPTY_SQUARE = "\u00a0"
"""An empty square's label: a no-break space. (In the browser, a button whose description
becomes the empty string keeps showing its old text, so a new game would not clear the board.)"""

WINNING_CLASS = "gamelib-winning"
"""The class of a square on the winning line: framed by a 4-pixel dark green line inside it
(not only a colour), on a pale green."""

SQUARE_COLOURS: Final = {"X": "#1f5fbf", "O": "#c0392b", "": "#000000"}
"""The colour of each mark; on :data:`SQUARE_BACKGROUNDS` each is at least 4.5:1."""

SQUARE_BACKGROUNDS: Final = {"square": "#f5f5f5", "winning": "#e8f5e9"}
"""A square's background, and a winning square's (light in both of JupyterLab's themes)."""

EMPTY_CLASS = "gamelib-empty"
"""The class an empty square's button carries (a screen reader hears "empty" on it)."""


def square_spoken(square: int, *, language: str | None = None) -> str:
    """What a screen reader hears on ``square`` before its mark: its name, row and column
    (row 1 is the top row, column 1 the left one), in ``language``."""
    row, column = divmod(square, 3)
    return _words(language)["square_spoken"].format(
        name=SQUARE_NAMES[square], row=row + 1, column=column + 1
    )


def square_label(square: int, mark: str, *, language: str | None = None) -> str:
    """The accessible name of ``square``'s button when it shows ``mark`` ("X", "O" or "" for
    empty): :func:`square_spoken`, a space, then the mark or the word for empty, as a browser
    computes it from the button's hidden words and its text (``"b2, row 2, column 2: X"``)."""
    return f"{square_spoken(square, language=language)} {mark or _words(language)['empty']}"


def board_style(scope: str, *, language: str | None = None) -> str:
    """The style sheet of a board whose box has class ``scope``: each square's hidden words
    (:func:`square_spoken`, and "empty" on an empty one) and the focus outline."""
    rules = [
        *widget_rules(scope),
        f".{scope} .gamelib-square{{background-color:{SQUARE_BACKGROUNDS['square']}}}",
        f".{scope} .gamelib-square.{WINNING_CLASS}{{background-color:"
        f"{SQUARE_BACKGROUNDS['winning']};box-shadow:inset 0 0 0 4px #1b5e20}}",
    ]
    rules.extend(
        spoken_rule(
            f".{scope} .gamelib-square-{SQUARE_NAMES[square]}::before",
            square_spoken(square, language=language),
        )
        for square in range(9)
    )
    rules.append(spoken_rule(f".{scope} .{EMPTY_CLASS}::after", _words(language)["empty"]))
    return style_sheet(rules)


def needs_python_html(*, language: str | None = None) -> str:
    """What a page without a kernel shows instead of the board, in ``language`` (a website
    built from the notebooks points the link at its page on running the course)."""
    return f"<div class='gamelib-needs-python'>{_words(language)['needs_python']}</div>"


NEEDS_PYTHON_HTML = needs_python_html(language="en")
""":func:`needs_python_html` in English."""


class TicTacToeWidget:
    """A tic-tac-toe board to play on, in a notebook (see the module docstring).

    Args:
        x: Who plays X (moves first): ``"human"`` or a CPU level 0–3.
        o: Who plays O.
        plies: Search depth of a level-3 CPU (1–9; 9 is perfect play).
        seed: Seed of the CPUs' random choices (each new game derives fresh seeds from it).
        language: The language of the labels and status lines; None follows the course-wide
            setting (read each time a text is made).

    Attributes:
        game: The :class:`~gamelib.games.tictactoe.TicTacToe` game.
        state: The current position.
        moves: The squares played so far, in order.
        status: The status line's text.
        buttons: The 9 square buttons (square 0 = a1 top left, row by row).
        plies_choice: The dropdown of the level-3 CPU's search depth.
        scope: The class of :attr:`widget` that :attr:`accessibility_style` applies to.
        accessibility_style: The HTML widget holding the board's style sheet
            (:func:`board_style`).
        widget: The whole ipywidgets box (what the notebook shows).
    """

    def __init__(
        self,
        x: Side = "human",
        o: Side = 3,
        plies: int = 9,
        seed: int = 0,
        *,
        language: str | None = None,
    ) -> None:
        import ipywidgets as widgets  # type: ignore[import-untyped]

        self.language: Language | None = None if language is None else check_language(language)
        words = _words(self.language)
        self.game = TicTacToe()
        self.state: TicTacToeState = self.game.initial_state()
        self.moves: list[int] = []
        self.seed = seed
        self.games_started = 0
        self._trace: Trace | None = None
        self._trace_player: Player = 0
        self._cpus: dict[Player, SeededPlayer] = {}
        self.status = ""

        square_layout = widgets.Layout(width="64px", height="64px")
        # tooltip "": no title, so a screen reader hears the name once (see square_label)
        self.buttons = [
            widgets.Button(description=EMPTY_SQUARE, tooltip="", layout=square_layout)
            for square in range(9)
        ]
        for square, button in enumerate(self.buttons):
            button.style.font_size = "28px"
            button.style.font_weight = "bold"
            button.add_class("gamelib-square")
            button.add_class(f"gamelib-square-{SQUARE_NAMES[square]}")
            button.on_click(lambda _button, square=square: self.click(square))
        grid = widgets.GridBox(
            _with_coordinates(self.buttons),
            layout=widgets.Layout(
                grid_template_columns="24px repeat(3, 64px)", grid_gap="4px", align_items="center"
            ),
        )
        options = list(side_options(language=self.language))
        self.side_choices = (
            widgets.Dropdown(options=options, value=x, description="X:"),
            widgets.Dropdown(options=options, value=o, description="O:"),
        )
        # a dropdown, not a slider: ipywidgets ties its label to it, so it has a name
        self.plies_choice = widgets.Dropdown(
            options=list(range(1, 10)), value=plies, description=words["plies"]
        )
        self.new_game_button = widgets.Button(description=words["new_game"])
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.status_line = widgets.HTML()
        self.show_search = widgets.Checkbox(value=True, description=words["show_search"])
        self.search_text = widgets.HTML()
        for control in (*self.side_choices, self.plies_choice):
            control.observe(lambda _change: self._settings_changed(), names="value")
        self.show_search.observe(lambda _change: self._show_search_report(), names="value")
        self.scope = scope_class()
        self.accessibility_style = widgets.HTML(board_style(self.scope, language=self.language))
        self.widget = widgets.VBox(
            [
                self.accessibility_style,
                widgets.HBox([*self.side_choices]),
                widgets.HBox([self.plies_choice, self.new_game_button]),
                grid,
                self.status_line,
                self.show_search,
                self.search_text,
            ]
        )
        self.widget.add_class("gamelib-tictactoe")
        self.widget.add_class(self.scope)
        self.status_line.add_class("gamelib-status")
        self.search_text.add_class("gamelib-search")
        self.new_game()

    # ---- what the notebook displays
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = needs_python_html(language=self.language)
        return bundle

    # ---- the game
    def side(self, player: Player) -> Side:
        """Who plays ``player`` (FIRST = X, SECOND = O) according to the dropdowns."""
        value: Side = self.side_choices[player].value
        return value

    def new_game(self) -> None:
        """Clear the board, build fresh CPUs from the dropdowns, and let a CPU X move."""
        self.state = self.game.initial_state()
        self.moves = []
        self._trace = None
        self._build_cpus()
        self.games_started += 1
        self._set_status(
            self._sentences([_words(self.language)["new_game_started"], *self._run_cpus()])
        )
        self._refresh()

    def _build_cpus(self) -> None:
        self._cpus = {}
        for player in (0, 1):
            side = self.side(player)
            if side != "human":
                seed = self.seed + 1000 * self.games_started + player
                self._cpus[player] = tictactoe_cpu(
                    int(side), plies=self.plies_choice.value, seed=seed
                )

    def _settings_changed(self) -> None:
        self._build_cpus()
        played = self._run_cpus()
        if played:
            self._set_status(self._sentences(played))
        self._refresh()

    def click(self, square: int) -> None:
        """What a human's click on ``square`` does: play it if that is legal, else explain.

        Never raises for a move that cannot be played: the status line says why.
        """
        name = SQUARE_NAMES[square]
        words = _words(self.language)
        if self.game.is_terminal(self.state):
            self.status = words["over_press_new_game"].format(outcome=self._outcome())
        elif self.side(self.game.to_move(self.state)) != "human":
            self._set_status(words["cpu_turn"])
        elif square not in self.game.moves(self.state):
            self._set_status(words["taken"].format(name=name))
        else:
            self._play(square)
            mark = MARK_NAMES[1 - self.game.to_move(self.state)]
            played = words["played"].format(mark=mark, name=name)
            self._set_status(self._sentences([played, *self._run_cpus()]))
        self._refresh()

    def _play(self, square: int) -> None:
        self.state = self.game.result(self.state, square)
        self.moves.append(square)

    def _run_cpus(self) -> list[str]:
        """Let the CPU move as long as it is a CPU's turn and the game goes on.

        Returns:
            One line per CPU move ("O (CPU level 3) played a3.").
        """
        played = []
        while not self.game.is_terminal(self.state):
            player = self.game.to_move(self.state)
            cpu = self._cpus.get(player)
            if cpu is None:
                break
            if isinstance(cpu, SearchPlayer):
                square, trace = cpu.choose_traced(self.game, self.state)
                self._trace = trace
                self._trace_player = player
            else:
                square = cpu.choose(self.game, self.state)
            self._play(square)
            played.append(
                _words(self.language)["cpu_played"].format(
                    mark=MARK_NAMES[player], level=self.side(player), square=SQUARE_NAMES[square]
                )
            )
        return played

    def _outcome(self) -> str:
        words = _words(self.language)
        winner = self.game.winner(self.state)
        return words["draw"] if winner is None else words["wins"].format(mark=MARK_NAMES[winner])

    def _sentences(self, sentences: list[str]) -> str:
        """Sentences of the status line joined as the language joins them."""
        return join_sentences(sentences, self.language)

    def _set_status(self, message: str) -> None:
        words = _words(self.language)
        if self.game.is_terminal(self.state):
            last = words["game_over"].format(outcome=self._outcome())
        else:
            player = self.game.to_move(self.state)
            who = "to_move_you" if self.side(player) == "human" else "to_move_cpu"
            last = words[who].format(mark=MARK_NAMES[player])
        self.status = self._sentences([message, last]).strip()

    def _refresh(self) -> None:
        marks = self.game.marks(self.state)
        winner = self.game.winner(self.state)
        for square, button in enumerate(self.buttons):
            button.description = marks[square] or EMPTY_SQUARE
            button.style.text_color = SQUARE_COLOURS[marks[square]]
            button.remove_class(WINNING_CLASS)
            if marks[square]:
                button.remove_class(EMPTY_CLASS)
            else:
                button.add_class(EMPTY_CLASS)
        if winner is not None:
            winner_mark = MARK_NAMES[winner]
            for square, button in enumerate(self.buttons):
                if marks[square] == winner_mark and self._on_winning_line(square):
                    button.add_class(WINNING_CLASS)
        self.status_line.value = live_region(f"<b>{escape(self.status)}</b>")
        self._show_search_report()

    def square_label(self, square: int) -> str:
        """The accessible name of ``square``'s button now (see :func:`square_label`)."""
        mark = self.game.marks(self.state)[square]
        return square_label(square, mark, language=self.language)

    def _on_winning_line(self, square: int) -> bool:
        mover, other = self.state
        return any(
            line >> square & 1 and (bits & line) == line
            for line in LINES
            for bits in (mover, other)
        )

    def _show_search_report(self) -> None:
        if not self.show_search.value or self._trace is None:
            self.search_text.value = ""
            return
        self.search_text.value = (
            f"<pre>{escape(self.search_report())}</pre>"
            f"{widget_drawing(self.search_drawing().svg(), self.language)}"
        )

    def search_drawing(self, plies: int = 1) -> Drawing:
        """The CPU's latest search drawn as a tree, collapsed below ``plies`` plies.

        Raises:
            ValueError: before the first search of a level-3 CPU.
        """
        if self._trace is None:
            raise ValueError("no search yet: only a level-3 CPU searches")
        return draw(
            self._trace, max_depth=plies, max_children=9, legend=False, language=self.language
        )

    # ---- the CPU's last search
    def last_search_trace(self) -> Trace | None:
        """The trace of this widget's latest level-3 CPU search (None before the first).

        It is the recorded run that chose the move, ready for a tree drawing.
        """
        return self._trace

    def search_report(self) -> str:
        """The latest CPU search as text (see :func:`search_report`), or a note if none."""
        if self._trace is None:
            return _words(self.language)["no_search"]
        return search_report(self._trace, MARK_NAMES[self._trace_player], language=self.language)


def _with_coordinates(squares: list[Any]) -> list[Any]:
    """The board's squares in a 4×4 grid with the column letters (a–c) above and the row
    numbers (1–3) on the left, so the names the status line uses can be read off the board."""
    import ipywidgets as widgets

    def heading(text: str) -> Any:
        label = widgets.HTML(f"<div style='text-align:center'>{text}</div>")
        label.add_class("gamelib-coordinate")
        return label

    cells = [heading(""), *(heading(letter) for letter in "abc")]
    for row in range(3):
        cells.append(heading(str(row + 1)))
        cells.extend(squares[3 * row : 3 * row + 3])
    return cells
