"""RULES §8: seeded random playouts checking every invariant after every action.

300 games over 2-5 players and both editions (seeds printed on failure): half played by a
uniformly random policy, half by an "eager" random policy that prefers goal elements and always
discovers, so cards complete, stacks run out, the box refills and the end triggers fire;
save -> load -> equal; undo restores the exact state; random NON-legal actions are refused and
leave the state's JSON identical.
"""
import random
from collections import Counter

import pytest

from periodic_edu import board
from periodic_edu.engine import Action, Game, IllegalMoveError
from periodic_edu.engine.tables import AA_CAPACITY, COLOURS

GAMES = 300
MAX_ROUNDS = 25


def _initial(g):
    st = g.state
    return {
        "energy": st.supply + sum(st.spots) + sum(st.energy),
        "cards": sorted(c.id for c in st.ctx.goal_deck.cards),
        "tiles": Counter(t for c in COLOURS for t in st.ctx.edition.award_tiles[c]),
        "cubes": st.ctx.edition.research_cubes,
    }


def check_invariants(g, init, prev):
    st = g.state
    n = st.n
    # energy is conserved
    assert st.supply + sum(st.spots) + sum(st.energy) == init["energy"]
    assert min(st.energy) >= 0 and min(st.spots) >= 0 and st.supply >= 0
    # research cubes: supply + cubes on face-up cards = the edition's count
    for p in range(n):
        assert st.cubes[p] + st.cubes_on_cards(p) == init["cubes"]
    # every goal card is in exactly one place
    places = [c for s in st.stacks for c in s] + [c for s in st.box for c in s] + \
             [c for c in st.face if c is not None] + [c for w in st.won for c in w]
    assert sorted(places) == init["cards"]
    # marks only on face-up cards, only on their elements
    for slot in range(4):
        cid = st.face[slot]
        for p in range(n):
            if cid is None:
                assert st.marks[slot][p] == 0
            else:
                assert st.marks[slot][p] & ~st.ctx.card_full[cid] == 0
    # goal cubes on the board = the elements of the face-up cards (the view derives them)
    cubes = Counter(el for cid in st.face if cid for el in st.ctx.goal_deck.by_id[cid].elements)
    view_cubes = Counter(el for el, cards in g.view(0)["board_cubes"].items() for _ in cards) \
        if prev["step"] % 17 == 0 else cubes
    assert view_cubes == cubes
    # award tiles: stacks + held + used = the edition's tiles
    tiles = Counter(t for s in st.awards for t in s) + Counter(t for h in st.tiles for t in h) \
        + Counter(st.used_tiles)
    assert tiles == init["tiles"]
    # AA capacity; microscopes and AA markers only move forward
    for index, cap in AA_CAPACITY.items():
        assert sum(1 for a in st.aa if a == index) <= cap
    for p in range(n):
        assert st.aa[p] >= prev["aa"][p] and st.aa[p] <= 8
        advanced = st.aa[p] - prev["aa"][p]
        assert (st.micro[p] - prev["micro"][p]) % 8 == advanced
        assert st.lab[p] >= prev["lab"][p]
        assert len(st.won[p]) >= len(prev["won"][p])
    # flasks on board cells
    assert all(board.is_on_board(f) for f in st.flask)
    # rounds bounded
    assert st.max_rounds is None or st.round <= st.max_rounds
    prev["aa"], prev["micro"], prev["lab"], prev["won"] = (
        list(st.aa), list(st.micro), list(st.lab), list(st.won))


def random_non_legal(rng, g):
    legal = set(map(str, g.legal_actions()))
    st = g.state
    for _ in range(50):
        kind = rng.choice("sgfmxdeaE")
        cell = rng.choice(board.SYMBOLS_ON_BOARD)
        trend = rng.choice(["an", "ie", "ar", "mi", "md"])
        text = {"s": f"s:{trend}>{cell}", "g": f"g:{trend}>{cell}", "f": f"f:{trend}>{cell}",
                "m": f"m>{cell}", "x": f"x>{cell}",
                "d": "d:" + rng.choice([c.id for c in st.ctx.goal_deck.cards]),
                "e": f"e:{trend}", "a": "a:" + rng.choice([c.id for c in st.ctx.agenda_deck.cards]),
                "E": rng.choice(["end", "d-", "g:an>Mg/5"])}[kind]
        if text not in legal:
            return text
    return None


def eager_choice(g, rng, legal):
    """Random, but lands on goal elements and discovers whenever it can."""
    disc = [a for a in legal if a.kind == "discover"]
    if disc:
        return rng.choice(disc)
    st = g.state
    p = st.seat
    if st.phase in ("start", "main") and rng.random() < 0.85:
        targets = set()
        for slot, cid in enumerate(st.face):
            if cid is not None:
                for el, bit in st.ctx.card_bits[cid].items():
                    if not st.marks[slot][p] >> bit & 1:
                        targets.add(el)
        moves = [a for a in legal if a.dest in targets]
        if moves:
            return rng.choice(moves)
        if st.mode is not None and rng.random() < 0.7:
            return legal[-1]  # end
    return rng.choice(legal)


def play_one(seed):
    rng = random.Random(seed)
    eager = seed % 2 == 1
    players = 2 + (seed // 2) % 4
    edition = ("en", "uk")[(seed // 8) % 2]
    g = Game(players=players, edition=edition, seed=seed, max_rounds=MAX_ROUNDS)
    init = _initial(g)
    st = g.state
    prev = {"aa": list(st.aa), "micro": list(st.micro), "lab": list(st.lab),
            "won": list(st.won), "step": 0}
    actions_this_turn = 0
    turn_key = None
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "a state that is not over always has a legal action"
        step = prev["step"]
        if step % 23 == 0:  # illegal actions change nothing
            bad = random_non_legal(rng, g)
            if bad is not None:
                before = g.state.to_json()
                with pytest.raises(IllegalMoveError):
                    g.play(bad)
                assert g.state.to_json() == before
        if step % 31 == 0:  # undo restores the exact state
            before = g.state.to_json()
            g.play(rng.choice(legal))
            g.undo()
            assert g.state.to_json() == before
        g.play(eager_choice(g, rng, legal) if eager else rng.choice(legal))
        prev["step"] = step + 1
        key = (g.state.turns, g.current_player)
        actions_this_turn = actions_this_turn + 1 if key == turn_key else 1
        turn_key = key
        assert actions_this_turn < 60  # a turn always ends
        check_invariants(g, init, prev)
    assert g.round <= MAX_ROUNDS
    for row in g.scores():
        assert row["total"] == (row["printed_points"] + row["lab_points"] + row["aa_value"]
                                + row["cubes_on_incomplete"] + row["agenda"])
    assert g.winners()
    return g


@pytest.mark.parametrize("chunk", range(10))
def test_random_playouts(chunk):
    per = GAMES // 10
    for seed in range(chunk * per, (chunk + 1) * per):
        try:
            g = play_one(seed)
            if seed % 5 == 0:
                h = Game.from_json(g.to_json())
                assert h.state.to_json() == g.state.to_json()
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from error


def test_eager_playouts_reach_the_rare_rules():
    """The eager half really exercises completions and the stack end trigger."""
    completed = stack_ends = 0
    for seed in range(1, 41, 2):
        g = play_one(seed)
        completed += sum(len(w) for w in g.state.won)
        stack_ends += bool(g.state.trigger and g.state.trigger[1] == "stack")
    assert completed > 50 and stack_ends >= 1


def test_legal_actions_agree_with_why_illegal():
    """Every listed action is accepted; a sample of the others is refused with a reason."""
    from periodic_edu.engine.rules import why_illegal
    rng = random.Random(99)
    for seed in range(5):
        g = Game(players=3, seed=seed, max_rounds=8)
        while not g.is_over:
            legal = g.legal_actions()
            for a in legal:
                assert why_illegal(g.state, a) is None
            bad = random_non_legal(rng, g)
            if bad is not None:
                reason = why_illegal(g.state, Action.parse(bad))
                assert reason and reason != "not legal now", bad
            g.play(rng.choice(legal))


def test_is_legal_agrees_with_the_legal_list():
    """rules.is_legal decides common kinds directly; it must equal list membership."""
    from periodic_edu.engine.rules import is_legal, legal_actions
    rng = random.Random(7)
    kinds = ("spend", "gain", "discover", "decline", "end", "free", "move", "ext", "take2")
    checked = 0
    for seed in range(24):
        g = Game(players=2 + seed % 4, edition=("en", "uk")[seed % 2], seed=seed, max_rounds=12)
        cards = [c.id for c in g.state.ctx.goal_deck.cards]
        while not g.is_over:
            st = g.state
            legal = legal_actions(st)
            legal_set = set(map(str, legal))
            for a in legal:
                assert is_legal(st, a)
            for _ in range(60):
                kind = rng.choice(kinds)
                trend = rng.choice(board.TRENDS)
                cell = rng.choice(board.SYMBOLS_ON_BOARD)
                if rng.random() < 0.6 and kind in ("spend", "gain", "free"):
                    near = list(board.reach(st.flask[st.seat], trend)) or [cell]
                    cell = rng.choice(near)
                if kind == "gain":
                    a = Action("gain", trend, cell, rng.choice([None, 0, 1, 2, 3, 4][:st.n + 1]))
                elif kind in ("spend", "free"):
                    a = Action(kind, trend, cell)
                elif kind in ("move", "ext"):
                    a = Action(kind, None, cell)
                elif kind == "discover":
                    a = Action("discover", arg=rng.choice(cards))
                elif kind == "take2":
                    a = Action("take2", (trend,))
                else:
                    a = Action(kind)
                assert is_legal(st, a) == (str(a) in legal_set), (seed, str(a))
                checked += 1
            g.play(rng.choice(legal))
    assert checked > 10_000
