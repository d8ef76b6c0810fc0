"""The game log of a :class:`~periodic_edu.widgets.GameWidget`: one readable entry per action.

An entry says who did what in one sentence (a bot's own explanation, or the same describer for a
person's action) and lists what the action caused that everyone at the table sees: a completed
card, lab points, a new face-up card, a step on the Academic Achievement track, the end
trigger. Everything in an entry is public (RULES §5): an agenda choice is logged without the
card, and nothing here reads the face-down stacks, the box or the award stacks.
"""
from __future__ import annotations

from typing import Any

from ..bots import describe
from ..engine import AA_VALUES, Action, Game
from ..engine.editions import tile_label
from ..engine.state import State

__all__ = ["Snapshot", "entry_text", "make_entry", "events", "TRIGGER_TEXT", "OBJECTIVE_WORDS",
           "possessive", "replay_log"]

#: Agenda objectives in a student's words (the card colours are the difficulties 1-4:
#: green, blue, purple, pink).
OBJECTIVE_WORDS = {
    "track_levels": "+1 for each level you reach on the Academic Achievement track",
    "cards": "+1 for each goal card you completed",
    "difficulty:2": "+2 for each blue card you completed",
    "difficulty:3": "+2 for each purple card you completed",
    "difficulty:4": "+2 for each pink card you completed",
    "pair:2+3": "+5 for each pair: one blue and one purple card you completed",
    "pair:2+4": "+5 for each pair: one blue and one pink card you completed",
    "pair:3+4": "+5 for each pair: one purple and one pink card you completed",
    "set4": "+11 for each set of one green, one blue, one purple and one pink card you completed",
    "set3": "+9 for each set of three cards of three different colours you completed",
    "min_x3": "3 × the smaller of two numbers: the goal cards you completed, and your level on "
              "the Academic Achievement track",
}


def possessive(name: str) -> str:
    """"Ada's", and "Your" for a player called "You"."""
    return "Your" if name.strip().lower() == "you" else f"{name}'s"


def _object(name: str) -> str:
    """A name after a verb or preposition: "you" for a player called "You"."""
    return "you" if name.strip().lower() == "you" else name

TRIGGER_TEXT = {
    "stack": "a goal stack could not refill a completed card",
    "track": "two players reached 23 or more on the Academic Achievement track",
}
ENDED_TEXT = {
    "final_turns": "every other player has had one more turn",
    "round_limit": "the round limit is reached",
}


class Snapshot:
    """The public facts of a state that an action may change (copied, so it survives play())."""

    __slots__ = ("won", "lab", "aa", "micro", "tiles", "energy", "face", "trigger", "phase",
                 "flask", "ring", "ended_by", "round")

    def __init__(self, st: State) -> None:
        self.won = list(st.won)
        self.lab = list(st.lab)
        self.aa = list(st.aa)
        self.micro = list(st.micro)
        self.tiles = list(st.tiles)
        self.energy = list(st.energy)
        self.face = list(st.face)
        self.trigger = st.trigger
        self.phase = st.phase
        self.flask = list(st.flask)
        self.ring = st.ring
        self.ended_by = st.ended_by
        self.round = st.round


def entry_text(game: Game, seat: int, action: Action) -> str:
    """One sentence for ``action`` played by ``seat`` now (call BEFORE playing it)."""
    if action.kind == "agenda":
        return "kept one of the agenda cards dealt (it stays secret until the end)"
    return describe(game.observe(seat), action)


def _card(game: Game, card_id: str) -> str:
    card = game.state.ctx.goal_deck.by_id[card_id]
    return f"{card.name} ({card.formula})"


def events(game: Game, before: Snapshot) -> list[str]:
    """What the last action changed in public, in words."""
    st = game.state
    names = st.names
    out: list[str] = []
    for q in range(st.n):
        for cid in st.won[q]:
            if cid not in before.won[q]:
                card = st.ctx.goal_deck.by_id[cid]
                out.append(f"{names[q]} completed {_card(game, cid)} for {card.points} points")
        new_tiles = list(st.tiles[q])
        for t in before.tiles[q]:
            if t in new_tiles:
                new_tiles.remove(t)
        for t in new_tiles:
            out.append(f"{names[q]} took a {tile_label(t)} award tile")
        if st.lab[q] > before.lab[q]:
            out.append(f"{names[q]} scored {st.lab[q] - before.lab[q]} lab points for research "
                       f"cubes on a card someone else completed")
        if st.aa[q] > before.aa[q]:
            group = st.ring[st.micro[q]].replace("_", " ")
            out.append(f"{possessive(names[q])} microscope moved on to the {group}: Academic Achievement "
                       f"{AA_VALUES[before.aa[q]]} → {AA_VALUES[st.aa[q]]} points")
    for slot, cid in enumerate(st.face):
        if cid != before.face[slot]:
            out.append(f"new goal card face up: {_card(game, cid)}" if cid is not None
                       else "a goal slot stays empty: no card of that colour is left")
    if st.trigger is not None and before.trigger is None:
        who, why = st.trigger
        out.append(f"the end is triggered by {_object(names[who])}: {TRIGGER_TEXT.get(why, why)}; "
                   f"every other player takes one more turn")
    if st.phase == "over" and before.phase != "over":
        out.append("the game is over" + (f": {ENDED_TEXT[st.ended_by]}"
                                         if st.ended_by in ENDED_TEXT else ""))
    return out


def make_entry(game: Game, index: int, seat: int, action: Action, text: str, bot: str | None,
               before: Snapshot) -> dict[str, Any]:
    """The log entry of action number ``index`` (call AFTER playing it)."""
    st = game.state
    moved = action.is_movement
    return {
        "i": index,
        "round": before.round if before.phase != "agenda" else 0,
        "seat": seat,
        "name": st.names[seat],
        "bot": bot,
        # notation is shown on demand only; an agenda choice has none (the card is secret)
        "action": None if action.kind == "agenda" else action.text,
        "kind": action.kind,
        "text": text,
        "from": before.flask[seat] if moved else None,
        "to": st.flask[seat] if moved else None,
        "events": events(game, before),
    }


def replay_log(game: Game, bots: list[str | None]) -> list[dict[str, Any]]:
    """The log of a game rebuilt from its actions (a resumed save): each entry as if played
    now, with the describer's sentence (a bot's own reasons are not saved)."""
    fresh = Game.from_dict({**game.to_dict(), "actions": []})
    out = []
    for index, action in enumerate(game.actions):
        seat = fresh.current_player
        text = entry_text(fresh, seat, action)
        before = Snapshot(fresh.state)
        fresh.play(action)
        out.append(make_entry(fresh, index, seat, action, text, bots[seat], before))
    return out
