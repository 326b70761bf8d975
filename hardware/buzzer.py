"""The buzzer: short patterns that need no screen — a scoring, a refusal, a landslide.

An active buzzer (gpiozero ``Buzzer``) beeps; a passive one (``TonalBuzzer``) plays
notes. Patterns run in gpiozero's background thread, so the referee never waits.
"""

from __future__ import annotations

import threading
from typing import Any

from hardware.pins import pin_factory

# name -> (on seconds, off seconds, repeats) for an active buzzer; notes for a tonal one
PATTERNS: dict[str, tuple[float, float, int]] = {
    "scored": (0.08, 0.06, 2),
    "refused": (0.3, 0.1, 1),
    "landslide": (0.15, 0.05, 5),
    "game-over": (0.2, 0.1, 3),
    "question": (0.04, 0.0, 1),  # a short chirp: the landslide sensor asks the table
}
TUNES: dict[str, list[str]] = {
    "scored": ["C5", "E5"],
    "refused": ["A3"],
    "landslide": ["A5", "E5", "A5", "E5", "A5"],
    "game-over": ["C5", "E5", "G5"],
    "question": ["E6"],
}


class Buzzer:
    def __init__(self, driver: str, pin: int, tonal: bool = False) -> None:
        self.driver = driver
        self.tonal = tonal
        self.error: str | None = None
        self.played: list[str] = []  # every pattern asked for, for the page and the tests
        self.device: Any = None
        self._stop = threading.Event()
        self._tune_thread: threading.Thread | None = None
        if driver == "none":
            return
        try:
            from gpiozero import Buzzer as ActiveBuzzer
            from gpiozero import TonalBuzzer

            factory = pin_factory(driver)
            self.device = (
                TonalBuzzer(pin, pin_factory=factory) if tonal else ActiveBuzzer(pin, pin_factory=factory)
            )
        except Exception as exc:
            self.error = f"buzzer ({driver}) not available: {exc}"

    def play(self, pattern: str) -> None:
        if pattern not in PATTERNS:
            raise ValueError(f"no buzzer pattern {pattern!r}")
        self.played.append(pattern)
        if self.device is None:
            return
        try:
            if self.tonal:
                self._tune_thread = threading.Thread(target=self._tune, args=(TUNES[pattern],), daemon=True)
                self._tune_thread.start()
            else:
                on, off, n = PATTERNS[pattern]
                self.device.beep(on_time=on, off_time=off, n=n, background=True)
        except Exception as exc:
            self.error = f"buzzer: {exc}"

    def _tune(self, notes: list[str]) -> None:
        try:
            for note in notes:
                if self._stop.is_set():
                    break
                self.device.play(note)
                self._stop.wait(0.12)
            self.device.stop()
        except Exception as exc:  # the pin failed or went away mid-tune
            if not self._stop.is_set():
                self.error = f"buzzer: {exc}"

    def close(self) -> None:
        self._stop.set()
        if self._tune_thread is not None:
            self._tune_thread.join(timeout=1)
        if self.device is not None:
            self.device.close()
