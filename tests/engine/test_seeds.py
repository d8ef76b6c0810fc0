"""Seeds and class codes (periodic_edu.tabletop.seeds) and their place in games and saves."""
import json
import re

import pytest

from periodic_edu.engine import Game, SaveError
from periodic_edu.engine.errors import EngineError
from periodic_edu.tabletop.rng import Rng, SplitMix64
from periodic_edu.tabletop.seeds import (CLASS_CODE_ALPHABET, ClassCodeError, new_class_code,
                                       new_seed, parse_class_code, seed_from_class_code)


def test_alphabet_has_32_symbols_without_confusable_ones():
    assert len(CLASS_CODE_ALPHABET) == len(set(CLASS_CODE_ALPHABET)) == 32
    assert not set("0O1I") & set(CLASS_CODE_ALPHABET)


def test_new_class_codes_are_well_formed_and_vary():
    codes = {new_class_code() for _ in range(200)}
    assert all(re.fullmatch(f"[{CLASS_CODE_ALPHABET}]{{4}}-[{CLASS_CODE_ALPHABET}]{{4}}", c)
               for c in codes)
    assert len(codes) == 200  # 40 bits: a repeat in 200 draws has odds ~2e-8
    assert all(parse_class_code(c) == c for c in codes)


def test_new_seeds_have_128_bits():
    seeds = [new_seed() for _ in range(200)]
    assert all(0 <= s < 2 ** 128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120 and len(set(seeds)) == 200


@pytest.mark.parametrize("typed", ["K7Q2-M9XD", "k7q2m9xd", " k7q2 - m9xd ", "K7Q2_M9XD"])
def test_parse_normalizes(typed):
    assert parse_class_code(typed) == "K7Q2-M9XD"
    assert seed_from_class_code(typed) == seed_from_class_code("K7Q2-M9XD")


@pytest.mark.parametrize("typed,match", [
    ("K7Q2-M9X", "8 letters and digits .* not 7"),
    ("K7Q2-M9XDD", "not 9"),
    ("K7Q2-M9X0", "'0' is not one of them"),
    ("K7Q2-M9XO", "'O' is not one of them"),
    ("K7Q2-M9X\x1b", r"'\\x1b' is not one of them"),
    (42, "not a int"),
    ("", "not 0"),
    ("A" * 100000, "not 100000"),
])
def test_parse_refuses_with_a_clear_one_line_message(typed, match):
    with pytest.raises(ClassCodeError, match=match) as info:
        parse_class_code(typed)
    assert isinstance(info.value, ValueError)
    assert "\n" not in str(info.value) and "\x1b" not in str(info.value)
    assert len(str(info.value)) < 200


def test_seed_from_class_code_is_a_fixed_128_bit_derivation():
    import hashlib
    want = int.from_bytes(hashlib.sha256(b"periodic-edu/class-code/v1\x00K7Q2-M9XD").digest()[:16],
                          "big")
    assert seed_from_class_code("K7Q2-M9XD") == want
    assert seed_from_class_code("K7Q2-M9XE") != want


def test_game_from_class_code_is_the_same_deal_for_everyone():
    a = Game(players=["Ada", "Grace"], class_code="k7q2-m9xd")
    b = Game(players=["Ada", "Grace"], class_code="K7Q2M9XD")
    assert a.class_code == b.class_code == "K7Q2-M9XD"
    assert a.seed == b.seed == seed_from_class_code("K7Q2-M9XD")
    assert a.state == b.state
    assert Game(players=2, class_code="K7Q2-M9XE").state != Game(players=2,
                                                                class_code="K7Q2-M9XD").state


def test_class_code_round_trips_through_a_save():
    g = Game(players=2, class_code="K7Q2-M9XD", max_rounds=3)
    g.play(g.legal_actions()[0])
    doc = json.loads(g.to_json())
    assert doc["class_code"] == "K7Q2-M9XD" and doc["version"] == 2
    h = Game.from_json(g.to_json())
    assert h.class_code == "K7Q2-M9XD" and h.state == g.state and h.history == g.history


def test_a_save_whose_class_code_does_not_match_its_seed_is_refused():
    doc = Game(players=2, class_code="K7Q2-M9XD").to_dict()
    doc["class_code"] = "K7Q2-M9XE"
    with pytest.raises(SaveError, match="does not match field 'seed'"):
        Game.from_dict(doc)
    doc["class_code"] = "nope"
    with pytest.raises(SaveError, match="field 'class_code'"):
        Game.from_dict(doc)


def test_seed_and_class_code_must_agree():
    seed = seed_from_class_code("K7Q2-M9XD")
    assert Game(players=2, seed=seed, class_code="K7Q2-M9XD").seed == seed
    with pytest.raises(EngineError, match="give one or the other"):
        Game(players=2, seed=5, class_code="K7Q2-M9XD")


def test_a_game_without_seed_draws_a_fresh_128_bit_one():
    seeds = {Game(players=2).seed for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2 ** 128 for s in seeds)
    g = Game(players=2)
    assert Game.from_json(g.to_json()).state == g.state  # the full seed is saved


def test_huge_seeds_are_refused_with_a_short_message():
    with pytest.raises(EngineError, match="at most 256 bits") as info:
        Game(players=2, seed=2 ** 5000)
    assert len(str(info.value)) < 120
    doc = Game(players=2, seed=1).to_dict()
    doc["seed"] = 2 ** 300
    with pytest.raises(SaveError, match="at most 256 bits"):
        Game.from_dict(doc)
    with pytest.raises(SaveError, match="integer of 400 digits"):
        Game.from_json(json.dumps(doc).replace(str(2 ** 300), "9" * 400))


def test_version_1_saves_replay_with_splitmix64_and_version_2_with_the_hash_generator():
    old = Game(players=2, seed=11, rng_version=1)
    new = Game(players=2, seed=11)
    assert old.to_dict()["version"] == 1 and new.to_dict()["version"] == 2
    assert old.state.ring != new.state.ring or old.state.face != new.state.face
    assert Game.from_json(old.to_json()).state == old.state
    assert Game.from_json(new.to_json()).state == new.state
    # the deal is the generators' own: SplitMix64 for v1, Rng for v2
    from periodic_edu.engine.tables import FAMILY_IDS
    ring_v1, ring_v2 = SplitMix64(11), Rng(11)
    for colour_cards in _colour_card_lists(old):
        ring_v1.shuffled(colour_cards)
        ring_v2.shuffled(colour_cards)
    for slot in range(4):
        ring_v1.shuffled(old.state.ctx.edition.award_tiles[_colours()[slot]])
        ring_v2.shuffled(old.state.ctx.edition.award_tiles[_colours()[slot]])
    assert tuple(ring_v1.shuffled(FAMILY_IDS)) == old.state.ring
    assert tuple(ring_v2.shuffled(FAMILY_IDS)) == new.state.ring


def _colours():
    from periodic_edu.engine.tables import COLOURS
    return COLOURS


def _colour_card_lists(game):
    deck = game.state.ctx.goal_deck
    return [[c.id for c in deck.cards if c.colour == colour] for colour in _colours()]


def test_rng_below_is_uniform_enough_and_handles_big_bounds():
    r = Rng(new_seed())
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts
    big = 3 * 2 ** 100 + 7
    assert all(0 <= r.below(big) < big for _ in range(200))
    with pytest.raises(ValueError):
        r.below(0)
