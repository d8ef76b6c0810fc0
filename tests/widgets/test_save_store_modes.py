"""The save folder is the kernel's alone (issue 29): 0700 and every file in it 0600, whichever
path made it - put(), or the one-owner path (put_owned, claim) every game widget's save takes."""
from __future__ import annotations

import os
import stat

import pytest

from periodic_edu.widgets import GameWidget
from periodic_edu.widgets.save_store import SaveStore


@pytest.fixture
def umask_022():
    old = os.umask(0o022)  # the usual umask: what a folder made without a mode gets 0755 from
    yield
    os.umask(old)


def modes(folder):
    return (stat.S_IMODE(os.stat(folder).st_mode),
            {p.name: stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()})


def test_a_game_widgets_save_makes_a_private_folder(tmp_path, umask_022):
    folder = tmp_path / "periodic_edu" / "saves"  # not there yet: the save makes it
    w = GameWidget(players=["You", "Greedy bot"], bots={1: "greedy"}, seed=7,
                   save_store=SaveStore(folder))
    w.play(w.view["legal_actions"][0])
    assert w.resume_token
    folder_mode, files = modes(folder)
    assert folder_mode == 0o700
    assert ".owners.lock" in files and len(files) >= 2
    assert set(files.values()) == {0o600}, files


@pytest.mark.parametrize("how", ["put", "put_owned"])
def test_every_path_makes_the_folder_0700(tmp_path, umask_022, how):
    folder = tmp_path / how / "saves"
    store = SaveStore(folder)
    token = store.new_token()
    if how == "put":
        store.put(token, {"game": "{}"})
    else:
        store.put_owned(token, {"game": "{}"}, 1)
    folder_mode, files = modes(folder)
    assert folder_mode == 0o700 and set(files.values()) == {0o600}, (folder_mode, files)


def test_an_old_lock_file_is_made_private(tmp_path, umask_022):
    folder = tmp_path / "saves"
    folder.mkdir(mode=0o700)
    (folder / ".owners.lock").write_bytes(b"")
    os.chmod(folder / ".owners.lock", 0o644)  # what the version before this one left
    store = SaveStore(folder)
    store.put_owned(store.new_token(), {"game": "{}"}, 1)
    assert modes(folder)[1][".owners.lock"] == 0o600
