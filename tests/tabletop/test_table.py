"""The Table without a widget: seats, pacing, the public log in any language, undo that never
passes a reveal, and saves with one owner (two tabs that resume the same token)."""
from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest

from periodic_edu.tabletop.table import SaveMovedError, Seat, Table, TableError
from periodic_edu.games import GAMES as SPECS
from periodic_edu.widgets.save_store import SaveStore

PERIODIC, ELEMONSTER = SPECS["periodic"].rules, SPECS["elemonster"].rules

SEEDS = [918273645, 7, 2 ** 90 + 1]


def periodic(seed: int, store=None) -> Table:
    return Table(PERIODIC, [Seat("Ada"), Seat("Bot", "greedy")], seed=seed,
                 settings={"players": ["Ada", "Bot"], "max_rounds": 30}, store=store)


def elemonster(seed: int, store=None) -> Table:
    return Table(ELEMONSTER, [Seat("You"), Seat("Greedy bot", "greedy")], seed=seed,
                 settings={"players": ["You", "Greedy bot"]}, store=store)


GAMES = {"periodic": periodic, "elemonster": elemonster}


def person_move(table: Table) -> str:
    """A person's move that is not 'end turn early' when there is a choice (plays on)."""
    return str(table.game.legal_actions()[-1])


def play_until_person_reveals(table: Table, limit: int = 3000) -> None:
    """Play (bots by the timer's call, the person the last legal action) until an action at or
    after the person's last one has turned hidden information face up."""
    for _ in range(limit):
        people = [e["i"] for e in table.entries if e["bot"] is None]
        reveal = table.game.last_reveal()
        if people and reveal is not None and reveal[0] >= people[-1]:
            return
        assert not table.is_over
        if table.bot_to_move:
            table.step_bot()
        else:
            table.act(person_move(table))
    raise AssertionError("no reveal")


def test_the_table_and_its_rules_import_no_widget_code():
    code = ("import sys, periodic_edu.tabletop.table, periodic_edu.games; "
            "bad = [m for m in ('traitlets', 'anywidget', 'ipywidgets', 'IPython') "
            "if m in sys.modules]; print(bad); sys.exit(bool(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("game", GAMES)
def test_pacing_a_person_then_bots(game):
    t = GAMES[game](11)
    assert t.to_move == 0 and t.person_to_move == 0 and not t.bot_to_move
    assert t.step_bot() is None  # no bot is to move: nothing happens
    with pytest.raises(TableError):
        t.undo()  # nothing a person played
    t.act(person_move(t))
    while t.person_to_move is None and not t.is_over:
        assert t.bot_to_move
        entry = t.step_bot()
        assert entry["bot"] == "greedy" and entry["seat"] == 1
    assert [e["i"] for e in t.entries] == list(range(len(t.game.history)))
    if t.bot_to_move:  # pragma: no cover - the loop above ends at a person's turn
        raise AssertionError


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_turn_refuses_the_person(game):
    t = GAMES[game](11)
    t.act(person_move(t))
    if t.bot_to_move:
        with pytest.raises(TableError) as info:
            t.act(str(t.game.legal_actions()[0]))
        assert "bot" in str(info.value) and info.value.reason.render("de") != str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_the_log_is_said_in_any_language_from_the_same_data(game):
    t = GAMES[game](5)
    for _ in range(30):
        if t.is_over:
            break
        t.step_bot() if t.bot_to_move else t.act(person_move(t))
    en, uk = t.log("en", 0), t.log("uk", 0)
    # every entry, but one whose existence would tell seat 0 a secret (see the next tests)
    assert len(t.entries) - 2 <= len(en) == len(uk) <= len(t.entries) and len(en) > 5
    assert [r["i"] for r in en] == [r["i"] for r in uk]
    assert any(a["text"] != b["text"] for a, b in zip(en, uk))  # said again, not copied
    # a language asked first after the game, and one kept while it was played, agree
    t2 = GAMES[game](5)
    t2.log("uk")  # kept from the start: said as each action happens
    for e in t.entries:
        t2.step_bot() if t2.bot_to_move else t2.act(e["action"] or t.game.history[e["i"]])
    assert t2.log("uk", 0) == uk
    assert t.log("uk", 0, last=3) == uk[-3:]


def test_a_secret_agenda_choice_is_logged_without_the_card():
    t = periodic(11)
    t.act(t.game.legal_actions()[0])  # the person keeps an agenda card
    t.run_bots()
    for lang in ("en", "de"):
        rows = t.log(lang, viewer=None)
        assert rows[0]["kind"] == "agenda" and rows[0]["action"] is None
        assert t.entries[0]["action"] not in json.dumps(rows, ensure_ascii=False)


def test_a_private_give_is_told_only_to_the_two_who_see_it():
    # seed 5, two greedy bots and a person: play until a card is given between two seats
    for seed in range(1, 60):
        t = Table(ELEMONSTER, [Seat("You"), Seat("A", "greedy"), Seat("B", "greedy")],
                  seed=seed, settings={"players": ["You", "A", "B"]})
        for _ in range(400):
            if t.is_over:
                break
            t.step_bot() if t.bot_to_move else t.act(person_move(t))
            words = t._told_in("en")[-1]
            if words.get("may_see") and 0 not in words["may_see"]:
                mine = t.log("en", viewer=0)[-1]
                theirs = t.log("en", viewer=words["may_see"][0])[-1]
                assert mine["action"] is None and "a card" in mine["text"]
                assert theirs["action"] == t.entries[-1]["action"] and theirs["text"] != mine["text"]
                return
    raise AssertionError("no private give between two bots in 60 seeded games")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_undo_never_takes_back_a_reveal(game, seed):
    t = GAMES[game](seed)
    play_until_person_reveals(t)
    before = (t.game.to_json(), list(t.entries))
    target, why = t.undo_target()
    assert target is None
    said = {lang: why.render(lang) for lang in ("en", "uk", "de")}
    assert said["en"].startswith("Undo is off: since your last action, ")
    assert len(set(said.values())) == 3, said  # three languages, three sentences
    with pytest.raises(TableError) as info:
        t.undo()
    assert info.value.reason.render("uk") == said["uk"]
    assert (t.game.to_json(), t.entries) == before  # nothing taken back
    print(f"{game} seed {seed}: {said}")


@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_to_the_person_and_replays_the_same(game):
    t = GAMES[game](SEEDS[0])
    for _ in range(200):
        t.step_bot() if t.bot_to_move else t.act(person_move(t))
        target, _ = t.undo_target()
        if target is not None and len(t.game.history) > target + 1:
            break
    start = t.game.to_json()
    target, _ = t.undo_target()
    undone = t.undo()
    assert len(t.game.history) == target and len(t.entries) == target
    assert undone and all(isinstance(a, str) for a in undone)
    for action in reversed(undone):  # the same actions again give the same game
        t.game.play(action)
    assert t.game.to_json() == start


# ---- saves and their one owner ------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_second_tab_takes_the_game_over_and_the_first_is_told(game, tmp_path):
    store = SaveStore(tmp_path)
    a = GAMES[game](SEEDS[0], store)
    play_until_person_reveals(a)  # tab A plays past a reveal
    assert a.token and a.generation == 1
    b = GAMES[game](1, store)  # tab B (another seed: its own fresh game) resumes A's token
    assert b.resume(a.token) and b.generation == 2
    assert b.game.to_json() == a.game.to_json() and b.entries == a.entries
    # B cannot undo past what A revealed: the reveal is in the game itself
    assert b.undo_target()[0] is None
    with pytest.raises(TableError):
        b.undo()
    # A's next move is taken back before anyone saw it, and refused
    saved = a.game.to_json()
    if a.bot_to_move:
        with pytest.raises(SaveMovedError):
            a.step_bot()
    else:
        with pytest.raises(SaveMovedError):
            a.act(person_move(a))
    assert a.moved_away and a.game.to_json() == saved
    assert str(a.undo_target()[1]).startswith("this game continues in another tab")
    with pytest.raises(SaveMovedError):
        a.undo()
    with pytest.raises(SaveMovedError):
        a.act(person_move(a))
    assert not a.bot_to_move and a.person_to_move is None and a.step_bot() is None
    # B plays on and saves; A's fresh game gets a token of its own
    b.step_bot() if b.bot_to_move else b.act(person_move(b))
    assert json.loads(store.get(b.token)["game"])["actions"] == b.game.history
    a.new_game(99)
    assert not a.moved_away and a.token == ""


def test_two_claims_at_once_leave_one_owner(tmp_path):
    store = SaveStore(tmp_path)
    a = periodic(SEEDS[0], store)
    a.act(a.game.legal_actions()[0])
    token = a.token
    tabs = [periodic(s, store) for s in (1, 2, 3, 4)]
    barrier = threading.Barrier(len(tabs))
    results = [None] * len(tabs)

    def resume(i):
        barrier.wait()
        results[i] = tabs[i].resume(token)

    threads = [threading.Thread(target=resume, args=(i,)) for i in range(len(tabs))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(results)
    generations = sorted(t.generation for t in tabs)
    assert generations == [2, 3, 4, 5]  # the lock orders the claims: each saw the one before
    # now every tab writes at once: exactly the newest claim wins
    barrier = threading.Barrier(len(tabs))
    wins = [None] * len(tabs)

    def write(i):
        t = tabs[i]
        barrier.wait()
        try:
            wins[i] = store.put_owned(token, {"game": t.game.to_json(), "bots": t.kinds,
                                              "in_progress": True}, t.generation)
        except OSError as exc:  # pragma: no cover
            wins[i] = exc

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(tabs))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert wins.count(True) == 1 and wins.count(False) == 3
    assert tabs[wins.index(True)].generation == 5
    assert store.get(token)["generation"] == 5


def test_a_damaged_save_is_not_taken_over(tmp_path):
    store = SaveStore(tmp_path)
    a = periodic(SEEDS[0], store)
    a.act(a.game.legal_actions()[0])
    record = store.get(a.token)
    store.put(a.token, {**record, "game": record["game"].replace('"actions": [', '"actions": ["x", ')})
    b = periodic(1, store)
    fresh = b.game.to_json()
    assert not b.resume(a.token) and b.game.to_json() == fresh and b.token == ""
    assert store.get(a.token).get("generation", 1) == 1  # not claimed
    assert not b.resume("no-such-token-at-all-000") and not b.resume("")


def test_a_failed_write_is_said_and_play_goes_on(tmp_path):
    class Full(SaveStore):
        def put(self, token, record):
            raise OSError("No space left on device")

    t = periodic(SEEDS[0], Full(tmp_path))
    t.act(t.game.legal_actions()[0])
    assert t.save_error is not None and "No space" in str(t.save_error)
    assert "No space" in t.save_error.render("uk")
    t.run_bots()
    assert len(t.entries) > 1


def test_a_decision_only_a_certain_card_brings_is_not_told_to_the_others():
    """A magnet, a flammable card or a skull gives its holder a prompt no other hand gets: the
    holder's 'declines' there is left out of the others' logs, and the others' views call the
    prompt 'deciding', never its kind. Two bots and a person, seeded games."""
    from periodic_edu.elemonster.rules import HAND_PROMPTS
    seen = 0
    for seed in range(1, 80):
        t = Table(ELEMONSTER, [Seat("You"), Seat("A", "greedy"), Seat("B", "greedy")],
                  seed=seed, settings={"players": ["You", "A", "B"]})
        for _ in range(400):
            if t.is_over:
                break
            queue = t.game.state.queue
            if queue and queue[0][0] in HAND_PROMPTS and queue[0][1] != 0:
                assert t.game.view(0)["prompt"]["kind"] == "deciding", f"seed {seed}"
                assert t.game.view(queue[0][1])["prompt"]["kind"] == queue[0][0], f"seed {seed}"
            t.step_bot() if t.bot_to_move else t.act(person_move(t))
            words = t._told_in("en")[-1]
            if words.get("only") is not None:
                seen += 1
                holder = t.entries[-1]["seat"]
                assert t.entries[-1]["kind"] == "skip" and words["only"] == [holder]
                others = [s for s in range(3) if s != holder]
                assert all(t.log("en", viewer=s)[-1]["i"] != t.entries[-1]["i"] for s in others)
                assert t.log("en", viewer=holder)[-1]["i"] == t.entries[-1]["i"]
        if seen >= 3:
            return
    raise AssertionError(f"only {seen} hand-only refusals in 79 seeded games")
