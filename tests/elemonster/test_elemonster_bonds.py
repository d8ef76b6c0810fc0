"""Bonds and the deck (ELEMONSTER §6, §9, E-9, E-10): the rulebook's worked examples."""
import json
from itertools import combinations

import pytest

from periodic_edu.elemonster import IllegalBondError, check_bond, load_deck
from periodic_edu.elemonster.bonds import make_bond
from periodic_edu.elemonster.errors import DeckError
from periodic_edu.elemonster.scoring import hand_penalty


@pytest.mark.parametrize("category,formula,expected", [
    ("alloy", "AgCu", 9),        # §6: 1 + 2·3 crowns + 1 heart + 1 two materials
    ("ions", "NaCl", 5),
    ("ions", "CaCl2", 7),
    ("molecule", "H2O", 10),
    ("molecule", "NF3", 7),
    ("ions", "Al2O3", 8),
    ("noble", "HeNe", 3),
])
def test_worked_examples_score_as_in_the_spec(category, formula, expected):
    assert check_bond(category, formula) == expected


@pytest.mark.parametrize("category,formula,why", [
    ("alloy", "CuZn", "1 outer electron and Zn has 2"),          # brass
    ("ions", "FeCl3", "only FeCl2"),
    ("ions", "TiCl4", "only TiCl2"),
    ("molecule", "NaCl", "Na is a metal"),
    ("ions", "Na2Cl2", "not reduced"),
    ("molecule", "XeF2", "noble gases pair only with noble gases"),
    ("ions", "XeF2", "noble gases pair only with noble gases"),
    ("noble", "XeF2", "take no multipliers"),
    ("alloy", "PdAg", "Pd is not a card of the deck"),
    ("cluster", "NaCl", "unknown bond category"),
    ("ions", "NaClO", "a bond is two elements"),
])
def test_refused_bonds_say_why(category, formula, why):
    with pytest.raises(IllegalBondError) as info:
        check_bond(category, formula)
    assert why in str(info.value)
    assert isinstance(info.value, ValueError)


def test_order_of_the_formula_does_not_matter_and_the_bond_is_canonical():
    assert check_bond("ions", "ClNa") == check_bond("ions", "NaCl")
    bond = make_bond("ions", "Cl", 2, "Ca", 1)
    assert bond.notation == "ion:Ca+2*Cl" and bond.formula == "CaCl2"
    assert make_bond("molecule", "O", 1, "H", 2).notation == "mol:2*H+O"


def test_four_electron_pairs_fit_every_category_but_noble_shapes_still_apply():
    assert {c for c in ("alloy", "ions", "molecule") if _ok(c, "SiGe")} == {
        "alloy", "ions", "molecule"}
    assert {c for c in ("alloy", "ions", "molecule") if _ok(c, "SnPb")} == {"alloy"}


def _ok(category, formula):
    try:
        check_bond(category, formula)
        return True
    except IllegalBondError:
        return False


def test_e9_pair_counts_of_the_shipped_deck():
    deck = load_deck()
    counts = {"alloy": 0, "ions": 0, "ions_k": 0, "molecule": 0, "molecule_k": 0, "noble": 0}
    partners = {s: set() for s in deck.elements}
    ks = [(a, b) for a in range(1, 5) for b in range(1, 5)]
    for a, b in combinations(deck.elements, 2):
        for cat in ("alloy", "ions", "molecule", "noble"):
            plain = _legal(cat, a, 1, b, 1)
            counts[cat] += plain
            if plain:
                partners[a].add(b), partners[b].add(a)
            if cat in ("ions", "molecule"):
                counts[cat + "_k"] += any(_legal(cat, a, x, b, y) for x, y in ks)
    assert counts == {"alloy": 129, "ions": 100, "ions_k": 403, "molecule": 19,
                      "molecule_k": 91, "noble": 15}
    assert all(partners.values()), "every card has a partner in the beginner variant"
    assert len(deck.elements) == 48 and len(deck.cards) == 66


def _legal(cat, a, ka, b, kb):
    try:
        make_bond(cat, a, ka, b, kb)
        return True
    except IllegalBondError:
        return False


def test_hand_u_bi_be_scores_minus_five():
    assert hand_penalty(["U", "Bi", "Be"]) == -5
    assert hand_penalty(["Bi", "W"]) == -2           # shields never make a hand positive (E-20)
    assert hand_penalty(["x2", "U", "Rn", "Pb"]) == -4 - 4 + 2 - 1  # Pb: one skull too


# --- the deck as data (E-10) ---------------------------------------------------------------------
def _doc(**change):
    doc = {"format": "periodic-edu/elemonster-deck", "version": 1, "name": "mine",
           "elements": list(load_deck().elements[:24]), "multipliers": {"2": 2}}
    doc.update(change)
    return doc


def test_a_teacher_can_load_their_own_deck_from_a_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(_doc()), encoding="utf-8")
    deck = load_deck(path)
    assert len(deck.elements) == 24 and deck.multipliers == {2: 2, 3: 0, 4: 0}


@pytest.mark.parametrize("change,fault", [
    ({"elements": ["H", "Xx"] + ["He"] * 0}, "elements[1]: unknown element symbol 'Xx'"),
    ({"elements": ["H", "He", "H"]}, "elements[2]: duplicate element 'H'"),
    ({"elements": ["H", "Rf"]}, "no measured ionization energy"),
    ({"elements": ["H", "Pd"]}, "outer shell holds 18"),
    ({"elements": ["H", "He", "Li"]}, "3 elements; a deck needs at least 20"),
    ({"multipliers": {"5": 1}}, "multipliers.5"),
    ({"multipliers": {"2": -1}}, "count must be 0 to 40"),
    ({"format": "x"}, "field 'format'"),
    ({"colour": "red"}, "unknown field 'colour'"),
])
def test_a_bad_deck_is_refused_whole_naming_file_entry_and_fault(short_tmp, change, fault):
    path = short_tmp / "bad.json"
    path.write_text(json.dumps(_doc(**change)), encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(path) in str(info.value) and fault in str(info.value)


def test_malformed_json_names_the_file(short_tmp):
    path = short_tmp / "broken.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(DeckError, match="broken.json: malformed JSON"):
        load_deck(path)


def test_a_custom_deck_plays_is_saved_inline_and_replays(tmp_path):
    from periodic_edu.elemonster import Game
    path = tmp_path / "class.json"
    path.write_text(json.dumps(_doc(elements=list(load_deck().elements[:30]))), encoding="utf-8")
    game = Game(players=3, variant="advanced", seed=1, deck=str(path))
    assert len(game.state.pile) + 3 * 7 + 1 == 32          # 30 elements, 2 multipliers; 1 drawn
    game.play(game.legal_actions()[-1])
    save = json.loads(game.to_json())
    assert save["deck"]["elements"] == list(load_deck().elements[:30])
    assert Game.from_json(json.dumps(save)).history == game.history


def test_a_deck_too_small_to_deal_is_refused_naming_file_and_numbers(short_tmp):
    from periodic_edu.elemonster import Game
    path = short_tmp / "small.json"
    path.write_text(json.dumps(_doc(elements=list(load_deck().elements[:20]))), encoding="utf-8")
    Game(players=3, deck=str(path))                      # 20 cards: 15 dealt, 5 left
    with pytest.raises(DeckError, match=r"small.json: 20 cards cannot deal 5 to each of 5 "
                                        r"players and leave a pile \(need 26\)"):
        Game(players=5, deck=str(path))
