"""TrendChart: a real property across one period or down one group, drawn as SVG in the
browser (no matplotlib, so it works in JupyterLite too), with the game's arrow and every step
where the data goes against it marked.

>>> from periodic_edu.widgets import TrendChart
>>> chart = TrendChart("ionization_energy_ev", period=2)
>>> [p["symbol"] for p in chart.series["points"]]
['Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne']
>>> [(s["from"], s["to"]) for s in chart.series["steps"] if s["verdict"] == "disagrees"]
[('Be', 'B'), ('N', 'O')]

The figure has an SVG ``<title>`` and ``<desc>`` and, below it, the same numbers as a table,
for screen readers and for copying into a worksheet. Only public data is synced.
"""
from __future__ import annotations

from typing import Any

import traitlets

from .. import board, i18n, trends
from ..chemistry import element, element_name
from ..locale.widget_texts import PAGE
from . import _payload
from ._assets import css, esm
from ._base import IntentWidget, Text, describe, local

__all__ = ["TrendChart", "trend_series", "CHART_PROPERTIES", "GAME_ARROWS"]

#: Which trend of the game speaks about a property, and which way its arrow says the property
#: rises: across a period ("right" or "left") and down a group ("down" or "up").
GAME_ARROWS = {
    "ionization_energy_ev": ("ionization_energy", "right", "up"),
    "atomic_radius_pm": ("atomic_radius", "left", "down"),
    "atomic_mass": ("atomic_mass_increase", "right", "down"),
}

#: The properties a chart can show (the explorer's overlay choices).
CHART_PROPERTIES = tuple(_payload.PROPERTIES)

#: Every user-facing sentence of the chart's Python side, in English (the ``widgets`` catalog:
#: ``locale/widget_texts.PAGE``, keys ``chart_*``).
TEXT = {key[6:]: text for key, text in PAGE.items() if key.startswith("chart_")}

_VERDICTS = ("agrees", "disagrees", "equal", "unknown")


def _check_property(value: Any) -> str:
    if not isinstance(value, str) or value not in CHART_PROPERTIES:
        raise ValueError(Text("unknown_chart_property", value=describe(value),
                              choices=", ".join(CHART_PROPERTIES)))
    return value


def _check_along(value: Any) -> str:
    if value not in ("period", "group"):
        raise ValueError(Text("want_along", value=describe(value)))
    return value


def _check_number(value: Any) -> int:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e6:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 18:
        raise ValueError(Text("want_number", value=describe(value)))
    return value


def _members(along: str, number: int) -> list:
    if along == "period":
        if not 1 <= number <= 7:
            raise ValueError(Text("want_period", value=repr(number)))
        return sorted((c for c in board.CELLS if c.period == number), key=lambda c: c.group)
    if not 1 <= number <= 18:
        raise ValueError(Text("want_group", value=repr(number)))
    return sorted((c for c in board.CELLS if c.group == number), key=lambda c: c.period)


def _verdict(trend: str, source: str, target: str) -> str:
    verdict = trends.check_step(trend, source, target).verdict
    return verdict if verdict in _VERDICTS else "unknown"


# Over 60 lines on purpose: the chart's points, its checked steps and the words that sum them
# up are made in one place, so the chart, its table and its description cannot disagree.
def trend_series(property: str, along: str = "period", number: int = 2,
                 lang: str | None = "en") -> dict:
    """The chart's data: points along the axis, the game's arrow and every step checked; its
    words and element names in ``lang``.

    ``steps[i]`` joins ``points[i]`` and ``points[i + 1]``; its ``verdict`` is what
    :func:`periodic_edu.trends.check_step` says about that step taken the arrow's way
    (``agrees``, ``disagrees``, ``equal`` or ``unknown``), or ``None`` when the game has no
    trend for the property. Raises :class:`ValueError` for an unknown property, axis or number.
    """
    _check_property(property)
    _check_along(along)
    members = _members(along, _check_number(number))
    info = next(p for p in _payload.property_info() if p["id"] == property)
    lang = i18n.resolve_language(lang)

    def say(key: str, count: int | None = None) -> str:
        return i18n.translate("widgets", TEXT[key], lang, count)

    label = i18n.gettext("widgets", _payload.PROPERTIES[property], lang)
    game = GAME_ARROWS.get(property)
    direction = None
    if game:
        raw = game[1] if along == "period" else game[2]
        # along the drawn axis, "down" a group is to the right
        direction = {"right": "right", "left": "left", "down": "right", "up": "left"}[raw]
    points = []
    for c in members:
        value = getattr(element(c.symbol), property)
        points.append({"symbol": c.symbol, "name": element_name(c.symbol, lang),
                       "x": c.group if along == "period" else c.period,
                       "value": None if value is None else float(value)})
    steps = []
    for a, b in zip(points, points[1:]):
        verdict = None
        if game:
            source, target = (a, b) if direction == "right" else (b, a)
            verdict = _verdict(game[0], source["symbol"], target["symbol"])
            steps.append({"from": source["symbol"], "to": target["symbol"],
                          "before": source["value"], "after": target["value"],
                          "verdict": verdict})
        else:
            steps.append({"from": a["symbol"], "to": b["symbol"], "before": a["value"],
                          "after": b["value"], "verdict": None})
    against = [f"{s['from']} → {s['to']}" for s in steps if s["verdict"] == "disagrees"]
    title = say("across" if along == "period" else "down").format(label=label, n=number)
    known = sum(p["value"] is not None for p in points)
    if not game:
        verdicts = say("no_arrow")
    elif against:
        verdicts = say("verdicts").format(against=", ".join(against))
    else:
        verdicts = say("all_agree")
    trend_name = i18n.gettext("board", board.TREND_NAMES[game[0]], lang) if game else ""
    return {
        "property": property, "along": along, "number": number,
        "title": title,
        "desc": say("desc", len(points)).format(count=len(points), known=known,
                                                 verdicts=verdicts),
        "x_label": say("x_period" if along == "period" else "x_group").format(n=number),
        "y_label": f"{label} ({info['unit']})" if info["unit"] else label,
        "unit": info["unit"], "source": info["source"], "citation": info["citation"],
        "arrow": None if not game else {
            "trend": game[0], "name": trend_name, "direction": direction,
            "text": say("arrow").format(trend=trend_name)},
        "points": points,
        "steps": steps,
    }


def _choices(lang: str) -> list[list[str]]:
    """[id, label] of every property a chart can show, the labels in ``lang``."""
    return [[p, i18n.gettext("widgets", label, lang)] for p, label in _payload.PROPERTIES.items()]


class TrendChart(IntentWidget):
    """``property`` across ``period=N`` or down ``group=N`` (give one), as an SVG chart.

    The browser may change ``property``, ``along`` (``"period"`` or ``"group"``) and
    ``number``; each change is checked in Python and the chart's data (``series``) recomputed.
    """

    _esm = esm("trend_chart.js")
    _css = css("trend_chart.css")
    _intents = {"property": _check_property, "along": _check_along, "number": _check_number}

    property = traitlets.Unicode("ionization_energy_ev", help="The property drawn.").tag(
        sync=True)
    along = traitlets.Unicode("period", help="'period' (across) or 'group' (down).").tag(
        sync=True)
    number = traitlets.Int(2, help="Which period (1-7) or group (1-18).").tag(sync=True)
    series = traitlets.Dict(help="The chart's data: trend_series(...) (read-only).").tag(
        sync=True)
    choices = traitlets.List(help="[id, label] of every property (read-only).").tag(sync=True)

    def __init__(self, property: str = "ionization_energy_ev", period: int | None = None,
                 group: int | None = None, **kwargs: Any) -> None:
        if period is not None and group is not None:
            raise ValueError(Text("chart_both"))
        along, number = ("group", group) if group is not None else ("period", period or 2)
        trend_series(_check_property(property), along, _check_number(number))  # strict
        kwargs.setdefault("choices", _choices(i18n.resolve_language(kwargs.get("lang"))))
        super().__init__(property=property, along=along, number=number, **kwargs)
        self._redraw()

    @traitlets.validate("property", "along", "number")
    def _validate(self, proposal: dict) -> Any:
        name = proposal["trait"].name
        value = self._refuse_or_accept(name, proposal)
        if name == "number" and self.along == "period" and value > 7:
            self.error = f"number: {Text('want_period', value=value).render(self.lang)}"
            return self.number
        return value

    @traitlets.observe("property", "along", "number")
    def _changed(self, change: dict) -> None:
        if change["name"] == "along" and change["new"] == "period" and self.number > 7:
            self.number = 1  # a group number that is no period: start at the top
            return
        self.error = ""
        self._redraw()

    def _redraw(self) -> None:
        self.series = trend_series(self.property, self.along, self.number, self.lang)

    def _translate(self, lang: str) -> None:
        if not hasattr(self, "_trait_values") or "series" not in self._trait_values:
            return
        with self.hold_sync():
            self.choices = _choices(lang)
            self.series = trend_series(self.property, self.along, self.number, lang)

    def set_state(self, sync_data: dict) -> None:  # noqa: D401 - ipywidgets API
        """As :class:`IntentWidget`, plus: a period number must be 1..7."""
        if isinstance(sync_data, dict) and "number" in sync_data:
            along = sync_data.get("along", self.along)
            try:
                number = _check_number(sync_data["number"])
                if along == "period" and number > 7:
                    raise ValueError(Text("want_period", value=number))
            except ValueError as exc:
                rest = {k: v for k, v in sync_data.items() if k != "number"}
                if rest:
                    super().set_state(rest)
                self.error = f"number: {local(exc, self.lang)}"
                self.send_state(["number"])
                return
        super().set_state(sync_data)
