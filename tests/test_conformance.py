"""One suite over every registered game (periodic_edu.games), as OpenSpiel runs one over every
game: seeded random playouts, undo restores exactly, save -> load -> equal, views hide what they
must, illegal actions change nothing, the replay names the first bad action, undo knows what an
action revealed. Seeds are printed in every failure message."""
from __future__ import annotations

import json
import random

import pytest

from periodic_edu.games import GAMES
from periodic_edu.tabletop import IllegalMoveError, SaveError, TurnGame, UndoError

#: (game, players, options) cases; both games, every table size, both editions / variants
CASES = [
    ("periodic", 2, {"edition": "en", "max_rounds": 6}),
    ("periodic", 3, {"edition": "uk", "max_rounds": 5}),
    ("periodic", 5, {"edition": "en", "max_rounds": 4}),
    ("elemonster", 2, {"variant": "beginner"}),
    ("elemonster", 3, {"variant": "advanced"}),
    ("elemonster", 5, {"variant": "beginner", "hearts": "last_card"}),
]
SEEDS = (1, 2, 3)
IDS = [f"{g}-{n}p-{'-'.join(map(str, o.values()))}" for g, n, o in CASES]


def new(game: str, players: int, options: dict, seed: int) -> TurnGame:
    return GAMES[game].new_game(seed=seed, players=players, **options)


def picture(g: TurnGame) -> str:
    """Everything a game is, hidden information included: its save, the full state, every
    seat's view, the legal actions and the scores."""
    return json.dumps({"save": g.to_dict(), "views": [g.view(s) for s in range(g.players)],
                       "legal": [a.text for a in g.legal_actions()], "scores": g.scores(),
                       "state": repr(_state(g))}, sort_keys=True, default=str)


def _state(g: TurnGame):
    st = g.state
    return st.to_dict() if hasattr(st, "to_dict") else st


def random_game(game, players, options, seed, steps=None) -> tuple[TurnGame, random.Random]:
    rng = random.Random(seed)
    g = new(game, players, options, seed)
    n = 0
    while not g.is_over and (steps is None or n < steps):
        g.play(rng.choice(g.legal_actions()))
        n += 1
    return g, rng


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_random_playouts_end_and_replay(game, players, options):
    for seed in SEEDS:
        g, _ = random_game(game, players, options, seed)
        where = f"{game} seed {seed}"
        assert g.is_over and g.current_player is None or g.is_over, where
        assert g.legal_actions() == [], where
        assert len(g.winners()) >= 1 and len(g.scores()) == players, where
        again = type(g).from_json(g.to_json())
        assert picture(again) == picture(g), where
        assert g.state == again.state, where


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_undo_restores_exactly_and_play_again_is_the_same(game, players, options):
    for seed in SEEDS:
        g, rng = random_game(game, players, options, seed, steps=rng_steps(seed))
        before = picture(g)
        state = g.state.clone()
        legal = g.legal_actions()
        if not legal:
            continue
        action = rng.choice(legal)
        g.play(action)
        after = picture(g)
        assert g.undo() == action, f"{game} seed {seed}"
        assert picture(g) == before and g.state == state, f"{game} seed {seed}: undo"
        g.play(action)
        assert picture(g) == after, f"{game} seed {seed}: replaying after undo"
        # undo all the way back (across checkpoints) gives the opening
        while g.can_undo:
            g.undo()
        assert picture(g) == picture(new(game, players, options, seed)), f"{game} seed {seed}"
        with pytest.raises(UndoError):
            g.undo()


def rng_steps(seed: int) -> int:
    return 5 + 17 * seed  # across at least one undo checkpoint (every 16 actions)


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_save_load_equal_midgame(game, players, options):
    for seed in SEEDS:
        g, rng = random_game(game, players, options, seed, steps=rng_steps(seed))
        loaded = type(g).from_json(g.to_json())
        assert picture(loaded) == picture(g), f"{game} seed {seed}"
        # the two go on identically: the hidden state (pile, stacks) came back too
        for _ in range(30):
            if g.is_over:
                break
            a = rng.choice(g.legal_actions())
            g.play(a)
            loaded.play(a.text)
        assert picture(loaded) == picture(g), f"{game} seed {seed}"


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_illegal_actions_change_nothing(game, players, options):
    for seed in SEEDS:
        g, rng = random_game(game, players, options, seed, steps=rng_steps(seed))
        before = picture(g)
        legal = {a.text for a in g.legal_actions()}
        tried = 0
        for text in ["", "end?", "x" * 500, "\x1b[2J", "s:ie>Xx", "A:Zz:en>9", "B:ion:Na+Na",
                     *(a.text[:-1] for a in g.legal_actions()[:5]),
                     *(a.text + "1" for a in g.legal_actions()[:5])]:
            if text in legal:
                continue
            tried += 1
            with pytest.raises(IllegalMoveError) as caught:
                g.play(text)
            assert str(caught.value) and "\x1b" not in str(caught.value), text
            assert picture(g) == before, f"{game} seed {seed}: {text!r} changed the game"
        assert tried >= 7


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_a_bad_save_names_the_first_bad_action(game, players, options):
    g, _ = random_game(game, players, options, 4, steps=12)
    doc = g.to_dict()
    doc["actions"] = doc["actions"][:7] + ["not an action"] + doc["actions"][7:]
    with pytest.raises(SaveError, match=r"action 7 \('not an action'\) does not replay"):
        type(g).from_dict(doc)
    with pytest.raises(SaveError, match="field 'format'"):
        type(g).from_dict({**g.to_dict(), "format": "something/else"})
    with pytest.raises(SaveError, match="nested deeper"):
        type(g).from_json("[" * 100 + "]" * 100)


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_views_hide_what_they_must(game, players, options):
    """A seat's view is the same whatever the hidden information of the others is: shuffle the
    face-down piles and swap the other seats' secrets, and no seat's view changes."""
    for seed in SEEDS:
        g, rng = random_game(game, players, options, seed, steps=rng_steps(seed))
        if g.is_over:
            continue
        for seat in range(players):
            other = g.copy()
            SCRAMBLE[game](other.state, seat, random.Random(seed * 100 + seat))
            assert other.view(seat) == g.view(seat), f"{game} seed {seed} seat {seat}"
    fresh = GAMES[game].new_game(players=players, **options)  # a 128-bit seed: never shown
    assert all(str(fresh.seed) not in json.dumps(fresh.view(s)) for s in range(players))


@pytest.mark.parametrize("game, players, options", CASES, ids=IDS)
def test_reveals_are_tracked_for_undo(game, players, options):
    """Some action of a whole game turns something face up, and last_reveal() names the
    latest of them in words."""
    g, _ = random_game(game, players, options, 5)
    revealing = [i for i in range(len(g.history)) if g.revealed_by(i)]
    assert revealing, f"{game}: no action revealed anything in a whole game"
    index, words = g.last_reveal()
    assert index == revealing[-1] and words, (index, words)
    assert all(k in type(g).REVEAL_TEXT for i in revealing for k in g.revealed_by(i))


def test_new_games_draw_a_fresh_128_bit_seed():
    for spec in GAMES.values():
        seeds = {spec.new_game(players=2).seed for _ in range(4)}
        assert len(seeds) == 4 and max(seeds).bit_length() > 100, spec.name


# ---- what each game hides, scrambled ------------------------------------------------------------
def _scramble_periodic(st, seat: int, rng: random.Random) -> None:
    st.stacks = [rng.sample(list(s), len(s)) if isinstance(s, (list, tuple)) else s
                 for s in st.stacks]
    st.box = [rng.sample(list(b), len(b)) for b in st.box]
    st.awards = [rng.sample(list(a), len(a)) for a in st.awards]
    others = [p for p in range(st.n) if p != seat]
    for field in ("agenda", "dealt"):
        values = getattr(st, field)
        if isinstance(values, (list, tuple)) and len(values) == st.n:
            shuffled = [values[p] for p in others]
            rng.shuffle(shuffled)
            new = list(values)
            for p, v in zip(others, shuffled):
                new[p] = v
            setattr(st, field, type(values)(new) if isinstance(values, tuple) else new)


def _scramble_elemonster(st, seat: int, rng: random.Random) -> None:
    from periodic_edu.elemonster.actions import card_order
    rng.shuffle(st.pile)
    others = [p for p in range(st.n) if p != seat]
    pool = [c for p in others for c in st.hands[p]]
    rng.shuffle(pool)
    for p in others:
        size = len(st.hands[p])
        st.hands[p] = sorted(pool[:size], key=card_order)
        pool = pool[size:]


SCRAMBLE = {"periodic": _scramble_periodic, "elemonster": _scramble_elemonster}
