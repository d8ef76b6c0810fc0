// Real plural forms in the browser's text functions: Intl.PluralRules over the forms Python
// sends (Ukrainian: 1 крок, 2 кроки, 5 кроків, 11 кроків, 21 крок, 22 кроки; 0 кроків).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useStrings, count, say, localNumber, language, pluralCategory } from "../../widgets_js/text.js";
import { loadStrings } from "./strings_fixture.mjs";

test("Ukrainian plurals for 0, 1, 2, 5, 11, 21, 22", () => {
  useStrings(loadStrings("uk"));
  assert.equal(language(), "uk");
  const steps = [0, 1, 2, 5, 11, 21, 22].map((n) => count(n, "n_steps"));
  assert.deepEqual(steps, ["0 кроків", "1 крок", "2 кроки", "5 кроків", "11 кроків", "21 крок", "22 кроки"]);
  const cells = [0, 1, 2, 5, 11, 21, 22].map((n) => count(n, "n_cells"));
  assert.deepEqual(cells, ["0 клітинок", "1 клітинка", "2 клітинки", "5 клітинок", "11 клітинок", "21 клітинка", "22 клітинки"]);
  assert.equal(pluralCategory(21), "one");
  assert.equal(say("announce_undo", { n: 3 }), "Скасовано: повернуто 3 дії.");
});

test("German and English plurals, and decimal marks", () => {
  useStrings(loadStrings("de"));
  assert.deepEqual([0, 1, 2, 21].map((n) => count(n, "n_steps")), ["0 Schritte", "1 Schritt", "2 Schritte", "21 Schritte"]);
  assert.equal(localNumber("13.6"), "13,6");
  useStrings(loadStrings("en"));
  assert.deepEqual([0, 1, 2, 21].map((n) => count(n, "n_steps")), ["0 steps", "1 step", "2 steps", "21 steps"]);
  assert.equal(localNumber("13.6"), "13.6");
});

test("without strings a key is shown as itself, never undefined", () => {
  useStrings(undefined);
  assert.equal(say("n_steps", { n: 2 }), "n_steps");
});

test("numbers below 1 keep three significant figures (a gas's density is never shown as 0)", async () => {
  const { formatNumber } = await import("../../widgets_js/board.js");
  useStrings(loadStrings("en"));
  assert.equal(formatNumber(0.000164), "0.000164");
  assert.equal(formatNumber(0.754195), "0.754");
  assert.equal(formatNumber(13.598434599702), "13.6");
  assert.equal(formatNumber(2345.15), "2345");
  useStrings(loadStrings("uk"));
  assert.equal(formatNumber(0.000164), "0,000164");
});
