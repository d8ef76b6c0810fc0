// sonify.js's pure half: the melody planned from a row of values (the audio graph itself is
// checked in a real Chromium: tests/browser/test_a11y_voila.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { planMelody, expectAlong } from "../../widgets_js/sonify.js";

// first ionization energies of period 2 (eV), as the kit's data gives them
const PERIOD_2 = [["Li", 5.392], ["Be", 9.323], ["B", 8.298], ["C", 11.26], ["N", 14.534],
  ["O", 13.618], ["F", 17.423], ["Ne", 21.565]];

test("period 2's ionization energies: 8 notes, an earcon at Be>B and N>O, at most 3 s", () => {
  const plan = planMelody(PERIOD_2, +1);
  assert.equal(plan.notes.length, 8);
  assert.deepEqual(plan.earcons.map((e) => `${e.from}>${e.to}`), ["Be>B", "N>O"]);
  assert.ok(plan.seconds <= 3);
  const freqs = plan.notes.map((n) => n.freq);
  assert.equal(Math.min(...freqs), 200); // the lowest value sounds at 200 Hz,
  assert.equal(Math.max(...freqs), 2000); // the highest at 2000 Hz
  // log mapping: the geometric mean of the extremes sits at the middle of the pitch range
  const mid = planMelody([["a", 1], ["b", 10], ["c", 100]], 1).notes[1].freq;
  assert.ok(Math.abs(mid - Math.sqrt(200 * 2000)) < 1, mid);
});

test("a falling expectation flips the earcons; no expectation, no earcon", () => {
  const plan = planMelody(PERIOD_2, -1);
  assert.equal(plan.earcons.length, 5); // every rise is against a falling arrow
  assert.equal(planMelody(PERIOD_2, 0).earcons.length, 0);
});

test("a missing value is a rest, and the earcon compares with the last known note", () => {
  const plan = planMelody([["A", 5], ["B", null], ["C", 4]], 1);
  assert.deepEqual(plan.rests, ["B"]);
  assert.equal(plan.notes.length, 2);
  assert.deepEqual(plan.earcons.map((e) => `${e.from}>${e.to}`), ["A>C"]);
});

test("a long row still fits in 3 s", () => {
  const row = Array.from({ length: 32 }, (_, i) => [`E${i}`, i + 1]);
  const plan = planMelody(row, 1);
  assert.ok(plan.seconds <= 3 + 1e-9, plan.seconds);
  assert.equal(plan.earcons.length, 0);
});

test("the direction a trend expects along a period and down a group", () => {
  const ie = { id: "ionization_energy", sign: 1, arrows: ["up", "right"] };
  assert.equal(expectAlong(ie, "period"), 1);
  assert.equal(expectAlong(ie, "group"), -1);
  const radius = { id: "atomic_radius", sign: 1, arrows: ["down", "left"] };
  assert.equal(expectAlong(radius, "period"), -1);
  assert.equal(expectAlong(radius, "group"), 1);
  const lighter = { id: "atomic_mass_decrease", sign: -1, arrows: ["up", "left"] };
  assert.equal(expectAlong(lighter, "period"), 1);
  assert.equal(expectAlong({ id: "atomic_number", sign: 1, arrows: [] }, "group"), 1);
});

test("a move compares every place with where the flask starts", () => {
  const plan = planMelody([["Na", 5.1], ["Mg", 7.6], ["Al", 6.0], ["K", 4.3]], 1, { compare: "first" });
  assert.deepEqual(plan.earcons.map((e) => `${e.from}>${e.to}`), ["Na>K"]); // Al is above Na
});
