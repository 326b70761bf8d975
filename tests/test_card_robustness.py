"""The Ankh card reader on tables unlike its tuning (issue 17): clean frames with five
seats or rows whose cards touch are never refused as an arm; an arm of any skin tone or
sleeve is; a lone papyrus and the top of a pile are read.

(Once a row joined to the view's edge by a strip of table tinted by a plain card beside
it was taken for an arm, and the thin cut line of a papyrus over others was lost, so the
pile's top card was not found.)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from vision.card_reader import CardReader, CardSettings
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.synth.art import ArtStyle, family_styles
from vision.synth.cards import MUMMY_LABELS, CardScene, papyrus_labels, write_card_enrolment_set
from vision.synth.tiles import Scene

TONES = {  # BGR, from very light to very dark skin
    "pale": (200, 215, 245),
    "tan": (80, 120, 175),
    "brown": (55, 85, 140),
    "dark": (35, 50, 85),
    "deep": (25, 32, 55),
}
SLEEVES = {"bare": None, "black": (30, 30, 30), "red": (40, 40, 180), "white": (235, 235, 235)}
WALNUT = (55, 80, 110)


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Catalogue]:
    out = {}
    for family in ("classic", "photo", "heldout", "lineart"):
        folder = tmp_path_factory.mktemp(f"ankh-{family}")
        write_card_enrolment_set(folder, None, family_styles(family)[0], seed=5)
        out[family], problems = enroll("ankh", folder)
        assert problems == []
    return out


def style_of(family: str) -> ArtStyle:
    return family_styles(family)[0]


@pytest.mark.parametrize(
    ("family", "seed", "level"),
    [
        ("photo", 102, "hard"),
        ("photo", 104, "medium"),
        ("photo", 105, "hard"),
        ("heldout", 102, "hard"),
        ("lineart", 102, "hard"),
        ("classic", 103, "easy"),
    ],
)
def test_a_clean_five_seat_table_is_not_refused(
    catalogues: dict[str, Catalogue], family: str, seed: int, level: str
) -> None:
    shot = CardScene(seats=5, seed=seed, level=level, style=style_of(family)).render()
    reading = CardReader(catalogues[family]).read(shot.image)  # no VisionError
    assert set(reading.rows) == set(range(5))


@pytest.mark.parametrize(
    ("family", "seats", "seed", "level"),
    [
        ("photo", 3, 101, "medium"),
        ("photo", 4, 102, "hard"),
        ("photo", 5, 103, "easy"),
        ("classic", 4, 106, "medium"),
    ],
)
def test_rows_of_touching_cards_are_not_refused(
    catalogues: dict[str, Catalogue], family: str, seats: int, seed: int, level: str
) -> None:
    scene = CardScene(seats=seats, seed=seed, level=level, style=style_of(family), overlap=(0.0, 0.0))
    rows = {
        s.seat: [MUMMY_LABELS[(5 * s.seat + 3 * i + seed) % 20] for i in range(8)] for s in scene.seat_list
    }
    shot = scene.render(rows, list(papyrus_labels()[:2]))
    reading = CardReader(catalogues[family]).read(shot.image)
    assert {seat: len(cards) for seat, cards in reading.rows.items()} == {s: 8 for s in rows}


def test_a_walnut_table_without_a_hand_is_not_refused(catalogues: dict[str, Catalogue]) -> None:
    for seed in (105, 110, 111):
        shot = CardScene(seats=5, seed=seed, level="hard", style=style_of("photo"), table=WALNUT).render()
        CardReader(catalogues["photo"]).read(shot.image)  # no VisionError


@pytest.mark.parametrize("sleeve", SLEEVES)
@pytest.mark.parametrize("tone", TONES)
def test_an_arm_of_any_tone_or_sleeve_is_refused(
    catalogues: dict[str, Catalogue], tone: str, sleeve: str
) -> None:
    seed = 3 + list(TONES).index(tone)
    table = WALNUT if tone in {"brown", "dark"} else None  # a dark arm on a dark table too
    scene = CardScene(seats=3, seed=seed, level="medium", style=style_of("classic"), table=table)
    shot = scene.render(hand=True, skin=TONES[tone], sleeve=SLEEVES[sleeve])
    with pytest.raises(VisionError) as caught:
        CardReader(catalogues["classic"]).read(shot.image)
    assert caught.value.code == "hand-over-table"


@pytest.mark.xfail(
    strict=True, reason="known gap (issue 17): an arm near walnut's colour over a row is not waited for"
)
@pytest.mark.parametrize(("seed", "tone"), [(10, "deep"), (11, "tan")])
def test_an_arm_near_the_tables_colour_over_a_row_never_makes_a_wrong_card(
    catalogues: dict[str, Catalogue], seed: int, tone: str
) -> None:
    """Of 400 arm scenes (five tones, four sleeves, seeds 3–12, the scene's table and
    walnut) 24 are not waited for; in most the row under the arm is left out and asked
    about, but a deep-toned arm on walnut beside a row joined it (two cards more, five
    read wrong) and a tan one across a row hid five cards and left two read wrong
    (docs/vision.md §5). Waiting, or every card right or asked, is what must hold."""
    scene = CardScene(seats=3, seed=seed, level="medium", style=style_of("classic"), table=WALNUT)
    shot = scene.render(hand=True, skin=TONES[tone], sleeve=SLEEVES["bare"])
    try:
        reading = CardReader(catalogues["classic"]).read(shot.image)
    except VisionError as exc:
        assert exc.code == "hand-over-table"
        return
    for seat, want in shot.truth["rows"].items():
        got = [card["label"] for card in reading.rows[int(seat)]]
        assert len(got) <= len(want)
        assert all(a is None or a == b for a, b in zip(got, want, strict=False))


@pytest.mark.parametrize(("family", "seed"), [("classic", 4), ("photo", 7), ("heldout", 9)])
def test_a_lone_uncovered_papyrus_is_read(catalogues: dict[str, Catalogue], family: str, seed: int) -> None:
    scene = CardScene(seats=2, seed=seed, level="easy", style=style_of(family))
    label = papyrus_labels()[seed]
    reading = CardReader(catalogues[family]).read(scene.render({}, [label]).image)
    assert reading.papyrus is not None
    assert "papyrus-" + "-".join(reading.papyrus["rank"]) + f"-{reading.papyrus['threshold']}" == label


@pytest.mark.parametrize(("seats", "seed", "level"), [(4, 7, "medium"), (5, 7, "easy")])
def test_the_top_of_a_pile_is_found_over_the_cards_under_it(
    catalogues: dict[str, Catalogue], seats: int, seed: int, level: str
) -> None:
    shot = CardScene(seats=seats, seed=seed, level=level, style=ArtStyle(7)).render()
    reading = CardReader(catalogues["classic"]).read(shot.image)
    assert reading.papyrus is not None
    assert {"rank": reading.papyrus["rank"], "threshold": reading.papyrus["threshold"]} == shot.truth[
        "papyrus"
    ]


@pytest.fixture(scope="module")
def noisy_shadow_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalogue, Scene]:
    """A hard synthetic table (seed 40023, photo style 3) with specks of sensor noise in a
    shadow, and its catalogue."""
    style = ArtStyle(3, "photo")
    photos = tmp_path_factory.mktemp("photo-3")
    write_card_enrolment_set(photos, None, style, seed=703)
    cat, problems = enroll("ankh", photos)
    assert problems == []
    return cat, CardScene(seats=5, seed=40023, level="hard", style=style).render()


def test_noise_joined_to_a_rows_end_does_not_lengthen_it(noisy_shadow_table: tuple[Catalogue, Scene]) -> None:
    """A hard synthetic table (seed 40023, photo style 3): specks of sensor noise in a
    shadow join one row's blob and reach four cards past its end, and the gradient of the
    photo faces matches the table there (0.71). They cover little of a card's place: the
    row keeps its two cards (``row_ends``), where without that test it gained three."""
    cat, shot = noisy_shadow_table
    want = shot.truth["rows"]["2"]
    assert len(want) == 2
    lengths = {}
    for cover in (0.0, CardSettings().row_end_cover):
        reading = CardReader(cat, replace(CardSettings(), row_end_cover=cover)).read(shot.image)
        lengths[cover] = len(reading.labels()[2])
    assert lengths[0.0] > len(want)
    assert lengths[CardSettings().row_end_cover] == len(want)


def test_specks_of_noise_in_a_shadow_are_no_islands_of_a_card(
    noisy_shadow_table: tuple[Catalogue, Scene],
) -> None:
    """The same hard table: its specks of noise lie apart by more than a fifth of a card,
    so they are not joined as a card's islands of ink (``island_gap``) — joined across a
    whole card's width they would be cards in front of no seat."""
    cat, shot = noisy_shadow_table
    stray = {}
    for gap in (CardSettings().island_gap, 1.0):
        reading = CardReader(cat, replace(CardSettings(), island_gap=gap)).read(shot.image)
        stray[gap] = [u for u in reading.unreadable if u["seat"] is None and "no seat card" in u["reason"]]
        if gap != 1.0:
            assert {seat: len(row) for seat, row in reading.labels().items()} == {
                int(seat): len(row) for seat, row in shot.truth["rows"].items()
            }
    assert stray[CardSettings().island_gap] == []
    assert stray[1.0]
