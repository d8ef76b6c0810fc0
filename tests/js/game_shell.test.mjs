// The shared game shell's conversation with Python (widgets_js/game_shell.js), under node.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.window ??= new EventTarget();  // the shell asks "Leave page?" through window
const { createShell } = await import("../../widgets_js/game_shell.js");

function fakeModel(values, send) {
  return { get: (key) => values[key], on() {}, off() {}, send };
}
const tick = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("the bot timer sends one step_bot for the revision it was set for", async () => {
  const sent = [];
  const model = fakeModel({ bot_pending: true, paused: false, bot_delay_ms: 5, revision: 7 },
                          (message) => sent.push(message));
  const shell = createShell(model);
  shell.scheduleBot();
  shell.scheduleBot();  // a second schedule replaces the first, never doubles it
  await tick(30);
  assert.deepEqual(sent, [{ type: "step_bot", rev: 7 }]);
  shell.destroy();
});

test("a kernel that is gone: the bot timer and a click throw nothing on the page", async () => {
  // the widgets' front end throws when its kernel is gone (@jupyterlab/services Comm.send)
  let tries = 0;
  const model = fakeModel({ bot_pending: true, paused: false, bot_delay_ms: 0, revision: 3 },
                          () => { tries += 1; throw new Error("Cannot send"); });
  const uncaught = [];
  const onUncaught = (error) => uncaught.push(error);
  process.on("uncaughtException", onUncaught);
  try {
    const shell = createShell(model);
    shell.scheduleBot();
    await tick(20);
    assert.equal(shell.send({ type: "undo" }), false);
    assert.equal(tries, 2);  // both were tried, both failed quietly
    shell.destroy();
  } finally {
    process.off("uncaughtException", onUncaught);
  }
  assert.deepEqual(uncaught, []);
});
