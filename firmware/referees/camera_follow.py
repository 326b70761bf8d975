"""What every game refereed from the camera shares: the loop that looks at a frame in a
worker thread and judges it in the referee's loop, the camera's own failures reported and
its return announced, frames that cannot be read waited out (and shown once that lasts
``camera.wait_seconds``), and the notices — PUT IT BACK, CAMERA WAITING — that stand on
the OLED and the page's banner until the table is right again.

A game's follower (firmware/referees/camera_referee.py for the Tutankhamen path,
firmware/referees/card_referee.py for the Ankh cards) subclasses ``CameraFollower``: it names its
``GAME`` and its ``WORDS``, starts following a game (``start_game``), looks at one frame
(``see``) and turns what was seen into actions (``handle``).
"""

from __future__ import annotations

import asyncio
import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from firmware.appliance.config import Config
from firmware.appliance.presenter import announce_device

if TYPE_CHECKING:
    from hardware.camera import Camera
    from vision.catalogue import Catalogue
    from vision.tracking import Waiting

Words = dict[str, dict[str, str]]
RELIGHT_SECONDS = 10.0  # at most this often: a covered lens stays dark however often it settles

WORDS: Words = {
    "put-back": {"en": "PUT IT BACK", "de": "ZURÜCKLEGEN", "nl": "TERUGLEGGEN"},
    "check": {"en": "CHECK THE TABLE", "de": "TISCH PRÜFEN", "nl": "TAFEL CONTROLEREN"},
    "waiting": {"en": "CAMERA WAITING", "de": "KAMERA WARTET", "nl": "CAMERA WACHT"},
    "cant-read": {
        "en": "can't read — waiting: {reason}",
        "de": "nicht lesbar — warte: {reason}",
        "nl": "onleesbaar — wacht: {reason}",
    },
    "no-catalogue": {"en": "camera: {message}", "de": "Kamera: {message}", "nl": "camera: {message}"},
    "back": {"en": "camera back", "de": "Kamera wieder da", "nl": "camera terug"},
}


def load_catalogue(follower: CameraFollower, game: str) -> Catalogue | None:
    """The game's enrolled faces (``camera.<game>_catalog``, else the state directory's); None,
    with the follower's ``problem`` saying why, when there are none to be had."""
    from firmware.appliance.store import default_catalog
    from vision.catalogue import Catalogue
    from vision.errors import VisionError

    chosen = getattr(follower.section, f"{game}_catalog", "")
    path = Path(chosen) if chosen else default_catalog(game)
    try:
        catalogue = Catalogue.load(path, game)
    except VisionError as exc:
        follower._problem(follower.say("no-catalogue", message=exc.message))
        return None
    follower.catalogue_path = path  # where faces confirmed at the table are saved
    return catalogue


@dataclass(frozen=True)
class Lost:
    """The camera gave no frame."""

    reason: str


@dataclass(frozen=True)
class Seen:
    """What one frame gave, for the game it was taken for."""

    game_id: int
    result: Any


class CameraFollower(ABC):
    """Owned by the appliance (``app``: referee, camera, presenter, buzzer, hub, recent,
    live, console, lang, act, show); ``run`` looks at a frame every ``interval_ms``."""

    GAME: ClassVar[str] = ""
    WORDS: ClassVar[Words] = {}

    def __init__(self, app: Any, config: Config, clock: Any = time.monotonic) -> None:
        self.app = app
        self.section = config.camera
        self.clock = clock
        self.period = max(0.0, self.section.interval_ms / 1000)
        self.tracker: Any = None  # the game's tracker, once it is followed
        self.referee: Any = None  # the referee listened to
        self.game_id: int | None = None  # the game being followed
        self.problem: str | None = None  # why this game is not followed
        self.notice: tuple[str, str] | None = None  # (title, text) standing on the OLED and the page
        self.waiting: tuple[str, float] | None = None  # a reason not to read, since when
        self.clear_hint: str | None = None  # what to clear off the table (a hint, not a refusal)
        self.catalogue: Catalogue | None = None
        self.catalogue_path: Path | None = None  # the file it came from (None: kept in memory only)
        self.last: Any = None  # the last observation judged
        self.veto: Any = None  # after an undo: the observation not to enter again
        self.synth: Any = None  # the demo's filming twin
        self.demo_rng = random.Random(0)  # the demo's mistakes, apart from its players' choices
        self.seen_error = self.camera.error
        self.frames = 0  # frames looked at: the demo waits in frames, not seconds
        self.entered = 0  # actions entered from the camera
        self.enabled = True  # False: never referee from the camera (``scarab run --camera none``)
        self.last_fault: str | None = None
        self.relit = -RELIGHT_SECONDS  # when the camera was last asked to settle its light again

    # ------------------------------------------------------------------ state

    @property
    def camera(self) -> Camera:
        """The appliance's camera: the demo may swap in its twin."""
        return self.app.camera  # type: ignore[no-any-return]

    @camera.setter
    def camera(self, camera: Camera) -> None:
        self.app.camera = camera

    @property
    def error(self) -> str | None:
        """For the appliance's device list: the camera's own error."""
        return self.camera.error

    def say(self, key: str, **values: Any) -> str:
        words = self.WORDS.get(key) or WORDS[key]
        return words.get(self.app.lang, words["en"]).format(**values)

    def _note(self, text: str) -> None:
        self.app.recent.append(text)
        if self.app.live is None:
            self.app.console.print(text, soft_wrap=True)

    def notices(self) -> list[str]:
        """What the page's banner shows besides device warnings."""
        out = []
        if self.notice is not None:
            out.append(f"{self.notice[0]}: {self.notice[1]}")
        if self.problem:
            out.append(self.problem)
        if self.clear_hint:
            out.append(self.clear_hint)
        return out

    def watching(self) -> bool:
        """Whether the camera follows the game now."""
        state = self.app.referee.state
        return (
            self.enabled
            and self.camera.name != "none"
            and state.game == self.GAME
            and not state.finished
            and self.problem is None
            and self.tracker is not None
        )

    def ready(self) -> bool:
        """Following, with all it needs to see the next move."""
        return self.watching()

    def _follow(self) -> None:
        """Listen to the current referee; start over when the game changed."""
        referee = self.app.referee
        if referee is not self.referee:
            self.referee = referee
            referee.subscribe(self.changed)
        if referee.game_id != self.game_id:
            self.game_id = referee.game_id
            self.tracker, self.problem, self.last, self.veto = None, None, None, None
            self._set_notice(None)
            self._hint(None)
            if referee.state.game == self.GAME and self.camera.name != "none":
                self.start_game()

    def changed(self, change: Any) -> None:
        """After every commit (the referee's listener)."""
        if change.referee.state.finished:
            self._set_notice(None)
            self._hint(None)

    @abstractmethod
    def start_game(self) -> None:
        """Begin following the current game (its tracker, or a ``problem``)."""

    def _problem(self, text: str) -> None:
        self.problem = text
        self._note(text)
        self.app.hub.refresh()

    # ------------------------------------------------------------------ the loop

    def see(self) -> Seen:
        """Take one frame and look at it (in a worker thread: nothing here may touch the
        game)."""
        game_id = self.game_id if self.game_id is not None else -1
        tracker = self.tracker
        frame = self.camera.read()
        if frame is None:
            return Seen(game_id, Lost(self.camera.error or "the camera sent no frame"))
        self.frames += 1
        if tracker is None:
            return Seen(game_id, None)
        return Seen(game_id, self.look(tracker, frame))

    def look(self, tracker: Any, frame: Any) -> Any:
        """What the tracker makes of one frame (in the worker thread)."""
        return tracker.feed(frame)

    def step(self) -> None:
        """One frame, looked at and judged (the loop runs the look in a thread)."""
        self._follow()
        if self.watching():
            self.judge(self.see())

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                self._follow()
                if self.watching():
                    seen = await loop.run_in_executor(None, self.see)
                    self.judge(seen)
                    await asyncio.sleep(self.period)
                    continue
            except Exception as exc:  # a camera or vision fault must not stop the game: say so, go on
                self._fault(exc)
            await asyncio.sleep(0.2)

    def _fault(self, exc: Exception) -> None:
        text = f"! camera: {type(exc).__name__}: {exc}"
        if text != self.last_fault:
            self.last_fault = text
            self._note(text)

    def judge(self, seen: Seen) -> None:
        """Turn what was seen into an action, a notice, or nothing."""
        self._watch_camera()
        if seen.game_id != self.game_id or not self.watching():
            return  # looked at for a game that has since changed
        from vision.tracking import Waiting

        result = seen.result
        if isinstance(result, Waiting):
            self.wait(result)
        elif result is not None and not isinstance(result, Lost):
            self.waiting = None
            if self.notice is not None and self.notice[0] == self.say("waiting"):
                self._set_notice(None)
            self.handle(result)

    @abstractmethod
    def handle(self, result: Any) -> None:
        """What still frames agreed on (or the game's own kind of result)."""

    def _watch_camera(self) -> None:
        error = self.camera.error
        if error != self.seen_error:
            self.seen_error = error
            announce_device(self.app, self._note, error, self.say("back"))
            self.app.show()

    def wait(self, waiting: Waiting) -> None:
        """A frame that could not count: shown once the reason has lasted a while (a
        hand taking a tile or laying a card is no news)."""
        now = self.clock()
        if waiting.code == "moving":
            return  # people at work: the vote starts over, the reason is not news
        if waiting.code in {"too-dark", "overexposed"} and now - self.relit >= RELIGHT_SECONDS:
            self.relit = now  # the light changed: the locked exposure and colour settle again
            self.camera.relight()
        if self.waiting is None or self.waiting[0] != waiting.reason:
            self.waiting = (waiting.reason, now)
        if now - self.waiting[1] >= self.section.wait_seconds and (
            self.notice is None or self.notice[0] == self.say("waiting")
        ):
            self._set_notice((self.say("waiting"), self.say("cant-read", reason=waiting.reason)))

    # ------------------------------------------------------------------ notices

    def _refuse(self, title: str, text: str) -> None:
        """Something the rules forbid is on the table: say so (the buzzer once)."""
        if self.notice == (title, text):
            return
        fresh = self.notice is None or self.notice[0] != title
        self._set_notice((title, text))
        if fresh:
            self.app.buzzer.play("refused")
        self._note(f"✗ {title}: {text}")

    def _hint(self, hint: str | None) -> None:
        if hint != self.clear_hint:
            self.clear_hint = hint
            self.app.hub.refresh()

    def _set_notice(self, notice: tuple[str, str] | None) -> None:
        if notice == self.notice:
            return
        self.notice = notice
        app = self.app
        app.presenter.camera = notice
        app.hub.refresh()
        app.show()

    # ------------------------------------------------------------------ the demo

    def film(self, synth: Any, game: str) -> None:
        """Follow the game afresh through the demo's filming twin, with the faces of its
        art enrolled once (kept beside the demo's store)."""
        referee = self.app.referee
        store = referee.store.path
        cache = None if str(store) == ":memory:" else store.with_name(f"demo-catalog-{game}.json")
        self.catalogue = synth.catalogue(cache)
        self.catalogue_path = cache
        self.camera.close()
        self.camera = self.synth = synth
        self.seen_error = None
        self.period = 0.0
        seed = referee.header.get("seed", 0)
        self.demo_rng = random.Random(seed if isinstance(seed, int) else 0)
        self.game_id = None
        self._follow()

    async def until(self, done: Any, frames: int, seconds: float = 60.0) -> bool:
        """Wait until ``done()``, or until the camera has looked at ``frames`` more frames
        (or stopped looking, or ``seconds`` went by without that)."""
        start, deadline = self.frames, time.monotonic() + seconds
        while not done():
            if self.frames - start >= frames or not self.watching() or time.monotonic() > deadline:
                return bool(done())
            await asyncio.sleep(0.01)
        return True

    def close(self) -> None:
        self.camera.close()
