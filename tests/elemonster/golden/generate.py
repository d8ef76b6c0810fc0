"""Regenerate the Elemonster golden games (run by hand, then review the diffs and scores):

    python tests/elemonster/golden/generate.py

Each file holds a complete save and the expected outcome; ``test_elemonster_golden.py``
replays them exactly. It overwrites the files: run it only when a rule or a bot changed on
purpose.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from periodic_edu.elemonster import Game  # noqa: E402
from periodic_edu.elemonster.bots import make_bot, play_out  # noqa: E402

GAMES = [
    # name, variant, players, seed, bots, options
    ("beginner_3p_greedy_random", "beginner", 3, 505, ["greedy", "random", "greedy"], {}),
    ("advanced_2p_greedy", "advanced", 2, 606, ["greedy", "greedy"], {}),
    ("advanced_4p_score_last_card", "advanced", 4, 707, ["random", "greedy"] * 2,
     {"end": ("score", 20), "max_rounds": 30, "hearts": "last_card"}),
]


def inputs_probe() -> dict:
    """What a golden game silently depends on besides the rules: the seeded generator and the
    printed card values. Recorded so that a change there fails with a clear message."""
    from periodic_edu.elemonster import load_deck
    from periodic_edu.elemonster.cards import card
    from periodic_edu.tabletop.rng import Rng
    cards = [card(s).to_dict() for s in load_deck().elements]
    return {"rng_shuffle_of_20": Rng(12345).shuffled(range(20)),
            "cards_sha256": hashlib.sha256(json.dumps(cards, sort_keys=True).encode())
            .hexdigest()}


def state_digest(game: Game) -> str:
    st = game.state
    doc = {"pile": st.pile, "discard": st.discard, "hands": st.hands,
           "bonds": [[b.notation for b in bonds] for bonds in st.bonds],
           "turn": st.turn, "round": st.round, "ended_by": st.ended_by}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def expected(game: Game) -> dict:
    st = game.state
    return {"turns": st.turn, "rounds": st.round, "actions": len(game.history),
            "ended_by": st.ended_by, "scores": game.scores(), "winners": game.winners(),
            "final_state_sha256": state_digest(game)}


def main() -> None:
    for name, variant, players, seed, bots, options in GAMES:
        game = Game(players=players, variant=variant, seed=seed, **options)
        play_out(game, [make_bot(b, seed * 10 + i) for i, b in enumerate(bots)])
        doc = {"description": f"{variant}, {players} players, bots {', '.join(bots)}",
               "inputs": inputs_probe(), "save": game.to_dict(), "expected": expected(game)}
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path.name, doc["expected"]["turns"], "turns",
              [r["total"] for r in doc["expected"]["scores"]], doc["expected"]["winners"])


if __name__ == "__main__":
    main()
