// class_play.js: "Join a class game" (ClassPlayWidget, periodic_edu/widgets/class_seat.py).
//
// Python holds the room and the seat; this page writes no trait. It sends intents that Python
// checks: {type: "hello", token} once on load (the seat token this browser kept, or ""),
// {type: "join", code, name}, {type: "rejoin", code, name, pin}, {type: "back"} (take the seat
// back from the stand-in bot), {type: "leave"}, and while seated {type: "refresh"} every
// `refresh_ms` (1 s: who is connected, a pause, bot pacing; another seat's move needs no timer,
// the kernel is woken by the room and syncs it at once). The game itself is the game widget
// Python puts below this panel (the same views as a game at home).
//
// The seat token is kept in localStorage under one key per game (192 bits from Python's
// secrets): a reload, or another browser given the same storage, returns to the same seat.
// Python says which token to keep in `keep_token` ("" = forget it).
import { pe } from "./board.js";
import { say } from "./text.js";
import { withStrings } from "./language.js";
import { createAnnouncer } from "./announcer.js";
import { sendOrDrop } from "./kernel_send.js";

// ids unique in the page: each widget's module is its own copy (its own counter), so the
// counter alone would repeat across the Play and Elemonster tabs' panels
let UID = 0;
const PAGE_ID = Math.random().toString(36).slice(2, 8);
const storeKey = (game) => `periodic_edu.class_seat.${game}`;

function readToken(game) {
  try { return window.localStorage.getItem(storeKey(game)) || ""; } catch (e) { return ""; }
}

function writeToken(game, token) {
  try {
    if (token) window.localStorage.setItem(storeKey(game), token);
    else window.localStorage.removeItem(storeKey(game));
  } catch (e) { /* storage refused (private mode): the PIN still rejoins */ }
}

function field(id, labelText, attrs) {
  const input = pe("input", { id, type: "text", autocomplete: "off", spellcheck: "false", ...attrs });
  return [pe("label", { for: id, class: "pe-cp-field" }, [pe("span", { text: labelText })]), input];
}

function render({ model, el }) {
  const uid = `${PAGE_ID}-${++UID}`;
  const game = model.get("game");
  const announcer = createAnnouncer("class");
  const root = pe("section", { class: "pe-cp", "aria-labelledby": `pe-cp-h-${uid}`, "data-role": "class-play", "data-game": game });
  const heading = pe("h3", { id: `pe-cp-h-${uid}`, text: say("class_heading") });

  // ---- joining ----
  const [codeLabel, code] = field(`pe-cp-code-${uid}`, say("class_code"),
    { "data-role": "class-code", maxlength: 20, autocapitalize: "characters" });
  const [nameLabel, name] = field(`pe-cp-name-${uid}`, say("class_name"),
    { "data-role": "class-name", maxlength: 24, autocomplete: "nickname" });
  codeLabel.append(code);
  nameLabel.append(name);
  const joinButton = pe("button", { type: "submit", class: "pe-mini", "data-role": "class-join", text: say("class_join") });
  const joinForm = pe("form", { class: "pe-cp-form", "data-role": "class-join-form" },
    [pe("p", { text: say("class_intro") }), codeLabel, nameLabel, joinButton]);
  joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "join", code: code.value, name: name.value });
  });

  const [rcodeLabel, rcode] = field(`pe-cp-rcode-${uid}`, say("class_code"), { "data-role": "rejoin-code", maxlength: 20 });
  const [rnameLabel, rname] = field(`pe-cp-rname-${uid}`, say("class_name"), { "data-role": "rejoin-name", maxlength: 24 });
  const [pinLabel, pin] = field(`pe-cp-pin-${uid}`, say("class_pin"),
    { "data-role": "rejoin-pin", maxlength: 12, inputmode: "numeric" });
  rcodeLabel.append(rcode);
  rnameLabel.append(rname);
  pinLabel.append(pin);
  const rejoinForm = pe("form", { class: "pe-cp-form", "data-role": "class-rejoin-form" },
    [pe("p", { text: say("class_rejoin_intro") }), rcodeLabel, rnameLabel, pinLabel,
      pe("button", { type: "submit", class: "pe-mini", "data-role": "class-rejoin", text: say("class_rejoin") })]);
  rejoinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "rejoin", code: rcode.value, name: rname.value, pin: pin.value });
  });
  const rejoin = pe("details", { class: "pe-cp-rejoin" },
    [pe("summary", { text: say("class_rejoin_heading") }), rejoinForm]);
  const joinPart = pe("div", { "data-role": "class-join-part" }, [joinForm, rejoin]);

  // ---- seated ----
  const where = pe("p", { "data-role": "class-where" });
  // the PIN: shown at joining until the student says it is written down, then on demand
  const pinNote = pe("p", { class: "pe-cp-pin", "data-role": "class-pin", hidden: true });
  const pinDone = pe("button", { type: "button", class: "pe-mini", "data-role": "class-pin-done", text: say("class_pin_done") });
  const pinBox = pe("div", { class: "pe-cp-pinbox", hidden: true }, [pinNote, pinDone]);
  const pinAgain = pe("p", { "data-role": "class-pin-again", hidden: true });
  let pinSeen = "";
  pinDone.addEventListener("click", () => { pinSeen = model.get("pin"); update(); });
  const status = pe("p", { class: "pe-cp-status", "data-role": "class-status" });
  const standIn = pe("div", { class: "pe-cp-standin", "data-role": "class-stand-in", hidden: true });
  const backButton = pe("button", { type: "button", class: "pe-mini", "data-role": "class-back", text: say("class_back") });
  backButton.addEventListener("click", () => model.send({ type: "back" }));
  standIn.append(pe("p", { text: say("class_stood_in") }), backButton);
  // the teacher handed this seat to a bot: said in words, with the way back (the teacher)
  const handed = pe("div", { class: "pe-cp-standin", "data-role": "class-handed", role: "status", hidden: true },
    [pe("p", { text: say("class_handed") })]);
  const seatsHeading = pe("h4", { id: `pe-cp-seats-${uid}`, text: say("class_table") });
  const seatList = pe("ul", { class: "pe-cp-seats", "aria-labelledby": `pe-cp-seats-${uid}`, "data-role": "class-seats" });
  // Leave asks first: one tap on a large button must not end a student's seat on this device
  const leave = pe("button", { type: "button", class: "pe-mini pe-cp-leave", "data-role": "class-leave", text: say("class_leave") });
  const leaveYes = pe("button", { type: "button", class: "pe-mini pe-cp-danger", "data-role": "class-leave-yes", text: say("class_leave_yes") });
  const leaveNo = pe("button", { type: "button", class: "pe-mini", "data-role": "class-leave-cancel", text: say("class_leave_no") });
  const leaveConfirm = pe("div", { class: "pe-cp-confirm", "data-role": "class-leave-confirm", hidden: true },
    [pe("p", { text: say("class_leave_question") }), leaveYes, leaveNo]);
  leave.addEventListener("click", () => { leaveConfirm.hidden = false; leave.hidden = true; leaveNo.focus(); });
  leaveNo.addEventListener("click", () => { leaveConfirm.hidden = true; leave.hidden = false; leave.focus(); });
  leaveYes.addEventListener("click", () => { leaveConfirm.hidden = true; leave.hidden = false; model.send({ type: "leave" }); });
  const seatPart = pe("div", { "data-role": "class-seat-part", hidden: true },
    [where, pinAgain, seatsHeading, seatList, leave, leaveConfirm]);

  const errorBox = pe("p", { class: "pe-cp-error", role: "alert", "data-role": "class-error", hidden: true });
  const noServer = pe("p", { "data-role": "class-no-server", hidden: true, text: say("class_no_server") });
  // Before joining: "Join a class game", folded to one line until opened. Once seated: ONE
  // line (class, table, seat, name) that opens on demand to the PIN, the table and Leave; what
  // a student must see at once (whose turn, a stand-in, an error) stays outside the fold.
  const line = pe("span", { class: "pe-cp-line", "data-role": "class-line", hidden: true });
  const fold = pe("details", { class: "pe-cp-fold", "data-role": "class-fold" },
    [pe("summary", {}, [heading, line]), noServer, joinPart, seatPart]);
  root.append(fold, pinBox, errorBox, status, standIn, handed, announcer.root);
  el.append(root);

  let timer = null;
  let lastTurn = "";
  let lastPhase = "";
  const botWord = (kind) => (kind ? say("bot_tag", { kind: say(`bot_kind_${kind}`) }) : say("class_free_seat"));
  function seatLine(s, i) {
    // a seat a bot plays for its person says so by name ("a bot plays for Dora"), in its own
    // colour (data-state), never as "connected"
    const state = s.name && (s.stand_in || s.bot) ? "stand-in" : s.name ? (s.connected ? "connected" : "away") : s.bot ? "bot" : "free";
    const who = state === "stand-in" ? say("class_bot_plays_for", { name: s.name }) : s.name || botWord(s.bot);
    const bits = [];
    if (s.you) bits.push(say("class_self"));
    if (state === "connected") bits.push(say("class_connected"));
    else if (state === "away") bits.push(say("class_away"));
    if (s.to_move) bits.push(say("class_to_move"));
    return pe("li", { "data-seat": i, "data-connected": String(!!s.connected), "data-state": state, "aria-current": s.to_move ? "true" : null },
      [pe("span", { class: "pe-cp-dot", "aria-hidden": "true", "data-state": state }),
        pe("strong", { text: who }), bits.length ? ` (${bits.join(", ")})` : ""]);
  }

  function update() {
    const phase = model.get("phase");
    const seated = phase === "waiting" || phase === "playing";
    noServer.hidden = phase !== "no_server";
    // open while waiting (the PIN to write down), folded to one line once the game runs
    if (phase !== lastPhase) {
      if (phase === "waiting") fold.open = true;
      else if (phase === "playing") fold.open = false;
      lastPhase = phase;
    }
    joinPart.hidden = phase !== "join";
    seatPart.hidden = !seated;
    const info = model.get("seat_info") || {};
    where.textContent = seated ? say("class_where", info) : "";
    heading.hidden = seated;
    line.hidden = !seated;
    line.textContent = seated ? say("class_line", info) : "";
    root.dataset.phase = phase;
    if (!seated) { leaveConfirm.hidden = true; leave.hidden = false; }
    const p = model.get("pin");
    pinNote.hidden = !p;
    pinBox.hidden = !p || pinSeen === p || !seated;
    pinNote.textContent = p ? say(info.rejoined ? "class_pin_new_note" : "class_pin_note", { pin: p }) : "";
    pinAgain.hidden = !p;
    pinAgain.textContent = p ? say("class_pin_again", { pin: p }) : "";
    const t = model.get("table_info") || {};
    const seats = t.seats || [];
    seatList.replaceChildren(...seats.map(seatLine));
    standIn.hidden = !t.stand_in;
    const mine = seats.find((s) => s.you);
    const isHanded = Boolean(seated && mine && mine.bot && !mine.stand_in && !t.stand_in);
    handed.hidden = !isHanded;
    let turn = "";
    if (phase === "waiting") turn = say("class_waiting");
    else if (t.over) turn = say("class_over");
    else if (t.held) turn = t.held; // paused, or brought to a step where the games wait
    else if (isHanded) turn = say("class_handed_short");
    else if (t.your_turn) turn = say("class_your_turn");
    else {
      const mover = seats.find((s) => s.to_move);
      if (mover) turn = say("class_turn_of", { name: mover.name || botWord(mover.bot) });
    }
    status.textContent = turn;
    status.hidden = !seated;
    if (turn !== lastTurn && seated) announcer.say(turn);
    lastTurn = turn;
    if (seated && timer === null) {
      timer = setInterval(() => {
        // a reload or a kernel that is gone: the refresh has nowhere to go, and stops
        if (!sendOrDrop(model, { type: "refresh" })) { clearInterval(timer); timer = null; }
      }, model.get("refresh_ms") || 1000);
    } else if (!seated && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }
  function drawError() {
    const text = model.get("error") || "";
    if (text) fold.open = true;
    errorBox.hidden = !text;
    errorBox.textContent = text;
  }
  function drawNotice() { announcer.say(model.get("notice"), true); }
  // the name is taken at the table, or this seat went to another device: the PIN form, open
  // and filled in, its PIN field focused
  function offerRejoin() {
    const offer = model.get("rejoin_offer") || {};
    if (!offer.code) return;
    fold.open = true;
    rejoin.open = true;
    rcode.value = offer.code;
    rname.value = offer.name || "";
    pin.value = "";
    pin.focus();
  }
  // only a change Python makes is written (a new seat, or "" after leaving): the first draw
  // must not forget the token before the page has said hello with it
  function keepToken() { writeToken(game, model.get("keep_token")); }

  const names = ["phase", "seat_info", "pin", "keep_token", "table_info"];
  for (const n of names) model.on(`change:${n}`, update);
  model.on("change:error", drawError);
  model.on("change:notices", drawNotice);
  model.on("change:keep_token", keepToken);
  model.on("change:rejoin_offer", offerRejoin);
  update();
  drawError();
  if (model.get("phase") === "join") model.send({ type: "hello", token: readToken(game) });
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
    model.off("change:error", drawError);
    model.off("change:notices", drawNotice);
    model.off("change:keep_token", keepToken);
    model.off("change:rejoin_offer", offerRejoin);
    if (timer !== null) clearInterval(timer);
  };
}

export default { render: withStrings(render) };
