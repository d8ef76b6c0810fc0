"""The move on a phone's screen (issue 28), shared by the phone tests of the Periodic game (the
dashboard's Play tab and class play): on the student's turn the flask and every reachable cell
are whole inside the viewport and above the pinned action bar, the page having zoomed and
scrolled itself (the test never scrolls); while the board is zoomed out, its cells may be under
WCAG 2.5.8's 24 px, and the bar names every reachable cell as a button of at least 24 x 24 px.
"""
from __future__ import annotations

import re
import time

#: For each node: is its whole box inside the viewport, and is the topmost element at its
#: centre the node itself or inside it (not the action bar, not clipped by the board's frame)?
ON_SCREEN = """(nodes) => nodes.map((n) => {
  const r = n.getBoundingClientRect();
  const inside = r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5;
  const hit = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
  return {what: n.dataset.symbol || n.dataset.action || n.dataset.role || n.dataset.mode
            || n.dataset.trend || n.textContent.trim().slice(0, 30),
          ok: Boolean(hit && (n === hit || n.contains(hit))),
          box: [r.left, r.top, r.right, r.bottom].map(Math.round),
          hit: hit ? (hit.className || hit.tagName) : null};
})"""

#: The flask, every reachable cell and (while the board is zoomed out) every move button of a
#: game: each box whole inside the viewport and above the pinned action bar, the topmost
#: element at its centre its own; the buttons' size; the board's zoom.
MOVE_ON_SCREEN = """(game) => {
  const root = document.querySelector(game);
  const bar = root.querySelector('[data-role="action-bar"]').getBoundingClientRect();
  const frame = root.querySelector('[data-role="board-frame"]');
  const check = (n) => {
    const r = n.getBoundingClientRect();
    const inside = r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5;
    const hit = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
    return {what: n.dataset.symbol || n.dataset.move, box: [r.left, r.top, r.right, r.bottom].map(Math.round),
            size: [r.width, r.height].map(Math.round), inside,
            own: Boolean(hit && (n === hit || n.contains(hit))), hit: hit ? (hit.className || hit.tagName) : null};
  };
  const board = root.querySelector('[data-board="game"]');
  return {
    barTop: Math.round(bar.top), zoomed: frame.dataset.zoomed === "true", cell: Number(frame.dataset.cell),
    flask: [...board.querySelectorAll('[aria-current="true"]')].map(check),
    cells: [...board.querySelectorAll('[data-reachable="true"]')].map(check),
    buttons: [...root.querySelectorAll('[data-role="moves"] button[data-move]')].map(
      (n) => ({...check(n), text: n.textContent})),
  };
}"""


def wait_move_shown(page, game: str) -> None:
    """The page has zoomed, scrolled and drawn its bar for the present choice (game.js)."""
    page.locator(f'{game}[data-move-shown="true"]').wait_for(timeout=15_000)


def assert_move_on_screen(page, game: str, where: str) -> dict:
    """The flask and every reachable cell whole on screen and above the action bar; while the
    board is zoomed out below a finger's 24 px, one button per reachable cell, named in words,
    at least 24 x 24 px, whole inside the action bar. Returns what was measured."""
    found = page.evaluate(MOVE_ON_SCREEN, game)
    where = (where, page.viewport_size, found["cell"], found["barTop"])
    assert len(found["flask"]) == 1 and found["cells"], (where, found)
    off = [c for c in found["flask"] + found["cells"]
           if not (c["inside"] and c["own"] and c["box"][3] <= found["barTop"] + 0.5)]
    assert not off, (where, [(c["what"], c["box"], c["hit"]) for c in off[:6]])
    if found["cell"] < 24:  # WCAG 2.5.8: an equivalent control of a finger's size
        assert found["zoomed"], where
        names = {b["what"]: b["text"] for b in found["buttons"]}
        # one per reachable cell, in board order (period by period, left to right)
        assert [b["what"] for b in found["buttons"]] == [c["what"] for c in found["cells"]], (
            where, names, [c["what"] for c in found["cells"]])
        assert all(re.fullmatch(rf"\w[\w ]* \({sym}\)", text) for sym, text in names.items()), names
        small = [b for b in found["buttons"] if min(b["size"]) < 24]
        assert not small, (where, small)
        # the first button whole on screen (a long list scrolls inside the bar)
        assert found["buttons"][0]["inside"] and found["buttons"][0]["own"], (where, found["buttons"][0])
    else:
        assert not found["buttons"], (where, found["buttons"])
    return found


def on_screen(page, locator, what: str, timeout: float = 5.0) -> None:
    """Assert every node of ``locator`` is on screen (see ON_SCREEN) within ``timeout`` seconds:
    a choice that has just appeared is scrolled into view by the page a frame or two later (on a
    loaded machine, more), so the test waits for the page as a person would, never scrolling."""
    deadline = time.monotonic() + timeout
    while True:
        found = locator.evaluate_all(ON_SCREEN)
        off = [f for f in found if not f["ok"]]
        if (found and not off) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert found, f"{what}: nothing found"
    assert not off, (what, page.viewport_size, off[:6])


#: The final score table across a phone: [scroll width, client width] of its region, and for
#: each player's total whether its box lies between the region's edges and inside the viewport.
SCORES_ACROSS = """(game) => {
  const wrap = document.querySelector(game + ' [data-role="final"] .pe-g-table-wrap');
  const edge = wrap.getBoundingClientRect();
  return {widths: [wrap.scrollWidth, wrap.clientWidth],
          totals: [...wrap.querySelectorAll('[data-total]')].map((n) => {
            const r = n.getBoundingClientRect();
            return r.width > 0 && r.left >= edge.left - 0.5
              && r.right <= Math.min(edge.right, innerWidth) + 0.5; })};
}"""


def assert_scores_across(page, game: str, players: int) -> None:
    """Every player's column of the final scores is across the screen: no sideways scroll of
    the table (at 390 px it hid the third player's column, the winner's that game)."""
    found = page.evaluate(SCORES_ACROSS, game)
    assert found["totals"] == [True] * players, (page.viewport_size, found)
    assert found["widths"][0] <= found["widths"][1], (page.viewport_size, found)
