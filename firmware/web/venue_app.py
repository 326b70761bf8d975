"""The venue page: every table's game, scores and whose turn it is, live.

The first view is drawn on the server (it works without JavaScript); a few lines of
script then follow ``/api/stream`` (server-sent events, like the table's own page) and
redraw the tables on every update. No CDN: a club's network may be offline.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from html import escape
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent

GAME_TITLES = {
    "tutankhamen": "Tutankhamen",
    "ankh": "Ankh",
    "bann": "Im Bann der Pyramide",
    "gulogulo": "Pharaoh's Gulo Gulo",
}
KEEPALIVE = 15.0

STYLE = """
body{font-family:sans-serif;margin:1rem;background:#f6f3ec;color:#222}
h1{margin:.2rem 0 1rem}
#tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.table{background:#fff;border-radius:.5rem;padding:.7rem 1rem;box-shadow:0 1px 3px #0002}
.table.offline{opacity:.55}.table h2{margin:0;font-size:1.2rem}.game{color:#666;margin:.1rem 0 .5rem}
.table ol{margin:0;padding:0;list-style:none}
.table li{display:flex;justify-content:space-between;padding:.1rem .3rem}
.table li.to-act{background:#fde9a6;font-weight:bold}.table li.winner span:first-child::after{content:" ★"}
.prompt{margin-top:.4rem;font-size:.9rem}
.banner{background:#a22;color:#fff;padding:.4rem .8rem;border-radius:.3rem}
.state{font-size:.8rem;color:#777}
"""

SCRIPT = """
const GAMES = %s;
const ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"};
const esc = s => String(s ?? "").replace(/[&<>"']/g, c => ENTITIES[c]);
function card(t) {
  const rows = (t.players || []).map(p => {
    const won = (t.winners || []).includes(p) ? "winner" : "";
    const cls = [p === t.to_act ? "to-act" : "", won].join(" ").trim();
    const score = esc((t.scores || {})[p]);
    return `<li class="${cls}" data-player="${esc(p)}"><span>${esc(p)}</span><span>${score}</span></li>`;
  }).join("");
  const title = GAMES[t.game] || t.game || "waiting for its first state";
  const state = t.online === false ? "offline" : (t.finished ? "game over" : "playing");
  return `<section class="table ${t.online === false ? "offline" : ""}" data-table="${esc(t.name)}">`
    + `<h2>${esc(t.name)}</h2><div class="game">${esc(title)} · <span class="state">${state}</span></div>`
    + `<ol>${rows}</ol><div class="prompt">${esc(t.prompt)}</div></section>`;
}
function draw(doc) {
  document.getElementById("banner").innerHTML = doc.broker ? `<p class="banner">${esc(doc.broker)}</p>` : "";
  document.getElementById("tables").innerHTML = doc.tables.map(card).join("")
    || "<p>No table has published yet.</p>";
  document.body.dataset.seq = doc.seq;
}
const stream = new EventSource("/api/stream");
stream.addEventListener("venue", e => draw(JSON.parse(e.data)));
"""


def card(t: dict[str, Any]) -> str:
    """One table, drawn on the server exactly as the script draws it."""
    rows = []
    for p in t["players"]:
        cls = " ".join(
            c for c in ("to-act" if p == t["to_act"] else "", "winner" if p in t["winners"] else "") if c
        )
        rows.append(
            f'<li class="{cls}" data-player="{escape(p)}"><span>{escape(p)}</span>'
            f"<span>{escape(str(t['scores'].get(p, '')))}</span></li>"
        )
    title = GAME_TITLES.get(t["game"] or "", t["game"] or "waiting for its first state")
    state = "offline" if t["online"] is False else ("game over" if t["finished"] else "playing")
    offline = "offline" if t["online"] is False else ""
    return (
        f'<section class="table {offline}" data-table="{escape(t["name"])}"><h2>{escape(t["name"])}</h2>'
        f'<div class="game">{escape(title)} · <span class="state">{state}</span></div>'
        f'<ol>{"".join(rows)}</ol><div class="prompt">{escape(str(t["prompt"]))}</div></section>'
    )


def page(doc: dict[str, Any]) -> str:
    banner = f'<p class="banner">{escape(doc["broker"])}</p>' if doc["broker"] else ""
    tables = "".join(card(t) for t in doc["tables"]) or "<p>No table has published yet.</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Scarab — the venue</title><style>{STYLE}</style></head>"
        f'<body data-seq="{doc["seq"]}"><h1>The venue</h1><div id="banner">{banner}</div>'
        f'<div id="tables">{tables}</div><script>{SCRIPT % json.dumps(GAME_TITLES)}</script></body></html>'
    )


def create_venue_app(venue: Any) -> FastAPI:
    app = FastAPI(title="Scarab venue", docs_url=None, redoc_url=None)

    @app.get("/", response_class=HTMLResponse)
    async def index() -> HTMLResponse:
        return HTMLResponse(page(venue.document()), headers={"Cache-Control": "no-store"})

    @app.get("/api/tables", summary="Every table heard of: game, players, scores, whose turn, online")
    async def tables() -> dict[str, Any]:
        return dict(venue.document())

    @app.get(
        "/api/stream", response_class=EventSourceResponse, summary="The tables, again after every change"
    )
    async def stream(request: Request) -> AsyncIterator[ServerSentEvent]:
        seen = -1
        while True:
            if seen != venue.seq:
                doc = venue.document()
                seen = doc["seq"]
                yield ServerSentEvent(raw_data=json.dumps(doc, ensure_ascii=False), event="venue")
            if await request.is_disconnected():
                return
            await venue.wait(seen, KEEPALIVE)

    return app
