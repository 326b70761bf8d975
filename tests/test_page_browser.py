"""A real table set up from the phone, in a real browser (Debian's Chromium, 390 px wide):
a Tutankhamen path laid tile by tile in the editor, or read from a photo of the table
with the unsure tiles confirmed, then two moves played by tapping tiles on the drawn
table; each game's table drawn as SVG and compared with its golden picture; past games
opened as a replay.

Screenshots of each game's table go to artifacts/screens/<game>.png (SCARAB_ARTIFACTS):
`.venv/bin/pytest -n 0 tests/test_page_browser.py -k golden`. Set SCARAB_UPDATE_GOLDEN=1
to write the golden pictures (tests/data/golden-table-<game>.png) after a wanted change.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
import pytest
from served import PIN, serving
from test_camera_referee import PATH, SCENE_SEED
from test_confirm_path import UNSURE, no_cats
from test_web_browser import ARTIFACTS, CHROMIUM, browser, phone, settle, unlock

from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from hardware.sim.camera import SynthCamera

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["browser", "no_cats"]  # fixtures shared with the page's other browser tests

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test"
)

DATA = Path(__file__).resolve().parent / "data"
SVG = "{http://www.w3.org/2000/svg}"
SEEDED = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
# a fixed state of each game: the first lines of one of the project's own logs
CUTS = {
    "tutankhamen": ("otb2004-pending-declaration", 10),
    "ankh": ("ankh-table-50-three-players", 30),
    "bann": ("bann-table-basic", 24),
    "gulogulo": ("gulogulo-basic-mummy-and-chamber", 25),
}
TOLERANCE = 0.5  # % of a golden picture's pixels that may differ clearly: fonts' hinting, not the table
CLEAR = 48  # levels (0-255) by which a pixel differs clearly, at a quarter of the picture's size


class Table:
    """A page served from a thread, with its hub and store at hand."""

    def __init__(self, tmp_path: Path, header: dict, actions: list[dict] | None = None) -> None:
        self.store = Store(tmp_path / "g.db")
        referee = Referee.start(self.store, header)
        for action in actions or []:
            referee.act(action)
        self.hub = TableHub(self.store, referee, "en", PIN)
        self.catalog = tmp_path / "catalog.json"
        self.hub.catalogue = lambda: self.catalog
        self.app = create_app(self.hub)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path, SEEDED)


@pytest.fixture
def url(table: Table) -> Iterator[str]:
    with serving(table.app) as address:
        yield address


def open_new_game(page: Page, players: str = "Ann, Ben") -> None:
    from playwright.sync_api import expect

    page.click("#new-game-open")
    expect(page.locator("#new-game")).to_be_visible()
    page.select_option("#ng-game", "tutankhamen")
    page.select_option("#ng-edition", "otb2004")
    page.fill("#ng-players", players)


def tap_tile(page: Page, index: int) -> None:
    """Tap a tile of the drawn table and take it."""
    from playwright.sync_api import expect

    page.locator(f"#table g.tile[data-index='{index}']").click()
    offer = page.locator(f"#tile-offer button.take-offer[data-index='{index}']")
    expect(offer).to_be_visible()
    offer.click()
    expect(page.locator("#tile-offer")).to_be_hidden()
    settle(page)


def play_two_moves_by_tapping(page: Page, table: Table) -> None:
    from playwright.sync_api import expect

    history = page.locator("#history li")
    tap_tile(page, 0)
    expect(history).to_have_count(1)
    tap_tile(page, 3)
    expect(history).to_have_count(2)
    assert table.hub.referee.actions == [
        {"player": "Ann", "move": "take", "index": 0},
        {"player": "Ben", "move": "take", "index": 3},
    ]
    expect(page.locator("#table g.gone[data-index='0']")).to_have_count(1)
    expect(page.locator("#table g.pawn[data-player='Ben']")).to_have_count(1)


def test_a_path_laid_in_the_editor_starts_the_game_and_tiles_are_tapped_to_play(
    table: Table, url: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, url)
    unlock(page, PIN)
    open_new_game(page)
    placed = page.locator("#pe-path button.pe-tile")
    kingtut = page.locator("#pe-picker button[data-label='kingtut']")
    for n, label in enumerate(PATH[:-1], start=1):
        page.click(f"#pe-picker button[data-label='{label}']")
        expect(placed).to_have_count(n)
    # the box's counts: one more blue death mask than the box holds is refused
    assert PATH.count("mask-blue") == 3
    blue_mask = page.locator("#pe-picker button[data-label='mask-blue']")
    expect(blue_mask).to_contain_text("5 left")
    page.click("#pe-undo")
    expect(placed).to_have_count(len(PATH) - 2)
    page.click(f"#pe-picker button[data-label='{PATH[-2]}']")
    kingtut.click()
    expect(placed).to_have_count(len(PATH))
    expect(kingtut).to_be_disabled()  # one King Tut in the box, and it ends the path
    expect(page.locator("#pe-picker button[data-label='cat-green']")).to_be_disabled()
    expect(page.locator("#pe-status")).to_contain_text(f"{len(PATH)} of 70 tiles laid")
    assert placed.evaluate_all("tiles => tiles.map((t) => t.dataset.label)") == PATH
    page.locator("#new-game").screenshot(path=str(ARTIFACTS / "editor.png"))

    page.click("#ng-start")
    expect(page.locator("#new-game")).to_be_hidden()
    expect(page.locator("#table g.tile")).to_have_count(len(PATH))
    settle(page)
    assert table.hub.referee.game_id == 2 and table.hub.referee.header["path"] == PATH
    play_two_moves_by_tapping(page, table)
    page.screenshot(path=str(ARTIFACTS / "editor-played.png"), full_page=True)


def test_a_photo_of_the_table_opens_in_the_editor_with_the_unsure_tiles_marked(
    table: Table, url: str, browser: Browser, no_cats: Path
) -> None:
    """The catalogue lacks the cats: the reader is unsure of the path's two cats, and
    the game cannot start before someone says what lies there."""
    from playwright.sync_api import expect

    shutil.copy(no_cats, table.catalog)
    frame = SynthCamera(PATH, seed=SCENE_SEED).read()
    assert frame is not None
    photo = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    page = phone(browser, url)
    unlock(page, PIN)
    open_new_game(page)
    page.set_input_files(
        "#pe-photo", files=[{"name": "table.jpg", "mimeType": "image/jpeg", "buffer": photo}]
    )
    placed = page.locator("#pe-path button.pe-tile")
    expect(placed).to_have_count(len(PATH))
    unsure = page.locator("#pe-path button.pe-tile.unsure")
    expect(unsure).to_have_count(len(UNSURE))
    assert unsure.evaluate_all("tiles => tiles.map((t) => Number(t.dataset.index))") == UNSURE
    sure = [label for i, label in enumerate(PATH) if i not in UNSURE]
    read = placed.evaluate_all(
        "tiles => tiles.filter((t) => !t.classList.contains('unsure')).map((t) => t.dataset.label)"
    )
    assert read == sure
    expect(page.locator("#ng-start")).to_be_disabled()
    expect(page.locator("#pe-unsure")).to_contain_text(f"Tile {UNSURE[0]}")
    page.locator("#new-game").screenshot(path=str(ARTIFACTS / "photo-unsure.png"))

    for index in UNSURE:  # the first unsure tile is asked first; the picker says what lies there
        expect(page.locator(f"#pe-path button.pe-tile.selected[data-index='{index}']")).to_have_count(1)
        page.click(f"#pe-picker button[data-label='{PATH[index]}']")
    expect(unsure).to_have_count(0)
    assert placed.evaluate_all("tiles => tiles.map((t) => t.dataset.label)") == PATH
    expect(page.locator("#ng-start")).to_be_enabled()
    page.click("#ng-start")
    expect(page.locator("#table g.tile")).to_have_count(len(PATH))
    settle(page)
    assert table.hub.referee.header["path"] == PATH
    play_two_moves_by_tapping(page, table)


def test_a_photo_without_an_enrolled_catalogue_says_to_enrol(
    table: Table, url: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, url)
    unlock(page, PIN)
    open_new_game(page)
    page.set_input_files(
        "#pe-photo", files=[{"name": "t.png", "mimeType": "image/png", "buffer": b"\x89PNG..."}]
    )
    expect(page.locator("#banner")).to_contain_text("not a photo")
    table.catalog.unlink(missing_ok=True)
    frame = cv2.imencode(".png", np.zeros((40, 60, 3), np.uint8))[1].tobytes()
    page.set_input_files("#pe-photo", files=[{"name": "t.png", "mimeType": "image/png", "buffer": frame}])
    expect(page.locator("#banner")).to_contain_text("enrol")
    expect(page.locator("#pe-path button")).to_have_count(0)


def test_a_tile_tapped_without_the_pin_offers_no_take(table: Table, url: str, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, url)
    page.locator("#table g.tile[data-index='2']").click()
    expect(page.locator("#tile-offer")).to_contain_text("Unlock")
    expect(page.locator("#tile-offer button.take-offer")).to_have_count(0)
    assert table.hub.referee.actions == []


# ------------------------------------------------------------------ every game's table


def fixed(game: str) -> tuple[dict, list[dict]]:
    name, lines = CUTS[game]
    log = [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text("utf-8").splitlines()[:lines]]
    return log[0], log[1:]


def compare(shot: Path, golden: Path) -> float:
    """How much of a screenshot differs from its golden picture: the share (in %) of its
    pixels that differ clearly (by more than CLEAR levels in a channel) when both are seen
    at a quarter of their size. A font hinted differently moves a few pixels of text, which
    blur away; a tile, pawn or card drawn differently moves a whole block."""
    got = cv2.imread(str(shot), cv2.IMREAD_COLOR)
    want = cv2.imread(str(golden), cv2.IMREAD_COLOR)
    assert want is not None, f"no golden picture {golden}: run with SCARAB_UPDATE_GOLDEN=1 once"
    assert got.shape == want.shape, (got.shape, want.shape)
    size = (got.shape[1] // 4, got.shape[0] // 4)
    small = [cv2.resize(image, size, interpolation=cv2.INTER_AREA).astype(np.int16) for image in (got, want)]
    clear = np.abs(small[0] - small[1]).max(axis=2) > CLEAR
    return 100.0 * float(clear.mean())


def structure(game: str, svg: ET.Element, state: dict, players: list[str]) -> None:
    """What each drawing must show, read from the SVG itself."""
    groups = list(svg.iter(f"{SVG}g"))

    def having(cls: str) -> list[ET.Element]:
        return [g for g in groups if cls in (g.get("class") or "").split()]

    pawns = {g.get("data-player") for g in having("pawn")}
    if game == "tutankhamen":
        path = state["path"]
        assert [int(g.get("data-index", -1)) for g in having("tile")] == [i for i, t in enumerate(path) if t]
        assert [g.get("data-label") for g in having("tile")] == [t for t in path if t]
        assert len(having("gone")) == path.count(None)
        assert pawns == set(players)
        left = {t: path.count(t) for t in path if t and "-" in t}
        assert {g.get("data-label") for g in having("next")} == {t for t, n in left.items() if n == 1}
    elif game == "ankh":
        texts = ["".join(g.itertext()) for g in having("factor")]
        assert texts == ["×2", "×1", "×0", "×−1"]
        assert [g.get("data-colour") for g in having("factor")] == state["papyrus"]["rank"]
        assert "".join(having("threshold")[0].itertext()) == str(state["papyrus"]["threshold"])
        seats = having("seat")
        assert [g.get("data-player") for g in seats] == players
        for seat in seats:
            row = state["rows"][seat.get("data-player")]
            assert len(seat.findall(f"{SVG}rect")) == 2 + len(row)  # the progress bar's two, one per card
    elif game == "bann":
        assert len(having("adventure")) == len(state["adventures"]) + 1
        assert having("arrow")[0].get("data-kind") == state["arrow"]
        assert [g.get("data-player") for g in having("display")] == players
        assert pawns == set(players)
        assert len(having("mummy")) == (state["mummy"] is not None)
    else:
        assert len(having("space")) == len(state["spaces"])
        mummy = having("mummy")
        assert [(int(g.get("data-space", -1)), g.get("data-facing")) for g in mummy] == [
            (state["mummy"]["space"], state["mummy"]["facing"])
        ]
        assert pawns == set(players)
        scarabs = [e for e in svg.iter(f"{SVG}ellipse") if e.get("class") == "scarab"]
        assert len(scarabs) == sum(state["scarabs"].values())
        revealed = [c for c in svg.iter(f"{SVG}circle") if "revealed" in (c.get("class") or "")]
        assert len(revealed) == sum(m["colour"] is not None for m in state["markers"])


@pytest.mark.parametrize("game", list(CUTS))
def test_each_games_table_matches_its_golden_picture(tmp_path: Path, browser: Browser, game: str) -> None:
    from playwright.sync_api import expect

    header, actions = fixed(game)
    table = Table(tmp_path, header, actions)
    with serving(table.app) as address:
        page = phone(browser, address)
        picture = page.locator("#table svg")
        expect(picture).to_be_visible()
        box = picture.bounding_box()
        assert box is not None and box["width"] <= 390 - 24  # within the card at a phone's width
        svg = ET.fromstring(page.request.get(address + "api/table.svg").text())
        state = page.request.get(address + "api/state").json()
        structure(game, svg, state["state"], state["players"])
        heads = page.locator("#scores thead th")
        expect(heads).to_have_text(["Player", *state["scoreboard"]["columns"]])
        if game in ("bann", "gulogulo"):  # not scored in points: no column of zeros
            expect(page.locator("#scores thead")).not_to_contain_text("Points")
        page.locator("#table-card").screenshot(path=str(ARTIFACTS / f"{game}.png"))
        shot = tmp_path / f"{game}.png"
        picture.screenshot(path=str(shot))
    golden = DATA / f"golden-table-{game}.png"
    if os.environ.get("SCARAB_UPDATE_GOLDEN"):
        shutil.copy(shot, golden)
    assert compare(shot, golden) <= TOLERANCE


def test_the_golden_comparison_notices_one_tile_gone(tmp_path: Path, browser: Browser) -> None:
    """The tolerance lets fonts differ, not the table: the golden picture with one tile
    painted over (as if it were taken) is beyond it."""
    golden = DATA / "golden-table-tutankhamen.png"
    picture = cv2.imread(str(golden), cv2.IMREAD_COLOR)
    scale = picture.shape[1] / 360  # the SVG's viewBox is 360 wide
    x, y, side = (round(v * scale) for v in (9 + 5 * 50, 38, 42))  # the place of tile 5 (drawn in row one)
    background = picture[y - 4, x - 4].tolist()  # the board's colour just outside the tile
    picture[y : y + side, x : x + side] = background
    changed = tmp_path / "changed.png"
    cv2.imwrite(str(changed), picture)
    assert compare(golden, golden) == 0
    assert compare(changed, golden) > TOLERANCE


# ------------------------------------------------------------------ past games


def test_a_past_game_opens_as_a_replay_and_a_finished_one_offers_bg_stats(
    table: Table, url: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    rng = random.Random(2)
    while not table.hub.referee.state.finished:
        table.hub.act(rng.choice(table.hub.referee.state.legal_actions()))
    page = phone(browser, url)
    finished = page.locator("#finished")
    expect(finished).to_be_visible()
    link = finished.locator("a", has_text="Log in BG Stats")
    expect(link).to_have_attribute(
        "href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data=")
    )
    qr = finished.locator("img.qr")
    expect(qr).to_have_js_property("complete", True)
    assert qr.evaluate("img => img.naturalWidth") > 0
    expect(finished.locator("a[download]")).to_have_count(2)
    page.locator("#finished").screenshot(path=str(ARTIFACTS / "finished.png"))

    unlock(page, PIN)
    open_new_game(page, "Cleo, Dirk")
    page.click("#ng-start")  # no tile laid: a random path
    expect(page.locator("#past li")).to_have_count(2)
    first = page.locator("#past li[data-id='1']")
    record = table.store.load(1)
    expect(first).to_contain_text("Ann, Ben")
    expect(first).to_contain_text(" won")
    first.locator("button").click()
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(page.locator("#replay-history li")).to_have_count(len(record.actions))
    expect(page.locator("#replay-table svg")).to_have_count(1)
    left = page.request.get(url + "api/games/1").json()["document"]["state"]["path"]
    expect(page.locator("#replay-table g.tile")).to_have_count(sum(t is not None for t in left))
    expect(page.locator("#replay-history li.at")).to_have_count(1)
    # stepping back: the table after the first action, that action marked
    page.locator("#replay-step").fill("1")
    expect(page.locator("#replay-at")).to_have_text(f"After 1 of {len(record.actions)} actions")
    after_one = page.request.get(url + "api/games/1?at=1").json()["document"]["state"]["path"]
    expect(page.locator("#replay-table g.tile")).to_have_count(sum(t is not None for t in after_one))
    expect(page.locator("#replay-history li.at")).to_have_text(
        page.locator("#replay-history li").first.inner_text()
    )
    assert table.hub.referee.game_id == 2  # opening a replay changes nothing
    page.locator("#past-card").screenshot(path=str(ARTIFACTS / "past.png"))
    replay.screenshot(path=str(ARTIFACTS / "replay.png"))


# ------------------------------------------------------------------ new games of every game


def test_every_game_is_set_up_from_the_form_with_its_table_setup(
    table: Table, url: str, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, url)
    unlock(page, PIN)
    prompt = page.locator("#prompt")

    def begin(game: str) -> None:
        page.click("#new-game-open")
        page.select_option("#ng-game", game)
        page.fill("#ng-players", "Ann, Ben, Cleo")
        expect(page.locator(f"#ng-{game}")).to_be_visible()

    begin("ankh")
    ranks = page.locator("#ng-rank select")
    for k, colour in enumerate(["green", "yellow", "blue", "red"]):
        ranks.nth(k).select_option(colour)
    page.fill("#ng-threshold", "5")
    page.select_option("#ng-target", "100")
    page.locator("#new-game").screenshot(path=str(ARTIFACTS / "setup-ankh.png"))
    page.click("#ng-start")
    expect(page.locator("#new-game")).to_be_hidden()
    expect(prompt).to_contain_text("Ann")
    header = table.hub.referee.header
    assert (header["papyrus"], header["target"], header["mode"]) == (
        {"rank": ["green", "yellow", "blue", "red"], "threshold": 5},
        100,
        "table",
    )

    begin("bann")
    values = page.locator("#ng-adventures input")
    expect(values).to_have_count(5)  # four adventures and the king's chamber, filled in
    for k, value in enumerate([4, 7, 6, 9, 11]):
        values.nth(k).fill(str(value))
    page.check("#ng-bann-variants input[value='minus-points']")
    page.click("#ng-start")
    expect(page.locator("#new-game")).to_be_hidden()
    header = table.hub.referee.header
    assert (header["adventures"], header["chamber"], header["variant"]) == (
        [4, 7, 6, 9],
        11,
        ["minus-points"],
    )

    begin("gulogulo")
    page.select_option("#ng-gulo-variant", "adventurous")
    page.click("#ng-start")
    expect(page.locator("#new-game")).to_be_hidden()
    expect(page.locator("#table g.space")).to_have_count(len(table.hub.snapshot()["state"]["spaces"]))
    header = table.hub.referee.header
    assert header["variant"] == "adventurous" and "board" not in header  # the default board, unchanged

    # a setup the engine refuses: the form stays, the banner names the rule, nothing is stored
    games = len(table.store.games())
    begin("ankh")
    page.locator("#ng-rank select").nth(1).select_option("green")  # green twice: no such papyrus
    page.click("#ng-start")
    expect(page.locator("#banner")).to_contain_text("papyrus")
    expect(page.locator("#new-game")).to_be_visible()
    assert len(table.store.games()) == games


def test_the_oled_card_shows_only_when_the_table_has_an_oled_frame(tmp_path: Path, browser: Browser) -> None:
    """A table without an OLED shows no broken picture; with one, its frame is shown."""
    from playwright.sync_api import expect

    bare = Table(tmp_path / "bare", SEEDED)
    with serving(bare.app) as address:
        page = phone(browser, address)
        settle(page)
        expect(page.locator("#oled")).to_be_hidden()
        page.wait_for_function("document.getElementById('oled').complete")  # its request has failed
        expect(page.locator("#oled-card")).to_be_hidden()
        page.close()
    frame = np.zeros((64, 128, 3), np.uint8)
    cv2.putText(frame, "SCARAB", (10, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (255, 255, 255), 2)
    png = cv2.imencode(".png", frame)[1].tobytes()
    lit = Table(tmp_path / "lit", SEEDED)
    lit.hub.frame_png = lambda: png
    with serving(lit.app) as address:
        page = phone(browser, address)
        settle(page)
        expect(page.locator("#oled-card")).to_be_visible()
        assert page.locator("#oled").evaluate("img => img.naturalWidth") == 128
