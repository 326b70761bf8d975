"""Digital shake switches under the trap: an SW-420 vibration module or an SW-520D ball
tilt switch, read through gpiozero edge callbacks.

A switch reports no acceleration, only whether it is being shaken. Its edges arrive on
gpiozero's thread with their time; ``samples`` turns them into a steady ``level`` stream
at ``rate_hz`` (1 while shaken, 0 at rest) — the ``t,level`` form the switch detector and
``scarab sensor detect`` read.

- SW-420 module: its comparator drives DO; most modules drive it high while the spring
  contact chatters (``active_high=False`` for the ones that drive it low).
- SW-520D: a bare ball switch between the pin and ground, on the internal pull-up. It is
  mounted upright so the ball closes it at rest (pin low); a shake or a tilt lifts the
  ball and opens it (pin high).
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from hardware.motion import MotionSensor, Sample
from hardware.pins import pin_factory

MODELS = ("sw420", "sw520d")


class VibrationSwitch(MotionSensor):
    def __init__(
        self,
        model: str,
        pin: int,
        driver: str = "gpio",
        rate_hz: float = 1000.0,
        active_high: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        if model not in MODELS:
            raise ValueError(f"switch model must be one of {', '.join(MODELS)}, not {model!r}")
        self.name = model
        self.model, self.pin, self.driver = model, pin, driver
        self.rate_hz = float(rate_hz)
        self.clock = clock
        self.edges: collections.deque[tuple[float, int]] = collections.deque(maxlen=100_000)
        self._lock = threading.Lock()
        self.device: Any = None
        self.level = 0
        self.origin: float | None = None  # the time of step 0
        self.steps = 0  # steps handed out
        try:
            from gpiozero import DigitalInputDevice

            factory = pin_factory(driver)
            if model == "sw420":
                self.device = DigitalInputDevice(
                    pin, pull_up=None, active_state=active_high, pin_factory=factory
                )
                shaken = self.device.is_active
            else:  # closed (active, pin low on the pull-up) at rest
                self.device = DigitalInputDevice(pin, pull_up=True, pin_factory=factory)
                shaken = not self.device.is_active
            self.level = int(shaken)
            self.device.when_activated = self._activated
            self.device.when_deactivated = self._deactivated
        except Exception as exc:  # no GPIO, a busy pin: report and run without it
            self.close()
            self.error = f"motion sensor ({model} on GPIO {pin}) not available: {exc}"

    def _edge(self, shaken: bool) -> None:
        with self._lock:
            self.edges.append((self.clock(), int(shaken)))

    def _activated(self) -> None:
        self._edge(self.model == "sw420")

    def _deactivated(self) -> None:
        self._edge(self.model != "sw420")

    def samples(self) -> Iterator[Sample]:
        """The level at every 1/rate_hz step from the last call up to now: 1 if the switch
        was shaken at any time during that step, so chatter shorter than a step counts."""
        now = self.clock()
        with self._lock:
            edges = sorted(self.edges)
            self.edges.clear()
        step = 1.0 / self.rate_hz
        if self.origin is None:
            self.origin = edges[0][0] if edges else now
        out = []
        level, k = self.level, 0
        while (t := self.origin + self.steps * step) <= now + 1e-9:
            shaken = level
            while k < len(edges) and edges[k][0] <= t:
                level = edges[k][1]
                shaken |= level
                k += 1
            out.append(Sample(t, level=shaken))
            self.steps += 1
        with self._lock:  # edges after the last step count next time
            self.edges.extendleft(reversed(edges[k:]))
        self.level = level
        return iter(out)

    def close(self) -> None:
        if self.device is not None:
            self.device.close()
            self.device = None
