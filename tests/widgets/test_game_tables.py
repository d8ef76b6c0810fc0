"""Both game widgets as views over one Table, driven by the messages their pages send: undo
never reveals (Elemonster too, in en/uk/de), a reload resumes, and a second tab that resumes the
same save takes the game over while the first is told it continues there."""
from __future__ import annotations

import pytest

from periodic_edu.engine.bots import make_bot as periodic_bot
from periodic_edu.elemonster.bots import make_bot as elemonster_bot
from periodic_edu.widgets import ElemonsterWidget, GameWidget
from periodic_edu.widgets._elemonster_payload import TEXT, elemonster_strings
from periodic_edu.widgets.save_store import SaveStore
from widget_helpers import custom, page_turn

SEEDS = [3, 918273645, 2 ** 90 + 1]




def elemonster_tab(store=None, seed=None, lang="en") -> ElemonsterWidget:
    return ElemonsterWidget(["You", "Greedy bot"], seed=seed, bot_delay=0, save_store=store,
                            lang=lang)


def periodic_tab(store=None, seed=None) -> GameWidget:
    return GameWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=seed, max_rounds=30,
                      bot_delay=0, save_store=store)


def reached(w, me, done, limit=3000) -> bool:
    """Play the person's turns (and the bots') until ``done()``: False when the game ended or
    ``limit`` turns passed first. A failing assertion inside a turn is a failure, never a
    "not yet"."""
    for _ in range(limit):
        if done():
            return True
        if w.game.is_over:
            return False
        page_turn(w, me)
    return False


def play_until(w, me, done, limit=3000) -> None:
    assert reached(w, me, done, limit), "the game ended or ran out of turns before that"


def person_drew_cards(w) -> bool:
    """The person's last action itself drew cards from the pile (a crown's extra draw, a heart
    refill, an exchange...)."""
    mine = [e["i"] for e in w.table.entries if e["bot"] is None]
    return bool(mine) and "cards_drawn" in w.game.revealed_by(mine[-1])


def drawing_game(lang="en", store=None) -> ElemonsterWidget:
    for seed in range(1, 200):
        w = elemonster_tab(store, seed, lang)
        me = elemonster_bot("greedy", seed=1)
        if reached(w, me, lambda: person_drew_cards(w) and not w.bot_pending, limit=400):
            return w
    raise AssertionError("no person's action drew cards in 200 seeded games")


def test_elemonster_undo_after_a_person_drew_cards_is_refused_with_the_reason_in_three_languages():
    said = {}
    for lang in ("en", "uk", "de"):
        w = drawing_game(lang)
        before = (w.game.to_json(), w.game_log)
        assert not w.can_undo and w.undo_note
        custom(w, {"type": "undo", "rev": w.revision})
        assert w.error == w.undo_note and w.refusals == 1
        assert (w.game.to_json(), w.game_log) == before  # nothing taken back, nothing revealed
        said[lang] = w.undo_note
    assert said["en"] == ("Undo is off: since your last action, cards were drawn from the pile; "
                          "undo never takes back what the table has seen")
    assert "cards were drawn" not in said["uk"] and "cards were drawn" not in said["de"]
    assert "Stapel" in said["de"] or "Nachziehstapel" in said["de"], said["de"]
    assert len(set(said.values())) == 3
    print(said)


def test_elemonster_undo_of_an_action_that_revealed_nothing_goes_back():
    for seed in range(1, 100):
        w = elemonster_tab(seed=seed)
        me = elemonster_bot("greedy", seed=1)
        for _ in range(300):
            if w.game.is_over:
                break
            if w.can_undo:
                before = w.table.undo_target()[0]
                custom(w, {"type": "undo", "rev": w.revision})
                assert w.error == "" and len(w.game.history) == before
                return
            page_turn(w, me)
    raise AssertionError("Undo was never on")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_elemonster_reload_offers_and_resumes_the_game(tmp_path, lang):
    store = SaveStore(tmp_path)
    a = elemonster_tab(store, seed=SEEDS[1], lang=lang)
    me = elemonster_bot("greedy", seed=1)
    for _ in range(6):
        page_turn(a, me)
    while a.bot_pending:
        page_turn(a, me)
    assert a.resume_token and a.in_progress
    # the reloaded page: a fresh widget (a fresh game) says hello with the token it kept
    b = elemonster_tab(store, lang=lang)
    custom(b, {"type": "hello", "token": a.resume_token})
    offer = b.resume_offer["text"]
    assert offer.startswith({"en": "Resume your game (turn", "de": "Dein Spiel fortsetzen"}[lang])
    custom(b, {"type": "resume", "rev": b.revision})
    assert b.error == "" and b.resume_offer == {}
    assert b.game.to_json() == a.game.to_json() and b.resume_token == a.resume_token
    assert b.game_log == a.game_log and b.view == a.view and b.choices == a.choices
    # a damaged token from the page is refused, not taken up
    custom(b, {"type": "hello", "token": "../../etc/passwd"})
    assert "token" in b.error


@pytest.mark.parametrize("make, bot", [(elemonster_tab, elemonster_bot),
                                       (periodic_tab, periodic_bot)], ids=["elemonster", "periodic"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_second_tab_takes_the_save_and_no_fork_undoes_a_reveal(tmp_path, make, bot, seed):
    """The issue's reproduction with the page's messages: tab A plays past a reveal, tab B
    resumes the same token and must not undo past it; tab A is then told the game continues
    in another tab and refuses moves and undo."""
    store = SaveStore(tmp_path)
    a = make(store, seed)
    me = bot("greedy", seed=1)

    def revealed_since_person():
        people = [e["i"] for e in a.table.entries if e["bot"] is None]
        reveal = a.game.last_reveal()
        return bool(people) and reveal is not None and reveal[0] >= people[-1] and \
            not a.bot_pending
    play_until(a, me, revealed_since_person)
    assert not a.can_undo
    b = make(store)
    custom(b, {"type": "hello", "token": a.resume_token})
    assert b.resume_offer
    custom(b, {"type": "resume", "rev": b.revision})
    assert b.error == "" and b.game.to_json() == a.game.to_json()
    # B may not take the revealed cards back
    assert not b.can_undo and b.undo_note.startswith("Undo is off")
    saved = b.game.to_json()
    custom(b, {"type": "undo", "rev": b.revision})
    assert b.error == b.undo_note and b.game.to_json() == saved
    # A's next move and its undo are refused: the game continues in B's tab
    seen = a.game.to_json()
    g = a.game
    custom(a, {"type": "act", "action": str(me.choose(g.observe(g.current_player)).action),
               "rev": a.revision})
    assert a.error.startswith("this game continues in another tab"), a.error
    assert a.game.to_json() == seen and a.moved_away and not a.bot_pending
    assert a.view.get("legal_actions") == [] and not a.can_undo
    custom(a, {"type": "undo", "rev": a.revision})
    assert a.error.startswith("this game continues in another tab") and a.game.to_json() == seen
    # B plays on and its save follows it
    page_turn(b, me)
    assert store.get(b.resume_token)["generation"] == 2
    # A may start afresh: a new game of its own (its own token on its first save)
    custom(a, {"type": "new_game", "rev": a.revision})
    assert a.error == "" and not a.moved_away and a.resume_token == ""


def test_elemonster_game_over_says_why_and_which_buttons():
    w = elemonster_tab(seed=SEEDS[0])
    me = elemonster_bot("greedy", seed=1)
    play_until(w, me, lambda: w.game.is_over, limit=5000)
    assert w.final["ended_by"] == "deck"
    assert w.final["why"].startswith("The game ended: the draw pile was used up")
    assert not w.bot_pending and w.choices == {}
    w.lang = "de"
    assert w.final["why"] != "" and "ended" not in w.final["why"]


def test_elemonster_advanced_variant_and_how_to_play_words():
    w = ElemonsterWidget(["You", "Greedy bot"], variant="advanced", seed=4)
    assert w.variant == "advanced" and w.view["hand_sizes"][0] == 8  # 7 dealt + the first draw
    en, uk, de = (elemonster_strings(lang)["text"] for lang in ("en", "uk", "de"))
    for key in ("help", "help_goal", "help_turn", "help_duel", "help_bonds", "help_end",
                "help_variants", "ended_deck", "saved_question"):
        assert key in TEXT
        assert len({en[key], uk[key], de[key]}) == 3, key  # translated, not English again
    assert "antiquity" in en["help_duel"]
    assert "Duell" in de["help_duel"] and "Verbindung" in de["help_bonds"]


def test_a_new_game_in_the_other_variant_from_the_page():
    w = elemonster_tab(seed=4)
    assert w.variant == "beginner"
    custom(w, {"type": "new_game", "variant": "advanced", "rev": w.revision})
    assert w.error == "" and w.variant == "advanced" and w.game.variant == "advanced"
    assert w.view["hand_sizes"][0] == 8
    custom(w, {"type": "new_game", "rev": w.revision})  # the choice stays for the next one
    assert w.game.variant == "advanced"
    before = w.game.to_json()
    for bad in ("expert", "ADVANCED", 3, "x" * 40):
        custom(w, {"type": "new_game", "variant": bad, "rev": w.revision})
        assert w.error and w.game.to_json() == before, bad
    p = periodic_tab(seed=4)
    before = p.game.to_json()
    custom(p, {"type": "new_game", "variant": "advanced", "rev": p.revision})
    assert "no variants" in p.error and p.game.to_json() == before
