"""The Elemonster :class:`Game`: create, list legal actions, play, undo, view, save, load, score.

Shaped like the Periodic engine (python-chess ``legal_actions``/``play``/``undo``, notation that
round-trips, ``IllegalMoveError`` leaving the state untouched; OpenSpiel's per-seat observer).

>>> g = Game(players=2, seed=1)
>>> g.current_player, len(g.view(0)["hand"]), g.view(0)["hand_sizes"]
(0, 6, [6, 5])
>>> a = g.play(g.legal_actions()[-1]); g.undo() == a
True
"""
from __future__ import annotations

from typing import Any, Sequence

from ..echo import echo
from ..tabletop import TurnGame
from ..tabletop.game import check_players
from .actions import Action, NotationError, card_order
from .deck import load_deck
from .errors import DeckError, EngineError, IllegalMoveError, SaveError
from .rules import (HAND_PROMPTS, HAND_SIZE, State, apply, bond_points, current_seat,
                    legal_actions, new_state, why_illegal_reason)
from .scoring import hand_breakdown

__all__ = ["Game", "SAVE_FORMAT", "VARIANTS"]

SAVE_FORMAT = "periodic-edu/elemonster-game"
VARIANTS = ("beginner", "advanced")
HEARTS = ("always", "last_card")
#: a player's name: at most this many characters, no control characters
NAME_LIMIT = 40

#: what an action can turn face up, for someone (undo stops before it: see ``revealed_by``)
REVEAL_TEXT = {
    "cards_drawn": "cards were drawn from the pile",
    "random": "a card was chosen at random",
    "card_passed": "a card went from one hand to another",
    "hands": "the game ended and every hand was shown",
}


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    checked = check_players(players, "Elemonster", NAME_LIMIT)
    if isinstance(checked, int):
        return tuple(f"Player {i + 1}" for i in range(checked))
    return tuple(checked)


def _end(end: Any) -> Any:
    if end == "deck":
        return "deck"
    if (isinstance(end, (tuple, list)) and len(end) == 2 and end[0] == "score"
            and isinstance(end[1], int) and not isinstance(end[1], bool) and end[1] >= 1):
        return ("score", end[1])
    raise EngineError(f"end must be 'deck' or ('score', N) with N >= 1, not {echo(end)}")


def _hidden(st: State) -> tuple:
    """What is hidden, as far as undo cares: the pile's size, the generator's uses, every
    hand, and whether the hands are still private (the game is not over)."""
    return (len(st.pile), st.random_events, tuple(tuple(h) for h in st.hands),
            st.phase != "over")


def _revealed(before: tuple, after: tuple) -> tuple[str, ...]:
    """What became known to someone between two :func:`_hidden` (kinds of REVEAL_TEXT)."""
    out = []
    if after[0] < before[0]:
        out.append("cards_drawn")
    if after[1] != before[1]:
        out.append("random")
    hands_before, hands_after = before[2], after[2]
    if hands_before != hands_after and any(
            c not in old and any(c in other and c not in hands_after[i]
                                 for i, other in enumerate(hands_before) if i != j)
            for j, (old, new) in enumerate(zip(hands_before, hands_after)) for c in new):
        out.append("card_passed")
    if before[3] and not after[3]:
        out.append("hands")
    return tuple(out)


class Game(TurnGame):
    """One game of Elemonster (ELEMONSTER §11). ``seed``: the same seed gives the same game;
    omitted, a fresh 128-bit seed is drawn from :mod:`secrets`."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSIONS = (1,)
    SAVE_FIELDS = ("variant", "seed", "players")
    REVEAL_TEXT = REVEAL_TEXT

    def __init__(self, players: int | Sequence[str] = 2, variant: str = "beginner",
                 seed: int | None = None, deck: Any = None, end: Any = "deck",
                 hearts: str = "always", max_rounds: int | None = None,
                 extra_values: bool = False) -> None:
        names = _names(players)
        if variant not in VARIANTS:
            raise EngineError(f"variant must be 'beginner' or 'advanced', not {echo(variant)}")
        if hearts not in HEARTS:
            raise EngineError(f"hearts must be 'always' or 'last_card', not {echo(hearts)}")
        seed = self._seed(seed)
        end = _end(end)
        if max_rounds is not None and (isinstance(max_rounds, bool)
                                       or not isinstance(max_rounds, int) or max_rounds < 1):
            raise EngineError(f"max_rounds must be a whole number >= 1, not {echo(max_rounds)}")
        if end != "deck" and max_rounds is None:
            # E-19: with reshuffling only max_rounds guarantees an end
            raise EngineError("a score ending needs max_rounds (the pile is reshuffled forever)")
        d = load_deck(deck)
        need = len(names) * HAND_SIZE[variant] + 1
        have = len(d.cards_for(variant))
        if have < need:
            raise DeckError(d.source, None, f"{have} cards cannot deal {HAND_SIZE[variant]} to "
                                            f"each of {len(names)} players and leave a pile "
                                            f"(need {need})")
        self.seed = seed
        self._custom_deck = deck is not None
        self._start(new_state(d, variant, names, seed, end, hearts, bool(extra_values),
                              max_rounds))

    # ---- the rules, for the base ---------------------------------------------------------------
    def _list_legal(self, state: State) -> list[Action]:
        return legal_actions(state)

    def _checked(self, action: Action | str) -> Action:
        st = self._state
        seat = current_seat(st)
        try:
            a = Action.parse(action)
        except NotationError as error:
            raise IllegalMoveError(seat, action, str(error)) from None
        for legal in self._cached_legal():
            if legal.key == a.key:
                return legal
        raise IllegalMoveError(seat, a, why_illegal_reason(st, a))

    _apply = staticmethod(apply)
    _hidden = staticmethod(_hidden)
    _revealed = staticmethod(_revealed)

    # ---- queries ---------------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self._state.variant

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (the defender mid-duel, each seat during decay)."""
        return current_seat(self._state)

    @property
    def turn(self) -> int:
        return self._state.turn

    # ---- views and scores --------------------------------------------------------------------
    def observe(self, seat: int) -> "View":
        """What seat ``seat`` may know (what bots read)."""
        return View(self, seat)

    def view(self, seat: int) -> dict[str, Any]:
        """The JSON view of one seat: public facts, its own hand, never another hand or the
        pile order."""
        return View(self, seat).to_dict()

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: bond points, the hand's penalty (E-20) and the total (final when over)."""
        st = self._state
        out = []
        for seat in range(st.n):
            hand = hand_breakdown(st.hands[seat])
            bonds = bond_points(st, seat)
            out.append({"seat": seat, "name": st.names[seat], "bonds": len(st.bonds[seat]),
                        "bond_points": bonds, "hand": hand, "total": bonds + hand["total"]})
        return out

    def winners(self) -> list[int]:
        """Most points; tie: more bonds on the table; then shared (ELEMONSTER §8)."""
        scores = self.scores()
        best = max((s["total"], s["bonds"]) for s in scores)
        return [s["seat"] for s in scores if (s["total"], s["bonds"]) == best]

    def summary(self) -> dict[str, Any]:
        st = self._state
        scores = self.scores()
        return {"variant": st.variant, "seed": self.seed, "players": list(st.names),
                "end": st.end if st.end == "deck" else list(st.end), "hearts": st.hearts,
                "max_rounds": st.max_rounds, "turns": st.turn, "rounds": st.round,
                "actions": len(self._history), "is_over": self.is_over,
                "ended_by": st.ended_by, "scores": scores, "winners": self.winners()}

    # ---- save / load ---------------------------------------------------------------------------
    def _header(self) -> dict[str, Any]:
        st = self._state
        doc: dict[str, Any] = {
            "variant": st.variant, "seed": self.seed,
            "players": list(st.names), "end": st.end if st.end == "deck" else list(st.end),
            "hearts": st.hearts, "max_rounds": st.max_rounds,
            "extra_values": st.extra_values,
        }
        if self._custom_deck:
            doc["deck"] = st.deck.document
        return doc

    @classmethod
    def _from_header(cls, doc: dict[str, Any], version: int) -> "Game":
        """A deck comes only inline (a parsed document): a save never names a file, and one
        that does is refused without the file being looked at."""
        deck = doc.get("deck")
        if deck is not None and not isinstance(deck, dict):
            raise SaveError("save file: field 'deck' must be a deck written out in the save (a "
                            "JSON object); a save never names a deck file")
        extra = doc.get("extra_values", False)
        if not isinstance(extra, bool):
            raise SaveError(f"save file: field 'extra_values' must be true or false, "
                            f"not {echo(extra)}")
        return cls(players=doc["players"], variant=doc["variant"], seed=doc["seed"],
                   deck=deck, end=doc.get("end", "deck"), hearts=doc.get("hearts", "always"),
                   max_rounds=doc.get("max_rounds"), extra_values=extra)

    def __repr__(self) -> str:
        st = self._state
        who = "over" if self.is_over else f"seat {self.current_player + 1} to act"
        return f"<Elemonster {st.variant} {st.n} players seed={self.seed} turn {st.turn} {who}>"


class View:
    """A read-only window on the game for one seat: its own hand and everything public."""

    def __init__(self, game: Game, seat: int) -> None:
        st = game._state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            raise EngineError(f"seat must be 0 to {st.n - 1}, not {seat!r}")
        self._game = game
        self.seat = seat

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self._game._state.hands[self.seat])

    @property
    def my_turn(self) -> bool:
        return self._game.current_player == self.seat

    def legal_actions(self) -> list[Action]:
        """The legal actions if it is this seat's decision, else none."""
        return self._game.legal_actions() if self.my_turn else []

    @property
    def prompt(self) -> str:
        st = self._game._state
        return st.queue[0][0] if st.queue else ("over" if st.phase == "over" else "main")

    def unseen(self) -> list[str]:
        """Cards this seat cannot see (other hands and the pile), as a sorted multiset."""
        st = self._game._state
        pool = list(st.deck.cards_for(st.variant))
        seen = list(self.hand) + list(st.discard)
        for bonds in st.bonds:
            for b in bonds:
                seen += [b.a, b.b, *b.multiplier_cards]
        if st.duel is not None:
            seen += [st.duel.card] if st.duel.card_on_table else []
            seen += st.duel.parries
            if st.duel.swap_card is not None and st.duel.defender == self.seat:
                seen.append(st.duel.swap_card)
        for c in seen:
            if c in pool:
                pool.remove(c)
        return sorted(pool, key=card_order)

    def to_dict(self) -> dict[str, Any]:
        g = self._game
        st = g._state
        duel = None
        if st.duel is not None:
            d = st.duel
            duel = {"attacker": d.attacker, "defender": d.defender, "card": d.card,
                    "values": list(d.values), "mode": d.mode, "low": d.low,
                    "parries": list(d.parries), "demand": d.demand,
                    "swap_card": (d.swap_card if d.defender == self.seat else
                                  None if d.swap_card is None else "hidden")}
        prompt = None
        if st.queue:
            p = st.queue[0]
            # another seat's prompt that only a certain card brings is "deciding" to this one:
            # its kind would name a card in that hand (a magnet, a flammable card, a skull)
            kind = "deciding" if p[0] in HAND_PROMPTS and p[1] != self.seat else p[0]
            prompt = {"kind": kind, "seat": p[1]}
            if p[0] in ("refill", "exchange_offer"):
                prompt["count"] = p[-1]
        me = hand_breakdown(st.hands[self.seat])
        return {
            "seat": self.seat, "players": list(st.names), "variant": st.variant,
            "end": st.end if st.end == "deck" else list(st.end), "hearts": st.hearts,
            "turn": st.turn, "round": st.round, "active": st.active,
            "current_player": g.current_player, "is_over": g.is_over, "ended_by": st.ended_by,
            "prompt": prompt,
            "hand": list(st.hands[self.seat]),
            "hand_penalty": me["total"],
            "hand_sizes": [len(h) for h in st.hands],
            "pile_size": len(st.pile),
            "discard": list(st.discard),
            "bonds": [[b.to_dict() for b in bonds] for bonds in st.bonds],
            "bond_points": [bond_points(st, s) for s in range(st.n)],
            "special_used": list(st.special_used),
            "dueled": st.dueled, "bonded": st.bonded,
            "declared": list(st.declared) if st.declared else None,
            "duel": duel,
            "trigger": None if st.trigger is None else {
                "by": st.trigger["by"], "reason": st.trigger["reason"],
                "turns_left": st.trigger["remaining"]},
            "legal_actions": [a.text for a in self.legal_actions()],
        }

