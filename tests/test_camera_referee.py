"""Tutankhamen refereed from the camera: a take seen on the filmed table becomes the
engine's action; what the rules forbid (two tiles gone, a tile behind the pawn, a take
while the gold bag waits) puts "PUT IT BACK" on the OLED and the page and stores
nothing until the table is right again; one bad frame, a hand, a failing camera or an
undo never enter anything; and `scarab run --demo` is refereed from rendered frames.

The table is the synthetic camera's (hardware/sim/camera.py): every table state is
rendered once, so each test costs a few renders.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fake_table import Clock, FakeApp, play_demo
from PIL import Image, ImageChops

from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.camera_referee import CameraReferee, layout_file
from firmware.referees.referee import Referee
from hardware.sim.camera import PAWN_LABELS, SynthCamera

GOLDEN = Path(__file__).resolve().parent / "data" / "screens"
PATH = [
    "mask-blue",
    "mask-blue",
    "goldbag",
    "horus-green",
    "anubis-purple",
    "cat-green",
    "mask-green",
    "scarab-blue",
    "anubis-blue",
    "horus-purple",
    "mask-purple",
    "cat-purple",
    "pharaoh",
    "anubis-green",
    "mask-blue",
    "kingtut",
]
HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "path": PATH}
ANN, BEN = PAWN_LABELS[0], PAWN_LABELS[1]
SCENE_SEED = 3


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("faces") / "catalog.json"
    SynthCamera(PATH).catalogue(path)
    return path


def setup(
    tmp_path: Path, catalog: Path, header: dict[str, Any] | None = None, table: list[str] | None = None
) -> tuple[FakeApp, CameraReferee, SynthCamera, Clock]:
    referee = Referee.start(Store(tmp_path / "g.db"), header or HEADER)
    camera = SynthCamera(table or PATH, seed=SCENE_SEED)
    app = FakeApp(referee, camera)
    config = Config()
    config.camera.tutankhamen_catalog = str(catalog)
    clock = Clock()
    glue = CameraReferee(app, config, clock=clock)
    return app, glue, camera, clock


def steps(glue: CameraReferee, until: Any = None, limit: int = 8) -> int:
    """Look at frames until ``until()`` holds (or ``limit`` frames); how many it took."""
    for n in range(1, limit + 1):
        glue.step()
        if until is not None and until():
            return n
    return limit


def following(tmp_path: Path, catalog: Path) -> tuple[FakeApp, CameraReferee, SynthCamera, Clock]:
    app, glue, camera, clock = setup(tmp_path, catalog)
    steps(glue, glue.ready)
    assert glue.ready(), app.recent
    return app, glue, camera, clock


def taken(app: FakeApp) -> list[int]:
    return [a["index"] for a in app.referee.actions if a["move"] == "take"]


def test_the_path_is_read_and_a_take_is_entered(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    assert "the camera read the path: 16 tiles" in app.recent
    assert layout_file(tmp_path / "g.db", 1).exists()  # kept for a restart
    camera.take(4, ANN)
    steps(glue, lambda: app.referee.actions)
    assert app.referee.actions == [{"player": "Ann", "move": "take", "index": 4}]
    assert "the camera sees blue Anubis statue (index 4) taken:" not in app.recent  # purple, not blue
    assert "the camera sees purple Anubis statue (index 4) taken:" in app.recent
    assert app.buzzer.played == [] and glue.notice is None
    camera.take(9, BEN)
    steps(glue, lambda: len(app.referee.actions) == 2)
    assert taken(app) == [4, 9] and glue.entered == 2
    assert Store(tmp_path / "g.db").load(1).actions == app.referee.actions  # committed


def test_two_tiles_gone_at_once_put_it_back_and_nothing_changes(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    camera.take(5, ANN)
    camera.take(7)
    steps(glue, lambda: glue.notice is not None)
    assert glue.notice == (
        "PUT IT BACK",
        "2 tiles gone at once (green mummified cat (index 5), blue scarab (index 7)): one tile per turn",
    )
    assert app.referee.actions == [] and Store(tmp_path / "g.db").load(1).actions == []
    assert app.buzzer.played == ["refused"]
    assert any(n.startswith("PUT IT BACK: 2 tiles gone") for n in glue.notices())  # the page's banner
    frame = app.presenter.frame(app.referee)
    expected = screens.camera("PUT IT BACK", glue.notice[1])
    assert not ImageChops.difference(frame.convert("L"), expected.convert("L")).getbbox()
    steps(glue, limit=4)  # it stays, and the buzzer does not nag
    assert app.buzzer.played == ["refused"] and app.referee.actions == []
    camera.put_back(7)  # restored: the one take that is left goes on
    steps(glue, lambda: app.referee.actions)
    assert taken(app) == [5] and glue.notice is None and app.presenter.camera is None


def test_a_tile_behind_the_pawn_is_refused_until_put_back(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    camera.take(6, ANN)
    steps(glue, lambda: taken(app) == [6])
    camera.take(3, BEN)  # Ben's take: the clean-up clears 0-2 behind him in the game
    steps(glue, lambda: taken(app) == [6, 3])
    steps(glue, lambda: glue.clear_hint is not None)  # the next look sees 0-2 still lying
    assert glue.clear_hint is not None and "behind the last pawn" in glue.clear_hint
    assert glue.clear_hint in glue.notices() and glue.notice is None  # a hint, not a refusal
    camera.clear([0, 1, 2])
    steps(glue, lambda: glue.clear_hint is None)
    assert glue.clear_hint is None
    camera.take(4)  # Ann reaches back, behind her own pawn at 6
    steps(glue, lambda: glue.notice is not None)
    assert glue.notice is not None and glue.notice[0] == "PUT IT BACK"
    assert "Ann: purple Anubis statue (index 4) lies behind your pawn" in glue.notice[1]
    assert taken(app) == [6, 3]
    camera.put_back(4)
    camera.take(8, ANN)
    steps(glue, lambda: taken(app) == [6, 3, 8])
    assert taken(app) == [6, 3, 8] and glue.notice is None


def test_one_bad_frame_enters_nothing(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    present = [i != 10 for i in range(len(PATH))]  # a frame that shows tile 10 gone
    glitch = camera.scene.render(present=present, pawns={}, frame_seed=9).image
    glue.tracker.settings.still_share = 1.0  # type: ignore[union-attr]  # it even counts as still
    steps(glue, limit=2)
    camera.extra.append(glitch)
    steps(glue, limit=5)
    assert app.referee.actions == [] and glue.notice is None and app.buzzer.played == []


def test_a_hand_over_the_table_is_waited_out(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, clock = following(tmp_path, catalog)
    camera.take(2, ANN, hand_frames=100)  # the hand lingers over the table
    steps(glue, limit=3)
    assert glue.notice is None  # a hand taking a tile is no news at first
    clock.now += 5
    steps(glue, limit=2)
    assert glue.notice == ("CAMERA WAITING", "can't read — waiting: a hand is over the table")
    assert "CAMERA WAITING: can't read — waiting: a hand is over the table" in glue.notices()
    assert app.referee.actions == []
    camera.hands = 0  # the hand is gone: the take is seen
    steps(glue, lambda: app.referee.actions)
    assert taken(app) == [2] and glue.notice is None


def test_unreadable_frames_are_waited_out_with_the_reason(tmp_path: Path, catalog: Path) -> None:
    """Covered corner markers before the path is read, then a black frame mid-game:
    "can't read — waiting" with the reason once it lasts, nothing entered, and the
    camera goes on when the frames are good again."""
    app, glue, camera, clock = setup(tmp_path, catalog)
    covered = camera.read()
    assert covered is not None
    covered[:, :170] = 40  # a cloth over the left corner markers
    camera.extra += [covered.copy() for _ in range(3)]
    steps(glue, limit=2)
    clock.now += 5
    steps(glue, limit=1)
    assert glue.notice is not None and glue.notice[0] == "CAMERA WAITING"
    assert glue.notice[1].startswith("can't read — waiting: only 2 of the 4 corner markers are visible")
    steps(glue, glue.ready)  # the cloth is gone: the path is read
    assert glue.ready() and glue.notice is None
    black = np.zeros((720, 1280, 3), np.uint8)
    camera.extra += [black] * 4
    steps(glue, limit=2)
    clock.now += 5
    steps(glue, limit=1)
    assert glue.notice is not None and "the frame is almost black" in glue.notice[1]
    assert app.referee.actions == [] and app.buzzer.played == []
    camera.take(3, ANN)
    steps(glue, lambda: app.referee.actions)
    assert taken(app) == [3] and glue.notice is None


def test_a_failing_camera_is_reported_and_the_game_goes_on_by_hand(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    camera.fail("the camera cable is loose")
    steps(glue, limit=2)
    assert glue.error == "the camera cable is loose"
    assert "! the camera cable is loose" in app.recent
    shown = screens.error("Device problem", "the camera cable is loose")
    assert not ImageChops.difference(app.frames[-1].convert("L"), shown.convert("L")).getbbox()
    assert app.act({"player": "Ann", "move": "take", "index": 1})  # entered by hand meanwhile
    camera.take(1, ANN)
    camera.recover()
    steps(glue, limit=6)
    assert "camera back" in app.recent and glue.error is None
    assert taken(app) == [1] and glue.notice is None  # the table matches the game


def test_after_an_undo_the_same_sight_is_not_entered_again(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    camera.take(5, ANN)
    steps(glue, lambda: app.referee.actions)
    app.referee.undo()  # Ann meant another tile
    steps(glue, lambda: glue.notice is not None)
    assert app.referee.actions == []
    assert glue.notice == ("PUT IT BACK", "taken back: lay green mummified cat (index 5) on the path again")
    camera.put_back(5)
    steps(glue, lambda: glue.notice is None)
    camera.take(9, ANN)
    steps(glue, lambda: app.referee.actions)
    assert taken(app) == [9]


def test_a_take_while_the_gold_bag_waits_is_put_back(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    for index, pawn in ((0, ANN), (1, BEN), (2, ANN)):  # Ann's gold bag can buy Ben's mask
        camera.take(index, pawn)
        steps(glue, lambda i=index: i in taken(app))
    assert app.referee.state.to_act == "Ann" and app.referee.state.phase == "steal"
    camera.take(8, BEN)  # Ben reaches in before Ann has used her bag
    steps(glue, lambda: glue.notice is not None)
    assert glue.notice is not None and glue.notice[0] == "PUT IT BACK"
    assert glue.notice[1].startswith(
        "blue Anubis statue (index 8) was taken, but first: Ann: use the gold bag"
    )
    assert app.act({"player": "Ann", "move": "steal", "from": "Ben", "tile": "mask-blue"})  # by the page
    steps(glue, lambda: taken(app)[-1:] == [8])
    assert taken(app) == [0, 1, 2, 8] and glue.notice is None


def test_another_path_on_the_table_starts_a_new_game_with_it(tmp_path: Path, catalog: Path) -> None:
    seeded = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 5}
    app, glue, camera, _ = setup(tmp_path, catalog, header=seeded)
    steps(glue, lambda: app.hub.headers)
    assert app.hub.headers == [{**{k: v for k, v in seeded.items() if k != "seed"}, "path": PATH}]
    steps(glue, glue.ready)
    assert glue.ready() and app.referee.state.path == PATH and app.referee.game_id == 2
    camera.take(3, ANN)
    steps(glue, lambda: app.referee.actions)
    assert taken(app) == [3]


def test_a_game_begun_without_the_camera_is_left_to_the_buttons(tmp_path: Path, catalog: Path) -> None:
    """Tiles already gone and no places kept: the path cannot be walked reliably with
    holes, so the camera says so and enters nothing."""
    app, glue, camera, _ = setup(tmp_path, catalog)
    assert app.act({"player": "Ann", "move": "take", "index": 6})
    camera.take(6, ANN)
    steps(glue, limit=2)
    assert glue.problem == "camera: it did not see this game's path laid out; enter moves by hand"
    assert not glue.watching() and glue.problem in glue.notices()
    assert taken(app) == [6]


def test_a_restart_goes_on_following_from_the_saved_places(tmp_path: Path, catalog: Path) -> None:
    app, glue, camera, _ = following(tmp_path, catalog)
    camera.take(5, ANN)
    steps(glue, lambda: app.referee.actions)
    resumed = Referee.resume(Store(tmp_path / "g.db"))
    assert resumed is not None
    app2 = FakeApp(resumed, camera)
    config = Config()
    config.camera.tutankhamen_catalog = str(catalog)
    glue2 = CameraReferee(app2, config, clock=Clock())
    glue2._follow()
    assert glue2.ready()  # no reading of a path with holes: the places were kept
    camera.take(10, BEN)
    steps(glue2, lambda: len(app2.referee.actions) == 2)
    assert taken(app2) == [5, 10]


def test_a_layout_left_by_another_store_is_not_trusted(tmp_path: Path, catalog: Path) -> None:
    """A store file made anew reuses game ids: the places kept for its old game 1 must not
    be taken for the new game 1's."""
    app, _, _, _ = following(tmp_path, catalog)
    kept = layout_file(tmp_path / "g.db", 1)
    assert kept.exists()
    app.referee.store.close()
    for file in tmp_path.glob("g.db*"):
        file.unlink()
    fresh = FakeApp(Referee.start(Store(tmp_path / "g.db"), HEADER), SynthCamera(PATH, seed=SCENE_SEED))
    config = Config()
    config.camera.tutankhamen_catalog = str(catalog)
    glue2 = CameraReferee(fresh, config, clock=Clock())
    glue2._follow()
    assert glue2.tracker is not None and glue2.tracker.layout is None  # the path is read afresh
    assert kept.exists() and not glue2.ready()


def test_without_enrolled_faces_the_camera_says_so(tmp_path: Path, catalog: Path) -> None:
    _, glue, _, _ = setup(tmp_path, catalog)
    glue.section.tutankhamen_catalog = str(tmp_path / "none.json")
    glue._follow()
    assert glue.problem is not None and glue.problem.startswith("camera: no catalogue at")
    assert "scarab vision enroll" in glue.problem and not glue.watching()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        (
            "camera-put-back",
            ("PUT IT BACK", "Ann: purple Anubis statue (index 4) lies behind your pawn"),
        ),
        ("camera-waiting", ("CAMERA WAITING", "can't read — waiting: a hand is over the table")),
        ("camera-confirm", ("CONFIRM 3 TILES", "on the page: tap what lies at index 5, 11, 30")),
    ],
)
def test_the_camera_screens_match_their_goldens(name: str, args: tuple[str, str]) -> None:
    image = screens.camera(*args)
    path = GOLDEN / f"{name}.png"
    if os.environ.get("SCARAB_UPDATE_GOLDENS") == "1":
        image.convert("1").save(path)
    golden = Image.open(path).convert("1")
    assert image.size == (128, 64)
    assert not ImageChops.difference(image.convert("L"), golden.convert("L")).getbbox()


def test_the_demo_is_refereed_from_rendered_frames(tmp_path: Path) -> None:
    """`scarab run --demo`'s players on a short path: every take is done on the filmed
    table and entered by the camera referee."""
    app = play_demo(tmp_path / "demo.db", {**HEADER, "seed": SCENE_SEED}, "cameras", 120)
    record = Store(tmp_path / "demo.db").load(1)
    takes = [a for a in record.actions if a["move"] == "take"]
    assert record.result is not None and takes
    assert app.cameras.entered == len(takes)  # every take came from the camera
    assert not [line for line in app.recent if "missed" in line]


def test_the_synthetic_camera_is_for_the_demo_only(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "run", "--camera", "synth", "--no-web", "--input", "none"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path), "SCARAB_CONFIG": str(tmp_path / "x.toml")},
    )
    assert run.returncode == 2 and "use it with --demo" in run.stderr
