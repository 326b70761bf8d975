"""Stored games out of the box: the replayable log, and BG Stats' import JSON."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from firmware.store import GameRecord

GAME_TITLES = {
    "tutankhamen": "Tutankhamen",
    "ankh": "Ankh: Launen einer Königin",
    "bann": "Im Bann der Pyramide",
    "gulogulo": "Pharaoh's Gulo Gulo",
}


def duration_minutes(record: GameRecord) -> int:
    """From the game's start to its last action (or its finish)."""
    end = record.finished_at or (record.action_times[-1] if record.action_times else record.started_at)
    seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(record.started_at)).total_seconds()
    return max(0, round(seconds / 60))


def bgstats(record: GameRecord) -> dict[str, Any]:
    """One play in BG Stats' import shape: games, players and plays tables joined by id."""
    players = list(record.header.get("players", []))
    result = record.result or {}
    scores = result.get("scores", {})
    winners = set(result.get("winners", []))
    started = datetime.fromisoformat(record.started_at)
    return {
        "sourceName": "Scarab",
        "games": [{"id": 1, "name": GAME_TITLES.get(record.game, record.game)}],
        "players": [{"id": i + 1, "name": name} for i, name in enumerate(players)],
        "plays": [
            {
                "gameRefId": 1,
                "playDate": started.strftime("%Y-%m-%d %H:%M:%S"),
                "durationMin": duration_minutes(record),
                "ignored": False,
                "incomplete": record.result is None,
                "playerScores": [
                    {
                        "playerRefId": i + 1,
                        "score": str(scores.get(name, "")),
                        "winner": name in winners,
                        "startPlayer": i == 0,
                        "seatOrder": i + 1,
                    }
                    for i, name in enumerate(players)
                ],
            }
        ],
    }
