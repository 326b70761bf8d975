"""Ankh refereed from the camera, the rules half: what the table shows (per seat the cards
read, and the top papyrus) against the game. A new card in the active player's row is
their play; a new top papyrus is a papyrus play; a card out of turn, two at once, a card
gone or one the rules refuse is shown and asked about, never stored; an unreadable card
enters nothing; scored rows still lying are a hint to clear them; an undone play is not
entered again. The readings here are given directly (the camera half is
tests/test_card_camera.py), so every case is exact and quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fake_table import Clock, FakeApp
from PIL import ImageChops

from engines.wording import render_details
from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.store import Store
from firmware.referees.card_referee import CardReferee, Table
from firmware.referees.referee import Referee

YGRB3 = {"rank": ["yellow", "green", "red", "blue"], "threshold": 3}
RBGY3 = {"rank": ["red", "blue", "green", "yellow"], "threshold": 3}
HEADER = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "papyrus": YGRB3}


class StillCamera:
    """A camera the rules tests never read from."""

    name = "synth"
    error = None

    def read(self) -> None:
        return None

    def close(self) -> None:
        pass


def setup(tmp_path: Path, header: dict[str, Any] | None = None) -> tuple[FakeApp, CardReferee]:
    referee = Referee.start(Store(tmp_path / "g.db"), header or HEADER)
    app = FakeApp(referee, StillCamera(), scorings=True)
    glue = CardReferee(app, Config(), clock=Clock())
    glue.referee = referee
    referee.subscribe(glue.changed)
    glue.game_id = referee.game_id
    return app, glue


def table(rows: dict[int, list[str | None]], papyrus: dict[str, Any] | None = YGRB3) -> Table:
    return Table(rows, papyrus)


def stored(tmp_path: Path) -> list[dict[str, Any]]:
    return Store(tmp_path / "g.db").load(1).actions


def test_a_card_in_the_active_players_row_is_their_play(tmp_path: Path) -> None:
    app, glue = setup(tmp_path)
    glue.observed(table({0: [], 1: [], 2: []}))
    assert app.referee.actions == [] and glue.notice is None
    glue.observed(table({0: ["green-3"], 1: [], 2: []}))
    assert stored(tmp_path) == [{"player": "Ann", "move": "play", "card": "green-3"}]
    assert "the camera sees Ann lay green 3:" in app.recent and glue.entered == 1
    glue.observed(table({0: ["green-3"], 1: ["red-5"], 2: []}))
    glue.observed(table({0: ["green-3"], 1: ["red-5"], 2: []}))  # seen again: entered once
    assert [a.get("card") for a in app.referee.actions] == ["green-3", "red-5"]
    assert app.buzzer.played == []


def test_a_new_top_papyrus_is_a_papyrus_play(tmp_path: Path) -> None:
    app, glue = setup(tmp_path)
    glue.observed(table({0: [], 1: [], 2: []}, RBGY3))
    assert stored(tmp_path) == [{"player": "Ann", "move": "play", "papyrus": RBGY3}]
    assert app.referee.state.public_state()["papyrus"] == RBGY3


def test_a_card_out_of_turn_is_put_back_and_nothing_is_stored(tmp_path: Path) -> None:
    app, glue = setup(tmp_path)
    glue.observed(table({0: [], 1: ["blue-2"], 2: []}))
    assert glue.notice == ("PUT IT BACK", "blue 2 in Ben's row, but it is Ann's turn")
    assert stored(tmp_path) == [] and app.buzzer.played == ["refused"]
    assert "PUT IT BACK: blue 2 in Ben's row, but it is Ann's turn" in glue.notices()  # the page's banner
    shown = app.frames[-1]
    assert not ImageChops.difference(shown, screens.camera(*glue.notice)).getbbox()  # the OLED
    glue.observed(table({0: [], 1: ["blue-2"], 2: []}))
    assert app.buzzer.played == ["refused"]  # it stands without nagging
    glue.observed(table({0: ["blue-2"], 1: [], 2: []}))  # moved to the right row
    assert stored(tmp_path) == [{"player": "Ann", "move": "play", "card": "blue-2"}]
    assert glue.notice is None and app.presenter.camera is None


def test_two_cards_at_once_are_asked_about(tmp_path: Path) -> None:
    _, glue = setup(tmp_path)
    glue.observed(table({0: ["green-1"], 1: [], 2: []}, RBGY3))
    assert glue.notice == (
        "PUT IT BACK",
        "2 cards at once (green 1, papyrus red > blue > green > yellow (3 mummies)): one card per turn",
    )
    glue.observed(table({0: ["green-1", "green-2"], 1: [], 2: []}))
    assert glue.notice is not None and glue.notice[1].startswith("2 cards at once (green 1, green 2)")
    assert stored(tmp_path) == []


def test_a_card_gone_from_a_row_is_asked_for(tmp_path: Path) -> None:
    _, glue = setup(tmp_path)
    glue.observed(table({0: ["yellow-4"], 1: [], 2: []}))
    glue.observed(table({0: [], 1: [], 2: []}))
    assert glue.notice == ("CHECK THE TABLE", "yellow 4 is gone from Ann's row: lay it back")
    assert len(stored(tmp_path)) == 1


def test_an_unreadable_card_enters_nothing(tmp_path: Path) -> None:
    _, glue = setup(tmp_path)
    glue.observed(table({0: ["yellow-4"], 1: [], 2: []}))
    glue.observed(table({0: [None], 1: [], 2: []}))  # the laid card, unclear in this reading
    assert glue.notice is None and len(stored(tmp_path)) == 1
    glue.observed(table({0: ["yellow-4"], 1: [None], 2: []}))  # Ben's new card, unclear
    assert glue.notice is None and len(stored(tmp_path)) == 1
    glue.observed(table({0: ["yellow-4"], 1: ["red-1"], 2: []}, None))  # the papyrus covered
    assert len(stored(tmp_path)) == 2  # an unseen papyrus is no new papyrus


def test_a_card_the_rules_refuse_is_shown_with_the_rule(tmp_path: Path) -> None:
    """The box holds one green 1: a second one seen is no card of this game."""
    deck = {"mummies": {"green-1": 1, "red-2": 30}, "papyri": [YGRB3]}
    _, glue = setup(tmp_path, {**HEADER, "deck": deck})
    glue.observed(table({0: ["green-1"], 1: [], 2: []}))
    glue.observed(table({0: ["green-1"], 1: ["green-1"], 2: []}))
    assert glue.notice is not None and glue.notice[0] == "PUT IT BACK"
    assert glue.notice[1].startswith("green 1: ") and "green-1" in glue.notice[1]
    assert len(stored(tmp_path)) == 1


def scoring_game(tmp_path: Path) -> tuple[FakeApp, CardReferee]:
    """Ann, Ben and Cleo lay cards until Ann's third card reaches the threshold (3)."""
    app, glue = setup(tmp_path)
    rows: dict[int, list[str | None]] = {0: [], 1: [], 2: []}
    plays = [(0, "yellow-3"), (1, "red-2"), (2, "blue-5"), (0, "green-2"), (1, "yellow-1"), (2, "red-4")]
    plays += [(0, "red-1")]
    for seat, card in plays:
        rows[seat] = [*rows[seat], card]
        glue.observed(table({s: list(r) for s, r in rows.items()}))
    assert len(app.referee.actions) == 7
    return app, glue


def test_a_scoring_shows_every_row_card_by_card_then_the_cleared_table_goes_on(tmp_path: Path) -> None:
    app, glue = scoring_game(tmp_path)
    scored = [e for e in app.referee.events if e.get("type") == "scored"]
    assert scored and scored[0]["awards"] == {"Ann": 6 + 2 + 0, "Ben": 0 + 2, "Cleo": -5 + 0}
    # the OLED: the scoring, then each seat's row card by card
    frames = [app.presenter.frame(app.referee) for _ in range(4)]
    expected = [
        screens.breakdown("SCORING", "Ann", 8, [("ye3", 2, 6), ("gr2", 1, 2), ("re1", 0, 0)]),
        screens.breakdown("SCORING", "Ben", 2, [("re2", 0, 0), ("ye1", 2, 2)]),
        screens.breakdown("SCORING", "Cleo", -5, [("bl5", -1, -5), ("re4", 0, 0)]),
    ]
    for frame, want in zip(frames[1:], expected, strict=True):
        assert not ImageChops.difference(frame, want).getbbox()
    # the page's scoring line
    assert render_details(scored[0], "ankh") == (
        "Ann: yellow 3 ×2 = +6, green 2 ×1 = +2, red 1 ×0 = +0 (+8); "
        "Ben: red 2 ×0 = +0, yellow 1 ×2 = +2 (+2); Cleo: blue 5 ×-1 = -5, red 4 ×0 = +0 (-5)"
    )
    # the scored rows still lie on the table: a hint, not a refusal
    lying = {0: ["yellow-3", "green-2", "red-1"], 1: ["red-2", "yellow-1"], 2: ["blue-5", "red-4"]}
    glue.observed(table(lying))
    assert glue.notice is None and glue.clear_hint is not None
    assert glue.clear_hint == "scored: clear the rows (Ann, Ben, Cleo) to start the next round"
    assert glue.clear_hint in glue.notices()
    # Ben (left of Ann, who triggered) starts the next round while Cleo still clears
    glue.observed(table({0: [], 1: ["green-5"], 2: ["blue-5", "red-4"]}))
    assert app.referee.actions[-1] == {"player": "Ben", "move": "play", "card": "green-5"}
    assert glue.clear_hint == "scored: clear the rows (Cleo) to start the next round"
    glue.observed(table({0: [], 1: ["green-5"], 2: []}))
    assert glue.clear_hint is None and glue.notice is None


def test_an_undone_play_is_not_entered_again(tmp_path: Path) -> None:
    app, glue = setup(tmp_path)
    seen = table({0: ["green-3"], 1: [], 2: []})
    glue.observed(seen)
    app.referee.undo()  # Ann meant another card
    glue.observed(seen)
    assert app.referee.actions == []
    assert glue.notice == ("PUT IT BACK", "taken back: take green 3 off the table again")
    glue.observed(table({0: [], 1: [], 2: []}))
    assert glue.notice is None
    glue.observed(table({0: ["green-4"], 1: [], 2: []}))
    assert app.referee.actions == [{"player": "Ann", "move": "play", "card": "green-4"}]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_notices_speak_the_tables_language(tmp_path: Path, lang: str) -> None:
    app, glue = setup(tmp_path)
    app.lang = lang
    glue.observed(table({0: [], 1: ["blue-2"], 2: []}))
    assert glue.notice is not None
    assert (
        glue.notice
        == {
            "de": ("ZURÜCKLEGEN", "blaue 2 in Bens Reihe, aber Ann ist am Zug"),
            "nl": ("TERUGLEGGEN", "blauwe 2 in de rij van Ben, maar Ann is aan de beurt"),
        }[lang]
    )


def test_the_appliance_shows_the_cameras_notice_on_the_page_and_the_oled(tmp_path: Path) -> None:
    """Wired into `scarab run`: the card referee's PUT IT BACK reaches the page's banner
    (the snapshot every phone gets) and the OLED; a scoring's rows reach the page card by
    card."""
    import asyncio
    import io

    from rich.console import Console

    from firmware.appliance.run import Appliance

    async def at_the_table() -> None:
        config = Config()
        config.oled.driver = "dummy"
        store = Store(tmp_path / "g.db")
        app = Appliance(config, store, Referee.start(store, HEADER), "en", Console(file=io.StringIO()), False)
        try:
            app.cards.observed(table({0: [], 1: ["blue-2"], 2: []}))
            notice = "PUT IT BACK: blue 2 in Ben's row, but it is Ann's turn"
            assert notice in app.hub.snapshot()["notices"] and app.hub.snapshot()["warnings"] == []
            assert not ImageChops.difference(
                app.presenter.frame(app.referee), screens.camera(*app.cards.notice)
            ).getbbox()
            rows: dict[int, list[str | None]] = {0: [], 1: [], 2: []}
            for seat, card in [(0, "yellow-3"), (1, "red-2"), (2, "blue-5"), (0, "green-2"), (1, "yellow-1")]:
                rows[seat] = [*rows[seat], card]
                app.cards.observed(table({s: list(r) for s, r in rows.items()}))
            app.cards.observed(table({**rows, 2: ["blue-5", "red-4"]}))
            app.cards.observed(table({**rows, 0: ["yellow-3", "green-2", "red-1"], 2: ["blue-5", "red-4"]}))
            scorings = app.hub.snapshot()["scorings"]
            assert [s["n"] for s in scorings] == [1]
            assert scorings[0]["text"].endswith("at 3 mummies, triggered by Ann: Ann +8, Ben +2, Cleo -5")
            assert "Ann: yellow 3 ×2 = +6, green 2 ×1 = +2, red 1 ×0 = +0 (+8)" in scorings[0]["details"]
            assert notice not in app.hub.snapshot()["notices"]
        finally:
            app.close()

    asyncio.run(at_the_table())
