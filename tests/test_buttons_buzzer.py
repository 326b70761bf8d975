"""Buttons and buzzer on gpiozero's MockFactory: the twins drive real gpiozero devices."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from hardware.buttons import Buttons
from hardware.buzzer import Buzzer
from hardware.pins import pin_factory

PINS = {"next": 17, "back": 27, "menu": 22}


@pytest.fixture(autouse=True)
def fresh_pins() -> Iterator[None]:
    yield
    pin_factory("mock").reset()


def test_a_mock_press_reaches_the_callback_with_the_buttons_name() -> None:
    pressed: list[str] = []
    buttons = Buttons("mock", PINS, pressed.append)
    buttons.press("next")
    buttons.press("back")
    buttons.press("next")
    assert pressed == ["next", "back", "next"]
    buttons.close()


def test_the_pins_are_the_configured_ones_with_pull_ups() -> None:
    pressed: list[str] = []
    buttons = Buttons("mock", {"next": 5, "back": 6, "menu": 13}, pressed.append)
    factory = pin_factory("mock")
    factory.pin(13).drive_low()  # a real press on BCM 13 pulls it to ground
    factory.pin(13).drive_high()
    assert pressed == ["menu"]
    buttons.close()


def test_pressing_an_unknown_button_is_refused() -> None:
    buttons = Buttons("mock", PINS, lambda name: None)
    with pytest.raises(ValueError):
        buttons.press("reset")
    buttons.close()


def test_a_pin_used_twice_is_reported_and_nothing_is_left_half_open() -> None:
    buttons = Buttons("mock", {"next": 4, "back": 4, "menu": 22}, lambda name: None)
    assert buttons.error is not None and "buttons (mock) not available" in buttons.error
    assert buttons.buttons == {}
    again = Buttons("mock", {"next": 4, "back": 5, "menu": 22}, lambda name: None)
    assert again.error is None, "the failed attempt released its pins"
    again.close()


def test_buttons_off_means_no_pins_touched() -> None:
    assert Buttons("none", PINS, lambda name: None).buttons == {}


def test_the_active_buzzer_beeps_its_pattern_on_the_pin() -> None:
    buzzer = Buzzer("mock", 18)
    pin = pin_factory("mock").pin(18)
    buzzer.play("refused")
    deadline = time.monotonic() + 2
    while not any(state for _, state in pin.states) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert any(state for _, state in pin.states), "the buzzer pin never went high"
    assert buzzer.played == ["refused"]
    buzzer.close()


def test_the_tonal_buzzer_plays_notes_as_pwm() -> None:
    buzzer = Buzzer("mock", 19, tonal=True)
    buzzer.play("scored")
    pin = pin_factory("mock").pin(19)
    deadline = time.monotonic() + 2
    while not any(state for _, state in pin.states) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert any(state for _, state in pin.states), "no note was played on the PWM pin"
    assert buzzer.error is None
    assert buzzer.played == ["scored"]
    buzzer.close()


def test_an_unknown_pattern_is_refused() -> None:
    with pytest.raises(ValueError):
        Buzzer("none", 18).play("fanfare")


def test_closing_a_buzzer_mid_tune_stops_it_cleanly() -> None:
    buzzer = Buzzer("mock", 20, tonal=True)
    buzzer.play("landslide")  # five notes, ~0.6 s
    buzzer.close()
    assert buzzer._tune_thread is not None and not buzzer._tune_thread.is_alive()
    assert buzzer.error is None
