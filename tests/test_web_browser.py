"""The phone page in a real browser: Debian's Chromium driven by Playwright, at a phone's
viewport (390×844), against a real `scarab run`. Screenshots go to SCARAB_ARTIFACTS
(default: artifacts/screens)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.referee import Referee
from firmware.store import Store

CHROMIUM = "/usr/bin/chromium"
LOG = Path(__file__).resolve().parent / "data" / "otb2004-pending-declaration.jsonl"
ARTIFACTS = Path(
    os.environ.get("SCARAB_ARTIFACTS", Path(__file__).resolve().parents[1] / "artifacts" / "screens")
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test"
)


class Table:
    """A `scarab run` feeding on stdin, with its page on a free port."""

    def __init__(self, proc: subprocess.Popen[str], url: str, pin: str) -> None:
        self.proc, self.url, self.pin = proc, url, pin

    def commit(self, action: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(action) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """The golden OTB game stopped where Ben must declare jokers for purple Horus."""
    lines = LOG.read_text("utf-8").splitlines()
    db = tmp_path / "s.db"
    referee = Referee.start(Store(db), json.loads(lines[0]))
    for line in lines[1:-1]:  # everything before Ben's declaration
        referee.act(json.loads(line))
    env = {**os.environ, "SCARAB_CONFIG": str(tmp_path / "none.toml"), "XDG_STATE_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--db", str(db), "--input", "stdin", "--port", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert "ready" in json.loads(proc.stdout.readline())
    url = pin = ""
    while not (url and pin):
        line = proc.stderr.readline()
        assert line, "scarab run ended before printing the page's address"
        if found := re.search(r"http://localhost:(\d+)/", line):
            url = f"http://127.0.0.1:{found.group(1)}/"
        if found := re.search(r"table PIN (\d{6})", line):
            pin = found.group(1)
    yield Table(proc, url, pin)
    proc.kill()
    proc.wait()


def test_a_phone_follows_the_game_declares_a_joker_and_sees_the_scoring(table: Table) -> None:
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(table.url)
        expect(page.locator("#prompt")).to_contain_text("Ben: add jokers")
        expect(page.locator("#live")).to_have_class(re.compile("on"))
        before = page.locator("#scores tbody").inner_text()
        page.screenshot(path=str(ARTIFACTS / "1-reading.png"), full_page=True)

        page.fill("#pin", "000000" if table.pin != "000000" else "111111")
        page.click("#pin-form button")
        expect(page.locator("#banner")).to_contain_text("wrong PIN")
        expect(page.locator("#moves")).to_be_hidden()
        page.screenshot(path=str(ARTIFACTS / "2-wrong-pin.png"), full_page=True)

        page.fill("#pin", table.pin)
        page.click("#pin-form button")
        joker = page.locator("#choices button[data-move=joker]")
        expect(joker).to_have_count(1)
        page.screenshot(path=str(ARTIFACTS / "3-unlocked.png"), full_page=True)
        joker.click()
        expect(page.locator("#prompt")).to_contain_text("Ann: add jokers")

        # Ann's declaration is committed elsewhere: the page must follow on its own.
        assert table.commit({"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 11}
        expect(page.locator("#scorings")).to_contain_text("SCORING purple Horus statue")
        expect(page.locator("#scores tbody")).not_to_have_text(before)
        page.screenshot(path=str(ARTIFACTS / "4-scored.png"), full_page=True)
        history = page.locator("#history li")
        expect(history.first).to_contain_text("Ann")

        # Correct the last move: the choices become those the game offered instead of it.
        last = table.commit({"player": "Cleo", "move": "take", "index": 7})
        assert last == {"ack": 12}
        page.click("#correct")
        instead = page.locator("#choices button", has_text="#10")
        expect(instead).to_have_count(1)
        instead.click()
        expect(history.first).to_contain_text("12 · Cleo: take #10")
        page.screenshot(path=str(ARTIFACTS / "5-corrected.png"), full_page=True)
        browser.close()


def test_a_page_that_reconnects_gets_exactly_what_it_missed(table: Table) -> None:
    """The live stream over real HTTP: read one update, drop the connection, let two
    actions be committed, reconnect with Last-Event-ID — both arrive, in order, once."""
    import httpx

    def updates(last: str | None, count: int) -> list[dict]:
        headers = {"Last-Event-ID": last} if last else {}
        got: list[dict] = []
        with httpx.stream("GET", table.url + "api/stream", headers=headers, timeout=10) as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    got.append(json.loads(line[5:]))
                    if len(got) == count:
                        return got
        return got

    (first,) = updates(None, 1)
    assert first["kind"] == "snapshot" and first["state"]["to_act"] == "Ben"
    assert table.commit({"player": "Ben", "move": "pass"}) == {"ack": 10}
    assert table.commit({"player": "Ann", "move": "pass"}) == {"ack": 11}
    missed = updates(str(first["seq"]), 2)
    assert [u["seq"] for u in missed] == [first["seq"] + 1, first["seq"] + 2]
    assert [u["state"]["actions"] for u in missed] == [10, 11]
    assert [e["type"] for e in missed[0]["events"]][:1] == ["passed"]
