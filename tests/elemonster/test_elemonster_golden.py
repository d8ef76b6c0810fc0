"""Golden Elemonster games: complete saves replay to exactly the recorded outcome."""
import json
import sys
from pathlib import Path

import pytest

from periodic_edu.elemonster import Game

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))
from generate import expected, inputs_probe  # noqa: E402

FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_games():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_game_replays_exactly(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    probe = inputs_probe()
    assert probe["rng_shuffle_of_20"] == doc["inputs"]["rng_shuffle_of_20"], (
        "the seeded generator (periodic_edu/tabletop/rng.py) changed, so every seed deals "
        "differently: regenerate with python tests/elemonster/golden/generate.py")
    assert probe["cards_sha256"] == doc["inputs"]["cards_sha256"], (
        "a printed card value changed (elements.csv or elemonster_cards.csv), so duels may "
        "resolve differently: regenerate with python tests/elemonster/golden/generate.py")
    game = Game.from_dict(doc["save"])
    assert game.is_over
    assert expected(game) == doc["expected"]
    assert game.to_dict() == doc["save"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_scores_add_up_by_hand(path):
    """Each total is the bonds' points minus the hand (ELEMONSTER §8), recomputed here."""
    from periodic_edu.elemonster.bonds import check_bond
    from periodic_edu.elemonster.scoring import hand_penalty
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = Game.from_dict(doc["save"])
    for seat, row in enumerate(doc["expected"]["scores"]):
        bonds = game.state.bonds[seat]
        points = sum(check_bond(b.category, b.formula) for b in bonds)
        assert row["total"] == points + hand_penalty(game.state.hands[seat])
