"""The page's setup API: a new game from a complete header of every game (judged by its
engine before anything is stored), the setup choices and box counts the form offers, a
phone's photo of the path read as the Pi camera reads its frames, the table as SVG, and
past games with their logs and BG Stats play."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient
from PIL import Image
from served import ORIGIN, PIN
from test_camera_referee import PATH, SCENE_SEED

from engines import new_game
from engines.tutankhamen.tiles import EDITIONS
from firmware.appliance import export, screens
from firmware.appliance.run import read_path_file
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web import past
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from firmware.web.photo import MAX_PHOTO
from hardware.sim.camera import SynthCamera

SEEDED = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def hub(tmp_path: Path) -> TableHub:
    store = Store(tmp_path / "s.db")
    hub = TableHub(store, Referee.start(store, SEEDED), pin=PIN)
    hub.catalogue = lambda: tmp_path / "no-catalogue-here.json"
    return hub


@pytest.fixture
def client(hub: TableHub) -> TestClient:
    client = TestClient(create_app(hub))
    assert client.post("/api/session", json={"pin": PIN}, headers=ORIGIN).status_code == 200
    return client


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("faces") / "catalog.json"
    SynthCamera(PATH).catalogue(path)
    return path


def frame_jpeg() -> bytes:
    """A frame of the synthetic table laid with PATH, as a phone would send it."""
    frame = SynthCamera(PATH, seed=SCENE_SEED).read()
    assert frame is not None
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return data.tobytes()


def start(client: TestClient, header: dict) -> dict:
    response = client.post("/api/game", json=header, headers=ORIGIN)
    assert response.status_code == 200, response.json()
    return response.json()


# ------------------------------------------------------------------ new games


def test_a_tutankhamen_game_starts_on_the_path_laid(client: TestClient, hub: TableHub) -> None:
    doc = start(
        client, {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "path": PATH}
    )
    assert doc["state"]["path"] == PATH and hub.referee.header["path"] == PATH
    assert hub.store.load(hub.referee.game_id).header["path"] == PATH


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"path": ["cat-green"] * 3}, "too-many-tiles"),
        ({"path": ["kingtut", "cat-green"]}, "kingtut-not-last"),
        ({"path": ["nugget"]}, "unknown-tile"),
        ({"path": []}, "bad-path"),
        ({"path": "cat-green"}, "bad-path"),
    ],
)
def test_a_path_the_box_cannot_lay_is_refused_with_the_engines_code_and_nothing_stored(
    client: TestClient, hub: TableHub, setup: dict, code: str
) -> None:
    before = [g.id for g in hub.store.games()]
    response = client.post(
        "/api/game",
        json={"game": "tutankhamen", "edition": "otb2004", "players": ["A", "B"], **setup},
        headers=ORIGIN,
    )
    assert 400 <= response.status_code < 500 and response.json()["error"]["code"] == code
    assert [g.id for g in hub.store.games()] == before


def test_every_game_starts_from_the_setup_a_real_table_needs(client: TestClient, hub: TableHub) -> None:
    choices = client.get("/api/setup").json()["games"]
    papyrus = {
        "rank": ["green", "yellow", "blue", "red"],
        "threshold": choices["ankh"]["defaults"]["papyrus"]["threshold"],
    }
    ankh = start(
        client,
        {"game": "ankh", "players": ["Ann", "Ben"], "mode": "table", "target": 100, "papyrus": papyrus},
    )
    assert ankh["state"]["papyrus"] == papyrus and ankh["state"]["target"] == 100
    bann = start(
        client,
        {
            "game": "bann",
            "players": ["Ann", "Ben"],
            "adventures": [5, 6, 7, 8],
            "chamber": 11,
            "variant": ["advanced"],
        },
    )
    assert bann["state"]["adventures"] == [5, 6, 7, 8] and bann["state"]["chamber"] == 11
    assert bann["state"]["variants"] == ["advanced"]
    board = choices["gulogulo"]["defaults"]["board"]
    board = {
        **board,
        "spaces": [*board["spaces"][:-2], {"area": "pyramid", "marker": True}, *board["spaces"][-2:]],
    }
    gulo = start(client, {"game": "gulogulo", "players": ["Ann", "Ben"], "variant": "race", "board": board})
    assert gulo["state"]["variant"] == "race" and len(gulo["state"]["spaces"]) == len(board["spaces"])
    assert hub.referee.header["board"] == board
    for game in ("tutankhamen", "ankh", "bann", "gulogulo"):  # the defaults alone start a game
        header = {"game": game, "players": ["Ann", "Ben"], "seed": 1, **choices[game]["defaults"]}
        header.pop("variant", None) if header.get("variant") == [] else None
        new_game(header)


@pytest.mark.parametrize(
    ("header", "code"),
    [
        (
            {"game": "ankh", "players": ["A", "B"], "target": 0, "papyrus": {"rank": [], "threshold": 1}},
            "bad-target",
        ),
        ({"game": "bann", "players": ["A", "B"], "adventures": [0], "chamber": 10}, "bad-adventures"),
        ({"game": "gulogulo", "players": ["A", "B"], "variant": "sprint"}, "unknown-variant"),
        ({"game": "gulogulo", "players": ["A", "B"], "board": {"spaces": []}}, "bad-board"),
    ],
)
def test_a_setup_the_engine_refuses_is_a_4xx_with_its_code(
    client: TestClient, header: dict, code: str
) -> None:
    response = client.post("/api/game", json=header, headers=ORIGIN)
    assert 400 <= response.status_code < 500 and response.json()["error"]["code"] == code


def test_unknown_header_keys_and_a_missing_pin_are_refused(hub: TableHub, client: TestClient) -> None:
    bad = client.post("/api/game", json={**SEEDED, "colour": "red"}, headers=ORIGIN)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad-request"
    stranger = TestClient(create_app(hub))
    assert stranger.post("/api/game", json={**SEEDED, "path": PATH}, headers=ORIGIN).status_code == 401


def test_the_setup_choices_show_each_editions_box_as_tiles_py_holds_it(client: TestClient) -> None:
    editions = client.get("/api/setup").json()["games"]["tutankhamen"]["editions"]
    assert set(editions) == set(EDITIONS)
    for name, edition in editions.items():
        counts = {t["label"]: t["count"] for t in edition["tiles"]}
        assert Counter(counts) == EDITIONS[name].box()
        assert all(t["name"] and t["name"] != "" for t in edition["tiles"])


# ------------------------------------------------------------------ the photo


def test_a_photo_of_the_table_is_read_into_the_read_path_document(
    client: TestClient, hub: TableHub, catalog: Path
) -> None:
    hub.catalogue = lambda: catalog
    photo = frame_jpeg()
    response = client.post(
        "/api/path/read?edition=otb2004", content=photo, headers={**ORIGIN, "Content-Type": "image/jpeg"}
    )
    assert response.status_code == 200, response.json()
    doc = response.json()
    assert [t["label"] for t in doc["tiles"]] == PATH and doc["complete"]
    assert {"tiles", "pawns", "unreadable"} <= set(doc)
    assert hub.referee.game_id == 1  # reading changes nothing


def test_a_big_photo_is_scaled_down_and_still_read(client: TestClient, hub: TableHub, catalog: Path) -> None:
    hub.catalogue = lambda: catalog
    frame = cv2.imdecode(np.frombuffer(frame_jpeg(), np.uint8), cv2.IMREAD_COLOR)
    big = cv2.resize(frame, (3200, 1800), interpolation=cv2.INTER_CUBIC)
    data = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()
    response = client.post("/api/path/read", content=data, headers={**ORIGIN, "Content-Type": "image/jpeg"})
    assert response.status_code == 200 and [t["label"] for t in response.json()["tiles"]] == PATH


def test_without_an_enrolled_catalogue_the_photo_is_refused_saying_to_enrol(client: TestClient) -> None:
    response = client.post(
        "/api/path/read", content=frame_jpeg(), headers={**ORIGIN, "Content-Type": "image/jpeg"}
    )
    assert response.status_code == 409
    assert (
        response.json()["error"]["code"] == "no-catalogue" and "enrol" in response.json()["error"]["message"]
    )


def bomb_png() -> bytes:
    """A small PNG file that claims 20000 × 20000 pixels."""
    image = Image.new("L", (20000, 20000))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


@pytest.mark.parametrize(
    ("body", "kind", "status", "code"),
    [
        (b"", "image/jpeg", 422, "unreadable-image"),
        (b"GIF89a not really", "image/png", 422, "unreadable-image"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 300, "image/jpeg", 422, "unreadable-image"),
        (b'{"tiles": []}', "application/json", 415, "image-only"),
        (b"x=1", "application/x-www-form-urlencoded", 415, "image-only"),
        (b"1", "image/svg+xml", 415, "image-only"),
    ],
)
def test_bad_photos_get_a_4xx(
    client: TestClient, hub: TableHub, catalog: Path, body: bytes, kind: str, status: int, code: str
) -> None:
    hub.catalogue = lambda: catalog
    response = client.post("/api/path/read", content=body, headers={**ORIGIN, "Content-Type": kind})
    assert response.status_code == status and response.json()["error"]["code"] == code


def test_a_photo_of_absurd_size_is_refused_before_it_is_decoded(
    client: TestClient, hub: TableHub, catalog: Path
) -> None:
    hub.catalogue = lambda: catalog
    response = client.post(
        "/api/path/read", content=bomb_png(), headers={**ORIGIN, "Content-Type": "image/png"}
    )
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"
    huge = b"\xff\xd8" + b"\x00" * (MAX_PHOTO + 10)
    response = client.post("/api/path/read", content=huge, headers={**ORIGIN, "Content-Type": "image/jpeg"})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"
    small = client.post(
        "/api/actions",
        content=b"{" + b" " * (70 * 1024) + b"}",
        headers={**ORIGIN, "Content-Type": "application/json"},
    )
    assert small.status_code == 413  # the other routes keep their 64 KiB limit


def test_a_photo_needs_the_pin_and_the_pages_origin(hub: TableHub, catalog: Path) -> None:
    hub.catalogue = lambda: catalog
    stranger = TestClient(create_app(hub))
    jpeg = {"Content-Type": "image/jpeg"}
    assert (
        stranger.post("/api/path/read", content=frame_jpeg(), headers={**ORIGIN, **jpeg}).status_code == 401
    )
    elsewhere = {"Origin": "http://evil.example", **jpeg}
    assert stranger.post("/api/path/read", content=frame_jpeg(), headers=elsewhere).status_code == 403


def test_the_openapi_document_describes_the_setup_photo_table_and_past_games(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in ("/api/setup", "/api/path/read", "/api/table.svg", "/api/games", "/api/games/{game_id}"):
        assert path in paths
    assert "image/jpeg" in paths["/api/path/read"]["post"]["requestBody"]["content"]
    header = spec["components"]["schemas"]["NewGameRequest"]["properties"]
    assert {"path", "papyrus", "adventures", "chamber", "board", "variant", "mode", "target"} <= set(header)


# ------------------------------------------------------------------ the table as SVG


def test_the_table_is_served_as_svg_with_a_place_for_every_tile(client: TestClient, hub: TableHub) -> None:
    response = client.get("/api/table.svg")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(response.text)
    tiles = root.findall(f".//{SVG}g[@data-index]")
    assert [int(g.get("data-index", -1)) for g in tiles] == list(range(len(hub.referee.state.path)))
    assert client.get("/api/table").json()["svg"] == response.text


def test_player_names_are_escaped_in_the_svg(client: TestClient) -> None:
    start(
        client,
        {"game": "tutankhamen", "edition": "amigo", "players": ["<b>A&</b>", "B'\""], "path": ["cat-green"]},
    )
    svg = client.get("/api/table.svg").text
    root = ET.fromstring(svg)  # still well-formed
    assert "<b>" not in svg
    assert {g.get("data-player") for g in root.iter(f"{SVG}g") if g.get("class") == "pawn"} == {
        "<b>A&</b>",
        "B'\"",
    }


def test_a_tile_picture_for_each_tile_of_the_box_and_404_for_others(client: TestClient) -> None:
    for label in EDITIONS["amigo"].box():
        response = client.get(f"/api/tiles/{label}.svg?edition=amigo")
        assert response.status_code == 200 and ET.fromstring(response.text).tag == f"{SVG}svg"
    assert client.get("/api/tiles/kingtut.svg?edition=amigo").status_code == 404
    assert client.get("/api/tiles/..%2Fapp.svg").status_code == 404
    assert client.get("/api/tiles/cat-green.svg?edition=deluxe").status_code == 404


# ------------------------------------------------------------------ past games


def finish(hub: TableHub, seed: int = 2) -> None:
    rng = random.Random(seed)
    while not hub.referee.state.finished:
        hub.act(rng.choice(hub.referee.state.legal_actions()))


def test_past_games_are_listed_and_open_as_a_replay(client: TestClient, hub: TableHub) -> None:
    first = hub.referee.game_id
    finish(hub)
    start(client, {"game": "tutankhamen", "edition": "otb2004", "players": ["Cleo", "Dirk"], "path": PATH})
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [hub.referee.game_id, first]
    done = listed[1]
    record = hub.store.load(first)
    assert (
        done["players"] == ["Ann", "Ben"] and done["finished"] and done["winners"] == record.result["winners"]
    )
    assert done["duration_min"] == export.duration_minutes(record) and done["started_at"] == record.started_at
    assert not listed[0]["finished"]

    opened = client.get(f"/api/games/{first}").json()
    assert opened["document"]["finished"] and opened["document"]["scores"] == record.result["scores"]
    assert [h["n"] for h in opened["history"]] == list(range(1, len(record.actions) + 1))
    assert ET.fromstring(opened["svg"]).tag == f"{SVG}svg"
    log = client.get(opened["links"]["log"])
    assert log.status_code == 200 and [json.loads(x) for x in log.text.splitlines()] == [
        record.header,
        *record.actions,
    ]
    first_move = client.get(f"/api/games/{first}?at=1").json()
    assert first_move["at"] == 1 and first_move["document"]["state"]["path"].count(None) == 1
    assert len(first_move["history"]) == len(record.actions)  # the whole story, the table after one action
    assert client.get(f"/api/games/{first}?at=100000").json()["at"] == len(record.actions)
    assert client.get(f"/api/games/{first}?at=-1").status_code == 422
    assert client.get("/api/games/999").status_code == 404
    assert client.get("/api/games/abc").status_code == 422


def test_a_finished_game_offers_its_bg_stats_play_link_and_qr_code(client: TestClient, hub: TableHub) -> None:
    finish(hub)
    game_id = hub.referee.game_id
    record = hub.store.load(game_id)
    links = client.get(f"/api/games/{game_id}").json()["links"]
    play = client.get(links["bgstats"])
    assert play.status_code == 200 and play.json() == export.bgstats(record)
    assert "attachment" in play.headers["content-disposition"]
    assert links["bgstats_link"] == past.bgstats_link(record)
    qr = client.get(links["bgstats_qr"])
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    # the picture's dark modules are exactly those of the link's QR code (the OLED's encoder)
    root = ET.fromstring(qr.text)
    (dark,) = root.findall(f"{SVG}path")
    module = 4
    drawn = {(int(x) // module, int(y) // module) for x, y in re.findall(r"M(\d+) (\d+)h", dark.get("d", ""))}
    cells = screens.qr_matrix(links["bgstats_link"], border=4)
    assert drawn == {(x, y) for y, row in enumerate(cells) for x, on in enumerate(row) if on}
    assert int(root.get("width", 0)) == len(cells) * module


def test_an_unfinished_game_has_no_bg_stats_play(client: TestClient, hub: TableHub) -> None:
    game_id = hub.referee.game_id
    assert "bgstats" not in client.get(f"/api/games/{game_id}").json()["links"]
    response = client.get(f"/api/games/{game_id}/bgstats.json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "unfinished"
    assert client.get(f"/api/games/{game_id}/bgstats-qr.svg").status_code == 409


# ------------------------------------------------------------------ scarab run --path


def test_a_path_file_is_one_label_per_line_or_a_json_list(tmp_path: Path) -> None:
    lines = tmp_path / "path.txt"
    lines.write_text("# laid on Sunday\n" + "\n".join(PATH[:3]) + "\n\n  " + PATH[3] + "  # the statue\n")
    assert read_path_file(str(lines)) == PATH[:4]
    listed = tmp_path / "path.json"
    listed.write_text(json.dumps(PATH))
    assert read_path_file(str(listed)) == PATH


def scarab_run(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    config = tmp_path / "table.toml"
    config.write_text('[table]\ngame = "tutankhamen"\nedition = "otb2004"\nplayers = ["Ann", "Ben"]\n')
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCARAB_CONFIG": str(tmp_path / "none.toml"),
    }
    command = [sys.executable, "-m", "firmware.cli", "run", "--config", str(config), "--no-web", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60, env=env)


def test_scarab_run_starts_a_game_on_a_path_file(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    Referee.start(Store(db), SEEDED)  # an unfinished game: a path file still starts a new one
    path = tmp_path / "path.txt"
    path.write_text("\n".join(PATH) + "\n")
    take = {"player": "Ann", "move": "take", "index": 2}
    run = scarab_run(
        tmp_path, "--db", str(db), "--input", "stdin", "--path", str(path), stdin=json.dumps(take) + "\n"
    )
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert answers[:2] == [{"ready": {"game_id": 2, "actions": 0, "to_act": "Ann"}}, {"ack": 1}]
    record = Store(db).load(2)
    assert record.header["path"] == PATH and record.header["players"] == ["Ann", "Ben"]
    assert record.actions == [take]


def test_scarab_run_refuses_a_path_the_box_cannot_lay(tmp_path: Path) -> None:
    path = tmp_path / "path.json"
    path.write_text(json.dumps(["kingtut", "cat-green"]))
    run = scarab_run(tmp_path, "--db", str(tmp_path / "s.db"), "--input", "none", "--path", str(path))
    assert run.returncode == 3 and "King Tut" in run.stderr and "Traceback" not in run.stderr
    missing = scarab_run(
        tmp_path, "--db", str(tmp_path / "s.db"), "--input", "none", "--path", str(tmp_path / "no")
    )
    assert missing.returncode == 3 and "cannot read the path file" in missing.stderr


def test_the_tables_words_follow_the_tables_language(client: TestClient) -> None:
    """A German table's drawing has none of the drawings' English words."""
    from engines.replay import document, replay
    from firmware.web.table_svg import WORDS, table_svg

    english = {w["en"].split("{")[0].strip() for w in WORDS.values() if w["en"] != w["de"]} - {""}
    data = Path(__file__).resolve().parent / "data"
    for name, lines in [
        ("otb2004-pending-declaration", 10),
        ("ankh-table-50-three-players", 30),
        ("bann-table-basic", 24),
        ("gulogulo-basic-mummy-and-chamber", 25),
    ]:
        log = (data / f"{name}.jsonl").read_text("utf-8").splitlines()[:lines]
        doc = document(replay(log), "de")
        texts = " ".join(ET.fromstring(table_svg(doc, "de", json.loads(log[0]))).itertext())
        assert not [w for w in english if w in texts], name
        assert texts.strip()


def test_a_game_not_scored_in_points_shows_progress_and_why_it_ended(
    client: TestClient, hub: TableHub
) -> None:
    log = (Path(__file__).resolve().parent / "data" / "gulogulo-basic-mummy-and-chamber.jsonl").read_text(
        "utf-8"
    )
    header, *actions = [json.loads(line) for line in log.splitlines()]
    start(client, header)
    board = client.get("/api/state").json()["scoreboard"]
    assert board["in_points"] is False and "Points" not in board["columns"]
    assert set(board["rows"]) == set(header["players"])
    for action in actions:
        hub.act(action)
    state = client.get("/api/state").json()
    assert state["finished"] and state["ending"] and state["winners"][0] in state["ending"]
    (listed,) = [g for g in client.get("/api/games").json()["games"] if g["id"] == hub.referee.game_id]
    assert listed["in_points"] is False and listed["ending"] == state["ending"]
    tutankhamen = client.get("/api/games/1").json()
    assert tutankhamen["in_points"] is True and tutankhamen["ending"] == ""  # unfinished: nothing ended it


def test_the_qr_picture_is_read_by_a_qr_reader() -> None:
    text = "https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22%3A%22Scarab%22%7D"
    root = ET.fromstring(past.qr_svg(text))
    zoom, size = 3, int(root.get("width", 0))
    image = np.full((size * zoom, size * zoom), 255, np.uint8)
    (dark,) = root.findall(f"{SVG}path")
    for x, y, m in re.findall(r"M(\d+) (\d+)h(\d+)", dark.get("d", "")):
        x, y, m = int(x) * zoom, int(y) * zoom, int(m) * zoom
        image[y : y + m, x : x + m] = 0
    assert cv2.QRCodeDetector().detectAndDecode(image)[0] == text
