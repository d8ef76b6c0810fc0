"""``periodic-edu elemonster simulate|replay``: bot games of Elemonster and saved-game replays,
through the same path as Periodic's (:mod:`.game_commands`); only the game's own settings are
added here.
"""
from __future__ import annotations

from .game_commands import add_replay_options, add_simulate_options, run_replay, run_simulate


def register(sub) -> None:
    top = sub.add_parser("elemonster", help="the Elemonster card game: simulate, replay")
    inner = top.add_subparsers(dest="elemonster_command", required=True,
                               parser_class=type(top))
    p = inner.add_parser("simulate", help="play Elemonster bot games and report scores")
    add_simulate_options(p)
    p.add_argument("--variant", default="beginner", choices=["beginner", "advanced"])
    p.add_argument("--score", type=int, default=None,
                   help="end at this score (the pile is reshuffled) instead of an empty pile")
    p.add_argument("--max-rounds", type=int, default=None)
    p.add_argument("--hearts", default="always", choices=["always", "last_card"])
    p.set_defaults(run=run_simulate, game="elemonster")

    p = inner.add_parser("replay", help="replay a saved Elemonster game and show the scores")
    add_replay_options(p)
    p.set_defaults(run=run_replay, game="elemonster")
