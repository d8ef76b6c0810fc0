"""The two games as the room sees them: create, replay, whose turn, scores, bots, the public
view and a refusal's reason as an id with parameters.

The room keeps each table's game as the engine's own save (``Game.to_dict()``: seed + actions)
and replays it with ``Game.from_dict`` for every move (a few milliseconds: every action is
checked again, so a stored game that does not replay is noticed, never played on).
"""
from __future__ import annotations

import json
from typing import Any

from .. import games as registry
from ..engine import Game as PeriodicGame
from ..engine import IllegalMoveError
from ..engine import seed_from_class_code
from ..engine.editions import EDITIONS

__all__ = ["GAMES", "new_game", "load_game", "to_move", "totals", "make_bot", "public_view",
           "refusal", "movers", "IllegalMoveError", "BOTS"]

GAMES = tuple(sorted(registry.GAMES, key=lambda name: name != "periodic"))  # periodic first


def editions() -> tuple[str, ...]:
    return tuple(EDITIONS)


def game_class(game: str) -> Any:
    return registry.GAMES[game].game


def new_game(game: str, names: list[str], edition: str, seed: int | None,
             class_code: str | None, max_rounds: int | None = None) -> Any:
    """A new game for a table. ``class_code``: a duplicate deal, every table the code's seed."""
    if game == "periodic":
        if class_code is not None:
            return PeriodicGame(players=names, edition=edition, class_code=class_code,
                                max_rounds=max_rounds)
        return PeriodicGame(players=names, edition=edition, seed=seed, max_rounds=max_rounds)
    if class_code is not None:
        seed = seed_from_class_code(class_code)
    return game_class(game)(players=names, seed=seed, max_rounds=max_rounds)


def load_game(game: str, save: str) -> Any:
    return game_class(game).from_dict(json.loads(save))


def trend_moves(game: str, save: str) -> list[tuple[int, str, str, str]]:
    """Every Spend, Gain and Free Action move of a Periodic save, in order, as ``(seat, trend,
    from, to)`` (Elemonster has no trends: ``[]``). The save holds only the destinations, so
    the game is replayed from its seed to read where each flask stood before its move."""
    if game != "periodic":
        return []
    from ..engine.actions import Action
    doc = json.loads(save)
    g = game_class(game).from_dict({**doc, "actions": []})
    out = []
    for text in doc["actions"]:
        action = Action.parse(text)
        if action.is_activation:
            st = g._state  # the engine's own state, read only: where the mover's flask is
            out.append((st.seat, action.trend, st.flask[st.seat], action.dest))
        g.play(action)
    return out


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
    """Each seat's score: final when the game is over, else provisional (Periodic: the public
    part only, without the hidden agenda; Elemonster: bond points and the hand's penalty)."""
    rows = g.scores()
    if isinstance(g, PeriodicGame) and not g.is_over:
        return [r["printed_points"] + r["lab_points"] + r["aa_value"] + r["cubes_on_incomplete"]
                for r in rows]
    return [r["total"] for r in rows]


def bot_names(game: str) -> tuple[str, ...]:
    return tuple(registry.GAMES[game].bots)


def make_bot(game: str, name: str, seed: int) -> Any:
    return registry.GAMES[game].make_bot(name, seed, explain=False)


def bot_action(game: str, g: Any, seat: int, bot: str, seed: int) -> str:
    """The action the bot ``bot`` chooses for ``seat``, reading only that seat's view."""
    decision = make_bot(game, bot, seed).choose(g.observe(seat))
    return decision.action.text


def public_view(g: Any) -> dict[str, Any]:
    """What a spectator (a projector) may see: everything public, no seat's secrets.

    Built from seat 0's view with that seat's secrets removed (Periodic: its agenda, its
    dealt agenda choices, its agenda score; Elemonster: its hand and the hand's penalty, a
    forced-swap card), and no legal actions. When the game is over, the final scores are
    public (the agendas are revealed by the rules)."""
    view = g.view(0)
    view["legal_actions"] = []
    if isinstance(g, PeriodicGame):
        view["player"] = None
        view["agenda_choices"] = []
        for p in view["players_state"]:
            p["agenda"] = None
        for s in view["scores"]:
            s["agenda"] = s["agenda_assignment"] = s["total"] = None
        if g.is_over:
            view["final_scores"] = g.scores()
    else:
        view["seat"] = None
        view.pop("hand", None)
        view.pop("hand_penalty", None)
        duel = view.get("duel")
        if duel and duel.get("swap_card") not in (None, "hidden"):
            duel["swap_card"] = "hidden"
        if g.is_over:
            view["final_scores"] = g.scores()
    return view


# ---- refusals ---------------------------------------------------------------------------------
_TYPED = ("not_string", "seat_only_gain", "spot_order", "not_notation", "unknown_code",
          "not_a_cell")
#: refusals of text the engine could not read as a move at all: the room keeps them as "an
#: unreadable move", never the text (issue 29: no free text on the teacher's page)
UNREAD = ("notation", "not_string", "not_notation", "unknown_code", "not_a_cell")


def _elemonster_keys() -> dict[str, str]:
    """Elemonster's refusal message (its catalog id, an English text) -> the rules' short id
    for it (the rules keep both in one table); ids the room stores instead of sentences."""
    try:
        from ..elemonster import rules
        table = getattr(rules, "_WHY", {})
        # a part of a sentence ("now player 2 must <parry or yield>"): "prompt.<id>"
        parts = getattr(rules, "_PROMPT_WHAT", {})
    except ImportError:  # pragma: no cover
        table, parts = {}, {}
    keys = {(m if isinstance(m, str) else m[0]): f"prompt.{k}" for k, m in parts.items()}
    keys.update({(m if isinstance(m, str) else m[0]): k for k, m in table.items()})
    return keys


def _reason_id(game: str, key: Any) -> str:
    if game == "periodic":
        return str(key)
    msgid = key if isinstance(key, str) else key[0]
    return _elemonster_keys().get(msgid, "other")


def _plain(game: str, value: Any) -> Any:
    """A reason's parameter as JSON: ids, numbers, lists of them; a nested reason (a part of
    the sentence) as ``{"id", "params"}``."""
    if hasattr(value, "key") and hasattr(value, "params"):
        return {"id": _reason_id(game, value.key),
                "params": {k: _plain(game, v) for k, v in value.params.items()}}
    if isinstance(value, (list, tuple)):
        return [_plain(game, v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def refusal(game: str, error: IllegalMoveError) -> tuple[str, str, str, dict]:
    """``(reason id, group kind, group id, params)`` of a refused move, never free text.

    The reason is the rules' own: Periodic's :class:`~periodic_edu.engine.reasons.Reason` key,
    Elemonster's reason id (``rules._WHY``), with their parameters (ids and numbers). Grouped by
    the trend when the reason names one (``"trend"``: ``ionization_energy``...), in Elemonster
    by the duel value (``"value"``: ``ie``...), else by the rule (the reason's id). A refusal
    without a structured reason (notation the engine could not read) is the rule
    ``notation``."""
    why = getattr(error, "why", None)
    if not (hasattr(why, "key") and hasattr(why, "params")):
        why = getattr(error, "reason", None)
    if not (hasattr(why, "key") and hasattr(why, "params")):
        return "notation", "rule", "notation", {}
    key = _reason_id(game, why.key)
    params = {k: _plain(game, v) for k, v in why.params.items()}
    if game == "periodic" and key in _TYPED:
        params.pop("text", None)  # what was typed is kept once, as the refusal's action
    if game == "periodic":
        if isinstance(params.get("trend"), str):
            return key, "trend", params["trend"], params
        return key, "rule", key, params
    values = params.get("v", params.get("values"))
    if isinstance(values, str):
        return key, "value", values, params
    if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
        return key, "value", values[0], params
    return key, "rule", key, params
