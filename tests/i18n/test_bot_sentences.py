"""The bots explain their moves in the chosen language; English stays as the golden files
have it (tests/engine/test_golden.py compares those sentences)."""
from __future__ import annotations

import re

import pytest

from periodic_edu.engine.bots import make_bot
from periodic_edu.engine import Game
from periodic_edu.i18n import UnknownLanguageError


def sentences(lang: str, seed: int = 5) -> list[tuple[str, str]]:
    g = Game(players=3, seed=seed, edition="uk", max_rounds=8)
    bots = [make_bot(name, seed=i, lang=lang) for i, name in
            enumerate(["greedy", "random", "search"])]
    out = []
    while not g.is_over:
        d = bots[g.current_player].choose(g.observe(g.current_player))
        out.append((d.action.text, d.why))
        g.play(d.action)
    return out


@pytest.mark.parametrize("seed", [5, 11])
def test_same_moves_every_language_other_words(seed):
    en, uk, de = sentences("en", seed), sentences("uk", seed), sentences("de", seed)
    assert [a for a, _ in en] == [a for a, _ in uk] == [a for a, _ in de], f"seed {seed}"
    english_words = {"spent", "moved", "discovered", "ended", "energy", "the", "activate"}
    for (_, why_uk), (_, why_de), (_, why_en) in zip(uk, de, en):
        assert why_uk != why_en and why_de != why_en
        assert not english_words & set(re.findall(r"[a-z]+", why_uk)), why_uk
        assert not english_words & set(re.findall(r"[a-z]+", why_de)), why_de
        assert re.search("[а-яіїє]", why_uk), why_uk


def test_ukrainian_sentence_uses_the_rulebook_words():
    text = " ".join(why for _, why in sentences("uk"))
    assert "жетон енергії" in text and "колбу" in text
    assert re.search(r"(гідроген|нітроген|оксиген|карбон|сульфур|натрій|гелій) \([A-Z]", text)


def test_bot_language_must_be_known():
    with pytest.raises(UnknownLanguageError):
        make_bot("greedy", lang="fr")


@pytest.mark.parametrize("lang", ["en", "uk", "de"])
def test_every_sentence_renders_in_every_language(lang):
    """Each sentence of the table, with its placeholders filled, for counts 1, 2 and 5 (a
    take-2 or a gain of 5 tokens happens rarely in a short game)."""
    import string

    from periodic_edu.engine.bots import SENTENCES, _Say
    say = _Say(lang)
    for key, message in SENTENCES.items():
        source = message[0] if isinstance(message, tuple) else message
        fields = {f: f"<{f}>" for _, f, _, _ in string.Formatter().parse(source) if f}
        for number in ((1, 2, 5) if isinstance(message, tuple) else (None,)):
            text = say(key, number, **fields)
            assert all(v in text for v in fields.values()) and "{" not in text, (key, text)
    if lang == "uk":
        assert say("take2", 2, count=2, spots="x").count("жетони енергії") == 1
        assert "жетонів енергії" in say("gained", 5, tokens=5, trend="x")
