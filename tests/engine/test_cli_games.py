"""CLI: simulate, replay, balance (DESIGN §2): exit codes, JSON shape, one-line errors."""
import json
import subprocess
import sys

import pytest

from periodic_edu.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_shape(capsys):
    code, out, err = run(capsys, "simulate", "--games", "3", "--players", "3", "--seed", "5",
                         "--max-rounds", "20", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["games_per_second"] > 0
    assert [g["seed"] for g in doc["games"]] == [5, 6, 7]
    for g in doc["games"]:
        assert set(g) >= {"seed", "turns", "scores", "winners"}
        assert len(g["scores"]) == 3 and g["winners"]


def test_simulate_is_deterministic(capsys):
    a = json.loads(run(capsys, "simulate", "--games", "2", "--players", "4", "--bots",
                       "greedy,random", "--json")[1])
    b = json.loads(run(capsys, "simulate", "--games", "2", "--players", "4", "--bots",
                       "greedy,random", "--json")[1])
    assert a["games"] == b["games"] and a["bots"] == ["greedy", "random", "greedy", "random"]


def test_simulate_table(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "2", "--players", "2", "--edition", "uk")
    assert code == 0 and "games per second" in out and "seed" in out


def test_simulate_save_dir_and_replay(capsys, tmp_path):
    code, _, _ = run(capsys, "simulate", "--games", "2", "--players", "2", "--bots", "greedy",
                     "--save-dir", str(tmp_path), "--json")
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    code, out, err = run(capsys, "replay", str(files[0]), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["is_over"] and len(doc["scores"]) == 2 and doc["winners"]
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0 and "winner" in out


def test_replay_names_the_first_bad_action(capsys, tmp_path):
    run(capsys, "simulate", "--games", "1", "--players", "2", "--save-dir", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    doc = json.loads(path.read_text())
    doc["actions"][4] = "x>Og"
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert "action 4 ('x>Og') does not replay" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--players", "6"], "--players must be 2 to 5"),
    (["simulate", "--bots", "clever"], "unknown bot 'clever'"),
    (["simulate", "--players", "2", "--bots", "random,random,random"], "3 bots named for 2"),
    (["simulate", "--edition", "fr"], "invalid choice"),
    (["replay", "/nonexistent/save.json"], "cannot read"),
    (["balance", "--games", "0"], "--games must be at least 1"),
])
def test_user_errors_exit_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_malformed_file(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{oops")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "malformed JSON" in err and err.count("\n") == 1


def test_balance_json(capsys):
    code, out, _ = run(capsys, "balance", "--games", "6", "--players", "3", "--jobs", "1",
                       "--bots", "greedy", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["games"] == 6
    assert len(doc["seats"]) == 3
    assert abs(sum(s["win_rate"] for s in doc["seats"]) - 1) < 1e-6
    assert sum(v["games"] for v in doc["end_triggers"].values()) == 6
    assert doc["mean_rounds"] > 0


def test_balance_parallel_table(capsys):
    code, out, _ = run(capsys, "balance", "--games", "8", "--players", "2", "--jobs", "2")
    assert code == 0 and "win rate" in out and "end triggered by" in out


def test_subprocess_exit_code():
    proc = subprocess.run([sys.executable, "-m", "periodic_edu", "simulate", "--players", "9"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "--players" in proc.stderr


def test_replay_a_golden_file(capsys):
    from pathlib import Path
    golden = Path(__file__).resolve().parents[1] / "golden" / "en_5p_greedy.json"
    code, out, _ = run(capsys, "replay", str(golden), "--json")
    assert code == 0
    doc = json.loads(out)
    expected = json.loads(golden.read_text())["expected"]
    assert doc["winners"] == expected["winners"]
    assert [r["total"] for r in doc["scores"]] == [r["total"] for r in expected["scores"]]
