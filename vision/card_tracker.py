"""Following an Ankh game: what lies in each seat's row and on top of the papyrus pile.

Every still frame is read in full (``CardReader.read``: rows change all the time, so no
layout is kept), and a few such frames vote before anything is reported — the machinery
the path tracker uses too (tracking.py): a hand over the table or a moving table makes
the tracker wait and start the vote over, and one odd frame is outvoted. What the rows
and the papyrus mean is for the rules to decide (the firmware): this module knows none.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.card_reader import CardReader, CardReading, CardSettings
from vision.catalogue import Catalogue
from vision.errors import VisionError
from vision.markers import SEATS
from vision.tracking import ArmWatch, VotingTracker, Waiting

__all__ = ["CardObservation", "CardTracker", "CardTrackerSettings", "Waiting"]


@dataclass
class CardTrackerSettings:
    votes: int = 3  # still frames that vote on each observation
    still_levels: int = 14  # a downscaled grey pixel that changes more than this has moved
    still_share: float = 0.002  # more than this share of moved pixels: the table is not still


@dataclass(frozen=True)
class CardObservation:
    """What still frames agreed on. ``rows``: per seat (every seat card seen), the cards
    from the seat's left to its right, each a label or None where no majority read it
    the same; ``papyrus``: the top papyrus {"rank", "threshold"} or None (none agreed on,
    or no pile); ``unsure``: seats whose number of cards no majority agreed on (their
    row is then the most common length's, all None)."""

    rows: dict[int, list[str | None]]
    papyrus: dict[str, Any] | None
    unsure: list[int]


class CardTracker(VotingTracker[CardReading, CardObservation]):
    """Follows one Ankh table; ``feed`` it every frame the camera gives."""

    def __init__(
        self,
        catalogue: Catalogue,
        settings: CardTrackerSettings | None = None,
        reader_settings: CardSettings | None = None,
    ) -> None:
        self.reader = CardReader(catalogue, reader_settings)
        self.settings = settings or CardTrackerSettings()
        self._start()
        self.arms = ArmWatch()
        self._settled: list[np.ndarray] = []  # where cards lay on the table at rest (view px)
        self._seats: set[int] = set()  # the seats seen then
        self._last: tuple[np.ndarray, list[np.ndarray], set[int]] | None = None

    def look(self, frame: np.ndarray) -> CardReading:
        """This frame's reading; a VisionError when it cannot be read: a hand the frame
        shows, or something big new off the cards since the table was at rest — an arm
        of nearly the table's colour that no single frame tells from it."""
        reading = self.reader.read(frame)
        covered = sorted(self._seats - set(reading.rows))
        if covered:  # a seat card stays all game: one seen at rest and gone now is covered
            seats = ", ".join(str(SEATS[0] + seat) for seat in covered)
            raise VisionError("hand-over-table", f"a hand is over the table (seat card {seats} covered)")
        view = self.reader.last_view
        if view is None:
            return reading
        places = _places(reading, view.to_view)
        card = float(np.sqrt(np.prod(self.reader.card_px)))  # a place as big as a card
        if self.arms.something_over(view.image, card, places + self._settled):
            raise VisionError("hand-over-table", "a hand is over the table")
        self._last = (view.image, places, set(reading.rows))
        return reading

    def vote(self) -> CardObservation:
        """Per seat, card and papyrus, what a majority of the window's frames saw."""
        if self._last is not None:  # still frames agreed: the table at rest now
            self.arms.settle(self._last[0])
            self._settled, self._seats = self._last[1], self._last[2]
        looks = list(self.window)
        need = len(looks) // 2 + 1
        rows: dict[int, list[str | None]] = {}
        unsure: list[int] = []
        seats = Counter(seat for look in looks for seat in look.rows)
        for seat in sorted(s for s, n in seats.items() if n >= need):
            seen = [look.labels().get(seat) for look in looks]
            length, count = Counter(len(r) for r in seen if r is not None).most_common(1)[0]
            if count < need:
                unsure.append(seat)
                rows[seat] = [None] * length
                continue
            agreeing = [r for r in seen if r is not None and len(r) == length]
            row: list[str | None] = []
            for i in range(length):
                label, n = Counter(r[i] for r in agreeing).most_common(1)[0]
                row.append(label if label is not None and n >= need else None)
            rows[seat] = row
        papyri = Counter(
            None if look.papyrus is None else (tuple(look.papyrus["rank"]), int(look.papyrus["threshold"]))
            for look in looks
        )
        key, n = papyri.most_common(1)[0]
        papyrus = {"rank": list(key[0]), "threshold": key[1]} if key is not None and n >= need else None
        return CardObservation(rows, papyrus, unsure)


def _places(reading: CardReading, to_view: np.ndarray) -> list[np.ndarray]:
    """Where the reading's cards, papyrus and stray cards lie, in view px: places that
    change as the game goes (a card laid, a row cleared), never a sign of an arm."""
    centres = [card["center"] for cards in reading.rows.values() for card in cards]
    centres += [q["center"] for q in reading.unreadable if q["seat"] is None and q["center"] is not None]
    if reading.papyrus is not None:
        centres.append(reading.papyrus["center"])
    if not centres:
        return []
    image_px = np.array(centres, np.float64).reshape(-1, 1, 2)
    return list(cv2.perspectiveTransform(image_px, to_view).reshape(-1, 2))
