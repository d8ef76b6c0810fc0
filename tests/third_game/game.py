"""Higher or Lower: a small game the kit has never heard of, to prove that a game is one package.

2 to 5 players. The first 80 elements are the deck; each seat holds a hidden hand of 3, one card
lies face up. On your turn play a card from your hand face up and call it "higher" or "lower"
than the face-up card's first ionization energy; a right call scores a point. The played card
becomes the face-up card, and you draw from the face-down pile while it lasts. The game ends when
every hand is empty (or after ``max_rounds`` rounds).

Notation: ``hi:Na`` / ``lo:Na``. Secrets: the pile's order and every other seat's hand.
Everything the kit needs is in :data:`SPEC`, registered with ONE call at the bottom.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from periodic_edu import i18n
from periodic_edu.chemistry import element
from periodic_edu.echo import echo
from periodic_edu.games import GameSpec, RoomFacts, register_game
from periodic_edu.tabletop import IllegalMoveError, Rng, TurnGame
from periodic_edu.tabletop.bots import Bot, RandomBot
from periodic_edu.tabletop.game import check_players
from periodic_edu.tabletop.spec import TurnGameRules

NAME = "higher_lower"
DECK = tuple(element(z).symbol for z in range(1, 81))
HAND = 3


def energy(symbol: str) -> float:
    return element(symbol).ionization_energy_ev


class Why(i18n.Message):
    """A refusal of this game (English only: a test's game has no catalog)."""

    domain = NAME
    TEXTS = {"not_notation": "{text} is not a move: write hi:Na or lo:Na",
             "not_in_hand": "{card} is not in your hand",
             "over": "the game is over"}

    @classmethod
    def _say(cls, key: str, params: Mapping, lang: str | None, **context) -> str:
        return cls.TEXTS[key].format(**params)


@dataclass(frozen=True)
class Act:
    call: str  # "hi" or "lo"
    card: str

    @property
    def text(self) -> str:
        return f"{self.call}:{self.card}"

    @property
    def key(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


@dataclass
class State:
    n: int
    names: list[str]
    pile: list[str]
    hands: list[list[str]]
    face: str
    points: list[int]
    seat: int = 0
    turn: int = 0
    round: int = 1
    max_rounds: int | None = None
    phase: str = "play"
    ended_by: str | None = None

    def clone(self) -> "State":
        return copy.deepcopy(self)


def apply(st: State, a: Act) -> None:
    st.hands[st.seat].remove(a.card)
    higher = energy(a.card) > energy(st.face)
    lower = energy(a.card) < energy(st.face)
    if (a.call == "hi" and higher) or (a.call == "lo" and lower):
        st.points[st.seat] += 1
    st.face = a.card
    if st.pile:
        st.hands[st.seat].append(st.pile.pop())
    st.turn += 1
    st.round = st.turn // st.n + 1
    if not any(st.hands):
        st.phase, st.ended_by = "over", "cards"
    elif st.max_rounds is not None and st.round > st.max_rounds:
        st.phase, st.ended_by = "over", "max_rounds"
    else:
        st.seat = (st.seat + 1) % st.n
        while not st.hands[st.seat]:
            st.seat = (st.seat + 1) % st.n


class View:
    """What one seat may see (a bot reads only this)."""

    def __init__(self, game: "Game", seat: int | None) -> None:
        self._game, self.seat = game, seat

    def legal_actions(self) -> list[Act]:
        g = self._game
        return g.legal_actions() if self.seat is not None and g.current_player == self.seat \
            else []

    def to_dict(self) -> dict[str, Any]:
        st = self._game.state
        out = {"seat": self.seat, "face": st.face, "round": st.round, "to_move":
               self._game.current_player, "points": list(st.points),
               "hand_sizes": [len(h) for h in st.hands], "pile_size": len(st.pile),
               "names": list(st.names), "over": st.phase == "over",
               "legal_actions": [a.text for a in self.legal_actions()]}
        if self.seat is not None:
            out["hand"] = sorted(st.hands[self.seat])
        if st.phase == "over":
            out["hands"] = [sorted(h) for h in st.hands]  # the end shows every hand
        return out


class Game(TurnGame):
    SAVE_FORMAT = "periodic-edu/higher-lower"
    REVEAL_TEXT = {"card_played": "a card from a hand was played face up",
                   "card_drawn": "a card was drawn from the pile"}

    def __init__(self, players: int | Sequence[str] = 2, seed: int | None = None,
                 max_rounds: int | None = None) -> None:
        checked = check_players(players, "Higher or Lower", 40)
        names = list(checked) if isinstance(checked, list) else \
            [f"Player {i + 1}" for i in range(checked)]
        self.seed = self._seed(seed)
        self.max_rounds = max_rounds
        deck = list(DECK)
        rng = Rng(self.seed)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        n = len(names)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(n)]
        self._start(State(n=n, names=names, pile=deck[1:], hands=hands, face=deck[0],
                          points=[0] * n, max_rounds=max_rounds))

    def _list_legal(self, st: State) -> list[Act]:
        if st.phase == "over":
            return []
        return [Act(call, card) for card in sorted(st.hands[st.seat]) for call in ("hi", "lo")]

    def _checked(self, action: Any) -> Act:
        seat = self.current_player
        if self.is_over:
            raise IllegalMoveError(seat, action, Why("over"))
        text = action.text if isinstance(action, Act) else action
        if not isinstance(text, str) or text[:3] not in ("hi:", "lo:") or len(text) > 8:
            raise IllegalMoveError(seat, action, Why("not_notation", text=echo(text)))
        for legal in self._cached_legal():
            if legal.text == text:
                return legal
        raise IllegalMoveError(seat, text, Why("not_in_hand", card=text[3:]))

    _apply = staticmethod(apply)

    @staticmethod
    def _hidden(st: State) -> tuple:
        return len(st.pile), tuple(len(h) for h in st.hands), st.face

    @staticmethod
    def _revealed(before: tuple, after: tuple) -> tuple[str, ...]:
        kinds = []
        if after[2] != before[2]:
            kinds.append("card_played")
        if after[0] < before[0]:
            kinds.append("card_drawn")
        return tuple(kinds)

    def _header(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": list(self.names), "max_rounds": self.max_rounds}

    @classmethod
    def _from_header(cls, doc: dict[str, Any], version: int) -> "Game":
        return cls(players=doc["players"], seed=doc["seed"], max_rounds=doc.get("max_rounds"))

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._state.seat

    @property
    def turn(self) -> int:
        return self._state.turn

    def observe(self, seat: int | None) -> View:
        return View(self, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return View(self, seat).to_dict()

    def scores(self) -> list[dict[str, Any]]:
        st = self._state
        return [{"seat": s, "name": st.names[s], "total": st.points[s]} for s in range(st.n)]

    def winners(self) -> list[int]:
        best = max(self._state.points)
        return [s for s, p in enumerate(self._state.points) if p == best]

    def summary(self) -> dict[str, Any]:
        return {"game": NAME, "seed": self.seed, "players": list(self.names),
                "actions": len(self.history), "rounds": self.round, "turns": self.turn,
                "is_over": self.is_over, "ended_by": self._state.ended_by,
                "scores": self.scores(), "winners": self.winners() if self.is_over else []}


class RandomPlayer(RandomBot):
    pass


class GreedyPlayer(Bot):
    """The first call that scores (it knows its own cards and the face-up one)."""

    name = "greedy"

    def pick(self, view: View, legal: list[Act]) -> Act:
        face = energy(view.to_dict()["face"])
        return next((a for a in legal if (energy(a.card) > face) == (a.call == "hi")), legal[0])


BOTS = {"random": RandomPlayer, "greedy": GreedyPlayer}


class Rules(TurnGameRules):
    """At a table: every move is public once played (the card goes face up)."""

    @staticmethod
    def settings(game: Game) -> dict[str, Any]:
        return {"players": list(game.names), "max_rounds": game.max_rounds}

    @staticmethod
    def tell(game: Game, seat: int, action: Any, lang: str) -> Callable[[Any], dict]:
        text = action.text if isinstance(action, Act) else str(action)
        return lambda after: {"text": f"{game.names[seat]}: {text}"}


class Room(RoomFacts):
    unread = ("not_notation",)

    def seat_facts(self, view: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        if seat >= len(view.get("hand_sizes") or ()):
            return {}
        return {"hand": view["hand_sizes"][seat], "points": view["points"][seat]}

    def message(self, reason: str, params: dict[str, Any], action: str) -> Why:
        if reason not in Why.TEXTS:
            raise KeyError(reason)
        return Why(reason, **params)


SPEC = register_game(GameSpec(
    name=NAME, title="Higher or Lower", game=Game, bots=BOTS,
    settings=lambda options: {"max_rounds": options.get("max_rounds")},
    end_kind=lambda g: g.state.ended_by,
    state_picture=lambda g: {"face": g.state.face, "pile": list(g.state.pile),
                             "hands": [list(h) for h in g.state.hands]},
    save_stem=lambda options, n, seed: f"higher_lower_{n}p_seed{seed}",
    bot_factory=lambda name, seed, lang, explain: BOTS[name](seed, lang),
    end_kinds=("cards", "max_rounds"), table_rules=Rules, room=Room()))
