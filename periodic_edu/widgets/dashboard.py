"""The workshop dashboard: five tabs, no code in sight (served by Voila from
``lessons/dashboard.ipynb``).

>>> from periodic_edu.widgets.dashboard import dashboard
>>> app = dashboard(seed=1, lang="en")
>>> [app.tabs.get_title(i) for i in range(5)]
['Explore trends', 'Element cards', 'Play', 'Elemonster', 'Check yourself']
>>> app.switch.value = "uk"          # in place: the game in progress goes on
>>> [app.tabs.get_title(i) for i in range(3)]
['Властивості', 'Елементи', 'Гра']

With ``lazy_tabs=True`` (the workshop server's kernels: ``$PERIODIC_EDU_LAZY_TABS=1``) only
the Explore tab (what every student sees first) and the element cards are built with the
dashboard; the two games' code is imported and their widgets made when their tab is first
opened (``app.opened`` lists the built ones), so a visitor kernel that never opens Elemonster
never loads it. ``app.widgets()`` builds every tab.

A reload opens where the game is: an invisible :class:`~.resume_scout.ResumeScout` tells which
game this browser saved, and the dashboard opens that tab (its game then offers to resume).
The first screen of a phone shows the board: the introduction is one line that opens on
demand, and on *Play* the game comes before its settings.
"""
from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as w

from .. import i18n
from ..chemistry import ELEMENTS, element_name
from ..locale.widget_texts import DASHBOARD, FRONT_END
from ..tabletop.seeds import ClassCodeError, new_class_code, parse_class_code
from .page_language import language_from_query, page_language
from .save_store import SaveStore
# The tabs' widgets (explorer and card, game, Elemonster) are imported where a tab is built:
# a kernel loads the code of the tabs its student opens, no more.

__all__ = ["dashboard", "element_cards", "play", "language_from_query"]

#: Bot id -> the key of its name (a seat's name) and of its choice in the setup.
BOT_KEYS = (("search", "bot_search", "choice_search"), ("greedy", "bot_greedy", "choice_greedy"),
            ("random", "bot_random", "choice_random"))
#: Kept for callers that read the English texts (the catalog's source is widget_texts).
TEXT = {k: DASHBOARD[k] for k in ("players", "opponents", "edition", "length", "start",
                                  "confirm", "yes", "no", "code", "code_hint", "new_code",
                                  "code_note")}


def _words(lang: str):
    """The dashboard's word for a key of :data:`DASHBOARD`, in ``lang``."""
    return lambda key: i18n.gettext("widgets", DASHBOARD[key], lang)


def element_cards(symbol: str = "Fe", lang: str | None = None) -> w.VBox:
    """A picker over all 118 elements and the :class:`ElementCard` it shows."""
    from .element_card import ElementCard

    lang = i18n.resolve_language(lang)
    picker = w.Dropdown(options=_element_options(lang), value=symbol,
                        description=_words(lang)("element"), layout=w.Layout(width="320px"))
    card = ElementCard(symbol, lang=lang)
    w.dlink((picker, "value"), (card, "symbol"))
    box = w.VBox([picker, card])

    def set_language(new: str) -> None:
        value = picker.value
        picker.options = _element_options(new)
        picker.value = value
        picker.description = _words(new)("element")
        card.lang = new

    box.set_language = set_language
    return box


def _element_options(lang: str) -> list[tuple[str, str]]:
    return [(f"{e.atomic_number} {e.symbol} — {element_name(e.symbol, lang)}", e.symbol)
            for e in ELEMENTS]


def _seat_names(n: int, bot: str, lang: str = "en") -> list[str]:
    say = _words(lang)
    label = say(next(name for b, name, _ in BOT_KEYS if b == bot))
    return [i18n.gettext("widgets", FRONT_END["you"], lang)] + (
        [label] if n == 2 else [f"{label} {i}" for i in range(1, n)])


# One builder with its handlers inside (over 60 lines on purpose): the handlers share the tab's
# widgets and state; split apart they would pass a dozen widgets to each other.
def play(seed: int | None = None, save_store: SaveStore | None = None,
         lang: str | None = None) -> w.VBox:
    """Game setup controls and a :class:`GameWidget`: one human seat ("You") against bots.

    The game is saved in ``save_store`` (default: a :class:`SaveStore` in the user's data
    directory) after every action, so a reloaded page can resume it. ``lang``: the language
    of the setup and the game (``set_language`` on the returned box switches it in place;
    the game in progress is kept)."""
    from .game_widget import GameWidget

    store = SaveStore() if save_store is None else save_store
    state = {"lang": i18n.resolve_language(lang)}
    # labels as wide as their words (German and Ukrainian ones are longer than the default)
    wide = {"description_width": "initial"}
    players = w.BoundedIntText(value=2, min=2, max=5, style=wide,
                               layout=w.Layout(width="auto", max_width="100%"))
    opponent = w.Dropdown(style=wide, layout=w.Layout(max_width="100%"))
    edition = w.Dropdown(style=wide, layout=w.Layout(max_width="100%"))
    rounds = w.Dropdown(style=wide, layout=w.Layout(max_width="100%"))
    # no icon: Voila's template loads Font Awesome from a CDN, which a classroom may not reach
    start = w.Button(button_style="primary", layout=w.Layout(width="auto", min_height="32px"))
    code = w.Text(value="", style=wide, layout=w.Layout(width="360px", max_width="100%"))
    code_button = w.Button(layout=w.Layout(width="auto", min_height="32px"))
    code_note = w.HTML()
    question = w.HTML()
    yes = w.Button(button_style="danger", layout=w.Layout(width="auto", min_height="32px"))
    no = w.Button(layout=w.Layout(width="auto", min_height="32px"))
    confirm = w.HBox([question, yes, no], layout=w.Layout(flex_flow="row wrap",
                                                          align_items="center",
                                                          display="none"))
    holder = w.VBox()
    shown_code: dict[str, str | None] = {"code": None}

    def label(lang: str) -> None:
        say = _words(lang)
        players.description = say("players")
        first = not rounds.options  # the defaults: greedy bots, English deck, a lesson
        keep = ("greedy", "en", 8) if first else (opponent.value, edition.value, rounds.value)
        opponent.options = [(say(choice), b) for b, _, choice in BOT_KEYS]
        opponent.description = say("opponents")
        edition.options = ((say("edition_en"), "en"), (say("edition_uk"), "uk"))
        edition.description = say("edition")
        rounds.options = ((say("rounds_8"), 8), (say("rounds_15"), 15),
                          (say("rounds_none"), None))
        rounds.description = say("length")
        opponent.value, edition.value, rounds.value = keep
        start.description = say("start")
        code.description = say("code")
        code.placeholder = say("code_hint")
        code_button.description = say("new_code")
        yes.description = say("yes")
        no.description = say("no")
        if shown_code["code"]:
            code_note.value = html.escape(say("code_note").format(code=shown_code["code"]))

    label(state["lang"])

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
        shown_code["code"] = typed
        code_note.value = html.escape(
            _words(state["lang"])("code_note").format(code=typed)) if typed else ""
        if typed:
            code.value = typed
        holder.children = [GameWidget(
            players=_seat_names(n, opponent.value, state["lang"]),
            bots={i: opponent.value for i in range(1, n)},
            edition=edition.value, max_rounds=rounds.value, save_store=store,
            class_code=typed, lang=state["lang"],
            seed=None if typed else game_seed)]  # None: GameWidget draws 128 bits

    def fresh_code(_=None) -> None:
        code.value = new_class_code()
        code_note.value = ""
        shown_code["code"] = None

    def ask(_=None) -> None:
        game = holder.children[0] if holder.children else None
        if game is not None and game.in_progress:
            say = _words(state["lang"])
            where = say("where_setup") if game.game.state.phase == "agenda" else \
                say("where_round").format(n=game.game.round)
            question.value = f"<strong>{html.escape(say('confirm').format(where=where))}</strong>"
            confirm.layout.display = "flex"
        else:
            new_game()

    def set_language(lang: str) -> None:
        """Relabel the setup and the game in ``lang``; the game itself is not touched."""
        state["lang"] = i18n.resolve_language(lang)
        label(state["lang"])
        joining.lang = state["lang"]
        confirm.layout.display = "none"  # its question was asked in the other language
        for game in holder.children:
            if not game.game.history and game.game.class_code is None and not game.resume_offer:
                # nothing played yet (a page opened with ?lang=): the same deal again, the
                # seats named in the new language ("Ви", "Жадібний бот")
                kinds = game.bots
                holder.children = [GameWidget(
                    players=_seat_names(len(kinds), kinds[1], state["lang"]), bots=kinds,
                    edition=game.game.edition, max_rounds=game.game.max_rounds,
                    save_store=store, lang=state["lang"], seed=game.game.seed)]
            else:
                game.lang = state["lang"]  # a game in progress goes on: only the words change

    start.on_click(ask)
    code_button.on_click(fresh_code)
    yes.on_click(new_game)
    no.on_click(lambda _: setattr(confirm.layout, "display", "none"))
    new_game(game_seed=seed)
    setup = w.HBox([players, opponent, edition, rounds, code, code_button, start],
                   layout=w.Layout(flex_flow="row wrap", align_items="center"))
    # the game first, its settings below: on a phone the turn controls are on the first screen
    # (a game is dealt at once, so one always runs here); "New game" asks before replacing it.
    # Above it, "Join a class game" (class play, issue 19): one folded line until opened
    from .class_seat import class_play_box
    # (one game per screen: while seated in a class, the tab's own game and its settings hide)
    joining = class_play_box("periodic", lang=state["lang"], rest=(holder, setup, code_note))
    box = w.VBox([w.HTML(STYLE, layout=w.Layout(display="none")), joining, confirm])
    box.set_language = set_language
    box.game_holder = holder
    box.class_box = joining  # the dashboard follows the teacher's pacing through it
    return box


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


TAB_KEYS = ("tab_explore", "tab_cards", "tab_play")
#: (tab index, key of its title): Elemonster (3) is a game's name, the same in every language
TAB_TITLES = (*enumerate(TAB_KEYS), (4, "tab_practice"))


#: Set (to "1") in the workshop server's visitor kernels: the games' tabs are built when first
#: opened there (a third less memory per student). A notebook, plain Voila and the static site
#: build every tab with the dashboard, so a tab shows its content the moment it is clicked.
LAZY_TABS_ENV = "PERIODIC_EDU_LAZY_TABS"


# One builder with its handlers inside (over 60 lines on purpose): the tabs, the language
# switch and the page's preferences act on each other's widgets; see play() above.
def dashboard(symbol: str = "Na", seed: int | None = None,
              save_store: SaveStore | None = None, lang: str | None = None,
              lazy_tabs: bool | None = None) -> w.VBox:
    """The workshop dashboard: a language switch above five tabs (the fourth: Elemonster
    against a greedy bot; the fifth: a check taken alone, :mod:`.practice_check`).

    ``lang``: ``"en"``, ``"uk"`` or ``"de"``; default ``$PERIODIC_EDU_LANG``, or the page's
    ``?lang=`` when Voila serves it (see :func:`language_from_query`). Switching the language
    relabels every tab and widget in place: a game in progress goes on. The returned box has
    ``.tabs`` (the ``Tab``), ``.switch`` (the language ``Dropdown``) and ``.widgets()``."""
    from . import explore

    lang = i18n.resolve_language(lang)
    state = {"lang": lang}
    explorer_box = explore(symbol, lang=lang)
    # the Cards tab is built with Explore: its code (the element card) is loaded already and
    # its widgets are small; the two games are what a kernel loads only when asked
    cards = element_cards(lang=lang)
    built: dict[int, w.Widget] = {0: explorer_box, 1: cards}
    store = SaveStore() if save_store is None else save_store  # both games save there

    def build_play(lang: str) -> w.Widget:
        return play(seed, store, lang=lang)

    def build_elemonster(lang: str) -> w.Widget:
        from .elemonster_widget import ElemonsterWidget

        # Elemonster's words are its own catalog ("elemonster"); it follows the switch too
        from .class_seat import class_play_box  # "Join a class game" above the duel
        return class_play_box("elemonster", lang, rest=(ElemonsterWidget(
            [i18n.gettext("widgets", FRONT_END["you"], lang), _words(lang)("bot_greedy")],
            seed=seed, bot_delay=0.4, lang=lang, save_store=store),))

    def build_practice(lang: str) -> w.Widget:
        # a check taken alone (issue 31): one item of each concept, feedback after each
        # answer, nothing stored (a lesson notebook chooses a form or its own items)
        from .practice_check import PracticeCheckWidget
        return PracticeCheckWidget(lang=lang)

    builders = {2: build_play, 3: build_elemonster, 4: build_practice}
    slots = [explorer_box, cards, *(w.VBox() for _ in builders)]
    tabs = w.Tab(children=slots)
    tabs.set_title(3, "Elemonster")  # a game's name

    # the teacher's pacing (the room asks): a class brought to a step shows that step's tab
    # on every seated device (Explore: the first tab; Play or the check: the tab of the class
    # game, where the question panel is), and a student who picks another tab is brought back
    # and told why; released, the tabs are free again
    pacing: dict[str, Any] = {"tab": None, "box": None}

    def follow(box: Any, change: Any = None) -> None:
        seated = box.join.phase in ("waiting", "playing")
        if not seated:
            if pacing["box"] is box:
                pacing.update(tab=None, box=None)
                note.value = ""
            return
        step = box.check.lock or None
        index = next(i for i, b in class_boxes.items() if b is box)
        pacing.update(tab=None if step is None else (0 if step == "explore" else index),
                      box=box)
        if pacing["tab"] is None:
            note.value = ""
        elif tabs.selected_index != pacing["tab"]:
            tabs.selected_index = pacing["tab"]

    class_boxes: dict[int, Any] = {}

    def open_tab(index: int) -> w.Widget:
        """The widget of tab ``index``, built (in the current language) on first use."""
        if index not in built:
            built[index] = builders[index](state["lang"])
            slots[index].children = [built[index]]
            box = getattr(built[index], "class_box", built[index])
            if hasattr(box, "check") and hasattr(box, "join"):
                class_boxes[index] = box
                box.check.observe(lambda change, b=box: follow(b), names="lock")
                box.join.observe(lambda change, b=box: follow(b), names="phase")
        return built[index]

    def opened(change: dict) -> None:
        if isinstance(change["new"], int) and change["new"] in builders:
            open_tab(change["new"])
        if pacing["tab"] is not None and change["new"] != pacing["tab"]:
            box = pacing["box"]
            step = box.check.lock
            say = lambda key: i18n.gettext("widgets", FRONT_END[key], state["lang"])  # noqa: E731
            note.value = ('<span role="status">' + html.escape(say("check_locked").format(
                step=say(f"check_step_{step}"))) + "</span>")
            tabs.selected_index = pacing["tab"]
        elif pacing["tab"] is None:
            note.value = ""

    tabs.observe(opened, names="selected_index")
    if lazy_tabs is None:
        lazy_tabs = os.environ.get(LAZY_TABS_ENV) == "1"
    if not lazy_tabs:
        for index in builders:
            open_tab(index)
    switch = w.Dropdown(options=[(i18n.LANGUAGE_NAMES[code], code) for code in i18n.LANGUAGES],
                        value=lang, description=_words(lang)("language"),
                        layout=w.Layout(width="auto"))

    header = w.HTML()

    def titles(lang: str) -> None:
        say = _words(lang)
        # the introduction is one line that opens on demand (a native disclosure: keyboard
        # and screen readers know it), so a phone's first screen shows the board
        # lang: the page's own <html lang> stays Voila's; hyphenation and screen readers need it
        header.value = (f'<div lang="{lang}" style="hyphens:auto;overflow-wrap:break-word">'
                        f'<h1 style="font-size:1.3em;margin:0.1em 0">{html.escape(say("title"))}'
                        '</h1><details class="pe-dash-about" style="margin:0 0 0.3em">'
                        '<summary style="cursor:pointer;min-height:24px;line-height:24px">'
                        f'{html.escape(say("about"))}</summary><p style="margin:0.2em 0 0.4em">'
                        f'{html.escape(say("intro"))}</p></details></div>')
        for i, key in TAB_TITLES:
            tabs.set_title(i, say(key))
        switch.description = say("language")

    # the device's language (issue 28): without ?lang= the page follows the browser, or the
    # language chosen on this device before; the visitor's choice is kept on the device
    from .page_language import LanguageChoice, PagePrefs
    chosen = LanguageChoice(lambda wanted: setattr(switch, "value", wanted))

    def switched(change: dict) -> None:
        new = change["new"]
        state["lang"] = new
        chosen.changed(new)
        titles(new)
        for widget in explorer_box.children:
            widget.lang = new
        if 1 in built:
            built[1].set_language(new)
        if 2 in built:
            built[2].set_language(new)
        if 3 in built:
            built[3].lang = new
        if 4 in built:
            built[4].lang = new

    titles(lang)
    switch.observe(switched, names="value")
    note = w.HTML()
    # the tab labels' style lives with the app: the Play tab (which also carries it) may
    # never be opened
    from .game_views import tab_of
    from .resume_scout import ResumeScout

    def saved_game(game: str) -> None:
        """A reload opens the tab of the game this browser saved (its widget offers to resume),
        unless the visitor has already chosen a tab."""
        if tabs.selected_index in (0, None) and tab_of(game) is not None:
            tabs.selected_index = tab_of(game)

    scout = ResumeScout(store, saved_game, lang=lang)

    def class_seat(game: str) -> None:
        """A reopened tab lands on the class game this browser holds a seat in."""
        if tab_of(game) is not None:
            tabs.selected_index = tab_of(game)

    prefs = chosen.prefs = PagePrefs(chosen.from_device, class_seat,
                                     title=DASHBOARD["title"], lang=lang)
    app = w.VBox([w.HBox([note, switch], layout=w.Layout(justify_content="flex-end",
                                                         align_items="center",
                                                         flex_flow="row wrap")),
                  header, tabs, w.HTML(STYLE, layout=w.Layout(display="none")), prefs, scout])
    app.prefs = prefs
    app.tabs = tabs
    app.switch = switch
    app.open_tab = open_tab
    app.opened = lambda: sorted(built)

    def use_page_language(ask=page_language) -> None:
        """Switch to the page's ``?lang=`` (after building: a preheated kernel builds the
        dashboard before the visitor arrives). An unknown language is said on the page."""
        try:
            wanted = ask()
        except i18n.UnknownLanguageError as exc:
            note.value = f'<span role="alert" style="color:#b91c1c">{html.escape(str(exc))}</span>'
            return
        if wanted is not None:
            chosen.from_query(wanted)

    app.use_page_language = use_page_language

    def widgets() -> list:
        """The explorer, the card, the element card of the Cards tab and the game (every
        tab built)."""
        for index in builders:
            open_tab(index)
        return [*explorer_box.children, built[1].children[1], *built[2].game_holder.children]

    app.widgets = widgets
    return app
