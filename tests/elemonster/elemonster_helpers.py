"""Shared helpers of the Elemonster tests: a state fingerprint, the §10 invariants, and the words
of the elemonster catalog (also used by tests/browser/test_elemonster_voila.py)."""
import copy
import random
import re
from collections import Counter

from periodic_edu import i18n
from periodic_edu.elemonster import Game
from periodic_edu.elemonster.actions import card_order
from periodic_edu.elemonster.bonds import make_bond


def fingerprint(game):
    st = game.state
    duel = None if st.duel is None else (st.duel.attacker, st.duel.defender, st.duel.card,
                                         st.duel.values, st.duel.mode, st.duel.low,
                                         tuple(st.duel.parries), st.duel.demand,
                                         st.duel.swap_card, tuple(st.duel.losses), st.duel.card_on_table)
    return (tuple(st.pile), tuple(st.discard), tuple(tuple(h) for h in st.hands),
            tuple(tuple(b) for b in st.bonds), st.active, st.turn, st.round, st.phase,
            tuple(st.special_used), st.dueled, st.bonded, st.declared, duel, tuple(st.queue),
            None if st.trigger is None else tuple(sorted(st.trigger.items())), st.ended_by,
            st.seed, st.random_events, tuple(game.history))


def table_cards(st):
    cards = list(st.pile) + list(st.discard)
    for h in st.hands:
        cards += h
    for bonds in st.bonds:
        for b in bonds:
            cards += [b.a, b.b, *b.multiplier_cards]
    if st.duel is not None:
        cards += [st.duel.card] if st.duel.card_on_table else []
        cards += st.duel.parries
        if st.duel.swap_card is not None:
            cards.append(st.duel.swap_card)
    return cards


def check_invariants(game, start_pile):
    """ELEMONSTER §10, after any action."""
    st = game.state
    # every card in exactly one place
    assert Counter(table_cards(st)) == Counter(st.deck.cards_for(st.variant))
    # a score is the sum of its owner's bonds; every bond satisfies §6
    scores = game.scores()
    for seat, bonds in enumerate(st.bonds):
        for b in bonds:
            again = make_bond(b.category, b.a, b.ka, b.b, b.kb,
                              multipliers=st.variant == "advanced")
            assert again == b
        assert scores[seat]["bond_points"] == sum(b.points for b in bonds)
        assert scores[seat]["total"] == scores[seat]["bond_points"] + scores[seat]["hand"]["total"]
        assert scores[seat]["hand"]["total"] <= 0
    # the game ends within (pile + players) turns with end="deck", max_rounds otherwise
    if st.end == "deck":
        assert st.turn <= start_pile + st.n
    if st.max_rounds is not None:
        assert st.round <= st.max_rounds
    # legal actions exist until the game is over, for the current seat only
    if game.is_over:
        assert game.legal_actions() == [] and game.current_player is None
    else:
        assert game.legal_actions()
        for seat in range(st.n):
            assert bool(game.observe(seat).legal_actions()) == (seat == game.current_player)


def hidden_permuted(game, seat, rng):
    """A copy of the game in which everything ``seat`` cannot see is dealt differently."""
    other = copy.copy(game)
    st = game.state.clone()
    others = [s for s in range(st.n) if s != seat]
    pool = list(st.pile)
    for s in others:
        pool += st.hands[s]
    swap = st.duel.swap_card if st.duel is not None and st.duel.defender != seat else None
    if swap is not None:
        pool.append(swap)
    rng.shuffle(pool)
    for s in others:
        size = len(st.hands[s])
        st.hands[s] = sorted(pool[:size], key=card_order)
        del pool[:size]
    if swap is not None:
        st.duel.swap_card = pool.pop()
    st.pile = pool
    other._state = st
    other._legal = None
    return other


#: illegal-action probes, two tried after each action in turn
PROBES = ("D-", "Y", "h", "P:Au", "G:U", "B:alloy:Ag+Cu", "A:Fe:mass>2", "S:second@Be",
          "nonsense")


def random_game(seed, players, variant, hearts="always", end="deck", max_rounds=None):
    return Game(players=players, variant=variant, seed=seed, hearts=hearts, end=end,
                max_rounds=max_rounds)


def playout(seed, players, variant, hearts="always", end="deck", max_rounds=None,
            deep=True):
    """Play a seeded random game, checking every invariant of §10 after each action."""
    game = random_game(seed, players, variant, hearts, end, max_rounds)
    r = random.Random(seed * 1009 + players)
    start_pile = len(game.state.pile)
    check_invariants(game, start_pile)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        texts = {a.text for a in legal}
        # an illegal action raises and changes nothing
        before = fingerprint(game)
        for probe in (PROBES[steps % len(PROBES)], PROBES[(steps + 4) % len(PROBES)]):
            if not game.is_legal(probe):
                try:
                    game.play(probe)
                except ValueError:
                    pass
                else:
                    raise AssertionError(f"seed {seed}: illegal {probe!r} was accepted")
                assert fingerprint(game) == before
        # notation round-trips
        action = r.choice(legal)
        assert action.text in texts
        assert game.is_legal(action.text)
        # undo is exact
        game.play(action)
        if deep:
            after = fingerprint(game)
            assert game.undo() == action
            assert fingerprint(game) == before
            game.play(action.text)
            assert fingerprint(game) == after
        check_invariants(game, start_pile)
        if deep:
            seat = steps % players
            assert game.view(seat) == hidden_permuted(game, seat, r).view(seat), (
                f"seed {seed}: seat {seat + 1}'s view depends on hidden cards")
        steps += 1
        assert steps < 20000
    return game


def catalog_words(lang: str, min_letters: int) -> set[str]:
    """Every word of ``min_letters`` or more letters of one side of the elemonster catalog,
    lower-cased ({placeholders} left out)."""
    words: set[str] = set()
    pattern = re.compile(rf"[A-Za-z]{{{min_letters},}}")
    for value in i18n.messages("elemonster", lang).values():
        for text in (value.values() if isinstance(value, dict) else [value]):
            words |= {w.lower() for w in pattern.findall(re.sub(r"\{\w+\}", " ", text))}
    return words
