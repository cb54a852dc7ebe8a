/*
 * The student's progress page (progress.html, ja/progress.html): a card per skill with its
 * rating, its uncertainty, its tries and a small chart; one skill's own page at
 * #skill=<id>; export, import and clear; the store's notices and the texts it kept aside.
 *
 * Reads only PruningMastery's public functions (standing, skillHistory, attemptsOf, SKILLS,
 * exportProgress, importProgress, specOf, expected, newProgress), PruningProgressStore and
 * PruningTrainer.fill (the words' filler): the record itself is opaque here. The page's
 * language is its <html lang>.
 */
"use strict";

(() => {
  const M = PruningMastery;
  const S = PruningProgressStore;
  const language = document.documentElement.lang === "ja" ? "ja" : "en";

  const WORDS = {
    rating_meaning: {
      en:
        "A rating is on the scale of the exercises' difficulties. A part of an exercise (a leaf " +
        "to press or a value to give) as hard as your rating is right half the time under the " +
        "model; one a point easier {easier} % of the time, one a point harder {harder} %. Every " +
        "skill starts at 0, the middle of the simulated class the difficulties were fitted on. " +
        "The bar shows the rating ± its uncertainty (one standard deviation): the more rated " +
        "tries, the narrower. Only your first try at an exercise is rated; showing the " +
        "solution before it counts as a miss.",
      ja:
        "レーティングは演習の難しさと同じ目盛りで測ります。モデルでは、難しさがあなたの" +
        "レーティングと等しい部分（押す葉や答える値）は半分の確率で正解し、1 だけ易しい部分は " +
        "{easier} %、1 だけ難しい部分は {harder} % の確率で正解します。どのスキルも 0（難しさを" +
        "当てはめた模擬のクラスの中ほど）から始まります。棒はレーティングとその不確かさ" +
        "（標準偏差 1 つ分）の範囲を示し、評価された解答が増えるほど狭くなります。評価されるのは各演習の最初の解答だけで、" +
        "その前に解答を見ると不正解として数えます。",
    },
    summary_none: {
      en: "No exercise yet. Solve some in the trainer: every first try is rated here.",
      ja: "まだ演習がありません。トレーナーで解くと、最初の解答がここで評価されます。",
    },
    summary: {
      en: "{attempts} exercises so far; {started} of {skills} skills started.",
      ja: "これまでの演習は {attempts} 問、{skills} 個のスキルのうち {started} 個を始めています。",
    },
    weakest: { en: "weakest", ja: "いちばん苦手" },
    weakest_long: {
      en: "Your weakest started skill: the lowest rating.",
      ja: "始めたスキルのうち、いちばん苦手なもの（レーティングが最低）です。",
    },
    not_started: {
      en: "Not started: no rated try yet.",
      ja: "まだ始めていません。評価された解答はありません。",
    },
    rating: { en: "Rating", ja: "レーティング" },
    rated_tries: { en: "Rated tries", ja: "評価された解答" },
    right_first: { en: "Right first tries", ja: "最初の解答で正解" },
    all_tries: { en: "Tries in all", ja: "解答の総数" },
    last_seen: { en: "Last seen", ja: "最後の練習" },
    ago_0: { en: "in your last exercise ({date})", ja: "直前の演習（{date}）" },
    ago_1: { en: "1 exercise ago ({date})", ja: "1 問前（{date}）" },
    ago_n: { en: "{count} exercises ago ({date})", ja: "{count} 問前（{date}）" },
    chart_title: {
      en: "The rating of {skill} over your exercises",
      ja: "「{skill}」のレーティングの推移",
    },
    chart_point: {
      en: "after exercise {exercise}: {rating} ± {sd}",
      ja: "{exercise} 問目のあと {rating} ± {sd}",
    },
    chart_description: {
      en: "Rating ± uncertainty, {points}.",
      ja: "レーティング ± 不確かさ。{points}。",
    },
    chart_sampled: {
      en: " ({shown} of {count} rated tries shown, evenly spaced)",
      ja: "（評価された解答 {count} 回のうち、等間隔に {shown} 回を表示）",
    },
    axis_exercise: { en: "exercise", ja: "演習" },
    open_skill: { en: "{skill}: its page", ja: "「{skill}」のページ" },
    unknown_skill: {
      en: "There is no skill “{skill}”: here are all of them.",
      ja: "「{skill}」というスキルはありません。すべてのスキルを表示します。",
    },
    tries_caption: {
      en: "Your tries with this skill, latest first",
      ja: "このスキルを使った解答（新しい順）",
    },
    tries_latest: {
      en: "Your tries with this skill, latest first (the latest {shown} of {count})",
      ja: "このスキルを使った解答（新しい順、{count} 回のうち最新の {shown} 回）",
    },
    tries_none: { en: "No try with this skill yet.", ja: "このスキルを使った解答はまだありません。" },
    column_number: { en: "Exercise", ja: "演習" },
    column_when: { en: "When", ja: "日時" },
    column_tree: { en: "The exercise (opens it in the trainer)", ja: "演習（トレーナーで開きます）" },
    column_result: { en: "Parts right", ja: "正解した部分" },
    column_kind: { en: "Rated?", ja: "評価" },
    kind_rated: { en: "first try, rated", ja: "最初の解答（評価あり）" },
    kind_again: { en: "again, not rated", ja: "再挑戦（評価なし）" },
    kind_shown: { en: "solution shown: a miss", ja: "解答を見た（不正解）" },
    kind_shown_again: { en: "solution shown, not rated", ja: "解答を見た（評価なし）" },
    parts: { en: "{right} of {parts}", ja: "{parts} 個中 {right} 個" },
    tree: {
      en: "seed {seed}, depth {depth}, {branching} children, cut on {cutoff}, {order}, {failure}",
      ja: "シード {seed}、深さ {depth}、子 {branching} 個、{cutoff} でカット、{order}、{failure}",
    },
    order_given: { en: "left to right", ja: "左から右" },
    order_reversed: { en: "right to left", ja: "右から左" },
    exported: {
      en: "Downloaded {file}: your whole record ({attempts} exercises), with its checksum.",
      ja: "{file} をダウンロードしました。記録全体（{attempts} 問）とそのチェックサムです。",
    },
    imported: {
      en: "Imported {file}: {attempts} exercises.",
      ja: "{file} をインポートしました（{attempts} 問）。",
    },
    imported_replaced: {
      en: " The record it replaced ({attempts} exercises) is kept aside below.",
      ja: "置き換えた記録（{attempts} 問）は下に別に保管しています。",
    },
    import_refused: {
      en: "{file} was not imported: {reason} Your progress is unchanged.",
      ja: "{file} はインポートしませんでした。{reason}進捗は変わっていません。",
    },
    import_not_kept: {
      en: " (The browser had no room to keep it aside; your file itself is untouched.)",
      ja: "（保存領域に余地がなく、別に保管できませんでした。ファイル自体はそのままです。）",
    },
    replaced_reason: {
      en: "This record was replaced by the imported file {file}.",
      ja: "この記録はインポートしたファイル {file} で置き換えられました。",
    },
    cleared: {
      en: "Your progress is cleared from this browser.",
      ja: "このブラウザーから進捗を消去しました。",
    },
    confirm_clear_title: { en: "Clear your progress?", ja: "進捗を消去しますか？" },
    confirm_clear_text: {
      en:
        "This removes your record ({attempts} exercises) from this browser. Export it first if " +
        "you may want it back. Texts kept aside stay.",
      ja:
        "このブラウザーからあなたの記録（{attempts} 問）を削除します。あとで戻したい場合は、" +
        "先にエクスポートしてください。別に保管したテキストは残ります。",
    },
    confirm_clear: { en: "Clear my progress", ja: "進捗を消去する" },
    confirm_remove_title: { en: "Remove this kept-aside text?", ja: "別に保管したこのテキストを削除しますか？" },
    confirm_remove_text: {
      en: "The text kept aside on {at} is removed from this browser. Download it first if you may want it.",
      ja: "{at} に別に保管したテキストをこのブラウザーから削除します。必要になりそうなら先にダウンロードしてください。",
    },
    confirm_remove: { en: "Remove it", ja: "削除する" },
    aside_item: {
      en: "Kept aside on {at} ({size} characters): {reason}",
      ja: "{at} に別に保管（{size} 文字）：{reason}",
    },
    download: { en: "Download", ja: "ダウンロード" },
    remove: { en: "Remove", ja: "削除" },
    removed: { en: "The kept-aside text is removed.", ja: "別に保管したテキストを削除しました。" },
    saved_not: {
      en: "Your progress could not be saved in this browser.",
      ja: "進捗をこのブラウザーに保存できませんでした。",
    },
  };

  /** The page's words for `key` in its language, filled in with `values` (trainer.js's fill). */
  function say(key, values = {}) {
    return PruningTrainer.fill(WORDS[key][language], values);
  }

  /** A number as the page writes it: two decimals and a real minus sign. */
  function number(value) {
    return value.toFixed(2).replace("-", "\u2212");
  }

  const dateFormat = new Intl.DateTimeFormat(language, { year: "numeric", month: "short", day: "numeric" });
  const timeFormat = new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    node.append(...children);
    return node;
  }

  const SVG = "http://www.w3.org/2000/svg";
  function drawing(tag, attributes = {}) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    return node;
  }

  let progress = null;
  let serial = 0; // makes the ids of each render's charts unique

  // ------------------------------------------------------------------ the skills' numbers

  /** The weakest started skill (lowest rating; the first in SKILLS on a tie), or null. */
  function weakestSkill(state) {
    let weakest = null;
    for (const id of M.SKILL_IDS) {
      const skill = state.skills[id];
      if (skill.count > 0 && (weakest === null || skill.rating < state.skills[weakest].rating)) weakest = id;
    }
    return weakest;
  }

  /** The common range ±span of every rating bar and chart: at least ±3, enough for all. */
  function ratingSpan(state) {
    let span = 3;
    for (const id of M.SKILL_IDS) {
      const { rating, sd, count } = state.skills[id];
      if (count > 0) span = Math.max(span, Math.ceil(Math.abs(rating) + sd));
    }
    return span;
  }

  function lastSeen(state, skill) {
    const ago = state.attempts - 1 - skill.lastIndex;
    const date = dateFormat.format(new Date(skill.lastAt));
    if (ago === 0) return say("ago_0", { date });
    if (ago === 1) return say("ago_1", { date });
    return say("ago_n", { count: ago, date });
  }

  /** The rating ± sd as a bar on −span … span (a picture of the numbers beside it). */
  function ratingBar(skill, span) {
    const width = 300;
    const x = (value) => ((Math.max(-span, Math.min(span, value)) + span) / (2 * span)) * width;
    const svg = drawing("svg", { viewBox: `0 -2 ${width} 34`, class: "rating-bar", "aria-hidden": "true", focusable: "false" });
    svg.append(drawing("line", { class: "scale", x1: 0, x2: width, y1: 12, y2: 12 }));
    for (let tick = -span; tick <= span; tick += 1) {
      svg.append(drawing("line", { class: tick === 0 ? "tick zero" : "tick", x1: x(tick), x2: x(tick), y1: 6, y2: 18 }));
    }
    const low = x(skill.rating - skill.sd);
    const high = x(skill.rating + skill.sd);
    svg.append(drawing("rect", { class: "band", x: low, y: 4, width: Math.max(2, high - low), height: 16, rx: 3 }));
    svg.append(drawing("line", { class: "marker", x1: x(skill.rating), x2: x(skill.rating), y1: 1, y2: 23 }));
    for (const [value, anchor] of [
      [-span, "start"],
      [0, "middle"],
      [span, "end"],
    ]) {
      const label = drawing("text", { x: x(value), y: 31, "text-anchor": anchor, class: "scale-label" });
      label.textContent = value > 0 ? `+${value}` : number(value).replace(".00", "");
      svg.append(label);
    }
    return svg;
  }

  /**
   * The rating over the exercises (skillHistory: up to `points` places), as an inline SVG
   * with role img, a title and a description that lists its points.
   */
  function ratingChart(id, state, span, points, large) {
    const history = M.skillHistory(progress, id, points);
    const count = state.skills[id].count;
    // the large chart's drawing is as wide as its box (up to 640), so its words keep their size
    const frame = document.getElementById("skill-detail");
    const width = large ? Math.round(Math.max(300, Math.min(640, frame.clientWidth || 640))) : 300;
    const height = large ? 240 : 120;
    const margin = { left: 30, right: 10, top: 8, bottom: 22 };
    const last = Math.max(1, state.attempts);
    const x = (index) => margin.left + (last === 1 ? 0.5 : index / (last - 1)) * (width - margin.left - margin.right);
    const y = (value) =>
      margin.top + ((span - Math.max(-span, Math.min(span, value))) / (2 * span)) * (height - margin.top - margin.bottom);
    serial += 1;
    const titleId = `chart-title-${serial}`;
    const descriptionId = `chart-description-${serial}`;
    const svg = drawing("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: large ? "rating-chart large" : "rating-chart",
      role: "img",
      "aria-labelledby": titleId,
      "aria-describedby": descriptionId,
    });
    const title = drawing("title", { id: titleId });
    title.textContent = say("chart_title", { skill: M.skillName(id, language) });
    const listed = history
      .map((point) =>
        say("chart_point", { exercise: point.index + 1, rating: number(point.rating), sd: number(point.sd) }),
      )
      .join(language === "ja" ? "、" : "; ");
    const sampled = history.length < count ? say("chart_sampled", { shown: history.length, count }) : "";
    const description = drawing("desc", { id: descriptionId });
    description.textContent = say("chart_description", { points: listed + sampled });
    svg.append(title, description);
    for (const value of [-span, 0, span]) {
      svg.append(
        drawing("line", { class: value === 0 ? "axis zero" : "axis", x1: margin.left, x2: width - margin.right, y1: y(value), y2: y(value) }),
      );
      const label = drawing("text", { x: margin.left - 4, y: y(value) + 4, "text-anchor": "end", class: "axis-label" });
      label.textContent = value > 0 ? `+${value}` : number(value).replace(".00", "");
      svg.append(label);
    }
    for (const [index, anchor] of [
      [0, "start"],
      [last - 1, "end"],
    ]) {
      const label = drawing("text", { x: x(index), y: height - 6, "text-anchor": anchor, class: "axis-label" });
      label.textContent = index === 0 ? `${say("axis_exercise")} 1` : String(last);
      svg.append(label);
    }
    if (history.length) {
      const upper = history.map((point) => `${x(point.index)},${y(point.rating + point.sd)}`);
      const lower = history.map((point) => `${x(point.index)},${y(point.rating - point.sd)}`).reverse();
      svg.append(drawing("polygon", { class: "band", points: [...upper, ...lower].join(" ") }));
      svg.append(
        drawing("polyline", { class: "line", points: history.map((point) => `${x(point.index)},${y(point.rating)}`).join(" ") }),
      );
      for (const point of history) {
        svg.append(drawing("circle", { class: "point", cx: x(point.index), cy: y(point.rating), r: large ? 3.5 : 2.5 }));
      }
    }
    return svg;
  }

  /** One skill's numbers: rating ± sd (with its bar), tries, right first tries, last seen. */
  function skillNumbers(id, state, span) {
    const skill = state.skills[id];
    const box = element("div", { class: "skill-numbers" });
    if (skill.count === 0) {
      box.append(element("p", { class: "not-started", text: say("not_started") }));
      if (skill.practised > 0) {
        box.append(element("p", { class: "last-seen", text: `${say("last_seen")}: ${lastSeen(state, skill)}` }));
      }
      return box;
    }
    const rating = element(
      "p",
      { class: "rating" },
      `${say("rating")} `,
      element("b", { "data-field": "rating", text: number(skill.rating) }),
      " ± ",
      element("span", { "data-field": "sd", text: number(skill.sd) }),
    );
    const facts = element("dl", { class: "facts" });
    const fact = (label, field, value) =>
      facts.append(element("div", {}, element("dt", { text: label }), element("dd", { "data-field": field, text: String(value) })));
    fact(say("rated_tries"), "count", skill.count);
    fact(say("right_first"), "right", skill.right);
    if (skill.practised !== skill.count) fact(say("all_tries"), "practised", skill.practised);
    fact(say("last_seen"), "last", lastSeen(state, skill));
    box.append(rating, ratingBar(skill, span), facts);
    return box;
  }

  // ------------------------------------------------------------------ the overview

  function renderOverview(state) {
    const span = ratingSpan(state);
    const weakest = weakestSkill(state);
    const started = M.SKILL_IDS.filter((id) => state.skills[id].count > 0).length;
    document.getElementById("summary").textContent = state.attempts
      ? say("summary", { attempts: state.attempts, started, skills: M.SKILL_IDS.length })
      : say("summary_none");
    const list = document.getElementById("skill-cards");
    list.replaceChildren();
    for (const skill of M.SKILLS) {
      const id = skill.id;
      const started = state.skills[id].count > 0;
      const card = element("li", { class: "skill-card", "data-skill": id });
      if (!started) card.classList.add("not-started");
      const heading = element("h3", {}, element("a", { href: `#skill=${id}`, text: skill.name[language] }));
      if (id === weakest) {
        card.classList.add("weakest");
        heading.append(" ", element("span", { class: "weakest-badge", title: say("weakest_long"), text: say("weakest") }));
      }
      card.append(heading, element("p", { class: "explanation", text: skill.explanation[language] }));
      card.append(skillNumbers(id, state, span));
      if (started) card.append(ratingChart(id, state, span, 20, false));
      list.append(card);
    }
  }

  // ------------------------------------------------------------------ one skill's page

  function treeWords(key) {
    const spec = M.specOf(key);
    const convention = spec.convention;
    return say("tree", {
      seed: spec.seed,
      depth: spec.depth,
      branching: Array.isArray(spec.branching) ? spec.branching.join("–") : spec.branching,
      cutoff: convention.cutoff === ">=" ? "≥ β" : "> β",
      order: say(`order_${convention.order}`),
      failure: `fail-${convention.failure}`,
    });
  }

  const MOST_TRIES_LISTED = 200;

  /** The skill's tries, latest first (attemptsOf: the record's attempts as objects). */
  function triesTable(id) {
    const attempts = M.attemptsOf(progress);
    const mine = [];
    attempts.forEach((attempt, index) => {
      if (id in attempt.outcomes) mine.push({ index, attempt });
    });
    const count = mine.length;
    const rows = mine
      .slice(-MOST_TRIES_LISTED)
      .reverse()
      .map(({ index, attempt }) => {
        const [right, parts] = attempt.outcomes[id];
        return { index, key: attempt.exercise, at: attempt.at, rated: attempt.rated, shown: attempt.shown, right, parts };
      });
    if (!rows.length) return element("p", { class: "hint", text: say("tries_none") });
    const caption = rows.length < count ? say("tries_latest", { shown: rows.length, count }) : say("tries_caption");
    const head = element(
      "tr",
      {},
      ...["column_number", "column_when", "column_tree", "column_result", "column_kind"].map((key) =>
        element("th", { scope: "col", text: say(key) }),
      ),
    );
    const body = element("tbody");
    for (const row of rows) {
      const kind = row.shown ? (row.rated ? "kind_shown" : "kind_shown_again") : row.rated ? "kind_rated" : "kind_again";
      body.append(
        element(
          "tr",
          { class: row.right === row.parts ? "right" : "wrong" },
          element("td", { "data-label": say("column_number"), text: String(row.index + 1) }),
          element("td", { "data-label": say("column_when"), text: timeFormat.format(new Date(row.at)) }),
          element(
            "td",
            { "data-label": say("column_tree") },
            element("a", { href: `index.html#${row.key}`, text: treeWords(row.key) }),
          ),
          element("td", { "data-label": say("column_result"), text: say("parts", { right: row.right, parts: row.parts }) }),
          element("td", { "data-label": say("column_kind"), text: say(kind) }),
        ),
      );
    }
    const table = element("table", { class: "tries" }, element("caption", { text: caption }), element("thead", {}, head), body);
    return element("div", { class: "table-frame" }, table);
  }

  function renderSkill(id, state) {
    const span = ratingSpan(state);
    const skill = M.SKILLS.find((entry) => entry.id === id);
    const title = document.getElementById("skill-title");
    title.textContent = skill.name[language];
    if (id === weakestSkill(state)) {
      title.append(" ", element("span", { class: "weakest-badge", title: say("weakest_long"), text: say("weakest") }));
    }
    document.getElementById("skill-explanation").textContent = skill.explanation[language];
    const numbers = document.getElementById("skill-detail");
    numbers.replaceChildren(skillNumbers(id, state, span));
    numbers.dataset.skill = id;
    if (state.skills[id].count > 0) numbers.append(ratingChart(id, state, span, 40, true));
    document.getElementById("skill-tries").replaceChildren(triesTable(id));
  }

  // ------------------------------------------------------------------ which view

  function wantedSkill() {
    const parameters = new URLSearchParams(window.location.hash.slice(1));
    return parameters.get("skill");
  }

  function render({ focus = false } = {}) {
    const state = M.standing(progress);
    const wanted = wantedSkill();
    const known = wanted !== null && M.SKILL_IDS.includes(wanted);
    const overview = document.getElementById("overview");
    const skillPage = document.getElementById("skill-page");
    const unknown = document.getElementById("unknown-skill");
    unknown.textContent = wanted !== null && !known ? say("unknown_skill", { skill: wanted }) : "";
    overview.hidden = known;
    skillPage.hidden = !known;
    if (known) renderSkill(wanted, state);
    else renderOverview(state);
    renderAside();
    document.body.dataset.ready = "true";
    if (focus) {
      if (known) document.getElementById("skill-title").focus();
      else document.getElementById("overview-title").focus();
    }
  }

  // ------------------------------------------------------------------ messages and notices

  function showNotice(notice) {
    if (!notice) return;
    document.getElementById("notices").append(element("p", { class: "notice", text: notice[language] }));
  }

  function tell(text, kind = "") {
    const box = document.getElementById("record-message");
    box.className = `feedback ${kind}`;
    box.textContent = text;
  }

  // ------------------------------------------------------------------ files

  function today() {
    const now = new Date();
    const pad = (value) => String(value).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }

  function download(text, name) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = element("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function exportRecord() {
    const name = `alphabeta-progress-${today()}.json`;
    download(await M.exportProgress(progress), name);
    tell(say("exported", { file: name, attempts: M.standing(progress).attempts }), "right");
  }

  async function importFile(file) {
    const text = await file.text();
    const quoted = (words) => (words === "ja" ? `「${file.name}」` : `“${file.name}”`);
    const name = quoted(language);
    const result = await M.importProgress(text);
    if (!result.progress) {
      const kept = S.keepAside(result.aside.text, result.aside.reason);
      const refusal = say("import_refused", { file: name, reason: result.aside.reason[language] });
      tell(kept.ok ? refusal : refusal + say("import_not_kept"), "wrong");
      render();
      return;
    }
    const before = M.standing(progress).attempts;
    let message = say("imported", { file: name, attempts: M.standing(result.progress).attempts });
    if (before > 0) {
      const reason = {};
      for (const other of ["en", "ja"]) reason[other] = WORDS.replaced_reason[other].replace("{file}", quoted(other));
      S.keepAside(await M.exportProgress(progress), reason);
      message += say("imported_replaced", { attempts: before });
    }
    if (result.aside) {
      S.keepAside(result.aside.text, result.aside.reason);
      message += ` ${result.aside.reason[language]}`;
    }
    progress = result.progress;
    const saved = await S.save(progress);
    if (!saved.ok && saved.notice) message += ` ${saved.notice[language]}`;
    tell(message, "right");
    render();
  }

  // ------------------------------------------------------------------ the confirming dialog

  /** Ask in the page's dialog; resolves true when the student confirms. */
  function confirmWith(title, text, confirmWord) {
    const dialog = document.getElementById("confirm-dialog");
    document.getElementById("confirm-title").textContent = title;
    document.getElementById("confirm-text").textContent = text;
    document.getElementById("confirm-yes").textContent = confirmWord;
    dialog.returnValue = "";
    dialog.showModal();
    document.getElementById("confirm-no").focus();
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    });
  }

  async function clearRecord() {
    const attempts = M.standing(progress).attempts;
    const sure = await confirmWith(say("confirm_clear_title"), say("confirm_clear_text", { attempts }), say("confirm_clear"));
    if (!sure) return;
    S.clear();
    progress = M.newProgress(progress.student, Date.now());
    tell(say("cleared"));
    render();
  }

  // ------------------------------------------------------------------ texts kept aside

  function renderAside() {
    const entries = S.keptAside();
    const section = document.getElementById("aside");
    section.hidden = entries.length === 0;
    const list = document.getElementById("aside-list");
    list.replaceChildren();
    for (const entry of entries) {
      const at = timeFormat.format(new Date(entry.at));
      const downloadButton = element("button", { type: "button", text: say("download") });
      const removeButton = element("button", { type: "button", text: say("remove") });
      const words = say("aside_item", { at, size: entry.text.length, reason: entry.reason[language] });
      downloadButton.setAttribute("aria-label", `${say("download")}: ${at}`);
      removeButton.setAttribute("aria-label", `${say("remove")}: ${at}`);
      downloadButton.addEventListener("click", () =>
        download(entry.text, `alphabeta-progress-aside-${entry.at.replace(/[:.]/g, "-")}.json`),
      );
      removeButton.addEventListener("click", async () => {
        const sure = await confirmWith(say("confirm_remove_title"), say("confirm_remove_text", { at }), say("confirm_remove"));
        if (!sure) return;
        S.removeAside(entry.key);
        tell(say("removed"));
        renderAside();
        document.getElementById("record-title").focus();
      });
      list.append(
        element(
          "li",
          { "data-key": entry.key },
          element("p", { text: words }),
          element("div", { class: "actions" }, downloadButton, removeButton),
        ),
      );
    }
  }

  // ------------------------------------------------------------------ start

  function setMeaning() {
    const percent = (value) => String(Math.round(value * 100));
    document.getElementById("rating-meaning").textContent = say("rating_meaning", {
      easier: percent(M.expected(1, 0)),
      harder: percent(M.expected(-1, 0)),
    });
  }

  async function start() {
    setMeaning();
    const loaded = await S.load();
    progress = loaded.progress;
    showNotice(loaded.notice);
    document.getElementById("export").addEventListener("click", exportRecord);
    const chooser = document.getElementById("import-file");
    document.getElementById("import").addEventListener("click", () => chooser.click());
    chooser.addEventListener("change", async () => {
      const [file] = chooser.files;
      chooser.value = "";
      if (file) await importFile(file);
    });
    document.getElementById("clear-progress").addEventListener("click", clearRecord);
    window.addEventListener("hashchange", () => render({ focus: true }));
    window.addEventListener("storage", async (event) => {
      // the trainer saved an attempt in another tab: show it
      if (event.key !== S.KEY && !(event.key || "").startsWith(S.ASIDE_PREFIX) && event.key !== null) return;
      const again = await S.load();
      progress = again.progress;
      render();
    });
    render();
  }

  start();
})();
