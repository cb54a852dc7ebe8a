// Runs the trainer's logic (trainer.js) on the cases tests/test_trainer.py writes, and prints
// what the page would say, as JSON, for the test to compare with gamelib.
//
//   node site/trainer/check.mjs input.json > output.json
//
// input.json:
//   conventions: [{cutoff, order, failure}, ...]
//   cases: [{tree, convention (an index), answers: [{pruned, values}], typed: [{marked, typed}],
//            sentences: bool (also the trainer's reasons), pictures: bool,
//            languages: ["en"] or ["en", "ja"]}]
//       a tree is {n: name, v: leaf value} or {n: name, c: [children]}; a value that is not
//       finite is written "inf" or "-inf"
//   numbers: [text, ...]       texts to read as a typed value
//   random: [{seed, depth, branching}]   trees to draw with the page's generator
// output.json: one result per case (by language: {en: {...}, ja: {...}}), per number (by
// language) and per random tree (see the test), and the trainer's WORDS.

import { readFileSync } from "node:fs";
import vm from "node:vm";

const here = new URL(".", import.meta.url);
const source = readFileSync(new URL("trainer.js", here), "utf8");
const sandbox = { module: { exports: {} } };
vm.runInNewContext(source, sandbox, { filename: "trainer.js" });
const T = sandbox.module.exports;

function number(value) {
  if (value === "inf") return Infinity;
  if (value === "-inf") return -Infinity;
  return value;
}

function tree(data) {
  if (data.c === undefined) return { name: data.n, value: number(data.v), children: [] };
  return { name: data.n, value: null, children: data.c.map(tree) };
}

function encode(key, value) {
  if (typeof value === "number" && !Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

function runCase(data, conventions) {
  const exercise = new T.Exercise(tree(data.tree), conventions[data.convention]);
  const answers = data.answers.map((answer) => ({
    pruned: answer.pruned,
    values: answer.values === null ? null : answer.values.map(([name, value]) => [name, number(value)]),
  }));
  const shared = {
    pruned: exercise.leafNames.filter((name) => exercise.pruned.has(name)),
    values: Object.fromEntries(exercise.values),
    evaluated: exercise.evaluated,
  };
  const results = {};
  for (const language of data.languages) {
    const result = {
      ...shared,
      question: exercise.question(language),
      explanations: Object.fromEntries(
        exercise.leafNames.map((leaf) => [leaf, exercise.explain(leaf, language)]),
      ),
      feedback: answers.map((answer) => T.feedbackText(exercise.check(answer, language))),
      typed: data.typed.map(({ marked, typed }) => {
        const { feedback, blank } = exercise.checkTyped(new Set(marked), typed, language);
        const note = blank.length ? exercise.blankNote(blank, language) : "";
        return { text: T.feedbackText(feedback), blank, note };
      }),
      solution: exercise.solutionHtml(language),
    };
    if (data.sentences) {
      result.sentences = T.sentences(exercise.trace, language);
      // the trainer's own reasons (not gamelib's words): checked for truth by the test
      result.reasons = {
        returns: Object.fromEntries(
          [...exercise.values.keys()].map((name) => [name, exercise.returnsBecause(name, language)]),
        ),
        reached: Object.fromEntries(
          exercise.evaluated.map((leaf) => [leaf, exercise.reachedBecause(leaf, language)]),
        ),
        bounds: Object.fromEntries(
          [...exercise.pruned].map((leaf) => [leaf, exercise.boundFrom(leaf, language)]),
        ),
        steps: exercise.trace.events.map((event) =>
          event.type === "backup" || event.type === "cutoff"
            ? exercise.stepComparison(event, language)
            : null,
        ),
      };
    }
    if (data.pictures) {
      result.pictures = T.pictures(exercise, language).map((picture) => ({
        caption: picture.caption,
        nodes: picture.nodes,
        edges: picture.edges,
      }));
    }
    results[language] = result;
  }
  return results;
}

function readOne(text, language) {
  try {
    return { value: T.readValue(text, language) };
  } catch (error) {
    return { error: error.message };
  }
}

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const output = {
  cases: input.cases.map((data) => runCase(data, input.conventions)),
  conventions: Object.fromEntries(
    T.LANGUAGES.map((language) => [
      language,
      input.conventions.map((convention) => T.describeConvention(convention, language)),
    ]),
  ),
  numbers: Object.fromEntries(
    T.LANGUAGES.map((language) => [language, input.numbers.map((text) => readOne(text, language))]),
  ),
  formatted: (input.formatted || []).map((value) => T.formatNumber(number(value))),
  random: input.random.map(({ seed, depth, branching }) =>
    T.toOutline(T.randomTree(seed, depth, branching)),
  ),
  words: T.WORDS,
  before: Object.fromEntries(T.LANGUAGES.map((language) => [language, T.beforeTheSearch(language)])),
};
process.stdout.write(JSON.stringify(output, encode));
