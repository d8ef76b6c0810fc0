"""Regenerate the golden playthroughs (run by hand, then review the diffs and the scores):

    python tests/golden/generate.py

Each file holds a complete save (decks inline, so later changes to the shipped decks do not
move it) and the expected outcome. ``tests/engine/test_golden.py`` replays them exactly.
Bots are seeded and the search bot's budget is counted in positions, so regenerating gives
the same games on any machine - as long as the bots themselves are unchanged. It overwrites
the files: run it only when a rule or a bot changed on purpose, then re-check
``test_hand_checked_breakdown`` by hand.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from periodic_edu.engine.bots import make_bot, play_out
from periodic_edu.engine import Game, load_agenda_deck, load_goal_deck, get_edition

HERE = Path(__file__).resolve().parent

GAMES = [
    # name, edition, players, seed, bots
    ("en_2p_search_vs_greedy", "en", 2, 101, ["search", "greedy"]),
    ("uk_5p_greedy_random", "uk", 5, 202, ["greedy", "random", "greedy", "random", "greedy"]),
    ("en_5p_greedy", "en", 5, 303, ["greedy"] * 5),
    ("uk_2p_random", "uk", 2, 404, ["random", "random"]),
]


def expected(game: Game) -> dict:
    st = game.state
    return {
        "rounds": st.round, "turns": st.turns, "actions": len(game.history),
        "ended_by": st.ended_by, "trigger": list(st.trigger) if st.trigger else None,
        "scores": game.scores(), "winners": game.winners(),
        "final_state_sha256": hashlib.sha256(st.to_json().encode()).hexdigest(),
    }


def main() -> None:
    for name, edition, players, seed, bots in GAMES:
        ed = get_edition(edition)
        goals = dict(load_goal_deck(None, ed).document)
        agendas = dict(load_agenda_deck(None, ed).document)
        game = Game(players=players, edition=edition, seed=seed, max_rounds=60,
                    goal_deck=goals, agenda_deck=agendas)
        play_out(game, [make_bot(b, seed * 10 + i) for i, b in enumerate(bots)])
        doc = {"description": f"{edition}, {players} players, bots {', '.join(bots)}",
               "save": game.to_dict(), "expected": expected(game)}
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path.name, doc["expected"]["rounds"], "rounds",
              [r["total"] for r in doc["expected"]["scores"]], doc["expected"]["winners"])


if __name__ == "__main__":
    main()
