"""Ankh refereed from the camera, end to end: rendered frames of a filmed table (the
synthetic camera, hardware/sim/camera.py) through the card tracker into the card
referee. A card laid in the active player's row is entered; one laid out of turn is put
back; a hand over the table enters nothing; `scarab run --demo` with an Ankh table is
refereed from its frames (now and then a demo player lays a card in the wrong row first).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fake_table import Clock, FakeApp, play_demo

from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.card_referee import CardReferee
from firmware.referees.referee import Referee
from hardware.sim.camera import SynthCardCamera

GYRB4 = {"rank": ["green", "yellow", "red", "blue"], "threshold": 6}
HEADER = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "papyrus": GYRB4}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cards") / "catalog.json"
    SynthCardCamera(3).catalogue(path)
    return path


def setup(tmp_path: Path, catalog: Path) -> tuple[FakeApp, CardReferee, SynthCardCamera]:
    referee = Referee.start(Store(tmp_path / "g.db"), HEADER)
    camera = SynthCardCamera(3, seed=2, papyrus=GYRB4)
    app = FakeApp(referee, camera, scorings=True)
    config = Config()
    config.camera.ankh_catalog = str(catalog)
    return app, CardReferee(app, config, clock=Clock()), camera


def steps(glue: CardReferee, until: Any, limit: int = 10) -> None:
    for _ in range(limit):
        glue.step()
        if until():
            return


def test_cards_laid_on_the_table_are_entered_and_out_of_turn_put_back(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera = setup(tmp_path, catalog)
    camera.play(0, "green-3")
    steps(glue, lambda: app.referee.actions)
    assert app.referee.actions == [{"player": "Ann", "move": "play", "card": "green-3"}]
    camera.play(2, "red-5")  # Cleo lays before Ben
    steps(glue, lambda: glue.notice is not None)
    assert glue.notice == ("PUT IT BACK", "red 5 in Cleo's row, but it is Ben's turn")
    assert len(Store(tmp_path / "g.db").load(1).actions) == 1 and app.buzzer.played == ["refused"]
    camera.take_back(2)
    camera.play(1, "blue-1")
    steps(glue, lambda: len(app.referee.actions) == 2)
    assert app.referee.actions[-1] == {"player": "Ben", "move": "play", "card": "blue-1"}
    assert glue.notice is None and glue.entered == 2


def test_a_hand_over_the_table_enters_nothing_until_it_is_gone(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera = setup(tmp_path, catalog)
    camera.play(0, "yellow-2", hand_frames=4)
    for _ in range(4):
        glue.step()
    assert app.referee.actions == []
    steps(glue, lambda: app.referee.actions)
    assert app.referee.actions == [{"player": "Ann", "move": "play", "card": "yellow-2"}]


def test_the_demo_is_refereed_from_rendered_frames(tmp_path: Path) -> None:
    """`scarab run --demo` on an Ankh table: every card laid is entered by the camera."""
    header = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "mode": "full", "seed": 3, "target": 15}
    app = play_demo(tmp_path / "demo.db", header, "cards", 300)
    record = Store(tmp_path / "demo.db").load(1)
    plays = [a for a in record.actions if a["move"] == "play"]
    assert record.result is not None and len(plays) >= 5
    assert app.cards.entered == len(plays)  # every card came from the camera
    assert not [line for line in app.recent if "missed" in line]
