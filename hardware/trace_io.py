"""Trace files of the motion sensor: parsing ``t,ax,ay,az`` / ``t,level`` CSV and checking
the sample rate. Shared by the detector, the simulator and the CLI, and importing none of
them, so those never import each other in a circle."""

from __future__ import annotations

import csv
import math

import numpy as np


class TraceError(ValueError):
    """A trace file that cannot be used; ``code`` is stable, ``message`` says why."""

    def __init__(self, code: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.line = code, message, line


ACCEL_COLUMNS = ("t", "ax", "ay", "az")
LEVEL_COLUMNS = ("t", "level")


def parse_trace(text: str) -> tuple[str, np.ndarray, np.ndarray]:
    """A trace CSV's kind (``accel`` or ``level``), times and values (n × 3 g, or n
    levels). Columns are found by name in the header; others are ignored."""
    rows = csv.reader(text.splitlines())
    header: list[str] | None = None
    first = 0
    for number, row in enumerate(rows, start=1):
        if row and any(cell.strip() for cell in row):
            header, first = [cell.strip().lower() for cell in row], number
            break
    if header is None:
        raise TraceError("empty-trace", "the trace is empty: expected a header t,ax,ay,az or t,level")
    wanted: tuple[str, ...]
    if all(c in header for c in ACCEL_COLUMNS):
        kind, wanted = "accel", ACCEL_COLUMNS
    elif all(c in header for c in LEVEL_COLUMNS):
        kind, wanted = "level", LEVEL_COLUMNS
    else:
        missing = [c for c in ACCEL_COLUMNS if c not in header]
        raise TraceError(
            "missing-columns",
            f"the header needs the columns t,ax,ay,az (or t,level); missing: {', '.join(missing)}",
            first,
        )
    index = [header.index(c) for c in wanted]
    width = len(header)
    values: list[list[float]] = []
    for line, row in enumerate(rows, start=first + 1):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) != width:
            raise TraceError("bad-row", f"line {line} has {len(row)} fields; the header has {width}", line)
        try:
            numbers = [float(row[k]) for k in index]
        except ValueError:
            bad = next(row[k] for k in index if not _is_number(row[k]))
            raise TraceError("not-a-number", f"line {line}: {bad.strip()!r} is not a number", line) from None
        if not all(math.isfinite(v) for v in numbers):
            raise TraceError("not-a-number", f"line {line}: values must be finite numbers", line)
        values.append(numbers)
    if not values:
        raise TraceError("empty-trace", "the trace has a header but no samples")
    data = np.asarray(values)
    return kind, data[:, 0], data[:, 1:] if kind == "accel" else data[:, 1]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def read_levels(t: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Levels as 0/1; anything but 0 and 1 is refused."""
    bad = np.flatnonzero((levels != 0) & (levels != 1))
    if len(bad):
        raise TraceError("bad-level", f"level must be 0 or 1, not {levels[bad[0]]:g} (t={t[bad[0]]:g})")
    return levels.astype(int)


def steady_rate(t: np.ndarray) -> float:
    """The sample rate of a trace's time column; a TraceError unless it is steady (every
    step within 10 % of the median, increasing)."""
    if len(t) < 3:
        raise TraceError("too-short", f"a trace needs at least 3 samples, not {len(t)}")
    steps = np.diff(t)
    step = float(np.median(steps))
    if not step > 0:
        raise TraceError("time-not-increasing", "the t column must increase from one sample to the next")
    bad = np.flatnonzero(np.abs(steps - step) > 0.1 * step)
    if len(bad):
        raise TraceError(
            "uneven-samples",
            f"the sample rate is not steady: step {steps[bad[0]]:.6f} s after t={t[bad[0]]:.6f} "
            f"(the median step is {step:.6f} s)",
        )
    return 1.0 / step
