"""Every limit a player meets, in one table (notebook 10, section 1): the clock, the start-up
allowance and the resource limits, under the class tournament's referee and inside the kernel.

Each value is read from the constant that sets it, never written again here:
:data:`~gamelib.tournament.records.TOURNAMENT_CLOCK` (the referee's default clock),
:data:`~gamelib.tournament.in_kernel.EXERCISE_CLOCK` (the exercise's, in the reference
machine's seconds), :class:`~gamelib.tournament.records.Limits` (set on the player's process by
:func:`gamelib.tournament.child.apply_limits`; the log is cut to its size in both places) and
:data:`gamelib.tournament.referee.START_SECONDS` (loading the file and building ``Player``).
The referee's module imports the sandbox, which needs process control the browser edition
lacks; there the start-up allowance is read from the referee's source instead
(:func:`start_seconds`).
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamelib.language import Language, resolve
from gamelib.tables import html_table, text_table
from gamelib.tournament.in_kernel import EXERCISE_CLOCK
from gamelib.tournament.records import TOURNAMENT_CLOCK, ClockSettings, Limits

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "limit": {"en": "limit", "ja": "制限"},
    "referee": {"en": "class tournament (referee)", "ja": "対抗戦（審判）"},
    "kernel": {"en": "exercise (in the kernel)", "ja": "演習（カーネルの中）"},
    "move": {"en": "move time", "ja": "一手の持ち時間"},
    "bank": {"en": "bank (per game)", "ja": "貯金（一局あたり）"},
    "grace": {"en": "grace", "ja": "猶予"},
    "start": {
        "en": "start-up (loading the file, building Player)",
        "ja": "起動（ファイルの読み込みと Player の作成）",
    },
    "memory": {"en": "memory (address space)", "ja": "メモリー（アドレス空間）"},
    "processes": {"en": "processes and threads", "ja": "プロセスとスレッド"},
    "cpu": {"en": "CPU time", "ja": "CPU 時間"},
    "file": {"en": "size of a file written", "ja": "書き込むファイルの大きさ"},
    "open": {"en": "open files", "ja": "開いているファイル"},
    "log": {"en": "log kept (stdout and stderr)", "ja": "残すログ（標準出力と標準エラー）"},
    "scaled": {
        "en": "{value:g} ms of the reference machine, scaled",
        "ja": "基準の計算機で {value:g} ms、速さに合わせて伸縮",
    },
    "scaled seconds": {
        "en": "{value:g} s of the reference machine, scaled",
        "ja": "基準の計算機で {value:g} s、速さに合わせて伸縮",
    },
    "outside the clock": {
        "en": "{value:g} s, outside the clock",
        "ja": "{value:g} s（時計の外）",
    },
    "per process": {"en": "{value} per process", "ja": "プロセスごとに {value}"},
    "per user": {
        "en": "{value} in all, under bubblewrap or when the referee runs as root",
        "ja": "合わせて {value}（bubblewrap の中か、審判を root で動かすとき）",
    },
    "per side": {"en": "{value} per side", "ja": "一方ごとに {value}"},
    "none": {"en": "none (the kernel's own)", "ja": "なし（カーネルのまま）"},
}
"""Every word of the table, in both languages."""

ROWS: Final = (
    "move",
    "bank",
    "grace",
    "start",
    "memory",
    "processes",
    "cpu",
    "file",
    "open",
    "log",
)
"""The table's rows, in order."""


def start_seconds() -> float:
    """:data:`gamelib.tournament.referee.START_SECONDS`: imported where the referee can be,
    else read (never run) from the referee's source, which every edition ships."""
    try:
        from gamelib.tournament.referee import START_SECONDS
    except ImportError:  # the browser edition: no fcntl for the sandbox
        spec = importlib.util.find_spec("gamelib.tournament.referee")
        if spec is None or spec.origin is None:
            raise
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        for node in tree.body:
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id == "START_SECONDS"
                and node.value is not None
            ):
                return float(ast.literal_eval(node.value))
        raise
    return float(START_SECONDS)


def size(count: int) -> str:
    """Bytes in the largest binary unit that divides them (``1 GiB``, ``64 KiB``)."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if count >= 1 << shift and count % (1 << shift) == 0:
            return f"{count >> shift} {unit}"
    return f"{count} B"


@dataclass(frozen=True)
class LimitsTable:
    """The limits, one row each: (row name, under the referee, in the kernel), in one
    language. Shows itself as an HTML table in a notebook and as text in ``print``."""

    language: Language
    rows: tuple[tuple[str, str, str], ...]

    def columns(self) -> list[str]:
        """The three column titles."""
        return [WORDS[key][self.language] for key in ("limit", "referee", "kernel")]

    def _dicts(self) -> list[dict[str, str]]:
        titles = self.columns()
        return [dict(zip(titles, row, strict=True)) for row in self.rows]

    def _repr_html_(self) -> str:
        return html_table(self.columns(), self._dicts(), numeric=())

    def __str__(self) -> str:
        return text_table(self.columns(), self._dicts(), numeric=())


def limits_table(
    referee_clock: ClockSettings = TOURNAMENT_CLOCK,
    kernel_clock: ClockSettings = EXERCISE_CLOCK,
    limits: Limits | None = None,
    language: str | None = None,
) -> LimitsTable:
    """Every limit of a game under the referee (``referee_clock``, ``limits``, the start-up
    allowance) beside the same limit in the kernel's exercise (``kernel_clock``, given in the
    reference machine's seconds and scaled to the machine by ``check_exercise``; the kernel
    sets no resource limit and cuts the log to the same size)."""
    chosen = resolve(language)
    held = limits or Limits()

    def say(key: str, value: object) -> str:
        return WORDS[key][chosen].format(value=value)

    none = WORDS["none"][chosen]
    referee = {
        "move": f"{1000 * referee_clock.move_seconds:g} ms",
        "bank": f"{referee_clock.bank_seconds:g} s",
        "grace": f"{1000 * referee_clock.grace_seconds:g} ms",
        "start": say("outside the clock", start_seconds()),
        "memory": say("per process", size(held.memory_bytes)),
        "processes": say("per user", held.processes),
        "cpu": say("per process", f"{held.cpu_seconds:g} s"),
        "file": size(held.file_bytes),
        "open": say("per process", held.open_files),
        "log": say("per side", size(held.log_bytes)),
    }
    kernel = {
        "move": say("scaled", 1000 * kernel_clock.move_seconds),
        "bank": say("scaled seconds", kernel_clock.bank_seconds),
        "grace": say("scaled", 1000 * kernel_clock.grace_seconds),
        "log": say("per side", size(held.log_bytes)),
    }
    rows = tuple((WORDS[key][chosen], referee[key], kernel.get(key, none)) for key in ROWS)
    return LimitsTable(chosen, rows)


__all__ = ["LimitsTable", "limits_table"]
