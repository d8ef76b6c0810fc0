"""The game's seeded generators (RULES D-7): the same seed gives the same shuffles on every
machine and every Python version (``random.Random`` makes no such promise across versions).

:class:`Rng` (save format version 2, every new game) is SHA-256 in counter mode keyed by the
whole seed: block ``i`` is ``SHA-256(key || i)`` with ``key = SHA-256("periodic-edu/rng/v2" ||
seed)``. Its output reveals nothing about the seed short of inverting SHA-256, so seeing the
public opening (the ring, the face-up cards, one's own agendas) leaves a search over the seed
space as the only way to the hidden order, and new seeds have 128 bits (:mod:`.seeds`).

:class:`SplitMix64` (save format version 1) has a 64-bit state and is invertible: one output
gives the state. It is kept only so that version-1 saves (and ``tests/golden``) replay exactly.

>>> Rng(7).shuffled(range(5))
[0, 1, 4, 2, 3]
>>> SplitMix64(7).shuffled(range(5))
[4, 1, 3, 0, 2]
"""
from __future__ import annotations

import hashlib
from typing import Iterable, TypeVar

__all__ = ["Rng", "SplitMix64", "GENERATORS", "MAX_SEED_BITS", "check_seed"]

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: a seed is a whole number of at most this many bits (sign apart): a 128-bit seed fits with
#: room to spare, and a save cannot make the engine hash a megabyte-long number
MAX_SEED_BITS = 256
_DOMAIN = b"periodic-edu/rng/v2\x00"


def check_seed(seed: object) -> int:
    """The seed itself, or ValueError saying what a seed is."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, not {type(seed).__name__}")
    if seed.bit_length() > MAX_SEED_BITS:
        raise ValueError(f"a seed has at most {MAX_SEED_BITS} bits, "
                         f"this one has {seed.bit_length()}")
    return seed


class _Shuffler:
    """``below`` and ``shuffled`` on top of a source of uniform 64-bit words."""

    __slots__ = ()

    def next64(self) -> int:  # pragma: no cover - each generator defines it
        raise NotImplementedError

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n <= 1 << 64:
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                x = self.next64()
                if x < limit:
                    return x % n
        bits = n.bit_length()  # rejection on just enough bits: fewer than 2 draws on average
        words = (bits + 63) // 64
        while True:
            x = 0
            for _ in range(words):
                x = (x << 64) | self.next64()
            x >>= words * 64 - bits
            if x < n:
                return x

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """Fisher-Yates."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class Rng(_Shuffler):
    """SHA-256 in counter mode keyed by the whole seed (save format version 2).

    >>> [hex(w) for w in (lambda r: [r.next64(), r.next64()])(Rng(0))]
    ['0x319f7943cdef97d1', '0x1e0019400c94ce3c']
    """

    __slots__ = ("_keyed", "_counter", "_words")

    def __init__(self, seed: int) -> None:
        seed = check_seed(seed)
        key = hashlib.sha256(_DOMAIN + str(seed).encode("ascii")).digest()
        self._keyed = hashlib.sha256(key)
        self._counter = 0
        self._words: list[int] = []

    def next64(self) -> int:
        if not self._words:
            block = self._keyed.copy()
            block.update(self._counter.to_bytes(8, "big"))
            self._counter += 1
            digest = block.digest()
            # four words per block, consumed first to last
            self._words = [int.from_bytes(digest[i:i + 8], "big") for i in (24, 16, 8, 0)]
        return self._words.pop()


class SplitMix64(_Shuffler):
    """The version-1 generator: 64-bit state, invertible. Replays version-1 saves only."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed) & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


#: the generator of each save format version
GENERATORS: dict[int, type[_Shuffler]] = {1: SplitMix64, 2: Rng}
