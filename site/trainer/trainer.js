/*
 * The α-β pruning trainer's logic, without the page: random trees, the search, the checker.
 *
 * Everything here mirrors gamelib (the course's Python package) so the page says exactly
 * what the notebooks say; tests/test_trainer.py runs check.mjs on thousands of trees and
 * compares every answer with gamelib's:
 *
 *   randomTree          gamelib.trees.random_tree (the same Mersenne Twister as Python's
 *                       random.Random, so seed 7 gives the notebooks' seed-7 tree)
 *   search              gamelib.search.alphabeta / alphabeta_failsoft, recorded like
 *                       gamelib.trace.Recorder (events in MAX's view)
 *   Exercise            gamelib.exercises.PruningExercise (solution, explanations, check)
 *   sentences           gamelib.render.describe.sentences (MAX's view): the animation's words
 *   pictures            gamelib.render.scene.trace_pictures: what each animation step shows
 *   formatNumber, ...   gamelib.notation
 *
 * Every sentence is in English or Japanese: the text-producing functions take a `language`
 * ("en", the default, or "ja"), and their words are the templates of gamelib's WORDS tables
 * (WORDS below, compared with gamelib's key for key by the test), so the Japanese page
 * (ja/index.html) says what gamelib says with language="ja".
 *
 * A classic script (no ES module), so the page works from file://; node loads it through
 * `module.exports` (see check.mjs). No network, no dependencies.
 */
"use strict";

const PruningTrainer = (() => {
  const INF = Infinity;
  const MINUS = "\u2212";
  const CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩";
  const FIRST = 0; // MAX, the player to move at the root

  // ------------------------------------------------------------------ the words, both languages

  /**
   * Every sentence the trainer writes, in English and Japanese: the templates of gamelib's
   * WORDS tables, copied key for key (tests/test_trainer.py checks that each one equals
   * gamelib's), grouped by the module they come from; "page" holds the page's own words.
   * Templates are Python str.format templates ({name} fields, {{ and }} for braces).
   */
  const WORDS = {
    "gamelib.notation": {
      not_a_number: { en: "{text} is not a number", ja: "{text} は数として読めません" },
      too_large: { en: "{text} is too large a number", ja: "{text} は大きすぎる数です" },
      too_large_float: {
        en: "{text} is too large a number (write inf or ∞ for an infinite value)",
        ja: "{text} は大きすぎる数です（無限大は inf または ∞ と書いてください）",
      },
      exact: { en: "exact", ja: "正確な値" },
      lower_bound: { en: "lower bound: ≥ {number}", ja: "下限値：≥ {number}" },
      upper_bound: { en: "upper bound: ≤ {number}", ja: "上限値：≤ {number}" },
      value_with_bound: { en: "{number} ({what})", ja: "{number}（{what}）" },
      meaning_lower: {
        en: "a lower bound: the true value is ≥ {number}",
        ja: "下限値です。真の値は {number} 以上です",
      },
      meaning_upper: {
        en: "an upper bound: the true value is ≤ {number}",
        ja: "上限値です。真の値は {number} 以下です",
      },
      more_names: { en: "{count} more", ja: "ほか {count} 個" },
      names_separator: { en: ", ", ja: "、" },
      two_or_more_names: { en: "{names} and {last}", ja: "{names} と {last}" },
      names_and_more: { en: "{names} and {count} more", ja: "{names} ほか {count} 個" },
    },
    "gamelib.exercises": {
      correct: { en: "Correct!", ja: "正解です！" },
      not_yet: { en: "Not yet:", ja: "まだ正解ではありません：" },
      convention: {
        en: "children {direction}, cut on {rule}, fail-{failure}",
        ja: "子を{direction}探索、{rule}、fail-{failure}",
      },
      left_to_right: { en: "left to right", ja: "左から右へ" },
      right_to_left: { en: "right to left", ja: "右から左へ" },
      cut_on_reach: { en: "value ≥ β", ja: "値 ≥ β でカット" },
      cut_on_pass: {
        en: "value > β (strictly)",
        ja: "値 > β でカット（β と等しいときはカットしない）",
      },
      question: {
        en:
          "Search this tree with α-β ({convention}); MAX moves at the root. " +
          "Which leaves are never evaluated? What value does each inner node return?",
        ja:
          "この木をαβ法（{convention}）で探索します。根ノードは MAX の手番です。" +
          "評価されない葉はどれですか？ 各内部ノードはどんな値を返しますか？",
      },
      names_separator: { en: ", ", ja: "、" },
      unknown_nodes: {
        en: "{names}: not a node of this tree (its leaves are {leaves})",
        ja: "{names}：この木のノードではありません（この木の葉は {leaves} です）",
      },
      pruned_because: {
        en: "{leaf} is pruned: {reason}",
        ja: "{leaf} は枝刈りされます：{reason}",
      },
      cut_at_max: {
        en:
          "at {node} (MAX) {child} returned {value} {relation} β = {beta}: MIN above " +
          "already has a choice at least as good, so {stops}",
        ja:
          "{node}（MAX）で {child} が返した値は {value} {relation} β = {beta} です。" +
          "上の MIN にはすでに同等以上の選択肢があるので、βカットが起こります。{stops}",
      },
      cut_at_min: {
        en:
          "at {node} (MIN) {child} returned {value} {relation} α = {alpha}: MAX above " +
          "already has a choice at least as good, so {stops}",
        ja:
          "{node}（MIN）で {child} が返した値は {value} {relation} α = {alpha} です。" +
          "上の MAX にはすでに同等以上の選択肢があるので、αカットが起こります。{stops}",
      },
      // under the strict rule (cut only past the bound) an equal choice does not cut: the
      // choice above is better, not merely as good
      cut_at_max_strict: {
        en:
          "at {node} (MAX) {child} returned {value} {relation} β = {beta}: MIN above " +
          "already has a better choice, so {stops}",
        ja:
          "{node}（MAX）で {child} が返した値は {value} {relation} β = {beta} です。" +
          "上の MIN にはすでにより良い選択肢があるので、βカットが起こります。{stops}",
      },
      cut_at_min_strict: {
        en:
          "at {node} (MIN) {child} returned {value} {relation} α = {alpha}: MAX above " +
          "already has a better choice, so {stops}",
        ja:
          "{node}（MIN）で {child} が返した値は {value} {relation} α = {alpha} です。" +
          "上の MAX にはすでにより良い選択肢があるので、αカットが起こります。{stops}",
      },
      stops_no_child: {
        en: "{node} stops, a cut at the last child: nothing is left to prune",
        ja:
          "{node} の探索はここで終わりますが、最後の子でのカットなので、枝刈りされるものは" +
          "残っていません",
      },
      stops_one: {
        en: "{node} stops and {names} is never searched",
        ja: "{node} の探索はここで打ち切られ、{names} は探索されません",
      },
      stops_many: {
        en: "{node} stops and {names} are never searched",
        ja: "{node} の探索はここで打ち切られ、{names} は探索されません",
      },
      evaluated_because: {
        en:
          "{leaf} is evaluated (number {order}): when the search reaches it the window is " +
          "{window}, and no earlier sibling of it or of an ancestor caused a cutoff",
        ja:
          "{leaf} は評価されます（{order} 番目）：探索が {leaf} に達したときの探索窓は " +
          "{window} で、{leaf} より先に探索された兄弟ノードも、{leaf} の祖先より先に探索された" +
          "兄弟ノードも、カットを起こしていません",
      },
      values_unchecked: {
        en: "values: only the values given were checked; not given, so not checked: {names}",
        ja: "値：答えた値だけを確かめました。答えがないので確かめていないノード：{names}",
      },
      values_unknown: {
        en: "values: {name} is not a node of this tree",
        ja: "値：{name} はこの木のノードではありません",
      },
      values_leaf: {
        en: "values: {name} is a leaf; give values of inner nodes only",
        ja: "値：{name} は葉です。内部ノードの値だけを答えてください",
      },
      values_pruned: {
        en: "values: {name} is pruned, so it returns no value",
        ja: "値：{name} は枝刈りされるので、値を返しません",
      },
      values_not_number: {
        en: "values: the value of {name} should be a number, got {given}",
        ja: "値：{name} の値は数で答えてください（{given} が渡されました）",
      },
      values_wrong: {
        en: "{name} returns {value}, not {given} ({meaning})",
        ja: "{name} が返す値は {value} で、{given} ではありません（{meaning}）",
      },
    },
    "gamelib.render.describe": {
      before: {
        en: "Before the search: nothing is visited yet.",
        ja: "探索前：まだどのノードも訪れていません。",
      },
      cut: {
        en: "{kind}-cut at {node}:{separator}{value} {relation} {threshold}",
        ja: "{node} で{kind}カット：{separator}{value} {relation} {threshold}",
      },
      cut_nothing_left: {
        en: "{reason}: no moves were left to prune",
        ja: "{reason}、枝刈りする手は残っていません",
      },
      cut_pruned: { en: "{reason}, {names} pruned", ja: "{reason}、{names} を枝刈りします" },
      start: {
        en: "{algorithm} starts at {node} ({role})",
        ja: "{algorithm} が {node}（{role}）から探索を始めます",
      },
      start_with_window: {
        en: "{algorithm} starts at {node} ({role}) with window {window}",
        ja: "{algorithm} が {node}（{role}）から探索窓 {window} で探索を始めます",
      },
      enter: { en: "Enter {node}, a {role} node", ja: "{role} ノード {node} に入ります" },
      enter_with_window: {
        en: "Enter {node}, a {role} node, with window {window}",
        ja: "{role} ノード {node} に探索窓 {window} で入ります",
      },
      evaluate: {
        en: "Leaf {node} evaluates to {value} (evaluation {mark})",
        ja: "葉 {node} の評価値は {value} です（評価順 {mark}）",
      },
      raises_alpha: {
        en: "{lead} raises α at {node} to {alpha}",
        ja: "{lead} で {node} のαが {alpha} に上がります",
      },
      lowers_beta: {
        en: "{lead} lowers β at {node} to {beta}",
        ja: "{lead} で {node} のβが {beta} に下がります",
      },
      new_best: {
        en: "{lead} makes {node}'s best {best}",
        ja: "{lead} で {node} のこれまでの最善値が {best} になります",
      },
      new_best_alpha_stays: {
        en: "{lead} makes {node}'s best {best}; α stays {alpha}",
        ja: "{lead} で {node} のこれまでの最善値が {best} になります。αは {alpha} のままです",
      },
      new_best_beta_stays: {
        en: "{lead} makes {node}'s best {best}; β stays {beta}",
        ja: "{lead} で {node} のこれまでの最善値が {best} になります。βは {beta} のままです",
      },
      alpha_not_raised: {
        en: "{lead} does not raise α at {node} (α stays {alpha})",
        ja: "{lead} では {node} のαは上がりません（αは {alpha} のまま）",
      },
      beta_not_lowered: {
        en: "{lead} does not lower β at {node} (β stays {beta})",
        ja: "{lead} では {node} のβは下がりません（βは {beta} のまま）",
      },
      not_improved: {
        en: "{lead} does not improve {node} (best so far {best})",
        ja: "{lead} では {node} の値は良くなりません（これまでの最善値 {best}）",
      },
      returns: { en: "{node} returns {bound}", ja: "{node} は {bound}を返します" },
      returns_last: {
        en: "{node} returns {bound}: the search is over",
        ja: "{node} は {bound}を返します。これで探索は終わりです",
      },
    },
    "gamelib.render.picture": {
      caption: {
        en: "{algorithm}, step {step} of {total}: {sentence}",
        ja: "{algorithm}、ステップ {step} / {total}：{sentence}",
      },
    },
    "gamelib.render.labels": {
      current: { en: "current", ja: "探索中" },
      pruned: { en: "pruned", ja: "枝刈り済み" },
      window: { en: "window", ja: "探索窓" },
      evaluation_order: { en: "evaluation order", ja: "評価順" },
      best_so_far: { en: "best so far", ja: "これまでの最善値" },
    },
    "gamelib.widgets.pruning": {
      check: { en: "Check", ja: "答え合わせ" },
      show_solution: { en: "Show solution", ja: "解答を見る" },
      new_tree: { en: "New tree", ja: "新しい木" },
      clear: { en: "Clear", ja: "クリア" },
      leaf_tooltip: {
        en: "leaf {name} (value {value}): press to mark it pruned",
        ja: "葉 {name}（値 {value}）：押すと、枝刈りされる葉として印が付きます",
      },
      value_placeholder: { en: "value", ja: "値" },
      box_problem: { en: "value of {name}: {error}", ja: "{name} の値：{error}" },
      not_filled: {
        en: "Values not filled in (optional): {names}.",
        ja: "記入されていない値（任意）：{names}。",
      },
      solution: {
        en:
          "<b>Solution.</b> Pruned leaves: {pruned}. Values returned (MAX's view): " +
          "{values}. Leaves evaluated, in order: {evaluated}.",
        ja:
          "<b>解答</b> 枝刈りされる葉：{pruned}。返される値（MAX から見た値）：" +
          "{values}。評価される葉（評価の順）：{evaluated}。",
      },
      none: { en: "none", ja: "なし" },
      separator: { en: ", ", ja: "、" },
    },
    page: {
      // the exercise's drawing for a screen reader: its size and the answer so far
      tree_label: {
        en: "The tree of the exercise, {count} leaves; marked pruned: {marked}",
        ja: "演習の木（葉 {count} 個）。枝刈りの印をつけた葉：{marked}",
      },
      leaf_label: { en: "leaf {name}, value {value}", ja: "葉 {name}、値 {value}" },
      value_label: { en: "value of {name}", ja: "{name} の値" },
      notebook_line: {
        en: "The same exercise in a course notebook: ",
        ja: "同じ演習を講座のノートブックで：",
      },
      play: { en: "▶ Play", ja: "▶ 再生" },
      play_label: { en: "Play", ja: "再生" },
      pause: { en: "‖ Pause", ja: "‖ 一時停止" },
      pause_label: { en: "Pause", ja: "一時停止" },
      // after Check: each mark and value is right or wrong, said in words beside the colour
      right: { en: "right", ja: "正しい" },
      wrong: { en: "wrong", ja: "間違い" },
      why: { en: "Why: ", ja: "理由：" },
      // the rule's test at a node after a child returned: a cut, or no cut (and why not)
      comparison: { en: "{value} {relation} {bound} = {threshold}", ja: "{value} {relation} {bound} = {threshold}" },
      no_cut: { en: "{comparison}, so no cut", ja: "{comparison} なのでカットしません" },
      no_cut_strict: {
        en: "{comparison}, which does not cut under the strict rule (it cuts only on {strict})",
        ja: "{comparison} ですが、厳密な規則ではカットしません（{strict} のときだけカットします）",
      },
      strict_at_max: { en: "value > β", ja: "値 > β" },
      strict_at_min: { en: "value < α", ja: "値 < α" },
      step_cut: {
        en: "The cut test at {node} ({role}): {child} returned {comparison}, so {node} cuts.",
        ja: "{node}（{role}）のカットの判定：{child} が返した値は {comparison} なのでカットします。",
      },
      step_no_cut: {
        en: "The cut test at {node} ({role}): {child} returned {comparison}.",
        ja: "{node}（{role}）のカットの判定：{child} が返した値は {comparison}。",
      },
      // why a leaf is evaluated: the test at each node above it that searched a child before
      reached_first: {
        en: "every node above {leaf} searches the path to {leaf} first, so no value could cut before it.",
        ja: "{leaf} の上のどのノードも {leaf} への道を最初に探索するので、{leaf} より前にカットを起こせる値はありません。",
      },
      reached_because: {
        en: "no test above {leaf} cuts before it is reached: {tests}.",
        ja: "{leaf} に達する前の判定はどれもカットしません。{tests}。",
      },
      test_at: {
        en: "at {node} ({role}) the best child so far, {child}, returned {comparison}",
        ja: "{node}（{role}）ではそれまでの最善の子 {child} が返した値は {comparison}",
      },
      tests_separator: { en: "; ", ja: "。" },
      // why an inner node returns its value: the cut and what the rule returns there
      cut_returns_hard: {
        en: "{node} ({role}) cuts: {child} returned {comparison}, and under fail-hard a node that cuts returns {bound}, here {value}.",
        ja: "{node}（{role}）では {child} が返した値が {comparison} なのでカットします。fail-hard では、カットしたノードは {bound} を返します（ここでは {value}）。",
      },
      cut_returns_soft: {
        en: "{node} ({role}) cuts: {child} returned {comparison}, and under fail-soft a node that cuts returns the best value it has seen, here {value}.",
        ja: "{node}（{role}）では {child} が返した値が {comparison} なのでカットします。fail-soft では、カットしたノードはそれまでの最善値を返します（ここでは {value}）。",
      },
      no_cut_returns_best: {
        en: "{node} ({role}) searches all its children without a cut (its best child, {child}, returned {comparison}) and returns its best, {value}.",
        ja: "{node}（{role}）はカットせずにすべての子を探索し（最善の子 {child} が返した値は {comparison}）、最善値 {value} を返します。",
      },
      no_cut_returns_bound: {
        en: "{node} ({role}) searches all its children without a cut (its best child, {child}, returned {comparison}); none did better than the {bound} = {entry} it was given, and under fail-hard a node then returns that bound, {value}.",
        ja: "{node}（{role}）はカットせずにすべての子を探索します（最善の子 {child} が返した値は {comparison}）。受け取った {bound} = {entry} より良い値を返した子はなく、fail-hard では、このときノードはその限界値 {value} を返します。",
      },
      // the same with an empty window (α = β, the strict rule): what the children prove
      no_cut_returns_bound_empty: {
        en: "{node} ({role}) searches all its children without a cut (its best child, {child}, returned {comparison}); none did better than the {bound} = {entry} it was given, an empty window (α = β), so what {node} proves comes from its children: {proof}, so {conclusion}; under fail-hard a node then returns that bound, {value}.",
        ja: "{node}（{role}）はカットせずにすべての子を探索します（最善の子 {child} が返した値は {comparison}）。受け取った {bound} = {entry} より良い値を返した子はありません。探索窓が空（α = β）なので、{node} について何が証明されるかは子の値で決まります。{proof}なので、{conclusion}です。fail-hard では、このときノードはその限界値 {value} を返します。",
      },
      child_at_least: { en: "{child} is at least {value}", ja: "{child} は {value} 以上" },
      child_at_most: { en: "{child} is at most {value}", ja: "{child} は {value} 以下" },
      every_child_at_least: { en: "every child is at least {value}", ja: "どの子も {value} 以上" },
      every_child_at_most: { en: "every child is at most {value}", ja: "どの子も {value} 以下" },
      proof_and: { en: " and ", ja: "で、" },
      proves_at_least: {
        en: "{node} is at least {value} (a lower bound)",
        ja: "{node} の値は {value} 以上（下限値）",
      },
      proves_at_most: {
        en: "{node} is at most {value} (an upper bound)",
        ja: "{node} の値は {value} 以下（上限値）",
      },
      proves_exactly: { en: "{node} is exactly {value}", ja: "{node} の値はちょうど {value}" },
      pruned_by: { en: "{cut}.", ja: "{cut}。" },
      // where a cutoff's bound comes from (a missed pruned leaf): the node that set it
      bound_from_parent: {
        en: "{bound} = {value} comes from {source}, the parent: a shallow cutoff.",
        ja: "{bound} = {value} は親ノード {source} がそれまでに得た値です。浅いカットです。",
      },
      bound_from_above: {
        en: "{bound} = {value} comes from {source}, {levels} levels up, passed down the window: a deep cutoff.",
        ja: "{bound} = {value} は {levels} 段上の {source} がそれまでに得た値で、探索窓を通して伝わってきたものです。深いカットです。",
      },
      // practice (issue 30): when the progress store itself fails (its own notices say the rest)
      progress_in_memory: {
        en: "Your progress could not be read ({error}); this page keeps it only until you leave it.",
        ja: "進捗を読めませんでした（{error}）。このページを離れるまでのあいだだけ進捗を保ちます。",
      },
      progress_not_saved: {
        en: "Your last try could not be saved ({error}); it counts only until you leave this page.",
        ja: "最後の答えを保存できませんでした（{error}）。このページを離れるまでのあいだだけ数えます。",
      },
    },
  };

  const LANGUAGES = ["en", "ja"];

  const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

  /** A count of levels as a sentence writes it: "three" in English (digits from 10), 3 in Japanese. */
  function levelsWords(count, language) {
    return language === "en" && count < NUMBER_WORDS.length ? NUMBER_WORDS[count] : String(count);
  }

  /** The language asked for, checked: "en" (also for undefined) or "ja". */
  function checkLanguage(language) {
    if (language === undefined || language === null) return "en";
    if (!LANGUAGES.includes(language)) {
      throw new Error(`unknown language ${language}: choose one of ${LANGUAGES.join(", ")}`);
    }
    return language;
  }

  /**
   * Python's template.format(**values) for {name} fields and {{ }} braces: the one filler of
   * every page's words (page.js through say, mastery.js and progress.js through fill). A field
   * with no value throws, naming it ("no value for {skill} in …"), as Python's KeyError does,
   * instead of writing "undefined"; values the template does not name are ignored.
   */
  function fill(template, values = {}) {
    return template.replace(/\{\{|\}\}|\{([a-z_]+)\}/g, (whole, field) => {
      if (whole === "{{") return "{";
      if (whole === "}}") return "}";
      if (!(field in values)) throw new Error(`no value for {${field}} in ${template}`);
      return String(values[field]);
    });
  }

  /** The template `key` of WORDS[group] in `language`, filled in with `values`. */
  function say(group, key, language, values = {}) {
    const entry = WORDS[group][key];
    if (entry === undefined) throw new Error(`no words ${group}.${key}`);
    return fill(entry[checkLanguage(language)], values);
  }

  const words = (group) => (key, language, values) => say(group, key, language, values);
  const notationWords = words("gamelib.notation");
  const exerciseWords = words("gamelib.exercises");
  const narration = words("gamelib.render.describe");
  const widgetWords = words("gamelib.widgets.pruning");
  const pageWords = words("page");

  /** Names in a checker's sentence: "J, M" in English, "J、M" in Japanese (exercises._join). */
  function joinPlain(names, language) {
    return names.join(exerciseWords("names_separator", language));
  }

  // ------------------------------------------------------------------ notation.py

  /** Python's f"{value:g}" for a finite non-integral number (exact, round half to even). */
  function formatGeneral(value) {
    const negative = value < 0;
    const digitsAndScale = exactDecimal(Math.abs(value));
    let digits = digitsAndScale.digits;
    let exponent = digits.length - 1 - digitsAndScale.scale; // of the first digit
    const precision = 6;
    if (digits.length > precision) {
      const kept = digits.slice(0, precision);
      const rest = digits.slice(precision);
      const half = "5" + "0".repeat(rest.length - 1);
      let up = rest > half;
      if (rest === half) up = Number(kept[kept.length - 1]) % 2 === 1;
      digits = up ? (BigInt(kept) + 1n).toString() : kept;
      if (digits.length > precision) {
        digits = digits.slice(0, precision);
        exponent += 1;
      }
    }
    digits = digits.replace(/0+$/, "") || "0";
    let text;
    if (exponent >= -4 && exponent < precision) {
      if (exponent >= 0) {
        const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
        const fraction = digits.slice(exponent + 1);
        text = fraction ? `${whole}.${fraction}` : whole;
      } else {
        text = `0.${"0".repeat(-exponent - 1)}${digits}`;
      }
    } else {
      const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
      const sign = exponent < 0 ? "-" : "+";
      text = `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
    }
    return negative ? `-${text}` : text;
  }

  /** A positive finite double as decimal digits and a scale: value = digits × 10^−scale. */
  function exactDecimal(value) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value);
    const bits = view.getBigUint64(0);
    const biased = Number((bits >> 52n) & 0x7ffn);
    let mantissa = bits & ((1n << 52n) - 1n);
    let power = biased - 1075;
    if (biased === 0) power = -1074;
    else mantissa |= 1n << 52n;
    if (power >= 0) return { digits: (mantissa << BigInt(power)).toString(), scale: 0 };
    const digits = (mantissa * 5n ** BigInt(-power)).toString();
    return { digits, scale: -power };
  }

  /** format_number: 3, −2, 0.5, ∞, −∞ (a typographic minus). */
  function formatNumber(value) {
    if (value === INF) return "∞";
    if (value === -INF) return MINUS + "∞";
    let text;
    if (Number.isInteger(value)) {
      text = Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
    } else {
      text = formatGeneral(value);
    }
    return text.replaceAll("-", MINUS);
  }

  /** format_window: (α, β) such as (−∞, 3). */
  function formatWindow(alpha, beta) {
    return `(${formatNumber(alpha)}, ${formatNumber(beta)})`;
  }

  const EXACT = "exact";
  const LOWER = "lower";
  const UPPER = "upper";

  function negatedBound(bound) {
    return bound === LOWER ? UPPER : bound === UPPER ? LOWER : EXACT;
  }

  /** format_bound: 3, ≥3, ≤3. */
  function formatBound(value, bound) {
    const prefix = bound === LOWER ? "≥" : bound === UPPER ? "≤" : "";
    return prefix + formatNumber(value);
  }

  /** bound_words: "3 (exact)", "3 (lower bound: ≥ 3)", "3（上限値: ≤ 3）". */
  function boundWords(value, bound, language = "en") {
    const number = formatNumber(value);
    const what = {
      [EXACT]: () => notationWords("exact", language),
      [LOWER]: () => notationWords("lower_bound", language, { number }),
      [UPPER]: () => notationWords("upper_bound", language, { number }),
    }[bound]();
    return notationWords("value_with_bound", language, { number, what });
  }

  /** bound_meaning: "exact", "a lower bound: the true value is ≥ 3", ... */
  function boundMeaning(value, bound, language = "en") {
    const number = formatNumber(value);
    return {
      [EXACT]: () => notationWords("exact", language),
      [LOWER]: () => notationWords("meaning_lower", language, { number }),
      [UPPER]: () => notationWords("meaning_upper", language, { number }),
    }[bound]();
  }

  /** evaluation_mark: ①…⑩ when there are at most ten evaluations, else #12. */
  function evaluationMark(order, total) {
    if (total <= CIRCLED.length && order >= 1 && order <= CIRCLED.length) {
      return CIRCLED[order - 1];
    }
    return `#${order}`;
  }

  /** quote_name: a name with spaces in curly quotes. */
  function quoteName(name) {
    return name.includes(" ") ? `“${name}”` : name;
  }

  /** join_names: "J", "F and G", "F, G and H", "F, G, H, I and 5 more"; "F、G と H". */
  function joinNames(names, limit = 4, language = "en") {
    const shown = names.slice(0, limit).map(quoteName);
    const separator = notationWords("names_separator", language);
    if (names.length > limit) {
      const count = names.length - limit;
      if (!shown.length) return notationWords("more_names", language, { count });
      return notationWords("names_and_more", language, { names: shown.join(separator), count });
    }
    if (shown.length === 1) return shown[0];
    return notationWords("two_or_more_names", language, {
      names: shown.slice(0, -1).join(separator),
      last: shown[shown.length - 1],
    });
  }

  /** Python's repr() of a string (for messages that quote what was typed). */
  function pythonRepr(text) {
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    let body = "";
    for (const character of text) {
      const code = character.codePointAt(0);
      if (character === "\\") body += "\\\\";
      else if (character === quote) body += "\\" + quote;
      else if (character === "\n") body += "\\n";
      else if (character === "\r") body += "\\r";
      else if (character === "\t") body += "\\t";
      else if (code < 0x20 || code === 0x7f) body += "\\x" + code.toString(16).padStart(2, "0");
      else if (code >= 0x80 && code <= 0xa0) body += "\\x" + code.toString(16).padStart(2, "0");
      else body += character;
    }
    return quote + body + quote;
  }

  const NUMBER = new RegExp(
    "^(?<sign>[+-]?)\\s*(?:(?<infinity>inf|infinity|∞)" +
      "|(?<decimal>(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?))$",
    "i",
  );

  /**
   * read_number: the number written in `text` ("3", "−2", "2.5", "inf", "-∞", ...).
   * Throws an Error whose message is read_number's ValueError message in `language`.
   */
  function readNumber(text, language = "en") {
    const shown = text.trim();
    const quoted = { text: pythonRepr(shown) };
    const match = NUMBER.exec(shown.replaceAll(MINUS, "-"));
    if (match === null) throw new Error(notationWords("not_a_number", language, quoted));
    const { sign, infinity, decimal } = match.groups;
    if (infinity !== undefined) return sign === "-" ? -INF : INF;
    const written = sign + decimal;
    if (/^[0-9]+$/.test(decimal) && decimal.replace(/^0+/, "").length > 4300) {
      throw new Error(notationWords("too_large", language, quoted));
    }
    const number = Number(written);
    if (!Number.isFinite(number)) {
      throw new Error(notationWords("too_large_float", language, quoted));
    }
    return number === 0 ? 0 : number; // no −0: Python's int("-0") is 0
  }

  /** read_value (the widget's boxes): null for blank text, else readNumber. */
  function readValue(text, language = "en") {
    return text.trim() ? readNumber(text, language) : null;
  }

  // ------------------------------------------------------------------ trees.py

  /** A tree node: {name, value (a leaf's number, MAX's view) or null, children}. */
  function makeNode(name, value, children) {
    return { name, value: children.length ? null : value, children };
  }

  /** Every node with its ply, depth first, children left to right (Tree.walk). */
  function walk(tree) {
    const result = [];
    const stack = [[tree, 0]];
    while (stack.length) {
      const [node, ply] = stack.pop();
      result.push([node, ply]);
      for (let index = node.children.length - 1; index >= 0; index -= 1) {
        stack.push([node.children[index], ply + 1]);
      }
    }
    return result;
  }

  function leavesOf(tree) {
    return walk(tree)
      .map(([node]) => node)
      .filter((node) => node.children.length === 0);
  }

  /** Spreadsheet-style names: 0 → A, 25 → Z, 26 → AA (letter_name). */
  function letterName(index) {
    let name = "";
    let rest = index + 1;
    while (rest) {
      const remainder = (rest - 1) % 26;
      rest = Math.floor((rest - 1) / 26);
      name = String.fromCharCode(65 + remainder) + name;
    }
    return name;
  }

  /** Python's random.Random(seed): MT19937 seeded by init_by_array, with randint. */
  class PythonRandom {
    constructor(seed) {
      if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a whole number, not ${seed}`);
      let rest = BigInt(Math.abs(seed));
      const key = [];
      do {
        key.push(Number(rest & 0xffffffffn));
        rest >>= 32n;
      } while (rest > 0n);
      this.state = new Uint32Array(624);
      this.index = 624;
      this.initByArray(key);
    }

    initGenrand(seed) {
      const mt = this.state;
      mt[0] = seed >>> 0;
      for (let i = 1; i < 624; i += 1) {
        const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
        mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
      }
    }

    initByArray(key) {
      const mt = this.state;
      this.initGenrand(19650218);
      let i = 1;
      let j = 0;
      for (let k = Math.max(624, key.length); k > 0; k -= 1) {
        const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
        mt[i] = ((mt[i] ^ Math.imul(previous, 1664525)) + key[j] + j) >>> 0;
        i += 1;
        j += 1;
        if (i >= 624) {
          mt[0] = mt[623];
          i = 1;
        }
        if (j >= key.length) j = 0;
      }
      for (let k = 623; k > 0; k -= 1) {
        const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
        mt[i] = ((mt[i] ^ Math.imul(previous, 1566083941)) - i) >>> 0;
        i += 1;
        if (i >= 624) {
          mt[0] = mt[623];
          i = 1;
        }
      }
      mt[0] = 0x80000000;
    }

    nextUint32() {
      const mt = this.state;
      if (this.index >= 624) {
        for (let k = 0; k < 624; k += 1) {
          const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
          mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
        }
        this.index = 0;
      }
      let y = mt[this.index];
      this.index += 1;
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      return y >>> 0;
    }

    /** random.randint(low, high) for a range of fewer than 2^32 numbers. */
    randint(low, high) {
      const width = high - low + 1;
      const bits = Math.floor(Math.log2(width)) + 1; // width.bit_length()
      let draw;
      do {
        draw = this.nextUint32() >>> (32 - bits);
      } while (draw >= width);
      return low + draw;
    }
  }

  /**
   * random_tree: every leaf at `depth`, `branching` children per inner node (a number or
   * [fewest, most], drawn per node), integer leaves in [low, high], nodes named A, B, C, ...
   * level by level. The same tree as gamelib.trees.random_tree(seed, depth, branching).
   */
  function randomTree(seed, depth, branching, low = -9, high = 9) {
    const [fewest, most] = Array.isArray(branching) ? branching : [branching, branching];
    if (!(Number.isInteger(depth) && depth >= 0 && depth <= 100)) {
      throw new Error(`depth must be from 0 to 100, not ${depth}`);
    }
    if (!(Number.isInteger(fewest) && Number.isInteger(most) && fewest >= 1 && fewest <= most)) {
      throw new Error(`branching must be at least 1 (and fewest ≤ most), not ${branching}`);
    }
    const generator = new PythonRandom(seed);
    const widths = [];
    let nodesOnLevel = 1;
    for (let level = 0; level < depth; level += 1) {
      const counts = [];
      for (let position = 0; position < nodesOnLevel; position += 1) {
        counts.push(generator.randint(fewest, most));
      }
      widths.push(counts);
      nodesOnLevel = counts.reduce((sum, count) => sum + count, 0);
    }
    const leafValues = [];
    for (let position = 0; position < nodesOnLevel; position += 1) {
      leafValues.push(generator.randint(low, high));
    }
    const firstIndex = [0];
    for (const level of widths) firstIndex.push(firstIndex[firstIndex.length - 1] + level.length);
    let levelNodes = leafValues.map((value, position) =>
      makeNode(letterName(firstIndex[firstIndex.length - 1] + position), value, []),
    );
    for (let level = widths.length - 1; level >= 0; level -= 1) {
      const parents = [];
      let taken = 0;
      widths[level].forEach((width, position) => {
        const children = levelNodes.slice(taken, taken + width);
        taken += width;
        parents.push(makeNode(letterName(firstIndex[level] + position), null, children));
      });
      levelNodes = parents;
    }
    return levelNodes[0];
  }

  /** Tree.to_outline: "- A", "-- B", "--- D 3", ... */
  function toOutline(tree) {
    return walk(tree)
      .map(([node, ply]) => {
        const value = node.children.length ? "" : ` ${node.value}`;
        return `${"-".repeat(ply + 1)} ${node.name}${value}`;
      })
      .join("\n");
  }

  // ------------------------------------------------------------------ the search and its trace

  /** Records a negamax search's events in MAX's view, like gamelib.trace.Recorder. */
  class Recorder {
    constructor() {
      this.events = [];
      this.stack = [];
      this.pruned = [];
      this.evaluations = 0;
    }

    static toMax(value, player) {
      return player === FIRST ? value : -value;
    }

    static windowToMax(alpha, beta, player) {
      return player === FIRST ? [alpha, beta] : [-beta, -alpha];
    }

    push(node, ply, alpha, beta) {
      const player = ply % 2;
      const parent = this.stack.length ? this.stack[this.stack.length - 1] : null;
      const [maxAlpha, maxBeta] = Recorder.windowToMax(alpha, beta, player);
      this.stack.push({
        name: node.name,
        player,
        entryAlpha: alpha,
        entryBeta: beta,
        best: player === FIRST ? -INF : INF,
        alpha: maxAlpha,
        beta: maxBeta,
        evaluated: false,
        proved: [], // the children's exits, MAX's view
        cut: false,
      });
      this.events.push({
        type: "enter",
        node: node.name,
        parent: parent ? parent.name : null,
        ply,
        player,
        alpha: maxAlpha,
        beta: maxBeta,
      });
    }

    /**
     * What a node whose value is the maximum of its children's provably is against `value`
     * (gamelib.trace.bound_from_children): LOWER if some child proved at least `value`, UPPER
     * if every child was searched and each proved at most `value`, EXACT if both, null if
     * neither. `children` holds [value, bound] in the node's own (negamax) view.
     */
    static boundFromChildren(value, children, searchedAll) {
      const atLeast = children.some(
        ([child, bound]) => (bound === EXACT || bound === LOWER) && child >= value,
      );
      const atMost =
        searchedAll &&
        children.every(([child, bound]) => (bound === EXACT || bound === UPPER) && child <= value);
      if (atLeast && atMost) return EXACT;
      if (atLeast) return LOWER;
      if (atMost) return UPPER;
      return null;
    }

    pop(valueInFrame) {
      const node = this.stack.pop();
      let bound = EXACT;
      // a node entered with an empty window (α = β: the strict rule) is classified by what
      // its children proved, as gamelib.trace.Recorder does: the window cannot say it
      let proved = null;
      if (!node.evaluated && node.entryAlpha === node.entryBeta && node.proved.length) {
        const children = node.proved.map(([value, childBound]) => [
          Recorder.toMax(value, node.player),
          node.player === FIRST ? childBound : negatedBound(childBound),
        ]);
        proved = Recorder.boundFromChildren(valueInFrame, children, !node.cut);
      }
      if (node.evaluated) {
        bound = EXACT;
      } else if (proved !== null) {
        bound = proved;
      } else if (node.entryAlpha > -INF && valueInFrame <= node.entryAlpha) {
        bound = UPPER;
      } else if (node.entryBeta < INF && valueInFrame >= node.entryBeta) {
        bound = LOWER;
      }
      if (node.player !== FIRST) bound = negatedBound(bound);
      const value = Recorder.toMax(valueInFrame, node.player);
      this.events.push({ type: "exit", node: node.name, value, bound });
      if (this.stack.length) this.stack[this.stack.length - 1].proved.push([value, bound]);
    }

    leaf(value) {
      const node = this.stack[this.stack.length - 1];
      node.evaluated = true;
      this.evaluations += 1;
      this.events.push({
        type: "evaluate",
        node: node.name,
        value: Recorder.toMax(value, node.player),
        order: this.evaluations,
      });
    }

    take(value, best, alpha, beta) {
      const parent = this.stack[this.stack.length - 2];
      const child = this.stack[this.stack.length - 1].name;
      this.pop(-value);
      const maxBest = Recorder.toMax(best, parent.player);
      const [maxAlpha, maxBeta] = Recorder.windowToMax(alpha, beta, parent.player);
      const bestChanged = maxBest !== parent.best;
      const windowChanged = maxAlpha !== parent.alpha || maxBeta !== parent.beta;
      parent.best = maxBest;
      parent.alpha = maxAlpha;
      parent.beta = maxBeta;
      return {
        node: parent.name,
        child,
        value: Recorder.toMax(value, parent.player),
        best: maxBest,
        alpha: maxAlpha,
        beta: maxBeta,
        bestChanged,
        windowChanged,
      };
    }

    backup(value, best, alpha, beta) {
      this.events.push({ type: "backup", ...this.take(value, best, alpha, beta) });
    }

    cutoff(value, best, alpha, beta, skipped) {
      this.stack[this.stack.length - 2].cut = true;
      const fields = this.take(value, best, alpha, beta);
      for (const move of skipped) {
        for (const [node] of walk(move)) this.pruned.push(node.name);
      }
      this.events.push({ type: "cutoff", ...fields, skipped: skipped.map((move) => move.name) });
    }
  }

  /** The children in the order the search tries them. */
  function ordered(node, order) {
    return order === "reversed" ? [...node.children].reverse() : node.children;
  }

  /**
   * α-β in negamax form on a tree, recorded; values are for the player to move at each
   * node, and a child is searched with the window (−β, −α).
   *
   * @param tree the root (MAX moves there); leaf values are from MAX's view
   * @param convention {cutoff: ">=" or ">", order: "given" or "reversed",
   *     failure: "hard" or "soft"}, as gamelib.exercises.Convention
   * @returns the trace: {algorithm, events (MAX's view), pruned (every node never entered),
   *     value (the root's)}
   */
  function search(tree, convention) {
    const recorder = new Recorder();
    const strict = convention.cutoff === ">";
    const cuts = (value, beta) => value >= beta && !(strict && value === beta);

    function leafValue(node, ply) {
      recorder.leaf(ply % 2 === FIRST ? node.value : -node.value);
      return ply % 2 === FIRST ? node.value : -node.value;
    }

    // gamelib.search.alphabeta: fail-hard, the value is clamped into [α, β]
    function failHard(node, ply, alpha, beta) {
      const moves = ordered(node, convention.order);
      if (moves.length === 0) return leafValue(node, ply);
      for (const [index, child] of moves.entries()) {
        recorder.push(child, ply + 1, -beta, -alpha);
        const value = -failHard(child, ply + 1, -beta, -alpha);
        if (cuts(value, beta)) {
          recorder.cutoff(value, beta, alpha, beta, moves.slice(index + 1));
          return beta;
        }
        if (value > alpha) alpha = value;
        recorder.backup(value, alpha, alpha, beta);
      }
      return alpha;
    }

    // gamelib.search.alphabeta_failsoft: the best value seen, even beyond the window
    function failSoft(node, ply, alpha, beta) {
      const moves = ordered(node, convention.order);
      if (moves.length === 0) return leafValue(node, ply);
      let best = -INF;
      for (const [index, child] of moves.entries()) {
        recorder.push(child, ply + 1, -beta, -alpha);
        const value = -failSoft(child, ply + 1, -beta, -alpha);
        if (value > best) best = value;
        if (cuts(value, beta)) {
          recorder.cutoff(value, best, alpha, beta, moves.slice(index + 1));
          return best;
        }
        if (best > alpha) alpha = best;
        recorder.backup(value, best, alpha, beta);
      }
      return best;
    }

    const hard = convention.failure === "hard";
    recorder.push(tree, 0, -INF, INF);
    const value = (hard ? failHard : failSoft)(tree, 0, -INF, INF);
    recorder.pop(value);
    return {
      algorithm: hard ? "alphabeta" : "alphabeta_failsoft",
      cutoff: convention.cutoff,
      events: recorder.events,
      pruned: recorder.pruned,
      value,
    };
  }

  // ------------------------------------------------------------------ exercises.py

  function checkConvention(convention) {
    const { cutoff, order, failure } = convention;
    if (cutoff !== ">=" && cutoff !== ">") throw new Error(`cutoff must be '>=' or '>', not ${cutoff}`);
    if (order !== "given" && order !== "reversed") {
      throw new Error(`order must be 'given' or 'reversed', not ${order}`);
    }
    if (failure !== "hard" && failure !== "soft") {
      throw new Error(`failure must be 'hard' or 'soft', not ${failure}`);
    }
  }

  /** Convention.describe: "children left to right, cut on value ≥ β, fail-hard". */
  function describeConvention(convention, language = "en") {
    const direction = exerciseWords(
      convention.order === "given" ? "left_to_right" : "right_to_left",
      language,
    );
    const rule = exerciseWords(
      convention.cutoff === ">=" ? "cut_on_reach" : "cut_on_pass",
      language,
    );
    return exerciseWords("convention", language, { direction, rule, failure: convention.failure });
  }

  /**
   * A Feedback as str() shows it: "Correct!" or "Not yet:" (in the feedback's language),
   * then "- message" lines.
   */
  function feedbackText(feedback) {
    return [verdict(feedback), ...feedback.messages.map((message) => `- ${message}`)].join("\n");
  }

  /** Feedback.head: the verdict's first words, "Correct!" / "正解です！" or "Not yet:". */
  function verdict(feedback) {
    return exerciseWords(feedback.correct ? "correct" : "not_yet", feedback.language);
  }

  /** HTML's escape() as Python's html.escape(text) does it (quotes too). */
  function escapeHtml(text) {
    return text
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
      .replaceAll("'", "&#x27;");
  }

  /** gamelib.exercises.PruningExercise on a given tree. */
  class Exercise {
    constructor(tree, convention) {
      checkConvention(convention);
      this.tree = tree;
      this.convention = { ...convention };
      this.trace = search(tree, convention);
      this.nodes = new Map(walk(tree).map(([node]) => [node.name, node]));
      this.leafNames = leavesOf(tree).map((leaf) => leaf.name);
      this.players = new Map();
      this.returned = new Map();
      this.evaluated = [];
      for (const event of this.trace.events) {
        if (event.type === "enter") this.players.set(event.node, event.player);
        if (event.type === "exit") this.returned.set(event.node, [event.value, event.bound]);
        if (event.type === "evaluate") this.evaluated.push(event.node);
      }
      const prunedNames = new Set(this.trace.pruned);
      this.pruned = new Set(this.leafNames.filter((name) => prunedNames.has(name)));
      this.values = new Map();
      for (const [name, [value]] of this.returned) {
        if (this.nodes.get(name).children.length) this.values.set(name, value);
      }
    }

    /** The task in words, with the tree as an outline (PruningExercise.question). */
    question(language = "en") {
      const convention = describeConvention(this.convention, language);
      return `${exerciseWords("question", language, { convention })}\n\n${toOutline(this.tree)}`;
    }

    isMax(name) {
      return this.players.get(name) === FIRST;
    }

    // ---------------------------------------------------------------- the trainer's reasons
    // (the page's own sentences, WORDS.page; gamelib's checker says what is wrong, these say
    // why, from the trace)

    /**
     * The rule's cut test after a child returned to a node (a backup or cutoff event), from
     * MAX's view: at a MAX node the value against β, at a MIN node against α (the bound that
     * stays fixed while the node searches its children). `cuts` is what the rule decided.
     */
    cutTest(event) {
      const max = this.isMax(event.node);
      return {
        node: event.node,
        role: max ? "MAX" : "MIN",
        child: event.child,
        value: event.value,
        bound: max ? "β" : "α",
        threshold: max ? event.beta : event.alpha,
        cuts: event.type === "cutoff",
      };
    }

    /**
     * A cut test in words, under the rule in force: "9 ≥ β = −3" for a cut, "2 < β = 5, so
     * no cut", and under the strict rule "3 ≥ β = 3, which does not cut under the strict
     * rule (…)" for the tie that does not cut.
     */
    comparison(test, language = "en") {
      const strict = this.convention.cutoff === ">";
      const max = test.bound === "β";
      const tie = test.value === test.threshold;
      let relation;
      if (test.cuts) relation = max ? (strict ? ">" : "≥") : strict ? "<" : "≤";
      else if (tie) relation = max ? "≥" : "≤"; // a tie that does not cut: the strict rule
      else relation = max ? "<" : ">";
      const comparison = pageWords("comparison", language, {
        value: formatNumber(test.value),
        relation,
        bound: test.bound,
        threshold: formatNumber(test.threshold),
      });
      if (test.cuts) return comparison;
      if (tie) {
        const strictRule = pageWords(max ? "strict_at_max" : "strict_at_min", language);
        return pageWords("no_cut_strict", language, { comparison, strict: strictRule });
      }
      return pageWords("no_cut", language, { comparison });
    }

    /** The cut test of a step of the solution (a backup or cutoff event) in a sentence. */
    stepComparison(event, language = "en") {
      const test = this.cutTest(event);
      return pageWords(test.cuts ? "step_cut" : "step_no_cut", language, {
        node: test.node,
        role: test.role,
        child: test.child,
        comparison: this.comparison(test, language),
      });
    }

    /**
     * Why the evaluated `leaf` is reached: at every node above it that searched a child
     * before the path to `leaf`, the test of its best child so far did not cut (the best is
     * the closest to cutting: the bound tested against stays fixed while a node searches).
     */
    reachedBecause(leaf, language = "en") {
      const best = new Map(); // node → its best backup so far (MAX's view)
      const path = [];
      for (const event of this.trace.events) {
        if (event.type === "enter") {
          if (event.node === leaf) break;
          path.push(event.node);
        } else if (event.type === "exit") {
          path.pop();
        } else if (event.type === "backup") {
          const held = best.get(event.node);
          const better = !held || (this.isMax(event.node) ? event.value > held.value : event.value < held.value);
          if (better) best.set(event.node, event);
        }
      }
      const tests = path.filter((name) => best.has(name)).map((name) => this.cutTest(best.get(name)));
      if (!tests.length) return pageWords("reached_first", language, { leaf });
      const sentences = tests.map((test) =>
        pageWords("test_at", language, { ...test, comparison: this.comparison(test, language) }),
      );
      return pageWords("reached_because", language, {
        leaf,
        tests: sentences.join(pageWords("tests_separator", language)),
      });
    }

    /**
     * What the children of `name`, entered with an empty window (α = β: the strict rule),
     * prove of the value it returns (gamelib.trace.bound_from_children, in MAX's view): at a
     * MAX node one child at least the value proves "≥", every child at most it "≤" (at a MIN
     * node the other way round); {proof, conclusion} for the sentence, or null if nothing is.
     */
    provedByChildren(name, events, language) {
      const [value, bound] = this.returned.get(name);
      const max = this.isMax(name);
      const children = events.map((event) => [event.child, ...this.returned.get(event.child)]);
      const number = formatNumber(value);
      const witness = children.find(([, childValue, childBound]) =>
        max
          ? (childBound === EXACT || childBound === LOWER) && childValue >= value
          : (childBound === EXACT || childBound === UPPER) && childValue <= value,
      );
      const parts = [];
      if (bound === EXACT || bound === (max ? LOWER : UPPER)) {
        if (witness === undefined) return null;
        const key = max ? "child_at_least" : "child_at_most";
        parts.push(pageWords(key, language, { child: witness[0], value: number }));
      }
      if (bound === EXACT || bound === (max ? UPPER : LOWER)) {
        const key = max ? "every_child_at_most" : "every_child_at_least";
        parts.push(pageWords(key, language, { value: number }));
      }
      const conclusion = { [EXACT]: "proves_exactly", [LOWER]: "proves_at_least", [UPPER]: "proves_at_most" };
      return {
        proof: parts.join(pageWords("proof_and", language)),
        conclusion: pageWords(conclusion[bound], language, { node: name, value: number }),
      };
    }

    /**
     * Why the searched inner node `name` returns its value: the cut and what the rule
     * returns there (β or α under fail-hard, the best value seen under fail-soft), or, with
     * no cut, its best child (or, under fail-hard, the bound it was given if no child beat it).
     */
    returnsBecause(name, language = "en") {
      const events = this.trace.events.filter(
        (event) => (event.type === "backup" || event.type === "cutoff") && event.node === name,
      );
      const enter = this.trace.events.find((event) => event.type === "enter" && event.node === name);
      const max = this.isMax(name);
      const value = formatNumber(this.returned.get(name)[0]);
      const hard = this.convention.failure === "hard";
      const cut = events.find((event) => event.type === "cutoff");
      if (cut) {
        const test = this.cutTest(cut);
        return pageWords(hard ? "cut_returns_hard" : "cut_returns_soft", language, {
          ...test,
          comparison: this.comparison(test, language),
          value,
        });
      }
      const best = events.reduce((held, event) =>
        (max ? event.value > held.value : event.value < held.value) ? event : held,
      );
      const test = this.cutTest(best);
      const entry = max ? enter.alpha : enter.beta;
      const beaten = max ? best.value > entry : best.value < entry;
      const common = { ...test, comparison: this.comparison(test, language), value };
      if (hard && !beaten) {
        const given = { ...common, bound: max ? "α" : "β", entry: formatNumber(entry) };
        const proof = enter.alpha === enter.beta ? this.provedByChildren(name, events, language) : null;
        if (proof !== null) return pageWords("no_cut_returns_bound_empty", language, { ...given, ...proof });
        return pageWords("no_cut_returns_bound", language, given);
      }
      return pageWords("no_cut_returns_best", language, common);
    }

    /**
     * Where the bound of the cutoff that pruned `leaf` comes from: the bound (β at a MAX
     * node, α at a MIN node, MAX's view), its value, the node that set it and how many levels
     * above the cut node that node is. The bound is followed to where it was last changed (as
     * mastery.js's cutoffSources does): a child enters with its parent's window, and a backup
     * or cutoff that raises α at a node (lowers β) makes that node the source.
     */
    boundSource(leaf) {
      const cut = this.cutoffAbove(leaf);
      const open = new Map();
      for (const event of this.trace.events) {
        if (event.type === "enter") {
          const parent = event.parent === null ? null : open.get(event.parent);
          open.set(event.node, {
            ply: event.ply,
            alpha: event.alpha,
            beta: event.beta,
            alphaFrom: parent ? parent.alphaFrom : null,
            betaFrom: parent ? parent.betaFrom : null,
          });
        } else if (event.type === "backup" || event.type === "cutoff") {
          const node = open.get(event.node);
          if (event === cut) {
            const max = this.isMax(event.node);
            const source = max ? node.betaFrom : node.alphaFrom;
            if (source === null) throw new Error(`the cutoff at ${event.node} has no bound's source`);
            return {
              bound: max ? "β" : "α",
              value: max ? event.beta : event.alpha,
              source,
              levels: node.ply - open.get(source).ply,
            };
          }
          if (event.alpha > node.alpha) node.alphaFrom = event.node;
          if (event.beta < node.beta) node.betaFrom = event.node;
          node.alpha = event.alpha;
          node.beta = event.beta;
        }
      }
      throw new Error(`${leaf} is not pruned`);
    }

    /**
     * A sentence naming where the bound that pruned `leaf` comes from: the parent (a shallow
     * cutoff) or an ancestor further up, through the window (a deep cutoff).
     */
    boundFrom(leaf, language = "en") {
      const { bound, value, source, levels } = this.boundSource(leaf);
      const values = { bound, value: formatNumber(value), source, levels: levelsWords(levels, language) };
      return pageWords(levels === 1 ? "bound_from_parent" : "bound_from_above", language, values);
    }

    /**
     * The reason behind one of the checker's messages (a `details` entry of check()), or
     * null when the message has none: for a pruned leaf left unmarked, where its cutoff's
     * bound comes from (the message itself states the cut).
     */
    reasonFor(detail, language = "en") {
      if (detail.kind === "pruned_but_unmarked") return this.boundFrom(detail.node, language);
      if (detail.kind === "marked_but_evaluated") return this.reachedBecause(detail.node, language);
      if (detail.kind === "value_wrong") return this.returnsBecause(detail.node, language);
      if (detail.kind === "value_of_pruned") {
        const cut = this.cutSentence(this.cutoffAbove(detail.node), language);
        return pageWords("pruned_by", language, { cut });
      }
      return null;
    }

    /** Why `leaf` is pruned: the cutoff that removed it, with its comparison. */
    explainPruned(leaf, language = "en") {
      const reason = this.cutSentence(this.cutoffAbove(leaf), language);
      return exerciseWords("pruned_because", language, { leaf, reason });
    }

    /** The cutoff event that pruned node `name` (one of the skipped subtrees holds it). */
    cutoffAbove(name) {
      for (const event of this.trace.events) {
        if (event.type !== "cutoff") continue;
        const hit = event.skipped.some((skipped) =>
          walk(this.nodes.get(skipped)).some(([node]) => node.name === name),
        );
        if (hit) return event;
      }
      throw new Error(`${name} is not pruned`);
    }

    /** A cutoff in words, from MAX's view: a β-cut at MAX's nodes, an α-cut at MIN's; the
     *  reason follows the rule in force (≥: the choice above is at least as good; >: better). */
    cutSentence(event, language = "en") {
      const strict = this.convention.cutoff === ">";
      const rule = strict ? "_strict" : "";
      const common = {
        node: event.node,
        child: event.child,
        value: formatNumber(event.value),
        stops: stops(event.node, event.skipped, language),
      };
      if (this.isMax(event.node)) {
        return exerciseWords("cut_at_max" + rule, language, {
          ...common,
          relation: strict ? ">" : "≥",
          beta: formatNumber(event.beta),
        });
      }
      return exerciseWords("cut_at_min" + rule, language, {
        ...common,
        relation: strict ? "<" : "≤",
        alpha: formatNumber(event.alpha),
      });
    }

    /** Why `leaf` is evaluated: its window when the search reached it was still open. */
    explainEvaluated(leaf, language = "en") {
      const enter = this.trace.events.find((event) => event.type === "enter" && event.node === leaf);
      return exerciseWords("evaluated_because", language, {
        leaf,
        order: this.evaluated.indexOf(leaf) + 1,
        window: formatWindow(enter.alpha, enter.beta),
      });
    }

    /** The explanation of any leaf: pruned or evaluated. */
    explain(leaf, language = "en") {
      return this.pruned.has(leaf)
        ? this.explainPruned(leaf, language)
        : this.explainEvaluated(leaf, language);
    }

    /**
     * PruningExercise.check for an answer {pruned, values}: `pruned` a list of node names
     * (an inner node stands for its leaves) or null; `values` null or a list of
     * [name, number] pairs in the order they were given. Returns {correct, messages,
     * language}, the messages in `language`.
     */
    check(answer, language = "en") {
      const chosen = checkLanguage(language);
      const problems = [];
      if (answer.pruned !== null && answer.pruned !== undefined) {
        problems.push(...this.checkPruned(answer.pruned, chosen));
      }
      const values = answer.values === undefined ? null : answer.values;
      if (values !== null) problems.push(...this.checkValues(values, chosen));
      const notes = values !== null ? this.uncheckedValues(values, chosen) : [];
      const correct = problems.length === 0;
      // `details`: one {text, node, kind} per message, in the same order (for the page)
      const details = [...problems, ...notes.map((text) => ({ text, node: null, kind: "note" }))];
      return { correct, messages: details.map((entry) => entry.text), language: chosen, details };
    }

    uncheckedValues(given, language) {
      const named = new Set(given.map(([name]) => name));
      const leftOut = [...this.nodes.keys()].filter(
        (name) => this.values.has(name) && !named.has(name),
      );
      if (!leftOut.length) return [];
      const names = joinPlain(leftOut, language);
      return [exerciseWords("values_unchecked", language, { names })];
    }

    checkPruned(names, language) {
      const unknown = names.filter((name) => !this.nodes.has(name));
      if (unknown.length) {
        const text = exerciseWords("unknown_nodes", language, {
          names: joinPlain(unknown.map(pythonRepr), language),
          leaves: joinPlain(this.leafNames, language),
        });
        return [{ text, node: null, kind: "unknown" }];
      }
      const marked = new Set();
      for (const name of names) {
        for (const leaf of leavesOf(this.nodes.get(name))) marked.add(leaf.name);
      }
      const messages = [];
      for (const leaf of this.leafNames) {
        if (marked.has(leaf) && !this.pruned.has(leaf)) {
          const text = this.explainEvaluated(leaf, language);
          messages.push({ text, node: leaf, kind: "marked_but_evaluated" });
        } else if (!marked.has(leaf) && this.pruned.has(leaf)) {
          const text = this.explainPruned(leaf, language);
          messages.push({ text, node: leaf, kind: "pruned_but_unmarked" });
        }
      }
      return messages;
    }

    checkValues(pairs, language) {
      const messages = [];
      const given = new Map(pairs); // a later pair for the same name wins, as in a dict
      const entry = (text, node, kind) => messages.push({ text, node, kind });
      for (const [name, value] of given) {
        if (!this.nodes.has(name)) {
          entry(exerciseWords("values_unknown", language, { name: pythonRepr(name) }), null, "unknown");
        } else if (this.nodes.get(name).children.length === 0) {
          entry(exerciseWords("values_leaf", language, { name }), name, "value_of_leaf");
        } else if (!this.values.has(name)) {
          entry(exerciseWords("values_pruned", language, { name }), name, "value_of_pruned");
        } else if (typeof value !== "number" || Number.isNaN(value)) {
          const shown = typeof value === "string" ? pythonRepr(value) : String(value);
          entry(exerciseWords("values_not_number", language, { name, given: shown }), name, "value_not_number");
        } else if (value !== this.values.get(name)) {
          const [returned, bound] = this.returned.get(name);
          const text = exerciseWords("values_wrong", language, {
            name,
            value: formatNumber(returned),
            given: formatNumber(value),
            meaning: boundMeaning(returned, bound, language),
          });
          entry(text, name, "value_wrong");
        }
      }
      return messages;
    }

    /** The inner nodes level by level, left to right (the widget's value boxes). */
    innerNodesLevelByLevel() {
      return walk(this.tree)
        .map(([node, ply], index) => ({ node, ply, index }))
        .sort((first, second) => first.ply - second.ply || first.index - second.index)
        .filter(({ node }) => node.children.length)
        .map(({ node }) => node.name);
    }

    /**
     * What the notebook widget's Check says (PruningWidget.answer and .check): `marked` the
     * leaves pressed, `typed` the text of each inner node's box (name → text), in `language`.
     * Returns {feedback: {correct, messages, language}, blank: [searched inner nodes left
     * empty]}.
     */
    checkTyped(marked, typed, language = "en") {
      const values = [];
      const problems = [];
      for (const name of this.innerNodesLevelByLevel()) {
        const text = typed[name] === undefined ? "" : typed[name];
        let number;
        try {
          number = readValue(text, language);
        } catch (error) {
          problems.push([name, widgetWords("box_problem", language, { name, error: error.message })]);
          continue;
        }
        if (number !== null) values.push([name, number]);
      }
      let feedback = this.check(
        { pruned: [...marked], values: values.length ? values : null },
        language,
      );
      if (problems.length) {
        const boxes = problems.map(([node, text]) => ({ text, node, kind: "box" }));
        const details = [...boxes, ...feedback.details];
        const messages = details.map((one) => one.text);
        feedback = { ...feedback, correct: false, messages, details };
      }
      const blank = [...this.values.keys()].filter(
        (name) => !(typed[name] || "").trim(),
      );
      return { feedback, blank: feedback.correct ? blank : [] };
    }

    /** The note under a right answer whose boxes were left empty (the widget's Check). */
    blankNote(blank, language = "en") {
      return widgetWords("not_filled", language, {
        names: blank.join(widgetWords("separator", language)),
      });
    }

    /**
     * The solution in one paragraph, as HTML: the notebook widget's solution_html, word for
     * word (node names escaped).
     */
    solutionHtml(language = "en") {
      const separator = widgetWords("separator", language);
      const pruned = this.leafNames.filter((name) => this.pruned.has(name));
      const values = this.innerNodesLevelByLevel()
        .filter((name) => this.values.has(name))
        .map((name) => `${name} ${formatNumber(this.values.get(name))}`)
        .join(separator);
      const paragraph = widgetWords("solution", language, {
        pruned: pruned.length ? escapeHtml(pruned.join(separator)) : widgetWords("none", language),
        values: escapeHtml(values),
        evaluated: escapeHtml(this.evaluated.join(" ")),
      });
      return `<div>${paragraph}</div>`;
    }
  }

  /** The end of a cut sentence: the node stops, and which children the cut skips. */
  function stops(node, skipped, language) {
    if (!skipped.length) return exerciseWords("stops_no_child", language, { node });
    const key = skipped.length === 1 ? "stops_one" : "stops_many";
    return exerciseWords(key, language, { node, names: joinPlain(skipped, language) });
  }


  // ------------------------------------------------------------------ describe.py (MAX's view)

  /** The sentence for step 0 (describe.before_the_search). */
  function beforeTheSearch(language = "en") {
    return narration("before", language);
  }

  const BEFORE_THE_SEARCH = beforeTheSearch("en");

  function windowsOf(trace) {
    const windows = [];
    for (const event of trace.events) {
      if (
        event.type === "enter" ||
        ((event.type === "backup" || event.type === "cutoff") && event.windowChanged)
      ) {
        windows.push([event.node, event.alpha, event.beta]);
      }
    }
    return windows;
  }

  function usesWindows(trace) {
    return windowsOf(trace).some(([, alpha, beta]) => !(Math.abs(alpha) === INF && Math.abs(beta) === INF));
  }

  /** describe.CUT_SEPARATOR: a space after the English ":", nothing after the Japanese "：". */
  const CUT_SEPARATOR = { en: " ", ja: "" };

  /**
   * A cutoff's reason in MAX's view: {kind, node, value, threshold, cutoff}, `cutoff` the
   * search's rule (">=" or ">", the trace's).
   */
  function cutReason(event, player, cutoff = ">=") {
    if (player !== FIRST) {
      return { kind: "α", node: event.node, value: event.value, threshold: event.alpha, cutoff };
    }
    return { kind: "β", node: event.node, value: event.value, threshold: event.beta, cutoff };
  }

  /** CutReason.relation: ≥ or > for a β-cut, ≤ or < for an α-cut, by the rule in force. */
  function cutRelation(reason) {
    const strict = reason.cutoff === ">";
    if (reason.kind === "β") return strict ? ">" : "≥";
    return strict ? "<" : "≤";
  }

  /**
   * CutReason.text: "β-cut at D: 4 ≥ 3", "D でβカット：4 ≥ 3"; `separator` null: the
   * sentence's own (a space in English, nothing in Japanese).
   */
  function cutReasonText(reason, separator = null, language = "en") {
    return narration("cut", language, {
      kind: reason.kind,
      node: quoteName(reason.node),
      separator: separator === null ? CUT_SEPARATOR[checkLanguage(language)] : separator,
      value: formatNumber(reason.value),
      relation: cutRelation(reason),
      threshold: formatNumber(reason.threshold),
    });
  }

  /**
   * One sentence per event, as gamelib.render.describe.sentences(trace, language=...) (MAX's
   * view).
   */
  function sentences(trace, language = "en") {
    const players = new Map();
    const windows = new Map();
    const total = trace.events.filter((event) => event.type === "evaluate").length;
    const windowed = usesWindows(trace);
    const role = (name) => (players.get(name) === FIRST ? "MAX" : "MIN");
    const lastEvent = trace.events[trace.events.length - 1];

    const say = (key, values) => narration(key, language, values);

    function sentence(event) {
      const name = quoteName(event.node);
      if (event.type === "enter") {
        players.set(event.node, event.player);
        windows.set(event.node, [event.alpha, event.beta]);
        const window = formatWindow(event.alpha, event.beta);
        const node = { node: name, role: role(event.node) };
        if (event.parent === null) {
          const start = { ...node, algorithm: trace.algorithm };
          return windowed ? say("start_with_window", { ...start, window }) : say("start", start);
        }
        return windowed ? say("enter_with_window", { ...node, window }) : say("enter", node);
      }
      if (event.type === "evaluate") {
        const mark = evaluationMark(event.order, total);
        return say("evaluate", { node: name, value: formatNumber(event.value), mark });
      }
      if (event.type === "cutoff") {
        windows.set(event.node, [event.alpha, event.beta]);
        const cut = cutReason(event, players.get(event.node), trace.cutoff);
        const reason = cutReasonText(cut, null, language);
        if (!event.skipped.length) return say("cut_nothing_left", { reason });
        return say("cut_pruned", { reason, names: joinNames(event.skipped, 4, language) });
      }
      if (event.type === "backup") {
        const before = windows.get(event.node);
        windows.set(event.node, [event.alpha, event.beta]);
        const after = [event.alpha, event.beta];
        const lead = `${quoteName(event.child)} = ${formatNumber(event.value)}`;
        const where = { lead, node: name };
        const [alpha, beta] = after.map(formatNumber);
        if (after[0] !== before[0]) return say("raises_alpha", { ...where, alpha });
        if (after[1] !== before[1]) return say("lowers_beta", { ...where, beta });
        const best = formatNumber(event.best);
        const maximizing = role(event.node) === "MAX";
        if (event.bestChanged && best === formatNumber(event.value)) {
          if (!windowed) return say("new_best", { ...where, best });
          if (maximizing) return say("new_best_alpha_stays", { ...where, best, alpha });
          return say("new_best_beta_stays", { ...where, best, beta });
        }
        if (windowed) {
          // Fail-hard keeps no best apart from the bound: say which bound stays
          if (maximizing && alpha === best) return say("alpha_not_raised", { ...where, alpha });
          if (!maximizing && beta === best) return say("beta_not_lowered", { ...where, beta });
        }
        return say("not_improved", { ...where, best });
      }
      // exit
      const bound = boundWords(event.value, event.bound, language);
      return say(event === lastEvent ? "returns_last" : "returns", { node: name, bound });
    }

    return trace.events.map(sentence);
  }

  /**
   * caption_for: "alphabeta, step 18 of 37: β-cut at D: 4 ≥ 3, J pruned" (`words`: the
   * sentences, in `language`).
   */
  function caption(trace, step, words, language = "en") {
    const sentence = step === 0 ? beforeTheSearch(language) : words[step - 1];
    return say("gamelib.render.picture", "caption", language, {
      algorithm: trace.algorithm,
      step,
      total: trace.events.length,
      sentence,
    });
  }

  // ------------------------------------------------------------------ the animation's pictures

  /**
   * What every step of the solution animation shows, as gamelib.render.scene.trace_pictures
   * (MAX's view): for each step 0 … len(events), every node's {status, value, provisional,
   * mark, current} and every edge's {status, label, labelKind} (by child name; "" for the
   * arrow into the root), and the caption, in `language`.
   */
  function pictures(exercise, language = "en") {
    const trace = exercise.trace;
    const tree = exercise.tree;
    const order = walk(tree).map(([node]) => node);
    const parentOf = new Map();
    for (const node of order) for (const child of node.children) parentOf.set(child.name, node.name);
    const playerOf = new Map(walk(tree).map(([node, ply]) => [node.name, ply % 2]));
    const subtree = new Map(order.map((node) => [node.name, walk(node).map(([inner]) => inner.name)]));
    const total = exercise.evaluated.length;
    const windowed = usesWindows(trace);
    const words = sentences(trace, language);

    const cuts = new Map(); // first skipped child → [step, label]
    trace.events.forEach((event, index) => {
      if (event.type === "cutoff" && event.skipped.length) {
        const reason = cutReason(event, playerOf.get(event.node), trace.cutoff);
        cuts.set(event.skipped[0], [index + 1, cutReasonText(reason, "\n", language)]);
      }
    });

    const states = new Map(order.map((node) => [node.name, { status: "unvisited" }]));
    const path = [];
    const result = [];

    function picture(step, current) {
      const nodes = {};
      for (const node of order) {
        const state = states.get(node.name);
        let value = "";
        let provisional = false;
        if ((state.status === "done" || state.status === "open") && state.value !== undefined) {
          if (state.status === "done") value = formatBound(state.value, state.bound);
          else {
            value = formatNumber(state.value);
            provisional = state.evaluation === undefined;
          }
        } else if (node.children.length === 0) {
          value = formatNumber(node.value);
        }
        const mark = state.orders ? state.orders.map((one) => evaluationMark(one, total)).join("") : "";
        nodes[node.name] = {
          status: state.status,
          value,
          provisional,
          mark,
          current: current === node.name,
        };
      }
      const edgeStatus = { open: "path", done: "done", pruned: "pruned", unvisited: "unvisited" };
      const windowLabel = (name) => {
        const state = states.get(name);
        return state.alpha === undefined ? "" : formatWindow(state.alpha, state.beta);
      };
      const edges = {};
      if (windowed) {
        const status = edgeStatus[states.get(tree.name).status];
        const label = status === "path" ? windowLabel(tree.name) : "";
        edges[""] = { status, label, labelKind: label ? "window" : "" };
      }
      for (const node of order.slice(1)) {
        const status = edgeStatus[states.get(node.name).status];
        let label = "";
        let labelKind = "";
        if (status === "pruned") {
          const cut = cuts.get(node.name);
          if (cut && cut[0] <= step) label = cut[1];
          labelKind = "cut";
        } else if (status === "path" && windowed) {
          label = windowLabel(node.name);
          labelKind = "window";
        }
        edges[node.name] = { status, label, labelKind: label ? labelKind : "" };
      }
      const text = caption(trace, step, words, language);
      return { step, nodes, edges, caption: text, current, path: [...path] };
    }

    result.push(picture(0, null));
    trace.events.forEach((event, index) => {
      const state = states.get(event.node);
      if (event.type === "enter") {
        path.push(event.node);
        Object.assign(state, { status: "open", alpha: event.alpha, beta: event.beta });
      } else if (event.type === "evaluate") {
        state.value = event.value;
        state.evaluation = event.value;
        state.orders = [...(state.orders || []), event.order];
      } else if (event.type === "backup" || event.type === "cutoff") {
        Object.assign(state, { value: event.best, alpha: event.alpha, beta: event.beta });
        if (event.type === "cutoff") {
          for (const skipped of event.skipped) {
            for (const name of subtree.get(skipped)) states.get(name).status = "pruned";
          }
        }
      } else if (event.type === "exit") {
        path.pop();
        Object.assign(state, { status: "done", value: event.value, bound: event.bound });
      }
      result.push(picture(index + 1, event.node));
    });
    return result;
  }

  // ------------------------------------------------------------------ layout (for the page)

  /**
   * Where each node goes: top to bottom, leaves evenly spaced, a parent centred over its
   * children. Returns {positions: name → {x, y}, width, height} in SVG units.
   */
  function layout(tree, options = {}) {
    const spacing = options.spacing || 64;
    const levelGap = options.levelGap || 92;
    const margin = options.margin || { left: 40, right: 40, top: 46, bottom: 40 };
    const positions = new Map();
    let nextLeaf = 0;
    let deepest = 0;
    function place(node, ply) {
      deepest = Math.max(deepest, ply);
      let x;
      if (node.children.length === 0) {
        x = margin.left + nextLeaf * spacing;
        nextLeaf += 1;
      } else {
        const xs = node.children.map((child) => place(child, ply + 1));
        x = (xs[0] + xs[xs.length - 1]) / 2;
      }
      positions.set(node.name, { x, y: margin.top + ply * levelGap });
      return x;
    }
    place(tree, 0);
    return {
      positions,
      width: margin.left + (nextLeaf - 1) * spacing + margin.right,
      height: margin.top + deepest * levelGap + margin.bottom,
    };
  }

  // ------------------------------------------------------------------ the page's own seeds

  /** A small seeded generator for "New tree" (mulberry32); not the tree's generator. */
  function nextSeed(seed) {
    let t = (seed + 0x6d2b79f5) >>> 0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % 100000;
  }

  return {
    INF,
    MINUS,
    formatNumber,
    formatWindow,
    formatBound,
    boundWords,
    boundMeaning,
    evaluationMark,
    joinNames,
    pythonRepr,
    readNumber,
    readValue,
    walk,
    leavesOf,
    letterName,
    PythonRandom,
    randomTree,
    toOutline,
    search,
    describeConvention,
    feedbackText,
    Exercise,
    sentences,
    caption,
    pictures,
    layout,
    nextSeed,
    BEFORE_THE_SEARCH,
    beforeTheSearch,
    WORDS,
    LANGUAGES,
    fill,
    say,
    verdict,
  };
})();

if (typeof module === "object" && module !== null && module.exports) {
  module.exports = PruningTrainer;
}
