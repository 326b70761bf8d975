"""The JSON API: reading is open; every change needs the PIN session and a JSON body;
every refusal is a 4xx with a message."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from engines.playout import play_random
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.app import COOKIE, create_app
from firmware.web.hub import LOCKOUT_SECONDS, TableHub

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 11}
PIN = "246810"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hub(tmp_path: Path, clock: Clock) -> TableHub:
    store = Store(tmp_path / "s.db")
    return TableHub(
        store, Referee.start(store, HEADER), pin=PIN, frame_png=lambda: b"\x89PNG fake", clock=clock
    )


@pytest.fixture
def client(hub: TableHub) -> Iterator[TestClient]:
    with TestClient(create_app(hub)) as c:
        yield c


def unlock(client: TestClient) -> None:
    assert client.post("/api/session", json={"pin": PIN}).status_code == 200


def first_move() -> dict:
    return play_random(HEADER, random.Random(3)).actions[0]


def test_reading_is_open(client: TestClient) -> None:
    state = client.get("/api/state").json()
    assert state["game"] == "tutankhamen" and state["to_act"] == "Ann" and state["actions"] == 0
    legal = client.get("/api/legal").json()
    assert legal["to_act"] == "Ann" and {"player": "Ann", "move": "take", "index": 0} in legal["actions"]
    assert len(legal["labels"]) == len(legal["actions"])
    # in words, the tile named as people call it (not its id), and where it lies
    assert state["state"]["path"][0] == "goldbag" and legal["labels"][0] == "take the gold bag (#0)"
    assert not any(set(label) & set("{}[]'=") for label in legal["labels"])
    assert client.get("/api/history").json()["actions"] == []
    assert client.get("/api/session").json() == {"authorised": False, "language": "en"}
    oled = client.get("/api/oled.png")
    assert oled.status_code == 200 and oled.headers["content-type"] == "image/png"


def test_the_pin_never_reaches_a_reader(client: TestClient) -> None:
    for path in (
        "/",
        "/api/state",
        "/api/history",
        "/api/legal",
        "/api/session",
        "/static/app.js",
        "/openapi.json",
    ):
        assert PIN not in client.get(path).text, path


def test_device_warnings_reach_the_page(tmp_path: Path) -> None:
    store = Store(tmp_path / "w.db")
    hub = TableHub(
        store, Referee.start(store, HEADER), pin=PIN, warnings=lambda: ["camera 0 could not be opened"]
    )
    with TestClient(create_app(hub)) as c:
        assert c.get("/api/state").json()["warnings"] == ["camera 0 could not be opened"]


def test_the_page_is_served_with_its_own_assets(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>Scarab</title>" in page.text
    for asset in ("/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200
    assert "https://" not in page.text and "cdn" not in page.text.lower(), "no assets from outside"


def test_a_move_needs_the_pin(client: TestClient, hub: TableHub) -> None:
    response = client.post("/api/actions", json={"action": first_move()})
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "pin-required"
    assert hub.referee.actions == []


def test_the_right_pin_sets_a_strict_httponly_cookie_and_moves_are_made(
    client: TestClient, hub: TableHub
) -> None:
    response = client.post("/api/session", json={"pin": PIN})
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and COOKIE in cookie
    assert client.get("/api/session").json()["authorised"] is True
    move = first_move()
    state = client.post("/api/actions", json={"action": move}).json()
    assert state["actions"] == 1 and hub.referee.actions == [move]
    history = client.get("/api/history").json()["actions"]
    assert [(h["n"], h["action"]) for h in history] == [(1, move)]
    assert history[0]["text"].startswith("Ann takes ") and f"(#{move['index']})" in history[0]["text"]


def test_an_illegal_move_is_refused_with_the_rule(client: TestClient, hub: TableHub) -> None:
    unlock(client)
    response = client.post("/api/actions", json={"action": {"player": "Ben", "move": "take", "index": 3}})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "out-of-turn"
    assert hub.referee.actions == []


@pytest.mark.parametrize(
    "body",
    [{}, {"action": "take"}, {"action": {"player": "Ann"}, "extra": 1}, {"move": "take"}, []],
    ids=["empty", "action-not-object", "unknown-field", "no-envelope", "array"],
)
def test_a_malformed_body_is_a_4xx_with_a_message(client: TestClient, body: object) -> None:
    unlock(client)
    response = client.post("/api/actions", json=body)
    assert response.status_code == 422
    assert response.json()["error"]["message"]


def test_a_move_without_a_json_body_is_refused(client: TestClient) -> None:
    """A form post from another site can never drive the table."""
    unlock(client)
    response = client.post("/api/actions", data={"action": "x"})
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "json-only"


def test_wrong_pins_lock_the_client_out_for_a_minute(client: TestClient, clock: Clock) -> None:
    for left in (4, 3, 2, 1):
        response = client.post("/api/session", json={"pin": "000000"})
        assert response.status_code == 401 and response.json()["error"]["left"] == left
    fifth = client.post("/api/session", json={"pin": "000000"})
    assert fifth.status_code == 429 and int(fifth.headers["retry-after"]) == int(LOCKOUT_SECONDS) + 1
    assert client.post("/api/session", json={"pin": PIN}).status_code == 429, (
        "locked out even with the right PIN"
    )
    clock.now += LOCKOUT_SECONDS + 0.1
    assert client.post("/api/session", json={"pin": PIN}).status_code == 200


@pytest.mark.parametrize("pin", ["12345", "1234567", "abcdef", 123456])
def test_a_pin_that_is_not_six_digits_is_a_bad_request(client: TestClient, pin: object) -> None:
    assert client.post("/api/session", json={"pin": pin}).status_code == 422


def test_undo_and_correct(client: TestClient, hub: TableHub) -> None:
    unlock(client)
    actions = play_random(HEADER, random.Random(3)).actions
    client.post("/api/actions", json={"action": actions[0]})
    client.post("/api/actions", json={"action": actions[1]})
    assert client.post("/api/undo", json={}).json()["actions"] == 1
    other = next(a for a in client.get("/api/legal").json()["actions"] if a != actions[1])
    offered_now = client.get("/api/legal").json()["actions"]
    client.post("/api/actions", json={"action": actions[1]})
    assert client.get("/api/legal?before_last=true").json()["actions"] == offered_now
    assert client.post("/api/correct", json={"action": other}).json()["actions"] == 2
    assert hub.referee.actions[-1] == other
    bad = client.post("/api/correct", json={"action": {"player": "Ann", "move": "take", "index": 0}})
    assert bad.status_code == 409 and hub.referee.actions[-1] == other


def test_nothing_to_undo_is_a_409(client: TestClient) -> None:
    unlock(client)
    response = client.post("/api/undo", json={})
    assert response.status_code == 409 and "no action to undo" in response.json()["error"]["message"]


def test_a_new_game_is_judged_first(client: TestClient, hub: TableHub) -> None:
    unlock(client)
    bad = client.post("/api/game", json={"game": "tutankhamen", "edition": "deluxe", "players": ["A", "B"]})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "unknown-edition"
    old = hub.referee.game_id
    ok = client.post("/api/game", json={"game": "tutankhamen", "edition": "amigo", "players": ["Oma", "Tim"]})
    assert ok.status_code == 200 and ok.json()["edition"] == "amigo" and hub.referee.game_id != old
    assert client.get("/api/state").json()["players"] == ["Oma", "Tim"]


def test_the_openapi_document_describes_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/state", "/api/history", "/api/legal", "/api/session", "/api/actions", "/api/undo",
                 "/api/correct", "/api/game", "/api/stream", "/api/oled.png"):  # fmt: skip
        assert path in paths


def test_updates_are_numbered_and_a_returning_page_gets_what_it_missed(hub: TableHub) -> None:
    start = hub.seq
    actions = play_random(HEADER, random.Random(3)).actions
    for action in actions[:3]:
        hub.act(action)
    missed = hub.since(start + 1)
    assert [u["seq"] for u in missed] == [start + 2, start + 3]
    assert missed[-1]["state"]["actions"] == 3
    assert missed[0]["events"][0]["type"] == "took"
    first_visit = hub.since(None)
    assert (
        len(first_visit) == 1
        and first_visit[0]["kind"] == "snapshot"
        and first_visit[0]["state"]["actions"] == 3
    )
    assert json.dumps(missed)  # what the stream sends is plain JSON


# ------------------------------------------------------------------ hostile clients


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient, hub: TableHub) -> None:
    unlock(client)
    move = first_move()
    big = json.dumps({"action": {**move, "pad": "x" * (10 * 1024 * 1024)}})
    response = client.post("/api/actions", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"action": {"pad": "'
        for _ in range(100):
            yield b"x" * 4096
        yield b'"}}'

    response = client.post("/api/actions", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert hub.referee.actions == []
    assert client.post("/api/actions", json={"action": move}).status_code == 200


def test_an_action_with_keys_the_engine_does_not_define_is_a_422_and_never_stored(
    client: TestClient, hub: TableHub
) -> None:
    unlock(client)
    move = first_move()
    response = client.post("/api/actions", json={"action": {**move, "pad": "x" * 1000}})
    assert response.status_code == 422
    assert (
        response.json()["error"]["code"] == "unknown-key" and "'pad'" in response.json()["error"]["message"]
    )
    assert hub.referee.actions == []
    assert client.post("/api/actions", json={"action": move}).status_code == 200
    assert client.post("/api/correct", json={"action": {**move, "note": "hi"}}).status_code == 422
    assert hub.referee.actions == [move]
    assert all(set(a) <= {"player", "move", "index"} for a in hub.store.load(hub.referee.game_id).actions)


@pytest.mark.parametrize(
    "origin",
    ["null", "http://evil.example", "http://testserver.evil.example", "https://testserver:444", "file://"],
)
def test_a_change_from_another_origin_is_forbidden(client: TestClient, hub: TableHub, origin: str) -> None:
    unlock(client)
    move = first_move()
    for path, body in (("/api/actions", {"action": move}), ("/api/undo", {}), ("/api/session", {"pin": PIN})):
        response = client.post(path, json=body, headers={"Origin": origin})
        assert response.status_code == 403, path
        assert response.json()["error"]["code"] == "cross-site"
    cross = client.post("/api/actions", json={"action": move}, headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    assert hub.referee.actions == []
    same = client.post("/api/actions", json={"action": move}, headers={"Origin": "http://testserver"})
    assert same.status_code == 200 and hub.referee.actions == [move]


def test_the_api_docs_work_offline_and_there_is_a_favicon(client: TestClient) -> None:
    for path in ("/docs", "/redoc"):
        page = client.get(path)
        assert page.status_code == 200
        sources = re.findall(r'(?:src|href)="([^"]+)"', page.text) + re.findall(r"url: '([^']+)'", page.text)
        assert sources, path
        for source in sources:
            assert source.startswith("/"), f"{path} loads {source} from elsewhere"
            assert client.get(source).status_code == 200, source
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
