"""Homework on Monte Carlo tree search that checks itself: "which child does UCT select
next?" (:class:`SelectionExercise`) and "back up this playout" (:class:`BackupExercise`).

The conventions are the library's (:mod:`gamelib.search.mcts`), stated in every question:

* Rewards are +1 (a win), 0 (a draw) and −1 (a loss) for the player they are for.
* A node's N (visits) and W (the sum of the rewards backed up through it) are from the view
  of the player who **chooses** it, the player to move at its parent; Q = W / N. The root
  has no parent: its numbers are from the view of the player **not** to move at the root, as
  though that player had chosen it (so the root's W goes up when the root's mover loses).
* UCT selects the child with the largest UCB1 value Q + c·√(ln N_parent / N), whoever is
  to move: Q is already from the chooser's view. A child with N = 0 has UCB +∞, so every
  unvisited child comes before any visited one. **Ties**: when several children share the
  largest UCB value (or several are unvisited), UCT chooses one of them at random with its
  seeded generator; the right answer is then *all* of them.

Every UCB value a checker shows is computed by :func:`gamelib.search.mcts.ucb1`, the same
floating-point expression as the search's selection loop. A checker never raises on a
malformed answer: it says what it expected. Every sentence is in English and Japanese
(:data:`WORDS`); each checker takes ``language`` (None: the course-wide setting).

Exercises are made from a seed (:meth:`SelectionExercise.random`,
:meth:`BackupExercise.random`) with ``random.Random(seed)`` only, so the same seed gives the
same exercise on every machine and Python version.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias, TypeGuard

from gamelib.exercises import Feedback
from gamelib.language import Language, resolve
from gamelib.notation import format_signed
from gamelib.search.mcts import ucb1

WORDS: Final[Mapping[str, Mapping[Language, str]]] = {
    # ---- the questions
    "selection_question": {
        "en": "UCT is at node {node}, where {mover} is to move; N({node}) = {parent_visits}, "
        "c = {exploration}. N, W and Q = W / N of each child are from {mover}'s view (the "
        "player choosing here). Which child does UCT select next? Unvisited children come "
        "first (their UCB is +∞); when several children tie for the largest UCB value (or "
        "several are unvisited), UCT picks one of them at random: then name all of them.",
        "ja": "UCT はノード {node} にいて、{mover} の手番です。N({node}) = {parent_visits}、"
        "c = {exploration} です。各子の N、W、Q = W / N は {mover}（ここで選ぶプレイヤー）から"
        "見た値です。UCT が次に選ぶ子はどれですか？ 一度も訪れていない子が先です"
        "（その UCB は +∞ です）。最大の UCB 値を持つ子が複数あるとき（または訪れていない子が"
        "複数あるとき）、UCT はその中から乱数で一つを選ぶので、そのすべてを答えてください。",
    },
    "child_row": {
        "en": "{name}: N = {visits}, W = {total}, Q = {mean}",
        "ja": "{name}：N = {visits}、W = {total}、Q = {mean}",
    },
    "unvisited_row": {
        "en": "{name}: N = 0 (never visited)",
        "ja": "{name}：N = 0（一度も訪れていません）",
    },
    "backup_question": {
        "en": "UCT selected the path {path}, expanded the new node {new} and played out from "
        "it: the playout ends in {result}. Rewards are +1 for a win, 0 for a draw, −1 for a "
        "loss. Each node's N and W are from the view of the player who chooses it (the "
        "player to move at its parent; for the root {root}, the player not to move there, "
        "{root_view}). What are N and W of every node on the path after the backup?",
        "ja": "UCT は経路 {path} を選び、新しいノード {new} を展開して、そこからプレイアウトを"
        "しました。プレイアウトの結果：{result}。報酬は勝ち +1、引き分け 0、負け −1 です。"
        "各ノードの N と W は、そのノードを選ぶプレイヤー（親ノードで手番のプレイヤー。"
        "根 {root} では、そこで手番でないプレイヤー {root_view}）から見た値です。"
        "バックアップのあと、経路上の各ノードの N と W はいくつになりますか？",
    },
    "result_win": {"en": "a win for {player}", "ja": "{player} の勝ち"},
    "result_draw": {"en": "a draw", "ja": "引き分け"},
    "tree_row": {
        "en": "{indent}{name} (chosen by {chooser}): N = {visits}, W = {total}",
        "ja": "{indent}{name}（{chooser} が選ぶ）：N = {visits}、W = {total}",
    },
    "new_row": {
        "en": "{indent}{name} (chosen by {chooser}): new, N = 0, W = 0",
        "ja": "{indent}{name}（{chooser} が選ぶ）：新しいノード、N = 0、W = 0",
    },
    "root_row": {
        "en": "{name} (root, {mover} to move; numbers for {view}): N = {visits}, W = {total}",
        "ja": "{name}（根、{mover} の手番。値は {view} から見たもの）：N = {visits}、W = {total}",
    },
    # ---- the form of an answer
    "no_answer": {
        "en": "no answer yet: replace ... or None with your answer",
        "ja": "まだ答えがありません：... や None をあなたの答えに書き換えてください",
    },
    "names_form": {
        "en": "expected a child's name like {example!r}, or a set of names like {{{example!r}}}, "
        "got {answer}",
        "ja": "子の名前（{example!r} のように）か、名前の集合（{{{example!r}}} のように）で"
        "答えてください（{answer} が渡されました）",
    },
    "unknown_children": {
        "en": "{names}: not a child of {node} (its children are {children})",
        "ja": "{names}：{node} の子ではありません（{node} の子は {children} です）",
    },
    "backup_form": {
        "en": "expected a mapping from node names to (N, W) pairs, like {example}, got {answer}",
        "ja": "ノード名から (N, W) の組への辞書で答えてください（たとえば {example}）。"
        "渡された答えは {answer} です",
    },
    "pair_form": {
        "en": "{name}: expected a pair of numbers (N, W), got {given}",
        "ja": "{name}：数の組 (N, W) で答えてください（{given} が渡されました）",
    },
    "unknown_nodes": {
        "en": "{names}: not a node of this tree",
        "ja": "{names}：この木のノードではありません",
    },
    "missing_nodes": {
        "en": "give N and W of every node on the path; missing: {names}",
        "ja": "経路上のすべてのノードの N と W を答えてください。足りないノード：{names}",
    },
    # ---- selection mistakes
    "forgot_unvisited": {
        "en": "{chosen} has been visited, but {unvisited}: N = 0, never visited; an unvisited "
        "child's UCB is +∞, so UCT tries every unvisited child before any visited one",
        "ja": "{chosen} はすでに訪れていますが、{unvisited} は N = 0 で、一度も訪れていません。"
        "訪れていない子の UCB は +∞ なので、UCT は訪れた子より先に、訪れていない子をすべて"
        "試します",
    },
    "tie_unvisited": {
        "en": "{names} are all unvisited: UCT picks one of them at random (seeded), so each "
        "can be selected; name every one of them",
        "ja": "{names} はどれも一度も訪れていません。UCT はその中から乱数（シードつき）で一つを"
        "選ぶので、どれも選ばれ得ます。そのすべてを答えてください",
    },
    "tie": {
        "en": "{names} tie for the largest UCB value, {value}: UCT breaks the tie at random "
        "(seeded), so each can be selected; name every one of them",
        "ja": "{names} は最大の UCB 値 {value} で並んでいます。UCT は乱数（シードつき）で一つを"
        "選ぶので、どれも選ばれ得ます。そのすべてを答えてください",
    },
    "highest_q": {
        "en": "{chosen} has the highest Q ({mean}), but UCT adds the exploration bonus "
        "c·√(ln N_parent / N): {best} has the larger UCB value, {best_value} against {value}",
        "ja": "{chosen} は Q が最大（{mean}）ですが、UCT は探索のボーナス c·√(ln N_parent / N) を"
        "足します。UCB 値は {best} のほうが大きく、{best_value} 対 {value} です",
    },
    "wrong_log": {
        "en": "{chosen} is the choice with {variant} in the bonus; UCB1 uses the natural "
        "logarithm, √(ln N_parent / N), ln {parent_visits} = {logarithm}: {best} has the larger "
        "UCB value, {best_value} against {value}",
        "ja": "{chosen} は、ボーナスに{variant}を使ったときの選択です。UCB1 は自然対数を使い"
        "（√(ln N_parent / N)、ln {parent_visits} = {logarithm}）、UCB 値は {best} のほうが"
        "大きく、{best_value} 対 {value} です",
    },
    "variant_log10": {"en": "log₁₀ N_parent", "ja": "常用対数 log₁₀ N_parent"},
    "variant_log2": {"en": "log₂ N_parent", "ja": "2 を底とする対数 log₂ N_parent"},
    "variant_no_log": {"en": "N_parent without a logarithm", "ja": "対数をとらない N_parent"},
    "sign": {
        "en": "{chosen} would be the choice if {mover} minimised Q: Q is already from the view "
        "of {mover}, the player choosing here, so every player takes the largest Q + bonus; "
        "{best} has the larger UCB value, {best_value} against {value}",
        "ja": "{chosen} は、{mover} が Q を最小にするときの選択です。Q はすでにここで選ぶ"
        "プレイヤー {mover} から見た値なので、どちらのプレイヤーも Q + ボーナスが最大の子を"
        "選びます。UCB 値は {best} のほうが大きく、{best_value} 対 {value} です",
    },
    "lower_ucb": {
        "en": "{chosen} has the UCB value {value}, lower than {best}'s {best_value}",
        "ja": "{chosen} の UCB 値は {value} で、{best} の {best_value} より小さいです",
    },
    "ucb_values": {
        "en": "UCB = Q + c·√(ln N_parent / N) with c = {exploration}, ln {parent_visits} = "
        "{logarithm}: {values}",
        "ja": "UCB 値 = Q + c·√(ln N_parent / N)（c = {exploration}、ln {parent_visits} = "
        "{logarithm}）：{values}",
    },
    "ucb_value": {"en": "{name} {value}", "ja": "{name} {value}"},
    "ucb_infinite": {"en": "{name} +∞ (N = 0)", "ja": "{name} +∞（N = 0）"},
    # ---- backup mistakes
    "count_not_incremented": {
        "en": "{name}: N goes from {old} to {new}: every node on the path counts the iteration, "
        "the new node and the root included",
        "ja": "{name}：N は {old} から {new} になります。新しいノードと根も含め、経路上の"
        "すべてのノードがこの反復を数えます",
    },
    "count_wrong": {
        "en": "{name}: N is {new} (it was {old}, plus one), not {given}",
        "ja": "{name}：N は {given} ではなく {new} です（{old} に 1 を足します）",
    },
    "draw_changes_nothing": {
        "en": "{name}: a draw adds 0, so W stays {old}, not {given}",
        "ja": "{name}：引き分けは 0 を足すので、W は {given} ではなく {old} のままです",
    },
    "total_unchanged": {
        "en": "{name}: W changes too: {chooser} chooses {name}, and the playout is a "
        "{outcome} for {chooser}, so W goes from {old} to {new}",
        "ja": "{name}：W も変わります。{name} を選ぶのは {chooser} で、プレイアウトは "
        "{chooser} にとって{outcome}なので、W は {old} から {new} になります",
    },
    "sign_not_flipped": {
        "en": "{name}: the sign is wrong: {chooser} chooses {name}, and the playout is a "
        "{outcome} for {chooser}, so W goes from {old} to {new}, not {given}; the sign flips "
        "at every level, because the player choosing alternates",
        "ja": "{name}：符号が違います。{name} を選ぶのは {chooser} で、プレイアウトは "
        "{chooser} にとって{outcome}なので、W は {given} ではなく、{old} から {new} に"
        "なります。選ぶプレイヤーが一手ごとに入れ替わるので、符号は段ごとに反転します",
    },
    "root_view": {
        "en": "{name} is the root: its numbers are from the view of {chooser}, the player not "
        "to move at the root (as though {chooser} had chosen it), and the playout is a "
        "{outcome} for {chooser}, so W goes from {old} to {new}, not {given}",
        "ja": "{name} は根です。根の値は、根で手番でないプレイヤー {chooser} から見たもの"
        "です（{chooser} が根を選んだと考えます）。プレイアウトは {chooser} にとって"
        "{outcome}なので、W は {given} ではなく、{old} から {new} になります",
    },
    "total_wrong": {
        "en": "{name}: W is {new} ({old} plus {reward}, the reward for {chooser}), not {given}",
        "ja": "{name}：W は {given} ではなく {new} です（{old} に {chooser} の報酬 {reward} を"
        "足します）",
    },
    "off_path": {
        "en": "{name} is not on the selected path: its N and W do not change ({visits}, {total})",
        "ja": "{name} は選ばれた経路の上にないので、N と W は変わりません（{visits}、{total}）",
    },
    "outcome_win": {"en": "win (+1)", "ja": "勝ち（+1）"},
    "outcome_loss": {"en": "loss (−1)", "ja": "負け（−1）"},
    "outcome_draw": {"en": "draw (0)", "ja": "引き分け（0）"},
    "separator": {"en": ", ", "ja": "、"},
    "path_arrow": {"en": " → ", "ja": " → "},
}
"""Every sentence the MCTS exercises write, in English and Japanese (``str.format``)."""

ROOT: Final = "R"
"""The name of an exercise's root."""

PLAYERS: Final = ("X", "O")
"""The two players, by the names the exercises give them."""

Situation: TypeAlias = Literal["plain", "tie", "unvisited"]
SITUATIONS: tuple[Situation, ...] = ("plain", "tie", "unvisited")
"""What a selection exercise is made to contain: a clear choice that is not the child with
the highest Q (``"plain"``), a tie for the largest UCB value (``"tie"``), or unvisited
children (``"unvisited"``: one or two)."""

EXPLORATIONS: Final = (0.5, 1.0, math.sqrt(2), 2.0)
"""The exploration constants c a random exercise uses."""

SMALLEST_GAP: Final = 0.02
"""Random exercises keep the largest UCB value at least this far from every smaller one, so a
choice computed by hand with three decimals is never in doubt."""

MAX_ATTEMPTS: Final = 10_000


def _words(language: str | None) -> dict[str, str]:
    chosen = resolve(language)
    return {name: texts[chosen] for name, texts in WORDS.items()}


def decimal(value: float) -> str:
    """A number with three decimals and a true minus sign (``−0.333``)."""
    return f"{value:.3f}".replace("-", "−")


def exploration_text(exploration: float) -> str:
    """c as a question shows it: ``√2 ≈ 1.414`` for √2, else the number."""
    if exploration == math.sqrt(2):
        return "√2 ≈ 1.414"
    return f"{exploration:g}"


def _other(player: str) -> str:
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and not math.isnan(value)


def _join(names: Iterable[str], words: Mapping[str, str]) -> str:
    return words["separator"].join(names)


# --------------------------------------------------------------------------- selection


@dataclass(frozen=True)
class ChildNumbers:
    """One child as its parent sees it: its name, N and W (from the chooser's view)."""

    name: str
    visits: int
    total: int

    @property
    def mean(self) -> float | None:
        """Q = W / N, None when N = 0."""
        return None if self.visits == 0 else self.total / self.visits


@dataclass(frozen=True)
class SelectionExercise:
    """ "Which child does UCT select next?" at one node.

    Attributes:
        node: the node's name.
        mover: the player to move there (``"X"`` or ``"O"``), who chooses the child.
        parent_visits: N of the node.
        children: its children in the game's order, N and W from ``mover``'s view.
        exploration: the UCB1 constant c.
    """

    node: str
    mover: str
    parent_visits: int
    children: tuple[ChildNumbers, ...]
    exploration: float

    def __post_init__(self) -> None:
        if self.mover not in PLAYERS:
            raise ValueError(f"mover must be one of {PLAYERS}, not {self.mover!r}")
        if len({child.name for child in self.children}) != len(self.children) or not self.children:
            raise ValueError("a selection exercise needs children with distinct names")
        visited = sum(child.visits for child in self.children)
        if any(child.visits < 0 or abs(child.total) > child.visits for child in self.children):
            raise ValueError("every child needs N ≥ 0 and |W| ≤ N (rewards are −1, 0 or +1)")
        if self.parent_visits < max(visited, 1):
            raise ValueError(
                f"N({self.node}) = {self.parent_visits} is less than its children's visits"
            )

    # ---- the answer, computed with the library's UCB1
    def ucb_values(self) -> dict[str, float]:
        """Every child's UCB1 value by :func:`gamelib.search.mcts.ucb1` (+∞ when N = 0)."""
        return {
            child.name: ucb1(child.mean, child.visits, self.parent_visits, self.exploration)
            for child in self.children
        }

    def selectable(self) -> frozenset[str]:
        """The children UCT may select next: those with the largest UCB value (all the
        unvisited ones when there are any; several when they tie)."""
        values = self.ucb_values()
        best = max(values.values())
        return frozenset(name for name, value in values.items() if value == best)

    def _argmax(self, score: Mapping[str, float]) -> frozenset[str]:
        best = max(score.values())
        return frozenset(name for name, value in score.items() if value == best)

    def _variant(self, logarithm: float) -> frozenset[str]:
        """The choice when the bonus uses ``logarithm`` instead of ln N_parent (visited
        children only)."""
        return self._argmax(
            {
                child.name: child.total / child.visits
                + self.exploration * math.sqrt(logarithm / child.visits)
                for child in self.children
                if child.visits
            }
        )

    # ---- words
    def rows(self, *, language: str | None = None) -> list[str]:
        """One line per child: its N, W and Q (three decimals)."""
        words = _words(language)
        rows = []
        for child in self.children:
            if child.mean is None:
                rows.append(words["unvisited_row"].format(name=child.name))
            else:
                rows.append(
                    words["child_row"].format(
                        name=child.name,
                        visits=child.visits,
                        total=format_signed(child.total),
                        mean=decimal(child.mean),
                    )
                )
        return rows

    def question(self, *, language: str | None = None) -> str:
        """The task in words, then one line per child."""
        words = _words(language)
        head = words["selection_question"].format(
            node=self.node,
            mover=self.mover,
            parent_visits=self.parent_visits,
            exploration=exploration_text(self.exploration),
        )
        return head + "\n\n" + "\n".join(self.rows(language=language))

    def explain_values(self, *, language: str | None = None) -> str:
        """Every child's UCB value, as the key and a wrong answer's feedback show them."""
        words = _words(language)
        parts = []
        for name, value in self.ucb_values().items():
            if math.isinf(value):
                parts.append(words["ucb_infinite"].format(name=name))
            else:
                parts.append(words["ucb_value"].format(name=name, value=decimal(value)))
        return words["ucb_values"].format(
            exploration=exploration_text(self.exploration),
            parent_visits=self.parent_visits,
            logarithm=decimal(math.log(self.parent_visits)),
            values=_join(parts, words),
        )

    # ---- checking
    def check(self, answer: object, *, language: str | None = None) -> Feedback:
        """Check the children a student says UCT selects (a name, or a set, list or string
        of names); never raises. A wrong answer's feedback names the mistake (the highest
        Q, a forgotten unvisited child, the wrong logarithm, the sign of Q, a tie not named
        whole) and ends with every child's UCB value."""
        chosen_language = resolve(language)
        words = _words(chosen_language)
        if answer is None or answer is Ellipsis:
            return Feedback(False, [words["no_answer"]], language=chosen_language)
        names = _read_names(answer)
        example = self.children[0].name
        if names is None:
            message = words["names_form"].format(example=example, answer=repr(answer))
            return Feedback(False, [message], language=chosen_language)
        known = [child.name for child in self.children]
        unknown = [name for name in names if name not in known]
        if unknown:
            message = words["unknown_children"].format(
                names=_join(unknown, words), node=self.node, children=_join(known, words)
            )
            return Feedback(False, [message], language=chosen_language)
        right = self.selectable()
        given = frozenset(names)
        if given == right:
            return Feedback(True, language=chosen_language)
        messages = self._mistakes(given, right, words)
        messages.append(self.explain_values(language=chosen_language))
        return Feedback(False, messages, language=chosen_language)

    def _mistakes(
        self, given: frozenset[str], right: frozenset[str], words: Mapping[str, str]
    ) -> list[str]:
        values = self.ucb_values()
        ordered_right = [child.name for child in self.children if child.name in right]
        best = ordered_right[0]
        unvisited = [child.name for child in self.children if child.visits == 0]
        visited = [child for child in self.children if child.visits]
        messages = []
        for child in self.children:
            name = child.name
            if name not in given or name in right:
                continue
            if unvisited:
                messages.append(
                    words["forgot_unvisited"].format(chosen=name, unvisited=_join(unvisited, words))
                )
                continue
            numbers = {
                "chosen": name,
                "best": best,
                "best_value": decimal(values[best]),
                "value": decimal(values[name]),
            }
            means = {other.name: other.total / other.visits for other in visited}
            bonus = {other.name: values[other.name] - means[other.name] for other in visited}
            variants = (
                ("variant_log10", math.log10(self.parent_visits)),
                ("variant_log2", math.log2(self.parent_visits)),
                ("variant_no_log", float(self.parent_visits)),
            )
            wrong_log = next(
                (variant for variant, logarithm in variants if name in self._variant(logarithm)),
                None,
            )
            if name in self._argmax(means):
                messages.append(words["highest_q"].format(mean=decimal(means[name]), **numbers))
            elif wrong_log is not None:
                messages.append(
                    words["wrong_log"].format(
                        variant=words[wrong_log],
                        parent_visits=self.parent_visits,
                        logarithm=decimal(math.log(self.parent_visits)),
                        **numbers,
                    )
                )
            elif name in self._argmax(
                {other: bonus[other] - means[other] for other in means}
            ) or name in self._argmax({other: -means[other] for other in means}):
                messages.append(words["sign"].format(mover=self.mover, **numbers))
            else:
                messages.append(words["lower_ucb"].format(**numbers))
        missed = right - given
        if missed and not messages:
            if unvisited:
                messages.append(words["tie_unvisited"].format(names=_join(ordered_right, words)))
            elif len(right) > 1:
                messages.append(
                    words["tie"].format(
                        names=_join(ordered_right, words), value=decimal(values[best])
                    )
                )
        elif missed and len(right) > 1:
            key = "tie_unvisited" if unvisited else "tie"
            messages.append(
                words[key].format(names=_join(ordered_right, words), value=decimal(values[best]))
            )
        return messages

    # ---- made from a seed
    @classmethod
    def random(cls, seed: int, situation: Situation = "plain") -> SelectionExercise:
        """An exercise from ``seed`` (``random.Random(seed)`` alone: the same on every
        machine) containing ``situation`` (:data:`SITUATIONS`).

        Every exercise made here has a largest UCB value at least :data:`SMALLEST_GAP` above
        every other value, and, among its visited children, a child with the highest Q that
        UCT does not select (the trap of forgetting the bonus).

        Raises:
            ValueError: for an unknown situation.
        """
        if situation not in SITUATIONS:
            raise ValueError(f"situation must be one of {SITUATIONS}, not {situation!r}")
        generator = random.Random(seed)
        for _ in range(MAX_ATTEMPTS):
            exercise = _draw_selection(generator, situation)
            if exercise is not None:
                return exercise
        raise ValueError(f"no {situation} selection exercise from seed {seed}")  # pragma: no cover


def _draw_selection(generator: random.Random, situation: Situation) -> SelectionExercise | None:
    """One candidate exercise, or None when it misses the requirements of ``situation``."""
    count = generator.choice((3, 3, 4))
    at_root = generator.random() < 0.5
    mover = generator.choice(PLAYERS)
    node = ROOT if at_root else generator.choice(("a", "b", "c"))
    names = list("abcd"[:count]) if at_root else [f"{node}{index}" for index in range(1, count + 1)]
    children = []
    for name in names:
        visits = generator.randint(1, 12)
        total = generator.randint(-visits, visits)
        children.append(ChildNumbers(name, visits, total))
    unvisited = 0
    if situation == "unvisited":
        unvisited = generator.choice((1, 1, 2))
        for index in generator.sample(range(count), unvisited):
            children[index] = ChildNumbers(children[index].name, 0, 0)
    if situation == "tie":
        first, second = generator.sample(range(count), 2)
        children[second] = ChildNumbers(
            children[second].name, children[first].visits, children[first].total
        )
    visited = [child for child in children if child.visits]
    if len(visited) < 2:
        return None
    total_visits = sum(child.visits for child in children)
    exploration = generator.choice(EXPLORATIONS)
    exercise = SelectionExercise(
        node, mover, total_visits + (0 if at_root else 1), tuple(children), exploration
    )
    if exercise.parent_visits < 2:
        return None
    # judge the visited children: a clear best by UCB that is not the best by Q
    pretend = SelectionExercise(node, mover, exercise.parent_visits, tuple(visited), exploration)
    values = pretend.ucb_values()
    best = pretend.selectable()
    means = {child.name: child.total / child.visits for child in visited}
    highest_q = pretend._argmax(means)
    if highest_q & best or len(highest_q) > 1:
        return None
    best_value = max(values.values())
    others = [value for value in values.values() if value != best_value]
    if not others or best_value - max(others) < SMALLEST_GAP:
        return None
    if situation == "tie" and len(best) != 2:
        return None
    if situation == "plain" and len(best) != 1:
        return None
    if situation == "unvisited" and len(best) != 1:
        return None
    return exercise


def _read_names(answer: object) -> list[str] | None:
    """The names of an answer (a name, names separated by spaces or commas, or a set or list
    of names), or None when it is none of these."""
    if isinstance(answer, str):
        names = [name for name in re.split(r"[\s,;、]+", answer.strip()) if name]
        return names or None
    if isinstance(answer, Iterable) and not isinstance(answer, bytes | Mapping):
        items = list(answer)
        if not items or not all(isinstance(item, str) for item in items):
            return None
        return [str(item) for item in items]
    return None


# --------------------------------------------------------------------------- backup


@dataclass(frozen=True)
class TreeNumbers:
    """A node of a backup exercise's tree: N and W from the view of ``chooser``.

    Attributes:
        name: the node's name.
        parent: its parent's name (None at the root).
        chooser: the player who chooses it: the player to move at its parent; at the root,
            the player *not* to move there (the library's convention).
        visits, total: N and W before the backup.
    """

    name: str
    parent: str | None
    chooser: str
    visits: int
    total: int


def reward_for(player: str, winner: str | None) -> int:
    """The playout's reward for ``player``: +1 when ``player`` won, −1 when the other player
    won, 0 for a draw (``winner`` None)."""
    if winner is None:
        return 0
    return 1 if winner == player else -1


@dataclass(frozen=True)
class BackupExercise:
    """ "Back up this playout": the new N and W of every node on the selected path.

    Attributes:
        nodes: the tree shown, root first, every parent before its children; the last node
            of ``path`` is the new node, with N = W = 0.
        path: the selected path, root first, ending at the new node.
        winner: the player who won the playout (None: a draw).
    """

    nodes: tuple[TreeNumbers, ...]
    path: tuple[str, ...]
    winner: str | None

    def __post_init__(self) -> None:
        names = [node.name for node in self.nodes]
        if len(set(names)) != len(names) or not set(self.path) <= set(names):
            raise ValueError("a backup exercise needs distinct node names and a path in its tree")
        if self.winner is not None and self.winner not in PLAYERS:
            raise ValueError(f"winner must be one of {PLAYERS} or None, not {self.winner!r}")

    @property
    def by_name(self) -> dict[str, TreeNumbers]:
        return {node.name: node for node in self.nodes}

    @property
    def root(self) -> TreeNumbers:
        return self.nodes[0]

    @property
    def root_mover(self) -> str:
        """The player to move at the root."""
        return _other(self.root.chooser)

    def solution(self) -> dict[str, tuple[int, int]]:
        """N and W of every node on the path after the backup: N + 1, and W plus the
        reward for the node's chooser (:func:`reward_for`)."""
        by_name = self.by_name
        return {
            name: (
                by_name[name].visits + 1,
                by_name[name].total + reward_for(by_name[name].chooser, self.winner),
            )
            for name in self.path
        }

    # ---- words
    def result_text(self, *, language: str | None = None) -> str:
        words = _words(language)
        if self.winner is None:
            return words["result_draw"]
        return words["result_win"].format(player=self.winner)

    def rows(self, *, language: str | None = None) -> list[str]:
        """The tree as an indented outline, one node a line, with N, W and the chooser."""
        words = _words(language)
        depth = {self.root.name: 0}
        rows = []
        for node in self.nodes:
            if node.parent is None:
                rows.append(
                    words["root_row"].format(
                        name=node.name,
                        mover=self.root_mover,
                        view=node.chooser,
                        visits=node.visits,
                        total=format_signed(node.total),
                    )
                )
                continue
            depth[node.name] = depth[node.parent] + 1
            indent = "    " * depth[node.name]
            key = "new_row" if node.name == self.path[-1] else "tree_row"
            rows.append(
                words[key].format(
                    indent=indent,
                    name=node.name,
                    chooser=node.chooser,
                    visits=node.visits,
                    total=format_signed(node.total),
                )
            )
        return rows

    def question(self, *, language: str | None = None) -> str:
        words = _words(language)
        head = words["backup_question"].format(
            path=words["path_arrow"].join(self.path),
            new=self.path[-1],
            result=self.result_text(language=language),
            root=self.root.name,
            root_view=self.root.chooser,
        )
        return head + "\n\n" + "\n".join(self.rows(language=language))

    def _outcome(self, chooser: str, words: Mapping[str, str]) -> str:
        reward = reward_for(chooser, self.winner)
        return words[{1: "outcome_win", -1: "outcome_loss", 0: "outcome_draw"}[reward]]

    # ---- checking
    def check(self, answer: object, *, language: str | None = None) -> Feedback:
        """Check ``{node name: (N, W)}`` for the nodes on the path; never raises. Each wrong
        number is named with why: a count not incremented, a sign not flipped at a level,
        the root's view, a draw that changes W, a node off the path that changed."""
        chosen = resolve(language)
        words = _words(chosen)
        if answer is None or answer is Ellipsis:
            return Feedback(False, [words["no_answer"]], language=chosen)
        example = "{" + ", ".join(f"{name!r}: (N, W)" for name in self.path[:2]) + ", ...}"
        if not isinstance(answer, Mapping) or not answer:
            message = words["backup_form"].format(example=example, answer=repr(answer))
            return Feedback(False, [message], language=chosen)
        by_name = self.by_name
        unknown = [repr(name) for name in answer if name not in by_name]
        if unknown:
            message = words["unknown_nodes"].format(names=_join(unknown, words))
            return Feedback(False, [message], language=chosen)
        messages = []
        solution = self.solution()
        for node in self.nodes:
            if node.name not in answer:
                continue
            pair = _read_pair(answer[node.name])
            if pair is None:
                messages.append(
                    words["pair_form"].format(name=node.name, given=repr(answer[node.name]))
                )
                continue
            if node.name not in solution:
                if pair != (node.visits, node.total):
                    messages.append(
                        words["off_path"].format(
                            name=node.name, visits=node.visits, total=format_signed(node.total)
                        )
                    )
                continue
            messages += self._node_mistakes(node, pair, solution[node.name], words)
        missing = [name for name in self.path if name not in answer]
        if missing:
            messages.append(words["missing_nodes"].format(names=_join(missing, words)))
        return Feedback(not messages, messages, language=chosen)

    def _node_mistakes(
        self,
        node: TreeNumbers,
        given: tuple[float, float],
        expected: tuple[int, int],
        words: Mapping[str, str],
    ) -> list[str]:
        messages = []
        given_visits, given_total = given
        new_visits, new_total = expected
        if given_visits != new_visits:
            key = "count_not_incremented" if given_visits == node.visits else "count_wrong"
            messages.append(
                words[key].format(
                    name=node.name, old=node.visits, new=new_visits, given=_number(given_visits)
                )
            )
        if given_total == new_total:
            return messages
        reward = reward_for(node.chooser, self.winner)
        numbers = {
            "name": node.name,
            "chooser": node.chooser,
            "old": format_signed(node.total),
            "new": format_signed(new_total),
            "given": format_signed(given_total),
            "outcome": self._outcome(node.chooser, words),
            "reward": format_signed(reward),
        }
        if reward == 0:
            key = "draw_changes_nothing"
        elif given_total == node.total:
            key = "total_unchanged"
        elif given_total == node.total - reward:
            key = "root_view" if node.parent is None else "sign_not_flipped"
        else:
            key = "total_wrong"
        messages.append(words[key].format(**numbers))
        return messages

    # ---- made from a seed
    @classmethod
    def random(cls, seed: int, *, draw: bool | None = None) -> BackupExercise:
        """An exercise from ``seed`` (``random.Random(seed)`` alone: the same on every
        machine): a root with two or three children, a path of two or three moves down to
        a new node, siblings beside it, and numbers as a real UCT run leaves them (a
        parent's N is one more than its children's together, the root's equal to them; W is
        an integer with |W| ≤ N, a parent's W the negated sum of its children's plus its own
        playout's reward). ``draw``: True for a drawn playout, False for a win, None: drawn
        one time in five."""
        generator = random.Random(seed)
        root_mover = generator.choice(PLAYERS)
        if draw is None:
            draw = generator.random() < 0.2
        winner = None if draw else generator.choice(PLAYERS)
        moves = generator.choice((2, 3))
        # the shape: the path's nodes, and for each inner one its children in order
        path = [ROOT]
        children: dict[str, list[str]] = {}
        for depth in range(moves):
            parent = path[-1]
            count = generator.choice((2, 3)) if depth == 0 else generator.choice((1, 2, 2, 3))
            names = [_child_name(parent, depth, index) for index in range(count)]
            children[parent] = names
            path.append(generator.choice(names))
        new = path[-1]
        # the numbers, from the bottom up, as a UCT run leaves them
        visits: dict[str, int] = {new: 0}
        totals: dict[str, int] = {new: 0}
        for parent in reversed(path[:-1]):
            for name in children[parent]:
                if name not in visits:  # off the path: a leaf of the tree shown
                    visits[name] = generator.randint(1, 5)
                    totals[name] = generator.randint(-visits[name], visits[name])
            own_playout = 0 if parent == ROOT else 1
            visits[parent] = own_playout + sum(visits[name] for name in children[parent])
            own_reward = generator.choice((-1, 0, 1)) if own_playout else 0
            totals[parent] = own_reward - sum(totals[name] for name in children[parent])
        chooser = {ROOT: _other(root_mover)}
        ordered = [TreeNumbers(ROOT, None, chooser[ROOT], visits[ROOT], totals[ROOT])]

        def add(parent: str) -> None:
            for name in children.get(parent, []):
                chooser[name] = _other(chooser[parent])
                ordered.append(TreeNumbers(name, parent, chooser[name], visits[name], totals[name]))
                add(name)

        add(ROOT)
        return cls(tuple(ordered), tuple(path), winner)


def _child_name(parent: str, depth: int, index: int) -> str:
    """Children of the root are a, b, c; below them a digit, then a letter: a2, a2b."""
    if depth == 0:
        return "abc"[index]
    return parent + (str(index + 1) if depth == 1 else "abc"[index])


def _read_pair(given: object) -> tuple[float, float] | None:
    """(N, W) from a pair of numbers, or None."""
    if isinstance(given, str | bytes | Mapping) or not isinstance(given, Sequence):
        return None
    if len(given) != 2 or not all(_is_number(part) for part in given):
        return None
    return float(given[0]), float(given[1])


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
