"""Each rule of ELEMONSTER §3-§8 in a rigged position (hands and pile set by the test)."""
import pytest

from periodic_edu.elemonster import Action, Game, IllegalMoveError, SaveError
from periodic_edu.elemonster.actions import card_order
from periodic_edu.elemonster.rules import beats
from elemonster_helpers import check_invariants, fingerprint


def rig(hands, pile=(), players=None, variant="beginner", active=0, **kw):
    """A game whose hands and pile (top = last) are set; every other card is in the discard."""
    players = players or len(hands)
    g = Game(players=players, variant=variant, seed=0, **kw)
    st = g.state
    rest = list(st.deck.cards_for(variant))
    for c in [c for h in hands for c in h] + list(pile):
        rest.remove(c)
    st.hands = [sorted(h, key=card_order) for h in hands]
    st.pile = list(pile)
    st.discard = rest
    st.queue = []
    st.active = active
    st.duel = None
    st.special_used = [False] * players
    st.dueled = st.bonded = False
    st.declared = None
    g._legal = None
    return g


def legal(g):
    return [a.text for a in g.legal_actions()]


# --- §5 the duel ---------------------------------------------------------------------------------
def test_electronegativity_is_answered_with_ionization_energy():
    # Na attacks with en 0.93: Cl's defence 2.59 beats it, K's defence 0.87 does not
    g = rig([["Na", "Li"], ["Cl", "K"]])
    g.play("A:Na:en>2")
    assert g.current_player == 1
    assert legal(g) == ["P:Cl", "Y"]


def test_beats_is_strict_and_years_count_older():
    assert beats("Cl", "Na", ("en",)) and not beats("K", "Na", ("en",))
    assert not beats("Na", "Na", ("mass",))                  # ties never beat
    assert beats("Fe", "O", ("year",))                        # antiquity beats 1774
    assert not beats("Cu", "Fe", ("year",))                   # two antiquity cards tie
    assert beats("O", "Fe", ("year",), low=True)              # reprogrammed: newer wins
    assert beats("H", "Fe", ("mass",), low=True) and not beats("Fe", "H", ("mass",), low=True)
    assert not beats("He", "H", ("mp",))                      # He has no melting point
    assert beats("Au", "Ag", ("mass", "bp"))                  # two values: both must beat


def test_a_noble_gas_cannot_attack_with_electronegativity():
    g = rig([["Ne"], ["Cl"]])
    assert "A:Ne:en>2" not in legal(g) and "A:Ne:ie>2" in legal(g)
    with pytest.raises(IllegalMoveError, match="does not know its electronegativity"):
        g.play("A:Ne:en>2")


def test_defender_beats_takes_the_attack_card_and_attacker_may_refill():
    g = rig([["Na", "Li"], ["Cl", "K"]], pile=["Ar", "Kr", "Xe"])
    g.play("A:Na:en>2")
    g.play("P:Cl")
    st = g.state
    assert st.hands[1] == ["Na", "Cl", "K"] and st.hands[0] == ["Li"]
    assert legal(g) == ["h", "-"] and g.current_player == 0       # Na has 2 hearts
    g.play("h")
    assert sorted(st.hands[0]) == ["Kr", "Li", "Xe"] and st.pile == ["Ar"]
    assert g.current_player == 0 and "A:Li:en>2" not in legal(g)  # one duel per turn


def test_yield_gives_a_card_of_the_defenders_choice():
    g = rig([["Au", "Mn"], ["Cl", "K"]], pile=["Ar"])
    g.play("A:Au:mass>2")
    assert legal(g) == ["Y"]
    g.play("Y")
    assert g.current_player == 1 and legal(g) == ["G:Cl", "G:K"]
    g.play("G:Cl")
    assert g.state.hands[0] == ["Cl", "Mn", "Au"]
    assert legal(g) == ["h", "-"] and g.current_player == 1       # Cl: 2 hearts lost


def test_second_card_demand_then_attacker_takes_both_cards():
    # Be (2 skulls) demands a second card; K cannot beat Ne's... : E-21
    g = rig([["Ne", "Be"], ["He", "K"]])
    g.play("A:Ne:ie>2")
    g.play("P:He")
    assert legal(g) == ["S:second@Be", "-"]
    g.play("S:second@Be")
    assert g.current_player == 1 and legal(g) == ["Y"]            # K does not beat Ne
    g.play("Y")
    assert g.state.hands[0] == ["He", "Be", "Ne"] and g.state.hands[1] == ["K"]


def test_shield_needs_more_hearts_than_the_demanding_cards_skulls():
    g = rig([["Ne", "Be"], ["He", "O", "Cl"]])
    g.play("A:Ne:ie>2")
    g.play("P:He")
    g.play("S:second@Be")
    assert "S:shield@O" in legal(g) and "S:shield@Cl" not in legal(g)   # 3 > 2, 2 = 2
    g.play("S:shield@O")
    assert g.state.hands[1] == ["He", "O", "Ne", "Cl"] or sorted(g.state.hands[1]) == [
        "Cl", "He", "Ne", "O"]


def test_card_magnet_takes_a_random_card_and_is_the_seats_one_special():
    g = rig([["Fe", "Au"], ["Li", "K"]])
    g.play("A:Au:mass>2")
    g.play("Y")
    assert legal(g) == ["S:magnet@Fe", "-"]
    g.play("S:magnet@Fe")
    assert len(g.state.hands[0]) == 3 and len(g.state.hands[1]) == 1
    assert g.state.special_used[0]


def test_forced_swap_after_the_gain():
    g = rig([["H", "Au"], ["Cl", "S", "Ar"]])
    g.play("A:Au:mass>2")
    g.play("Y")
    g.play("G:Cl")
    assert legal(g) == ["S:swap@H", "-"]
    g.play("S:swap@H")
    assert g.current_player == 1
    g.play("G:S")
    assert g.current_player == 0 and "G:S" not in legal(g)       # S is set aside, not his yet
    g.play("G:H")
    assert g.state.hands[0] == ["S", "Cl", "Au"]
    assert g.state.hands[1] == ["H", "Ar"]


def test_two_values_need_one_card_beating_both_and_never_en_with_ie():
    g = rig([["W", "Li"], ["Pb", "Hg"]])
    g.play("S:two@W")
    texts = legal(g)
    assert all(t.startswith("A:") for t in texts)
    assert "A:W:en,ie>2" not in texts and "A:W:mass,mp>2" in texts
    with pytest.raises(IllegalMoveError, match="two values"):
        g.play("A:W:mass>2")
    g.play("A:W:mass,mp>2")
    assert legal(g) == ["Y"]                                     # Pb, Hg: heavier, lower mp


def test_fix_metals_limits_both_cards_and_metalloids_are_both():
    g = rig([["Cu", "Si", "Cl"], ["Au", "Ge", "F"]])
    g.play("S:metals@Cu")
    assert {a.card for a in g.legal_actions()} == {"Cu", "Si"}
    g.play("A:Cu:mass>2")
    assert legal(g) == ["P:Ge", "P:Au", "Y"]


def test_reprogram_lower_wins():
    g = rig([["Si", "Pb"], ["H", "U"]])
    g.play("S:low@Si")
    g.play("A:Pb:mass>2")
    assert legal(g) == ["P:H", "Y"]


def test_one_special_per_turn_and_no_duel_after_a_bond():
    g = rig([["W", "Be", "Na", "Cl"], ["He", "Ne"]])
    g.play("B:ion:Na+Cl")                                         # (no refill: empty pile)
    assert not any(t.startswith(("A:", "S:")) for t in legal(g))
    with pytest.raises(IllegalMoveError, match="one duel per turn"):
        g.play("A:W:mass>2")


# --- §6 bonds ------------------------------------------------------------------------------------
def test_bond_with_multiplier_uses_the_card_and_scores_it():
    g = rig([["H", "O", "x2", "x3"], ["He"]], variant="advanced", pile=["Ne", "Ar", "Kr", "Xe"])
    assert "B:mol:2*H+O" in legal(g) and "B:mol:3*H+O" not in legal(g)
    g.play("B:mol:O+2*H")                                        # any order is understood
    assert g.history == ["B:mol:2*H+O"]
    assert g.state.hands[0] == ["x3"] and g.scores()[0]["bond_points"] == 10
    assert legal(g) == ["h", "-"]                                 # H and O: 3 hearts
    g.play("h")
    assert len(g.state.hands[0]) == 4


def test_beginner_has_no_multipliers():
    g = rig([["H", "O"], ["He"]])
    with pytest.raises(IllegalMoveError, match="beginner"):
        g.play("B:mol:2*H+O")


def test_crown_extra_draw_and_heart_refill_after_a_bond():
    g = rig([["Ag", "Cu"], ["He"]], pile=["Ne", "Ar", "Kr", "Xe"])
    g.play("B:alloy:Cu+Ag")
    assert g.scores()[0]["bond_points"] == 9
    assert legal(g) == ["h", "-"]
    g.play("-")
    assert legal(g) == ["S:crowns@Cu", "S:crowns@Ag", "-"]
    g.play("S:crowns@Ag")
    assert sorted(g.state.hands[0]) == ["Kr", "Xe"]


def test_dissolve_takes_an_own_bond_back_and_lays_a_new_one():
    g = rig([["Na", "Cl", "Br", "K"], ["He"]], pile=["Ne"] * 0)
    g.play("B:ion:Na+Cl")
    assert "B:ion:K+Cl/-1@Br" in legal(g)
    g.play("B:ion:K+Cl/-1@Br")
    assert [b.notation for b in g.state.bonds[0]] == ["ion:K+Cl"]
    assert sorted(g.state.hands[0]) == ["Br", "Na"]
    assert g.scores()[0]["bond_points"] == 5


# --- §4 discard, §7.4 on the draw ----------------------------------------------------------------
def test_discard_exactly_one_from_five_cards_or_more():
    g = rig([["H", "He", "Li", "Be", "B"], ["C"]])
    assert "D-" not in legal(g)
    with pytest.raises(IllegalMoveError, match="exactly one"):
        g.play("D-")
    g2 = rig([["H", "He"], ["C"]])
    assert "D-" in legal(g2)


def test_decay_each_seat_from_the_active_one_and_block_with_a_shield():
    # seat 2 ends its turn; seat 1 draws U: every seat discards max(1, hand - 4)
    g = rig([["H", "He", "Li", "Be", "Mg", "C"], ["N", "O", "Pb"]], pile=["U"], active=1)
    g.play("D:N")
    assert g.current_player == 0 and len(g.state.hands[0]) == 7
    assert all(t.count(",") == 2 for t in legal(g))            # 7 - 4 = 3 cards
    g.play("G:H,He,Li")
    assert g.current_player == 1
    assert legal(g)[0] == "S:block@Pb"
    g.play("S:block@Pb")
    assert g.state.hands[1] == ["O", "Pb"] and g.current_player == 0


def test_exchange_draw_n_then_discard_n():
    g = rig([["H"], ["C", "N"]], pile=["Ar", "Kr", "Ne"], active=1)
    g.play("D:N")
    assert legal(g) == ["S:exchange@Ne", "-"]
    g.play("S:exchange@Ne")
    assert len(g.state.hands[0]) == 4 and g.state.pile == []    # only 2 left to draw
    assert all(t.count(",") == 1 for t in legal(g))
    g.play("G:H,Ne")
    assert g.state.hands[0] == ["Ar", "Kr"]


# --- §8 endings --------------------------------------------------------------------------------------
def test_deck_ending_plays_the_turn_out_then_each_other_seat_once():
    g = rig([["H"], ["C"], ["N"]], pile=["He"], active=2)
    g.play("D-")                        # seat 1 draws the last card: trigger
    assert g.state.trigger["reason"] == "deck"
    g.play("D-")                        # seat 1's turn ends
    g.play("D-")                        # seat 2
    assert not g.is_over
    g.play("D-")                        # seat 3
    assert g.is_over and g.state.ended_by == "deck"


def test_score_ending_and_reshuffle():
    g = rig([["Na", "Cl", "K"], ["C"]], end=("score", 5), max_rounds=10)
    g.state.discard = g.state.discard[:3]
    g.state.pile = []
    g.play("B:ion:Na+Cl")
    g.play("-")
    g.play("D-")
    assert g.state.trigger["reason"] == "score"
    assert g.state.pile and len(g.state.discard) == 0           # the pile was reshuffled
    g.play("D-")
    assert g.is_over and g.winners() == [0]


def test_max_rounds_ends_the_game():
    g = Game(players=2, seed=3, max_rounds=1)
    while not g.is_over:
        g.play(next(a for a in g.legal_actions() if a.kind in ("discard", "skip", "give",
                                                               "yield")))
    assert g.state.ended_by in ("max_rounds", "deck") and g.round == 1


def test_last_card_hearts_refill_only_when_the_hand_is_empty():
    g = rig([["Na"], ["Cl"]], hearts="last_card", pile=["Ar"])
    g.play("A:Na:en>2")
    g.play("P:Cl")
    assert legal(g) == ["h", "-"]
    g2 = rig([["Na", "Li"], ["Cl"]], hearts="last_card", pile=["Ar"])
    g2.play("A:Na:en>2")
    g2.play("P:Cl")
    assert "h" not in legal(g2)


def test_winners_tie_break_on_bonds():
    g = rig([["Na", "Cl"], ["H"]])
    g.play("B:ion:Na+Cl")
    assert g.winners() == [0]


# --- API contract -----------------------------------------------------------------------------------------
def test_illegal_actions_raise_with_a_reason_and_change_nothing():
    g = rig([["Na", "Li"], ["Cl", "K"]])
    before = fingerprint(g)
    for text, why in [("P:Cl", "no duel"), ("A:Zn:mass>2", "not in your hand"),
                      ("A:Na:mass>1", "cannot be attacked"), ("B:ion:Na+Li", "ions need"),
                      ("zz", "cannot read"), ("S:two@Na", "no hard symbol")]:
        with pytest.raises(IllegalMoveError) as info:
            g.play(text)
        assert why in str(info.value), (text, str(info.value))
        assert isinstance(info.value, ValueError)
        assert fingerprint(g) == before
    # an alloy of two metals whose outer shells differ (Na 1, Mg 2): refused, nothing changed
    g = rig([["Na", "Mg"], ["Cl", "K"]])
    before = fingerprint(g)
    with pytest.raises(IllegalMoveError, match="an alloy needs matching outer shells"):
        g.play("B:alloy:Na+Mg")
    assert fingerprint(g) == before


def test_every_legal_action_round_trips_through_its_notation():
    g = Game(players=3, variant="advanced", seed=5)
    for _ in range(60):
        if g.is_over:
            break
        for a in g.legal_actions():
            assert Action.parse(a.text).text == a.text
            assert Action.parse(a.text).key == a.key
        g.play(g.legal_actions()[-1])


def test_save_refuses_what_does_not_replay():
    g = Game(players=2, seed=2)
    g.play(g.legal_actions()[-1])
    doc = g.to_dict()
    doc["actions"].append("P:Xe")
    with pytest.raises(SaveError, match=r"action 1 \('P:Xe'\) does not replay"):
        Game.from_dict(doc)
    with pytest.raises(SaveError, match="format"):
        Game.from_dict({**doc, "format": "x"})
    with pytest.raises(SaveError, match="malformed JSON"):
        Game.from_json("{")


def test_views_hide_other_hands_and_the_pile_order():
    g = Game(players=3, seed=4)
    v = g.view(1)
    assert v["hand"] == g.state.hands[1]
    assert "pile" not in v and v["pile_size"] == len(g.state.pile)
    assert v["hand_sizes"] == [len(h) for h in g.state.hands]
    assert v["legal_actions"] == []                               # not seat 2's decision
    check_invariants(g, len(g.state.pile))


def test_a_view_is_plain_json():
    import json
    g = Game(players=4, variant="advanced", seed=9)
    for _ in range(30):
        g.play(g.legal_actions()[0])
    for seat in range(4):
        assert json.loads(json.dumps(g.view(seat)))["seat"] == seat
