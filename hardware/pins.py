"""The gpiozero pin factory for a driver name: the seam between Scarab and the pins."""

from __future__ import annotations

from typing import Any

_MOCK: Any = None


def pin_factory(driver: str) -> Any:
    """``mock``: gpiozero's MockFactory (one per process, so every twin shares its pins);
    ``gpio``: gpiozero's own choice of the Pi's backends (lgpio, RPi.GPIO), imported only
    then, so nothing Pi-only loads off the Pi."""
    global _MOCK
    if driver == "mock":
        if _MOCK is None:
            from gpiozero.pins.mock import MockFactory, MockPWMPin

            _MOCK = MockFactory(pin_class=MockPWMPin)
        return _MOCK
    from gpiozero import Device

    if Device.pin_factory is None:
        Device.pin_factory = Device._default_pin_factory()
    return Device.pin_factory
