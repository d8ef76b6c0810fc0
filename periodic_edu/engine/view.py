"""What one player may see (RULES §5), like an OpenSpiel observer.

:class:`PlayerView` is a read-only window on a state for one player: public information plus
that player's own agenda. It never exposes face-down stack order, the box, other players'
agendas or award stack order (sizes are public). ``to_dict()`` is the JSON view a widget shows
(``Game.view(player)``); bots receive the object itself so they can read it without building
the dict on every move. :meth:`PlayerView.determinize` builds a full state in which the hidden
parts are re-sampled from what the player cannot see, for bots that plan by simulation.
"""
from __future__ import annotations

from typing import Any

from ..board import TREND_NAMES
from ..echo import echo
from .actions import Action
from ..tabletop.rng import Rng
from .editions import tile_label
from .rules import legal_actions
from .scoring import score_breakdown
from .state import State
from .tables import AA_VALUES, COLOURS, FAMILY_OF, TRENDS

__all__ = ["PlayerView", "hidden_sizes", "revealed"]

#: what an action can turn face up (the words of :func:`revealed`, kept together for the catalog)
REVEAL_TEXT = {
    "goal_card": "a goal card was turned face up",
    "award_tile": "an award tile was drawn",
    "agendas": "the game ended and every agenda card was shown",
}


def hidden_sizes(state: State) -> tuple:
    """How much hidden information a state holds, pile by pile: the face-down stacks, the box
    and the award stacks per colour, and whether the agendas are still secret. Drawing from a
    hidden pile (or ending the game) turns something face up; nothing ever goes back."""
    return (tuple(len(x) for x in state.stacks), tuple(len(x) for x in state.box),
            tuple(len(x) for x in state.awards), state.phase != "over")


def revealed(before: tuple, after: tuple) -> tuple[str, ...]:
    """What became visible between two :func:`hidden_sizes` (keys of :data:`REVEAL_TEXT`)."""
    out = []
    if any(b > a for pair in ((before[0], after[0]), (before[1], after[1]))
           for b, a in zip(*pair)):
        out.append("goal_card")
    if any(b > a for b, a in zip(before[2], after[2])):
        out.append("award_tile")
    if before[3] and not after[3]:
        out.append("agendas")
    return tuple(out)


class PlayerView:
    """Public information + one player's secrets. Read-only."""

    __slots__ = ("_st", "player", "_legal_fn")

    def __init__(self, state: State, player: int, legal_fn=None) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
            raise ValueError(f"player must be a seat number from 0 to {state.n - 1}, not {echo(player)}")
        self._st = state
        self.player = player
        self._legal_fn = legal_fn  # the game's cached legal list (same content as the rules')

    # ---- public scalars ---------------------------------------------------------------------
    @property
    def n(self) -> int: return self._st.n
    @property
    def edition(self): return self._st.ctx.edition
    @property
    def current_player(self) -> int: return self._st.seat
    @property
    def is_my_turn(self) -> bool: return self._st.seat == self.player and self._st.phase != "over"
    @property
    def phase(self) -> str: return self._st.phase
    @property
    def mode(self) -> str | None: return self._st.mode
    @property
    def paid(self) -> int: return self._st.paid
    @property
    def round(self) -> int: return self._st.round
    @property
    def max_rounds(self) -> int | None: return self._st.max_rounds
    @property
    def pending(self) -> tuple[int, ...]: return self._st.pending or ()
    @property
    def last_move(self): return self._st.last_move
    @property
    def spots(self) -> tuple[int, ...]: return tuple(self._st.spots)
    @property
    def supply(self) -> int: return self._st.supply
    @property
    def ring(self) -> tuple[str, ...]: return self._st.ring
    @property
    def trigger(self): return self._st.trigger
    @property
    def final_left(self): return self._st.final_left

    # ---- per player (public) ----------------------------------------------------------------
    def energy(self, q: int) -> int: return self._st.energy[q]
    def cubes(self, q: int) -> int: return self._st.cubes[q]
    def flask(self, q: int) -> str: return self._st.flask[q]
    def aa(self, q: int) -> int: return self._st.aa[q]
    def micro(self, q: int) -> int: return self._st.micro[q]
    def tiles(self, q: int) -> tuple[str, ...]: return self._st.tiles[q]
    def won(self, q: int) -> tuple[str, ...]: return self._st.won[q]
    def lab(self, q: int) -> int: return self._st.lab[q]

    def next_group(self, q: int) -> str:
        return self._st.ring[(self._st.micro[q] + 1) % 8]

    # ---- goal cards (public) ----------------------------------------------------------------
    def face(self, slot: int) -> str | None: return self._st.face[slot]
    @property
    def faces(self) -> tuple: return tuple(self._st.face)
    @property
    def all_marks(self) -> tuple: return tuple(self._st.marks)
    def marks(self, slot: int, q: int) -> int: return self._st.marks[slot][q]
    def stack_size(self, slot: int) -> int: return len(self._st.stacks[slot])
    def box_size(self, slot: int) -> int: return len(self._st.box[slot])
    def awards_left(self, slot: int) -> int: return len(self._st.awards[slot])
    @property
    def awards_sizes(self) -> tuple: return tuple(len(a) for a in self._st.awards)

    def card(self, card_id: str):
        return self._st.ctx.goal_deck.by_id[card_id]

    def card_bits(self, card_id: str):
        return self._st.ctx.card_bits[card_id]

    def card_full(self, card_id: str) -> int:
        return self._st.ctx.card_full[card_id]

    # ---- this player's secrets --------------------------------------------------------------
    @property
    def agenda(self) -> tuple[str, ...]:
        """My agenda card's objectives (empty before I chose)."""
        aid = self._st.agenda[self.player]
        return self._st.ctx.agenda_deck.by_id[aid].objectives if aid else ()

    @property
    def agenda_choices(self) -> tuple[str, ...]:
        st = self._st
        return st.dealt[self.player] if st.agenda[self.player] is None else ()

    def agenda_objectives(self, agenda_id: str) -> tuple[str, ...]:
        """Objectives of one of MY agenda cards (dealt or chosen)."""
        if agenda_id not in self._st.dealt[self.player]:
            raise KeyError(agenda_id)
        return self._st.ctx.agenda_deck.by_id[agenda_id].objectives

    def legal_actions(self) -> list[Action]:
        """My legal actions (empty when it is not my turn). Do not modify the list."""
        st = self._st
        if st.seat != self.player or st.phase == "over":
            return []
        return self._legal_fn() if self._legal_fn is not None else legal_actions(self._st)

    # ---- the JSON view ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        st = self._st
        me = self.player
        ctx = st.ctx
        cards = []
        cubes: dict[str, list[str]] = {}
        for slot, colour in enumerate(COLOURS):
            cid = st.face[slot]
            entry: dict[str, Any] = {"colour": colour, "stack_size": len(st.stacks[slot]),
                                     "box_size": len(st.box[slot]),
                                     "award_tiles_left": len(st.awards[slot]), "card": None}
            if cid is not None:
                card = ctx.goal_deck.by_id[cid]
                entry["card"] = dict(card.to_json(), discovered={
                    el: [q for q in range(st.n) if st.marks[slot][q] >> i & 1]
                    for i, el in enumerate(card.elements)})
                for el in card.elements:
                    cubes.setdefault(el, []).append(cid)
            cards.append(entry)
        players = []
        for q in range(st.n):
            aid = st.agenda[q]
            players.append({
                "seat": q, "name": st.names[q], "energy": st.energy[q],
                "research_cubes": st.cubes[q], "cubes_on_cards": st.cubes_on_cards(q),
                "flask": st.flask[q], "flask_group": FAMILY_OF[st.flask[q]],
                "microscope": st.micro[q], "group": st.ring[st.micro[q]],
                "next_group": st.ring[(st.micro[q] + 1) % 8],
                "aa_index": st.aa[q], "aa_value": AA_VALUES[st.aa[q]],
                "tiles": [{"code": t, "label": tile_label(t)} for t in st.tiles[q]],
                "completed_cards": [{"id": c, "points": ctx.goal_deck.by_id[c].points,
                                     "colour": ctx.goal_deck.by_id[c].colour} for c in st.won[q]],
                "lab_points": st.lab[q],
                "agenda_chosen": aid is not None,
                "agenda": ({"id": aid, "objectives": list(ctx.agenda_deck.by_id[aid].objectives)}
                           if q == me and aid is not None else None),
            })
        mine = self.is_my_turn
        trig = st.trigger
        return {
            "format": "periodic-edu/view", "version": 1,
            "player": me, "edition": ctx.edition.id, "players": st.n,
            "round": st.round, "max_rounds": st.max_rounds, "turns": st.turns,
            "current_player": st.seat, "phase": st.phase, "mode": st.mode,
            "paid_activations": st.paid,
            "next_spend_cost": (None if st.mode == "gain" or st.phase in ("agenda", "over")
                                else (1 if st.paid == 0 else 2)),
            "is_over": st.phase == "over",
            "pending_discovery": [st.face[s] for s in (st.pending or ())],
            "can_extend": st.last_move is not None and "plus3" in st.tiles[st.seat],
            "last_move": list(st.last_move) if st.last_move else None,
            "trend_spots": {t: st.spots[i] for i, t in enumerate(TRENDS)},
            "trend_names": dict(TREND_NAMES),
            "supply": st.supply,
            "goal_cards": cards,
            "board_cubes": cubes,
            "ring": list(st.ring),
            "players_state": players,
            "used_tiles": list(st.used_tiles),
            "agenda_choices": [{"id": a, "objectives": list(ctx.agenda_deck.by_id[a].objectives)}
                               for a in self.agenda_choices] if mine or st.phase == "agenda"
                              else [],
            "end": {"triggered": trig is not None, "by": trig[0] if trig else None,
                    "reason": trig[1] if trig else None,
                    "final_turns_left": list(st.final_left or ()), "ended_by": st.ended_by},
            "scores": self._scores(),
            "legal_actions": [a.text for a in legal_actions(st)] if mine else [],
        }

    def _scores(self) -> list[dict[str, Any]]:
        """Provisional RULES §7.1 parts that are public; the agenda only for this player."""
        out = []
        for row in score_breakdown(self._st):
            mine = row["player"] == self.player
            public = (row["printed_points"] + row["lab_points"] + row["aa_value"]
                      + row["cubes_on_incomplete"])
            out.append({
                "player": row["player"], "printed_points": row["printed_points"],
                "lab_points": row["lab_points"], "aa_value": row["aa_value"],
                "cubes_on_incomplete": row["cubes_on_incomplete"],
                "agenda": row["agenda"] if mine else None,
                "agenda_assignment": row["agenda_assignment"] if mine else None,
                "total": row["total"] if mine else None,
                "total_without_agenda": public,
            })
        return out

    # ---- determinization ----------------------------------------------------------------------
    def determinize(self, seed: int = 0) -> State:
        """A full state equal to the real one in everything this player can see, with the
        hidden parts (stack order and contents, box, award stack order, other agendas) drawn
        at random from what is not visible."""
        st = self._st
        ctx = st.ctx
        rng = Rng(seed)
        s = st.clone()
        seen = set(c for c in st.face if c is not None)
        for q in range(st.n):
            seen.update(st.won[q])
        for slot, colour in enumerate(COLOURS):
            unseen = rng.shuffled(c.id for c in ctx.goal_deck.cards
                                  if c.colour == colour and c.id not in seen)
            k = len(st.stacks[slot])
            s.stacks[slot] = tuple(unseen[:k])
            s.box[slot] = tuple(unseen[k:k + len(st.box[slot])])
            s.awards[slot] = tuple(rng.shuffled(st.awards[slot]))  # multiset is public
        others = [a.id for a in ctx.agenda_deck.cards if a.id not in st.dealt[self.player]]
        others = rng.shuffled(others)
        dealt = []
        for q in range(st.n):
            if q == self.player:
                dealt.append(st.dealt[q])
                continue
            hand = tuple(others.pop() for _ in range(min(len(st.dealt[q]), len(others))))
            dealt.append(hand)
            if st.agenda[q] is not None:
                s.agenda[q] = hand[0] if hand else st.agenda[self.player]
        s.dealt = tuple(dealt)
        return s
