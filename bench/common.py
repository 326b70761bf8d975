"""What the reading benchmarks (`bench vision`, `bench cards`) share: their arguments,
the tally of frames read, the progress ticker and the peak-RSS probe."""

from __future__ import annotations

import argparse
import contextlib
import resource
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path


def frames_and_seed(
    argv: list[str] | None, name: str, doc: str, frames: int, seed: int, quick: str
) -> tuple[int, int]:
    """``--frames``, ``--quick`` (30 frames; ``quick`` says what that gives) and
    ``--seed`` of ``python -m bench NAME``, checked: (frames to read, the first seed)."""
    p = argparse.ArgumentParser(prog=f"python -m bench {name}", description=doc.split("\n")[0])
    p.add_argument("--frames", type=int, default=frames, help=f"rendered frames to read (default {frames})")
    p.add_argument("--quick", action="store_true", help=f"30 frames: {quick}")
    p.add_argument("--seed", type=int, default=seed, help=f"the first scene's seed (default {seed})")
    args = p.parse_args(argv)
    count = 30 if args.quick else args.frames
    if count < 1:
        p.error("--frames must be at least 1")
    return count, args.seed


@dataclass
class Counts:
    """Frames read and what came of them; a benchmark adds its own counters (ints) in a
    subclass, and ``add`` sums every one of them."""

    frames: int = 0
    unreadable: int = 0
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
