"""Guided enrolment at the table: the camera is the photographer.

``scarab vision enroll --game G --guided`` asks for each face in turn on the OLED and the
terminal — "hold the blue Anubis statue up to the camera" — and takes its photo when the
camera sees something new held still in front of it. The photos are enrolled exactly as
a folder of the user's own photos would be (vision/catalogue.py), so nothing about
recognition differs between the two ways.

How a photo is taken: the first frames show what the camera sees with nothing held up
(the baseline). A face is *shown* when a frame differs clearly from the baseline and from
the photo taken before (so holding up the next face, or swapping one for the next, both
work), and it is *held* when ``still`` such frames in a row hardly differ from each other.
A face not shown within ``timeout`` seconds is skipped and named, so a missing tile
never stalls the rest. A photo that does not clearly show one face is refused by
enrolment and named too. The command then writes the contact sheet of the stored faces
beside the catalogue (``<catalogue>-sheet.png``, or ``--sheet``) for the page to show,
with the pairs the reader may mistake for each other marked and listed.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.frames import check_frame

WORDS = {
    "title": {"en": "ENROL {n}/{total}", "de": "ANLERNEN {n}/{total}", "nl": "AANLEREN {n}/{total}"},
    "empty": {
        "en": "Hold nothing up to the camera: looking at the empty view",
        "de": "Nichts vor die Kamera halten: sie sieht sich die leere Ansicht an",
        "nl": "Houd niets voor de camera: ze bekijkt het lege beeld",
    },
    "show": {
        "en": "Hold the {name} up to the camera, still",
        "de": "{name} ruhig vor die Kamera halten",
        "nl": "Houd de {name} stil voor de camera",
    },
    "pawn": {"en": "{colour} pawn", "de": "Figur {colour}", "nl": "{colour} pion"},
}


def say(key: str, lang: str, **values: Any) -> str:
    words = WORDS[key]
    return words.get(lang, words["en"]).format(**values)


@dataclass(frozen=True)
class Ask:
    """What the table is asked now."""

    label: str | None  # None: the baseline, nothing held up
    number: int  # 1-based
    total: int
    text: str


@dataclass
class GuideResult:
    catalogue: Catalogue
    taken: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # not shown in time
    problems: list[str] = field(default_factory=list)  # photos enrolment could not use


class CameraGone(Exception):
    """The camera stopped sending frames."""


class GuidedEnrolment:
    """One guided round over ``labels`` with ``camera``; ``show(ask)`` tells the table."""

    def __init__(
        self,
        camera: Any,
        game: str,
        labels: list[str],
        names: Callable[[str], str],
        lang: str = "en",
        still: int = 4,
        timeout: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        pause: float = 0.05,
    ) -> None:
        self.camera = camera
        self.game = game
        self.labels = labels
        self.names = names
        self.lang = lang
        self.still = still
        self.timeout = timeout
        self.clock = clock
        self.pause = pause
        self.baseline: np.ndarray | None = None
        self.last: np.ndarray | None = None  # the previous photo, small

    def _frame(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The next frame and its small grey-and-colour version; None for one that cannot
        be used (empty, black, ...)."""
        frame = self.camera.read()
        if frame is None:
            raise CameraGone(self.camera.error or "the camera sent no frame")
        try:
            image = check_frame(frame)
        except VisionError:
            return None
        return image, self._small(image)

    @staticmethod
    def differs(a: np.ndarray, b: np.ndarray, level: int = 28, share: float = 0.03) -> bool:
        """Whether two small frames show different things: over ``share`` of the pixels
        changed by more than ``level`` in some channel."""
        return float((np.abs(a - b).max(axis=2) > level).mean()) > share

    def _held(self, deadline: float, new: Callable[[np.ndarray], bool]) -> np.ndarray | None:
        """The first frame of ``still`` still ones that ``new`` accepts; None at the deadline."""
        run: list[tuple[np.ndarray, np.ndarray]] = []
        while self.clock() < deadline:
            got = self._frame()
            if got is None or not new(got[1]):
                run = []
            elif run and self.differs(run[-1][1], got[1], level=18, share=0.02):
                run = [got]  # moving: start again
            else:
                run.append(got)
                if len(run) >= self.still:
                    return run[len(run) // 2][0]
            if self.pause:
                time.sleep(self.pause)
        return None

    def run(self, show: Callable[[Ask], None], folder: Path | None = None) -> GuideResult:
        """Ask for every face in turn, photograph it, and enrol the photos."""
        total = len(self.labels)
        show(Ask(None, 0, total, say("empty", self.lang)))
        relight = getattr(self.camera, "relight", None)
        if relight:  # exposure and colour settle on the table's own view and stay locked, as in play
            relight()
        base = self._held(self.clock() + self.timeout, lambda small: True)
        if base is None:
            raise CameraGone("the camera's view never settled: is it moving, or covered?")
        self.baseline = self._small(base)
        with tempfile.TemporaryDirectory() as tmp:
            where = folder or Path(tmp)
            where.mkdir(parents=True, exist_ok=True)
            taken, skipped = [], []
            for n, label in enumerate(self.labels, start=1):
                show(Ask(label, n, total, say("show", self.lang, name=self.names(label))))
                photo = self._held(self.clock() + self.timeout, self._new)
                if photo is None:
                    skipped.append(label)
                    continue
                self.last = self._small(photo)
                cv2.imwrite(str(where / f"{label}.png"), photo)
                taken.append(label)
            if not taken:
                raise VisionError("no-faces", "no face was shown to the camera in time")
            catalogue, problems = enroll(self.game, where)
        return GuideResult(catalogue, taken, skipped, problems)

    def _small(self, image: np.ndarray) -> np.ndarray:
        return cv2.resize(image, (96, 72), interpolation=cv2.INTER_AREA).astype(np.int16)

    def _new(self, small: np.ndarray) -> bool:
        assert self.baseline is not None
        if not self.differs(small, self.baseline):
            return False
        return self.last is None or self.differs(small, self.last)


# ---------------------------------------------------------------------- the command


def faces_to_ask(game: str, edition: str, pawns: list[str]) -> list[str]:
    """Every face a box of ``game`` (and ``edition``) shows, then the pawns' tops."""
    if game == "ankh":
        from engines.ankh.cards import default_deck

        deck = default_deck()
        return sorted(c for c in deck if not c.startswith("papyrus")) + sorted(
            c for c in deck if c.startswith("papyrus")
        )
    from firmware.commands.enrolment import EDITION_FACES

    return [*EDITION_FACES[edition], *(f"pawn-{colour}" for colour in pawns)]


def face_names(game: str, edition: str | None, lang: str) -> Callable[[str], str]:
    from engines.wording import wording

    words = wording(game)

    def name(label: str) -> str:
        if label.startswith("pawn-"):
            return say("pawn", lang, colour=label.removeprefix("pawn-"))
        return words.name(label, edition, lang)

    return name


def merged(new: Catalogue, path: Path) -> Catalogue:
    """The catalogue at ``path`` (if it is one of this game) with the faces and pawns just
    taken replacing its own: enrolling a few faces again keeps the rest."""
    if not path.exists():
        return new
    try:
        old = Catalogue.load(path, new.game)
    except VisionError:
        return new
    fresh = set(new.labels)
    keep = [(i, face) for i, face in enumerate(old.faces) if face[0] not in fresh]
    new.faces = [face for _, face in keep] + new.faces
    new.sources = [old.sources[i] for i, _ in keep] + new.sources
    new.pawns = {**{k: v for k, v in old.pawns.items() if k not in new.pawns}, **new.pawns}
    if new.deck is None:
        new.deck = old.deck
    return new


def guided_cmd(args: Any) -> int:
    """``scarab vision enroll --game G --guided``: the camera and the OLED of the config."""
    import sys

    from engines.replay import LogError
    from firmware.appliance import screens
    from firmware.appliance.config import load, resolve_driver
    from firmware.appliance.errors import ConfigError
    from firmware.appliance.store import default_catalog
    from firmware.commands.common import EXIT_OK, emit_json
    from firmware.commands.enrolment import (
        check_and_show,
        deck_size,
        declared_deck,
        missing_faces,
        sheet_target,
        show_alike,
        show_deck,
    )
    from hardware.camera import open_camera
    from hardware.oled import open_oled

    try:
        config = load(args.config)
    except ConfigError as exc:
        raise LogError("bad-config", str(exc), None) from None
    lang = config.table.language
    edition = args.edition or config.table.edition
    labels = faces_to_ask(args.game, edition, [c for c in args.pawns.split(",") if c])
    if args.only:
        wanted = [label for label in args.only.split(",") if label]
        unknown = [label for label in wanted if label not in labels]
        if unknown:
            raise LogError("unknown-face", f"no face of {args.game}: {', '.join(unknown)}", None)
        labels = wanted
    out = Path(args.out) if args.out else default_catalog(args.game)
    sheet = sheet_target(args.sheet, out)  # checked before the camera starts
    deck = declared_deck(args.game, args.deck)
    section = config.camera
    camera = open_camera(
        resolve_driver(section.driver, "picamera2", "none"),
        section.device,
        section.folder,
        section.width,
        section.height,
    )
    if camera.error or camera.name == "none":
        why = camera.error or "no camera is configured (camera.driver)"
        raise LogError("no-camera", f"guided enrolment needs the camera: {why}", None)
    o = config.oled
    oled = open_oled(resolve_driver(o.driver, "ssd1306", "dummy"), o.i2c_port, o.i2c_address, o.rotate)

    def show(ask: Ask) -> None:
        title = say("title", lang, n=ask.number, total=ask.total)
        oled.show(screens.enrol(title, ask.text, ask.number - 1, ask.total))
        print(f"{title}: {ask.text}", file=sys.stderr)

    names = face_names(args.game, edition, lang)
    guide = GuidedEnrolment(camera, args.game, labels, names, lang, timeout=args.timeout)
    try:
        result = guide.run(show)
    except CameraGone as exc:
        raise LogError("no-camera", f"the camera stopped: {exc}", None) from None
    finally:
        camera.close()
    result.catalogue.deck = deck
    cat = merged(result.catalogue, out)
    try:
        cat.save(out)
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {out}: {exc}", None) from None
    alike = check_and_show(cat, sheet)
    doc = {
        "catalog": str(out),
        "game": args.game,
        "taken": result.taken,
        "skipped": result.skipped,
        "problems": result.problems,
        "labels": cat.labels,
        "pawns": sorted(cat.pawns),
        "missing": missing_faces(args.game, cat.labels),
        "alike": [pair.to_json() for pair in alike],
        "sheet": str(sheet),
        "deck": deck_size(cat),
    }
    if args.json:
        emit_json(doc)
        return EXIT_OK
    print(f"Photographed {len(result.taken)} of {len(labels)} face(s); saved the catalogue to {out}")
    if result.skipped:
        print(f"  not shown in time (enrol them again with --only): {', '.join(result.skipped)}")
    for problem in result.problems:
        print(f"  could not use {problem} (enrol it again with --only)")
    show_deck(cat)
    show_alike(alike, sheet)
    return EXIT_OK
