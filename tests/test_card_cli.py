"""`scarab vision enroll --game ankh` and `scarab vision read-cards`: the DESIGN.md
document, the overlay, and every kind of bad input refused with exit 3 and a code."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from vision.synth.art import ArtStyle
from vision.synth.cards import CardScene, write_card_enrolment_set

UNSEEN = ArtStyle(7)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("ankh-cli")
    write_card_enrolment_set(root / "photos", style=UNSEEN, seed=5)
    catalog = root / "catalog.json"
    assert (
        main(["vision", "enroll", "--game", "ankh", "--from", str(root / "photos"), "--out", str(catalog)])
        == 0
    )
    scene = CardScene(seats=3, seed=2, level="easy", style=UNSEEN)
    shot = scene.render()
    cv2.imwrite(str(root / "table.png"), shot.image)
    hand = CardScene(seats=3, seed=3, level="easy", style=UNSEEN).render(hand=True).image
    cv2.imwrite(str(root / "hand.png"), hand)
    return {"root": root, "catalog": catalog, "truth": shot.truth, "image": shot.image, "scene": scene}


def read_json(capsys, table: dict, image: Path | str, *more: str) -> tuple[int, dict]:
    code = main(["vision", "read-cards", str(image), "--catalog", str(table["catalog"]), "--json", *more])
    return code, json.loads(capsys.readouterr().out)


def test_read_cards_prints_the_design_document(table: dict, capsys) -> None:
    code, doc = read_json(capsys, table, table["root"] / "table.png")
    assert code == 0
    truth = table["truth"]
    assert {seat: [c["label"] for c in cards] for seat, cards in doc["rows"].items()} == truth["rows"]
    assert {"rank": doc["papyrus"]["rank"], "threshold": doc["papyrus"]["threshold"]} == truth["papyrus"]
    assert 0.5 <= doc["papyrus"]["confidence"] <= 1 and doc["complete"] is True and doc["unreadable"] == []
    for cards in doc["rows"].values():
        assert all(set(c) >= {"label", "confidence", "center"} for c in cards)


def test_read_cards_for_people_and_the_overlay(table: dict, tmp_path: Path, capsys) -> None:
    out = tmp_path / "seen.png"
    args = ["vision", "read-cards", str(table["root"] / "table.png"), "--catalog", str(table["catalog"])]
    assert main([*args, "--overlay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "papyrus" in text and "seat 0:" in text and "seat 2:" in text
    drawn = cv2.imread(str(out))
    assert drawn is not None and drawn.shape == table["image"].shape
    assert float(np.abs(drawn.astype(int) - table["image"]).mean()) > 0.5  # something was drawn


def test_enrol_ankh_lists_what_is_missing(tmp_path: Path, capsys) -> None:
    photos = tmp_path / "photos"
    write_card_enrolment_set(photos, ["green-1", "papyrus-green-yellow-blue-red-4"], UNSEEN, seed=1)
    (photos / "purple-2.png").write_bytes((photos / "green-1.png").read_bytes())
    code = main(
        [
            "vision",
            "enroll",
            "--game",
            "ankh",
            "--from",
            str(photos),
            "--out",
            str(tmp_path / "c.json"),
            "--json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["labels"] == ["green-1", "papyrus-green-yellow-blue-red-4"]
    assert len(doc["missing"]["ankh"]) == 36 and "red-5" in doc["missing"]["ankh"]
    assert "papyrus-red-blue-green-yellow-3" in doc["missing"]["ankh"]
    assert len(doc["problems"]) == 1 and "purple-2.png" in doc["problems"][0]


def covered_corner(image: np.ndarray) -> np.ndarray:
    from vision.markers import detect

    out = image.copy()
    corner = detect(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))[2].corners
    x0, y0 = corner.min(0).astype(int) - 12
    x1, y1 = corner.max(0).astype(int) + 12
    out[y0:y1, x0:x1] = (90, 130, 170)
    return out


@pytest.mark.parametrize(
    ("make", "code"),
    [
        ("text", "unreadable-image"),
        ("empty", "unreadable-image"),
        ("black", "too-dark"),
        ("white", "overexposed"),
        ("corner", "corner-markers-missing"),
        ("hand", "hand-over-table"),
        ("missing", "unreadable-image"),
    ],
)
def test_bad_input_is_exit_3_with_a_code(table: dict, tmp_path: Path, capsys, make: str, code: str) -> None:
    path = tmp_path / "frame.png"
    if make == "text":
        path.write_text("not a picture")
    elif make == "empty":
        path.write_bytes(b"")
    elif make == "black":
        cv2.imwrite(str(path), np.zeros((720, 1280, 3), np.uint8))
    elif make == "white":
        cv2.imwrite(str(path), np.full((720, 1280, 3), 255, np.uint8))
    elif make == "corner":
        cv2.imwrite(str(path), covered_corner(table["image"]))
    elif make == "hand":
        path = table["root"] / "hand.png"
    else:
        path = tmp_path / "nothing-here.png"
    exit_code, doc = read_json(capsys, table, path)
    assert exit_code == 3 and doc["error"]["code"] == code and doc["error"]["message"]


def test_a_missing_or_wrong_catalogue_is_refused(table: dict, tmp_path: Path, capsys) -> None:
    image = str(table["root"] / "table.png")
    code = main(["vision", "read-cards", image, "--catalog", str(tmp_path / "none.json"), "--json"])
    assert code == 3 and json.loads(capsys.readouterr().out)["error"]["code"] == "no-catalogue"
    tut = tmp_path / "tut.json"
    cat = json.loads(Path(table["catalog"]).read_text())
    tut.write_text(json.dumps({**cat, "game": "tutankhamen"}))
    code = main(["vision", "read-cards", image, "--catalog", str(tut), "--json"])
    assert code == 3 and json.loads(capsys.readouterr().out)["error"]["code"] == "wrong-catalogue"


def test_an_overlay_is_written_for_a_refused_frame_and_a_bad_suffix_refused(
    table: dict, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "why.png"
    code, doc = read_json(capsys, table, table["root"] / "hand.png", "--overlay", str(out))
    assert code == 3 and out.exists()
    code, doc = read_json(capsys, table, table["root"] / "table.png", "--overlay", str(tmp_path / "x.gif"))
    assert code == 3 and doc["error"]["code"] == "bad-suffix"
