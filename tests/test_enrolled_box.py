"""The Ankh box declared once, at enrolment (`scarab vision enroll --game ankh --deck`):
stored with the cards, it bounds the card reader and every new Ankh game at this table
counts it — from `scarab run` and from the page — unless a header declares its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from served import ORIGIN, PIN

from engines.ankh.cards import default_deck
from firmware.appliance.declared_box import enrolled_deck, with_enrolled_box
from firmware.appliance.store import Store
from firmware.cli import main
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub
from vision.card_reader import CardReader
from vision.catalogue import Catalogue
from vision.synth.art import ArtStyle
from vision.synth.cards import CardScene, write_card_enrolment_set

STYLE = ArtStyle(7)
PAPYRUS = {"rank": ["green", "yellow", "blue", "red"], "threshold": 5}
# a small real box: two copies of each green and red card, and one papyrus
DECK: dict[str, Any] = {
    "mummies": {f"{c}-{v}": 2 for c in ("green", "red") for v in range(1, 6)},
    "papyri": [PAPYRUS],
}


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ankh-box") / "photos"
    write_card_enrolment_set(folder, style=STYLE, seed=5)
    return folder


def enrol(photos: Path, out: Path, *more: str) -> int:
    return main(["vision", "enroll", "--game", "ankh", "--from", str(photos), "--out", str(out), *more])


def test_enrolment_stores_the_declared_box(photos: Path, tmp_path: Path, capsys) -> None:
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps({"game": "ankh", "deck": DECK}))  # a header holding it is fine too
    out = tmp_path / "cat.json"
    assert enrol(photos, out, "--deck", str(deck_file), "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["deck"] == 21  # 20 mummy cards and the papyrus
    cat = Catalogue.load(out, "ankh")
    assert cat.deck == DECK
    assert enrolled_deck(out) == DECK
    # without --deck, nothing is declared and people are told what that means
    plain = tmp_path / "plain.json"
    assert enrol(photos, plain) == 0
    assert "no box declared" in capsys.readouterr().out
    assert Catalogue.load(plain, "ankh").deck is None and enrolled_deck(plain) is None


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("{not json", "bad-deck"),
        (json.dumps({"mummies": {"purple-3": 2}, "papyri": [PAPYRUS]}), "bad-deck"),
        (json.dumps({"mummies": {"green-1": 2}, "papyri": []}), "bad-deck"),
    ],
)
def test_a_bad_deck_is_refused_before_anything_is_enrolled(
    photos: Path, tmp_path: Path, capsys, content: str, code: str
) -> None:
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(content)
    out = tmp_path / "cat.json"
    assert enrol(photos, out, "--deck", str(deck_file), "--json") == 3
    assert json.loads(capsys.readouterr().out)["error"]["code"] == code
    assert not out.exists()


def test_a_deck_is_for_ankh_only(tmp_path: Path, capsys) -> None:
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps(DECK))
    args = ["vision", "enroll", "--game", "tutankhamen", "--from", str(tmp_path), "--deck", str(deck_file)]
    assert main([*args, "--out", str(tmp_path / "c.json"), "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "no-deck"


def test_a_damaged_deck_in_a_catalogue_is_refused(photos: Path, tmp_path: Path) -> None:
    from vision.errors import VisionError

    out = tmp_path / "cat.json"
    assert enrol(photos, out) == 0
    doc = json.loads(out.read_text())
    doc["deck"] = {"mummies": {"green-9": 1}, "papyri": [PAPYRUS]}
    out.write_text(json.dumps(doc))
    with pytest.raises(VisionError) as raised:
        Catalogue.load(out, "ankh")
    assert raised.value.code == "bad-deck" and "green-9" in raised.value.message
    assert enrolled_deck(out) is None  # a new game then declares nothing rather than fail


def test_the_reader_never_reads_a_card_the_enrolled_box_lacks(photos: Path, tmp_path: Path) -> None:
    out = tmp_path / "cat.json"
    assert enrol(photos, out) == 0
    shot = CardScene(seats=3, seed=2, level="easy", style=STYLE).render()
    seen = {card for row in shot.truth["rows"].values() for card in row}
    plain = CardReader(Catalogue.load(out, "ankh")).read(shot.image)
    assert {c["label"] for row in plain.rows.values() for c in row} >= seen  # the scene reads as it lies
    # a box holding none of one card the table shows: that label never comes out
    gone = sorted(seen)[0]
    cat = Catalogue.load(out, "ankh")
    counts = dict(default_deck())
    cat.deck = {
        "mummies": {c: n for c, n in counts.items() if not c.startswith("papyrus") and c != gone},
        "papyri": [PAPYRUS],
    }
    bounded = CardReader(cat).read(shot.image)
    assert gone not in {c["label"] for row in bounded.rows.values() for c in row}


def test_new_games_count_the_enrolled_box_unless_they_declare_their_own(tmp_path: Path) -> None:
    catalog = tmp_path / "cat.json"
    Catalogue("ankh", deck=DECK).save(catalog)
    header = {"game": "ankh", "players": ["Ann", "Ben"], "papyrus": PAPYRUS}
    assert with_enrolled_box(header, catalog)["deck"] == DECK
    own = {**header, "deck": {**DECK, "mummies": {"green-1": 30, "red-2": 30}}}
    assert with_enrolled_box(own, catalog) == own
    tut = {"game": "tutankhamen", "players": ["Ann", "Ben"]}
    assert with_enrolled_box(tut, catalog) == tut
    assert with_enrolled_box(header, tmp_path / "none.json") == header


def test_the_page_starts_an_ankh_game_with_the_enrolled_box(tmp_path: Path) -> None:
    catalog = tmp_path / "cat.json"
    Catalogue("ankh", deck=DECK).save(catalog)
    store = Store(tmp_path / "s.db")
    first = Referee.start(store, {"game": "gulogulo", "players": ["A", "B"], "seed": 1})
    hub = TableHub(store, first, pin=PIN)
    hub.ankh_catalogue = lambda: catalog
    client = TestClient(create_app(hub))
    assert client.post("/api/session", json={"pin": PIN}, headers=ORIGIN).status_code == 200
    header = {"game": "ankh", "players": ["Ann", "Ben"], "mode": "table", "papyrus": PAPYRUS}
    assert client.post("/api/game", json=header, headers=ORIGIN).status_code == 200
    assert hub.referee.header["deck"] == DECK
    # the box is counted: a blue card it does not hold is refused, naming the rule
    play = {"move": "play", "player": "Ann", "card": "blue-3"}
    refused = client.post("/api/actions", json={"action": play}, headers=ORIGIN)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "unknown-card"
    play["card"] = "green-3"
    assert client.post("/api/actions", json={"action": play}, headers=ORIGIN).status_code == 200
    # a papyrus outside a declared box cannot start a game here
    other = {**header, "papyrus": {"rank": ["red", "blue", "yellow", "green"], "threshold": 5}}
    bad = client.post("/api/game", json=other, headers=ORIGIN)
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "papyrus-not-in-deck"
