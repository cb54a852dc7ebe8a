/*
 * What a student has mastered, for the kernel-free α-β trainer: skills read off the exercise's
 * own trace, ratings updated after every first try, the next exercise chosen for the student,
 * and the progress record a student keeps (and may export with a checksum).
 *
 *   skillsOf(exercise)          the skills an exercise's answer needs, each with the parts of
 *                               the answer it governs (gamelib.mastery.skills does the same
 *                               from gamelib's trace; tests/test_mastery.py compares them)
 *   grade(exercise, answer)     how many parts of each of those skills an answer gets right,
 *                               of the parts it attempts (a value left blank is no attempt)
 *   expected, estimate, ...     the rating model (a logistic model per part, fitted by
 *                               maximum a posteriori; written out below)
 *   startingDifficulty          an exercise's difficulty before anyone has tried it, from the
 *                               tree's features, with coefficients fitted on simulated
 *                               students (mastery_difficulty.js, made by
 *                               benchmarks/mastery_simulation.py)
 *   nextExercise(progress, seed)  the tree to practise next and why, in a sentence: mostly
 *                               the weakest started skill at about 75 % expected success (of
 *                               the trees near it, the one with the most parts), and every
 *                               REVIEW_EVERY-th tree chosen to inform (a skill not tried, not
 *                               practised for a while, or rated least certainly: the tree with
 *                               the most parts of it): answers that tell more, so the
 *                               skills' ratings rank better (benchmarks/mastery_simulation.py
 *                               measures both)
 *   newProgress, recordAttempt, standing, exportProgress, importProgress
 *                               the record: opaque to the pages, kept in memory as its file
 *                               holds it (version 3, written out above FORMAT), so that
 *                               loading and saving 10,000 attempts is a parse and a stringify
 *                               (benchmarks/mastery_simulation.py --chromium times them)
 *   skillHistory(progress, skill, points)  a skill's rating and sd after its rated tries, at
 *                               up to `points` places (for the skill page's chart)
 *   attemptsOf, fromAttempts    a record's attempts as objects, and a record from them
 *
 * Everything is a pure function of its arguments (a progress record, a seed; the memos kept
 * beside a record and an exercise are caches, which change no result): the same record
 * and seed choose the same tree on every machine, and a seed link (#seed=…) still gives
 * everyone the same exercise. A classic script like trainer.js (load trainer.js, then
 * mastery_difficulty.js, then this), so the page works from file://; node loads it through
 * `module.exports` (see mastery_check.mjs). No network, no dependencies: SHA-256 comes from
 * the platform (SubtleCrypto in a browser, the same API as node:crypto's webcrypto in Node).
 * A review scheduler such as ts-fsrs (npm) was considered and not used: it schedules the
 * recall of memorised cards by date, while this trainer needs a rating per skill and per
 * exercise (an item-response model, not part of fsrs) and reviews by attempts, not days (REVIEW_AFTER below).
 */
"use strict";

const PruningMastery = ((T, fitted) => {
  // ------------------------------------------------------------------ the skills, both languages

  /**
   * The skills, in the order the skill page lists them; each with its name and a one-line
   * explanation in English and Japanese (notebooks/ja/STYLE.md's terms).
   */
  const SKILLS = [
    {
      id: "pruned_leaves",
      name: { en: "which leaves are evaluated", ja: "評価される葉" },
      explanation: {
        en:
          "Press none of the leaves the search evaluates. A pruned leaf counts for the " +
          "skill of the cutoff that prunes it.",
        ja:
          "探索が評価する葉を押さないようにします。枝刈りされる葉は、それを枝刈りする" +
          "カットのスキルとして数えます。",
      },
    },
    {
      id: "returned_values",
      name: { en: "what each node returns", ja: "各ノードが返す値" },
      explanation: {
        en: "Give the value every searched inner node returns, from MAX's view.",
        ja: "探索された各内部ノードが返す値を、MAX から見た値で答えます。",
      },
    },
    {
      id: "entry_window",
      name: { en: "a node's window on entry", ja: "ノードに入るときの探索窓" },
      explanation: {
        en:
          "A node that returns only a bound returns it against the window (α, β) it was " +
          "entered with: know that window.",
        ja:
          "限界値しか返さないノードは、入ったときの探索窓 (α, β) を基準に値を返します。" +
          "その探索窓を知っている必要があります。",
      },
    },
    {
      id: "shallow_cutoff",
      name: { en: "a shallow cutoff", ja: "浅いカット" },
      explanation: {
        en: "A cutoff whose bound comes from the parent: the parent's value so far.",
        ja: "親ノードがそれまでに得た値を限界値とするカットです。",
      },
    },
    {
      id: "deep_cutoff",
      name: { en: "a deep cutoff", ja: "深いカット" },
      explanation: {
        en:
          "A cutoff whose bound comes from 3 or more levels up, passed down the window " +
          "from an ancestor.",
        ja:
          "3 段以上離れた祖先ノードの値が探索窓を通して伝わり、その値を限界値として起こる" +
          "カットです。",
      },
    },
    {
      id: "strict_cutoff",
      name: { en: "a cutoff under the strict rule", ja: "厳密な規則でのカット" },
      explanation: {
        en:
          "Under the strict rule (cut on value > β) a value equal to the bound does not " +
          "cut, so the next children are still searched.",
        ja:
          "厳密な規則（値 > β でカット）では、限界値と等しい値ではカットが起こらず、" +
          "次の子も探索されます。",
      },
    },
    {
      id: "right_to_left",
      name: { en: "right-to-left order", ja: "右から左への探索順" },
      explanation: {
        en: "The children are searched right to left: every evaluation and cutoff follows it.",
        ja: "子を右から左へ探索します。評価もカットもすべてこの順に従います。",
      },
    },
    {
      id: "failsoft_bound",
      name: { en: "a fail-soft returned bound", ja: "fail-soft が返す限界値" },
      explanation: {
        en:
          "Fail-soft returns the best value it saw, even outside the window, where " +
          "fail-hard would return the window's bound.",
        ja:
          "fail-soft は探索窓の外でも見つけた最善の値を返します。fail-hard なら探索窓の" +
          "限界値を返すところです。",
      },
    },
    {
      id: "negamax_sign",
      name: { en: "the negamax sign", ja: "ネガマックスの符号" },
      explanation: {
        en:
          "A bound reads the other way round in a MIN node's own (negamax) view: an upper " +
          "bound from MAX's view is a lower bound from the MIN node's, and the other way round.",
        ja:
          "MIN ノード自身から見た（ネガマックスの）値では、限界値の向きが逆になります。" +
          "MAX から見た上限値は MIN ノードから見れば下限値で、下限値は上限値です。",
      },
    },
  ];
  const SKILL_IDS = SKILLS.map((skill) => skill.id);
  const DEEP_DISTANCE = 3; // a deep cutoff's bound comes from 3 or more levels up

  const WORDS = {
    because_weakest: {
      en: "Next: {skill}, your weakest skill (expected success {percent} %).",
      ja: "次は「{skill}」の問題です。いちばん苦手なスキルです（正解の見込み {percent} %）。",
    },
    because_weakest_here: {
      en: "Next: {skill}, your weakest skill that these trees can practise (expected success {percent} %).",
      ja: "次は「{skill}」の問題です。今回の候補の木で練習できるスキルのうち、いちばん苦手なものです（正解の見込み {percent} %）。",
    },
    because_review: {
      en: "Next: {skill}, a review: not practised for {count} exercises.",
      ja: "次は「{skill}」の復習です。{count} 問のあいだ練習していません。",
    },
    because_uncertain: {
      en: "Next: {skill}, to rate it better: the skill whose rating is least certain.",
      ja: "次は「{skill}」の問題です。レーティングがいちばん不確かなスキルなので、確かめます。",
    },
    because_uncertain_here: {
      en: "Next: {skill}, to rate it better: of the skills these trees can practise, the one whose rating is least certain.",
      ja: "次は「{skill}」の問題です。今回の候補の木で練習できるスキルのうち、レーティングがいちばん不確かなものなので、確かめます。",
    },
    because_new: {
      en: "Next: {skill}, a skill you have not tried yet.",
      ja: "次は「{skill}」の問題です。まだ挑戦していないスキルです。",
    },
    because_first: {
      en: "Next: {skill}, a first exercise.",
      ja: "次は「{skill}」の問題です。最初の練習問題です。",
    },
    aside_not_json: {
      en: "The saved progress could not be read (not JSON); it is kept aside, not deleted.",
      ja: "保存された進捗を読めませんでした（JSON ではありません）。削除せずに別に保管します。",
    },
    aside_not_progress: {
      en: "The saved data is not a progress record of this trainer; it is kept aside.",
      ja: "保存されたデータはこのトレーナーの進捗記録ではありません。別に保管します。",
    },
    aside_version: {
      en: "The progress record has version {version}; this page reads version {expected}. It is kept aside.",
      ja:
        "進捗記録のバージョンは {version} ですが、このページが読めるのはバージョン " +
        "{expected} です。別に保管します。",
    },
    aside_checksum: {
      en: "The progress record's checksum does not match its contents (damaged or edited); it is kept aside.",
      ja: "進捗記録のチェックサムが内容と一致しません（破損または編集されています）。別に保管します。",
    },
    aside_migrated: {
      en: "The progress record had version {version}; it was read into version {expected}, and the old text is kept aside.",
      ja: "進捗記録はバージョン {version} でした。バージョン {expected} に読み替え、元の記録は別に保管します。",
    },
    aside_damaged: {
      en: "The progress record is damaged ({detail}); it is kept aside.",
      ja: "進捗記録が壊れています（{detail}）。別に保管します。",
    },
  };

  /** The engine's words for `key` in `language`, filled in with `values` (trainer.js's fill). */
  function say(key, language, values = {}) {
    const template = WORDS[key][language];
    if (template === undefined) throw new Error(`no words for ${key} in ${language}`);
    return T.fill(template, values);
  }

  function skillName(id, language = "en") {
    const skill = SKILLS.find((entry) => entry.id === id);
    if (!skill) throw new Error(`unknown skill ${id}`);
    return skill.name[language];
  }

  // ------------------------------------------------------------------ skills from the trace

  /**
   * For every cutoff that prunes something: the cut node, the pruned leaves below it, and how
   * many levels up the bound that caused it was set. The bound (β at a MAX node, α at a MIN
   * node, MAX's view) is followed to where it was last changed: a child's window on entry is
   * its parent's window, and a backup or cutoff that raises α at a MAX node (lowers β at a MIN
   * node) makes that node the bound's source. A cutoff at a node's last child prunes nothing
   * and is left out.
   */
  function cutoffSources(exercise) {
    const open = new Map();
    const result = [];
    for (const event of exercise.trace.events) {
      if (event.type === "enter") {
        const parent = event.parent === null ? null : open.get(event.parent);
        open.set(event.node, {
          ply: event.ply,
          max: event.player === 0,
          alpha: event.alpha,
          beta: event.beta,
          alphaFrom: parent ? parent.alphaFrom : null,
          betaFrom: parent ? parent.betaFrom : null,
        });
      } else if (event.type === "backup" || event.type === "cutoff") {
        const node = open.get(event.node);
        if (event.type === "cutoff" && event.skipped.length) {
          const source = open.get(node.max ? node.betaFrom : node.alphaFrom);
          const pruned = [];
          for (const move of event.skipped) {
            for (const leaf of T.leavesOf(exercise.nodes.get(move))) pruned.push(leaf.name);
          }
          result.push({ node: event.node, pruned, distance: node.ply - source.ply });
        }
        if (event.alpha > node.alpha) node.alphaFrom = event.node;
        if (event.beta < node.beta) node.betaFrom = event.node;
        node.alpha = event.alpha;
        node.beta = event.beta;
      }
    }
    return result;
  }

  /** The children of a node in the order the exercise's search tries them. */
  function searchOrder(exercise, name) {
    const children = exercise.nodes.get(name).children;
    return exercise.convention.order === "reversed" ? [...children].reverse() : children;
  }

  /**
   * The ties of the strict rule: a child returned exactly the bound (β at MAX, α at MIN), which
   * cuts under "≥" and not under ">", and children are left to search. Each with the node and
   * the leaves of the children searched after the tie.
   */
  function strictTies(exercise) {
    if (exercise.convention.cutoff !== ">") return [];
    const ties = [];
    for (const event of exercise.trace.events) {
      if (event.type !== "backup") continue;
      const threshold = exercise.isMax(event.node) ? event.beta : event.alpha;
      if (event.value !== threshold) continue;
      const order = searchOrder(exercise, event.node);
      const later = order.slice(order.findIndex((child) => child.name === event.child) + 1);
      if (!later.length) continue;
      const leaves = later.flatMap((child) => T.leavesOf(child).map((leaf) => leaf.name));
      ties.push({ node: event.node, leaves });
    }
    return ties;
  }

  /** The entry window (MAX's view) of every entered node. */
  function entryWindows(exercise) {
    const windows = new Map();
    for (const event of exercise.trace.events) {
      if (event.type === "enter") windows.set(event.node, [event.alpha, event.beta]);
    }
    return windows;
  }

  function sorted(names, exercise) {
    const order = [...exercise.nodes.keys()];
    return [...new Set(names)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }

  /**
   * Which skills claim which parts of an exercise's answer (a leaf's pruned-or-evaluated
   * status, an inner node's returned value), before each part is given to one skill:
   *
   *   deep_cutoff       the leaves pruned by cutoffs whose bound comes from 3 or more levels up
   *   strict_cutoff     (cut on ">") at each tie, the node and its later children's leaves
   *   shallow_cutoff    the leaves pruned by cutoffs whose bound comes from the parent
   *   failsoft_bound    (fail-soft) every inner node returning a value outside its entry window
   *   negamax_sign      every searched MIN inner node that returns a bound
   *   entry_window      every searched inner node that returns a bound (not an exact value)
   *   right_to_left     (order reversed) every leaf and every searched inner node
   *   pruned_leaves     every leaf the search evaluates (a pruned leaf is always claimed by
   *                     the cutoff that prunes it, so the general leaf skill is about the
   *                     evaluated leaves only, and says so: its name was once "which leaves
   *                     are pruned", and a student who missed a deep cutoff saw that skill's
   *                     first try counted right under the exercise's own question)
   *   returned_values   every searched inner node
   */
  function claims(exercise) {
    const inner = [...exercise.values.keys()];
    const bounded = inner.filter((name) => exercise.returned.get(name)[1] !== "exact");
    const windows = entryWindows(exercise);
    const sources = cutoffSources(exercise);
    const ties = strictTies(exercise);
    const { order, failure } = exercise.convention;
    const none = { leaves: [], values: [] };
    return {
      deep_cutoff: {
        leaves: sources.filter((cut) => cut.distance >= DEEP_DISTANCE).flatMap((cut) => cut.pruned),
        values: [],
      },
      strict_cutoff: {
        leaves: ties.flatMap((tie) => tie.leaves),
        values: ties.map((tie) => tie.node).filter((name) => exercise.values.has(name)),
      },
      shallow_cutoff: {
        leaves: sources.filter((cut) => cut.distance < DEEP_DISTANCE).flatMap((cut) => cut.pruned),
        values: [],
      },
      failsoft_bound:
        failure === "soft"
          ? {
              leaves: [],
              values: inner.filter((name) => {
                const [alpha, beta] = windows.get(name);
                const value = exercise.values.get(name);
                return value < alpha || value > beta;
              }),
            }
          : none,
      negamax_sign: { leaves: [], values: bounded.filter((name) => !exercise.isMax(name)) },
      entry_window: { leaves: [], values: bounded },
      right_to_left: order === "reversed" ? { leaves: exercise.leafNames, values: inner } : none,
      pruned_leaves: { leaves: exercise.leafNames.filter((name) => !exercise.pruned.has(name)), values: [] },
      returned_values: { leaves: [], values: inner },
    };
  }

  /** The skills whose parts are values only (claims() gives them no leaf). */
  const VALUE_SKILLS = ["failsoft_bound", "negamax_sign", "entry_window", "returned_values"];

  /** The skills from the most specific to the most general: a part goes to the first claim. */
  const PRIORITY = [
    "deep_cutoff",
    "strict_cutoff",
    "shallow_cutoff",
    "failsoft_bound",
    "negamax_sign",
    "entry_window",
    "right_to_left",
    "pruned_leaves",
    "returned_values",
  ];

  /**
   * The skills an exercise's answer needs, each with the parts of the answer it governs. Every
   * part belongs to exactly one skill, the most specific that claims it (PRIORITY; claims()
   * says which skills claim which parts): a leaf pruned by a deep cutoff is deep_cutoff's,
   * not also pruned_leaves', so that a wrong part tells which skill failed. An exercise is
   * tagged with the skills that get at least one part. Parts are node names in the tree's
   * order.
   *
   * @returns {Object<string, {leaves: string[], values: string[]}>} in SKILLS order
   */
  function skillsOf(exercise) {
    const claimed = claims(exercise);
    const owner = new Map();
    for (const id of PRIORITY) {
      for (const name of [...claimed[id].leaves, ...claimed[id].values]) {
        if (!owner.has(name)) owner.set(name, id);
      }
    }
    const result = {};
    for (const id of SKILL_IDS) {
      const mine = (name) => owner.get(name) === id;
      const leaves = sorted(claimed[id].leaves.filter(mine), exercise);
      const values = sorted(claimed[id].values.filter(mine), exercise);
      if (leaves.length + values.length) result[id] = { leaves, values };
    }
    return result;
  }

  /**
   * How much of each skill an answer gets right: of the skill's parts the answer attempts,
   * how many are right. Every leaf is attempted (marked pruned or left evaluated: right when
   * marked exactly when it is pruned); an inner node's value is attempted only when the
   * answer gives one (the values are optional: a box left blank is no attempt at that part,
   * neither right nor wrong), and is right when it equals the value the node returns (a value
   * given as null, a box that could not be read, is attempted and wrong). A skill none of
   * whose parts is attempted is left out: the answer says nothing about it.
   *
   * @param answer {pruned: [leaf names], values: [[name, value or null], ...]}
   * @returns {Object<string, [right, parts]>} for every skill of skillsOf(exercise) with an
   *   attempted part; parts counts the attempted parts only
   */
  function grade(exercise, answer, skills = skillsOf(exercise)) {
    const marked = new Set(answer.pruned);
    const given = new Map(answer.values);
    const leafRight = (leaf) => marked.has(leaf) === exercise.pruned.has(leaf);
    const valueRight = (name) => given.get(name) === exercise.values.get(name);
    const result = {};
    for (const [id, part] of Object.entries(skills)) {
      const values = part.values.filter((name) => given.has(name));
      const parts = part.leaves.length + values.length;
      if (parts) result[id] = [part.leaves.filter(leafRight).length + values.filter(valueRight).length, parts];
    }
    return result;
  }

  /**
   * The outcome of an exercise whose solution was shown before any answer: a miss of every
   * leaf, the part every answer gives (the values are optional, so showing the solution is no
   * attempt at them). Skills with no leaf are left out, as grade() leaves out a skill with no
   * attempted part.
   */
  function missed(skills) {
    const result = {};
    for (const [id, part] of Object.entries(skills)) {
      if (part.leaves.length) result[id] = [0, part.leaves.length];
    }
    return result;
  }

  // ------------------------------------------------------------------ the exercises

  const CONVENTIONS = [">=", ">"].flatMap((cutoff) =>
    ["given", "reversed"].flatMap((order) =>
      ["hard", "soft"].map((failure) => ({ cutoff, order, failure })),
    ),
  );
  /** The tree sizes the trainer offers for chosen practice (a deep cutoff needs depth 4). */
  const SIZES = [
    { depth: 3, branching: [2, 3] },
    { depth: 4, branching: 2 },
  ];

  /** An exercise's address, as the page writes it: "seed=7&depth=3&branching=2-3&…". */
  function exerciseKey(spec) {
    const branching = Array.isArray(spec.branching) ? spec.branching.join("-") : spec.branching;
    const { cutoff, order, failure } = spec.convention;
    return (
      `seed=${spec.seed}&depth=${spec.depth}&branching=${branching}` +
      `&cutoff=${cutoff === ">=" ? "ge" : "gt"}&order=${order}&failure=${failure}`
    );
  }

  function makeExercise(spec) {
    return new T.Exercise(T.randomTree(spec.seed, spec.depth, spec.branching), spec.convention);
  }

  // ------------------------------------------------------------------ the rating model

  /*
   * A logistic (Rasch) model per part, fitted by maximum a posteriori over all of a student's
   * rated first tries (the item-response model behind "Elo for items": R. Pelánek,
   * Applications of the Elo rating system in adaptive educational systems, Computers &
   * Education 98, 2016, doi:10.1016/j.compedu.2016.03.017; Elo is its one-answer-at-a-time
   * approximation):
   *
   *   a part of skill s      right with probability P = σ(θ_s − d), σ(x) = 1 / (1 + e^−x),
   *                          d the part's difficulty in that exercise (startingDifficulty)
   *   a skill's rating θ_s   the θ maximising  Σ_tries w·[r·log σ(θ − d) + (n − r)·log σ(d − θ)]
   *                          − θ² / (2·PRIOR_SD²),  r of n parts right in each rated try,
   *                          w = 2^−(k / HALF_LIFE), k the skill's rated tries since (students
   *                          learn: a try 40 tries ago counts half)
   *   Newton's method        θ ← θ + g / h,  g = Σ w·(r − n·P) − θ / PRIOR_SD²,
   *                          h = Σ w·n·P·(1 − P) + 1 / PRIOR_SD²  (h > 0: one maximum),
   *                          from θ = 0 until the step is below 10⁻⁹ (a step at most 1)
   *   its uncertainty        sd = 1 / √h at the maximum (the posterior's curvature)
   *
   * Every part counts (r of n, not only "all parts right"): under this model r is what an
   * answer tells about θ. The prior N(0, PRIOR_SD²) is the spread of skill levels in a class
   * (the simulated students' own); it keeps a skill seen once from an extreme rating and gives
   * a skill never tried the rating 0. A part belongs to one skill (skillsOf), so the joint fit
   * of the nine ratings is nine one-dimensional fits. An exercise's rating is its
   * difficulty d per skill: the starting difficulty, fitted on simulated students (one
   * student's record rates an exercise once, too little to move it).
   */
  const PRIOR_SD = 1;
  const HALF_LIFE = 40; // a try counts half as much 40 of the skill's rated tries later
  const MOST_STEPS = 100;

  /** The weight of a skill's try `index` (0 first) of `count`: 2^−(later tries / HALF_LIFE). */
  function tryWeight(index, count) {
    return 2 ** ((index - (count - 1)) / HALF_LIFE);
  }

  function expected(skill, difficulty) {
    return 1 / (1 + Math.exp(-(skill - difficulty)));
  }

  /** The chance that every one of a skill's `parts` parts is right: P^parts. */
  function skillChance(skill, difficulty, parts) {
    return expected(skill, difficulty) ** parts;
  }

  /**
   * A skill's rated tries summed by difficulty (their weighed r and n add up: the same fit, and
   * a record of 10,000 tries has a few hundred difficulties at most), in the order they first
   * appear.
   * @param sums a Map difficulty → [right, parts] (weighed), added to
   */
  function addTry(sums, right, parts, difficulty) {
    const sum = sums.get(difficulty);
    if (sum === undefined) sums.set(difficulty, [right, parts]);
    else {
      sum[0] += right;
      sum[1] += parts;
    }
  }

  /**
   * A skill's rating and its uncertainty from its rated tries summed by difficulty (the MAP
   * fit written out above).
   * @param sums a Map difficulty → [right, parts] (addTry)
   * @param scale a factor every sum is weighed by (skillHistory keeps its sums unscaled)
   * @returns {rating, sd}
   */
  function fitRating(sums, scale = 1) {
    let rating = 0;
    let curvature = 1 / PRIOR_SD ** 2;
    for (let step = 0; step < MOST_STEPS; step += 1) {
      let slope = -rating / PRIOR_SD ** 2;
      curvature = 1 / PRIOR_SD ** 2;
      for (const [difficulty, [right, parts]] of sums) {
        const chance = expected(rating, difficulty);
        slope += scale * (right - parts * chance);
        curvature += scale * parts * chance * (1 - chance);
      }
      const change = Math.max(-1, Math.min(1, slope / curvature));
      rating += change;
      if (Math.abs(change) < 1e-9) break;
    }
    return { rating, sd: 1 / Math.sqrt(curvature) };
  }

  /**
   * A skill's rating and its uncertainty from its rated tries, oldest first, each weighed by
   * tryWeight (students learn: a try long ago tells less about the skill now).
   * @param tries [[right, parts, difficulty], ...]
   * @returns {rating, sd}
   */
  function estimate(tries) {
    const sums = new Map();
    tries.forEach(([right, parts, difficulty], index) => {
      const weight = tryWeight(index, tries.length);
      addTry(sums, weight * right, weight * parts, difficulty);
    });
    return fitRating(sums);
  }

  // ------------------------------------------------------------------ the starting difficulty

  /**
   * An exercise's measurable features for one of its skills: a constant, the leaves (in
   * tens), the cutoffs that prune and the deep ones among them, the three rule-set flags, and
   * log2(1 + the skill's parts). The order of DIFFICULTY_FEATURES is the coefficients' order.
   */
  const DIFFICULTY_FEATURES = [
    "constant",
    "leaves_per_10",
    "cutoffs",
    "deep_cutoffs",
    "strict",
    "reversed",
    "soft",
    "log2_parts",
  ];

  function features(exercise, skills = skillsOf(exercise)) {
    const sources = cutoffSources(exercise);
    const shared = [
      1,
      exercise.leafNames.length / 10,
      sources.length,
      sources.filter((cut) => cut.distance >= DEEP_DISTANCE).length,
      exercise.convention.cutoff === ">" ? 1 : 0,
      exercise.convention.order === "reversed" ? 1 : 0,
      exercise.convention.failure === "soft" ? 1 : 0,
    ];
    const result = {};
    for (const [id, part] of Object.entries(skills)) {
      result[id] = [...shared, Math.log2(1 + part.leaves.length + part.values.length)];
    }
    return result;
  }

  /**
   * The starting difficulty d of a part of each skill of an exercise (every part of the skill
   * the same): the fitted coefficients · features.
   * @param featuresById {id: features} as features() gives them
   */
  function difficulties(featuresById, coefficients = fitted.coefficients) {
    const result = {};
    for (const [id, values] of Object.entries(featuresById)) {
      result[id] = values.reduce((sum, value, index) => sum + value * coefficients[index], 0);
    }
    return result;
  }

  function startingDifficulty(exercise, skills = skillsOf(exercise)) {
    return difficulties(features(exercise, skills));
  }

  /**
   * An exercise's skills and features, remembered by its address (a memo of a pure function:
   * choosing the next tree looks at many candidates, often the same ones). Holds at most
   * MEMO_SIZE exercises; then it starts afresh.
   */
  const MEMO_SIZE = 20000;
  const analysed = new Map();
  function analyse(spec) {
    const key = exerciseKey(spec);
    let entry = analysed.get(key);
    if (entry === undefined) {
      if (analysed.size >= MEMO_SIZE) analysed.clear();
      const exercise = makeExercise(spec);
      const skills = skillsOf(exercise);
      entry = { key, skills, features: features(exercise, skills) };
      analysed.set(key, entry);
    }
    return entry;
  }

  // ------------------------------------------------------------------ the progress record

  /*
   * Version 3 of the record. In memory the record is what its file holds (so that loading
   * and saving do not rebuild it): a few tables and one short array of whole numbers per
   * attempt,
   *
   *   skills     the skill names; a tag's skill is an index into it
   *   shapes     what follows "seed=N" in the exercises' addresses ("&depth=3&branching=…")
   *   tags       [skill index, parts, d]: a skill of an exercise, its parts and its starting
   *              difficulty d (startingDifficulty, rounded to 0.001), each distinct one once
   *   exercises  [seed, shape index, tag index, …]: an exercise's address is "seed=" + seed +
   *              shape (seed −1: the shape alone), its skills its tags in SKILL order, each
   *              distinct one once
   *   attempts   [exercise index, at − the previous attempt's at (ms; the first: at),
   *              rated + 2·shown, right of the exercise's first tag, right of its second, …]
   *
   * An attempt as an object ({exercise, at, rated, shown, outcomes: {id: [right, parts]},
   * start: {id: d}}: attemptsOf, fromAttempts) is made only when asked for. Version 2 kept the
   * parts and d in every attempt and the whole address of every exercise (a record of 10,000
   * attempts took 1.5 MB; version 3 about a third of it); version 1 kept each attempt as an
   * object with a whole skill's difficulty under an earlier Elo model. Both are read and
   * migrated (migrateRecord), and their text is kept aside, never dropped.
   *
   * Indexes for recordAttempt and standing()'s fold are kept beside a record (the memo below,
   * never in the record), handed on to the record recordAttempt makes from it, so that a
   * student's next attempt costs the same at 10,000 attempts as at 10.
   */
  const FORMAT = "alphabeta-trainer-progress";
  const VERSION = 3;
  const TABLES = ["skills", "shapes", "tags", "exercises", "attempts"];

  /** A fresh record: no attempts yet. `student` is any identifier (the page draws one). */
  function newProgress(student, created) {
    return { format: FORMAT, version: VERSION, student, created, skills: [...SKILL_IDS], shapes: [], tags: [], exercises: [], attempts: [] };
  }

  const round = (value) => Math.round(value * 1000) / 1000;
  const SEEDED = /^seed=(0|[1-9][0-9]{0,14})(?=&|$)/;

  /** An address split into [seed, shape] ("seed=7&depth=3…" → [7, "&depth=3…"]; else −1). */
  function splitKey(key) {
    const match = SEEDED.exec(key);
    return match ? [Number(match[1]), key.slice(match[0].length)] : [-1, key];
  }

  function keyOf(progress, entry) {
    return (entry[0] >= 0 ? `seed=${entry[0]}` : "") + progress.shapes[entry[1]];
  }

  /**
   * The memo of a record: where each shape, tag and exercise is in its tables (indexOf),
   * which addresses have been tried (tried), and standing()'s fold so far (foldedMemo). Made
   * once per record, each part when first needed; recordAttempt hands it on to the new record
   * (the old one makes its own again if it is used again).
   */
  const memos = new WeakMap();
  function memoOf(progress) {
    let memo = memos.get(progress);
    if (memo === undefined) {
      memo = {
        index: null, // indexOf's
        tried: null, // shape index → the seeds tried with it (made by tried() when first asked)
        skillOf: [],
        fold: newFold(),
        folded: 0,
        at: 0,
      };
      memos.set(progress, memo);
    }
    return memo;
  }

  /**
   * The memo with every attempt of the record folded in: standing()'s fold (below: each
   * skill practised, when last, and its rated tries added by addWeighedTry) and the last at.
   */
  function foldedMemo(progress) {
    const memo = memoOf(progress);
    const { skillOf } = memo;
    while (skillOf.length < progress.tags.length) {
      skillOf.push(SKILL_IDS.indexOf(progress.skills[progress.tags[skillOf.length][0]]));
    }
    const { attempts, exercises, tags } = progress;
    for (; memo.folded < attempts.length; memo.folded += 1) {
      const item = attempts[memo.folded];
      const entry = exercises[item[0]];
      memo.at += item[1];
      const rated = item[2] & 1;
      for (let part = 2; part < entry.length; part += 1) {
        const skill = memo.fold[skillOf[entry[part]]];
        skill.practised += 1;
        skill.lastIndex = memo.folded;
        skill.lastAt = memo.at;
        if (!rated) continue;
        const tag = tags[entry[part]]; // [skill, parts, d]
        const right = item[part + 1];
        addWeighedTry(skill, right, tag[1], tag[2]);
        if (right === tag[1]) skill.right += 1;
      }
    }
    return memo;
  }

  /** Where each shape, tag and exercise is in the record's tables (made when first asked). */
  function indexOf(progress, memo) {
    if (memo.index === null) {
      const exercises = new Map(); // seed → the indexes of the exercises with that seed
      progress.exercises.forEach((entry, index) => {
        const same = exercises.get(entry[0]);
        if (same === undefined) exercises.set(entry[0], [index]);
        else same.push(index);
      });
      memo.index = {
        shapes: new Map(progress.shapes.map((shape, index) => [shape, index])),
        tags: new Map(progress.tags.map((tag, index) => [tag.join(","), index])),
        exercises,
      };
    }
    return memo.index;
  }

  /** An exercise (its seed and shape index) noted as tried in the memo's `tried`. */
  function noteTried(memo, seed, shape) {
    let seeds = memo.tried.get(shape);
    if (seeds === undefined) memo.tried.set(shape, (seeds = new Set()));
    seeds.add(seed);
  }

  /**
   * Whether an exercise (its address) has been tried in the record. The memo's `tried` is made
   * from the attempts when first asked (not on load: a page that only shows the standing never
   * needs it), then kept up by appendAttempt.
   */
  function tried(progress, memo, key) {
    if (memo.tried === null) {
      memo.tried = new Map();
      for (const item of progress.attempts) {
        const entry = progress.exercises[item[0]];
        noteTried(memo, entry[0], entry[1]);
      }
    }
    const [seed, shape] = splitKey(key);
    const number = indexOf(progress, memo).shapes.get(shape);
    return number !== undefined && memo.tried.has(number) && memo.tried.get(number).has(seed);
  }

  /** Every attempt of a record as an object (in the record's order). */
  function attemptsOf(progress) {
    let at = 0;
    return progress.attempts.map((item) => {
      const entry = progress.exercises[item[0]];
      const outcomes = {};
      const start = {};
      at += item[1];
      for (let part = 2; part < entry.length; part += 1) {
        const [skill, parts, difficulty] = progress.tags[entry[part]];
        const id = progress.skills[skill];
        outcomes[id] = [item[part + 1], parts];
        start[id] = difficulty;
      }
      return { exercise: keyOf(progress, entry), at, rated: item[2] & 1, shown: item[2] >> 1, outcomes, start };
    });
  }

  /** An index into a table of distinct entries, the entry added when it is new. */
  function indexIn(table, index, entry, text) {
    let number = index.get(text);
    if (number === undefined) {
      number = table.length;
      table.push(entry);
      index.set(text, number);
    }
    return number;
  }

  /**
   * The record's tables with one more attempt (an object, as attemptsOf makes them) appended
   * in place; `memo` is the record's.
   */
  function appendAttempt(progress, memo, attempt) {
    const index = indexOf(progress, memo);
    const [seed, shape] = splitKey(attempt.exercise);
    const entry = [seed, indexIn(progress.shapes, index.shapes, shape, shape)];
    const item = [0, attempt.at - memo.at, attempt.rated + 2 * attempt.shown];
    const order = Object.keys(attempt.outcomes).sort((a, b) => SKILL_IDS.indexOf(a) - SKILL_IDS.indexOf(b));
    for (const id of order) {
      const [right, parts] = attempt.outcomes[id];
      if (!progress.skills.includes(id)) progress.skills.push(id);
      const tag = [progress.skills.indexOf(id), parts, attempt.start[id]];
      entry.push(indexIn(progress.tags, index.tags, tag, tag.join(",")));
      item.push(right);
    }
    const same = index.exercises.get(seed) || [];
    const sameEntry = (number) => {
      const other = progress.exercises[number];
      return other.length === entry.length && other.every((value, place) => value === entry[place]);
    };
    item[0] = same.find(sameEntry) ?? progress.exercises.length;
    if (item[0] === progress.exercises.length) {
      progress.exercises.push(entry);
      index.exercises.set(seed, [...same, item[0]]);
    }
    progress.attempts.push(item);
    if (memo.tried !== null) noteTried(memo, seed, entry[1]);
  }

  /**
   * A record from a record whose attempts are objects ({format, version, student, created,
   * attempts}, as attemptsOf gives them; `at` in whole milliseconds): the same attempts,
   * packed (version 3).
   */
  function fromAttempts(record) {
    const progress = newProgress(record.student, record.created);
    progress.skills = [...SKILL_IDS];
    const memo = memoOf(progress);
    for (const attempt of record.attempts) {
      appendAttempt(progress, memo, attempt);
      foldedMemo(progress);
    }
    return progress;
  }

  /**
   * The record after an attempt (a new record; the old one is not changed). Only the first
   * try at an exercise is rated; a later try is kept (it counts as practice) but not rated.
   * A shown solution is a miss on every skill. Costs the same at 10,000 attempts as at 10:
   * the tables are copied (references only) and the memo handed on.
   *
   * @param spec the exercise ({seed, depth, branching, convention})
   * @param answer {pruned, values} as grade() reads it (ignored when `shown`)
   * @param options {at: time in ms (rounded to whole ms), shown: the solution was shown
   *   before an answer}
   */
  function recordAttempt(progress, spec, answer, { at, shown = false }) {
    const key = exerciseKey(spec);
    const exercise = makeExercise(spec);
    const skills = skillsOf(exercise);
    const graded = shown ? missed(skills) : grade(exercise, answer, skills);
    const memo = foldedMemo(progress);
    const start = startingDifficulty(exercise, skills);
    const attempt = {
      exercise: key,
      at: Math.round(at),
      rated: tried(progress, memo, key) ? 0 : 1,
      shown: shown ? 1 : 0,
      outcomes: graded,
      start: Object.fromEntries(Object.entries(start).map(([id, value]) => [id, round(value)])),
    };
    const next = { ...progress };
    for (const table of TABLES) next[table] = [...progress[table]];
    memos.delete(progress);
    memos.set(next, memo);
    appendAttempt(next, memo, attempt);
    foldedMemo(next);
    return next;
  }

  /*
   * standing()'s fold, one attempt at a time: per skill its rated tries summed by difficulty
   * (addTry) with the weight 2^((k − base) / HALF_LIFE) for its k-th rated try, which is
   * tryWeight's 2^−((count − 1 − k) / HALF_LIFE) times 2^((count − 1 − base) / HALF_LIFE): the
   * fit scales the sums by the second factor (fitRating's scale), so an attempt is folded in
   * once, whatever comes after it. `base` moves up every RESCALE_AFTER tries (the sums
   * rescaled), so that the weights stay finite.
   */
  const RESCALE_AFTER = 400;

  function newFold() {
    return SKILL_IDS.map(() => ({ sums: new Map(), base: 0, count: 0, right: 0, practised: 0, lastIndex: -1, lastAt: null }));
  }

  function addWeighedTry(skill, right, parts, difficulty) {
    if (skill.count - skill.base >= RESCALE_AFTER) {
      const factor = 2 ** ((skill.base - skill.count) / HALF_LIFE);
      for (const sum of skill.sums.values()) {
        sum[0] *= factor;
        sum[1] *= factor;
      }
      skill.base = skill.count;
    }
    const weight = 2 ** ((skill.count - skill.base) / HALF_LIFE);
    addTry(skill.sums, weight * right, weight * parts, difficulty);
    skill.count += 1;
  }

  /** A skill's rating and sd from its fold: the sums scaled to weigh its last try 1. */
  function foldedRating(skill) {
    return fitRating(skill.sums, 2 ** ((skill.base - (skill.count - 1)) / HALF_LIFE));
  }

  /**
   * Where the student stands, folded from the record's attempts: every skill's rating and its
   * uncertainty (estimate() over the skill's rated tries, up to rounding in the last digits:
   * the fold above), rated tries, right first tries (every part of the skill right), and when
   * it was last practised (attempt number and time). The fold is kept in the record's memo, so
   * that a record one attempt longer costs one attempt more.
   */
  function standing(progress) {
    const { fold } = foldedMemo(progress);
    const skills = {};
    SKILL_IDS.forEach((id, index) => {
      const { count, right, practised, lastIndex, lastAt } = fold[index];
      skills[id] = { ...foldedRating(fold[index]), count, right, practised, lastIndex, lastAt };
    });
    return { skills, attempts: progress.attempts.length };
  }

  /**
   * A skill's rating and uncertainty over time, for a chart: after the skill's k-th rated try
   * for up to `points` values of k evenly spaced from the first place to the last (k =
   * j · count / points rounded half up, j = 1 … points; every try when there are at most
   * `points`), the last try always included. Each is standing()'s rating and sd for the record
   * cut after that attempt, by the same fold (one pass over the record; standing() on every
   * prefix would be quadratic).
   *
   * @returns {index, at, count, rating, sd}[] index: the attempt's position in the record
   *   (standing()'s lastIndex), at: its time, count: the skill's rated tries up to it
   */
  function skillHistory(progress, skill, points = 40) {
    const wantedSkill = SKILL_IDS.indexOf(skill);
    if (wantedSkill < 0) throw new Error(`unknown skill ${skill}`);
    const { skillOf, fold } = foldedMemo(progress);
    const count = fold[wantedSkill].count;
    const shown = Math.min(Math.max(1, Math.floor(points)), count);
    const places = new Set();
    for (let place = 1; place <= shown; place += 1) places.add(Math.floor((2 * place * count + shown) / (2 * shown)));
    const mine = { sums: new Map(), base: 0, count: 0 };
    const result = [];
    let at = 0;
    progress.attempts.forEach((item, index) => {
      at += item[1];
      if (!(item[2] & 1)) return;
      const entry = progress.exercises[item[0]];
      for (let part = 2; part < entry.length; part += 1) {
        if (skillOf[entry[part]] !== wantedSkill) continue;
        addWeighedTry(mine, item[part + 1], progress.tags[entry[part]][1], progress.tags[entry[part]][2]);
        if (places.has(mine.count)) result.push({ index, at, count: mine.count, ...foldedRating(mine) });
      }
    });
    return result;
  }

  // ------------------------------------------------------------------ the next exercise

  const CANDIDATES = 16;
  const MOST_CANDIDATES = 96; // a rare skill's tree is looked for among this many at most
  const TARGET = 0.75;
  const REVIEW_AFTER = 8; // a started skill not practised for this many attempts is reviewed
  const REVIEW_EVERY = 3; // after every 3rd attempt the next tree is chosen to inform (wanted)
  const TOLERANCE = 0.1; // a targeted tree's expected success: within 0.1 of the closest

  /**
   * The candidate exercises drawn from a seed: `count` specs from the page's seed sequence
   * (nextSeed), each block of CANDIDATES covering every rule set in both sizes.
   */
  function candidates(seed, count = CANDIDATES) {
    const result = [];
    let next = seed;
    for (let index = 0; index < count; index += 1) {
      next = T.nextSeed(next);
      const size = SIZES[Math.floor(index / CONVENTIONS.length) % SIZES.length];
      result.push({ seed: next, ...size, convention: CONVENTIONS[index % CONVENTIONS.length] });
    }
    return result;
  }

  /**
   * The skills to practise next, most wanted first, each with why and how to choose its tree
   * ("target": expected success closest to TARGET; "inform": the most parts of the skill).
   * Before any attempt: the first skill. After every REVIEW_EVERY-th attempt (the 4th, 7th,
   * 10th, … exercise), to learn about the skills the record says least about: first the skills not tried yet, then the started
   * skills not practised for REVIEW_AFTER attempts or more (longest first), then every skill
   * from the most uncertain rating (largest sd) down, each informed. Otherwise the started
   * skills from the lowest rating up, each targeted; last the skills not tried yet.
   * The skills of values alone (VALUE_SKILLS) count as not tried yet only once the student has
   * given a value (one of them started): the values are optional, and a student who leaves
   * them blank is not sent trees for skills their answers never try.
   */
  function wanted(state) {
    const started = SKILL_IDS.filter((id) => state.skills[id].count > 0);
    if (!started.length) return [{ skill: SKILL_IDS[0], why: "first", choose: "target" }];
    const values = givesValues(state);
    const fresh = SKILL_IDS.filter(
      (id) => state.skills[id].count === 0 && (values || !VALUE_SKILLS.includes(id)),
    );
    const result = [];
    if (state.attempts % REVIEW_EVERY === 0) {
      const since = (id) => state.attempts - 1 - state.skills[id].lastIndex;
      const stale = started
        .filter((id) => since(id) >= REVIEW_AFTER)
        .sort((a, b) => state.skills[a].lastIndex - state.skills[b].lastIndex);
      const uncertain = [...started].sort((a, b) => state.skills[b].sd - state.skills[a].sd);
      result.push(
        ...fresh.map((skill) => ({ skill, why: "new", choose: "inform" })),
        ...stale.map((skill) => ({ skill, why: "review", choose: "inform" })),
        ...uncertain.map((skill) => ({ skill, why: "uncertain", choose: "inform" })),
      );
    }
    const weakest = [...started].sort(
      (a, b) => state.skills[a].rating - state.skills[b].rating || SKILL_IDS.indexOf(a) - SKILL_IDS.indexOf(b),
    );
    result.push(
      ...weakest.map((skill) => ({ skill, why: "weakest", choose: "target" })),
      ...fresh.map((skill) => ({ skill, why: "new", choose: "target" })),
    );
    return result;
  }

  /**
   * The parts of a skill's claim a student's answer will attempt: its leaves, and its values
   * only from a student who gives values (one of VALUE_SKILLS started): a blank value is no
   * attempt, so the chance that every part is right counts only the parts answered.
   */
  function givesValues(state) {
    return VALUE_SKILLS.some((id) => state.skills[id].count > 0);
  }
  const partsOf = (part, values = true) => part.leaves.length + (values ? part.values.length : 0);

  /**
   * Of the candidates that need `skill`, the tree to give: to "target", those whose expected
   * success on the skill (skillChance: every part right) is within TOLERANCE of the closest
   * to TARGET, and of them the one with the most parts in all (every part tells about some
   * skill); to "inform", the one with the most parts of the skill. Parts are those the
   * student's answer attempts (partsOf: values only from a student who gives them), and a
   * candidate needs the skill when it has such a part of it. Ties: the first candidate.
   * Null when no candidate needs the skill.
   */
  function choose(all, state, skill, how) {
    const values = givesValues(state);
    const needing = [];
    for (const spec of all) {
      const { skills, features } = analyse(spec);
      const mine = skill in skills ? partsOf(skills[skill], values) : 0;
      if (!mine) continue;
      const difficulty = difficulties({ [skill]: features[skill] })[skill];
      const chance = skillChance(state.skills[skill].rating, difficulty, mine);
      const total = Object.values(skills).reduce((sum, part) => sum + partsOf(part, values), 0);
      needing.push({ spec, chance, mine, total });
    }
    if (!needing.length) return null;
    if (how === "inform") return needing.reduce((best, next) => (next.mine > best.mine ? next : best));
    const closest = Math.min(...needing.map(({ chance }) => Math.abs(chance - TARGET)));
    return needing
      .filter(({ chance }) => Math.abs(chance - TARGET) <= closest + TOLERANCE)
      .reduce((best, next) => (next.total > best.total ? next : best));
  }

  /**
   * The exercise to practise next: the first wanted skill that some of the MOST_CANDIDATES
   * candidates of `seed` need, and the tree choose() picks for it; with the reason in both
   * languages, true of the skill chosen: a weakest (or least certain) skill chosen after weaker
   * (or less certain) ones that no candidate needs is called the weakest (the least certain)
   * of those these trees can practise. A pure function of the record and the seed.
   * `count`, how many of the seed's candidates to choose among, is MOST_CANDIDATES on the
   * pages; the tests give fewer to build a case where no candidate needs a wanted skill.
   *
   * @returns {spec, key, skill, why, expected, reason: {en, ja}} expected: the chance that
   *   every part of the skill is right (skillChance)
   */
  function nextExercise(progress, seed, count = MOST_CANDIDATES) {
    const state = standing(progress);
    const all = candidates(seed, count);
    const passedOver = { weakest: 0, uncertain: 0 }; // weaker (less certain) skills no candidate needs
    for (const { skill, why, choose: how } of wanted(state)) {
      const best = choose(all, state, skill, how);
      if (best === null) {
        if (why in passedOver) passedOver[why] += 1;
        continue;
      }
      const key = passedOver[why] ? `because_${why}_here` : `because_${why}`;
      const reason = {};
      for (const language of T.LANGUAGES) {
        const values = {
          skill: skillName(skill, language),
          percent: Math.round(best.chance * 100),
          count: state.attempts - 1 - state.skills[skill].lastIndex,
        };
        reason[language] = say(key, language, values);
      }
      return { spec: best.spec, key: exerciseKey(best.spec), skill, why, expected: best.chance, reason };
    }
    throw new Error("no candidate exercise needs any skill"); // every tree needs pruned_leaves
  }

  // ------------------------------------------------------------------ export and import

  function hex(buffer) {
    return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  /** SHA-256 of a text's UTF-8 bytes, in hex (SubtleCrypto: a browser's or Node's webcrypto). */
  async function sha256(text) {
    const subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (!subtle) throw new Error("SHA-256 needs SubtleCrypto (a secure context or Node 20+)");
    return hex(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
  }

  const whole = (value) => Number.isInteger(value) && value >= 0;
  /** A whole number from 0 to size − 1 (size at most 2^32: `>>> 0` keeps exactly those). */
  const below = (value, size) => value >>> 0 === value && value < size;

  /**
   * What is wrong with a version 3 record read from a file (its tables' shapes, every index in
   * range, every right within its parts, every `at` a whole number of ms), or "" when nothing
   * is. One pass over the numbers; no object is made.
   */
  function tablesProblem(progress) {
    const { skills, shapes, tags, exercises, attempts } = progress;
    if (!TABLES.every((table) => Array.isArray(progress[table]))) return "attempts";
    if (!skills.every((id) => SKILL_IDS.includes(id)) || new Set(skills).size !== skills.length) return "skills";
    if (!shapes.every((shape) => typeof shape === "string")) return "shapes";
    for (const tag of tags) {
      const sound = Array.isArray(tag) && tag.length === 3 && below(tag[0], skills.length);
      if (!sound || !whole(tag[1]) || tag[1] < 1 || typeof tag[2] !== "number") return "tags";
    }
    // the loops below run once per exercise and attempt (10,000 of each at most): plain
    // index loops, a bit per skill, no object made (the page's first load runs them cold)
    for (let number = 0; number < exercises.length; number += 1) {
      const entry = exercises[number];
      if (!Array.isArray(entry) || entry.length < 3 || !Number.isInteger(entry[0]) || entry[0] < -1) return "exercises";
      if (!below(entry[1], shapes.length)) return "exercises";
      let seen = 0; // a bit per skill of the exercise: each at most once
      for (let part = 2; part < entry.length; part += 1) {
        if (!below(entry[part], tags.length)) return "exercises";
        const bit = 1 << tags[entry[part]][0];
        if (seen & bit) return "exercises";
        seen |= bit;
      }
    }
    let at = 0;
    for (let number = 0; number < attempts.length; number += 1) {
      const item = attempts[number];
      const ok = Array.isArray(item) && below(item[0], exercises.length) && Number.isSafeInteger(item[1]);
      if (!ok || !below(item[2], 4)) return "attempt";
      at += item[1];
      if (!Number.isSafeInteger(at)) return "attempt";
      const entry = exercises[item[0]];
      if (item.length !== entry.length + 1) return "outcome";
      for (let part = 2; part < entry.length; part += 1) {
        if (!below(item[part + 1], tags[entry[part]][1] + 1)) return "outcome";
      }
    }
    return "";
  }


  /** A version 2 body's attempts as objects, or what is wrong with them (the old format:
   * [exercise index, at, rated + 2·shown, then per skill: skill index, right, parts, d]). */
  function unpackVersion2(packed) {
    const { skills, exercises, attempts } = packed;
    if (!Array.isArray(skills) || !Array.isArray(exercises) || !Array.isArray(attempts)) {
      return { problem: "attempts" };
    }
    if (!skills.every((id) => SKILL_IDS.includes(id))) return { problem: "skills" };
    const result = new Array(attempts.length);
    for (let number = 0; number < attempts.length; number += 1) {
      const item = attempts[number];
      const ok = Array.isArray(item) && item.length % 4 === 3 && whole(item[0]) && whole(item[2]);
      if (!ok || item[0] >= exercises.length || item[2] > 3) return { problem: "attempt" };
      const outcomes = {};
      const start = {};
      for (let index = 3; index < item.length; index += 4) {
        const id = whole(item[index]) ? skills[item[index]] : undefined;
        const right = item[index + 1];
        const parts = item[index + 2];
        if (id === undefined || !(whole(right) && Number.isInteger(parts) && right <= parts && parts >= 1)) {
          return { problem: "outcome" };
        }
        if (typeof item[index + 3] !== "number") return { problem: "start" };
        outcomes[id] = [right, parts];
        start[id] = item[index + 3];
      }
      const flags = item[2];
      result[number] = { exercise: exercises[item[0]], at: item[1], rated: flags & 1, shown: flags >> 1, outcomes, start };
    }
    return { attempts: result, problem: "" };
  }

  /** An exercise's spec read back from its address (exerciseKey's inverse). */
  function specOf(key) {
    const fields = Object.fromEntries(key.split("&").map((field) => field.split("=")));
    const branching = fields.branching.split("-").map(Number);
    return {
      seed: Number(fields.seed),
      depth: Number(fields.depth),
      branching: branching.length === 1 ? branching[0] : branching,
      convention: { cutoff: fields.cutoff === "ge" ? ">=" : ">", order: fields.order, failure: fields.failure },
    };
  }

  /**
   * An old record (attempts as objects) in version 3. Version 1's `start` (a whole skill's
   * difficulty under the earlier Elo model, which this rating model does not read) is made
   * again by startingDifficulty from the exercise's address; version 2's is kept. `at` is
   * rounded to whole ms.
   */
  function migrateRecord(old) {
    const starts = new Map();
    const attempts = old.attempts.map((attempt) => {
      let { start } = attempt;
      if (old.version === 1) {
        if (!starts.has(attempt.exercise)) {
          const { features: values } = analyse(specOf(attempt.exercise));
          starts.set(attempt.exercise, difficulties(values));
        }
        const fresh = starts.get(attempt.exercise);
        start = {};
        for (const id of Object.keys(attempt.outcomes)) start[id] = id in fresh ? round(fresh[id]) : null;
      }
      return { ...attempt, at: Math.round(attempt.at), start };
    });
    return fromAttempts({ ...old, attempts });
  }

  /**
   * A record as a file's text: {"format", "version", "sha256", "body"}, where body is the
   * record (its tables, as in memory) as JSON text and sha256 the hash of body's UTF-8 bytes
   * (gamelib.mastery checks it with hashlib on the same bytes).
   */
  async function exportProgress(progress) {
    const { format, version, student, created, skills, shapes, tags, exercises, attempts } = progress;
    const body = JSON.stringify({ format, version, student, created, skills, shapes, tags, exercises, attempts });
    return JSON.stringify({ format: FORMAT, version: VERSION, sha256: await sha256(body), body });
  }

  function aside(text, key, values = {}) {
    const reason = {};
    for (const language of T.LANGUAGES) reason[language] = say(key, language, values);
    return { progress: null, aside: { text, reason } };
  }

  /**
   * A file's (or local storage's) text read back: {progress, aside: null} when it is a sound
   * record of this version; {progress, aside: {text, reason}} when it is a sound record of
   * version 1 or 2, migrated (migrateRecord) and its text to keep aside as well; otherwise
   * {progress: null, aside: {text, reason: {en, ja}}}: the text to keep aside (never dropped)
   * and why.
   */
  async function importProgress(text) {
    let file;
    try {
      file = JSON.parse(text);
    } catch {
      return aside(text, "aside_not_json");
    }
    if (!file || file.format !== FORMAT || typeof file.body !== "string") {
      return aside(text, "aside_not_progress");
    }
    if (file.version !== VERSION && file.version !== 1 && file.version !== 2) {
      return aside(text, "aside_version", { version: file.version, expected: VERSION });
    }
    if (file.sha256 !== (await sha256(file.body))) return aside(text, "aside_checksum");
    let body;
    try {
      body = JSON.parse(file.body);
    } catch {
      return aside(text, "aside_damaged", { detail: "body" });
    }
    if (!body || body.format !== FORMAT || body.version !== file.version) {
      return aside(text, "aside_damaged", { detail: "format" });
    }
    if (file.version === VERSION) {
      const problem = tablesProblem(body);
      if (problem) return aside(text, "aside_damaged", { detail: problem });
      return { progress: body, aside: null };
    }
    const { attempts, problem } =
      file.version === 2
        ? unpackVersion2(body)
        : { attempts: body.attempts, problem: Array.isArray(body.attempts) ? "" : "attempts" };
    const trouble = problem || attemptsProblem(attempts, file.version === 2);
    if (trouble) return aside(text, "aside_damaged", { detail: trouble });
    const migrated = migrateRecord({ ...body, attempts });
    const lost = migrated.attempts.length ? tablesProblem(migrated) : ""; // a start of null
    if (lost) return aside(text, "aside_damaged", { detail: lost });
    const values = { version: file.version, expected: VERSION };
    return { progress: migrated, aside: aside(text, "aside_migrated", values).aside };
  }

  /** What is wrong with old attempts (objects), or "" when nothing is. */
  function attemptsProblem(attempts, withStart) {
    for (const attempt of attempts) {
      if (!attempt || typeof attempt.exercise !== "string" || typeof attempt.outcomes !== "object") {
        return "attempt";
      }
      if (typeof attempt.at !== "number" || !Number.isFinite(attempt.at)) return "attempt";
      for (const [id, outcome] of Object.entries(attempt.outcomes)) {
        if (!SKILL_IDS.includes(id) || !Array.isArray(outcome) || outcome.length !== 2) return "outcome";
        const [right, parts] = outcome;
        if (!(Number.isInteger(right) && Number.isInteger(parts) && right >= 0 && right <= parts && parts >= 1)) {
          return "outcome";
        }
        if (withStart && typeof attempt.start[id] !== "number") return "start";
      }
    }
    return "";
  }

  return {
    SKILLS,
    SKILL_IDS,
    PRIORITY,
    VALUE_SKILLS,
    givesValues,
    partsOf,
    DEEP_DISTANCE,
    WORDS,
    CONVENTIONS,
    SIZES,
    DIFFICULTY_FEATURES,
    FORMAT,
    VERSION,
    PRIOR_SD,
    HALF_LIFE,
    TARGET,
    TOLERANCE,
    REVIEW_EVERY,
    MOST_CANDIDATES,
    skillName,
    cutoffSources,
    claims,
    skillsOf,
    grade,
    exerciseKey,
    makeExercise,
    expected,
    skillChance,
    estimate,
    features,
    difficulties,
    startingDifficulty,
    analyse,
    newProgress,
    recordAttempt,
    standing,
    skillHistory,
    candidates,
    nextExercise,
    sha256,
    attemptsOf,
    fromAttempts,
    specOf,
    migrateRecord,
    exportProgress,
    importProgress,
  };
})(
  typeof PruningTrainer !== "undefined" ? PruningTrainer : globalThis.PruningTrainer,
  typeof MASTERY_DIFFICULTY !== "undefined" ? MASTERY_DIFFICULTY : globalThis.MASTERY_DIFFICULTY,
);

if (typeof module === "object" && module !== null && module.exports) {
  module.exports = PruningMastery;
}
