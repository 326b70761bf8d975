"""One rendered table read with a reader setting off and on: what each look's test compares
(how many tiles come out wrong, how many are asked about)."""

from __future__ import annotations

from typing import Any

from vision.card_reader import CardReader, CardSettings
from vision.catalogue import Catalogue
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import ArtStyle
from vision.synth.tiles import TableScene

SETS = [f"{k}-{c}" for k in ("scarab", "cat", "horus", "anubis", "mask") for c in ("green", "blue", "purple")]


def every_set_table(style: ArtStyle, seed: int, level: str) -> Any:
    """A path of every set (the cats and on twice) and the OTB specials, rendered."""
    labels = [*SETS, *SETS[3:], "goldbag", "pharaoh", "kingtut"]
    return TableScene(labels, seed=seed, level=level, style=style).render()


def wrong_and_asked(catalogue: Catalogue, shot: Any, settings: ReaderSettings) -> tuple[int, int]:
    """Tiles read wrongly and tiles asked about, reading ``shot`` with ``settings``."""
    truth = [t["label"] for t in shot.truth["tiles"]]
    got = [t["label"] for t in PathReader(catalogue, settings).read(shot.image).to_json()["tiles"]]
    assert len(got) == len(truth)
    return sum(g not in (None, w) for g, w in zip(got, truth, strict=True)), sum(g is None for g in got)


def cards_wrong_and_asked(catalogue: Catalogue, shot: Any, settings: CardSettings) -> tuple[int, int]:
    """A rendered Ankh table read with ``settings``: the cards read with a wrong label, and
    those asked about."""
    reading = CardReader(catalogue, settings).read(shot.image)
    got = {str(seat): labels for seat, labels in reading.labels().items()}
    pairs = [
        (a, b) for seat, want in shot.truth["rows"].items() for a, b in zip(got[seat], want, strict=True)
    ]
    return sum(a is not None and a != b for a, b in pairs), sum(a is None for a, _ in pairs)
