"""``scarab vision markers|enroll|read-path|read-cards`` — the camera's kit and readings.

- ``markers OUT.png|pdf``: the printable A4 sheet of the kit's ArUco markers.
- ``enroll --game G --from DIR [--out CATALOG] [--sheet OUT.png]``: learn each face from
  the user's own photos (``<label>.png`` or ``<label>__<n>.png``) and save the catalogue
  (default: the state directory's ``catalog-<game>.json``), warn of faces too alike for
  the reader and write the contact sheet of what was stored (default: beside the
  catalogue); ``enroll --game G --guided`` has the camera take the photos as the OLED
  asks for each face (firmware/referees/guided_enroll.py).
- ``read-path IMAGE [--catalog CATALOG] [--json] [--overlay OUT.png] [--edition E]``: the
  Tutankhamen path in one frame, tiles in order from marker 10 to marker 11 (DESIGN.md).
- ``read-cards IMAGE [--catalog CATALOG] [--json] [--overlay OUT.png]``: the Ankh rows per
  seat and the top papyrus (DESIGN.md).

Every refusal from ``vision/`` (a VisionError) becomes exit 3 with its code, the way the
rest of the CLI reports rejected input. OpenCV is imported only when a command runs, so
the other subcommands start as fast as before.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.replay import LogError
from firmware.appliance.store import default_catalog
from firmware.commands.common import EXIT_OK, check_writable, emit_json, positive_seconds
from firmware.commands.enrolment import (
    EDITION_FACES,
    check_and_show,
    check_suffix,
    deck_size,
    declared_deck,
    missing_faces,
    sheet_target,
    show_alike,
    show_deck,
)
from vision.errors import VisionError

if TYPE_CHECKING:
    import numpy as np

    from vision.catalogue import Catalogue

GAMES = ("tutankhamen", "ankh")
SHEET_SUFFIXES = (".png", ".pdf")
OVERLAY_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("vision", help="the camera: marker sheet, enrolment of faces, reading the path")
    cmds = p.add_subparsers(dest="vision_command", required=True, metavar="VISION_COMMAND")

    m = cmds.add_parser("markers", help="write the printable sheet of ArUco markers (PNG or PDF)")
    m.add_argument("out", metavar="OUT.png|pdf", help="where to write the A4 sheet")
    m.set_defaults(handler=refusing(markers))

    e = cmds.add_parser("enroll", help="learn the faces from one photo each and save the catalogue")
    e.add_argument("--game", choices=GAMES, required=True)
    source = e.add_mutually_exclusive_group(required=True)
    source.add_argument("--from", dest="folder", metavar="DIR", help="<label>.png photos, one face each")
    source.add_argument(
        "--guided",
        action="store_true",
        help="the camera photographs each face as the OLED and the terminal ask for it",
    )
    e.add_argument(
        "--out", metavar="CATALOG", help="where to save it (default: catalog-<game>.json in the state dir)"
    )
    e.add_argument(
        "--sheet",
        metavar="OUT.png",
        help="where to write the contact sheet of the stored faces (default: beside the catalogue)",
    )
    e.add_argument(
        "--deck",
        metavar="DECK.json",
        help="Ankh: the box these cards came from, as a game log's deck; games here then count its cards",
    )
    e.add_argument("--json", action="store_true", help="print the result as one JSON document")
    guided = e.add_argument_group("guided enrolment (--guided)")
    guided.add_argument("--config", help="config file: the camera and the OLED (default as `scarab run`)")
    guided.add_argument("--edition", choices=sorted(EDITION_FACES), help="Tutankhamen: the box's edition")
    guided.add_argument(
        "--pawns",
        default="red,yellow,green,blue",
        help="Tutankhamen: the pawn colours to ask for (comma list)",
    )
    guided.add_argument("--only", metavar="LABEL,...", help="ask only for these faces (the rest are kept)")
    guided.add_argument(
        "--timeout", type=positive_seconds, default=60.0, help="seconds to wait for each face (60)"
    )
    e.set_defaults(handler=refusing(enroll_cmd))

    r = cmds.add_parser("read-path", help="read the Tutankhamen path in a photo of the table")
    r.add_argument("image", metavar="IMAGE", help="a frame from the camera above the table (PNG or JPEG)")
    r.add_argument("--catalog", metavar="CATALOG", help="enrolled faces (default: the state dir's catalogue)")
    r.add_argument("--json", action="store_true", help="print one JSON document")
    r.add_argument("--overlay", metavar="OUT.png", help="also draw what was read over the image")
    r.add_argument(
        "--edition",
        choices=sorted(EDITION_FACES),
        help="the box's edition: no reading holds more of a tile than it (default: told by the faces)",
    )
    r.set_defaults(handler=refusing(read_path))

    c = cmds.add_parser("read-cards", help="read the Ankh rows and the top papyrus in a photo of the table")
    c.add_argument("image", metavar="IMAGE", help="a frame from the camera above the table (PNG or JPEG)")
    c.add_argument("--catalog", metavar="CATALOG", help="enrolled cards (default: the state dir's catalogue)")
    c.add_argument("--json", action="store_true", help="print one JSON document")
    c.add_argument("--overlay", metavar="OUT.png", help="also draw what was read over the image")
    c.set_defaults(handler=refusing(read_cards))


def refusing(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """The handler, with the vision library's refusals turned into the CLI's rejected input."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except VisionError as exc:
            raise LogError(exc.code, exc.message, None) from None

    return run


# ---------------------------------------------------------------------- markers


def markers(args: argparse.Namespace) -> int:
    from vision.markers import KIT, MARKER_MM, write_sheet

    out = check_suffix(args.out, SHEET_SUFFIXES, "the marker sheet")
    try:
        write_sheet(out)
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {out}: {exc}", None) from None
    ids = ", ".join(str(i) for i in KIT)
    print(f"Wrote the marker sheet (ids {ids}) to {out}.")
    print(f"Print it at 100 % — each black square must measure {MARKER_MM:.0f} mm — and cut the markers out.")
    return EXIT_OK


# ---------------------------------------------------------------------- enrolment


class Steps:
    """Enrolment progress on stderr: a bar on a terminal, else a line about every 10 %."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.task: Any = None
        self.shown = -1

    def __enter__(self) -> Steps:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.bar = Progress(
                TextColumn("enrolling"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.description}"),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.__enter__()
        return self

    def __call__(self, done: int, total: int, name: str) -> None:
        if self.bar is not None:
            if self.task is None:
                self.task = self.bar.add_task(name, total=total)
            self.bar.update(self.task, completed=done, description=name)
            return
        tenth = done * 10 // total
        if tenth > self.shown or done == total:
            self.shown = tenth
            print(f"enrolling: {done}/{total} ({100 * done // total} %) {name}", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def enroll_cmd(args: argparse.Namespace) -> int:
    from vision.catalogue import enroll

    if args.guided:
        from firmware.referees.guided_enroll import guided_cmd

        return guided_cmd(args)
    folder = Path(args.folder)
    out = check_writable(args.out or default_catalog(args.game), make_parents=True)  # before enrolling
    sheet = sheet_target(args.sheet, out)
    deck = declared_deck(args.game, args.deck)
    with Steps() as steps:
        cat, problems = enroll(args.game, folder, steps)
    cat.deck = deck
    try:
        cat.save(out)
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {out}: {exc}", None) from None
    alike = check_and_show(cat, sheet)
    missing = missing_faces(args.game, cat.labels)
    doc = {
        "catalog": str(out),
        "game": args.game,
        "faces": len(cat.faces),
        "labels": cat.labels,
        "pawns": sorted(cat.pawns),
        "problems": problems,
        "missing": missing,
        "alike": [pair.to_json() for pair in alike],
        "sheet": str(sheet),
        "deck": deck_size(cat),
    }
    if args.json:
        emit_json(doc)
        return EXIT_OK
    for problem in problems:
        print(f"skipped {problem}", file=sys.stderr)
    print(
        f"Enrolled {len(cat.faces)} face photo(s) of {len(cat.labels)} distinct face(s) and "
        f"{len(cat.pawns)} pawn colour(s) from {folder}; {len(problems)} photo(s) skipped."
    )
    print(f"Saved the catalogue to {out}")
    show_deck(cat)
    show_alike(alike, sheet)
    for edition, faces in missing.items():
        if faces:
            print(f"  not enrolled yet for {edition}: {', '.join(faces)}")
    if not cat.pawns and args.game == "tutankhamen":
        print("  no pawn colours enrolled (pawn-<colour>.png): pawns will not be found")
    return EXIT_OK


# ---------------------------------------------------------------------- reading the path


def read_path(args: argparse.Namespace) -> int:
    from vision.catalogue import Catalogue, read_image
    from vision.path_reader import PathReader, ReaderSettings

    overlay = check_suffix(args.overlay, OVERLAY_SUFFIXES, "the overlay") if args.overlay else None
    cat = Catalogue.load(
        Path(args.catalog) if args.catalog else default_catalog("tutankhamen"), "tutankhamen"
    )
    image = read_image(Path(args.image))
    try:
        doc = PathReader(cat, ReaderSettings(edition=args.edition)).read(image).to_json()
    except VisionError as exc:
        if overlay is not None:  # show what stopped the reading, on the frame itself
            write_overlay(overlay, draw_overlay(image, None, cat, f"{exc.code}: {exc.message}"))
        raise
    if overlay is not None:
        write_overlay(overlay, draw_overlay(image, doc, cat))
    if args.json:
        emit_json(doc)
    else:
        show_reading(args.image, doc)
    return EXIT_OK


def show_reading(name: str, doc: dict[str, Any]) -> None:
    tiles, pawns, unreadable = doc["tiles"], doc["pawns"], doc["unreadable"]
    read = sum(t["label"] is not None for t in tiles)
    ends = "to marker 11" if doc["complete"] else "— the path could not be followed to marker 11"
    print(f"{name}: {len(tiles)} tiles from marker 10 {ends}; {read} read, {len(tiles) - read} unreadable")
    why = {u["index"]: u["reason"] for u in unreadable}
    for i, tile in enumerate(tiles):
        label = tile["label"] or "?"
        note = f"  unreadable: {why[i]}" if tile["label"] is None and i in why else ""
        print(f"  {i:3d}  {label:<14} {tile['confidence']:.2f}{note}")
    if pawns:
        print("pawns:")
        for pawn in pawns:
            where = f"on tile {pawn['index']}" if pawn["index"] is not None else "off the path"
            print(f"  {pawn['label']:<12} {where} (confidence {pawn['confidence']:.2f})")
    else:
        print("pawns: none seen")
    beyond = [u for u in unreadable if u["index"] >= len(tiles)]
    for u in beyond:
        print(f"unreadable: {u['reason']}")


# ---------------------------------------------------------------------- the overlay


def pawn_bgr(cat: Catalogue, label: str) -> tuple[int, int, int]:
    """A pawn's enrolled colour (stored as Lab) for drawing."""
    import cv2
    import numpy as np

    lab = cat.pawns.get(label)
    if lab is None:
        return (255, 0, 255)
    bgr = cv2.cvtColor(np.array([[lab]], np.uint8), cv2.COLOR_LAB2BGR)[0, 0]
    return (int(bgr[0]), int(bgr[1]), int(bgr[2]))


def draw_overlay(
    image: np.ndarray, doc: dict[str, Any] | None, cat: Catalogue, error: str | None = None
) -> np.ndarray:
    """What was read, drawn over the frame: the path in order, each tile's index and
    label (a red X and "?" where unreadable), pawns as rings; or why nothing was read."""
    import cv2
    import numpy as np

    out = image.copy()
    w = out.shape[1]
    white, red, green = (255, 255, 255), (0, 0, 255), (200, 255, 200)
    text = functools.partial(overlay_text, out)
    banner = max(0.5, w / 1800)
    if doc is None:
        return refusal(out, error)
    tiles = doc["tiles"]
    centres = np.array([t["center"] for t in tiles], np.float64).reshape(-1, 2)
    steps = np.linalg.norm(np.diff(centres, axis=0), axis=1)
    pitch = float(np.median(steps)) if len(steps) else w / 25
    scale, line, r = pitch / 150, pitch * 0.27, int(pitch * 0.3)
    cv2.polylines(out, [np.round(centres).astype(np.int32)], False, (0, 220, 255), max(1, round(pitch / 25)))
    rings = [(pawn, pawn_bgr(cat, pawn["label"])) for pawn in doc["pawns"]]
    for pawn, colour in rings:  # under the labels, so a pawn does not hide what its tile was read as
        centre = (int(pawn["center"][0]), int(pawn["center"][1]))
        cv2.circle(out, centre, r + 2, (0, 0, 0), max(3, round(pitch / 12)) + 2, cv2.LINE_AA)
        cv2.circle(out, centre, r + 2, colour, max(3, round(pitch / 12)), cv2.LINE_AA)
    for i, (tile, (x, y)) in enumerate(zip(tiles, centres, strict=True)):
        text(str(i), x, y - line, scale, white)
        if tile["label"] is None:
            for sx in (-1, 1):
                ends = (int(x - r), int(y - sx * r)), (int(x + r), int(y + sx * r))
                cv2.line(out, *ends, red, max(2, round(pitch / 14)), cv2.LINE_AA)
            text("?", x, y + line * 0.6, scale * 2, red)
            continue
        kind, _, colour = tile["label"].partition("-")
        text(kind, x, y, scale, green)
        if colour:
            text(colour, x, y + line, scale, green)
    for pawn, colour in rings:
        text(
            pawn["label"].removeprefix("pawn-"),
            pawn["center"][0],
            pawn["center"][1] + r + line,
            scale,
            colour,
        )
    read = sum(t["label"] is not None for t in tiles)
    state = "complete" if doc["complete"] else "NOT complete"
    summary = (
        f"{len(tiles)} tiles, {read} read, {len(tiles) - read} unreadable, {len(rings)} pawn(s), {state}"
    )
    text(summary, 12, 12 + 32 * banner, banner, white, centred=False)
    return out


def overlay_text(
    out: np.ndarray,
    s: str,
    x: float,
    y: float,
    scale: float,
    colour: tuple[int, int, int],
    centred: bool = True,
) -> None:
    """Text drawn on ``out`` outlined in black, centred on (x, y) or starting there."""
    import cv2

    font = cv2.FONT_HERSHEY_SIMPLEX
    thick = max(1, round(scale * 2.2))
    (tw, th), _ = cv2.getTextSize(s, font, scale, thick)
    org = (int(x - tw / 2), int(y + th / 2)) if centred else (int(x), int(y))
    cv2.putText(out, s, org, font, scale, (0, 0, 0), thick + 2, cv2.LINE_AA)
    cv2.putText(out, s, org, font, scale, colour, thick, cv2.LINE_AA)


def refusal(out: np.ndarray, error: str | None) -> np.ndarray:
    """Why nothing was read, written across the top of the frame."""
    import textwrap

    w = out.shape[1]
    banner = max(0.5, w / 1800)
    for k, row in enumerate(textwrap.wrap(f"not read - {error}", int(w / (22 * banner)))):
        overlay_text(out, row, 12, (k + 1) * 32 * banner + 12, banner, (60, 60, 255), centred=False)
    return out


# ---------------------------------------------------------------------- reading the cards


def read_cards(args: argparse.Namespace) -> int:
    from vision.card_reader import CardReader
    from vision.catalogue import Catalogue, read_image

    overlay = check_suffix(args.overlay, OVERLAY_SUFFIXES, "the overlay") if args.overlay else None
    cat = Catalogue.load(Path(args.catalog) if args.catalog else default_catalog("ankh"), "ankh")
    image = read_image(Path(args.image))
    try:
        doc = CardReader(cat).read(image).to_json()
    except VisionError as exc:
        if overlay is not None:
            write_overlay(overlay, refusal(image.copy(), f"{exc.code}: {exc.message}"))
        raise
    if overlay is not None:
        write_overlay(overlay, draw_cards(image, doc))
    if args.json:
        emit_json(doc)
        return EXIT_OK
    pap = doc["papyrus"]
    if pap is None:
        print(f"{args.image}: no papyrus read")
    else:
        print(
            f"{args.image}: papyrus {' > '.join(pap['rank'])}, threshold {pap['threshold']}"
            f" (confidence {pap['confidence']:.2f})"
        )
    for seat, cards in doc["rows"].items():
        labels = ", ".join(c["label"] or "?" for c in cards) or "no cards"
        print(f"  seat {seat}: {labels}")
    for u in doc["unreadable"]:
        where = f"seat {u['seat']} card {u['index']}" if u["seat"] is not None else "table"
        print(f"unreadable ({where}): {u['reason']}")
    return EXIT_OK


def draw_cards(image: np.ndarray, doc: dict[str, Any]) -> np.ndarray:
    """What was read, drawn over the frame: each card's label at its centre (a red "?"
    where unreadable), the seat above its row's first card, the papyrus, a summary."""
    out = image.copy()
    scale = max(0.35, out.shape[1] / 3200)
    for seat, cards in doc["rows"].items():
        for i, card in enumerate(cards):
            x, y = card["center"]
            if i == 0:
                overlay_text(out, f"seat {seat}", x, y - 40 * scale * 2, scale, (255, 255, 255))
            if card["label"] is None:
                overlay_text(out, "?", x, y, scale * 2, (0, 0, 255))
            else:
                colour, _, value = card["label"].partition("-")
                overlay_text(out, colour[0].upper() + value, x, y, scale * 1.4, (200, 255, 200))
    pap = doc["papyrus"]
    if pap is not None:
        x, y = pap["center"]
        overlay_text(
            out,
            ">".join(c[0].upper() for c in pap["rank"]) + f" {pap['threshold']}",
            x,
            y,
            scale * 1.4,
            (0, 220, 255),
        )
    cards = [c for row in doc["rows"].values() for c in row]
    read = sum(c["label"] is not None for c in cards)
    summary = (
        f"{len(doc['rows'])} seats, {len(cards)} cards, {read} read, papyrus {'read' if pap else 'NOT read'}"
    )
    overlay_text(
        out,
        summary,
        12,
        12 + 32 * max(0.5, out.shape[1] / 1800),
        max(0.5, out.shape[1] / 1800),
        (255, 255, 255),
        centred=False,
    )
    return out


def write_overlay(path: Path, image: np.ndarray) -> None:
    import cv2

    try:
        ok = cv2.imwrite(str(path), image)
    except cv2.error as exc:
        raise LogError("unwritable", f"cannot write {path}: {exc}", None) from None
    if not ok:
        raise LogError("unwritable", f"cannot write {path}", None)
