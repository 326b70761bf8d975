"""An open Ankh table (no box declared) may play any well-formed card: hundreds of legal
moves. The page offers them as one list per kind of move, not a wall of buttons, and a
move picked from the list is played."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from served import PIN, serving
from test_page_browser import Table
from test_web_browser import CHROMIUM, browser, phone, settle, unlock

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["browser"]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test"
)

OPEN_ANKH = {
    "game": "ankh",
    "players": ["Ann", "Ben"],
    "papyrus": {"rank": ["green", "yellow", "blue", "red"], "threshold": 5},
}


def test_hundreds_of_moves_are_a_list_to_pick_from_and_a_pick_is_played(
    tmp_path: Path, browser: Browser
) -> None:
    from playwright.sync_api import expect

    table = Table(tmp_path, OPEN_ANKH)
    legal = table.hub.referee.state.legal_actions()
    assert len(legal) > 100  # the open table: any card, any papyrus
    with serving(table.app) as url:
        page = phone(browser, url)
        unlock(page, PIN)
        picks = page.locator("#choices select.move-pick")
        expect(picks.first).to_be_visible()
        buttons = page.locator("#choices > button")
        assert buttons.count() <= 16  # the few moves of a kind stay buttons
        options = sum(picks.nth(i).locator("option").count() - 1 for i in range(picks.count()))
        assert options + buttons.count() == len(legal)  # every move is offered, once
        play = page.locator("#choices select.move-pick[data-move='play']")
        do_it = play.locator("xpath=following-sibling::button[1]")
        expect(do_it).to_be_disabled()
        wanted = next(
            o for o in play.locator("option").all_text_contents() if "yellow" in o.lower() or "gelb" in o
        )
        play.select_option(label=wanted)
        expect(do_it).to_be_enabled()
        do_it.click()
        settle(page)
        expect(page.locator("#history li")).to_have_count(1)
    played = table.hub.referee.actions
    assert len(played) == 1 and played[0]["move"] == "play" and played[0]["card"].startswith("yellow-")
