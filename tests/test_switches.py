"""The vibration (SW-420) and ball tilt (SW-520D) switches on gpiozero's MockFactory:
edges become a steady level stream, chatter shorter than a step still counts."""

from __future__ import annotations

import pytest

from hardware.pins import pin_factory
from hardware.switches import VibrationSwitch


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def levels(switch: VibrationSwitch) -> list[int]:
    return [int(s.level or 0) for s in switch.samples()]


def test_sw420_levels_follow_its_output_edges() -> None:
    clock = Clock()
    switch = VibrationSwitch("sw420", 12, "mock", rate_hz=1000, clock=clock)
    try:
        assert switch.error is None and switch.name == "sw420"
        pin = pin_factory("mock").pin(12)
        assert levels(switch) == [0]  # the first call starts the stream now
        clock.now += 0.0025
        pin.drive_high()  # shaken
        clock.now += 0.002
        pin.drive_low()
        clock.now += 0.0005
        got = levels(switch)
        assert got == [0, 0, 1, 1, 1]  # shaken for part of the last step: it counts
        clock.now += 0.001
        assert levels(switch) == [0]
        assert all(s.level is not None for s in switch.samples())
    finally:
        switch.close()


def test_chatter_between_two_steps_is_not_lost() -> None:
    clock = Clock()
    switch = VibrationSwitch("sw420", 13, "mock", rate_hz=100, clock=clock)
    try:
        pin = pin_factory("mock").pin(13)
        levels(switch)
        clock.now += 0.0031
        pin.drive_high()
        clock.now += 0.0001
        pin.drive_low()  # a 0.1 ms flicker inside a 10 ms step
        clock.now += 0.02
        assert levels(switch) == [1, 0]
    finally:
        switch.close()


def test_an_inverted_sw420_module_reads_low_as_shaken() -> None:
    clock = Clock()
    pin = pin_factory("mock").pin(14)
    pin.drive_high()  # at rest this module holds its output high
    switch = VibrationSwitch("sw420", 14, "mock", rate_hz=1000, active_high=False, clock=clock)
    try:
        levels(switch)
        clock.now += 0.0015
        pin.drive_low()
        clock.now += 0.001
        assert levels(switch)[-1] == 1
    finally:
        switch.close()
        pin.drive_low()


def test_sw520d_reads_open_contacts_as_shaken() -> None:
    """Upright at rest the ball closes the switch to ground (low); lifted, the pull-up wins."""
    clock = Clock()
    switch = VibrationSwitch("sw520d", 15, "mock", rate_hz=1000, clock=clock)
    pin = pin_factory("mock").pin(15)
    try:
        assert switch.level == 1  # the mock pin floats up on the pull-up: open
        pin.drive_low()  # the ball settles: closed
        clock.now += 0.002
        assert levels(switch)[-1] == 0
        clock.now += 0.0015
        pin.drive_high()
        clock.now += 0.001
        assert levels(switch)[-1] == 1
        clock.now += 0.0005
        pin.drive_low()
        clock.now += 0.002
        assert levels(switch)[-1] == 0
    finally:
        switch.close()


def test_a_busy_pin_is_reported_and_the_switch_reads_nothing() -> None:
    first = VibrationSwitch("sw420", 16, "mock")
    try:
        second = VibrationSwitch("sw420", 16, "mock")
        assert second.error and "GPIO 16" in second.error
        second.close()
    finally:
        first.close()
    again = VibrationSwitch("sw420", 16, "mock")  # closing freed the pin
    assert again.error is None
    again.close()


def test_an_unknown_model_is_refused() -> None:
    with pytest.raises(ValueError, match="sw420"):
        VibrationSwitch("sw999", 20, "mock")
