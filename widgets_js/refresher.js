// refresher.js: a page's timer that asks its kernel to read the room again ({type: "refresh"})
// every `refresh_ms` while the widget is active, and stops by itself when the kernel is gone
// (a reload: the message has nowhere to go).
import { sendOrDrop } from "./kernel_send.js";

export function createRefresher(model, fallbackMs = 1000) {
  let timer = null;
  const stop = () => { if (timer !== null) { clearInterval(timer); timer = null; } };
  return {
    /** Run the timer while `active`, stop it otherwise. */
    set(active) {
      if (active && timer === null) {
        timer = setInterval(() => {
          if (!sendOrDrop(model, { type: "refresh" })) stop();
        }, model.get("refresh_ms") || fallbackMs);
      } else if (!active) stop();
    },
    stop,
  };
}
