"""The appliance, measured as a user runs it (each number from a fresh `scarab run`):

- first frame: from process start to the first OLED frame on disk (dummy device);
- peak RSS of `scarab run --demo` over a whole game: the appliance with its simulated
  players (`--camera none`), and the demo as `./dev run` shows it, filmed by the synthetic
  camera and read by the path reader (rendering the frames is the demo's own cost: a real
  camera's frames are only read);
- committed actions per second through the loop: a long game fed over the stdin
  protocol, timed from the first line written to the last acknowledgement — each
  action judged, committed (WAL, synchronous=FULL) and drawn before it is acknowledged.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engines.playout import near, play_random
from firmware.referee import Referee
from firmware.store import Store

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo", "Dirk"]}


def scarab_run(*args: str) -> list[str]:
    return [sys.executable, "-m", "firmware.cli", "run", "--port", "0", *args]


def config(folder: Path, frames: Path | None = None) -> Path:
    file = folder / "bench.toml"
    frames_line = f'frames_dir = "{frames}"\n' if frames else ""
    file.write_text(f'[oled]\ndriver = "dummy"\n{frames_line}')
    return file


def first_frame_seconds(folder: Path) -> float:
    frames = folder / "frames"
    start = time.perf_counter()
    proc = subprocess.Popen(
        scarab_run(
            "--demo", "--delay", "5", "--db", str(folder / "ff.db"), "--config", str(config(folder, frames))
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not (frames / "frame-00001.png").exists():
            if time.perf_counter() - start > 60:
                raise RuntimeError("no frame within 60 s")
            time.sleep(0.002)
        return time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()


def demo_peak_rss_mib(folder: Path, *extra: str) -> tuple[float, float]:
    """(peak RSS in MiB, seconds) of a whole demo game."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        scarab_run(
            "--demo", "--delay", "0", "--db", str(folder / "rss.db"), "--config", str(config(folder)), *extra
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise RuntimeError(f"the demo exited with status {status}")
    return usage.ru_maxrss / 1024, time.perf_counter() - start


def actions_per_second(folder: Path, seed: int) -> tuple[float, int]:
    db = folder / f"loop-{seed}.db"
    header = {**HEADER, "seed": seed}
    Referee.start(Store(db), header)
    actions = play_random(header, random.Random(seed), policy=near).actions
    proc = subprocess.Popen(
        scarab_run("--db", str(db), "--input", "stdin", "--config", str(config(folder))),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdout.readline()  # ready
    start = time.perf_counter()
    proc.stdin.write("".join(json.dumps(a) + "\n" for a in actions))
    proc.stdin.flush()
    for _ in actions:
        answer = json.loads(proc.stdout.readline())
        if "ack" not in answer:
            raise RuntimeError(f"refused: {answer}")
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    proc.wait()
    return len(actions) / elapsed, len(actions)


def _median_max(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), max(values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench appliance", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="repetitions of each measurement (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["XDG_STATE_HOME"] = str(folder / "state")
        frames = [first_frame_seconds(Path(tempfile.mkdtemp(dir=folder))) for _ in range(args.runs)]
        rss = [
            demo_peak_rss_mib(Path(tempfile.mkdtemp(dir=folder)), "--camera", "none")
            for _ in range(args.runs)
        ]
        filmed = [demo_peak_rss_mib(Path(tempfile.mkdtemp(dir=folder))) for _ in range(args.runs)]
        loop = [actions_per_second(folder, seed) for seed in range(args.runs)]
    peaks = [r for r, _ in rss]
    rates = [r for r, _ in loop]
    rows = [
        ("start to first OLED frame, s  (goal ≤ 2)", statistics.median(frames), max(frames), ".2f"),
        ("peak RSS of a whole demo game, MiB  (≤ 150)", statistics.median(peaks), max(peaks), ".1f"),
        ("  the same, the demo filmed and read by the camera", *_median_max([r for r, _ in filmed]), ".1f"),
        ("committed actions/s through the loop  (≥ 200)", statistics.median(rates), min(rates), ".0f"),
    ]
    print("\nAppliance — `scarab run`, each number from a fresh process\n")
    print(f"{'measure':<48} {'median':>10} {'worst':>10}")
    for label, median, worst, fmt in rows:
        print(f"{label:<48} {median:>10{fmt}} {worst:>10{fmt}}")
    print(f"\n({args.runs} runs each; loop games of {', '.join(str(n) for _, n in loop)} actions)")
