// Simulated students for the trainer's mastery engine (site/trainer/mastery.js), run by
// benchmarks/mastery_simulation.py:
//
//   node benchmarks/mastery_simulation.mjs fit SEED      the starting difficulty's fit, as JSON
//   node benchmarks/mastery_simulation.mjs run SEED      the figures, as JSON
//   node benchmarks/mastery_simulation.mjs sensitivity SEED EASE
//                                                        the rank and level figures under
//                                                        another PART_EASE, the starting
//                                                        difficulty re-fitted for it in memory
//
// A simulated student has a true level θ for each skill, drawn from the standard normal
// distribution. Shown an exercise, they answer each part of it (a leaf's status, an inner
// node's value) and get it right with probability σ(θ + PART_EASE), θ of the skill the part
// belongs to (skillsOf gives each part to one skill), each part independently. A wrong part
// is a leaf's status flipped or a value off by one. The engine then grades the
// answer per skill exactly as it grades a real one (grade()). Everything is seeded: the same
// seed gives the same numbers. Why this model is kept as it is, and what the ceiling means:
// benchmarks/mastery_simulation.py's docstring.

import { load } from "../site/trainer/mastery_check.mjs";

const PART_EASE = 3.5;
const POOL = 400; // seeds the exercises are drawn from (so that the engine's memo helps)
const FIT_STUDENTS = 100;
const FIT_EXERCISES = 30;
const RANK_STUDENTS = 200;
const RATED = 30;
const LONGER = [40, 50, 60, 70, 80, 90, 100, 110, 120]; // the same students, practising on:
// how many exercises the goal needs
const LEVEL_STUDENTS = 100;
const LEARNING = 0.1; // θ gained per exercise on each skill it needs
const LEVEL = 2; // the set level: every skill's θ at least this
const CAP = 400; // exercises before a student who has not reached the level is stopped
const RECORD_ATTEMPTS = 10000;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.integer = (count) => Math.floor(next() * count);
  next.normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return next;
}

const sigmoid = (x) => 1 / (1 + Math.exp(-x));

function student(M, random) {
  return Object.fromEntries(M.SKILL_IDS.map((id) => [id, random.normal()]));
}

/** A simulated student's answer to an exercise (see the top of the file); `ease` is the
 * model's PART_EASE (a part right with probability σ(θ + ease)). */
function answer(M, exercise, skills, levels, random, ease) {
  const owners = new Map();
  for (const [id, part] of Object.entries(skills)) {
    for (const name of [...part.leaves, ...part.values]) {
      owners.set(name, [...(owners.get(name) || []), id]);
    }
  }
  const right = (name) =>
    (owners.get(name) || []).every((id) => random() < sigmoid(levels[id] + ease));
  const pruned = exercise.leafNames.filter((leaf) => exercise.pruned.has(leaf) === right(leaf));
  const values = [...exercise.values].map(([name, value]) => [name, right(name) ? value : value + 1]);
  return { pruned, values };
}

function randomSpec(M, random) {
  return M.candidates(random.integer(POOL))[random.integer(M.candidates(0).length)];
}

/** Solves A x = b (Gaussian elimination with partial pivoting). */
function solve(matrix, vector) {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index]]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) {
      if (Math.abs(rows[row][column]) > Math.abs(rows[pivot][column])) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot], rows[column]];
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = rows[row][column] / rows[column][column];
      for (let k = column; k <= size; k += 1) rows[row][k] -= factor * rows[column][k];
    }
  }
  return rows.map((row, index) => row[size] / row[index]);
}

/**
 * The starting difficulty's coefficients w: the maximum-likelihood fit of
 * P(a part of the skill right) = σ(θ_true − w·features), r of n parts right in each graded
 * skill (binomial), on FIT_STUDENTS simulated
 * students answering FIT_EXERCISES random exercises each (Newton's method, 25 steps, a 10⁻⁶
 * ridge), the students answering under the model with PART_EASE `ease`.
 */
function fit(seed, ease = PART_EASE) {
  const { M } = load(new Array(8).fill(0));
  const random = generator(seed);
  const observations = [];
  for (let index = 0; index < FIT_STUDENTS; index += 1) {
    const levels = student(M, random);
    for (let count = 0; count < FIT_EXERCISES; count += 1) {
      const spec = randomSpec(M, random);
      const exercise = M.makeExercise(spec);
      const { skills, features } = M.analyse(spec);
      const grades = M.grade(exercise, answer(M, exercise, skills, levels, random, ease), skills);
      for (const id of Object.keys(skills)) {
        const [right, parts] = grades[id];
        observations.push({ offset: levels[id], x: features[id], right, parts });
      }
    }
  }
  const size = M.DIFFICULTY_FEATURES.length;
  let w = new Array(size).fill(0);
  for (let step = 0; step < 25; step += 1) {
    const gradient = new Array(size).fill(0);
    const curvature = Array.from({ length: size }, (_, row) =>
      Array.from({ length: size }, (__, column) => (row === column ? 1e-6 : 0)),
    );
    for (const { offset, x, right, parts } of observations) {
      const p = sigmoid(offset - x.reduce((sum, value, index) => sum + value * w[index], 0));
      for (let row = 0; row < size; row += 1) {
        gradient[row] -= (right - parts * p) * x[row];
        for (let column = 0; column < size; column += 1) {
          curvature[row][column] += parts * p * (1 - p) * x[row] * x[column];
        }
      }
    }
    const change = solve(curvature, gradient);
    w = w.map((value, index) => value + change[index]);
  }
  return {
    seed,
    features: M.DIFFICULTY_FEATURES,
    coefficients: w.map((value) => Math.round(value * 10000) / 10000),
    observations: observations.length,
    students: FIT_STUDENTS,
    exercises_each: FIT_EXERCISES,
    part_ease: ease,
  };
}

/** Spearman's rank correlation (average ranks for ties). */
function spearman(first, second) {
  const ranks = (values) => {
    const order = values.map((value, index) => [value, index]).sort((a, b) => a[0] - b[0]);
    const result = new Array(values.length);
    for (let start = 0; start < order.length; ) {
      let end = start;
      while (end + 1 < order.length && order[end + 1][0] === order[start][0]) end += 1;
      for (let k = start; k <= end; k += 1) result[order[k][1]] = (start + end) / 2;
      start = end + 1;
    }
    return result;
  };
  const a = ranks(first);
  const b = ranks(second);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ma = mean(a);
  const mb = mean(b);
  let top = 0;
  let left = 0;
  let right = 0;
  for (let index = 0; index < a.length; index += 1) {
    top += (a[index] - ma) * (b[index] - mb);
    left += (a[index] - ma) ** 2;
    right += (b[index] - mb) ** 2;
  }
  return left && right ? top / Math.sqrt(left * right) : 0;
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { mean, sd: spread, p10: quantile(0.1), median: quantile(0.5), p90: quantile(0.9) };
}

/**
 * The ceiling: each skill's posterior mean under the simulation's own model (a part right with
 * probability σ(θ + ease), θ ~ N(0, 1)), from the same rated first tries the engine saw,
 * by summing over a grid of θ (−6 to 6, step 0.01). No estimator that sees only these
 * answers ranks the skills better on average (it is the Bayes estimate with the true model).
 */
function oracle(M, progress, ease) {
  const totals = Object.fromEntries(M.SKILL_IDS.map((id) => [id, [0, 0]]));
  for (const attempt of M.attemptsOf(progress)) {
    if (!attempt.rated) continue;
    for (const [id, [right, parts]] of Object.entries(attempt.outcomes)) {
      totals[id][0] += right;
      totals[id][1] += parts;
    }
  }
  return M.SKILL_IDS.map((id) => {
    const [right, parts] = totals[id];
    let weight = 0;
    let sum = 0;
    for (let theta = -6; theta <= 6; theta += 0.01) {
      const chance = sigmoid(theta + ease);
      const log = -(theta ** 2) / 2 + right * Math.log(chance) + (parts - right) * Math.log(1 - chance);
      const value = Math.exp(log);
      weight += value;
      sum += value * theta;
    }
    return sum / weight;
  });
}

/**
 * How an exercise is chosen: "adaptive" (nextExercise, the page's), "random", or "inform": a
 * reference that only informs, never targets (every exercise the candidate with the most parts
 * of the skill whose rating is least certain, as nextExercise's turns to inform do): how well
 * the answers of a policy that asks only for information rank the skills.
 */
function chooser(M, how) {
  if (how === "adaptive") return (progress, random) => M.nextExercise(progress, random.integer(POOL)).spec;
  if (how === "random") return (progress, random) => randomSpec(M, random);
  return (progress, random) => {
    const state = M.standing(progress);
    const skill = [...M.SKILL_IDS].sort((a, b) => state.skills[b].sd - state.skills[a].sd)[0];
    let best = null;
    for (const spec of M.candidates(random.integer(POOL), M.MOST_CANDIDATES)) {
      const part = M.analyse(spec).skills[skill];
      const parts = part ? part.leaves.length + part.values.length : 0;
      if (best === null || parts > best.parts) best = { spec, parts };
    }
    return best.spec;
  };
}

/** A student practising: each step chooses an exercise, answers it (under the model with
 * PART_EASE `ease`) and records the attempt. */
function practise(M, levels, random, how, steps, learning, ease, stop = () => false) {
  let progress = M.newProgress("simulated", 0);
  const choose = chooser(M, how);
  for (let step = 0; step < steps; step += 1) {
    if (stop(levels)) return { progress, steps: step };
    const spec = choose(progress, random);
    const exercise = M.makeExercise(spec);
    const { skills } = M.analyse(spec);
    progress = M.recordAttempt(progress, spec, answer(M, exercise, skills, levels, random, ease), { at: step });
    if (learning) for (const id of Object.keys(skills)) levels[id] += LEARNING;
  }
  return { progress, steps: stop(levels) ? steps : null };
}

const atLeast = (values) => values.filter((value) => value >= 0.8).length / values.length;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * RANK_STUDENTS students drawn from `random`, each practising adaptively (no learning) to the
 * last of RATED and LONGER exercises under the model with PART_EASE `ease`: after RATED
 * exercises and at each of LONGER (prefixes of the same practice), Spearman's correlation
 * between the estimated and the true skill order, and the ceiling's on the same answers.
 */
function rankFigures(M, random, ease) {
  const checkpoints = [RATED, ...LONGER];
  const correlations = checkpoints.map(() => []);
  const ceilings = checkpoints.map(() => []);
  const started = [];
  for (let index = 0; index < RANK_STUDENTS; index += 1) {
    const levels = student(M, random);
    const truth = M.SKILL_IDS.map((id) => levels[id]);
    const { progress } = practise(M, { ...levels }, random, "adaptive", checkpoints.at(-1), false, ease);
    const attempts = M.attemptsOf(progress);
    checkpoints.forEach((count, point) => {
      const prefix = M.fromAttempts({ ...progress, attempts: attempts.slice(0, count) });
      const state = M.standing(prefix);
      correlations[point].push(spearman(M.SKILL_IDS.map((id) => state.skills[id].rating), truth));
      ceilings[point].push(spearman(oracle(M, prefix, ease), truth));
      if (count === RATED) started.push(M.SKILL_IDS.filter((id) => state.skills[id].count > 0).length);
    });
  }
  return { students: RANK_STUDENTS, rated: RATED, ...summary(correlations[0]),
    share_at_least_0_8: atLeast(correlations[0]),
    skills_started: summary(started),
    ceiling: { ...summary(ceilings[0]), share_at_least_0_8: atLeast(ceilings[0]) },
    longer: LONGER.map((count, index) => ({
      rated: count,
      mean: summary(correlations[index + 1]).mean,
      sd: summary(correlations[index + 1]).sd,
      share_at_least_0_8: atLeast(correlations[index + 1]),
      ceiling: summary(ceilings[index + 1]).mean,
    })) };
}

/**
 * LEVEL_STUDENTS students drawn from `random`, each practising adaptively and then, from the
 * same levels, randomly (learning LEARNING per practised skill, answering under the model
 * with PART_EASE `ease`) until every skill's level is at least LEVEL or CAP exercises: the
 * exercises each took, and the ratio of the means, random to adaptive.
 */
function levelFigures(M, random, ease) {
  const reached = { adaptive: [], random: [] };
  const capped = { adaptive: 0, random: 0 };
  const allAtLevel = (levels) => M.SKILL_IDS.every((id) => levels[id] >= LEVEL);
  for (let index = 0; index < LEVEL_STUDENTS; index += 1) {
    const levels = student(M, random);
    for (const mode of ["adaptive", "random"]) {
      const result = practise(M, { ...levels }, random, mode, CAP, true, ease, allAtLevel);
      if (result.steps === null) capped[mode] += 1;
      reached[mode].push(result.steps === null ? CAP : result.steps);
    }
  }
  return {
    students: LEVEL_STUDENTS, level: LEVEL, learning: LEARNING, cap: CAP,
    adaptive: { ...summary(reached.adaptive), capped: capped.adaptive },
    random: { ...summary(reached.random), capped: capped.random },
    ratio_random_to_adaptive: mean(reached.random) / mean(reached.adaptive),
  };
}

/**
 * The rank and level figures under the model with PART_EASE `ease`, the engine's starting
 * difficulty re-fitted on that model's simulated students (in memory: the fit file is not
 * read for it), drawn from the same seeds as run's: with ease = PART_EASE they are run's.
 */
function sensitivity(seed, ease) {
  const refit = fit(seed, ease);
  const { M } = load(refit.coefficients);
  const random = generator(seed);
  const rank = rankFigures(M, random, ease);
  const level = levelFigures(M, random, ease);
  return { seed, ease, coefficients: refit.coefficients, rank, level };
}

async function run(seed) {
  const { M, fitted } = load();
  const random = generator(seed);
  // 1. after RATED exercises (adaptive, no learning): estimated against true order; and after
  //    LONGER exercises, the same students practising on (the first RATED are the same)
  const rank = rankFigures(M, random, PART_EASE);
  // 2. exercises until every skill reaches LEVEL (learning), adaptive and random practice
  const level = levelFigures(M, random, PART_EASE);
  // 4. the reference policy that only informs, on other students (its own generator, so that
  //    the figures above do not depend on it)
  const informing = { correlations: [], ceilings: [] };
  const other = generator(seed + 1000);
  for (let index = 0; index < RANK_STUDENTS; index += 1) {
    const levels = student(M, other);
    const truth = M.SKILL_IDS.map((id) => levels[id]);
    const { progress } = practise(M, { ...levels }, other, "inform", RATED, false, PART_EASE);
    const state = M.standing(progress);
    informing.correlations.push(spearman(M.SKILL_IDS.map((id) => state.skills[id].rating), truth));
    informing.ceilings.push(spearman(oracle(M, progress, PART_EASE), truth));
  }
  // 3. a record of RECORD_ATTEMPTS attempts saved (exported) and loaded (imported, folded)
  let progress = M.newProgress("timing", 0);
  const specs = [];
  for (let index = 0; index < 50; index += 1) specs.push(randomSpec(M, random));
  const seedAttempts = specs.map(
    (spec, index) => M.attemptsOf(M.recordAttempt(M.newProgress("t", 0), spec, { pruned: [], values: [] }, { at: index }))[0],
  );
  const attempts = [];
  for (let index = 0; index < RECORD_ATTEMPTS; index += 1) {
    // every attempt a different exercise (a record rates each once), minutes apart
    const like = seedAttempts[index % seedAttempts.length];
    const exercise = like.exercise.replace(/^seed=\d+/, `seed=${1000000 + index}`);
    attempts.push({ ...like, exercise, at: 1764000000000 + 60000 * index });
  }
  progress = M.fromAttempts({ ...progress, attempts });
  // wall-clock and this process's CPU time (user + system: on a shared machine the wall clock
  // also counts time the process waited for a core)
  const saves = [];
  const loads = [];
  const saveCpu = [];
  const loadCpu = [];
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let text = "";
  for (let repeat = 0; repeat < 7; repeat += 1) {
    let start = performance.now();
    let startCpu = cpu();
    text = await M.exportProgress(progress);
    saves.push(performance.now() - start);
    saveCpu.push(cpu() - startCpu);
    start = performance.now();
    startCpu = cpu();
    const { progress: back } = await M.importProgress(text);
    M.standing(back);
    loads.push(performance.now() - start);
    loadCpu.push(cpu() - startCpu);
  }
  return {
    seed,
    coefficients: fitted.coefficients,
    rank: { ...rank,
      informing: { ...summary(informing.correlations), share_at_least_0_8: atLeast(informing.correlations),
        ceiling: summary(informing.ceilings).mean } },
    level,
    record: { attempts: RECORD_ATTEMPTS, bytes: new TextEncoder().encode(text).length,
      first_save_cpu_ms: saveCpu[0], first_load_cpu_ms: loadCpu[0],
      save_ms: summary(saves).median, load_ms: summary(loads).median,
      save_cpu_ms: summary(saveCpu).median, load_cpu_ms: summary(loadCpu).median },
  };
}

const [command, seedText, easeText] = process.argv.slice(2);
const seed = Number(seedText || 1);
if (command === "fit") process.stdout.write(JSON.stringify(fit(seed, easeText === undefined ? PART_EASE : Number(easeText))));
else if (command === "run") process.stdout.write(JSON.stringify(await run(seed)));
else if (command === "sensitivity" && Number.isFinite(Number(easeText))) {
  process.stdout.write(JSON.stringify(sensitivity(seed, Number(easeText))));
} else {
  process.stderr.write("usage: node benchmarks/mastery_simulation.mjs fit SEED [EASE], run SEED, or sensitivity SEED EASE\n");
  process.exit(2);
}
