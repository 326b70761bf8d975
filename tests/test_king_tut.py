"""King Tut ends the path in the OTB box (rules digest): the reader never reads it elsewhere."""

from __future__ import annotations

from vision.box import Outcome
from vision.faces import Match
from vision.path_reader import KING_TUT, kept_for_king_tut


def _m(label: str, confidence: float = 1.0) -> Match:
    return Match(label, 0.9, 0.5, confidence, 0)


def test_a_last_face_read_as_another_special_is_asked_with_king_tut_offered_first() -> None:
    matches = [_m("cat-green"), _m("mask-blue"), _m("goldbag", 0.85)]
    boxed: dict[int, Outcome] = {}
    offered = kept_for_king_tut(matches, [True, True, True], boxed)
    assert set(boxed) == {2} and boxed[2].label is None and "King Tut" in boxed[2].reason
    assert offered == {2: [KING_TUT, "goldbag"]}


def test_king_tut_read_before_the_end_is_asked_and_at_the_end_is_kept() -> None:
    matches = [_m(KING_TUT), _m("cat-green"), _m(KING_TUT)]
    boxed: dict[int, Outcome] = {}
    kept_for_king_tut(matches, [True, True, True], boxed)
    assert set(boxed) == {0} and boxed[0].label is None


def test_what_the_box_already_moved_or_left_unread_is_judged_as_it_stands() -> None:
    matches = [_m("cat-green"), _m("scarab-blue", 0.2), _m("goldbag")]
    boxed = {2: Outcome(KING_TUT, 0.9, "the box has only one gold bag")}
    offered = kept_for_king_tut(matches, [True, False, True], boxed)
    assert offered == {} and boxed[2].label == KING_TUT  # the box's own move to King Tut stands
