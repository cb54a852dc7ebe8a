"""The skills of a pruning exercise, read off its own trace: the same recognition as the web
trainer's (``site/trainer/mastery.js``, ``skillsOf``), from gamelib's trace;
tests/test_mastery.py compares the two on many random trees.

Each part of an exercise's answer (a leaf's pruned-or-evaluated status, a searched inner
node's returned value, from MAX's view) belongs to exactly one skill: the most specific one
that claims it (:data:`PRIORITY`; :func:`claims` says which skills claim which parts). An
exercise is tagged with the skills that get at least one part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias, get_args

from gamelib.core import Bound
from gamelib.exercises import PruningExercise
from gamelib.language import Language, resolve
from gamelib.trace import Backup, Cutoff, Enter

Skill: TypeAlias = Literal[
    "pruned_leaves",
    "returned_values",
    "entry_window",
    "shallow_cutoff",
    "deep_cutoff",
    "strict_cutoff",
    "right_to_left",
    "failsoft_bound",
    "negamax_sign",
]
SKILLS: tuple[Skill, ...] = get_args(Skill)
"""The skills in the order the trainer's skill page and the class view list them."""

PRIORITY: tuple[Skill, ...] = (
    "deep_cutoff",
    "strict_cutoff",
    "shallow_cutoff",
    "failsoft_bound",
    "negamax_sign",
    "entry_window",
    "right_to_left",
    "pruned_leaves",
    "returned_values",
)
"""The skills from the most specific to the most general: a part goes to the first claim."""

DEEP_DISTANCE: Final = 3
"""A deep cutoff's bound comes from this many levels up or more."""

NAMES: Final[Mapping[Skill, Mapping[Language, str]]] = {
    "pruned_leaves": {"en": "which leaves are evaluated", "ja": "評価される葉"},
    "returned_values": {"en": "what each node returns", "ja": "各ノードが返す値"},
    "entry_window": {"en": "a node's window on entry", "ja": "ノードに入るときの探索窓"},
    "shallow_cutoff": {"en": "a shallow cutoff", "ja": "浅いカット"},
    "deep_cutoff": {"en": "a deep cutoff", "ja": "深いカット"},
    "strict_cutoff": {"en": "a cutoff under the strict rule", "ja": "厳密な規則でのカット"},
    "right_to_left": {"en": "right-to-left order", "ja": "右から左への探索順"},
    "failsoft_bound": {"en": "a fail-soft returned bound", "ja": "fail-soft が返す限界値"},
    "negamax_sign": {"en": "the negamax sign", "ja": "ネガマックスの符号"},
}
"""Each skill's name in English and Japanese (the trainer's SKILLS, word for word)."""

EXPLANATIONS: Final[Mapping[Skill, Mapping[Language, str]]] = {
    "pruned_leaves": {
        "en": "Press none of the leaves the search evaluates. A pruned leaf counts for the "
        "skill of the cutoff that prunes it.",
        "ja": "探索が評価する葉を押さないようにします。枝刈りされる葉は、それを枝刈りする"
        "カットのスキルとして数えます。",
    },
    "returned_values": {
        "en": "Give the value every searched inner node returns, from MAX's view.",
        "ja": "探索された各内部ノードが返す値を、MAX から見た値で答えます。",
    },
    "entry_window": {
        "en": "A node that returns only a bound returns it against the window (α, β) it was "
        "entered with: know that window.",
        "ja": "限界値しか返さないノードは、入ったときの探索窓 (α, β) を基準に値を返します。"
        "その探索窓を知っている必要があります。",
    },
    "shallow_cutoff": {
        "en": "A cutoff whose bound comes from the parent: the parent's value so far.",
        "ja": "親ノードがそれまでに得た値を限界値とするカットです。",
    },
    "deep_cutoff": {
        "en": "A cutoff whose bound comes from 3 or more levels up, passed down the window "
        "from an ancestor.",
        "ja": "3 段以上離れた祖先ノードの値が探索窓を通して伝わり、その値を限界値として起こる"
        "カットです。",
    },
    "strict_cutoff": {
        "en": "Under the strict rule (cut on value > β) a value equal to the bound does not "
        "cut, so the next children are still searched.",
        "ja": "厳密な規則（値 > β でカット）では、限界値と等しい値ではカットが起こらず、"
        "次の子も探索されます。",
    },
    "right_to_left": {
        "en": "The children are searched right to left: every evaluation and cutoff follows it.",
        "ja": "子を右から左へ探索します。評価もカットもすべてこの順に従います。",
    },
    "failsoft_bound": {
        "en": "Fail-soft returns the best value it saw, even outside the window, where "
        "fail-hard would return the window's bound.",
        "ja": "fail-soft は探索窓の外でも見つけた最善の値を返します。fail-hard なら探索窓の"
        "限界値を返すところです。",
    },
    "negamax_sign": {
        "en": "A bound reads the other way round in a MIN node's own (negamax) view: an upper "
        "bound from MAX's view is a lower bound from the MIN node's, and the other way round.",
        "ja": "MIN ノード自身から見た（ネガマックスの）値では、限界値の向きが逆になります。"
        "MAX から見た上限値は MIN ノードから見れば下限値で、下限値は上限値です。",
    },
}
"""Each skill in one line, in English and Japanese (the trainer's SKILLS, word for word)."""


def skill_name(skill: Skill, *, language: str | None = None) -> str:
    """The skill's name in ``language`` (None: the course-wide language)."""
    return NAMES[skill][resolve(language)]


@dataclass(frozen=True)
class Parts:
    """The parts of an answer a skill governs: leaves (their status) and inner nodes (their
    returned values), each in the tree's order."""

    leaves: tuple[str, ...] = ()
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class CutoffSource:
    """A cutoff that prunes something: the cut node, the leaves it prunes, and how many levels
    above the node the bound that caused it was set."""

    node: str
    pruned: tuple[str, ...]
    distance: int


@dataclass
class _Open:
    ply: int
    alpha: float
    beta: float
    alpha_from: str | None
    beta_from: str | None


def cutoff_sources(exercise: PruningExercise) -> list[CutoffSource]:
    """Every cutoff that prunes something, with the distance to its bound's source.

    The bound (β at a MAX node, α at a MIN node, MAX's view) is followed to where it was last
    changed: a child's window on entry is its parent's window, and a backup or cutoff that
    raises α at a MAX node (lowers β at a MIN node) makes that node the bound's source.
    """
    open_nodes: dict[str, _Open] = {}
    result = []
    for event in exercise.trace.events:
        if isinstance(event, Enter):
            parent = None if event.parent is None else open_nodes[event.parent]
            open_nodes[event.node] = _Open(
                event.ply,
                event.alpha,
                event.beta,
                parent.alpha_from if parent else None,
                parent.beta_from if parent else None,
            )
        elif isinstance(event, Backup | Cutoff):
            node = open_nodes[event.node]
            if isinstance(event, Cutoff) and event.skipped:
                name = node.beta_from if exercise._is_max(event.node) else node.alpha_from
                if name is None:  # pragma: no cover - a cut needs a finite bound
                    raise AssertionError(f"the cutoff at {event.node} has no bound's source")
                pruned = tuple(
                    leaf.name for move in event.skipped for leaf in exercise.nodes[move].leaves()
                )
                result.append(CutoffSource(event.node, pruned, node.ply - open_nodes[name].ply))
            if event.alpha > node.alpha:
                node.alpha_from = event.node
            if event.beta < node.beta:
                node.beta_from = event.node
            node.alpha, node.beta = event.alpha, event.beta
    return result


def strict_ties(exercise: PruningExercise) -> list[tuple[str, tuple[str, ...]]]:
    """Under the strict rule, every tie that does not cut with children left to search: the
    node and the leaves of the children searched after the tie."""
    if exercise.convention.cutoff != ">":
        return []
    ties = []
    for event in exercise.trace.events:
        if not isinstance(event, Backup):
            continue
        threshold = event.beta if exercise._is_max(event.node) else event.alpha
        if event.value != threshold:
            continue
        children = exercise.nodes[event.node].children
        if exercise.convention.order == "reversed":
            children = children[::-1]
        names = [child.name for child in children]
        later = children[names.index(event.child) + 1 :]
        if later:
            ties.append(
                (event.node, tuple(leaf.name for child in later for leaf in child.leaves()))
            )
    return ties


def claims(exercise: PruningExercise) -> dict[Skill, Parts]:
    """Which skills claim which parts, before each part goes to one skill (see the trainer's
    ``claims`` for the list)."""
    returned = exercise.trace.returned()
    inner = [name for name in exercise.nodes if name in exercise.solution.values]
    bounded = [name for name in inner if returned[name][1] != Bound.EXACT]
    windows = {
        event.node: (event.alpha, event.beta)
        for event in exercise.trace.events
        if isinstance(event, Enter)
    }
    sources = cutoff_sources(exercise)
    ties = strict_ties(exercise)
    leaves = tuple(exercise.leaf_names)
    soft = exercise.convention.failure == "soft"
    reversed_order = exercise.convention.order == "reversed"

    def outside(name: str) -> bool:
        alpha, beta = windows[name]
        value = exercise.solution.values[name]
        return value < alpha or value > beta

    return {
        "deep_cutoff": Parts(
            tuple(leaf for cut in sources if cut.distance >= DEEP_DISTANCE for leaf in cut.pruned)
        ),
        "strict_cutoff": Parts(
            tuple(leaf for _, later in ties for leaf in later),
            tuple(node for node, _ in ties if node in exercise.solution.values),
        ),
        "shallow_cutoff": Parts(
            tuple(leaf for cut in sources if cut.distance < DEEP_DISTANCE for leaf in cut.pruned)
        ),
        "failsoft_bound": Parts((), tuple(name for name in inner if outside(name)) if soft else ()),
        "negamax_sign": Parts((), tuple(name for name in bounded if not exercise._is_max(name))),
        "entry_window": Parts((), tuple(bounded)),
        "right_to_left": Parts(leaves, tuple(inner)) if reversed_order else Parts(),
        "pruned_leaves": Parts(
            tuple(leaf for leaf in leaves if leaf not in exercise.solution.pruned)
        ),
        "returned_values": Parts((), tuple(inner)),
    }


def skills_of(exercise: PruningExercise) -> dict[Skill, Parts]:
    """The skills an exercise's answer needs, each with the parts it governs (every part to
    the first skill of :data:`PRIORITY` that claims it), in :data:`SKILLS` order."""
    claimed = claims(exercise)
    owner: dict[str, Skill] = {}
    for skill in PRIORITY:
        for name in (*claimed[skill].leaves, *claimed[skill].values):
            owner.setdefault(name, skill)
    order = {name: index for index, name in enumerate(exercise.nodes)}
    result: dict[Skill, Parts] = {}
    for skill in SKILLS:
        leaves, values = (
            tuple(sorted({n for n in names if owner[n] == skill}, key=order.__getitem__))
            for names in (claimed[skill].leaves, claimed[skill].values)
        )
        if leaves or values:
            result[skill] = Parts(leaves, values)
    return result
