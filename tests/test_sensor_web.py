"""The page and the landslide sensor: whether it is still learning the table, answering
its question ("Was that a landslide?") and making it forget the table — the answer and
the reset need the table PIN like every change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_table import Clock, FakeApp
from fastapi.testclient import TestClient
from test_gulogulo_run import BOARD, LEARNED

from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.landslide_referee import LandslideReferee
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from hardware.landslide import LIKELY, Landslide
from hardware.table_profile import TableProfile

PIN = "135790"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, LandslideReferee]]:
    LEARNED.save(tmp_path / "table-profile.json")
    store = Store(tmp_path / "g.db")
    referee = Referee.start(store, {"game": "gulogulo", "players": ["Ann", "Ben"], "board": BOARD})
    app = FakeApp(referee)
    config = Config()
    config.sensor.driver = "trace"
    config.sensor.calibration = str(tmp_path / "calibration.json")
    glue = LandslideReferee(app, config, clock=Clock())
    hub = TableHub(store, referee, pin=PIN, notices=glue.notices)
    hub.landslides = glue  # as the appliance does
    with TestClient(create_app(hub)) as client:
        yield client, glue


def test_the_page_reads_the_sensor_state_and_needs_the_pin_to_change_it(table) -> None:
    client, glue = table
    state = client.get("/api/sensor").json()
    assert state == {"present": True, "learning": False, "pulls": 5, "learn_pulls": 5, "question": False}
    assert client.post("/api/sensor/reset", json={}).status_code == 401
    assert client.post("/api/sensor/answer", json={"landslide": True}).status_code == 401
    assert not glue.learning()


def test_the_page_answers_the_question(table) -> None:
    client, glue = table
    assert client.post("/api/session", json={"pin": PIN}).status_code == 200
    response = client.post("/api/sensor/answer", json={"landslide": True})
    assert response.status_code == 409 and response.json()["error"]["code"] == "no-question"
    assert glue.app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    glue.pump()
    glue.ask(Landslide(1.0, "boulder", 0.08, 1.02, LIKELY))
    assert client.get("/api/sensor").json()["question"]
    response = client.post("/api/sensor/answer", json={"landslide": True})
    assert response.status_code == 200
    assert glue.app.referee.actions[-1]["result"] == "landslide" and glue.question is None
    assert client.post("/api/sensor/answer", json={"landslide": "maybe"}).status_code == 422


def test_the_page_makes_the_sensor_forget_the_table(table, tmp_path: Path) -> None:
    client, glue = table
    assert client.post("/api/session", json={"pin": PIN}).status_code == 200
    assert client.post("/api/sensor/reset", json={}).status_code == 200
    assert glue.learning() and client.get("/api/sensor").json()["learning"]
    assert TableProfile.load(tmp_path / "table-profile.json").pulls == 0
