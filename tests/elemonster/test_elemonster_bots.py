"""Elemonster bots read only their seat's view and explain each action in one sentence."""
import random

import pytest

from periodic_edu.elemonster import Game
from periodic_edu.elemonster.bots import (SENTENCES, make_bot, parse_bot_list, play_out,
                                          describe)
from elemonster_helpers import hidden_permuted
from test_elemonster_rules import rig


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_a_bot_decides_the_same_whatever_it_cannot_see(name):
    seed = 21
    game = Game(players=3, variant="advanced", seed=seed)
    shuffle = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 300:
        seat = game.current_player
        decision = make_bot(name, steps).choose(game.observe(seat))
        for _ in range(2):
            other = hidden_permuted(game, seat, shuffle)
            again = make_bot(name, steps).choose(other.observe(seat))
            assert (again.action, again.why) == (decision.action, decision.why), (
                f"seed {seed} step {steps}: the {name} bot read hidden cards")
        game.play(decision.action)
        steps += 1


@pytest.mark.parametrize("players,variant", [(2, "beginner"), (4, "advanced")])
def test_every_action_is_explained_in_one_sentence(players, variant):
    game = Game(players=players, variant=variant, seed=8)
    log = []
    play_out(game, [make_bot("greedy" if i % 2 else "random", i) for i in range(players)], log)
    assert game.is_over and log
    for seat, action, why in log:
        assert why and why[0].isupper() and why.endswith(".") and why.count(". ") == 0, why


def test_the_bond_sentence_speaks_chemistry():
    g = rig([["Ca", "Cl", "x2"], ["He"]], variant="advanced")
    action = next(a for a in g.legal_actions() if a.text == "B:ion:Ca+2*Cl")
    assert describe(g.observe(0), action) == (
        "Ca gives its 2 outer electrons to two Cl, each missing 1: CaCl2, 7 points.")
    g2 = rig([["Na", "Cl"], ["Li"]])
    attack = next(a for a in g2.legal_actions() if a.text == "A:Na:en>2")
    assert "electronegativity 0.93" in describe(g2.observe(0), attack)
    assert "ionization energy" in describe(g2.observe(0), attack)


def test_greedy_beats_random():
    wins = 0
    for seed in range(10):
        g = Game(players=2, seed=seed, variant=("beginner", "advanced")[seed % 2])
        play_out(g, [make_bot("greedy", seed), make_bot("random", seed)])
        wins += g.winners() == [0]
    assert wins >= 8, f"greedy won {wins} of 10"


def test_bot_names_are_checked():
    assert parse_bot_list("greedy,random", 3) == ["greedy", "random", "greedy"]
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        parse_bot_list("clever", 2)
    with pytest.raises(ValueError, match="3 bots named for 2 players"):
        parse_bot_list("random,random,greedy", 2)


def test_sentences_live_in_one_table():
    import inspect
    import periodic_edu.elemonster.bots as bots
    source = inspect.getsource(bots.describe)
    assert "SENTENCES[" in source and '"Attacks' not in source
    assert all((isinstance(v, str) and v) or (isinstance(v, tuple) and len(v) == 2 and all(v))
               for v in SENTENCES.values())
