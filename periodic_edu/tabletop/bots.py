"""The bot layer every game shares: a decision with its reason, the bot base, random bots, the
``--bots`` list, playing a game out. Each game adds only its own bots and its own sentences.

A bot reads only one seat's view (``game.observe(seat)``) and returns a :class:`Decision`: the
action and one sentence explaining it, computed when first read (a simulation of 10,000 games
never pays for a sentence nobody reads).

>>> parse_bot_list("search,greedy", 4, ("random", "greedy", "search"))
['search', 'greedy', 'search', 'greedy']
>>> BotListError("unknown", name="'x'", choices="random, greedy").render("uk")
"невідомий бот 'x': обери одного з: random, greedy"
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping, Sequence

from .. import i18n
from ..echo import echo
from ..i18n import N_, NP_
from .errors import GameError

__all__ = ["Decision", "Bot", "RandomBot", "BotListError", "BotListMessage", "make_bot",
           "parse_bot_list", "play_out"]


class Decision:
    """A bot's move: ``action`` and ``why`` (one sentence in the bot's language). ``why`` may be
    given, or said on first read by ``describe(view, action)``."""

    __slots__ = ("action", "_why", "_describe", "_view")

    def __init__(self, action: Any, why: str | None = None,
                 describe: Callable[[Any, Any], str] | None = None, view: Any = None) -> None:
        self.action = action
        self._why = why
        self._describe = describe
        self._view = view

    @property
    def why(self) -> str:
        if self._why is None:
            self._why = (self._describe(self._view, self.action) if self._describe is not None
                         else str(self.action))
            self._describe = self._view = None
        return self._why

    def __iter__(self):
        yield self.action
        yield self.why

    def __repr__(self) -> str:
        return f"Decision({self.action.text!r}, {self.why!r})"


class Bot:
    """A bot of some game. A game's bots define ``pick(view, legal)`` (or ``choose(view)``
    itself) and ``describe(view, action)``, the sentence for an action in ``self.lang``.

    ``rng`` is the bot's own generator from its seed (``random.Random`` unless a game's bots
    choose another with ``new_rng``); ``below(n)`` draws from it."""

    name = "bot"

    def __init__(self, seed: int = 0, lang: str | None = None) -> None:
        self.seed = seed
        self.lang = i18n.resolve_language(lang)  # of the sentences in Decision.why
        self.rng = self.new_rng(seed)
        self._random = getattr(self.rng, "random", None)

    @staticmethod
    def new_rng(seed: int) -> Any:
        return random.Random(seed)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, uniform, from the bot's generator."""
        return int(self._random() * n)

    def choose(self, view: Any) -> Decision:
        legal = view.legal_actions()
        if not legal:
            raise GameError("it is not this player's decision")
        return self.decision(view, self.pick(view, legal))

    def decision(self, view: Any, action: Any) -> Decision:
        """``action`` with its sentence, said when first read."""
        return Decision(action, None, self.describe, view)

    def pick(self, view: Any, legal: list[Any]) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def describe(self, view: Any, action: Any) -> str:  # pragma: no cover - interface
        return str(action)

    def __call__(self, view: Any) -> Decision:
        return self.choose(view)


class RandomBot(Bot):
    """A uniformly random legal action (mix it into a game's bots: ``class RandomBot(tabletop
    RandomBot, TheGamesBot)``)."""

    name = "random"

    def choose(self, view: Any) -> Decision:  # the whole path inline: bulk simulations
        legal = view.legal_actions()
        if not legal:
            raise GameError("it is not this player's decision")
        return Decision(legal[self.below(len(legal))], None, self.describe, view)


class BotListMessage(i18n.Message):
    """A sentence of the ``bots`` catalog about a ``--bots`` list."""

    domain = "bots"
    TEXTS: Mapping[str, str | tuple[str, str]] = {
        "none": N_("--bots needs at least one bot name"),
        "unknown": N_("unknown bot {name}: choose one of {choices}"),
        "too_many": NP_("{count} bot named for {players} players",
                        "{count} bots named for {players} players"),
    }

    @classmethod
    def _say(cls, key: str, params: Mapping[str, Any], lang: str | None) -> str:
        text = i18n.translate("bots", cls.TEXTS[key], lang, params.get("count"))
        return text.format(**params)


class BotListError(GameError):
    """A ``--bots`` list (or a bot name) that cannot seat the players; ``reason`` says why in
    any language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.reason = BotListMessage(key, **params)
        super().__init__(str(self.reason))

    def render(self, lang: str | None = None) -> str:
        return self.reason.render(lang)


def make_bot(registry: Mapping[str, Callable[..., Bot]], name: str, **options: Any) -> Bot:
    """The bot ``name`` of a game's ``registry``, made with ``options`` (seed, lang...)."""
    try:
        factory = registry[name]
    except KeyError:
        raise BotListError("unknown", name=echo(name), choices=", ".join(registry)) from None
    return factory(**options)


def parse_bot_list(spec: str, players: int, known: Iterable[str]) -> list[str]:
    """The bot of each of ``players`` seats from ``spec`` (``"greedy"``: that bot for every
    seat; ``"search,greedy"``: one per seat, repeated); every name must be in ``known``."""
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


def play_out(game: Any, bots: Sequence[Bot], log: list | None = None) -> None:
    """Let ``bots`` (one per seat) play ``game`` to its end; each reads only its own view.
    With ``log`` a list, each (seat, action, sentence) is appended to it."""
    observe = game.observe
    play = game.play
    choosers = [bot.choose for bot in bots]
    while not game.is_over:
        seat = game.current_player
        decision = choosers[seat](observe(seat))
        if log is not None:  # the sentence reads the view: say it before the game moves on
            log.append((seat, decision.action.text, decision.why))
        play(decision.action)
