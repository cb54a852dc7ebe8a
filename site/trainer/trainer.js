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
 * A classic script (no ES module), so the page works from file://; node loads it through
 * `module.exports` (see check.mjs). No network, no dependencies.
 */
"use strict";

const PruningTrainer = (() => {
  const INF = Infinity;
  const MINUS = "\u2212";
  const CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩";
  const FIRST = 0; // MAX, the player to move at the root

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

  /** The end of a cut sentence: which children the cut skips (none after the last child). */
  function neverSearched(skipped) {
    if (skipped.length === 0) return " (it had no child left to search)";
    return ` and ${skipped.join(", ")} ${skipped.length === 1 ? "is" : "are"} never searched`;
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

  /** bound_words: "3 (exact)", "3 (lower bound: ≥ 3)", "3 (upper bound: ≤ 3)". */
  function boundWords(value, bound) {
    const number = formatNumber(value);
    const what = {
      [EXACT]: "exact",
      [LOWER]: `lower bound: ≥ ${number}`,
      [UPPER]: `upper bound: ≤ ${number}`,
    }[bound];
    return `${number} (${what})`;
  }

  /** bound_meaning: "exact", "a lower bound: the true value is ≥ 3", ... */
  function boundMeaning(value, bound) {
    const number = formatNumber(value);
    return {
      [EXACT]: "exact",
      [LOWER]: `a lower bound: the true value is ≥ ${number}`,
      [UPPER]: `an upper bound: the true value is ≤ ${number}`,
    }[bound];
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

  /** join_names: "J", "F and G", "F, G and H", "F, G, H, I and 5 more". */
  function joinNames(names, limit = 4) {
    const shown = names.slice(0, limit).map(quoteName);
    if (names.length > limit) shown.push(`${names.length - limit} more`);
    if (shown.length === 1) return shown[0];
    return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
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
   * Throws an Error whose message is read_number's ValueError message.
   */
  function readNumber(text) {
    const shown = text.trim();
    const match = NUMBER.exec(shown.replaceAll(MINUS, "-"));
    if (match === null) throw new Error(`${pythonRepr(shown)} is not a number`);
    const { sign, infinity, decimal } = match.groups;
    if (infinity !== undefined) return sign === "-" ? -INF : INF;
    const written = sign + decimal;
    if (/^[0-9]+$/.test(decimal) && decimal.replace(/^0+/, "").length > 4300) {
      throw new Error(`${pythonRepr(shown)} is too large a number`);
    }
    const number = Number(written);
    if (!Number.isFinite(number)) {
      throw new Error(
        `${pythonRepr(shown)} is too large a number (write inf or ∞ for an infinite value)`,
      );
    }
    return number === 0 ? 0 : number; // no −0: Python's int("-0") is 0
  }

  /** read_value (the widget's boxes): null for blank text, else readNumber. */
  function readValue(text) {
    return text.trim() ? readNumber(text) : null;
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

    pop(valueInFrame) {
      const node = this.stack.pop();
      let bound = EXACT;
      if (node.evaluated) {
        bound = EXACT;
      } else if (node.entryAlpha > -INF && valueInFrame <= node.entryAlpha) {
        bound = UPPER;
      } else if (node.entryBeta < INF && valueInFrame >= node.entryBeta) {
        bound = LOWER;
      }
      if (node.player !== FIRST) bound = negatedBound(bound);
      const value = Recorder.toMax(valueInFrame, node.player);
      this.events.push({ type: "exit", node: node.name, value, bound });
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
  function describeConvention(convention) {
    const direction = convention.order === "given" ? "left to right" : "right to left";
    const rule = convention.cutoff === ">=" ? "value ≥ β" : "value > β (strictly)";
    return `children ${direction}, cut on ${rule}, fail-${convention.failure}`;
  }

  /** A Feedback as str() shows it: "Correct!" or "Not yet:", then "- message" lines. */
  function feedbackText(feedback) {
    const head = feedback.correct ? "Correct!" : "Not yet:";
    return [head, ...feedback.messages.map((message) => `- ${message}`)].join("\n");
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
    question() {
      return (
        `Search this tree with α-β (${describeConvention(this.convention)}); MAX moves at the ` +
        "root. Which leaves are never evaluated? What value does each inner node return?\n\n" +
        toOutline(this.tree)
      );
    }

    isMax(name) {
      return this.players.get(name) === FIRST;
    }

    /** Why `leaf` is pruned: the cutoff that removed it, with its comparison. */
    explainPruned(leaf) {
      for (const event of this.trace.events) {
        if (event.type !== "cutoff") continue;
        const hit = event.skipped.some((skipped) =>
          walk(this.nodes.get(skipped)).some(([node]) => node.name === leaf),
        );
        if (hit) return `${leaf} is pruned: ${this.cutSentence(event)}`;
      }
      throw new Error(`${leaf} is not pruned`);
    }

    /** A cutoff in words, from MAX's view: a β-cut at MAX's nodes, an α-cut at MIN's. */
    cutSentence(event) {
      const strict = this.convention.cutoff === ">";
      const stops = `${event.node} stops` + neverSearched(event.skipped);
      if (this.isMax(event.node)) {
        return (
          `at ${event.node} (MAX) ${event.child} returned ${formatNumber(event.value)} ` +
          `${strict ? ">" : "≥"} β = ${formatNumber(event.beta)}: MIN above ` +
          `will never allow this, so ${stops}`
        );
      }
      return (
        `at ${event.node} (MIN) ${event.child} returned ${formatNumber(event.value)} ` +
        `${strict ? "<" : "≤"} α = ${formatNumber(event.alpha)}: MAX above ` +
        `already has a better choice, so ${stops}`
      );
    }

    /** Why `leaf` is evaluated: its window when the search reached it was still open. */
    explainEvaluated(leaf) {
      const enter = this.trace.events.find((event) => event.type === "enter" && event.node === leaf);
      return (
        `${leaf} is evaluated (number ${this.evaluated.indexOf(leaf) + 1}): when the ` +
        `search reaches it the window is ${formatWindow(enter.alpha, enter.beta)}, ` +
        "and no earlier sibling of it or of an ancestor caused a cutoff"
      );
    }

    /** The explanation of any leaf: pruned or evaluated. */
    explain(leaf) {
      return this.pruned.has(leaf) ? this.explainPruned(leaf) : this.explainEvaluated(leaf);
    }

    /**
     * PruningExercise.check for an answer {pruned, values}: `pruned` a list of node names
     * (an inner node stands for its leaves) or null; `values` null or a list of
     * [name, number] pairs in the order they were given. Returns {correct, messages}.
     */
    check(answer) {
      const messages = [];
      if (answer.pruned !== null && answer.pruned !== undefined) {
        messages.push(...this.checkPruned(answer.pruned));
      }
      const values = answer.values === undefined ? null : answer.values;
      if (values !== null) messages.push(...this.checkValues(values));
      const notes = values !== null ? this.uncheckedValues(values) : [];
      return { correct: messages.length === 0, messages: [...messages, ...notes] };
    }

    uncheckedValues(given) {
      const named = new Set(given.map(([name]) => name));
      const leftOut = [...this.nodes.keys()].filter(
        (name) => this.values.has(name) && !named.has(name),
      );
      if (!leftOut.length) return [];
      return [
        "values: only the values given were checked; not given, so not checked: " +
          leftOut.join(", "),
      ];
    }

    checkPruned(names) {
      const unknown = names.filter((name) => !this.nodes.has(name));
      if (unknown.length) {
        return [
          `${unknown.map(pythonRepr).join(", ")}: not a node of this tree ` +
            `(its leaves are ${this.leafNames.join(", ")})`,
        ];
      }
      const marked = new Set();
      for (const name of names) {
        for (const leaf of leavesOf(this.nodes.get(name))) marked.add(leaf.name);
      }
      const messages = [];
      for (const leaf of this.leafNames) {
        if (marked.has(leaf) && !this.pruned.has(leaf)) messages.push(this.explainEvaluated(leaf));
        else if (!marked.has(leaf) && this.pruned.has(leaf)) messages.push(this.explainPruned(leaf));
      }
      return messages;
    }

    checkValues(pairs) {
      const messages = [];
      const given = new Map(pairs); // a later pair for the same name wins, as in a dict
      for (const [name, value] of given) {
        if (!this.nodes.has(name)) {
          messages.push(`values: ${pythonRepr(name)} is not a node of this tree`);
        } else if (this.nodes.get(name).children.length === 0) {
          messages.push(`values: ${name} is a leaf; give values of inner nodes only`);
        } else if (!this.values.has(name)) {
          messages.push(`values: ${name} is pruned, so it returns no value`);
        } else if (typeof value !== "number" || Number.isNaN(value)) {
          messages.push(`values: the value of ${name} should be a number, got ${value}`);
        } else if (value !== this.values.get(name)) {
          const [returned, bound] = this.returned.get(name);
          messages.push(
            `${name} returns ${formatNumber(returned)}, not ${formatNumber(value)}` +
              ` (${boundMeaning(returned, bound)})`,
          );
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
     * leaves pressed, `typed` the text of each inner node's box (name → text).
     * Returns {feedback: {correct, messages}, blank: [searched inner nodes left empty]}.
     */
    checkTyped(marked, typed) {
      const values = [];
      const problems = [];
      for (const name of this.innerNodesLevelByLevel()) {
        const text = typed[name] === undefined ? "" : typed[name];
        let number;
        try {
          number = readValue(text);
        } catch (error) {
          problems.push(`value of ${name}: ${error.message}`);
          continue;
        }
        if (number !== null) values.push([name, number]);
      }
      let feedback = this.check({ pruned: [...marked], values: values.length ? values : null });
      if (problems.length) {
        feedback = { correct: false, messages: [...problems, ...feedback.messages] };
      }
      const blank = [...this.values.keys()].filter(
        (name) => !(typed[name] || "").trim(),
      );
      return { feedback, blank: feedback.correct ? blank : [] };
    }

    /** The solution in one paragraph's worth of parts (the widget's solution_html). */
    solutionParts() {
      const pruned = this.leafNames.filter((name) => this.pruned.has(name));
      const values = this.innerNodesLevelByLevel()
        .filter((name) => this.values.has(name))
        .map((name) => `${name} ${formatNumber(this.values.get(name))}`)
        .join(", ");
      return {
        pruned: pruned.length ? pruned.join(", ") : "none",
        values,
        evaluated: this.evaluated.join(" "),
      };
    }
  }

  // ------------------------------------------------------------------ describe.py (MAX's view)

  const BEFORE_THE_SEARCH = "Before the search: nothing is visited yet.";

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

  /** A cutoff's reason in MAX's view: {kind, node, value, threshold}. */
  function cutReason(event, player) {
    if (player !== FIRST) return { kind: "α", node: event.node, value: event.value, threshold: event.alpha };
    return { kind: "β", node: event.node, value: event.value, threshold: event.beta };
  }

  function cutReasonText(reason, separator = " ") {
    const relation = reason.kind === "β" ? "≥" : "≤";
    const comparison = `${formatNumber(reason.value)} ${relation} ${formatNumber(reason.threshold)}`;
    return `${reason.kind}-cut at ${quoteName(reason.node)}:${separator}${comparison}`;
  }

  /** One sentence per event, as gamelib.render.describe.sentences(trace) (MAX's view). */
  function sentences(trace) {
    const players = new Map();
    const windows = new Map();
    const total = trace.events.filter((event) => event.type === "evaluate").length;
    const windowed = usesWindows(trace);
    const role = (name) => (players.get(name) === FIRST ? "MAX" : "MIN");
    const lastEvent = trace.events[trace.events.length - 1];

    function sentence(event) {
      const name = quoteName(event.node);
      if (event.type === "enter") {
        players.set(event.node, event.player);
        windows.set(event.node, [event.alpha, event.beta]);
        const windowText = windowed ? `window ${formatWindow(event.alpha, event.beta)}` : "";
        if (event.parent === null) {
          const start = `${trace.algorithm} starts at ${name} (${role(event.node)})`;
          return windowText ? `${start} with ${windowText}` : start;
        }
        const enter = `Enter ${name}, a ${role(event.node)} node`;
        return windowText ? `${enter}, with ${windowText}` : enter;
      }
      if (event.type === "evaluate") {
        const mark = evaluationMark(event.order, total);
        return `Leaf ${name} evaluates to ${formatNumber(event.value)} (evaluation ${mark})`;
      }
      if (event.type === "cutoff") {
        windows.set(event.node, [event.alpha, event.beta]);
        const reason = cutReasonText(cutReason(event, players.get(event.node)));
        if (!event.skipped.length) return `${reason}: no moves were left to prune`;
        return `${reason}, ${joinNames(event.skipped)} pruned`;
      }
      if (event.type === "backup") {
        const before = windows.get(event.node);
        windows.set(event.node, [event.alpha, event.beta]);
        const after = [event.alpha, event.beta];
        const lead = `${quoteName(event.child)} = ${formatNumber(event.value)}`;
        if (after[0] !== before[0]) return `${lead} raises α at ${name} to ${formatNumber(after[0])}`;
        if (after[1] !== before[1]) return `${lead} lowers β at ${name} to ${formatNumber(after[1])}`;
        const best = formatNumber(event.best);
        const maximizing = role(event.node) === "MAX";
        if (event.bestChanged && best === formatNumber(event.value)) {
          if (!windowed) return `${lead} makes ${name}'s best ${best}`;
          const stays = maximizing
            ? `α stays ${formatNumber(after[0])}`
            : `β stays ${formatNumber(after[1])}`;
          return `${lead} makes ${name}'s best ${best}; ${stays}`;
        }
        if (windowed) {
          const bound = maximizing ? after[0] : after[1];
          if (formatNumber(bound) === best) {
            const which = maximizing ? "α" : "β";
            const verb = maximizing ? "raise" : "lower";
            return `${lead} does not ${verb} ${which} at ${name} (${which} stays ${best})`;
          }
        }
        return `${lead} does not improve ${name} (best so far ${best})`;
      }
      // exit
      let text = `${name} returns ${boundWords(event.value, event.bound)}`;
      if (event === lastEvent) text += ": the search is over";
      return text;
    }

    return trace.events.map(sentence);
  }

  /** caption_for: "alphabeta, step 18 of 37: β-cut at D: 4 ≥ 3, J pruned". */
  function caption(trace, step, words) {
    const sentence = step === 0 ? BEFORE_THE_SEARCH : words[step - 1];
    return `${trace.algorithm}, step ${step} of ${trace.events.length}: ${sentence}`;
  }

  // ------------------------------------------------------------------ the animation's pictures

  /**
   * What every step of the solution animation shows, as gamelib.render.scene.trace_pictures
   * (MAX's view): for each step 0 … len(events), every node's {status, value, provisional,
   * mark, current} and every edge's {status, label, labelKind} (by child name; "" for the
   * arrow into the root), and the caption.
   */
  function pictures(exercise) {
    const trace = exercise.trace;
    const tree = exercise.tree;
    const order = walk(tree).map(([node]) => node);
    const parentOf = new Map();
    for (const node of order) for (const child of node.children) parentOf.set(child.name, node.name);
    const playerOf = new Map(walk(tree).map(([node, ply]) => [node.name, ply % 2]));
    const subtree = new Map(order.map((node) => [node.name, walk(node).map(([inner]) => inner.name)]));
    const total = exercise.evaluated.length;
    const windowed = usesWindows(trace);
    const words = sentences(trace);

    const cuts = new Map(); // first skipped child → [step, label]
    trace.events.forEach((event, index) => {
      if (event.type === "cutoff" && event.skipped.length) {
        const reason = cutReason(event, playerOf.get(event.node));
        cuts.set(event.skipped[0], [index + 1, cutReasonText(reason, "\n")]);
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
      return { step, nodes, edges, caption: caption(trace, step, words), current, path: [...path] };
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
  };
})();

if (typeof module === "object" && module !== null && module.exports) {
  module.exports = PruningTrainer;
}
