"""`python -m bench cards` — reading the Ankh cards on rendered tables with known truth.

Each frame is a fresh table (its own seed): 2–5 seats, each row 0–8 mummy cards touching
or overlapping, a papyrus pile of 1–4 with the older ones peeking out, rendered by
``vision.synth_cards`` at the three difficulty levels of the path benchmark (tilt, light,
colour temperature, shadows, blur, noise, JPEG) at 1280×720. Three art styles take turns;
each is read with a catalogue enrolled from its own separate photos.

Only ``CardReader.read`` is timed, with OpenCV on one thread. Measured per level:

- per-card error: (wrong labels + missed + extra cards, a wrong papyrus counting one)
  / (cards + papyri); a row read with the wrong number of cards counts its longer length;
- unreadable: cards (and papyri) reported unreadable — questions, not errors;
- frames right: every row and the papyrus read exactly;
- ms per frame: median and 95th percentile of the read alone.

Goals (the Ankh camera issue): per-card error ≤ 0.2 %, ≤ 100 ms per 1280×720 frame.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from bench.common import Counts, Ticker, frames_and_seed, peak_mib, reset_peak
from vision.card_reader import CardReader, CardReading
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.synth import LEVELS
from vision.synth_art import ArtStyle
from vision.synth_cards import CardScene, write_card_enrolment_set

STYLES = (0, 7, 12)
GOAL_ERROR, GOAL_MS = 0.002, 100.0


@dataclass
class Tally(Counts):
    cards: int = 0
    errors: int = 0


def judge(truth: dict[str, Any], reading: CardReading, tally: Tally) -> None:
    got = {str(seat): labels for seat, labels in reading.labels().items()}
    errors = unreadable = 0
    for seat, want in truth["rows"].items():
        have = got.get(seat, [])
        tally.cards += len(want)
        if len(have) != len(want):
            errors += max(len(have), len(want))
            continue
        for a, b in zip(have, want, strict=True):
            unreadable += a is None
            errors += a is not None and a != b
    tally.cards += 1
    pap = reading.papyrus
    if pap is None:
        unreadable += truth["papyrus"] is not None
    elif {"rank": pap["rank"], "threshold": pap["threshold"]} != truth["papyrus"]:
        errors += 1
    tally.errors += errors
    tally.unreadable += unreadable
    tally.right += errors == 0 and unreadable == 0


def catalogues(folder: Path) -> dict[int, Catalogue]:
    out = {}
    for style in STYLES:
        photos = folder / f"style-{style}"
        write_card_enrolment_set(photos, None, ArtStyle(style), seed=700 + style)
        cat, problems = enroll("ankh", photos)
        if problems:
            raise SystemExit(f"enrolment of style {style} had problems: {problems}")
        out[style] = cat
    return out


def run(frames: int, seed: int) -> tuple[dict[str, Tally], float]:
    tallies = {level: Tally() for level in LEVELS}
    threads = cv2.getNumThreads()
    peak = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"enrolling {len(STYLES)} art styles from separate photos…", file=sys.stderr)
        cats = catalogues(Path(tmp))
        tick = Ticker(frames)
        for k in range(frames):
            level = list(LEVELS)[k % len(LEVELS)]
            style = STYLES[(k // len(LEVELS)) % len(STYLES)]
            scene_seed = seed + k
            cv2.setNumThreads(threads)
            scene = CardScene(seats=2 + k % 4, seed=scene_seed, level=level, style=ArtStyle(style))
            shot = scene.render()
            reader = CardReader(cats[style])
            cv2.setNumThreads(1)
            reset_peak()
            tally = Tally(frames=1)
            start = time.perf_counter()
            try:
                reading = reader.read(shot.image)
            except VisionError as exc:
                tally.ms.append(1000 * (time.perf_counter() - start))
                tally.refused[exc.code] = 1
                tally.cards = tally.errors = sum(len(r) for r in shot.truth["rows"].values()) + 1
                print(f"  refused: {level} seed {scene_seed} style {style}: {exc.code}", file=sys.stderr)
            else:
                tally.ms.append(1000 * (time.perf_counter() - start))
                judge(shot.truth, reading, tally)
                if tally.errors:
                    print(
                        f"  errors: {level} seed {scene_seed} style {style}: {tally.errors}", file=sys.stderr
                    )
            peak = max(peak, peak_mib())
            tallies[level].add(tally)
            tick(k + 1, level)
    cv2.setNumThreads(threads)
    return tallies, peak


HEAD = ["level", "frames", "cards", "per-card error", "unreadable", "frames right", "refused", "ms p50 / p95"]


def row(level: str, t: Tally) -> list[str]:
    ms = np.array(t.ms) if t.ms else np.array([np.nan])
    refused = ", ".join(f"{code} {n}" for code, n in sorted(t.refused.items())) or "—"
    return [
        level,
        str(t.frames),
        str(t.cards),
        f"{100 * t.errors / max(1, t.cards):.2f} %",
        f"{100 * t.unreadable / max(1, t.cards):.2f} %",
        f"{100 * t.right / max(1, t.frames):.1f} %",
        refused,
        f"{np.median(ms):.0f} / {np.percentile(ms, 95):.0f}",
    ]


def main(argv: list[str] | None = None) -> None:
    frames, seed = frames_and_seed(argv, "cards", __doc__ or "", 210, 20_000, "a first look")
    start = time.monotonic()
    tallies, peak = run(frames, seed)
    where = f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    print(f"\n## Card reader — {frames} rendered Ankh tables at 1280×720, art styles {STYLES}\n")
    print(f"{where}, OpenCV {cv2.__version__} on one thread for the reads\n")
    total = Tally()
    rows = []
    for level, t in tallies.items():
        rows.append(row(level, t))
        total.add(t)
    rows.append(row("**all**", total))
    print("| " + " | ".join(HEAD) + " |\n|" + "---|" * len(HEAD))
    print("\n".join("| " + " | ".join(r) + " |" for r in rows))
    error = total.errors / max(1, total.cards)
    ms = float(np.median(total.ms)) if total.ms else float("nan")
    print("\n| goal | measured | met |\n|---|---|---|")
    for goal, ok, value in (
        ("per-card error ≤ 0.2 %", error <= GOAL_ERROR, f"{100 * error:.2f} %"),
        ("≤ 100 ms per 1280×720 frame, one core (median)", ms <= GOAL_MS, f"{ms:.0f} ms"),
    ):
        print(f"| {goal} | {value} | {'yes' if ok else '**no**'} |")
    print(f"\npeak RSS while reading {peak:.0f} MiB; {time.monotonic() - start:.0f} s in all")


if __name__ == "__main__":
    main()
