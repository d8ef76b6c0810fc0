"""The engine's refusals and the game's own sentences in three languages.

* every message of the ``engine`` domain renders with its parameters in en, uk and de;
* every branch of ``why_illegal`` is reached by real play (seeded games) and says why in uk and
  de, while ``str()`` stays the English of the CLI/JSON contract;
* a ``lang="uk"``/``"de"`` GameWidget shows a refusal in its own language (placeholders filled,
  element names in the school's form, no English catalog word);
* the game log's follow-up sentences take real Ukrainian plurals (1 бал, 2 бали, 5 балів, 21 бал);
* the trend chart, the trend explorer and the element card refuse in their language too.
"""
from __future__ import annotations

import inspect
import re
import string

import pytest

from periodic_edu import i18n
from periodic_edu.chemistry import element_name
from periodic_edu.board import TREND_NAMES
from periodic_edu.engine.bots import make_bot
from periodic_edu.engine import Game, IllegalMoveError
from periodic_edu.engine import rules
from periodic_edu.engine.actions import Action, NotationError
from periodic_edu.engine.reasons import COUNTS, MESSAGES, Reason, render
from periodic_edu.engine.tables import FAMILY_OF, TREND_ABBR, TRENDS
from periodic_edu.locale.widget_texts import GAME_LOG, PAGE
from periodic_edu.widgets import ElementCard, GameWidget, TrendChart, TrendExplorer
from periodic_edu.engine.story import _Log

CYRILLIC = re.compile("[а-яіїєґ]")
#: A sample value for each kind of parameter (ids, as the engine passes them).
SAMPLE = {"trend": "ionization_energy", "cell": "Fe", "dest": "S", "family": "alkali_metals",
          "card": "table_salt", "cards": ("table_salt", "water"), "agenda": "A07",
          "agendas": ("A07", "A12"), "seat": 3, "seats": (2, 3), "n": 5, "cost": 2, "energy": 1,
          "type": "int", "text": "'s:zz>F'", "order": "ie+ar", "code": "'zz'",
          "codes": ("an", "ie"), "symbol": "'Xx'", "action": "s:ie>S", "why": "<why>",
          "name": "Ада"}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _english_words(*tables) -> set[str]:
    """Words of 4+ letters of the English source messages (what must not show in uk/de)."""
    words = set()
    for table in tables:
        for message in table.values():
            for text in (message if isinstance(message, tuple) else (message,)):
                text = re.sub(r"\{\w+\}", " ", text)
                words |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}
    # ids in the notation, and "Browser", which is German too
    return words - {"periodic", "engine", "actions", "rules", "card", "spaces", "browser"}


ENGLISH = _english_words(MESSAGES, PAGE, GAME_LOG)


def _english_in(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)} & ENGLISH


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_engine_message_renders_in_every_language(key):
    message = MESSAGES[key]
    source = message[0] if isinstance(message, tuple) else message
    params = {f: SAMPLE[f] for f in _fields(source)}
    counts = (1, 2, 5, 21) if key in COUNTS else (None,)
    for count in counts:
        if count is not None:
            params[COUNTS[key]] = count
        english = render(key, params, "en")
        assert "{" not in english and english == str(Reason(key, **params))
        for lang in ("uk", "de"):
            text = render(key, params, lang)
            assert "{" not in text and text != english, (key, lang, text)
            assert not _english_in(text), (key, lang, text, _english_in(text))
            if lang == "uk":
                assert CYRILLIC.search(text), text
            if "cell" in params:  # element names as the school writes them, with the symbol
                assert {"uk": "ферум (Fe)", "de": "Eisen (Fe)"}[lang] in text, text
            if "trend" in params:
                assert i18n.gettext("board", TREND_NAMES["ionization_energy"], lang) in text


def test_ukrainian_plural_forms_of_the_engine():
    forms = [render("take2_spot", {"trend": "atomic_radius", "n": n}, "uk") for n in (1, 2, 5, 21)]
    assert ["1 жетон енергії" in forms[0], "2 жетони енергії" in forms[1],
            "5 жетонів енергії" in forms[2], "21 жетон енергії" in forms[3]] == [True] * 4
    assert "«Збільшення атомного радіуса»" in forms[0]
    # a goal card by its compound, as the language names it
    salt = i18n.gettext("decks", "Table salt (sodium chloride)", "uk")
    assert salt != "Table salt (sodium chloride)"
    assert render("not_face_up", {"card": "table_salt"}, "uk") == f"{salt} — не відкрита карта цілі"


def test_english_stays_the_cli_contract():
    g = Game(players=2, seed=1)
    dealt = ", ".join(g.state.dealt[0])
    with pytest.raises(IllegalMoveError) as caught:
        g.play("end")
    assert str(caught.value) == (
        "player 1 cannot play 'end': first every player keeps one of the agenda cards dealt "
        f"to them (a:<id>; you were dealt {dealt})")
    assert caught.value.render("uk") == (
        "гравець 1 не може зіграти «end»: спершу кожен гравець залишає собі одну з розданих "
        f"йому карт наукових задач (a:<id>; тобі роздано: {dealt})")
    assert caught.value.render("de", ["Ada", "Bo"]).startswith("Ada (Spieler 1) kann „end“")
    assert caught.value.render("en", ["Ada", "Bo"]) == str(caught.value).replace(
        "player 1", "Ada (player 1)", 1)
    with pytest.raises(IllegalMoveError) as caught:
        g.play("s:zz>F")
    assert str(caught.value) == ("player 1 cannot play 's:zz>F': 's:zz>F': unknown trend code "
                                 "'zz' (one of an, ie, ar, mi, md)")
    assert "невідомий код властивості 'zz'" in caught.value.render("uk")


NOTATION = {"not_string": 7, "seat_only_gain": "s:ie>F/2", "spot_order": "e:ar+ie",
            "not_notation": "hello", "unknown_code": "s:zz>F", "not_a_cell": "s:ie>La"}


@pytest.mark.parametrize("key", sorted(NOTATION))
def test_every_notation_error_is_translated(key):
    with pytest.raises(NotationError) as caught:
        Action.parse(NOTATION[key])
    reason = caught.value.reason
    assert reason.key == key and str(caught.value) == str(reason)
    for lang in ("uk", "de"):
        text = reason.render(lang)
        assert text != str(reason) and "{" not in text and not _english_in(text), text


def _candidates(g: Game) -> list[str]:
    """Actions worth trying in this position, most of them illegal, of every kind."""
    st = g.state
    p = st.seat
    cell = st.flask[p]
    out = ["end", "d-", "a:ZZZ", "d:nope", "x>He", f"x>{cell}", f"m>{cell}"]
    out += [f"a:{a}" for a in (st.dealt[p] if st.dealt else ())]
    out += [f"d:{c}" for c in st.face if c]
    for t in TRENDS:
        ab = TREND_ABBR[t]
        dests = rules.REACH[cell][t]
        far = next(s for s in FAMILY_OF if s not in dests and s != cell)
        out.append(f"s:{ab}>{far}")
        if dests:
            d = dests[0]
            out += [f"s:{ab}>{d}", f"g:{ab}>{d}", f"f:{ab}>{d}", f"x>{d}", f"x>{dests[-1]}"]
            out += [f"g:{ab}>{d}/{k}" for k in range(1, st.n + 1)]
    out += [f"m>{s}" for s in {FAMILY_OF[s]: s for s in FAMILY_OF}.values()]
    for i, a in enumerate(TRENDS):
        for b in TRENDS[i:]:
            out.append(f"e:{TREND_ABBR[a]}+{TREND_ABBR[b]}" if a != b else f"e:{TREND_ABBR[a]}")
            out.append(f"e:{TREND_ABBR[a]}+{TREND_ABBR[a]}")
    return out


#: Branches of why_illegal that legal_actions makes unreachable (kept as a safety net): "end"
#: while a discovery waits is answered by the discovery branch first; "not legal now" follows
#: checks that already cover every refusal.
UNREACHABLE = {"decide_first", "not_now"}


def test_every_branch_of_why_illegal_is_reached_and_translated():
    source = inspect.getsource(rules.why_illegal)
    branches = set(re.findall(r'"(\w+)"', source)) & set(MESSAGES)
    assert len(branches) >= 30
    seen: dict[str, tuple] = {}
    for bot in ("greedy", "random"):
        for seed in range(3):
            g = Game(players=3, seed=seed, max_rounds=12)
            bots = [make_bot(bot, seed=seed + i) for i in range(3)]
            while True:
                for text in (["end"] if g.is_over else _candidates(g)):
                    reason = rules.why_illegal(g.state, Action.parse(text))
                    if reason is not None and reason.key not in seen:
                        seen[reason.key] = (bot, seed, len(g.history), text, reason)
                if g.is_over:
                    break
                g.play(bots[g.current_player].choose(g.observe(g.current_player)).action)
    missing = branches - UNREACHABLE - set(seen)
    assert not missing, f"never reached (bots greedy/random, seeds 0-2): {sorted(missing)}"
    for key, (bot, seed, index, text, reason) in seen.items():
        assert isinstance(reason, str) and str(reason) == render(key, reason.params, "en")
        for lang in ("uk", "de"):
            rendered = reason.render(lang)
            where = (bot, seed, index, text, lang, rendered)
            assert rendered != str(reason) and "{" not in rendered, where
            assert not _english_in(rendered), (where, _english_in(rendered))
        assert CYRILLIC.search(reason.render("uk")), (bot, seed, index, text)


# ---- the widget shows refusals in its language ---------------------------------------------
def _act(w: GameWidget, action) -> str:
    assert w.handle_message({"type": "act", "action": action}) is False
    return w.error


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_game_widget_refuses_in_its_language(lang):
    # the rule in words, never the seat number or the notation (issue 28)
    seat = {"uk": "гравець 1", "de": "Spieler 1"}[lang]
    w = GameWidget(players=["Ада", "Борис"], bots=[None, "greedy"], seed=3, lang=lang)
    texts = [_act(w, "end")]  # setup: an agenda card first
    w.handle_message({"type": "act", "action": w.view["legal_actions"][0]})
    w.run_bots()
    assert w.view["player"] == 0 and w.view["phase"] == "start"
    texts.append(_act(w, "end"))  # no paid activation yet
    here = w.game.state.flask[0]
    far = next(s for s in FAMILY_OF if s not in rules.REACH[here]["ionization_energy"]
               and s != here)
    texts.append(_act(w, f"s:ie>{far}"))
    texts.append(_act(w, "x>He"))  # no +3 Spaces tile
    texts.append(_act(w, "s:zz>F"))  # not notation
    for text in texts:
        assert seat not in text and "Ада" not in text and ">" not in text, text
        assert "{" not in text and not _english_in(text), (text, _english_in(text))
    # text that is not notation: plain words, not the engine's examples of notation
    assert texts[4] == i18n.gettext("widgets", "this move is not possible now", lang)
    name = element_name(far, lang)
    assert f"{i18n.in_sentence(name, lang)} ({far})" in texts[2]
    assert f"{i18n.in_sentence(element_name(here, lang), lang)} ({here})" in texts[2]
    assert i18n.gettext("board", TREND_NAMES["ionization_energy"], lang) in texts[2]
    if lang == "uk":
        assert all(CYRILLIC.search(t) for t in texts)
        assert "платну активацію" in texts[1]


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_game_widget_guard_messages_in_its_language(lang):
    w = GameWidget(players=["Ада", "Борис"], bots=["greedy", None], seed=4, lang=lang)
    assert w.bot_pending
    text = _act(w, "end")
    assert "Ада" in text and not _english_in(text), text
    assert i18n.gettext("widgets", "greedy", lang) in text  # the bot kind in words
    assert w.handle_message({"type": "resume"}) is False
    assert not _english_in(w.error) and w.error != PAGE["save_gone"], w.error
    assert w.undo_note and not _english_in(w.undo_note), w.undo_note
    w.set_state({"view": {}})
    assert w.error.startswith("'view'") and not _english_in(w.error), w.error
    w.run_bots()
    assert GameWidget(players=2, seed=1, lang=lang).seats[0]["name"] == \
        i18n.gettext("widgets", "Player {n}", lang).format(n=1)


def test_english_widget_words_are_unchanged():
    w = GameWidget(players=["Ada", "Grace"], bots=[None, "greedy"], seed=11)
    assert w.undo_note == "nothing to undo: no person has played an action yet"
    # what to do first, in the prompt's words: no seat number, no notation (issue 28)
    assert _act(w, "end") == "Keep one agenda card: it scores at the end and stays secret."


# ---- the game log ---------------------------------------------------------------------------
def test_log_sentences_take_real_ukrainian_plurals():
    say = _Log("uk")
    lab = [say.about("Ада", "lab", n, n=n) for n in (1, 2, 5, 21)]
    assert [s.split(" за ")[0] for s in lab] == [
        "Ада отримує 1 лабораторний бал", "Ада отримує 2 лабораторні бали",
        "Ада отримує 5 лабораторних балів", "Ада отримує 21 лабораторний бал"]
    you = say.about("Ти", "completed", 21, card="Вода (H2O)", n=21)
    assert you == "Ти завершуєш карту цілі Вода (H2O) і отримуєш 21 бал"
    micro = [say.about("Ада", "microscope", after, group="Галогени", before=0, after=after)
             for after in (2, 7, 23)]
    assert [m.rsplit(" ", 2)[-2:] for m in micro] == [["2", "бали"], ["7", "балів"],
                                                       ["23", "бали"]]
    assert _Log("de").about("Du", "lab", 1, n=1).startswith("Du bekommst 1 Laborpunkt ")
    assert _Log("en").about("You", "microscope", 2, group="halogens", before=0, after=2) == \
        "Your microscope moved on to the halogens: Academic Achievement 0 → 2 points"


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_a_whole_game_log_is_in_the_language(lang):
    w = GameWidget(players=3, bots=["greedy", "greedy", "random"], seed=7, lang=lang,
                   max_rounds=10)
    w.run_bots()
    assert w.game.is_over
    events = [e for entry in w.log_entries for e in entry["events"]]
    assert len(events) >= 3, events
    for event in events:
        assert not _english_in(event), (event, _english_in(event))
        assert "{" not in event
    assert events[-1] == {"uk": "гру закінчено: досягнуто ліміту раундів",
                          "de": "das Spiel ist vorbei: die Rundenzahl ist erreicht"}[lang] \
        or events[-1].startswith({"uk": "гру закінчено", "de": "das Spiel ist vorbei"}[lang])


# ---- the explorer, the chart, the card ------------------------------------------------------
def test_explorer_directions_and_checks_in_the_language():
    uk = {t["id"]: t for t in TrendExplorer(lang="uk").trend_info}
    assert uk["ionization_energy"]["directions"] == "вгору і вправо"
    assert uk["ionization_energy"]["arrows"] == ["up", "right"]
    assert uk["atomic_number"]["arrows"] == []
    explorer = TrendExplorer(lang="de")
    explorer.set_state({"symbol": "La"})
    assert "ist nicht auf dem Spielbrett" in explorer.error and explorer.symbol == "Na"
    explorer.set_state({"steps": 99})
    assert explorer.error == "steps: muss eine ganze Zahl von 1 bis 8 sein, nicht 99"
    card = ElementCard("Fe", lang="uk")
    card.set_state({"symbol": "Qq"})
    assert card.error.startswith("symbol: невідомий елемент") and card.symbol == "Fe"


def test_trend_chart_in_the_language():
    chart = TrendChart("ionization_energy_ev", period=2, lang="uk")
    series = chart.series
    assert series["title"] == "Перша енергія іонізації уздовж періоду 2"
    assert series["desc"].startswith("8 елементів, з даними: 8. Проти стрілки гри: ")
    assert [p["name"] for p in series["points"]][:2] == ["Літій", "Берилій"]
    assert dict(chart.choices)["atomic_mass"] == i18n.gettext("widgets", "Atomic mass", "uk")
    chart.set_state({"along": "diagonal"})
    assert chart.error.startswith("along: along має бути") and chart.along == "period"
    chart.lang = "de"
    assert chart.series["title"].endswith("entlang Periode 2") and "Lithium" in [
        p["name"] for p in chart.series["points"]]
    english = TrendChart("ionization_energy_ev", period=2).series
    assert english["title"] == "First ionization energy across period 2"
    assert english["desc"].startswith("8 elements, 8 with data. Against the game's arrow: ")
