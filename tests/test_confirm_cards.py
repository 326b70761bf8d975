"""Asking the table about a new Ankh card: a card laid in a row that the reader is unsure
of is shown on the page (its picture, its two likeliest faces, any other card of the
game), the OLED says what to confirm, nothing is entered until it is answered, and then
the play is judged as if read surely; the confirmed face joins the catalogue file, so the
reader then reads that card surely.

The table is the synthetic card camera's; the catalogue lacks the yellow 5, so the reader
is unsure of it (it looks like a yellow 4, not clearly enough).
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
from test_card_camera import steps
from test_web_browser import ARTIFACTS, CHROMIUM, browser, phone

from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.card_referee import CardReferee, Table, Unsure
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from hardware.sim.camera import SynthCardCamera
from vision.card_reader import CardReader
from vision.catalogue import Catalogue

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["browser"]  # the browser fixture, shared with the page's other browser tests

GYRB4 = {"rank": ["green", "yellow", "red", "blue"], "threshold": 6}
HEADER = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "papyrus": GYRB4}
UNSURE = "yellow-5"


@pytest.fixture(scope="module")
def no_yellow_5(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The synthetic deck's faces without the yellow 5."""
    path = tmp_path_factory.mktemp("cards") / "catalog.json"
    full = SynthCardCamera(3).catalogue(path)
    kept = [i for i, (label, _) in enumerate(full.faces) if label != UNSURE]
    faces = Catalogue("ankh", [full.faces[i] for i in kept], [full.sources[i] for i in kept], full.pawns)
    faces.save(path)
    return path


class CardTable(Asking):
    """A card referee reading the synthetic table, with the page's hub and API."""

    def __init__(self, tmp_path: Path, catalog: Path) -> None:
        self.catalog = tmp_path / "catalog.json"
        shutil.copy(catalog, self.catalog)
        store = Store(tmp_path / "g.db")
        self.camera = SynthCardCamera(3, seed=2, papyrus=GYRB4)
        self.app = FakeApp(Referee.start(store, HEADER), self.camera)
        config = Config()
        config.camera.ankh_catalog = str(self.catalog)
        self.glue = CardReferee(self.app, config, clock=Clock())
        self.hub = TableHub(store, self.app.referee, "en", PIN, questions=self.glue.table_questions)
        self.app.hub = self.hub
        self.client = TestClient(create_app(self.hub))

    def lay(self, seat: int, card: str) -> None:
        before = len(self.app.referee.actions)
        self.camera.play(seat, card)
        steps(self.glue, lambda: self.glue.question is not None or len(self.app.referee.actions) > before)


@pytest.fixture
def table(tmp_path: Path, no_yellow_5: Path) -> CardTable:
    table = CardTable(tmp_path, no_yellow_5)
    table.lay(0, UNSURE)  # Ann's card
    return table


def test_an_unsure_new_card_is_asked_once_with_its_picture(table: CardTable) -> None:
    asked = table.questions()
    assert len(asked) == 1
    q = asked[0]
    assert q["kind"] == "card" and q["player"] == "Ann" and q["index"] == 0
    # the reader's own first label is offered (the trained look's may lead: to_ask): a yellow
    # card, the colour seen — its value, of a face not enrolled, no look can know
    offered = [c["label"] for c in q["candidates"]]
    assert len(offered) == 2 and any(label.startswith("yellow-") for label in offered)
    labels = [c["label"] for c in q["choices"]]
    assert len(labels) == 20 and UNSURE in labels and not any(c.startswith("papyrus-") for c in labels)
    assert q["picture"] == f"/api/questions/{q['id']}.png"
    assert table.hub.snapshot()["questions"] == 1
    picture = table.client.get(q["picture"])
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    image = cv2.imdecode(np.frombuffer(picture.content, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (100, 64, 3)  # a card: the catalogue's face width, as tall as a card
    assert table.app.referee.actions == []  # nothing entered before it is confirmed

    steps(table.glue, lambda: False, limit=4)  # the same table: no other question, nothing entered
    assert [x["id"] for x in table.questions()] == [q["id"]] and table.app.referee.actions == []


def test_the_oled_says_what_to_confirm(table: CardTable) -> None:
    title, text = "CONFIRM THE CARD", "on the page: tap the card Ann laid"
    assert table.glue.notice == (title, text)
    frame = table.app.presenter.frame(table.app.referee)
    assert not ImageChops.difference(frame.convert("L"), screens.camera(title, text).convert("L")).getbbox()
    assert f"{title}: {text}" in table.glue.notices()  # the page's hint line too


def test_answering_enters_the_play_and_the_catalogue_learns_the_face(table: CardTable) -> None:
    frame = table.camera.read()
    assert frame is not None
    assert CardReader(Catalogue.load(table.catalog)).read(frame).labels()[0] == [None]
    qid = table.questions()[0]["id"]
    table.login()
    answered = table.answer(qid, UNSURE)  # not among the two: "something else"
    assert answered.status_code == 200 and answered.json() == {"left": 0, "questions": []}
    assert table.app.referee.actions == [{"player": "Ann", "move": "play", "card": UNSURE}]
    assert table.glue.notice is None and table.hub.snapshot()["questions"] == 0
    assert "the camera learned the confirmed face of yellow 5" in table.app.recent

    learned = Catalogue.load(table.catalog)
    confirmed = [
        (label, face.shape[1])
        for (label, face), source in zip(learned.faces, learned.sources, strict=True)
        if source.startswith("confirmed at the table")
    ]
    assert confirmed == [(UNSURE, 64)]
    assert CardReader(learned).read(frame).labels()[0] == [UNSURE]  # now read surely

    steps(table.glue, lambda: False, limit=4)  # the same table again: nothing more
    assert len(table.app.referee.actions) == 1 and table.glue.question is None
    table.lay(1, "blue-2")  # the game goes on from the camera
    assert table.app.referee.actions[-1] == {"player": "Ben", "move": "play", "card": "blue-2"}


def test_an_answer_that_is_no_ankh_card_is_refused(table: CardTable) -> None:
    qid = table.questions()[0]["id"]
    assert table.answer(qid, UNSURE).status_code == 401  # no PIN session
    table.login()
    for label in ("cat-green", "yellow-6", "papyrus-green-yellow-red-blue-6", ""):  # no mummy card
        refused = table.answer(qid, label)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "not-in-box"
    missing = table.answer("card-99", UNSURE)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown-question"
    assert table.client.get("/api/questions/card-99.png").status_code == 404
    assert table.hub.snapshot()["questions"] == 1 and table.app.referee.actions == []
    assert len(Catalogue.load(table.catalog).faces) == len(Catalogue.load(table.catalog).sources)
    assert not any(s.startswith("confirmed") for s in Catalogue.load(table.catalog).sources)


def test_an_answered_card_out_of_turn_is_still_put_back(tmp_path: Path, no_yellow_5: Path) -> None:
    table = CardTable(tmp_path, no_yellow_5)
    table.lay(1, UNSURE)  # Ben lays before Ann
    [q] = table.questions()
    assert q["player"] == "Ben"
    table.login()
    assert table.answer(q["id"], UNSURE).status_code == 200
    assert table.glue.notice == ("PUT IT BACK", "yellow 5 in Ben's row, but it is Ann's turn")
    assert table.app.referee.actions == [] and table.app.buzzer.played == ["refused"]
    steps(table.glue, lambda: False, limit=4)  # the table as it was: it stands, no new question
    assert table.glue.notice[0] == "PUT IT BACK" and table.glue.question is None


def test_the_appliance_asks_the_ankh_cards_questions_on_the_page(tmp_path: Path) -> None:
    """Wired into `scarab run`: the page's questions are the card referee's while an Ankh
    game is followed (the path referee asks nothing then)."""
    import asyncio
    import io

    from rich.console import Console

    from firmware.appliance.run import Appliance

    async def at_the_table() -> None:
        config = Config()
        config.oled.driver = "dummy"
        store = Store(tmp_path / "g.db")
        app = Appliance(config, store, Referee.start(store, HEADER), "en", Console(file=io.StringIO()), False)
        try:
            app.cards.game_id = app.referee.game_id
            app.cards.observed(Table({0: [], 1: [], 2: []}, GYRB4))
            picture = np.zeros((100, 64, 3), np.uint8)
            app.cards.observed(
                Table({0: [None], 1: [], 2: []}, GYRB4), {(0, 0): Unsure(["red-4", "red-5"], picture)}
            )
            asked = app.hub.asked()["questions"]
            assert [(q["player"], [c["label"] for c in q["candidates"]]) for q in asked] == [
                ("Ann", ["red-4", "red-5"])
            ]
            assert app.hub.snapshot()["questions"] == 1
            assert app.hub.answer(asked[0]["id"], "red-4") == {"left": 0, "questions": []}
            assert app.referee.actions == [{"player": "Ann", "move": "play", "card": "red-4"}]
        finally:
            app.close()

    asyncio.run(at_the_table())


@pytest.fixture
def served(table: CardTable) -> Iterator[str]:
    """The table's page served from a thread of its own; its address."""
    with serving(create_app(table.hub)) as url:
        yield url


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test")
def test_a_phone_confirms_the_card_and_the_play_is_entered(
    table: CardTable, served: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, served)
    card = page.locator("#confirm")
    expect(card).to_be_visible()
    expect(page.locator("#confirm-title")).to_have_text("Confirm the card")
    expect(card.locator(".where")).to_have_text("Card laid in Ann's row")
    offered = [c["name"] for c in table.questions()[0]["candidates"]]  # the reader's two, in its order
    assert len(offered) == 2 and any(name.startswith("yellow ") for name in offered)
    expect(card.locator("button.candidate")).to_have_text(offered)
    # decode() waits for the picture to arrive, so a slow load is not read as a broken one
    size = card.locator("img").evaluate(
        "i => i.decode().then(() => [i.naturalWidth, i.naturalHeight], () => [0, 0])"
    )
    assert size == [64, 100]
    box = card.locator("img").bounding_box()
    assert box is not None and box["height"] > box["width"]  # shown oblong, as a card lies
    page.screenshot(path=str(ARTIFACTS / "confirm-card.png"), full_page=True)
    page.fill("#pin", PIN)
    page.click("#pin-form button")
    page.locator("#moves").wait_for(state="visible")
    card.locator("select").select_option(UNSURE)  # not among the two: "something else"
    expect(card).to_be_hidden()
    assert table.app.referee.actions == [{"player": "Ann", "move": "play", "card": UNSURE}]
    page.context.close()
