"""Faces the players confirmed at the table are kept apart from the enrolment photos.

A confirmed face is the camera's own crop: blurred and lit as every crop of that table
is, so beside sharp photos it looks more like any tile than they do (`bench learning`
measured a reader four times as often surely wrong with such crops mixed in). It is
compared with the photos only where its face has no photo at all."""

from __future__ import annotations

import numpy as np

from vision.card_reader import CardReader
from vision.catalogue import TABLE_SOURCE, Catalogue
from vision.path_reader import PathReader, ReaderSettings


def face(value: int, tall: bool = False) -> np.ndarray:
    rng = np.random.default_rng(value)
    return rng.integers(0, 255, (100 if tall else 64, 64, 3), dtype=np.uint8)


def catalogue(game: str, labels: list[str], tall: bool = False) -> Catalogue:
    cat = Catalogue(game)
    for i, label in enumerate(labels):
        cat.add_face(label, face(i, tall), f"photos/{label}.png")
    return cat


def test_a_confirmed_face_of_a_photographed_label_stays_apart() -> None:
    cat = catalogue("tutankhamen", ["cat-green", "cat-blue"])
    cat.add_face("cat-green", face(10), f"{TABLE_SOURCE} (game 3)")  # has a photo: apart
    cat.add_face("mask-blue", face(11), f"{TABLE_SOURCE} (game 3)")  # no photo: compared
    compared, apart = cat.split_by_source()
    assert [label for label, _ in compared] == ["cat-green", "cat-blue", "mask-blue"]
    assert [label for label, _ in apart] == ["cat-green"]
    assert np.array_equal(apart[0][1], cat.faces[2][1])


def test_the_readers_compare_with_the_photos_and_the_unphotographed_only() -> None:
    cat = catalogue("tutankhamen", ["cat-green", "cat-blue"])
    cat.add_face("cat-green", face(10), f"{TABLE_SOURCE} (game 3)")
    cat.add_face("mask-blue", face(11), f"{TABLE_SOURCE} (game 3)")
    reader = PathReader(cat)
    assert reader.index.names == ["cat-blue", "cat-green", "mask-blue"]
    assert len(reader.index.faces) == 3 and reader.learned is None  # the second opinion is off
    second = PathReader(cat, ReaderSettings(learned=True))
    assert second.learned is not None and second.learned.names == ["cat-green"]

    cards = catalogue("ankh", ["green-1", "red-2"], tall=True)
    cards.add_face("green-1", face(12, tall=True), f"{TABLE_SOURCE} (game 4)")
    cards.add_face("blue-3", face(13, tall=True), f"{TABLE_SOURCE} (game 4)")
    reader_cards = CardReader(cards)
    assert reader_cards.mummies is not None
    assert reader_cards.mummies.names == ["blue-3", "green-1", "red-2"]
    assert len(reader_cards.mummies.faces) == 3
