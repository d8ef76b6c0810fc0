// resume_scout.js: a reload opens where the game is. The dashboard builds a game's tab only
// when it is opened, so no game widget is there yet to find this browser's resume token: this
// invisible widget tells Python which games this browser holds a token for (the tokens only,
// the keys game_resume.js keeps them under), and Python opens the tab of the newest saved one,
// whose widget then shows the resume offer.
// The keys of game_resume.js (RESUME_KEY) and elemonster.js (EM_RESUME_KEY).
const KEYS = { periodic: "periodic_edu.resume_token", elemonster: "periodic_edu.elemonster.resume_token" };

function storedToken(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function render({ model, el }) {
  el.hidden = true;
  const tokens = {};
  for (const [game, key] of Object.entries(KEYS)) tokens[game] = storedToken(key);
  model.send({ type: "saved", tokens });
}

export default { render };
