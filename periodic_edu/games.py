"""The kit's games by name: what a command line, a simulation or a room needs to make, load and
play any of them without knowing which (OpenSpiel's ``load_game(name)``).

>>> sorted(GAMES)
['elemonster', 'periodic']
>>> spec = GAMES["elemonster"]
>>> game = spec.new_game(seed=3, players=2)
>>> spec_of_save(game.to_dict()).name, spec.make_bot("greedy", 1).name
('elemonster', 'greedy')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .engine import bots as periodic_bots
from .echo import echo
from .elemonster import Game as ElemonsterGame
from .elemonster import bots as elemonster_bots
from .engine import Game as PeriodicGame
from .tabletop import SaveError, TurnGame
from .tabletop.bots import Bot, parse_bot_list

__all__ = ["GameSpec", "GAMES", "get_game", "spec_of_save", "load_game"]

#: RULES D-12 and ELEMONSTER E-19: a simulation always sets a round limit
DEFAULT_MAX_ROUNDS = 60


@dataclass(frozen=True)
class GameSpec:
    """One game of the kit: its class, its bots, and the few facts a caller cannot guess."""

    name: str
    title: str
    game: type[TurnGame]
    bots: Mapping[str, type[Bot]]
    #: ``options`` (the game's own settings) -> keyword arguments of the game's class
    settings: Callable[[Mapping[str, Any]], dict[str, Any]]
    #: a finished game -> what ended it (an id of the game's summary)
    end_kind: Callable[[Any], str]
    #: the replay's picture of the state (public and hidden: a replay shows everything)
    state_picture: Callable[[Any], dict[str, Any]]
    #: ``(options, players, seed)`` -> the stem of a save file's name
    save_stem: Callable[[Mapping[str, Any], int, int], str]
    #: ``(name, seed, lang, explain)`` -> a bot (``explain=False``: no sentences, for bulk play)
    bot_factory: Callable[[str, int, str | None, bool], Bot]

    def new_game(self, seed: int | None = None, players: Any = 2, **options: Any) -> TurnGame:
        return self.game(players=players, seed=seed, **self.settings(options))

    def make_bot(self, name: str, seed: int = 0, lang: str | None = None,
                 explain: bool = True) -> Bot:
        return self.bot_factory(name, seed, lang, explain)

    def parse_bots(self, spec: str, players: int) -> list[str]:
        return parse_bot_list(spec, players, self.bots)

    def turns(self, game: Any) -> int:
        """Turns played (Periodic counts finished turns, Elemonster the turn in progress)."""
        return game.turns if isinstance(game, PeriodicGame) else game.turn


def _periodic_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    return {"edition": options.get("edition", "en"),
            "max_rounds": options.get("max_rounds", DEFAULT_MAX_ROUNDS)}


def _periodic_end(game: PeriodicGame) -> str:
    """A goal ``stack`` ran out, the AA ``track`` (D-11), or the ``round_limit`` (D-12)."""
    st = game.state
    if st.ended_by == "round_limit":
        return "round_limit"
    return "stack" if st.trigger and st.trigger[1] == "stack" else "track"


def _periodic_picture(game: PeriodicGame) -> dict[str, Any]:
    st = game.state
    return {"phase": st.phase, "current_player": st.seat,
            "players": [{"seat": p, "name": st.names[p], "energy": st.energy[p],
                         "flask": st.flask[p], "aa_index": st.aa[p],
                         "research_cubes": st.cubes[p], "completed_cards": list(st.won[p]),
                         "tiles": list(st.tiles[p])} for p in range(st.n)],
            "face_up": list(st.face), "trend_spots": list(st.spots)}


def _elemonster_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    out = {"variant": options.get("variant", "beginner"),
           "hearts": options.get("hearts", "always"),
           "max_rounds": options.get("max_rounds")}
    score = options.get("score")
    if score is not None:  # E-19: a score ending reshuffles forever, so it has a round limit
        out["end"] = ("score", score)
        out["max_rounds"] = out["max_rounds"] or DEFAULT_MAX_ROUNDS
    return out


def _elemonster_picture(game: ElemonsterGame) -> dict[str, Any]:
    st = game.state
    return {"current_player": game.current_player, "pile_size": len(st.pile),
            "discard": list(st.discard),
            "players": [{"seat": s, "name": st.names[s], "hand": list(st.hands[s]),
                         "bonds": [b.to_dict() for b in st.bonds[s]]} for s in range(st.n)]}


GAMES: dict[str, GameSpec] = {
    "periodic": GameSpec(
        name="periodic", title="Periodic", game=PeriodicGame, bots=periodic_bots.BOTS,
        settings=_periodic_settings, end_kind=_periodic_end, state_picture=_periodic_picture,
        save_stem=lambda o, n, seed: f"game_{o.get('edition', 'en')}_{n}p_seed{seed}",
        # a Periodic bot says its sentence only when it is read: nothing to switch off
        bot_factory=lambda name, seed, lang, explain: periodic_bots.make_bot(name, seed, lang)),
    "elemonster": GameSpec(
        name="elemonster", title="Elemonster", game=ElemonsterGame, bots=elemonster_bots.BOTS,
        settings=_elemonster_settings, end_kind=lambda g: g.state.ended_by,
        state_picture=_elemonster_picture,
        save_stem=lambda o, n, seed: f"elemonster_{o.get('variant', 'beginner')}_{n}p_seed{seed}",
        bot_factory=lambda name, seed, lang, explain: elemonster_bots.make_bot(
            name, seed, explain, lang)),
}


def get_game(name: str) -> GameSpec:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {echo(name)}: choose one of "
                         f"{', '.join(GAMES)}") from None


def spec_of_save(doc: Any) -> GameSpec:
    """The game a save document belongs to, by its ``format`` field."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    for spec in GAMES.values():
        if fmt == spec.game.SAVE_FORMAT:
            return spec
    raise SaveError(f"save file: field 'format' must be one of "
                    f"{', '.join(repr(s.game.SAVE_FORMAT) for s in GAMES.values())}, "
                    f"not {echo(fmt)}")


def load_game(doc: Any) -> TurnGame:
    """Any game of the kit from its save document (replayed and checked)."""
    return spec_of_save(doc).game.from_dict(doc)
