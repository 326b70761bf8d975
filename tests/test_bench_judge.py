"""The path benchmark's judge: a question counts as offering the right label only where the
right label is among its candidates, and only for a tile matched to the truth."""

from bench.vision import Tally, judge


def _tile(label: str | None, x: float) -> dict[str, object]:
    return {"label": label, "confidence": 1.0 if label else 0.0, "center": [x, 100.0]}


def test_a_question_offers_the_right_label_only_when_it_is_among_its_candidates() -> None:
    truth = {
        "tiles": [_tile(n, 40.0 * k) for k, n in enumerate(["cat-green", "mask-blue", "pharaoh"])],
        "pawns": [],
    }
    doc = {
        "tiles": [_tile(None, 0.0), _tile(None, 40.0), _tile("pharaoh", 80.0), _tile(None, 500.0)],
        "pawns": [],
        "unreadable": [
            {"index": 0, "candidates": ["cat-green", "horus-green"]},
            {"index": 1, "candidates": ["mask-purple", "mask-green"]},
            {"index": 3, "candidates": ["mask-blue"]},  # off the path: an extra, no question of the truth's
        ],
    }
    tally = Tally()
    judge(truth, doc, tally)
    assert (tally.unreadable, tally.offered, tally.extra, tally.wrong) == (2, 1, 1, 0)
