// kernel_send.js: a message to Python that may find no kernel.
//
// A kernel that is gone refuses every send (the widgets' front end, @jupyterlab/services,
// throws "Cannot send" or "Kernel is dead"). Timers (a bot's pace, a page's refresh) still fire
// after that, and nothing may throw on the page, so such a message is dropped. The page says
// the connection is lost (the workshop's lost.js, JupyterLab's kernel status) and a reload
// resumes from Python's save.

/** Sends `message` to Python; false when no kernel took it. */
export function sendOrDrop(model, message) {
  try {
    model.send(message);
    return true;
  } catch (e) {
    return false;
  }
}
