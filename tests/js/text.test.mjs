// Unit tests of the front end's pure functions (node's own runner: node --test tests/js/).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  fill, pluralForm, say, sayAbout, possessive, isYou, count, parseAction, groupByDistance,
  reachAnnouncement, cellSize, boardOverflows, formulaParts, resolveElement,
} from "../../widgets_js/text.js";

test("fill puts values in and leaves unknown keys as written", () => {
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("plural choice: one for 1, many otherwise", () => {
  assert.equal(pluralForm(1), 0);
  assert.equal(pluralForm(0), 1);
  assert.equal(pluralForm(2), 1);
  assert.equal(count(1, "n_cells"), "1 cell");
  assert.equal(count(12, "n_cells"), "12 cells");
  assert.equal(count(0, "n_steps"), "0 steps");
});

test("a player called You takes the second person", () => {
  assert.ok(isYou(" you "));
  assert.equal(sayAbout("You", "status_agenda"), "You choose an agenda card.");
  assert.equal(sayAbout("Ada", "status_agenda"), "Ada chooses an agenda card.");
  assert.equal(possessive("You"), "Your");
  assert.equal(possessive("Ada"), "Ada's");
  assert.equal(sayAbout("You", "wins"), "You win!");
  assert.equal(sayAbout("Grace", "wins"), "Grace wins!");
});

test("an unknown key is returned as is, never undefined", () => {
  assert.equal(say("no_such_key"), "no_such_key");
});

test("action notation is parsed", () => {
  assert.deepEqual(parseAction("s:ie>F"), { text: "s:ie>F", kind: "spend", code: "ie", dest: "F", victim: null });
  assert.equal(parseAction("g:an>Mg/3").victim, 3);
  assert.equal(parseAction("m>Cl").kind, "move");
  assert.equal(parseAction("x>Ar").kind, "ext");
  assert.deepEqual(parseAction("e:ie+ar").codes, ["ie", "ar"]);
  assert.equal(parseAction("d:table_salt").arg, "table_salt");
  assert.equal(parseAction("d-").kind, "decline");
  assert.equal(parseAction("end").kind, "end");
  assert.equal(parseAction("a:A07").arg, "A07");
  assert.equal(parseAction("s:ie>").kind, "unknown");
  assert.equal(parseAction(undefined).kind, "unknown");
});

const Z = { H: 1, He: 2, Li: 3, Be: 4, B: 5, C: 6, N: 7, Mg: 12, Al: 13, Si: 14, P: 15, S: 16 };
const NAMES = { H: "hydrogen", He: "helium", Li: "lithium", Be: "beryllium", B: "boron", C: "carbon",
  N: "nitrogen", Mg: "magnesium", Al: "aluminium", Si: "silicon", P: "phosphorus", S: "sulfur" };
const NA_IE = { Li: 1, Mg: 1, H: 2, Be: 2, Al: 2, He: 3, B: 3, Si: 3, C: 4, P: 4, N: 5, S: 5 };

test("reachable cells are grouped by distance, in atomic-number order", () => {
  const groups = groupByDistance(NA_IE, (s) => Z[s]);
  assert.deepEqual(groups.map(([d]) => d), [1, 2, 3, 4, 5]);
  assert.deepEqual(groups[1][1], ["H", "Be", "Al"]);
});

test("the reach announcement names every cell by distance", () => {
  const text = reachAnnouncement("Increase Ionization Energy", "sodium", NA_IE, (s) => NAMES[s], (s) => Z[s]);
  assert.equal(text, "Increase Ionization Energy from sodium: 12 cells. 1 step: lithium, magnesium. " +
    "2 steps: hydrogen, beryllium, aluminium. 3 steps: helium, boron, silicon. 4 steps: carbon, phosphorus. " +
    "5 steps: nitrogen, sulfur.");
  assert.equal(reachAnnouncement("Atomic Number", "hydrogen", { He: 1 }, (s) => NAMES[s]),
    "Atomic Number from hydrogen: 1 cell. 1 step: helium.");
});

test("cell size fits the width, never below the touch minimum nor above the maximum", () => {
  assert.equal(cellSize(1920), 46);
  assert.equal(cellSize(390), 28);
  assert.equal(cellSize(768), 39); // (768 - 16 - 34) / 18 = 39.9
  assert.equal(cellSize(Number.NaN), 46);
  assert.ok(boardOverflows(390, 28));
  assert.ok(!boardOverflows(768, 39));
  for (let w = 200; w <= 2000; w += 7) {
    const c = cellSize(w);
    assert.ok(c >= 28 && c <= 46, `width ${w}: cell ${c}`);
    if (c > 28 && c < 46) assert.ok(!boardOverflows(w, c), `width ${w}: a fitted board overflows`);
  }
});

test("formula subscripts", () => {
  assert.deepEqual(formulaParts("H2SO4"), [["H", false], ["2", true], ["SO", false], ["4", true]]);
  assert.deepEqual(formulaParts(""), []);
});

test("the Element box takes a symbol, a name or an atomic number", () => {
  const cells = [{ symbol: "Na", name: "Sodium", z: 11 }, { symbol: "N", name: "Nitrogen", z: 7 }];
  assert.equal(resolveElement("na", cells), "Na");
  assert.equal(resolveElement(" sodium ", cells), "Na");
  assert.equal(resolveElement("7", cells), "N");
  assert.equal(resolveElement("Xx", cells), null);
  assert.equal(resolveElement("", cells), null);
});
