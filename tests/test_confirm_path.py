"""Asking the table before play: the first reading of a path with tiles the reader is
unsure of is shown on the page (each tile's picture, its two likeliest faces, any other
face of the box), the OLED says how many to confirm, and only once every one is
confirmed does the game start with that path; the confirmed faces join the catalogue
file, so the reader then reads those places surely.

The table is the synthetic camera's; the catalogue lacks both cats, so the reader is
unsure of the path's two cats (indexes 5 and 11).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
import pytest
from fake_table import Clock, FakeApp
from fastapi.testclient import TestClient
from PIL import ImageChops
from served import PIN, Asking, serving
from test_camera_referee import PATH, SCENE_SEED, steps
from test_web_browser import ARTIFACTS, CHROMIUM, browser, phone

from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.camera_referee import CameraReferee
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from hardware.sim.camera import SynthCamera
from vision.catalogue import Catalogue
from vision.path_reader import PathReader

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["browser"]  # the browser fixture, shared with the page's other browser tests

SEEDED = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 5}
UNSURE = [5, 11]  # the path's two cats


@pytest.fixture(scope="module")
def no_cats(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The synthetic box's faces without the cats."""
    path = tmp_path_factory.mktemp("faces") / "catalog.json"
    full = SynthCamera(PATH).catalogue(path)
    kept = [i for i, (label, _) in enumerate(full.faces) if not label.startswith("cat-")]
    faces = Catalogue(
        "tutankhamen", [full.faces[i] for i in kept], [full.sources[i] for i in kept], full.pawns
    )
    faces.save(path)
    return path


class Table(Asking):
    """A camera referee reading the synthetic table, with the page's hub and API."""

    def __init__(self, tmp_path: Path, catalog: Path) -> None:
        self.catalog = tmp_path / "catalog.json"
        shutil.copy(catalog, self.catalog)
        store = Store(tmp_path / "g.db")
        self.camera = SynthCamera(PATH, seed=SCENE_SEED)
        self.app = FakeApp(Referee.start(store, SEEDED), self.camera)
        config = Config()
        config.camera.tutankhamen_catalog = str(self.catalog)
        self.glue = CameraReferee(self.app, config, clock=Clock())
        self.hub = TableHub(store, self.app.referee, "en", PIN, questions=self.glue.table_questions)
        self.hub.on_new_game.append(lambda referee: setattr(self.app, "referee", referee))
        self.app.hub = self.hub
        self.client = TestClient(create_app(self.hub))


@pytest.fixture
def table(tmp_path: Path, no_cats: Path) -> Table:
    table = Table(tmp_path, no_cats)
    steps(table.glue, lambda: table.glue.questions)
    return table


def test_unsure_tiles_are_asked_and_the_answers_start_the_game(table: Table) -> None:
    asked = table.questions()
    assert [q["index"] for q in asked] == UNSURE
    for q in asked:
        assert len(q["candidates"]) == 2 and all(c["label"] and c["name"] for c in q["candidates"])
        labels = [c["label"] for c in q["choices"]]
        assert "cat-green" in labels and "kingtut" in labels and "nugget" not in labels  # the OTB box
        assert q["picture"] == f"/api/questions/{q['id']}.png"
    for q in asked:  # the reader's two best guesses: distinct faces it knows (no cat is enrolled)
        guesses = [c["label"] for c in q["candidates"]]
        assert len(set(guesses)) == 2 and not any(g.startswith("cat-") for g in guesses), guesses
    assert table.hub.snapshot()["questions"] == 2
    picture = table.client.get(asked[0]["picture"])
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    image = cv2.imdecode(np.frombuffer(picture.content, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (64, 64, 3)

    steps(table.glue, limit=3)  # the camera takes no other reading while it asks
    assert [q["id"] for q in table.questions()] == [q["id"] for q in asked]
    assert table.app.hub.referee.game_id == 1

    table.login()
    first = table.answer(asked[0]["id"], "cat-green")
    assert first.status_code == 200
    assert first.json()["left"] == 1 and [q["index"] for q in first.json()["questions"]] == [11]
    assert table.hub.snapshot()["questions"] == 1
    assert table.hub.referee.game_id == 1  # one tile still unconfirmed: no game yet
    assert table.glue.notice is not None and table.glue.notice[0] == "CONFIRM 1 TILE"

    last = table.answer(asked[1]["id"], "cat-purple")
    assert last.status_code == 200 and last.json() == {"left": 0, "questions": []}
    assert table.hub.referee.game_id == 2 and table.hub.referee.state.path == PATH
    assert table.hub.snapshot()["questions"] == 0 and table.glue.notice is None
    assert "the camera learned 2 confirmed faces" in table.app.recent
    steps(table.glue, table.glue.ready)
    assert table.glue.ready() and table.glue.tracker is not None
    assert table.glue.tracker.layout is not None and table.glue.tracker.layout.labels == PATH


def test_an_answer_outside_the_box_or_without_the_pin_is_refused(table: Table) -> None:
    qid = table.questions()[0]["id"]
    assert table.answer(qid, "cat-green").status_code == 401  # no PIN session
    table.login()
    for label in ("nugget", "cat-orange", ""):  # an Amigo tile in an OTB box; no tile at all
        refused = table.answer(qid, label)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "not-in-box"
    missing = table.answer("9-99", "cat-green")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown-question"
    assert table.client.get("/api/questions/9-99.png").status_code == 404
    assert table.hub.snapshot()["questions"] == 2 and table.hub.referee.game_id == 1


def test_the_oled_says_how_many_tiles_to_confirm(table: Table) -> None:
    title, text = "CONFIRM 2 TILES", "on the page: tap what lies at index 5, 11"
    assert table.glue.notice == (title, text)
    frame = table.app.presenter.frame(table.app.referee)
    assert not ImageChops.difference(frame.convert("L"), screens.camera(title, text).convert("L")).getbbox()
    assert f"{title}: {text}" in table.glue.notices()  # the page's hint line too


def test_the_confirmed_faces_join_the_catalogue_and_are_then_read_surely(table: Table) -> None:
    frame = table.camera.read()
    assert frame is not None
    before = PathReader(Catalogue.load(table.catalog)).read(frame)
    assert [t["label"] for t in before.tiles] == [None if i in UNSURE else x for i, x in enumerate(PATH)]
    table.login()
    for q, label in zip(table.questions(), ("cat-green", "cat-purple"), strict=True):
        assert table.answer(q["id"], label).status_code == 200
    learned = Catalogue.load(table.catalog)
    added = [(label, source) for (label, _), source in zip(learned.faces, learned.sources, strict=True)]
    assert [label for label, source in added if source.startswith("confirmed at the table")] == [
        "cat-green",
        "cat-purple",
    ]
    after = PathReader(learned).read(frame)
    assert after.labels == PATH and after.unreadable == []


@pytest.fixture
def served(table: Table) -> Iterator[str]:
    """The table's page served from a thread of its own (the hub's loop); its address."""
    with serving(create_app(table.hub)) as url:
        yield url


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test")
def test_a_phone_confirms_the_path_and_the_card_goes_away(
    table: Table, served: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    table.glue.questions[0].candidates = ["cat-green", "mask-green"]  # the truth among the two
    page = phone(browser, served)
    card = page.locator("#confirm")
    expect(card).to_be_visible()
    expect(card.locator(".question")).to_have_count(2)
    expect(card.locator(".where")).to_have_text(["Tile at index 5", "Tile at index 11"])
    expect(page.locator("#confirm-pin")).to_be_visible()
    first = card.locator(".question").first
    expect(first.locator("button.candidate")).to_have_text(["green mummified cat", "green death mask"])
    # decode() waits for the picture to arrive, so a slow load is not read as a broken one
    assert first.locator("img").evaluate("i => i.decode().then(() => i.naturalWidth, () => 0)") == 64
    page.screenshot(path=str(ARTIFACTS / "confirm-path.png"), full_page=True)

    page.fill("#pin", PIN)
    page.click("#pin-form button")
    page.locator("#moves").wait_for(state="visible")
    expect(page.locator("#confirm-pin")).to_be_hidden()
    first.locator("button.candidate", has_text="green mummified cat").click()
    expect(card.locator(".question")).to_have_count(1)
    expect(card.locator(".where")).to_have_text("Tile at index 11")
    card.locator("select").select_option("cat-purple")  # not among the two: "something else"
    expect(card).to_be_hidden()
    expect(page.locator("#banner")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "confirm-path-done.png"), full_page=True)
    assert table.hub.referee.game_id == 2 and table.hub.referee.state.path == PATH
    page.context.close()
