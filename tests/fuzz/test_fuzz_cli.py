"""Fuzzing the command line: any argument list ends with status 0, or with status 2 and ONE
short line on stderr; never a traceback (issue 9 found 13 of 1,400)."""
from __future__ import annotations

import copy
import io
import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_helpers import (COUNTS, DEFAULT_CASES, JSON, MANY_CASES, NASTY_TEXT, TEXT, dumps,
                          fuzz_settings, one_safe_line, report)
from periodic_edu.cli import main
from periodic_edu.engine import Game

WORDS = st.one_of(NASTY_TEXT, TEXT, st.sampled_from(
    ["Na", "Fe", "26", "iron", "Uue", "0", "119", "-1", "--json", "--trend", "ionization_energy",
     "an", "--steps", "9", "5", "--help", "-h", "--games", "--players", "--bots", "greedy,x"]),
    st.integers().map(str))
SAFE_GAMES = st.sampled_from(["0", "-1", "x", "1", "", "1e9", "9" * 5000])
SMALL = st.sampled_from(["-1", "0", "1", "2", "x", "9" * 5000, "", "6"])


@st.composite
def argv(draw):
    command = draw(st.sampled_from(["reach", "element", "trends", "simulate", "replay",
                                    "balance", "other"]))
    if command in ("reach", "element", "trends"):
        return [command] + draw(st.lists(WORDS, max_size=5))
    if command in ("simulate", "balance"):
        args = [command, "--games", draw(SAFE_GAMES), "--max-rounds", draw(SMALL)]
        args += ["--players", draw(SMALL), "--bots",
                 draw(st.sampled_from(["random", "greedy", "search", "x", "random,random,x",
                                       "\x1b[2J", ""]))]
        args += ["--seed", draw(st.one_of(st.integers().map(str), NASTY_TEXT))]
        if command == "balance":
            args += ["--jobs", draw(st.sampled_from(["0", "-2", "x", ""]))]  # never spawn
        return args + draw(st.lists(WORDS, max_size=2))
    if command == "replay":
        return ["replay", draw(st.sampled_from(["SAVE", "/dev/zero", "/dev/null", "/etc/passwd",
                                                "/nonexistent", ".", "\x1b[2J\n", "a" * 5000]))
                ] + draw(st.lists(st.sampled_from(["--json", "--x"]), max_size=2))
    return draw(st.lists(WORDS, max_size=4))


def _save_text(draw_json) -> str:
    g = Game(players=["Ada", "Grace"], seed=9, max_rounds=1)
    doc = g.to_dict()
    key, value = draw_json
    doc[key] = value
    return dumps(doc)


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        rc = main(args)
    except SystemExit as exit_:  # --help exits 0 through argparse
        rc = exit_.code
    finally:
        sys.stdout, sys.stderr = old
    return rc, out.getvalue(), err.getvalue()


def _fuzz_cli(cases: int, tmp_path) -> None:
    counts = COUNTS["CLI arguments"]
    save = tmp_path / "save.json"

    @fuzz_settings(cases)
    @given(argv(), st.tuples(st.sampled_from(["seed", "players", "actions", "goal_deck",
                                              "version", "class_code"]), JSON))
    def one(args, mutation):
        if "SAVE" in args:
            save.write_text(_save_text(mutation), encoding="utf-8")
            args = [str(save) if a == "SAVE" else a for a in args]
        rc, out, err = _run(args)
        assert rc in (0, 2), (args, rc, err[-500:])
        assert "Traceback" not in out + err
        if rc == 2:
            assert err.endswith("\n") and err.count("\n") == 1, (args, err[:300])
            one_safe_line(err.rstrip("\n"), limit=500)
            counts["exit 2, one line"] += 1
        else:
            assert "\x1b" not in out, args
            counts["exit 0"] += 1

    one()
    report("CLI arguments")
    assert counts["exit 2, one line"] > 0


def test_fuzz_cli(tmp_path):
    _fuzz_cli(DEFAULT_CASES, tmp_path)


@pytest.mark.fuzz
def test_fuzz_cli_thousands(tmp_path):
    _fuzz_cli(MANY_CASES, tmp_path)


def test_replay_of_a_name_with_escape_codes_is_refused(tmp_path):
    doc = Game(players=["Ada", "Grace"], seed=1).to_dict()
    doc["players"] = ["Ada\x1b[2J", "Grace"]
    path = tmp_path / "evil\n\x1b[31m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = _run(["replay", str(path)])
    assert rc == 2 and out == ""
    one_safe_line(err.rstrip("\n"))
    assert "control characters" in err and "\\x1b" in err


def test_a_huge_action_gives_a_short_error(tmp_path):
    doc = copy.deepcopy(Game(players=2, seed=1).to_dict())
    doc["actions"] = ["x" * 900_000]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    rc, _, err = _run(["replay", str(path)])
    assert rc == 2 and len(err) < 600 and err.count("\n") == 1, len(err)
