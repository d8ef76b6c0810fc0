"""Shared helpers for the engine tests: a small test deck and hand-built states."""
from __future__ import annotations

from periodic_edu.engine import Game
from periodic_edu.engine.tables import COLOURS


def _card(cid, formula, colour, elements, points=None):
    pts = {"green": 6, "blue": 9, "purple": 12, "pink": 15}[colour]
    return {"id": cid, "name": cid.replace("_", " "), "formula": formula, "colour": colour,
            "difficulty": COLOURS.index(colour) + 1, "points": points or pts,
            "elements": elements}


#: A deck big enough for both editions' setups (green 7, blue 6, purple 5, pink 5).
TEST_DECK = {
    "format": "periodic-edu/goal-cards", "version": 1, "edition": "test",
    "cards": [
        _card("salt", "NaCl", "green", ["Na", "Cl"]),
        _card("hf", "HF", "green", ["H", "F"]),
        _card("co2", "CO2", "green", ["C", "O"]),
        _card("mgo", "MgO", "green", ["Mg", "O"]),
        _card("kbr", "KBr", "green", ["K", "Br"]),
        _card("lif", "LiF", "green", ["Li", "F"]),
        _card("cao", "CaO", "green", ["Ca", "O"]),
        _card("h2so4", "H2SO4", "blue", ["H", "S", "O"]),
        _card("hno3", "HNO3", "blue", ["H", "N", "O"]),
        _card("naoh", "NaOH", "blue", ["Na", "O", "H"]),
        _card("kno3", "KNO3", "blue", ["K", "N", "O"]),
        _card("caco3", "CaCO3", "blue", ["Ca", "C", "O"]),
        _card("mgoh2", "Mg(OH)2", "blue", ["Mg", "O", "H"]),
        _card("agno3", "AgNO3", "purple", ["Ag", "N", "O"]),
        _card("cuso4", "CuSO4", "purple", ["Cu", "S", "O"]),
        _card("na3po4", "Na3PO4", "purple", ["Na", "P", "O"]),
        _card("k2cr2o7", "K2Cr2O7", "purple", ["K", "Cr", "O"]),
        _card("bano32", "Ba(NO3)2", "purple", ["Ba", "N", "O"]),
        _card("pbno32", "Pb(NO3)2", "pink", ["Pb", "N", "O"]),
        _card("tl2so4", "Tl2SO4", "pink", ["Tl", "S", "O"]),
        _card("naaucl4", "NaAuCl4", "pink", ["Na", "Au", "Cl"]),
        _card("k2ptcl4", "K2PtCl4", "pink", ["K", "Pt", "Cl"]),
        _card("srno32", "Sr(NO3)2", "pink", ["Sr", "N", "O"]),
    ],
}


def new_game(players=4, edition="en", seed=1, max_rounds=None, choose=True, deck=True, **kw):
    """A game with the test deck; with ``choose`` every player keeps their first agenda."""
    g = Game(players=players, edition=edition, seed=seed, max_rounds=max_rounds,
             goal_deck=TEST_DECK if deck else None, **kw)
    if choose:
        while g.phase == "agenda":
            g.play(g.legal_actions()[0])
    return g


def edit(g, **fields):
    """Hand-build a state: set fields of the current state (tests only), drop the caches.

    ``face={"green": "salt"}`` puts a card face up (marks cleared); other keys set State fields.
    """
    st = g.state
    face = fields.pop("face", None)
    if face:
        for colour, cid in face.items():
            slot = COLOURS.index(colour)
            old = st.face[slot]
            # swap with wherever the card lies, so every card stays exactly once in the game
            for pile in (st.stacks, st.box):
                if cid in pile[slot]:
                    pile[slot] = tuple(old if c == cid else c for c in pile[slot])
            st.face[slot] = cid
            st.marks[slot] = (0,) * st.n
    for name, value in fields.items():
        setattr(st, name, value)
    st.refresh_cubemap()
    g._legal = None
    g._stack.clear()
    g._history.clear()  # a hand-built state has no replayable history
    return g


def legal(g):
    return [str(a) for a in g.legal_actions()]


def mark(g, cid, player, *elements):
    """Put ``player``'s research cubes on ``elements`` of face-up card ``cid``."""
    st = g.state
    slot = st.ctx.card_slot[cid]
    bits = st.ctx.card_bits[cid]
    marks = list(st.marks[slot])
    for el in elements:
        marks[player] |= 1 << bits[el]
        st.cubes[player] -= 1
    st.marks[slot] = tuple(marks)
    g._legal = None


