"""Pharaoh's Gulo Gulo refereed from the motion sensor: the glue between ``scarab run``,
the sensor, the landslide detector and the engine.

- The detector is armed exactly while the game waits for a pull's result ("Ann: pull a
  red boulder"), and only then; its filters and the room's noise level run on throughout.
- A detected landslide becomes the pull's result in the log at once — ``{"move": "pull",
  "result": "landslide", "fell": [...]}`` — and the buzzer sounds; the OLED and the page
  show "LANDSLIDE!" with what follows (back to the start, to the pyramid entrance, ...).
  The sensor cannot see colours: a boulder is entered as one of the colour being pulled,
  the staff as the staff; the page's "Correct last" changes what fell where it matters
  (the adventurous variant).
- For ``dispute_seconds`` a player may dispute it (the back button, or Undo on the page):
  the landslide is taken back and the pull goes on, armed again.
- A clean pull is confirmed with the next button or on the page.
- A sensor that fails is shown as a warning; the pull can always be entered by hand.
- The detector learns the table (``hardware/table_profile.py``, kept in the state
  directory): at rest whenever nothing is armed, and the rummaging from every pull the
  table confirms — a clean pull, a call left standing, disputed, or a landslide entered by
  hand. Until five pulls are confirmed the OLED and the page say it is learning; a
  borderline hit (always while learning) is a question — "Was that a landslide?" with a
  chirp, next = yes, back = no — never a verdict.

The demo (``scarab run --demo`` with ``[table] game = "gulogulo"``) plays each pull as a
simulated trace pushed through the sensor's twin into the very same detector.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from engines.core import Action
from engines.wording import render_event
from firmware.appliance.config import Config, Sensor, resolve_driver
from firmware.appliance.presenter import announce_device
from hardware.landslide import BOULDER, STAFF, SURE, Landslide, LandslideDetector, Settings, SwitchDetector
from hardware.motion import MotionSensor, Sample
from hardware.sim.traces import Simulator, TraceSensor
from hardware.table_profile import TableProfile

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "LANDSLIDE!", "de": "GERÖLLLAWINE!", "nl": "LAWINE!"},
    "dispute": {
        "en": "back = dispute ({s} s)",
        "de": "Zurück = Einspruch ({s} s)",
        "nl": "terug = bezwaar ({s} s)",
    },
    "stays": {"en": "{player} stays put", "de": "{player} bleibt stehen", "nl": "{player} blijft staan"},
    "disputed": {
        "en": "landslide disputed: {player} pulls on",
        "de": "Einspruch: {player} zieht weiter",
        "nl": "bezwaar: {player} trekt verder",
    },
    "learning": {
        "en": "learning this table — confirm landslides for the first few pulls",
        "de": "lerne diesen Tisch — bestätigt Lawinen bei den ersten Zügen",
        "nl": "leer deze tafel — bevestig lawines bij de eerste trekbeurten",
    },
    "learning_short": {"en": "learning table", "de": "lerne Tisch", "nl": "leer tafel"},
    "ask_title": {"en": "LANDSLIDE?", "de": "LAWINE?", "nl": "LAWINE?"},
    "ask": {
        "en": "Was that a landslide?",
        "de": "War das eine Lawine?",
        "nl": "Was dat een lawine?",
    },
    "ask_keys": {
        "en": "next = yes  back = no",
        "de": "weiter = ja  zurück = nein",
        "nl": "verder = ja  terug = nee",
    },
    "ask_page": {
        "en": "Was that a landslide? Next = yes, back = no — or enter the pull here",
        "de": "War das eine Lawine? Weiter = ja, zurück = nein — oder den Zug hier eingeben",
        "nl": "Was dat een lawine? Verder = ja, terug = nee — of voer de trekbeurt hier in",
    },
}
QUESTION_SECONDS = 10.0  # an unanswered question goes away (and teaches nothing)
SAVE_EVERY_S = 60.0  # the table at rest is saved this often; a confirmation at once
LEVEL_SENSORS = {"sw420", "sw520d", "trace-level"}
DEMO_LANDSLIDE_SHARE = 0.3


def say(key: str, lang: str, **values: Any) -> str:
    words = WORDS[key]
    return words.get(lang, words["en"]).format(**values)


def calibration_path(section: Sensor) -> Path:
    from firmware.appliance.store import default_state_dir

    return Path(section.calibration) if section.calibration else default_state_dir() / "calibration.json"


def profile_path(section: Sensor) -> Path:
    """What the detector learned of this table: beside the calibration, in the state
    directory by default."""
    return calibration_path(section).with_name("table-profile.json")


def load_profile(section: Sensor) -> tuple[TableProfile, str | None]:
    path = profile_path(section)
    if not path.exists():
        return TableProfile(), None
    try:
        return TableProfile.load(path), None
    except ValueError as exc:
        return TableProfile(), f"motion sensor: what it learned of this table is lost, learning again ({exc})"


def load_settings(section: Sensor) -> tuple[Settings, str | None]:
    """The calibrated settings, or the defaults (and why) when there is no usable file."""
    path = calibration_path(section)
    if not path.exists():
        return Settings(), None
    try:
        return Settings.load(path), None
    except ValueError as exc:
        return Settings(), f"motion sensor calibration ignored: {exc}"


def open_sensor(section: Sensor, on_pi: bool | None = None, start: bool = True) -> MotionSensor:
    """The sensor the config names (``auto``: the ADXL345 on a Pi, the trace twin
    elsewhere). One that cannot be opened is returned with ``error`` set."""
    driver = resolve_driver(section.driver, "adxl345", "trace", on_pi)
    if driver == "adxl345":
        from hardware.adxl345 import ADXL345

        try:
            int1 = section.int1_pin if section.int1_pin >= 0 else None
            chip = ADXL345(section.i2c_port, section.i2c_address, section.rate_hz, int1)
        except ValueError as exc:
            sensor = MotionSensor()
            sensor.error = f"motion sensor: {exc}"
            return sensor
        if start:
            chip.start()
        return chip
    if driver in ("sw420", "sw520d"):
        from hardware.switches import VibrationSwitch

        return VibrationSwitch(driver, section.switch_pin, "gpio", active_high=section.switch_active_high)
    if driver == "trace":
        if section.trace_file:
            return TraceSensor.from_file(section.trace_file)
        return TraceSensor(float(section.rate_hz))
    return MotionSensor()


def detector_for(
    sensor: MotionSensor, settings: Settings, profile: TableProfile | None = None
) -> LandslideDetector | SwitchDetector:
    rate = sensor.rate_hz or 800.0
    if sensor.name in LEVEL_SENSORS:
        return SwitchDetector(rate, settings, armed=False)
    return LandslideDetector(rate, settings, armed=False, profile=profile)


def demo_header(header: dict[str, Any]) -> dict[str, Any]:
    """The demo plays Gulo Gulo in full mode (markers laid from the seed, and the
    simulation menu, so random players reach the burial chamber) and Ankh too (hands dealt
    from the seed: the demo players lay real cards)."""
    if header.get("game") in {"gulogulo", "ankh"}:
        return {**header, "mode": "full"}
    return header


class LandslideReferee:
    """Owned by the appliance (``app``: referee, buzzer, presenter, show, hub, recent,
    act, buttons, lang); ``pump`` runs every few milliseconds."""

    def __init__(self, app: Any, config: Config, clock: Any = time.monotonic) -> None:
        self.app = app
        self.section = config.sensor
        self.clock = clock
        self.settings, problem = load_settings(self.section)
        self.profile, lost = load_profile(self.section)
        self.sensor = open_sensor(self.section)
        self.detector = detector_for(self.sensor, self.settings, self.profile)
        self.problems: list[str] = [p for p in (problem, lost) if p]
        self.seen_error = self.sensor.error
        self.pull_key: tuple[int, int] | None = None
        self.alert: dict[str, Any] | None = None  # the landslide being shown: text, deadline, count
        self.detections: list[Landslide] = []
        self.disputes = 0
        self.question: dict[str, Any] | None = None  # "Was that a landslide?": event, deadline, pull
        self.armed_for: tuple[int, int] | None = None  # the pull whose outcome teaches the detector
        self.called: dict[str, Any] | None = None  # the sure call standing: peak, action count, game
        self.saved_at = clock()
        self.dirty = False
        self.persist = True  # the demo's simulated rooms are not this table: never saved

    # ------------------------------------------------------------------ state

    def _note(self, text: str) -> None:
        """A line for the terminal: in the mirror's recent list, or printed."""
        self.app.recent.append(text)
        if self.app.live is None:
            self.app.console.print(text, soft_wrap=True)

    @property
    def error(self) -> str | None:
        """For the appliance's device list: the sensor's error, or a calibration problem."""
        return self.sensor.error or (self.problems[0] if self.problems else None)

    def pulling(self) -> bool:
        state = self.app.referee.state
        return state.game == "gulogulo" and not state.finished and getattr(state, "phase", None) == "pull"

    def learning(self) -> bool:
        """Still learning this table (shown while Gulo Gulo is played with an accelerometer)."""
        return isinstance(self.detector, LandslideDetector) and self.profile.learning

    def notices(self) -> list[str]:
        """What the page's banner shows besides device warnings: the landslide just called,
        the question asked, and that the table is still being learned."""
        out = [self.alert["page"]] if self.alert else []
        if self.question is not None:
            out.append(say("ask_page", self.app.lang))
        if self.learning() and self.app.referee.state.game == "gulogulo":
            out.append(say("learning", self.app.lang))
        return out

    def _hint(self) -> None:
        """The OLED's turn screen says "learning table" while a pull is awaited."""
        presenter = self.app.presenter
        if hasattr(presenter, "hint"):
            presenter.hint = (
                say("learning_short", self.app.lang) if self.learning() and self.pulling() else ""
            )

    # ------------------------------------------------------------------ learning

    def _save(self, force: bool = False) -> None:
        if not isinstance(self.detector, LandslideDetector) or not self.persist:
            return
        if not (force or (self.dirty and self.clock() - self.saved_at >= SAVE_EVERY_S)):
            return
        try:
            self.profile.save(profile_path(self.section))
        except OSError as exc:
            self._note(f"! motion sensor: cannot keep what it learned: {exc}")
        self.saved_at, self.dirty = self.clock(), False

    def _teach(self, outcome: str, peak: float = 0.0) -> None:
        if isinstance(self.detector, LandslideDetector):
            was = self.profile.learning
            self.detector.confirm(outcome, peak)
            self._save(force=True)
            if was and not self.profile.learning:
                self.app.hub.refresh()  # the learning notice goes

    def page_state(self) -> dict[str, Any]:
        """For the page: whether there is a sensor to learn, its progress and its question."""
        present = isinstance(self.detector, LandslideDetector)
        return {
            "present": present,
            "learning": self.learning(),
            "pulls": self.profile.pulls if present else 0,
            "learn_pulls": self.profile.learn_pulls,
            "question": self.question is not None,
        }

    def reset_learning(self) -> None:
        """Forget this table (the page's reset): learn it again from the table at rest and
        the next pulls."""
        self.profile = TableProfile()
        if isinstance(self.detector, LandslideDetector):
            self.detector.profile = self.profile
        self._save(force=True)
        self._hint()
        self.app.hub.refresh()
        self.app.show()

    def _outcome(self) -> None:
        """Once the pull the detector was armed for has an outcome in the log, teach it."""
        referee = self.app.referee
        if self.armed_for is None:
            return
        game, at = self.armed_for
        if referee.game_id != game:
            self.armed_for = None
            return
        if len(referee.actions) <= at:
            return
        action = referee.actions[at]
        self.armed_for = None
        asked = self.question
        if asked is not None:
            self._drop_question()
        if action.get("move") != "pull":
            return
        if action.get("result") == "clean":
            if asked is not None:
                self._teach("disputed", asked["event"].strength)
            self._teach("clean")
        elif self.called is not None and self.called["count"] == at + 1:
            return  # our own call: taught once its dispute window is over
        else:  # answered yes, or entered by hand (the sensor missed it)
            self._teach("landslide", asked["event"].strength if asked else 0.0)

    def _follow(self) -> None:
        """Arm for a new pull, disarm otherwise; drop the alert once its window is over or
        the landslide was taken back."""
        referee = self.app.referee
        self._outcome()
        now_pulling = self.pulling()
        key = (referee.game_id, len(referee.actions))
        if now_pulling and key != self.pull_key:
            self.detector.arm()  # one detector throughout: its filters and noise level run on
            self.pull_key = key
            self.armed_for = key
        elif not now_pulling and self.detector.armed:
            self.detector.disarm()
            self.pull_key = None
        if self.alert is not None:
            # taken back, or no longer the last action (then undo would take back something else)
            moved_on = len(referee.actions) != self.alert["count"] or referee.game_id != self.alert["game"]
            if moved_on or self.clock() >= self.alert["until"]:
                self._clear_alert()
        self._settle_call()
        if self.question is not None and (self.clock() >= self.question["until"] or not self.pulling()):
            self._drop_question()
            self.app.hub.refresh()
            self.app.show()
        self._hint()
        if not self.detector.armed:
            self.dirty = True  # the table at rest is being learned
            self._save()

    def _settle_call(self) -> None:
        """A sure call left standing through its dispute window is a confirmed landslide; one
        taken back (the back button, or undo on the page) was rummaging."""
        call = self.called
        if call is None or self.alert is not None:
            return
        referee = self.app.referee
        self.called = None
        if referee.game_id != call["game"]:
            return
        if len(referee.actions) >= call["count"] and referee.actions[call["count"] - 1] == call["action"]:
            self._teach("landslide", call["peak"])
        else:
            self._teach("disputed", call["peak"])

    def _clear_alert(self) -> None:
        self.alert = None
        self.app.presenter.alert = None
        self.app.hub.refresh()
        self.app.show()

    # ------------------------------------------------------------------ the loop

    def pump(self) -> list[Landslide]:
        """Feed what the sensor has read to the detector; act on a landslide."""
        self._watch_sensor()
        self._follow()
        samples = list(self.sensor.samples())
        if not samples:
            return []
        found = self.detector.feed_samples(samples)
        for event in found:
            self.detections.append(event)
            if not (self.pulling() and self.detector.armed):
                continue
            if event.verdict == SURE and not self.learning():
                self.landslide(event)
            else:  # borderline, or still learning: the table decides
                self.ask(event)
        return found

    async def run(self, period: float = 0.01) -> None:
        while True:
            self.pump()
            await asyncio.sleep(period)

    def _watch_sensor(self) -> None:
        error = self.sensor.error
        if error != self.seen_error:
            self.seen_error = error
            announce_device(self.app, self._note, error, "motion sensor back")
            self.app.show()

    # ------------------------------------------------------------------ verdicts

    def fell(self, kind: str) -> list[str]:
        if kind == STAFF:
            return [STAFF]
        pending = getattr(self.app.referee.state, "pending", None) or {}
        colour = pending.get("colour")
        return [colour] if isinstance(colour, str) else [STAFF]

    def landslide(self, event: Landslide) -> bool:
        """Enter the pull's landslide, sound the buzzer and show what follows."""
        app = self.app
        state = app.referee.state
        player = state.to_act
        action: Action = {
            "player": player,
            "move": "pull",
            "result": "landslide",
            "fell": self.fell(event.kind if event.kind in (BOULDER, STAFF) else BOULDER),
        }
        before = len(app.referee.events)
        if not app.act(action):
            return False
        app.buzzer.play("landslide")
        self.called = {"peak": event.strength, "count": len(app.referee.actions), "game": app.referee.game_id,
                       "action": app.referee.actions[-1]}  # fmt: skip
        lang = app.lang
        follows = [
            render_event(e, "gulogulo", lang)
            for e in app.referee.events[before:]
            if e.get("type") in {"back-to-start", "back-to-entrance", "back-to-space"}
        ] or [say("stays", lang, player=player)]
        seconds = self.section.dispute_seconds
        title = say("title", lang)
        self.alert = {
            "until": self.clock() + seconds,
            "count": len(app.referee.actions),
            "game": app.referee.game_id,
            "page": f"{title} {'; '.join(follows)} — {say('dispute', lang, s=seconds)}",
        }
        app.presenter.alert = (title, "; ".join(follows), say("dispute", lang, s=seconds))
        self._note(f"  (the sensor heard a {event.kind}, {event.strength:.2f} g)")
        app.hub.refresh()
        app.show()
        return True

    def ask(self, event: Landslide) -> None:
        """ "Was that a landslide?" — on the OLED and the page, with a chirp."""
        if self.question is not None and self.question["event"].strength >= event.strength:
            return
        app = self.app
        referee = app.referee
        self.question = {"event": event, "until": self.clock() + QUESTION_SECONDS,
                         "key": (referee.game_id, len(referee.actions))}  # fmt: skip
        lang = app.lang
        app.presenter.alert = (say("ask_title", lang), say("ask", lang), say("ask_keys", lang))
        app.buzzer.play("question")
        self._note(f"  (the sensor asks: a {event.kind}? {event.strength:.2f} g)")
        app.hub.refresh()
        app.show()

    def _drop_question(self) -> None:
        self.question = None
        if self.alert is None:
            self.app.presenter.alert = None

    def answer(self, landslide: bool) -> bool:
        """The table's answer to the open question: yes enters the landslide, no lets the
        pull go on; either way the detector learns from it."""
        asked = self.question
        if asked is None or not self.pulling():
            return False
        referee = self.app.referee
        if asked["key"] != (referee.game_id, len(referee.actions)):
            self._drop_question()
            return False
        event = asked["event"]
        if not landslide:
            self._drop_question()
            self._teach("disputed", event.strength)
            self.app.hub.refresh()
            self.app.show()
            return True
        # entered as the table's own answer: _outcome then teaches it as a landslide
        state = referee.state
        kind = event.kind if event.kind in (BOULDER, STAFF) else BOULDER
        action: Action = {
            "player": state.to_act,
            "move": "pull",
            "result": "landslide",
            "fell": self.fell(kind),
        }
        if not self.app.act(action):
            return False
        self.app.buzzer.play("landslide")
        self._outcome()
        self.app.hub.refresh()
        self.app.show()
        return True

    def dispute(self) -> bool:
        """Take the landslide back within its window: the pull goes on."""
        app = self.app
        if self.alert is None or self.clock() >= self.alert["until"]:
            return False
        if len(app.referee.actions) != self.alert["count"]:
            return False
        app.referee.undo()
        self.disputes += 1
        self.pull_key = None  # armed again by the next pump
        player = app.referee.state.to_act or ""
        self._note(say("disputed", app.lang, player=player))
        self.alert = None
        app.presenter.alert = None
        self._follow()
        app.hub.refresh()
        app.show()
        return True

    def confirm_clean(self) -> bool:
        if not self.pulling():
            return False
        state = self.app.referee.state
        return bool(self.app.act({"player": state.to_act, "move": "pull", "result": "clean"}))

    def press(self, name: str) -> bool:
        """A button press the landslide referee takes: back disputes a fresh landslide,
        next confirms a clean pull. False: not ours."""
        if self.question is not None and name in ("next", "back"):
            return self.answer(name == "next")
        if name == "back" and self.alert is not None:
            return self.dispute()
        if name == "next" and self.pulling():
            return self.confirm_clean()
        return False

    # ------------------------------------------------------------------ the demo

    def simulate(self) -> None:
        """The demo's twin: simulated pulls are pushed into a trace sensor."""
        self.persist = False
        self.profile = TableProfile()  # the demo learns its simulated table from scratch
        if isinstance(self.detector, LandslideDetector):
            self.detector.profile = self.profile
        if isinstance(self.sensor, TraceSensor) and self.sensor.t is None:
            return
        self.sensor.close()
        self.sensor = TraceSensor(float(self.section.rate_hz))
        self.seen_error = None
        self.detector = detector_for(self.sensor, self.settings, self.profile)
        self.pull_key = None

    async def demo_pull(self, rng: random.Random, delay: float) -> None:
        """One pull at the demo table: a hand rummages (and perhaps a landslide comes),
        the samples go through the twin into the detector; then the table answers the
        sensor's question, confirms a clean pull with the next button, disputes a false
        alarm, or enters by hand a landslide the sensor missed."""
        app = self.app
        assert isinstance(self.sensor, TraceSensor)
        start = len(app.referee.actions)
        kind = None
        if rng.random() < DEMO_LANDSLIDE_SHARE:
            kind = STAFF if rng.random() < 0.35 else BOULDER
        noise = rng.choice(("quiet", "room", "noisy"))
        sim = Simulator(self.sensor.rate_hz, noise, seed=rng.randrange(2**31))
        trace = sim.pull(seconds=rng.uniform(2.0, 4.0), landslide=kind)
        chunk = max(1, round(trace.rate_hz * 0.05))
        base = self.clock()
        samples = [Sample(base + s.t, s.ax, s.ay, s.az) for s in trace.samples()]
        for i in range(0, len(samples), chunk):
            self._follow()
            self.sensor.push(samples[i : i + chunk])
            self.pump()
            if len(app.referee.actions) != start:
                break
            await asyncio.sleep(0.05 * delay / 1.2)
        if self.question is not None:  # the sensor asked: the demo table answers truly
            await asyncio.sleep(delay)
            if self.answer(kind is not None) and kind is not None:
                self._note("the table said yes: a landslide")
                await asyncio.sleep(delay)
                return
        called = len(app.referee.actions) != start
        if called and kind is None:  # a false alarm: the table disputes it
            await asyncio.sleep(delay)
            self.dispute()
            called = False
        if called:
            await asyncio.sleep(delay)  # the LANDSLIDE! screen, for a while
            return
        if kind is not None:  # missed by the sensor: the table enters it by hand
            self._note("the sensor missed a landslide: entered by hand")
            state = app.referee.state
            app.act({"player": state.to_act, "move": "pull", "result": "landslide", "fell": self.fell(kind)})
            return
        if app.buttons.driver == "mock" and "next" in app.buttons.buttons:
            app.buttons.press("next")  # through the simulated pin, like a real press
            for _ in range(100):
                await asyncio.sleep(0.01)
                if len(app.referee.actions) != start:
                    return
        self.confirm_clean()

    def close(self) -> None:
        self._save(force=self.dirty)
        self.sensor.close()
