"""ElemonsterWidget without a browser: intents, refusals, hidden information, whole games.

The browser's side is simulated by calling ``handle_message`` (what a ``model.send`` becomes)
and ``set_state`` (what a trait write becomes), exactly as ipywidgets delivers them.
"""
from __future__ import annotations

import json
import random
import re

import pytest

from periodic_edu.chemistry import element
from periodic_edu.elemonster import Action, check_bond
from periodic_edu.elemonster.deck import is_multiplier
from periodic_edu.widgets import ElementCard, ElemonsterWidget
from periodic_edu.widgets.elemonster_widget import shell_rule

SEEDS = [1, 2, 3, 7, 11, 19]
STATIC = json.loads(json.dumps(ElemonsterWidget(players=2, seed=0).static))
#: The rule book page (docs/elemonster.md): the same in every game, it names elements
RULES_PAGE = ElemonsterWidget(players=2, seed=0).rules_page


def synced(w) -> dict:
    """Every synced trait as the browser receives it (JSON)."""
    return {name: json.loads(json.dumps(getattr(w, name), default=str))
            for name in w.trait_names(sync=True) if name not in ("_esm", "_css")}


def strings_in(value, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            strings_in(v, out)
    elif isinstance(value, list):
        for v in value:
            strings_in(v, out)
    return out


def text_tokens(strings: set[str]) -> set[str]:
    return {t for s in strings for t in re.findall(r"[A-Za-z]+", s)}


def seen_by(w, viewer: int) -> set[str]:
    """The cards `viewer` may know about now: its hand and everything on the table."""
    st = w.game.state
    seen = set(st.hands[viewer]) | set(st.discard)
    for bonds in st.bonds:
        for b in bonds:
            seen |= {b.a, b.b}
    if st.duel is not None:
        seen |= ({st.duel.card} if st.duel.card_on_table else set()) | set(st.duel.parries)
        if st.duel.demand:
            seen.add(st.duel.demand)
        if st.duel.swap_card and st.duel.defender == viewer:
            seen.add(st.duel.swap_card)
    if st.declared:
        seen.add(st.declared[1])
    return seen


def check_nothing_hidden(w, ever_seen: set[str], seed: int) -> None:
    """No element card the person has never seen (in other hands or the pile) appears in any
    synced trait: not as a value, not as a key, not by name or symbol in a sentence."""
    viewer = w.viewer
    st = w.game.state
    ever_seen |= seen_by(w, viewer)
    if w.game.history:  # a card shown on the table by the last action (a parry taken back)
        last = Action.parse(w.game.history[-1])
        if last.kind in ("attack", "parry", "special", "discard", "bond") and last.card:
            ever_seen.add(last.card)
        if last.dissolve:  # the corrosive card is shown, then goes home
            ever_seen.add(last.dissolve[1])
    hidden = set(st.pile) | {c for s in range(st.n) if s != viewer for c in st.hands[s]}
    hidden = {c for c in hidden - ever_seen if not is_multiplier(c)}
    data = synced(w)
    # the words and citations (`static`) are constants of the widget, the same in every game
    # (a citation may mention "Co" in "Co as part of vitamin B12"): checked apart
    assert data.pop("static") == STATIC
    assert data.pop("rules_page") == RULES_PAGE  # the rule book, a constant: checked apart
    values = strings_in(data, set())
    tokens = text_tokens(values)
    for c in hidden:
        assert c not in values, f"seed {seed}: hidden card {c} synced as a value"
        assert element(c).name not in tokens, f"seed {seed}: hidden card {c} named in a text"
        if len(c) == 2:
            assert c not in tokens, f"seed {seed}: hidden card {c} in a text"
    assert data["view"]["hand"] == list(st.hands[viewer])
    assert data["view"]["hand_sizes"] == [len(h) for h in st.hands]
    assert "pile" not in data["view"] and "seed" not in json.dumps(data["view"])
    assert set(data["cards"]) <= ever_seen | {c for c in data["cards"] if is_multiplier(c)}


def person_move(w, rng: random.Random) -> str:
    """A person's choice as the browser would send it: one of the offered buttons."""
    legal = w.view["legal_actions"]
    offered = ([a["action"] for a in w.choices["attacks"]] + [b["action"] for b in w.choices["bonds"]]
               + [o["action"] for o in w.choices["other"]]
               + [d["action"] for d in w.choices["discards"]])
    assert sorted(offered) == sorted(legal)  # every legal action has a button, nothing else
    return rng.choice(legal)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players,variant", [(2, "beginner"), (3, "advanced")])
def test_whole_games_by_messages_sync_nothing_hidden(seed, players, variant):
    w = ElemonsterWidget(players=players, variant=variant, seed=seed, bots=None)
    rng = random.Random(seed)
    ever_seen: set[str] = set()
    steps = 0
    while not w.game.is_over:
        check_nothing_hidden(w, ever_seen, seed)
        rev = w.revision
        if w.bot_pending:
            assert w.handle_message({"type": "step_bot", "rev": rev}), (seed, w.error)
        else:
            action = person_move(w, rng)
            assert w.handle_message({"type": "act", "action": action, "rev": rev}), (seed, w.error)
        assert w.revision > rev
        steps += 1
        assert steps < 5000, f"seed {seed}: the game does not end"
    check_nothing_hidden(w, ever_seen, seed)
    assert w.final["scores"] and w.final["winners"]
    assert w.choices == {} and not w.bot_pending
    assert w.log_total == len(w.game.history)


def test_hidden_gives_between_two_others_say_only_a_card():
    for seed in range(40):
        w = ElemonsterWidget(players=3, seed=seed, bots=None)
        w.run_bots()
        while not w.game.is_over:
            if w.bot_pending:
                w.run_bots()
            else:
                w.play(w.view["legal_actions"][-1])
        # what the table said to the two who saw the card, and what the person's log says
        private = [(e, words) for e, words in zip(w.table.entries, w.table._told_in("en"))
                   if words.get("may_see") is not None and 0 not in words["may_see"]]
        if private:
            shown = {e["i"]: e for e in w.game_log}
            for e, words in private:
                if e["i"] in shown:
                    assert shown[e["i"]]["action"] is None
                    assert "a card" in shown[e["i"]]["text"]
                    assert words["text"] != shown[e["i"]]["text"]
            return
    pytest.fail("no bot gave a card to another bot in 40 seeded 3-player games")


def test_refusals_change_nothing_and_say_why():
    w = ElemonsterWidget(players=["You", "Bot"], bots={1: "random"}, seed=4)
    before = (w.game.history, w.view, w.revision)
    cases = [
        # the rule in words, no seat number and no notation (issue 28)
        ({"type": "act", "action": "B:ion:Fe+Cl"}, "Fe gives 2 electrons but Cl fills 1 gap"),
        ({"type": "act", "action": "nonsense"}, "This move is not possible now."),
        ({"type": "act"}, "needs the key 'action'"),
        ({"type": "act", "action": "x" * 500}, "at most 80"),
        ("text", "must be an object"),
        ({"type": "eval", "code": "1"}, "unknown message type"),
        ({"type": "step_bot", "rev": w.revision}, "not a bot's"),
        ({"type": "undo"}, "nothing to undo"),
        ({"type": "resume"}, "no longer there"),  # nothing was offered: no save to take up
    ]
    for n, (message, why) in enumerate(cases, 1):
        assert w.handle_message(message) is False
        assert why in w.error, (message, w.error)
        assert w.refusals == n
        assert (w.game.history, w.view, w.revision) == before
    # a stale click (an older revision) is ignored, not played
    legal = w.view["legal_actions"][-1]
    assert w.handle_message({"type": "act", "action": legal, "rev": w.revision - 1}) is False
    assert w.game.history == []
    # the game goes on after refusals
    assert w.handle_message({"type": "act", "action": legal, "rev": w.revision})
    assert w.error == "" and len(w.game.history) == 1


def test_every_synced_trait_is_read_only_for_the_browser():
    w = ElemonsterWidget(players=2, seed=3)
    for name in ("view", "cards", "choices", "pairs", "game_log", "bot_pending", "revision",
                 "viewer", "final", "error", "static", "seats", "paused"):
        old = getattr(w, name)
        w.set_state({name: {"hand": ["Au"]} if isinstance(old, dict) else 7})
        assert getattr(w, name) == old or name == "error", name
        assert "read-only" in w.error, name


def test_bots_are_paced_by_step_bot_and_pause():
    w = ElemonsterWidget(players=2, seed=9, bot_delay=0)
    w.handle_message({"type": "act", "action": w.view["legal_actions"][-1], "rev": w.revision})
    assert w.bot_pending and w.bot_delay_ms == 0
    assert w.handle_message({"type": "pause", "paused": True}) and w.paused
    n = len(w.game.history)
    assert w.handle_message({"type": "step_bot", "rev": w.revision})
    assert len(w.game.history) == n + 1
    assert w.handle_message({"type": "step_bot", "rev": w.revision - 1}) is False  # stale tick
    w.run_bots()
    assert not w.bot_pending or w.game.is_over
    # the bot drew a card after the person's action: undo would put it back on the pile
    history = list(w.game.history)
    assert not w.can_undo and "cards were drawn from the pile" in w.undo_note
    assert w.handle_message({"type": "undo", "rev": w.revision}) is False
    assert w.game.history == history and w.error == w.undo_note


def test_duel_choices_show_both_values_and_bonds_their_shell_rule():
    w = ElemonsterWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=1)
    # find a position where the person must answer an attack
    rng = random.Random(1)
    for _ in range(3000):
        if w.game.is_over:
            w.new_game()
        if w.bot_pending:
            w.step_bot()
            continue
        if w.choices["prompt"] in ("parry", "second"):
            break
        w.play(rng.choice(w.view["legal_actions"]))
    else:
        pytest.fail("the bot never attacked")
    answer = w.choices["answer"]
    duel = w.game.state.duel
    attack_card = duel.card
    assert answer["card"] == attack_card
    for row in answer["rows"]:
        # "en" (attack) is answered with "ie" (defence): the compared values side by side
        named = ["ie" if v == "en" else v for v in duel.values]
        assert answer["answer_labels"][0].startswith(
            "defence" if named[0] == "ie" else "")
        assert row["beats"] == w.game.is_legal(f"P:{row['card']}")
    w2 = ElemonsterWidget(players=2, seed=2, variant="advanced")
    bonds = [b for b in w2.choices["bonds"]]
    for b in bonds:
        assert b["rule"] and b["breakdown"] and str(b["points"]) in b["label"]


def test_shell_rule_words_and_workbench_use_check_bond():
    assert shell_rule("ions", "Ca", 1, "Cl", 2) == "Ca gives 2 electrons; each Cl has 1 gap: ×2"
    assert shell_rule("ions", "Al", 2, "O", 3) == "2×Al give 6 electrons; 3×O fill 6 gaps"
    assert shell_rule("alloy", "Ag", 1, "Cu", 1).startswith("Ag and Cu both have 1 outer")
    w = ElemonsterWidget(players=2, seed=6)
    for pair in w.pairs:
        for v in pair["verdicts"]:
            if v["ok"]:
                assert v["points"] == check_bond(v["category"], v["formula"])
            else:
                with pytest.raises(ValueError) as err:
                    check_bond(v["category"], v["formula"])
                assert str(err.value) == v["text"]


def test_constructor_errors_are_clear():
    with pytest.raises(ValueError, match="2 to 5 players"):
        ElemonsterWidget(players=6)
    with pytest.raises(ValueError, match="unknown Elemonster bot 'search'"):
        ElemonsterWidget(players=2, bots={1: "search"})
    with pytest.raises(ValueError, match="at least one seat must be a person"):
        ElemonsterWidget(players=2, bots=["greedy", "greedy"])
    with pytest.raises(ValueError, match="variant"):
        ElemonsterWidget(players=2, variant="expert")


def test_the_elemonster_card_style():
    card = ElementCard("Fe", style="elemonster")
    d = card.elemonster
    assert (d["attack"], d["defence"], d["outer"], d["gaps"]) == (1.83, 1.58, 2, 6)
    assert "magnetic" in d["symbol_labels"]
    sources = card.elemonster_text["sources"]
    for field in ("attack", "defence", "mass", "body", "flame_colour", "native"):
        assert sources[field]["source"] and sources[field]["citation"], field
    card.symbol = "Cu"
    assert card.elemonster["symbol"] == "Cu" and card.elemonster["symbols"]["crown"] == 1
    with pytest.raises(ValueError, match="style"):
        ElementCard("Fe", style="fancy")
    card.set_state({"card_style": "classic"})
    assert card.card_style == "elemonster" and "read-only" in card.error
    # ipywidgets' DOM views read a trait called "style" as a Style model: never sync one
    assert "style" not in card.get_state()


def test_random_games_draw_128_bit_seeds():
    """A game without a seed, and New game, draw from secrets (128 bits), never a small seed
    space a student could search from the opening (issue 9)."""
    w = ElemonsterWidget(["You", "Bot"])
    first = w.game.seed
    w.new_game()
    # each is below 2**31 with probability 2**-97: a failure means a small seed space is back
    assert first.bit_length() > 64 and w.game.seed.bit_length() > 64
    assert first != w.game.seed
