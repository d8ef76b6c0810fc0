// Every key the front end says exists in the words Python sends, and they are plain.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { loadStrings } from "./strings_fixture.mjs";

const dir = new URL("../../widgets_js/", import.meta.url);
const LANGS = ["en", "uk", "de"];

test("every say/sayAbout/count key is in the strings of every language", () => {
  for (const lang of LANGS) {
    const STRINGS = loadStrings(lang).text;
    const missing = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(new URL(file, dir), "utf8");
      for (const m of text.matchAll(/\b(?:say|sayAbout|count)\((?:[^,()"]+(?:\([^()]*\))?,\s*)?"([a-z0-9_]+)"/g)) {
        if (!(m[1] in STRINGS)) missing.push(`${lang} ${file}: ${m[1]}`);
      }
    }
    assert.deepEqual(missing, []);
  }
});

test("the strings are plain: texts, or plural forms keyed by CLDR category with 'other'", () => {
  const cats = { en: ["one", "other"], de: ["one", "other"], uk: ["few", "many", "one", "other"] };
  for (const lang of LANGS) {
    const bundle = loadStrings(lang);
    assert.equal(bundle.lang, lang);
    for (const [key, value] of Object.entries(bundle.text)) {
      if (typeof value === "string") continue;
      assert.deepEqual(Object.keys(value).sort(), cats[lang], `${lang} ${key}`);
      assert.ok(Object.values(value).every((v) => typeof v === "string" && v), `${lang} ${key}`);
    }
  }
});

test("a key ending in _you has its base form", () => {
  const STRINGS = loadStrings("en").text;
  for (const key of Object.keys(STRINGS).filter((k) => k.endsWith("_you"))) {
    assert.ok(key.slice(0, -4) in STRINGS, key);
  }
});
