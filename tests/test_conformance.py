"""One suite over every registered game (periodic_edu.games), as OpenSpiel runs one over every
game: seeded random playouts, undo restores exactly, save -> load -> equal, views hide what they
must, illegal actions change nothing, the replay names the first bad action, undo knows what an
action revealed. Seeds are printed in every failure message."""
from __future__ import annotations

import json
import random

import pytest

from game_conformance import FACTS, conformance
from periodic_edu.games import GAMES
from periodic_edu.tabletop import IllegalMoveError, SaveError, TurnGame, UndoError

SEEDS = (1, 2, 3)


def cases() -> list[tuple[str, int, dict]]:
    """(game, players, options) cases of EVERY registered game (a game registered by a test
    folder too: tests/conftest.py): each game's own, every table size, its editions/variants."""
    return [(name, players, options) for name in GAMES if name in FACTS
            for players, options in FACTS[name].cases]



# ---- what each game hides, scrambled ------------------------------------------------------------
#: Draws until the hidden part differs (a redeal can give the same cards back by chance).
REDEALS = 20


def _redeal(pool: list, sizes: list[int], rng: random.Random) -> list[list]:
    """``pool`` shuffled and cut into piles of ``sizes`` (the rest, if any, is the last pile)."""
    rng.shuffle(pool)
    piles, at = [], 0
    for size in sizes:
        piles.append(pool[at:at + size])
        at += size
    piles.append(pool[at:])
    return piles


def _periodic_secrets(st, seat: int):
    """What ``seat`` cannot see: the face-down stacks, the box, the award stacks' order, and
    the other seats' dealt and chosen agenda cards (RULES §3)."""
    others = [p for p in range(st.n) if p != seat]
    return (tuple(map(tuple, st.stacks)), tuple(map(tuple, st.box)),
            tuple(map(tuple, st.awards)),
            tuple((tuple(st.dealt[p]), st.agenda[p]) for p in others))


def _scramble_periodic(st, seat: int, rng: random.Random) -> None:
    """Redeal every colour's face-down stack and box from the two together, shuffle the award
    stacks, and deal the other seats new agenda cards from every card ``seat`` has not seen."""
    before = _periodic_secrets(st, seat)
    others = [p for p in range(st.n) if p != seat]
    unseen = sorted(c.id for c in st.ctx.agenda_deck.cards if c.id not in st.dealt[seat])
    for _ in range(REDEALS):
        stacks, box = list(st.stacks), list(st.box)
        for c in range(len(stacks)):
            stack, rest = _redeal([*stacks[c], *box[c]], [len(stacks[c])], rng)
            stacks[c], box[c] = tuple(stack), tuple(rest)
        st.stacks, st.box = stacks, box
        st.awards = [tuple(rng.sample(list(a), len(a))) for a in st.awards]
        hands = _redeal(list(unseen), [len(st.dealt[p]) for p in others], rng)
        dealt, agenda = list(st.dealt), list(st.agenda)
        for p, hand in zip(others, hands):
            if agenda[p] is not None:  # the kept card stays the kept one of the new hand
                agenda[p] = hand[list(dealt[p]).index(agenda[p])]
            dealt[p] = tuple(hand)
        st.dealt, st.agenda = tuple(dealt), agenda
        if _periodic_secrets(st, seat) != before:
            return


def _elemonster_secrets(st, seat: int):
    """What ``seat`` cannot see: the draw pile and the other seats' hands (ELEMONSTER E-9)."""
    return (tuple(st.pile), tuple(tuple(h) for p, h in enumerate(st.hands) if p != seat))


def _scramble_elemonster(st, seat: int, rng: random.Random) -> None:
    """Deal the other seats new hands, of the same sizes, from their hands and the draw pile
    together (in a two-player game swapping the one other hand with itself would change
    nothing); the rest is the new pile."""
    from periodic_edu.elemonster.actions import card_order
    before = _elemonster_secrets(st, seat)
    others = [p for p in range(st.n) if p != seat]
    for _ in range(REDEALS):
        pool = [*st.pile, *(c for p in others for c in st.hands[p])]
        *hands, pile = _redeal(pool, [len(st.hands[p]) for p in others], rng)
        for p, hand in zip(others, hands):
            st.hands[p] = sorted(hand, key=card_order)
        st.pile = pile
        if _elemonster_secrets(st, seat) != before:
            return


# the kit's two games: every table size, both editions / variants
conformance("periodic", [(2, {"edition": "en", "max_rounds": 6}),
                         (3, {"edition": "uk", "max_rounds": 5}),
                         (5, {"edition": "en", "max_rounds": 4})],
            _periodic_secrets, _scramble_periodic)
conformance("elemonster", [(2, {"variant": "beginner"}), (3, {"variant": "advanced"}),
                           (5, {"variant": "beginner", "hearts": "last_card"})],
            _elemonster_secrets, _scramble_elemonster)
CASES = cases()
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
        assert g.is_over and g.current_player is None, where
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
    """A seat's view is the same whatever the hidden information of the others is: redeal the
    face-down piles and the other seats' secrets from what this seat cannot see, and no seat's
    view changes. Every scramble must change the hidden part (else it would prove nothing)."""
    for seed in SEEDS:
        g, rng = random_game(game, players, options, seed, steps=rng_steps(seed))
        if g.is_over:
            continue
        for seat in range(players):
            other = g.copy()
            where = f"{game} seed {seed} seat {seat}"
            FACTS[game].scramble(other.state, seat, random.Random(seed * 100 + seat))
            hidden = FACTS[game].secrets
            assert hidden(other.state, seat) != hidden(g.state, seat), \
                f"{where}: the scramble changed nothing hidden"
            assert other.view(seat) == g.view(seat), where
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


def test_every_registered_game_is_in_the_suite():
    """A game registered without conformance facts would skip the whole suite: refused."""
    assert set(GAMES) <= set(FACTS), sorted(set(GAMES) - set(FACTS))
    assert {g for g, _, _ in CASES} == set(GAMES)


def test_every_game_keeps_the_typed_contracts(tmp_path):
    """Each registered game, its table rules and its room facts satisfy the kit's protocols
    (periodic_edu/tabletop/contracts.py), and so does the widgets' save store."""
    from periodic_edu.tabletop.contracts import GameHooks, RoomFactsProtocol, SaveStore, TableRules
    from periodic_edu.widgets.save_store import SaveStore as FileStore
    for spec in GAMES.values():
        assert isinstance(spec.new_game(seed=1, players=2), GameHooks), spec.name
        assert isinstance(spec.rules, TableRules), spec.name
        assert isinstance(spec.room, RoomFactsProtocol), spec.name
    assert isinstance(FileStore(directory=tmp_path), SaveStore)
    assert not isinstance(object(), TableRules)


def test_a_game_missing_a_hook_cannot_be_made():
    """The hooks are abstract: a game written without ``_apply`` fails at once, not at its
    first move; ``_apply`` is called from the class, as the base declares it (static)."""
    class Lacking(TurnGame):  # every hook but _apply
        current_player = None
        _hidden = staticmethod(lambda state: ())
        _revealed = staticmethod(lambda before, after: ())

        def _list_legal(self, state):
            return []

        def _checked(self, action):
            return action

        def _header(self):
            return {}

        @classmethod
        def _from_header(cls, doc, version):
            return cls()

    with pytest.raises(TypeError, match="_apply"):
        Lacking()
    assert isinstance(TurnGame.__dict__["_apply"], staticmethod)
    assert all(not getattr(spec.game, "__abstractmethods__", None) for spec in GAMES.values())
