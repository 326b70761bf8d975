"""The ADXL345 driver against an emulated chip on a fake SMBus: the register set-up, FIFO
bursts, the INT1 tap line (gpiozero's MockFactory) and recovery from bus errors."""

from __future__ import annotations

import itertools

import pytest

from hardware import adxl345 as chip
from hardware.adxl345 import ADXL345, EmulatedADXL345, tap_registers, to_g
from hardware.pins import pin_factory


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(rate: int = 800, **kwargs: object) -> tuple[ADXL345, EmulatedADXL345, Clock]:
    bus = EmulatedADXL345()
    clock = Clock()
    sensor = ADXL345(rate_hz=rate, bus_factory=bus.reopen, clock=clock, sleep=lambda s: None, **kwargs)  # type: ignore[arg-type]
    return sensor, bus, clock


def test_setup_writes_the_datasheet_registers_in_a_safe_order() -> None:
    sensor, bus, _ = make(800, tap_g=0.5, tap_max_s=0.02, watermark=8)
    assert sensor.error is None
    writes = dict(bus.writes)
    assert writes[chip.DATA_FORMAT] == 0x0B  # full resolution, ±16 g, interrupts active high
    assert writes[chip.BW_RATE] == 0x0D  # 800 Hz, normal power
    assert writes[chip.INT_ENABLE] == chip.SINGLE_TAP and writes[chip.INT_MAP] == 0  # the tap on INT1
    assert writes[chip.TAP_AXES] == 0x07
    assert (writes[chip.THRESH_TAP], writes[chip.DUR]) == (8, 32)  # 0.5 g / 62.5 mg, 20 ms / 625 µs
    fifo = [v for r, v in bus.writes if r == chip.FIFO_CTL]
    assert fifo == [0x00, 0x80 | 8]  # bypass (empties it), then stream mode with the watermark
    assert bus.writes[0] == (chip.POWER_CTL, 0x00) and bus.writes[-1] == (chip.POWER_CTL, chip.MEASURE)


@pytest.mark.parametrize(("rate", "code"), [(400, 0x0C), (800, 0x0D), (1600, 0x0E)])
def test_each_rate_has_its_code(rate: int, code: int) -> None:
    _, bus, _ = make(rate)
    assert dict(bus.writes)[chip.BW_RATE] == code


def test_an_impossible_rate_or_a_wrong_chip_is_refused() -> None:
    with pytest.raises(ValueError, match="400"):
        make(500)
    bus = EmulatedADXL345(device_id=0x12)
    sensor = ADXL345(bus_factory=bus.reopen, sleep=lambda s: None)
    assert sensor.error and "device id 0x12" in sensor.error


def test_tap_registers_round_up_and_clamp() -> None:
    assert tap_registers(0.1, 0.001) == (2, 2)
    assert tap_registers(100.0, 1.0) == (255, 255)
    assert tap_registers(0.0, 0.0) == (1, 1)


def test_to_g_reads_little_endian_twos_complement() -> None:
    assert to_g([0x00, 0x01, 0xFF, 0xFF, 0x00, 0x80]) == pytest.approx(
        (256 * 0.0039, -0.0039, -32768 * 0.0039)
    )


def test_a_burst_reads_every_fifo_entry_with_evenly_spaced_times() -> None:
    sensor, bus, clock = make(800)
    bus.push([(0.0, 0.0, 1.0), (0.5, -0.25, 1.0), (-2.0, 0.1, 0.9)])
    bus.reads.clear()
    samples = sensor.poll()
    assert [(round(s.ax, 2), round(s.ay, 2), round(s.az, 2)) for s in samples] == [
        (0.0, 0.0, 1.0),
        (0.5, -0.25, 1.0),
        (-2.0, 0.1, 0.9),
    ]
    assert bus.reads[0] == (chip.FIFO_STATUS, 1)
    assert bus.reads.count((chip.DATAX0, 6)) == 3  # one 6-byte read per entry
    steps = [b.t - a.t for a, b in itertools.pairwise(samples)]
    assert steps == pytest.approx([1 / 800] * 2)
    assert samples[-1].t == pytest.approx(clock.now - 1 / 800)
    clock.now += 2 / 800
    bus.push([(0, 0, 1), (0, 0, 1)])
    more = sensor.poll()
    assert more[0].t == pytest.approx(samples[-1].t + 1 / 800)  # the clock runs on across bursts
    assert sensor.poll() == []


def test_a_full_fifo_counts_an_overrun() -> None:
    sensor, bus, _ = make(800)
    bus.push([(0, 0, 1)] * 40)
    assert len(sensor.poll()) == 32 and sensor.overruns == 1 and bus.dropped == 8


def test_transient_errors_are_retried_without_a_warning() -> None:
    sensor, bus, _ = make(800)
    bus.push([(0, 0, 1)] * 4)
    bus.fail_next = 2  # fewer than the 3 tries
    assert len(sensor.poll()) == 4
    assert sensor.error is None and bus.opened == 2  # opened once at start, never again


def test_a_failing_burst_reopens_and_sets_the_chip_up_again() -> None:
    sensor, bus, _ = make(800)
    setups = bus.writes.count((chip.POWER_CTL, chip.MEASURE))
    bus.fail_next = 3  # every try of one transfer fails
    assert sensor.poll() == []
    assert sensor.error is None and sensor.recoveries == 1 and bus.opened == 3
    assert bus.writes.count((chip.POWER_CTL, chip.MEASURE)) == setups + 1
    bus.push([(0, 0, 1)])
    assert len(sensor.poll()) == 1


def test_an_unplugged_sensor_is_reported_and_found_again() -> None:
    sensor, bus, clock = make(800, reopen_s=2.0)
    bus.unplugged = True
    assert sensor.poll() == []
    assert sensor.error and sensor.error.startswith("motion sensor lost") and "0x53" in sensor.error
    opened = bus.opened
    clock.now += 1.0
    assert sensor.poll() == [] and bus.opened == opened  # waits reopen_s before trying again
    clock.now += 1.5
    assert sensor.poll() == [] and sensor.error  # still unplugged
    bus.unplugged = False
    clock.now += 2.5
    bus.push([(0, 0, 1)] * 3)
    assert sensor.poll() == []  # the reopen empties the FIFO, as the set-up does
    assert sensor.error is None and sensor.recoveries == 1
    bus.push([(0, 0, 1)] * 3)
    assert len(sensor.poll()) == 3
    assert list(sensor.samples()) == []


def test_a_missing_bus_at_start_is_reported_not_raised() -> None:
    def no_bus(port: int) -> object:
        raise FileNotFoundError(2, f"/dev/i2c-{port}")

    sensor = ADXL345(port=7, bus_factory=no_bus, sleep=lambda s: None)
    assert sensor.error and "I2C bus 7" in sensor.error
    assert list(sensor.samples()) == []
    sensor.close()


def test_int1_tap_wakes_the_reader_and_the_latch_is_cleared() -> None:
    sensor, bus, _ = make(800, int1_pin=26, pin_driver="mock")
    try:
        assert sensor.int1 is not None
        pin = pin_factory("mock").pin(26)
        bus.registers[chip.INT_SOURCE] = chip.SINGLE_TAP
        pin.drive_high()
        assert sensor.taps == 1 and sensor._wake.is_set()
        bus.push([(0, 0, 3.0)])
        assert len(sensor.poll()) == 1
        assert bus.registers[chip.INT_SOURCE] == 0 and not sensor._wake.is_set()
        pin.drive_low()
    finally:
        sensor.close()
    assert bus.writes[-1] == (chip.POWER_CTL, 0x00)  # left in standby


def test_a_busy_int1_pin_falls_back_to_polling_with_a_warning() -> None:
    first, _, _ = make(800, int1_pin=19, pin_driver="mock")
    try:
        second, bus, _ = make(800, int1_pin=19, pin_driver="mock")
        assert second.int1 is None and second.error and "INT1" in second.error
        bus.push([(0, 0, 1)])
        assert len(second.poll()) == 1
        second.close()
    finally:
        first.close()
