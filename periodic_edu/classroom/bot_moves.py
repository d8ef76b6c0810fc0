"""Which of a seat's moves a bot made (issue 28, "absent is not finished"): derived, never stored
twice.

The room writes one event per bot move in the same transaction as the move itself (the move's
revision): ``stand_in`` when the class's bot played for a person who was away, ``bot_move``
when a bot played a seat that is a bot's (an empty seat filled at the start, a seat the teacher
handed to a bot or freed). The seat of every action comes from the game's save (replayed from
its seed: every action is the current player's). So, per seat:

* ``moves``: the actions the seat made (the game's own count);
* ``bot_moves``: how many of them a bot made (the bot events of that seat);
* ``stand_in_turns``: the turns a stand-in played for it: runs of its ``stand_in`` events at
  consecutive revisions (any other seat's move, or a teacher's control, ends a run);
* ``mostly_bots``: more than half of its moves were a bot's;
* ``long_stand_in``: a stand-in played more than :data:`STAND_IN_TURNS` of its turns.

A table played before the room wrote ``bot_move`` events counts only its stand-ins' moves.
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["STAND_IN_TURNS", "BOT_KINDS", "seat_moves"]

#: a seat a stand-in played more turns for than this is marked on the teacher's page and in
#: the results (a student away for most of a lesson, not one who missed a turn or two)
STAND_IN_TURNS = 3
#: the events that are a bot's move (one per move)
BOT_KINDS = ("stand_in", "bot_move")


def seat_moves(movers: Iterable[int | None], events: Iterable[dict],
               seats: int) -> list[dict]:
    """Per seat (``seats`` of them): ``moves``, ``bot_moves``, ``stand_in_turns``,
    ``mostly_bots``, ``long_stand_in`` (see the module docstring). ``movers``: the seat of
    each action (:func:`periodic_edu.classroom.games.movers`); ``events``: the table's bot
    events in order, each with ``seat_no``, ``kind`` and ``revision``.

    >>> rows = seat_moves([0, 1, 1, 0], [{"seat_no": 1, "kind": "stand_in", "revision": 5},
    ...                                  {"seat_no": 1, "kind": "stand_in", "revision": 6}], 2)
    >>> [(r["moves"], r["bot_moves"], r["stand_in_turns"], r["mostly_bots"]) for r in rows]
    [(2, 0, 0, False), (2, 2, 1, True)]
    """
    moves = [0] * seats
    for seat in movers:
        if seat is not None and 0 <= seat < seats:
            moves[seat] += 1
    bots = [0] * seats
    turns = [0] * seats
    last: dict[int, int] = {}
    for e in events:
        seat = e["seat_no"]
        if seat is None or not 0 <= seat < seats or e["kind"] not in BOT_KINDS:
            continue
        bots[seat] += 1
        if e["kind"] == "stand_in":
            if last.get(seat) != e["revision"] - 1:
                turns[seat] += 1
            last[seat] = e["revision"]
    return [{"moves": moves[i], "bot_moves": bots[i], "stand_in_turns": turns[i],
             "mostly_bots": bots[i] * 2 > moves[i] and bots[i] > 0,
             "long_stand_in": turns[i] > STAND_IN_TURNS} for i in range(seats)]
