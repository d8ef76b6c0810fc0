"""The engine knows which actions turned hidden information face up (Game.revealed_by,
Game.last_reveal): what the widget's undo stops at (issue 9, "undo never reveals")."""
import random

import pytest

from periodic_edu.engine.bots import make_bot
from periodic_edu.engine import Game


def visible(game: Game) -> set:
    """Every hidden-able thing any player's view shows: goal cards, award tiles, agendas."""
    st = game.state
    seen = {("card", c) for c in st.face if c is not None}
    seen |= {("card", c) for won in st.won for c in won}
    seen |= {("tiles", q, st.tiles[q]) for q in range(st.n)}  # a drawn tile shows its face
    seen |= {("used", st.used_tiles)}
    if game.is_over:
        seen |= {("agendas", tuple(row["agenda_id"] for row in game.scores()))}
    return seen


@pytest.mark.parametrize("seed", [3, 17, 2 ** 100 + 5])
def test_every_action_that_shows_something_new_is_flagged_and_no_other(seed):
    g = Game(players=3, seed=seed, max_rounds=25)
    bots = [make_bot("greedy", seed + i) for i in range(3)]
    flagged = 0
    while not g.is_over:
        before_cards = {c for c in g.state.face if c is not None} | {
            c for won in g.state.won for c in won}
        before_tiles = sum(len(t) for t in g.state.tiles) + len(g.state.used_tiles)
        g.play(bots[g.current_player].choose(g.observe(g.current_player)).action)
        what = g.revealed_by(len(g.history) - 1)
        after_cards = {c for c in g.state.face if c is not None} | {
            c for won in g.state.won for c in won}
        new_card = bool(after_cards - before_cards)
        new_tile = sum(len(t) for t in g.state.tiles) + len(g.state.used_tiles) > before_tiles
        assert ("goal_card" in what) == new_card, (seed, g.history[-1], what)
        assert ("award_tile" in what) == new_tile, (seed, g.history[-1], what)
        flagged += bool(what)
    assert g.revealed_by(len(g.history) - 1) and "agendas" in g.revealed_by(len(g.history) - 1)
    assert g.last_reveal()[0] == len(g.history) - 1
    print(f"seed {seed}: {len(g.history)} actions, {flagged} revealed something")
    assert flagged >= 2


def test_undo_forgets_reveals_and_copy_keeps_them():
    g = Game(players=2, seed=5, max_rounds=30)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while g.last_reveal() is None or g.last_reveal()[1].startswith("the game ended"):
        g.play(bots[g.current_player].choose(g.observe(g.current_player)).action)
    index, text = g.last_reveal()
    assert text in ("a goal card was turned face up", "an award tile was drawn",
                    "a goal card was turned face up and an award tile was drawn")
    assert g.copy().last_reveal() == (index, text)
    while len(g.history) > index:
        g.undo()  # the engine's own undo goes anywhere (analysis)
    assert g.last_reveal() is None or g.last_reveal()[0] < index


def test_reveal_bookkeeping_survives_random_play_and_undo():
    rnd = random.Random(99)
    g = Game(players=2, seed=99, max_rounds=20)
    for _ in range(400):
        if g.is_over or (g.history and rnd.random() < 0.2):
            g.undo()
            continue
        g.play(rnd.choice(g.legal_actions()))
    again = Game(players=2, seed=99, max_rounds=20)
    again.play_many(g.history)
    assert [g.revealed_by(i) for i in range(len(g.history))] == [
        again.revealed_by(i) for i in range(len(again.history))]
