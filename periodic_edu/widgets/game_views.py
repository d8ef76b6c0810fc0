"""Which widget shows which game: the widget side of the game registry
(:mod:`periodic_edu.games`; the games import no widget code, so their widgets are named here).

One :class:`GameViews` per game: its class-seat widget, the dashboard tab it plays on, its
homework widget and the page text that sends a student to its tab. The kit's two games are
named by ``"module:attribute"`` (imported when first asked: a kernel that never opens a game
never loads its widget); a game from elsewhere registers its classes directly.

>>> views_of("elemonster").dashboard_tab, views_of("nope") is None
(3, True)
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

__all__ = ["GameViews", "VIEWS", "register_views", "views_of", "resolve", "tab_of"]


@dataclass(frozen=True)
class GameViews:
    """A game's widgets (each a class or function, or its ``"module:attribute"``)."""

    name: str
    #: ``(seat, lang=...)`` -> the widget of one room seat (:mod:`.class_seat`)
    seat_view: Any
    #: the dashboard tab the game plays on (None: it has none)
    dashboard_tab: int | None = None
    #: ``(assignment, lang, bot_delay)`` -> the game widget playing a homework assignment
    assigned: Any = None
    #: the page text (``PAGE`` key) saying "this class plays <game>: join it on its tab"
    join_on_its_tab: str = ""


#: game name -> its widgets
VIEWS: dict[str, GameViews] = {}


def register_views(views: GameViews) -> GameViews:
    VIEWS[views.name] = views
    return views


def views_of(game: str) -> GameViews | None:
    return VIEWS.get(game) if isinstance(game, str) else None


def resolve(ref: Any) -> Any:
    """A class or function from its ``"module:attribute"`` (a relative module is this
    package's), or ``ref`` itself."""
    if not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module, __package__), name)


def tab_of(game: str) -> int | None:
    views = views_of(game)
    return None if views is None else views.dashboard_tab


register_views(GameViews("periodic", seat_view="._seat_views:ClassGameWidget", dashboard_tab=2,
                         assigned=".homework_game:periodic_assigned",
                         join_on_its_tab="class_other_game_periodic"))
register_views(GameViews("elemonster", seat_view="._seat_views:ClassElemonsterWidget",
                         dashboard_tab=3, assigned=".homework_game:elemonster_assigned",
                         join_on_its_tab="class_other_game"))
