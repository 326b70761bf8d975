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
        "confirm-card": "Card laid in {p}'s row", "confirm-papyrus": "The new top papyrus", "card-alt": "The card as the camera sees it",
        table: "Table", keep: "Keep the result", past: "Past games", close: "Close", path: "The path, from the start to the pyramid",
        "pe-undo": "Undo tile", "pe-clear": "Clear", "pe-photo": "Read from a photo", mode: "Mode", target: "Points to win",
        papyrus: "Starting papyrus: colours from ×2 to ×−1, and its threshold", threshold: "Threshold", variant: "Variant",
        adventures: "Adventure cards as laid, then the king's chamber", board: "The board (as data)",
        "pe-laid": "{n} of {total} tiles laid", "pe-random": "No tile laid: Scarab lays a random path.",
        "pe-confirm": "{n} to confirm: tap each marked tile", "pe-reading": "Reading the photo…",
        "pe-read": "Read {n} tiles from the photo.", "pe-incomplete": "The photo did not show the whole path: add the rest.",
        "pe-unsure": "Tile {i}: the camera is unsure. Is it:", "pe-replace": "Tap a tile below to put at place {i}.",
        "pe-left": "{n} left", "chamber": "King's chamber", "unlock-to-take": "Unlock with the table PIN to take tiles.",
        "not-takeable": "Tile {i} cannot be taken now.", cancel: "Cancel", won: "won", "no-winner": "unfinished",
        "min": "min", open: "Open", "bgstats": "Log in BG Stats", "bgstats-file": "BG Stats file", "log-file": "Game log",
        "bgstats-qr": "Scan to log this play in BG Stats", "no-past": "No games stored yet.",
        "replay-at": "After {n} of {total} actions", "replay-step": "Step through the game",
        choose: "Choose…", do: "Do it" },
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
        "confirm-card": "Karte in {p}s Reihe", "confirm-papyrus": "Der neue oberste Papyrus", "card-alt": "Die Karte, wie die Kamera sie sieht",
        table: "Tisch", keep: "Ergebnis festhalten", past: "Frühere Spiele", close: "Schließen", path: "Der Weg, vom Start bis zur Pyramide",
        "pe-undo": "Plättchen zurück", "pe-clear": "Leeren", "pe-photo": "Aus einem Foto lesen", mode: "Modus", target: "Punkte zum Sieg",
        papyrus: "Start-Papyrus: Farben von ×2 bis ×−1 und seine Schwelle", threshold: "Schwelle", variant: "Variante",
        adventures: "Abenteuerkarten wie ausgelegt, dann die Königskammer", board: "Der Spielplan (als Daten)",
        "pe-laid": "{n} von {total} Plättchen gelegt", "pe-random": "Kein Plättchen gelegt: Scarab legt einen zufälligen Weg.",
        "pe-confirm": "{n} zu bestätigen: markierte Plättchen antippen", "pe-reading": "Foto wird gelesen…",
        "pe-read": "{n} Plättchen aus dem Foto gelesen.", "pe-incomplete": "Das Foto zeigt nicht den ganzen Weg: den Rest ergänzen.",
        "pe-unsure": "Feld {i}: die Kamera ist unsicher. Ist es:", "pe-replace": "Unten ein Plättchen für Feld {i} antippen.",
        "pe-left": "noch {n}", "chamber": "Königskammer", "unlock-to-take": "Mit der Tisch-PIN freischalten, um Plättchen zu nehmen.",
        "not-takeable": "Feld {i} kann jetzt nicht genommen werden.", cancel: "Abbrechen", won: "gewinnt", "no-winner": "nicht beendet",
        "min": "Min.", open: "Öffnen", "bgstats": "In BG Stats eintragen", "bgstats-file": "BG-Stats-Datei", "log-file": "Spielprotokoll",
        "bgstats-qr": "Scannen, um die Partie in BG Stats einzutragen", "no-past": "Noch keine Spiele gespeichert.",
        "replay-at": "Nach {n} von {total} Zügen", "replay-step": "Durch das Spiel blättern",
        choose: "Auswählen…", do: "Ausführen" },
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
        "confirm-card": "Kaart in de rij van {p}", "confirm-papyrus": "De nieuwe bovenste papyrus", "card-alt": "De kaart zoals de camera die ziet",
        table: "Tafel", keep: "Uitslag bewaren", past: "Eerdere spellen", close: "Sluiten", path: "Het pad, van de start tot de piramide",
        "pe-undo": "Tegel terug", "pe-clear": "Leegmaken", "pe-photo": "Uit een foto lezen", mode: "Modus", target: "Punten om te winnen",
        papyrus: "Start-papyrus: kleuren van ×2 tot ×−1 en de drempel", threshold: "Drempel", variant: "Variant",
        adventures: "Avonturenkaarten zoals gelegd, dan de koningskamer", board: "Het bord (als gegevens)",
        "pe-laid": "{n} van {total} tegels gelegd", "pe-random": "Geen tegel gelegd: Scarab legt een willekeurig pad.",
        "pe-confirm": "{n} te bevestigen: tik op elke gemarkeerde tegel", "pe-reading": "Foto wordt gelezen…",
        "pe-read": "{n} tegels uit de foto gelezen.", "pe-incomplete": "De foto toont niet het hele pad: vul de rest aan.",
        "pe-unsure": "Positie {i}: de camera twijfelt. Is het:", "pe-replace": "Tik hieronder een tegel voor positie {i}.",
        "pe-left": "nog {n}", "chamber": "Koningskamer", "unlock-to-take": "Ontgrendel met de tafel-PIN om tegels te nemen.",
        "not-takeable": "Positie {i} kan nu niet genomen worden.", cancel: "Annuleren", won: "wint", "no-winner": "niet af",
        "min": "min", open: "Openen", "bgstats": "In BG Stats vastleggen", "bgstats-file": "BG Stats-bestand", "log-file": "Spelverslag",
        "bgstats-qr": "Scan om deze partij in BG Stats vast te leggen", "no-past": "Nog geen spellen opgeslagen.",
        "replay-at": "Na {n} van {total} zetten", "replay-step": "Door het spel bladeren",
        choose: "Kiezen…", do: "Uitvoeren" },
};
const GAMES = { tutankhamen: "Tutankhamen", ankh: "Ankh", bann: "Im Bann der Pyramide", gulogulo: "Pharaoh's Gulo Gulo" };
// Servers before scorings became objects sent headlines with this word in front.
const MANY_MOVES = 100; // more moves than this (a Tutankhamen path offers up to 70 takes) and…
const FEW_MOVES = 8; // …each kind of move with more than this many is a list to pick from
const SCORING_WORD = /^(SCORING|WERTUNG|WAARDERING)\s+/;

let lang = "en";
let authorised = false;
let current = null;
let correcting = false;
// Each list is drawn from the newest request only: a fetch started for an older state
// (or before the PIN or the correction mode changed) finds its number outdated and is dropped.
const drawing = { moves: 0, history: 0, questions: 0, table: 0, past: 0, finished: 0, replay: 0 };
// The new-game form's choices (GET /api/setup), and the path editor's tiles as laid so far:
// each {label, unsure, candidates}; `selected` is the place the next picked tile goes to.
let setup = null;
const editor = { tiles: [], selected: null, note: "" };
let pastKey = "";
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

// The standings as the server words them: points where the game counts them, and how far
// each player has come where it has such a column (a race never shows a column of zeros).
function renderScoreboard(doc) {
  const board = doc.scoreboard;
  $("scores-heading").textContent = board.heading;
  $("scores").querySelector("thead tr").replaceChildren(el("th", t("player")), ...board.columns.map((c) => el("th", c, "num")));
  $("scores").querySelector("tbody").replaceChildren(...doc.players.map((name) => {
    const row = el("tr");
    if (name === doc.to_act) row.classList.add("to-act");
    if (doc.winners.includes(name)) row.classList.add("winner");
    row.append(el("td", name), ...(board.rows[name] || []).map((value) => el("td", value, "num")));
    return row;
  }));
}

function renderScores(doc) {
  if (doc.scoreboard) {
    renderScoreboard(doc);
    return;
  }
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
  const send = async (action) => {
    try {
      await post(correcting ? "/api/correct" : "/api/actions", { action });
      correcting = false;
      succeeded();
    } catch (err) { failed(err); }
  };
  const button = (i) => {
    const b = el("button", labels[i] || describe(legal.actions[i], doc));
    b.dataset.move = legal.actions[i].move;
    b.addEventListener("click", () => send(legal.actions[i]));
    return b;
  };
  if (legal.actions.length <= MANY_MOVES) {
    box.replaceChildren(...legal.actions.map((_, i) => button(i)));
    return;
  }
  // An open Ankh table may play any well-formed card: hundreds of moves. Each kind of move
  // with more than a handful becomes one list to pick from, not a wall of buttons.
  const kinds = new Map();
  legal.actions.forEach((action, i) => {
    if (!kinds.has(action.move)) kinds.set(action.move, []);
    kinds.get(action.move).push(i);
  });
  const parts = [];
  for (const [move, which] of kinds) {
    if (which.length <= FEW_MOVES) {
      parts.push(...which.map(button));
      continue;
    }
    const pick = el("select", undefined, "move-pick");
    pick.dataset.move = move;
    pick.setAttribute("aria-label", t("choose"));
    pick.append(el("option", t("choose")), ...which.map((i) => {
      const option = el("option", labels[i] || describe(legal.actions[i], doc));
      option.value = String(i);
      return option;
    }));
    const go = el("button", t("do"), "move-do");
    go.disabled = true;
    pick.addEventListener("change", () => { go.disabled = pick.selectedIndex === 0; });
    go.addEventListener("click", () => { if (pick.selectedIndex > 0) send(legal.actions[Number(pick.value)]); });
    const group = el("div", undefined, "move-group");
    group.append(pick, go);
    parts.push(group);
  }
  box.replaceChildren(...parts);
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

// The landslide sensor (Gulo Gulo): answer its question, or make it forget this table.
const SENSOR_WORDS = {
  en: { yes: "Yes, a landslide", no: "No, pull on", forget: "Sensor: forget this table",
        sure: "Forget what the sensor learned of this table and learn it again?" },
  de: { yes: "Ja, eine Lawine", no: "Nein, weiterziehen", forget: "Sensor: diesen Tisch vergessen",
        sure: "Vergessen, was der Sensor von diesem Tisch gelernt hat, und neu lernen?" },
  nl: { yes: "Ja, een lawine", no: "Nee, trek verder", forget: "Sensor: deze tafel vergeten",
        sure: "Vergeten wat de sensor van deze tafel leerde en opnieuw leren?" },
};
let sensorDrawing = 0;

async function renderSensor(doc) {
  const mine = ++sensorDrawing;
  const box = $("sensor");
  if (doc.game !== "gulogulo" || !authorised) {
    box.hidden = true;
    return;
  }
  let state;
  try { state = await getJSON("/api/sensor"); } catch (err) { if (mine === sensorDrawing) failed(err); return; }
  if (mine !== sensorDrawing) return;
  box.hidden = !state.present;
  if (!state.present) return;
  const w = SENSOR_WORDS[lang] || SENSOR_WORDS.en;
  const send = (path, body) => async () => {
    try { render(await post(path, body)); succeeded(); } catch (err) { failed(err); }
  };
  const buttons = [];
  if (state.question) {
    const yes = el("button", w.yes, "sensor-yes");
    yes.addEventListener("click", send("/api/sensor/answer", { landslide: true }));
    const no = el("button", w.no, "sensor-no");
    no.addEventListener("click", send("/api/sensor/answer", { landslide: false }));
    buttons.push(yes, no);
  }
  const forget = el("button", w.forget, "sensor-forget");
  forget.addEventListener("click", () => { if (window.confirm(w.sure)) send("/api/sensor/reset", {})(); });
  buttons.push(forget);
  box.replaceChildren(...buttons);
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
  renderSensor(doc);
  renderMoves(doc);
  renderHistory();
  renderTable(doc);
  renderFinished(doc);
  const key = `${doc.game_id}-${doc.finished}`;
  if (key !== pastKey) { pastKey = key; renderPast(); }
  $("oled").src = `/api/oled.png?n=${doc.actions}-${Date.now()}`;
}

// A table without an OLED (or before its first frame) shows no broken picture: the card
// hides while the frame cannot be had and comes back with the first frame that loads.
$("oled").addEventListener("error", () => { $("oled-card").hidden = true; });
$("oled").addEventListener("load", () => { $("oled-card").hidden = false; });

// ------------------------------------------------------------------ the table as it lies

// The server draws the table (every name escaped there); tapping a tile offers its take.
async function renderTable(doc) {
  const mine = ++drawing.table;
  let data;
  try {
    data = await getJSON("/api/table");
  } catch (err) {
    if (mine === drawing.table) failed(err);
    return;
  }
  if (mine !== drawing.table) return;
  $("table").innerHTML = data.svg;
  $("tile-offer").hidden = true;
  for (const tile of $("table").querySelectorAll("g.tile[data-index]")) {
    tile.addEventListener("click", () => offerTake(tile));
  }
}

async function offerTake(tile) {
  const index = Number(tile.dataset.index);
  const box = $("tile-offer");
  for (const other of $("table").querySelectorAll("g.picked")) other.classList.remove("picked");
  tile.classList.add("picked");
  box.hidden = false;
  if (!authorised) {
    box.replaceChildren(el("p", t("unlock-to-take"), "hint"));
    return;
  }
  let legal;
  try { legal = await getJSON("/api/legal"); } catch (err) { failed(err); return; }
  const i = legal.actions.findIndex((a) => a.move === "take" && a.index === index);
  const cancel = el("button", t("cancel"), "secondary");
  cancel.type = "button";
  cancel.addEventListener("click", () => { box.hidden = true; tile.classList.remove("picked"); });
  if (i < 0) {
    box.replaceChildren(el("p", t("not-takeable").replace("{i}", index), "hint"), cancel);
    return;
  }
  const take = el("button", legal.labels[i] || describe(legal.actions[i], current), "take-offer");
  take.dataset.index = index;
  take.addEventListener("click", async () => {
    try {
      await post("/api/actions", { action: legal.actions[i] });
      box.hidden = true;
      succeeded();
    } catch (err) { failed(err); }
  });
  box.replaceChildren(take, cancel);
}

// ------------------------------------------------------------------ keeping the result

function resultLinks(game) {
  const box = el("div", undefined, "links");
  const links = game.links || {};
  if (links.bgstats_link) {
    const log = el("a", t("bgstats"), "button");
    log.href = links.bgstats_link;
    log.rel = "noopener";
    const qr = el("img", undefined, "qr");
    qr.src = links.bgstats_qr;
    qr.alt = t("bgstats-qr");
    const file = el("a", t("bgstats-file"), "button secondary");
    file.href = links.bgstats;
    file.download = "";
    box.append(log, qr, file);
  }
  const logFile = el("a", t("log-file"), "button secondary");
  logFile.href = links.log;
  logFile.download = "";
  box.append(logFile);
  return box;
}

async function renderFinished(doc) {
  const mine = ++drawing.finished;
  if (!doc.finished) {
    $("finished").hidden = true;
    return;
  }
  let game;
  try { game = await getJSON(`/api/games/${doc.game_id}`); } catch (err) { failed(err); return; }
  if (mine !== drawing.finished) return;
  $("finished-links").replaceChildren(resultLinks(game));
  $("finished").hidden = false;
}

// ------------------------------------------------------------------ past games

function resultText(game) {
  if (!game.finished) return t("no-winner");
  if (game.in_points === false && game.ending) return game.ending; // "Ann reached the king's chamber"
  const points = Object.entries(game.scores || {}).map(([p, n]) => `${p} ${n}`).join(", ");
  return `${game.winners.join(", ")} ${t("won")}${points ? " · " + points : ""}`;
}

async function renderPast() {
  const mine = ++drawing.past;
  let data;
  try { data = await getJSON("/api/games"); } catch (err) { if (mine === drawing.past) failed(err); return; }
  if (mine !== drawing.past) return;
  if (!data.games.length) { $("past").replaceChildren(el("li", t("no-past"), "hint")); return; }
  $("past").replaceChildren(...data.games.map((game) => {
    const item = el("li");
    item.dataset.id = game.id;
    const when = new Date(game.started_at).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    const head = el("span", `${GAMES[game.game] || game.game} · ${when} · ${game.duration_min} ${t("min")}`, "when");
    const who = el("span", `${game.players.join(", ")} — ${resultText(game)}`, "who");
    const open = el("button", t("open"), "secondary");
    open.type = "button";
    open.addEventListener("click", () => openReplay(game.id));
    item.append(head, who, open);
    return item;
  }));
}

async function openReplay(id) {
  let game;
  try { game = await getJSON(`/api/games/${id}`); } catch (err) { failed(err); return; }
  $("replay").dataset.id = id;
  $("replay-title").textContent = `${GAMES[game.game] || game.game} #${game.id}`;
  $("replay-result").textContent = `${game.players.join(", ")} — ${resultText(game)} · ${game.duration_min} ${t("min")}`;
  $("replay-links").replaceChildren(resultLinks(game));
  $("replay-history").replaceChildren(...game.history.map((entry) => {
    const item = el("li", entry.text);
    item.value = entry.n;
    return item;
  }));
  const step = $("replay-step");
  step.max = game.history.length;
  step.value = game.at;
  showReplayStep(game);
  $("replay").hidden = false;
  $("replay").scrollIntoView();
}

// The replay's table after as many actions as the slider says, the last of them marked.
function showReplayStep(game) {
  $("replay-table").innerHTML = game.svg;
  $("replay-at").textContent = t("replay-at").replace("{n}", game.at).replace("{total}", game.history.length);
  for (const item of $("replay-history").children) item.classList.toggle("at", item.value === game.at);
}

async function stepReplay() {
  const mine = ++drawing.replay;
  const id = $("replay").dataset.id;
  let game;
  try { game = await getJSON(`/api/games/${id}?at=${$("replay-step").value}`); } catch (err) { failed(err); return; }
  if (mine === drawing.replay) showReplayStep(game);
}

// ------------------------------------------------------------------ a new game's setup

function options(select, values, name) {
  select.replaceChildren(...values.map((v) => new Option(name ? name(v) : String(v), String(v))));
}

function numberInput(value, label) {
  const input = el("input");
  input.type = "number";
  input.min = "1";
  input.max = "99";
  input.inputMode = "numeric";
  input.value = value;
  input.setAttribute("aria-label", label);
  return input;
}

function buildSetup() {
  const g = setup.games;
  const eds = g.tutankhamen.editions;
  options($("ng-edition"), Object.keys(eds), (ed) => eds[ed].title);
  $("ng-edition").value = g.tutankhamen.defaults.edition;
  options($("ng-ankh-mode"), g.ankh.modes);
  options($("ng-target"), g.ankh.targets);
  $("ng-target").value = g.ankh.defaults.target;
  const papyrus = g.ankh.defaults.papyrus;
  $("ng-rank").replaceChildren(...["×2", "×1", "×0", "×−1"].map((factor, k) => {
    const select = el("select");
    select.setAttribute("aria-label", factor);
    options(select, g.ankh.colours, (c) => `${factor} ${c}`);
    select.value = papyrus.rank[k];
    return select;
  }));
  $("ng-threshold").value = papyrus.threshold;
  options($("ng-bann-mode"), g.bann.modes);
  const d = g.bann.defaults;
  $("ng-adventures").replaceChildren(
    ...d.adventures.map((v, k) => numberInput(v, `${t("adventures")} ${k + 1}`)),
    numberInput(d.chamber, t("chamber")),
  );
  $("ng-adventures").lastChild.classList.add("chamber");
  $("ng-bann-variants").replaceChildren(...g.bann.variants.map((v) => {
    const label = el("label", undefined, "check");
    const box = el("input");
    box.type = "checkbox";
    box.value = v;
    label.append(box, ` ${v}`);
    return label;
  }));
  options($("ng-gulo-variant"), g.gulogulo.variants);
  options($("ng-gulo-mode"), g.gulogulo.modes);
  $("ng-board").value = JSON.stringify(g.gulogulo.defaults.board, null, 1);
  showSetup();
}

function showSetup() {
  const game = $("ng-game").value;
  for (const fieldset of document.querySelectorAll("fieldset.setup")) fieldset.hidden = fieldset.dataset.game !== game;
  $("ng-start").disabled = false;
  if (game === "tutankhamen") drawEditor();
}

function boxTiles() {
  return setup.games.tutankhamen.editions[$("ng-edition").value].tiles;
}

function tileImage(label, name) {
  const img = el("img");
  img.src = `/api/tiles/${encodeURIComponent(label)}.svg?edition=${$("ng-edition").value}`;
  img.alt = name;
  img.width = 40;
  img.height = 40;
  return img;
}

// The path editor: the path drawn as it grows, the box's tiles with how many are left,
// and the tiles a photo's reading was unsure of, marked until someone confirms them.
function drawEditor() {
  if (!setup) return;
  const tiles = boxTiles();
  const named = Object.fromEntries(tiles.map((tile) => [tile.label, tile]));
  const used = {};
  for (const tile of editor.tiles) if (tile.label) used[tile.label] = (used[tile.label] || 0) + 1;
  const total = tiles.reduce((sum, tile) => sum + tile.count, 0);
  const unsure = editor.tiles.filter((tile) => tile.unsure).length;
  const words = [editor.tiles.length ? t("pe-laid").replace("{n}", editor.tiles.length).replace("{total}", total) : t("pe-random")];
  if (unsure) words.push(t("pe-confirm").replace("{n}", unsure));
  if (editor.note) words.push(editor.note);
  $("pe-status").textContent = words.join(" · ");
  $("pe-path").replaceChildren(...editor.tiles.map((tile, i) => {
    const place = el("button", undefined, "pe-tile");
    place.type = "button";
    place.dataset.index = i;
    if (tile.label) place.dataset.label = tile.label;
    place.classList.toggle("unsure", tile.unsure);
    place.classList.toggle("selected", editor.selected === i);
    if (tile.label) place.append(tileImage(tile.label, named[tile.label] ? named[tile.label].name : tile.label));
    else place.append(el("span", "?", "unknown"));
    place.append(el("span", String(i), "at"));
    place.addEventListener("click", () => {
      editor.selected = editor.selected === i ? null : i;
      drawEditor();
    });
    return place;
  }));
  const chosen = editor.selected === null ? null : editor.tiles[editor.selected];
  const ask = $("pe-unsure");
  ask.hidden = chosen === null;
  if (chosen) {
    const question = chosen.unsure ? "pe-unsure" : "pe-replace";
    ask.replaceChildren(el("p", t(question).replace("{i}", editor.selected), "hint"),
      ...chosen.candidates.filter((label) => named[label]).map((label) => {
        const button = el("button", named[label].name, "candidate");
        button.type = "button";
        button.dataset.label = label;
        button.disabled = label !== chosen.label && named[label].count - (used[label] || 0) <= 0; // none left in the box
        button.addEventListener("click", () => pick(label));
        return button;
      }));
  }
  const ended = editor.tiles.length && named[editor.tiles.at(-1).label] && named[editor.tiles.at(-1).label].last;
  $("pe-picker").replaceChildren(...tiles.map((tile) => {
    const left = tile.count - (used[tile.label] || 0);
    const button = el("button", undefined, "pe-pick");
    button.type = "button";
    button.dataset.label = tile.label;
    button.setAttribute("aria-label", `${tile.name}: ${t("pe-left").replace("{n}", left)}`);
    button.title = tile.name;
    button.append(tileImage(tile.label, tile.name), el("span", t("pe-left").replace("{n}", left), "left"));
    const replacing = chosen && chosen.label === tile.label;
    button.disabled = !replacing && (left <= 0 || (chosen === null && ended));
    button.addEventListener("click", () => pick(tile.label));
    return button;
  }));
  $("ng-start").disabled = $("ng-game").value === "tutankhamen" && unsure > 0;
}

function pick(label) {
  const tile = { label, unsure: false, candidates: [] };
  if (editor.selected !== null) editor.tiles[editor.selected] = tile;
  else editor.tiles.push(tile);
  const next = editor.tiles.findIndex((other) => other.unsure);
  editor.selected = next >= 0 ? next : null;
  editor.note = "";
  drawEditor();
}

// A reading of the table (the read-path document) opened in the editor: the tiles it
// could not name are marked and offered with the reader's two likeliest faces.
function openReading(doc) {
  const asked = Object.fromEntries((doc.unreadable || []).map((u) => [u.index, u.candidates || []]));
  editor.tiles = doc.tiles.map((tile, i) => ({ label: tile.label, unsure: tile.label === null, candidates: asked[i] || [] }));
  const next = editor.tiles.findIndex((tile) => tile.unsure);
  editor.selected = next >= 0 ? next : null;
  editor.note = doc.complete ? t("pe-read").replace("{n}", doc.tiles.length) : t("pe-incomplete");
  drawEditor();
}

async function readPhoto() {
  const file = $("pe-photo").files[0];
  if (!file) return;
  editor.note = t("pe-reading");
  drawEditor();
  try {
    const response = await fetch(`/api/path/read?edition=${$("ng-edition").value}`, {
      method: "POST", headers: { "Content-Type": file.type || "image/jpeg" }, credentials: "same-origin", body: file,
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
    openReading(data);
    succeeded();
  } catch (err) {
    editor.note = "";
    drawEditor();
    failed(err);
  }
  $("pe-photo").value = "";
}

// The new game's complete header: the engine judges it before anything is stored.
function newHeader() {
  const game = $("ng-game").value;
  const body = { game, players: $("ng-players").value.split(",").map((p) => p.trim()).filter(Boolean) };
  if (game === "tutankhamen") {
    body.edition = $("ng-edition").value;
    if (editor.tiles.length) body.path = editor.tiles.map((tile) => tile.label);
  } else if (game === "ankh") {
    body.mode = $("ng-ankh-mode").value;
    body.target = Number($("ng-target").value);
    if (body.mode === "table") {
      body.papyrus = { rank: [...$("ng-rank").querySelectorAll("select")].map((s) => s.value),
        threshold: Number($("ng-threshold").value) };
    }
  } else if (game === "bann") {
    body.mode = $("ng-bann-mode").value;
    const values = [...$("ng-adventures").querySelectorAll("input")].map((input) => Number(input.value));
    body.chamber = values.pop();
    body.adventures = values;
    const variants = [...$("ng-bann-variants").querySelectorAll("input:checked")].map((box) => box.value);
    if (variants.length) body.variant = variants;
  } else if (game === "gulogulo") {
    body.variant = $("ng-gulo-variant").value;
    body.mode = $("ng-gulo-mode").value;
    const board = JSON.parse($("ng-board").value);
    if (JSON.stringify(board) !== JSON.stringify(setup.games.gulogulo.defaults.board)) body.board = board;
  }
  return body;
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
  $("ng-game").addEventListener("change", showSetup);
  $("ng-edition").addEventListener("change", () => { editor.tiles = []; editor.selected = null; drawEditor(); });
  $("pe-undo").addEventListener("click", () => { editor.tiles.pop(); editor.selected = null; drawEditor(); });
  $("pe-clear").addEventListener("click", () => { editor.tiles = []; editor.selected = null; editor.note = ""; drawEditor(); });
  $("pe-photo").addEventListener("change", readPhoto);
  $("replay-close").addEventListener("click", () => { $("replay").hidden = true; });
  $("replay-step").addEventListener("input", stepReplay);
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/game", newHeader());
      $("new-game").hidden = true;
      editor.tiles = [];
      editor.selected = null;
      editor.note = "";
      drawEditor();
      succeeded();
    } catch (err) { failed(err); }
  });
  try { setup = await getJSON("/api/setup"); buildSetup(); } catch (err) { failed(err); }
  connect();
}

start().catch(failed);
