"""`python -m bench vision` — reading the Tutankhamen path on rendered tables with known truth.

Each frame is a fresh table (its own seed): the 69 tiles of the OTB 2004 box shuffled into
a winding path with King Tut last, the scene's own pawns standing on it, rendered by
``vision.synth.tiles`` at one of three difficulty levels (easy, medium, hard: tilt, light,
colour temperature, shadows, blur, noise, JPEG) and two camera sizes (1280×720 and
2028×1520). Every art family of ``vision.synth.art`` (classic, lineart, parchment, photo
and the held-out family nobody tunes on) gets ``--frames`` frames, its styles taking
turns; each style is read with a catalogue enrolled from its own separate photos
(``write_enrolment_set``, seeds unlike the scenes'), as a user would. The reader's
settings are the same for every family. ``--source photoreal DIR`` reads a Blender set
of bench/photoreal instead (its conditions: the table and the camera's tilt).

Only ``PathReader.read`` is timed, with OpenCV limited to one thread (rendering is not).
Read tiles are matched to the truth by where they lie, so a missed or an extra tile costs
one error, not a shifted path. Measured per family, and in it per level and size:

- per-tile error: (wrong labels + missed + extra tiles) / tiles on the path;
- unreadable: tiles reported unreadable (no label) / tiles — not errors, but questions;
- right offered: of those questions, how many offer the right label among the two
  candidates the page shows (the rest need the full list);
- frames right: every tile read with its right label, in order;
- pawns right: pawns found on their tile / pawns on the path;
- refused: frames the reader refused (a VisionError), all their tiles counted missed;
- ms per frame: median and 95th percentile of the read alone.

Goals (issue 17, per family, the held-out one included): per-tile error ≤ 0.2 %,
unreadable ≤ 3 %, ≥ 70 % of frames completely right, ≤ 150 ms per 1280×720 frame on one
core.
"""

from __future__ import annotations

import platform
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from bench.common import (
    Counts,
    ReadArgs,
    Ticker,
    markdown,
    ms_cell,
    offered_cell,
    peak_mib,
    reading_args,
    reset_peak,
)
from bench.photoreal import dataset
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.path_reader import PathReader
from vision.synth.art import FAMILIES, PAWNS, TILE_LABELS, ArtStyle, family_styles
from vision.synth.tiles import LEVELS, TableScene, write_enrolment_set

SIZES = ((1280, 720), (2028, 1520))
KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
OTB_BOX = [f"{k}-{c}" for k, n in KINDS.items() for c in ("green", "blue", "purple") for _ in range(n)]
OTB_BOX += ["goldbag"] * 3 + ["pharaoh"] * 3


@dataclass
class Tally(Counts):
    tiles: int = 0
    wrong: int = 0
    missed: int = 0
    extra: int = 0
    pawns: int = 0
    pawns_right: int = 0

    @property
    def error(self) -> float:
        return (self.wrong + self.missed + self.extra) / max(1, self.tiles)


def path_labels(seed: int) -> list[str]:
    tiles = OTB_BOX[:]
    random.Random(seed).shuffle(tiles)
    return [*tiles, "kingtut"]


def judge(truth: dict[str, Any], doc: dict[str, Any], tally: Tally) -> dict[int, int]:
    """Score one reading against the truth: tiles matched by position, in path order.
    Returns which true tile each matched read tile is (read index → truth index)."""
    want = truth["tiles"]
    got = doc["tiles"]
    tally.tiles += len(want)
    centres = np.array([t["center"] for t in want], np.float64).reshape(-1, 2)
    pitch = float(np.median(np.linalg.norm(np.diff(centres, axis=0), axis=1))) if len(want) > 1 else 40.0
    taken: set[int] = set()
    matched: dict[int, int] = {}
    last = -1
    for i, tile in enumerate(got):
        if tile["center"] is None or not len(want):
            tally.extra += 1
            continue
        d = np.linalg.norm(centres - np.array(tile["center"]), axis=1)
        j = int(np.argmin(d))
        if d[j] > 0.5 * pitch or j in taken or j <= last:  # off the path, twice, or out of order
            tally.extra += 1
            continue
        taken.add(j)
        matched[i] = j
        last = j
        if tile["label"] is None:
            tally.unreadable += 1
        elif tile["label"] != want[j]["label"]:
            tally.wrong += 1
    tally.missed += len(want) - len(taken)
    for question in doc["unreadable"]:
        i = question["index"]
        if i in matched and got[i]["label"] is None:
            tally.offered += want[matched[i]]["label"] in question.get("candidates", [])
    tally.right += [t["label"] for t in got] == [t["label"] for t in want]
    tally.pawns += len(truth["pawns"])
    found = {(p["label"], p["index"]) for p in doc["pawns"]}
    tally.pawns_right += sum((p["label"], p["index"]) in found for p in truth["pawns"])
    return matched


def catalogue_of(folder: Path, style: ArtStyle) -> Catalogue:
    """A catalogue of one art style, enrolled from its own photos."""
    photos = folder / f"{style.family}-{style.number}"
    write_enrolment_set(photos, [*TILE_LABELS, *PAWNS], style, seed=500 + style.number)
    cat, problems = enroll("tutankhamen", photos)
    if problems:
        raise SystemExit(f"enrolment of {style} had problems: {problems}")
    return cat


def read_one(reader: PathReader, image: np.ndarray, truth: dict[str, Any], where: str) -> Tally:
    """One timed read on one core, judged against the truth."""
    return read_judged(reader, image, truth, where)[0]


def read_judged(
    reader: PathReader, image: np.ndarray, truth: dict[str, Any], where: str
) -> tuple[Tally, dict[str, Any] | None, dict[int, int]]:
    """``read_one``, with the reading's document (None if refused) and which true tile each
    matched read tile is."""
    tally = Tally(frames=1)
    start = time.perf_counter()
    try:
        doc = reader.read(image).to_json()
    except VisionError as exc:
        tally.ms.append(1000 * (time.perf_counter() - start))
        tally.tiles = tally.missed = len(truth["tiles"])
        tally.pawns = len(truth["pawns"])
        tally.refused[exc.code] = 1
        print(f"  refused: {where}: {exc.code}", file=sys.stderr)
        return tally, None, {}
    tally.ms.append(1000 * (time.perf_counter() - start))
    matched = judge(truth, doc, tally)
    if tally.wrong or tally.missed or tally.extra:
        print(
            f"  errors: {where}: {tally.wrong} wrong, {tally.missed} missed, {tally.extra} extra",
            file=sys.stderr,
        )
    return tally, doc, matched


Cell = tuple[str, str, str]  # family, condition, size (or the condition's second part)


def run_synth(args: ReadArgs, tallies: dict[Cell, Tally], peaks: list[float]) -> None:
    """Read ``args.frames`` fresh synthetic tables per family into ``tallies``."""
    cells = [(level, size) for size in SIZES for level in LEVELS]
    threads = cv2.getNumThreads()
    with tempfile.TemporaryDirectory() as tmp:
        tick = Ticker(args.frames * len(args.families))
        done = 0
        for family in args.families:
            styles = family_styles(family)
            print(f"enrolling {family}: {len(styles)} styles from separate photos…", file=sys.stderr)
            cats = {style: catalogue_of(Path(tmp), style) for style in styles}
            for k in range(args.frames):
                level, size = cells[k % len(cells)]
                style = styles[(k // len(cells)) % len(styles)]
                scene_seed = args.seed + k
                cv2.setNumThreads(threads)  # rendering may use every core; only the read is measured
                scene = TableScene(
                    path_labels(scene_seed), seed=scene_seed, level=level, size=size, style=style
                )
                shot = scene.render()
                where = f"{level} {size[0]}×{size[1]} seed {scene_seed} {family} style {style.number}"
                tally = read_timed(PathReader(cats[style]), shot.image, shot.truth, where, peaks)
                tallies.setdefault((family, level, f"{size[0]}×{size[1]}"), Tally()).add(tally)
                done += 1
                tick(done, f"{family} {level}")
    cv2.setNumThreads(threads)


def run_photoreal(args: ReadArgs, tallies: dict[Cell, Tally], peaks: list[float]) -> None:
    """Read every frame of a photoreal set (its families among ``args.families``)."""
    assert args.photoreal is not None
    shots = dataset.frames(args.photoreal, args.families)
    tick = Ticker(max(1, len(shots)))
    cats: dict[str, Catalogue] = {}
    for done, shot in enumerate(shots, 1):
        if shot.family not in cats:
            cat, problems = enroll("tutankhamen", dataset.enrolment_folder(args.photoreal, shot.family))
            if problems:
                print(f"  enrolment of {shot.family}: {problems}", file=sys.stderr)
            cats[shot.family] = cat
        table_kind, tilt = shot.condition()
        where = f"{shot.name} ({shot.family}, {table_kind}, {tilt})"
        tally = read_timed(PathReader(cats[shot.family]), shot.image(), shot.truth, where, peaks)
        tallies.setdefault((shot.family, table_kind, tilt), Tally()).add(tally)
        tick(done, shot.family)


def read_timed(
    reader: PathReader, image: np.ndarray, truth: dict[str, Any], where: str, peaks: list[float]
) -> Tally:
    """``read_one`` on one OpenCV thread, with the peak RSS of the read kept in ``peaks``."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    peaks[1] = max(peaks[1], peak_mib())
    reset_peak()
    tally = read_one(reader, image, truth, where)
    peaks[0] = max(peaks[0], peak_mib())
    cv2.setNumThreads(threads)
    return tally


HEAD = [
    "condition",
    "",
    "frames",
    "tiles",
    "per-tile error",
    "wrong / missed / extra",
    "unreadable",
    "right offered",
    "frames right",
    "pawns right",
    "refused",
    "ms / frame p50 / p95",
]


def row(level: str, size: str, t: Tally) -> list[str]:
    refused = ", ".join(f"{code} {n}" for code, n in sorted(t.refused.items())) or "—"
    return [
        level,
        size,
        str(t.frames),
        str(t.tiles),
        f"{100 * t.error:.3f} %",
        f"{t.wrong} / {t.missed} / {t.extra}",
        f"{100 * t.unreadable / max(1, t.tiles):.2f} %",
        offered_cell(t),
        f"{100 * t.right / max(1, t.frames):.1f} %",
        f"{100 * t.pawns_right / max(1, t.pawns):.1f} %" if t.pawns else "—",
        refused,
        ms_cell(t.ms),
    ]


def family_tables(tallies: dict[Cell, Tally], families: list[str], photoreal: bool) -> Tally:
    """One table per family, a row per condition and the family's total; returns the
    total over all families."""
    overall = Tally()
    for family in families:
        cells = sorted((c for c in tallies if c[0] == family), key=lambda c: (c[2], order(c[1])))
        if not cells:
            continue
        held = " — **held out: reported, never tuned on**" if FAMILIES[family].heldout else ""
        print(f"\n### {family}{held}\n\n{FAMILIES[family].about}\n")
        total = Tally()
        rows = []
        for cell in cells:
            rows.append(row(cell[1], cell[2], tallies[cell]))
            total.add(tallies[cell])
        rows.append(row("**all**", "", total))
        head = ["table" if photoreal else "level", "tilt" if photoreal else "size", *HEAD[2:]]
        print(markdown(head, rows))
        overall.add(total)
    return overall


def order(condition: str) -> int:
    return list(LEVELS).index(condition) if condition in LEVELS else 0


def goals(tallies: dict[Cell, Tally], families: list[str]) -> None:
    """The goals per family (the held-out family first among equals: it is the honest one)."""
    print(
        "\n| family | per-tile error (goal ≤ 0.2 %) | unreadable (≤ 3 %) | frames right (≥ 70 %) "
        "| ms p50 1280×720 (≤ 150) |\n|---|---|---|---|---|"
    )
    for family in families:
        cells = [c for c in tallies if c[0] == family]
        if not cells:
            continue
        t, small = Tally(), Tally()
        for c in cells:
            t.add(tallies[c])
            if c[2] != "2028×1520":
                small.add(tallies[c])
        ms = float(np.median(small.ms)) if small.ms else float("nan")
        print(
            f"| {family} | {100 * t.error:.2f} % | {100 * t.unreadable / max(1, t.tiles):.2f} % "
            f"| {100 * t.right / max(1, t.frames):.1f} % | {ms:.0f} |"
        )


def main(argv: list[str] | None = None) -> None:
    args = reading_args(argv, "vision", __doc__ or "", 40, 10_000, list(FAMILIES))
    start = time.monotonic()
    tallies: dict[Cell, Tally] = {}
    peaks = [0.0, 0.0]  # while reading, whole process
    if args.photoreal is not None:
        run_photoreal(args, tallies, peaks)
        what = f"the photoreal set {args.photoreal}"
    else:
        run_synth(args, tallies, peaks)
        what = f"{args.frames} rendered frames per family of the OTB box (70 tiles)"
    where = f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    print(f"\n## Path reader — {what}\n")
    print(f"{where}, OpenCV {cv2.__version__} on one thread for the reads")
    overall = family_tables(tallies, args.families, args.photoreal is not None)
    print(f"\n### every family\n\n{markdown(HEAD[2:], [row('', '', overall)[2:]])}\n")
    goals(tallies, args.families)
    print(
        f"\npeak RSS while reading {peaks[0]:.0f} MiB (whole process, rendering included: "
        f"{max(peaks[1], peak_mib()):.0f} MiB); {time.monotonic() - start:.0f} s in all"
    )


if __name__ == "__main__":
    main()
