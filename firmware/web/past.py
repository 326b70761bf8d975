"""Past games for the page: the store's games listed (date, players, result, duration),
any one opened as a read-only replay, and a finished one's result kept: its log, its BG
Stats play and the QR code of the link that logs it in BG Stats.

The BG Stats play itself is firmware/appliance/export.py's (one place decides that format); this
module only serves it and draws its link as a QR code with the OLED's own QR code.
"""

from __future__ import annotations

import json
from typing import Any

from engines.replay import LogError, document, replay
from engines.wording import render_action, render_ending, scored_in_points
from firmware.appliance import export
from firmware.appliance.screens import qr_matrix
from firmware.appliance.store import GameRecord, Store
from firmware.web.table_svg import table_svg


def summary(record: GameRecord, lang: str = "en") -> dict[str, Any]:
    """One line of the list: when, who, how it ended and how long it took. A game not
    scored in points says why it ended instead of its column of zeros."""
    result = record.result or {}
    in_points, ending = _outcome(record, lang)
    return {
        "id": record.id,
        "game": record.game,
        "edition": record.header.get("edition"),
        "players": list(record.header.get("players", [])),
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "finished": record.finished_at is not None,
        "winners": list(result.get("winners", [])),
        "scores": dict(result.get("scores", {})),
        "duration_min": export.duration_minutes(record),
        "in_points": in_points,
        "ending": ending,
    }


_OUTCOMES: dict[tuple[str, str, int, int, str | None, str], tuple[bool, str]] = {}


def _outcome(record: GameRecord, lang: str) -> tuple[bool, str]:
    """Whether the game counts points, and why it ended: from its replay, kept per stored
    game and length so the list replays each game once (on a Pi a replay costs
    milliseconds, and the list is asked for after every game)."""
    header = json.dumps(record.header, sort_keys=True)
    key = (header, record.started_at, record.id, len(record.actions), record.finished_at, lang)
    if key not in _OUTCOMES:
        if len(_OUTCOMES) > 1000:
            _OUTCOMES.clear()
        state = replay(record.log_lines()).state
        _OUTCOMES[key] = (scored_in_points(state), render_ending(state, lang))
    return _OUTCOMES[key]


def games(store: Store, lang: str = "en", limit: int = 50) -> list[dict[str, Any]]:
    """The newest ``limit`` games, newest first. A game's duration needs its action times
    and its ending its replay, so each listed game is loaded once."""
    return [summary(store.load(record.id), lang) for record in store.games()[:limit]]


def opened(store: Store, game_id: int, lang: str, at: int | None = None) -> dict[str, Any]:
    """A stored game as a read-only replay: its summary, the replay document (prompt and
    scores in ``lang``) and the table after ``at`` actions (all of them when None), and
    every action in words."""
    record = store.load(game_id)
    lines = record.log_lines()
    shown = len(record.actions) if at is None else min(at, len(record.actions))
    doc = document(replay(lines[: 1 + shown]), lang)
    doc.pop("events", None)
    state = replay(lines[:1]).state
    history = []
    for n, action in enumerate(record.actions, start=1):
        history.append({"n": n, "text": render_action(action, state, lang)})
        state.apply(action)
    return {
        **summary(record, lang),
        "at": shown,
        "document": doc,
        "svg": table_svg(doc, lang, record.header),
        "history": history,
        "links": links(record),
    }


def links(record: GameRecord) -> dict[str, str]:
    """Where the page finds the game's log and, once it is finished, its BG Stats play."""
    found = {"log": f"/api/games/{record.id}/log.jsonl"}
    if record.finished_at is None:
        return found
    try:
        link = bgstats_link(record)
    except LogError:  # export.py refuses it (a game that did not end as the rules end it)
        return found
    return found | {
        "bgstats": f"/api/games/{record.id}/bgstats.json",
        "bgstats_link": link,
        "bgstats_qr": f"/api/games/{record.id}/bgstats-qr.svg",
    }


def bgstats_link(record: GameRecord) -> str:
    """BG Stats' createPlay link carrying the play export.py builds (export.py's own)."""
    return export.createplay_link(record)


def qr_svg(text: str, module: int = 4) -> str:
    """A QR code as SVG: dark modules on a light field, as phones read them best."""
    matrix = qr_matrix(text, border=4)
    side = len(matrix) * module
    dark = "".join(
        f"M{x * module} {y * module}h{module}v{module}h-{module}z"
        for y, row in enumerate(matrix)
        for x, on in enumerate(row)
        if on
    )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {side} {side}' width='{side}' height='{side}' "
        f"shape-rendering='crispEdges'><rect width='{side}' height='{side}' fill='#fff'/>"
        f"<path d='{dark}' fill='#000'/></svg>"
    )
