"""A table's authority (tabletop/authority.py): both kinds answer every question a table asks.

The table asks its authority instead of being subclassed and switched off; a member missing
from one kind would surface only when that path runs (a class seat's undo, a home game's resume),
so the protocol's members are checked on both here.
"""
from __future__ import annotations

import inspect

import pytest

from periodic_edu.games import GAMES

PERIODIC = GAMES["periodic"].rules
from periodic_edu.tabletop.authority import TableAuthority
from periodic_edu.tabletop.table import LocalAuthority, Seat, Table, TableError
from periodic_edu.widgets._seat_table import SeatAuthority


def _members(cls: type) -> set[str]:
    names = {n for n in vars(cls) if not n.startswith("_")}
    return names | set(getattr(cls, "__annotations__", {}))


@pytest.mark.parametrize("kind", [LocalAuthority, SeatAuthority])
def test_each_authority_has_every_member_of_the_protocol(kind):
    wanted = _members(TableAuthority)
    assert {"act", "save", "resume", "moved_away", "token"} <= wanted
    instance = kind() if kind is LocalAuthority else kind(seat=None)
    missing = {n for n in wanted if not hasattr(instance, n)}
    assert not missing, f"{kind.__name__} lacks {sorted(missing)}"
    for name in wanted:
        if inspect.isfunction(getattr(TableAuthority, name, None)):
            want = list(inspect.signature(getattr(TableAuthority, name)).parameters)
            have = list(inspect.signature(getattr(kind, name)).parameters)
            assert have == want, f"{kind.__name__}.{name}{have} is not {want}"


def test_a_table_without_an_authority_is_a_local_game_with_its_store():
    table = Table(PERIODIC, [Seat("Ada"), Seat("Bot", "greedy")], seed=3, store=None)
    assert isinstance(table.authority, LocalAuthority)
    assert table.to_move == 0 and table.person_to_move == 0 and not table.bot_to_move
    table.act(table.game.legal_actions()[0])
    assert table.bot_to_move and table.run_bots() >= 1


def test_the_authority_decides_what_is_allowed_at_the_same_table():
    class Watching(LocalAuthority):
        """Every person's move is another device's: this table only watches."""

        def person_to_move(self, table):
            return None

        def open(self, table, seed):
            super().new_game(table, seed)  # the first deal only

        def new_game(self, table, seed):
            raise TableError("no new game here")

    table = Table(PERIODIC, [Seat("Ada"), Seat("Bea")], seed=3, authority=Watching())
    assert table.to_move == 0 and table.person_to_move is None
    with pytest.raises(TableError):
        table.new_game(4)
    assert table.seed == 3
