"""Seeded random playouts of both variants, 2-5 players, every §10 invariant after each action.

Each case prints its seed when it fails. The default run is a few seconds; more seeds run
with ``-m slow``.
"""
import pytest

from periodic_edu.elemonster import Game
from elemonster_helpers import fingerprint, playout

#: both variants, 2-5 players, the two heart rules alternating
CASES = [(seed, players, variant, ("always", "last_card")[seed % 2])
         for seed, (players, variant) in enumerate(
             [(p, v) for v in ("beginner", "advanced") for p in (2, 3, 4, 5)])]


@pytest.mark.parametrize("seed,players,variant,hearts", CASES)
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


def _expected_main_actions(game):
    """Bonds and attacks of the active player computed straight from §5-§6, without the
    engine's move generator."""
    from itertools import combinations, product

    from periodic_edu.elemonster import IllegalBondError
    from periodic_edu.elemonster.bonds import make_bond
    from periodic_edu.elemonster.cards import VALUES, card
    st = game.state
    hand = st.hands[st.active]
    advanced = st.variant == "advanced"
    bonds = set()
    elements = sorted({c for c in hand if not c.startswith("x")})
    for a, b in combinations(elements, 2):
        for cat, ka, kb in product(("alloy", "ions", "molecule", "noble"), range(1, 5),
                                   range(1, 5)):
            need = [k for k in (ka, kb) if k > 1]
            if any(hand.count(f"x{k}") < need.count(k) for k in need):
                continue
            try:
                bonds.add("B:" + make_bond(cat, a, ka, b, kb, multipliers=advanced).notation)
            except IllegalBondError:
                pass
    attacks = set()
    if not st.dueled and not st.bonded:
        for c in elements:
            for v in VALUES:
                known = v == "year" or card(c).value(v) is not None
                for t in range(st.n):
                    if known and t != st.active and st.hands[t]:
                        attacks.add(f"A:{c}:{v}>{t + 1}")
    return bonds, attacks


@pytest.mark.parametrize("seed,players,variant", [(31, 2, "advanced"), (32, 4, "advanced"),
                                                  (33, 3, "beginner")])
def test_legal_actions_are_complete_in_the_main_phase(seed, players, variant):
    import random
    game = Game(players=players, variant=variant, seed=seed)
    r = random.Random(seed)
    checked = 0
    while not game.is_over:
        st = game.state
        if not st.queue and st.declared is None:
            texts = {a.text for a in game.legal_actions()}
            bonds, attacks = _expected_main_actions(game)
            assert {t for t in texts if t.startswith("B:") and "/" not in t} == bonds, seed
            assert {t for t in texts if t.startswith("A:")} == attacks, seed
            checked += 1
        game.play(r.choice(game.legal_actions()))
    assert checked > 5
