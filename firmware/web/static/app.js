// Scarab's phone page: shows the live game and, with the table PIN, makes its moves.
// Everything is drawn with textContent (names come from players), and every change is
// a JSON POST with the session cookie the PIN set.
"use strict";

const WORDS = {
  en: { scores: "Scores", player: "Player", points: "Points", coins: "Coins left", to_goal: "To the goal",
        "your-move": "Moves", "pin-label": "Table PIN — press the table's menu button until the OLED shows it",
        unlock: "Unlock", undo: "Undo last",
        correct: "Correct last", "new-game": "New game", game: "Game", edition: "Edition", players: "Players (comma separated, in seating order)",
        start: "Start", scorings: "Scorings", oled: "OLED", history: "History", offline: "Connection lost — reconnecting…",
        "not-yours": "Waiting for {p}.", take: "take", pass: "pass", joker: "add", steal: "take from", beyond: "move beyond the end",
        nobody: "nobody scores", live: "live", "live-off": "offline", "oled-alt": "What the table's OLED shows now",
        "confirm-title": "Confirm the path", "confirm-hint": "The camera is unsure of these tiles. Tap what lies there:",
        "confirm-pin": "Unlock with the table PIN below to answer.", "confirm-tile": "Tile at index {i}",
        "something-else": "Something else…", "tile-alt": "The tile at index {i} as the camera sees it",
        "confirm-card-title": "Confirm the card", "confirm-card-hint": "The camera is unsure of this card. Tap what it is:",
        "confirm-card": "Card laid in {p}'s row", "confirm-papyrus": "The new top papyrus", "card-alt": "The card as the camera sees it" },
  de: { scores: "Punkte", player: "Spieler", points: "Punkte", coins: "Münzen übrig", to_goal: "Bis zum Ziel",
        "your-move": "Züge", "pin-label": "Tisch-PIN — die Menütaste am Tisch drücken, bis das OLED sie zeigt",
        unlock: "Freischalten", undo: "Letzten Zug zurück",
        correct: "Letzten Zug korrigieren", "new-game": "Neues Spiel", game: "Spiel", edition: "Ausgabe", players: "Spieler (mit Komma, in Sitzreihenfolge)",
        start: "Starten", scorings: "Wertungen", oled: "OLED", history: "Verlauf", offline: "Verbindung weg — verbinde neu…",
        "not-yours": "{p} ist dran.", take: "nehmen", pass: "passen", joker: "legen", steal: "wegnehmen von", beyond: "über das Ende",
        nobody: "niemand punktet", live: "verbunden", "live-off": "getrennt", "oled-alt": "Was das OLED am Tisch gerade zeigt",
        "confirm-title": "Auslage bestätigen", "confirm-hint": "Bei diesen Schätzen ist die Kamera unsicher. Antippen, was dort liegt:",
        "confirm-pin": "Zum Antworten unten mit der Tisch-PIN freischalten.", "confirm-tile": "Feld {i}",
        "something-else": "Etwas anderes…", "tile-alt": "Feld {i}, wie die Kamera es sieht",
        "confirm-card-title": "Karte bestätigen", "confirm-card-hint": "Bei dieser Karte ist die Kamera unsicher. Antippen, welche es ist:",
        "confirm-card": "Karte in {p}s Reihe", "confirm-papyrus": "Der neue oberste Papyrus", "card-alt": "Die Karte, wie die Kamera sie sieht" },
  nl: { scores: "Scores", player: "Speler", points: "Punten", coins: "Munten over", to_goal: "Tot het doel",
        "your-move": "Zetten", "pin-label": "Tafel-PIN — druk op de menuknop van de tafel tot het OLED hem toont",
        unlock: "Ontgrendelen", undo: "Laatste zet terug",
        correct: "Laatste zet verbeteren", "new-game": "Nieuw spel", game: "Spel", edition: "Editie", players: "Spelers (met komma, in zitvolgorde)",
        start: "Starten", scorings: "Waarderingen", oled: "OLED", history: "Verloop", offline: "Verbinding weg — opnieuw verbinden…",
        "not-yours": "{p} is aan de beurt.", take: "neem", pass: "passen", joker: "voeg toe", steal: "neem van", beyond: "voorbij het einde",
        nobody: "niemand scoort", live: "verbonden", "live-off": "verbroken", "oled-alt": "Wat het OLED van de tafel nu toont",
        "confirm-title": "Pad bevestigen", "confirm-hint": "Over deze tegels twijfelt de camera. Tik aan wat er ligt:",
        "confirm-pin": "Ontgrendel hieronder met de tafel-PIN om te antwoorden.", "confirm-tile": "Positie {i}",
        "something-else": "Iets anders…", "tile-alt": "Positie {i} zoals de camera die ziet",
        "confirm-card-title": "Kaart bevestigen", "confirm-card-hint": "Over deze kaart twijfelt de camera. Tik aan welke het is:",
        "confirm-card": "Kaart in de rij van {p}", "confirm-papyrus": "De nieuwe bovenste papyrus", "card-alt": "De kaart zoals de camera die ziet" },
};
const GAMES = { tutankhamen: "Tutankhamen", ankh: "Ankh", bann: "Im Bann der Pyramide", gulogulo: "Pharaoh's Gulo Gulo" };
// Servers before scorings became objects sent headlines with this word in front.
const SCORING_WORD = /^(SCORING|WERTUNG|WAARDERING)\s+/;

let lang = "en";
let authorised = false;
let current = null;
let correcting = false;
// Each list is drawn from the newest request only: a fetch started for an older state
// (or before the PIN or the correction mode changed) finds its number outdated and is dropped.
const drawing = { moves: 0, history: 0, questions: 0 };
// The error banner: the stream being down, the last request that failed, and device problems.
const problems = { offline: false, request: "", devices: [] };
const $ = (id) => document.getElementById(id);
const t = (key) => (WORDS[lang] || WORDS.en)[key] || WORDS.en[key] || key;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function showProblems() {
  const parts = [];
  if (problems.offline) parts.push(t("offline"));
  if (problems.request) parts.push(problems.request);
  parts.push(...problems.devices);
  const b = $("banner");
  b.hidden = parts.length === 0;
  b.textContent = parts.join(" · ");
}

function failed(err) {
  problems.request = err.message;
  showProblems();
}

function succeeded() {
  problems.request = "";
  showProblems();
}

function showNotices(notices) {
  const box = $("notices");
  box.replaceChildren(...notices.map((text) => el("p", text)));
  box.hidden = notices.length === 0;
}

function setLive(on) {
  $("live").classList.toggle("on", on);
  $("live-text").textContent = t(on ? "live" : "live-off");
  if (problems.offline === on) {
    problems.offline = !on;
    showProblems();
  }
}

async function getJSON(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
  return data;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
    body: JSON.stringify(body || {}),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
  return data;
}

// Only for servers that send no words of their own: the move and its tile, never raw JSON.
function describe(action, doc) {
  const path = (doc && doc.state && doc.state.path) || [];
  switch (action.move) {
    case "take": return `${t("take")} #${action.index}${path[action.index] ? " · " + path[action.index] : ""}`;
    case "joker": return `${t("joker")} ${(action.tiles || []).join(" + ")}`;
    case "steal": return `${action.tile} ← ${action.from}`;
    default: return t(action.move);
  }
}

function renderScores(doc) {
  const body = $("scores").querySelector("tbody");
  body.replaceChildren();
  const s = doc.state || {};
  const leftKey = s.coins ? "coins" : s.to_goal ? "to_goal" : null;
  $("left-head").textContent = leftKey ? t(leftKey) : "";
  $("left-head").className = "num";
  for (const name of doc.players) {
    const row = el("tr");
    if (name === doc.to_act) row.classList.add("to-act");
    if (doc.winners.includes(name)) row.classList.add("winner");
    row.append(el("td", name), el("td", String(doc.scores[name]), "num"), el("td", leftKey ? String(s[leftKey][name]) : "", "num"));
    body.append(row);
  }
}

// Scorings oldest first, each with its number in the game: objects {n, text, details},
// or (older servers) headline strings newest first with the SCORING word in front.
function scoringItems(scorings) {
  if (scorings.length && typeof scorings[0] === "string") {
    return scorings.slice().reverse()
      .map((text, i) => ({ n: i + 1, text: text.replace(SCORING_WORD, ""), details: "" }));
  }
  return scorings.slice().sort((a, b) => a.n - b.n);
}

function renderScorings(doc) {
  const items = scoringItems(doc.scorings || []).map((scoring) => {
    const item = el("li");
    item.value = scoring.n;
    item.append(el("span", scoring.text, "headline"));
    if (scoring.details) item.append(el("span", scoring.details, "details"));
    return item;
  });
  $("scorings").replaceChildren(...items);
}

async function renderMoves(doc) {
  const mine = ++drawing.moves;
  $("pin-form").hidden = authorised;
  $("moves").hidden = !authorised;
  $("correct").classList.toggle("active", correcting);
  const box = $("choices");
  if (!authorised || doc.finished) {
    box.replaceChildren();
    return;
  }
  // The buttons of the state before stay in place (no jump) but can't be pressed.
  for (const button of box.querySelectorAll("button")) button.disabled = true;
  let legal;
  try {
    legal = await getJSON(correcting ? "/api/legal?before_last=true" : "/api/legal");
  } catch (err) {
    if (mine === drawing.moves) failed(err);
    return;
  }
  if (mine !== drawing.moves) return; // a newer state is being drawn
  const labels = legal.labels || [];
  box.replaceChildren(...legal.actions.map((action, i) => {
    const button = el("button", labels[i] || describe(action, doc));
    button.dataset.move = action.move;
    button.addEventListener("click", async () => {
      try {
        await post(correcting ? "/api/correct" : "/api/actions", { action });
        correcting = false;
        succeeded();
      } catch (err) { failed(err); }
    });
    return button;
  }));
}

// The camera's questions before play: each unsure tile's picture, its two likeliest faces
// as big buttons and every other face of the box in a list; the card goes once none are left.
// An Ankh question ("kind": card or papyrus) is one new card, its picture as tall as a card.
function drawQuestions(questions) {
  const cards = questions.some((q) => q.kind);
  $("confirm").hidden = questions.length === 0;
  $("confirm-pin").hidden = authorised;
  for (const id of ["confirm-title", "confirm-hint"]) {
    $(id).dataset.t = cards ? id.replace("confirm-", "confirm-card-") : id; // kept on a change of language
    $(id).textContent = t($(id).dataset.t);
  }
  $("questions").replaceChildren(...questions.map((q) => {
    const where = (key) => t(key).replace("{i}", q.index).replace("{p}", q.player);
    const block = el("div", undefined, "question");
    block.dataset.id = q.id;
    const picture = el("img", undefined, q.kind ? "oblong" : undefined);
    picture.src = q.picture;
    picture.alt = where(q.kind ? "card-alt" : "tile-alt");
    const answers = el("div", undefined, "answers");
    const place = { card: "confirm-card", papyrus: "confirm-papyrus" }[q.kind] || "confirm-tile";
    answers.append(el("p", where(place), "where"));
    for (const candidate of q.candidates) {
      const button = el("button", candidate.name, "candidate");
      button.dataset.label = candidate.label;
      button.addEventListener("click", () => answer(q.id, candidate.label));
      answers.append(button);
    }
    const other = el("select");
    other.setAttribute("aria-label", where("something-else"));
    other.append(new Option(t("something-else"), ""));
    for (const choice of q.choices) other.append(new Option(choice.name, choice.label));
    other.addEventListener("change", () => { if (other.value) answer(q.id, other.value); });
    block.append(picture, answers, other);
    return block;
  }));
}

async function answer(id, label) {
  const mine = ++drawing.questions;
  try {
    const left = await post(`/api/questions/${encodeURIComponent(id)}`, { label });
    succeeded();
    if (mine === drawing.questions) drawQuestions(left.questions || []);
  } catch (err) { failed(err); }
}

async function renderQuestions(doc) {
  const mine = ++drawing.questions;
  if (!doc.questions) {
    drawQuestions([]);
    return;
  }
  let data;
  try {
    data = await getJSON("/api/questions");
  } catch (err) {
    if (mine === drawing.questions) failed(err);
    return;
  }
  if (mine === drawing.questions) drawQuestions(data.questions || []);
}

async function renderHistory() {
  const mine = ++drawing.history;
  let data;
  try {
    data = await getJSON("/api/history");
  } catch (err) {
    if (mine === drawing.history) failed(err);
    return;
  }
  if (mine !== drawing.history) return; // a newer state is being drawn
  $("history").replaceChildren(...data.actions.slice(0, 60).map((entry) => {
    const words = entry.text || `${entry.action.player}: ${describe(entry.action, current)}`;
    return el("li", `${entry.n} · ${words}`);
  }));
}

function render(doc) {
  const before = current;
  current = doc;
  if (doc.language && doc.language !== lang) {
    lang = doc.language;
    translate();
  }
  if (before && (before.actions !== doc.actions || before.game_id !== doc.game_id)) {
    problems.request = ""; // a failed request was about a position the game has left
  }
  problems.devices = doc.warnings || [];
  showProblems();
  showNotices(doc.notices || []);
  $("title").textContent = GAMES[doc.game] || doc.game;
  $("prompt").textContent = doc.prompt;
  renderScores(doc);
  renderScorings(doc);
  renderQuestions(doc);
  renderMoves(doc);
  renderHistory();
  $("oled").src = `/api/oled.png?n=${doc.actions}-${Date.now()}`;
}

function translate() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-alt]")) node.alt = t(node.dataset.tAlt);
  $("live-text").textContent = t($("live").classList.contains("on") ? "live" : "live-off");
  showProblems();
}

function connect() {
  // EventSource reconnects by itself and sends Last-Event-ID: the server replays what we missed.
  const source = new EventSource("/api/stream");
  source.addEventListener("open", () => setLive(true));
  source.addEventListener("update", (message) => {
    setLive(true);
    render(JSON.parse(message.data).state);
  });
  source.addEventListener("error", () => setLive(false));
}

async function start() {
  const session = await getJSON("/api/session");
  lang = session.language || "en";
  authorised = session.authorised;
  translate();
  for (const [id, name] of Object.entries(GAMES)) $("ng-game").append(new Option(name, id));
  $("pin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/session", { pin: $("pin").value.trim() });
      authorised = true;
      succeeded();
      $("pin").value = "";
      $("confirm-pin").hidden = true;
      if (current) renderMoves(current);
    } catch (err) { failed(err); }
  });
  $("undo").addEventListener("click", async () => {
    try { await post("/api/undo"); succeeded(); } catch (err) { failed(err); }
  });
  $("correct").addEventListener("click", () => { correcting = !correcting; if (current) renderMoves(current); });
  $("new-game-open").addEventListener("click", () => { $("new-game").hidden = !$("new-game").hidden; });
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = $("ng-game").value;
    const body = { game, players: $("ng-players").value.split(",").map((p) => p.trim()).filter(Boolean) };
    if (game === "tutankhamen") body.edition = $("ng-edition").value;
    try { await post("/api/game", body); $("new-game").hidden = true; succeeded(); } catch (err) { failed(err); }
  });
  connect();
}

start().catch(failed);
