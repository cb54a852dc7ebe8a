"""How the endgame solver orders moves: the ideas it may use, each of which can be switched
off (:class:`Options`, :data:`ABLATION`), and the board facts they rest on.

* **the stored move**: the best move the table kept for the position, first;
* **the transposition cutoff** (not an ordering, but measured with them): a look-up of every
  child in the table before any is searched, which may end the node at once;
* **fastest-first**: the move that leaves the opponent the fewest replies. Few replies mean a
  small subtree, and in the endgame a side short of moves is usually a side in trouble, so
  the cheapest move to search is often the best one; replies on a **corner**
  (:data:`CORNERS`) may count twice;
* **parity**: play first in a quarter of the board with an odd number of empty squares
  (:func:`odd_regions`): whoever moves last in a region tends to keep its discs;
* **static order**: by square weight (:data:`STATIC_ORDER`), where counting replies costs
  more than it saves.

The order itself is computed by :meth:`~gamelib.endgame.solver.EndgameSolver.ordered`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, overload

from gamelib.games.othello import SQUARE_WEIGHTS
from gamelib.language import Language, current_language

Ordering = Literal["none", "static", "fastest"]
"""How the moves of a position are ordered: square order a1…h8, by square weight
(:data:`~gamelib.games.othello.SQUARE_WEIGHTS`), or fastest-first."""

CORNERS: Final = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63
"""The four corners a1, h1, a8, h8."""

QUADRANTS: Final = (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F << 32, 0xF0F0F0F0 << 32)
"""The four 4×4 quarters of the board: the regions of the parity rule."""

QUADRANT_BIT: Final = tuple(
    1 << next(index for index, quadrant in enumerate(QUADRANTS) if quadrant >> square & 1)
    for square in range(64)
)
"""``QUADRANT_BIT[s]``: the bit of the quarter of the board that square ``s`` is in."""

STATIC_ORDER: Final = tuple(sorted(range(64), key=lambda square: -SQUARE_WEIGHTS[square]))
"""The squares by decreasing weight (corners first, X-squares last), stable in a1…h8 order."""


def odd_regions(empty: int) -> int:
    """The empty squares that lie in a quarter of the board with an odd number of them."""
    odd = 0
    for quadrant in QUADRANTS:
        region = empty & quadrant
        if region.bit_count() & 1:
            odd |= region
    return odd


@dataclass(frozen=True)
class Options:
    """What the solver may use; each idea can be switched off to measure what it brings.

    Attributes:
        ordering: ``"none"`` (square order), ``"static"`` (by square weight) or
            ``"fastest"`` (fewest opponent replies first).
        stored_move: try first the best move the table stored for the position.
        transposition_cutoff: before searching any move, look up the position after each
            move in the table: an entry that already proves a cutoff ends the node (the
            *enhanced transposition cutoff*, ETC).
        parity: prefer squares in regions with an odd number of empty squares.
        corners: count the opponent's replies on corners twice (fastest-first only).
        table_empties: positions with at least this many empty squares use the table
            (below, a look-up costs more than the search it saves).
        fastest_empties: positions with at least this many empty squares are ordered
            fastest-first; below, counting replies costs more than it saves, and the empty
            squares are simply tried in static order (with parity first if ``parity``).
        table: use a transposition table at all.
    """

    ordering: Ordering = "fastest"
    stored_move: bool = True
    transposition_cutoff: bool = True
    parity: bool = True
    corners: bool = True
    table_empties: int = 8
    fastest_empties: int = 8
    table: bool = True

    def __post_init__(self) -> None:
        if self.ordering not in ("none", "static", "fastest"):
            raise ValueError(
                f"ordering must be 'none', 'static' or 'fastest', not {self.ordering!r}"
            )


WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "no ordering": {"en": "no ordering", "ja": "並べ替えなし"},
    "static": {"en": "static", "ja": "静的な順序"},
    "+ stored move": {"en": "+ stored move", "ja": "+ 置換表の手"},
    "+ transposition cutoff": {"en": "+ transposition cutoff", "ja": "+ 置換表の先読みカット"},
    "+ fastest-first": {"en": "+ fastest-first", "ja": "+ 速さ優先探索"},
    "+ parity": {"en": "+ parity", "ja": "+ 偶数理論"},
    "+ corners": {"en": "+ corners", "ja": "+ 隅"},
}
"""The names of the :data:`ABLATION` steps, in English and Japanese."""


class Ablation(Sequence[tuple[str, Options]]):
    """Steps of ordering ideas, each ``(name, options)``: a sequence whose names are read in
    the course-wide language (:func:`gamelib.set_language`) when a step is taken from it.

    Args:
        steps: ``(name, options)`` pairs; a name that is a key of :data:`WORDS` is
            translated, any other is shown as it is.
    """

    def __init__(self, steps: Sequence[tuple[str, Options]]) -> None:
        self.steps = tuple(steps)

    def named(self, language: Language) -> tuple[tuple[str, Options], ...]:
        """The steps with their names in ``language``."""
        return tuple(
            (WORDS[name][language] if name in WORDS else name, options)
            for name, options in self.steps
        )

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> tuple[str, Options]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, Options]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[str, Options] | Sequence[tuple[str, Options]]:
        return self.named(current_language())[index]

    def __iter__(self) -> Iterator[tuple[str, Options]]:
        return iter(self.named(current_language()))

    def __repr__(self) -> str:
        return f"Ablation({self.steps!r})"


ABLATION: Final = Ablation(
    (
        (
            "no ordering",
            Options(
                "none", stored_move=False, transposition_cutoff=False, parity=False, corners=False
            ),
        ),
        (
            "static",
            Options(
                "static", stored_move=False, transposition_cutoff=False, parity=False, corners=False
            ),
        ),
        (
            "+ stored move",
            Options(
                "static", stored_move=True, transposition_cutoff=False, parity=False, corners=False
            ),
        ),
        (
            "+ transposition cutoff",
            Options(
                "static", stored_move=True, transposition_cutoff=True, parity=False, corners=False
            ),
        ),
        (
            "+ fastest-first",
            Options(
                "fastest", stored_move=True, transposition_cutoff=True, parity=False, corners=False
            ),
        ),
        (
            "+ parity",
            Options(
                "fastest", stored_move=True, transposition_cutoff=True, parity=True, corners=False
            ),
        ),
        (
            "+ corners",
            Options(
                "fastest", stored_move=True, transposition_cutoff=True, parity=True, corners=True
            ),
        ),
    )
)
"""The ideas added one at a time (every step keeps the table for the values it stores); the
steps' names come in the course-wide language."""

DEFAULT_OPTIONS: Final = Options()
"""Every idea on: what :func:`~gamelib.endgame.solve` uses unless told otherwise."""


__all__ = [
    "ABLATION",
    "CORNERS",
    "DEFAULT_OPTIONS",
    "QUADRANTS",
    "QUADRANT_BIT",
    "STATIC_ORDER",
    "Ablation",
    "Options",
    "Ordering",
    "odd_regions",
]
