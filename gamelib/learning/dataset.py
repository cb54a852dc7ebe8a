"""The learned evaluation's data set: positions from the course's own games, with labels.

::

    python -m gamelib.learning.dataset --games 1000 --seed 38 --solve-empties 12 --jobs 2

plays ``--games`` games of Othello between the course's players and labels every position
of them by the final disc difference with perfect play from the end of the game:

* **Exact labels** (``exact`` True): every position with :data:`SOLVE_EMPTIES` empty squares
  or fewer is solved by :func:`gamelib.endgame.solve` (official scoring); its label is the
  solver's value, from the view of the player to move there.
* **Game labels** (``exact`` False): a position before that gets the solver's value of the
  game's first position with :data:`SOLVE_EMPTIES` empties — the result of *this game* with
  the end played perfectly — seen from its own player to move. (A game that ends before,
  a wipe-out, labels them by its final score.) Such a label is noisy: the players made the
  moves in between, not perfect play. That is the idea of Buro's Logistello: noisy labels,
  many positions, least squares averages the noise out.

The games: each side is one of the course's players — α-β (:func:`~gamelib.search.alphabeta`)
1 or 2 plies deep with :func:`~gamelib.games.othello.positional_evaluation` or the disc
difference — drawn at random for each game, the first 0 to :data:`MOST_RANDOM_OPENING`
moves random and any later move random with probability :data:`RANDOM_MOVE_SHARE`, so the
games do not all follow one line. Game ``i`` depends only on the seed and ``i``
(``random.Random(f"{seed}:{i}")``), so the data set is a function of ``--games`` and
``--seed`` (and ``--solve-empties``), whatever ``--jobs``.

The file (:data:`DEFAULT_PATH`, numpy's compressed ``.npz``) holds one row per position —
``black``, ``white`` (bitboards), ``player`` (0 Black, 1 White to move), ``label``,
``exact``, ``game`` (the game's number, for splitting by game), ``empties`` — and
``provenance``: the command, the seed, the date, the time it took and the counts (JSON).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from gamelib.core import FIRST
from gamelib.endgame import solve
from gamelib.games.othello import Othello, OthelloState, final_score, positional_evaluation
from gamelib.language import Language, words
from gamelib.learning.features import empties_of
from gamelib.players import GamePlayer, RandomPlayer, SearchPlayer
from gamelib.search import alphabeta

SOLVE_EMPTIES: Final = 12
"""Positions with this many empty squares or fewer are labelled exactly by the solver (about
0.02 s each on the course's machine; 14 would cost about 0.1 s each, and ×2.7 per empty
square more)."""

MOST_RANDOM_OPENING: Final = 8
"""A game's first 0 … 8 moves (drawn per game) are random."""

RANDOM_MOVE_SHARE: Final = 0.05
"""The chance that any later move is random instead of the side's player's."""

DEFAULT_PATH: Final = Path(__file__).resolve().parent / "data" / "positions.npz"
"""Where the course's data set is cached."""

DEFAULT_GAMES: Final = 1000
DEFAULT_SEED: Final = 38

COLUMNS: Final = ("black", "white", "player", "label", "exact", "game", "empties")
"""The arrays of a data set file, one entry per position."""


WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "counts": {
        "en": "games and jobs must be 1 or more, not {games} and {jobs}",
        "ja": "対局数と並列数は 1 以上にしてください（{games} と {jobs} ではなく）。",
    },
    "no data set": {
        "en": "no data set at {path}: build it with `python -m gamelib.learning.dataset`",
        "ja": "{path} にデータセットがありません。`python -m gamelib.learning.dataset` で"
        "作ってください。",
    },
    "not a data set": {
        "en": "{path} is not a data set: it has no {missing}",
        "ja": "{path} はデータセットではありません（{missing} がありません）。",
    },
    "options": {
        "en": "--games and --jobs must be 1 or more, --solve-empties 0 to 20",
        "ja": "--games と --jobs は 1 以上、--solve-empties は 0 から 20 にしてください。",
    },
    "progress": {
        "en": "{done} of {games} games",
        "ja": "{games} 局のうち {done} 局",
    },
}
"""The sentences this module writes for a reader, in both languages."""


@dataclass(frozen=True)
class Dataset:
    """Labelled positions (one entry per position in each array) and where they came from.

    Attributes:
        black: Black's discs (uint64 bitboards).
        white: White's discs.
        player: The colour to move (0 Black, 1 White).
        label: The final disc difference for the player to move (perfect play from
            :data:`SOLVE_EMPTIES` empties on, see the module docstring).
        exact: Whether the label is the solver's value of this very position.
        game: The number of the game the position comes from.
        empties: Empty squares.
        provenance: The command, seed, date and counts (a JSON object).
    """

    black: npt.NDArray[np.uint64]
    white: npt.NDArray[np.uint64]
    player: npt.NDArray[np.uint8]
    label: npt.NDArray[np.int8]
    exact: npt.NDArray[np.bool_]
    game: npt.NDArray[np.int32]
    empties: npt.NDArray[np.uint8]
    provenance: str

    def __len__(self) -> int:
        return len(self.label)

    def states(self) -> Iterator[OthelloState]:
        """The positions, as :class:`~gamelib.games.othello.OthelloState`."""
        for black, white, player in zip(
            self.black.tolist(), self.white.tolist(), self.player.tolist(), strict=True
        ):
            yield (
                OthelloState(black, white, FIRST)
                if player == FIRST
                else OthelloState(white, black, player)
            )

    def subset(self, keep: npt.NDArray[np.bool_]) -> Dataset:
        """The positions where ``keep`` is True (same provenance)."""
        return Dataset(
            self.black[keep], self.white[keep], self.player[keep], self.label[keep],
            self.exact[keep], self.game[keep], self.empties[keep], self.provenance,
        )  # fmt: skip

    def held_out(self, every: int = 5) -> npt.NDArray[np.bool_]:
        """Which positions are held out: those of every ``every``-th game (game number
        divisible by ``every``), so no game has positions on both sides of the split."""
        held: npt.NDArray[np.bool_] = self.game % every == 0
        return held


Row = tuple[int, int, int, int, bool, int, int]
"""One position: black, white, player, label, exact, game, empties."""


def game_players(generator: random.Random) -> tuple[GamePlayer, GamePlayer]:
    """The two players of a game, each α-β 1 or 2 plies deep with the positional evaluation
    or the disc difference (Othello's own ``evaluate``), seeded from ``generator``."""
    players = []
    for _ in range(2):
        depth = generator.choice((1, 2))
        positional = generator.random() < 0.75
        players.append(
            SearchPlayer(
                alphabeta,
                depth=depth,
                evaluate=positional_evaluation if positional else None,
                seed=generator.randrange(2**32),
            )
        )
    return players[0], players[1]


def play_and_label(seed: int, number: int, solve_empties: int = SOLVE_EMPTIES) -> list[Row]:
    """Game ``number`` of the data set with ``seed``, every unfinished position labelled
    (see the module docstring). Guarantee: a function of its arguments alone."""
    generator = random.Random(f"{seed}:{number}")
    game = Othello()
    players = game_players(generator)
    randomly = RandomPlayer(seed=generator.randrange(2**32))
    opening = generator.randint(0, MOST_RANDOM_OPENING)
    state = game.initial_state()
    positions: list[OthelloState] = []
    labels: dict[int, int] = {}  # index in positions -> exact value
    first_solved: int | None = None
    ply = 0
    while not game.is_terminal(state):
        positions.append(state)
        if empties_of(state) <= solve_empties:
            value = int(solve(state, progress=False, pv=False, max_empties=solve_empties).value)
            labels[len(positions) - 1] = value
            if first_solved is None:
                first_solved = len(positions) - 1
        random_move = ply < opening or generator.random() < RANDOM_MOVE_SHARE
        player = randomly if random_move else players[state.player]
        state = game.result(state, player.choose(game, state))
        ply += 1
    if first_solved is None:  # over before the solver's reach: its final score, for Black
        reference_player = FIRST
        reference_value = final_score(state.mover, state.opponent)
        if state.player != FIRST:
            reference_value = -reference_value
    else:
        reference_player = positions[first_solved].player
        reference_value = labels[first_solved]
    rows: list[Row] = []
    for index, position in enumerate(positions):
        exact = index in labels
        if exact:
            label = labels[index]
        else:
            label = reference_value if position.player == reference_player else -reference_value
        rows.append(
            (position.black, position.white, position.player, label, exact, number,
             empties_of(position))
        )  # fmt: skip
    return rows


def build(
    games: int,
    seed: int,
    *,
    solve_empties: int = SOLVE_EMPTIES,
    jobs: int = 1,
    command: str = "",
    progress: Callable[[int], Any] | None = None,
) -> Dataset:
    """Play and label ``games`` games (:func:`play_and_label`), ``jobs`` at a time.

    Guarantee: the arrays are a function of ``games``, ``seed`` and ``solve_empties`` (the
    games are put in order by number whatever finishes first); only the provenance's date and
    time differ from one run to another.
    """
    if games < 1 or jobs < 1:
        raise ValueError(words(WORDS["counts"]).format(games=games, jobs=jobs))
    started = time.perf_counter()
    numbers = range(games)
    rows: list[Row] = []
    if jobs == 1:
        for number in numbers:
            rows.extend(play_and_label(seed, number, solve_empties))
            if progress is not None:
                progress(number + 1)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = pool.map(
                play_and_label, [seed] * games, numbers, [solve_empties] * games, chunksize=4
            )
            for done, game_rows in enumerate(results, start=1):
                rows.extend(game_rows)
                if progress is not None:
                    progress(done)
    columns = list(zip(*rows, strict=True))
    exact = np.array(columns[4], dtype=np.bool_)
    provenance = {
        "command": command or f"python -m gamelib.learning.dataset --games {games} --seed {seed}",
        "seed": seed,
        "games": games,
        "solve_empties": solve_empties,
        "positions": len(rows),
        "exact_labels": int(exact.sum()),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(time.perf_counter() - started, 1),
        "jobs": jobs,
    }
    return Dataset(
        black=np.array(columns[0], dtype=np.uint64),
        white=np.array(columns[1], dtype=np.uint64),
        player=np.array(columns[2], dtype=np.uint8),
        label=np.array(columns[3], dtype=np.int8),
        exact=exact,
        game=np.array(columns[5], dtype=np.int32),
        empties=np.array(columns[6], dtype=np.uint8),
        provenance=json.dumps(provenance, ensure_ascii=False),
    )


def save(dataset: Dataset, path: Path = DEFAULT_PATH) -> None:
    """Write a data set to a compressed ``.npz`` file (no pickled objects)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {name: getattr(dataset, name) for name in COLUMNS}
    np.savez_compressed(path, provenance=np.array(dataset.provenance), **arrays)


def load(path: Path = DEFAULT_PATH) -> Dataset:
    """Read a data set written by :func:`save`.

    Raises:
        FileNotFoundError: with the command that builds it, when there is no such file.
        ValueError: for a file without the data set's arrays.
    """
    if not Path(path).exists():
        raise FileNotFoundError(words(WORDS["no data set"]).format(path=path))
    with np.load(path, allow_pickle=False) as data:
        missing = [name for name in (*COLUMNS, "provenance") if name not in data]
        if missing:
            raise ValueError(
                words(WORDS["not a data set"]).format(path=path, missing=", ".join(missing))
            )
        return Dataset(
            black=data["black"], white=data["white"], player=data["player"],
            label=data["label"], exact=data["exact"], game=data["game"],
            empties=data["empties"], provenance=str(data["provenance"]),
        )  # fmt: skip


def main(arguments: Sequence[str] | None = None) -> int:
    """The command: build the data set and save it; prints what it did."""
    parser = argparse.ArgumentParser(
        prog="python -m gamelib.learning.dataset", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--solve-empties", type=int, default=SOLVE_EMPTIES)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--output", type=Path, default=DEFAULT_PATH)
    options = parser.parse_args(arguments)
    if options.games < 1 or options.jobs < 1 or not 0 <= options.solve_empties <= 20:
        parser.error(words(WORDS["options"]))
    command = "python -m gamelib.learning.dataset " + " ".join(
        f"--{name.replace('_', '-')} {getattr(options, name)}"
        for name in ("games", "seed", "solve_empties", "jobs")
    )
    step = max(1, options.games // 20)

    def report(done: int) -> None:
        if done % step == 0 or done == options.games:
            print(
                words(WORDS["progress"]).format(done=done, games=options.games),
                file=sys.stderr,
                flush=True,
            )

    dataset = build(
        options.games, options.seed, solve_empties=options.solve_empties, jobs=options.jobs,
        command=command, progress=report,
    )  # fmt: skip
    save(dataset, options.output)
    print(f"{options.output}: {dataset.provenance}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
