"""GameWidget's undo never reveals (issue 9): it stops at an action that turned a hidden card or
tile face up, says why (``undo_note``, the Undo button's title), and the engine's own
``Game.undo()`` still goes back anywhere."""
from __future__ import annotations

import pytest

from periodic_edu.engine.bots import make_bot
from periodic_edu.widgets import GameWidget
from widget_helpers import custom, page_turn




SEEDS = [918273645, 7, 2 ** 90 + 1]


def play_until_a_reveal_after_a_person(w: GameWidget) -> None:
    """A greedy 'person' (through messages) against a greedy bot, until an action at or after
    the person's last one has turned something face up."""
    me = make_bot("greedy", 1)
    while True:
        g = w.game
        humans = [e["i"] for e in w.log_entries if e["bot"] is None]
        reveal = g.last_reveal()
        if humans and reveal is not None and reveal[0] >= humans[-1]:
            return
        assert not g.is_over
        if w.bot_pending:
            custom(w, {"type": "step_bot", "rev": w.revision})
        else:
            action = me.choose(g.observe(g.current_player)).action
            custom(w, {"type": "act", "action": str(action), "rev": w.revision})
        assert w.error == ""


@pytest.mark.parametrize("seed", SEEDS)
def test_undo_is_refused_past_a_reveal_and_says_why(seed):
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=seed, max_rounds=30,
                   bot_delay=0)
    play_until_a_reveal_after_a_person(w)
    assert not w.can_undo
    assert w.undo_note.startswith("Undo is off: since your last action, ")
    assert "face up" in w.undo_note or "award tile" in w.undo_note or "ended" in w.undo_note
    saved, log = w.game.to_json(), list(w.log_entries)
    custom(w, {"type": "undo", "rev": w.revision})
    assert w.error == w.undo_note and w.refusals >= 1
    assert w.game.to_json() == saved and w.log_entries == log  # nothing taken back
    with pytest.raises(ValueError, match="undo never takes back what the table has seen"):
        w.undo()
    # the engine itself still undoes, for analysis
    analysis = w.game.copy()
    analysis.undo()
    print(f"seed {seed}: blocked after {len(w.game.history)} actions: {w.undo_note}")


def test_undo_works_again_for_an_action_after_the_reveal():
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=SEEDS[0], max_rounds=30,
                   bot_delay=0)
    play_until_a_reveal_after_a_person(w)
    me = make_bot("greedy", 1)
    # play on until a person's action that reveals nothing follows the reveal
    while True:
        g = w.game
        if w.bot_pending:
            custom(w, {"type": "step_bot", "rev": w.revision})
            continue
        before = w.game.to_json()
        custom(w, {"type": "act", "action": str(me.choose(g.observe(g.current_player)).action),
                   "rev": w.revision})
        if not g.revealed_by(len(g.history) - 1):
            break
    assert w.can_undo and w.undo_note == ""
    custom(w, {"type": "undo", "rev": w.revision})
    assert w.error == "" and w.game.to_json() == before


def test_game_over_blocks_undo():
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=SEEDS[1], max_rounds=2,
                   bot_delay=0)
    me = make_bot("greedy", 1)
    while not w.game.is_over:
        page_turn(w, me)
    assert not w.can_undo and "every agenda card was shown" in w.undo_note
