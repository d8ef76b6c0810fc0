"""Seeded random playouts of both variants, 2-5 players, every §10 invariant after each action.

Each case prints its seed when it fails. The default run is a few seconds; more seeds run
with ``-m slow``.
"""
import pytest

from periodic_edu.elemonster import Game
from elemonster_helpers import fingerprint, playout

CASES = [(seed, players, variant, hearts)
         for seed, (players, variant, hearts) in enumerate(
             [(p, v, h) for v in ("beginner", "advanced") for p in (2, 3, 4, 5)
              for h in ("always", "last_card")])]


@pytest.mark.parametrize("seed,players,variant,hearts", CASES[::2])
def test_random_playout_keeps_every_invariant(seed, players, variant, hearts):
    game = playout(seed, players, variant, hearts)
    again = Game.from_json(game.to_json())
    assert fingerprint(again) == fingerprint(game), f"seed {seed}: save/load differs"
    assert again.winners() == game.winners()


@pytest.mark.parametrize("players,variant", [(2, "advanced"), (4, "beginner")])
def test_score_ending_with_reshuffle_keeps_every_invariant(players, variant):
    game = playout(11, players, variant, end=("score", 12), max_rounds=12)
    assert game.state.ended_by in ("score", "max_rounds")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_many_random_playouts(seed):
    players = 2 + seed % 4
    variant = ("beginner", "advanced")[seed % 2]
    hearts = ("always", "last_card")[(seed // 2) % 2]
    end = "deck" if seed % 3 else ("score", 15)
    playout(seed, players, variant, hearts, end=end, max_rounds=None if end == "deck" else 20)
