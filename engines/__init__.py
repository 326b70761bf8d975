"""Pure rules engines. Nothing here does I/O, reads a clock or uses global randomness."""

from __future__ import annotations

import importlib
import random
from functools import cache
from typing import Any

from engines.core import BadHeader, GameState

# Game id (the header's "game") -> "module:class". Imported on first use, so one game's
# engine never slows down or breaks another's.
REGISTRY: dict[str, str] = {
    "tutankhamen": "engines.tutankhamen.game:Tutankhamen",
    "ankh": "engines.ankh.game:Ankh",
    "bann": "engines.bann.game:Bann",
    "gulogulo": "engines.gulogulo.game:GuloGulo",
}
GAMES: tuple[str, ...] = tuple(REGISTRY)


@cache
def game_class(name: str) -> type[GameState]:
    module, _, cls = REGISTRY[name].partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def new_game(header: dict[str, Any], seed: int | None = None) -> GameState:
    """Start the game a log header describes. The header's ``seed`` wins over ``seed``."""
    if not isinstance(header, dict):
        raise BadHeader("bad-header", "the header (line 1) must be a JSON object")
    name = header.get("game")
    if not isinstance(name, str) or name not in REGISTRY:
        raise BadHeader("unknown-game", f'"game" must be one of {sorted(REGISTRY)}, not {name!r}')
    seed = header.get("seed", seed)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadHeader("bad-seed", '"seed" must be an integer')
    return game_class(name).new(header, None if seed is None else random.Random(seed))


def load_state(data: dict[str, Any]) -> GameState:
    """Rebuild any game's state from its ``to_json`` output."""
    return game_class(data["game"]).from_json(data)
