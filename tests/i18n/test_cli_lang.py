"""--lang on every sub-command: human output in the language, JSON unchanged except the
element's name; an unknown language is exit 2 and one line."""
from __future__ import annotations

import argparse
import json
import re

import pytest

from periodic_edu import i18n
from periodic_edu.cli import build_parser, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_subcommand_takes_lang():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert set(sub.choices) >= {"reach", "element", "trends", "simulate", "replay", "balance"}
    def leaves(choices, prefix=""):
        for name, parser in choices.items():
            nested = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            if nested:
                for inner in nested:
                    yield from leaves(inner.choices, f"{prefix}{name} ")
            else:
                yield f"{prefix}{name}", parser

    names = []
    for name, parser in leaves(sub.choices):
        names.append(name)
        assert any("--lang" in a.option_strings for a in parser._actions), name
    assert "elemonster simulate" in names  # nested sub-commands are walked too


def test_element_json_changes_only_the_name(capsys):
    _, en, _ = run(capsys, "element", "Fe", "--json", "--lang", "en")
    _, uk, _ = run(capsys, "element", "Fe", "--json", "--lang", "uk")
    _, de, _ = run(capsys, "element", "Fe", "--json", "--lang", "de")
    en, uk, de = json.loads(en), json.loads(uk), json.loads(de)
    assert (en["name"], uk["name"], de["name"]) == ("Iron", "Ферум", "Eisen")
    assert list(uk) == list(en)
    assert {k: v for k, v in uk.items() if k != "name"} == {
        k: v for k, v in en.items() if k != "name"}
    assert uk["family"] == "transition_metals" and uk["state_at_25c"] == "solid"  # ids stay


def test_environment_variable_is_the_default(capsys, monkeypatch):
    monkeypatch.setenv("PERIODIC_EDU_LANG", "uk")
    _, out, _ = run(capsys, "element", "Pb", "--json")
    assert json.loads(out)["name"] == "Плюмбум"
    _, out, _ = run(capsys, "element", "Pb", "--json", "--lang", "en")
    assert json.loads(out)["name"] == "Lead"


@pytest.mark.parametrize("argv", [["element", "Fe", "--lang", "fr"],
                                  ["reach", "Na", "--lang", "english"],
                                  ["trends", "--lang", ""],
                                  ["simulate", "--lang", "xx"]])
def test_unknown_language_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown language" in err and "en, uk, de" in err


def test_unknown_language_in_the_environment_exits_2(capsys, monkeypatch):
    monkeypatch.setenv("PERIODIC_EDU_LANG", "klingon")
    code, out, err = run(capsys, "trends")
    assert code == 2 and out == "" and err.count("\n") == 1 and "PERIODIC_EDU_LANG" in err


def _english_words():
    """The longer English texts of the cli catalog (a short one like 'end' could be a part of a
    Ukrainian or German word or an id)."""
    out = set()
    for value in i18n.messages("cli", "en").values():
        for form in (value.values() if isinstance(value, dict) else [value]):
            out.update(w for w in re.split(r"[^A-Za-z]+", re.sub(r"\{[^}]*\}", " ", form))
                       if len(w) >= 5)
    return out


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_reach_in_another_language(capsys, lang):
    code, out, _ = run(capsys, "reach", "Na", "--trend", "ionization_energy", "--lang", lang)
    assert code == 0 and "[Na]" in out and "He3" in out
    if lang == "uk":
        assert "«Збільшення енергії іонізації» (ionization_energy)" in out
        assert "12 клітинок" in out and "1 крок " in out and "5 кроків" in out
    else:
        assert "Zunehmende Ionisierungsenergie (ionization_energy)" in out and "12 Felder" in out
    english = {w for w in _english_words() if re.search(rf"\b{w}\b", out)}
    assert english == set(), english


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_element_and_trends_text_in_another_language(capsys, lang):
    _, out, _ = run(capsys, "element", "Hg", "--lang", lang)
    if lang == "uk":
        assert "Меркурій" in out and "рідкий" in out and "Атомна маса" in out
        assert "200,59" in out and "К" in out
    else:
        assert "Quecksilber" in out and "flüssig" in out and "200,592 Da" in out
    assert "200.592" not in out and "Atomic mass" not in out
    _, out, _ = run(capsys, "trends", "--trend", "ionization_energy", "--lang", lang)
    assert ("узгоджуються" if lang == "uk" else "stimmen überein") in out
    assert " -> " in out and re.search(r"\d,\d", out)  # values with the decimal comma


def test_english_output_is_still_english(capsys):
    _, out, _ = run(capsys, "reach", "Na", "--trend", "ionization_energy")
    assert "Increase Ionization Energy (ionization_energy) from Na, up to 5 steps: 12 cells" in out
    assert "  1 step   Li Mg" in out and "  2 steps  H Be Al" in out


@pytest.mark.parametrize("lang,words", [("uk", ["гравців: 2", "переможці", "ігор за секунду"]),
                                        ("de", ["2 Spieler", "Sieger", "Spiele pro Sekunde"])])
def test_game_commands_in_another_language(capsys, tmp_path, lang, words):
    code, out, _ = run(capsys, "simulate", "--games", "2", "--players", "2", "--max-rounds",
                       "3", "--save-dir", str(tmp_path), "--lang", lang)
    assert code == 0 and all(w in out for w in words), out
    save = next(tmp_path.glob("*.json"))
    code, out, _ = run(capsys, "replay", str(save), "--lang", lang)
    assert code == 0 and ("видання en" if lang == "uk" else "Ausgabe en") in out
    assert ("переможці:" if lang == "uk" else "Sieger:") in out
    code, out, _ = run(capsys, "balance", "--games", "2", "--players", "2", "--max-rounds", "3",
                       "--jobs", "1", "--lang", lang)
    assert code == 0 and ("перемоги" if lang == "uk" else "Siegquote") in out
    assert "%" in out and re.search(r"\d,\d", out)


@pytest.mark.parametrize("argv,text", [
    (["reach", "Na", "--steps", "9", "--lang", "uk"], "--steps має бути від 1 до 8, а не 9"),
    (["simulate", "--players", "7", "--lang", "de"],
     "--players muss zwischen 2 und 5 liegen, nicht 7"),
    (["balance", "--games", "0", "--lang", "uk"], "--games має бути щонайменше 1, а не 0")])
def test_option_errors_in_the_language(capsys, argv, text):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err == f"periodic-edu: error: {text}\n"


@pytest.mark.parametrize("argv,lang,wanted", [
    (["simulate", "--bots", "nope"], "uk", "невідомий бот 'nope': обери одного з: random, greedy, search"),
    (["elemonster", "simulate", "--bots", "a,b,c", "--players", "2"], "uk", "невідомий бот 'a'"),
    (["simulate", "--bots", "greedy,greedy,random", "--players", "2"], "uk", "названо ботів: 3, а гравців: 2"),
    (["simulate", "--bots", ",", "--players", "2"], "de", "--bots braucht mindestens einen Bot-Namen"),
    (["elemonster", "simulate", "--bots", "greedy,greedy,random", "--players", "2"], "de",
     "3 Bots für 2 Spieler angegeben"),
])
def test_a_wrong_bot_list_is_said_in_the_language(capsys, argv, lang, wanted):
    code, out, err = run(capsys, *argv, "--lang", lang)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert wanted in err, err
