"""The game log of a Periodic table (:class:`periodic_edu.engine.spec.PeriodicRules`, shown by
:class:`~periodic_edu.widgets.GameWidget`): one readable entry per action.

An entry says who did what in one sentence (a bot's own explanation, or the same describer for a
person's action) and lists what the action caused that everyone at the table sees: a completed
card, lab points, a new face-up card, a step on the Academic Achievement track, the end
trigger. Everything in an entry is public (RULES §5): an agenda choice is logged without the
card, and nothing here reads the face-down stacks, the box or the award stacks.
"""
from __future__ import annotations

import functools
from typing import Any

from ..board import TREND_NAMES
from .bots import describe
from ..chemistry import family_name
from . import AA_VALUES, Action, Game
from .editions import tile_label
from .state import State
from ..i18n import LANGUAGES, gettext, resolve_language, translate
from ..locale.texts import AWARD_TILES
from ..locale.widget_texts import FRONT_END, GAME_LOG

__all__ = ["Snapshot", "entry_text", "make_entry", "events", "TRIGGER_TEXT", "OBJECTIVE_WORDS",
           "possessive", "replay_log"]

#: Agenda objectives in a student's words (English source; the widgets catalog translates
#: them, see periodic_edu/locale/widget_texts.py).
from ..locale.widget_texts import OBJECTIVE_WORDS  # noqa: E402


def possessive(name: str) -> str:
    """"Ada's", and "Your" for a player called "You"."""
    return "Your" if name.strip().lower() == "you" else f"{name}'s"


#: Why the end was triggered and why the game ended, in English (ids -> GAME_LOG keys).
TRIGGER_TEXT = {"stack": GAME_LOG["trigger_stack"], "track": GAME_LOG["trigger_track"]}
ENDED_TEXT = {"final_turns": GAME_LOG["ended_final_turns"],
              "round_limit": GAME_LOG["ended_round_limit"]}


def _is_you(name: str) -> bool:
    """The person's own seat: called "You" in the language the game began in."""
    return name.strip().lower() in _you()


@functools.cache
def _you() -> frozenset[str]:
    # on first use, not at import: reading every language's catalog cost the static site's
    # page 0.3 s of Python's start in the browser (it needs one language to begin with)
    return frozenset(gettext("widgets", FRONT_END["you"], code).lower() for code in LANGUAGES)


class _Log:
    """The log's sentences in one language."""

    def __init__(self, lang: str | None) -> None:
        self.lang = resolve_language(lang)

    def __call__(self, key: str, count: int | None = None, /, **values: Any) -> str:
        # a plural takes the form for ``count`` (real plurals: uk 1 бал, 2 бали, 5 балів)
        return translate("widgets", GAME_LOG[key], self.lang, count).format(**values)

    def about(self, name: str, key: str, count: int | None = None, /, **values: Any) -> str:
        """The sentence of ``key`` about ``name``, or its "_you" form for the person's seat."""
        if _is_you(name):
            return self(key + "_you", count, **values)
        return self(key, count, name=name, **values)

    def card(self, game: Game, card_id: str) -> str:
        card = game.state.ctx.goal_deck.by_id[card_id]
        return f"{gettext('decks', card.name, self.lang)} ({card.formula})"

    def family(self, fid: str) -> str:
        if self.lang == "en":  # English runs the name into the sentence (alkali metals)
            return fid.replace("_", " ")
        return gettext("board", family_name(fid), self.lang)

    def tile(self, code: str) -> str:
        """An award tile as printed (the ``decks`` catalog)."""
        if self.lang == "en":
            return tile_label(code)
        kind, _, arg = code.partition(":")
        label = gettext("decks", AWARD_TILES[kind], self.lang)
        if kind == "free":
            return label.format(trend=gettext("board", TREND_NAMES[arg], self.lang))
        if kind == "move":
            return label.format(family=gettext("board", family_name(arg), self.lang))
        return label


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


def entry_text(game: Game, seat: int, action: Action, lang: str | None = None) -> str:
    """One sentence for ``action`` played by ``seat`` now (call BEFORE playing it), in
    ``lang``."""
    if action.kind == "agenda":
        from ..locale.widget_texts import GAME_LOG
        return gettext("widgets", GAME_LOG["agenda_kept"], lang)
    return describe(game.observe(seat), action, lang)


def events(game: Game, before: Snapshot, lang: str | None = None) -> list[str]:
    """What the last action changed in public, in words of ``lang``."""
    say = _Log(lang)
    st = game.state
    names = st.names
    out: list[str] = []
    for q in range(st.n):
        for cid in st.won[q]:
            if cid not in before.won[q]:
                points = st.ctx.goal_deck.by_id[cid].points
                out.append(say.about(names[q], "completed", points, card=say.card(game, cid),
                                     n=points))
        new_tiles = list(st.tiles[q])
        for t in before.tiles[q]:
            if t in new_tiles:
                new_tiles.remove(t)
        for t in new_tiles:
            out.append(say.about(names[q], "tile", tile=say.tile(t)))
        if st.lab[q] > before.lab[q]:
            gained = st.lab[q] - before.lab[q]
            out.append(say.about(names[q], "lab", gained, n=gained))
        if st.aa[q] > before.aa[q]:
            after = AA_VALUES[st.aa[q]]
            out.append(say.about(names[q], "microscope", after,
                                 group=say.family(st.ring[st.micro[q]]),
                                 before=AA_VALUES[before.aa[q]], after=after))
    for slot, cid in enumerate(st.face):
        if cid != before.face[slot]:
            out.append(say("new_card", card=say.card(game, cid)) if cid is not None
                       else say("slot_empty"))
    if st.trigger is not None and before.trigger is None:
        who, why = st.trigger
        reason = say("trigger_" + why) if why in TRIGGER_TEXT else why
        out.append(say.about(names[who], "trigger", why=reason))
    if st.phase == "over" and before.phase != "over":
        out.append(say("over_why", why=say("ended_" + st.ended_by))
                   if st.ended_by in ENDED_TEXT else say("over"))
    return out


def make_entry(game: Game, index: int, seat: int, action: Action, text: str, bot: str | None,
               before: Snapshot, lang: str | None = None) -> dict[str, Any]:
    """The log entry of action number ``index`` (call AFTER playing it), in ``lang``."""
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
        "events": events(game, before, lang),
    }


def replay_log(game: Game, bots: list[str | None],
               lang: str | None = None) -> list[dict[str, Any]]:
    """The log of a game rebuilt from its actions (a resumed save): each entry as if played
    now, with the describer's sentence (a bot's own reasons are not saved)."""
    fresh = Game.from_dict({**game.to_dict(), "actions": []})
    out = []
    for index, action in enumerate(game.actions):
        seat = fresh.current_player
        text = entry_text(fresh, seat, action, lang)
        before = Snapshot(fresh.state)
        fresh.play(action)
        out.append(make_entry(fresh, index, seat, action, text, bots[seat], before, lang))
    return out
