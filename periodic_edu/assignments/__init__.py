"""Homework with no server and no accounts: an assignment rides in a link to the static site,
the student hands in a short result code, the teacher's copy of the kit reads it.

Standard library only, no widget code (below the widgets and the room, above the games'
registry). Modules, one job each:

* :mod:`.assignment` - :class:`Assignment` (game, seed, bots, check, due date, language) and
  its link (the settings ride in the fragment, which no server sees)
* :mod:`.results` - :func:`result_code` (the student's side) and :func:`read_code` (the
  teacher's: the game REPLAYED by the engine, its score recomputed; flags)
* :mod:`.codec` - the code's envelope: bits, Crockford base 32, CRC-16, bounded deflate
* :mod:`.errors` - the refusals, each a message of the ``homework`` catalog

>>> from periodic_edu.assignments import new_assignment, result_code, read_code
>>> a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], form="B",
...                    lang="en", items=["ie-1B", "ar-2B"])
>>> code = result_code(a, name="Ada", answers={"ie-1B": {"choice": "b", "reason": "c"}})
>>> len(code.replace("-", "")), read_code(a, code)["answers"]
(21, {'ie-1B': {'choice': 'b', 'reason': 'c'}})
"""
from __future__ import annotations

from .assignment import DEFAULT_SITE, Assignment, new_assignment, parse_link
from .errors import AssignmentError, CodeError, HomeworkError
from .results import FLAGS, AssignedGame, read_code, result_code, score_answers

__all__ = ["Assignment", "new_assignment", "parse_link", "DEFAULT_SITE", "AssignedGame",
           "result_code", "read_code", "score_answers", "FLAGS", "HomeworkError", "CodeError",
           "AssignmentError"]
