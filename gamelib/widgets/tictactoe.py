"""Play tic-tac-toe in a notebook: a 3×3 grid of buttons, each side a human or a CPU level.

::

    from gamelib.widgets.tictactoe import TicTacToeWidget
    TicTacToeWidget(x="human", o=3)     # you play X against the perfect α-β CPU

Each side is chosen from a dropdown: *Human*, or CPU level 0–3 of
:func:`gamelib.players.tictactoe_cpu` (0 random, 1 takes a win in one, 2 also blocks,
3 α-β to the number of plies on the slider). A CPU moves as soon as it is its turn, so two
CPUs play a whole game at once. A click on a taken square, after the game is over or while
it is a CPU's turn only changes the status line; it never raises.

After a level-3 move the widget keeps the trace of the search that chose it
(:meth:`TicTacToeWidget.last_search_trace`, recorded with :func:`gamelib.trace.record`, so it
is the real run) and lists the root's moves with the values α-β proved for them. A drawing of
the trace as a tree belongs to the drawing layer of :mod:`gamelib.render`.

ipywidgets is imported when a widget is built, never when :mod:`gamelib` is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Literal

from gamelib.core import Bound, Player
from gamelib.games.tictactoe import LINES, SQUARE_NAMES, TicTacToe, TicTacToeState
from gamelib.notation import format_signed
from gamelib.players import SearchPlayer, SeededPlayer, tictactoe_cpu
from gamelib.render.dot import Drawing, draw
from gamelib.render.static import inline_svg
from gamelib.trace import ROOT_NAME, Enter, Trace

Side = Literal["human", 0, 1, 2, 3]
"""Who plays a side: ``"human"`` or a CPU level 0–3."""

SIDE_OPTIONS: tuple[tuple[str, Side], ...] = (
    ("Human", "human"),
    ("CPU level 0 (random)", 0),
    ("CPU level 1 (takes a win)", 1),
    ("CPU level 2 (wins or blocks)", 2),
    ("CPU level 3 (α-β search)", 3),
)
"""The choices of the side dropdowns: (label, value)."""

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


def search_report(trace: Trace, searcher: str = "the side to move") -> str:
    """The root's moves with their α-β values, as a few lines of text.

    Values are for the side that searched (``searcher``): +1 it wins, 0 a draw, −1 it loses,
    with best play as far as the search looked. A bound (≤, ≥) is all α-β needed to know about
    a move it did not choose.
    """
    result = trace.result
    lines = [
        f"α-β searched {result.stats.nodes:,} nodes ({result.stats.leaves:,} leaves).",
        f"Values for {searcher}: +1 win, 0 draw, −1 loss. Root value: "
        f"{format_signed(result.value)}.",
        "move  value",
    ]
    for move in root_moves(trace):
        marker = "   ← played" if move.chosen else ""
        value = f"{RELATIONS[move.bound]} {format_signed(move.value)}"
        lines.append(f"{move.name:<4}  {value}{marker}")
    return "\n".join(lines)


EMPTY_SQUARE = "\u00a0"
"""An empty square's label: a no-break space. (In the browser, a button whose description
becomes the empty string keeps showing its old text, so a new game would not clear the board.)"""


NEEDS_PYTHON_HTML = (
    "<div class='gamelib-needs-python'><p><b>Play tic-tac-toe against the search.</b> This "
    "board is a game against α-β: every move you make runs a search in Python, so it needs "
    "the notebook running. <a class='gamelib-run-yourself' href='#run-it-yourself'>Run the "
    "course yourself</a> (Binder, Colab or JupyterLab on your computer) to play.</p></div>"
)
"""What a page without a kernel shows instead of the board (a website built from the
notebooks points the link at its page on running the course)."""


class TicTacToeWidget:
    """A tic-tac-toe board to play on, in a notebook (see the module docstring).

    Args:
        x: Who plays X (moves first): ``"human"`` or a CPU level 0–3.
        o: Who plays O.
        plies: Search depth of a level-3 CPU (1–9; 9 is perfect play).
        seed: Seed of the CPUs' random choices (each new game derives fresh seeds from it).

    Attributes:
        game: The :class:`~gamelib.games.tictactoe.TicTacToe` game.
        state: The current position.
        moves: The squares played so far, in order.
        status: The status line's text.
        buttons: The 9 square buttons (square 0 = a1 top left, row by row).
        widget: The whole ipywidgets box (what the notebook shows).
    """

    def __init__(self, x: Side = "human", o: Side = 3, plies: int = 9, seed: int = 0) -> None:
        import ipywidgets as widgets  # type: ignore[import-untyped]

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
        self.buttons = [
            widgets.Button(
                description=EMPTY_SQUARE, tooltip=SQUARE_NAMES[square], layout=square_layout
            )
            for square in range(9)
        ]
        for square, button in enumerate(self.buttons):
            button.style.font_size = "28px"
            button.style.font_weight = "bold"
            button.on_click(lambda _button, square=square: self.click(square))
        grid = widgets.GridBox(
            self.buttons,
            layout=widgets.Layout(grid_template_columns="repeat(3, 64px)", grid_gap="4px"),
        )
        options = [(label, value) for label, value in SIDE_OPTIONS]
        self.side_choices = (
            widgets.Dropdown(options=options, value=x, description="X:"),
            widgets.Dropdown(options=options, value=o, description="O:"),
        )
        self.plies_slider = widgets.IntSlider(
            value=plies, min=1, max=9, description="α-β plies:", continuous_update=False
        )
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.status_line = widgets.HTML()
        self.show_search = widgets.Checkbox(value=True, description="show the CPU's search")
        self.search_text = widgets.HTML()
        for control in (*self.side_choices, self.plies_slider):
            control.observe(lambda _change: self._settings_changed(), names="value")
        self.show_search.observe(lambda _change: self._show_search_report(), names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox([*self.side_choices]),
                widgets.HBox([self.plies_slider, self.new_game_button]),
                grid,
                self.status_line,
                self.show_search,
                self.search_text,
            ]
        )
        self.widget.add_class("gamelib-tictactoe")
        self.status_line.add_class("gamelib-status")
        self.search_text.add_class("gamelib-search")
        self.new_game()

    # ---- what the notebook displays
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = NEEDS_PYTHON_HTML
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
        self._set_status(" ".join(["New game.", *self._run_cpus()]))
        self._refresh()

    def _build_cpus(self) -> None:
        self._cpus = {}
        for player in (0, 1):
            side = self.side(player)
            if side != "human":
                seed = self.seed + 1000 * self.games_started + player
                self._cpus[player] = tictactoe_cpu(
                    int(side), plies=self.plies_slider.value, seed=seed
                )

    def _settings_changed(self) -> None:
        self._build_cpus()
        played = self._run_cpus()
        if played:
            self._set_status(" ".join(played))
        self._refresh()

    def click(self, square: int) -> None:
        """What a human's click on ``square`` does: play it if that is legal, else explain.

        Never raises for a move that cannot be played: the status line says why.
        """
        name = SQUARE_NAMES[square]
        if self.game.is_terminal(self.state):
            self.status = f"The game is over ({self._outcome()}): press New game."
        elif self.side(self.game.to_move(self.state)) != "human":
            self._set_status("It is the CPU's turn, not yours.")
        elif square not in self.game.moves(self.state):
            self._set_status(f"{name} is already taken: choose an empty square.")
        else:
            self._play(square)
            self._set_status(
                " ".join(
                    [
                        f"{MARK_NAMES[1 - self.game.to_move(self.state)]} played {name}.",
                        *self._run_cpus(),
                    ]
                )
            )
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
                f"{MARK_NAMES[player]} (CPU level {self.side(player)}) played "
                f"{SQUARE_NAMES[square]}."
            )
        return played

    def _outcome(self) -> str:
        winner = self.game.winner(self.state)
        return "a draw" if winner is None else f"{MARK_NAMES[winner]} wins"

    def _set_status(self, message: str) -> None:
        if self.game.is_terminal(self.state):
            message += f" Game over: {self._outcome()}."
        else:
            player = self.game.to_move(self.state)
            who = "you" if self.side(player) == "human" else "CPU"
            message += f" {MARK_NAMES[player]} to move ({who})."
        self.status = message.strip()

    def _refresh(self) -> None:
        marks = self.game.marks(self.state)
        winner = self.game.winner(self.state)
        for square, button in enumerate(self.buttons):
            button.description = marks[square] or EMPTY_SQUARE
            button.style.text_color = (
                "#1f5fbf" if marks[square] == "X" else "#c0392b" if marks[square] else "black"
            )
            button.button_style = ""
        if winner is not None:
            winner_mark = MARK_NAMES[winner]
            for square, button in enumerate(self.buttons):
                if marks[square] == winner_mark and self._on_winning_line(square):
                    button.button_style = "success"
        self.status_line.value = f"<b>{escape(self.status)}</b>"
        self._show_search_report()

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
            f"<pre>{escape(self.search_report())}</pre>{inline_svg(self.search_drawing().svg())}"
        )

    def search_drawing(self, plies: int = 1) -> Drawing:
        """The CPU's latest search drawn as a tree, collapsed below ``plies`` plies.

        Raises:
            ValueError: before the first search of a level-3 CPU.
        """
        if self._trace is None:
            raise ValueError("no search yet: only a level-3 CPU searches")
        return draw(self._trace, max_depth=plies, max_children=9, legend=False)

    # ---- the CPU's last search
    def last_search_trace(self) -> Trace | None:
        """The trace of this widget's latest level-3 CPU search (None before the first).

        It is the recorded run that chose the move, ready for a tree drawing.
        """
        return self._trace

    def search_report(self) -> str:
        """The latest CPU search as text (see :func:`search_report`), or a note if none."""
        if self._trace is None:
            return "No search yet: only a level-3 CPU searches."
        return search_report(self._trace, MARK_NAMES[self._trace_player])
