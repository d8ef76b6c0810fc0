"""The two games' rules for a :class:`~periodic_edu.tabletop.table.Table`: how each starts,
loads, makes its bots and tells its public log (see the Table's docstring for the protocol).

No widget code here (below the widgets: the game widgets and class play both seat their
tables with these rules); the table and these rules run without a front end.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from . import i18n
from .elemonster import Game as ElemonsterGame
from .elemonster.actions import Action as ElemonsterAction
from .elemonster.bots import describe as elemonster_sentence
from .elemonster.rules import HAND_PROMPTS
from .elemonster.story import hidden_give, move_line
from .elemonster.words import DOMAIN as ELEMONSTER_DOMAIN, N_
from .engine import Action as PeriodicAction, Game as PeriodicGame
from .games import GAMES
from .locale.widget_texts import FRONT_END
from .tabletop.table import Text
from .engine.story import Snapshot, entry_text, make_entry

__all__ = ["PERIODIC", "ELEMONSTER", "PeriodicRules", "ElemonsterRules"]


def _and(parts: Sequence[str], lang: str) -> str:
    return i18n.gettext("widgets", FRONT_END["and"], lang).join(parts)


class _TurnGameRules:
    """What both games share at a table: the game's class and bots from the registry
    (:data:`periodic_edu.games.GAMES`), on the tabletop's ``TurnGame`` (its refusals are
    ``GameError``, a ValueError: a damaged save or bad settings)."""

    name: str

    def __init__(self) -> None:
        spec = GAMES[self.name]
        self.spec = spec
        self.game = spec.game
        self.bot_kinds = tuple(spec.bots)

    def make_bot(self, kind: str, seed: int, lang: str) -> Any:
        # the bots' own reasons are not logged (the table's public describer is): no sentences
        return self.spec.make_bot(kind, seed, lang, explain=False)

    def new_game(self, seed: int, settings: dict[str, Any]) -> Any:
        return self.game(seed=seed, **settings)

    def load(self, text: str) -> Any:
        return self.game.from_json(text)  # the bounded reader; every action replayed, checked

    def replay_start(self, game: Any) -> Any:
        return self.game.from_dict({**game.to_dict(), "actions": []})


class PeriodicRules(_TurnGameRules):
    """Periodic (:class:`periodic_edu.engine.Game`) at a table."""

    name = "periodic"

    @staticmethod
    def settings(game: PeriodicGame) -> dict[str, Any]:
        return {"players": list(game.names), "edition": game.edition,
                "max_rounds": game.max_rounds}


    @staticmethod
    def tell(game: PeriodicGame, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        parsed = action if isinstance(action, PeriodicAction) else PeriodicAction.parse(action)
        text = entry_text(game, seat, parsed, lang)  # the same public describer for everyone
        before = Snapshot(game.state)
        index = len(game.history)

        def finish(after: PeriodicGame) -> dict[str, Any]:
            entry = make_entry(after, index, seat, parsed, text, None, before, lang)
            return {key: entry[key] for key in ("round", "text", "from", "to", "events",
                                                "action")}  # action: None for a secret agenda
        return finish

    @staticmethod
    def hidden_text(row: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return row["text"]  # pragma: no cover - every Periodic entry is public

    @staticmethod
    def reveal_words(kinds: Sequence[str], lang: str) -> str:
        return _and([Text(f"reveal_{k}").render(lang) for k in kinds], lang)


#: What an Elemonster action turned face up (``Game.revealed_by``'s kinds): why Undo is off
ELEMONSTER_REVEALS = {
    "cards_drawn": N_("cards were drawn from the pile"),
    "random": N_("a card was chosen at random"),
    "card_passed": N_("a card went from one hand to another"),
    "hands": N_("the game ended and every hand was shown"),
}
# prompts whose "give" moves a card from one hand to another (not to the public discard pile)
_PRIVATE_GIVES = {"give": "attacker", "swap_give": None, "swap_take": "defender"}


class ElemonsterRules(_TurnGameRules):
    """Elemonster (:class:`periodic_edu.elemonster.Game`) at a table."""

    name = "elemonster"

    @staticmethod
    def settings(game: ElemonsterGame) -> dict[str, Any]:
        return {"players": list(game.names), "variant": game.variant,
                "hearts": game.state.hearts}

    @staticmethod
    def tell(game: ElemonsterGame, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        view = game.observe(seat)
        key = ElemonsterAction.parse(action).key if isinstance(action, str) else action.key
        parsed = next(a for a in game.legal_actions() if a.key == key)
        prompt = view.to_dict()["prompt"]
        duel = game.state.duel
        # what was played (the same words for a person and a bot, seats named when read) and,
        # apart, the bots' reason: a page shows it for a bot's move only (ElemonsterRules.row)
        line = move_line(game, seat, parsed)
        words: dict[str, Any] = {"text": line.render(game.names, lang), "line": line,
                                 "why": elemonster_sentence(view, parsed, lang)}
        if parsed.kind == "skip" and prompt and prompt["kind"] in HAND_PROMPTS:
            # a refusal only a certain card makes possible: the others never see it happen
            words["only"] = [seat]
        if parsed.kind == "give" and prompt and prompt["kind"] in _PRIVATE_GIVES:
            # who may see the card given: the giver and the one who receives it
            receiver = _PRIVATE_GIVES[prompt["kind"]]
            words["may_see"] = [seat] + ([getattr(duel, receiver)] if receiver and duel else [])
            words["to"] = duel.attacker if prompt["kind"] in ("give", "swap_give") \
                else duel.defender
        return lambda after: dict(words)

    @staticmethod
    def row(row: dict[str, Any], names: Sequence[str], lang: str, hidden: bool) -> dict[str, Any]:
        """A log row as a page reads it: the move said with the names shown (``names``), and
        ``why`` (the bot's reason) for a bot's move only, never for a person's, never for a
        row whose card the reader may not see."""
        line = row.pop("line", None)
        why = row.pop("why", None)
        if line is not None:
            row["text"] = line.render(names, lang)
        # ("Declines." says it all: no reason the same as its move)
        row["why"] = why if row.get("bot") is not None and not hidden and why != row["text"] \
            else None
        return row

    @staticmethod
    def hidden_text(row: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return hidden_give(row["to"]).render(names, lang)

    @staticmethod
    def reveal_words(kinds: Sequence[str], lang: str) -> str:
        return _and(list(dict.fromkeys(
            i18n.gettext(ELEMONSTER_DOMAIN, ELEMONSTER_REVEALS.get(k, k), lang) for k in kinds)),
            lang)


PERIODIC = PeriodicRules()
ELEMONSTER = ElemonsterRules()
