"""RULES §2, D-5, D-6: deck files are validated and refused whole."""
import copy
import json

import pytest

from periodic_edu.engine import (DeckError, Game, get_edition, load_agenda_deck, load_goal_deck,
                                 parse_formula)
from periodic_edu.formula import FormulaError

from engine_helpers import TEST_DECK


@pytest.mark.parametrize("formula,expected", [
    ("NaCl", {"Na": 1, "Cl": 1}),
    ("H2O", {"H": 2, "O": 1}),
    ("Ca3(PO4)2", {"Ca": 3, "P": 2, "O": 8}),
    ("CuSO4·5H2O", {"Cu": 1, "S": 1, "O": 9, "H": 10}),
    ("CaSO4.2H2O", {"Ca": 1, "S": 1, "O": 6, "H": 4}),
    ("K4[Fe(CN)6]", {"K": 4, "Fe": 1, "C": 6, "N": 6}),
    ("Mg(OH)₂", {"Mg": 1, "O": 2, "H": 2}),
    ("(C2H4)n", {"C": 2, "H": 4}),
    ("Co", {"Co": 1}),
    ("CO", {"C": 1, "O": 1}),
])
def test_formula_parser(formula, expected):
    assert parse_formula(formula) == expected


@pytest.mark.parametrize("bad", ["", "Xx2", "Ca(OH", "NaCl)", "H2O·", "abc", "()"])
def test_formula_parser_refuses(bad):
    with pytest.raises(FormulaError):
        parse_formula(bad)


@pytest.mark.parametrize("edition", ["en", "uk"])
def test_shipped_decks_load_and_fill_the_setup(edition):
    ed = get_edition(edition)
    goals = load_goal_deck(None, ed)
    agendas = load_agenda_deck(None, ed)
    assert len(agendas.cards) == ed.agenda_deck_size
    for colour, need in ed.stacks.items():
        assert len(goals.colour(colour)) >= need
    Game(players=5, edition=edition, seed=1)


def _deck_with(mutate):
    doc = copy.deepcopy(TEST_DECK)
    mutate(doc["cards"])
    return doc


@pytest.mark.parametrize("mutate,card,fault", [
    (lambda c: c[0].update(elements=["Na", "Xx"]), "salt", "unknown element 'Xx'"),
    (lambda c: c[0].update(elements=["Na", "La"], formula="NaLa"), "salt", "not on the game board"),
    (lambda c: c[0].update(elements=["Na", "Cl", "O"], formula="NaClO"), "salt",
     "a green card needs 2 elements, this one has 3"),
    (lambda c: c[7].update(elements=["H", "S"]), "h2so4", "a blue card needs 3 elements"),
    (lambda c: c[0].update(formula="KCl"), "salt", "formula KCl has elements"),
    (lambda c: c[1].update(id="salt"), "salt", "duplicate card id"),
    (lambda c: c[1].update(formula="NaCl", elements=["Na", "Cl"]), "hf", "duplicate card"),
    (lambda c: c[0].update(colour="red"), "salt", "unknown colour 'red'"),
    (lambda c: c[0].update(points=0), "salt", "points"),
    (lambda c: c[0].update(difficulty=3), "salt", "difficulty 1"),
    (lambda c: c[0].update(formula="Na(Cl"), "salt", "unbalanced"),
    (lambda c: c[0].pop("name"), "salt", "'name' is missing"),
])
def test_bad_goal_card_is_refused_naming_file_card_fault(mutate, card, fault):
    with pytest.raises(DeckError) as info:
        load_goal_deck(_deck_with(mutate))
    assert info.value.card == card
    assert fault in str(info.value)
    assert "<inline>" in str(info.value)


def test_malformed_json_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"format": "periodic-edu/goal-cards", "cards": [', encoding="utf-8")
    with pytest.raises(DeckError, match="deck.json: malformed JSON at line 1"):
        load_goal_deck(str(path))


def test_wrong_format_field(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"format": "nope", "version": 1, "cards": []}))
    with pytest.raises(DeckError, match="field 'format'"):
        load_goal_deck(str(path))


def test_missing_file():
    with pytest.raises(DeckError, match="no such deck file"):
        load_goal_deck("/nonexistent/deck.json")


def test_d5_refuses_a_deck_that_cannot_fill_the_setup():
    # the English component list: 4 purple cards cannot fill a purple stack of 5
    doc = copy.deepcopy(TEST_DECK)
    doc["cards"] = [c for c in doc["cards"] if c["id"] != "bano32"]
    with pytest.raises(DeckError, match="purple: the deck has 4 cards but the en setup needs a "
                                        "stack of 5"):
        Game(players=2, edition="en", goal_deck=doc)


def test_d5_uk_needs_more_blue():
    doc = copy.deepcopy(TEST_DECK)
    doc["cards"] = [c for c in doc["cards"] if c["id"] != "mgoh2"]
    Game(players=2, edition="en", goal_deck=doc)  # en: blue 5 is enough
    with pytest.raises(DeckError, match="blue: the deck has 5 cards but the uk setup needs a "
                                        "stack of 6"):
        Game(players=2, edition="uk", goal_deck=doc)


AGENDAS = {"format": "periodic-edu/agendas", "version": 1,
           "cards": [{"id": f"T{i:02d}", "objectives": [o]} for i, o in enumerate(
               ["cards", "track_levels", "min_x3", "pair:2+3", "pair:2+4", "pair:3+4",
                "difficulty:2", "difficulty:3", "difficulty:4", "set4"])]}


@pytest.mark.parametrize("mutate,card,fault", [
    (lambda c: c[0].update(objectives=["fly"]), "T00", "unknown objective 'fly'"),
    (lambda c: c[0].update(objectives=[]), "T00", "1 or 2 objectives"),
    (lambda c: c[0].update(objectives=["cards", "min_x3", "set4"]), "T00", "1 or 2"),
    (lambda c: c[1].update(id="T00"), "T00", "duplicate card id"),
    (lambda c: c[1].update(objectives=["cards"]), "T01", "duplicate card: same objectives"),
    (lambda c: c[0].update(objectives=["cards", "cards"]), "T00", "listed twice"),
])
def test_bad_agenda_card(mutate, card, fault):
    doc = copy.deepcopy(AGENDAS)
    mutate(doc["cards"])
    with pytest.raises(DeckError) as info:
        load_agenda_deck(doc)
    assert info.value.card == card and fault in str(info.value)


def test_set_objective_must_match_the_edition():
    with pytest.raises(DeckError, match="set objective is set3"):
        load_agenda_deck(AGENDAS, get_edition("uk"))
    load_agenda_deck(AGENDAS, get_edition("en"))


def test_too_few_agendas_to_deal():
    with pytest.raises(DeckError, match="10 agenda cards cannot deal 3 to each of 4 players"):
        Game(players=4, edition="en", agenda_deck=AGENDAS)
    Game(players=3, edition="en", agenda_deck=AGENDAS)
