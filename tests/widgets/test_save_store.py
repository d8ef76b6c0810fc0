"""Games survive a reload: the kernel's save store, the resume token, the resume offer."""
from __future__ import annotations

import json
import os
import time

import pytest

from periodic_edu.widgets import GameWidget
from periodic_edu.widgets.save_store import SaveStore, default_save_dir

SEED = 424242



def play_some(w: GameWidget, actions: int) -> None:
    for _ in range(actions):
        if w.game.is_over:
            return
        if w.bot_pending:
            w.step_bot()
        else:
            w.play(w.view["legal_actions"][0])


def test_every_action_is_saved_and_only_a_token_goes_to_the_browser(tmp_path):
    store = SaveStore(tmp_path)
    w = GameWidget(players=["You", "Greedy bot"], bots={1: "greedy"}, seed=SEED, save_store=store)
    assert w.resume_token == "" and not list(tmp_path.iterdir())  # nothing played, nothing saved
    play_some(w, 12)
    token = w.resume_token
    assert SaveStore.valid_token(token) and len(token) >= 32
    files = list(tmp_path.glob("*.json"))
    assert len(files) == 1 and token not in files[0].name  # the name is the token's hash
    record = store.get(token)
    assert json.loads(record["game"])["actions"] == w.game.history
    assert record["bots"] == [None, "greedy"]
    assert record["summary"].startswith("Resume your game (round ")
    assert "you vs greedy bot" in record["summary"]
    # the browser sees the token, never the seed or the save
    state = json.dumps({k: v for k, v in w.get_state().items() if not k.startswith("_")})
    assert str(SEED) not in state and record["game"] not in state


def test_a_reloaded_page_resumes_the_same_position(tmp_path):
    store = SaveStore(tmp_path)
    old = GameWidget(players=["You", "Greedy bot"], bots={1: "greedy"}, seed=SEED, save_store=store)
    play_some(old, 15)
    token, position = old.resume_token, old.game.to_json()
    # a new kernel's widget (another game, another seed) gets the browser's hello
    new = GameWidget(players=["You", "Greedy bot"], bots={1: "greedy"}, seed=1, save_store=store)
    assert new.handle_message({"type": "hello", "token": token})
    assert new.resume_offer["text"] == store.get(token)["summary"]
    assert new.game.to_json() != position
    assert new.handle_message({"type": "resume"})
    assert new.game.to_json() == position and new.resume_offer == {}
    assert new.resume_token == token
    assert [e["i"] for e in new.log_entries] == list(range(len(old.game.history)))
    assert new.view["legal_actions"] == old.view["legal_actions"]
    play_some(new, 1)  # play goes on, saved under the same token
    assert json.loads(store.get(token)["game"])["actions"] == new.game.history


def test_unknown_expired_and_dismissed_offers(tmp_path):
    store = SaveStore(tmp_path, max_age=60)
    w = GameWidget(players=["You", "Bot"], bots={1: "random"}, seed=SEED, save_store=store)
    assert not w.handle_message({"type": "hello", "token": SaveStore.new_token()})
    assert w.resume_offer == {}
    other = GameWidget(players=["You", "Bot"], bots={1: "random"}, seed=2, save_store=store)
    play_some(other, 5)
    assert w.handle_message({"type": "hello", "token": other.resume_token})
    assert w.handle_message({"type": "dismiss_resume"}) and w.resume_offer == {}
    assert not w.handle_message({"type": "resume"}) and "no longer there" in w.error
    # an old save expires: its file goes and the offer is not made
    path = next(tmp_path.glob("*.json"))
    old = time.time() - 120
    os.utime(path, (old, old))
    assert not w.handle_message({"type": "hello", "token": other.resume_token})
    assert not path.exists()


def test_the_store_is_bounded_in_size_and_number(tmp_path):
    store = SaveStore(tmp_path, max_bytes=2_000, max_saves=3)
    with pytest.raises(ValueError, match="larger than"):
        store.put(store.new_token(), {"game": "x" * 5_000})
    tokens = []
    for i in range(5):  # five pages, each saved a game and ended (kernels gone)
        page = SaveStore(tmp_path, max_bytes=2_000, max_saves=3)
        tokens.append(page.new_token())
        page.put(tokens[-1], {"game": "{}", "n": i})
        path = page._path(tokens[-1])
        os.utime(path, (time.time() - 100 + i, time.time() - 100 + i))
        page.close()
    store.prune()
    assert len(list(tmp_path.glob("*.json"))) == 3
    assert store.get(tokens[0]) is None and store.get(tokens[-1])["n"] == 4
    with pytest.raises(ValueError):
        store.put("../../x", {})


def test_a_finished_game_is_not_offered(tmp_path):
    store = SaveStore(tmp_path)
    w = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=SEED, save_store=store,
                   max_rounds=1)
    play_some(w, 200)
    assert w.game.is_over
    # what stays is a marker without the game (so an older tab holding the token cannot write
    # the game back): no actions, no seed, nothing to offer
    [path] = tmp_path.glob("*.json")
    record = json.loads(path.read_text())
    assert "game" not in record and "seed" not in record and record["over"]
    other = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=SEED, save_store=store)
    assert not other.handle_message({"type": "hello", "token": w.resume_token})
    assert other.resume_offer == {} and not other.resume(w.resume_token)


def test_default_directory_is_configurable(monkeypatch, tmp_path):
    monkeypatch.setenv("PERIODIC_EDU_SAVE_DIR", str(tmp_path / "here"))
    assert default_save_dir() == tmp_path / "here"
    monkeypatch.delenv("PERIODIC_EDU_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_save_dir() == tmp_path / "periodic_edu" / "saves"


def test_class_code_round_trips_through_a_save(tmp_path):
    store = SaveStore(tmp_path)
    w = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, class_code="k7q2 m9xd",
                   save_store=store)
    twin = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, class_code="K7Q2-M9XD")
    assert w.view == twin.view  # the same deal for everyone who types the code
    play_some(w, 8)
    resumed = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, save_store=store)
    assert resumed.handle_message({"type": "hello", "token": w.resume_token})
    assert resumed.handle_message({"type": "resume"})
    assert resumed.game.class_code == "K7Q2-M9XD" and resumed.game.history == w.game.history


def test_dashboard_class_code_field(tmp_path):
    from periodic_edu.widgets.dashboard import play
    tab = play(seed=3, save_store=SaveStore(tmp_path))
    # the class-play panel, holding the tab's own game above its settings (hidden while the
    # student sits at a class table: one game per screen), then the New game question
    _style, joining, confirm = tab.children
    holder, setup, note = joining.rest
    code = next(c for c in setup.children if getattr(c, "description", "") == "Class code")
    start = next(c for c in setup.children if getattr(c, "description", "").startswith("Start"))
    new_code = next(c for c in setup.children if getattr(c, "description", "") == "New class code")
    new_code.click()
    assert len(code.value) == 9 and code.value[4] == "-"
    typed = code.value
    start.click()
    assert holder.children[0].game.class_code == typed and typed in note.value
    code.value = "OOOO-1111"
    before = holder.children[0]
    start.click()
    assert holder.children[0] is before and "alert" in note.value  # refused, says why
    # a game in progress is not thrown away without asking
    code.value = ""
    game = holder.children[0]
    game.play(game.view["legal_actions"][0])
    start.click()
    assert holder.children[0] is game and confirm.layout.display == "flex"
    yes = confirm.children[1]
    yes.click()
    assert holder.children[0] is not game and confirm.layout.display == "none"


def test_a_save_damaged_between_the_offer_and_the_resume_is_called_damaged(tmp_path):
    """The page was offered a save; before it answered, the file was damaged (a save that is
    JSON but does not replay, then one that is not JSON): the refusal says damaged, not gone,
    and the game on the page goes on unchanged."""
    store = SaveStore(tmp_path)
    other = GameWidget(players=["You", "Bot"], bots={1: "random"}, seed=2, save_store=store)
    play_some(other, 5)
    token = other.resume_token
    path = next(tmp_path.glob("*.json"))
    for damage in ("replay", "bytes"):
        w = GameWidget(players=["You", "Bot"], bots={1: "random"}, seed=SEED, save_store=store)
        before = w.game.to_json()
        assert w.handle_message({"type": "hello", "token": token})
        record = json.loads(path.read_text(encoding="utf-8"))
        if damage == "replay":
            game = json.loads(record["game"])
            game["actions"][1] = "not an action"
            path.write_text(json.dumps({**record, "game": json.dumps(game)}), encoding="utf-8")
        else:
            path.write_text('{"game": ', encoding="utf-8")
        assert not w.handle_message({"type": "resume"})
        assert "damaged" in w.error and "no longer there" not in w.error, (damage, w.error)
        assert w.game.to_json() == before
        path.write_text(json.dumps(record), encoding="utf-8")  # mended for the next round
