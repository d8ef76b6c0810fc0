"""Hypothesis: the agenda optimizer equals brute force over every card-to-objective assignment."""
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from periodic_edu.engine import best_agenda, objective_value
from periodic_edu.engine.decks import OBJECTIVES


def brute(objectives, cards, aa):
    best = 0
    for choice in product(range(len(objectives) + 1), repeat=len(cards)):
        total = 0
        for i, o in enumerate(objectives):
            counts = [0, 0, 0, 0]
            for (_, d), c in zip(cards, choice):
                if c == i:
                    counts[d - 1] += 1
            total += objective_value(o, counts, aa)
        best = max(best, total)
    return best


@settings(max_examples=300, deadline=None)
@given(objectives=st.lists(st.sampled_from(OBJECTIVES), min_size=1, max_size=2, unique=True),
       difficulties=st.lists(st.integers(1, 4), max_size=7),
       aa=st.integers(0, 8))
def test_optimizer_is_exact(objectives, difficulties, aa):
    cards = [(f"c{i}", d) for i, d in enumerate(difficulties)]
    result = best_agenda(objectives, cards, aa)
    assert result.points == brute(objectives, cards, aa)
    # the explanation adds up and uses each card at most once
    assert sum(o["points"] for o in result.objectives) == result.points
    used = [c for o in result.objectives for c in o["cards"]]
    assert len(used) == len(set(used))
