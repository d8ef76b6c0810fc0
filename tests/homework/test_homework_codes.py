"""Homework's core: an assignment's link, a result code made and read back, and every way a code
can be wrong: a changed character, a forged game, a save whose bots were made to lose, another
assignment's code, a code after the due date. Both games, through the registry."""
from __future__ import annotations

import datetime as dt
import doctest
import importlib
import random

import pytest

from periodic_edu.assignments import (AssignedGame, AssignmentError, CodeError, new_assignment,
                                      parse_link, read_code, result_code, score_answers)
from periodic_edu.assignments import codec
from periodic_edu.games import GAMES

from forge import forged_code

ITEMS = [f"q{i}-B" for i in range(1, 13)]
DUE = dt.date(2026, 12, 5)


def assignment(game="periodic", **kw):
    args = dict(game=game, seed=4242, players=2, bots=["greedy"], form="B", lang="en",
                due=DUE.isoformat(), items=ITEMS)
    args.update(kw)
    return new_assignment(**args)


def played(a, seed, stop=None):
    """The student plays random legal moves (seeded) against the assignment's bots."""
    g = AssignedGame(a)
    rng = random.Random(seed)
    while not g.is_over and (stop is None or len(g.moves) < stop):
        g.play(rng.choice(g.game.legal_actions()))
    return g


@pytest.mark.parametrize("name", ["periodic_edu.assignments", "periodic_edu.assignments.codec",
                                  "periodic_edu.assignments.assignment",
                                  "periodic_edu.assignments.errors",
                                  "periodic_edu.assignments.results"])
def test_doctests(name):
    assert doctest.testmod(importlib.import_module(name)).failed == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_round_trip_replays_the_game_and_recomputes_its_score(game):
    a = assignment(game, players=3)
    for seed in range(3):
        g = played(a, seed)
        answers = {"q1-B": {"choice": "b", "reason": "c"}, "q5-B": {"choice": "a"}}
        code = result_code(a, name="Ada", save=g.game.to_json(), answers=answers,
                           finished=DUE)
        r = read_code(a, code)
        assert (r["name"], r["answers"], r["flags"]) == ("Ada", answers, []), seed
        assert r["score"] == g.game.scores()[0]["total"], seed
        assert r["over"] is True and r["moves"] == len(g.moves), seed
        assert r["assignment"] == a.id and r["finished_on"] == DUE.isoformat()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_unfinished_game_is_flagged_with_its_score_so_far(game):
    a = assignment(game)
    g = played(a, 1, stop=4)
    r = read_code(a, result_code(a, name="Bo", save=g.game.to_dict(), finished=DUE))
    assert r["flags"] == ["unfinished"] and r["moves"] == 4 and r["over"] is False
    assert r["score"] == g.game.scores()[0]["total"] and r["answers"] is None


def test_answers_alone_fit_in_60_characters():
    a = assignment()
    answers = {item: {"choice": "abcd"[i % 4], "reason": "dcba"[i % 4]}
               for i, item in enumerate(ITEMS)}
    code = result_code(a, name="Alexandra K.", answers=answers)  # 12 characters
    assert len(code) <= 60, code
    assert read_code(a, code)["answers"] == answers


def test_a_quick_check_fits_in_60_characters_without_the_item_list():
    """The contract's own call (no item bank gave the form's items): up to three two-tier
    answers name their items and still fit."""
    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], form="B",
                       lang="en")
    answers = {"ie-1B": {"choice": "b", "reason": "c"}, "ar-2B": {"choice": "a"},
               "an-3B": {"choice": "d", "reason": "a"}}
    code = result_code(a, name="Ada", answers=answers)
    assert len(code) <= 60, code
    assert read_code(a, code)["answers"] == answers
    one = result_code(a, name="Alexandra K.", answers={"ie-1B": {"choice": "b", "reason": "c"}})
    assert len(one) <= 60, one


def test_answers_of_any_kind_are_kept_as_given():
    """A number with its unit, a cell of the board, no item list in the assignment: written
    out (longer), read back exactly."""
    a = assignment(items=())
    answers = {"ie-num-2": {"number": 1312.5}, "ar-cell-1": {"cell": "Mg"},
               "ie-1B": {"choice": "h", "reason": "c"}}
    r = read_code(a, result_code(a, name="Кася", answers=answers))
    assert r["answers"] == answers and r["name"] == "Кася"


def bank_answers(form: str, seed: int) -> dict:
    """An answer of the right kind to each item of the bank's form, drawn with ``seed``: a
    choice (and reason), a number as a student types it, a cell of the board."""
    from periodic_edu.board import SYMBOLS_ON_BOARD
    from periodic_edu.checks import form_items
    rng = random.Random(seed)
    out = {}
    for item in form_items("en", form):
        if item.kind == "choice":
            out[item.id] = {"choice": rng.choice([c for c, _ in item.choices])}
            if item.two_tier:
                out[item.id]["reason"] = rng.choice([r for r, _ in item.reasons])
        elif item.kind == "number":
            out[item.id] = {"value": rng.choice([3, 5.14, 1312.5, -0.75, 0.0, 2.5e-7, 1e15 - 1])}
        else:
            out[item.id] = {"cell": rng.choice(SYMBOLS_ON_BOARD)}
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_bank_forms_numbers_and_cells_are_packed_and_read_back_exactly(seed):
    """Format 2: the item bank's form (no item list in the assignment) answered with choices,
    numbers and cells is packed by the form's order, read back to the same values, and far
    shorter than written out; one number or cell item with a 12-letter name fits in 60
    characters."""
    a = assignment(items=(), form="A")
    answers = bank_answers("A", seed)
    code = result_code(a, name="Alexandra K.", answers=answers)
    assert read_code(a, code)["answers"] == answers, f"seed {seed}"
    from periodic_edu.assignments import results
    written = results.codec.deflate(results.json.dumps(answers, separators=(",", ":")).encode())
    assert 5 * len(code.replace("-", "")) < 0.6 * 8 * len(written), (code, len(written))
    for item, fields in [("ie-compare-A", answers["ie-compare-A"]),
                         ("ie-change-A", {"value": 1312.5}),
                         ("ie-reach-cell-A", {"cell": "Og"})]:
        one = result_code(a, name="Alexandra K.", answers={item: fields})
        assert len(one) <= 60 and read_code(a, one)["answers"] == {item: fields}, (item, one)


def test_a_packed_code_of_another_version_of_the_form_is_refused(monkeypatch):
    """The packed answers follow the form's order; a kit whose form lists other items refuses
    the code (its fingerprint) instead of reading the answers against the wrong questions."""
    from periodic_edu.assignments import results
    a = assignment(items=(), form="A")
    code = result_code(a, name="Ada", answers=bank_answers("A", 1))
    items = results.check_items(a)
    monkeypatch.setattr(results, "check_items", lambda _a: items[1:] + items[:1])
    with pytest.raises(CodeError, match="other questions than form A"):
        read_code(a, code)


def test_answers_are_scored_by_a_key_from_the_teachers_side():
    a = assignment()
    code = result_code(a, name="Ada", answers={"q1-B": {"choice": "b", "reason": "c"},
                                               "q2-B": {"choice": "a", "reason": "a"}})
    key = {"q1-B": {"choice": "b", "reason": "c"}, "q2-B": {"choice": "a", "reason": "b"},
           "q3-B": {"choice": "d", "reason": "a"}}
    checked = read_code(a, code, key=key)["checked"]
    assert checked["correct"] == 1 and checked["of"] == 3
    assert checked["items"]["q2-B"] == {"choice": True, "reason": False}
    assert score_answers({}, lambda answers: {"correct": 7}) == {"correct": 7}


def every_change(code):
    """Each code with one character replaced by each other character of the alphabet."""
    chars = [i for i, ch in enumerate(code) if ch != "-"]
    for i in chars:
        for ch in codec.ALPHABET:
            if ch != code[i]:
                yield i, code[:i] + ch + code[i + 1:]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_single_changed_character_is_refused(game):
    seed = random.Random(game).randrange(10 ** 6)
    a = assignment(game)
    g = played(a, seed)
    answers = {"q2-B": {"choice": "c", "reason": "a"}}
    for code in (result_code(a, name="Ada", answers=answers),
                 result_code(a, name="Ada", save=g.game.to_json(), answers=answers)):
        tried = 0
        for position, changed in every_change(code):
            with pytest.raises(CodeError) as caught:
                read_code(a, changed)
            assert caught.value.key in ("checksum", "bad_length"), (seed, position, changed)
            tried += 1
        assert tried == 31 * len(code.replace("-", ""))
        # two neighbours swapped: a burst of at most 10 bits, caught as well
        plain = code.replace("-", "")
        for i in range(len(plain) - 1):
            if plain[i] != plain[i + 1]:
                swapped = plain[:i] + plain[i + 1] + plain[i] + plain[i + 2:]
                with pytest.raises(CodeError):
                    read_code(a, swapped)


def test_a_checksum_error_says_so_in_the_students_language():
    a = assignment()
    code = result_code(a, name="Ada", answers={"q1-B": {"choice": "a"}})
    bad = code[:3] + ("A" if code[3] != "A" else "B") + code[4:]
    with pytest.raises(CodeError) as caught:
        read_code(a, bad)
    assert "checksum" in str(caught.value)
    assert caught.value.render("uk") != str(caught.value)


def test_typing_slips_that_are_not_changes_are_forgiven():
    a = assignment()
    code = result_code(a, name="Ada", answers={"q1-B": {"choice": "a"}})
    relaxed = code.lower().replace("0", "o").replace("1", "l").replace("-", " ")
    assert read_code(a, relaxed)["name"] == "Ada"


@pytest.mark.parametrize("text, key", [("", "empty"), ("   -  ", "empty"),
                                       ("ABCU", "bad_char"), ("AB", "bad_length"),
                                       ("ABC!DEF", "bad_char"), (None, "not_text"),
                                       ("A" * 30_000, "too_long")])
def test_junk_is_refused_with_why(text, key):
    with pytest.raises(CodeError) as caught:
        read_code(assignment(), text)
    assert caught.value.key == key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_forged_illegal_move_names_itself(game):
    a = assignment(game)
    g = played(a, 5)
    moves = list(g.moves)
    moves[3] = moves[0] if moves[0] != moves[3] else "end"
    with pytest.raises(CodeError) as caught:
        read_code(a, forged_code(a, moves))
    assert caught.value.key == "illegal_move" and caught.value.params["index"] == 3
    assert repr(moves[3]) in str(caught.value)
    honest = read_code(a, forged_code(a, g.moves))
    assert honest["score"] == g.score()
    with pytest.raises(CodeError) as caught:
        read_code(a, forged_code(a, g.moves + ["end"]))
    assert caught.value.key == "moves_after_end"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_edited_to_a_better_score_is_refused(game):
    """The student plays the same moves, but the save's bot seat is played by a random bot
    (a weaker opponent): the student's score in that save is higher, and the code is refused
    at the first bot move that is not the assigned bot's."""
    spec = GAMES[game]
    a = assignment(game)
    for seed in range(40):
        honest = played(a, seed)
        edited = a.new_game()
        weak = spec.make_bot("random", seed, None, False)
        rng = random.Random(seed)
        while not edited.is_over:
            seat = edited.current_player
            if seat == a.seat:
                edited.play(rng.choice(edited.legal_actions()))
            else:
                edited.play(weak.choose(edited.observe(seat)).action)
        if edited.scores()[0]["total"] > honest.score():
            break
    else:
        pytest.fail("no seed gave the edited save a better score")
    with pytest.raises(CodeError) as caught:
        result_code(a, name="Eve", save=edited.to_json())
    assert caught.value.key == "bot_moved", seed
    assert caught.value.params["seat"] == 2
    # the seed of the save changed to another deal: refused too
    doc = honest.game.to_dict()
    doc["seed"] = a.seed + 1
    doc["actions"] = []
    with pytest.raises(CodeError) as caught:
        result_code(a, name="Eve", save=doc)
    assert caught.value.key == "other_deal" and caught.value.params["field"] == "seed"


def test_a_code_for_another_assignment_is_flagged_not_replayed():
    a, other = assignment(), assignment(seed=99)
    g = played(other, 2)
    r = read_code(a, result_code(other, name="Ada", save=g.game.to_json(),
                                 answers={"q1-B": {"choice": "a"}}, finished=DUE))
    assert r["flags"] == ["other_assignment"] and r["assignment"] == other.id
    assert r["name"] == "Ada" and r["score"] is None and r["answers"] is None


def test_a_game_finished_after_the_due_date_is_flagged_not_refused():
    a = assignment()
    g = played(a, 3)
    late = result_code(a, name="Ada", save=g.game.to_json(), finished=DUE + dt.timedelta(1))
    r = read_code(a, late)
    assert r["flags"] == ["past_due"] and r["score"] == g.score()
    on_time = read_code(a, result_code(a, name="Ada", save=g.game.to_json(), finished=DUE))
    assert on_time["flags"] == []


def test_the_link_carries_every_setting_and_is_checked_when_read():
    a = new_assignment(game="elemonster", seed=2 ** 100 + 7, players=4,
                       bots=["greedy", "random", "greedy"], form="A", lang="uk",
                       due="2026-12-05", items=["x-1", "y_2"], variant="advanced",
                       max_rounds=12, site="https://school.example/kit")
    assert a.link.startswith("https://school.example/kit/homework.html#homework?v=1&")
    back = parse_link(a.link)
    assert back == a and back.id == a.id and back.options == (("max_rounds", 12),
                                                              ("variant", "advanced"))
    assert parse_link(a.fragment) == a  # the fragment alone (what the page reads)
    for bad in ("https://x/homework.html", "homework?v=2&game=periodic",
                a.link.replace("players=4", "players=9"),
                a.link.replace("due=2026-12-05", "due=2026-13-05"),
                a.link + "&seed=1", a.link + "&o.colour=red", "homework?v=1&game=periodic"):
        with pytest.raises(ValueError):
            parse_link(bad)


@pytest.mark.parametrize("kw, key", [
    (dict(players=6), "bad_players"), (dict(bots=["greedy", "greedy"]), "bots_count"),
    (dict(form="B B"), "bad_form"), (dict(due="5.12.2026"), "bad_due"),
    (dict(items=["a,b"]), "bad_items"), (dict(site="ftp://x/"), "bad_site"),
    (dict(colour="red"), "bad_option"), (dict(edition="xx"), "bad_option")])
def test_bad_settings_are_refused_with_why(kw, key):
    with pytest.raises(AssignmentError) as caught:
        assignment(**kw)
    assert caught.value.key == key


@pytest.mark.parametrize("kw, key", [
    (dict(name=""), "bad_name"), (dict(name="x" * 25), "bad_name"),
    (dict(name="A\x1bB"), "bad_name"), (dict(name="Ada"), "nothing"),
    (dict(name="Ada", answers={"q1": "b"}), "bad_answers"),
    (dict(name="Ada", answers={"q1": {"choice": "b" * 41}}), "bad_answers"),
    (dict(name="Ada", save="{"), "bad_save"),
    (dict(name="Ada", save={"format": "periodic-edu/elemonster-game"}), "bad_save")])
def test_bad_results_are_refused_with_why(kw, key):
    with pytest.raises(CodeError) as caught:
        result_code(assignment(), **kw)
    assert caught.value.key == key


def test_a_small_code_never_unpacks_into_megabytes():
    with pytest.raises(CodeError) as caught:
        codec.inflate(codec.deflate(b"e" * 10 ** 6), 1000)
    assert caught.value.key == "bad_content"
