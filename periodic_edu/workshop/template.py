"""The workshop page's template and its connection watcher.

:data:`TEMPLATE_DIR` holds ``index.html.j2``, which extends Voila's ``lab`` template (the
template's name stays ``lab``, so its static files are found as before): it drops the lab
template's two Font Awesome CDN links (voila.js bundles the same icons, served by this server)
and loads ``lost.js`` first in the page's head. :class:`LostScriptHandler` serves that script
with the notice in every language of the kit (:data:`LOST_TEXT`).

``lost.js`` watches the page's kernel websocket (it wraps ``window.WebSocket`` before voila.js
makes the connection, and looks only at the kernel's ``/channels`` socket): when the kernel
reports that it restarted or died (it died: a memory cap, a crash), or the socket closes and no
new one opens within a few seconds (the server stopped or restarted, the kernel was ended),
every widget area shows "The connection to the server was lost — reload to resume your game"
in the page's language, the first as an alert a screen reader announces. A reload then resumes
the game from the server's save.
"""
from __future__ import annotations

import json
from pathlib import Path

import tornado.web

from .. import i18n
from ..i18n import N_

__all__ = ["TEMPLATE_DIR", "LOST_TEXT", "paths", "LostScriptHandler", "lost_script"]

TEMPLATE_DIR = Path(__file__).with_name("page_template")

#: The notice's words (the ``workshop`` catalog's ids).
LOST_WORDS = {"text": N_("The connection to the server was lost — reload to resume your game."),
              # TRANSLATORS: the button under the lost-connection notice
              "button": N_("Reload")}
#: The notice, in each language of the kit (the page's ?lang= chooses; English otherwise).
LOST_TEXT = {lang: {key: i18n.gettext("workshop", text, lang) for key, text in LOST_WORDS.items()}
             for lang in i18n.LANGUAGES}

_SCRIPT = r"""(function () {
  "use strict";
  var TEXT = __TEXT__;
  var Native = window.WebSocket;
  if (!Native || Native.periodicEduWatched) { return; }
  var leaving = false, shown = false, timer = null, open = 0;
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("beforeunload", function () { leaving = true; });
  function language() {
    var asked = new URLSearchParams(window.location.search).get("lang");
    var lang = (asked || document.documentElement.lang || "en").slice(0, 2).toLowerCase();
    return TEXT[lang] ? lang : "en";
  }
  function notice(first, words) {
    var box = document.createElement("div");
    box.className = "periodic-edu-lost";
    box.style.cssText = "background:#fff4e5;color:#1a1a1a;border:2px solid #b45309;" +
      "padding:0.6em 0.8em;margin:0.4em 0;font:1rem/1.4 system-ui,sans-serif;" +
      "position:relative;z-index:10";
    if (first) {  // the alert stays in sight wherever the student has scrolled to
      box.setAttribute("role", "alert");
      box.style.position = "fixed";
      box.style.top = "0";
      box.style.left = "0";
      box.style.right = "0";
      box.style.margin = "0";
      box.style.zIndex = "10000";
      box.style.boxShadow = "0 2px 8px rgba(0,0,0,0.3)";
    }
    var text = document.createElement("span");
    text.textContent = words.text + " ";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = words.button;
    button.style.cssText = "min-height:32px;min-width:44px;font:inherit;cursor:pointer";
    button.addEventListener("click", function () { window.location.reload(); });
    box.appendChild(text);
    box.appendChild(button);
    return box;
  }
  function lost(why) {
    if (shown || leaving) { return; }
    shown = true;
    document.body.setAttribute("data-periodic-edu-lost", why);
    var words = TEXT[language()];
    document.body.appendChild(notice(true, words));  // one alert, fixed at the top
    var areas = document.querySelectorAll("#rendered_cells .jp-OutputArea-output");
    for (var i = 0; i < areas.length; i++) {
      var area = areas[i];
      area.insertBefore(notice(false, words), area.firstChild);
      // what the notice covers no longer answers: say so to every pointer and screen reader
      for (var child = area.firstChild.nextSibling; child; child = child.nextSibling) {
        if (child.nodeType === 1) {
          child.setAttribute("inert", "");
          child.style.opacity = "0.5";
        }
      }
    }
  }
  var DEAD = /"execution_state"\s*:\s*"(restarting|autorestarting|dead)"/;
  function inspect(data) {
    if (typeof data === "string") {
      if (DEAD.test(data)) { lost("kernel"); }
    } else if (data instanceof ArrayBuffer) {
      if (DEAD.test(new TextDecoder("utf-8", {fatal: false}).decode(data))) { lost("kernel"); }
    } else if (data && typeof data.text === "function") {
      data.text().then(function (text) { if (DEAD.test(text)) { lost("kernel"); } });
    }
  }
  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\/api\/kernels\/[^/?]+\/channels/.test(String(url))) {
      socket.addEventListener("open", function () {
        open += 1;
        if (timer !== null) { clearTimeout(timer); timer = null; }
      });
      socket.addEventListener("message", function (event) { inspect(event.data); });
      socket.addEventListener("close", function () {
        open = Math.max(0, open - 1);
        if (leaving || shown) { return; }
        // the widgets' front end tries to reconnect: a blip that reconnects says nothing
        if (timer === null) {
          timer = setTimeout(function () { timer = null; if (!open) { lost("closed"); } },
                             __GRACE_MS__);
        }
      });
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Object.defineProperty(Watched, name, {value: Native[name]});
  });
  Watched.periodicEduWatched = true;
  window.WebSocket = Watched;
  window.periodicEduLost = lost;
})();
"""

#: How long a closed kernel socket may stay closed before the page says the server is gone.
GRACE_MS = 4000


def lost_script() -> str:
    return (_SCRIPT.replace("__TEXT__", json.dumps(LOST_TEXT, ensure_ascii=False))
            .replace("__GRACE_MS__", str(GRACE_MS)))


def paths(template_paths: list[str], static_paths: list[str]) -> tuple[list[str], list[str]]:
    """Voila's template search path with ours first (ours holds only ``index.html.j2``)."""
    mine = str(TEMPLATE_DIR)
    return [mine, *[p for p in template_paths if p != mine]], list(static_paths)


class LostScriptHandler(tornado.web.RequestHandler):
    """``/periodic_edu/lost.js``: the connection watcher (no user input, no cookies read)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(lost_script())
