"""Helpers of the room tests: play a seat's turn, walk every row of a store."""
from __future__ import annotations

import sqlite3

from periodic_edu.classroom import IllegalMoveError, StaleRevisionError
from periodic_edu.classroom.settings import parse_url


def play_first_legal(seat) -> bool:
    """Play this seat's first legal action if it is its turn; True if a move landed."""
    v = seat.view()
    if v["over"] or v["to_move"] != seat.index or not v.get("legal_actions"):
        return False
    try:
        seat.play(v["legal_actions"][0], revision=v["revision"])
    except (StaleRevisionError, IllegalMoveError):
        return False
    return True


#: corners of the board; from most flasks Increase Ionization Energy cannot reach several
FAR_CELLS = ("Og", "Fr", "He", "Ts", "Cs", "Rn")


def tap_cells_ie_cannot_reach(seat, view: dict) -> list[tuple[str, IllegalMoveError]]:
    """On this seat's turn at the start of a Periodic turn (``view``), move the flask by
    Increase Ionization Energy to far cells until one is allowed; returns the refused cells
    with the room's refusals (each stored for the teacher's view)."""
    flask = view["players_state"][seat.index]["flask"]
    refused = []
    for cell in FAR_CELLS:
        if cell == flask:
            continue
        try:
            seat.play(f"s:ie>{cell}", revision=view["revision"])
        except IllegalMoveError as exc:
            refused.append((cell, exc))
        else:
            break
    return refused


def all_rows(url: str) -> dict[str, list[tuple]]:
    """Every row of every table of the store, table by table (the store's whole content as
    SQL sees it, the room's tables and any other)."""
    if url.startswith("sqlite"):
        conn = sqlite3.connect(parse_url(url).path)
        try:
            names = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")]
            return {n: conn.execute(f'SELECT * FROM "{n}"').fetchall() for n in names}
        finally:
            conn.close()
    import psycopg
    with psycopg.connect(url) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")]
        return {n: conn.execute(f'SELECT * FROM "{n}"').fetchall() for n in names}
