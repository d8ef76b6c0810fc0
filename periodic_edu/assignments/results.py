"""A student's result as a short code, and the teacher's reading of it.

What a code holds (format 1, a bit string in the envelope of :mod:`.codec`):

======================  ======  ==========================================================
field                   bits    what
======================  ======  ==========================================================
format                  4       1
has a game              1
answers                 2       0 none, 1 packed, 2 named, 3 written out
assignment              20      the assignment's tag (another assignment's code is flagged)
finished on             16      days since 2020-01-01, by the student's device
name                    7 + 8n  its length in bytes, then its UTF-8
answers, packed         7 + 6k  how many, then per item of the assignment's list, in order:
                                choice and reason, 3 bits each (0 none, 1-7 a-g)
answers, named          7 + ..  how many, then per answer: its item id (6 bits of length, 6
                                bits a character: ``0-9 A-Z a-z - _``), choice and reason
                                (3 bits each): a quick check of 1-3 items with no item list
answers, written out    11 + 8n the answers as compact JSON, deflated (any other kind of
                                field, or a number or cell format 2 cannot hold)
game                    14 + 8n the STUDENT'S moves only, in notation, space-separated,
                                deflated; the bots' moves are not in the code
======================  ======  ==========================================================

Format 2 is format 1 for the answers of a check that asks for numbers or cells too (the item
bank's number and cell items): packed and named answers carry, per item, a 2-bit kind (0 none,
1 choice and reason as above, 2 a number, 3 a cell) before its fields. A number is its shortest
decimal: a sign bit, the exponent (5 bits, -16 to 15) and the digits as an integer (6 bits of
length, then the bits); ``5.14`` takes 22 bits where JSON took about 80. A cell is its index
among the board's 88 cells (7 bits). Answers of letters alone stay format 1, two bits an item
shorter: a check of twelve two-tier items with a twelve-letter name fits in 60 characters.

Reading a game REPLAYS it: the assignment's game from its seed and settings, the student's
moves checked one by one by the engine (an illegal one names its index, its notation and the
rules' reason), each bot's move chosen again by that bot from its own seed. So a code cannot
claim a score its moves do not earn: the score is never in the code, it is recomputed, and a
save whose bots' moves were changed (to let the student win) is refused when the code is made
and could not be expressed in a code at all.

Answers are kept as given (item id -> fields such as ``choice`` and ``reason``); scoring them
against a key is the teacher's side (:func:`score_answers`): an item of the kit's item bank
(:mod:`periodic_edu.checks`) by the bank's own key, read where the code is read; a teacher's
own item by the key the teacher passes.
"""
from __future__ import annotations

import binascii
import datetime as _dt
import decimal
import json
from typing import Any, Callable, Iterable, Mapping

from .. import board
from ..echo import echo, has_control
from ..games import get_game, spec_of_save
from ..tabletop import IllegalMoveError, SaveError, safejson
from . import codec
from .assignment import Assignment, ITEM_LIMIT
from .errors import CodeError

__all__ = ["AssignedGame", "result_code", "read_code", "score_answers", "check_items", "FORMAT",
           "NAME_LIMIT", "FLAGS"]

#: the newest format written (format 1 is still written, and read, for letters alone)
FORMAT = 2
_FORMATS = (1, 2)
NAME_LIMIT = 24
MAX_ANSWERS = 127
MAX_MOVES = 2_000
ACTION_LIMIT = 80
EPOCH = _dt.date(2020, 1, 1)
_LETTERS = "abcdefg"
#: the characters of an item id in a named answer, 6 bits each
_ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
#: what a result can be flagged with (flagged, not refused: the teacher decides)
FLAGS = ("other_assignment", "past_due", "unfinished")
_VALUE_LIMIT = 40


class AssignedGame:
    """The assignment's game as its student plays it: the student moves at their seat, and the
    bots answer at theirs until it is the student's turn again or the game is over. The same
    class replays a code on the teacher's side, so both sides run the same bots the same way.

    >>> from periodic_edu.assignments import new_assignment
    >>> a = new_assignment(game="elemonster", seed=7, players=3, bots=["greedy"])
    >>> g = AssignedGame(a)
    >>> g.game.current_player == a.seat, g.moves
    (True, [])
    """

    def __init__(self, assignment: Assignment, moves: Iterable[str] = ()) -> None:
        self.assignment = assignment
        self.game = assignment.new_game()
        self._bots = assignment.make_bots()
        #: the student's moves, in notation
        self.moves: list[str] = []
        #: the seat that made each move of the game's history
        self.movers: list[int] = []
        self._bots_play()
        moves = list(moves)
        for index, text in enumerate(moves):
            if self.game.is_over:
                raise CodeError("moves_after_end", count=len(moves) - index)
            try:
                self.play(text)
            except IllegalMoveError as error:
                raise CodeError("illegal_move", index=index, action=echo(text),
                                why=error.why) from None

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def play(self, action: Any) -> Any:
        """The student's move (an :class:`IllegalMoveError` changes nothing), then the bots'."""
        if self.game.is_over or self.game.current_player != self.assignment.seat:
            raise IllegalMoveError(None, str(action), "it is not the student's turn")
        played = self.game.play(action)
        self.moves.append(played.text)
        self.movers.append(self.assignment.seat)
        self._bots_play()
        return played

    def _bots_play(self) -> None:
        game, seat = self.game, self.assignment.seat
        while not game.is_over and game.current_player != seat:
            mover = game.current_player
            game.play(self._bots[mover].choose(game.observe(mover)).action)
            self.movers.append(mover)

    def score(self) -> int:
        """The student's total (final when the game is over, else as it stands)."""
        return self.game.scores()[self.assignment.seat]["total"]

    def rank(self) -> int:
        """1 + how many seats have more points."""
        totals = [s["total"] for s in self.game.scores()]
        return 1 + sum(t > totals[self.assignment.seat] for t in totals)


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_LIMIT \
            or has_control(name) or len(name.strip().encode()) > 127:
        raise CodeError("bad_name", limit=NAME_LIMIT)
    return name.strip()


def _check_answers(answers: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(answers, Mapping):
        raise CodeError("bad_answers", limit=ITEM_LIMIT)
    if len(answers) > MAX_ANSWERS:
        raise CodeError("too_many_answers", limit=MAX_ANSWERS)
    out = {}
    for item, fields in answers.items():
        ok = (isinstance(item, str) and 0 < len(item) <= ITEM_LIMIT and not has_control(item)
              and isinstance(fields, Mapping) and len(fields) <= 4)
        if ok:
            for k, v in fields.items():
                ok = ok and isinstance(k, str) and 0 < len(k) <= 20 and not has_control(k) and (
                    isinstance(v, str) and len(v) <= _VALUE_LIMIT and not has_control(v)
                    or isinstance(v, (int, float)) and not isinstance(v, bool)
                    and abs(v) < 1e15 and v == v)
        if not ok:
            raise CodeError("bad_answers", limit=ITEM_LIMIT)
        out[item] = dict(fields)
    return out


def _letters(fields: Mapping[str, Any]) -> bool:
    """Only a choice and a reason, each a letter a-g (3 bits each)."""
    return set(fields) <= {"choice", "reason"} and all(
        isinstance(v, str) and len(v) == 1 and v in _LETTERS for v in fields.values())


def _number(value: Any) -> tuple[int, int, int] | None:
    """A number's sign, exponent and digits (its shortest decimal), when format 2 holds it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    sign, digits, exponent = decimal.Decimal(repr(value)).as_tuple()
    mantissa = int("".join(map(str, digits)) or "0")
    if not isinstance(exponent, int) or not -16 <= exponent <= 15 or mantissa >= 1 << 63:
        return None
    return sign, exponent, mantissa


def _kind(fields: Mapping[str, Any]) -> int | None:
    """The format-2 kind of an answer's fields (see the module docstring), None when it has
    none."""
    if _letters(fields):
        return 1
    if set(fields) == {"value"} and _number(fields["value"]) is not None:
        return 2
    if set(fields) == {"cell"} and isinstance(fields["cell"], str) \
            and board.is_on_board(fields["cell"]):
        return 3
    return None


def _answer_mode(assignment: Assignment, answers: dict[str, dict[str, Any]]
                 ) -> tuple[int, int]:
    """The format and the answers' mode: 1 packed (every item on the check's list:
    :func:`check_items`), 2 named (ids of ``_ID_CHARS``), 3 written out. Letters alone: format
    1, but packed by the item bank's list (the assignment names none), which format 2 writes
    with the list's fingerprint; numbers and cells: format 2; anything else is written out."""
    if not answers:
        return 1, 0
    kinds = {_kind(fields) for fields in answers.values()}
    if None in kinds:
        return 1, 3
    letters = kinds <= {1}
    items = check_items(assignment)
    if items and all(item in items for item in answers):
        return (1 if letters and assignment.items else 2), 1
    if all(set(item) <= set(_ID_CHARS) for item in answers):
        return (1 if letters else 2), 2
    return 1, 3


def _fingerprint(items: tuple[str, ...]) -> int:
    """8 bits of the item list a packed answer follows: a code packed by another version of
    the item bank's form is refused, never read against the wrong questions."""
    return binascii.crc_hqx("\n".join(items).encode(), 0) & 0xFF


def _write_fields(bits: codec.Bits, fields: Mapping[str, Any], version: int) -> None:
    kind = _kind(fields) if fields else 0
    if version > 1:
        bits.write(kind or 0, 2)
        if not kind:
            return
    if kind == 2:
        sign, exponent, mantissa = _number(fields["value"])  # type: ignore[misc]
        bits.write(sign, 1)
        bits.write(exponent + 16, 5)
        bits.write(mantissa.bit_length(), 6)
        bits.write(mantissa, mantissa.bit_length())
    elif kind == 3:
        bits.write(board.SYMBOLS_ON_BOARD.index(fields["cell"]), 7)
    else:
        for part in ("choice", "reason"):
            bits.write(_LETTERS.index(fields[part]) + 1 if part in fields else 0, 3)


def _read_fields(bits: codec.Bits, version: int) -> dict[str, Any]:
    kind = bits.read(2) if version > 1 else 1
    if kind == 0:
        return {}
    if kind == 2:
        sign, exponent, size = bits.read(1), bits.read(5) - 16, bits.read(6)
        digits = tuple(int(d) for d in str(bits.read(size)))
        return {"value": float(decimal.Decimal((sign, digits, exponent)))}
    if kind == 3:
        index = bits.read(7)
        if index >= len(board.SYMBOLS_ON_BOARD):
            raise CodeError("bad_content")
        return {"cell": board.SYMBOLS_ON_BOARD[index]}
    fields = {}
    for part in ("choice", "reason"):
        value = bits.read(3)
        if value:
            fields[part] = _LETTERS[value - 1]
    return fields


def _student_moves(assignment: Assignment, save: Any) -> list[str]:
    """The student's moves of a save of the assignment's game, checked: the save loads (every
    move legal), it is the assigned deal, and every bot's move is the one that bot plays."""
    try:
        doc = safejson.loads(save) if isinstance(save, (str, bytes)) else save
        spec = spec_of_save(doc)
        spec.game.from_dict(doc)
    except (SaveError, safejson.JsonLimitError, ValueError) as error:
        raise CodeError("bad_save", why=str(error)) from None
    if spec.name != assignment.game:
        raise CodeError("other_game", game=spec.title, expected=get_game(assignment.game).title)
    expected = assignment.new_game().to_dict()
    for key in sorted(set(expected) | set(doc)):
        if key not in ("players", "actions") and doc.get(key) != expected.get(key):
            raise CodeError("other_deal", field=key, value=echo(doc.get(key)),
                            expected=echo(expected.get(key)))
    players = doc["players"]
    if (len(players) if isinstance(players, list) else players) != assignment.players:
        raise CodeError("other_deal", field="players", value=echo(players),
                        expected=assignment.players)
    actions = doc["actions"]
    if len(actions) > MAX_MOVES * assignment.players:
        raise CodeError("too_many_moves", limit=MAX_MOVES)
    replay = AssignedGame(assignment)
    for index, text in enumerate(actions):
        if index < len(replay.game.history):  # the bots moved here: the same move, or refused
            if text != replay.game.history[index]:
                raise CodeError("bot_moved", index=index, action=echo(text),
                                seat=replay.movers[index] + 1,
                                expected=replay.game.history[index])
        elif not replay.is_over:
            replay.play(text)  # the save loaded: every move of it is legal
    return replay.moves


def result_code(assignment: Assignment, name: str, save: Any = None,
                answers: Mapping[str, Mapping[str, Any]] | None = None,
                finished: _dt.date | None = None) -> str:
    """The code a student hands in: their ``name``, the game of ``save`` (the engine's save,
    text or document: checked, see the module docstring) and ``answers`` (item id -> fields).
    ``finished``: the day it was done (today by default)."""
    name = _check_name(name)
    if save is None and not answers:
        raise CodeError("nothing")
    checked = _check_answers(answers or {})
    day = ((finished or _dt.date.today()) - EPOCH).days
    bits = codec.Bits()
    version, mode = _answer_mode(assignment, checked)
    bits.write(version, 4)
    bits.write(save is not None, 1)
    bits.write(mode, 2)
    bits.write(assignment.tag, 20)
    bits.write(max(0, min(day, 0xFFFF)), 16)
    raw = name.encode()
    bits.write(len(raw), 7)
    bits.write_bytes(raw)
    if mode == 1:
        items = check_items(assignment)
        if version > 1:
            bits.write(_fingerprint(items), 8)
        count = max(items.index(i) for i in checked) + 1
        bits.write(count, 7)
        for item in items[:count]:
            _write_fields(bits, checked.get(item, {}), version)
    elif mode == 2:
        bits.write(len(checked), 7)
        for item, fields in checked.items():
            bits.write(len(item), 6)
            for ch in item:
                bits.write(_ID_CHARS.index(ch), 6)
            _write_fields(bits, fields, version)
    elif mode == 3:
        data = codec.deflate(json.dumps(checked, separators=(",", ":"), sort_keys=True,
                                        ensure_ascii=False).encode())
        if len(data) >= 1 << 11:
            raise CodeError("too_many_answers", limit=MAX_ANSWERS)
        bits.write(len(data), 11)
        bits.write_bytes(data)
    if save is not None:
        moves = _student_moves(assignment, save)
        data = codec.deflate(" ".join(moves).encode())
        if len(moves) > MAX_MOVES or len(data) >= 1 << 14:
            raise CodeError("too_many_moves", limit=MAX_MOVES)
        bits.write(len(data), 14)
        bits.write_bytes(data)
    return codec.encode(bits.to_bytes())


def _read(bits: codec.Bits, assignment: Assignment, same: bool) -> dict[str, Any]:
    """The fields after the header (``same``: the code is of this assignment)."""
    out: dict[str, Any] = {}
    size = bits.read(7)
    try:
        out["name"] = bits.read_bytes(size).decode()
        out["name"] = _check_name(out["name"])
    except UnicodeDecodeError:
        raise CodeError("bad_content") from None
    return out


def read_code(assignment: Assignment, code: str,
              key: Mapping[str, Mapping[str, Any]] | Callable[[Mapping], Any] | None = None
              ) -> dict[str, Any]:
    """What a code says, checked: ``{"name", "assignment", "finished_on", "score", "rank",
    "over", "moves", "answers", "flags"}`` (``score``, ``rank``, ``over`` and ``moves`` are None
    without a game; ``answers`` None without answers). A code that cannot be read raises
    :class:`CodeError` saying why (a changed character: the checksum); a code of another
    assignment is flagged ``other_assignment`` and not replayed (its game and its packed answers
    belong to a deal and a check this assignment does not have); a game finished after the due
    date is flagged ``past_due``, one not played to its end ``unfinished``. The answers are
    scored in ``checked`` (:func:`score_answers` form): items of the kit's item bank against
    the bank's key by default, a teacher's own items with ``key`` (item id -> right fields;
    it wins for the items it names; a callable key scores everything itself)."""
    bits = codec.Bits(codec.decode(code))
    version = bits.read(4)
    if version not in _FORMATS:
        raise CodeError("bad_version", version=version)
    has_game = bits.read(1)
    mode = bits.read(2)
    tag = bits.read(20)
    day = bits.read(16)
    same = tag == assignment.tag
    finished = EPOCH + _dt.timedelta(days=day)
    out = _read(bits, assignment, same)
    out.update({"assignment": "".join(codec.ALPHABET[(tag >> s) & 31] for s in (15, 10, 5, 0)),
                "finished_on": finished.isoformat(), "score": None, "rank": None,
                "over": None, "moves": None, "answers": None, "flags": []})
    if not same:
        out["flags"].append("other_assignment")
    answers: dict[str, Any] | None = None
    if mode == 1:
        items = check_items(assignment)
        fingerprint = bits.read(8) if version > 1 else None
        count = bits.read(7)
        read = [_read_fields(bits, version) for _ in range(count)]
        if same:
            if fingerprint not in (None, _fingerprint(items)):
                raise CodeError("other_items", form=assignment.form or "-")
            if count > len(items):
                raise CodeError("bad_content")
            answers = {item: fields for item, fields in zip(items, read) if fields}
    elif mode == 2:
        answers = {}
        for _ in range(bits.read(7)):
            size = bits.read(6)
            if not 0 < size <= ITEM_LIMIT:
                raise CodeError("bad_content")
            item = "".join(_ID_CHARS[bits.read(6)] for _ in range(size))
            answers[item] = _read_fields(bits, version)
    elif mode == 3:
        data = codec.inflate(bits.read_bytes(bits.read(11)), 64_000)
        try:
            answers = _check_answers(safejson.loads(data.decode()))
        except (UnicodeDecodeError, ValueError, CodeError):
            raise CodeError("bad_content") from None
    moves: list[str] | None = None
    if has_game:
        data = codec.inflate(bits.read_bytes(bits.read(14)), MAX_MOVES * ACTION_LIMIT)
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            raise CodeError("bad_content") from None
        moves = text.split(" ") if text else []
        if len(moves) > MAX_MOVES or any(len(m) > ACTION_LIMIT for m in moves):
            raise CodeError("bad_content")
    if not bits.rest_is_zero():
        raise CodeError("bad_content")
    out["answers"] = answers
    if moves is not None and same:
        game = AssignedGame(assignment, moves)
        out.update(score=game.score(), rank=game.rank(), over=game.is_over, moves=len(moves))
        if not game.is_over:
            out["flags"].append("unfinished")
    if assignment.due_date is not None and finished > assignment.due_date:
        out["flags"].append("past_due")
    if answers is not None:
        checked = _checked(assignment, answers, key)
        if checked is not None:
            out["checked"] = checked
    return out


def check_items(assignment: Assignment) -> tuple[str, ...]:
    """The items of the assignment's check: its item list, or, when it lists none, the items
    of its form in the kit's item bank (``form="A"``: the bank's form A; another form names
    no items)."""
    if assignment.items:
        return assignment.items
    from ..checks import FORMS, form_items
    if assignment.form in FORMS:
        return tuple(i.id for i in form_items(assignment.lang, assignment.form))
    return ()


def _checked(assignment: Assignment, answers: Mapping[str, Mapping[str, Any]],
             key: Mapping[str, Mapping[str, Any]] | Callable[[Mapping], Any] | None
             ) -> dict[str, Any] | None:
    """The answers scored: by ``key`` (a callable scores everything itself; a mapping scores
    its own items), and every other item of the kit's item bank by the bank's key - so a check
    of bank items needs no key from the teacher, and a teacher's own items keep theirs. None
    when nothing could be scored (no key, no bank item)."""
    if callable(key):
        return score_answers(answers, key)
    from ..checks.grading import bank_key

    own = dict(key or {})
    bank = bank_key(assignment.lang)
    asked = [i for i in check_items(assignment) if i not in own]
    if not assignment.items and not set(asked) & set(answers):
        asked = []  # a form named on a paper check of the teacher's own: not the bank's form
    banked = bank({i: f for i, f in answers.items() if i not in own}, asked=asked)
    if not own and not banked["of"]:
        return None
    mine = score_answers(answers, own) if own else {"correct": 0, "of": 0, "items": {}}
    items = {**mine["items"], **{i: {"right": v["right"]} for i, v in banked["items"].items()}}
    return {"correct": mine["correct"] + banked["correct"], "of": mine["of"] + banked["of"],
            "items": items}


def score_answers(answers: Mapping[str, Mapping[str, Any]],
                  key: Mapping[str, Mapping[str, Any]] | Callable[[Mapping], Any]
                  ) -> dict[str, Any]:
    """Answers against a key: ``{"correct": n, "of": m, "items": {id: {field: bool}}}``.

    ``key`` is the seam to the room's item bank: a mapping item id -> the right fields
    (``{"choice": "b", "reason": "c"}``; an item is correct when every field of its key
    is), or a callable that takes the answers and returns that same dict itself (an item bank
    with number tolerances or board cells scores its own kinds)."""
    if callable(key):
        return key(answers)
    items = {}
    for item, right in key.items():
        given = answers.get(item, {})
        items[item] = {f: given.get(f) == v for f, v in right.items()}
    return {"correct": sum(all(v.values()) for v in items.values()), "of": len(items),
            "items": items}
