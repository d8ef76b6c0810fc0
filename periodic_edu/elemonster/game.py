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

import json
from typing import Any, Iterable, Sequence

from .actions import Action, NotationError, card_order
from .deck import load_deck
from .errors import DeckError, EngineError, IllegalMoveError, SaveError, UndoError, move_error
from .rules import (HAND_SIZE, State, apply, bond_points, current_seat, legal_actions,
                    new_state, why_illegal_reason)
from .scoring import hand_breakdown

__all__ = ["Game", "SAVE_FORMAT", "VARIANTS"]

SAVE_FORMAT = "periodic-edu/elemonster-game"
VARIANTS = ("beginner", "advanced")
HEARTS = ("always", "last_card")


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise EngineError(f"players must be 2 to 5 or a list of names, not {players!r}")
    if isinstance(players, int):
        names = [f"Player {i + 1}" for i in range(players)]
    else:
        names = list(players)
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise EngineError("player names must be non-empty strings")
    if not 2 <= len(names) <= 5:
        raise EngineError(f"Elemonster is played by 2 to 5 players, not {len(names)}")
    return tuple(names)


def _end(end: Any) -> Any:
    if end == "deck":
        return "deck"
    if (isinstance(end, (tuple, list)) and len(end) == 2 and end[0] == "score"
            and isinstance(end[1], int) and not isinstance(end[1], bool) and end[1] >= 1):
        return ("score", end[1])
    raise EngineError(f"end must be 'deck' or ('score', N) with N >= 1, not {end!r}")


class Game:
    """One game of Elemonster (ELEMONSTER §11)."""

    def __init__(self, players: int | Sequence[str] = 2, variant: str = "beginner",
                 seed: int = 0, deck: Any = None, end: Any = "deck", hearts: str = "always",
                 max_rounds: int | None = None, extra_values: bool = False) -> None:
        names = _names(players)
        if variant not in VARIANTS:
            raise EngineError(f"variant must be 'beginner' or 'advanced', not {variant!r}")
        if hearts not in HEARTS:
            raise EngineError(f"hearts must be 'always' or 'last_card', not {hearts!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"seed must be a whole number, not {seed!r}")
        end = _end(end)
        if max_rounds is not None and (isinstance(max_rounds, bool)
                                       or not isinstance(max_rounds, int) or max_rounds < 1):
            raise EngineError(f"max_rounds must be a whole number >= 1, not {max_rounds!r}")
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
        self._state = new_state(d, variant, names, seed, end, hearts, bool(extra_values),
                                max_rounds)
        self._stack: list[State] = []
        self._history: list[Action] = []
        self._legal: list[Action] | None = None

    # ---- queries ---------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live full state (hidden information included). Treat it as read-only."""
        return self._state

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def names(self) -> tuple[str, ...]:
        return self._state.names

    @property
    def variant(self) -> str:
        return self._state.variant

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (the defender mid-duel, each seat during decay)."""
        return current_seat(self._state)

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    @property
    def history(self) -> list[str]:
        return [a.text for a in self._history]

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def round(self) -> int:
        return self._state.round

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order (a fresh list)."""
        if self._legal is None:
            self._legal = legal_actions(self._state)
        return list(self._legal)

    def _find(self, action: Action | str) -> Action:
        st = self._state
        seat = current_seat(st)
        try:
            a = Action.parse(action)
        except NotationError as error:
            raise IllegalMoveError(seat, action, str(error)) from None
        if self._legal is None:
            self._legal = legal_actions(st)
        for legal in self._legal:
            if legal.key == a.key:
                return legal
        raise move_error(seat, a, why_illegal_reason(st, a))

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._find(action)
            return True
        except IllegalMoveError:
            return False

    # ---- changing the game -------------------------------------------------------------------
    def play(self, action: Action | str) -> Action:
        """Play one legal action (an :class:`Action` or its notation); returns it in canonical
        notation. An illegal one raises :class:`IllegalMoveError` and changes nothing."""
        a = self._find(action)
        snapshot = self._state.clone()
        try:
            apply(self._state, a)
        except BaseException:  # pragma: no cover - a bug in the rules: restore, then report
            self._state = snapshot
            self._legal = None
            raise
        self._stack.append(snapshot)
        self._history.append(a)
        self._legal = None
        return a

    def play_many(self, actions: Iterable[Action | str]) -> None:
        for a in actions:
            self.play(a)

    def undo(self) -> Action:
        """Restore the exact state before the last action; returns that action."""
        if not self._history:
            raise UndoError("nothing to undo: no action has been played")
        self._state = self._stack.pop()
        self._legal = None
        return self._history.pop()

    push = play
    pop = undo

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
    def to_dict(self) -> dict[str, Any]:
        st = self._state
        doc: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": 1, "variant": st.variant, "seed": self.seed,
            "players": list(st.names), "end": st.end if st.end == "deck" else list(st.end),
            "hearts": st.hearts, "max_rounds": st.max_rounds,
            "extra_values": st.extra_values, "actions": self.history,
        }
        if self._custom_deck:
            doc["deck"] = st.deck.document
        return doc

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, doc: Any) -> "Game":
        """Rebuild a game by replaying its actions from the seed; each action is checked."""
        if not isinstance(doc, dict):
            raise SaveError("save file: the document must be a JSON object")
        if doc.get("format") != SAVE_FORMAT:
            raise SaveError(f"save file: field 'format' must be {SAVE_FORMAT!r}, "
                            f"not {doc.get('format')!r}")
        if doc.get("version") != 1:
            raise SaveError(f"save file: field 'version' must be 1, not {doc.get('version')!r}")
        for key in ("variant", "seed", "players", "actions"):
            if key not in doc:
                raise SaveError(f"save file: field {key!r} is missing")
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("save file: field 'actions' must be a list of action strings")
        players = doc["players"]
        if not (isinstance(players, int) and not isinstance(players, bool)) and not (
                isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise SaveError("save file: field 'players' must be a number or a list of names")
        try:
            game = cls(players=players, variant=doc["variant"], seed=doc["seed"],
                       deck=doc.get("deck"), end=doc.get("end", "deck"),
                       hearts=doc.get("hearts", "always"), max_rounds=doc.get("max_rounds"),
                       extra_values=bool(doc.get("extra_values", False)))
        except EngineError as error:
            raise SaveError(f"save file: {error}") from None
        for index, text in enumerate(actions):
            try:
                game.play(text)
            except IllegalMoveError as error:
                raise SaveError(f"save file: action {index} ({text!r}) does not replay: "
                                f"{error.why}") from None
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SaveError(f"save file: malformed JSON: {error}") from None
        return cls.from_dict(doc)

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
            prompt = {"kind": p[0], "seat": p[1]}
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

