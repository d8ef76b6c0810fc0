"""GameWidget: a whole live game of Periodic in one widget, for people and bots.

Python holds the truth (a :class:`~periodic_edu.engine.Game`); the browser draws what Python
syncs and sends *intents* (``model.send``), never state (DESIGN §1). What is synced is what the
human seat whose turn it is may see (RULES §5): that seat's own view, public constants and a log
of public facts. The face-down stacks, the box, the award stacks, other players' agendas and
the seed stay in Python. Every synced trait is read-only for the browser: a write is refused,
``error`` says so and Python sends its value again.

>>> from periodic_edu.widgets import GameWidget
>>> w = GameWidget(players=["Ada", "Grace"], bots={1: "greedy"}, seed=11, max_rounds=2)
>>> w.view["phase"], w.view["player"], w.seats[1]["bot"]
('agenda', 0, 'greedy')
>>> w.handle_message({"type": "act", "action": w.view["legal_actions"][0]})
True
>>> w.bot_pending                  # the bot chooses its agenda next (the browser's timer)
True
>>> w.run_bots() > 0, w.view["phase"], w.game_log[-1]["name"]
(True, 'start', 'Grace')
>>> w.handle_message({"type": "act", "action": "end"}), w.error[:34]
(False, 'every turn needs at least one paid')

Seats count from 0, as in the engine API. Bots: ``"random"``, ``"greedy"``, ``"search"``
(:mod:`periodic_edu.engine.bots`). Bot turns are paced by the browser: while the seat to move is a bot
(``bot_pending``) and the widget is not ``paused``, the front end sends ``step_bot`` after
``bot_delay`` seconds and Python plays ONE bot action, so the kernel is never blocked and every
action (with its sentence) shows. Without a front end, :meth:`step_bot` / :meth:`run_bots`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import traitlets

from .. import board, trends
from .. import i18n
from ..engine.bots import BOTS
from ..engine import AA_VALUES, COLOURS, FAMILIES, TREND_ABBR, EngineError, IllegalMoveError
from ..engine.scoring import OBJECTIVE_TEXT
from ..tabletop.seeds import new_seed, parse_class_code, seed_from_class_code
from ..engine.tables import AA_CAPACITY
from ..engine.reasons import card_namer
from ..locale.widget_texts import DASHBOARD, FRONT_END
from ..tabletop.table import Text
from . import _a11y_payload, _payload
from ._assets import css, esm
from ._base import describe, local
from ..engine.story import OBJECTIVE_WORDS
from ..engine.spec import SPEC as _SPEC
from ._table_widget import PLAYER_COLOURS, TableWidget
from .save_store import SaveStore

__all__ = ["GameWidget", "PLAYER_COLOURS"]

#: Periodic's rules at a table (its spec's, made once)
PERIODIC = _SPEC.rules

#: the engine's reasons (engine.reasons.MESSAGES) that quote notation or seat numbers
_NOTATION_REASONS = frozenset({
    "name_seat", "not_richest", "no_seat_from", "seat_only_gain", "spot_order",
    "not_notation", "unknown_code", "not_a_cell", "not_string", "seat_not_needed"})
#: ... and those whose words the page's own prompt says (what to decide first)
_SAID_BY_PROMPT = {"agenda_first": "prompt_agenda", "discover_first": "prompt_discover",
                   "decide_first": "prompt_discover"}

#: Most log entries synced to the browser (the full log stays in :attr:`GameWidget.log_entries`).
LOG_WINDOW = 120
#: Where the How to play panel links the rules (docs/rules.md). Empty: the project's public
#: address is not known (see [tool.periodic-edu] repository), so the panel names the file
#: instead of linking a repository that may not exist.
RULES_URL = ""


def _seat_bots(bots: Any, n: int, known: Any = BOTS, game: str = "") -> list[str | None]:
    """``{seat: name}`` or a list (None for a person) -> one bot name or None per seat."""
    if bots is None:
        return [None] * n
    if isinstance(bots, Mapping):
        out: list[str | None] = [None] * n
        for seat, name in bots.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"bots: seat {seat!r} is not a seat of this game (0 to {n - 1}; "
                                 "seats count from 0)")
            out[seat] = name
    elif isinstance(bots, (list, tuple)):
        if len(bots) != n:
            raise ValueError(f"bots: a list needs one entry per player ({n}), not {len(bots)}")
        out = list(bots)
    else:
        raise ValueError(f"bots must be a dict {{seat: bot name}} or a list with None for "
                         f"people, not {describe(bots)}")
    for name in out:
        if name is not None and name not in known:
            raise ValueError(f"bots: unknown {game}bot {name!r}: choose one of {', '.join(known)}")
    return out


def _seat_names(players: Any, kinds: list[str | None], lang: str = "en") -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        names = [i18n.gettext("widgets", FRONT_END["player_n"], lang).format(n=i + 1)
                 if k is None else i18n.gettext("widgets", DASHBOARD[f"bot_{k}"], lang)
                 for i, k in enumerate(kinds)]
        return [f"{name} {i + 1}" if names.count(name) > 1 else name
                for i, name in enumerate(names)]
    return list(players)


def _player_count(players: Any) -> int:
    if isinstance(players, bool):
        raise ValueError(f"players must be 2 to 5 or a list of names, not {players!r}")
    if isinstance(players, int):
        return players
    if isinstance(players, (list, tuple)):
        return len(players)
    raise ValueError(f"players must be 2 to 5 or a list of names, not {describe(players)}")


class GameWidget(TableWidget):
    """A live game of Periodic: board, trend spots, goal cards, players, tracks, log, scores.

    Parameters: ``players`` (2-5, or a list of names), ``seed`` (int; None draws one),
    ``bots`` (``{seat: "greedy"}`` or a list like ``[None, "search"]``; seats from 0),
    ``edition`` (``"en"`` or ``"uk"``), ``max_rounds`` (None: no limit), ``bot_delay``
    (seconds between two bot actions in the browser, default 0.8), ``save_store`` (a
    :class:`~periodic_edu.widgets.save_store.SaveStore`: the game is saved there after every
    action and a reloaded page may resume it; None, the default, saves nothing),
    ``class_code`` (``"K7Q2-M9XD"``: the deal every student who types the code gets; it
    stands for the seed and is kept in saves; later ``new_game()`` deals are fresh).
    The game, seats, log, undo and saves live in :attr:`table`
    (:class:`~periodic_edu.tabletop.table.Table`).
    """

    _esm = esm("game.js")
    _css = css("periodic.css", "game.css")
    RULES_GAME = "periodic"  # the How to play panel opens its rules page

    reach = traitlets.Dict(help="trend -> {cell: steps} from the flask of the person to move.").tag(
        sync=True)

    def __init__(self, players: int | Sequence[str] = 2, seed: int | None = None,
                 bots: Any = None, edition: str = "en", max_rounds: int | None = None,
                 bot_delay: float = 0.8, save_store: SaveStore | None = None,
                 class_code: str | None = None, **kwargs: Any) -> None:
        n = _player_count(players)
        if not 2 <= n <= 5:
            raise ValueError(f"Periodic is played by 2 to 5 players, not {n}")
        kinds = _seat_bots(bots, n)
        if class_code is not None:  # the class's shared deal (raises ClassCodeError, a ValueError)
            seed = seed_from_class_code(parse_class_code(class_code))
        elif seed is None:
            seed = new_seed()  # 128 bits from secrets: the deal cannot be searched for
        names = _seat_names(players, kinds, i18n.resolve_language(kwargs.get("lang")))
        settings = {"players": names, "edition": edition, "max_rounds": max_rounds}
        # the code is kept in the first game's saves; later new games are fresh deals
        self._open(PERIODIC, names, kinds, seed, {**settings, "class_code": class_code},
                   bot_delay, save_store, kwargs)
        self.table.settings = settings

    def _summary(self, lang: str) -> str:
        """"Resume your game (round 3, you vs greedy bot)", in ``lang``."""
        g = self.table.game
        kinds = self.table.kinds
        say = lambda table, key: i18n.gettext("widgets", table[key], lang)  # noqa: E731
        you = {i18n.gettext("widgets", FRONT_END["you"], code).lower() for code in i18n.LANGUAGES}
        people = ", ".join(i18n.in_sentence(n, lang) if n.lower() in you else n
                           for n, k in zip(g.names, kinds) if k is None)
        bots = ", ".join(say(FRONT_END, "bot_tag").format(kind=say(FRONT_END, f"bot_kind_{k}"))
                         for k in kinds if k is not None)
        who = Text("versus", people=people, bots=bots).render(lang) if bots else people
        when = (say(DASHBOARD, "where_setup") if g.state.phase == "agenda"
                else say(DASHBOARD, "where_round").format(n=g.round))
        return Text("resume_summary", when=when, who=who).render(lang)

    def _game_refusal(self, exc: Exception) -> str | None:
        if isinstance(exc, IllegalMoveError):
            # the rule in words: no "Dora (player 3) cannot play 's:ar>He'" (issue 28); a rule
            # that quotes notation (only a tampered or stale page meets one) in plain words
            g = self.table.game
            why = exc.reason
            if why is not None and why.key in _SAID_BY_PROMPT:  # what to do first, in words
                return i18n.gettext("widgets", FRONT_END[_SAID_BY_PROMPT[why.key]], self.lang)
            if why is None or why.key in _NOTATION_REASONS:
                return Text("move_not_possible").render(self.lang)
            return why.render(self.lang, cards=card_namer(g.state.ctx.goal_deck))
        if isinstance(exc, EngineError):
            return local(exc, self.lang)
        return None

    def _first_traits(self, lang: str) -> dict[str, Any]:
        return {"static": _static(lang)}  # game.js draws the board from it at once

    def _translate(self, lang: str) -> None:
        # the words and names change; the game, its log so far and the seats do not
        if not getattr(self, "_ready", False):
            return
        self.table.lang = lang  # the next sentences a bot says
        self.static = _static(lang)
        self._sync()  # the card names of the view, the log in the new language

    def _sync_view(self, viewer: int | None, person: int | None) -> dict[str, Any]:
        g = self.table.game
        st = g.state
        if viewer is None:
            view = g.view(0)
            view["player"] = -1
            view["players_state"][0]["agenda"] = None
            view["agenda_choices"] = []
            view["legal_actions"] = []
        else:
            view = g.view(viewer)
            if person is None:  # not this person's turn (or the game went to another tab)
                view["legal_actions"] = [] if self.table.moved_away else view["legal_actions"]
        for row in view.get("goal_cards", []):  # compound names as the language writes them
            if isinstance(row, dict) and isinstance(row.get("card"), dict):
                row["card"]["name"] = i18n.gettext("decks", row["card"]["name"], self.lang)
        reach: dict[str, dict[str, int]] = {}
        if person is not None and st.phase not in ("agenda", "over"):
            here = st.flask[person]
            reach = {t: dict(board.reach(here, t)) for t in board.TRENDS}
        final: dict[str, Any] = {}
        if g.is_over:
            scores = g.scores()
            ids = {c for row in scores for c in row["cards"]}
            deck = st.ctx.goal_deck.by_id
            final = {
                "scores": scores, "winners": g.winners(),
                "cards": {c: {"name": i18n.gettext("decks", deck[c].name, self.lang),
                              "formula": deck[c].formula, "colour": deck[c].colour,
                              "points": deck[c].points} for c in ids},
                "agendas": {row["agenda_id"]: list(st.ctx.agenda_deck.by_id[row["agenda_id"]]
                                                    .objectives)
                            for row in scores if row["agenda_id"]},
            }
        return {"view": view, "reach": reach, "final": final}

    def __repr__(self) -> str:
        return f"<GameWidget {self.table.game!r}>"


def _static(lang: str = "en") -> dict[str, Any]:
    """Public constants the front end needs once (names in ``lang``)."""
    return {
        "cells": _payload.named_cells(_payload.board_cells(), lang),
        # property, sign and label: a focused cell describes the chosen trend's value, rank
        # and arrow as the explorer's cells do (widgets_js/cell_describe.js, issue 33)
        "trends": [{"id": t, "code": TREND_ABBR[t],
                    "name": i18n.gettext("board", board.TREND_NAMES[t], lang),
                    "property": trends.TREND_PROPERTY[t], "sign": trends.TREND_SIGN[t],
                    "label": _property_label(trends.TREND_PROPERTY[t], lang)}
                   for t in board.TRENDS],
        "aa_values": list(AA_VALUES),
        "aa_capacity": {str(k): v for k, v in AA_CAPACITY.items()},
        "colours": list(COLOURS),
        "families": {f: list(members) for f, members in FAMILIES.items()},
        "rules_url": RULES_URL,
        # the trends' values at every cell: the board plays a move's reach as pitch (issue 33)
        "trend_values": _a11y_payload.trend_values(),
        # each cell's rank in its period and group, per trend property (sent once: ~4 kB)
        "ranks": _a11y_payload.rank_table(),
        "objectives": {k: i18n.gettext("widgets", OBJECTIVE_WORDS[k], lang) if k in OBJECTIVE_WORDS
                       else i18n.gettext("decks", v, lang) for k, v in OBJECTIVE_TEXT.items()},
    }


def _property_label(field: str, lang: str) -> str:
    """The trend property's label in ``lang`` as the explorer names it; empty for the atomic
    number, which the front end names from its own strings."""
    label = _payload.PROPERTIES.get(field)
    return i18n.gettext("widgets", label, lang) if label else ""
