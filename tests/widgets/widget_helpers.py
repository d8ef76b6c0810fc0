"""What the widget tests share: a page's message delivered as ipywidgets delivers it, and the
next thing a page sends in a game against bots."""
from __future__ import annotations


def custom(widget, content) -> None:
    """Deliver a custom message exactly as ipywidgets does for ``model.send(content)``."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def page_turn(w, me) -> None:
    """What the page sends next: the bot timer's tick, or the person's choice by bot ``me``."""
    if w.bot_pending:
        custom(w, {"type": "step_bot", "rev": w.revision})
    else:
        g = w.game
        custom(w, {"type": "act", "action": str(me.choose(g.observe(g.current_player)).action),
                   "rev": w.revision})
    assert w.error == "", w.error
