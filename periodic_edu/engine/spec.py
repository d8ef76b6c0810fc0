"""Periodic as the kit hosts it: one :class:`~periodic_edu.tabletop.spec.GameSpec`, registered
once (:data:`SPEC`). Everything the command line, the simulation, a table, the room and the
teacher's page need to know of Periodic and cannot guess lives here: its settings and editions,
how it ends (RULES D-11, D-12), its replay picture, its table rules (the public log, R-5), and
its room facts (the public view of a seat, the provisional score, refusals grouped by trend,
the moves checked against the data).

>>> from periodic_edu.tabletop.spec import GAMES
>>> GAMES["periodic"] is SPEC, SPEC.edition_ok("en"), SPEC.edition_ok("xx")
(True, True, False)
"""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping, Sequence

from ..board import TREND_NAMES
from ..chemistry import element_name
from .. import i18n
from ..tabletop.spec import (DEFAULT_MAX_ROUNDS, GameSpec, RoomFacts, TurnGameRules, join_and,
                             register_game)
from ..tabletop.table import Text
from . import bots
from .actions import Action
from .editions import EDITIONS
from .game import Game
from .reasons import MESSAGES, Reason
from .story import Snapshot, entry_text, make_entry

__all__ = ["SPEC", "PeriodicRules", "PeriodicRoom"]


def _settings(options: Mapping[str, Any]) -> dict[str, Any]:
    return {"edition": options.get("edition", "en"),
            "max_rounds": options.get("max_rounds", DEFAULT_MAX_ROUNDS)}


def _end(game: Game) -> str:
    """A goal ``stack`` ran out, the AA ``track`` (D-11), or the ``round_limit`` (D-12)."""
    st = game.state
    if st.ended_by == "round_limit":
        return "round_limit"
    return "stack" if st.trigger and st.trigger[1] == "stack" else "track"


def _picture(game: Game) -> dict[str, Any]:
    st = game.state
    return {"phase": st.phase, "current_player": st.seat,
            "players": [{"seat": p, "name": st.names[p], "energy": st.energy[p],
                         "flask": st.flask[p], "aa_index": st.aa[p],
                         "research_cubes": st.cubes[p], "completed_cards": list(st.won[p]),
                         "tiles": list(st.tiles[p])} for p in range(st.n)],
            "face_up": list(st.face), "trend_spots": list(st.spots)}


class PeriodicRules(TurnGameRules):
    """Periodic (:class:`periodic_edu.engine.Game`) at a table."""

    @staticmethod
    def settings(game: Game) -> dict[str, Any]:
        return {"players": list(game.names), "edition": game.edition,
                "max_rounds": game.max_rounds}

    @staticmethod
    def tell(game: Game, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        parsed = action if isinstance(action, Action) else Action.parse(action)
        text = entry_text(game, seat, parsed, lang)  # the same public describer for everyone
        before = Snapshot(game.state)
        index = len(game.history)

        def finish(after: Game) -> dict[str, Any]:
            entry = make_entry(after, index, seat, parsed, text, None, before, lang)
            return {key: entry[key] for key in ("round", "text", "from", "to", "events",
                                                "action")}  # action: None for a secret agenda
        return finish

    @staticmethod
    def hidden_text(row: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return row["text"]  # pragma: no cover - every Periodic entry is public

    def reveal_words(self, kinds: Sequence[str], lang: str) -> str:
        return join_and([Text(f"reveal_{k}").render(lang) for k in kinds], lang)


#: refusals whose parameters hold what was typed: the room keeps it once, as the action
_TYPED = ("not_string", "seat_only_gain", "spot_order", "not_notation", "unknown_code",
          "not_a_cell")


class PeriodicRoom(RoomFacts):
    """Periodic's facts for a class room."""

    unread = ("notation", "not_string", "not_notation", "unknown_code", "not_a_cell")

    def new_game(self, names: list[str], edition: str, seed: int | None,
                 class_code: str | None, max_rounds: int | None) -> Game:
        if class_code is not None:  # the duplicate deal of the code (its own seed, R-13)
            return Game(players=names, edition=edition, class_code=class_code,
                        max_rounds=max_rounds)
        return Game(players=names, edition=edition, seed=seed, max_rounds=max_rounds)

    def trend_moves(self, save: str) -> list[tuple[int, str, str, str]]:
        """Every Spend, Gain and Free Action move, in order, as ``(seat, trend, from, to)``.
        The save holds only the destinations, so the game is replayed from its seed to read
        where each flask stood before its move."""
        doc = json.loads(save)
        g = Game.from_dict({**doc, "actions": []})
        out = []
        for text in doc["actions"]:
            action = Action.parse(text)
            if action.is_activation:
                st = g.state  # read only: where the mover's flask is
                out.append((st.seat, action.trend, st.flask[st.seat], action.dest))
            g.play(action)
        return out

    def totals(self, game: Game) -> list[int]:
        """Final scores at the end; before it, the public part only (printed and lab points,
        the AA track, cubes on incomplete cards), never the hidden agenda."""
        rows = game.scores()
        if not game.is_over:
            return [r["printed_points"] + r["lab_points"] + r["aa_value"]
                    + r["cubes_on_incomplete"] for r in rows]
        return [r["total"] for r in rows]

    def public_view(self, game: Game) -> dict[str, Any]:
        """Seat 0's view without its secrets: its agenda, its dealt agenda choices, its agenda
        score, and no legal actions. At the end the final scores are public (the agendas are
        revealed by the rules)."""
        view = game.view(0)
        view["legal_actions"] = []
        view["player"] = None
        view["agenda_choices"] = []
        for p in view["players_state"]:
            p["agenda"] = None
        for s in view["scores"]:
            s["agenda"] = s["agenda_assignment"] = s["total"] = None
        if game.is_over:
            view["final_scores"] = game.scores()
        return view

    def _stored(self, message: dict[str, Any]) -> dict[str, Any]:
        stored = super()._stored(message)
        if stored["id"] in _TYPED:
            stored["params"].pop("text", None)  # what was typed is kept once, as the action
        return stored

    def group(self, reason: str, params: dict[str, Any]) -> tuple[str, str]:
        """By the trend the refused move named (how a class misreads a trend), else the rule."""
        if isinstance(params.get("trend"), str):
            return "trend", params["trend"]
        return "rule", reason

    def message(self, reason: str, params: dict[str, Any], action: str) -> Reason:
        if reason not in MESSAGES:
            raise KeyError(reason)
        params = dict(params)
        text = MESSAGES[reason]
        text = text if isinstance(text, str) else text[0]
        if "{text}" in text and "text" not in params:
            # the room keeps what was typed once, as the action (none on the projector)
            params["text"] = action or "…"
        return Reason(reason, **params)

    def group_word(self, kind: str, gid: str, lang: str) -> str | None:
        if kind != "trend":
            return None
        return i18n.gettext("board", TREND_NAMES[gid], lang) if gid in TREND_NAMES else gid

    def seat_facts(self, view: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        if seat >= len(view.get("players_state", ())):
            return {}
        p = view["players_state"][seat]
        flask = p.get("flask")
        return {"flask": f"{element_name(flask, lang)} ({flask})" if flask else None,
                "energy": p.get("energy"), "cubes": p.get("research_cubes"),
                "cards": len(p.get("completed_cards") or ()), "aa": p.get("aa_value")}


SPEC = register_game(GameSpec(
    name="periodic", title="Periodic", game=Game, bots=bots.BOTS,
    settings=_settings, end_kind=_end, state_picture=_picture,
    save_stem=lambda o, n, seed: f"game_{o.get('edition', 'en')}_{n}p_seed{seed}",
    # a Periodic bot says its sentence only when it is read: nothing to switch off
    bot_factory=lambda name, seed, lang, explain: bots.make_bot(name, seed, lang),
    end_kinds=("stack", "track", "round_limit"),
    turns_of=lambda game: game.turns,  # finished turns
    balance_settings=lambda edition, rounds: {"edition": edition, "max_rounds": rounds},
    report_settings=("edition",), editions=tuple(EDITIONS), rules_book="rules.md",
    table_rules=PeriodicRules, room=PeriodicRoom()))
