// game_shell.js: what every game view shares (the Periodic GameWidget and the Elemonster one).
//
// Python holds the table (periodic_edu/tabletop/table.py) and syncs `revision`, `bot_pending`,
// `paused`, `bot_delay_ms`, `refusals`, `game_log`, `resume_token`; the page only sends intents.
// The shell owns the parts of that conversation that are the same for every game:
//   * send(message) stamps the revision the page last saw (Python drops stale intents);
//   * act(action) sends one action per revision: a second click before Python answers is not
//     sent (it would be about a game that has already changed); a refusal allows it again;
//   * the bot timer: while a bot is to move and the bots are not paused, one `step_bot` for the
//     current revision after `bot_delay_ms` (Python plays one bot action per tick);
//   * news(): the log entries that are new since the last call (or how many an undo took back),
//     so each game announces every move once in its own words;
//   * "Leave page?" while a person's game is in progress (the game itself is saved in Python).
// Every send goes through sendOrDrop: the bot timer may fire after the kernel is gone.
import { sendOrDrop } from "./kernel_send.js";

export function createShell(model, { inProgress } = {}) {
  let botTimer = null;
  let destroyed = false;
  let sentRev = -1;
  let lastEntry = null;

  const shell = {
    send(message) { return sendOrDrop(model, { ...message, rev: model.get("revision") }); },
    /** Send one action for the current revision; false when one was already sent. */
    act(action) {
      const rev = model.get("revision");
      if (sentRev === rev) return false;
      sentRev = rev;
      shell.send({ type: "act", action });
      return true;
    },
    /** Python refused: the next click may ask again. */
    allowAgain() { sentRev = -1; },
    scheduleBot() {
      if (botTimer !== null) { clearTimeout(botTimer); botTimer = null; }
      if (destroyed || !model.get("bot_pending") || model.get("paused")) return;
      const rev = model.get("revision");
      botTimer = setTimeout(() => {
        botTimer = null;
        if (!destroyed && model.get("bot_pending") && !model.get("paused") && model.get("revision") === rev) {
          sendOrDrop(model, { type: "step_bot", rev });
        }
      }, Math.max(0, model.get("bot_delay_ms") || 0));
    },
    /** {fresh: [entries new since the last call], undone: n}; nothing at the first call (what
     * was there when the page loaded is not news). */
    news() {
      const entries = model.get("game_log") || [];
      const newest = entries.length ? entries[entries.length - 1].i : -1;
      const out = { fresh: [], undone: 0 };
      if (lastEntry === null) { lastEntry = newest; return out; }
      if (newest < lastEntry) out.undone = lastEntry - newest;
      else if (newest > lastEntry) out.fresh = entries.filter((e) => e.i > lastEntry);
      lastEntry = newest;
      return out;
    },
    get destroyed() { return destroyed; },
    destroy() {
      destroyed = true;
      if (botTimer !== null) clearTimeout(botTimer);
      window.removeEventListener("beforeunload", beforeUnload);
      model.off("change:refusals", shell.allowAgain);
    },
  };

  function personPlaying() {
    if (inProgress) return inProgress();
    const v = model.get("view") || {};
    return !v.is_over && !model.get("moved_away") && (model.get("game_log") || []).some((e) => !e.bot);
  }
  function beforeUnload(event) {
    if (!personPlaying()) return undefined;
    // the browser asks "Leave page?"; the game itself is saved in the kernel either way
    event.preventDefault();
    event.returnValue = "";
    return "";
  }
  window.addEventListener("beforeunload", beforeUnload);
  model.on("change:refusals", shell.allowAgain);
  return shell;
}
