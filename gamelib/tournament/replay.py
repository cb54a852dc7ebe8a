"""A static replay page of one tournament game: the board stepped move by move, and at each
move what the player said its search saw.

::

    write_replay(result, "replays/r1-othello-0007.html")           # English
    write_replay(result, "ja/r1-othello-0007.html", language="ja")  # Japanese

The board is the course's HTML player (:func:`gamelib.render.boardline.board_line_html`, the
same buttons, slider and keys as every animation of the course); each step's sentence gives
the move, who played it, the time it took, the bank left, and the reported search: depth,
nodes, value (from the mover's view, as :class:`gamelib.tournament.player.Report` defines it)
and principal variation. Below it, every move in one table (readable without JavaScript),
then each side's status, the referee's sentence on why, its time used and its log.

A page is one offline file: its style (light and dark, following ``prefers-color-scheme``) and
the player's script are inline, and nothing is fetched. Every text that comes from a player
(its name, its log, its reported line) is escaped, so a name or a log holding ``<script>``
shows as text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

from gamelib.games.minireversi import MiniReversi
from gamelib.games.tictactoe import TicTacToe
from gamelib.language import Language, resolve
from gamelib.notation import format_signed
from gamelib.players import player_label
from gamelib.render.boardline import board_line_html
from gamelib.render.static import SHEET
from gamelib.tournament.games import make_game
from gamelib.tournament.records import GameResult, MoveRecord, SideOutcome, Status

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "replay title": {
        "en": "{first} – {second} · {game}",
        "ja": "{first} 対 {second} · {game}",
    },
    "start": {"en": "start: {side} to move", "ja": "開始局面：{side}の手番"},
    "opening move": {
        "en": "{number}. {move} (opening, before the players take over)",
        "ja": "{number}. {move}（プレイヤーに渡す前の序盤の手）",
    },
    "forced pass": {
        "en": "{number}. {side} passes (no legal move; the referee passes for it)",
        "ja": "{number}. {side}はパス（打てる手がないため、審判がパスします）",
    },
    "played": {
        "en": "{number}. {player} ({side}) {move}",
        "ja": "{number}. {player}（{side}）{move}",
    },
    "not legal": {
        "en": "{number}. {player} ({side}) answered {move}, which is not a legal move here",
        "ja": "{number}. {player}（{side}）の答え {move} は、この局面で打てる手ではありません",
    },
    "clock": {
        "en": "{seconds} s, bank left {bank} s",
        "ja": "{seconds} 秒、残りの貯金 {bank} 秒",
    },
    "depth": {"en": "depth {depth}", "ja": "深さ {depth}"},
    "nodes": {"en": "{nodes} nodes", "ja": "ノード {nodes}"},
    "value": {"en": "value {value} (mover's view)", "ja": "値 {value}（手番側の視点）"},
    "line": {"en": "line: {line}", "ja": "最善進行：{line}"},
    "no report": {"en": "no search reported", "ja": "探索の報告なし"},
    "banks": {
        "en": "bank left: {first} {one} s · {second} {two} s",
        "ja": "残りの貯金：{first} {one} 秒 · {second} {two} 秒",
    },
    "moves heading": {"en": "Every move", "ja": "すべての手"},
    "moves note": {
        "en": "Time: the referee's measure, from sending the position to reading the answer. "
        "Bank: what the player had left after the move. Depth, nodes, value (from the mover's "
        "view) and principal variation: what the player reported, unchecked (empty where it "
        "reported nothing).",
        "ja": "時間は、審判が局面を送ってから答えを読むまでを測ったものです。貯金は、その手の"
        "あとに残った貯金です。深さ、ノード数、値（手番側の視点）、最善進行はプレイヤーの"
        "報告で、審判は確かめていません（報告がなければ空欄です）。",
    },
    "moves note passes": {
        "en": "Opening moves (played for both before the players take over) and forced passes "
        "(the referee passes for a side with no legal move) take no time and report no search.",
        "ja": "序盤の手（プレイヤーに渡す前に両者のために打つ手）と強制パス（打てる手がない側の"
        "代わりに審判がパスします）には、時間も探索の報告もありません。",
    },
    "no moves": {
        "en": "Neither player made a move.",
        "ja": "どちらのプレイヤーも 1 手も打っていません。",
    },
    "show": {"en": "show this move on the board", "ja": "この手を盤面に表示します"},
    "number": {"en": "#", "ja": "手数"},
    "player": {"en": "player", "ja": "プレイヤー"},
    "move": {"en": "move", "ja": "手"},
    "seconds": {"en": "time (s)", "ja": "時間（秒）"},
    "bank": {"en": "bank (s)", "ja": "貯金（秒）"},
    "depth heading": {"en": "depth", "ja": "深さ"},
    "nodes heading": {"en": "nodes", "ja": "ノード数"},
    "value heading": {"en": "value", "ja": "値"},
    "line heading": {"en": "principal variation", "ja": "最善進行"},
    "sides heading": {"en": "How each side's game ended", "ja": "各プレイヤーの対局の終わり方"},
    "status": {"en": "status", "ja": "状態"},
    "why": {"en": "why", "ja": "理由"},
    "time used": {"en": "time used", "ja": "使った時間"},
    "seconds value": {
        "en": "{seconds} s · moves played: {moves}",
        "ja": "{seconds} 秒 · 打った手数 {moves}",
    },
    "asked": {
        "en": " · asked for a move {asked} times",
        "ja": " · 手を求められた回数 {asked}",
    },
    "opening row": {"en": "opening", "ja": "序盤"},
    "log": {"en": "log (what it printed)", "ja": "ログ（プレイヤーの出力）"},
    "empty log": {"en": "(nothing printed)", "ja": "（出力なし）"},
    "result": {"en": "Result", "ja": "結果"},
    "points": {
        "en": "points: {first} {one} – {second} {two}",
        "ja": "勝ち点：{first} {one}、{second} {two}",
    },
    "void": {
        "en": "void: both sides failed, so the game counts for neither player",
        "ja": "無効試合：双方とも反則したため、どちらの勝ち点にもなりません",
    },
    "score": {
        "en": "final score {score} from {first}'s view ({scoring})",
        "ja": "最終得点 {score}（{first} の視点、{scoring}）",
    },
    "no score": {"en": "not played to the end", "ja": "終局まで打たれていません"},
    "details": {
        "en": "{game} · opening {opening} · clock {move_seconds} s a move + a bank of "
        "{bank_seconds} s",
        "ja": "{game} · 序盤 {opening} · 一手の持ち時間 {move_seconds} 秒 + 貯金 {bank_seconds} 秒",
    },
    "replayed": {
        "en": " · played again: its first try was void",
        "ja": " · 再試合：最初の対局は無効でした",
    },
    "no opening": {"en": "none", "ja": "なし"},
    "sandboxed": {
        "en": "The players ran under bubblewrap (no network, no view of other files).",
        "ja": "プレイヤーは bubblewrap の中で動きました"
        "（ネットワークなし、ほかのファイルは見えません）。",
    },
    "not sandboxed": {
        "en": "The players ran with resource limits alone (not isolated from the machine's files).",
        "ja": "プレイヤーは資源の制限だけで動きました"
        "（マシンのファイルからは隔離されていません）。",
    },
    "back": {"en": "← leaderboard", "ja": "← 順位表"},
    "other language": {"en": "日本語", "ja": "English"},
}
"""The words of the replay pages, in English and Japanese."""

STATUS_WORDS: Final[Mapping[Status, Mapping[Language, str]]] = {
    Status.FINISHED: {"en": "finished", "ja": "終局まで対局"},
    Status.ILLEGAL_MOVE: {"en": "illegal move", "ja": "反則手"},
    Status.TIME_OUT: {"en": "time-out", "ja": "時間切れ"},
    Status.CRASH: {"en": "crash", "ja": "異常終了"},
    Status.BAD_ANSWER: {"en": "bad answer", "ja": "不正な応答"},
    Status.OUT_OF_MEMORY: {"en": "out of memory", "ja": "メモリー不足"},
    Status.FAILED_TO_START: {"en": "failed to start", "ja": "起動失敗"},
    Status.NOT_PLAYED: {"en": "not played", "ja": "対局せず（相手の反則）"},
}
"""Each status as the pages name it."""

GAME_NAMES: Final[Mapping[str, Mapping[Language, str]]] = {
    "othello": {"en": "Othello", "ja": "オセロ"},
    "reversi4x4": {"en": "4×4 reversi", "ja": "4×4 リバーシ"},
    "tictactoe": {"en": "tic-tac-toe", "ja": "三目並べ"},
}
"""The games a tournament plays, by their name in a :class:`GameSpec`, as the pages name them."""

SIDE_NAMES: Final[Mapping[str, tuple[Mapping[Language, str], Mapping[Language, str]]]] = {
    "othello": ({"en": "Black", "ja": "黒"}, {"en": "White", "ja": "白"}),
    "reversi4x4": ({"en": "Black", "ja": "黒"}, {"en": "White", "ja": "白"}),
    "tictactoe": ({"en": "X", "ja": "X"}, {"en": "O", "ja": "O"}),
}
"""The first and the second side's colour in each game (the first player moves first)."""

SCORINGS: Final[Mapping[str, Mapping[Language, str]]] = {
    "othello": {"en": "official disc score", "ja": "公式ルールの石数の差"},
    "reversi4x4": {"en": "disc difference", "ja": "石数の差"},
    "tictactoe": {"en": "+1 win, 0 draw, −1 loss", "ja": "勝ち +1、引き分け 0、負け −1"},
}
"""What a game's final score counts, as the result line says it."""

BOARD_SIZE = 320
"""The board's width in pixels (the player, sentence and controls included, fits a 720-pixel
high window)."""


@dataclass(frozen=True)
class Step:
    """One position of a replay and the move that led to it.

    Attributes:
        state: the position after the move (the start for the first step).
        move: the move's name (None for the start).
        record: the player's move, or None for an opening move or a forced pass.
        kind: ``"start"``, ``"opening"``, ``"forced pass"``, ``"played"`` or ``"not legal"``
            (a move the referee rejected: the board stays as it was).
    """

    state: Any
    move: str | None
    record: MoveRecord | None
    kind: str


def _legal_by_name(game: Any, state: Any) -> dict[str, Any]:
    return {game.move_name(move): move for move in game.moves(state)}


def _play(game: Any, state: Any, name: str, steps: list[Step], record: MoveRecord | None) -> Any:
    """Play ``name`` (after a forced pass if the side to move has nothing else), adding the
    steps; returns the new position, or None when the move is not legal there."""
    legal = _legal_by_name(game, state)
    if name not in legal and list(legal) == ["pass"]:
        state = game.result(state, legal["pass"])
        steps.append(Step(state, "pass", None, "forced pass"))
        legal = _legal_by_name(game, state)
    if name not in legal:
        steps.append(Step(state, name, record, "not legal"))
        return None
    state = game.result(state, legal[name])
    steps.append(Step(state, name, record, "opening" if record is None else "played"))
    return state


def replay_steps(result: GameResult) -> list[Step]:
    """The game's positions: the start, each opening move, then each player's move (with the
    forced passes the referee played between them). A move that is not legal ends the list."""
    game = make_game(result.spec.game)
    state = game.initial_state()
    steps = [Step(state, None, None, "start")]
    for name in result.spec.opening:
        state = _play(game, state, name, steps, None)
        if state is None:
            return steps
    for record in result.moves:
        state = _play(game, state, record.move, steps, record)
        if state is None:
            return steps
    return steps


def number_text(value: float | None, digits: int = 2, missing: str = "—") -> str:
    """A number as the pages write it: ``0.08``, ``1 234`` for a count, ``missing`` for None."""
    if value is None:
        return missing
    if isinstance(value, int):
        return f"{value:,}".replace(",", " ")
    return f"{value:.{digits}f}"


def value_text(value: float | None, missing: str = "—") -> str:
    """A reported value with its sign and a true minus, to two decimals at most (``+4``,
    ``−0.5``, ``+1.33``), ``missing`` for None."""
    if value is None:
        return missing
    return format_signed(int(value) if float(value).is_integer() else round(value, 2))


def search_text(report: Mapping[str, Any] | None, language: Language) -> str:
    """What a move's report says: depth, nodes, value and line (those reported)."""
    words = {key: texts[language] for key, texts in WORDS.items()}
    if not report:
        return words["no report"]
    parts = []
    if report.get("depth") is not None:
        parts.append(words["depth"].format(depth=report["depth"]))
    if report.get("nodes") is not None:
        parts.append(words["nodes"].format(nodes=number_text(report["nodes"])))
    if report.get("value") is not None:
        parts.append(words["value"].format(value=value_text(report["value"])))
    if report.get("principal_variation"):
        parts.append(words["line"].format(line=" ".join(map(str, report["principal_variation"]))))
    return " · ".join(parts) if parts else words["no report"]


class Replay:
    """The replay of one game in one language: its steps, sentences, board pictures and page.

    Args:
        result: the game.
        language: ``"en"`` or ``"ja"`` (None: the course-wide language).
    """

    def __init__(self, result: GameResult, language: str | None = None) -> None:
        self.result = result
        self.language: Language = resolve(language)
        self.words = {key: texts[self.language] for key, texts in WORDS.items()}
        self.game: Any = make_game(result.spec.game)
        self.steps = replay_steps(result)
        self.sides = tuple(names[self.language] for names in SIDE_NAMES[result.spec.game])
        first, second = (player_label(name, self.language) for name in result.spec.players)
        self.names = (first, second)
        """The players' names as this language shows them (the course's default names
        translated, :func:`gamelib.players.player_label`)."""

    def title(self) -> str:
        """``"alice – bob · Othello"``: the players, first mover first, and the game (for
        people: no game id, seed or attempt)."""
        first, second = self.names
        return self.words["replay title"].format(
            first=first, second=second, game=GAME_NAMES[self.result.spec.game][self.language]
        )

    def _before_particle(self, side: str) -> str:
        """A side's name before a Japanese particle (「黒の手番」, 「X の手番」: a half-width
        space after Latin letters, as the style sheet asks); unchanged in English."""
        return side + " " if self.language == "ja" and side[-1:].isascii() else side

    def _mover_side(self, state: Any) -> str:
        return self.sides[int(self.game.to_move(state))]

    def sentences(self) -> list[str]:
        """What each step says: the move, who played it, its clock and its reported search."""
        start = self._before_particle(self._mover_side(self.steps[0].state))
        said = [self.words["start"].format(side=start)]
        before = self.steps[0].state
        for number, step in enumerate(self.steps[1:], start=1):
            side = self._mover_side(before)
            if step.kind == "opening":
                said.append(self.words["opening move"].format(number=number, move=step.move))
            elif step.kind == "forced pass":
                said.append(
                    self.words["forced pass"].format(
                        number=number, side=self._before_particle(side)
                    )
                )
            else:
                assert step.record is not None
                player = self.names[step.record.side]
                template = self.words["played" if step.kind == "played" else "not legal"]
                clock = self.words["clock"].format(
                    seconds=number_text(step.record.seconds, 3),
                    bank=number_text(step.record.bank_left),
                )
                said.append(
                    " · ".join(
                        (
                            template.format(
                                number=number, player=player, side=side, move=step.move
                            ),
                            clock,
                            search_text(step.record.report, self.language),
                        )
                    )
                )
            before = step.state
        return said

    def bank_lines(self) -> list[str]:
        """Each step's banks: what each player had left after the last move it made."""
        banks = [self.result.spec.clock.bank_seconds] * 2
        first, second = self.names
        lines = []
        for step in self.steps:
            if step.record is not None:
                banks[step.record.side] = step.record.bank_left
            lines.append(
                self.words["banks"].format(
                    first=first, second=second, one=number_text(banks[0]), two=number_text(banks[1])
                )
            )
        return lines

    def boards(self) -> list[str]:
        """Each step's board as SVG (the move just played outlined where the game draws it)."""
        pictures = []
        for step in self.steps:
            last = None
            if step.kind in ("played", "opening") and step.move != "pass":
                last = self.game.parse_move(step.move)
            pictures.append(self._board(step.state, last))
        return pictures

    def _board(self, state: Any, last_move: int | None) -> str:
        if isinstance(self.game, TicTacToe):
            return str(self.game.picture(state, size=BOARD_SIZE, language=self.language).svg)
        if isinstance(self.game, MiniReversi):
            return str(
                self.game.picture(
                    state, size=BOARD_SIZE, marks=False, numbers=False, last_move=last_move,
                    language=self.language,
                ).svg
            )  # fmt: skip
        picture = self.game.picture(
            state, size=BOARD_SIZE, marks=False, last_move=last_move, language=self.language
        )
        return str(picture.svg)

    def player_html(self) -> str:
        """The course's board player stepping through the game."""
        return board_line_html(
            self.boards(), self.sentences(), self.bank_lines(), self.title(), language=self.language
        )

    def moves_table(self) -> str:
        """Every step in one table: each player's move with its clock and reported search,
        and the opening moves and forced passes between them (no clock, no search)."""
        words = self.words
        headings = ("number", "player", "move", "seconds", "bank", "depth heading",
                    "nodes heading", "value heading", "line heading")  # fmt: skip
        head = "".join(f"<th>{escape(words[key])}</th>" for key in headings)
        rows = []
        before = self.steps[0].state
        for number, step in enumerate(self.steps):
            if step.kind == "start":
                continue
            record = step.record
            if record is None:  # an opening move or a forced pass: no clock, no search
                who = (
                    words["opening row"]
                    if step.kind == "opening"
                    else self.names[int(self.game.to_move(before))]
                )
                cells = (str(number), who, step.move or "", "", "", "", "", "", "")
                classes = f' class="{"opening" if step.kind == "opening" else "forced-pass"}"'
            else:
                report = record.report or {}
                cells = (
                    str(number),
                    self.names[record.side],
                    step.move or "",
                    number_text(record.seconds, 3),
                    number_text(record.bank_left),
                    number_text(report.get("depth"), missing=""),
                    number_text(report.get("nodes"), missing=""),
                    value_text(report.get("value"), missing=""),
                    " ".join(map(str, report.get("principal_variation") or ())),
                )
                classes = ' class="not-legal"' if step.kind == "not legal" else ""
            before = step.state
            show = (
                f'<button type="button" class="step" data-step="{number}" '
                f'title="{escape(words["show"])}">{number}</button>'
            )
            rows.append(
                f'<tr id="move-{number}"{classes}><td class="number">{show}</td>'
                + "".join(f'<td class="number">{escape(cell)}</td>' for cell in cells[1:-1])
                + f'<td class="line">{escape(cells[-1])}</td></tr>'
            )
        heading = f'<section class="moves-panel"><h2>{escape(words["moves heading"])}</h2>'
        if not self.result.moves:
            heading += f'<p class="no-moves">{escape(words["no moves"])}</p>'
        if not rows:
            return heading + "</section>"
        return (
            f"{heading}"
            f'<p class="details">{escape(words["moves note"])} '
            f"{escape(words['moves note passes'])}</p>"
            '<div class="wide moves-scroll" tabindex="0"><table class="moves">'
            f"<thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div></section>"
        )

    def result_html(self) -> str:
        """The result line: the final score and the points (or that the game is void)."""
        words = self.words
        spec = self.result.spec
        first, second = self.names
        if self.result.score is None:
            score = words["no score"]
        else:
            score = words["score"].format(
                score=value_text(self.result.score),
                first=first,
                scoring=SCORINGS[spec.game][self.language],
            )
        if self.result.points is None:
            points = words["void"]
        else:
            one, two = self.result.points
            points = words["points"].format(
                first=first, second=second, one=points_text(one), two=points_text(two)
            )
        return (
            f"<h2>{escape(words['result'])}</h2>"
            f'<p class="result">{escape(points)} · {escape(score)}</p>'
        )

    def side_html(self, index: int, outcome: SideOutcome) -> str:
        """One side's status, the referee's sentence on why, its time used and its log."""
        words = self.words
        name = self.names[index]
        played = sum(step.kind == "played" and step.record is not None
                     and step.record.side == index for step in self.steps)  # fmt: skip
        time_used = words["seconds value"].format(
            seconds=number_text(outcome.seconds_used), moves=played
        )
        if outcome.moves != played:  # a move it was asked for and failed (the referee's count)
            time_used += words["asked"].format(asked=outcome.moves)
        rows = (
            (words["status"], status_name(outcome.status, self.language)),
            (words["why"], outcome.detail or "—"),
            (words["time used"], time_used),
        )
        table = "".join(
            f"<tr><th>{escape(key)}</th><td>{escape(value)}</td></tr>" for key, value in rows
        )
        log = outcome.log or words["empty log"]
        return (
            f'<section class="side"><h3>{escape(name)} ({escape(self.sides[index])})</h3>'
            f'<table class="facts">{table}</table>'
            f"<details><summary>{escape(words['log'])}</summary><pre>{escape(log)}</pre></details>"
            "</section>"
        )

    def body(self) -> str:
        """The page's content: heading, details, the player beside the moves, the result, the
        sides (the player high enough on the page that the whole board shows at 1280×720)."""
        words = self.words
        spec = self.result.spec
        details = words["details"].format(
            game=GAME_NAMES[spec.game][self.language],
            opening=" ".join(spec.opening) or words["no opening"],
            move_seconds=number_text(spec.clock.move_seconds, 3),
            bank_seconds=number_text(spec.clock.bank_seconds),
        ) + (words["replayed"] if spec.attempt else "")
        sandbox = words["sandboxed" if self.result.sandboxed else "not sandboxed"]
        sides = "".join(self.side_html(index, side) for index, side in enumerate(self.result.sides))
        return (
            f"<h1>{escape(self.title())}</h1>"
            f'<p class="details">{escape(details)}</p>'
            f'<div class="replay"><div class="board-player">{self.player_html()}</div>'
            f"{self.moves_table()}</div>"
            f"{self.result_html()}"
            f"<h2>{escape(words['sides heading'])}</h2>"
            f'<div class="sides">{sides}</div>'
            f'<p class="details">{escape(sandbox)}</p>'
        )

    def page(self, *, back: str | None = None, other_language: str | None = None) -> str:
        """The complete page; ``back`` links to the leaderboard, ``other_language`` to this
        replay in the other language (relative addresses, None: no link)."""
        links = []
        if back is not None:
            links.append(f'<a href="{escape(back)}">{escape(self.words["back"])}</a>')
        if other_language is not None:
            other = "ja" if self.language == "en" else "en"
            links.append(
                f'<a class="course-language-switch" href="{escape(other_language)}" '
                f'hreflang="{other}">{escape(self.words["other language"])}</a>'
            )
        return page_html(
            self.title(), self.body() + f"<script>{REPLAY_SCRIPT}</script>", self.language, links
        )


def status_name(status: Status, language: Language) -> str:
    """A status as the pages name it."""
    return STATUS_WORDS[status][language]


def points_text(points: float) -> str:
    """``1``, ``½`` or ``0``."""
    return "½" if points == 0.5 else f"{points:g}"


DARK_PLAYER: Final = (
    f"@media (prefers-color-scheme: dark) {{ .gamelib-player {{ {SHEET} padding: 10px 12px; }} }}"
)
"""In the dark the player keeps its light sheet, as on the website: its colours are for it."""

PAGE_STYLE: Final = """
:root { color-scheme: light dark; --text: #1f2328; --muted: #59636e; --background: #ffffff;
  --panel: #f6f8fa; --rule: #d1d9e0; --link: #0b5cad; --warning: #9a3412; --current: #fff3c4; }
@media (prefers-color-scheme: dark) {
  :root { --text: #e6edf3; --muted: #9ea7b3; --background: #0d1117; --panel: #161b22;
    --rule: #30363d; --link: #58a6ff; --warning: #fdba74; --current: #3b3413; }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 16px clamp(12px, 3vw, 40px) 48px; max-width: 1400px;
  background: var(--background); color: var(--text); line-height: 1.5;
  font-family: system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP",
    "Noto Sans JP", sans-serif; }
a { color: var(--link); }
h1 { font-size: 1.5rem; margin: 0.4em 0; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.4em 0 0.5em; border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 0 0 0.4em; overflow-wrap: anywhere; }
nav.links { display: flex; gap: 1.2em; flex-wrap: wrap; font-size: 0.95rem; }
.details { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
.wide { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border-bottom: 1px solid var(--rule); padding: 4px 6px; text-align: left;
  vertical-align: top; white-space: nowrap; }
td.name, td.line, .facts td { white-space: normal; overflow-wrap: anywhere; min-width: 8em;
  max-width: 18em; }
thead th { background: var(--panel); position: sticky; top: 0; }
td.number { font-variant-numeric: tabular-nums; }
tr.not-legal td { color: var(--warning); }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 16px; }
.side { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px;
  padding: 10px 12px; min-width: 0; }
.side table.facts th { width: 7em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24em; overflow-y: auto;
  background: var(--background); border: 1px solid var(--rule); padding: 8px; font-size: 0.8rem; }
.board-player { max-width: 100%; overflow-x: auto; }
button.step { font: inherit; color: var(--link); background: none; border: 0; padding: 0;
  text-decoration: underline; cursor: pointer; }
table.moves tr.current td { background: var(--current); }
@media (min-width: 1000px) {
  .replay { display: grid; grid-template-columns: 380px minmax(0, 1fr); gap: 20px;
    align-items: start; }
  .board-player { position: sticky; top: 8px; }
  .moves-panel h2 { margin-top: 0; }
  .moves-scroll { max-height: calc(100vh - 80px); overflow-y: auto; }
}
.board-player svg { max-width: 100%; height: auto; }
.status-bad { color: var(--warning); }
"""
"""The pages' own small style sheet: the website's plain look, light and dark."""


REPLAY_SCRIPT: Final = """
(function () {
  var player = document.querySelector(".board-player .gamelib-player");
  if (!player) return;
  var slider = player.querySelector(".gamelib-slider");
  var sentence = player.querySelector(".gamelib-sentence");
  var scroller = document.querySelector(".moves-scroll");
  function mark() {
    var old = document.querySelector("table.moves tr.current");
    if (old) old.classList.remove("current");
    var row = document.getElementById("move-" + slider.value);
    if (!row) return;
    row.classList.add("current");
    if (scroller.scrollHeight > scroller.clientHeight) {  // the table scrolls beside the board
      var box = row.getBoundingClientRect(), view = scroller.getBoundingClientRect();
      if (box.top < view.top + box.height || box.bottom > view.bottom) {
        scroller.scrollTop += box.top - view.top - scroller.clientHeight / 2;
      }
    }
  }
  var board = document.querySelector(".board-player");
  function keepBoardInView() {  // the reader stepped: show the whole board again if it fits
    var box = board.getBoundingClientRect();
    if (box.height <= window.innerHeight && (box.top < 0 || box.bottom > window.innerHeight)) {
      board.scrollIntoView({block: "nearest"});
    }
  }
  var watched = {childList: true, characterData: true, subtree: true};
  new MutationObserver(function () { mark(); keepBoardInView(); }).observe(sentence, watched);
  document.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", function () {
      slider.value = button.getAttribute("data-step");
      slider.dispatchEvent(new Event("input"));
    });
  });
  mark();
})();
"""
"""The replay's own script: the move shown on the board is marked in the table (and scrolled
into its view), each move's number in the table shows that move on the board, and each step
the reader takes brings the whole board player back into the window when it fits there."""


def page_html(title: str, body: str, language: Language, links: Sequence[str] = ()) -> str:
    """A complete offline page: ``body`` (HTML) under a line of ``links`` (HTML anchors)."""
    navigation = f'<nav class="links">{" ".join(links)}</nav>' if links else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{PAGE_STYLE}{DARK_PLAYER}</style></head>"
        f"<body>{navigation}<main>{body}</main></body></html>\n"
    )


def write_replay(
    result: GameResult,
    path: str | Path,
    *,
    language: str | None = None,
    back: str | None = None,
    other_language: str | None = None,
) -> Path:
    """Write the replay page of ``result`` to ``path`` (folders made as needed); returns it.

    ``back`` and ``other_language`` are relative links to the leaderboard and to the same
    replay in the other language (None: no link).
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    page = Replay(result, language).page(back=back, other_language=other_language)
    target.write_text(page, encoding="utf-8")
    return target


__all__ = [
    "GAME_NAMES",
    "STATUS_WORDS",
    "Replay",
    "Step",
    "page_html",
    "replay_steps",
    "status_name",
    "write_replay",
]
