"""What Blender loads for a photoreal set, written from the venv: every face of every art
family as a PNG, the kit's ArUco markers as printed paper, and ``assets/manifest.json``
(the game's faces, the box, pawn colours and the papyri), so render.py needs no Scarab
import and no numpy of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2

from vision.markers import marker_image
from vision.synth.art import FAMILIES, PAWNS, TILE_LABELS, ArtStyle, tile_face
from vision.synth.cards import MUMMY_LABELS, card_face, papyrus_labels, parse_papyrus

GAMES = ("tutankhamen", "ankh")
KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
OTB_BOX = [f"{k}-{c}" for k, n in KINDS.items() for c in ("green", "blue", "purple") for _ in range(n)]
OTB_BOX += ["goldbag"] * 3 + ["pharaoh"] * 3
OTB_FACES = sorted({*OTB_BOX, "kingtut"})
MARKERS = (0, 1, 2, 3, 10, 11, 20, 21, 22, 23, 24, 25)


def faces_of(game: str) -> list[str]:
    """The faces a set of this game prints: OTB 2004's 18 tiles, or Ankh's 38 cards."""
    if game == "tutankhamen":
        return [label for label in TILE_LABELS if label in OTB_FACES]
    return [*MUMMY_LABELS, *papyrus_labels()]


def draw(game: str, label: str, style: ArtStyle) -> Any:
    return tile_face(label, style) if game == "tutankhamen" else card_face(label, style)


def write_assets(out: Path, game: str, families: list[str]) -> dict[str, Any]:
    """Faces (upscaled, for a crisp texture), markers and the manifest under ``out/assets``."""
    root = out / "assets"
    for family in families:
        folder = root / "faces" / family
        folder.mkdir(parents=True, exist_ok=True)
        for label in faces_of(game):
            face = draw(game, label, ArtStyle(0, family))
            big = cv2.resize(face, (face.shape[1] * 4, face.shape[0] * 4), interpolation=cv2.INTER_CUBIC)
            cv2.imwrite(str(folder / f"{label}.png"), big)
    (root / "markers").mkdir(parents=True, exist_ok=True)
    for marker_id in MARKERS:
        cv2.imwrite(str(root / "markers" / f"{marker_id}.png"), marker_image(marker_id, 560))
    manifest = {
        "game": game,
        "families": families,
        "faces": faces_of(game),
        "box": OTB_BOX,
        "pawns": {name: [c / 255 for c in reversed(bgr)] for name, bgr in PAWNS.items()},  # sRGB
        "mummies": list(MUMMY_LABELS),
        "papyri": {label: parse_papyrus(label) for label in papyrus_labels()},
    }
    (root / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def check_families(names: list[str]) -> list[str]:
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise ValueError(f"unknown art families {unknown}: one of {', '.join(FAMILIES)}")
    return names
