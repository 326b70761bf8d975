"""`python -m bench learning` — the path reader at one table, game after game, as a family uses it.

The plain path benchmark (`bench vision`) reads every frame with the catalogue enrolled
from photos alone. At a real table the first reading is shown to the players, they answer
the reader's questions, and the confirmed faces join the catalogue (the camera referee's
``_enrol``): the reader learns the box as this camera and this lamp show it. Here each
"table" is one art style, one camera size and one light level (a room), and ``--games``
fresh paths are laid on it one after the other. After each game's first reading the
unreadable tiles are answered with the truth, as the players would, their faces cut from
the frame by ``PathReader.face_crops`` exactly as the referee cuts them; the next game is
read with what was learned. Nothing else is corrected: a tile read wrongly but surely is
never asked about, so it stays an error in every game — the number that must be zero.

Reported per family and game number: per-tile error, unreadable (the questions the
players answer in that game), frames right; then the goals of issue 17 for the later
games. ``--source photoreal DIR`` plays each family's photoreal frames in name order at
one table (one box, several tables and tilts).
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from bench.common import Ticker, markdown
from bench.photoreal import dataset
from bench.vision import Tally, catalogue_of, path_labels, read_judged, read_one
from vision.catalogue import TABLE_SOURCE, Catalogue, enroll
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import FAMILIES, ArtStyle, family_styles
from vision.synth.tiles import LEVELS, TableScene

SIZES = ((1280, 720), (2028, 1520))
LEARNED = ReaderSettings(learned=True)  # the confirmed faces as a second opinion (off by default)


@dataclass(frozen=True)
class Room:
    """One table: an art style, a camera size and a light level (synthetic source)."""

    style: ArtStyle
    size: tuple[int, int]
    level: str

    def __str__(self) -> str:
        return f"style {self.style.number} {self.size[0]}×{self.size[1]} {self.level}"


def answered(
    reader: PathReader, catalogue: Catalogue, image: np.ndarray, truth: dict, where: str
) -> tuple[Tally, int]:
    """One game's first reading, judged; its questions answered into ``catalogue``. Returns
    the tally and how many faces were learned."""
    tally, doc, matched = read_judged(reader, image, truth, where)
    if doc is None:
        return tally, 0
    # the scenes stand pawns on the path; at a real table's first reading they wait before
    # it, so a face under a pawn is answered but never learned
    covered = {p["index"] for p in truth["pawns"]}
    unsure = [i for i, t in enumerate(doc["tiles"]) if t["label"] is None]
    asked = [i for i in unsure if i in matched and matched[i] not in covered]
    if not asked:
        return tally, 0
    faces = reader.face_crops(image, [doc["tiles"][i]["center"] for i in asked])
    for i, face in zip(asked, faces, strict=True):
        label = truth["tiles"][matched[i]]["label"]
        catalogue.add_face(label, face, f"{TABLE_SOURCE} ({where})")
    return tally, len(asked)


def synth_tables(
    families: list[str], games: int, seed: int, limit: int | None
) -> dict[tuple[str, int], Tally]:
    tallies: dict[tuple[str, int], Tally] = {}
    rooms = {
        family: [
            Room(style, size, level) for style in family_styles(family) for size in SIZES for level in LEVELS
        ][:limit]
        for family in families
    }
    tick = Ticker(sum(len(r) for r in rooms.values()) * games)
    done = 0
    threads = cv2.getNumThreads()
    with tempfile.TemporaryDirectory() as tmp:
        for family in families:
            enrolled: dict[ArtStyle, Catalogue] = {}
            for t, room in enumerate(rooms[family]):
                if room.style not in enrolled:
                    enrolled[room.style] = catalogue_of(Path(tmp), room.style)
                catalogue = copy.deepcopy(enrolled[room.style])  # each table starts from the photos
                for g in range(games):
                    scene_seed = seed + 100 * t + g
                    cv2.setNumThreads(threads)
                    scene = TableScene(
                        path_labels(scene_seed),
                        seed=scene_seed,
                        level=room.level,
                        size=room.size,
                        style=room.style,
                    )
                    shot = scene.render()
                    cv2.setNumThreads(1)
                    where = f"{family} {room} game {g + 1} seed {scene_seed}"
                    reader = PathReader(catalogue, LEARNED)
                    tally, _ = answered(reader, catalogue, shot.image, shot.truth, where)
                    tallies.setdefault((family, g), Tally()).add(tally)
                    plain = read_one(
                        PathReader(enrolled[room.style]), shot.image, shot.truth, f"{where} (photos)"
                    )
                    tallies.setdefault((family, -1 - g), Tally()).add(plain)
                    done += 1
                    tick(done, f"{family} game {g + 1}")
    cv2.setNumThreads(threads)
    return tallies


def photoreal_tables(folder: Path, families: list[str]) -> dict[tuple[str, int], Tally]:
    tallies: dict[tuple[str, int], Tally] = {}
    shots = dataset.frames(folder, families)
    tick = Ticker(max(1, len(shots)))
    cv2.setNumThreads(1)
    played: dict[str, int] = {}
    catalogues: dict[str, Catalogue] = {}
    photos: dict[str, Catalogue] = {}
    for done, shot in enumerate(shots, 1):
        if shot.family not in catalogues:
            cat, problems = enroll("tutankhamen", dataset.enrolment_folder(folder, shot.family))
            if problems:
                print(f"  enrolment of {shot.family}: {problems}", file=sys.stderr)
            catalogues[shot.family] = cat
            photos[shot.family] = copy.deepcopy(cat)
        g = played.get(shot.family, 0)
        played[shot.family] = g + 1
        catalogue = catalogues[shot.family]
        where = f"{shot.name} ({shot.family}, game {g + 1})"
        image = shot.image()
        tally, _ = answered(PathReader(catalogue, LEARNED), catalogue, image, shot.truth, where)
        tallies.setdefault((shot.family, g), Tally()).add(tally)
        plain = read_one(PathReader(photos[shot.family]), image, shot.truth, f"{where} (photos)")
        tallies.setdefault((shot.family, -1 - g), Tally()).add(plain)
        tick(done, shot.family)
    return tallies


def report(tallies: dict[tuple[str, int], Tally], families: list[str], what: str) -> None:
    """Per family and game: the reading with what the table taught so far beside the same
    frames read with the enrolment photos alone (game key ``-1 - g``)."""
    print(f"\n## The path reader learning at the table — {what}\n")
    head = [
        "family",
        "game",
        "frames",
        "per-tile error: learned / photos only",
        "wrong (learned)",
        "unreadable (asked): learned / photos only",
        "frames right: learned / photos only",
    ]
    rows = []
    for family in families:
        games = sorted(g for f, g in tallies if f == family and g >= 0)
        held = " (held out)" if FAMILIES[family].heldout else ""
        for g in games:
            t, p = tallies[(family, g)], tallies[(family, -1 - g)]
            rows.append(
                [
                    f"{family}{held}" if g == games[0] else "",
                    str(g + 1),
                    str(t.frames),
                    f"{100 * t.error:.2f} % / {100 * p.error:.2f} %",
                    f"{t.wrong} / {p.wrong}",
                    f"{_share(t.unreadable, t.tiles)} / {_share(p.unreadable, p.tiles)}",
                    f"{_share(t.right, t.frames, 1)} / {_share(p.right, p.frames, 1)}",
                ]
            )
    print(markdown(head, rows))
    print(
        "\nAfter the first game (games 2 on) — goals: per-tile error ≤ 0.2 %, unreadable ≤ 3 %, "
        "frames right ≥ 70 %\n\n"
        "| family | per-tile error: learned / photos only | unreadable | frames right |\n|---|---|---|---|"
    )
    for family in families:
        later, plain = Tally(), Tally()
        for (f, g), t in tallies.items():
            if f == family and g > 0:
                later.add(t)
                plain.add(tallies[(f, -1 - g)])
        if later.frames:
            print(
                f"| {family} | {100 * later.error:.2f} % / {100 * plain.error:.2f} % "
                f"| {_share(later.unreadable, later.tiles)} / {_share(plain.unreadable, plain.tiles)} "
                f"| {_share(later.right, later.frames, 1)} / {_share(plain.right, plain.frames, 1)} |"
            )


def _share(part: int, whole: int, digits: int = 2) -> str:
    return f"{100 * part / max(1, whole):.{digits}f} %"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench learning", description=(__doc__ or "").split("\n")[0])
    p.add_argument("--games", type=int, default=4, help="games laid one after the other at each table (4)")
    p.add_argument("--tables", type=int, default=None, help="at most this many tables per family (all: 6–12)")
    p.add_argument("--seed", type=int, default=20_000, help="the first scene's seed (20000)")
    p.add_argument("--family", default="all", help=f"one art family ({', '.join(FAMILIES)}) or all")
    p.add_argument(
        "--source", nargs="+", default=["synth"], metavar="KIND [DIR]", help="synth, or photoreal DIR"
    )
    args = p.parse_args(argv)
    if args.games < 2:
        p.error("--games must be at least 2: the first game is where the table teaches the reader")
    if args.family != "all" and args.family not in FAMILIES:
        p.error(f"--family: one of {', '.join(FAMILIES)} or all")
    families = list(FAMILIES) if args.family == "all" else [args.family]
    start = time.monotonic()
    if args.source == ["synth"]:
        tallies = synth_tables(families, args.games, args.seed, args.tables)
        what = f"{args.games} games at each table, rendered"
    elif len(args.source) == 2 and args.source[0] == "photoreal":
        folder = Path(args.source[1])
        if not (folder / "frames").is_dir():
            p.error(f"--source photoreal: {folder} holds no frames/ (render it with bench/photoreal)")
        tallies = photoreal_tables(folder, families)
        what = f"the photoreal set {folder}, each family's frames in turn at one table"
    else:
        p.error("--source: synth, or photoreal DIR")
    report(tallies, families, what)
    print(f"\n{time.monotonic() - start:.0f} s in all")


if __name__ == "__main__":
    main()
