"""The game state: plain data, cheap to copy, JSON-ready (DESIGN §1 "state is data").

A :class:`State` holds only ints, strings, lists and tuples. Containers that change often are
lists copied by :meth:`State.clone` (a snapshot for undo costs a few microseconds); containers
that change rarely are tuples replaced on change, so a clone shares them. The rules that change
a state live in :mod:`.rules`; this module builds the initial state (RULES §3).

Per colour slot ``c`` (0 green .. 3 pink): ``face[c]`` is the face-up card id (or None when the
box ran out), ``stacks[c]`` the face-down cards (top = last), ``box[c]`` the rest of the box
(top = last), ``awards[c]`` the award tile stack (top = last) and ``marks[c]`` one bitmask per
player: bit ``i`` set = that player's research cube on the card's ``i``-th element.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from ..echo import echo
from .decks import AgendaDeck, GoalDeck, check_setup
from .editions import Edition
from .errors import EngineError
from ..tabletop.rng import GENERATORS
from .tables import COLOURS, FAMILY_IDS, FAMILY_START, TRENDS

__all__ = ["Context", "State", "new_state"]


@dataclass(frozen=True)
class Context:
    """What a game shares with all its states and never changes: edition and decks."""
    edition: Edition
    goal_deck: GoalDeck
    agenda_deck: AgendaDeck
    card_bits: Mapping[str, Mapping[str, int]]  # card id -> element -> bit index
    card_full: Mapping[str, int]                # card id -> mask of all its elements
    card_slot: Mapping[str, int]                # card id -> colour slot 0..3

    @classmethod
    def build(cls, edition: Edition, goal_deck: GoalDeck, agenda_deck: AgendaDeck) -> "Context":
        return cls(
            edition, goal_deck, agenda_deck,
            MappingProxyType({c.id: MappingProxyType({e: i for i, e in enumerate(c.elements)})
                              for c in goal_deck.cards}),
            MappingProxyType({c.id: (1 << len(c.elements)) - 1 for c in goal_deck.cards}),
            MappingProxyType({c.id: COLOURS.index(c.colour) for c in goal_deck.cards}),
        )


_LISTS = ("energy", "cubes", "flask", "micro", "aa", "lab", "tiles", "won", "agenda", "spots",
          "stacks", "face", "marks", "box", "awards")
_DERIVED = ("cubemap",)  # cell -> colour slots whose face-up card shows it (rebuilt on change)
_SCALARS = ("n", "seat", "round", "turns", "phase", "mode", "paid", "last_move", "pending",
            "supply", "dealt", "ring", "used_tiles", "trigger", "final_left", "ended_by",
            "max_rounds", "names")


class State:
    """The full state of one game (hidden information included; see :mod:`.view`)."""

    __slots__ = ("ctx",) + _LISTS + _SCALARS + _DERIVED

    # ---- copying --------------------------------------------------------------------------
    def clone(self) -> "State":
        s = State.__new__(State)
        s.ctx = self.ctx
        s.n = self.n; s.seat = self.seat; s.round = self.round; s.turns = self.turns
        s.phase = self.phase; s.mode = self.mode; s.paid = self.paid
        s.last_move = self.last_move; s.pending = self.pending; s.supply = self.supply
        s.dealt = self.dealt; s.ring = self.ring; s.used_tiles = self.used_tiles
        s.trigger = self.trigger; s.final_left = self.final_left; s.ended_by = self.ended_by
        s.max_rounds = self.max_rounds; s.names = self.names; s.cubemap = self.cubemap
        s.energy = self.energy[:]; s.cubes = self.cubes[:]; s.flask = self.flask[:]
        s.micro = self.micro[:]; s.aa = self.aa[:]; s.lab = self.lab[:]
        s.tiles = self.tiles[:]; s.won = self.won[:]; s.agenda = self.agenda[:]
        s.spots = self.spots[:]; s.stacks = self.stacks[:]; s.face = self.face[:]
        s.marks = self.marks[:]; s.box = self.box[:]; s.awards = self.awards[:]
        return s

    # ---- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden information included, as JSON-ready data."""
        out: dict[str, Any] = {"edition": self.ctx.edition.id}
        for name in _SCALARS + _LISTS:
            out[name] = _plain(getattr(self, name))
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in _SCALARS + _LISTS) \
            and self.ctx.edition.id == other.ctx.edition.id

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State {self.ctx.edition.id} {self.n}p round {self.round} seat {self.seat + 1} "
                f"phase {self.phase}>")

    # ---- small queries used everywhere ----------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def refresh_cubemap(self) -> None:
        """Rebuild :attr:`cubemap` after the face-up cards changed (RULES §3.3 goal cubes)."""
        bits = self.ctx.card_bits
        cubemap: dict[str, tuple[int, ...]] = {}
        for slot, cid in enumerate(self.face):
            if cid is not None:
                for el in bits[cid]:
                    cubemap[el] = cubemap.get(el, ()) + (slot,)
        self.cubemap = cubemap

    def card_cubes(self, slot: int, player: int) -> int:
        return self.marks[slot][player].bit_count()

    def cubes_on_cards(self, player: int) -> int:
        return sum(m[player].bit_count() for m in self.marks)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def new_state(ctx: Context, seed: int, names: list[str], max_rounds: int | None,
              rng_version: int = 2) -> State:
    """RULES §3: shuffle, build stacks, deal; one seeded generator (D-7): ``rng_version`` 2 is
    :class:`~.rng.Rng`, 1 the SplitMix64 of version-1 saves."""
    edition = ctx.edition
    n = len(names)
    if not 2 <= n <= 5:
        raise EngineError(f"Periodic is played by 2 to 5 players, not {n}")
    if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, int)
                                   or max_rounds < 1):
        raise EngineError(f"max_rounds must be a whole number of at least 1 or None, "
                          f"not {echo(max_rounds)}")
    check_setup(ctx.goal_deck, ctx.agenda_deck, edition, n)  # RULES D-5
    rng = GENERATORS[rng_version](seed)
    s = State.__new__(State)
    s.ctx = ctx
    s.n = n
    s.names = tuple(names)
    s.max_rounds = max_rounds
    # 1. goal stacks per colour; the rest stays in the box (RULES §3.1)
    s.stacks, s.face, s.box = [], [], []
    for colour in COLOURS:
        cards = rng.shuffled(c.id for c in ctx.goal_deck.cards if c.colour == colour)
        k = edition.stacks[colour]
        stack = cards[:k]
        s.face.append(stack[0])
        s.stacks.append(tuple(reversed(stack[1:])))
        s.box.append(tuple(reversed(cards[k:])))
    # 2. award tiles, each stack shuffled (RULES §3.2)
    s.awards = [tuple(rng.shuffled(edition.award_tiles[c])) for c in COLOURS]
    # 4. the element-group ring
    s.ring = tuple(rng.shuffled(FAMILY_IDS))
    # 9. agendas
    deal = edition.agenda_deal[n]
    agendas = rng.shuffled(c.id for c in ctx.agenda_deck.cards)
    s.dealt = tuple(tuple(agendas[i * deal:(i + 1) * deal]) for i in range(n))
    s.agenda = [None] * n
    # 5-8. energy, microscopes, flasks, AA markers
    s.spots = [1] * len(TRENDS)
    s.energy = list(edition.start_energy[:n])
    s.supply = edition.energy_total - len(TRENDS) - sum(s.energy)
    s.micro = [edition.start_cards[i] - 1 for i in range(n)]
    s.flask = [FAMILY_START[s.ring[m]] for m in s.micro]
    s.aa = list(edition.start_aa_index[:n])
    s.cubes = [edition.research_cubes] * n
    s.lab = [0] * n
    s.tiles = [()] * n
    s.won = [()] * n
    s.marks = [(0,) * n for _ in COLOURS]
    s.used_tiles = ()
    s.refresh_cubemap()
    # turn bookkeeping: the agenda choice comes first, seat by seat (RULES §3.9)
    s.seat = 0
    s.round = 0
    s.turns = 0
    s.phase = "agenda"
    s.mode = None
    s.paid = 0
    s.last_move = None
    s.pending = None
    s.trigger = None
    s.final_left = None
    s.ended_by = None
    return s
