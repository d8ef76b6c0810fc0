"""Shared strategies and checks for the fuzz tests."""
from __future__ import annotations

import collections
import json
import string

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: cases per target: default run / ``-m fuzz``
DEFAULT_CASES = 150
MANY_CASES = 3000

#: target -> outcome -> count, printed in the terminal summary (conftest.py)
COUNTS: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)


def report(target: str) -> None:
    counts = COUNTS[target]
    print(f"{target}: {sum(counts.values())} cases: {dict(sorted(counts.items()))}")


NASTY_TEXT = st.sampled_from([
    "", " ", "\x1b[2J\x1b[H", "a\nb", "\r", "\x00", "\u202e", "\ud800", "../../etc/passwd",
    "/dev/zero", "/dev/stdin", "/etc/shadow", "x" * 10_000, "9" * 5000, "NaN", "Infinity",
    "()" * 3000, "(" * 5000 + "H" + ")" * 5000, "Na", "na", "Fe", "26", "end", "a:A01",
    "s:ie>F", "d:table_salt", "set4", "pair:2+3", "K7Q2-M9XD", "IPY_MODEL_x", "__class__",
])
TEXT = st.one_of(NASTY_TEXT, st.text(max_size=40),
                 st.text(alphabet=string.printable, max_size=12))
NUMBERS = st.one_of(
    st.integers(-3, 130), st.integers(), st.sampled_from([2 ** 64, -(2 ** 63), 10 ** 80,
                                                          10 ** 300, 2 ** 128 - 1]),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none())
SCALARS = st.one_of(TEXT, NUMBERS)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(TEXT, inner, max_size=5)), max_leaves=20)
DEEP = st.integers(20, 3000).map(lambda n: json.loads("[" * min(n, 900) + "]" * min(n, 900))
                                 if n < 900 else {"a": None})


def fuzz_settings(cases: int):
    return settings(max_examples=cases, deadline=None, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])


def one_safe_line(text: str, limit: int = 600) -> None:
    """An error message: one line, bounded, no control characters."""
    assert "\n" not in text and "\r" not in text, text[:200]
    assert "\x1b" not in text and "\x00" not in text, text[:200]
    assert len(text) <= limit, (len(text), text[:200])
    assert "Traceback" not in text


def dumps(value) -> str:
    return json.dumps(value, allow_nan=True)
