"""CLI: periodic-edu elemonster simulate|replay: JSON shape, determinism, one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from periodic_edu.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_shape_and_determinism(capsys):
    argv = ["elemonster", "simulate", "--games", "3", "--players", "3", "--seed", "5",
            "--variant", "advanced", "--bots", "greedy,random", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["games_per_second"] > 0 and doc["bots"] == ["greedy", "random", "greedy"]
    assert [g["seed"] for g in doc["games"]] == [5, 6, 7]
    for g in doc["games"]:
        assert set(g) >= {"seed", "turns", "scores", "winners", "end"}
        assert len(g["scores"]) == 3 and g["winners"] and g["end"] == "deck"
    again = json.loads(run(capsys, *argv)[1])
    assert again["games"] == doc["games"]


def test_simulate_table_and_score_ending(capsys, tmp_path):
    code, out, _ = run(capsys, "elemonster", "simulate", "--games", "2", "--score", "15",
                       "--save-dir", str(tmp_path))
    assert code == 0 and "games per second" in out
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    code, out, _ = run(capsys, "elemonster", "replay", str(saves[0]), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["is_over"] and doc["end"] == ["score", 15]


def test_replay_a_golden_game(capsys):
    path = GOLDEN / "advanced_2p_greedy.json"
    expected = json.loads(path.read_text(encoding="utf-8"))["expected"]
    code, out, _ = run(capsys, "elemonster", "replay", str(path), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["winners"] == expected["winners"]
    assert [s["total"] for s in doc["scores"]] == [s["total"] for s in expected["scores"]]
    code, out, _ = run(capsys, "elemonster", "replay", str(path))
    assert code == 0 and "winner(s)" in out


@pytest.mark.parametrize("argv,message", [
    (["elemonster", "simulate", "--players", "7"], "--players must be 2 to 5, not 7"),
    (["elemonster", "simulate", "--games", "0"], "--games must be at least 1"),
    (["elemonster", "simulate", "--bots", "clever"], "unknown bot 'clever'"),
    (["elemonster", "simulate", "--variant", "expert"], "invalid choice: 'expert'"),
    (["elemonster", "replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
    (["elemonster"], "required"),
])
def test_user_mistakes_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_save_that_does_not_replay_is_one_line(short_tmp, capsys):
    doc = json.loads((GOLDEN / "advanced_2p_greedy.json").read_text(encoding="utf-8"))["save"]
    doc["actions"][3] = "P:Og"
    path = short_tmp / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "elemonster", "replay", str(path))
    assert code == 2 and err.count("\n") == 1
    assert "bad.json" in err and "action 3" in err


def test_the_installed_command_runs():
    out = subprocess.run([sys.executable, "-m", "periodic_edu", "elemonster", "simulate",
                          "--games", "2", "--players", "3", "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)["games"]) == 2


@pytest.mark.parametrize("command", ["elemonster replay", "replay"])
def test_replay_reads_only_a_small_regular_file(capsys, command):
    """Both games' replay read a save the same way: /dev/zero or a FIFO is refused at once
    (never read without end), with one line in the chosen language."""
    code, out, err = run(capsys, *command.split(), "/dev/zero")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "/dev/zero: save file: not a regular file" in err
    code, _, err = run(capsys, *command.split(), "/no/such/file.json", "--lang", "uk")
    assert code == 2 and "не вдається прочитати /no/such/file.json" in err, err
    code, _, err = run(capsys, *command.split(), "/no/such/file.json", "--lang", "de")
    assert code == 2 and "/no/such/file.json kann nicht gelesen werden" in err, err
