"""The three buttons — next/confirm, back/undo, menu — as gpiozero Buttons.

Presses arrive as button names through one callback, from gpiozero's thread; the
appliance hands them to its event loop. The mock twin is pressed with ``press(name)``
(from the keyboard or the web page), driving the very pins a real press would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hardware.pins import pin_factory

NAMES = ("next", "back", "menu")


class Buttons:
    def __init__(
        self,
        driver: str,
        pins: dict[str, int],
        on_press: Callable[[str], None],
        bounce_ms: int = 30,
    ) -> None:
        self.driver = driver
        self.error: str | None = None
        self.buttons: dict[str, Any] = {}
        if driver == "none":
            return
        try:
            from gpiozero import Button

            factory = pin_factory(driver)
            bounce = None if driver == "mock" else bounce_ms / 1000
            for name in NAMES:
                button = Button(pins[name], pull_up=True, bounce_time=bounce, pin_factory=factory)
                button.when_pressed = lambda _device, name=name: on_press(name)
                self.buttons[name] = button
        except Exception as exc:  # missing pins, busy pins, no GPIO: report, run without buttons
            self.close()
            self.error = f"buttons ({driver}) not available: {exc}"

    def press(self, name: str) -> None:
        """A press on the mock twin: the pin goes low (pressed) and high again."""
        if self.driver != "mock" or name not in self.buttons:
            raise ValueError(f"no simulated button {name!r}")
        pin = self.buttons[name].pin
        pin.drive_low()
        pin.drive_high()

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.buttons = {}
