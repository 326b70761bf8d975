"""What the reading benchmarks (`bench vision`, `bench cards`) share: their arguments
(frames per art family, the families, the source of frames), the tally of frames read,
the progress ticker, the percentiles and the peak-RSS probe."""

from __future__ import annotations

import argparse
import contextlib
import resource
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np


@dataclass
class ReadArgs:
    """What one run of a reading benchmark reads."""

    frames: int  # rendered frames per art family (synthetic source)
    seed: int
    families: list[str]  # art families, in report order
    photoreal: Path | None  # a pre-rendered photoreal set instead of synthetic frames


def reading_args(
    argv: list[str] | None, name: str, doc: str, frames: int, seed: int, families: list[str]
) -> ReadArgs:
    """``--frames`` (per family), ``--quick`` (6 per family), ``--seed``, ``--family
    NAME|all`` and ``--source synth|photoreal DIR`` of ``python -m bench NAME``, checked."""
    p = argparse.ArgumentParser(prog=f"python -m bench {name}", description=doc.split("\n")[0])
    p.add_argument("--frames", type=int, default=frames, help=f"frames per art family (default {frames})")
    p.add_argument("--quick", action="store_true", help="6 frames per family: a first look")
    p.add_argument("--seed", type=int, default=seed, help=f"the first scene's seed (default {seed})")
    p.add_argument(
        "--family", default="all", help=f"one art family ({', '.join(families)}) or all (the default)"
    )
    p.add_argument(
        "--source",
        nargs="+",
        default=["synth"],
        metavar="KIND [DIR]",
        help="synth (rendered now, the default) or photoreal DIR (a set from bench/photoreal)",
    )
    args = p.parse_args(argv)
    count = 6 if args.quick else args.frames
    if count < 1:
        p.error("--frames must be at least 1")
    if args.family != "all" and args.family not in families:
        p.error(f"--family: one of {', '.join(families)} or all")
    chosen = list(families) if args.family == "all" else [args.family]
    photoreal = None
    if args.source == ["synth"]:
        pass
    elif len(args.source) == 2 and args.source[0] == "photoreal":
        photoreal = Path(args.source[1])
        if not (photoreal / "frames").is_dir():
            p.error(f"--source photoreal: {photoreal} holds no frames/ (render it with bench/photoreal)")
    else:
        p.error("--source: synth, or photoreal DIR")
    return ReadArgs(count, args.seed, chosen, photoreal)


def ms_cell(ms: list[float]) -> str:
    """Median and 95th percentile of a read's milliseconds, "p50 / p95"."""
    if not ms:
        return "—"
    return f"{np.median(ms):.0f} / {np.percentile(ms, 95):.0f}"


def markdown(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


@dataclass
class Counts:
    """Frames read and what came of them; a benchmark adds its own counters (ints) in a
    subclass, and ``add`` sums every one of them."""

    frames: int = 0
    unreadable: int = 0
    offered: int = 0  # unreadable items whose question offers the right label among its two
    right: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    ms: list[float] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        for f in fields(self):
            if f.name not in ("refused", "ms"):
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        for code, n in other.refused.items():
            self.refused[code] = self.refused.get(code, 0) + n
        self.ms += other.ms


def offered_cell(t: Counts) -> str:
    """How many of the questions a table would be asked offer the right label to tap."""
    return f"{100 * t.offered / t.unreadable:.1f} %" if t.unreadable else "—"


class Ticker:
    """Progress on stderr: the frame count about every 5 % (it is a log, not a bar)."""

    def __init__(self, total: int) -> None:
        self.total, self.step, self.start = total, max(1, total // 20), time.monotonic()

    def __call__(self, done: int, what: str) -> None:
        if done % self.step == 0 or done == self.total:
            spent = time.monotonic() - self.start
            left = spent / done * (self.total - done)
            print(
                f"  {done}/{self.total} frames ({what}), {spent:.0f} s, about {left:.0f} s left",
                file=sys.stderr,
            )


def reset_peak() -> None:
    """Start the kernel's peak-RSS mark afresh (Linux), so the reads' own peak shows."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def peak_mib() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
