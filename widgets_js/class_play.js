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
  const pinNote = pe("p", { class: "pe-cp-pin", "data-role": "class-pin", hidden: true });
  const status = pe("p", { class: "pe-cp-status", "data-role": "class-status" });
  const standIn = pe("div", { class: "pe-cp-standin", "data-role": "class-stand-in", hidden: true });
  const backButton = pe("button", { type: "button", class: "pe-mini", "data-role": "class-back", text: say("class_back") });
  backButton.addEventListener("click", () => model.send({ type: "back" }));
  standIn.append(pe("p", { text: say("class_stood_in") }), backButton);
  const seatsHeading = pe("h4", { id: `pe-cp-seats-${uid}`, text: say("class_table") });
  const seatList = pe("ul", { class: "pe-cp-seats", "aria-labelledby": `pe-cp-seats-${uid}`, "data-role": "class-seats" });
  const leave = pe("button", { type: "button", class: "pe-mini pe-cp-leave", "data-role": "class-leave", text: say("class_leave") });
  leave.addEventListener("click", () => model.send({ type: "leave" }));
  const seatPart = pe("div", { "data-role": "class-seat-part", hidden: true },
    [where, pinNote, status, standIn, seatsHeading, seatList, leave]);

  const errorBox = pe("p", { class: "pe-cp-error", role: "alert", "data-role": "class-error", hidden: true });
  const noServer = pe("p", { "data-role": "class-no-server", hidden: true, text: say("class_no_server") });
  // folded to one line until opened (the tab's own game stays on a phone's first screen);
  // open whenever this page holds a seat
  const fold = pe("details", { class: "pe-cp-fold", "data-role": "class-fold" },
    [pe("summary", {}, [heading]), errorBox, noServer, joinPart, seatPart]);
  root.append(fold, announcer.root);
  el.append(root);

  let timer = null;
  let lastTurn = "";
  function seatLine(s, i) {
    const who = s.name || say("bot_tag", { kind: say(`bot_kind_${s.bot}`) });
    const bits = [];
    if (s.you) bits.push(say("class_self"));
    if (s.stand_in) bits.push(say("class_stand_in"));
    else if (s.bot && !s.name) bits.push(say("bot_tag", { kind: say(`bot_kind_${s.bot}`) }));
    else bits.push(say(s.connected ? "class_connected" : "class_away"));
    if (s.to_move) bits.push(say("class_to_move"));
    const li = pe("li", { "data-seat": i, "data-connected": String(!!s.connected), "aria-current": s.to_move ? "true" : null },
      [pe("span", { class: "pe-cp-dot", "aria-hidden": "true", "data-on": String(!!s.connected || !!s.bot) }),
        pe("strong", { text: who }), ` (${bits.join(", ")})`]);
    return li;
  }

  function update() {
    const phase = model.get("phase");
    const seated = phase === "waiting" || phase === "playing";
    noServer.hidden = phase !== "no_server";
    if (seated && !fold.open) fold.open = true;
    joinPart.hidden = phase !== "join";
    seatPart.hidden = !seated;
    const info = model.get("seat_info") || {};
    where.textContent = seated ? say("class_where", info) : "";
    const p = model.get("pin");
    pinNote.hidden = !p;
    pinNote.textContent = p ? say("class_pin_note", { pin: p }) : "";
    const t = model.get("table_info") || {};
    const seats = t.seats || [];
    seatList.replaceChildren(...seats.map(seatLine));
    standIn.hidden = !t.stand_in;
    let turn = "";
    if (phase === "waiting") turn = say("class_waiting");
    else if (t.over) turn = say("class_over");
    else if (t.paused) turn = say("class_paused");
    else if (t.your_turn) turn = say("class_your_turn");
    else {
      const mover = seats.find((s) => s.to_move);
      if (mover) turn = say("class_turn_of", { name: mover.name || say("bot_tag", { kind: say(`bot_kind_${mover.bot}`) }) });
    }
    status.textContent = turn;
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
  // only a change Python makes is written (a new seat, or "" after leaving): the first draw
  // must not forget the token before the page has said hello with it
  function keepToken() { writeToken(game, model.get("keep_token")); }

  const names = ["phase", "seat_info", "pin", "keep_token", "table_info"];
  for (const n of names) model.on(`change:${n}`, update);
  model.on("change:error", drawError);
  model.on("change:notices", drawNotice);
  model.on("change:keep_token", keepToken);
  update();
  drawError();
  if (model.get("phase") === "join") model.send({ type: "hello", token: readToken(game) });
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
    model.off("change:error", drawError);
    model.off("change:notices", drawNotice);
    model.off("change:keep_token", keepToken);
    if (timer !== null) clearInterval(timer);
  };
}

export default { render: withStrings(render) };
