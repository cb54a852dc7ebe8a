"""A learned evaluation for Othello (issue 38): readable features, weights per game phase
fitted by least squares, and the data set they are fitted on.

* :mod:`gamelib.learning.features` — what the evaluation looks at (square classes shared by
  symmetry, mobility, frontier, X and C squares by an empty corner, region parity).
* :mod:`gamelib.learning.dataset` — positions from the course's own games, labelled by the
  endgame solver (``python -m gamelib.learning.dataset`` builds and caches them).
* :mod:`gamelib.learning.fit` — least squares per phase (numpy), the weights file, and the
  evaluation a search uses (``python -m gamelib.learning.fit`` fits the cached weights).
* :mod:`gamelib.learning.probcut` — ProbCut: the line from shallow to deep values per phase
  and the cut it gives, in a plain α-β that counts its nodes.

Nothing here is imported by ``import gamelib``: numpy loads only when this package is used.
"""

from collections.abc import Mapping
from typing import Final

from gamelib.language import Language, words

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    "no numpy": {
        "en": "gamelib.learning needs numpy, which is not installed: install the course's "
        "requirements (pip install -r requirements.txt). The browser edition does not ship "
        "numpy yet.",
        "ja": "gamelib.learning には numpy が必要ですが、インストールされていません。講座の "
        "requirements をインストールしてください（pip install -r requirements.txt）。"
        "ブラウザー版にはまだ numpy が入っていません。",
    },
}
"""The sentences this package writes for a reader, in both languages."""

try:
    import numpy  # noqa: F401  (every module of this package needs it)
except ModuleNotFoundError:
    raise ModuleNotFoundError(words(WORDS["no numpy"]), name="numpy") from None
