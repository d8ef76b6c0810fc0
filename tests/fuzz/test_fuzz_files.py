"""Fuzzing save files, goal-card decks and agenda decks: every input is loaded or refused with a
SaveError/DeckError whose message is one short line; never another exception."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_helpers import (COUNTS, DEEP, DEFAULT_CASES, JSON, MANY_CASES, NASTY_TEXT, TEXT, dumps,
                          fuzz_settings, one_safe_line, report)
from periodic_edu.engine import DeckError, Game, SaveError, get_edition
from periodic_edu.engine.decks import load_agenda_deck, load_goal_deck

EN = get_edition("en")
GOALS = json.loads(json.dumps(dict(load_goal_deck(None, EN).document)))
AGENDAS = json.loads(json.dumps(dict(load_agenda_deck(None, EN).document)))


def _valid_save() -> dict:
    g = Game(players=["Ada", "Grace"], seed=2 ** 100 + 3, max_rounds=3, goal_deck=GOALS)
    for _ in range(12):
        g.play(g.legal_actions()[0])
    return g.to_dict()


VALID_SAVE = _valid_save()
SAVE_FIELDS = ["format", "version", "edition", "seed", "players", "max_rounds", "actions",
               "goal_deck", "agenda_deck", "class_code", "extra"]


@st.composite
def mutated_save(draw) -> str:
    doc = copy.deepcopy(VALID_SAVE)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["field", "drop", "action", "deck_card", "deck_path"]))
        if how == "field":
            doc[draw(st.sampled_from(SAVE_FIELDS))] = draw(JSON)
        elif how == "drop":
            doc.pop(draw(st.sampled_from(SAVE_FIELDS)), None)
        elif how == "action" and isinstance(doc.get("actions"), list):
            doc["actions"].insert(draw(st.integers(0, len(doc["actions"]))), draw(TEXT))
        elif how == "deck_card" and isinstance(doc.get("goal_deck"), dict):
            cards = doc["goal_deck"].get("cards")
            if isinstance(cards, list) and cards and isinstance(cards[0], dict):
                cards[draw(st.integers(0, len(cards) - 1))][draw(st.sampled_from(
                    ["id", "name", "formula", "colour", "points", "elements", "x"]))] = draw(JSON)
        else:
            doc[draw(st.sampled_from(["goal_deck", "agenda_deck"]))] = draw(st.sampled_from(
                ["/dev/zero", "/dev/stdin", "/etc/shadow", "/etc/passwd", "/nonexistent",
                 "goal_cards_en.json", ["/dev/zero"]]))
    return dumps(doc)


SAVE_TEXT = st.one_of(
    mutated_save(), JSON.map(dumps), DEEP.map(dumps), NASTY_TEXT,
    st.binary(max_size=200),
    st.integers(1, 400).map(lambda n: '{"seed": ' + "9" * n * 20 + "}"),
    st.integers(1, 6000).map(lambda n: "[" * n + "]" * n))


def _fuzz_saves(cases: int) -> None:
    counts = COUNTS["save files"]

    @fuzz_settings(cases)
    @given(SAVE_TEXT)
    def one(text):
        try:
            Game.from_json(text)
            counts["loaded"] += 1
        except SaveError as error:
            one_safe_line(str(error))
            counts["refused"] += 1

    one()
    report("save files")
    assert counts["refused"] > 0 and sum(counts.values()) >= cases


def test_fuzz_save_files():
    _fuzz_saves(DEFAULT_CASES)


@pytest.mark.fuzz
def test_fuzz_save_files_thousands():
    _fuzz_saves(MANY_CASES)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/stdin", "/etc/shadow", "/etc/passwd",
                                  "/nonexistent/deck.json"])
def test_a_deck_path_in_a_save_is_refused_at_once_and_the_same_way(path):
    doc = dict(VALID_SAVE, goal_deck=path)
    with pytest.raises(SaveError) as info:
        Game.from_json(json.dumps(doc))
    one_safe_line(str(info.value))
    assert path not in str(info.value)  # nothing about that file, existing or not
    assert str(info.value) == ("save file: field 'goal_deck' must be a deck written out in the "
                               "save (a JSON object); a save never names a deck file")


def test_a_long_action_is_quoted_short():
    """Found by the 3,000-case run: NotationError quoted a 6,000-character action whole."""
    doc = dict(VALID_SAVE, actions=["()" * 3000])
    with pytest.raises(SaveError, match=r"\(6000 chars\)") as info:
        Game.from_json(json.dumps(doc))
    one_safe_line(str(info.value), limit=400)  # the action is quoted twice, each cut


# ---- deck files ----------------------------------------------------------------------------------
@st.composite
def mutated_deck(draw, base) -> dict:
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        cards = doc.get("cards")
        how = draw(st.sampled_from(["card", "top", "drop_card", "dup"]))
        if how == "card" and isinstance(cards, list) and cards:
            card = cards[draw(st.integers(0, len(cards) - 1))]
            if isinstance(card, dict):
                key = draw(st.sampled_from(list(card) + ["x"]))
                card[key] = draw(st.one_of(JSON, NASTY_TEXT, st.lists(JSON, max_size=3)))
        elif how == "top":
            doc[draw(st.sampled_from(["format", "version", "edition", "cards", "x"]))] = draw(JSON)
        elif how == "drop_card" and isinstance(cards, list) and cards:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        elif how == "dup" and isinstance(cards, list) and cards:
            cards.append(copy.deepcopy(cards[0]))
    return doc


def _fuzz_decks(cases: int, kind: str, tmp_path) -> None:
    base, load = (GOALS, load_goal_deck) if kind == "goal" else (AGENDAS, load_agenda_deck)
    target = f"{kind} decks"
    counts = COUNTS[target]
    path = tmp_path / f"{kind}.json"

    @fuzz_settings(cases)
    @given(st.one_of(mutated_deck(base).map(lambda d: ("dict", d)),
                     mutated_deck(base).map(lambda d: ("file", dumps(d).encode())),
                     st.binary(max_size=300).map(lambda b: ("file", b)),
                     DEEP.map(lambda d: ("file", dumps(d).encode())),
                     st.integers(1, 6000).map(lambda n: ("file", b"[" * n + b"]" * n))))
    def one(case):
        how, value = case
        try:
            if how == "dict":
                deck = load(value, EN)
                if kind == "goal":
                    Game(players=2, seed=1, goal_deck=deck)
                else:
                    Game(players=2, seed=1, agenda_deck=deck)
            else:
                path.write_bytes(value)
                load(str(path), EN)
            counts[f"{how} loaded"] += 1
        except DeckError as error:
            one_safe_line(str(error))
            counts[f"{how} refused"] += 1

    one()
    report(target)
    assert sum(counts.values()) >= cases and counts["dict refused"] + counts["file refused"] > 0


@pytest.mark.parametrize("kind", ["goal", "agenda"])
def test_fuzz_deck_files(kind, tmp_path):
    _fuzz_decks(DEFAULT_CASES, kind, tmp_path)


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", ["goal", "agenda"])
def test_fuzz_deck_files_thousands(kind, tmp_path):
    _fuzz_decks(MANY_CASES, kind, tmp_path)


def test_named_hostile_decks_are_refused_with_one_line(tmp_path):
    """The inputs issue 9 found: deep formulas, objectives of the wrong type, devices."""
    goal = copy.deepcopy(GOALS)
    goal["cards"][0]["formula"] = "(" * 5000 + "H" + ")" * 5000
    agenda = copy.deepcopy(AGENDAS)
    agenda["cards"][0]["objectives"] = [["set4"]]
    for source, load, match in [(goal, load_goal_deck, "longer than 120"),
                                (agenda, load_agenda_deck, "an objective is a name"),
                                ("/dev/zero", load_goal_deck, "not a regular file"),
                                ("/dev/stdin", load_goal_deck, "not a regular file"),
                                (str(tmp_path), load_goal_deck, "not a regular file")]:
        with pytest.raises(DeckError, match=match) as info:
            load(source, EN)
        one_safe_line(str(info.value))
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1_000_001)
    with pytest.raises(DeckError, match="larger than 1,000,000 bytes"):
        load_goal_deck(str(big), EN)
    nested = copy.deepcopy(GOALS)
    nested["cards"][0]["formula"] = "((((((((H))))))))2O"
    with pytest.raises(DeckError, match="nested deeper than 6"):
        load_goal_deck(nested, EN)
