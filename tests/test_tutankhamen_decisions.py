"""The project's own rules decisions (docs/rules-decisions.md) that the rulebook
examples do not already pin down: each test names the decision it guards."""

from __future__ import annotations

from typing import Any

import pytest

from engines import new_game
from engines.core import BadHeader, GameState
from engines.tutankhamen.game import Tutankhamen


def game(edition: str, players: list[str], path: list[str]) -> Tutankhamen:
    state = new_game({"game": "tutankhamen", "edition": edition, "players": players, "path": path})
    assert isinstance(state, Tutankhamen)
    return state


def act(state: GameState, player: str, move: str, **fields: Any) -> list[dict[str, Any]]:
    return state.apply({"player": player, "move": move, **fields})


def with_points(state: Tutankhamen, **points: int) -> Tutankhamen:
    """The same situation with some scores moved close to the target — through the JSON
    round trip, the way a resumed game would arrive."""
    data = state.to_json()
    for name, pts in points.items():
        data["points"][data["players"].index(name)] = pts
    return Tutankhamen.from_json(data)


def test_t7_the_gold_bag_is_used_before_the_clean_up() -> None:
    """Ann's purchase makes her the sole horus-blue owner before the clean-up removes the
    last horus-blue from the path; the other order would score a 1/1 tie (2 each)."""
    s = game("otb2004", ["Ann", "Ben"], ["horus-blue", "horus-blue", "goldbag", "horus-blue", "cat-green"])
    act(s, "Ann", "take", index=0)
    act(s, "Ben", "take", index=3)
    act(s, "Ann", "take", index=2)
    assert s.to_act == "Ann" and s.prompt().code == "steal"
    assert s.path[1] == "horus-blue", "the clean-up waits for the purchase"
    events = act(s, "Ann", "steal", **{"from": "Ben", "tile": "horus-blue"})
    kinds = [e["type"] for e in events]
    assert kinds.index("stole") < kinds.index("removed") < kinds.index("scored")
    scored = next(e for e in events if e["type"] == "scored")
    assert scored["set"] == "horus-blue" and scored["awards"] == {"Ann": 4}
    assert s.scores() == {"Ann": 4, "Ben": 1}


@pytest.mark.parametrize(("edition", "thief"), [("otb2004", "goldbag"), ("amigo", "nugget")])
def test_t10_the_sellers_point_can_win_the_game_at_once(edition: str, thief: str) -> None:
    s = game(edition, ["Ann", "Ben"], ["horus-blue", "horus-blue", thief, "horus-blue", "cat-green"])
    act(s, "Ann", "take", index=0)
    act(s, "Ben", "take", index=3)
    act(s, "Ann", "take", index=2)
    s = with_points(s, Ben=s.target - 1)
    events = act(s, "Ann", "steal", **{"from": "Ben", "tile": "horus-blue"})
    assert s.finished and s.winners() == ["Ben"]
    assert events[-1] == {
        "type": "game-over",
        "winners": ["Ben"],
        "reason": "out-of-coins" if edition == "otb2004" else "goal",
    }
    assert not any(e["type"] in {"removed", "scored"} for e in events), "nothing happens after the win"
    assert s.path[1] == "horus-blue"


def test_o1_king_tuts_coin_is_paid_at_once_and_can_win() -> None:
    s = game("otb2004", ["Ann", "Ben"], ["horus-green", "cat-green", "kingtut"])
    act(s, "Ann", "take", index=1)
    s = with_points(s, Ben=s.target - 1)
    events = act(s, "Ben", "take", index=2)
    assert [e["type"] for e in events] == ["took", "kingtut-bonus", "game-over"]
    assert events[1]["awards"] == {"Ben": 1}
    assert s.winners() == ["Ben"] and s.remaining()["Ben"] == 0
    assert s.path[0] == "horus-green", "the clean-up of a won game does not run"


def test_t3_points_stop_at_the_target() -> None:
    """Ann needs 2 more coins and scores a full 8: she pays 2 and wins; awards say 2."""
    s = game("otb2004", ["Ann", "Ben"], ["mask-green", "horus-green"])
    s = with_points(s, Ann=s.target - 2)
    events = act(s, "Ann", "take", index=0)
    scored = next(e for e in events if e["type"] == "scored")
    assert scored["awards"] == {"Ann": 2}
    assert s.remaining()["Ann"] == 0 and s.winners() == ["Ann"]


def test_t16_an_empty_path_is_no_game() -> None:
    with pytest.raises(BadHeader) as info:
        game("otb2004", ["Ann", "Ben"], [])
    assert info.value.code == "bad-path"


def test_a1_moving_beyond_is_a_choice_even_with_tiles_ahead() -> None:
    s = game("amigo", ["Ann", "Ben"], ["cat-blue", "horus-green", "mask-purple"])
    assert {"player": "Ann", "move": "beyond"} in s.legal_actions()
    events = act(s, "Ann", "beyond")
    assert [e["type"] for e in events][:2] == ["beyond", "goldmask"]
    assert s.public_state()["goldmask"] == "Ann"
    assert s.to_act == "Ben"
    act(s, "Ben", "beyond")
    assert s.finished and s.end == "all-beyond"
    assert s.path == [None, None, None], "the last clean-up clears the whole path"
