"""Actions and their notation: short strings that round-trip, ``str(Action.parse(s)) == s``.

One turn is a sequence of actions (RULES §4). The notation is used in saves, logs, golden files
and lessons. Trends are written with two letters:

======  ==============================  =====================================
code    trend id                        name on the board
======  ==============================  =====================================
``an``  ``atomic_number``               Atomic Number
``ie``  ``ionization_energy``           Increase Ionization Energy
``ar``  ``atomic_radius``               Increase Atomic Radii
``mi``  ``atomic_mass_increase``        Increase Atomic Mass
``md``  ``atomic_mass_decrease``        Decrease Atomic Mass
======  ==============================  =====================================

=================  =========================================================================
notation           meaning
=================  =========================================================================
``a:A07``          setup: keep agenda card ``A07`` of the ones dealt (RULES §3.9)
``e:ie``           Take 2 Energy tile at the start of the turn, 1 token from one spot
``e:ie+ar``        ... 1 token from each of two spots;  ``e:ie+ie``: 2 from one spot (§4.1)
``s:ie>F``         Spend: pay 1 (first) or 2 energy onto the trend spot, move the flask to F
``g:an>Mg``        Gain: take all tokens on the spot, move to Mg (the only paid activation)
``g:an>Mg/3``      ... the spot was empty and seats tie for most energy: take 1 from seat 3
``f:ie>F``         Free Action tile showing that trend: activate it without paying
``m>Cl``           Move To tile: move to Cl (the cell names the tile's element group)
``x>Ar``           +3 Spaces tile: extend the movement just made by 1-3 steps, to Ar
``d:table_salt``   discover the element under the flask on goal card ``table_salt``
``d-``             decline to discover after a movement that could discover
``end``            end the turn (refresh: completions, element-group track, end trigger)
=================  =========================================================================

Seats in the notation (``/3``) count from 1 like the rulebook; the API counts players from 0.

>>> str(Action.parse("g:an>Mg/3")), Action.parse("s:ie>F").trend
('g:an>Mg/3', 'ionization_energy')
"""
from __future__ import annotations

import re
from typing import Any

from .. import board
from ..echo import echo
from .reasons import Reason
from .tables import TREND_ABBR, TREND_OF_ABBR, TRENDS

__all__ = ["Action", "NotationError", "KINDS"]

#: action kinds, in the order legal actions are listed
KINDS = ("agenda", "take2", "spend", "gain", "free", "move", "ext", "discover", "decline", "end")


class NotationError(ValueError):
    """A string that is not action notation at all. ``reason`` is the same sentence as a
    :class:`~periodic_edu.engine.reasons.Reason` (``reason.render("uk")``)."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(str(reason))


_MOVE_RE = re.compile(r"^([sgf]):([a-z]{2})>([A-Z][a-z]?)(?:/([1-5]))?$")
_ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
_PREFIX = {"spend": "s", "gain": "g", "free": "f"}
_KIND_OF_PREFIX = {"s": "spend", "g": "gain", "f": "free"}


class Action:
    """One decision. Immutable and interned: equal actions are the same object, so ``==`` and
    ``in`` are identity checks (fast for the rules); compare with strings via ``str(a)``.

    ``kind`` is one of :data:`KINDS`; ``trend`` a trend id (or for ``take2`` a tuple of 1-2
    trend ids); ``dest`` a cell symbol; ``arg`` a card/agenda id or a victim seat (0-based).
    """

    __slots__ = ("kind", "trend", "dest", "arg", "text", "__weakref__")

    _cache: dict[str, "Action"] = {}

    def __new__(cls, kind: str, trend: Any = None, dest: str | None = None,
                arg: Any = None) -> "Action":
        if kind == "take2":
            trend = tuple(trend)
        text = _format(kind, trend, dest, arg)
        found = cls._cache.get(text)
        if found is not None:
            return found
        self = object.__new__(cls)
        for name, value in (("kind", kind), ("trend", trend), ("dest", dest), ("arg", arg),
                            ("text", text)):
            object.__setattr__(self, name, value)
        if len(cls._cache) < 500_000:
            cls._cache[text] = self
        return self

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read notation (see the module table). Raises :class:`NotationError`."""
        if isinstance(text, Action):
            return text
        found = cls._cache.get(text)
        if found is not None:
            return found
        return cls._parse(text)

    @classmethod
    def _parse(cls, text: Any) -> "Action":
        if not isinstance(text, str):
            raise NotationError(Reason("not_string", type=type(text).__name__))
        s = text.strip()
        if s == "end":
            return cls("end")
        if s == "d-":
            return cls("decline")
        m = _MOVE_RE.match(s)
        if m:
            kind = _KIND_OF_PREFIX[m.group(1)]
            trend = cls._trend(m.group(2), text)
            dest = cls._cell(m.group(3), text)
            victim = m.group(4)
            if victim is not None and kind != "gain":
                raise NotationError(Reason("seat_only_gain", text=echo(text)))
            return cls(kind, trend, dest, None if victim is None else int(victim) - 1)
        if s.startswith(("m>", "x>")):
            return cls("move" if s[0] == "m" else "ext", None, cls._cell(s[2:], text))
        if s.startswith(("d:", "a:")) and _ID_RE.match(s[2:]):
            return cls("discover" if s[0] == "d" else "agenda", arg=s[2:])
        if s.startswith("e:"):
            parts = s[2:].split("+")
            if 1 <= len(parts) <= 2:
                trends = tuple(cls._trend(p, text) for p in parts)
                if len(trends) == 2 and TRENDS.index(trends[0]) > TRENDS.index(trends[1]):
                    order = "+".join(TREND_ABBR[t] for t in sorted(trends, key=TRENDS.index))
                    raise NotationError(Reason("spot_order", text=echo(text), order=order))
                return cls("take2", trends)
        raise NotationError(Reason("not_notation", text=echo(text)))

    @classmethod
    def from_notation(cls, text: str) -> "Action":
        return cls.parse(text)

    def notation(self) -> str:
        return self.text

    @staticmethod
    def _trend(code: str, text: str) -> str:
        trend = TREND_OF_ABBR.get(code)
        if trend is None:
            raise NotationError(Reason("unknown_code", text=echo(text), code=echo(code),
                                       codes=tuple(TREND_OF_ABBR)))
        return trend

    @staticmethod
    def _cell(symbol: str, text: str) -> str:
        if not board.is_on_board(symbol):
            raise NotationError(Reason("not_a_cell", text=echo(text), symbol=echo(symbol)))
        return symbol

    # -- value semantics --------------------------------------------------------------------
    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({self.text!r})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self):
        return (Action.parse, (self.text,))

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: Any) -> "Action":
        return self

    @property
    def is_movement(self) -> bool:
        return self.kind in ("spend", "gain", "free", "move", "ext")

    @property
    def is_activation(self) -> bool:
        return self.kind in ("spend", "gain", "free")


def _format(k: str, trend: Any, dest: Any, arg: Any) -> str:
    if k in _PREFIX:
        text = f"{_PREFIX[k]}:{TREND_ABBR[trend]}>{dest}"
        if k == "gain" and arg is not None:
            text += f"/{arg + 1}"
        return text
    if k == "move":
        return f"m>{dest}"
    if k == "ext":
        return f"x>{dest}"
    if k == "discover":
        return f"d:{arg}"
    if k == "decline":
        return "d-"
    if k == "end":
        return "end"
    if k == "agenda":
        return f"a:{arg}"
    if k == "take2":
        return "e:" + "+".join(TREND_ABBR[t] for t in trend)
    raise ValueError(f"unknown action kind {k!r}")


def intern(kind: str, trend: Any = None, dest: str | None = None, arg: Any = None) -> Action:
    """The shared Action object for these fields (same as calling :class:`Action`)."""
    return Action(kind, trend, dest, arg)
