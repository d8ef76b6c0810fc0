"""The rules: legal actions of a state and applying one (RULES §4).

``legal_actions(state)`` lists every legal action in a stable order (agenda, Take 2 Energy,
Spend, Gain, Free Action, Move To, +3 Spaces, discovery, end). ``apply(state, action)`` changes
the state in place and assumes the action is legal; :class:`~periodic_edu.engine.Game` checks
legality first so that an illegal action never touches the state. ``why_illegal`` explains.

Decisions this module makes where the rulebooks are silent (each has a test in
``tests/engine/test_decisions.py``):

* **R-1 cost.** Only paid Spend activations count for cost: the first Spend of a turn costs 1,
  each further Spend costs 2. A Free Action, a Move To or a +3 Spaces before it changes nothing
  (and none of them counts as the turn's paid activation, RULES D-13).
* **R-2 Take 2 Energy** may be played only before any other action of the turn (several tiles in
  a row are fine). It takes 1 or 2 tokens from the trend spots: 2 from one spot, 1 from each of
  two spots, or 1 from one spot ("up to 2"); never from the supply, never 0.
* **R-3 Gain from an empty spot:** the richest player is found among ALL players; if the
  active player is among the richest (alone or tied), nothing is taken. If several OTHER
  players tie for richest, the active player names one (``g:an>Mg/3``); if only one, no seat
  is written. Nothing is taken when everybody holds 0. Two players: 1 token from the supply.
* **R-4 +3 Spaces** extends only an activation (Spend, Gain, Free Action), not a Move To and not
  another extension: at most one tile per movement, played right after that movement and before
  its discovery is decided. Any other action ends the chance to extend.
* **R-5 Move To** must move the flask (not onto the cell it stands on), like an activation
  (D-13). It may discover at its end (D-8). It is not an activation: no +3 Spaces after it.
* **R-6 Discovery** is a separate decision after every movement that ends on a goal cube of a
  face-up card this player has not discovered there yet and while they hold a research cube:
  ``d:<card>`` or ``d-``. When there is nothing to discover there is no such decision.
* **R-7 Free Action and Move To** may be played at any point of the turn (also before the paid
  activation, and in Gain mode), but not while a discovery is waiting.
* **R-8 AA track end:** a marker on index 8 cannot advance; the microscope then stays too (D-9).
* **R-9 Round limit** (D-12) is a hard stop: when the last seat finishes round ``max_rounds`` the
  game ends, even if some final turns after an end trigger are still owed (RULES §8).
* **R-10 End turn** is a separate action (``end``), legal once the turn has had its paid
  activation and no discovery is waiting; a player may keep acting as long as they can pay.
* **R-11 Agenda choice** is part of the game: before round 1, seat by seat, each player keeps one
  of the cards dealt to them (``a:<id>``). These actions belong to "round 0", which the round
  limit does not count.
* **R-12 Refill from the box:** the box is shuffled per colour at setup (one seeded generator,
  D-7); an empty stack is refilled with the next card of that colour from the box.
* **R-13 Lab tokens** never run out: lab points are a number per player, not a limited pile
  (the printed token counts only say how many fit in the box).
"""
from __future__ import annotations

from .. import board
from .actions import Action, intern
from .reasons import Reason
from .state import State
from .tables import AA_CAPACITY, FAMILY_OF, LAB_POINTS, TRENDS

__all__ = ["legal_actions", "apply", "why_illegal", "is_legal", "discovery_options",
           "reachable", "extension_targets", "SPEND_COST"]

_TI = {t: i for i, t in enumerate(TRENDS)}
_Z = {s: i for i, s in enumerate(board.SYMBOLS_ON_BOARD)}

#: cell -> trend -> reachable destinations (1-5 steps), RULES §1.2
REACH: dict[str, dict[str, tuple[str, ...]]] = {
    s: {t: tuple(board.reach(s, t)) for t in TRENDS} for s in board.SYMBOLS_ON_BOARD}
class _PerCell(dict):
    """A table filled on first use, cell by cell (keeps the import fast)."""

    def __init__(self, build) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, key):
        value = self[key] = self._build(key)
        return value


_SPEND = _PerCell(lambda s: tuple(tuple(intern("spend", t, d) for d in REACH[s][t])
                                  for t in TRENDS))
_GAIN = _PerCell(lambda s: tuple(tuple(intern("gain", t, d) for d in REACH[s][t])
                                 for t in TRENDS))
_FREE = _PerCell(lambda s: {t: tuple(intern("free", t, d) for d in REACH[s][t]) for t in TRENDS})
_MOVE = {}
for _s, _f in FAMILY_OF.items():
    _MOVE.setdefault(_f, []).append(intern("move", None, _s))
_MOVE = {f: tuple(sorted(v, key=lambda a: _Z[a.dest])) for f, v in _MOVE.items()}


def _ext_targets(cell: str, trend: str, sign: int) -> tuple[str, ...]:
    """RULES §4.4: 1-3 more steps with the same trend (atomic_number: the same direction,
    board cells only and no wrap past Og, RULES D-2, D-3)."""
    if trend == "atomic_number":
        out = []
        for k in range(1, 4):
            there = board.z_walk(cell, sign * k)
            if there is None:
                break
            out.append(there)
        return tuple(out)
    return tuple(board.reach(cell, trend, 3))


_EXT = _PerCell(lambda key: tuple(intern("ext", None, d) for d in _ext_targets(*key)))
_REACH_SET = {s: {t: frozenset(REACH[s][t]) for t in TRENDS} for s in REACH}
_TAKE2 = []
for _i, _t in enumerate(TRENDS):
    _TAKE2.append(((_i,), intern("take2", (_t,))))
    _TAKE2.append(((_i, _i), intern("take2", (_t, _t))))
    for _j in range(_i + 1, len(TRENDS)):
        _TAKE2.append(((_i, _j), intern("take2", (_t, TRENDS[_j]))))
_TAKE2.sort(key=lambda x: x[1].text)
END = intern("end")
DECLINE = intern("decline")

SPEND_COST = (1, 2)  # RULES §4.2: first activation 1, every further one 2


def reachable(cell: str, trend: str) -> tuple[str, ...]:
    return REACH[cell][trend]


def extension_targets(cell: str, last_move: tuple[str, int]) -> tuple[str, ...]:
    return tuple(a.dest for a in _EXT[(cell, last_move[0], last_move[1])])


def discovery_options(st: State, p: int, cell: str) -> tuple[int, ...]:
    """Colour slots whose face-up card has ``cell`` and no cube of ``p`` beside it (§4.3)."""
    slots = st.cubemap.get(cell)
    if not slots or st.cubes[p] <= 0:
        return ()
    bits = st.ctx.card_bits
    face = st.face
    marks = st.marks
    return tuple(slot for slot in slots
                 if not (marks[slot][p] >> bits[face[slot]][cell]) & 1)


def _gain_victims(st: State, p: int) -> tuple[int, ...] | None:
    """RULES §4.2 / R-3 for an empty spot with 3+ players: () = nothing taken, else candidates."""
    energy = st.energy
    top = max(energy)
    if top == 0 or energy[p] == top:
        return ()
    return tuple([q for q in range(st.n) if energy[q] == top])


# ------------------------------------------------------------------------------------------
_ALL_SPEND = _PerCell(lambda s: tuple(a for group in _SPEND[s] for a in group))
_ALL_GAIN = _PerCell(lambda s: tuple(a for group in _GAIN[s] for a in group))
_VICTIM: dict[tuple[Action, int], Action] = {}
_BY_ID: dict[tuple[str, str], Action] = {}
_GAIN_CACHE: dict[tuple, tuple[Action, ...]] = {}


def _victim_action(a: Action, v: int) -> Action:
    found = _VICTIM.get((a, v))
    if found is None:
        found = _VICTIM[(a, v)] = intern("gain", a.trend, a.dest, v)
    return found


def _id_action(kind: str, arg: str) -> Action:
    found = _BY_ID.get((kind, arg))
    if found is None:
        found = _BY_ID[(kind, arg)] = intern(kind, arg=arg)
    return found


def legal_actions(st: State) -> list[Action]:
    phase = st.phase
    if phase == "over":
        return []
    p = st.seat
    if phase == "agenda":
        return [_id_action("agenda", a) for a in st.dealt[p]]
    tiles = st.tiles[p]
    if phase == "discover":
        acts = [_id_action("discover", st.face[slot]) for slot in st.pending]
        acts.append(DECLINE)
        if st.last_move is not None and "plus3" in tiles:
            acts.extend(_EXT[(st.flask[p], st.last_move[0], st.last_move[1])])
        return acts
    cell = st.flask[p]
    spots = st.spots
    mode = st.mode
    # RULES §4.2 Spend (1, then 2 each) / D-13: only trends that move the flask are listed
    if mode != "gain" and st.energy[p] >= (1 if st.paid == 0 else 2):
        acts = list(_ALL_SPEND[cell])
    else:
        acts = []
    if phase == "start" and "take2" in tiles:  # RULES §4.1, R-2
        take = []
        for need, action in _TAKE2:
            if len(need) == 2 and need[0] == need[1]:
                if spots[need[0]] >= 2:
                    take.append(action)
            elif all(spots[i] >= 1 for i in need):
                take.append(action)
        acts[:0] = take
    if mode is None:  # RULES §4.2 Gain, only as the turn's one paid activation; R-3 victims
        if st.n == 2 or 0 not in spots:
            acts.extend(_ALL_GAIN[cell])
        else:
            victims = _gain_victims(st, p)
            if len(victims) <= 1:
                acts.extend(_ALL_GAIN[cell])
            else:
                key = (cell, tuple(spots), victims)
                found = _GAIN_CACHE.get(key)
                if found is None:
                    gains = _GAIN[cell]
                    found = []
                    for i in range(5):
                        if spots[i] == 0:
                            for a in gains[i]:
                                found.extend(_victim_action(a, v) for v in victims)
                        else:
                            found.extend(gains[i])
                    if len(_GAIN_CACHE) > 50_000:
                        _GAIN_CACHE.clear()
                    _GAIN_CACHE[key] = found = tuple(found)
                acts.extend(found)
    if tiles:  # RULES §4.4 award tiles, R-5, R-7
        seen = set()
        for code in tiles:
            if code in seen:
                continue
            seen.add(code)
            if code[0] == "f":
                acts.extend(_FREE[cell][code[5:]])
            elif code[0] == "m":
                acts.extend(a for a in _MOVE[code[5:]] if a.dest != cell)
        if st.last_move is not None and "plus3" in tiles:
            acts.extend(_EXT[(cell, st.last_move[0], st.last_move[1])])
    if mode is not None:  # RULES D-13: a turn ends only after its paid activation
        acts.append(END)
    return acts


def is_legal(st: State, action: Action) -> bool:
    """Whether ``action`` is legal now: the same answer as ``action in legal_actions(st)``,
    decided directly for the common kinds (a list scan costs more than the rule)."""
    kind = action.kind
    phase = st.phase
    if kind == "spend":
        if phase != "main" and phase != "start" or st.mode == "gain":
            return False
        p = st.seat
        return (st.energy[p] >= (1 if st.paid == 0 else 2)
                and action.dest in _REACH_SET[st.flask[p]][action.trend])
    if kind == "discover":
        if phase != "discover":
            return False
        face = st.face
        return any(face[slot] == action.arg for slot in st.pending)
    if kind == "decline":
        return phase == "discover"
    if kind == "end":
        return (phase == "main" or phase == "start") and st.mode is not None
    if kind == "gain":
        if phase != "main" and phase != "start" or st.mode is not None:
            return False
        p = st.seat
        if action.dest not in _REACH_SET[st.flask[p]][action.trend]:
            return False
        named = action.arg
        if st.n == 2 or st.spots[_TI[action.trend]]:
            return named is None
        victims = _gain_victims(st, p)
        if len(victims) <= 1:
            return named is None
        return named in victims
    return action in legal_actions(st)


# ------------------------------------------------------------------------------------------
def _after_movement(st: State, p: int, cell: str, extendable: tuple[str, int] | None) -> None:
    """RULES §4.3: the movement ends on ``cell``; then a discovery may follow (R-6, D-8)."""
    st.flask[p] = cell
    st.last_move = extendable if extendable is not None and "plus3" in st.tiles[p] else None
    options = discovery_options(st, p, cell)
    if options:
        st.phase = "discover"
        st.pending = options
    else:
        st.phase = "main"
        st.pending = None


def _use_tile(st: State, p: int, code: str) -> None:
    tiles = list(st.tiles[p])
    tiles.remove(code)
    st.tiles[p] = tuple(tiles)
    st.used_tiles = st.used_tiles + (code,)  # used tiles leave the game (RULES §4.4)


def _sign(cell: str, dest: str, trend: str) -> int:
    if trend != "atomic_number":
        return 0
    return 1 if _Z[dest] > _Z[cell] else -1


def apply(st: State, a: Action) -> None:
    """Apply a LEGAL action in place (check with :func:`legal_actions` first)."""
    kind = a.kind
    p = st.seat
    if kind == "spend":
        cost = 1 if st.paid == 0 else 2  # RULES §4.2, R-1
        st.energy[p] -= cost
        st.spots[_TI[a.trend]] += cost
        st.paid += 1
        st.mode = "spend"
        _after_movement(st, p, a.dest, (a.trend, _sign(st.flask[p], a.dest, a.trend)))
    elif kind == "discover":
        slot = st.ctx.card_slot[a.arg]
        bit = st.ctx.card_bits[a.arg][st.flask[p]]
        marks = list(st.marks[slot])
        marks[p] |= 1 << bit
        st.marks[slot] = tuple(marks)
        st.cubes[p] -= 1
        st.phase = "main"
        st.pending = None
        st.last_move = None
    elif kind == "decline":
        st.phase = "main"
        st.pending = None
        st.last_move = None
    elif kind == "end":
        _end_turn(st, p)
    elif kind == "gain":
        i = _TI[a.trend]
        take = st.spots[i]
        if take:
            st.energy[p] += take
            st.spots[i] = 0
        elif st.n == 2:  # RULES §4.2: in a 2-player game from the supply
            if st.supply > 0:
                st.supply -= 1
                st.energy[p] += 1
        else:
            victims = _gain_victims(st, p)
            victim = a.arg if a.arg is not None else (victims[0] if victims else None)
            if victim is not None:
                st.energy[victim] -= 1
                st.energy[p] += 1
        st.mode = "gain"
        _after_movement(st, p, a.dest, (a.trend, _sign(st.flask[p], a.dest, a.trend)))
    elif kind == "free":
        _use_tile(st, p, "free:" + a.trend)
        _after_movement(st, p, a.dest, (a.trend, _sign(st.flask[p], a.dest, a.trend)))
    elif kind == "move":
        _use_tile(st, p, "move:" + FAMILY_OF[a.dest])
        _after_movement(st, p, a.dest, None)  # not an activation
    elif kind == "ext":
        _use_tile(st, p, "plus3")
        _after_movement(st, p, a.dest, None)  # one extension per movement
    elif kind == "take2":
        _use_tile(st, p, "take2")
        for t in a.trend:
            st.spots[_TI[t]] -= 1
            st.energy[p] += 1
    elif kind == "agenda":
        st.agenda[p] = a.arg
        if p + 1 < st.n:
            st.seat = p + 1
        else:
            st.round = 1
            _start_turn(st, 0)
    else:  # pragma: no cover - Action.parse admits no other kind
        raise AssertionError(kind)


def _start_turn(st: State, seat: int) -> None:
    st.seat = seat
    st.phase = "start"
    st.mode = None
    st.paid = 0
    st.last_move = None
    st.pending = None


def _end_turn(st: State, p: int) -> None:
    """RULES §4.5, in order: completions, element-group track, AA capacity, end trigger."""
    ctx = st.ctx
    n = st.n
    changed = False
    # 1. completed goal cards, green -> pink
    full = ctx.card_full
    for slot in range(4):
        cid = st.face[slot]
        if cid is None or st.marks[slot][p] != full[cid]:
            continue
        changed = True
        marks = st.marks[slot]
        for q in range(n):
            k = marks[q].bit_count()
            if k:
                st.cubes[q] += k
                if q != p:
                    st.lab[q] += LAB_POINTS[k]
        st.won[p] = st.won[p] + (cid,)
        if st.awards[slot]:
            st.tiles[p] = st.tiles[p] + (st.awards[slot][-1],)
            st.awards[slot] = st.awards[slot][:-1]
        if st.stacks[slot]:
            st.face[slot] = st.stacks[slot][-1]
            st.stacks[slot] = st.stacks[slot][:-1]
        else:
            if st.trigger is None:  # RULES §7 (a)
                st.trigger = (p, "stack")
            if st.box[slot]:
                st.face[slot] = st.box[slot][-1]
                st.box[slot] = st.box[slot][:-1]
            else:
                st.face[slot] = None
        st.marks[slot] = (0,) * n
    if changed:
        st.refresh_cubemap()
    # 2.-3. element-group track with AA capacity (RULES §4.5.2-3, D-9, R-8)
    nxt = (st.micro[p] + 1) % 8
    if FAMILY_OF[st.flask[p]] == st.ring[nxt]:
        target = st.aa[p] + 1
        cap = AA_CAPACITY.get(target)
        if target <= 8 and (cap is None or st.aa.count(target) < cap):
            st.micro[p] = nxt
            st.aa[p] = target
            # 4. end trigger (b), D-11: only an advance can fire it
            if target >= 7 and st.trigger is None and \
                    st.aa.count(7) + st.aa.count(8) >= 2:
                st.trigger = (p, "track")
    st.turns += 1
    if st.trigger is not None:
        if st.final_left is None:
            st.final_left = tuple((p + i) % n for i in range(1, n))
        else:
            st.final_left = st.final_left[1:]
        if not st.final_left:
            st.phase = "over"
            st.ended_by = "final_turns"
            return
        nxt_seat = st.final_left[0]
    else:
        nxt_seat = (p + 1) % n
    if nxt_seat <= p:
        if st.max_rounds is not None and st.round >= st.max_rounds:  # RULES D-12, R-9
            st.phase = "over"
            st.ended_by = "round_limit"
            return
        st.round += 1
    _start_turn(st, nxt_seat)


# ------------------------------------------------------------------------------------------
def why_illegal(st: State, a: Action) -> Reason | None:
    """None when ``a`` is legal, else one sentence saying why not: a :class:`Reason` (a
    ``str``, English; ``.render(lang)`` says it in another language)."""
    if a in legal_actions(st):
        return None
    phase = st.phase
    if phase == "over":
        return Reason("over")
    p = st.seat
    kind = a.kind
    if phase == "agenda":
        if kind != "agenda":
            return Reason("agenda_first", agendas=tuple(st.dealt[p]))
        return Reason("agenda_not_dealt", agenda=a.arg, agendas=tuple(st.dealt[p]))
    if kind == "agenda":
        return Reason("agenda_late")
    cell = st.flask[p]
    tiles = st.tiles[p]
    if phase == "discover" and kind not in ("discover", "decline", "ext"):
        return Reason("discover_first", cell=cell, cards=tuple(st.face[s] for s in st.pending))
    if kind == "take2":
        if "take2" not in tiles:
            return Reason("no_take2")
        if phase != "start":
            return Reason("take2_late")
        need = [_TI[t] for t in a.trend]
        for i in set(need):
            if st.spots[i] < need.count(i):
                return Reason("take2_spot", trend=TRENDS[i], n=st.spots[i])
        return Reason("not_now")
    if kind in ("spend", "gain", "free"):
        if kind == "spend":
            if st.mode == "gain":
                return Reason("spend_after_gain")
            cost = 1 if st.paid == 0 else 2
            if st.energy[p] < cost:
                return Reason("cost_must_gain" if st.mode is None else "cost", cost=cost,
                              energy=st.energy[p])
        elif kind == "gain":
            if st.mode == "spend":
                return Reason("gain_after_spend")
            if st.mode == "gain":
                return Reason("gained")
        else:
            if "free:" + a.trend not in tiles:
                return Reason("no_free", trend=a.trend)
        dests = REACH[cell][a.trend]
        if not dests:
            return Reason("no_reach", trend=a.trend, cell=cell)
        if a.dest not in dests:
            return Reason("not_reachable", dest=a.dest, cell=cell, trend=a.trend)
        if kind == "gain":
            i = _TI[a.trend]
            if st.spots[i] or st.n == 2:
                return Reason("seat_not_needed")
            victims = _gain_victims(st, p)
            seats = tuple(v + 1 for v in victims)
            if len(victims) > 1:
                if a.arg is None:
                    return Reason("name_seat", seats=seats)
                return Reason("not_richest", seat=a.arg + 1, seats=seats)
            if not victims:
                return Reason("no_seat_nothing")
            return Reason("no_seat_from", seat=victims[0] + 1)
        return Reason("not_now")
    if kind == "move":
        fam = FAMILY_OF[a.dest]
        if "move:" + fam not in tiles:
            return Reason("no_move", family=fam)
        if a.dest == cell:
            return Reason("move_same", cell=cell)
        return Reason("not_now")
    if kind == "ext":
        if "plus3" not in tiles:
            return Reason("no_plus3")
        if st.last_move is None:
            return Reason("plus3_nothing")
        return Reason("plus3_far_z" if st.last_move[0] == "atomic_number" else "plus3_far",
                      dest=a.dest, trend=st.last_move[0], cell=cell)
    if kind == "discover":
        if phase != "discover":
            return Reason("nothing_to_discover")
        if a.arg not in st.face:
            return Reason("not_face_up", card=a.arg)
        if cell not in st.ctx.card_bits[a.arg]:
            return Reason("card_lacks", card=a.arg, cell=cell)
        return Reason("discovered", cell=cell, card=a.arg)
    if kind == "decline":
        return Reason("no_discovery")
    if kind == "end":
        if phase == "discover":
            return Reason("decide_first")
        return Reason("end_early")
    return Reason("not_now")
