/*
 * Where a student's progress record is kept: the browser's local storage, nowhere else.
 *
 *   PruningProgressStore.load()       → {progress, notice}
 *   PruningProgressStore.save(record) → {ok, notice}
 *   PruningProgressStore.keptAside()  → [{key, at, reason: {en, ja}, text}]
 *   PruningProgressStore.keepAside(text, reason), removeAside(key), clear()
 *
 * The record's text under KEY is exactly what PruningMastery.exportProgress writes (a file a
 * student downloads reads back with importProgress the same way). A text this page cannot
 * use (damaged, edited, another version, or a version 1 record once migrated) is never
 * dropped: it is kept under ASIDE_PREFIX + its ISO time with its reason in both languages,
 * until the student removes it. Where local storage is unavailable (private mode, some file://
 * setups) the store works in memory and every notice says that the progress will not be kept.
 * Nothing is thrown for a full or missing storage: load and save report it in a notice.
 *
 * A classic script (load trainer.js, mastery_difficulty.js and mastery.js first), so the page
 * works from file://. Pages treat the record as opaque and use PruningMastery's functions.
 */
"use strict";

const PruningProgressStore = ((M) => {
  const KEY = "alphabeta-trainer-progress";
  const ASIDE_PREFIX = `${KEY}-aside:`;

  const WORDS = {
    unavailable: {
      en:
        "This browser does not let the page keep data (private mode or a file:// page): your " +
        "progress lasts only until the page is closed. Export it to keep it.",
      ja:
        "このブラウザーではページがデータを保存できません（プライベートモードまたは file:// " +
        "のページ）。進捗はページを閉じるまでしか残りません。残すにはエクスポートしてください。",
    },
    quota: {
      en:
        "The browser's storage for this page is full: the last attempts are not saved. " +
        "Export your progress, and remove kept-aside texts you no longer need.",
      ja:
        "このページ用のブラウザーの保存領域がいっぱいです。最後の解答は保存されていません。" +
        "進捗をエクスポートし、不要になった別保管のテキストを削除してください。",
    },
    not_kept_aside: {
      en:
        "The saved progress cannot be read, and the browser's storage has no room to keep it " +
        "aside: it is left as it is, and this visit's progress is kept only in memory.",
      ja:
        "保存された進捗を読めず、別に保管する余地も保存領域にありません。元の記録はそのまま" +
        "残し、今回の進捗はメモリー上にだけ保持します。",
    },
    fresh: {
      en: "A new progress record was started.",
      ja: "新しい進捗記録を始めました。",
    },
  };

  /** The words of `key` as {en, ja}; several keys' sentences joined. */
  function words(...keys) {
    const result = {};
    for (const language of ["en", "ja"]) {
      result[language] = keys.map((key) => WORDS[key][language]).join(language === "ja" ? "" : " ");
    }
    return result;
  }

  /** Two notices (either may be null) as one. */
  function joined(first, second) {
    if (!first) return second;
    if (!second) return first;
    return { en: `${first.en} ${second.en}`, ja: `${first.ja}${second.ja}` };
  }

  // ------------------------------------------------------------------ the storage itself

  /** In-memory stand-in when local storage is unavailable: the same few methods. */
  class MemoryStorage {
    constructor() {
      this.items = new Map();
    }
    getItem(key) {
      return this.items.has(key) ? this.items.get(key) : null;
    }
    setItem(key, value) {
      this.items.set(key, String(value));
    }
    removeItem(key) {
      this.items.delete(key);
    }
    keys() {
      return [...this.items.keys()];
    }
  }

  let chosen = null; // {storage, persistent}
  let memoryOnly = false; // set when a text could not be kept aside: KEY is left untouched

  /** Local storage if the browser lets this page write to it, else memory (chosen once). */
  function place() {
    if (chosen) return chosen;
    try {
      const storage = globalThis.localStorage;
      const probe = `${KEY}-probe`;
      storage.setItem(probe, "1");
      storage.removeItem(probe);
      const keys = () => {
        const result = [];
        for (let index = 0; index < storage.length; index += 1) result.push(storage.key(index));
        return result;
      };
      chosen = { storage, persistent: true, keys };
    } catch {
      const storage = new MemoryStorage();
      chosen = { storage, persistent: false, keys: () => storage.keys() };
    }
    return chosen;
  }

  /** A random identifier for a new student (no name, nothing that leaves the browser). */
  function randomStudent() {
    const cryptography = globalThis.crypto;
    if (cryptography && typeof cryptography.randomUUID === "function") return cryptography.randomUUID();
    const bytes = new Uint8Array(16);
    if (cryptography && cryptography.getRandomValues) cryptography.getRandomValues(bytes);
    else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
    return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  // ------------------------------------------------------------------ texts kept aside

  /**
   * Keep a text aside with its reason, under ASIDE_PREFIX + the ISO time (a millisecond later
   * if that key is taken: nothing is overwritten). @returns {ok, key}
   */
  function keepAside(text, reason) {
    const { storage } = place();
    let time = Date.now();
    while (storage.getItem(ASIDE_PREFIX + new Date(time).toISOString()) !== null) time += 1;
    const at = new Date(time).toISOString();
    const key = ASIDE_PREFIX + at;
    try {
      storage.setItem(key, JSON.stringify({ at, reason, text }));
      return { ok: true, key };
    } catch {
      return { ok: false, key: null };
    }
  }

  /** The kept-aside texts, oldest first: [{key, at, reason: {en, ja}, text}]. */
  function keptAside() {
    const { storage, keys } = place();
    const result = [];
    for (const key of keys()) {
      if (!key.startsWith(ASIDE_PREFIX)) continue;
      const stored = storage.getItem(key);
      let entry;
      try {
        entry = JSON.parse(stored);
      } catch {
        entry = null;
      }
      const at = key.slice(ASIDE_PREFIX.length);
      if (entry && typeof entry.text === "string" && entry.reason) {
        result.push({ key, at, reason: entry.reason, text: entry.text });
      } else {
        // not written by keepAside (edited by hand?): shown as it is, still never dropped
        result.push({ key, at, reason: { en: "(no reason recorded)", ja: "（理由の記録なし）" }, text: String(stored) });
      }
    }
    return result.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  /** Remove one kept-aside text (the student's choice, after downloading it if they wish). */
  function removeAside(key) {
    if (!key.startsWith(ASIDE_PREFIX)) throw new Error(`${key} is not a kept-aside text`);
    place().storage.removeItem(key);
  }

  // ------------------------------------------------------------------ the record

  /**
   * The student's record: the saved one if it reads back, else a fresh one. A text that does
   * not read back is kept aside first (and a version 1 record is migrated, its old text kept
   * aside and the new one saved). @returns {progress, notice: null | {en, ja}}
   */
  async function load() {
    const { storage, persistent } = place();
    const unavailable = persistent ? null : words("unavailable");
    const fresh = () => M.newProgress(randomStudent(), Date.now());
    const text = storage.getItem(KEY);
    if (text === null) return { progress: fresh(), notice: unavailable };
    const { progress, aside } = await M.importProgress(text);
    if (aside) {
      const kept = keepAside(aside.text, aside.reason);
      if (!kept.ok) {
        memoryOnly = true; // the unreadable text stays under KEY, untouched
        return { progress: progress || fresh(), notice: joined(aside.reason, words("not_kept_aside")) };
      }
    }
    if (progress && aside) {
      // migrated: the new text replaces the old one, which is kept aside
      const saved = await save(progress);
      return { progress, notice: joined(joined(aside.reason, saved.notice), unavailable) };
    }
    if (progress) return { progress, notice: unavailable };
    storage.removeItem(KEY); // its text is kept aside
    return { progress: fresh(), notice: joined(joined(aside.reason, words("fresh")), unavailable) };
  }

  let queue = Promise.resolve();

  /**
   * Save the record (its exportProgress text under KEY). Saves run in the order they were
   * asked for, so a later record is never overwritten by an earlier one.
   * @returns {ok, notice: null | {en, ja}}: ok false when the storage is full or unavailable
   */
  function save(progress) {
    const step = queue.then(async () => {
      const text = await M.exportProgress(progress);
      const { storage, persistent } = place();
      if (memoryOnly) return { ok: false, notice: words("not_kept_aside") };
      try {
        storage.setItem(KEY, text);
      } catch {
        return { ok: false, notice: words("quota") };
      }
      return persistent ? { ok: true, notice: null } : { ok: false, notice: words("unavailable") };
    });
    queue = step.catch(() => undefined);
    return step;
  }

  /** Forget the record (KEY only: kept-aside texts stay until the student removes them). */
  function clear() {
    if (memoryOnly) return;
    place().storage.removeItem(KEY);
  }

  return { KEY, ASIDE_PREFIX, WORDS, load, save, keptAside, keepAside, removeAside, clear };
})(typeof PruningMastery !== "undefined" ? PruningMastery : globalThis.PruningMastery);

if (typeof module === "object" && module !== null && module.exports) {
  module.exports = PruningProgressStore;
}
