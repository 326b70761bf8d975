"""What the table sends beyond its own screens: its voice and the venue feed.

Both are optional (config ``[speech]``, ``[mqtt]``) and both hang off the referee's
listeners like the OLED and the page do, so they hear of a change only after it is
committed and never hold a commit up. Their failures — no audio device, no broker — are
device problems: said on the OLED and in the page's banner while the game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from firmware.appliance.speech import Announcer, EspeakSpeech, RecordingSpeech, SpeechDevice
from firmware.referees.camera_follow import WORDS as CAMERA_WORDS
from firmware.referees.referee import Change, Referee


def open_speech(
    section: Any, pin: str, on_problem: Any = None, player: list[str] | None = None
) -> SpeechDevice | None:
    """The configured speech device, or None when the table is not to speak."""
    secrets = (pin,) if pin else ()
    if section.driver == "record":
        return RecordingSpeech(section.volume, section.muted, secrets)
    if section.driver == "espeak":
        return EspeakSpeech(
            section.volume,
            section.muted,
            secrets,
            device=section.device,
            rate_wpm=section.rate_wpm,
            player=player,
            on_problem=on_problem,
        )
    return None


class Feeds:
    """Speech and the venue feed for one appliance (``firmware/appliance/run.py``'s ``Appliance``)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.loop = asyncio.get_running_loop()
        self.problems: dict[str, str] = {}
        self.tasks: list[asyncio.Task[Any]] = []
        self.speech = open_speech(app.config.speech, app.pin, self._problem_from_thread("speech"))
        self.announcer = Announcer(self.speech, app.lang) if self.speech is not None else None
        self.publisher: Any = None
        if self.speech is not None and self.speech.error:
            self.problem("speech", self.speech.error)
        self._start_venue()
        hub = app.hub
        shown = hub.warnings
        hub.warnings = lambda: shown() + list(self.problems.values())  # the page's banner lists ours too
        hub.feeds = self  # the page's mute switch finds the voice here
        hub.on_new_game.append(self.follow)
        self.follow(app.referee)
        if self.announcer is not None or self.publisher is not None:
            self.tasks.append(asyncio.create_task(self._hub_updates(app.hub.seq)))  # from now on

    def _start_venue(self) -> None:
        """The MQTT feed (firmware/appliance/mqtt_publish.py), when a broker is configured."""
        section = self.app.config.mqtt
        if not section.host:
            return
        from firmware.appliance.mqtt_publish import MqttPublisher

        self.publisher = MqttPublisher(
            section, self.app.hub.snapshot_json, lambda text: self.problem("venue", text)
        )
        self.tasks.append(asyncio.create_task(self.publisher.run()))

    def follow(self, referee: Referee) -> None:
        """Listen to ``referee`` (the first game, or a new one started from the page)."""
        referee.subscribe(self.changed)
        if self.announcer is not None:
            self.announcer.turn(referee)  # whose turn it is, as the table sits down

    def changed(self, change: Change) -> None:
        """After every commit (the referee's listener): say it, publish it."""
        if self.announcer is not None:
            self.announcer.changed(change)
        if self.publisher is not None:
            self.publisher.changed(change)

    async def _hub_updates(self, seen: int) -> None:
        """Every update the page gets: a warning or notice that came or went is published
        with the state, and a new PUT IT BACK among the camera's notices is said once."""
        hub = self.app.hub
        title = CAMERA_WORDS["put-back"].get(self.app.lang, CAMERA_WORDS["put-back"]["en"])
        while True:
            updates = await hub.wait(seen, 30.0)
            if not updates:
                continue
            seen = updates[-1]["seq"]
            if self.publisher is not None:
                self.publisher.refresh()
            if self.announcer is not None:
                self.announcer.notice(list(updates[-1]["state"].get("notices", [])), title)

    # ------------------------------------------------------------ problems

    def _problem_from_thread(self, name: str) -> Any:
        def report(text: str | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                self.loop.call_soon_threadsafe(self.problem, name, text)

        return report

    def problem(self, name: str, text: str | None) -> None:
        """A feed failed (``text``) or recovered (None): the OLED and the page say so."""
        if self.problems.get(name) == text:
            return
        if text:
            self.problems[name] = text
            self.app.presenter.device_problem(text)
        else:
            self.problems.pop(name, None)
        line = f"! {text}" if text else f"{name}: back"
        self.app.recent.append(line)
        if self.app.live is None:
            self.app.console.print(line, soft_wrap=True)
        self.app.hub.refresh()
        self.app.show()

    # ------------------------------------------------------------ the page's switch

    def set_muted(self, muted: bool) -> bool:
        """Mute or unmute the voice; whether the table has one."""
        if self.speech is None:
            return False
        self.speech.set_muted(muted)
        return True

    def speech_status(self) -> dict[str, Any]:
        s = self.speech
        if s is None:
            return {"enabled": False, "muted": True, "volume": 0, "error": None}
        return {"enabled": True, "muted": s.muted, "volume": s.volume, "error": s.error}

    async def stop(self) -> None:
        if self.publisher is not None:
            await self.publisher.stop()  # while its task still runs: the last events, then offline
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.speech is not None:
            await asyncio.to_thread(self.speech.close)
