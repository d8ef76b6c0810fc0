"""Action notation: round trip, parse errors, the documented table."""
import random

import pytest

from periodic_edu.engine import Action, NotationError
from periodic_edu.engine import actions as actions_module

from engine_helpers import new_game


@pytest.mark.parametrize("text", ["a:A07", "e:ie", "e:ie+ar", "e:an+an", "s:ie>F", "g:an>Mg",
                                  "g:an>Mg/3", "f:md>H", "m>Cl", "x>Ar", "d:table_salt", "d-",
                                  "end"])
def test_round_trip(text):
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) is a  # interned: equal actions are one object
    if text not in ("e:an+an", "f:md>H"):
        assert text in actions_module.__doc__


def test_fields():
    a = Action.parse("g:an>Mg/3")
    assert (a.kind, a.trend, a.dest, a.arg) == ("gain", "atomic_number", "Mg", 2)
    assert Action("spend", "ionization_energy", "F") is Action.parse("s:ie>F")
    assert Action.parse("e:ie+ar").trend == ("ionization_energy", "atomic_radius")


@pytest.mark.parametrize("bad", ["", "s:zz>F", "s:ie>Xx", "s:ie>La", "s:ie>F/2", "e:ar+ie",
                                 "e:ie+ar+an", "hello", "m>", "d:", 7])
def test_parse_errors(bad):
    with pytest.raises(NotationError):
        Action.parse(bad)


def test_every_legal_action_round_trips_in_random_games():
    rng = random.Random(5)
    seen = set()
    for seed in range(6):
        g = new_game(players=2 + seed % 4, edition=("en", "uk")[seed % 2], seed=seed,
                     max_rounds=15, choose=False)
        while not g.is_over:
            legal = g.legal_actions()
            assert len(set(map(str, legal))) == len(legal)  # no duplicates
            for a in legal:
                assert str(Action.parse(str(a))) == str(a)
                seen.add(a.kind)
            g.play(rng.choice(legal))
    assert {"agenda", "spend", "gain", "discover", "decline", "end"} <= seen


def test_actions_are_immutable():
    a = Action.parse("end")
    with pytest.raises(AttributeError):
        a.kind = "spend"
