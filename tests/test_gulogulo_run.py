"""Gulo Gulo refereed from the motion sensor: arming on pull prompts, a detected landslide
entered with buzzer, OLED and page notice, disputes within the window, clean pulls by
button, a failing sensor reported, and `scarab run --demo` playing a whole game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_table import Clock, FakeApp
from PIL import Image, ImageChops

from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.landslide_referee import LandslideReferee, demo_header
from firmware.referees.referee import Referee
from hardware.landslide import Landslide, Settings
from hardware.motion import Sample
from hardware.sim.traces import Simulator
from hardware.table_profile import TableProfile

GOLDEN = Path(__file__).resolve().parent / "data" / "screens"
BOARD = {
    "boulders": {"red": 2, "blue": 3, "yellow": 3},
    "markers": {
        "desert": {"red": 1, "blue": 1, "yellow": 1},
        "pyramid": {"red": 2, "blue": 2, "yellow": 2},
        "chamber": {"red": 1, "blue": 1, "yellow": 1},
    },
    "spaces": [
        {"area": "start"},
        {"area": "desert", "marker": True},
        {"area": "desert", "marker": True, "scarab": True},
        {"area": "entrance"},
        {"area": "pyramid", "marker": True, "scarab": True},
        {"area": "pyramid", "marker": True, "mummy": 1},
        {"area": "pyramid", "marker": True},
        {"area": "front", "marker": True},
        {"area": "chamber"},
    ],
}


LEARNED = TableProfile(floor_g=0.02, still_s=60.0, pulls=5, rummage_g=[0.05] * 5)


def setup(
    tmp_path: Path, variant: str = "basic", learned: bool = True
) -> tuple[FakeApp, LandslideReferee, Clock]:
    """The appliance's sensor glue; ``learned``: on a table it has already learned (five
    confirmed pulls), so sure hits are called without asking."""
    if learned:
        LEARNED.save(tmp_path / "table-profile.json")
    header = {"game": "gulogulo", "players": ["Ann", "Ben"], "variant": variant, "board": BOARD}
    referee = Referee.start(Store(tmp_path / "g.db"), header)
    app = FakeApp(referee)
    config = Config()
    config.sensor.driver = "trace"
    config.sensor.calibration = str(tmp_path / "no-calibration.json")
    config.sensor.dispute_seconds = 5
    clock = Clock()
    glue = LandslideReferee(app, config, clock=clock)
    return app, glue, clock


def pull_samples(kind: str | None, seed: int = 1) -> list[Sample]:
    trace = Simulator(800, "room", seed=seed).pull(seconds=3.0, landslide=kind, at=1.5)
    return list(trace.samples())


def feed(glue: LandslideReferee, samples: list[Sample]) -> None:
    for i in range(0, len(samples), 40):  # 50 ms at a time, as the loop would
        glue.sensor.push(samples[i : i + 40])  # type: ignore[attr-defined]
        glue.pump()


def test_the_detector_is_armed_only_while_a_pull_is_awaited(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    glue.pump()
    assert not glue.pulling() and not glue.detector.armed
    feed(glue, pull_samples("boulder"))  # a landslide while exploring is nobody's pull
    assert len(app.referee.actions) == 0
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    glue.pump()
    assert glue.pulling() and glue.detector.armed


def test_a_landslide_is_entered_sounded_and_shown(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    app.act({"player": "Ann", "move": "pull", "result": "clean"})  # Ann to desert 1
    app.act({"player": "Ben", "move": "reveal", "colour": "blue"})
    feed(glue, pull_samples("boulder"))
    assert app.referee.actions[-1] == {
        "player": "Ben",
        "move": "pull",
        "result": "landslide",
        "fell": ["blue"],
    }
    assert app.buzzer.played == ["landslide"]
    assert app.presenter.alert == (
        "LANDSLIDE!",
        "Ben stays put",
        "back = dispute (5 s)",
    )  # already at the start
    assert glue.notices() and glue.notices()[0].startswith("LANDSLIDE!")
    assert app.hub.refreshes >= 1
    frame = app.presenter.frame(app.referee)
    assert not ImageChops.difference(frame, screens.landslide(*app.presenter.alert)).getbbox()
    glue.pump()
    assert not glue.detector.armed and app.referee.state.to_act == "Ann"  # the turn passed
    assert app.act(app.referee.state.legal_actions()[0])  # the game moves on: the alert goes
    glue.pump()
    assert app.presenter.alert is None and glue.notices() == [] and not glue.press("back")


def test_what_follows_is_named(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    app.act({"player": "Ann", "move": "pull", "result": "clean"})
    app.act({"player": "Ben", "move": "reveal", "colour": "blue"})
    app.act({"player": "Ben", "move": "pull", "result": "clean"})
    app.act({"player": "Ann", "move": "choose", "colour": "blue"})
    glue.pump()
    assert glue.landslide(Landslide(1.0, "staff", 0.4))
    assert app.referee.actions[-1]["fell"] == ["staff"]
    assert app.presenter.alert is not None and app.presenter.alert[1] == "Ann goes back to the start"


def test_a_player_disputes_within_the_window_and_the_pull_goes_on(tmp_path: Path) -> None:
    app, glue, clock = setup(tmp_path)
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    glue.pump()
    assert glue.landslide(Landslide(1.0, "boulder", 0.3))
    clock.now += 3
    assert glue.press("back")
    assert len(app.referee.actions) == 1 and glue.pulling() and glue.disputes == 1
    assert app.presenter.alert is None and glue.notices() == []
    glue.pump()
    assert glue.detector.armed  # armed afresh for the same pull
    feed(glue, pull_samples("staff", seed=3))
    assert app.referee.actions[-1]["result"] == "landslide"
    clock.now += 6  # the window has passed
    glue.pump()
    assert app.presenter.alert is None and glue.notices() == []
    assert not glue.press("back")  # now back is the ordinary undo again


def test_an_undo_on_the_page_also_ends_the_alert(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    glue.pump()
    glue.landslide(Landslide(1.0, "boulder", 0.3))
    app.referee.undo()
    glue.pump()
    assert app.presenter.alert is None and glue.pulling() and glue.detector.armed


def test_next_confirms_a_clean_pull(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    assert not glue.press("next")  # nothing to confirm while exploring
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    feed(glue, pull_samples(None))
    assert len(app.referee.actions) == 1  # rummaging alone calls nothing
    assert glue.press("next")
    assert app.referee.actions[-1] == {"player": "Ann", "move": "pull", "result": "clean"}


def test_a_lost_sensor_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path)
    glue.sensor.error = "motion sensor lost: ADXL345 at 0x53 on I2C bus 1 does not answer"
    glue.pump()
    shown = screens.error("Device problem", glue.sensor.error)
    assert glue.error and not ImageChops.difference(app.frames[-1], shown).getbbox()  # on the OLED
    assert app.hub.refreshes == 1 and any("motion sensor lost" in line for line in app.recent)
    app.act({"player": "Ann", "move": "reveal", "colour": "red"})
    assert glue.press("next") and len(app.referee.actions) == 2
    glue.sensor.error = None
    glue.pump()
    assert app.recent[-1] == "motion sensor back" and app.hub.refreshes == 2


def test_a_bad_calibration_file_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "no-calibration.json").write_text("{broken")
    _, glue, _ = setup(tmp_path)
    assert glue.error and "calibration ignored" in glue.error
    assert glue.settings == Settings()  # the defaults


def test_the_demo_plays_gulogulo_and_ankh_in_full_mode() -> None:
    assert demo_header({"game": "gulogulo", "seed": 1})["mode"] == "full"
    assert demo_header({"game": "ankh", "seed": 1})["mode"] == "full"  # dealt hands: real cards to lay
    assert "mode" not in demo_header({"game": "tutankhamen", "seed": 1})


def test_the_landslide_screen_matches_its_golden() -> None:
    image = screens.landslide("LANDSLIDE!", "Ann goes back to the pyramid entrance", "back = dispute (5 s)")
    path = GOLDEN / "landslide.png"
    if os.environ.get("SCARAB_UPDATE_GOLDENS") == "1":
        image.convert("1").save(path)
    golden = Image.open(path).convert("1")
    assert image.size == (128, 64)
    assert not ImageChops.difference(image.convert("L"), golden.convert("L")).getbbox()


def env(tmp_path: Path) -> dict[str, Any]:
    return {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCARAB_CONFIG": str(tmp_path / "x.toml"),
    }


@pytest.mark.parametrize("variant_seed", [7, 11])
def test_scarab_run_demo_plays_gulogulo_with_detected_landslides(tmp_path: Path, variant_seed: int) -> None:
    config = tmp_path / "c.toml"
    config.write_text(
        '[table]\ngame = "gulogulo"\nplayers = ["Ann", "Ben", "Cleo"]\n[oled]\ndriver = "dummy"\n'
    )
    db = tmp_path / "demo.db"
    options = ["--seed", str(variant_seed), "--db", str(db), "--config", str(config)]
    run = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "run", "--demo", "--delay", "0", "--no-web", *options],
        capture_output=True,
        text=True,
        timeout=120,
        env=env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    assert "Game over" in run.stdout and "Traceback" not in run.stderr
    record = Store(db).load(1)
    assert record.header["game"] == "gulogulo" and record.result is not None
    pulls = [a for a in record.actions if a["move"] == "pull"]
    landslides = [a for a in pulls if a["result"] == "landslide"]
    heard = run.stdout.count("the sensor heard")
    disputed = run.stdout.count("landslide disputed")
    said_yes = run.stdout.count("the table said yes")
    assert landslides and heard - disputed >= 1
    assert heard - disputed + said_yes + run.stdout.count("entered by hand") == len(landslides)
    # the demo's table starts unlearned: the first pulls are asked about, later ones called
    # alone; what it learns of its simulated rooms is not kept as this table's
    asks = run.stdout.find("the sensor asks")
    assert 0 <= asks < run.stdout.rfind("the sensor heard")
    assert not (tmp_path / "state" / "scarab" / "table-profile.json").exists()


# ---------------------------------------------------------------------- learning the table


def to_pull(app: FakeApp, glue: LandslideReferee) -> None:
    """Play the first legal moves until someone is asked to pull."""
    while not glue.pulling():
        assert app.act(app.referee.state.legal_actions()[0])
    glue.pump()


def test_a_fresh_table_asks_instead_of_deciding_and_learns_from_the_answer(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path, learned=False)
    to_pull(app, glue)
    assert glue.learning() and glue.detector.armed
    assert "learning this table — confirm landslides for the first few pulls" in glue.notices()
    app.show()
    assert "(learning table)" in app.presenter.caption  # on the OLED's turn screen
    before = len(app.referee.actions)
    feed(glue, pull_samples("boulder"))
    assert len(app.referee.actions) == before  # no verdict alone while learning
    assert app.buzzer.played == ["question"]
    assert app.presenter.alert == ("LANDSLIDE?", "Was that a landslide?", "next = yes  back = no")
    assert any(n.startswith("Was that a landslide?") for n in glue.notices())
    assert glue.page_state()["question"]
    assert glue.press("next")  # yes
    assert app.referee.actions[-1]["result"] == "landslide" and app.buzzer.played[-1] == "landslide"
    glue.pump()
    assert glue.question is None and app.presenter.alert is None
    kept = TableProfile.load(tmp_path / "table-profile.json")
    assert kept.pulls == 1 and len(kept.landslide_g) == 1 and kept.landslide_g[0] > 0.1


def test_no_lets_the_pull_go_on_and_teaches_the_rummaging(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path, learned=False)
    to_pull(app, glue)
    before = len(app.referee.actions)
    feed(glue, pull_samples("staff", seed=3))
    assert glue.question is not None
    peak = glue.question["event"].strength
    assert glue.press("back")  # no
    assert len(app.referee.actions) == before and glue.pulling() and glue.question is None
    assert glue.profile.disputed_g == [peak]
    assert glue.press("next")  # the pull is confirmed clean
    glue.pump()
    assert app.referee.actions[-1]["result"] == "clean"
    kept = TableProfile.load(tmp_path / "table-profile.json")
    assert kept.pulls == 1 and kept.disputed_g == [peak]


def test_five_confirmed_pulls_end_the_learning_and_sure_hits_are_called(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path, learned=False)
    for k in range(5):
        to_pull(app, glue)
        feed(glue, pull_samples(None, seed=20 + k))
        assert glue.question is None
        assert glue.press("next")
        glue.pump()
    assert not glue.learning() and glue.profile.pulls == 5
    assert not any("learning" in n for n in glue.notices())
    app.show()
    assert "learning" not in app.presenter.caption
    to_pull(app, glue)
    before = len(app.referee.actions)
    feed(glue, pull_samples("boulder", seed=1))
    assert len(app.referee.actions) == before + 1 and app.referee.actions[before]["result"] == "landslide"
    assert app.buzzer.played[-1] == "landslide" and app.presenter.alert[0] == "LANDSLIDE!"


def test_a_call_left_standing_is_learned_as_a_landslide_and_a_disputed_one_as_rummaging(
    tmp_path: Path,
) -> None:
    app, glue, clock = setup(tmp_path)
    to_pull(app, glue)
    feed(glue, pull_samples("boulder"))
    called = glue.detections[-1].strength
    clock.now += 6  # the dispute window passes
    glue.pump()
    assert glue.profile.landslide_g[-1] == called and glue.profile.pulls == LEARNED.pulls + 1
    to_pull(app, glue)
    feed(glue, pull_samples("staff", seed=3))
    disputed = glue.detections[-1].strength
    assert glue.press("back")
    glue.pump()
    assert glue.profile.disputed_g[-1] == disputed and glue.pulling()


def test_a_landslide_entered_by_hand_counts_as_a_confirmed_pull(tmp_path: Path) -> None:
    app, glue, _ = setup(tmp_path, learned=False)
    to_pull(app, glue)
    state = app.referee.state
    assert app.act({"player": state.to_act, "move": "pull", "result": "landslide", "fell": ["staff"]})
    glue.pump()
    assert glue.profile.pulls == 1 and glue.profile.landslide_g == []


def test_the_page_resets_what_was_learned(tmp_path: Path) -> None:
    _, glue, _ = setup(tmp_path)
    assert not glue.learning()
    glue.reset_learning()
    assert glue.learning() and glue.detector.profile is glue.profile
    assert TableProfile.load(tmp_path / "table-profile.json") == TableProfile()


def test_a_broken_profile_is_a_warning_and_the_table_is_learned_again(tmp_path: Path) -> None:
    (tmp_path / "table-profile.json").write_text('{"pulls": "many"}')
    _, glue, _ = setup(tmp_path, learned=False)
    assert glue.error and "learning again" in glue.error
    assert glue.learning() and glue.profile == TableProfile()
