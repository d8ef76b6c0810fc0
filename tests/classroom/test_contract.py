"""The class-play and teacher contracts (issues 19 and 20), on SQLite and on a real PostgreSQL."""
from __future__ import annotations

import hashlib
import json

import pytest

from periodic_edu.classroom import (BadInput, IllegalMoveError, NameTaken, NotFound, NotStarted,
                                    Paused, RoomError, SeatLocked, StaleRevisionError, TableFull,
                                    credentials)
from periodic_edu.elemonster import Game as ElemonsterGame
from periodic_edu.engine import Game as PeriodicGame
from periodic_edu.engine import seed_from_class_code

from room_helpers import all_rows, play_first_legal, tap_cells_ie_cannot_reach


def started_periodic(room, seats=3, names=("Ada",), **settings):
    info = room.create_class(game="periodic", tables=1, seats=seats, edition="en", **settings)
    people = [room.join(info.code, n) for n in names]
    if len(names) < seats:
        room.start_table(info.code, info.teacher_key, table=0)
    return info, people


def test_the_issue_contract_runs_as_written(room):
    info = room.create_class(game="periodic", tables=1, seats=3, edition="en")
    assert len(info.code) == 9 and len(info.teacher_key) >= 32
    seat = room.join(info.code, "Ada")
    assert (seat.table, seat.index) == (0, 0) and len(seat.token) >= 32
    again = room.resume(seat.token)
    assert (again.table, again.index, again.name) == (0, 0, "Ada")
    v = again.view()
    assert v["over"] is False and v["to_move"] is None and isinstance(v["revision"], int)
    with pytest.raises(NotStarted):
        again.play("s:ie>F", revision=v["revision"])
    assert room.wait_table(info.code, 0, v["revision"], timeout=0.2) is None
    started = room.start_table(info.code, info.teacher_key, table=0)
    assert started > v["revision"]
    assert again.wait(v["revision"], timeout=5.0) == started
    v = again.view()
    assert v["to_move"] == 0 and v["player"] == 0 and v["phase"] == "agenda"
    assert [s["bot"] for s in v["room"]["seats"]] == [None, "greedy", "greedy"]
    with pytest.raises(IllegalMoveError):
        again.play("s:ie>F", revision=v["revision"])
    assert again.view()["revision"] == v["revision"]  # a refusal changes nothing
    new = again.play(v["legal_actions"][0], revision=v["revision"])
    assert new == v["revision"] + 1
    with pytest.raises(StaleRevisionError) as stale:
        again.play(v["legal_actions"][1], revision=v["revision"])
    assert stale.value.key == "stale" and "moved on" in str(stale.value)
    with pytest.raises(RoomError, match="not over"):
        again.save()
    while not again.view()["over"]:
        room.step_bots(info.code)
        play_first_legal(again)
    saved = PeriodicGame.from_json(again.save())
    assert saved.is_over and list(saved.names) == ["Ada", "Bot 2", "Bot 3"]


def test_a_full_table_starts_and_every_seat_sees_only_its_own_secrets(room):
    info = room.create_class(game="periodic", tables=2, seats=2)
    a, b, c = (room.join(info.code, n) for n in ("Ada", "Bob", "Cy"))
    assert [(s.table, s.index) for s in (a, b, c)] == [(0, 0), (0, 1), (1, 0)]
    va, vb = a.view(), b.view()
    assert va["room"]["status"] == "playing" and c.view()["room"]["status"] == "waiting"
    assert va["player"] == 0 and vb["player"] == 1
    assert va["agenda_choices"] and vb["agenda_choices"] != va["agenda_choices"]
    assert vb["legal_actions"] == []  # not Bob's turn
    # Ada keeps an agenda: Bob's view never shows it, the spectators' neither
    a.play(va["legal_actions"][0], revision=va["revision"])
    assert b.view()["players_state"][0]["agenda"] is None
    assert a.view()["players_state"][0]["agenda"] is not None
    public = room.spectate(info.code, 0)
    assert public["player"] is None and public["legal_actions"] == []
    assert all(p["agenda"] is None for p in public["players_state"])
    assert public["agenda_choices"] == [] and "seed" not in json.dumps(public)
    assert public["room"]["seats"][0]["name"] == "Ada"


def test_elemonster_hands_stay_hidden(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    va, vb = a.view(), b.view()
    assert va["hand"] != vb["hand"] and va["hand_sizes"] == vb["hand_sizes"]
    public = room.spectate(info.code, 0)
    assert "hand" not in public and public["seat"] is None and public["legal_actions"] == []


def test_moves_out_of_turn_and_by_strangers_are_refused(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    v = b.view()
    with pytest.raises(RoomError, match="not your turn"):
        b.play(a.view()["legal_actions"][0], revision=v["revision"])
    with pytest.raises(NotFound):
        room.resume("x" * 32)
    with pytest.raises(NotFound):
        room.resume(None)
    with pytest.raises(BadInput):
        a.play("s" * 500, revision=v["revision"])
    with pytest.raises(BadInput):
        a.play("d-", revision="3")
    assert a.view()["revision"] == v["revision"]


def test_joining_refuses_bad_names_taken_names_full_classes_and_unknown_codes(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    room.join(info.code, "Ada")
    with pytest.raises(NameTaken):
        room.join(info.code.lower(), " ada ")
    for bad in ("", "   ", "x" * 25, "A\x00da", 7):
        with pytest.raises(BadInput):
            room.join(info.code, bad)
    room.join(info.code, "Bob")
    with pytest.raises(TableFull):
        room.join(info.code, "Cy")
    with pytest.raises(NotFound):
        room.join("ZZZZ-ZZZZ", "Cy")
    with pytest.raises(NotFound):
        room.join("not a code", "Cy")
    with pytest.raises(BadInput):
        room.create_class(game="chess")
    with pytest.raises(BadInput):
        room.create_class(seats=9)
    with pytest.raises(BadInput):
        room.create_class(edition="fr")
    with pytest.raises(BadInput):
        room.create_class(colour="red")


def test_the_teacher_key_guards_every_control(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    seat = room.join(info.code, "Ada")
    # the key with its last character changed (to another one: a key may end in "A")
    typo = info.teacher_key[:-1] + ("B" if info.teacher_key.endswith("A") else "A")
    for wrong in ("", "nope", seat.token, typo, None):
        with pytest.raises(PermissionError):
            room.teacher(info.code, wrong)
        with pytest.raises(PermissionError):
            room.start_table(info.code, wrong, table=0)
    assert seat.view()["room"]["status"] == "waiting"
    teacher = room.teacher(info.code, info.teacher_key)
    assert info.teacher_key not in repr(teacher)
    assert seat.token not in repr(seat)
    with pytest.raises(NotFound):
        room.start_table(info.code, info.teacher_key, table=5)
    teacher.start_table(0)
    with pytest.raises(NotStarted):
        teacher.start_table(0)


def test_pause_refuses_every_move_and_resume_allows_them(room):
    info, (ada,) = started_periodic(room)
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.pause()
    v = ada.view()
    assert v["room"]["paused"] is True and teacher.overview()["paused"] is True
    with pytest.raises(Paused) as paused:
        ada.play(v["legal_actions"][0], revision=v["revision"])
    assert paused.value.key == "paused"
    assert room.step_bots(info.code) == 0
    assert ada.view()["revision"] == v["revision"]
    teacher.resume()
    v = ada.view()
    ada.play(v["legal_actions"][0], revision=v["revision"])
    assert room.step_bots(info.code) >= 2  # both bots choose their agendas


def test_refusals_are_stored_as_ids_and_grouped_by_trend(room):
    info, (ada,) = started_periodic(room)
    room.step_bots(info.code)
    v = ada.view()
    ada.play(v["legal_actions"][0], revision=v["revision"])  # keep an agenda
    room.step_bots(info.code)
    v = ada.view()
    assert v["to_move"] == 0 and v["phase"] == "start"
    tries = len(tap_cells_ie_cannot_reach(ada, v))
    assert tries >= 2
    overview = room.teacher(info.code, info.teacher_key).overview()
    groups = overview["refusals"]
    assert sum(g["count"] for g in groups) == tries
    ie = [g for g in groups if g.get("trend") == "ionization_energy"]
    assert ie and ie[0]["examples"][0]["name"] == "Ada"
    example = ie[0]["examples"][0]
    assert example["params"]["trend"] == "ionization_energy" and example["action"].startswith("s:ie>")
    assert set(example) == {"table", "seat", "name", "action", "reason", "params"}
    # never free text: the stored reason is an id of the engine's catalog
    from periodic_edu.engine.reasons import MESSAGES
    assert all(e["reason"] in MESSAGES for g in groups for e in g["examples"])


def test_elemonster_refusals_keep_the_rules_ids(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    mover = a if a.view()["to_move"] == 0 else b
    v = mover.view()
    with pytest.raises(IllegalMoveError):
        mover.play("D-", revision=v["revision"])
    with pytest.raises(IllegalMoveError):
        mover.play("zz", revision=v["revision"])
    groups = room.teacher(info.code, info.teacher_key).overview()["refusals"]
    assert sum(g["count"] for g in groups) == 2
    from periodic_edu.elemonster import rules
    ids = {e["reason"] for g in groups for e in g["examples"]}
    assert ids <= set(rules._WHY) | {"unreadable"} and "unreadable" in ids  # "zz": issue 29


def test_overview_shows_tables_scores_seats_and_connection(room, clock):
    info = room.create_class(game="periodic", tables=2, seats=2, connected_seconds=30)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    room.join(info.code, "Cy")
    clock.advance(31)
    bob.touch()
    o = room.teacher(info.code, info.teacher_key).overview()
    t0, t1 = o["tables"]
    assert (t0["table"], t0["game"], t0["to_move"], t0["status"]) == (0, "periodic", 0, "playing")
    assert len(t0["scores"]) == 2 and all(isinstance(x, int) for x in t0["scores"])
    assert [(s["name"], s["connected"], s["bot"]) for s in t0["seats"]] == [
        ("Ada", False, None), ("Bob", True, None)]
    assert t1["status"] == "waiting" and t1["scores"] is None
    ada.touch()
    assert room.teacher(info.code, info.teacher_key).overview()["tables"][0]["seats"][0][
        "connected"] is True


def test_an_idle_seat_is_played_by_a_bot_until_its_person_returns(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=2, idle_seconds=60)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    assert room.step_bots(info.code) == 0  # nobody idle yet
    clock.advance(59)
    assert room.step_bots(info.code) == 0
    clock.advance(2)
    # absent is not finished: with nobody connected at the table nothing is played
    assert room.step_bots(info.code) == 0
    assert room.spectate(info.code, 0)["revision"] == ada.view()["revision"]
    bob.touch()  # Bob's page is open: a stand-in keeps the table moving for him
    assert room.step_bots(info.code) == 1  # Ada's agenda, chosen by the stand-in
    v = bob.view()
    assert v["to_move"] == 1 and v["room"]["seats"][0]["stand_in"] is True
    log = ada.log()
    assert log[-1]["kind"] == "stand_in" and log[-1]["seat"] == 0 and log[-1]["bot"] == "greedy"
    bob.play(v["legal_actions"][0], revision=v["revision"])
    # Ada is still away: on her turn the stand-in plays at once
    assert room.step_bots(info.code) >= 1
    assert ada.view()["room"]["stand_in"] is True
    ada.back()
    assert ada.view()["room"]["stand_in"] is False and ada.log()[-1]["kind"] == "returned"
    while ada.view()["to_move"] != 0:
        play_first_legal(bob)
    assert room.step_bots(info.code) == 0  # Ada has her full idle time again


def test_rejoin_with_the_pin_moves_the_seat_and_bounds_wrong_pins(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    assert ada.pin is not None and len(ada.pin) == 6 and ada.pin.isdigit()
    wrong = "000000" if ada.pin != "000000" else "111111"
    with pytest.raises(NotFound):
        room.rejoin(info.code, "Ada", wrong)
    with pytest.raises(NotFound):
        room.rejoin(info.code, "Nobody", ada.pin)
    moved = room.rejoin(info.code, "ada", ada.pin)
    assert (moved.table, moved.index, moved.name) == (0, 0, "Ada")
    assert moved.token != ada.token and moved.pin != ada.pin
    with pytest.raises(NotFound):
        ada.view()  # the dead device's token no longer sits there
    # wrong PINs are bounded by a rate per seat (from callers that are no page: never clean)
    for _ in range(credentials.SEAT_WRONG_PINS):
        with pytest.raises(NotFound):
            room.rejoin(info.code, "Ada", wrong)
    with pytest.raises(SeatLocked):
        room.rejoin(info.code, "Ada", moved.pin)
    # ... while a page that has not guessed is still checked: the real student gets in
    back = room.rejoin(info.code, "Ada", moved.pin, asker="a" * 32)
    assert back.index == 0
    # the right PIN started the seat's count again
    clock.advance(1)
    assert room.rejoin(info.code, "Ada", back.pin).index == 0


def test_the_store_holds_no_token_key_or_pin(room, room_url):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    text = json.dumps(all_rows(room_url), default=str)
    assert ada.token not in text and info.teacher_key not in text and f'"{ada.pin}"' not in text
    assert hashlib.sha256(ada.token.encode()).hexdigest() in text


def test_duplicate_deal_gives_every_table_the_class_codes_seed(room):
    for game, cls in (("periodic", PeriodicGame), ("elemonster", ElemonsterGame)):
        info = room.create_class(game=game, tables=3, seats=2, duplicate=True)
        for t in range(3):
            room.start_table(info.code, info.teacher_key, table=t)
        views = [room.spectate(info.code, t) for t in range(3)]
        if game == "periodic":
            opening = [[c["card"] and c["card"]["id"] for c in v["goal_cards"]] for v in views]
        else:
            opening = [(v["discard"], v["pile_size"]) for v in views]
        assert opening[0] == opening[1] == opening[2]
        teacher = room.teacher(info.code, info.teacher_key)
        while not all(t["over"] for t in teacher.overview()["tables"]):
            assert room.step_bots(info.code) > 0
        # the saves say so: every table's seed is the code's
        saves = rows_for(room, info.code)
        assert len(saves) == 3
        for save in saves:
            assert cls.from_json(save).seed == seed_from_class_code(info.code)


def rows_for(room, code):
    with room.store.read() as tx:
        cid = tx.one("SELECT id FROM classes WHERE code = ?", (code,))["id"]
        return [r["save"] for r in tx.all("SELECT save FROM room_tables WHERE class_id = ?",
                                          (cid,))]


def test_retention_deletes_a_class_after_keep_days(room, clock):
    old = room.create_class(game="periodic", tables=1, seats=2, keep_days=1)
    kept = room.create_class(game="periodic", tables=1, seats=2, keep_days=14)
    clock.advance(86_400 + 1)
    assert room.purge_expired() == 1
    with pytest.raises(NotFound):
        room.join(old.code, "Ada")
    room.join(kept.code, "Ada")
    clock.advance(3 * 86_400)
    assert room.purge_older_than(2) == 1
    with pytest.raises(NotFound):
        room.teacher(kept.code, kept.teacher_key)


def test_a_game_replays_from_the_store(room):
    info, (ada,) = started_periodic(room, seats=2, max_rounds=6)
    for _ in range(3000):
        room.step_bots(info.code)
        if not play_first_legal(ada) and ada.view()["over"]:
            break
    assert ada.view()["over"]
    o = room.teacher(info.code, info.teacher_key).overview()
    replayed = PeriodicGame.from_json(ada.save())
    assert o["tables"][0]["scores"] == [s["total"] for s in replayed.scores()]


def test_the_teacher_removes_a_joiner_before_the_start(room):
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.remove(0, 1)
    with pytest.raises(NotFound):
        bob.view()
    with pytest.raises(NotFound):
        room.rejoin(info.code, "Bob", bob.pin)
    again = room.join(info.code, "Bob")  # the name and the seat are free again
    assert (again.table, again.index) == (0, 1)
    with pytest.raises(NotFound):
        teacher.remove(0, 2)  # nobody sits there
    teacher.start_table(0)
    with pytest.raises(NotStarted):
        teacher.remove(0, 0)
    assert ada.view()["room"]["status"] == "playing"


@pytest.mark.parametrize("duplicate", [False, True])
def test_results_rank_each_seat_against_the_same_seat_elsewhere(room, duplicate):
    info = room.create_class(game="elemonster", tables=3, seats=2, duplicate=duplicate)
    for t in range(3):
        room.start_table(info.code, info.teacher_key, table=t)
    teacher = room.teacher(info.code, info.teacher_key)
    while room.step_bots(info.code):
        pass
    results = teacher.results()
    rows = results["rows"]
    assert results["duplicate"] is duplicate and len(rows) == 6 and all(r["over"] for r in rows)
    overview = teacher.overview()["tables"]
    for r in rows:
        assert r["score"] == overview[r["table"]]["scores"][r["seat"]]
        same = sorted((x["score"] for x in rows if x["seat"] == r["seat"]), reverse=True)
        assert r["seat_rank"] == same.index(r["score"]) + 1
        assert abs(r["vs_seat_average"] - (r["score"] - sum(same) / 3)) < 0.01
        mine = overview[r["table"]]["scores"]
        assert r["table_rank"] == sorted(mine, reverse=True).index(r["score"]) + 1
    if duplicate:
        # the same deal and the same bots at every table: the same game, the same scores
        assert len({tuple(t["scores"]) for t in overview}) == 1
        assert all(r["seat_rank"] == 1 and r["vs_seat_average"] == 0 for r in rows)
    else:  # three different deals: the comparison has something to rank
        assert len({tuple(t["scores"]) for t in overview}) > 1


def test_a_move_out_of_turn_names_who_is_to_move_never_a_seat_number(room):
    info = room.create_class(game="periodic", tables=1, seats=2, edition="en")
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    v = ada.view()
    mover, waiter = (ada, bob) if v["to_move"] == ada.index else (bob, ada)
    w = waiter.view()
    with pytest.raises(RoomError) as refused:
        waiter.play(mover.view()["legal_actions"][0], revision=w["revision"])
    assert refused.value.key == "not_your_turn"
    name = "Ada" if mover is ada else "Bob"
    assert str(refused.value) == f"it is not your turn: {name} is to move"
    assert not any(ch.isdigit() for ch in str(refused.value))
