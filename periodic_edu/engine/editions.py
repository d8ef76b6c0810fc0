"""The two rule presets, ``en`` and ``uk``, as data (RULES §2).

Everything that differs between the editions lives in ``periodic_edu/data/editions.json``: stack
sizes, research cubes, energy tokens, agenda deals (``uk``: 2 with five players), start cards
per seat, the set objective and the award tile faces (RULES D-6). The rules never branch on the
edition's name; they read an :class:`Edition`.

>>> get_edition("uk").agenda_deal[5]
2
>>> get_edition("en").stacks["purple"]
5
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

from ..board import TREND_NAMES
from ..echo import echo
from .errors import EngineError
from .tables import COLOURS, FAMILY_IDS, TRENDS

__all__ = ["Edition", "EDITIONS", "get_edition", "tile_code", "tile_label"]


@dataclass(frozen=True)
class Edition:
    id: str
    goal_deck: str
    agenda_deck: str
    stacks: Mapping[str, int]
    research_cubes: int
    energy_total: int
    start_energy: tuple[int, ...]
    start_aa_index: tuple[int, ...]
    start_cards: tuple[int, ...]          # 1-based ring positions per seat
    agenda_deal: Mapping[int, int]        # players -> cards dealt
    agenda_deck_size: int
    set_objective: str
    award_tiles: Mapping[str, tuple[str, ...]]  # colour -> tile codes (see tile_code)


def tile_code(face: Mapping[str, str]) -> str:
    """The compact code of an award tile: ``plus3``, ``take2``, ``free:<trend>``, ``move:<family>``."""
    kind = face.get("kind")
    if kind in ("plus3", "take2"):
        return kind
    if kind == "free" and face.get("trend") in TRENDS:
        return f"free:{face['trend']}"
    if kind == "move" and face.get("family") in FAMILY_IDS:
        return f"move:{face['family']}"
    raise EngineError(f"editions.json: unknown award tile face {dict(face)!r}")


def tile_label(code: str) -> str:
    if code == "plus3":
        return "+3 Spaces"
    if code == "take2":
        return "Take 2 Energy"
    kind, _, arg = code.partition(":")
    if kind == "free":
        return f"Free Action: {TREND_NAMES[arg]}"
    return f"Move To: {arg.replace('_', ' ').title()}"


def _edition(name: str, raw: dict) -> Edition:
    tiles = {c: tuple(tile_code(f) for f in raw["award_tiles"][c]) for c in COLOURS}
    # RULES D-6: three Free Action tiles with three different trends, three Move To tiles with
    # three different element groups.
    free = [t for c in COLOURS for t in tiles[c] if t.startswith("free:")]
    move = [t for c in COLOURS for t in tiles[c] if t.startswith("move:")]
    if len(set(free)) != len(free) or len(set(move)) != len(move):
        raise EngineError(f"editions.json: {name}: award tiles must show different faces")
    edition = Edition(
        id=name,
        goal_deck=raw["goal_deck"],
        agenda_deck=raw["agenda_deck"],
        stacks=MappingProxyType({c: int(raw["stacks"][c]) for c in COLOURS}),
        research_cubes=int(raw["research_cubes"]),
        energy_total=int(raw["energy_total"]),
        start_energy=tuple(raw["start_energy"]),
        start_aa_index=tuple(raw["start_aa_index"]),
        start_cards=tuple(raw["start_cards"]),
        agenda_deal=MappingProxyType({int(k): int(v) for k, v in raw["agenda_deal"].items()}),
        agenda_deck_size=int(raw["agenda_deck_size"]),
        set_objective=raw["set_objective"],
        award_tiles=MappingProxyType(tiles),
    )
    if edition.energy_total < 5 + sum(edition.start_energy):
        raise EngineError(f"editions.json: {name}: not enough energy tokens for five players")
    return edition


@lru_cache(maxsize=None)
def _load() -> Mapping[str, Edition]:
    text = resources.files("periodic_edu").joinpath("data/editions.json").read_text("utf-8")
    raw = json.loads(text)
    return MappingProxyType({k: _edition(k, v) for k, v in raw["editions"].items()})


class _Editions(Mapping):
    def __getitem__(self, key: str) -> Edition:
        return _load()[key]

    def __iter__(self):
        return iter(_load())

    def __len__(self) -> int:
        return len(_load())


#: ``EDITIONS["en"]``, ``EDITIONS["uk"]``
EDITIONS: Mapping[str, Edition] = _Editions()


def get_edition(edition: str | Edition) -> Edition:
    if isinstance(edition, Edition):
        return edition
    try:
        return _load()[edition]
    except (KeyError, TypeError):
        raise EngineError(
            f"unknown edition {echo(edition)}: choose one of {', '.join(sorted(_load()))}") from None
