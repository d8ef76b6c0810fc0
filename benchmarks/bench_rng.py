"""The seeded generators and what a search over seeds costs. Prints figures; asserts nothing.

    python benchmarks/bench_rng.py [--n 20000]

* words per second of ``Rng`` (SHA-256 counter mode, save v2) and ``SplitMix64`` (save v1);
* a new game's setup (all shuffles and deals) with each;
* an attacker's inner loop against a class code: derive the seed, draw the first goal stack,
  compare with a known face-up card, in pure Python. The README's estimate for a C or GPU
  search of 2^40 codes starts from "a few SHA-256 blocks per code".
"""
from __future__ import annotations

import argparse
import time

from periodic_edu.engine import Game
from periodic_edu.tabletop.rng import Rng, SplitMix64
from periodic_edu.tabletop.seeds import CLASS_CODE_ALPHABET, seed_from_class_code


def rate(label: str, n: int, fn) -> float:
    start = time.perf_counter()
    fn(n)
    seconds = time.perf_counter() - start
    print(f"{label:<52} {n / seconds:>12,.0f} per second ({seconds * 1e6 / n:.2f} µs each)")
    return n / seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000)
    n = ap.parse_args().n

    def words(cls):
        def run(k):
            r = cls(2 ** 127 + 5)
            for _ in range(k):
                r.next64()
        return run

    rate("Rng (SHA-256 counter mode): 64-bit words", n * 10, words(Rng))
    rate("SplitMix64: 64-bit words", n * 10, words(SplitMix64))
    for version in (2, 1):
        rate(f"new game setup, 4 players, generator v{version}", n // 20,
             lambda k, v=version: [Game(players=4, seed=s, rng_version=v) for s in range(k)])

    green = Game(players=2, class_code="K7Q2-M9XD").state.face[0]
    cards = [c.id for c in Game(players=2, seed=1).state.ctx.goal_deck.cards
             if c.colour == "green"]

    def attack(k):
        alphabet = CLASS_CODE_ALPHABET
        for i in range(k):
            code = "".join(alphabet[(i >> (5 * j)) & 31] for j in range(8))
            stack = Rng(seed_from_class_code(code)).shuffled(cards)
            if stack[0] == green:
                pass
    per_second = rate("class-code search in Python (derive, shuffle, compare)", n, attack)
    print(f"  2^40 codes at that rate on one core: {2 ** 40 / per_second / 86400:,.0f} days")


if __name__ == "__main__":
    main()
