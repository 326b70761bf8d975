"""The parts of the appliance a camera follower uses, without devices or a loop: shared by
the Tutankhamen and the Ankh camera tests."""

from __future__ import annotations

import asyncio
import io
import random
import types
from pathlib import Path
from typing import Any

from PIL import Image
from rich.console import Console

from engines.core import Action, RuleError
from firmware.appliance.presenter import Presenter
from firmware.referees.referee import Referee
from hardware.buzzer import Buzzer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeApp:
    """Referee, camera, presenter, buzzer and a page hub that counts refreshes."""

    def __init__(self, referee: Referee, camera: Any = None, scorings: bool = False) -> None:
        self.referee = referee
        self.camera = camera
        self.presenter = Presenter("en")
        self.buzzer = Buzzer("none", 18)
        self.hub = types.SimpleNamespace(refreshes=0, headers=[])
        self.hub.refresh = lambda: setattr(self.hub, "refreshes", self.hub.refreshes + 1)
        self.hub.new_game = self.new_game
        self.recent: list[str] = []
        self.live = None
        self.console = Console(file=io.StringIO())
        self.lang = "en"
        self.frames: list[Image.Image] = []
        self.refusals: list[str] = []
        self.buttons = types.SimpleNamespace(driver="none", buttons={})
        if scorings:  # the OLED queues every scoring, as the appliance's listener does
            referee.subscribe(lambda change: self.presenter.note(change.events))

    def act(self, action: Action) -> bool:
        try:
            self.referee.act(action)
        except RuleError as exc:
            self.refusals.append(exc.message)
            return False
        return True

    def show(self) -> None:
        self.frames.append(self.presenter.frame(self.referee))

    def new_game(self, header: dict[str, Any]) -> None:
        self.hub.headers.append(header)
        self.referee = Referee.start(self.referee.store, header)


def play_demo(db: Path, header: dict[str, Any], follower: str, seconds: float) -> Any:
    """`scarab run --demo`'s players, filmed: the appliance with the named camera
    follower running (``cameras`` or ``cards``), until the game ends."""
    from firmware.appliance.config import Config
    from firmware.appliance.run import Appliance
    from firmware.appliance.store import Store

    async def demo() -> Any:
        config = Config()
        config.oled.driver = "dummy"
        store = Store(db)
        app = Appliance(config, store, Referee.start(store, header), "en", Console(file=io.StringIO()), False)
        task = asyncio.create_task(getattr(app, follower).run())
        try:
            await asyncio.wait_for(app.demo_players(random.Random(4), 0.0), seconds)
        finally:
            task.cancel()
            app.close()
        return app

    return asyncio.run(demo())
