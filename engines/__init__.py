"""Pure rules engines. Nothing here does I/O, reads a clock or uses global randomness."""

from __future__ import annotations

import random
from typing import Any

from engines.core import BadHeader, GameState
from engines.tutankhamen import Tutankhamen

GAMES: dict[str, type[GameState]] = {cls.game: cls for cls in (Tutankhamen,)}


def new_game(header: dict[str, Any], seed: int | None = None) -> GameState:
    """Start the game a log header describes. The header's ``seed`` wins over ``seed``."""
    if not isinstance(header, dict):
        raise BadHeader("bad-header", "the header (line 1) must be a JSON object")
    name = header.get("game")
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise BadHeader("unknown-game", f'"game" must be one of {sorted(GAMES)}, not {header.get("game")!r}')
    seed = header.get("seed", seed)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadHeader("bad-seed", '"seed" must be an integer')
    return cls.new(header, None if seed is None else random.Random(seed))


def load_state(data: dict[str, Any]) -> GameState:
    """Rebuild any game's state from its ``to_json`` output."""
    return GAMES[data["game"]].from_json(data)
