"""`scarab vision markers|enroll|read-path`: the DESIGN.md documents, the overlay, and every
kind of bad input refused with exit 3 and a code (never a traceback)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from vision.markers import detect
from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle
from vision.synth.tiles import TableScene, write_enrolment_set

UNSEEN = ArtStyle(7)
SEED = 6  # a medium scene read completely right with the enrolment below (measured)
HAND_SEED = 2  # a scene whose hand render is refused as a hand (on the tan table, seeds 0 and 5, it is not)


def path_labels(seed: int, n: int) -> list[str]:
    """``n`` tiles drawn from the OTB box (never more of a kind than it holds), King Tut last."""
    kinds = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
    box = [f"{k}-{c}" for k, m in kinds.items() for c in ("green", "blue", "purple") for _ in range(m)]
    return [*random.Random(seed).sample([*box, *["goldbag", "pharaoh"] * 3], n), "kingtut"]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Photos to enrol, the catalogue `scarab vision enroll` made from them, and frames."""
    root = tmp_path_factory.mktemp("vision")
    write_enrolment_set(root / "photos", [*TILE_LABELS, *PAWNS], UNSEEN, seed=11)
    catalog = root / "catalog.json"
    assert (
        main(
            [
                "vision",
                "enroll",
                "--game",
                "tutankhamen",
                "--from",
                str(root / "photos"),
                "--out",
                str(catalog),
            ]
        )
        == 0
    )
    scene = TableScene(path_labels(SEED, 40), seed=SEED, level="medium", style=UNSEEN)
    shot = scene.render(pawns={"pawn-red": 4, "pawn-cyan": 25})
    cv2.imwrite(str(root / "table.png"), shot.image)
    hand = TableScene(path_labels(HAND_SEED, 40), seed=HAND_SEED, level="easy", style=UNSEEN).render(
        hand=True
    )
    cv2.imwrite(str(root / "hand.png"), hand.image)
    return {"root": root, "catalog": catalog, "truth": shot.truth, "image": shot.image}


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def read_json(capsys, table: dict, image: Path | str, *more: str) -> tuple[int, dict]:
    return run_json(capsys, "vision", "read-path", str(image), "--catalog", str(table["catalog"]), *more)


# ---------------------------------------------------------------------- the documents


def test_read_path_prints_the_design_document(table: dict, capsys) -> None:
    code, doc = read_json(capsys, table, table["root"] / "table.png")
    assert code == 0
    assert set(doc) == {"tiles", "pawns", "unreadable", "complete", "tile_mm"} and doc["complete"] is True
    truth = table["truth"]
    assert len(doc["tiles"]) == len(truth["tiles"]) == 41
    for got, want in zip(doc["tiles"], truth["tiles"], strict=True):
        assert set(got) == {"label", "confidence", "center"}
        assert got["label"] in (None, want["label"])
        assert isinstance(got["confidence"], float) and len(got["center"]) == 2
    assert sum(t["label"] is None for t in doc["tiles"]) <= 3
    for entry in doc["unreadable"]:
        assert set(entry) == {"index", "center", "reason"} and doc["tiles"][entry["index"]]["label"] is None
    assert {p["label"]: p["index"] for p in doc["pawns"]} == {"pawn-red": 4, "pawn-cyan": 25}
    assert all(set(p) == {"label", "confidence", "index", "center"} for p in doc["pawns"])


def test_read_path_in_words(table: dict, capsys) -> None:
    assert (
        main(["vision", "read-path", str(table["root"] / "table.png"), "--catalog", str(table["catalog"])])
        == 0
    )
    out = capsys.readouterr().out
    assert "41 tiles from marker 10 to marker 11" in out
    first = table["truth"]["tiles"][0]["label"]
    assert any(line.split()[:2] == ["0", first] for line in out.splitlines())
    assert "pawn-red" in out and "on tile 4" in out


def test_the_overlay_draws_over_the_frame(table: dict, capsys, tmp_path: Path) -> None:
    out = tmp_path / "seen.png"
    code, doc = read_json(capsys, table, table["root"] / "table.png", "--overlay", str(out))
    assert code == 0 and doc["complete"]
    drawn = cv2.imread(str(out))
    assert drawn is not None and drawn.shape == table["image"].shape
    changed = np.abs(drawn.astype(int) - table["image"].astype(int)).max(axis=2) > 40
    assert changed.mean() > 0.01
    # the line is drawn along the path: the pixels between the first two tiles changed
    (x0, y0), (x1, y1) = (doc["tiles"][i]["center"] for i in (0, 1))
    mid = (round((y0 + y1) / 2), round((x0 + x1) / 2))
    assert changed[mid[0] - 2 : mid[0] + 3, mid[1] - 2 : mid[1] + 3].any()


def test_an_overlay_shows_why_a_frame_was_refused(table: dict, capsys, tmp_path: Path) -> None:
    out = tmp_path / "hand.png"
    code, doc = read_json(capsys, table, table["root"] / "hand.png", "--overlay", str(out))
    assert code == 3 and doc["error"]["code"] == "hand-over-table"
    assert out.exists()


def test_enroll_reports_progress_problems_and_the_default_place(
    table: dict, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    photos = tmp_path / "photos"
    write_enrolment_set(photos, ["mask-green", "cat-blue", "pharaoh", "pawn-lime"], UNSEEN, seed=2)
    (photos / "sphinx.png").write_bytes((photos / "pharaoh.png").read_bytes())
    assert main(["vision", "enroll", "--game", "tutankhamen", "--from", str(photos)]) == 0
    captured = capsys.readouterr()
    saved = tmp_path / "state" / "scarab" / "catalog-tutankhamen.json"
    assert saved.exists() and str(saved) in captured.out
    assert "3 face photo(s)" in captured.out and "1 pawn colour(s)" in captured.out
    assert "not enrolled yet for otb2004" in captured.out and "kingtut" in captured.out
    assert "enrolling: 5/5 (100 %)" in captured.err  # not a terminal: a line per tenth
    assert "skipped sphinx.png" in captured.err
    # read-path finds the catalogue in the same default place
    code, doc = run_json(capsys, "vision", "read-path", str(table["root"] / "table.png"))
    assert code == 0 and len(doc["tiles"]) == 41


def test_enroll_as_json(table: dict, tmp_path: Path, capsys) -> None:
    out = tmp_path / "c.json"
    code, doc = run_json(
        capsys,
        "vision",
        "enroll",
        "--game",
        "tutankhamen",
        "--from",
        str(table["root"] / "photos"),
        "--out",
        str(out),
    )
    assert code == 0 and doc["catalog"] == str(out) and doc["faces"] == 20
    assert doc["labels"] == sorted(TILE_LABELS) and doc["pawns"] == sorted(PAWNS) and doc["problems"] == []
    assert doc["missing"] == {"otb2004": [], "amigo": []}


def test_markers_writes_png_and_pdf(tmp_path: Path, capsys) -> None:
    assert main(["vision", "markers", str(tmp_path / "kit.png")]) == 0
    assert "40 mm" in capsys.readouterr().out
    sheet = cv2.imread(str(tmp_path / "kit.png"), cv2.IMREAD_GRAYSCALE)
    assert {0, 1, 2, 3, 10, 11} <= set(detect(sheet))
    assert main(["vision", "markers", str(tmp_path / "kit.PDF")]) == 0
    assert (tmp_path / "kit.PDF").read_bytes().startswith(b"%PDF")


# ---------------------------------------------------------------------- bad input


def paint_over_marker(image: np.ndarray, marker_id: int) -> np.ndarray:
    """The frame with one marker hidden under a patch of the table beside it."""
    found = detect(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    corners = found[marker_id].corners
    centre = corners.mean(axis=0)
    paper = centre + (corners - centre) * 1.8  # the marker with its white margin and more
    out = image.copy()
    x, y = (paper.min(axis=0) - 8).astype(int)
    colour = tuple(int(v) for v in np.median(image[max(y - 6, 0) : y, x : x + 20].reshape(-1, 3), axis=0))
    cv2.fillConvexPoly(out, np.round(paper).astype(np.int32), colour)
    assert marker_id not in detect(cv2.cvtColor(out, cv2.COLOR_BGR2GRAY))
    return out


def bad_frame(kind: str, table: dict, folder: Path) -> Path:
    path = folder / f"{kind}.png"
    image = table["image"]
    if kind == "text":
        path.write_text("this is a shopping list, not a photo\n")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "black":
        cv2.imwrite(str(path), np.zeros_like(image))
    elif kind == "overexposed":
        cv2.imwrite(str(path), cv2.convertScaleAbs(image, alpha=4.0, beta=100))
    elif kind == "corner":
        cv2.imwrite(str(path), paint_over_marker(image, 2))
    elif kind == "start":
        cv2.imwrite(str(path), paint_over_marker(image, 10))
    elif kind == "hand":
        return table["root"] / "hand.png"
    elif kind == "folder":
        path = folder / "a-folder.png"
        path.mkdir()
    elif kind == "missing":
        pass
    return path


BAD_FRAMES = [
    ("text", "unreadable-image"),
    ("empty", "unreadable-image"),
    ("missing", "unreadable-image"),
    ("folder", "unreadable-image"),
    ("black", "too-dark"),
    ("overexposed", "overexposed"),
    ("corner", "corner-markers-missing"),
    ("start", "path-marker-missing"),
    ("hand", "hand-over-table"),
]


@pytest.mark.parametrize(("kind", "code"), BAD_FRAMES)
def test_a_bad_frame_is_refused_with_the_reason(
    table: dict, tmp_path: Path, capsys, kind: str, code: str
) -> None:
    path = bad_frame(kind, table, tmp_path)
    status, doc = read_json(capsys, table, path)
    assert status == 3 and set(doc) == {"error"}
    assert doc["error"]["code"] == code and doc["error"]["message"]
    assert main(["vision", "read-path", str(path), "--catalog", str(table["catalog"])]) == 3
    captured = capsys.readouterr()
    assert captured.out == "" and f"[{code}]" in captured.err and "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_a_missing_wrong_or_damaged_catalogue_is_refused(table: dict, tmp_path: Path, capsys) -> None:
    image = str(table["root"] / "table.png")
    status, doc = run_json(capsys, "vision", "read-path", image, "--catalog", str(tmp_path / "none.json"))
    assert (
        status == 3
        and doc["error"]["code"] == "no-catalogue"
        and "scarab vision enroll" in doc["error"]["message"]
    )
    (tmp_path / "junk.json").write_text("{not json")
    status, doc = run_json(capsys, "vision", "read-path", image, "--catalog", str(tmp_path / "junk.json"))
    assert status == 3 and doc["error"]["code"] == "bad-catalogue"
    other = json.loads(table["catalog"].read_text())
    other["game"] = "ankh"
    (tmp_path / "ankh.json").write_text(json.dumps(other))
    status, doc = run_json(capsys, "vision", "read-path", image, "--catalog", str(tmp_path / "ankh.json"))
    assert status == 3 and doc["error"]["code"] == "wrong-catalogue"


def test_bad_arguments_are_refused(table: dict, tmp_path: Path, capsys) -> None:
    assert main(["vision", "markers", str(tmp_path / "kit.svg")]) == 3
    assert "[bad-suffix]" in capsys.readouterr().err and not (tmp_path / "kit.svg").exists()
    status, doc = read_json(capsys, table, table["root"] / "table.png", "--overlay", str(tmp_path / "o.gif"))
    assert status == 3 and doc["error"]["code"] == "bad-suffix"
    status, doc = run_json(
        capsys, "vision", "enroll", "--game", "tutankhamen", "--from", str(tmp_path / "nope")
    )
    assert status == 3 and doc["error"]["code"] == "no-folder"
    status, doc = run_json(capsys, "vision", "enroll", "--game", "tutankhamen", "--from", str(tmp_path))
    assert status == 3 and doc["error"]["code"] == "no-faces"
    assert main(["vision", "enroll", "--game", "chess", "--from", str(tmp_path)]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_the_console_script_end_to_end(table: dict) -> None:
    cmd = [sys.executable, "-m", "firmware.cli", "vision", "read-path", "--catalog", str(table["catalog"])]
    run = subprocess.run(
        [*cmd, str(table["root"] / "table.png"), "--json"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and json.loads(run.stdout)["complete"] is True
    bad = subprocess.run([*cmd, str(table["root"] / "hand.png")], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 3 and "[hand-over-table]" in bad.stderr and "Traceback" not in bad.stderr


def test_every_error_code_is_documented() -> None:
    """docs/vision.md's table names every code the vision library and the command can give."""
    root = Path(__file__).resolve().parents[1]
    source = "\n".join(
        p.read_text()
        for p in [
            *sorted((root / "vision").glob("*.py")),
            root / "firmware/commands/vision_cmd.py",
            root / "firmware/commands/enrolment.py",
        ]
    )
    codes = set(re.findall(r'(?:VisionError|LogError)\(\s*"([a-z-]+)"', source))
    assert {"hand-over-table", "no-catalogue", "bad-suffix"} <= codes
    page = (root / "docs/vision.md").read_text()
    assert not {code for code in codes if f"`{code}`" not in page}
