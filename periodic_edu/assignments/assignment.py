"""An assignment: the game and its settings, the seed, the bots, the check, the due date, the
class's language, and the link that carries them all in its fragment (the part after ``#``,
which a browser never sends to a server).

>>> a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], form="B",
...                    lang="en", due="2026-12-05", site="https://school.example/kit/")
>>> a.link
'https://school.example/kit/homework.html#homework?v=1&game=periodic&seed=4242&players=2&bots=greedy&lang=en&form=B&due=2026-12-05'
>>> parse_link(a.link) == a, a.id
(True, '23V7')

The student always plays seat 1 (index 0); the bots play the other seats, each with its own
seed drawn from the assignment's seed, so every student of the class gets the same deal and the
same bots (duplicate style) and the teacher's replay of a game gives the same moves.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence
from urllib.parse import parse_qsl, quote

from ..echo import echo, has_control
from ..games import get_game
from ..i18n import resolve_language
from ..tabletop import GameError, check_seed
from ..tabletop.bots import BotListError
from .codec import ALPHABET
from .errors import AssignmentError

__all__ = ["Assignment", "new_assignment", "parse_link", "DEFAULT_SITE", "PAGE", "PREFIX",
           "LINK_VERSION", "ITEM_LIMIT"]

#: where the static site is when the teacher names none (``python -m http.server -d site``)
DEFAULT_SITE = "http://localhost:8000/"
#: the static site's page that opens an assignment
PAGE = "homework.html"
#: the fragment of an assignment link starts with this
PREFIX = "homework?"
LINK_VERSION = 1
#: an item id's longest length, and the most items a check of an assignment names
ITEM_LIMIT = 40
MAX_ITEMS = 127
STUDENT_SEAT = 0
#: the longest link read (a check of 127 items of 40 characters fits)
MAX_LINK = 8_000

_ITEM_RE = re.compile(r"^[A-Za-z0-9_\-]{1,%d}$" % ITEM_LIMIT)
_FORM_RE = re.compile(r"^[A-Za-z0-9]{1,8}$")
_OPTION_RE = re.compile(r"^[a-z_]{1,20}$")
_VALUE_RE = re.compile(r"^[A-Za-z0-9_\-]{1,20}$")
_FIELDS = ("v", "game", "seed", "players", "bots", "lang", "form", "due", "items")


def _digits(text: str, most: int) -> bool:
    """ASCII digits only, at most ``most`` of them (``"²".isdigit()`` is true, ``int`` of it
    is not)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


class _Reads(dict):
    """A mapping that remembers which keys a game's ``settings`` function asked for."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.asked: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.asked.add(key)
        return super().get(key, default)


@dataclass(frozen=True)
class Assignment:
    """One assignment (make it with :func:`new_assignment` or :func:`parse_link`)."""

    game: str
    seed: int
    players: int
    bots: tuple[str, ...]
    lang: str
    form: str | None = None
    due: str | None = None  # an ISO date, the last day a game may be finished on
    #: the check's item ids in order (when the item bank gave them: answers then pack small)
    items: tuple[str, ...] = ()
    #: the game's own settings (Periodic's edition, Elemonster's variant, a round limit...)
    options: tuple[tuple[str, Any], ...] = ()
    site: str = field(default=DEFAULT_SITE, compare=False)

    @property
    def seat(self) -> int:
        return STUDENT_SEAT

    @property
    def fragment(self) -> str:
        """The link's part after ``#``: every setting, in a fixed order."""
        parts = [("v", LINK_VERSION), ("game", self.game), ("seed", self.seed),
                 ("players", self.players), ("bots", ",".join(self.bots)), ("lang", self.lang)]
        if self.form is not None:
            parts.append(("form", self.form))
        if self.due is not None:
            parts.append(("due", self.due))
        if self.items:
            parts.append(("items", ",".join(self.items)))
        parts += [(f"o.{k}", v) for k, v in self.options]
        return PREFIX + "&".join(f"{k}={quote(str(v), safe=',-_.')}" for k, v in parts)

    @property
    def link(self) -> str:
        """The static site's assignment page with this assignment in its fragment."""
        return f"{self.site}{PAGE}#{self.fragment}"

    @property
    def tag(self) -> int:
        """20 bits of the SHA-256 of the fragment: what a result code carries of its
        assignment (another assignment's code is flagged; two assignments share a tag once in
        a million)."""
        return int.from_bytes(hashlib.sha256(self.fragment.encode()).digest()[:3], "big") >> 4

    @property
    def id(self) -> str:
        """The tag as four characters of the codes' alphabet (shown to the teacher)."""
        return "".join(ALPHABET[(self.tag >> s) & 31] for s in (15, 10, 5, 0))

    @property
    def due_date(self) -> _dt.date | None:
        return None if self.due is None else _dt.date.fromisoformat(self.due)

    def new_game(self) -> Any:
        """The assigned game before its first move."""
        return get_game(self.game).new_game(seed=self.seed, players=self.players,
                                            **dict(self.options))

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot at ``seat``: from the assignment's seed, the same for everyone."""
        digest = hashlib.sha256(f"{self.seed}:{seat}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    def make_bots(self) -> dict[int, Any]:
        """A fresh bot for each seat but the student's (no sentences: nobody reads them)."""
        spec = get_game(self.game)
        seats = [s for s in range(self.players) if s != self.seat]
        return {s: spec.make_bot(name, self.bot_seed(s), self.lang, False)
                for s, name in zip(seats, self.bots)}

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "seed": self.seed, "players": self.players,
                "bots": list(self.bots), "lang": self.lang, "form": self.form, "due": self.due,
                "items": list(self.items), "options": dict(self.options), "site": self.site,
                "link": self.link}


def _check_options(game: str, options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    spec = get_game(game)
    reads = _Reads(options)
    spec.settings(reads)
    out = []
    for name in sorted(options):
        value = options[name]
        if not isinstance(name, str) or not _OPTION_RE.match(name) or name not in reads.asked:
            raise AssignmentError("bad_option", name=echo(name),
                                  why=f"{spec.title} reads {', '.join(sorted(reads.asked))}")
        if isinstance(value, bool) or not (isinstance(value, int) and 0 <= value < 10 ** 6
                                           or isinstance(value, str) and _VALUE_RE.match(value)):
            raise AssignmentError("bad_option", name=name, why=f"not {echo(value)}")
        out.append((name, value))
    return tuple(out)


def new_assignment(game: str, seed: int, players: int = 2, bots: Sequence[str] = ("greedy",),
                   form: str | None = None, lang: str = "en", due: str | _dt.date | None = None,
                   items: Sequence[str] = (), site: str = DEFAULT_SITE,
                   options: Mapping[str, Any] | None = None, **more: Any) -> Assignment:
    """An assignment, every setting checked (a bad one raises :class:`AssignmentError`, or the
    game's own refusal: an unknown game or bot, a seed that is not a seed). ``bots``: one name
    for each seat besides the student's, or one name for all of them. ``options``: the game's
    own settings (``edition="uk"``, ``variant="advanced"``, ``max_rounds=10``), as keywords or
    as a mapping (``options=``: a name that is also one of this function's is read there)."""
    options = {**(options or {}), **more}
    spec = get_game(game)
    seed = check_seed(seed)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise AssignmentError("bad_players")
    bots = [bots] if isinstance(bots, str) else list(bots)
    if len(bots) == 1:
        bots = bots * (players - 1)
    if len(bots) != players - 1:
        raise AssignmentError("bots_count", players=players, need=players - 1, count=len(bots))
    for name in bots:
        if name not in spec.bots:
            raise BotListError("unknown", name=echo(name), choices=", ".join(spec.bots))
    lang = resolve_language(lang)
    if form is not None and (not isinstance(form, str) or not _FORM_RE.match(form)):
        raise AssignmentError("bad_form", value=echo(form))
    if isinstance(due, _dt.date):
        due = due.isoformat()
    if due is not None:
        given, due = due, None
        try:
            if isinstance(given, str) and len(given) == 10:
                due = _dt.date.fromisoformat(given).isoformat()
        except ValueError:
            pass
        if due is None:
            raise AssignmentError("bad_due", value=echo(given))
    items = tuple(items)
    if len(items) > MAX_ITEMS or len(set(items)) != len(items) or not all(
            isinstance(i, str) and _ITEM_RE.match(i) for i in items):
        raise AssignmentError("bad_items", limit=ITEM_LIMIT)
    if not isinstance(site, str) or not re.match(r"^https?://[^\s#]+$", site) or has_control(site):
        raise AssignmentError("bad_site", value=echo(site))
    if not site.endswith("/"):
        site += "/"
    checked = _check_options(game, options)
    a = Assignment(game=spec.name, seed=seed, players=players, bots=tuple(bots), lang=lang,
                   form=form, due=due, items=items, options=checked, site=site)
    try:
        a.new_game()
    except GameError as error:  # options each fine, together not (a score ending, no limit)
        raise AssignmentError("bad_option", name=", ".join(dict(checked)) or "-",
                              why=str(error)) from None
    return a


def parse_link(link: str) -> Assignment:
    """The assignment of a link (or of its fragment alone), every field checked again: a link
    is typed or pasted by anyone."""
    if not isinstance(link, str) or len(link) > MAX_LINK:
        raise AssignmentError("no_assignment", prefix=PREFIX)
    site, _, fragment = link.rpartition("#") if "#" in link else ("", "", link)
    if not fragment.startswith(PREFIX):
        raise AssignmentError("no_assignment", prefix=PREFIX)
    fields: dict[str, str] = {}
    options: dict[str, Any] = {}
    for key, value in parse_qsl(fragment[len(PREFIX):], keep_blank_values=True):
        if key in fields or key in options:
            raise AssignmentError("link_field", field=echo(key))
        if key.startswith("o."):
            options[key[2:]] = int(value) if _digits(value, 6) else value
        elif key in _FIELDS:
            fields[key] = value
        else:
            raise AssignmentError("link_field", field=echo(key))
    if fields.get("v") != str(LINK_VERSION):
        raise AssignmentError("link_field", field="v")
    for name in ("game", "seed", "players", "bots", "lang"):
        if not fields.get(name):
            raise AssignmentError("link_field", field=name)
    for name in ("seed", "players"):
        if not _digits(fields[name], 40):
            raise AssignmentError("link_field", field=name)
    page = site[: -len(PAGE)] if site.endswith(PAGE) else site
    if not page:
        page = DEFAULT_SITE
    # an unknown game or bot, or a seed too large, is the registry's own refusal (a ValueError)
    return new_assignment(
        game=fields["game"], seed=int(fields["seed"]), players=int(fields["players"]),
        bots=fields["bots"].split(","), form=fields.get("form"), lang=fields["lang"],
        due=fields.get("due"),
        items=tuple(fields["items"].split(",")) if fields.get("items") else (),
        site=page, options=options)
