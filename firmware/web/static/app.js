// Scarab's phone page: shows the live game and, with the table PIN, makes its moves.
// Everything is drawn with textContent (names come from players), and every change is
// a JSON POST with the session cookie the PIN set.
"use strict";

const WORDS = {
  en: { scores: "Scores", player: "Player", points: "Points", coins: "Coins left", to_goal: "To the goal",
        "your-move": "Moves", "pin-label": "Table PIN (shown on the OLED)", unlock: "Unlock", undo: "Undo last",
        correct: "Correct last", "new-game": "New game", game: "Game", edition: "Edition", players: "Players (comma separated, in seating order)",
        start: "Start", scorings: "Scorings", oled: "OLED", history: "History", offline: "Connection lost — reconnecting…",
        "not-yours": "Waiting for {p}.", take: "take", pass: "pass", joker: "add", steal: "take from", beyond: "move beyond the end",
        nobody: "nobody scores" },
  de: { scores: "Punkte", player: "Spieler", points: "Punkte", coins: "Münzen übrig", to_goal: "Bis zum Ziel",
        "your-move": "Züge", "pin-label": "Tisch-PIN (auf dem OLED)", unlock: "Freischalten", undo: "Letzten Zug zurück",
        correct: "Letzten Zug korrigieren", "new-game": "Neues Spiel", game: "Spiel", edition: "Ausgabe", players: "Spieler (mit Komma, in Sitzreihenfolge)",
        start: "Starten", scorings: "Wertungen", oled: "OLED", history: "Verlauf", offline: "Verbindung weg — verbinde neu…",
        "not-yours": "{p} ist dran.", take: "nehmen", pass: "passen", joker: "legen", steal: "wegnehmen von", beyond: "über das Ende",
        nobody: "niemand punktet" },
  nl: { scores: "Scores", player: "Speler", points: "Punten", coins: "Munten over", to_goal: "Tot het doel",
        "your-move": "Zetten", "pin-label": "Tafel-PIN (op het OLED)", unlock: "Ontgrendelen", undo: "Laatste zet terug",
        correct: "Laatste zet verbeteren", "new-game": "Nieuw spel", game: "Spel", edition: "Editie", players: "Spelers (met komma, in zitvolgorde)",
        start: "Starten", scorings: "Waarderingen", oled: "OLED", history: "Verloop", offline: "Verbinding weg — opnieuw verbinden…",
        "not-yours": "{p} is aan de beurt.", take: "neem", pass: "passen", joker: "voeg toe", steal: "neem van", beyond: "voorbij het einde",
        nobody: "niemand scoort" },
};
const GAMES = { tutankhamen: "Tutankhamen", ankh: "Ankh", bann: "Im Bann der Pyramide", gulogulo: "Pharaoh's Gulo Gulo" };

let lang = "en";
let authorised = false;
let current = null;
let correcting = false;
const $ = (id) => document.getElementById(id);
const t = (key) => (WORDS[lang] || WORDS.en)[key] || WORDS.en[key] || key;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function banner(text) {
  const b = $("banner");
  b.hidden = !text;
  b.textContent = text || "";
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

function describe(action, state) {
  const path = (state.state && state.state.path) || [];
  switch (action.move) {
    case "take": return `${t("take")} #${action.index}${path[action.index] ? " · " + path[action.index] : ""}`;
    case "joker": return `${t("joker")} ${action.tiles.join(" + ")}`;
    case "steal": return `${action.tile} ← ${action.from}`;
    case "pass": return t("pass");
    case "beyond": return t("beyond");
    default: {
      const rest = Object.entries(action).filter(([k]) => k !== "player" && k !== "move")
        .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
      return rest ? `${action.move}: ${rest}` : action.move;
    }
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

function renderScorings(doc) {
  const list = $("scorings");
  list.replaceChildren();
  for (const text of doc.scorings || []) list.append(el("li", text));
}

async function renderMoves(doc) {
  $("pin-form").hidden = authorised;
  $("moves").hidden = !authorised;
  const box = $("choices");
  box.replaceChildren();
  if (!authorised || doc.finished) return;
  $("correct").classList.toggle("active", correcting);
  const legal = await (await fetch(correcting ? "/api/legal?before_last=true" : "/api/legal")).json();
  legal.actions.forEach((action, i) => {
    const button = el("button", legal.labels[i] || describe(action, doc));
    button.dataset.move = action.move;
    button.addEventListener("click", async () => {
      try {
        await post(correcting ? "/api/correct" : "/api/actions", { action });
        correcting = false;
        banner("");
      } catch (err) { banner(err.message); }
    });
    box.append(button);
  });
}

async function renderHistory() {
  const data = await (await fetch("/api/history")).json();
  const list = $("history");
  list.replaceChildren();
  for (const entry of data.actions.slice(0, 60)) {
    list.append(el("li", `${entry.n} · ${entry.action.player}: ${describe(entry.action, current || {})}`));
  }
}

function render(doc) {
  current = doc;
  $("title").textContent = GAMES[doc.game] || doc.game;
  $("prompt").textContent = doc.prompt;
  renderScores(doc);
  renderScorings(doc);
  renderMoves(doc);
  renderHistory();
  $("oled").src = `/api/oled.png?n=${doc.actions}-${Date.now()}`;
}

function translate() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

function connect() {
  // EventSource reconnects by itself and sends Last-Event-ID: the server replays what we missed.
  const source = new EventSource("/api/stream");
  source.addEventListener("update", (message) => {
    $("live").classList.add("on");
    const doc = JSON.parse(message.data).state;
    banner((doc.warnings || []).join(" · "));
    render(doc);
  });
  source.addEventListener("error", () => {
    $("live").classList.remove("on");
    banner(t("offline"));
  });
}

async function start() {
  const session = await (await fetch("/api/session")).json();
  lang = session.language || "en";
  authorised = session.authorised;
  translate();
  for (const [id, name] of Object.entries(GAMES)) $("ng-game").append(new Option(name, id));
  $("pin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/session", { pin: $("pin").value.trim() });
      authorised = true;
      banner("");
      $("pin").value = "";
      if (current) render(current);
    } catch (err) { banner(err.message); }
  });
  $("undo").addEventListener("click", async () => {
    try { await post("/api/undo"); banner(""); } catch (err) { banner(err.message); }
  });
  $("correct").addEventListener("click", () => { correcting = !correcting; if (current) renderMoves(current); });
  $("new-game-open").addEventListener("click", () => { $("new-game").hidden = !$("new-game").hidden; });
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = $("ng-game").value;
    const body = { game, players: $("ng-players").value.split(",").map((p) => p.trim()).filter(Boolean) };
    if (game === "tutankhamen") body.edition = $("ng-edition").value;
    try { await post("/api/game", body); $("new-game").hidden = true; banner(""); } catch (err) { banner(err.message); }
  });
  connect();
}

start();
