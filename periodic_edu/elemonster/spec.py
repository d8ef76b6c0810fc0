"""Elemonster as the kit hosts it: one :class:`~periodic_edu.tabletop.spec.GameSpec`,
registered once (:data:`SPEC`): its settings (variant, hearts, a score ending, E-19), how it
ends, its replay picture, its table rules (the public log, which gives stay private, the reveal
kinds) and its room facts (a spectator's view without the hands, refusals grouped by the duel
value they name).

>>> from periodic_edu.tabletop.spec import GAMES
>>> GAMES["elemonster"] is SPEC, SPEC.editions
(True, ())
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .. import i18n
from ..tabletop.spec import (DEFAULT_MAX_ROUNDS, GameSpec, RoomFacts, TurnGameRules, join_and,
                             register_game)
from . import bots, rules
from .actions import Action
from .bots import describe as bot_sentence
from .game import Game
from .rules import HAND_PROMPTS
from .story import hidden_give, move_line
from .words import DOMAIN, N_, VALUE_WORDS, Reason, term

__all__ = ["SPEC", "ElemonsterRules", "ElemonsterRoom", "ELEMONSTER_REVEALS"]


def _settings(options: Mapping[str, Any]) -> dict[str, Any]:
    out = {"variant": options.get("variant", "beginner"),
           "hearts": options.get("hearts", "always"),
           "max_rounds": options.get("max_rounds")}
    score = options.get("score")
    if score is not None:  # E-19: a score ending reshuffles forever, so it has a round limit
        out["end"] = ("score", score)
        out["max_rounds"] = out["max_rounds"] or DEFAULT_MAX_ROUNDS
    return out


def _picture(game: Game) -> dict[str, Any]:
    st = game.state
    return {"current_player": game.current_player, "pile_size": len(st.pile),
            "discard": list(st.discard),
            "players": [{"seat": s, "name": st.names[s], "hand": list(st.hands[s]),
                         "bonds": [b.to_dict() for b in st.bonds[s]]} for s in range(st.n)]}


#: What an Elemonster action turned face up (``Game.revealed_by``'s kinds): why Undo is off
ELEMONSTER_REVEALS = {
    "cards_drawn": N_("cards were drawn from the pile"),
    "random": N_("a card was chosen at random"),
    "card_passed": N_("a card went from one hand to another"),
    "hands": N_("the game ended and every hand was shown"),
}
# prompts whose "give" moves a card from one hand to another (not to the public discard pile)
_PRIVATE_GIVES = {"give": "attacker", "swap_give": None, "swap_take": "defender"}


class ElemonsterRules(TurnGameRules):
    """Elemonster (:class:`periodic_edu.elemonster.Game`) at a table."""

    @staticmethod
    def settings(game: Game) -> dict[str, Any]:
        return {"players": list(game.names), "variant": game.variant,
                "hearts": game.state.hearts}

    @staticmethod
    def tell(game: Game, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        view = game.observe(seat)
        key = Action.parse(action).key if isinstance(action, str) else action.key
        parsed = next(a for a in game.legal_actions() if a.key == key)
        prompt = view.to_dict()["prompt"]
        duel = game.state.duel
        # what was played (the same words for a person and a bot, seats named when read) and,
        # apart, the bots' reason: a page shows it for a bot's move only (ElemonsterRules.row)
        line = move_line(game, seat, parsed)
        words: dict[str, Any] = {"text": line.render(game.names, lang), "line": line,
                                 "why": bot_sentence(view, parsed, lang)}
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

    def reveal_words(self, kinds: Sequence[str], lang: str) -> str:
        return join_and(list(dict.fromkeys(
            i18n.gettext(DOMAIN, ELEMONSTER_REVEALS.get(k, k), lang) for k in kinds)), lang)


def _reason_ids() -> dict[str, str]:
    """A refusal's message id (its English text) -> the rules' short id the room stores; a
    part of a sentence ("now player 2 must <parry or yield>") is ``"prompt.<id>"``."""
    ids = {(m if isinstance(m, str) else m[0]): f"prompt.{k}"
           for k, m in rules._PROMPT_WHAT.items()}
    ids.update({(m if isinstance(m, str) else m[0]): k for k, m in rules._WHY.items()})
    return ids


def _messages() -> dict[str, Any]:
    """The short id -> the rules' message (the reverse of :func:`_reason_ids`)."""
    table = dict(rules._WHY)
    table.update({f"prompt.{k}": m for k, m in rules._PROMPT_WHAT.items()})
    return table


class ElemonsterRoom(RoomFacts):
    """Elemonster's facts for a class room."""

    def public_view(self, game: Game) -> dict[str, Any]:
        """Seat 0's view without its secrets: its hand and the hand's penalty, a forced-swap
        card, and no legal actions; at the end the final scores."""
        view = game.view(0)
        view["legal_actions"] = []
        view["seat"] = None
        view.pop("hand", None)
        view.pop("hand_penalty", None)
        duel = view.get("duel")
        if duel and duel.get("swap_card") not in (None, "hidden"):
            duel["swap_card"] = "hidden"
        if game.is_over:
            view["final_scores"] = game.scores()
        return view

    def reason_id(self, message: dict[str, Any]) -> str:
        return _reason_ids().get(message["id"], "other")

    def group(self, reason: str, params: dict[str, Any]) -> tuple[str, str]:
        """By the duel value the refused move named (E-3), else the rule."""
        values = params.get("v", params.get("values"))
        if isinstance(values, str):
            return "value", values
        if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
            return "value", values[0]
        return "rule", reason

    def message(self, reason: str, params: dict[str, Any], action: str) -> Reason:
        table = _messages()

        def build(rid: str, ps: dict) -> Reason:
            if rid not in table:
                raise KeyError(rid)
            return Reason(table[rid], **{k: build(v["id"], v.get("params", {}))
                                         if isinstance(v, dict) and "id" in v else v
                                         for k, v in ps.items()})
        return build(reason, params)

    def group_word(self, kind: str, gid: str, lang: str) -> str | None:
        return term(VALUE_WORDS, gid, lang) if kind == "value" else None

    def seat_facts(self, view: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        if seat >= len(view.get("hand_sizes") or ()):
            return {}
        return {"hand": view["hand_sizes"][seat],
                "bonds": len((view.get("bonds") or [[]])[seat]),
                "bond_points": (view.get("bond_points") or [0])[seat]}


SPEC = register_game(GameSpec(
    name="elemonster", title="Elemonster", game=Game, bots=bots.BOTS,
    settings=_settings, end_kind=lambda g: g.state.ended_by, state_picture=_picture,
    save_stem=lambda o, n, seed: f"elemonster_{o.get('variant', 'beginner')}_{n}p_seed{seed}",
    bot_factory=lambda name, seed, lang, explain: bots.make_bot(name, seed, explain, lang),
    end_kinds=("deck", "score", "max_rounds"),
    turns_of=lambda game: game.turn,  # the turn in progress
    rules_book="elemonster.md", table_rules=ElemonsterRules, room=ElemonsterRoom()))
