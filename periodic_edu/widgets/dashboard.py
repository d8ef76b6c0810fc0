"""The workshop dashboard: four tabs, no code in sight (served by Voila from
``lessons/dashboard.ipynb``).

>>> from periodic_edu.widgets.dashboard import dashboard
>>> app = dashboard(seed=1)
>>> [app.get_title(i) for i in range(4)]
['Explore trends', 'Element cards', 'Play', 'Elemonster']
"""
from __future__ import annotations

import html

import ipywidgets as w

from ..chemistry import ELEMENTS
from . import ElementCard, ElemonsterWidget, GameWidget, explore
from ..engine.seeds import ClassCodeError, new_class_code, parse_class_code
from .save_store import SaveStore

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


def _seat_names(n: int, bot: str) -> list[str]:
    label = dict((v, k) for k, v in BOT_NAMES.items())[bot]
    return ["You"] + ([label] if n == 2 else [f"{label} {i}" for i in range(1, n)])


BOT_NAMES = {"Search bot": "search", "Greedy bot": "greedy", "Random bot": "random"}
#: The words of the Play tab's setup (one place, for the message catalog).
TEXT = {
    "players": "Players", "opponents": "Opponents", "edition": "Edition", "length": "Length",
    "start": "Start a game with these settings",
    "confirm": "A game is in progress ({where}). Start a new one and lose it?",
    "yes": "Yes, start a new game", "no": "Keep playing",
    "code": "Class code", "code_hint": "e.g. K7Q2-M9XD (empty: a deal of your own)",
    "new_code": "New class code", "code_note": "Everyone who types {code} gets the same deal.",
}


def play(seed: int | None = None, save_store: SaveStore | None = None) -> w.VBox:
    """Game setup controls and a :class:`GameWidget`: one human seat ("You") against bots.

    The game is saved in ``save_store`` (default: a :class:`SaveStore` in the user's data
    directory) after every action, so a reloaded page can resume it."""
    store = SaveStore() if save_store is None else save_store
    players = w.BoundedIntText(value=2, min=2, max=5, description=TEXT["players"],
                               layout=w.Layout(width="160px"))
    opponent = w.Dropdown(options=BOT_CHOICES, value="greedy", description=TEXT["opponents"])
    edition = w.Dropdown(options=(("English", "en"), ("Ukrainian", "uk")), value="en",
                         description=TEXT["edition"], layout=w.Layout(width="200px"))
    rounds = w.Dropdown(options=(("8 rounds (a lesson)", 8), ("15 rounds", 15),
                                 ("no limit", None)), value=8, description=TEXT["length"])
    # no icon: Voila's template loads Font Awesome from a CDN, which a classroom may not reach
    start = w.Button(description=TEXT["start"], button_style="primary",
                     layout=w.Layout(width="auto", min_height="32px"))
    code = w.Text(value="", description=TEXT["code"], placeholder=TEXT["code_hint"],
                  layout=w.Layout(width="300px"))
    code_button = w.Button(description=TEXT["new_code"],
                           layout=w.Layout(width="auto", min_height="32px"))
    code_note = w.HTML()
    question = w.HTML()
    yes = w.Button(description=TEXT["yes"], button_style="danger",
                   layout=w.Layout(width="auto", min_height="32px"))
    no = w.Button(description=TEXT["no"], layout=w.Layout(width="auto", min_height="32px"))
    confirm = w.HBox([question, yes, no], layout=w.Layout(flex_flow="row wrap",
                                                          align_items="center",
                                                          display="none"))
    holder = w.VBox()

    def class_code() -> str | None:
        """The typed code, normalized; None when empty. Raises ClassCodeError (says why)."""
        return parse_class_code(code.value) if code.value.strip() else None

    def new_game(_=None, game_seed: int | None = None) -> None:
        n = players.value
        confirm.layout.display = "none"
        try:
            typed = class_code()
        except ClassCodeError as exc:
            code_note.value = f'<span role="alert" style="color:#b91c1c">{html.escape(str(exc))}</span>'
            return
        code_note.value = html.escape(TEXT["code_note"].format(code=typed)) if typed else ""
        if typed:
            code.value = typed
        holder.children = [GameWidget(
            players=_seat_names(n, opponent.value),
            bots={i: opponent.value for i in range(1, n)},
            edition=edition.value, max_rounds=rounds.value, save_store=store,
            class_code=typed,
            seed=None if typed else game_seed)]  # None: GameWidget draws 128 bits

    def fresh_code(_=None) -> None:
        code.value = new_class_code()
        code_note.value = ""

    def ask(_=None) -> None:
        game = holder.children[0] if holder.children else None
        if game is not None and game.in_progress:
            where = "setup" if game.game.state.phase == "agenda" else f"round {game.game.round}"
            question.value = f"<strong>{html.escape(TEXT['confirm'].format(where=where))}</strong>"
            confirm.layout.display = "flex"
        else:
            new_game()

    start.on_click(ask)
    code_button.on_click(fresh_code)
    yes.on_click(new_game)
    no.on_click(lambda _: setattr(confirm.layout, "display", "none"))
    new_game(game_seed=seed)
    setup = w.HBox([players, opponent, edition, rounds, code, code_button, start],
                   layout=w.Layout(flex_flow="row wrap", align_items="center"))
    return w.VBox([w.HTML(STYLE, layout=w.Layout(display="none")), setup, code_note, confirm,
                   holder])


#: The dashboard's own touches to the ipywidgets it uses: the tab labels keep 4.5:1 contrast
#: (Voila's theme greys out the inactive ones) and every control is a 24 px touch target.
STYLE = """<style>
.widget-tab > .lm-TabBar .lm-TabBar-tab, .widget-tab > .lm-TabBar .lm-TabBar-tabLabel {
  color: #1b1b1b !important; opacity: 1 !important; }
.widget-tab > .lm-TabBar .lm-TabBar-tab { min-height: 28px; }
/* four tabs (longer in German and Ukrainian) never cut a label: tabs keep their natural width
   and wrap onto a second row on a phone */
.widget-tab > .lm-TabBar { height: auto !important; min-height: 0 !important; }
.widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto !important; max-width: none !important; }
.widget-tab > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible !important; text-overflow: clip !important; }
.widget-tab > .lm-TabBar .lm-TabBar-tab:focus-visible { outline: 3px solid #111; outline-offset: -3px; }
</style>"""


def dashboard(symbol: str = "Na", seed: int | None = None,
              save_store: SaveStore | None = None) -> w.Tab:
    """The four tabs of the workshop dashboard (the fourth: Elemonster against a greedy bot)."""
    tabs = w.Tab(children=[explore(symbol), element_cards(), play(seed, save_store),
                           ElemonsterWidget(["You", "Greedy bot"], seed=seed, bot_delay=0.4)])
    for i, title in enumerate(("Explore trends", "Element cards", "Play", "Elemonster")):
        tabs.set_title(i, title)
    return tabs
