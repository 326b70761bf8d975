"""A live table stores nothing but the engine's own fields: an action with a key its verb
does not define is refused before anything is stored, while every action the engines
themselves offer passes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engines import GAMES, game_class
from engines.core import GameState, IllegalAction, RuleError, check_action_keys
from engines.playout import play_random
from firmware.appliance.store import Store
from firmware.referees.referee import Referee


@pytest.mark.parametrize("game", GAMES)
def test_every_action_an_engine_offers_has_only_its_declared_keys(game: str) -> None:
    cls = game_class(game)
    assert cls.action_keys, f"{game} declares no action keys"
    played = 0
    for edition in cls.editions or (None,):
        for players in (2, 3, 4):
            for seed in range(6):
                header = cls.simulation_header([f"P{i}" for i in range(players)], seed, edition)
                try:
                    cls.new(header, random.Random(seed))
                except RuleError:
                    continue  # a player count this game does not take

                def each(state: GameState, action: dict[str, Any], events: list[Any]) -> None:
                    for legal in state.legal_actions():
                        assert legal["move"] in cls.action_keys, legal
                        check_action_keys(state, legal)

                play_random(header, random.Random(seed), on_step=each)
                played += 1
    assert played >= 12


HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 11}


def test_an_extra_key_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    referee = Referee.start(store, HEADER)
    move = referee.state.legal_actions()[0]
    with pytest.raises(IllegalAction) as refused:
        referee.act({**move, "pad": "x" * 1000})
    assert refused.value.code == "unknown-key" and "'pad'" in refused.value.message
    assert referee.actions == [] and len(store.load(referee.game_id).log_lines()) == 1
    referee.act(move)
    with pytest.raises(IllegalAction):
        referee.correct({**move, "note": 1})
    assert referee.actions == [move] and len(store.load(referee.game_id).log_lines()) == 2
