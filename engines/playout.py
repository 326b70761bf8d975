"""Random legal playouts: the simulator's, the tests' and the benchmark's opponent."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines import new_game
from engines.core import Action, Event, GameState

MAX_ACTIONS = 10_000  # far beyond any real game; a guard against an engine that never ends


@dataclass
class Playout:
    """One finished game: its header and actions form a replayable log."""

    header: dict[str, Any]
    state: GameState
    actions: list[Action]
    events: list[Event]


Policy = Callable[[random.Random, list[Action]], Action]


def uniform(rng: random.Random, legal: list[Action]) -> Action:
    return rng.choice(legal)


def near(rng: random.Random, legal: list[Action]) -> Action:
    """Take one of the three nearest tiles (decisions stay uniform): slow, table-like games
    instead of the short ones uniform jumps along the path make."""
    takes = [a for a in legal if a["move"] == "take"]
    return rng.choice(takes[:3] if takes else legal)


def play_random(
    header: dict[str, Any],
    rng: random.Random,
    on_step: Callable[[GameState, Action, list[Event]], None] | None = None,
    policy: Policy = uniform,
) -> Playout:
    """Play one game with random legal actions (uniform unless ``policy`` says otherwise).
    A header without a path or seed gets a seed drawn from ``rng``, so the result is
    always replayable."""
    if "path" not in header and "seed" not in header:
        header = {**header, "seed": rng.randrange(2**31)}
    state = new_game(header)
    actions: list[Action] = []
    events: list[Event] = []
    while not state.finished:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
        action = policy(rng, state.legal_actions())
        step = state.apply(action)
        actions.append(action)
        events.extend(step)
        if on_step is not None:
            on_step(state, action, step)
    return Playout(header, state, actions, events)
