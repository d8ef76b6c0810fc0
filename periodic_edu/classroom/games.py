"""Any registered game as the room sees it: create, replay, whose turn, scores, bots, the public
view and a refusal's reason as an id with parameters - each asked of the game's own spec
(:class:`periodic_edu.tabletop.spec.RoomFacts`), so the room never names a game.

The room keeps each table's game as the engine's own save (``Game.to_dict()``: seed + actions)
and replays it with ``Game.from_dict`` for every move (a few milliseconds: every action is
checked again, so a stored game that does not replay is noticed, never played on).
"""
from __future__ import annotations

import json
from typing import Any

from .. import games as registry
from ..tabletop import IllegalMoveError

__all__ = ["GAMES", "new_game", "load_game", "to_move", "totals", "make_bot", "public_view",
           "refusal", "movers", "IllegalMoveError", "UNREAD", "editions", "edition_ok"]

#: the registered games by name (live: a game registered later is a class's game too)
GAMES = registry.GAMES


def editions() -> tuple[str, ...]:
    """Every edition a class may choose (the games' that have editions)."""
    return tuple(dict.fromkeys(e for spec in GAMES.values() for e in spec.editions))


def edition_ok(game: str, edition: Any) -> bool:
    return GAMES[game].edition_ok(edition)


def game_class(game: str) -> Any:
    return GAMES[game].game


def new_game(game: str, names: list[str], edition: str, seed: int | None,
             class_code: str | None, max_rounds: int | None = None) -> Any:
    """A new game for a table. ``class_code``: a duplicate deal, every table the code's seed."""
    return GAMES[game].room.new_game(names, edition, seed, class_code, max_rounds)


def load_game(game: str, save: str) -> Any:
    return GAMES[game].load_save(save)


def trend_moves(game: str, save: str) -> list[tuple[int, str, str, str]]:
    """The save's moves along a trend of the board, as ``(seat, trend, from, to)`` (a game
    without trends: ``[]``)."""
    return GAMES[game].room.trend_moves(save)


def movers(game: str, save: str) -> list[int]:
    """The seat that made each action of a save, in order (the game is replayed from its seed:
    the save holds the actions only, and every action is the current player's)."""
    doc = json.loads(save)
    g = game_class(game).from_dict({**doc, "actions": []})
    out = []
    for text in doc["actions"]:
        out.append(g.current_player)
        g.play(text)
    return out


def dump_game(g: Any) -> str:
    return json.dumps(g.to_dict(), ensure_ascii=False, separators=(",", ":"))


def to_move(g: Any) -> int | None:
    return None if g.is_over else g.current_player


def totals(g: Any) -> list[int]:
    """Each seat's score: final when the game is over, else what the game shows before the
    end (a secret part stays out)."""
    return registry.spec_of_game(g).room.totals(g)


def bot_names(game: str) -> tuple[str, ...]:
    return tuple(GAMES[game].bots)


def make_bot(game: str, name: str, seed: int) -> Any:
    return GAMES[game].make_bot(name, seed, explain=False)


def bot_action(game: str, g: Any, seat: int, bot: str, seed: int) -> str:
    """The action the bot ``bot`` chooses for ``seat``, reading only that seat's view."""
    decision = make_bot(game, bot, seed).choose(g.observe(seat))
    return decision.action.text


def public_view(g: Any) -> dict[str, Any]:
    """What a spectator (a projector) may see: everything public, no seat's secrets, no legal
    actions; the final scores once the game is over."""
    return registry.spec_of_game(g).room.public_view(g)


class _Unread:
    """The reason ids, of every game, of text the engine could not read as a move at all: the
    room keeps them as "an unreadable move", never the text (issue 29: no free text on the
    teacher's page). Live, like :data:`GAMES`."""

    def __contains__(self, reason: object) -> bool:
        return reason == "notation" or any(reason in s.room.unread for s in GAMES.values())


UNREAD = _Unread()


def refusal(game: str, error: IllegalMoveError) -> tuple[str, str, str, dict]:
    """``(reason id, group kind, group id, params)`` of a refused move, never free text: the
    rules' own message stored through ``Message.to_dict()`` (its id and parameters), grouped
    as the game groups it (by a trend, a duel value, or the rule). A refusal without a
    structured reason (notation the engine could not read) is the rule ``notation``."""
    return GAMES[game].room.refusal(error)
