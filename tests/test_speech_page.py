"""The phone page mutes and unmutes the table's voice, in a real browser, only once unlocked
with the table PIN; and it links to the players' history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from served import PIN, serving

from firmware.appliance.speech import RecordingSpeech
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"]


class Voice:
    """What the appliance's feeds give the page: the voice's status and its mute switch."""

    def __init__(self) -> None:
        self.speech = RecordingSpeech()

    def set_muted(self, muted: bool) -> bool:
        self.speech.set_muted(muted)
        return True

    def speech_status(self) -> dict[str, Any]:
        return {"enabled": True, "muted": self.speech.muted, "volume": 70, "error": None}


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test")
def test_the_page_mutes_the_table_once_unlocked(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from firmware.web.app import create_app
    from firmware.web.hub import TableHub

    store = Store(tmp_path / "t.db")
    header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
    hub = TableHub(store, Referee.start(store, header), "en", PIN)
    voice = Voice()
    hub.feeds = voice  # type: ignore[attr-defined]
    with serving(create_app(hub)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(url)
        assert page.locator("#stats-link").get_attribute("href") == "/stats"
        page.fill("#pin", PIN)
        page.click("#pin-form button[type=submit]")
        mute = page.locator("#mute")
        mute.wait_for(state="visible", timeout=15_000)
        assert mute.inner_text() == "Mute the table" and not voice.speech.muted
        mute.click()
        page.wait_for_function("document.getElementById('mute').dataset.muted === 'true'", timeout=10_000)
        assert voice.speech.muted and not voice.speech.say("Ben, your turn")
        mute.click()
        page.wait_for_function("document.getElementById('mute').dataset.muted === 'false'", timeout=10_000)
        assert not voice.speech.muted and voice.speech.say("Ben, your turn")
        browser.close()
