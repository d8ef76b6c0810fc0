"""A reload opens where the game is (issue 21, part 7).

The dashboard builds the Play and Elemonster tabs only when they are opened, so after a reload
no game widget is there to read the browser's resume token and offer to resume. The
:class:`ResumeScout` (invisible, built with the dashboard) sends the tokens this browser holds;
:meth:`ResumeScout.newest` says which game has a save in the store, the newest if both, and the
dashboard opens that tab. The game widget built there then offers to resume, as always.

The browser sends tokens only, checked like every browser message: a malformed message is
refused, an unknown or expired token is no save, and nothing of a save is sent back.
"""
from __future__ import annotations

from typing import Any, Callable

from ._assets import esm
from ._base import IntentWidget
from .game_views import VIEWS
from .save_store import SaveStore

__all__ = ["ResumeScout", "GAMES"]

#: The games whose tokens the scout reads, in the order of the dashboard's tabs.
GAMES = tuple(v.name for v in sorted((v for v in VIEWS.values() if v.dashboard_tab is not None),
                                     key=lambda v: v.dashboard_tab))


class ResumeScout(IntentWidget):
    """Tells ``on_saved(game)`` which game (``"periodic"``/``"elemonster"``) this browser has a
    saved game of; called at most once per page, not at all when it has none."""

    _esm = esm("resume_scout.js")

    def __init__(self, store: SaveStore, on_saved: Callable[[str], None], **kwargs: Any):
        super().__init__(**kwargs)
        self.layout.display = "none"
        self._store = store
        self._on_saved = on_saved
        self._done = False
        self.on_msg(self._message)

    def newest(self, tokens: Any) -> str | None:
        """The game of the newest save among ``tokens`` ({game: token}); None when none is
        saved. Anything that is not such a dict is no save (a message from a page)."""
        if not isinstance(tokens, dict):
            return None
        found = []
        for game in GAMES:
            token = tokens.get(game)
            if not SaveStore.valid_token(token):
                continue
            record = self._store.get(token)
            if record is not None:
                found.append((float(record.get("saved_at") or 0), game))
        return max(found)[1] if found else None

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._done or not isinstance(content, dict) or content.get("type") != "saved":
            return  # one answer per page; other messages mean nothing here
        self._done = True
        game = self.newest(content.get("tokens"))
        if game is not None:
            self._on_saved(game)
