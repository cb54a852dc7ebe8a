// Runs the mastery engine (mastery.js, on trainer.js) on the cases tests/test_mastery.py
// writes, and prints what it finds, as JSON, for the test to compare with gamelib.
//
//   node site/trainer/mastery_check.mjs input.json > output.json
//
// input.json:
//   cases: [{tree, convention, answers: [{pruned, values}]}]   a tree as check.mjs reads it
//   estimates: [[[right, parts, difficulty], ...], ...]        estimate() inputs
//   records: [{progress, tamper: "" | "body" | "version" | "json"}]   export, tamper, import
//   next: [{progress, seed, count?}]                           nextExercise() inputs (each
//                                                              returned with the candidates;
//                                                              count: how many, default all)
//   texts: [text, ...]                                          SHA-256 of each
//   fills: [[template, values], ...]                            trainer.js's fill() of each
//                                                              ({text} or {error})
// (records are given and returned with their attempts as objects: fromAttempts, attemptsOf)
//   standing: [progress, ...]                                   standing() of each
//   histories: [{progress, skill, points}]                      skillHistory() of each
// (and version 1 and 2 records of its own, migrated: `migration`, `migration2`)
// output.json: per case {skills, grades, features, starts}; per estimate {rating, sd}; per record
// the exported text and what importing it gave; per next the choice; `shown`, the outcome of a
// solution shown before any answer on a few candidates; per text its hash; and
// the engine's constants (SKILLS, WORDS, FORMAT, VERSION, PRIOR_SD, coefficients).
//
// `load()` is exported for the simulation (benchmarks/mastery_simulation.mjs).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const here = new URL(".", import.meta.url);

/**
 * A classic script's text run as a function of the globals it reads (`names`, given
 * `values`), in this context, with a `module` to export through; what it returns.
 */
function run(file, names, values, tail = "") {
  const source = readFileSync(new URL(file, here), "utf8");
  const module = { exports: {} };
  const result = new Function("module", ...names, `${source}\n${tail}\n//# sourceURL=${file}`)(module, ...values);
  return tail ? result : module.exports;
}

/**
 * trainer.js, mastery_difficulty.js and mastery.js, as the page loads them (classic scripts;
 * each later one reads the globals of the ones before, given here as arguments); SubtleCrypto
 * is Node's global webcrypto. Run in this context, not a `vm` one, whose global look-ups
 * (Number, Math, Array, …) are many times slower and would blur the timings.
 * `coefficients` replaces the fitted ones (the simulation fits them with none yet).
 */
export function load(coefficients = null) {
  const T = run("trainer.js", [], []);
  const fitted = run("mastery_difficulty.js", [], [], "return MASTERY_DIFFICULTY;");
  if (coefficients !== null) fitted.coefficients = coefficients;
  const M = run("mastery.js", ["PruningTrainer", "MASTERY_DIFFICULTY"], [T, fitted]);
  return { T, M, fitted };
}

function tree(data) {
  if (data.c === undefined) return { name: data.n, value: data.v, children: [] };
  return { name: data.n, value: null, children: data.c.map(tree) };
}

/** A record with its attempts as objects (attemptsOf), as the tests write records. */
function objects(M, progress) {
  const { format, version, student, created } = progress;
  return { format, version, student, created, attempts: M.attemptsOf(progress) };
}

function withAttempts(M, imported) {
  return { ...imported, progress: imported.progress && objects(M, imported.progress) };
}

/** A record (attempts as objects) packed as version 2 wrote it: the addresses once each, and
 * per attempt [exercise index, at, rated + 2·shown, then per skill: skill index, right, parts, d]. */
function oldVersion2(M, record) {
  const exercises = [];
  const attempts = record.attempts.map((attempt) => {
    if (!exercises.includes(attempt.exercise)) exercises.push(attempt.exercise);
    const packed = [exercises.indexOf(attempt.exercise), attempt.at, attempt.rated + 2 * attempt.shown];
    for (const [id, [right, parts]] of Object.entries(attempt.outcomes)) {
      packed.push(M.SKILL_IDS.indexOf(id), right, parts, attempt.start[id]);
    }
    return packed;
  });
  const { format, version, student, created } = record;
  return { format, version, student, created, skills: M.SKILL_IDS, exercises, attempts };
}

async function tampered(text, how) {
  const file = JSON.parse(text);
  if (how === "body") file.body = file.body.replace('"student":"', '"student":"x');
  if (how === "version") file.version = 0;
  if (how === "json") return text.slice(0, text.length - 7);
  return JSON.stringify(file);
}

async function main() {
  const { T, M, fitted } = load();
  const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
  const cases = input.cases.map((data) => {
    const exercise = new T.Exercise(tree(data.tree), data.convention);
    const skills = M.skillsOf(exercise);
    return {
      skills,
      cutoffs: M.cutoffSources(exercise),
      grades: data.answers.map((answer) => M.grade(exercise, answer, skills)),
      features: M.features(exercise, skills),
      starts: M.startingDifficulty(exercise, skills),
    };
  });
  const estimates = (input.estimates || []).map((tries) => M.estimate(tries));
  const records = [];
  for (const { progress, tamper } of input.records || []) {
    const text = await M.exportProgress(M.fromAttempts(progress));
    const changed = tamper ? await tampered(text, tamper) : text;
    records.push({ text: changed, imported: withAttempts(M, await M.importProgress(changed)) });
  }
  // version 1 and 2 files of attempts made now, read back (version 1 kept another `start`:
  // here 0.5; version 2 each attempt's parts and start: oldVersion2 writes it)
  let record = M.newProgress("migrated", 0);
  for (const [index, spec] of M.candidates(3).entries()) {
    record = M.recordAttempt(record, spec, { pruned: [], values: [] }, { at: 1000 * index, shown: index % 5 === 4 });
  }
  const fresh = objects(M, record);
  const migrations = [];
  for (const version of [1, 2]) {
    const old = {
      ...fresh,
      version,
      attempts: fresh.attempts.map((attempt) => ({
        ...attempt,
        start: Object.fromEntries(Object.keys(attempt.start).map((id) => [id, 0.5])),
      })),
    };
    const oldBody = JSON.stringify(version === 1 ? old : oldVersion2(M, old));
    const oldText = JSON.stringify({ format: M.FORMAT, version, sha256: await M.sha256(oldBody), body: oldBody });
    migrations.push({ fresh, text: oldText, imported: withAttempts(M, await M.importProgress(oldText)) });
  }
  const [migration, migration2] = migrations;
  // only a first try is rated: the same exercise again, in this record and in one read back
  const [first, second] = M.candidates(5, 2);
  const blank = { pruned: [], values: [] };
  const once = M.recordAttempt(M.newProgress("repeat", 0), first, blank, { at: 1 });
  const twice = M.recordAttempt(once, first, blank, { at: 2 });
  const { progress: back } = await M.importProgress(await M.exportProgress(twice));
  const again = M.recordAttempt(M.recordAttempt(back, first, blank, { at: 3 }), second, blank, { at: 4 });
  const rated = M.attemptsOf(again).map((attempt) => attempt.rated);
  // a record of 10,000 attempts, every one a different exercise (the largest record)
  let big = M.newProgress("big", 0);
  const specs = M.candidates(11, 32);
  for (let index = 0; index < 32; index += 1) {
    big = M.recordAttempt(big, specs[index], { pruned: [], values: [] }, { at: 1764000000000 + 60000 * index });
  }
  const like = M.attemptsOf(big);
  const many = [];
  for (let index = 0; index < 10000; index += 1) {
    const model = like[index % like.length];
    many.push({ ...model, exercise: model.exercise.replace(/^seed=\d+/, `seed=${index}`), at: 1764000000000 + 60000 * index });
  }
  const bigText = await M.exportProgress(M.fromAttempts({ ...big, attempts: many }));
  const recordSize = { attempts: many.length, bytes: new TextEncoder().encode(bigText).length };
  const next = (input.next || []).map(({ progress, seed, count = M.MOST_CANDIDATES }) => {
    const record = M.fromAttempts(progress);
    const choice = M.nextExercise(record, seed, count);
    const state = M.standing(record);
    const rating = state.skills[choice.skill].rating;
    const values = M.givesValues(state);
    // every candidate it chose from, with its expected success on the chosen skill (or null
    // when it has no part of it the student answers)
    const options = M.candidates(seed, count).map((spec) => {
      const { skills, features } = M.analyse(spec);
      const part = skills[choice.skill];
      const parts = part === undefined ? 0 : M.partsOf(part, values);
      if (!parts) return { spec, chance: null };
      const difficulty = M.difficulties({ [choice.skill]: features[choice.skill] })[choice.skill];
      return { spec, chance: M.skillChance(rating, difficulty, parts) };
    });
    return { ...choice, options };
  });
  // the solution shown before any answer, on a few candidates: the outcome recorded
  const shown = M.candidates(7, 8).map((spec) => {
    const once = M.recordAttempt(M.newProgress("shown", 0), spec, null, { at: 0, shown: true });
    return { spec, outcomes: M.attemptsOf(once)[0].outcomes };
  });
  const hashes = [];
  for (const text of input.texts || []) hashes.push(await M.sha256(text));
  const fills = (input.fills || []).map(([template, values]) => {
    try {
      return { text: T.fill(template, values) };
    } catch (error) {
      return { error: error.message };
    }
  });
  const output = {
    cases,
    estimates,
    records,
    migration,
    migration2,
    record_size: recordSize,
    rated,
    next,
    shown,
    hashes,
    fills,
    standing: (input.standing || []).map((progress) => M.standing(M.fromAttempts(progress))),
    histories: (input.histories || []).map(({ progress, skill, points }) =>
      M.skillHistory(M.fromAttempts(progress), skill, points),
    ),
    constants: {
      SKILLS: M.SKILLS,
      WORDS: M.WORDS,
      FORMAT: M.FORMAT,
      VERSION: M.VERSION,
      PRIOR_SD: M.PRIOR_SD,
      HALF_LIFE: M.HALF_LIFE,
      DEEP_DISTANCE: M.DEEP_DISTANCE,
      TARGET: M.TARGET,
      TOLERANCE: M.TOLERANCE,
      DIFFICULTY_FEATURES: M.DIFFICULTY_FEATURES,
      VALUE_SKILLS: M.VALUE_SKILLS,
      fitted,
    },
  };
  process.stdout.write(JSON.stringify(output));
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await main();
}
