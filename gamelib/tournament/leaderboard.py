"""The leaderboard a lecturer publishes: one static folder of HTML pages, in English and
Japanese, offline.

::

    write_leaderboard("results.jsonl", "leaderboard/")   # leaderboard/index.html, ja/index.html

The index of each language holds three tables:

* the ratings as :class:`gamelib.tournament.ratings.RatingTable` shows them: each player's
  Bradley–Terry strength, its 95 % bootstrap interval, the probability that the player is
  stronger than the next row's player, the games it counts, the points, and how its games
  ended (each status counted), with the ratings' note on what the numbers mean;
* the time each player used (all its moves, the mean per move, the slowest);
* every game, linked to its replay page (:mod:`gamelib.tournament.replay`), where the game
  steps move by move with each move's reported search.

The first language's pages sit at the folder's top (``index.html``, ``games/<game>.html``),
each other language's in a folder of its name (``ja/index.html``, ``ja/games/<game>.html``),
and every page links to its twin in the other language. Every name and text that comes from
a player is escaped.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Final

from gamelib.language import Language, check_language
from gamelib.players import player_label
from gamelib.tables import html_table
from gamelib.tournament.ratings import RatingTable, rate
from gamelib.tournament.records import GameResult, Status, read_results
from gamelib.tournament.replay import (
    GAME_NAMES,
    number_text,
    page_html,
    points_text,
    status_name,
    value_text,
    write_replay,
)

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "title": {"en": "Tournament leaderboard", "ja": "対抗戦の順位表"},
    "summary": {
        "en": "{games} games ({void} void) · {games_played} · {sandbox}",
        "ja": "{games} 局（無効試合 {void} 局） · {games_played} · {sandbox}",
    },
    "clock": {
        "en": "{move} s a move + {bank} s bank",
        "ja": "一手の持ち時間 {move} 秒 + 貯金 {bank} 秒",
    },
    "separator": {"en": ", ", "ja": "、"},
    "sandboxed": {
        "en": "players ran under bubblewrap",
        "ja": "プレイヤーは bubblewrap の中で動きました",
    },
    "not sandboxed": {
        "en": "players ran with resource limits alone (not isolated from the machine's files)",
        "ja": "プレイヤーは資源の制限だけで動きました（マシンのファイルからは隔離されていません）",
    },
    "partly sandboxed": {
        "en": "players ran under bubblewrap in {sandboxed} of the games, with limits alone in "
        "the others",
        "ja": "プレイヤーは {sandboxed} 局で bubblewrap の中、ほかの対局では資源の制限だけで"
        "動きました",
    },
    "ratings heading": {"en": "Ratings", "ja": "レーティング"},
    "player": {"en": "player", "ja": "プレイヤー"},
    "time heading": {"en": "Time used", "ja": "使った時間"},
    "time used": {"en": "time used (s)", "ja": "使った時間（秒）"},
    "moves": {"en": "moves", "ja": "手数"},
    "per move": {"en": "mean per move (s)", "ja": "1 手あたりの平均（秒）"},
    "slowest": {"en": "slowest move (s)", "ja": "最も遅い手（秒）"},
    "games heading": {"en": "Every game", "ja": "すべての対局"},
    "game": {"en": "game", "ja": "対局"},
    "kind": {"en": "board", "ja": "ゲーム"},
    "first": {"en": "first", "ja": "先手"},
    "second": {"en": "second", "ja": "後手"},
    "opening": {"en": "opening", "ja": "序盤"},
    "result": {"en": "points", "ja": "勝ち点"},
    "score": {"en": "score (first's view)", "ja": "得点（先手の視点）"},
    "side statuses": {"en": "statuses", "ja": "終わり方"},
    "void": {"en": "void", "ja": "無効"},
    "replay": {"en": "replay", "ja": "再生"},
    "none": {"en": "none", "ja": "なし"},
    "other language": {"en": "日本語", "ja": "English"},
    "home": {"en": "← the course", "ja": "← 講座"},
    "attempt": {"en": "{game_id} (replayed)", "ja": "{game_id}（再試合）"},
}
"""The words of the leaderboard's index pages, in English and Japanese."""


OK_STATUSES: Final = frozenset({Status.FINISHED, Status.NOT_PLAYED})
"""The statuses of a side that did not fail (a game's row is marked when a side failed)."""


Rate = Callable[[Sequence[GameResult]], RatingTable]
"""The shape of :func:`gamelib.tournament.ratings.rate` as the leaderboard calls it."""


def replay_names(results: Sequence[GameResult]) -> list[str]:
    """A file name per result, unique in the tournament and safe in any file system and
    address: the game id with every other character than letters, digits, ``.``, ``_`` and
    ``-`` turned to ``_``, ``-replay`` added for a void game's replay (attempt 1), and a
    number added if two names would still meet."""
    names: list[str] = []
    taken: set[str] = set()
    for result in results:
        base = re.sub(r"[^A-Za-z0-9._-]", "_", result.spec.game_id).lstrip(".") or "game"
        if result.spec.attempt:
            base += f"-replay{result.spec.attempt}" if result.spec.attempt > 1 else "-replay"
        name, count = base, 1
        while name.lower() in taken:
            count += 1
            name = f"{base}-{count}"
        taken.add(name.lower())
        names.append(name + ".html")
    return names


@dataclass(frozen=True)
class TimeUsed:
    """A player's time over the tournament (the referee's measure of each of its moves).

    Attributes:
        seconds: the time of all its moves.
        moves: how many moves it made.
        slowest: its longest move (0 when it made none).
    """

    seconds: float
    moves: int
    slowest: float

    @property
    def per_move(self) -> float | None:
        """The mean time per move (None when it made none)."""
        return self.seconds / self.moves if self.moves else None


def time_used(results: Iterable[GameResult]) -> dict[str, TimeUsed]:
    """Each player's :class:`TimeUsed`, summed over the moves of every game it played."""
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    slowest: dict[str, float] = {}
    for result in results:
        for name in result.spec.players:
            seconds.setdefault(name, 0.0)
            moves.setdefault(name, 0)
            slowest.setdefault(name, 0.0)
        for move in result.moves:
            name = result.spec.players[move.side]
            seconds[name] += move.seconds
            moves[name] += 1
            slowest[name] = max(slowest[name], move.seconds)
    return {name: TimeUsed(seconds[name], moves[name], slowest[name]) for name in seconds}


class Leaderboard:
    """The index page of one language.

    Args:
        results: the tournament's games, in the results file's order.
        table: their ratings.
        names: each game's replay file name (:func:`replay_names`).
        language: the page's language.
    """

    def __init__(
        self,
        results: Sequence[GameResult],
        table: RatingTable,
        names: Sequence[str],
        language: Language,
    ) -> None:
        self.results = results
        self.table = table
        self.names = names
        self.language = language
        self.words = {key: texts[language] for key, texts in WORDS.items()}

    def _head(self, keys: Sequence[str]) -> str:
        return "".join(f"<th>{escape(self.words[key])}</th>" for key in keys)

    def summary(self) -> str:
        """The line under the title: games, void games, boards and clocks, the sandbox."""
        words = self.words
        boards = sorted(
            {
                (result.spec.game, result.spec.clock.move_seconds, result.spec.clock.bank_seconds)
                for result in self.results
            }
        )
        played = words["separator"].join(
            f"{GAME_NAMES[game][self.language]} "
            + words["clock"].format(move=number_text(move, 3), bank=number_text(bank))
            for game, move, bank in boards
        )
        sandboxed = sum(result.sandboxed for result in self.results)
        if sandboxed == len(self.results):
            sandbox = words["sandboxed"]
        elif sandboxed == 0:
            sandbox = words["not sandboxed"]
        else:
            sandbox = words["partly sandboxed"].format(sandboxed=sandboxed)
        return words["summary"].format(
            games=len(self.results),
            void=sum(result.void for result in self.results),
            games_played=played or words["none"],
            sandbox=sandbox,
        )

    def ratings_table(self) -> str:
        """The ratings as :meth:`RatingTable.shown` writes them (strongest first, with their
        intervals and each status counted), and their note."""
        language = self.language
        return (
            f"<h2>{escape(self.words['ratings heading'])}</h2>"
            '<div class="wide ratings" tabindex="0">'
            f"{html_table(*self.table.shown(language=language))}</div>"
            f'<p class="details">{escape(self.table.note(language=language))}</p>'
        )

    def time_table(self) -> str:
        """Each player's time used, in the ratings' order (players with no rated game last)."""
        keys = ("player", "moves", "time used", "per move", "slowest")
        used = time_used(self.results)
        order = [*self.table.names(), *sorted(set(used) - set(self.table.names()))]
        rows = []
        for name in order:
            time = used[name]
            cells = (
                (player_label(name, self.language), "name"),
                (str(time.moves), "number"),
                (number_text(time.seconds), "number"),
                (number_text(time.per_move, 3), "number"),
                (number_text(time.slowest, 3), "number"),
            )
            rows.append(
                "<tr>"
                + "".join(f'<td class="{kind}">{escape(text)}</td>' for text, kind in cells)
                + "</tr>"
            )
        return (
            f"<h2>{escape(self.words['time heading'])}</h2>"
            f'<div class="wide" tabindex="0"><table class="time"><thead><tr>{self._head(keys)}</tr>'
            f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
        )

    def games_table(self) -> str:
        """Every game, each linked to its replay by its number (its line in the results file)."""
        words = self.words
        keys = ("game", "kind", "first", "second", "opening", "result", "score", "side statuses")
        rows = []
        for number, (result, name) in enumerate(zip(self.results, self.names, strict=True), 1):
            spec = result.spec
            label = str(number)  # its line in the results file (the id names players in English)
            if spec.attempt:
                label = words["attempt"].format(game_id=label)
            link = (
                f'<a href="games/{escape(name)}" title="{escape(words["replay"])}">'
                f"{escape(label)}</a>"
            )
            points = (
                words["void"]
                if result.points is None
                else f"{points_text(result.points[0])}–{points_text(result.points[1])}"
            )
            statuses = " / ".join(status_name(side.status, self.language) for side in result.sides)
            cells = (
                escape(GAME_NAMES[spec.game][self.language]),
                escape(player_label(spec.players[0], self.language)),
                escape(player_label(spec.players[1], self.language)),
                escape(" ".join(spec.opening) or "—"),
                escape(points),
                escape("—" if result.score is None else value_text(result.score)),
                escape(statuses),
            )
            failed = any(side.status not in OK_STATUSES for side in result.sides)
            rows.append(
                ('<tr class="failed">' if failed else "<tr>")
                + f'<td class="name">{link}</td>'
                + "".join(
                    f'<td class="name">{cell}</td>' if index in (1, 2) else f"<td>{cell}</td>"
                    for index, cell in enumerate(cells)
                )
                + "</tr>"
            )
        return (
            f"<h2>{escape(words['games heading'])}</h2>"
            '<div class="wide" tabindex="0"><table class="games">'
            f"<thead><tr>{self._head(keys)}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
        )

    def page(self, other_language: str | None, home: str | None = None) -> str:
        """The complete index page (``other_language``: the twin's relative address;
        ``home``: the relative address of the page the leaderboard belongs to, or None)."""
        links = []
        if home is not None:
            links.append(f'<a href="{escape(home)}">{escape(self.words["home"])}</a>')
        if other_language is not None:
            other = "ja" if self.language == "en" else "en"
            links.append(
                f'<a class="course-language-switch" href="{escape(other_language)}" '
                f'hreflang="{other}">{escape(self.words["other language"])}</a>'
            )
        body = (
            f"<h1>{escape(self.words['title'])}</h1>"
            f'<p class="details">{escape(self.summary())}</p>'
            f"{self.ratings_table()}{self.time_table()}{self.games_table()}"
        )
        return page_html(self.words["title"], body, self.language, links)


def _folder(
    language: Language, languages: Sequence[Language], folders: Mapping[str, str] | None
) -> str:
    """Where a language's pages sit in the leaderboard (``folders``' entry, a ``/`` at its
    end; by default the top for the first language, else a folder of its name)."""
    if folders is not None:
        folder = folders[language].strip("/")
        return f"{folder}/" if folder else ""
    return "" if language == languages[0] else f"{language}/"


def _relative(source: str, target: str) -> str:
    """The address of ``target`` from the page ``source`` (both relative to the top)."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


@dataclass(frozen=True)
class ReplayPage:
    """One replay page to write: the game, its language, its file, and its two links."""

    result: GameResult
    language: Language
    path: Path
    back: str
    other_language: str | None

    def write(self) -> Path:
        """Write the page (see :func:`gamelib.tournament.replay.write_replay`)."""
        return write_replay(
            self.result,
            self.path,
            language=self.language,
            back=self.back,
            other_language=self.other_language,
        )


def _write(page: ReplayPage) -> Path:
    return page.write()


PAGES_PER_PROCESS: Final = 16
"""Fewer replay pages than this are written in this process; more are shared out among
worker processes (a page of an Othello game takes about 0.1 s, most of it the player's
compact encoding of the frames)."""


def write_leaderboard(
    results_path: str | Path,
    out_folder: str | Path,
    *,
    languages: Sequence[str] = ("en", "ja"),
    rate: Rate = rate,
    workers: int | None = None,
    folders: Mapping[str, str] | None = None,
    homes: Mapping[str, str] | None = None,
) -> Path:
    """Write the leaderboard of a results file to ``out_folder``; returns the first
    language's index page.

    Args:
        results_path: the tournament's results file (JSON lines).
        out_folder: the folder to write (made if missing; files of the same names replaced).
        languages: the languages, the first at the folder's top.
        rate: the ratings (default: :func:`gamelib.tournament.ratings.rate`; a test may ask
            for fewer bootstrap fits).
        workers: processes writing the replay pages (None: one per core); with 1, or fewer
            than :data:`PAGES_PER_PROCESS` pages, they are written in this process.
        folders: each language's folder inside ``out_folder`` (``{"en": "tournament", "ja":
            "ja/tournament"}`` puts the pages where the course's website keeps a page's
            twin); None: the first language at the top, each other in a folder of its name.
        homes: each language's page the leaderboard belongs to, inside ``out_folder``
            (``{"en": "tournament.html", "ja": "ja/tournament.html"}`` on the course's
            website): each index links back to it; None: no such link.

    Raises:
        ValueError: for no language, a language twice, one that is not ``"en"``/``"ja"``, or
            ``folders`` that do not give each language a folder of its own.
    """
    chosen = [check_language(language) for language in languages]
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"languages must be one or more of 'en', 'ja', each once: {languages}")
    if folders is not None and (
        set(chosen) - set(folders)
        or len({folders[language].strip("/") for language in chosen}) != len(chosen)
    ):
        raise ValueError(f"folders must give each language a folder of its own: {folders}")
    results = read_results(results_path)
    table = rate(results)
    names = replay_names(results)
    top = Path(out_folder)
    pages: list[ReplayPage] = []
    for language in chosen:
        others = [other for other in chosen if other != language]
        twin = others[0] if others else None
        index = _folder(language, chosen, folders) + "index.html"
        twin_index = None if twin is None else _folder(twin, chosen, folders) + "index.html"
        for result, name in zip(results, names, strict=True):
            page = _folder(language, chosen, folders) + "games/" + name
            twin_page = None if twin is None else _folder(twin, chosen, folders) + "games/" + name
            pages.append(
                ReplayPage(
                    result,
                    language,
                    top / page,
                    _relative(page, index),
                    None if twin_page is None else _relative(page, twin_page),
                )
            )
        leaderboard = Leaderboard(results, table, names, language)
        (top / index).parent.mkdir(parents=True, exist_ok=True)
        (top / index).write_text(
            leaderboard.page(
                None if twin_index is None else _relative(index, twin_index),
                None if homes is None else _relative(index, homes[language]),
            ),
            encoding="utf-8",
        )
    processes = min(workers or os.cpu_count() or 1, len(pages) // PAGES_PER_PROCESS)
    if processes <= 1:
        for each in pages:
            each.write()
    else:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            list(pool.map(_write, pages, chunksize=PAGES_PER_PROCESS // 2))
    return top / _folder(chosen[0], chosen, folders) / "index.html"


__all__ = [
    "Leaderboard",
    "ReplayPage",
    "TimeUsed",
    "replay_names",
    "time_used",
    "write_leaderboard",
]
