/*
 * The trainer page: draws the tree, takes the answer, shows the feedback and plays the
 * solution. All the α-β logic and every sentence come from trainer.js (PruningTrainer).
 *
 * The page's state lives in the address: #seed=7&depth=3&branching=2-3&cutoff=ge&order=given
 * &failure=hard, so a link gives everyone the same exercise.
 *
 * The page speaks the language of its <html lang>: English (index.html) or Japanese
 * (ja/index.html, the same page in Japanese). Every sentence the script writes comes from
 * trainer.js's WORDS (or mastery.js's and the progress store's, which come in both), in that
 * language; the language switch keeps the exercise (the address).
 *
 * Practice (issue 30): the first Check of an exercise is a rated try, recorded with
 * PruningMastery.recordAttempt and kept by PruningProgressStore (local storage); a later
 * Check is recorded too and mastery.js leaves it unrated; "Show solution" before any Check
 * records a miss. "Next exercise" asks PruningMastery.nextExercise for the tree to practise
 * and shows why, until the student changes the exercise by hand. The record is opaque here:
 * only PruningMastery's functions read it.
 */
"use strict";

(() => {
  const T = PruningTrainer;
  const M = PruningMastery;
  const SVG = "http://www.w3.org/2000/svg";
  const BOX = { width: 50, height: 40 };
  const ELLIPSE = { rx: 28, ry: 21 };
  // A drawing shrinks to fit its box down to a scale that keeps its smallest text (12 SVG
  // units: names, marks, labels) at least 12 px on a wide screen and 10 px on a phone; a
  // wider tree scrolls in its box, and says so (showScrollCue).
  const SMALLEST_TEXT = 12;
  const READABLE_PIXELS = { wide: 12, narrow: 10 };
  const NARROW_SCREEN = "(max-width: 699px)";
  const MAX_SCALE = 1.3; // and grows on a wide screen up to this

  /** The smallest scale a drawing may have on this screen (see READABLE_PIXELS). */
  function minimumScale() {
    const narrow = window.matchMedia(NARROW_SCREEN).matches;
    return (narrow ? READABLE_PIXELS.narrow : READABLE_PIXELS.wide) / SMALLEST_TEXT;
  }
  const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
  const STEP_MILLISECONDS = 750; // the speed control's default (its options are in the page)
  const LANGUAGE = document.documentElement.lang === "ja" ? "ja" : "en";
  const VERDICT_SIGNS = { right: "✓", wrong: "✗" };

  /** The page's own words (trainer.js WORDS.page) in the page's language. */
  const pageWords = (key, values) => T.say("page", key, LANGUAGE, values);
  /** The notebook widget's words (gamelib.widgets.pruning.WORDS) in the page's language. */
  const widgetWords = (key, values) => T.say("gamelib.widgets.pruning", key, LANGUAGE, values);

  const state = {
    seed: 0,
    depth: 3,
    branching: [2, 3],
    convention: { cutoff: ">=", order: "given", failure: "hard" },
    exercise: null,
    marked: new Set(),
    typed: {},
    pictures: null,
    step: 0,
    timer: null,
    stepMilliseconds: STEP_MILLISECONDS,
    openAtStart: true, // a new tree's drawing opens scrolled to where the search starts
    // what the last Check found: leaf → "right" (marked and pruned) or "wrong" (marked but
    // evaluated, or pruned but not marked); a leaf pressed since then has none
    verdicts: new Map(),
    // the leaf whose button has the keyboard's focus: the drawing outlines it as well
    focusedLeaf: null,
    // the student's progress record (opaque: PruningMastery's), once the store has read it
    progress: null,
    // settles when the record is read (loadProgress); the saves follow each other on `saving`
    loading: null,
    saving: Promise.resolve(),
    // whether this exercise has been checked or its solution shown since it was set
    answered: false,
  };

  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------------ the address

  function readAddress() {
    const parameters = new URLSearchParams(window.location.hash.slice(1));
    const seed = Number(parameters.get("seed"));
    if (parameters.has("seed") && Number.isSafeInteger(seed) && seed >= 0 && seed <= 999999999) {
      state.seed = seed;
    }
    const depth = Number(parameters.get("depth"));
    if ([2, 3, 4].includes(depth)) state.depth = depth;
    const branching = parameters.get("branching");
    if (branching === "2") state.branching = 2;
    else if (branching === "3") state.branching = 3;
    else if (branching === "2-3") state.branching = [2, 3];
    const cutoff = parameters.get("cutoff");
    if (cutoff === "ge" || cutoff === "gt") state.convention.cutoff = cutoff === "ge" ? ">=" : ">";
    const order = parameters.get("order");
    if (order === "given" || order === "reversed") state.convention.order = order;
    const failure = parameters.get("failure");
    if (failure === "hard" || failure === "soft") state.convention.failure = failure;
  }

  function branchingText() {
    return Array.isArray(state.branching) ? state.branching.join("-") : String(state.branching);
  }

  function writeAddress() {
    const parameters = new URLSearchParams({
      seed: String(state.seed),
      depth: String(state.depth),
      branching: branchingText(),
      cutoff: state.convention.cutoff === ">=" ? "ge" : "gt",
      order: state.convention.order,
      failure: state.convention.failure,
    });
    const hash = "#" + parameters.toString();
    if (window.location.hash !== hash) history.replaceState(null, "", hash);
    const twin = document.querySelector("a.course-language-switch");
    if (twin) twin.setAttribute("href", twin.getAttribute("href").split("#")[0] + hash);
  }

  function showSettings() {
    $("seed").value = String(state.seed);
    $("depth").value = String(state.depth);
    $("branching").value = branchingText();
    for (const name of ["cutoff", "order", "failure"]) {
      for (const input of document.querySelectorAll(`input[name="${name}"]`)) {
        input.checked = input.value === state.convention[name];
      }
    }
  }

  // ------------------------------------------------------------------ drawing

  function element(name, attributes = {}, text = null) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== null) node.textContent = text;
    return node;
  }

  /** The room between leaves: SPACING, or less so that the tree fits its box at the smallest
   * readable scale, down to TIGHT_SPACING (a leaf is 56 units wide); a tree that still does
   * not fit scrolls. */
  const SPACING = 68;
  const TIGHT_SPACING = 62;
  function spacingFor(leafCount, boxWidth, margin) {
    if (leafCount < 2 || !boxWidth) return SPACING;
    const fits = Math.floor((boxWidth / minimumScale() - margin.left - margin.right) / (leafCount - 1));
    return Math.max(TIGHT_SPACING, Math.min(SPACING, fits));
  }

  /** Text that keeps its own background: a halo in the page's colour behind the letters. */
  function label(x, y, lines, className, anchor) {
    const text = element("text", { x, y, class: `label ${className}`, "text-anchor": anchor });
    lines.forEach((line, index) => {
      text.append(element("tspan", { x, dy: index === 0 ? 0 : "1.15em" }, line));
    });
    return text;
  }

  /**
   * Draw `exercise`'s tree into `container`. With `picture` (a step of the solution), nodes
   * and edges show that step; without, the exercise: leaves with their values, the leaves
   * marked pruned greyed, typed values in the inner nodes, leaves clickable.
   */
  function drawTree(container, exercise, picture, onLeaf) {
    const leafCount = exercise.leafNames.length;
    // the solution's pictures keep room on the right for the labels of the last edges
    const margin = { left: 44, right: picture ? 90 : 44, top: picture ? 58 : 34, bottom: 34 };
    const placed = T.layout(exercise.tree, {
      spacing: spacingFor(leafCount, container.clientWidth, margin),
      levelGap: 96,
      margin,
    });
    // a picture for a screen reader, with its text: the exercise's size and marks, or the
    // step's caption and the solution's summary (the leaves themselves are the buttons of
    // the "Pruned leaves" toolbar, which the drawing follows)
    const svg = element("svg", {
      viewBox: `0 0 ${placed.width} ${placed.height}`,
      role: "img",
      "aria-label": picture ? picture.caption : treeLabel(exercise),
    });
    if (picture) svg.setAttribute("aria-describedby", "solution-summary");
    const natural = placed.width;
    svg.style.width =
      `max(${Math.ceil(natural * minimumScale())}px, min(100%, ${Math.round(natural * MAX_SCALE)}px))`;
    const edges = element("g", { class: "edges" });
    const labels = element("g", { class: "labels" });
    const nodes = element("g", { class: "nodes" });
    svg.append(edges, nodes, labels);
    const players = new Map(T.walk(exercise.tree).map(([node, ply]) => [node.name, ply % 2]));

    if (picture && picture.edges[""]) {
      const root = placed.positions.get(exercise.tree.name);
      const edge = picture.edges[""];
      edges.append(
        element("line", {
          x1: root.x, y1: root.y - 52, x2: root.x, y2: root.y - BOX.height / 2 - 2,
          class: `edge entry ${edge.status}`,
        }),
      );
      if (edge.label) labels.append(label(root.x + 8, root.y - 34, [edge.label], edge.labelKind, "start"));
    }

    for (const [node] of T.walk(exercise.tree)) {
      const where = placed.positions.get(node.name);
      for (const child of node.children) {
        const to = placed.positions.get(child.name);
        const status = picture ? picture.edges[child.name].status : "static";
        const marked = !picture && isMarkedBelow(child);
        edges.append(
          element("line", {
            x1: where.x, y1: where.y + halfHeight(players.get(node.name)),
            x2: to.x, y2: to.y - halfHeight(players.get(child.name)),
            class: `edge ${status}${marked ? " marked" : ""}`,
          }),
        );
        const edge = picture ? picture.edges[child.name] : null;
        if (edge && edge.label) {
          const middleX = (where.x + to.x) / 2;
          const middleY = (where.y + to.y) / 2 - (edge.labelKind === "cut" ? 8 : 0);
          const right = to.x >= where.x;
          labels.append(
            label(middleX + (right ? 7 : -7), middleY, edge.label.split("\n"), edge.labelKind,
              right ? "start" : "end"),
          );
        }
      }
    }

    for (const [node] of T.walk(exercise.tree)) {
      nodes.append(drawNode(exercise, node, placed.positions.get(node.name),
        players.get(node.name), picture, onLeaf));
    }
    const scrolled = container.scrollLeft;
    container.replaceChildren(svg);
    container.scrollLeft = scrolled;
    if (picture) {
      if (picture.current) keepInView(container, svg, placed, placed.positions.get(picture.current).x, false);
    } else if (state.openAtStart) {
      // a new tree too wide for its box opens where the search starts: its first leaves
      const reversed = exercise.convention.order === "reversed";
      container.scrollLeft = reversed ? container.scrollWidth : 0;
      state.openAtStart = false;
    }
    showScrollCue(container);
  }

  /**
   * A drawing wider than its box says so: the hint under it shows, and its frame fades the
   * side that has more of the tree, with an arrow (classes more-left and more-right); the
   * keyboard can reach it and scroll it.
   */
  function showScrollCue(container) {
    const frame = container.closest(".drawing-frame");
    const hidden = container.scrollWidth - container.clientWidth;
    const scrolls = hidden > 1;
    frame.classList.toggle("scrolls", scrolls);
    frame.classList.toggle("more-left", scrolls && container.scrollLeft > 1);
    frame.classList.toggle("more-right", scrolls && container.scrollLeft < hidden - 1);
    $(`${container.id}-scroll-hint`).hidden = !scrolls;
    // a box that scrolls is a Tab stop, so the arrow keys can scroll it
    if (scrolls) container.tabIndex = 0;
    else container.removeAttribute("tabindex");
  }

  /**
   * Scroll a drawing's box sideways so that x (SVG units) is in view: centred when `centre`,
   * otherwise only when it is near an edge (so a playing animation follows the search).
   */
  function keepInView(container, svg, placed, x, centre) {
    if (container.scrollWidth <= container.clientWidth) return;
    const pixels = (x * svg.getBoundingClientRect().width) / placed.width;
    const margin = Math.min(90, container.clientWidth / 4);
    const left = container.scrollLeft;
    const outside = pixels < left + margin || pixels > left + container.clientWidth - margin;
    if (centre || outside) container.scrollLeft = pixels - container.clientWidth / 2;
  }

  /** The exercise's drawing in words: how many leaves, and which are marked pruned. */
  function treeLabel(exercise) {
    const marked = exercise.leafNames.filter((name) => state.marked.has(name));
    return pageWords("tree_label", {
      count: exercise.leafNames.length,
      marked: marked.length ? marked.join(widgetWords("separator")) : widgetWords("none"),
    });
  }

  function halfHeight(player) {
    return player === 0 ? BOX.height / 2 : ELLIPSE.ry;
  }

  function isMarkedBelow(node) {
    return node.children.length === 0 && state.marked.has(node.name);
  }

  function drawNode(exercise, node, where, player, picture, onLeaf) {
    const kind = player === 0 ? "max" : "min";
    const leaf = node.children.length === 0;
    let status = "static";
    let value = leaf ? T.formatNumber(node.value) : "";
    let mark = "";
    let provisional = false;
    let current = false;
    if (picture) {
      const shown = picture.nodes[node.name];
      ({ status, value, mark, provisional, current } = shown);
    } else if (leaf && state.marked.has(node.name)) {
      status = "marked";
      mark = "✂";
    } else if (!leaf && (state.typed[node.name] || "").trim()) {
      try {
        const typed = T.readValue(state.typed[node.name]);
        if (typed !== null) {
          value = T.formatNumber(typed);
          provisional = true;
        }
      } catch (error) {
        value = "?";
        provisional = true;
      }
    }
    const verdict = picture ? null : state.verdicts.get(node.name);
    const echo = !picture && leaf && state.focusedLeaf === node.name;
    const group = element("g", {
      class:
        `node ${kind} ${status}${current ? " current" : ""}${verdict ? ` ${verdict}` : ""}` +
        (echo ? " echo" : ""),
      transform: `translate(${where.x} ${where.y})`,
    });
    const shape =
      kind === "max"
        ? element("rect", {
          x: -BOX.width / 2, y: -BOX.height / 2, width: BOX.width, height: BOX.height, rx: 2,
          class: "shape",
        })
        : element("ellipse", { cx: 0, cy: 0, rx: ELLIPSE.rx, ry: ELLIPSE.ry, class: "shape" });
    group.append(shape);
    const title = element("text", { x: 0, y: -6, class: "name", "text-anchor": "middle" });
    title.append(element("tspan", {}, node.name));
    if (mark) title.append(element("tspan", { class: "mark", dx: 3 }, mark));
    group.append(title);
    if (verdict) {
      // right or wrong in a sign as well as a colour: a badge with ✓ or ✗ at the top right
      const badge = element("g", { class: `verdict-badge ${verdict}`, transform: "translate(22 -20)" });
      badge.append(element("circle", { r: 9 }));
      badge.append(element("text", { y: 4.5, "text-anchor": "middle" }, VERDICT_SIGNS[verdict]));
      group.append(badge);
    }
    if (value) {
      group.append(
        element("text", {
          x: 0, y: 13, class: `value${provisional ? " provisional" : ""}`, "text-anchor": "middle",
        }, value),
      );
    }
    if (!picture && leaf && onLeaf) {
      // a pointer's way to press the leaf; the keyboard's is its button in the toolbar
      group.dataset.leaf = node.name;
      group.classList.add("clickable");
      group.addEventListener("click", () => onLeaf(node.name));
    }
    return group;
  }

  // ------------------------------------------------------------------ the exercise

  function newExercise() {
    stopPlaying();
    const tree = T.randomTree(state.seed, state.depth, state.branching);
    state.exercise = new T.Exercise(tree, state.convention);
    state.answered = false;
    state.marked = new Set();
    state.typed = {};
    state.verdicts = new Map();
    state.pictures = null;
    state.openAtStart = true;
    writeAddress();
    showExercise();
  }

  function newRules() {
    stopPlaying();
    state.exercise = new T.Exercise(state.exercise.tree, state.convention);
    state.answered = false;
    state.pictures = null;
    state.verdicts = new Map();
    drawExercise();
    showLeafButtons();
    clearValueVerdicts();
    writeAddress();
    showQuestion();
    $("feedback").replaceChildren();
    $("solution").hidden = true;
  }

  function pythonBranching() {
    return Array.isArray(state.branching) ? `(${state.branching.join(", ")})` : state.branching;
  }

  function showQuestion() {
    const exercise = state.exercise;
    $("question").textContent = exercise.question(LANGUAGE).split("\n\n")[0];
    const { cutoff, order, failure } = exercise.convention;
    const language = LANGUAGE === "en" ? "" : `, language="${LANGUAGE}"`;
    const code =
      `PruningWidget(PruningExercise(seed=${state.seed}, depth=${state.depth}, ` +
      `branching=${pythonBranching()}, convention=Convention(cutoff="${cutoff}", ` +
      `order="${order}", failure="${failure}"))${language})`;
    const line = $("notebook-line");
    line.replaceChildren(pageWords("notebook_line"));
    const codeElement = document.createElement("code");
    codeElement.textContent = code;
    line.append(codeElement);
  }

  function showExercise() {
    showQuestion();
    drawExercise();
    const leaves = $("leaves");
    leaves.replaceChildren();
    state.focusedLeaf = null;
    state.exercise.leafNames.forEach((name, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "leaf";
      button.dataset.leaf = name;
      button.tabIndex = index === 0 ? 0 : -1; // one Tab stop for all the leaves (leafKeys)
      const value = T.formatNumber(state.exercise.nodes.get(name).value);
      button.title = widgetWords("leaf_tooltip", { name, value });
      button.addEventListener("click", () => toggleLeaf(name));
      button.addEventListener("focus", () => echoLeaf(name));
      button.addEventListener("blur", () => echoLeaf(null));
      leaves.append(button);
      showLeafButton(button, null);
    });
    const values = $("values");
    values.replaceChildren();
    for (const name of state.exercise.innerNodesLevelByLevel()) {
      const field = document.createElement("label");
      field.className = "value-field";
      const caption = document.createElement("span");
      caption.textContent = name;
      const input = document.createElement("input");
      input.type = "text";
      input.inputMode = "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.placeholder = widgetWords("value_placeholder");
      input.dataset.node = name;
      input.setAttribute("aria-label", pageWords("value_label", { name }));
      input.addEventListener("input", () => {
        state.typed[name] = input.value;
        showValueVerdict(input, null, null); // Check's verdict was on the old text
        drawExercise();
      });
      const sign = document.createElement("span");
      sign.className = "verdict-sign";
      sign.setAttribute("aria-hidden", "true");
      field.append(caption, input, sign);
      values.append(field);
    }
    $("feedback").replaceChildren();
    $("solution").hidden = true;
  }

  function drawExercise() {
    drawTree($("tree-drawing"), state.exercise, null, toggleLeaf);
  }

  /**
   * The leaves' toolbar is one Tab stop (a roving tabindex): the arrow keys move between the
   * leaves in the drawing's order, Home and End go to the first and the last; Space or Enter
   * presses the leaf (a button's own keys). The leaf last reached keeps the Tab stop.
   */
  function leafKeys(event) {
    const buttons = [...document.querySelectorAll("#leaves button")];
    const here = buttons.indexOf(document.activeElement);
    if (here < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowRight: here + 1, ArrowDown: here + 1, ArrowLeft: here - 1, ArrowUp: here - 1,
      Home: 0, End: buttons.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusLeafButton(buttons[Math.max(0, Math.min(moves[event.key], buttons.length - 1))]);
  }

  /** Give `button` the leaves' Tab stop, and the focus. */
  function focusLeafButton(button) {
    rovingLeafStop(button);
    button.focus();
  }

  /** Give `button` the leaves' Tab stop (tabindex 0; every other leaf -1). */
  function rovingLeafStop(button) {
    for (const other of document.querySelectorAll("#leaves button")) other.tabIndex = -1;
    button.tabIndex = 0;
  }

  /** The drawing outlines the leaf whose button has the focus (none: null), in view. */
  function echoLeaf(name) {
    if (state.focusedLeaf === name) return;
    state.focusedLeaf = name;
    for (const node of document.querySelectorAll("#tree-drawing .node.clickable")) {
      node.classList.toggle("echo", node.dataset.leaf === name);
    }
    if (name === null) return;
    const container = $("tree-drawing");
    const node = container.querySelector(`.node.clickable[data-leaf="${name}"]`);
    if (!node) return;
    const box = node.getBoundingClientRect();
    const frame = container.getBoundingClientRect();
    const margin = Math.min(90, container.clientWidth / 4);
    if (box.left < frame.left + margin || box.right > frame.right - margin) {
      container.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    }
  }

  /**
   * A leaf's button: pressed (✂) or not, and the last Check's verdict on it, a sign (✓ or ✗)
   * with its word for a screen reader, and the message about it. Its name for a screen
   * reader says the leaf, its value and the verdict; aria-pressed says whether it is marked.
   */
  function showLeafButton(button, messageId) {
    const name = button.dataset.leaf;
    const pressed = state.marked.has(name);
    const verdict = state.verdicts.get(name);
    const value = T.formatNumber(state.exercise.nodes.get(name).value);
    const described = pageWords("leaf_label", { name, value });
    button.setAttribute("aria-label", verdict ? `${described} (${pageWords(verdict)})` : described);
    button.setAttribute("aria-pressed", String(pressed));
    button.textContent = pressed ? `✂ ${name}` : name;
    button.classList.remove("right", "wrong");
    button.removeAttribute("aria-describedby");
    if (!verdict) return;
    button.classList.add(verdict);
    const sign = document.createElement("span");
    sign.className = "verdict-sign";
    sign.setAttribute("aria-hidden", "true");
    sign.textContent = VERDICT_SIGNS[verdict];
    const word = document.createElement("span");
    word.className = "visually-hidden";
    word.textContent = ` (${pageWords(verdict)})`;
    button.append(" ", sign, word);
    if (messageId) button.setAttribute("aria-describedby", messageId);
  }

  /** Every leaf button, with the messages of the last Check (node → element id). */
  function showLeafButtons(messageIds = new Map()) {
    for (const button of document.querySelectorAll("#leaves button")) {
      showLeafButton(button, messageIds.get(button.dataset.leaf));
    }
  }

  /**
   * A value box after Check: "wrong" (aria-invalid, described by its message, ✗), "right"
   * (the value typed is the value returned, ✓) or null (not checked, or edited since).
   */
  function showValueVerdict(input, verdict, messageId) {
    const field = input.closest(".value-field");
    field.classList.remove("right", "wrong");
    field.querySelector(".verdict-sign").textContent = verdict ? VERDICT_SIGNS[verdict] : "";
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    input.removeAttribute("aria-errormessage");
    if (!verdict) return;
    field.classList.add(verdict);
    if (verdict === "wrong") {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", messageId);
      input.setAttribute("aria-errormessage", messageId);
    }
  }

  /**
   * Every value box after Check (`messageIds`: node → the id of the message naming it):
   * wrong where a message names it, right where a value was typed and none does.
   */
  function showValueVerdicts(messageIds) {
    for (const input of document.querySelectorAll("#values input")) {
      const name = input.dataset.node;
      let verdict = null;
      if (messageIds.has(name)) verdict = "wrong";
      else if (input.value.trim()) verdict = "right";
      showValueVerdict(input, verdict, messageIds.get(name));
    }
  }

  /** Every value box without a verdict (the answer or the rules changed). */
  function clearValueVerdicts() {
    for (const input of document.querySelectorAll("#values input")) showValueVerdict(input, null, null);
  }

  function toggleLeaf(name) {
    state.verdicts.delete(name);
    if (state.marked.has(name)) state.marked.delete(name);
    else state.marked.add(name);
    const button = document.querySelector(`#leaves button[data-leaf="${name}"]`);
    showLeafButton(button, null);
    rovingLeafStop(button); // pressed in the drawing: the keyboard goes on from there
    drawExercise();
  }

  function clearAnswer() {
    state.marked = new Set();
    state.verdicts = new Map();
    state.typed = {};
    showLeafButtons();
    for (const input of document.querySelectorAll("#values input")) input.value = "";
    clearValueVerdicts();
    $("feedback").replaceChildren();
    drawExercise();
  }

  /**
   * Check the answer: gamelib's verdict and messages (each with the trainer's reason from the
   * trace where the message does not hold it), every marked or missed leaf right (✓) or
   * wrong (✗) in the drawing and on its button, every value box right or wrong.
   */
  function check() {
    const exercise = state.exercise;
    const { feedback, blank } = exercise.checkTyped(state.marked, state.typed, LANGUAGE);
    recordAttempt({ answer: typedAnswer(), shown: false });
    state.verdicts = new Map();
    for (const name of exercise.leafNames) {
      const marked = state.marked.has(name);
      if (marked !== exercise.pruned.has(name)) state.verdicts.set(name, "wrong");
      else if (marked) state.verdicts.set(name, "right");
    }
    drawExercise();
    const box = $("feedback");
    box.className = `feedback ${feedback.correct ? "right" : "wrong"}`;
    const head = document.createElement("p");
    head.className = "verdict";
    head.textContent = T.verdict(feedback);
    box.replaceChildren(head);
    const messageIds = new Map(); // node → the id of the first message about it
    if (feedback.details.length) {
      const list = document.createElement("ul");
      feedback.details.forEach((detail, index) => {
        const item = document.createElement("li");
        item.id = `message-${index + 1}`;
        item.className = detail.kind.replaceAll("_", "-");
        if (detail.node !== null && !messageIds.has(detail.node)) messageIds.set(detail.node, item.id);
        const message = document.createElement("span");
        message.className = "message";
        message.textContent = detail.text;
        item.append(message);
        const reason = exercise.reasonFor(detail, LANGUAGE);
        if (reason) {
          const why = document.createElement("span");
          why.className = "reason";
          const label = document.createElement("b");
          label.textContent = pageWords("why");
          why.append(label, reason);
          item.append(why);
        }
        list.append(item);
      });
      box.append(list);
    }
    showLeafButtons(messageIds);
    showValueVerdicts(messageIds);
    if (blank.length) {
      const note = document.createElement("p");
      note.className = "note";
      note.textContent = exercise.blankNote(blank, LANGUAGE);
      box.append(note);
    }
  }

  // ------------------------------------------------------------------ the solution

  function showSolution() {
    const exercise = state.exercise;
    if (!state.answered) recordAttempt({ answer: null, shown: true });
    state.pictures = T.pictures(exercise, LANGUAGE);
    // the notebook widget's solution paragraph (node names escaped): its <div>'s content
    const paragraph = document.createElement("template");
    paragraph.innerHTML = exercise.solutionHtml(LANGUAGE);
    $("solution-summary").replaceChildren(...paragraph.content.firstChild.childNodes);
    const slider = $("step");
    slider.max = String(state.pictures.length - 1);
    $("solution").hidden = false;
    goTo(state.pictures.length - 1);
    // the focus goes along (the next Tab reaches the player, not what the page scrolls away
    // from), and the page scrolls there: at once for whoever asks for reduced motion
    $("solution-title").focus({ preventScroll: true });
    const still = window.matchMedia(REDUCED_MOTION).matches;
    $("solution").scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
  }

  function goTo(step) {
    if (!state.pictures) return;
    state.step = Math.max(0, Math.min(step, state.pictures.length - 1));
    const picture = state.pictures[state.step];
    drawTree($("solution-drawing"), state.exercise, picture, null);
    $("caption").textContent = picture.caption;
    // the rule's cut test, when a child has just returned: a cut, or why there is none
    const event = state.step > 0 ? state.exercise.trace.events[state.step - 1] : null;
    const tested = event !== null && (event.type === "backup" || event.type === "cutoff");
    const comparison = $("comparison");
    comparison.textContent = tested ? state.exercise.stepComparison(event, LANGUAGE) : "";
    comparison.className = `comparison${tested ? (event.type === "cutoff" ? " cut" : " no-cut") : ""}`;
    $("step").value = String(state.step);
    const last = state.step === state.pictures.length - 1;
    setUsable($("first-step"), state.step > 0);
    setUsable($("previous-step"), state.step > 0);
    setUsable($("next-step"), !last);
    setUsable($("last-step"), !last);
    setUsable($("next-cut"), nextCutStep() !== null);
  }

  /**
   * A step button that has nothing to do is aria-disabled, not disabled: it keeps the focus
   * (« First pressed at step 1 leaves the keyboard on it, not on the page's top) and says
   * it is unavailable; pressing it does nothing (isUsable).
   */
  function setUsable(button, usable) {
    if (usable) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  }

  function isUsable(button) {
    return button.getAttribute("aria-disabled") !== "true";
  }

  /** The first step after the current one that shows a cutoff, or null if none is left. */
  function nextCutStep() {
    const events = state.exercise.trace.events;
    for (let step = state.step + 1; step <= events.length; step += 1) {
      if (events[step - 1].type === "cutoff") return step;
    }
    return null;
  }

  function stopPlaying() {
    if (state.timer !== null) {
      clearInterval(state.timer);
      state.timer = null;
    }
    const play = $("play");
    play.textContent = pageWords("play");
    play.setAttribute("aria-label", pageWords("play_label"));
  }

  function togglePlay() {
    if (state.timer !== null) {
      stopPlaying();
      return;
    }
    if (state.step >= state.pictures.length - 1) goTo(0);
    const play = $("play");
    play.textContent = pageWords("pause");
    play.setAttribute("aria-label", pageWords("pause_label"));
    startTimer();
  }

  /** Step forward every state.stepMilliseconds (the speed control) until the last step. */
  function startTimer() {
    if (state.timer !== null) clearInterval(state.timer);
    $("play").dataset.stepMilliseconds = String(state.stepMilliseconds);
    state.timer = setInterval(() => {
      goTo(state.step + 1);
      if (state.step >= state.pictures.length - 1) stopPlaying();
    }, state.stepMilliseconds);
  }

  function setSpeed() {
    const milliseconds = Number($("speed").value);
    if (!(Number.isFinite(milliseconds) && milliseconds > 0)) return;
    state.stepMilliseconds = milliseconds;
    $("play").dataset.stepMilliseconds = String(milliseconds);
    if (state.timer !== null) startTimer(); // a playing animation takes the new pace now
  }

  // ------------------------------------------------------------------ practice

  /** The exercise on the page as mastery.js names it: {seed, depth, branching, convention}. */
  function currentSpec() {
    const branching = Array.isArray(state.branching) ? [...state.branching] : state.branching;
    return { seed: state.seed, depth: state.depth, branching, convention: { ...state.convention } };
  }

  /**
   * The answer as PruningMastery.grade reads it: the leaves marked pruned, and every value
   * box's number read as Check reads it (in the page's language). A box left empty gives no
   * value, so that part is not attempted (the values are optional); a box that cannot be
   * read gives null, an attempt that is wrong (Check's feedback names the box).
   */
  function typedAnswer() {
    const values = [];
    for (const [name, text] of Object.entries(state.typed)) {
      let number = null;
      try {
        number = T.readValue(text, LANGUAGE);
      } catch (error) {
        values.push([name, null]);
        continue;
      }
      if (number !== null) values.push([name, number]);
    }
    return { pruned: [...state.marked], values };
  }

  /** Show a notice of the progress store ({en, ja}, or null: the last one stays). */
  function showNotice(notice) {
    if (!notice) return;
    const line = $("progress-notice");
    line.textContent = notice[LANGUAGE];
    line.hidden = false;
  }

  /**
   * Read the student's record from the store (or start one); a store that fails anyway leaves
   * a record in memory only, and says so.
   */
  async function loadProgress() {
    try {
      const { progress, notice } = await PruningProgressStore.load();
      state.progress = progress;
      showNotice(notice);
    } catch (error) {
      state.progress = M.newProgress(`page-${Date.now()}`, Date.now());
      showNotice({ [LANGUAGE]: pageWords("progress_in_memory", { error: String(error) }) });
    }
  }

  /**
   * Record an attempt at the exercise on the page, now: a Check's answer, or (`shown`) the
   * solution shown before any Check, a miss. mastery.js rates only the first attempt at an
   * exercise in the whole record; the record is then saved (in turn, never two at once).
   */
  function recordAttempt({ answer, shown }) {
    const spec = currentSpec();
    const at = Date.now();
    state.answered = true;
    state.loading.then(() => {
      state.progress = M.recordAttempt(state.progress, spec, answer, { at, shown });
      const progress = state.progress;
      state.saving = state.saving
        .then(() => PruningProgressStore.save(progress))
        .then(({ notice }) => showNotice(notice))
        .catch((error) => {
          showNotice({ [LANGUAGE]: pageWords("progress_not_saved", { error: String(error) }) });
        });
    });
  }

  /** A seed for nextExercise's candidates, new at every press (0 to 999999999). */
  function freshSeed() {
    return Math.floor(Math.random() * 1e9);
  }

  /**
   * "Next exercise": the tree PruningMastery chooses for this student's record, set up exactly
   * as a tree chosen by hand (settings, address, drawing), and its reason in the status line.
   */
  async function practiseNext() {
    await state.loading;
    const choice = M.nextExercise(state.progress, freshSeed());
    const { seed, depth, branching, convention } = choice.spec;
    Object.assign(state, { seed, depth, branching, convention: { ...convention } });
    showSettings();
    newExercise();
    $("practice-reason").textContent = choice.reason[LANGUAGE];
  }

  /** The student changed the exercise by hand: the reason of "Next exercise" no longer holds. */
  function clearReason() {
    $("practice-reason").textContent = "";
  }

  // ------------------------------------------------------------------ wiring

  function readSettings() {
    const seed = Number($("seed").value);
    if (Number.isSafeInteger(seed) && seed >= 0 && seed <= 999999999) state.seed = seed;
    state.depth = Number($("depth").value);
    const branching = $("branching").value;
    state.branching = branching === "2-3" ? [2, 3] : Number(branching);
  }

  function start() {
    readAddress();
    showSettings();
    for (const name of ["cutoff", "order", "failure"]) {
      for (const input of document.querySelectorAll(`input[name="${name}"]`)) {
        input.addEventListener("change", () => {
          state.convention = { ...state.convention, [name]: input.value };
          clearReason();
          newRules();
        });
      }
    }
    for (const id of ["depth", "branching", "seed"]) {
      $(id).addEventListener("change", () => {
        readSettings();
        showSettings();
        clearReason();
        newExercise();
      });
    }
    $("check").addEventListener("click", check);
    $("show-solution").addEventListener("click", showSolution);
    $("new-tree").addEventListener("click", () => {
      state.seed = state.seed >= 999999999 ? 0 : state.seed + 1;
      showSettings();
      clearReason();
      newExercise();
    });
    $("next-exercise").addEventListener("click", practiseNext);
    $("clear").addEventListener("click", clearAnswer);
    const steps = {
      "first-step": () => 0,
      "previous-step": () => state.step - 1,
      "next-step": () => state.step + 1,
      "last-step": () => Infinity,
      "next-cut": nextCutStep,
    };
    for (const [id, target] of Object.entries(steps)) {
      $(id).addEventListener("click", () => {
        if (!isUsable($(id))) return;
        stopPlaying();
        const step = target();
        if (step !== null) goTo(step);
      });
    }
    $("leaves").addEventListener("keydown", leafKeys);
    for (const link of document.querySelectorAll("a.skip-link")) {
      link.addEventListener("click", (event) => {
        // the address holds the exercise: go to the target without changing it
        event.preventDefault();
        const target = $(link.getAttribute("href").slice(1));
        const stop = target.querySelector('[tabindex="0"]') || target;
        stop.focus();
      });
    }
    $("speed").addEventListener("change", setSpeed);
    setSpeed();
    window.matchMedia(NARROW_SCREEN).addEventListener("change", () => {
      drawExercise(); // the smallest scale changed (minimumScale)
      if (state.pictures) goTo(state.step);
    });
    for (const id of ["tree-drawing", "solution-drawing"]) {
      const container = $(id);
      container.addEventListener("scroll", () => showScrollCue(container), { passive: true });
      new ResizeObserver(() => showScrollCue(container)).observe(container);
    }
    $("play").addEventListener("click", togglePlay);
    $("step").addEventListener("input", () => { stopPlaying(); goTo(Number($("step").value)); });
    window.addEventListener("hashchange", () => {
      readAddress();
      showSettings();
      clearReason();
      newExercise();
    });
    state.loading = loadProgress();
    newExercise();
  }

  start();
})();
