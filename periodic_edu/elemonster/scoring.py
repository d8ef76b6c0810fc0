"""Final scoring (ELEMONSTER §8, E-20): bond points minus what is left in the hand.

>>> hand_penalty(["U", "Bi", "Be"])   # 3 cards, 1 radioactive, 1 shield, 2 skulls
-5
"""
from __future__ import annotations

from typing import Iterable

from .cards import card
from .deck import is_multiplier

__all__ = ["hand_penalty", "hand_breakdown"]


def hand_breakdown(hand: Iterable[str]) -> dict[str, int]:
    """−1 per card (any type), −1 per skull, −2 per radioactive card, +2 per shield, at most
    one per radioactive card (E-20: a hand never scores positive)."""
    cards = list(hand)
    elements = [card(c) for c in cards if not is_multiplier(c)]
    skulls = sum(c.skull for c in elements)
    radioactive = sum(c.radioactive for c in elements)
    shields = min(sum(c.shield for c in elements), radioactive)
    return {"cards": -len(cards), "skulls": -skulls, "radioactive": -2 * radioactive,
            "shields": 2 * shields,
            "total": -len(cards) - skulls - 2 * radioactive + 2 * shields}


def hand_penalty(hand: Iterable[str]) -> int:
    return hand_breakdown(hand)["total"]
