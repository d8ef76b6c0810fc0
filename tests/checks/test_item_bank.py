"""The item bank: its schema, its keys computed from the element data, every item in en/uk/de."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from periodic_edu import board
from periodic_edu.chemistry import element
from periodic_edu.checks import CONCEPTS, ItemBankError, item_bank, load_items
from periodic_edu.checks.bank import DATA, MISCONCEPTIONS
from periodic_edu.engine.reasons import MESSAGES
from periodic_edu.trends import TREND_PROPERTY

LANGS = ("en", "uk", "de")


def test_four_items_per_concept_per_form_in_two_parallel_forms():
    counts = Counter((i.concept, i.form) for i in item_bank("en"))
    for concept in CONCEPTS:
        for form in "AB":
            assert counts[concept, form] >= 4, (concept, form)
    # parallel: each concept asks the same templates in A and B
    raw = json.loads((DATA / "items.json").read_text())["items"]
    for concept in CONCEPTS:
        a = sorted(r["template"] for r in raw if r["concept"] == concept and r["form"] == "A")
        b = sorted(r["template"] for r in raw if r["concept"] == concept and r["form"] == "B")
        assert a == b, concept


def test_three_kinds_and_two_tiers():
    bank = item_bank("en")
    assert {i.kind for i in bank} == {"choice", "number", "cell"}
    choices = [i for i in bank if i.kind == "choice"]
    assert choices and all(i.two_tier and i.reasons for i in choices)
    assert all(i.unit for i in bank if i.kind == "number" and i.id.startswith(("ie-", "ar-")))


def test_files_state_the_licence():
    for name in ("items.json", "templates.json"):
        assert "CC BY-SA 4.0" in json.loads((DATA / name).read_text())["license"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_item_renders_in_every_language(lang):
    english = {i.id: i for i in item_bank("en")}
    for item in item_bank(lang):
        texts = [item.text, item.explanation, *(t for _, t in item.choices),
                 *(t for _, t in item.reasons)]
        for text in texts:
            assert text.strip() and "{" not in text and "}" not in text, (item.id, text)
        if lang != "en":
            assert item.text != english[item.id].text, item.id
        # the keys do not depend on the language
        assert item.key == english[item.id].key and item.reason_key == english[item.id].reason_key


def test_terms_come_from_the_catalogs():
    from periodic_edu import i18n
    item = next(i for i in item_bank("uk") if i.id == "ie-steps-A")
    assert i18n.gettext("board", "Increase Ionization Energy", "uk") in item.text
    assert "натрій (Na)" in item.text
    item = next(i for i in item_bank("de") if i.id == "ie-steps-A")
    assert "„Zunehmende Ionisierungsenergie“" in item.text


def test_keys_and_numbers_come_from_the_data():
    bank = {i.id: i for i in item_bank("en")}
    for item in bank.values():
        raw = next(r for r in json.loads((DATA / "items.json").read_text())["items"]
                   if r["id"] == item.id)
        if raw["template"] == "reach_cell":
            assert item.key == frozenset(board.reach(raw["a"], item.concept, 1))
        elif raw["template"] == "steps":
            assert item.key == board.reach(raw["a"], item.concept, 8)[raw["b"]]
        elif raw["template"] == "change":
            prop = TREND_PROPERTY[item.concept]
            before, after = getattr(element(raw["a"]), prop), getattr(element(raw["b"]), prop)
            assert abs(item.key - (after - before)) <= 0.011
            # every number the text shows is the data's, as printed
            shown = re.findall(r"\((-?[\d.]+)", item.text)
            assert [float(x) for x in shown] == pytest.approx([before, after], abs=0.006)
        elif raw["template"] == "outer":
            assert item.key == element(raw["a"]).shells[-1]
        elif raw["template"] == "compare":
            prop = TREND_PROPERTY[item.concept]
            higher = max((raw["a"], raw["b"]), key=lambda s: getattr(element(s), prop))
            assert dict(item.choices)[item.key].endswith(f"({higher})")


def test_codes_are_the_rules_refusal_ids_or_named_misconceptions():
    for item in item_bank("en"):
        assert item.codes, item.id
        for code in item.codes:
            concept, _, rule = code.partition("/")
            assert concept in CONCEPTS and (rule in MESSAGES or rule in MISCONCEPTIONS), code
    # a trend's distractor that moves against the arrow is the refusal play files as
    # (trend, not_reachable)
    assert "ionization_energy/not_reachable" in next(
        i for i in item_bank("en") if i.id == "ie-compare-A").codes


def test_public_question_holds_no_key():
    for item in item_bank("en"):
        public = json.dumps(item.public())
        assert "key" not in item.public() and item.explanation not in public
        if item.kind == "number":
            assert str(item.key) not in item.public()["text"] or item.concept != "shells"


def test_grading_both_tiers():
    item = next(i for i in item_bank("en") if i.id == "ie-compare-A")
    right = item.grade(choice=item.key, reason=item.reason_key)
    assert right["both_ok"] and right["answer_ok"] and right["reason_ok"] and not right["codes"]
    wrong_reason = item.grade(choice=item.key, reason="c")
    assert wrong_reason["answer_ok"] and not wrong_reason["both_ok"]
    assert wrong_reason["codes"] == ["ionization_energy/mass_decides"]
    wrong = item.grade(choice="a", reason=item.reason_key)
    assert wrong["codes"] == ["ionization_energy/not_reachable"]
    number = next(i for i in item_bank("en") if i.id == "ie-change-A")
    assert number.grade(value=number.key + 0.04)["both_ok"]
    assert not number.grade(value=-number.key)["both_ok"]
    cell = next(i for i in item_bank("en") if i.id == "ie-reach-cell-A")
    assert cell.grade(cell="O")["both_ok"] and not cell.grade(cell="C")["both_ok"]


def _write(tmp_path, items, name="mine.json", license=True):
    doc = {"items": items}
    if license:
        doc["license"] = "CC BY-SA 4.0"
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


TEACHER_ITEM = {
    "id": "t-noble", "concept": "shells", "kind": "choice",
    "text": {"en": "Which is a noble gas?", "uk": "Який із них інертний газ?",
             "de": "Welches ist ein Edelgas?"},
    "choices": [{"id": "a", "text": {"en": "Ne", "uk": "Ne", "de": "Ne"}},
                {"id": "b", "text": {"en": "Na", "uk": "Na", "de": "Na"},
                 "codes": ["shells/valence_miscount"]}],
    "answer": "a"}


def test_a_teacher_adds_items_in_the_same_format(tmp_path):
    path = _write(tmp_path, [TEACHER_ITEM, {"id": "t-ie", "concept": "ionization_energy",
                                            "template": "compare", "a": "Li", "b": "F"}])
    bank = item_bank("de", extra=[path])
    mine = {i.id: i for i in bank if i.source == "mine.json"}
    assert mine["t-noble"].text == "Welches ist ein Edelgas?" and mine["t-noble"].key == "a"
    assert mine["t-ie"].key == "b" and "Fluor (F)" in mine["t-ie"].text


@pytest.mark.parametrize("change, fault", [
    ({"concept": "colour"}, "concept must be one of"),
    ({"text": {"en": "Which?", "uk": "Який?"}}, "text has no text in de"),
    ({"answer": "z"}, "answer must be the id of one of the choices"),
    ({"choices": [{"id": "a", "text": {"en": "x", "uk": "x", "de": "x"},
                   "codes": ["shells/made_up"]},
                  {"id": "b", "text": {"en": "y", "uk": "y", "de": "y"}}]},
     "unknown misconception code 'shells/made_up'"),
    ({"id": "bad id!"}, "needs an id"),
    ({"kind": "number"}, "must be kind \"choice\""),
])
def test_a_bad_item_names_file_item_and_fault(tmp_path, change, fault):
    path = _write(tmp_path, [{**TEACHER_ITEM, **change}])
    with pytest.raises(ItemBankError) as caught:
        load_items(path, "en")
    assert fault in str(caught.value) and "mine.json" in str(caught.value)
    if "id" not in change:
        assert "item t-noble" in str(caught.value)


@pytest.mark.parametrize("raw, fault", [
    ({"template": "steps", "a": "K", "b": "Kr"}, "cannot take the flask from K to Kr"),
    ({"template": "compare", "a": "N", "b": "O"}, "goes against the trend"),
    ({"template": "compare", "a": "Na", "b": "F"}, "share neither a period nor a group"),
    ({"template": "reach_cell", "a": "Xx"}, "'Xx' is not an element"),
    ({"template": "nope", "a": "Na"}, "unknown template 'nope'"),
])
def test_a_templated_item_the_data_cannot_back_is_refused(tmp_path, raw, fault):
    path = _write(tmp_path, [{"id": "t1", "concept": "ionization_energy", "form": "A", **raw}])
    with pytest.raises(ItemBankError, match=re.escape(fault)):
        load_items(path, "en")


def test_a_file_that_is_not_json_or_repeats_an_id(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(ItemBankError, match="broken.json: is not JSON"):
        load_items(bad)
    path = _write(tmp_path, [TEACHER_ITEM, TEACHER_ITEM])
    with pytest.raises(ItemBankError, match="item t-noble: the id is used twice"):
        load_items(path)
    with pytest.raises(ItemBankError, match="licence"):
        load_items(_write(tmp_path, [TEACHER_ITEM], "nolicence.json", license=False))
