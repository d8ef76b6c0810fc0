"""Anyone can type a code or a link: random ones, and random payloads with a VALID checksum (a
forger computes the CRC too), end in a result or a refusal that says why, never another
exception. Seeded; the seed is in every assertion message."""
from __future__ import annotations

import random

import pytest

from periodic_edu.assignments import (AssignedGame, HomeworkError, new_assignment, parse_link,
                                      read_code, result_code)
from periodic_edu.assignments import codec
from periodic_edu.games import GAMES

SEED = 20261128


def outcome(a, text):
    try:
        read_code(a, text)
    except HomeworkError as error:
        str(error), error.render("uk")  # says itself in English and in a language
        return error.key
    return "read"


#: a choice (format 1), and a number and a cell (format 2: kinds, the list's fingerprint)
ANSWERS = {"letters": {"q1": {"choice": "a"}},
           "number and cell": {"q1": {"value": 5.14}, "q2": {"cell": "Na"}}}


@pytest.mark.parametrize("answers", sorted(ANSWERS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_payloads_with_a_valid_checksum_are_read_or_refused(game, answers):
    rng = random.Random(f"{SEED}{game}{answers}")
    a = new_assignment(game=game, seed=4242, players=2, bots=["greedy"], items=["q1", "q2"])
    g = AssignedGame(a)
    while not g.is_over:
        g.play(rng.choice(g.game.legal_actions()))
    honest = codec.decode(result_code(a, name="Ada", save=g.game.to_json(),
                                      answers=ANSWERS[answers]))
    seen = {}
    for case in range(300):
        data = bytearray(honest)
        if case % 3 == 0:
            data = bytearray(rng.randbytes(rng.randrange(1, 80)))
        else:  # the honest payload with a few bytes changed, the CRC made right again
            for _ in range(rng.randrange(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        key = outcome(a, codec.encode(bytes(data)))
        seen[key] = seen.get(key, 0) + 1
    print(game, answers, seen)
    assert sum(n for k, n in seen.items() if k != "read") >= 100, (SEED, seen)


def test_random_text_is_refused_with_why():
    rng = random.Random(SEED)
    a = new_assignment(game="periodic", seed=1, players=2, bots=["greedy"])
    chars = codec.ALPHABET + "-+!/ iloUé\x00\n"
    for _ in range(300):
        text = "".join(rng.choice(chars) for _ in range(rng.randrange(0, 70)))
        assert outcome(a, text) != "read", (SEED, text)


def test_random_links_are_read_or_refused_with_why():
    rng = random.Random(SEED)
    a = new_assignment(game="elemonster", seed=77, players=3, bots=["greedy", "random"],
                       form="A", due="2026-12-05", items=["x1", "x2"], variant="advanced")
    pieces = a.fragment.split("&")
    for _ in range(300):
        parts = list(pieces)
        for _ in range(rng.randrange(1, 3)):
            i = rng.randrange(len(parts))
            k, _, v = parts[i].partition("=")
            parts[i] = rng.choice([f"{k}={v[::-1]}", f"{k}=", f"{k}={v}%00", f"{k}={v}²",
                                   f"{k}=9" * 3, f"o.{k}={v}", ""])
        try:
            parse_link("&".join(p for p in parts if p))
        except ValueError as error:  # the library's refusals are ValueErrors with a sentence
            assert str(error), parts
