"""RULES §6: the agenda optimizer, hand-computed, incl. cases where a greedy assignment loses."""
import pytest

from periodic_edu.engine import best_agenda, objective_value


def greedy(objectives, cards, aa):
    """Card by card, give each card to the objective whose value grows most (the naive way)."""
    given = {o: [0, 0, 0, 0] for o in objectives}
    for _, d in cards:
        def gain(o):
            after = list(given[o]); after[d - 1] += 1
            return objective_value(o, after, aa) - objective_value(o, given[o], aa)
        best = max(objectives, key=gain)
        given[best][d - 1] += 1
    return sum(objective_value(o, given[o], aa) for o in objectives)


@pytest.mark.parametrize("objectives,cards,aa,expected", [
    # cards(+1 each) vs pair 2+3: greedy gives the blue to "cards" (+1 > +0), then the purple
    # too; best is both to the pair: 5
    (("cards", "pair:2+3"), [("b", 2), ("p", 3)], 0, 5),
    # difficulty:2 (+2/blue) vs set4 (+11/set): greedy gives the blue to difficulty:2
    (("difficulty:2", "set4"), [("b", 2), ("g", 1), ("p", 3), ("k", 4)], 0, 11),
    # min_x3 with AA 2 uses only 2 cards; the third card is worth more elsewhere
    (("min_x3", "difficulty:4"), [("k1", 4), ("k2", 4), ("g", 1)], 2, 3 * 2 + 2),
    # pair 3+4 vs difficulty:3: 2 purples + 1 pink -> one pair (5) + one purple (2)
    (("pair:3+4", "difficulty:3"), [("p1", 3), ("p2", 3), ("k", 4)], 0, 7),
    # set3 (uk): 3 different difficulties
    (("set3",), [("g", 1), ("b", 2), ("p", 3), ("b2", 2)], 0, 9),
    (("set3", "cards"), [("g", 1), ("b", 2), ("p", 3), ("b2", 2), ("g2", 1), ("k", 4)], 0, 18),
    (("track_levels", "cards"), [("g", 1), ("b", 2)], 5, 7),
    (("track_levels",), [], 3, 3),
])
def test_best_assignment(objectives, cards, aa, expected):
    assert best_agenda(objectives, cards, aa).points == expected


def test_greedy_loses_where_the_optimizer_wins():
    cases = [
        (("cards", "pair:2+3"), [("b", 2), ("p", 3)], 0),
        (("difficulty:2", "set4"), [("b", 2), ("g", 1), ("p", 3), ("k", 4)], 0),
    ]
    for objectives, cards, aa in cases:
        assert greedy(objectives, cards, aa) < best_agenda(objectives, cards, aa).points


def test_explanation_names_where_each_card_went():
    result = best_agenda(("cards", "pair:2+3"), [("b", 2), ("p", 3), ("g", 1)], 0)
    assert result.points == 6
    by = {o["objective"]: o for o in result.objectives}
    assert sorted(by["pair:2+3"]["cards"]) == ["b", "p"]
    assert by["cards"]["cards"] == ["g"]
    assert "pair:2+3 = 5" in result.explain()


def test_each_card_counts_once():
    result = best_agenda(("difficulty:2", "cards"), [("b", 2)], 0)
    assert result.points == 2
    used = [c for o in result.objectives for c in o["cards"]]
    assert used == ["b"]


def test_min_x3_counts_only_what_it_uses():
    result = best_agenda(("min_x3",), [("a", 1), ("b", 1), ("c", 1)], 1)
    assert result.points == 3
    assert result.unused == ["b", "c"]


@pytest.mark.parametrize("counts,k", [([1, 1, 1, 0], 1), ([3, 0, 0, 3], 0), ([2, 2, 2, 0], 2),
                                      ([5, 1, 1, 1], 1), ([5, 2, 1, 1], 2), ([2, 2, 1, 1], 2)])
def test_set3_counting(counts, k):
    assert objective_value("set3", counts, 0) == 9 * k
