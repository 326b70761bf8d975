"""The ADXL345 accelerometer on I2C (smbus2), read from its FIFO in bursts.

Set-up (register facts from the Analog Devices ADXL345 datasheet, Rev. G): full
resolution ±16 g (3.9 mg/LSB), output data rate 400–3200 Hz, the 32-entry FIFO in stream
mode with a watermark, and the single-tap function routed to INT1 — the chip's own
"short impulse" detector. INT1 is a GPIO input (gpiozero); its rising edge wakes the
reader at once instead of at the next poll, so an impact reaches the detector within a
millisecond or two of the chip noticing it.

Bus errors are expected (a loose jumper wire, a brown-out): every transfer is retried a
few times; when that fails the bus is closed, reopened and the chip set up again; while
that fails too, ``error`` says "motion sensor lost" and reconnection is tried every
``reopen_s`` while the rest of Scarab goes on. smbus2 and the GPIO backends are imported
only when the real bus is opened.

``EmulatedADXL345`` is a register-level stand-in for the chip (used by the tests and by
the trace twin): it records every write, serves its FIFO from queued samples and can be
told to fail.
"""

from __future__ import annotations

import collections
import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hardware.motion import MotionSensor, Sample

# Registers (datasheet, Table 19)
DEVID = 0x00
THRESH_TAP = 0x1D  # 62.5 mg/LSB
DUR = 0x21  # 625 µs/LSB: the longest an event may stay above THRESH_TAP to count as a tap
LATENT = 0x22
WINDOW = 0x23
TAP_AXES = 0x2A
BW_RATE = 0x2C
POWER_CTL = 0x2D
INT_ENABLE = 0x2E
INT_MAP = 0x2F
INT_SOURCE = 0x30
DATA_FORMAT = 0x31
DATAX0 = 0x32  # X0 X1 Y0 Y1 Z0 Z1, little-endian two's complement
FIFO_CTL = 0x38
FIFO_STATUS = 0x39

DEVICE_ID = 0xE5
ADDRESS = 0x53  # ALT ADDRESS low; 0x1D with it high
MEASURE = 0x08  # POWER_CTL
FULL_RES = 0x08  # DATA_FORMAT
RANGE_16G = 0x03
SINGLE_TAP = 0x40  # INT_ENABLE / INT_SOURCE / INT_MAP bit
TAP_XYZ = 0x07
FIFO_BYPASS = 0x00
FIFO_STREAM = 0x80  # FIFO_MODE bits D7:D6 = 10
FIFO_DEPTH = 32
G_PER_LSB = 0.0039  # full resolution
TAP_G_PER_LSB = 0.0625
DUR_S_PER_LSB = 0.000625
RATE_CODES = {100: 0x0A, 200: 0x0B, 400: 0x0C, 800: 0x0D, 1600: 0x0E, 3200: 0x0F}


class SensorIOError(Exception):
    """The bus kept failing after the retries."""


def tap_registers(threshold_g: float, max_impulse_s: float) -> tuple[int, int]:
    """THRESH_TAP and DUR register values for a tap of at least ``threshold_g`` lasting at
    most ``max_impulse_s`` (both clamped to 1–255)."""
    thresh = min(255, max(1, math.ceil(threshold_g / TAP_G_PER_LSB)))
    dur = min(255, max(1, math.ceil(max_impulse_s / DUR_S_PER_LSB)))
    return thresh, dur


def to_g(block: Sequence[int]) -> tuple[float, float, float]:
    """Six data bytes (X0 X1 Y0 Y1 Z0 Z1) as g."""
    out = []
    for k in range(3):
        raw = block[2 * k] | (block[2 * k + 1] << 8)
        if raw >= 0x8000:
            raw -= 0x10000
        out.append(raw * G_PER_LSB)
    return out[0], out[1], out[2]


class ADXL345(MotionSensor):
    """The chip on ``/dev/i2c-<port>`` at ``address``; INT1 on BCM ``int1_pin`` (None: poll)."""

    name = "adxl345"

    def __init__(
        self,
        port: int = 1,
        address: int = ADDRESS,
        rate_hz: int = 800,
        int1_pin: int | None = None,
        pin_driver: str = "gpio",
        tap_g: float = 0.5,
        tap_max_s: float = 0.02,
        watermark: int = 8,
        retries: int = 3,
        reopen_s: float = 2.0,
        bus_factory: Callable[[int], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__()
        if rate_hz not in RATE_CODES:
            raise ValueError(f"the ADXL345 runs at {', '.join(map(str, RATE_CODES))} Hz, not {rate_hz}")
        self.port, self.address, self.rate_hz = port, address, float(rate_hz)
        self.tap_g, self.tap_max_s = tap_g, tap_max_s
        self.watermark = min(31, max(1, watermark))
        self.retries, self.reopen_s = retries, reopen_s
        self.bus_factory = bus_factory or _smbus
        self.clock, self.sleep = clock, sleep
        self.bus: Any = None
        self.next_t: float | None = None
        self.taps = 0  # single-tap interrupts seen
        self.overruns = 0  # bursts that found the FIFO full (samples may be lost)
        self.recoveries = 0
        self.lost_at: float | None = None
        self._queue: collections.deque[Sample] = collections.deque(maxlen=int(self.rate_hz * 10))
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.int1: Any = None
        try:
            self._open()
        except (SensorIOError, OSError) as exc:
            self._lost(exc)
        if int1_pin is not None:
            try:
                from gpiozero import DigitalInputDevice

                from hardware.pins import pin_factory

                self.int1 = DigitalInputDevice(int1_pin, pull_up=False, pin_factory=pin_factory(pin_driver))
                self.int1.when_activated = self._tapped
            except Exception as exc:  # no GPIO: poll the FIFO only
                self.int1 = None
                self.error = self.error or f"motion sensor INT1 (GPIO {int1_pin}) not available: {exc}"

    # ------------------------------------------------------------------ the bus

    def _call(self, method: str, *args: Any) -> Any:
        """One transfer with bounded retries."""
        last: Exception | None = None
        for attempt in range(self.retries):
            try:
                if self.bus is None:
                    raise OSError("the bus is not open")
                return getattr(self.bus, method)(self.address, *args)
            except OSError as exc:
                last = exc
                if attempt + 1 < self.retries:
                    self.sleep(0.001 * (attempt + 1))
        raise SensorIOError(f"{method} failed {self.retries} times: {last}")

    def _write(self, register: int, value: int) -> None:
        self._call("write_byte_data", register, value)

    def _open(self) -> None:
        """Open the bus and set the chip up from scratch."""
        self._close_bus()
        try:
            self.bus = self.bus_factory(self.port)
        except OSError as exc:
            raise SensorIOError(f"cannot open /dev/i2c-{self.port}: {exc}") from None
        ident = self._call("read_byte_data", DEVID)
        if ident != DEVICE_ID:
            raise SensorIOError(f"no ADXL345 at 0x{self.address:02X}: device id 0x{ident:02X}, not 0xE5")
        thresh, dur = tap_registers(self.tap_g, self.tap_max_s)
        self._write(POWER_CTL, 0x00)  # standby while configuring
        self._write(DATA_FORMAT, FULL_RES | RANGE_16G)  # INT_INVERT clear: interrupts active high
        self._write(BW_RATE, RATE_CODES[int(self.rate_hz)])
        self._write(THRESH_TAP, thresh)
        self._write(DUR, dur)
        self._write(LATENT, 0)  # no double taps
        self._write(WINDOW, 0)
        self._write(TAP_AXES, TAP_XYZ)
        self._write(INT_MAP, 0x00)  # every interrupt on INT1
        self._write(FIFO_CTL, FIFO_BYPASS)  # empties the FIFO
        self._write(FIFO_CTL, FIFO_STREAM | self.watermark)
        self._write(INT_ENABLE, SINGLE_TAP)
        self._write(POWER_CTL, MEASURE)
        self._call("read_byte_data", INT_SOURCE)  # clear anything latched
        self.next_t = None

    def _close_bus(self) -> None:
        if self.bus is not None:
            with contextlib.suppress(OSError):
                self.bus.close()
            self.bus = None

    def _lost(self, exc: Exception) -> None:
        self._close_bus()
        self.lost_at = self.clock()
        self.error = (
            f"motion sensor lost: ADXL345 at 0x{self.address:02X} on I2C bus {self.port} "
            f"does not answer ({exc}); retrying every {self.reopen_s:g} s"
        )

    # ------------------------------------------------------------------ reading

    def _tapped(self) -> None:
        self.taps += 1
        self._wake.set()

    def poll(self) -> list[Sample]:
        """Read what the FIFO holds now (one burst), recovering from bus errors."""
        with self._lock:
            if self.bus is None:
                if self.lost_at is not None and self.clock() - self.lost_at < self.reopen_s:
                    return []
                try:
                    self._open()
                except (SensorIOError, OSError) as exc:
                    self._lost(exc)
                    return []
                self.recoveries += 1
                self.lost_at = None
                self.error = None
            try:
                return self._burst()
            except SensorIOError as exc:
                try:  # reopen and set up again at once; give up only if that fails too
                    self._open()
                    self.recoveries += 1
                    return []
                except (SensorIOError, OSError) as again:
                    self._lost(again if str(again) else exc)
                    return []

    def _burst(self) -> list[Sample]:
        entries = self._call("read_byte_data", FIFO_STATUS) & 0x3F
        if self.int1 is not None and self._wake.is_set():
            self._wake.clear()
            self._call("read_byte_data", INT_SOURCE)  # reading it clears the tap latch
        now = self.clock()
        step = 1.0 / self.rate_hz
        if entries >= FIFO_DEPTH:
            self.overruns += 1
            self.next_t = None  # samples may have been lost: restart the clock from now
        if self.next_t is None or abs(self.next_t + entries * step - now) > 0.05:
            self.next_t = now - entries * step
        out = []
        for _ in range(entries):  # one entry per 6-byte read (the FIFO pops after each)
            block = self._call("read_i2c_block_data", DATAX0, 6)
            ax, ay, az = to_g(block)
            out.append(Sample(self.next_t, ax, ay, az))
            self.next_t += step
        return out

    def start(self) -> None:
        """Read in a background thread: at the watermark's pace, or at once on INT1."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="adxl345", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        period = self.watermark / self.rate_hz
        while not self._stop.is_set():
            self._wake.wait(period)
            self._queue.extend(self.poll())

    def samples(self) -> Iterator[Sample]:
        if self._thread is None:
            self._queue.extend(self.poll())
        out = []
        while self._queue:
            out.append(self._queue.popleft())
        return iter(out)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=1)
        if self.int1 is not None:
            self.int1.close()
            self.int1 = None
        with self._lock:
            if self.bus is not None:
                with contextlib.suppress(OSError):
                    self.bus.write_byte_data(self.address, POWER_CTL, 0x00)  # standby
            self._close_bus()


def _smbus(port: int) -> Any:
    from smbus2 import SMBus  # Pi only: imported when the real bus is opened

    return SMBus(port)


class EmulatedADXL345:
    """An SMBus stand-in that behaves like an ADXL345 at one address: registers, a
    32-entry FIFO fed with ``push``, and failures on demand (``fail_next``,
    ``unplugged``). Every write is kept in ``writes``."""

    def __init__(self, address: int = ADDRESS, device_id: int = DEVICE_ID) -> None:
        self.address = address
        self.registers = dict.fromkeys(range(0x40), 0)
        self.registers[DEVID] = device_id
        self.fifo: collections.deque[tuple[int, int, int]] = collections.deque(maxlen=FIFO_DEPTH)
        self.writes: list[tuple[int, int]] = []
        self.reads: list[tuple[int, int]] = []  # (register, length)
        self.fail_next = 0  # the next N transfers raise OSError
        self.unplugged = False  # every transfer raises OSError
        self.closed = False
        self.opened = 1
        self.dropped = 0

    def push(self, samples: Sequence[tuple[float, float, float]]) -> None:
        """Samples (g) arriving in the FIFO; in stream mode the oldest are overwritten."""
        for sample in samples:
            if len(self.fifo) == FIFO_DEPTH:
                self.dropped += 1
            x, y, z = (max(-4096, min(4095, round(v / G_PER_LSB))) for v in sample)
            self.fifo.append((x, y, z))

    def _check(self, address: int) -> None:
        if self.closed:
            raise OSError(9, "bad file descriptor (bus closed)")
        if self.unplugged:
            raise OSError(121, "remote I/O error")
        if self.fail_next > 0:
            self.fail_next -= 1
            raise OSError(121, "remote I/O error")
        if address != self.address:
            raise OSError(121, f"no device at 0x{address:02X}")

    def write_byte_data(self, address: int, register: int, value: int) -> None:
        self._check(address)
        self.writes.append((register, value))
        self.registers[register] = value
        if register == FIFO_CTL and value >> 6 == 0:
            self.fifo.clear()

    def read_byte_data(self, address: int, register: int) -> int:
        self._check(address)
        self.reads.append((register, 1))
        if register == FIFO_STATUS:
            return len(self.fifo)
        if register == INT_SOURCE:
            value = self.registers[INT_SOURCE]
            self.registers[INT_SOURCE] = 0
            return value
        return self.registers[register]

    def read_i2c_block_data(self, address: int, register: int, length: int) -> list[int]:
        self._check(address)
        self.reads.append((register, length))
        if register == DATAX0 and length == 6:
            values = self.fifo.popleft() if self.fifo else (0, 0, 0)
            out = []
            for v in values:
                v &= 0xFFFF
                out += [v & 0xFF, v >> 8]
            return out
        return [self.registers[register + k] for k in range(length)]

    def reopen(self, port: int = 1) -> EmulatedADXL345:
        """What ``bus_factory`` returns: the same chip on a freshly opened bus."""
        if self.unplugged:
            raise OSError(2, f"no such file: /dev/i2c-{port}")
        self.closed = False
        self.opened += 1
        return self

    def close(self) -> None:
        self.closed = True
