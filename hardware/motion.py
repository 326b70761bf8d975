"""The motion sensor under the Gulo Gulo bowl: timestamped samples in, nothing else.

A sensor yields ``Sample``s — acceleration in g (an ADXL345) or a level (a vibration or
tilt switch). The landslide detector consumes them; the drivers (smbus2, gpiozero) and a
trace-replaying twin come with the landslide work. Like every device here, a sensor
that stops answering says so in ``error`` and the rest of Scarab carries on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Sample:
    t: float  # seconds
    ax: float = 0.0  # g
    ay: float = 0.0
    az: float = 0.0
    level: int | None = None  # a switch's level, when the sensor is a switch


class MotionSensor:
    """The interface every motion-sensor driver implements; this base is 'no sensor'."""

    name = "none"
    rate_hz: float = 0.0

    def __init__(self) -> None:
        self.error: str | None = None

    def samples(self) -> Iterator[Sample]:
        """Samples read since the last call, oldest first."""
        return iter(())

    def close(self) -> None:
        return None
