"""UCT measured in the course's tournament: fixed budgets and the tournament clock against
α-β of depth 1 to 4 and the sample player, rated with intervals (issue 37, notebook 11).

The command (run it niced, it plays one game at a time)::

    python -m gamelib.tournament.mcts_measure                      # writes the cache below
    python -m gamelib.tournament.mcts_measure --budgets 100 300 --openings 1 --cache my.json

**The players.** ``UCT 100``, ``UCT 300`` … are :mod:`gamelib.tournament.mcts_player` at a
fixed number of iterations per move (:func:`~gamelib.tournament.mcts_player.fixed_iterations`),
``UCT clock`` is that player file as it is, stopped by the class tournament's clock
(:data:`~gamelib.tournament.records.TOURNAMENT_CLOCK`); the opponents are the course's ladder
players ``α-β depth 1`` … ``α-β depth 4`` (:data:`gamelib.tournament.ladder.LADDER`) and
notebook 10's sample player at the tournament clock (``sample player``).

**The games.** Every UCT player plays every opponent on each of the first ``--openings``
balanced openings (:func:`~gamelib.tournament.openings.balanced_openings`) with both colours,
and the opponents play each other the same way (so the opponents' strengths do not rest on
the UCT games alone); UCT players do not play each other. Every game goes through the
sandboxed referee and the tournament's runner, one game at a time (the timed players' figures
then do not depend on a neighbour's load), on one generous referee clock
(:data:`MEASUREMENT_CLOCK`), so that no fixed budget loses on time; the two players that
think by the clock are :func:`~gamelib.tournament.pacing.paced` to the tournament's clock,
so they think as long as they would in the class tournament. Each game's seed derives from
``--seed`` and its id, and the fixed-budget players and the α-β players take every random
choice from it, so their games are the same on every machine; the paced players' are not
(how far they search depends on the machine's speed and load).

**The ratings.** :func:`gamelib.tournament.ratings.rate` of all the games (Bradley–Terry,
95 % bootstrap intervals), ``α-β depth 1`` at 0 (:data:`REFERENCE`).

**The cache.** The command writes :data:`MCTS_CACHE` (JSON): the exact command, when it ran, how
long it took, the machine's load, the options, every game (players, opening, seed, moves,
score, points, statuses, and the iterations the UCT players reported) and the ratings table.
:func:`load_mcts_measurement` reads it back; :func:`mcts_table` and :func:`mcts_chart` show
it (both languages), without playing anything.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final, Literal

from gamelib.language import Language, resolve
from gamelib.tables import html_table, text_table
from gamelib.tournament.records import (
    TOURNAMENT_CLOCK,
    ClockSettings,
    GameResult,
    GameSpec,
    Limits,
    SideOutcome,
    Status,
)

MCTS_CACHE: Final = Path(__file__).resolve().parent / "data" / "mcts_tournament.json"
"""The committed results of the measurement (made by the command it names inside)."""

MODULE: Final = "gamelib.tournament.mcts_measure"

MEASUREMENT_CLOCK: Final = ClockSettings(move_seconds=20.0, bank_seconds=120.0, grace_seconds=1.0)
"""The referee's clock in the measurement: generous, so a fixed budget never loses on time
(the players that think by the clock are paced to :data:`TOURNAMENT_CLOCK`)."""

MEASUREMENT_LIMITS: Final = Limits(cpu_seconds=600)
"""A player's process may use 10 minutes of CPU (UCT at 3,000 iterations a move uses well
under a minute a game)."""

BUDGETS: Final = (100, 300, 1000, 3000)
"""The fixed budgets (iterations per move) measured by default."""

CLOCK_PLAYER: Final = "UCT clock"
"""The UCT player stopped by the tournament's clock."""

SAMPLE: Final = "sample player"
"""Notebook 10's sample player, at the tournament's clock."""

ALPHA_BETA: Final = ("α-β depth 1", "α-β depth 2", "α-β depth 3", "α-β depth 4")

OPPONENTS: Final = (*ALPHA_BETA, SAMPLE)
"""The opponents every UCT player meets, weakest (by design) first."""

REFERENCE: Final = "α-β depth 1"
"""The player whose strength is 0 in the ratings."""

LABEL_ROOM: Final = 1.45
"""The chart's x axis reaches this many times the largest iterations per move, so the
opponents' names (written at its right end, alternately above and below their lines, so two
close strengths do not write over each other) stand clear of the UCT players' bars."""

RESAMPLES: Final = 1000
"""The ratings' bootstrap fits."""

FIXED_FILE: Final = '''"""UCT at {iterations} iterations a move (written by {module})."""

from gamelib.tournament.mcts_player import fixed_iterations

Player = fixed_iterations({iterations})
'''

PACED_FILE: Final = '''"""{what} at the class tournament's clock (written by {module})."""

from gamelib.tournament.pacing import paced
from gamelib.tournament.records import TOURNAMENT_CLOCK
from {player_module} import Player as Unpaced

Player = paced(Unpaced, TOURNAMENT_CLOCK)
'''

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "column: rank": {"en": "#", "ja": "順位"},
    "column: player": {"en": "player", "ja": "プレイヤー"},
    "column: games": {"en": "games", "ja": "対局数"},
    "column: score": {"en": "score", "ja": "得点率"},
    "column: strength": {"en": "strength", "ja": "強さ"},
    "column: interval": {"en": "95 % interval", "ja": "95 % 区間"},
    "column: iterations": {"en": "iterations per move", "ja": "1 手あたりの反復回数"},
    "fixed": {
        "en": "UCT, {iterations} iterations a move",
        "ja": "UCT（1 手 {iterations} 回の反復）",
    },
    "clock": {"en": "UCT, the tournament's clock", "ja": "UCT（大会の持ち時間）"},
    "sample": {"en": "sample player (notebook 10)", "ja": "サンプルプレイヤー（ノートブック 10）"},
    "note": {
        "en": "Every UCT player played each of {opponents} on {openings} balanced openings "
        "with both colours; those opponents also played each other. "
        "Score: points per game (a draw is half a point). Strength: Bradley–Terry fitted to "
        "all {games} games, {reference} at 0 (a lead of {lead} is an expected score of {share}); "
        "interval: the middle 95 % of {resamples} fits to the games resampled (∞: won every "
        "game, −∞: lost every game). Iterations per move: UCT's own count, averaged over the "
        "moves it searched; the players that think by the clock search less on a loaded machine: "
        "the load average was {before} before the run and {after} after it, on {processors} "
        "processors; {overruns} of their moves went past the tournament clock's allowance (a "
        "time-out in a tournament; here the bank went into debt). Measured on {date}, "
        "{minutes} minutes of games played one at a time, by: {command}",
        "ja": "各 UCT プレイヤーは、{opponents} のそれぞれと、"
        "{openings} 個の互角の序盤を先手・後手の両方で対局しました。これらの相手どうしも"
        "同じように対局しています。得点率は 1 局あたりの勝ち点（引き分けは 0.5）です。"
        "強さは全 {games} 局に Bradley–Terry モデルを当てはめたもので、{reference} を 0 と"
        "します（差 {lead} は期待得点 {share} にあたります）。区間は、対局を復元抽出で選び直して "
        "{resamples} 回当てはめた強さの中央 95 % です（∞ は全勝、−∞ は全敗）。"
        "1 手あたりの反復回数は、UCT が探索した手について数えた反復回数の平均です。"
        "持ち時間で考えるプレイヤーは、負荷の高いマシンでは探索が浅くなります。"
        "測定前のロードアベレージは {before}、測定後は {after} でした"
        "（プロセッサー {processors} 個）。持ち時間で考えるプレイヤーの手のうち {overruns} 手が"
        "大会の持ち時間の上限を超えました（大会なら時間切れですが、ここでは持ち時間の貯金を"
        "マイナスにして続けました）。{date} に、1 局ずつ合計 {minutes} 分の対局を"
        "次のコマンドで測りました：{command}",
    },
    "chart: title": {
        "en": "UCT against α-β and the sample player: strength by iterations per move",
        "ja": "UCT とαβ法・サンプルプレイヤーの対戦：1 手あたりの反復回数と強さ",
    },
    "chart: y": {"en": "strength ({reference} at 0)", "ja": "強さ（{reference} を 0）"},
    "chart: x": {"en": "UCT iterations per move", "ja": "UCT の 1 手あたりの反復回数"},
    "chart: fixed": {"en": "UCT, fixed iterations", "ja": "UCT（反復回数を固定）"},
    "chart: clock": {"en": "UCT, the tournament's clock", "ja": "UCT（大会の持ち時間）"},
    "comparison": {
        "en": "{player}: {score} of the points; its interval lies above {below}, "
        "overlaps {level}, lies below {above}",
        "ja": "{player}：得点率 {score}。区間が上にある相手：{below}。重なる相手：{level}。"
        "下にある相手：{above}",
    },
    "nobody": {"en": "none", "ja": "なし"},
    "list separator": {"en": ", ", "ja": "、"},
}
"""Every word this module writes, in English and Japanese (``str.format`` templates)."""


def uct_name(iterations: int) -> str:
    """The measurement's name of UCT at ``iterations`` per move (``"UCT 300"``)."""
    return f"UCT {iterations}"


def player_label(name: str, language: str | None = None) -> str:
    """A measurement player's name as the table and the chart show it in ``language``."""
    chosen = resolve(language)
    if name == CLOCK_PLAYER:
        return WORDS["clock"][chosen]
    if name == SAMPLE:
        return WORDS["sample"][chosen]
    if name.startswith("UCT "):
        return WORDS["fixed"][chosen].format(iterations=f"{int(name[4:]):,}")
    from gamelib.players import player_label as course_label

    return course_label(name, chosen)


# ---------------------------------------------------------------------------- the games


@dataclass(frozen=True)
class Plan:
    """What one measurement plays.

    Attributes:
        budgets: The fixed budgets, in iterations per move.
        clock_player: Whether ``UCT clock`` plays.
        opponents: The opponents' names (from :data:`OPPONENTS`).
        openings: How many balanced openings.
        seed: The measurement's seed.
    """

    budgets: tuple[int, ...] = BUDGETS
    clock_player: bool = True
    opponents: tuple[str, ...] = OPPONENTS
    openings: int = 2
    seed: int = 0

    def uct_players(self) -> tuple[str, ...]:
        """The UCT players' names, smallest budget first, the clock's last."""
        return (
            *(uct_name(budget) for budget in self.budgets),
            *((CLOCK_PLAYER,) if self.clock_player else ()),
        )

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Every pair that meets: each UCT player with each opponent, the opponents among
        themselves."""
        meetings = [(uct, opponent) for uct in self.uct_players() for opponent in self.opponents]
        meetings += [
            (first, second)
            for number, first in enumerate(self.opponents)
            for second in self.opponents[number + 1 :]
        ]
        return tuple(meetings)


def write_players(plan: Plan, folder: Path) -> dict[str, str]:
    """Write the plan's player files into ``folder``; player name → file (ladder players:
    the ladder's own files)."""
    from gamelib.tournament.ladder import LADDER

    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, str] = {}
    for budget in plan.budgets:
        path = folder / f"uct_{budget}.py"
        path.write_text(FIXED_FILE.format(iterations=budget, module=MODULE), encoding="utf-8")
        files[uct_name(budget)] = str(path.resolve())
    paced = {CLOCK_PLAYER: ("uct_clock.py", "UCT", "gamelib.tournament.mcts_player")}
    paced[SAMPLE] = ("sample_player.py", "The sample player", "gamelib.tournament.sample_player")
    wanted = [*((CLOCK_PLAYER,) if plan.clock_player else ()), *plan.opponents]
    for name in wanted:
        if name in paced:
            file_name, what, player_module = paced[name]
            path = folder / file_name
            text = PACED_FILE.format(what=what, module=MODULE, player_module=player_module)
            path.write_text(text, encoding="utf-8")
            files[name] = str(path.resolve())
        elif name in LADDER:
            files[name] = LADDER[name]
        else:
            raise ValueError(f"unknown opponent {name!r}: one of {', '.join(OPPONENTS)}")
    return files


def game_specs(plan: Plan, files: Mapping[str, str]) -> tuple[GameSpec, ...]:
    """Every game of the plan: each pair on each opening with both colours, seeded from the
    plan's seed and the game's id (``mc-o01-UCT 300:α-β depth 2``: opening 1, UCT first)."""
    from gamelib.tournament.openings import balanced_openings
    from gamelib.tournament.schedule import derived_seed

    specs = []
    for number, opening in enumerate(balanced_openings("othello", plan.openings), start=1):
        for one, other in plan.pairs():
            for first, second in ((one, other), (other, one)):
                game_id = f"mc-o{number:02d}-{first}:{second}"
                specs.append(
                    GameSpec(
                        game_id=game_id,
                        game="othello",
                        players=(first, second),
                        paths=(files[first], files[second]),
                        opening=opening.moves,
                        seed=derived_seed(plan.seed, game_id),
                        clock=MEASUREMENT_CLOCK,
                        limits=MEASUREMENT_LIMITS,
                    )
                )
    return tuple(specs)


# ---------------------------------------------------------------------------- the cache


def _number(value: float) -> float | str:
    """A float as JSON can hold it (±∞ as the strings "inf" and "-inf")."""
    return ("inf" if value > 0 else "-inf") if math.isinf(value) else value


def _float(value: float | str) -> float:
    """The float :func:`_number` wrote."""
    return float(value)


def game_record(result: GameResult) -> dict[str, Any]:
    """One game as the cache keeps it: no logs, no times per move; the moves by name, and per
    side the iterations (``nodes``) its reports add up to, how many moves reported, and how
    many moves went past a paced player's clock (:data:`~gamelib.tournament.pacing.OVERRUN`
    lines in its log)."""
    from gamelib.tournament.pacing import OVERRUN

    nodes = [0, 0]
    searches = [0, 0]
    for move in result.moves:
        if move.report is not None and move.report.get("nodes") is not None:
            nodes[move.side] += int(move.report["nodes"])
            searches[move.side] += 1
    return {
        "game_id": result.spec.game_id,
        "attempt": result.spec.attempt,
        "players": list(result.spec.players),
        "opening": list(result.spec.opening),
        "seed": result.spec.seed,
        "moves": " ".join(move.move for move in result.moves),
        "score": result.score,
        "points": None if result.points is None else list(result.points),
        "statuses": [str(side.status.value) for side in result.sides],
        "details": [side.detail for side in result.sides],
        "seconds_used": [round(side.seconds_used, 3) for side in result.sides],
        "nodes": nodes,
        "searches": searches,
        "overruns": [
            sum(line.startswith(OVERRUN) for line in side.log.splitlines()) for side in result.sides
        ],
    }


def result_of_record(record: Mapping[str, Any]) -> GameResult:
    """A :class:`GameResult` with what the cache keeps of a game (enough to rate it: players,
    points, statuses, score; no moves, no logs)."""
    points = record["points"]
    return GameResult(
        spec=GameSpec(
            game_id=record["game_id"],
            game="othello",
            players=(record["players"][0], record["players"][1]),
            paths=("", ""),
            opening=tuple(record["opening"]),
            seed=record["seed"],
            clock=MEASUREMENT_CLOCK,
            limits=MEASUREMENT_LIMITS,
            attempt=record["attempt"],
        ),
        moves=(),
        sides=(
            SideOutcome(Status(record["statuses"][0]), record["details"][0]),
            SideOutcome(Status(record["statuses"][1]), record["details"][1]),
        ),
        score=record["score"],
        points=None if points is None else (points[0], points[1]),
        sandboxed=True,
    )


def ratings_of(results: Sequence[GameResult], resamples: int = RESAMPLES, seed: int = 0) -> Any:
    """The ratings of the measurement's games (:func:`gamelib.tournament.ratings.rate`,
    :data:`REFERENCE` at 0)."""
    from gamelib.tournament.ratings import rate

    return rate(results, resamples=resamples, seed=seed, reference=REFERENCE)


def rating_rows(table: Any) -> list[dict[str, Any]]:
    """A rating table's rows as the cache keeps them."""
    return [
        {
            "name": row.name,
            "games": row.games,
            "points": row.points,
            "strength": round(row.strength, 6),
            "low": _number(round(row.low, 6)),
            "high": _number(round(row.high, 6)),
        }
        for row in table.rows
    ]


@dataclass(frozen=True)
class MonteCarloRow:
    """One player of the measurement.

    Attributes:
        name: The measurement's name (``"UCT 300"``, ``"α-β depth 2"`` …).
        games: Its games that count.
        points: Its points.
        strength: Its rating (:data:`REFERENCE` at 0).
        low: The 95 % interval's low end (−∞: lost every game).
        high: Its high end (∞: won every game).
        iterations: For a UCT player, its mean iterations per searched move; else None.
    """

    name: str
    games: int
    points: float
    strength: float
    low: float
    high: float
    iterations: float | None

    @property
    def score(self) -> float:
        """Points per game."""
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class MonteCarloMeasurement:
    """A measurement read from its cache (:func:`load_mcts_measurement`).

    Attributes:
        command: The exact command that made it.
        made: When and where: date, minutes taken, the machine's load, Python, processors.
        options: The plan's options, the clocks and the ratings' settings.
        records: Every game as the cache keeps it (:func:`game_record`).
        rows: The ratings, strongest first, with each UCT player's iterations per move.
    """

    command: str
    made: Mapping[str, Any]
    options: Mapping[str, Any]
    records: tuple[Mapping[str, Any], ...]
    rows: tuple[MonteCarloRow, ...]

    def results(self) -> list[GameResult]:
        """The games as results the ratings can read (:func:`result_of_record`)."""
        return [result_of_record(record) for record in self.records]

    def row(self, name: str) -> MonteCarloRow:
        """The row of the player called ``name`` (KeyError if none)."""
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)


def iterations_per_move(records: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """Each UCT player's iterations per searched move over the games (reports' ``nodes``)."""
    nodes: dict[str, int] = {}
    searches: dict[str, int] = {}
    for record in records:
        for side, name in enumerate(record["players"]):
            if name.startswith("UCT"):
                nodes[name] = nodes.get(name, 0) + record["nodes"][side]
                searches[name] = searches.get(name, 0) + record["searches"][side]
    return {name: nodes[name] / searches[name] for name in nodes if searches[name]}


def measurement_of(data: Mapping[str, Any]) -> MonteCarloMeasurement:
    """The :class:`MonteCarloMeasurement` of a cache's JSON."""
    records = tuple(data["games"])
    iterations = iterations_per_move(records)
    rows = tuple(
        MonteCarloRow(
            name=row["name"],
            games=row["games"],
            points=row["points"],
            strength=row["strength"],
            low=_float(row["low"]),
            high=_float(row["high"]),
            iterations=iterations.get(row["name"]),
        )
        for row in data["ratings"]["rows"]
    )
    return MonteCarloMeasurement(data["command"], data["made"], data["options"], records, rows)


def load_mcts_measurement(path: str | Path | None = None) -> MonteCarloMeasurement:
    """The measurement in the cache at ``path`` (None: the committed :data:`MCTS_CACHE`).

    Raises:
        FileNotFoundError: no such file.
        ValueError: a file that is not such a cache (it says what is missing).
    """
    file = MCTS_CACHE if path is None else Path(path)
    data = json.loads(file.read_text(encoding="utf-8"))
    missing = [key for key in ("command", "made", "options", "games", "ratings") if key not in data]
    if missing:
        raise ValueError(f"{file} is not a measurement cache: no {', '.join(missing)}")
    return measurement_of(data)


# ---------------------------------------------------------------------------- table, chart


def _signed(value: float) -> str:
    """A strength as the course's tables write it (whole, signed, a true minus, ±∞)."""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    rounded = round(value)
    return "0" if rounded == 0 else f"{rounded:+d}".replace("-", "−")


@dataclass(frozen=True)
class MonteCarloTable:
    """The measurement's table (text with ``print``, HTML with its note in Jupyter)."""

    measurement: MonteCarloMeasurement
    language: Language

    def shown(self) -> tuple[tuple[str, ...], list[dict[str, str]], tuple[str, ...]]:
        """The columns, rows and right-aligned columns as the reader sees them."""
        keys = ("rank", "player", "games", "score", "strength", "interval", "iterations")
        headers = {key: WORDS[f"column: {key}"][self.language] for key in keys}
        rows = []
        for rank, row in enumerate(self.measurement.rows, start=1):
            rows.append(
                {
                    headers["rank"]: str(rank),
                    headers["player"]: player_label(row.name, self.language),
                    headers["games"]: str(row.games),
                    headers["score"]: f"{100 * row.score:.0f} %",
                    headers["strength"]: _signed(row.strength),
                    headers["interval"]: f"{_signed(row.low)} … {_signed(row.high)}",
                    headers["iterations"]: (
                        "" if row.iterations is None else f"{row.iterations:,.0f}"
                    ),
                }
            )
        columns = tuple(headers.values())
        return columns, rows, tuple(column for column in columns if column != headers["player"])

    def note(self) -> str:
        """What the numbers mean and how they were made."""
        measurement = self.measurement
        lead = 200
        return WORDS["note"][self.language].format(
            opponents=", ".join(
                player_label(name, self.language) for name in measurement.options["opponents"]
            ),
            lead=lead,
            share=f"{100 / (1 + 10 ** (-lead / 400)):.0f} %",
            openings=measurement.options["openings"],
            games=sum(record["points"] is not None for record in measurement.records),
            reference=player_label(REFERENCE, self.language),
            resamples=measurement.options["resamples"],
            before=f"{measurement.made['load_before'][0]:.1f}",
            after=f"{measurement.made['load_after'][0]:.1f}",
            processors=measurement.made["processors"],
            date=str(measurement.made["date"])[:10],
            minutes=f"{measurement.made['game_seconds'] / 60:.0f}",
            overruns=sum(sum(record["overruns"]) for record in measurement.records),
            command=measurement.command,
        )

    def text(self) -> str:
        """The table as text (the note not included)."""
        columns, rows, numeric = self.shown()
        return text_table(columns, rows, numeric)

    def html(self) -> str:
        """The table as HTML, its note below."""
        columns, rows, numeric = self.shown()
        return f"{html_table(columns, rows, numeric)}<p>{escape(self.note())}</p>"

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()


def mcts_table(
    measurement: MonteCarloMeasurement | None = None, *, language: str | None = None
) -> MonteCarloTable:
    """The table of a measurement (None: the committed cache), strongest first: player,
    games, score, strength with its 95 % interval, UCT's iterations per move; in
    ``language`` (None: the course-wide setting)."""
    chosen = resolve(language)
    return MonteCarloTable(measurement or load_mcts_measurement(), chosen)


def mcts_comparisons(
    measurement: MonteCarloMeasurement | None = None, *, language: str | None = None
) -> list[str]:
    """One sentence per UCT player of a measurement (None: the committed cache), strongest
    first: its score, and which opponents' 95 % intervals lie wholly below its own, overlap
    it, or lie wholly above it. Only the first and the last are differences the games show;
    an overlap is a difference they cannot tell from none."""
    chosen = resolve(language)
    found = measurement or load_mcts_measurement()
    opponents = [row for row in found.rows if row.iterations is None]
    separator = WORDS["list separator"][chosen]

    def names(rows: Sequence[MonteCarloRow]) -> str:
        labels = [player_label(row.name, chosen) for row in rows]
        return separator.join(labels) or WORDS["nobody"][chosen]

    sentences = []
    for row in found.rows:
        if row.iterations is None:
            continue
        below = [other for other in opponents if other.high < row.low]
        above = [other for other in opponents if other.low > row.high]
        level = [other for other in opponents if other not in below and other not in above]
        sentences.append(
            WORDS["comparison"][chosen].format(
                player=player_label(row.name, chosen),
                score=f"{100 * row.score:.0f} %",
                below=names(below),
                level=names(level),
                above=names(above),
            )
        )
    return sentences


def mcts_chart(
    measurement: MonteCarloMeasurement | None = None, *, language: str | None = None
) -> Any:
    """The measurement as a chart (:class:`gamelib.charts.Chart`, SVG): each UCT player's
    strength with its 95 % interval at its iterations per move (the fixed budgets joined by a
    line, the clock's player apart), each opponent's strength as a dashed line across."""
    from gamelib.charts import PALETTE, Chart, Marker

    chosen = resolve(language)
    found = measurement or load_mcts_measurement()
    reference = player_label(REFERENCE, chosen)
    chart = Chart(
        title=WORDS["chart: title"][chosen],
        y_label=WORDS["chart: y"][chosen].format(reference=reference),
        size=(900.0, 460.0),
        legend="bottom",
    )
    uct_rows = [row for row in found.rows if row.iterations is not None]
    right = max((row.iterations or 0.0 for row in uct_rows), default=1.0)
    end = right * LABEL_ROOM  # the opponents' names go right of the data
    panel = chart.panel(x_label=WORDS["chart: x"][chosen], x_range=(0.0, end))
    fixed = sorted(
        (row for row in uct_rows if row.name != CLOCK_PLAYER), key=lambda row: row.iterations or 0
    )
    timed = [row for row in uct_rows if row.name == CLOCK_PLAYER]
    groups: tuple[tuple[list[MonteCarloRow], str, Marker, str], ...] = (
        (fixed, WORDS["chart: fixed"][chosen], "circle", PALETTE[0]),
        (timed, WORDS["chart: clock"][chosen], "square", PALETTE[1]),
    )
    for rows, label, marker, colour in groups:
        if not rows:
            continue
        xs = [row.iterations or 0.0 for row in rows]
        panel.line(
            xs, [row.strength for row in rows], label=label, colour=colour,
            marker=marker, line="solid" if len(rows) > 1 else None,
        )  # fmt: skip
        for x, row in zip(xs, rows, strict=True):
            panel.interval(x, row.low, row.high, colour=colour)
    others = [row for row in found.rows if row.iterations is None]
    for number, row in enumerate(others):
        colour = PALETTE[2 + number % (len(PALETTE) - 2)]
        name = player_label(row.name, chosen)
        panel.reference(row.strength, label=name, colour=colour)
        place: Literal["above", "below"] = "above" if number % 2 == 0 else "below"
        panel.note(end, row.strength, name, colour=colour, place=place)
    return chart


# ---------------------------------------------------------------------------- the command


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    arguments = argparse.ArgumentParser(
        prog=f"python -m {MODULE}",
        description="Measure UCT in the course's tournament and cache the rated results.",
    )
    arguments.add_argument(
        "--budgets", type=int, nargs="*", default=list(BUDGETS), help="UCT iterations per move"
    )
    arguments.add_argument(
        "--no-clock-player", action="store_true", help="leave out UCT at the tournament clock"
    )
    arguments.add_argument(
        "--opponents", nargs="+", default=list(OPPONENTS), help=f"from: {', '.join(OPPONENTS)}"
    )
    arguments.add_argument("--openings", type=int, default=2, help="balanced openings played")
    arguments.add_argument("--seed", type=int, default=0, help="the measurement's seed")
    arguments.add_argument("--resamples", type=int, default=RESAMPLES, help="bootstrap fits")
    arguments.add_argument(
        "--out", default="mcts_measurement", help="the folder of the player files and results"
    )
    arguments.add_argument("--cache", default=str(MCTS_CACHE), help="the cache to write (JSON)")
    return arguments


def plan_of(options: argparse.Namespace) -> Plan:
    """The plan the options ask for.

    Raises:
        ValueError: a budget below 1, an unknown or repeated opponent, no UCT player, or
            fewer than 1 opening.
    """
    budgets = tuple(options.budgets)
    if any(budget < 1 for budget in budgets) or len(set(budgets)) != len(budgets):
        raise ValueError(f"--budgets must be different whole numbers of 1 or more: {budgets}")
    opponents = tuple(options.opponents)
    unknown = [name for name in opponents if name not in OPPONENTS]
    if unknown or len(set(opponents)) != len(opponents):
        raise ValueError(f"--opponents: each at most once, from {', '.join(OPPONENTS)}")
    if not budgets and options.no_clock_player:
        raise ValueError("no UCT player: give --budgets, or leave out --no-clock-player")
    if options.openings < 1:
        raise ValueError("--openings must be 1 or more")
    if options.resamples < 1:
        raise ValueError("--resamples must be 1 or more")
    return Plan(budgets, not options.no_clock_player, opponents, options.openings, options.seed)


def command_line(argv: Sequence[str]) -> str:
    """The command as it is written in the cache."""
    return shlex.join(["python", "-m", MODULE, *argv])


def measure(
    plan: Plan,
    out: Path,
    *,
    resamples: int = RESAMPLES,
    progress: Callable[[GameResult], None] | None = None,
) -> tuple[tuple[GameResult, ...], float]:
    """Play the plan's games (resuming ``out/results.jsonl``), one at a time; the results
    and the wall seconds taken."""
    from gamelib.tournament.runner import run_tournament

    files = write_players(plan, out / "players")
    started = time.perf_counter()
    results = run_tournament(
        game_specs(plan, files), out / "results.jsonl", jobs=1, progress=progress
    )
    return results, time.perf_counter() - started


def cache_data(
    plan: Plan,
    results: Sequence[GameResult],
    *,
    command: str,
    seconds: float,
    load: tuple[tuple[float, ...], tuple[float, ...]],
    resamples: int = RESAMPLES,
) -> dict[str, Any]:
    """The cache's JSON of a measurement's results."""
    table = ratings_of(results, resamples)
    return {
        "command": command,
        "made": {
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "seconds": round(seconds, 1),
            "game_seconds": round(sum(_wall(result) for result in results), 1),
            "load_before": [round(value, 2) for value in load[0]],
            "load_after": [round(value, 2) for value in load[1]],
            "processors": os.cpu_count(),
            "niceness": os.nice(0) if hasattr(os, "nice") else None,
            "python": platform.python_version(),
            "machine": platform.machine(),
        },
        "options": {
            "budgets": list(plan.budgets),
            "clock_player": plan.clock_player,
            "opponents": list(plan.opponents),
            "openings": plan.openings,
            "seed": plan.seed,
            "resamples": resamples,
            "ratings_seed": 0,
            "reference": REFERENCE,
            "referee_clock": vars(MEASUREMENT_CLOCK),
            "paced_clock": vars(TOURNAMENT_CLOCK),
        },
        "games": [game_record(result) for result in results],
        "ratings": {
            "reference": table.reference,
            "resamples": table.resamples,
            "seed": table.seed,
            "rows": rating_rows(table),
        },
    }


def _wall(result: GameResult) -> float:
    """A game's wall time as the referee measured it (0 when it did not)."""
    return 0.0 if result.usage is None else result.usage.wall_seconds


def cache_text(data: Mapping[str, Any]) -> str:
    """The cache's text: indented JSON, one line per game (so a new run's diff reads well)."""
    head = {key: value for key, value in data.items() if key != "games"}
    games = ",\n".join("  " + json.dumps(game, ensure_ascii=False) for game in data["games"])
    return (
        json.dumps(head, ensure_ascii=False, indent=1)[:-2] + f',\n "games": [\n{games}\n ]\n}}\n'
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit code (2 for bad options)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = parser().parse_args(arguments)
    try:
        plan = plan_of(options)
    except ValueError as error:
        print(f"mcts_measure: {error}", file=sys.stderr)
        return 2
    from gamelib.tournament.__main__ import progress_printer

    load_before = os.getloadavg()
    results, seconds = measure(
        plan, Path(options.out), resamples=options.resamples, progress=progress_printer()
    )
    data = cache_data(
        plan,
        results,
        command=command_line(arguments),
        seconds=seconds,
        load=(load_before, os.getloadavg()),
        resamples=options.resamples,
    )
    cache = Path(options.cache)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(cache_text(data), encoding="utf-8")
    print(f"{len(results)} games in {seconds / 60:.1f} minutes; the cache: {cache}")
    print(mcts_table(measurement_of(data), language="en").text())
    return 0


__all__ = [
    "MCTS_CACHE",
    "MonteCarloMeasurement",
    "MonteCarloTable",
    "load_mcts_measurement",
    "mcts_chart",
    "mcts_comparisons",
    "mcts_table",
]

if __name__ == "__main__":
    sys.exit(main())
