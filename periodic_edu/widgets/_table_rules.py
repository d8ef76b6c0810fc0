"""The two games' rules for a :class:`~periodic_edu.tabletop.table.Table`: how each starts,
loads, makes its bots and tells its public log (see the Table's docstring for the protocol).

No widget code here (no traitlets): the table and these rules run without a front end.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .. import i18n
from ..bots import BOTS as PERIODIC_BOTS, make_bot as periodic_bot
from ..elemonster import Game as ElemonsterGame
from ..elemonster.actions import Action as ElemonsterAction
from ..elemonster.bots import BOTS as ELEMONSTER_BOTS, describe as elemonster_sentence, \
    make_bot as elemonster_bot
from ..elemonster.errors import EngineError as ElemonsterEngineError
from ..elemonster.words import DOMAIN as ELEMONSTER_DOMAIN
from ..engine import Action as PeriodicAction, EngineError, Game as PeriodicGame
from ..locale.widget_texts import FRONT_END
from ..tabletop.table import Text
from ._elemonster_payload import REVEAL_WORDS as ELEMONSTER_REVEALS, TEXT as ELEMONSTER_TEXT
from ._game_story import Snapshot, entry_text, make_entry

__all__ = ["PERIODIC", "ELEMONSTER", "PeriodicRules", "ElemonsterRules"]


def _and(parts: Sequence[str], lang: str) -> str:
    return i18n.gettext("widgets", FRONT_END["and"], lang).join(parts)


class PeriodicRules:
    """Periodic (:class:`periodic_edu.engine.Game`) at a table."""

    name = "periodic"
    bot_kinds = tuple(PERIODIC_BOTS)

    @staticmethod
    def new_game(seed: int, settings: dict[str, Any]) -> PeriodicGame:
        return PeriodicGame(seed=seed, **settings)

    @staticmethod
    def load(text: str) -> PeriodicGame:
        try:
            return PeriodicGame.from_json(text)
        except EngineError as exc:
            raise ValueError(str(exc)) from None

    @staticmethod
    def replay_start(game: PeriodicGame) -> PeriodicGame:
        return PeriodicGame.from_dict({**game.to_dict(), "actions": []})

    @staticmethod
    def settings(game: PeriodicGame) -> dict[str, Any]:
        return {"players": list(game.names), "edition": game.edition,
                "max_rounds": game.max_rounds}

    @staticmethod
    def make_bot(kind: str, seed: int, lang: str) -> Any:
        return periodic_bot(kind, seed=seed, lang=lang)

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


# prompts whose "give" moves a card from one hand to another (not to the public discard pile)
_PRIVATE_GIVES = {"give": "attacker", "swap_give": None, "swap_take": "defender"}


class ElemonsterRules:
    """Elemonster (:class:`periodic_edu.elemonster.Game`) at a table."""

    name = "elemonster"
    bot_kinds = tuple(ELEMONSTER_BOTS)

    @staticmethod
    def new_game(seed: int, settings: dict[str, Any]) -> ElemonsterGame:
        try:
            return ElemonsterGame(seed=seed, **settings)
        except ElemonsterEngineError as exc:
            raise ValueError(str(exc)) from None

    @staticmethod
    def load(text: str) -> ElemonsterGame:
        try:
            return ElemonsterGame.from_json(text)
        except ElemonsterEngineError as exc:
            raise ValueError(str(exc)) from None

    @staticmethod
    def replay_start(game: ElemonsterGame) -> ElemonsterGame:
        return ElemonsterGame.from_dict({**game.to_dict(), "actions": []})

    @staticmethod
    def settings(game: ElemonsterGame) -> dict[str, Any]:
        return {"players": list(game.names), "variant": game.variant,
                "hearts": game.state.hearts}

    @staticmethod
    def make_bot(kind: str, seed: int, lang: str) -> Any:
        # the bots' own sentences are not logged (the table's describer is): explain=False
        return elemonster_bot(kind, seed=seed, explain=False, lang=lang)

    @staticmethod
    def tell(game: ElemonsterGame, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        view = game.observe(seat)
        key = ElemonsterAction.parse(action).key if isinstance(action, str) else action.key
        parsed = next(a for a in game.legal_actions() if a.key == key)
        prompt = view.to_dict()["prompt"]
        duel = game.state.duel
        text = elemonster_sentence(view, parsed, lang)
        words: dict[str, Any] = {"text": text}
        if parsed.kind == "give" and prompt and prompt["kind"] in _PRIVATE_GIVES:
            # who may see the card given: the giver and the one who receives it
            receiver = _PRIVATE_GIVES[prompt["kind"]]
            words["may_see"] = [seat] + ([getattr(duel, receiver)] if receiver and duel else [])
            words["to"] = duel.attacker if prompt["kind"] in ("give", "swap_give") \
                else duel.defender
        return lambda after: dict(words)

    @staticmethod
    def hidden_text(row: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return i18n.translate(ELEMONSTER_DOMAIN, ELEMONSTER_TEXT["log_hidden_give"], lang).format(
            name=names[row["seat"]], to=names[row["to"]])

    @staticmethod
    def reveal_words(kinds: Sequence[str], lang: str) -> str:
        return _and(list(dict.fromkeys(
            i18n.gettext(ELEMONSTER_DOMAIN, ELEMONSTER_REVEALS.get(k, k), lang) for k in kinds)),
            lang)


PERIODIC = PeriodicRules()
ELEMONSTER = ElemonsterRules()
