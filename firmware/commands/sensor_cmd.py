"""``scarab sensor detect|calibrate|record`` — the landslide sensor from the command line.

- ``detect TRACE.csv [--json]``: the landslides in a recorded or simulated trace
  (``t,ax,ay,az`` in s and g at a steady rate, or ``t,level`` of a switch); prints
  ``{"landslides": [{"t", "kind", "strength"}], "rate_hz"}`` (DESIGN.md).
- ``calibrate``: a guided minute at the table — the room at rest, then a hand rummaging
  in the trap — that fits the threshold to this table and saves it for ``scarab run``.
- ``record OUT.csv``: what the configured sensor reads, as a trace file (on a Pi; off a
  Pi the simulated twin's table is recorded).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from engines.replay import LogError
from firmware.appliance.config import Sensor, load, resolve_driver
from firmware.appliance.errors import ConfigError
from firmware.commands.common import EXIT_OK, check_writable, emit_json, read_text_file, seconds_range
from firmware.referees.landslide_referee import LEVEL_SENSORS, calibration_path, open_sensor
from hardware.landslide import (
    ASK,
    Landslide,
    LandslideDetector,
    Settings,
    SwitchDetector,
    calibrate,
    steady_rate,
)
from hardware.motion import MotionSensor, Sample
from hardware.sim.traces import Simulator, TraceSensor
from hardware.table_profile import TableProfile
from hardware.trace_io import TraceError, parse_trace, read_levels

TRACE_BYTES = 256 << 20  # an hour recorded at 1600 Hz, the longest `record` makes, is ~210 MB
STEP_SECONDS = 1.1  # a calibration step: the filters settle for 0.1 s, then a second is measured


def add_parser(sub: Any) -> None:
    p = sub.add_parser("sensor", help="the Gulo Gulo landslide sensor: detect, calibrate, record")
    cmds = p.add_subparsers(dest="sensor_command", required=True, metavar="SENSOR_COMMAND")

    d = cmds.add_parser("detect", help="find the landslides in a trace file")
    d.add_argument("trace", metavar="TRACE.csv", help="t,ax,ay,az (s, g) or t,level, at a steady rate")
    d.add_argument("--calibration", help="a calibration file from `scarab sensor calibrate` (default: none)")
    d.add_argument("--json", action="store_true", help="print one JSON document")
    d.set_defaults(handler=detect)

    c = cmds.add_parser("calibrate", help="fit the threshold to this table: still, then rummaging")
    c.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    c.add_argument(
        "--seconds",
        type=seconds_range(STEP_SECONDS, 600),
        default=10.0,
        help="length of each step (default 10)",
    )
    c.add_argument("--still", metavar="CSV", help="use this recording of the table at rest instead")
    c.add_argument("--rummage", metavar="CSV", help="use this recording of a hand rummaging instead")
    c.add_argument("--out", help="where to save it (default: sensor.calibration or the state directory)")
    c.add_argument("--json", action="store_true", help="print the result as one JSON document")
    c.set_defaults(handler=calibrate_cmd)

    r = cmds.add_parser("record", help="record the configured sensor to a trace file (on a Pi)")
    r.add_argument("out", metavar="OUT.csv")
    r.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    r.add_argument(
        "--seconds",
        type=seconds_range(0, 3600, above=True),
        default=30.0,
        help="how long (default 30; Ctrl-C stops early)",
    )
    r.set_defaults(handler=record)


# ---------------------------------------------------------------------- reading traces


def read_trace(path: str) -> tuple[str, np.ndarray, np.ndarray, float]:
    """A trace file's kind, times, values and sample rate — or a LogError saying why not."""
    text = read_text_file(path, TRACE_BYTES)
    try:
        kind, t, values = parse_trace(text)
        rate = steady_rate(t)
        if kind == "level":
            values = read_levels(t, values)
    except TraceError as exc:
        raise LogError(exc.code, f"{path}: {exc.message}", exc.line) from None
    except csv.Error as exc:  # the csv module's own refusals, e.g. a field over its size limit
        raise LogError("malformed-csv", f"{path} is not a trace: {exc}", None) from None
    return kind, t, values, rate


ADAPT_S = 5.0  # `detect` without a calibration: what it heard is learned every this long


def load_calibration(path: str | None) -> Settings | None:
    if not path:
        return None
    try:
        return Settings.load(path)
    except ValueError as exc:
        raise LogError("bad-calibration", str(exc), None) from None


def run_detector(
    kind: str, t: np.ndarray, values: np.ndarray, rate: float, settings: Settings | None
) -> list[Landslide]:
    """Every landslide in a whole trace, fed in 10 ms bursts as a FIFO would deliver them.
    Without a calibration the detector adapts along the trace as the appliance does at a
    table: it follows the floor, and every ``ADAPT_S`` seconds without a landslide what it
    heard counts as rummaging (which may only make it more sensitive than the default).
    Landslides it would only ask about are not reported."""
    if kind == "level":
        switch = SwitchDetector(rate, settings or Settings())
        step = max(1, round(rate * 0.01))
        return [e for i in range(0, len(t), step) for e in switch.feed(t[i : i + step], values[i : i + step])]
    detector = LandslideDetector(
        rate, settings or Settings(), profile=TableProfile(), adapt_armed=settings is None
    )
    step = max(1, round(rate * 0.01))
    found: list[Landslide] = []
    window = max(1, round(ADAPT_S * rate / step))
    since = 0
    for n, i in enumerate(range(0, len(t), step)):
        events = [e for e in detector.feed(t[i : i + step], values[i : i + step]) if e.verdict != ASK]
        found += events
        since = n if events else since
        if settings is None and n - since >= window:
            detector.confirm("clean")
            since = n
    return found


def detect(args: argparse.Namespace) -> int:
    kind, t, values, rate = read_trace(args.trace)
    found = run_detector(kind, t, values, rate, load_calibration(args.calibration))
    landslides = [event.to_json() for event in found]
    doc = {"landslides": landslides, "rate_hz": round(rate, 3)}
    if args.json:
        emit_json(doc)
        return EXIT_OK
    seconds = float(t[-1] - t[0])
    what = "switch levels" if kind == "level" else "acceleration"
    print(f"{args.trace}: {what} at {rate:.1f} Hz, {seconds:.1f} s — {len(found)} landslide(s)")
    for event in landslides:
        unit = "of the window shaken" if kind == "level" else "g"
        print(f"  t = {event['t']:.3f} s  {event['kind']:<7}  strength {event['strength']:.3f} {unit}")
    return EXIT_OK


# ---------------------------------------------------------------------- live sensor


def sensor_from_config(config_path: str | None) -> tuple[Sensor, MotionSensor, bool]:
    """The configured sensor (started) and whether it is the simulated twin."""
    try:
        section = load(config_path).sensor
    except ConfigError as exc:
        raise LogError("bad-config", str(exc), None) from None
    driver = resolve_driver(section.driver, "adxl345", "trace")
    if driver == "none":
        raise LogError("no-sensor", "sensor.driver is none: there is no motion sensor to read", None)
    sensor = open_sensor(section)
    if sensor.error:
        sensor.close()
        raise LogError("sensor-unavailable", sensor.error, None)
    return section, sensor, driver == "trace" and not section.trace_file


def gather(sensor: MotionSensor, seconds: float, progress: Progress | None, task: Any) -> list[Sample]:
    """Everything the sensor reads for ``seconds`` (the progress bar follows)."""
    out: list[Sample] = []
    start = time.monotonic()
    while (elapsed := time.monotonic() - start) < seconds:
        out.extend(sensor.samples())
        if sensor.error:
            raise LogError("sensor-unavailable", sensor.error, None)
        if progress is not None:
            progress.update(task, completed=min(elapsed, seconds))
        time.sleep(0.02)
    out.extend(sensor.samples())
    if progress is not None:
        progress.update(task, completed=seconds)
    return out


def twin_playing(sensor: MotionSensor, rate: float, seconds: float, rummage: bool, seed: int) -> MotionSensor:
    """Off a Pi: the simulated twin plays a table at rest, or a hand in the trap."""
    sim = Simulator(rate, "room", seed)
    trace = sim.pull(seconds=seconds, lead=0.0) if rummage else sim.pull(seconds=0.01, lead=seconds)
    sensor.close()
    return TraceSensor(rate, trace.times, trace.acc, loop=False)


def as_array(samples: list[Sample]) -> np.ndarray:
    return np.asarray([(s.ax, s.ay, s.az) for s in samples], dtype=float).reshape(-1, 3)


def calibrate_cmd(args: argparse.Namespace) -> int:
    err = Console(stderr=True, highlight=False)
    if bool(args.still) != bool(args.rummage):
        raise LogError("bad-arguments", "give both --still and --rummage, or neither", None)
    try:
        section = load(getattr(args, "config", None)).sensor
    except ConfigError as exc:
        raise LogError("bad-config", str(exc), None) from None
    out = check_writable(args.out or calibration_path(section), make_parents=True)
    if args.still:
        recordings = []
        for path in (args.still, args.rummage):
            kind, _, values, rate = read_trace(path)
            if kind != "accel":
                raise LogError("not-acceleration", f"{path}: calibration needs t,ax,ay,az", None)
            recordings.append((values, rate))
        (still, rate), (hand, rate2) = recordings
        if abs(rate - rate2) > 0.02 * rate:
            raise LogError(
                "rate-mismatch", f"the recordings' rates differ: {rate:.1f} and {rate2:.1f} Hz", None
            )
    else:
        _, sensor, simulated = sensor_from_config(args.config)
        if sensor.name in LEVEL_SENSORS:
            sensor.close()
            raise LogError(
                "not-acceleration", "a switch has no threshold to fit: turn its potentiometer", None
            )
        rate = sensor.rate_hz
        steps = (
            ("1/2 Keep the table still: hands off, nobody touching it", "still", False),
            ("2/2 Rummage in the trap the way a careful player pulls — let nothing fall", "rummaging", True),
        )
        got = []
        try:
            with Progress(
                TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn(), console=err
            ) as progress:
                for k, (text, label, rummage) in enumerate(steps):
                    wait = min(3.0, args.seconds / 3)
                    err.print(
                        f"[bold]{text}[/] — starting in {wait:.0f} s" if wait >= 1 else f"[bold]{text}[/]"
                    )
                    time.sleep(wait)
                    if simulated:
                        sensor = twin_playing(sensor, rate, args.seconds, rummage, seed=k + 1)
                    else:
                        list(sensor.samples())  # drop what came in while reading the instructions
                    task = progress.add_task(label, total=args.seconds)
                    got.append(as_array(gather(sensor, args.seconds, progress, task)))
        finally:
            sensor.close()
        still, hand = got
        if simulated:
            err.print("(no sensor here: the simulated twin's table was measured)")
    try:
        settings, report = calibrate(still, hand, rate)
    except ValueError as exc:
        raise LogError("too-short", str(exc), None) from None
    try:
        settings.save(out)
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {out}: {exc}", None) from None
    doc = {"calibration": str(out), "rate_hz": round(rate, 3), **{k: round(v, 5) for k, v in report.items()}}
    if args.json:
        emit_json(doc)
    else:
        print(
            f"Calibrated at {rate:.0f} Hz: room noise {report['noise_mean_g'] * 1000:.1f} mg "
            f"(99.99 %: {report['noise_p9999_g'] * 1000:.1f} mg), rummaging 99.9 % "
            f"{report['rummage_p999_g'] * 1000:.1f} mg, largest {report['rummage_max_g'] * 1000:.1f} mg "
            f"→ threshold {report['threshold_g'] * 1000:.0f} mg. Saved to {out}"
        )
    return EXIT_OK


def record(args: argparse.Namespace) -> int:
    check_writable(args.out)  # before the recording, not after it
    section, sensor, simulated = sensor_from_config(args.config)
    if simulated:
        sim = Simulator(float(section.rate_hz), "room", seed=1)
        trace = sim.session(args.seconds + 1.0)
        sensor.close()
        sensor = TraceSensor(trace.rate_hz, trace.times, trace.acc, loop=False)
        print("no sensor here: recording the simulated twin's table", file=sys.stderr)
    err = Console(stderr=True, highlight=False)
    samples: list[Sample] = []
    try:
        with Progress(TextColumn("recording"), BarColumn(), TimeRemainingColumn(), console=err) as progress:
            task = progress.add_task("recording", total=args.seconds)
            samples = gather(sensor, args.seconds, progress, task)
    except KeyboardInterrupt:
        samples += list(sensor.samples())
    finally:
        sensor.close()
    if not samples:
        raise LogError("no-samples", "the sensor delivered no samples", None)
    t0 = samples[0].t
    level = samples[0].level is not None
    try:
        with open(args.out, "w", newline="", encoding="utf-8") as handle:
            out = csv.writer(handle)
            out.writerow(["t", "level"] if level else ["t", "ax", "ay", "az"])
            for s in samples:
                row = [int(s.level or 0)] if level else [f"{s.ax:.4f}", f"{s.ay:.4f}", f"{s.az:.4f}"]
                out.writerow([f"{s.t - t0:.6f}", *row])
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {args.out}: {exc}", None) from None
    print(f"{len(samples)} samples ({samples[-1].t - t0:.1f} s) written to {args.out}", file=sys.stderr)
    return EXIT_OK
