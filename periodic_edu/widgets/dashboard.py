"""The workshop dashboard: three tabs, no code in sight (served by Voila from
``lessons/dashboard.ipynb``).

>>> from periodic_edu.widgets.dashboard import dashboard
>>> app = dashboard(seed=1)
>>> [app.get_title(i) for i in range(3)]
['Explore trends', 'Element cards', 'Play']
"""
from __future__ import annotations

import secrets

import ipywidgets as w

from ..chemistry import ELEMENTS
from . import ElementCard, GameWidget, explore

__all__ = ["dashboard", "element_cards", "play"]

BOT_CHOICES = (("Search bot (strongest)", "search"), ("Greedy bot", "greedy"),
               ("Random bot (easiest)", "random"))


def element_cards(symbol: str = "Fe") -> w.VBox:
    """A picker over all 118 elements and the :class:`ElementCard` it shows."""
    picker = w.Dropdown(
        options=[(f"{e.atomic_number} {e.symbol} — {e.name}", e.symbol) for e in ELEMENTS],
        value=symbol, description="Element", layout=w.Layout(width="320px"))
    card = ElementCard(symbol)
    w.dlink((picker, "value"), (card, "symbol"))
    return w.VBox([picker, card])


def play(seed: int | None = None) -> w.VBox:
    """Game setup controls and a :class:`GameWidget`: one human seat against bots."""
    players = w.BoundedIntText(value=2, min=2, max=5, description="Players",
                               layout=w.Layout(width="160px"))
    opponent = w.Dropdown(options=BOT_CHOICES, value="greedy", description="Opponents")
    edition = w.Dropdown(options=(("English", "en"), ("Ukrainian", "uk")), value="en",
                         description="Edition", layout=w.Layout(width="200px"))
    rounds = w.Dropdown(options=(("8 rounds (a lesson)", 8), ("15 rounds", 15),
                                 ("no limit", None)), value=8, description="Length")
    # no icon: Voila's template loads Font Awesome from a CDN, which a classroom may not reach
    start = w.Button(description="Start a game with these settings", button_style="primary",
                     layout=w.Layout(width="auto"))
    holder = w.VBox()

    def new_game(_=None, game_seed: int | None = None) -> None:
        n = players.value
        holder.children = [GameWidget(
            players=["Player 1"] + [f"Bot {i + 1}" for i in range(1, n)],
            bots={i: opponent.value for i in range(1, n)},
            edition=edition.value, max_rounds=rounds.value,
            seed=secrets.randbelow(2**31) if game_seed is None else game_seed)]

    start.on_click(new_game)
    new_game(game_seed=seed)
    setup = w.HBox([players, opponent, edition, rounds, start],
                   layout=w.Layout(flex_flow="row wrap", align_items="center"))
    return w.VBox([setup, holder])


def dashboard(symbol: str = "Na", seed: int | None = None) -> w.Tab:
    """The three tabs of the workshop dashboard."""
    tabs = w.Tab(children=[explore(symbol), element_cards(), play(seed)])
    for i, title in enumerate(("Explore trends", "Element cards", "Play")):
        tabs.set_title(i, title)
    return tabs
