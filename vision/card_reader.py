"""Reading the Ankh cards: each seat's row of mummy cards and the top papyrus.

The frame is warped to a top view of the table and evened out against the markers, and
what is not table is found, exactly as for the Tutankhamen path (path_reader.py). Each
blob of cards belongs to the seat card (markers 20–25) it lies nearest; a blob far from
every seat, near the middle, is the papyrus pile. A row's cards lie side by side,
touching or overlapping a little, so the row is cut into cards by the known card width
along its direction (the direction of the cards' edges, the one across the seat's view);
each card is then flattened and compared with the enrolled faces at small shifts. The
top papyrus is the one card of the pile whose whole outline shows: it is found as the
card-sized rectangle with the most edge along its four sides. A face that does not match
clearly is reported as unreadable, never guessed.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import cv2
import numpy as np

from vision.box import ankh_box, contested, hold_to_box
from vision.calibration import Calibration, TableLocator, TopView
from vision.card_outline import Outlines, edge_axis, true_turn
from vision.catalogue import Catalogue
from vision.detail_look import FACE as DETAIL_FACE
from vision.detail_look import DetailLook
from vision.errors import VisionError
from vision.faces import (
    FINE_INNER,
    FaceIndex,
    Kept,
    Match,
    commonest_colour,
    crop_grid,
    crop_patch,
    face_patch,
    normalised,
    photos_digest,
    smoothed,
    verdict,
)
from vision.markers import MARKER_MM, QUIET_MM, SEATS, Marker
from vision.papyrus_rank import RankLook, RankReading
from vision.path_reader import ARM_MM, _edge_contact, _lamp_pool, table_colour
from vision.trained import CARD as TRAINED_CARD
from vision.trained import INNER as TRAINED_INNER
from vision.trained import Opinion, Trust, to_ask, trained_look, weigh

CARD_TURNS = (0, 2)  # a card is compared upright and upside down
RANK_CROP = (64, 100)  # a papyrus cut out whole for its rank look (px)
_INDEXES = Kept(8)  # the compared faces of the last few catalogues
INK_SHARE = 0.1  # a card's ink (``_ink``): its most saturated tenth
INK_GROUND_APART = 2.0  # the colours' grounds' spread against the photos' scatter (``_shared_ground``)
INK_INNER = 0.95  # ... out nearly to its rim, where some boxes print the colour (a corner band)
MAX_ROW_ENDS = 3  # cards a row's end is moved out by at most (each side)
RECOUNT_OVERLAP = 15.0  # a row recounted: its cards may overlap by this much (mm)…
RECOUNT_GAP = 8.0  # …or lie this far apart
RECOUNT_SURE = 0.7  # …where their faces, so placed, match this well on average
RECOUNT_BETTER = 0.03  # …and this much better than at the usual overlap
# a row's end cut back to its last card's edge: an edge across the band this much above the
# band's plain level (and at least EDGE_LEAST grey levels a pixel), within EDGE_REACH of a
# card of the mask's end, with nothing printed beyond it (below EDGE_PLAIN of that level)
EDGE_ABOVE = 5.0
EDGE_LEAST = 30.0
EDGE_REACH = 0.5
EDGE_PLAIN = 0.25
EDGE_OUT = 0.15  # …looked for this much of a card past the mask's end too (the card's own side)
EDGE_LEAST_CUT = 0.2  # …and cut by at least this much of a card (a printed frame band lies within)
PILE_COVER = 0.8  # the pile fills at least this share of the top papyrus's outline found, or it is asked
PILE_BETTER = 0.05  # a place a bar off naming another papyrus must fit this much better than the outline's
BUSIER_THAN_TABLE = 1.3  # a card's print against the table's own texture (wood grain)
# value_look's weights and the rows they weigh, per index
_WEIGHTS: weakref.WeakKeyDictionary[FaceIndex, Kept] = weakref.WeakKeyDictionary()
_ROWS: weakref.WeakKeyDictionary[FaceIndex, Kept] = weakref.WeakKeyDictionary()
_DETAILS: weakref.WeakKeyDictionary[FaceIndex, DetailLook] = weakref.WeakKeyDictionary()
_RANKS: weakref.WeakKeyDictionary[FaceIndex, RankLook] = weakref.WeakKeyDictionary()
_Look = TypeVar("_Look")


@dataclass
class CardSettings:
    px_per_mm: float = 1.2  # the top view's resolution
    card_mm: tuple[float, float] = (45.0, 70.0)  # a card's width and height
    overlap_mm: float = 2.0  # how much neighbours in a row usually overlap
    max_turn: float = 2.0  # a card's usual turn within its row (°)
    # ink islands closer than this share of a card's width and height, none a blob of its
    # own, are one blob where together they are big enough (None: never)
    island_gap: float | None = 0.2
    # a row's end moved out a card where the row's points reach on and cover this share
    # of a card's place, and a face matches there (``row_ends``; None: never)
    row_end_cover: float | None = 0.25
    patch: tuple[int, int] = (24, 36)  # the compared patch (width, height)
    fine: tuple[int, int] = (36, 56)  # the second look at close calls
    min_score: float = 0.5  # below this correlation a face is unreadable
    min_margin: float = 0.05
    min_confidence: float = 0.5
    max_chroma: float = (
        18.0  # a face whose colour (Lab a, b) is farther than this from its label's is unreadable
    )
    value_min_score: float = 0.65  # the same for the look at where the leading faces differ
    # a card's value looked at where its colour's faces differ (vision/detail_look.py): its
    # least score and the margin that makes it sure (chosen on the tuned families, seeds
    # 40000 and 50000)
    detail: bool = True
    detail_min_score: float = 0.6
    detail_margin: float = 0.07
    # how much better the detail must fit another value to dispute even unsurely (None:
    # never; 0 chosen on seed 40000 and the photoreal sets looked at: 7 wrong cards fewer
    # for 8 more questions)
    detail_veto: float | None = 0.0
    # the detail look compares the enrolled faces also as a camera that saw the card at this
    # many times the frame's own pixels there shows them (``brought_down``; None: the
    # photos' full detail only), and the crop is judged against whichever it fits more
    # decisively. A little above 1: a camera's own sharpening keeps a mark's edge crisper
    # than an average over its pixels. Sixteen photoreal sets looked at: 13 cards fewer
    # asked, none more wrong; at 1, 18 fewer but 2 line-art cards more wrong
    detail_seen: float | None = 1.25
    # a card the whole-card looks read short of fully surely, where the detail look looked
    # and could not tell (its verdict unclear), is read only when the trained look is all
    # but certain of it too (``trust.sure``): two looks must clearly agree (photoreal sets
    # looked at: line-art yellow 1s read as 2s, the 1's enrolment photo tinted otherwise)
    unclear_detail_asks: bool = True
    # …and so is every such card however sure the trained look, unless the whole-card looks
    # were fully sure, it all but certain too, and the detail look leaning their way
    # (photoreal sets looked at, fourteen: of the 43 cards read where the detail look had
    # looked and could not tell, 6 were wrong — one in seven, against 3 of 1,180 where it
    # was clear)
    unclear_detail_always_asks: bool = True
    # …and where the detail look disputes the whole-card looks only unclearly (a value it
    # fits better, short of a clear verdict), the trained look naming its value too does
    # not make the card read: it asks (photoreal sets looked at: of 5 such cards read,
    # 2 were wrong — line-art 4s read as 5s)
    unclear_dispute_asks: bool = True
    # …and a card the detail look names clearly by less than this over its least (the
    # confidence it takes to be clear), where the trained look gives another value at
    # least ``hairline_doubt``, is asked: one look barely sure against another fairly sure
    # (photoreal sets looked at, sixteen: 3 right cards asked, 2 wrong ones no longer
    # read; synthetic seed 20000: 1 wrong one, none right; None: never)
    detail_hairline: float | None = 0.1
    hairline_doubt: float = 0.75
    # a papyrus read by the colours in its rank places too (``ranked_by``), where the best
    # order of its colours fits this much better than the next (Lab a, b; None: never)
    rank_margin: float | None = 4.0
    # …and looked at again a bar or so along its height each way (these shares of a card's
    # height): an order read there clearly that fits at most ``bar_off_fit`` of what fits at
    # the place found makes the papyrus a question — the outline found may lie a bar off,
    # where the same colours read turned round by one (None: never)
    bar_off_shifts: tuple[float, ...] = (0.1, 0.15, 0.2)
    bar_off_fit: float | None = 0.8
    # a card's colour by its ink, where one colour is this much nearer than any other
    # (distance ratio; None: never)
    ink_ratio: float | None = 0.6
    # a row's place whose face matches no enrolled face (below ``min_score``) and whose middle
    # (a disc 0.6 of a card wide) holds less than this share of print is no card: a lamp's
    # highlight on glossy wood, a plain patch the lamp's colour (photoreal Ankh 151: 0.005 and
    # a face score of 0.03; real cards matching no face held 0.28 or more; None: never)
    least_print: float | None = 0.05
    pile_mm: float = 180.0  # cards farther than this from every seat card are the pile (or stray)
    hand_cards: float = 1.0  # a blob reaching in from the edge this many cards big is an arm
    hand_mm: float = 26.0  # a skin-coloured patch holding a disc this wide in radius is a hand
    arm_mm: float = 30.0  # an arm is at least this wide where it crosses the view's edge
    use_box: bool = True  # no reading holds more copies of a card than the deck (vision/box.py)
    deck: dict[str, int] | None = None  # card → copies in the box (engines.ankh.cards); None: not known
    box_sure: float = 0.9  # a card the deck pushes off its label keeps the next one only this surely
    # the look learned from camera-like copies of the photos (vision/trained.py), as for tiles
    # (path_reader.ReaderSettings), but firmer: a card's value is a numeral a blur turns
    # into another (line-art 2s to 1s), with the colour and the art shared, so any card it
    # takes for another is asked (measured on the tuned families: of the line-art cards it
    # disputes, two in three were misread), and an unsure card is read only where it is
    # all but certain of the other looks' first label or runner-up (of the cards it
    # confirmed 0.9-0.99 surely, one in seven was wrong: blurred 2s it took for 1s too)
    trained: bool = True
    trust: Trust = field(
        default_factory=lambda: Trust(sure=0.99, veto=0.3, doubt_below=math.inf, promote=0.99)
    )


@dataclass
class CardReading:
    papyrus: dict[str, Any] | None = None  # {"rank", "threshold", "confidence", "center"}
    rows: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # seat → cards, left to right
    unreadable: list[dict[str, Any]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every card and the papyrus read."""
        return self.papyrus is not None and not self.unreadable

    def labels(self) -> dict[int, list[str | None]]:
        return {seat: [c["label"] for c in cards] for seat, cards in self.rows.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            "papyrus": self.papyrus,
            "rows": {str(seat): cards for seat, cards in sorted(self.rows.items())},
            "unreadable": self.unreadable,
            "complete": self.complete,
        }


def papyrus_of(label: str) -> dict[str, Any]:
    """``papyrus-<c1>-<c2>-<c3>-<c4>-<n>`` as {"rank", "threshold"}."""
    parts = label.split("-")
    return {"rank": parts[1:5], "threshold": int(parts[5])}


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 1e-9 else np.array([1.0, 0.0])


class CardReader(TableLocator):
    """Reads frames of one Ankh table; keeps the calibration between frames."""

    def __init__(self, catalogue: Catalogue, settings: CardSettings | None = None) -> None:
        self.settings = s = settings or CardSettings()
        compared, _ = catalogue.split_by_source()  # a confirmed crop of a photographed card stays apart
        mummies = [(label, face) for label, face in compared if not label.startswith("papyrus-")]
        papyri = [(label, face) for label, face in compared if label.startswith("papyrus-")]
        self.mummies = _face_index(mummies, s) if mummies else None
        self.trained = trained_look(mummies, CARD_TURNS, TRAINED_CARD) if mummies and s.trained else None
        self.papyri = _face_index(papyri, s) if papyri else None
        self.calibration: Calibration | None = None
        self.last_view: TopView | None = None  # the top view of the last frame read
        self.last_print: np.ndarray | None = None  # what of it is print (half resolution)
        # the deck the settings name, else the box the cards were enrolled from
        deck = s.deck if s.deck is not None else catalogue.deck_counts()
        self.box = ankh_box(catalogue.labels, deck) if s.use_box else {}
        # each label's colour (Lab a, b) as enrolled: a cross-check on what the faces say
        self.colours: dict[str, np.ndarray] = {}
        for label, face in compared:
            self.colours.setdefault(label, _chroma(face_patch(face, s.patch)))
        # each colour's ink (``ink_colour``): the median over its values' enrolled faces
        inks: dict[str, list[np.ndarray]] = {}
        grounds: dict[str, list[np.ndarray]] = {}
        for label, face in mummies:
            patch = face_patch(face, s.patch, INK_INNER)
            inks.setdefault(label.rsplit("-", 1)[0], []).append(_ink(patch, INK_SHARE))
            grounds.setdefault(label.rsplit("-", 1)[0], []).append(commonest_colour(patch))
        shared = len(inks) > 1 and _shared_ground(grounds)
        self.inks = {colour: np.median(v, axis=0) for colour, v in inks.items()} if shared else {}
        if s.detail and self.mummies is not None:
            self._detail_reliable()  # once per catalogue, with its other looks: not in a frame's read

    @property
    def card_px(self) -> tuple[float, float]:
        s = self.settings
        return s.card_mm[0] * s.px_per_mm, s.card_mm[1] * s.px_per_mm

    # ------------------------------------------------------------ reading

    def read(self, frame: np.ndarray) -> CardReading:
        view, markers, cal = self.view(frame)
        self.last_view = view  # the tracker compares it with the table at rest
        s = self.settings
        seats = {
            m - SEATS[0]: view.view_point(cal.table_points(markers[m].center[None]))[0]
            for m in SEATS
            if m in markers
        }
        if not seats:
            raise VisionError(
                "seat-markers-missing",
                "no seat card (markers 20–25) is visible: lay one in front of every player",
            )
        mask = self.cards_mask(view, cal, markers)
        reading = CardReading(rows={seat: [] for seat in seats})
        blobs = self.blobs(mask)
        centre = np.mean(
            [
                view.view_point(cal.table_points(markers[i].center[None]))[0]
                for i in (0, 1, 2, 3)
                if i in markers
            ],
            axis=0,
        )
        facing = {
            seat: _inward(cal.table_points(markers[SEATS[0] + seat].center[None])[0], cal) for seat in seats
        }
        per_seat: dict[int, list[np.ndarray]] = {}
        far: list[np.ndarray] = []
        least = 0.35 * self.card_px[0] * self.card_px[1]
        for points in blobs:
            # each pixel goes to the seat it lies in front of (two rows that touch at a
            # corner part along their seats' zones); beyond every zone: the pile
            order = sorted(seats)
            parts = [self._zone_cost(points, seats[k], facing[k]) for k in order]
            depth, side = np.stack([p[0] for p in parts]), np.stack([p[1] for p in parts])
            cw = self.card_px[0]
            beyond = (depth + 3 * np.maximum(side - 4.5 * cw, 0)).min(0) > s.pile_mm * s.px_per_mm
            # between two seats a tighter reach to the side decides: where two rows meet
            # at a corner, the corner lies beyond the end of the row it does not belong to
            cost = depth + 3 * np.maximum(side - 4.0 * cw, 0)
            best = cost.argmin(0)
            # a share smaller than most of a card is the corner of a card of another row
            # reaching into this seat's zone: it goes to the nearest seat with a real share
            # (not the blob's biggest, which may be the row it reaches into)
            share = np.bincount(best[~beyond], minlength=len(order))
            if share.any():
                stray = share < 0.6 * self.card_px[0] * self.card_px[1] / 4
                if stray.all():
                    stray[int(share.argmax())] = False
                cost[stray] = np.inf
                best = cost.argmin(0)
            if beyond.sum() >= least / 4:
                far.append(points[beyond])
            for j, seat in enumerate(order):
                mine = points[(best == j) & ~beyond]
                if len(mine) >= least / 4:
                    per_seat.setdefault(seat, []).append(mine)
        to_image = np.linalg.inv(view.to_view)
        placed = [
            (seat, card)
            for seat, parts in sorted(per_seat.items())
            for card in self.read_row(view.image, np.concatenate(parts), seats[seat], facing[seat])
        ]
        # the labels of all rows' cards at once: never more copies of a card than the deck holds
        matches = [card.pop("match") for _, card in placed]
        opinions = [card.pop("opinion") for _, card in placed]
        doubts = [card.pop("doubt") for _, card in placed]
        sure = [card["label"] is not None for _, card in placed]
        boxed = hold_to_box(matches, sure, self.box, s.min_score, s.min_margin, s.box_sure, "deck")
        boxed.update(contested(matches, sure, boxed, doubts, self.box, "deck"))
        for k, (seat, card) in enumerate(placed):
            card["center"] = _image_point(to_image, card.pop("view"))
            if k in boxed:  # the deck's counts changed it (why: in `unreadable` when it is now)
                card.update(label=boxed[k].label, confidence=boxed[k].confidence, reason=boxed[k].reason)
            reading.rows[seat].append(card)
            if card["label"] is None:
                reading.unreadable.append(
                    {
                        "seat": seat,
                        "index": len(reading.rows[seat]) - 1,
                        "center": card["center"],
                        "reason": card.pop("reason"),
                        "candidates": candidates(matches[k], opinions[k]),
                    }
                )
            else:
                card.pop("reason")
        if far:
            far.sort(key=lambda p: float(np.linalg.norm(p.mean(0) - centre)))
            pile = far.pop(0)
            self.read_pile(view.image, pile, to_image, reading)
            top = reading.papyrus
            label = "papyrus-" + "-".join(top["rank"]) + f"-{top['threshold']}" if top else ""
            if top and self.box.get(label) == 0:  # a papyrus a given deck does not hold
                reading.papyrus = None
                why = f"the papyrus: the deck has no {label}"
                where = top["center"]
                entry = {"seat": None, "index": None, "center": where, "reason": why, "candidates": []}
                reading.unreadable.append(entry)
            for points in far:
                reading.unreadable.append(
                    {
                        "seat": None,
                        "index": None,
                        "center": _image_point(to_image, points.mean(0)),
                        "reason": "cards that lie in front of no seat card",
                        "candidates": [],
                    }
                )
        else:
            reading.unreadable.append(
                {
                    "seat": None,
                    "index": None,
                    "center": None,
                    "reason": "no papyrus pile seen",
                    "candidates": [],
                }
            )
        return reading

    def cards_mask(self, view: TopView, cal: Calibration, markers: dict[int, Marker]) -> np.ndarray:
        """What is not table (half resolution), markers left out; a VisionError for a hand
        or a sleeve over the table."""
        width = self.card_px[0]
        table = table_colour(view, cal, markers)  # a VisionError when no table shows round the corners
        mask, small, self.last_print = card_foreground(view.image, width, view.px_per_mm)
        for marker in markers.values():
            _blank_marker(mask, view, cal, marker)
        # the halo of a marker's paper leaves thin lines: gone with anything thinner than a card's rim
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
        skin = hand_skin(small, mask)
        if self.hand(skin) and not self.lamp_pool(skin, small, mask, table):
            raise VisionError("hand-over-table", "a hand is over the table: waiting until it is gone")
        if self.arm(mask, view.px_per_mm):
            raise VisionError("hand-over-table", "an arm reaches over the table: waiting until it is gone")
        return mask

    def arm(self, mask: np.ndarray, px_per_mm: float) -> bool:
        """Something reaching in over the view's edge as an arm does, of any colour: its
        trunk (what is left of it where a disc a little narrower than a wrist fits,
        so a marker's halo or specks bridging a row to the edge do not count) crosses
        the edge, is bigger than a card, crosses it no wider than an arm does and
        reaches in further than it is wide there (a row of cards laid along the edge
        crosses it wide and shallow)."""
        s = self.settings
        disc = max(3, round(s.arm_mm * px_per_mm * 0.5)) | 1
        trunk = cv2.morphologyEx(
            mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (disc, disc))
        )
        n, labels, stats, _ = cv2.connectedComponentsWithStats(trunk)
        h, w = mask.shape
        card_area = self.card_px[0] * self.card_px[1] / 4
        edge = 2
        for j in range(1, n):
            x, y, bw, bh, area = stats[j]
            touches = x <= edge or y <= edge or x + bw >= w - edge or y + bh >= h - edge
            if not touches or area <= s.hand_cards * card_area:
                continue
            across, reach = _edge_contact(labels == j, edge)
            if across <= ARM_MM * px_per_mm * 0.5 and reach >= across:
                return True
        return False

    def hand(self, skin: np.ndarray) -> bool:
        """A hand over the table: a skin-coloured patch of the foreground thicker than any
        card could hold (a card's skin-like panel or parchment is at most about a third
        of its width across; a palm is wider than a card)."""
        return hand_depth(skin) > self.settings.hand_mm * self.settings.px_per_mm * 0.5

    def lamp_pool(self, skin: np.ndarray, small: np.ndarray, mask: np.ndarray, table: np.ndarray) -> bool:
        """Whether the plain skin-coloured patch ``hand`` found in ``skin`` is a warm lamp's
        pool of light on the table, as the path reader judges one (``_lamp_pool``: mostly the
        table lit, its rim fading over centimetres where it meets the table, where an arm's
        is sharp). Two clean photoreal frames with a pool at the table's edge were refused as
        a palm (Ankh seeds 41 and 107); 400 synthetic arm scenes are waited for as before."""
        n, labels = cv2.connectedComponents(skin)
        if n < 2:
            return False
        deepest = cv2.distanceTransform(skin, cv2.DIST_L2, 3)
        y, x = np.unravel_index(int(np.argmax(deepest)), deepest.shape)
        blob = (labels == labels[y, x]).astype(np.uint8)
        return _lamp_pool(blob, small, mask, self.card_px[0] / 2, table)

    def blobs(self, mask: np.ndarray) -> list[np.ndarray]:
        """Each blob of cards as its pixels (top-view px), small specks left out — but
        islands closer than ``island_gap`` of a card to each other, none of them a blob
        of its own, that together are one are kept as one: cards the colour of the table
        show only as their ink (an icon, a bracket, a numeral)."""
        s = self.settings
        n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
        least = 0.35 * self.card_px[0] * self.card_px[1] / 4
        out = []
        for j in range(1, n):
            if stats[j, cv2.CC_STAT_AREA] < least:
                continue
            x, y, w, h = stats[j, :4]
            ys, xs = np.nonzero(labels[y : y + h, x : x + w] == j)  # within its box: same order
            out.append(_view_points(xs + x, ys + y))
        if s.island_gap is None:
            return out
        small = np.where(stats[labels, cv2.CC_STAT_AREA] < least, mask, 0).astype(np.uint8)
        gap = (
            max(1, round(s.island_gap * self.card_px[0] / 2)),
            max(1, round(s.island_gap * self.card_px[1] / 2)),
        )
        shut = cv2.getStructuringElement(cv2.MORPH_RECT, gap)
        joined = cv2.morphologyEx(small, cv2.MORPH_CLOSE, shut, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        big = (mask > 0) & (small == 0)
        m, groups, boxes, _ = cv2.connectedComponentsWithStats(joined)
        for j in range(1, m):
            x, y, w, h = boxes[j, :4]
            inside = groups[y : y + h, x : x + w] == j
            if (inside & big[y : y + h, x : x + w]).any():
                continue  # islands joined to a blob kept already: left to it (as before)
            ys, xs = np.nonzero(inside & (small[y : y + h, x : x + w] > 0))
            if len(xs) >= least:
                out.append(_view_points(xs + x, ys + y))
        return out

    def _zone_cost(
        self, points: np.ndarray, marker: np.ndarray, facing: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """How far (top-view px) each point lies from a seat's zone, in two parts: its
        depth in front of the seat card (more for points behind it), and how far to
        either side it lies (a long row's ends lie some cards out)."""
        rel = points - marker
        v = rel @ facing
        u = np.abs(rel @ np.array([-facing[1], facing[0]]))
        return np.maximum(v, 0) + 3 * np.maximum(-v, 0), u

    def read_row(
        self, image: np.ndarray, points: np.ndarray, marker: np.ndarray, facing: np.ndarray
    ) -> list[dict[str, Any]]:
        """The cards of one seat's row, from the seat's left to its right (``facing``:
        the seat's way into the table)."""
        s = self.settings
        cw, ch = self.card_px
        x0, y0 = np.floor(points.min(0)).astype(int)
        x1, y1 = np.ceil(points.max(0)).astype(int) + 1
        x0, y0 = max(x0, 0), max(y0, 0)
        roi = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(np.float32)
        phi = edge_axis(roi)
        axes = [np.array([np.cos(phi), np.sin(phi)]), np.array([-np.sin(phi), np.cos(phi)])]
        right = np.array([-facing[1], facing[0]])
        along = max(axes, key=lambda a: abs(float(a @ right)))
        along = along if along @ right > 0 else -along
        across = np.array([-along[1], along[0]])
        rel = self.row_body(points, facing) - marker
        u, v = rel @ along, rel @ across
        lo, hi = np.percentile(u, [0.5, 99.5])
        top, bottom = np.percentile(v, [0.5, 99.5])
        mid_v = float(top + bottom) / 2
        # the mask reaches beyond the cards' edges (edges blur into it): by as much as the
        # row is thicker than a card is tall
        spill = float(np.clip(bottom - top - ch * np.cos(np.radians(s.max_turn)), 0, 0.5 * cw))
        lo, hi = lo + spill / 2, hi - spill / 2
        angle = float(np.degrees(np.arctan2(along[1], along[0])))
        added = (0, 0)  # cards beyond the body's ends, at its start and at its end
        if s.row_end_cover is not None:
            lo, hi, added = self.row_ends(
                image, points, marker, (along, across), (lo, hi, mid_v, spill), angle
            )
        lo, hi = self.last_card_edges(image, marker, (along, across), (lo, hi, mid_v), added)
        length = (hi - lo) / s.px_per_mm
        o = s.overlap_mm
        n = max(1, round((length - o) / (s.card_mm[0] - o)))
        n = self.row_count(image, n, (lo, hi), marker, (along, across), mid_v, angle)
        pitch = (hi - lo - cw) / (n - 1) if n > 1 else 0.0
        cards: list[dict[str, Any]] = []
        carry = 0.0  # how far along the row the last card read clearly lay from its place
        for i in range(n):
            place = lo + cw / 2 + i * pitch + carry
            if i > 0 and cards[-1]["label"] is not None and place + cw / 2 > hi + 0.35 * cw:
                break  # the cards read so far already reach the row's end: it was cut too fine
            c = marker + along * place + across * mid_v
            match, where = self.classify(self.mummies, image, c, angle, along, across, pitch or cw)
            doubt, opinion, disputed = None, None, False
            if match is not None:
                match, disputed, detail = self.detail_look(image, match, where, angle)
            if match is not None and self.trained is not None:
                match, doubt, opinion = self.second_look(image, match, where, angle, disputed, detail)
            if self._no_card(match, where):
                continue  # a lamp's highlight on a glossy table: plain, the lamp's colour
            faint = i < added[0] or i >= n - added[1]
            if faint and match is not None:
                # a card its row's outline hardly shows: placed by a guess at its edges, its
                # colour read through the table's (photoreal sets looked at: a parchment
                # blue 1 on light wood read as a yellow 1): asked, never read
                match = replace(match, confidence=0.0)
            if match is not None and match.confidence >= s.min_confidence:
                carry += float((where - c) @ along)
            cards.append(self._card(match, where, doubt, opinion, faint))
        return cards

    def _no_card(self, match: Match | None, where: np.ndarray) -> bool:
        """A row's place that holds no card: its face matches no enrolled face and its
        middle holds next to no print (``CardSettings.least_print``)."""
        s = self.settings
        if s.least_print is None or self.last_print is None:
            return False
        if match is not None and match.score >= s.min_score:
            return False
        return _print_share(self.last_print, where, 0.3 * self.card_px[0]) < s.least_print

    def row_count(
        self,
        image: np.ndarray,
        n: int,
        ends: tuple[float, float],
        marker: np.ndarray,
        axes: tuple[np.ndarray, np.ndarray],
        mid: float,
        angle: float,
    ) -> int:
        """How many cards a row between ``ends`` holds: ``n`` (its length at the usual
        overlap), or one fewer or more where those cards, spread evenly over the row,
        would overlap by at most ``RECOUNT_OVERLAP`` mm or lie at most ``RECOUNT_GAP`` mm
        apart, and their faces match enrolled faces well (``RECOUNT_SURE``, each card's
        best score, on average) and clearly better (``RECOUNT_BETTER``): cards laid a few
        millimetres apart make a row as long as one card more at the usual overlap."""
        s, index = self.settings, self.mummies
        if index is None:
            return n
        cw = self.card_px[0]
        lo, hi = ends
        along, across = axes
        width = s.card_mm[0]
        shifts, step = [(a, 0) for a in (-1, 0, 1)], (0.05 * cw, 0.0)  # each card a little along the row

        def pitch_of(k: int) -> float:
            return (hi - lo - cw) / (k - 1) if k > 1 else 0.0

        def in_range(k: int) -> bool:
            spread = pitch_of(k) / s.px_per_mm if k > 1 else (hi - lo) / s.px_per_mm  # one card: its width
            return k >= 1 and width - RECOUNT_OVERLAP <= spread <= width + RECOUNT_GAP

        counts = [k for k in (n - 1, n, n + 1) if k == n or in_range(k)]
        if counts == [n]:
            return n  # no other count could lie so: nothing to compare
        scores: dict[int, float] = {}
        for k in counts:
            pitch = pitch_of(k)
            total = 0.0
            for i in range(k):
                centre = marker + along * (lo + cw / 2 + i * pitch) + across * mid
                patches, _ = crop_grid(image, centre, self.card_px, angle, shifts, step, along, s.patch)
                total += index.match(patches, s.min_score, s.min_margin).score
            scores[k] = total / k
        best = max(scores, key=scores.__getitem__)
        if scores[best] >= RECOUNT_SURE and scores[best] >= scores[n] + RECOUNT_BETTER:
            return best
        return n

    def row_ends(
        self,
        image: np.ndarray,
        points: np.ndarray,
        marker: np.ndarray,
        axes: tuple[np.ndarray, np.ndarray],
        stretch: tuple[float, float, float, float],
        angle: float,
    ) -> tuple[float, float, tuple[int, int]]:
        """The row's ends (``stretch``: its body's ends and middle, along and across its
        ``axes`` from the seat's ``marker``, and the mask's spill past a card's edges at
        each end, twice), each moved out a card at a time where the
        row's points reach half a card or more beyond it and a card lies there: its print
        covering a good part of the place (``row_end_cover``; a light card on a light
        table shows only as its ink, which ``row_body`` cuts off as spurs), and an enrolled
        face matching it. Noise, shadow and another row's corner cover little of a card's
        place, or match no face. Also how many cards each end moved out by."""
        s = self.settings
        cw, ch = self.card_px
        along, across = axes
        lo, hi, mid, spill = stretch
        rel = points - marker
        u, v = rel @ along, rel @ across
        reach_lo, reach_hi = np.percentile(u, [0.5, 99.5])
        step = (s.card_mm[0] - s.overlap_mm) * s.px_per_mm
        cover = s.row_end_cover or 0.0
        added = [0, 0]
        for side, way in enumerate((-1, 1)):
            for _ in range(MAX_ROW_ENDS):
                end = lo if way < 0 else hi
                if (end - reach_lo if way < 0 else reach_hi - end) < 0.5 * (cw + spill):
                    break
                # the card a step on, or short of that where the row's points end sooner: a
                # card's place guessed a quarter card past the row matched no face (an ebony
                # row of three on grey cloth, its body a card long, read as two)
                place = _reach(
                    end + way * (step - cw / 2), (reach_lo + cw / 2) if way < 0 else (reach_hi - cw / 2), way
                )
                # its cover counted past the mask's spill round the last card's edge; the
                # mask is at half resolution: a point stands for four of the view's pixels
                inside = (np.abs(u - place - way * spill / 2) <= cw / 2) & (np.abs(v - mid) <= ch / 2)
                if 4 * int(inside.sum()) < cover * cw * ch:
                    break
                match, _ = self.classify(
                    self.mummies, image, marker + along * place + across * mid, angle, along, across, cw
                )
                if match is None or match.score < s.min_score:
                    break
                # …but no further than the row's own points reach: a body cut short of
                # its end card by less than a card (a light card on light wood) is not
                # made a card longer than the row
                if way < 0:
                    lo = _reach(lo - step, reach_lo, way)
                else:
                    hi = _reach(hi + step, reach_hi, way)
                added[side] += 1
        return lo, hi, (added[0], added[1])

    def last_card_edges(
        self,
        image: np.ndarray,
        marker: np.ndarray,
        axes: tuple[np.ndarray, np.ndarray],
        stretch: tuple[float, float, float],
        added: tuple[int, int],
    ) -> tuple[float, float]:
        """The row's ends (``stretch``: its ends and middle along and across ``axes``) cut
        back to its last cards' outer edges where the mask runs on past them over plain
        table: a warm lamp's pool beside a row differs from the table round it as a card
        does, and lengthened a row of five by a third of a card, which was then counted as seven
        (photoreal Ankh 131). An edge spanning the card's height is a card's side; what
        lies beyond it must show no print (a card the table's colour shows its ink) and be
        less than ``EDGE_REACH`` of a card. Ends moved out to a faint card stay."""
        cw, ch = self.card_px
        along, across = axes
        lo, hi, mid = stretch
        out = EDGE_OUT * cw  # the card's own side may lie a little past the mask's end
        us = np.arange(lo - out, hi + out + 0.5, 1.0, dtype=np.float32)
        vs = np.arange(mid - 0.4 * ch, mid + 0.4 * ch, 1.0, dtype=np.float32)
        grid_u, grid_v = np.meshgrid(us, vs)
        xs = marker[0] + grid_u * along[0] + grid_v * across[0]
        ys = marker[1] + grid_u * along[1] + grid_v * across[1]
        band = cv2.remap(image, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR)
        grey = cv2.cvtColor(band, cv2.COLOR_BGR2GRAY).astype(np.float32)
        step = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
        across_all = np.median(step, axis=0)  # an edge the whole band's height: a card's side
        anywhere = step.mean(axis=0)  # any print at all
        plain = float(np.median(across_all))
        strong = max(EDGE_LEAST, EDGE_ABOVE * plain)
        reach = EDGE_REACH * cw
        ends = [lo, hi]
        for side, way in enumerate((-1, 1)):
            if added[side]:
                continue
            end = ends[side]
            near = (way * (us - end) >= -reach) & (way * (us - end) <= out)
            edges = np.nonzero(near & (across_all >= strong))[0]
            if len(edges) == 0:
                continue
            last = int(edges.min() if way < 0 else edges.max())
            # the edge's own peak: its strongest pixel within two of its outer one; what
            # lies beyond starts past its blurred tail
            run = range(max(last - 2, 0), min(last + 3, len(us)))
            peak = max(run, key=lambda i: float(across_all[i]))
            beyond = anywhere[last + 4 :] if way > 0 else anywhere[: max(last - 3, 0)]
            if (end - us[peak]) * way <= EDGE_LEAST_CUT * cw or len(beyond) == 0:
                continue
            if float(beyond.max()) < EDGE_PLAIN * strong:
                ends[side] = float(us[peak])
        return ends[0], ends[1]

    def row_body(self, points: np.ndarray, facing: np.ndarray) -> np.ndarray:
        """The row's points that a good part of a card (half its width by most of its
        height) fits round: the row's length and depth are measured on these, so spurs of
        noise, shadow or another row's corner joined to its ends do not make it a card
        longer. The row runs about square to the view (its seat card lies at an edge)."""
        cw, ch = self.card_px
        half = ((points - 0.5) * 0.5).astype(np.int32)  # back to the mask's px (exactly)
        x0, y0 = half.min(0)
        x1, y1 = half.max(0)
        grid = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
        grid[half[:, 1] - y0, half[:, 0] - x0] = 1
        ka, kc = max(1, round(0.25 * cw)), max(1, round(0.3 * ch))  # along, across (mask px)
        size = (kc, ka) if abs(facing[0]) > abs(facing[1]) else (ka, kc)  # (width, height)
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, size)
        body = cv2.morphologyEx(grid, cv2.MORPH_OPEN, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        keep = body[half[:, 1] - y0, half[:, 0] - x0] > 0
        # cards the colour of the table show only as their ink, bands and numerals: islands
        # a fifth of a card apart that a card's part fits in nowhere, so the row would be
        # its densest cards. Where closing those gaps first keeps twice as much of the row,
        # or half a card more of its length, the closed row is the body (a row seen whole
        # is left as it was)
        shut = cv2.getStructuringElement(cv2.MORPH_RECT, (max(1, round(0.2 * cw)), max(1, round(0.2 * ch))))
        closed = cv2.morphologyEx(grid, cv2.MORPH_CLOSE, shut, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        body = cv2.morphologyEx(closed, cv2.MORPH_OPEN, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0)
        whole = body[half[:, 1] - y0, half[:, 0] - x0] > 0
        t = points @ np.array([-facing[1], facing[0]])
        longer = whole.any() and keep.any() and float(np.ptp(t[whole]) - np.ptp(t[keep])) >= 0.5 * cw
        if longer or keep.sum() < 0.5 * whole.sum():
            keep = whole
        if keep.sum() < 0.25 * cw * ch / 4:
            return points
        # the opening also rounds off the blurred ends of the row: what lies within a tenth
        # of a card of the body's extent stays
        out = []
        for axis in (np.array([-facing[1], facing[0]]), facing):
            t = points @ axis
            lo, hi = t[keep].min() - 0.1 * cw, t[keep].max() + 0.1 * cw
            out.append((t >= lo) & (t <= hi))
        return points[out[0] & out[1]]

    def classify(
        self,
        index: FaceIndex | None,
        image: np.ndarray,
        centre: np.ndarray,
        angle: float,
        along: np.ndarray,
        across: np.ndarray,
        pitch: float,
        reach: int = 2,
        depth: int = 1,
    ) -> tuple[Match | None, np.ndarray]:
        """The best label at ``centre`` over small shifts: ``reach`` steps along the row
        and ``depth`` across it (a twentieth of the card's width, a 25th of its height)."""
        s = self.settings
        if index is None:
            return None, centre
        cw, ch = self.card_px
        step_u, step_v = 0.05 * cw, 0.04 * ch
        # in half steps along (a step is a pixel and a half of the patch: whole pixels only)
        cells = [(a, b) for a in range(-2 * reach, 2 * reach + 1) for b in range(-depth, depth + 1)]
        patches, offsets = crop_grid(
            image, centre, (cw, ch), angle, cells, (step_u / 2, step_v), along, s.patch
        )
        match = index.match(patches, s.min_score, s.min_margin)
        where = centre + offsets[match.which]
        inked = None
        if index is self.mummies and self.inks and s.ink_ratio is not None:
            inked = self.ink_colour(crop_patch(image, where, self.card_px, angle, s.patch, INK_INNER))
        if inked is not None and "-" in match.label and inked != match.label.rsplit("-", 1)[0]:
            # the faces' shapes and the enrolment photos' light chose another colour than
            # the card's ink: its value is sought among its ink's colour
            own = tuple(n for n in index.names if n.rsplit("-", 1)[0] == inked)
            match = index.match(patches, s.min_score, s.min_margin, among=own)
            where = centre + offsets[match.which]
        seen = _chroma(patches[match.which])
        apart = {n: float(np.linalg.norm(seen - self.colours[n])) for n in match.ranked}
        fits = [n for n in match.ranked if apart[n] <= s.max_chroma]
        # the face's shapes match but its colour does not: a face not enrolled, unless
        # the call was close and a label of the colour seen is among the leaders
        astray = match.label not in fits
        unsure = Match(match.label, match.score, match.runner_up, 0.0, match.which, match.ranked)
        if astray and (match.confidence >= 1.0 or not fits or len(match.ranked) < 2):
            return unsure, where
        if index is self.mummies and not astray and inked is None:
            # under a colour cast a pale face of one colour looks like another's: a leading
            # label of another colour that fits the colour seen better makes it no clear call
            nearest = min(match.ranked[:3], key=lambda n: apart[n])
            if nearest.rsplit("-", 1)[0] != match.label.rsplit("-", 1)[0]:
                return unsure, where
        if match.confidence < 1.0 and len(match.ranked) > 1:
            square = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
            crops, near = crop_grid(
                image, where, (cw, ch), angle, square, (step_u, step_v), along, s.fine, FINE_INNER
            )
            among = match.ranked[:3]
            if index is self.mummies:
                # a blurred first look tells a card's colour, not its value: the true value
                # is often not among the leaders, so every value of the colour seen is
                # looked at again
                colour = fits[0].rsplit("-", 1)[0]
                among += tuple(n for n in index.names if n.rsplit("-", 1)[0] == colour and n not in among)
            raw = index.smoothed_rows(crops)
            looks = [index.rerank(crops, among, s.min_score, s.min_margin, raw=raw)]
            if index is self.mummies:
                # cards of one colour differ only in their value: look where the leading
                # labels' enrolled faces differ, the rest (shared art) left out
                looks.append(value_look(index, raw, among, s.value_min_score, s.min_margin))
            if not astray:
                looks.append(match)
            best = max(looks, key=lambda m: m.confidence)
            if best is match and len(looks) == 3 and looks[0].label == looks[1].label != match.label:
                # both sharper looks name another label: the blurred look is not trusted
                return unsure, where
            if best is not match:
                there = where + near[best.which]
                seen = _chroma(crop_patch(image, there, (cw, ch), angle, s.patch))
                if float(np.linalg.norm(seen - self.colours[best.label])) > s.max_chroma:
                    return Match(best.label, best.score, best.runner_up, 0.0, best.which, best.ranked), there
                return best, there
        return match, where

    def ink_colour(self, patch: np.ndarray) -> str | None:
        """The card's colour by its ink (``_ink``: against its own ground, so the lamp's
        and each enrolment photo's light cancel), where one colour's enrolled ink lies
        clearly nearest (its distance at most ``ink_ratio`` of the next colour's)."""
        s = self.settings
        if s.ink_ratio is None or not self.inks:
            return None
        seen = _ink(patch, INK_SHARE)
        apart = sorted((float(np.linalg.norm(seen - ink)), colour) for colour, ink in self.inks.items())
        if len(apart) < 2 or apart[0][0] > s.ink_ratio * apart[1][0]:
            return None
        return apart[0][1]

    def detail_look(
        self, image: np.ndarray, match: Match, where: np.ndarray, angle: float
    ) -> tuple[Match, bool, Match | None]:
        """A mummy card's value once more, where its colour's faces differ
        (``vision.detail_look``). Where it clearly names the other looks' label, two looks
        agree and the card is read (the trained look may still doubt it); where it clearly
        names another, it disputes theirs (True): a question between its label (now first)
        and theirs; else their ``match`` stands. Also its own verdict, sure or not (None
        where it did not look)."""
        s, index = self.settings, self.mummies
        if not s.detail or index is None or "-" not in match.label:
            return match, False, None
        colour = match.label.rsplit("-", 1)[0]
        among = tuple(n for n in index.names if n.rsplit("-", 1)[0] == colour)
        patch = crop_patch(image, where, self.card_px, angle, s.patch)
        if len(among) < 2 or float(np.linalg.norm(_chroma(patch) - self.colours[match.label])) > s.max_chroma:
            # it tells values apart, not colours: a colour not seen is no call of its
            return match, False, None
        look = _detail_look_of(index)
        # the card's half turn: the one its colour's best enrolled face matched in
        row = (normalised(smoothed(index.prepare(patch))[None]) @ index.matrix.T)[0]
        mine = [i for i, label in enumerate(index.labels) if label == match.label]
        turn = index.turns[mine[int(np.argmax(row[mine]))] % len(index.turns)]
        crop = crop_patch(image, where, self.card_px, angle, DETAIL_FACE, 1.0)
        share = 1.0
        if s.detail_seen is not None and self.last_view is not None:
            share = s.detail_seen * self.last_view.frame_px(where) * self.card_px[0] / DETAIL_FACE[0]
        seen = look.look(crop, among, turn, s.detail_min_score, s.detail_margin, share)
        if seen is None:
            return match, False, None
        if seen.label == match.label:
            if seen.confidence < s.min_confidence or not self._detail_reliable():
                return match, False, seen
            return replace(match, confidence=max(match.confidence, seen.confidence)), False, seen
        # another value that the detail fits better at all (scoring at least its least
        # score) is a dispute even where the detail look is unsure of it: the other looks
        # compare whole faces, and a tint or shading the enrolment photos happened to have
        # can carry them to one value together (a blurred line-art 3 read as a 1 by both,
        # the 1's photo the more alike in its light)
        veto, theirs = s.detail_veto, seen.scores_by_label().get(match.label, -1.0)
        fits = veto is not None and seen.score >= s.detail_min_score and seen.score - theirs >= veto
        if seen.confidence < s.min_confidence and not fits:
            return match, False, seen
        # two looks at odds: a question, with both their labels as its candidates — unless
        # the trained look settles it (``second_look``). Never the detail look's label on its
        # own: on the tuned families it was right in 164 of the 168 cards it disputed, but
        # a 5 it took for a 3 on an easy table (numerals alike but for one stroke) is a
        # wrong score, where a question costs a tap
        ranked = (seen.label, match.label, *(n for n in match.ranked if n not in (match.label, seen.label)))
        return replace(match, label=seen.label, confidence=0.0, ranked=ranked), True, seen

    def second_look(
        self,
        image: np.ndarray,
        match: Match,
        where: np.ndarray,
        angle: float,
        disputed: bool = False,
        detail: Match | None = None,
    ) -> tuple[Match, str | None, Opinion]:
        """A row card once more, as the trained look sees it (``PathReader.trained_second_look``
        for tiles): the same label surely where the others were unsure makes it read; another
        label all but certainly where they were not fully sure makes it a question (and that
        label is returned as the doubt, with the trained look's opinion)."""
        assert self.trained is not None
        crop = crop_patch(image, where, self.card_px, angle, TRAINED_CARD, TRAINED_INNER)
        trust = self.settings.trust
        if len({n.rsplit("-", 1)[0] for n in match.ranked[:3]}) > 1:
            # the other looks are unsure of the colour too: the crop may straddle two
            # cards of a row cut wrongly, where the trained look is sure of anything
            trust = replace(trust, promote=None)
        reliable = self._detail_reliable()
        if self.settings.detail and not reliable:
            # a box whose values the detail look cannot tell apart at the camera's
            # resolution: neither can the trained look, taught on copies of the same
            # photos — it reads no card the whole-card looks were unsure of (photoreal
            # ebony, sets looked at: of 29 such cards 6 were wrong)
            trust = replace(trust, sure=math.inf, promote=None)
        opinion = self.trained.opinion([crop])
        clear = detail is not None and detail.confidence >= self.settings.min_confidence
        # a clear detail look of a box it can trust itself with (``DetailLook.reliable``)
        agreed = detail is not None and detail.label == match.label
        if (
            self.settings.unclear_detail_always_asks
            and detail is not None
            and not clear
            and not disputed
            and not (
                match.confidence >= 1.0
                and agreed
                and opinion.label == match.label
                and opinion.prob >= trust.sure
            )
        ):
            # the look meant to tell a colour's values apart looked and could not: the
            # whole-card looks and the trained look, taught on the same photos, are sure of
            # a value together where the mark that shows it is lost (line-art yellow 5s read
            # as 4s at 1.0, ebony blue 2s as 3s with the trained look certain); only all of
            # them at their surest read it (synthetic classic: 42 cards asked for no error
            # without that)
            doubt = opinion.label if opinion.label != match.label else None
            return replace(match, confidence=0.0), doubt, opinion
        # the detail look tells a colour's values apart, not colours: the trained look naming
        # another colour leaves the card's colour in doubt, which the detail look's word
        # cannot settle (photoreal Ankh 127, ebony: a green 2 the whole-card looks took for
        # blue or green, read as a blue 2)
        raised = disputed or match.confidence < self.settings.min_confidence
        recoloured = raised and opinion.label.rsplit("-", 1)[0] != match.label.rsplit("-", 1)[0]
        hair = self.settings.detail_hairline
        if (
            hair is not None
            and detail is not None
            and reliable
            and clear
            and agreed
            and detail.confidence < self.settings.min_confidence + hair
            and opinion.label != match.label
            and opinion.prob >= self.settings.hairline_doubt
        ):
            # the detail look clear only by a hair, and the trained look three to one for
            # another value: neither look sure, the two at odds — a question (photoreal sets
            # looked at: mosaic yellow 1s read as 3s, the trained look at 0.95 and 0.98 for
            # the 1; synthetic photo: a blue 2 read as a 1)
            return replace(match, confidence=0.0), opinion.label, opinion
        if reliable and clear and agreed and opinion.prob < trust.sure and not recoloured:
            # it and the others name one label (or it alone, disputing theirs): the trained
            # look's doubt short of all but certain does not make it a question
            # (photoreal sets looked at, the boxes it trusts: 29 agreeing and 74 disputing
            # cards read, every one right; synthetic seed 40000: 27 and 32)
            if raised:
                return replace(match, confidence=trust.confidence), None, opinion
            return match, None, opinion
        if (
            self.settings.unclear_detail_asks
            and not disputed
            and detail is not None
            and not clear
            and self.settings.min_confidence <= match.confidence < 1.0
            and not (opinion.label == match.label and opinion.prob >= self.settings.trust.sure)
        ):
            # only the whole-card looks name it, and not fully surely: the detail look,
            # meant to tell a colour's values apart, could not (photoreal sets looked at:
            # of 10 such cards 5 were wrong, line-art yellow 1s taken for 2s by every look)
            doubt = next((n for n in (opinion.label, detail.label) if n != match.label), None)
            return replace(match, confidence=0.0), doubt, opinion
        if detail is not None and opinion.label != detail.label:
            # the detail look named another value, if unsurely: the trained look's word
            # alone does not make the card read (photoreal sets looked at: of the cards read
            # on it alone, every one the detail look named otherwise was wrong)
            trust = replace(trust, promote=None)
        if disputed:
            # the detail look against the others: the trained look all but certain of the
            # detail look's label makes two looks of three agree (where the box's detail look
            # may be trusted, it was read above) — if the detail look itself was clear
            if self.settings.unclear_dispute_asks and not clear:
                return match, None, opinion
            if opinion.label == match.label and opinion.prob >= trust.sure:
                return replace(match, confidence=trust.confidence), None, opinion
            return match, None, opinion
        return (*weigh(match, opinion, self.settings.min_confidence, trust), opinion)

    def _detail_reliable(self) -> bool:
        """Whether this box's detail look may be trusted (``DetailLook.reliable``)."""
        s = self.settings
        if self.mummies is None:
            return False
        return _detail_look_of(self.mummies).reliable(s.detail_min_score, s.detail_margin)

    def _card(
        self,
        match: Match | None,
        where: np.ndarray,
        doubt: str | None = None,
        opinion: Opinion | None = None,
        faint: bool = False,
    ) -> dict[str, Any]:
        """``faint``: a card the row's outline hardly shows (``row_ends``)."""
        s = self.settings
        readable = match is not None and match.confidence >= s.min_confidence
        reason = "no faces of this kind are enrolled"
        if match is not None and faint:
            reason = f"a card the row's outline hardly shows (near the table's colour?), like {match.label}"
        elif match is not None and doubt is not None:
            reason = f"it looks like {match.label}, or like {doubt} to the learned look"
        elif match is not None:
            reason = "the face matches no enrolled face clearly"
            if match.score >= s.min_score:
                reason = (
                    f"it looks like {match.label} but not clearly enough (confidence {match.confidence:.2f})"
                )
        return {
            "label": match.label if readable and match else None,
            "confidence": match.confidence if match else 0.0,
            "view": where,
            "reason": reason,
            "match": match,
            "doubt": doubt,
            "opinion": opinion,
        }

    # ------------------------------------------------------------ the papyrus pile

    def read_pile(
        self, image: np.ndarray, points: np.ndarray, to_image: np.ndarray, reading: CardReading
    ) -> None:
        """The top papyrus: of the pile's few best card outlines, the one whose face
        matches an enrolled papyrus best (an outline made of two cards' edges shows no
        whole face). The papyri's colour bars are stacked along the card's height, so an
        outline that took a bar's edge for a side lies a bar off, where the bars of
        another papyrus (the same colours, turned round by one) fit: the best outline's
        face is looked for again over a bar's height each way, and taken there unless
        another papyrus fits there no better than the outline's own did — asked then."""
        best: tuple[Match | None, np.ndarray, float] | None = None
        for centre, angle in self.outlines(image, points):
            match, where = self.classify(self.papyri, image, centre, angle, *_axes(angle), self.card_px[0], 1)
            if best is None or (match is not None and (best[0] is None or match.score > best[0].score)):
                best = (match, where, angle)
        if best is None:
            return
        torn = None
        if best[0] is not None:
            angle = best[2]
            moved = self.classify(self.papyri, image, best[1], angle, *_axes(angle), self.card_px[0], 2, 5)
            if (
                moved[0] is not None
                and moved[0].label != best[0].label
                and moved[0].score < best[0].score + PILE_BETTER
            ):
                # a bar's height off the outline another papyrus fits, but not clearly
                # better than the outline's own: two places, two papyri — a question
                # (photoreal Ankh seed 103: the place a bar off fit a papyrus of the same
                # colours turned round by one, and every look there agreed, at 0.93)
                torn = moved[0].label
            else:
                best = (*moved, angle)
        off = None
        if best[0] is not None and self.papyri is not None and self.settings.rank_margin is not None:
            here = self.rank_read(image, best[1], best[2])
            off = self.bar_off(image, best[0], best[1], best[2], here)
            best = (off or self.ranked_by(best[0], here), best[1], best[2])
        if torn is not None and best[0] is not None:
            ranked = (*best[0].ranked[:1], torn, *(n for n in best[0].ranked[1:] if n != torn))
            best = (replace(best[0], confidence=0.0, ranked=ranked), best[1], best[2])
        # an outline pieced from the pile's edges and the table round it, the crop turned
        # a quarter: a 2×2 grid of colours turned looks like another papyrus's (an ebony
        # papyrus of seed 73 read wrong at full confidence, its outline 0.69 covered)
        cover = _covered(points, best[1], best[2], self.card_px)
        unclear = best[0] if best[0] is not None and cover < PILE_COVER else None
        if unclear is not None:
            best = (replace(unclear, confidence=0.0), best[1], best[2])
        card = self._card(best[0], best[1])
        if unclear is not None:
            filled = f"the pile fills {cover:.0%} of it"
            card["reason"] = f"its outline is unclear ({filled}): like {unclear.label}"
        elif off is not None and torn is None:
            card["reason"] = (
                "its colours read more clearly in another order a bar along its length than "
                f"where its outline was found (the pile's edges may hide it): like {off.ranked[0]}"
            )
        xy = _image_point(to_image, best[1])
        if card["label"] is None:
            why = "the papyrus: " + card["reason"]
            entry = {
                "seat": None,
                "index": None,
                "center": xy,
                "reason": why,
                "candidates": candidates(best[0]),
            }
            reading.unreadable.append(entry)
            return
        reading.papyrus = {**papyrus_of(card["label"]), "confidence": card["confidence"], "center": xy}

    def rank_read(self, image: np.ndarray, where: np.ndarray, angle: float) -> RankReading | None:
        """The papyrus once more, by the colours in its four rank places
        (``vision.papyrus_rank``): the rank look's reading of it cut out at ``where``,
        turned ``angle``."""
        assert self.papyri is not None
        crop = crop_patch(image, where, self.card_px, angle, RANK_CROP, 1.0)
        return _rank_look_of(self.papyri).read(crop)

    def ranked_by(self, match: Match, seen: RankReading | None) -> Match:
        """The face look's ``match`` after the rank look's reading. Where that look is
        clear (its best order of the colours fits ``rank_margin`` better than the next)
        and names the face look's order, two looks agree: an unsure papyrus is read. Where
        it names another order, the two are at odds: a question, its papyrus offered first."""
        s, index = self.settings, self.papyri
        assert index is not None and s.rank_margin is not None
        if seen is None or seen.margin < s.rank_margin:
            return match
        if seen.rank == tuple(papyrus_of(match.label)["rank"]):
            if match.confidence < s.min_confidence:
                return replace(match, confidence=s.trust.confidence)
            return match
        named = [n for n in index.names if tuple(papyrus_of(n)["rank"]) == seen.rank]
        ranked = (*named, *(n for n in match.ranked if n not in named))
        if match.label not in ranked[:2]:
            ranked = (*ranked[:1], match.label, *(n for n in ranked[1:] if n != match.label))
        return replace(match, label=ranked[0], confidence=0.0, ranked=ranked)

    def bar_off(
        self, image: np.ndarray, match: Match, where: np.ndarray, angle: float, here: RankReading | None
    ) -> Match | None:
        """A question where the papyrus's colours fit clearly better a bar or so along its
        height than at the place found (``here``: the rank look's reading there;
        ``bar_off_shifts``, ``bar_off_fit``), in another
        order: a pile's edges or the bars' own can place the outline a bar off, and there
        the same colours read turned round by one (fourteen photoreal sets looked at: five
        papyri read so, at 0.74-0.85; a bar along, their colours' misfit was 0.36-0.69 of it).
        Else None."""
        s, index = self.settings, self.papyri
        assert index is not None
        if s.bar_off_fit is None or s.rank_margin is None or here is None:
            return None
        own = tuple(papyrus_of(match.label)["rank"])
        height = _axes(angle)[1] * self.card_px[1]
        fits = []
        for share in s.bar_off_shifts:
            for side in (-1, 1):
                there = self.rank_read(image, where + side * share * height, angle)
                if there is not None and there.rank != own and there.margin >= s.rank_margin:
                    fits.append((there.cost, there.rank))
        near = [(c, r) for c, r in fits if c <= s.bar_off_fit * here.cost]
        if not near:
            return None
        # the order most places along read (a bar's height is not known: several shares
        # land on the same bars), then the best fitting
        rank = min(near, key=lambda f: (-sum(r == f[1] for _, r in near), f[0]))[1]
        named = [n for n in index.names if tuple(papyrus_of(n)["rank"]) == rank]
        ranked = tuple(dict.fromkeys((*named[:1], match.label, *named[1:], *match.ranked)))
        return replace(match, label=ranked[0], confidence=0.0, ranked=ranked)

    def outlines(
        self, image: np.ndarray, points: np.ndarray, keep: int = 3
    ) -> list[tuple[np.ndarray, float]]:
        """The pile's best card outlines: card-sized rectangles with the most edge all
        along their four sides (the top card's whole outline shows; the cards under it
        show parts of theirs). Each as its centre (top-view px) and the turn of its
        width axis (degrees), best first."""
        cw, ch = self.card_px
        pad = int(0.3 * ch)
        x0, y0 = np.floor(points.min(0)).astype(int) - pad
        x1, y1 = np.ceil(points.max(0)).astype(int) + pad
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, image.shape[1]), min(y1, image.shape[0])
        gray = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
        look = Outlines(gray, cw, ch)
        coarse = [(look.at(theta, 0.5)[0], theta) for theta in np.arange(-90.0, 90.0, 4.0)]
        n = len(coarse)
        peaks = [
            coarse[i]
            for i in range(n)
            if coarse[i][0] >= coarse[(i - 1) % n][0] and coarse[i][0] >= coarse[(i + 1) % n][0]
        ]
        peaks.sort(key=lambda c: -c[0])
        found = []
        for _, theta0 in peaks[:keep]:
            turns = np.arange(theta0 - 2, theta0 + 2.01, 1.0)
            fine = [(*look.at(theta), theta) for theta in turns]
            _, where, theta = max(fine, key=lambda c: c[0])
            theta = true_turn(gray, where, (cw, ch), float(theta))
            _, where = look.at(theta)
            found.append((where + np.array([x0, y0]), theta))
        return found


def _reach(end: float, reach: float, way: int) -> float:
    """A place along a row moved out a card (``way`` −1: towards its start, 1: its end),
    but no further than ``reach``, where the row's points end."""
    return max(end, reach) if way < 0 else min(end, reach)


def _covered(points: np.ndarray, centre: np.ndarray, angle: float, size: tuple[float, float]) -> float:
    """The share of a card's outline (``centre``, turned by ``angle``; top-view px) that the
    pile's ``points`` (the half-resolution mask's, each standing for four px) fill."""
    along, across = _axes(angle)
    rel = points - centre
    inside = (np.abs(rel @ along) <= size[0] / 2) & (np.abs(rel @ across) <= size[1] / 2)
    return float(4 * inside.sum() / (size[0] * size[1]))


def candidates(match: Match | None, opinion: Opinion | None = None) -> list[str]:
    """The two labels to ask the table about an unreadable card: the reader's own first,
    then the best other (the deck may have pushed the card off its best label), led by
    the trained look's first where it has one (``to_ask``); empty when nothing matched
    at all."""
    if match is None:
        return []
    scores = match.scores_by_label()
    others = [n for n in match.ranked if n != match.label]
    others += sorted((n for n in scores if n != match.label and n not in others), key=lambda n: -scores[n])
    return to_ask([match.label, *others], opinion)


def _axes(angle: float) -> tuple[np.ndarray, np.ndarray]:
    """A card's width and height directions (top-view px) for the turn of its width axis."""
    a = np.radians(angle)
    return np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])


def _face_index(faces: list[tuple[str, np.ndarray]], s: CardSettings) -> FaceIndex:
    """The compared faces, built once per catalogue (a table's reader is made anew for
    each game, the benchmark's for each frame), with what their looks learn on first use."""
    key = photos_digest(faces, repr(("cards", CARD_TURNS, s.patch, s.fine)))
    index: FaceIndex = _INDEXES.get(key, lambda: FaceIndex(faces, CARD_TURNS, s.patch, s.fine))
    return index


@dataclass
class _Weights:
    """``value_look``'s weighing of one index's faces for one ``among``: the leading
    labels' enrolled rows (normalised), each row's place in ``among``, and per half turn
    its rows, each pixel's weight and those rows weighed and normalised (alike for every
    card of that close call: normalised once)."""

    enrolled: np.ndarray
    cols: np.ndarray
    turns: list[tuple[np.ndarray, np.ndarray, np.ndarray]]


def _weights(index: FaceIndex, among: tuple[str, ...], turns: int) -> _Weights:
    """The weights of ``value_look``, kept per index for the last 64 ``among`` (the rows
    kept once per set of labels): the same close calls come up card after card (on the
    benchmark two in three are met again within 64; keeping more finds few more)."""

    def build() -> _Weights:
        rows = [i for i, label in enumerate(index.labels) if label in among]
        labels = _ROWS.setdefault(index, Kept(32))
        enrolled: np.ndarray = labels.get(frozenset(among), lambda: normalised(index.fine[rows]))
        cols = np.array([among.index(index.labels[i]) for i in rows], np.int64)
        turn = np.array([i % turns for i in rows])  # each face's rows: its turns in order
        out = []
        for t in np.unique(turn):
            sel = np.nonzero(turn == t)[0]
            mine, of = enrolled[sel], cols[sel]
            present = [j for j in range(len(among)) if np.any(of == j)]
            if len(present) < 2:
                continue
            means = np.array([mine[of == j].mean(0) for j in present])
            spread = means.std(0)
            spread /= max(float(spread.max()), 1e-6)
            out.append((sel, spread, normalised(enrolled[sel] * spread)))
        return _Weights(enrolled, cols, out)

    kept = _WEIGHTS.setdefault(index, Kept(64))
    weights: _Weights = kept.get((among, turns), build)
    return weights


def value_look(
    index: FaceIndex,
    raw: np.ndarray,
    among: tuple[str, ...],
    min_score: float,
    min_margin: float,
    turns: int = len(CARD_TURNS),
) -> Match:
    """A close call between faces alike but for a detail (cards of one colour and
    different values) looked at only where the leading labels' enrolled faces differ:
    each pixel weighed by how far those faces spread there (for each half turn apart),
    so the shared art, frame and colour count for nothing. Learnt from the enrolled
    faces alone (``index.fine``, the sharp second-look patches). ``raw``: the FINE
    crops' ``index.smoothed_rows``."""
    w = _weights(index, among, turns)
    raw = normalised(raw)
    scores = np.full((len(raw), len(w.cols)), -1.0, np.float32)
    for sel, spread, weighed in w.turns:
        scores[:, sel] = normalised(raw * spread) @ weighed.T
    return verdict(scores, w.cols, list(among), min_score, min_margin, len(among))


def hand_depth(skin: np.ndarray) -> float:
    """How deep (half-resolution px) the deepest smooth skin-coloured patch of the
    foreground (``hand_skin``) is: the radius of the widest disc it holds. Card faces are
    busy with print and cut apart by their dark edges; a palm is plain."""
    if not skin.any():
        return 0.0
    return float(cv2.distanceTransform(skin, cv2.DIST_L2, 3).max())


def hand_skin(small: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The foreground's smooth skin-coloured pixels (0/255): where a palm may be."""
    ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    skin = cv2.inRange(ycc, (40, 135, 85), (250, 180, 135)) & (mask * 255)
    if not skin.any():
        return skin
    grey = cv2.GaussianBlur(ycc[:, :, 0], (3, 3), 0)
    edges = cv2.magnitude(
        cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    )
    skin[edges > 60] = 0
    return skin


def card_foreground(
    image: np.ndarray, card_px: float, px_per_mm: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What is not table, at half resolution (and that half-resolution image, and what of
    it is busy with edges: print): far in chromaticity from the table round it, or busy
    with edges. The table's colour is
    taken locally (the median over a 210 mm neighbourhood of 30 mm cells, wider than a
    row of cards is deep), so a colour cast that varies across the table stays table,
    and chromaticity does not change under a shadow."""
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    k = max(3, int(card_px * 0.5 * 0.3)) | 1
    edges = cv2.blur(cv2.magnitude(gx, gy), (k, k))
    cell = max(4, round(30 * px_per_mm * 0.5))
    busy = edges > np.maximum(np.float32(40.0), np.float32(BUSIER_THAN_TABLE) * _table_texture(edges, cell))
    # the table's colour per 30 mm cell from its plain pixels; cells mostly covered are
    # filled in from round about, then a median over 150 mm evens out what is left
    f = _chromaticity(cv2.blur(small, (3, 3)))  # channel by channel: numpy is slow over an axis of 3
    # twice: a plain card (a smooth print, not busy) first counts as table in its cells,
    # tinting the table round it, so the table beside it stands out in a strip a cell
    # wide; the second time what stood out the first is left out of the table's colour
    far = np.zeros_like(busy)
    for _ in range(2):
        table = _table_colour(small, busy | far, cell)
        t = _chromaticity(table)
        apart = [cv2.absdiff(a, b) for a, b in zip(f, t, strict=True)]
        far = (apart[0] + apart[1]) + apart[2] > 0.04
    mask = (far | busy).astype(np.uint8)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)), small, busy


def _print_share(busy: np.ndarray, where: np.ndarray, radius: float) -> float:
    """The share of a disc of ``radius`` (top-view px) round ``where`` that ``busy`` (half
    resolution) marks as print; 1 where the disc lies off the map."""
    r = max(radius / 2, 1.0)
    cx, cy = float(where[0]) / 2, float(where[1]) / 2
    x0, y0 = max(int(cx - r), 0), max(int(cy - r), 0)
    x1, y1 = min(int(cx + r) + 1, busy.shape[1]), min(int(cy + r) + 1, busy.shape[0])
    if x1 <= x0 or y1 <= y0:
        return 1.0
    yy, xx = np.ogrid[y0:y1, x0:x1]
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    return float(busy[y0:y1, x0:x1][disc].mean()) if disc.any() else 1.0


def _table_texture(edges: np.ndarray, cell: int) -> np.ndarray:
    """How busy the table itself is at every pixel: each 30 mm cell's median edge
    strength, then the lower quartile of those over seven cells each way (210 mm, as for
    its colour; a long row of cards by the view's edge fills near half of them). Sharp
    wood grain near the camera is as busy as a card's plain parts; only what is clearly
    busier than the table round it is a card's print."""
    h, w = edges.shape
    gh, gw = -(-h // cell), -(-w // cell)
    padded = cv2.copyMakeBorder(edges, 0, gh * cell - h, 0, gw * cell - w, cv2.BORDER_REFLECT)
    cells = padded.reshape(gh, cell, gw, cell).transpose(0, 2, 1, 3).reshape(gh, gw, -1)
    grid = cv2.copyMakeBorder(np.median(cells, axis=2).astype(np.float32), 3, 3, 3, 3, cv2.BORDER_REFLECT)
    windows = np.lib.stride_tricks.sliding_window_view(grid, (7, 7)).reshape(gh, gw, -1)
    quartile = np.percentile(windows, 25, axis=2).astype(np.float32)
    return cv2.resize(quartile, (w, h), interpolation=cv2.INTER_LINEAR)


def _table_colour(small: np.ndarray, covered: np.ndarray, cell: int) -> np.ndarray:
    """The table's colour at every pixel: the mean of each cell's pixels not ``covered``;
    cells mostly covered are filled in from round about, then a median over five cells
    evens out what is left."""
    h, w = small.shape[:2]
    gw, gh = -(-w // cell), -(-h // cell)
    free = ~covered
    share = cv2.resize(free.astype(np.float32), (gw, gh), interpolation=cv2.INTER_AREA)
    # the covered pixels zeroed as 8-bit (copyTo's fresh output is zero where its mask is):
    # the same floats as zeroing them after the conversion, sooner than a boolean index
    kept = cv2.copyTo(small, free.view(np.uint8)).astype(np.float32)
    sums = cv2.resize(kept, (gw, gh), interpolation=cv2.INTER_AREA)
    grid: np.ndarray = np.clip(sums / np.maximum(share, 1e-3)[:, :, None], 0, 255).astype(np.uint8)
    hole = (share < 0.5).astype(np.uint8)
    if hole.any() and not hole.all():
        grid = cv2.inpaint(grid, hole, 3, cv2.INPAINT_TELEA)
    return cv2.resize(cv2.medianBlur(grid, 5), (w, h), interpolation=cv2.INTER_LINEAR)


def _view_points(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Half-resolution mask pixels → the top view's pixels (N×2, x then y)."""
    return np.column_stack([xs, ys]).astype(np.float64) / 0.5 + 0.5


def _chromaticity(image: np.ndarray) -> list[np.ndarray]:
    """Each channel (plus 6, against the noise of dark pixels) over their sum, as float32."""
    planes = [p.astype(np.float32) + np.float32(6.0) for p in cv2.split(image)]
    total = (planes[0] + planes[1]) + planes[2]
    return [np.divide(p, total, out=p) for p in planes]


def _blank_marker(mask: np.ndarray, view: TopView, cal: Calibration, marker: Marker) -> None:
    """A marker's paper and the blur round it (8 mm) left out of the half-resolution mask."""
    corners = view.view_point(cal.table_points(marker.corners)) * 0.5
    centre = corners.mean(0)
    paper = centre + (corners - centre) * ((MARKER_MM / 2 + QUIET_MM + 8) / (MARKER_MM / 2))
    cv2.fillPoly(mask, [np.round(paper).astype(np.int32)], 0)


def _chroma(patch: np.ndarray) -> np.ndarray:
    """A patch's mean colour as Lab (a, b), OpenCV's 8-bit scale."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB)
    n = lab.shape[0] * lab.shape[1]
    if n * 255 >= 1 << 24:  # float32 sums of 8-bit values are exact only below 2^24
        return lab.reshape(-1, 3)[:, 1:].astype(np.float32).mean(axis=0)
    sums = cv2.sumElems(lab)  # exact, so the same float32 mean as numpy's, sooner
    return np.array(sums[1:3], np.float32) / np.float32(n)


def _inward(table_mm: np.ndarray, cal: Calibration) -> np.ndarray:
    """The way into the table from a seat card: away from the table edge it lies nearest."""
    x, y = float(table_mm[0]), float(table_mm[1])
    gaps = [
        (x, (1.0, 0.0)),
        (cal.width_mm - x, (-1.0, 0.0)),
        (y, (0.0, 1.0)),
        (cal.height_mm - y, (0.0, -1.0)),
    ]
    return np.array(min(gaps)[1])


def _image_point(to_image: np.ndarray, view_px: np.ndarray) -> list[float]:
    c = cv2.perspectiveTransform(np.asarray(view_px, np.float64).reshape(1, 1, 2), to_image)[0, 0]
    return [round(float(c[0]), 1), round(float(c[1]), 1)]


def _shared_ground(grounds: dict[str, list[np.ndarray]]) -> bool:
    """Whether the colours' cards share their ground: the grounds' chroma (Lab a, b) lies
    apart between colours no more than ``INK_GROUND_APART`` times as much as within one
    (as the lights of the enrolment photos scatter it), plus a unit of noise. A box whose
    cards are tinted in their own colour (or printed full of it) fails: balancing a card
    against its ground would take its colour out."""
    chroma = {
        colour: [
            cv2.cvtColor(np.clip(g, 0, 255).astype(np.uint8)[None, None], cv2.COLOR_BGR2LAB)[0, 0, 1:].astype(
                np.float64
            )
            for g in gs
        ]
        for colour, gs in grounds.items()
    }
    means = {colour: np.mean(v, axis=0) for colour, v in chroma.items()}
    centre = np.mean(list(means.values()), axis=0)
    between = float(np.mean([np.sum((m - centre) ** 2) for m in means.values()]))
    within = float(np.mean([np.sum((x - means[c]) ** 2) for c, v in chroma.items() for x in v]))
    return between <= INK_GROUND_APART * (within + 1.0)


def _ink(patch: np.ndarray, share: float) -> np.ndarray:
    """A card's ink colour (Lab a, b about neutral): the patch white-balanced against its
    own ground — its commonest colour, the paper, parchment or dark face every card of a
    box shares, so the lamp's tint and each enrolment photo's own light cancel — then the
    mean of its most saturated ``share`` of pixels."""
    f = patch.reshape(-1, 3).astype(np.float32)
    ground = np.maximum(commonest_colour(patch), 1.0)
    even = np.clip(f * (ground.mean() / ground), 0, 255).astype(np.uint8).reshape(patch.shape)
    ab = cv2.cvtColor(even, cv2.COLOR_BGR2LAB).reshape(-1, 3)[:, 1:].astype(np.float32) - 128.0
    sat = np.einsum("ij,ij->i", ab, ab)
    k = max(1, round(share * len(sat)))
    top = np.argpartition(sat, len(sat) - k)[len(sat) - k :]
    out: np.ndarray = ab[top].mean(0)
    return out


def _built_once(
    store: weakref.WeakKeyDictionary[FaceIndex, _Look], index: FaceIndex, build: Callable[[Any], _Look]
) -> _Look:
    """A look built from a catalogue's faces (``build(index.faces)``), once per catalogue."""
    look = store.get(index)
    if look is None:
        look = store.setdefault(index, build(index.faces))
    return look


def _rank_look_of(index: FaceIndex) -> RankLook:
    """The rank look of a catalogue's papyri."""
    return _built_once(_RANKS, index, RankLook)


def _detail_look_of(index: FaceIndex) -> DetailLook:
    """The detail look of a catalogue's faces."""
    return _built_once(_DETAILS, index, DetailLook)
