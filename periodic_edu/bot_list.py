"""Which bot plays which seat: the ``--bots`` list that both games' command lines and
simulations take (``"greedy"`` for every seat, ``"search,greedy"`` one per seat, repeated).

A mistake is a :class:`BotListError`: English as ``str()``, and ``render(lang)`` in the
language of the ``bots`` catalog.

>>> parse_bot_list("search,greedy", 4, ("random", "greedy", "search"))
['search', 'greedy', 'search', 'greedy']
>>> BotListError("unknown", name="'x'", choices="random, greedy").render("uk")
"невідомий бот 'x': оберіть одного з: random, greedy"
"""
from __future__ import annotations

from typing import Any, Iterable

from . import i18n
from .echo import echo
from .i18n import N_, NP_

__all__ = ["parse_bot_list", "BotListError"]

MESSAGES: dict[str, str | tuple[str, str]] = {
    "none": N_("--bots needs at least one bot name"),
    "unknown": N_("unknown bot {name}: choose one of {choices}"),
    "too_many": NP_("{count} bot named for {players} players",
                    "{count} bots named for {players} players"),
}


class BotListError(ValueError):
    """A ``--bots`` list that cannot seat the players."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(self.render("en"))

    def render(self, lang: str | None = None) -> str:
        text = i18n.translate("bots", MESSAGES[self.key], lang, self.params.get("count"))
        return text.format(**self.params)


def parse_bot_list(spec: str, players: int, known: Iterable[str]) -> list[str]:
    """The bot of each of ``players`` seats from ``spec``; every name must be in ``known``."""
    known = tuple(known)
    names = [s.strip() for s in str(spec).split(",") if s.strip()]
    if not names:
        raise BotListError("none")
    for name in names:
        if name not in known:
            raise BotListError("unknown", name=echo(name), choices=", ".join(known))
    if len(names) > players:
        raise BotListError("too_many", count=len(names), players=players)
    return [names[i % len(names)] for i in range(players)]
