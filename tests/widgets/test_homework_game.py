"""The homework page's Python side (periodic_edu/widgets/homework_game.py), under CPython: the
assigned game played through the game widgets' own messages, as the page sends them, gives a
result code the teacher's replay reads with the same score; its bots are the replay's (random
ones too, seeded as the assignment seeds them); no undo; a new game is the assigned deal again;
the name, the answers and a game not over are refused in the page's language."""
from __future__ import annotations

import random

import pytest

from periodic_edu.assignments import CodeError, new_assignment, read_code
from periodic_edu.assignments.results import NAME_LIMIT
from periodic_edu.widgets.homework_game import HomeworkSession

ITEMS = ["ie-1B", "ar-2B"]


def play_to_the_end(session, rng):
    """Every move by the page's messages: the person's from the legal ones, the bots' by the
    timer's step_bot. Returns how many moves the person made."""
    w = session.widget
    made = 0
    for _ in range(5_000):
        if session.over:
            return made
        if w.bot_pending:
            assert w.handle_message({"type": "step_bot", "rev": w.revision}), w.error
            continue
        legal = w.view["legal_actions"]
        assert w.handle_message({"type": "act", "action": rng.choice(legal),
                                 "rev": w.revision}), w.error
        made += 1
    pytest.fail("the game did not end")


@pytest.mark.parametrize("game, options, seed", [("periodic", {"max_rounds": 2}, 11),
                                                 ("elemonster", {"max_rounds": 3}, 12)])
def test_the_page_game_gives_a_code_the_replay_reads_with_its_score(game, options, seed):
    a = new_assignment(game=game, seed=4242, players=3, bots=["random", "greedy"], lang="de",
                       items=ITEMS, options=options)
    session = HomeworkSession.open(a.link, "de", bot_delay=0)
    w = session.widget
    assert session.code("Ada", {})["error"].startswith("Spiele die Partie zuerst")
    made = play_to_the_end(session, random.Random(seed))
    print(f"seed {seed}: {made} moves of the person")
    out = session.code("  Ada ", {"ie-1B": {"choice": "b", "reason": "c"},
                                  "ar-2B": {"choice": "", "reason": ""}})
    score = w.table.game.scores()[0]["total"]
    assert out["score"] == score
    assert out["qr"].startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
    assert 'class="qrline"' in out["qr"]
    read = read_code(a, out["code"], key={"ie-1B": {"choice": "b", "reason": "c"}})
    assert (read["name"], read["score"], read["over"], read["flags"]) == ("Ada", score, True, [])
    assert read["answers"] == {"ie-1B": {"choice": "b", "reason": "c"}}
    assert read["checked"]["correct"] == 1
    assert read["moves"] == made


def test_no_undo_and_a_new_game_is_the_assigned_deal_again():
    a = new_assignment(game="periodic", seed=77, players=2, bots=["random"], lang="en",
                       options={"max_rounds": 1})
    session = HomeworkSession.open(a.link, "en", bot_delay=0)
    w = session.widget
    first = w.view["legal_actions"]
    assert w.handle_message({"type": "act", "action": first[0], "rev": w.revision})
    assert not w.can_undo and w.undo_note.startswith("In homework a move cannot be undone")
    before = list(w.table.game.history)
    assert not w.handle_message({"type": "undo"})
    assert w.error.startswith("In homework") and w.table.game.history == before
    assert w.handle_message({"type": "new_game"})
    assert w.table.game.history == [] and w.view["legal_actions"] == first
    play_to_the_end(session, random.Random(3))
    assert read_code(a, session.code("Bo", {})["code"])["over"] is True


def test_a_bad_link_and_bad_answers_are_refused_saying_why():
    with pytest.raises(ValueError, match="game"):
        HomeworkSession.open("homework?v=1&seed=1&players=2&bots=greedy&lang=en", "en")
    a = new_assignment(game="periodic", seed=5, players=2, bots=["greedy"], lang="uk",
                       items=ITEMS, options={"max_rounds": 1})
    session = HomeworkSession.open(a.fragment, "uk", bot_delay=0)
    about = session.about("uk")
    assert about["items"] == ITEMS and about["id"] == a.id and "Жадібний бот" in about["text"]
    play_to_the_end(session, random.Random(1))
    for answers in ({"zz-1": {"choice": "a"}}, {"ie-1B": {"choice": "h"}},
                    {"ie-1B": {"choice": "a", "guess": "b"}}, ["ie-1B"], {"ie-1B": "a"}):
        assert session.code("Ada", answers)["error"].startswith("Відповідь не підходить"), answers
    bad_name = CodeError("bad_name", limit=NAME_LIMIT).render("uk")
    assert session.code("", {}) == session.code("x" * 25, {}) == {"error": bad_name}
    assert session.code("Ada", {})["code"]


def test_items_of_the_bank_are_real_questions_with_feedback_once_the_code_is_made():
    """Issue 34: the bank's items of an assignment are asked as questions (the practice widget in
    homework mode: no key before the code), the other ids keep the answer sheet of letters; the
    code holds both, and the teacher's side scores the bank's with no key given."""
    from periodic_edu.checks import find_item
    from test_class_seat import send, synced

    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], lang="uk",
                       items=["ie-compare-B", "ie-steps-B", "ie-1B"], options={"max_rounds": 1})
    session = HomeworkSession.open(a.link, "uk", bot_delay=0)
    check = session.check
    assert session.sheet_items == ("ie-1B",) and session.about("uk")["items"] == ["ie-1B"]
    assert check.items == ("ie-compare-B", "ie-steps-B") and check.mode == "homework"
    compare, steps = find_item("uk", "ie-compare-B"), find_item("uk", "ie-steps-B")
    assert check.question["text"] == compare.text
    send(check, {"type": "answer", "item": compare.id, "choice": compare.key,
                 "reason": compare.reason_key})
    send(check, {"type": "answer", "item": steps.id, "value": float(steps.key) + 1})
    assert check.error == "" and check.feedback == {}
    assert compare.explanation not in synced(check)
    play_to_the_end(session, random.Random(3))
    out = session.code("Ada", {"ie-1B": {"choice": "b"}})
    assert "code" in out, out
    assert check.revealed and check.summary["right"] == 1 and check.summary["of"] == 2
    send(check, {"type": "goto", "index": 0})
    assert check.feedback["right"] is True and check.feedback["explanation"] == compare.explanation
    read = read_code(a, out["code"])
    assert read["answers"] == {"ie-compare-B": {"choice": compare.key, "reason": compare.reason_key},
                               "ie-steps-B": {"value": float(steps.key) + 1},
                               "ie-1B": {"choice": "b"}}
    assert (read["checked"]["correct"], read["checked"]["of"]) == (1, 2)


def test_a_form_with_no_item_list_is_the_banks_form():
    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], lang="en",
                       form="A")
    session = HomeworkSession.open(a.link, "en", bot_delay=0)
    assert len(session.check.items) == 25 and session.about("en")["check"] == 25
    assert session.about("en")["items"] == []
