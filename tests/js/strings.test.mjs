// Every key the front end says exists in strings.js, and strings.js holds only strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { STRINGS } from "../../widgets_js/strings.js";

const dir = new URL("../../widgets_js/", import.meta.url);

test("every say/sayAbout/count key is in STRINGS", () => {
  const missing = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(new URL(file, dir), "utf8");
    for (const m of text.matchAll(/\b(?:say|sayAbout|count)\((?:[^,()"]+(?:\([^()]*\))?,\s*)?"([a-z0-9_]+)"/g)) {
      if (!(m[1] in STRINGS)) missing.push(`${file}: ${m[1]}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("the catalog is plain: strings or [one, many] pairs of strings", () => {
  for (const [key, value] of Object.entries(STRINGS)) {
    const ok = typeof value === "string" || (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string"));
    assert.ok(ok, key);
  }
});

test("a key ending in _you has its base form", () => {
  for (const key of Object.keys(STRINGS).filter((k) => k.endsWith("_you"))) {
    assert.ok(key.slice(0, -4) in STRINGS, key);
  }
});
