"""Elemonster in Ukrainian and German: the widget's words (the `strings` trait), its refusals,
the engine's structured reasons, the bots' sentences and the CLI's human output."""
from __future__ import annotations

import json
import re

import pytest

from periodic_edu import i18n
from periodic_edu.cli import main
from periodic_edu.elemonster import Game, IllegalBondError, IllegalMoveError, check_bond
from periodic_edu.elemonster.bots import SENTENCES, make_bot, play_out
from periodic_edu.elemonster.errors import explain
from periodic_edu.elemonster.words import NP_, Reason
from periodic_edu.tabletop.table import TableError
from periodic_edu.widgets import ElemonsterWidget
from periodic_edu.widgets._elemonster_payload import TEXT, elemonster_strings

from elemonster_helpers import catalog_words

LANGS = ["uk", "de"]
# keys whose text is rightly the same as the English one, with the reason
SAME_AS_ENGLISH = {"title": "the game's name, Elemonster",
                   "cause_row": "a player's name and a log line, \"{name}: {text}\""}


# English words of the catalog; a word the German side uses too ("Elements", "neutral") is
# German on a German page
ENGLISH = catalog_words("en", 5) - {"elemonster"}
GERMAN_TOO = catalog_words("de", 5)


def english_in(text: str, lang: str = "uk") -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]{5,}", text)
            if w.lower() in ENGLISH and not (lang == "de" and w.lower() in GERMAN_TOO)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_widget_sends_every_word_translated(lang):
    w = ElemonsterWidget(players=2, seed=4, lang=lang)
    strings = json.loads(json.dumps(w.strings))
    english = elemonster_strings("en")
    assert strings["lang"] == lang and strings["decimal_mark"] == ","
    assert set(strings["text"]) == set(TEXT) == set(english["text"])
    for key, value in strings["text"].items():
        if key in SAME_AS_ENGLISH:
            assert value == english["text"][key]
            continue
        assert value and value != english["text"][key], (lang, key, value)
        if isinstance(value, dict):  # a plural: every CLDR category of the language
            cats = {"one", "few", "many", "other"} if lang == "uk" else {"one", "other"}
            assert set(value) == cats, (key, value)
    for table in ("values", "categories", "kinds"):
        assert set(strings[table]) == set(english[table])
        for key, value in strings[table].items():
            assert value != english[table][key], (lang, table, key)
    for key, (label, meaning) in strings["symbols"].items():
        assert (label, meaning) != tuple(english["symbols"][key]) and label and meaning
    # the JS takes words only from `strings`: nothing else synced carries the word tables
    assert set(w.static) == {"sources"}


#: the keys of synced data whose values are words shown to a person (the rest are ids)
TEXT_KEYS = {"label", "text", "headline", "detail", "rule", "breakdown", "name", "kind_text",
             "symbol_labels", "state", "flame_colour", "answer_labels"}


def texts(value, key=None):
    """Every shown text in synced data: the values of TEXT_KEYS, recursively."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from texts(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v, key)
    elif isinstance(value, str) and key in TEXT_KEYS:
        yield value


@pytest.mark.parametrize("lang", LANGS)
def test_every_synced_text_is_in_the_language(lang):
    """A whole game through the widget: the choices, the workbench, the log and the cards
    say no English word of the catalog."""
    w = ElemonsterWidget(players=3, seed=11, lang=lang, bots=[None, "greedy", "random"])
    for _ in range(60):
        w.run_bots()
        if w.game.is_over:
            break
        data = " | ".join(texts({"choices": w.choices, "pairs": w.pairs, "log": w.game_log,
                                 "cards": w.cards, "seats": w.seats, "final": w.final}))
        assert data.count(" | ") > 20
        assert english_in(data, lang) == set(), (lang, english_in(data, lang))
        bonds = w.choices.get("bonds") or []
        w.play(bonds[0]["action"] if bonds else w.view["legal_actions"][-1])
    assert w.game_log and w.cards


@pytest.mark.parametrize("lang,words", [("uk", ("рівно одну", "гру закінчено", "гравець 1")),
                                        ("de", ("genau eine", "das Spiel ist vorbei",
                                                "Spieler 1"))])
def test_refusals_come_back_in_the_widgets_language(lang, words):
    """A refusal on the page says the rule in words: no seat number ("Spieler 1"), no
    notation ("D-"), no English (issue 28)."""
    w = ElemonsterWidget(players=2, seed=5, lang=lang)
    assert w.handle_message({"type": "act", "action": "D-", "rev": w.revision}) is False
    assert words[0] in w.error and english_in(w.error, lang) == set(), w.error
    assert words[2] not in w.error and "D-" not in w.error, w.error
    # the same refusal in English: the rule's words; the engine's own text (the CLI's
    # contract) still names the seat and the notation
    w.lang = "en"
    assert w.handle_message({"type": "act", "action": "D-", "rev": w.revision}) is False
    assert w.error.startswith("a hand of 5 or more cards"), w.error
    try:
        w.game.play("D-")
    except IllegalMoveError as error:
        assert str(error).startswith("player 1 cannot play 'D-': a hand of 5 or more cards")
    else:
        raise AssertionError("D- was legal")
    w.lang = lang
    while not w.game.is_over:  # play to the end, then one more click
        w.run_bots()
        if not w.game.is_over:
            w.play(w.view["legal_actions"][-1])
    assert w.handle_message({"type": "act", "action": "D-", "rev": w.revision}) is False
    assert words[1] in w.error
    with pytest.raises(TableError) as caught:  # the table refuses before the rules are asked
        w.play("D-")
    assert str(caught.value) == "the game is over: start a new game"
    assert caught.value.reason.render(lang) == w.error


def test_a_bot_to_move_refuses_the_browser_in_its_language():
    w = ElemonsterWidget(players=2, seed=9, lang="uk", bot_delay=0)
    w.handle_message({"type": "act", "action": w.view["legal_actions"][-1], "rev": w.revision})
    assert w.bot_pending
    assert w.handle_message({"type": "act", "action": "D-", "rev": w.revision}) is False
    assert "Жадібний бот" in w.error and "браузер грає лише за людей" in w.error


def test_a_bond_refusal_is_a_structured_reason():
    with pytest.raises(IllegalBondError) as caught:
        check_bond("ions", "FeCl3")
    error = caught.value
    assert str(error) == ("ions FeCl3: Fe gives 2 electrons but 3×Cl fill 3 gaps (2 ≠ 3); the "
                          "game shows Fe with 2 outer electrons, so only FeCl2")
    doc = error.reason.to_dict()
    assert doc["id"] == "{cat} {formula}: {why}" and doc["params"]["cat"] == "ions"
    json.dumps(doc)  # JSON-ready: ids and numbers only
    assert explain(error, "uk") == ("FeCl3 (іони): Fe віддає 2 електрони, але 3×Cl заповнюють "
                                    "3 вільні місця (2 ≠ 3); у грі Fe має 2 зовнішні електрони, "
                                    "тож можна лише FeCl2")
    assert explain(error, "de").startswith("FeCl3 (Ionen): Fe gibt 2 Elektronen ab, aber 3×Cl "
                                           "füllen 3 Lücken")


@pytest.mark.parametrize("n,text", [(0, "0 вільних місць"), (1, "1 вільне місце"),
                                    (2, "2 вільні місця"), (5, "5 вільних місць"),
                                    (11, "11 вільних місць"), (21, "21 вільне місце"),
                                    (22, "22 вільні місця")])
def test_ukrainian_plural_forms(n, text):
    assert Reason(NP_("{n} gap", "{n} gaps"), n=n).render("uk") == text


@pytest.mark.parametrize("lang", LANGS)
def test_bot_sentences_in_the_language(lang):
    seed = 7
    g = Game(players=3, seed=seed, variant="advanced")
    log: list = []
    play_out(g, [make_bot("greedy", seed, lang=lang), make_bot("random", seed + 1, lang=lang),
                 make_bot("greedy", seed + 2, lang=lang)], log)
    kinds = {text.split()[0] for _, _, text in log}
    assert len(log) > 50 and len(kinds) > 5, f"seed {seed}"
    for seat, action, text in log:
        assert text and english_in(text, lang) == set(), (seed, action, text)
    if lang == "uk":
        assert sum(bool(re.search("[а-яіїє]", t)) for _, _, t in log) == len(log)


def test_sentences_and_numbers_use_the_decimal_mark():
    from periodic_edu.elemonster.bots import describe
    from periodic_edu.elemonster.cards import card
    for seed in range(30):
        g = Game(players=2, seed=seed)
        view = g.observe(g.current_player)
        attack = next((a for a in view.legal_actions() if a.kind == "attack"
                       and a.values == ("en",) and not float(card(a.card).en).is_integer()),
                      None)
        if attack is not None:
            en = card(attack.card).en
            assert f"{en}" in describe(view, attack, "en")
            assert f"{en}".replace(".", ",") in describe(view, attack, "de"), seed
            assert f"{en}".replace(".", ",") in describe(view, attack, "uk"), seed
            return
    pytest.fail("no electronegativity attack at the start of 30 seeded games")


def test_sentences_are_catalog_messages():
    english = i18n.messages("elemonster", "en")
    for value in SENTENCES.values():
        assert (value if isinstance(value, str) else value[0]) in english


def test_a_language_switch_keeps_the_game_and_says_the_log_again():
    w = ElemonsterWidget(players=2, seed=3, lang="de")
    w.play(w.view["legal_actions"][-1])
    w.run_bots()
    history, german = list(w.game.history), [e["text"] for e in w.game_log]
    w.lang = "uk"
    assert w.game.history == history and [s["name"] for s in w.seats] == ["Ти", "Жадібний бот"]
    assert len(w.game_log) == len(german) and all(
        u != d for u, d in zip((e["text"] for e in w.game_log), german))
    assert w.strings["lang"] == "uk" and w.strings["text"]["new_game"] == "Нова гра"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang,words", [("uk", ("3 гри Elemonster", "2 гравці", "ігор за секунду")),
                                        ("de", ("3 Elemonster-Spiele", "2 Spieler",
                                                "Spiele pro Sekunde"))])
def test_cli_human_output_in_the_language(capsys, tmp_path, lang, words):
    code, out, err = run(capsys, "elemonster", "simulate", "--games", "3", "--seed", "2",
                         "--save-dir", str(tmp_path), "--lang", lang)
    assert code == 0 and err == ""
    for w in words:
        assert w in out, out
    assert english_in(out, lang) - {"greedy", "random", "beginner"} == set(), out
    save = next(tmp_path.glob("*.json"))
    code, out, err = run(capsys, "elemonster", "replay", str(save), "--lang", lang)
    assert code == 0 and ("переможці" in out if lang == "uk" else "Sieger" in out), out
    # the JSON does not change with the language
    code, out_json, _ = run(capsys, "elemonster", "replay", str(save), "--json", "--lang", lang)
    code, out_en, _ = run(capsys, "elemonster", "replay", str(save), "--json")
    assert out_json == out_en


def test_cli_unknown_language_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "elemonster", "simulate", "--lang", "fr")
    assert code == 2 and out == "" and err.count("\n") == 1 and "'fr'" in err


def test_every_key_the_front_end_says_is_sent():
    """The Elemonster views (elemonster*.js) take words only from `strings`: every key they ask
    for is a TEXT key, and they hold no English sentence of their own."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "widgets_js"
    asked = set()
    for name in sorted(p.name for p in root.glob("elemonster*.js")):
        source = (root / name).read_text(encoding="utf-8")
        asked |= set(re.findall(r'\b[TP]\("(\w+)"', source))
        asked |= set(re.findall(r'emText\(text, "(\w+)"', source))
        asked |= set(re.findall(r"\btext\.(\w+)", source)) - {"js"}  # not "text.js"
        # no English text of its own: a string literal with words in it (class lists and
        # selectors aside) would be a sentence the catalog does not hold
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", source, flags=re.S)
        for pair in re.findall(r'"([^"\n]*)"|`([^`\n]*)`', code):
            for literal in pair:
                text = re.sub(r"\$\{[^}]*\}", " ", literal).strip()
                if " " not in text or re.match(r"(em-|pe-|\[)", text):
                    continue
                assert not {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)} & ENGLISH, \
                    (name, literal)
    assert len(asked) > 60
    assert asked <= set(TEXT), sorted(asked - set(TEXT))
