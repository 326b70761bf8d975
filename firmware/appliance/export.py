"""Stored games out of the box: the replayable log, and one BG Stats play.

BG Stats (the "Board Game Stats" app) imports a play from other apps through its
documented createPlay link: ``https://app.bgstatsapp.com/createPlay.html?data=<JSON>``
(``bgstats://app.bgstatsapp.com/createPlay.html?data=…`` opens the app directly), the
JSON URL-encoded. ``bgstats`` builds that JSON for a finished stored game; ``createplay_link``
wraps it in the link the page shows as "Log in BG Stats" and as a QR code. An unfinished
game is refused (``Unfinished``): it is never exported as if it had ended.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

from engines import game_class, new_game
from engines.core import RuleError
from engines.replay import LogError, replay
from engines.wording import render_ending, scored_in_points
from firmware.appliance.store import GameRecord

SOURCE_NAME = "Scarab"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
CREATE_PLAY_APP = "bgstats://app.bgstatsapp.com/createPlay.html?data="


@dataclass(frozen=True)
class Box:
    """A game as BG Stats knows it: its name and its BoardGameGeek id (docs/game-logs.md,
    "BG Stats"). ``bgg_id`` None would leave the id out: BG Stats then matches by name."""

    name: str
    bgg_id: int | None


# (game, edition) -> the box. BoardGameGeek files editions of one game under one id, so
# both Tutankhamen editions share the game's id once it is known.
BOXES: dict[tuple[str, str | None], Box] = {
    ("tutankhamen", "otb2004"): Box("Tutankhamen", 300),  # Knizia 1993; the OTB 2004 box is filed under it
    ("tutankhamen", "amigo"): Box("Tutanchamun", 300),
    ("ankh", None): Box("Ankh: Launen einer Königin", 203421),  # HUCH! 2016; not Ankh: Gods of Egypt
    ("bann", None): Box("Im Bann der Pyramide", 26080),  # Adlung 2006
    ("gulogulo", None): Box("Pharaoh's Gulo Gulo", 175088),  # HABA 2015; not Gulo Gulo (6351)
}
GAME_TITLES = {game: box.name for (game, edition), box in BOXES.items() if edition in (None, "otb2004")}


class Unfinished(LogError):
    """A stored game that has not ended: BG Stats records finished plays only."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(
            "unfinished",
            f"game {record.id} has not finished yet: BG Stats records finished plays only "
            "(export the log to keep an unfinished game)",
            None,
        )


def duration_minutes(record: GameRecord) -> int:
    """From the game's start to its last action (or its finish)."""
    end = record.finished_at or (record.action_times[-1] if record.action_times else record.started_at)
    seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(record.started_at)).total_seconds()
    return max(0, round(seconds / 60))


def box(record: GameRecord) -> Box:
    edition = record.header.get("edition") if game_class(record.game).editions else None
    found = BOXES.get((record.game, edition))
    return found or Box(GAME_TITLES.get(record.game, record.game), None)


def source_play_id(record: GameRecord) -> str:
    """Stable for one stored game (its start and id), so importing it twice is one play."""
    return f"scarab:{record.started_at}:{record.id}"


def ranks(order: list[tuple[bool, float]]) -> list[int]:
    """Competition ranks ("1, 2, 2, 4") for keys sorted best first: (won, how far)."""
    ranked: list[int] = []
    for i, key in enumerate(order):
        ranked.append(ranked[i - 1] if i and key == order[i - 1] else i + 1)
    return ranked


def bgstats(record: GameRecord) -> dict[str, Any]:
    """One finished play as BG Stats' createPlay JSON. Raises ``Unfinished`` for a game
    that has not ended. A game not scored in points (Bann without minus points, Gulo
    Gulo) is ``noPoints``: its players are ranked by how far they came, their ``score``
    is 0, and the comments say why the game ended."""
    if record.finished_at is None or not record.result:
        raise Unfinished(record)
    state = replay(record.log_lines()).state
    if not state.finished:
        raise Unfinished(record)
    players = list(state.players)
    scores = state.scores()
    winners = set(state.winners())
    points = scored_in_points(state)
    progress = _progress(state)
    keys = {p: (p in winners, float(scores[p] if points else progress.get(p, 0))) for p in players}
    order = sorted(players, key=lambda p: (not keys[p][0], -keys[p][1]))
    rank_of = dict(zip(order, ranks([keys[p] for p in order]), strict=True))
    found = box(record)
    game: dict[str, Any] = {
        "name": found.name,
        "sourceGameId": source_game_id(record),
        "highestWins": True,
        "noPoints": not points,
    }
    if found.bgg_id is not None:
        game["bggId"] = found.bgg_id
    started = datetime.fromisoformat(record.started_at).astimezone()
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": source_play_id(record),
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": duration_minutes(record),
        "game": game,
        "comments": render_ending(state, "en"),
        "players": [
            {
                "sourcePlayerId": f"scarab-player:{name}",
                "name": name,
                "score": scores[name] if points else 0,
                "rank": rank_of[name],
                "winner": name in winners,
                "startPlayer": seat == 0,
                "role": "",
            }
            for seat, name in enumerate(players)
        ],
    }


def createplay_link(record: GameRecord, app: bool = False) -> str:
    """The link that opens BG Stats' import dialog with this game's play: the web address
    (which hands over to the app where it is installed), or with ``app`` the app's own
    ``bgstats://`` scheme. Raises ``Unfinished`` like ``bgstats``."""
    data = json.dumps(bgstats(record), ensure_ascii=False, separators=(",", ":"))
    return (CREATE_PLAY_APP if app else CREATE_PLAY) + quote(data, safe="")


def counts_points(record: GameRecord) -> bool:
    """Whether the stored game is scored in points, from its header alone (Gulo Gulo
    never; Bann with minus points): a header the engine refuses is shown with its scores."""
    try:
        return scored_in_points(new_game(record.header))
    except (RuleError, LogError, KeyError, TypeError, ValueError):
        return True


def source_game_id(record: GameRecord) -> str:
    """One id per game and edition: "scarab-tutankhamen-amigo", "scarab-ankh"."""
    edition = record.header.get("edition")
    if game_class(record.game).editions and isinstance(edition, str):
        return f"scarab-{record.game}-{edition}"
    return f"scarab-{record.game}"


def _progress(state: Any) -> dict[str, int]:
    """How far each player came in a race, for ranking without points: Bann's and Gulo
    Gulo's positions (further is better)."""
    positions = state.public_state().get("positions")
    if isinstance(positions, dict):
        return {p: int(n) for p, n in positions.items()}
    return {}
