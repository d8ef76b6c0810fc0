"""The room's sentences: every refusal in en/uk/de with the same placeholders, and the
classroom modules' own examples (doctests)."""
from __future__ import annotations

import doctest
import importlib
import re
import string

import pytest

from periodic_edu import i18n
from periodic_edu.classroom import errors

MODULES = ["periodic_edu.classroom", "periodic_edu.classroom.errors",
           "periodic_edu.classroom.settings"]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_every_refusal_is_translated_with_the_same_placeholders(lang):
    for key, english in errors.MESSAGES.items():
        params = {f: f"<{f}>" for f in _fields(english)}
        said = errors.RoomError(key, **params).render(lang)
        assert said != errors.RoomError(key, **params).render("en"), (lang, key)
        for value in params.values():
            assert value in said, (lang, key, said)
        assert not re.search(r"\{\w+\}", said)


def test_a_store_error_keeps_its_detail_out_of_the_students_sentence():
    error = errors.StoreFull("full", detail="database or disk is full: /srv/room.db")
    assert "/srv/room.db" in str(error)
    for lang in i18n.LANGUAGES:
        assert "/srv" not in error.render(lang)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
