"""Static matplotlib figures of the board and of real trends, for print, slides and tests.

matplotlib is imported inside the functions only, and figures are made with
``matplotlib.figure.Figure`` (no pyplot, no global state, no GUI backend needed). Both functions
return the Figure; in a notebook it displays itself as a PNG (even without ``%matplotlib
inline``), elsewhere ``fig.savefig("x.png")``.

>>> fig = plot_board(trend="ionization_energy", start="Na")
>>> fig.axes[0].get_title()
'Increase Ionization Energy from Na (up to 5 steps)'
"""
from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Iterable

from .. import board, i18n, trends
from ..chemistry import ELEMENTS, element
from ..locale.texts import CARD_FIELDS
from ..locale.widget_texts import PAGE
from ._payload import PROPERTIES, _directions, property_info

__all__ = ["plot_board", "plot_trend", "GAME_ARROWS"]

#: Said where matplotlib does not exist (e.g. Python in the browser: JupyterLite, the static site).
NO_MATPLOTLIB = ("{what}() draws a matplotlib Figure, and this Python has no matplotlib (there "
                 "is none for Python in the browser). Use TrendChart (a trend across a period or "
                 "down a group) or TrendExplorer (the board) instead, or install matplotlib.")


def _require_matplotlib(what: str) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError(NO_MATPLOTLIB.format(what=what)) from None

#: Which trend of the game speaks about a property, and which way its arrow says it rises:
#: across a period ("right" or "left") and down a group ("down" or "up").
GAME_ARROWS = {
    "ionization_energy_ev": ("ionization_energy", "right", "up"),
    "atomic_radius_pm": ("atomic_radius", "left", "down"),
    "atomic_mass": ("atomic_mass_increase", "right", "down"),
}


@lru_cache(maxsize=None)
def _figure_class():
    """A Figure that shows itself in a notebook: a bare Figure made without pyplot has no
    display hook unless the inline backend happens to be active."""
    from matplotlib.figure import Figure

    class HandoutFigure(Figure):
        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png")
            return buffer.getvalue()

    return HandoutFigure


def _say(key: str, lang: str, count: int | None = None, **params) -> str:
    """A figure's sentence (``PAGE`` of the widgets catalog) in ``lang``."""
    return i18n.translate("widgets", PAGE[key], lang, count).format(**params)


def _name(prop: str, lang: str = "en") -> str:
    if prop == "atomic_number":
        return i18n.gettext("card", CARD_FIELDS["atomic_number"], lang)
    if prop not in PROPERTIES:
        raise ValueError(f"unknown property {prop!r}: choose one of {', '.join(PROPERTIES)}")
    return i18n.gettext("widgets", PROPERTIES[prop], lang)


def _label(prop: str, lang: str = "en") -> str:
    name = _name(prop, lang)
    unit = next((p["unit"] for p in property_info() if p["id"] == prop), None)
    return f"{name} ({unit})" if unit else name


def _trend(trend: str, lang: str) -> str:
    return i18n.gettext("board", board.TREND_NAMES[trend], lang)


def _nan(value) -> float:
    return math.nan if value is None else float(value)


# A figure drawn top to bottom in one function (over 60 lines on purpose): one axes, read in
# the order it is drawn; helpers would each need the figure, the axes and the scale.
def plot_board(highlight: Iterable[str] | None = None, trend: str | None = None,
               start: str | None = None, property: str | None = None,
               steps: int = board.DEFAULT_STEPS, ax=None, lang: str | None = None):
    """The 88-cell board (f-block drawn apart, marked "not on the game board").

    ``trend`` + ``start``: shade the reachable cells by distance (number in the corner) and
    outline ``start``. ``highlight``: extra cells to outline. ``property``: colour every cell by
    a real property (viridis) with a colour bar; missing data is hatched, never a colour.
    ``lang``: the language of its words (``en``, ``uk``, ``de``; default ``$PERIODIC_EDU_LANG``).
    """
    lang = i18n.resolve_language(lang)
    _require_matplotlib("plot_board")
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle
    import matplotlib as mpl

    if (trend is None) != (start is None):
        raise ValueError("give trend and start together")
    reach = {}
    if trend is not None:
        board.check_trend(trend)
        start = board.cell(start).symbol
        reach = dict(board.reach(start, trend, steps))
    highlight = {board.cell(s).symbol if board.is_on_board(s) else element(s).symbol
                 for s in (highlight or ())}
    values = {}
    norm = None
    cmap = mpl.colormaps["viridis"]
    if property is not None:
        _label(property)
        values = {e.symbol: getattr(e, property) for e in ELEMENTS}
        known = [v for v in values.values() if v is not None]
        norm = Normalize(min(known), max(known))
    dist_cmap = mpl.colormaps["Blues"]

    if ax is None:
        fig = _figure_class()(figsize=(11, 6.4), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    ax.set_xlim(0.4, 18.6)
    ax.set_ylim(10.9, 0.4)
    ax.set_aspect("equal")
    ax.axis("off")

    def draw(symbol: str, z: int, x: float, y: float, off_board: bool) -> None:
        face, hatch, text_colour = "#f4f4f5", None, "#111"
        if property is not None:
            v = values[symbol]
            if v is None:
                face, hatch = "white", "////"
            else:
                face = cmap(norm(v))
                text_colour = "white" if norm(v) < 0.6 else "#111"
        elif symbol in reach:
            face = dist_cmap(1.0 - (reach[symbol] - 1) / 10)
            text_colour = "white" if reach[symbol] <= 4 else "#111"
        if symbol == start and property is None:
            face, text_colour = "#c2410c", "white"
        edge, width = ("#999", 0.6)
        if symbol in reach and property is not None:
            edge, width = ("black", 2.2)
        if symbol == start:
            edge, width = ("#c2410c", 2.8)
        if symbol in highlight:
            edge, width = ("#dc2626", 2.8)
        ax.add_patch(Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, facecolor=face,
                               edgecolor=edge, linewidth=width, hatch=hatch,
                               linestyle="--" if off_board else "-"))
        ax.text(x, y + 0.05, symbol, ha="center", va="center", fontsize=9,
                fontweight="bold", color=text_colour)
        ax.text(x - 0.4, y - 0.3, str(z), ha="left", va="center", fontsize=5,
                color=text_colour)
        if symbol in reach:
            ax.text(x + 0.4, y - 0.3, str(reach[symbol]), ha="right", va="center",
                    fontsize=6, fontweight="bold", color=text_colour)

    for c in board.CELLS:
        draw(c.symbol, c.atomic_number, c.group, c.period, False)
    for period, text in ((6, "57–71"), (7, "89–103")):
        ax.add_patch(Rectangle((3 - 0.46, period - 0.46), 0.92, 0.92, facecolor="none",
                               edgecolor="#999", linestyle=":"))
        ax.text(3, period, text, ha="center", va="center", fontsize=6, color="#666")
    for e in ELEMENTS:
        if not board.is_on_board(e.symbol):
            first = 57 if e.atomic_number <= 71 else 89
            draw(e.symbol, e.atomic_number, 3 + e.atomic_number - first,
                 9.3 if first == 57 else 10.3, True)
    ax.text(3 - 0.46, 8.65, _say("fig_off_board", lang),
            ha="left", va="center", fontsize=8, color="#555")

    if trend is not None:
        ax.set_title(_say("fig_reach", lang, steps, trend=_trend(trend, lang), start=start,
                          n=steps))
    elif property is not None:
        ax.set_title(_label(property, lang))
    else:
        ax.set_title(_say("fig_board", lang))
    if property is not None:
        bar = fig.colorbar(mpl.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax,
                           orientation="horizontal", fraction=0.04, pad=0.02, aspect=40)
        bar.set_label(_say("fig_hatched", lang, label=_label(property, lang)))
    return fig


def _arrow(ax, direction: str, text: str) -> None:
    """An arrow across the top of ``ax`` pointing left or right, labelled with the trend.

    It sits in a band between the axes and the title, measured in points (not in axes fractions,
    which shrink with the figure), and the title is lifted above the band, so the arrow never
    runs through the title."""
    from matplotlib.transforms import offset_copy

    start, end = (0.12, 0.88) if direction in ("right", "down") else (0.88, 0.12)
    arrow_at = offset_copy(ax.transAxes, fig=ax.figure, y=8, units="points")
    ax.annotate("", xy=(end, 1), xytext=(start, 1), xycoords=arrow_at,
                arrowprops={"arrowstyle": "-|>", "color": "#c2410c", "lw": 2})
    ax.text(0.5, 1, text, transform=offset_copy(ax.transAxes, fig=ax.figure, y=12, units="points"),
            ha="center", va="bottom", color="#c2410c", fontsize=9)
    ax.set_title(ax.get_title(), pad=32)


# A figure drawn top to bottom in one function (over 60 lines on purpose), as plot_board.
def plot_trend(property: str, period: int | None = None, group: int | None = None,
               ax=None, lang: str | None = None):
    """A real property against atomic number, or across one period, or down one group.

    Missing values are gaps (never interpolated). When the game has a trend about this
    property (ionization energy, atomic radius, atomic mass), its arrow is drawn above the
    axes, so the places where the data goes against it are plain to see. ``lang``: the
    language of its words (``en``, ``uk``, ``de``; default ``$PERIODIC_EDU_LANG``).
    """
    lang = i18n.resolve_language(lang)
    _require_matplotlib("plot_trend")
    label, name = _label(property, lang), _name(property, lang)
    if period is not None and group is not None:
        raise ValueError("give period or group, not both")
    game = GAME_ARROWS.get(property)
    if ax is None:
        fig = _figure_class()(figsize=(8, 4.2), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure

    if period is None and group is None:
        xs = [e.atomic_number for e in ELEMENTS]
        ys = [_nan(getattr(e, property)) for e in ELEMENTS]
        ax.plot(xs, ys, "-", color="#1d4ed8", lw=1.2)
        on = [(e.atomic_number, _nan(getattr(e, property))) for e in ELEMENTS if e.on_board]
        off = [(e.atomic_number, _nan(getattr(e, property))) for e in ELEMENTS if not e.on_board]
        ax.plot(*zip(*on), "o", ms=3, color="#1d4ed8", label=_say("fig_on_board", lang))
        ax.plot(*zip(*off), "o", ms=3, mfc="white", color="#1d4ed8",
                label=_say("fig_f_block", lang))
        for z in (2, 10, 18, 36, 54, 86):
            ax.axvline(z + 0.5, color="#ddd", lw=0.8, zorder=0)
        ax.set_xlabel(_say("fig_z", lang))
        ax.set_title(_say("fig_against_z", lang, label=name))
        ax.legend(fontsize=8, loc="best")
        if game:
            ax.text(0.01, 0.98, _say("fig_game_trend", lang, trend=_trend(game[0], lang),
                                     directions=_directions(game[0], lang)),
                    transform=ax.transAxes, ha="left", va="top", fontsize=8, color="#c2410c")
    else:
        if period is not None:
            if not 1 <= period <= 7:
                raise ValueError(f"period must be 1..7, not {period!r}")
            members = sorted((c for c in board.CELLS if c.period == period),
                             key=lambda c: c.group)
            xs = [c.group for c in members]
            ax.set_xlabel(_say("chart_x_period", lang, n=period))
            ax.set_title(_say("chart_across", lang, label=name, n=period))
            direction = game[1] if game else None
        else:
            if not 1 <= group <= 18:
                raise ValueError(f"group must be 1..18, not {group!r}")
            members = sorted((c for c in board.CELLS if c.group == group),
                             key=lambda c: c.period)
            xs = [c.period for c in members]
            ax.set_xlabel(_say("chart_x_group", lang, n=group))
            ax.set_title(_say("chart_down", lang, label=name, n=group))
            direction = game[2] if game else None
        ys = [_nan(getattr(element(c.symbol), property)) for c in members]
        ax.plot(xs, ys, "o-", color="#1d4ed8")
        for x, y, c in zip(xs, ys, members):
            if math.isnan(y):  # a gap, labelled at the bottom: never a made-up value
                ax.annotate(f"{c.symbol}\n{_say('fig_no_data', lang)}", (x, 0.03), xycoords=("data", "axes fraction"),
                            ha="center", fontsize=7, color="#888")
            else:
                ax.annotate(c.symbol, (x, y), textcoords="offset points", xytext=(0, 6),
                            ha="center", fontsize=8)
        ax.set_xticks(xs)
        if game and direction:
            # the arrow points where the property should rise; along this axis "down" = right
            axis_dir = {"right": "right", "left": "left", "down": "right", "up": "left"}[direction]
            _arrow(ax, axis_dir, _say("chart_arrow", lang, trend=_trend(game[0], lang)))
            against = [f"{a.source}→{a.target}" for a in trends.step_checks(game[0])
                       if a.verdict == "disagrees" and a.source in {c.symbol for c in members}
                       and a.target in {c.symbol for c in members}]
            if against:
                ax.text(0.01, 0.02, _say("fig_against", lang, steps=", ".join(against)),
                        transform=ax.transAxes, fontsize=8, color="#b91c1c")
    ax.set_ylabel(label)
    ax.grid(True, alpha=0.3)
    return fig
