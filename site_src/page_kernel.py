"""The static dashboard's Python side: the widgets' comm messages without a Jupyter kernel.

The dashboard page (dashboard.html) runs Pyodide in a web worker with only the packages the
dashboard imports (periodic-edu, ipywidgets, anywidget, traitlets, comm, psygnal,
typing-extensions) and renders the widgets with the Jupyter widgets' own front end
(@jupyter-widgets/base and controls, anywidget's front end from its wheel). A kernel, IPython
and JupyterLab would be most of the page's start-up time and do nothing here: this file is the
part of a kernel the widgets use, and no more.

* ``IPython``: ipywidgets imports ``get_ipython``, ``display``, ``clear_output`` and
  ``InteractiveShell`` (for its Output widget, which the dashboard does not use). A module
  that answers "no IPython here" keeps IPython's 13 wheels and 2-3 s of imports off the page.
* ``comm``: every widget's comm is a :class:`PageComm`, whose messages go to the page as JSON
  text (``post``, the worker's ``postMessage``). Messages from the page arrive through
  :func:`receive`, which hands them to the widget's comm as a kernel would; the widgets check
  them (IntentWidget's guard), and a message for no known comm is dropped.

dashboard_worker.js runs this file, then :func:`start`; the page's language follows the
dashboard's language switch through ``on_language``.
"""
from __future__ import annotations

import json
import logging
import sys
import types
from typing import Any, Callable

log = logging.getLogger("periodic_edu.page")

#: The page message being handled: ipywidgets' echo_update names the message it answers.
_current_parent: dict[str, str] = {}


def _install_ipython_stand_in() -> None:
    if "IPython" in sys.modules:
        return
    ipython = types.ModuleType("IPython", "Stand-in: this page runs no IPython.")
    ipython.get_ipython = lambda: None
    display = types.ModuleType("IPython.display")

    def no_display(*objects: Any, **kwargs: Any) -> None:
        raise RuntimeError("the static dashboard page shows only its own widgets")

    display.display = no_display
    display.clear_output = lambda wait=False: None
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:  # ipywidgets' Output widget asks for it only when used
        @classmethod
        def initialized(cls) -> bool:
            return False

    shell.InteractiveShell = InteractiveShell
    ipython.display, ipython.core, core.interactiveshell = display, core, shell
    sys.modules.update({"IPython": ipython, "IPython.display": display,
                        "IPython.core": core, "IPython.core.interactiveshell": shell})


def _install_comm(post: Callable[[str, list], None]) -> None:
    import comm
    from comm.base_comm import BaseComm

    class PageComm(BaseComm):
        """A widget's comm whose peer is the page's widget manager."""

        def publish_msg(self, msg_type: str, data: dict | None = None,
                        metadata: dict | None = None, buffers: list | None = None,
                        **keys: Any) -> None:
            message = {"msg_type": msg_type, "comm_id": self.comm_id, "data": data or {},
                       "metadata": metadata or {}, "parent_header": dict(_current_parent),
                       **{k: v for k, v in keys.items() if k in ("target_name", "target_module")}}
            post(json.dumps(message, default=str), [bytes(b) for b in buffers or []])

    comm.create_comm = PageComm


def receive(text: str, buffers: Any = (), kind: str = "comm_msg") -> None:
    """A message from the page for a widget's comm (``kind``: ``comm_msg`` or
    ``comm_close``): ``{"msg_id", "comm_id", "data"}`` as JSON text, and its binary buffers.

    Handed to the comm it names, as a kernel would; anything else is dropped with a line in
    the browser's console (never an exception into the page)."""
    import comm

    try:
        message = json.loads(text)
        comm_id, msg_id, data = message["comm_id"], message["msg_id"], message["data"]
        if not (isinstance(comm_id, str) and isinstance(msg_id, str) and isinstance(data, dict)):
            raise ValueError("comm_id, msg_id and data have the wrong types")
        if kind not in ("comm_msg", "comm_close"):
            raise ValueError(f"unknown kind {kind!r}")
    except (ValueError, KeyError, TypeError) as exc:
        log.warning("a malformed message from the page was dropped (%s)", exc)
        return
    target = comm.get_comm_manager().get_comm(comm_id)
    if target is None:
        log.warning("a message for an unknown widget was dropped")
        return
    msg = {"header": {"msg_id": msg_id, "msg_type": kind}, "parent_header": {},
           "metadata": {}, "content": {"comm_id": comm_id, "data": data},
           "buffers": [memoryview(_bytes(b)) for b in buffers]}
    _current_parent["msg_id"] = msg_id
    try:
        if kind == "comm_close":
            target.handle_close(msg)
        else:
            target.handle_msg(msg)
    except Exception:  # a widget's own bug: logged, the page goes on
        log.exception("a widget failed on a message from the page")
    finally:
        _current_parent.clear()


def _bytes(buffer: Any) -> bytes:
    """A buffer from the page (a JavaScript Uint8Array in Pyodide, bytes elsewhere)."""
    return buffer.to_bytes() if hasattr(buffer, "to_bytes") else bytes(buffer)


async def start(post: Callable[[str, list], None], query: str,
                on_language: Callable[[str], None] | None = None) -> str:
    """Build the dashboard for the page's query string; returns its model id.

    ``on_language(code)``: called when the visitor switches the dashboard's language, so the
    page's own words follow and a reload keeps the language (the page puts it in ``?lang=``)."""
    logging.basicConfig(level=logging.WARNING)
    _install_ipython_stand_in()
    _install_comm(post)
    from periodic_edu.widgets.dashboard import static_dashboard

    app = await static_dashboard(query)
    if on_language is not None:
        app.switch.observe(lambda change: on_language(change["new"]), names="value")
        on_language(app.switch.value)
    return app.model_id
