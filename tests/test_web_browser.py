"""The phone page in a real browser: Debian's Chromium driven by Playwright, at a phone's
viewport (390×844), against a real `scarab run`. Screenshots go to SCARAB_ARTIFACTS
(default: artifacts/screens)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from firmware.appliance.store import Store
from firmware.referees.referee import Referee

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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


def serve(tmp_path: Path, *extra: str) -> Iterator[Table]:
    """The golden OTB game stopped where Ben must declare jokers for purple Horus."""
    lines = LOG.read_text("utf-8").splitlines()
    db = tmp_path / "s.db"
    referee = Referee.start(Store(db), json.loads(lines[0]))
    for line in lines[1:-1]:  # everything before Ben's declaration
        referee.act(json.loads(line))
    env = {**os.environ, "SCARAB_CONFIG": str(tmp_path / "none.toml"), "XDG_STATE_HOME": str(tmp_path)}
    command = ["run", "--db", str(db), "--input", "stdin", "--port", "0", *extra]
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", *command],
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


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from serve(tmp_path)


@pytest.fixture
def table_de(tmp_path: Path) -> Iterator[Table]:
    """The same game at a table set to German."""
    yield from serve(tmp_path, "--lang", "de")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


# Loaded before the page's own script: keeps the page's EventSource reachable (so a test
# can hand the page updates of its own making), and counts the page's requests that have
# not been answered and read yet. A request counts as done one task after its JSON was
# read, i.e. after the page's code awaiting it has run.
PROBE = """
window.__sources = [];
const NativeSource = window.EventSource;
window.EventSource = class extends NativeSource {
  constructor(...args) { super(...args); window.__sources.push(this); }
};
window.__pending = 0;
const done = () => setTimeout(() => { window.__pending -= 1; });
const nativeFetch = window.fetch;
window.fetch = function (...args) {
  window.__pending += 1;
  return nativeFetch.apply(this, args).catch((err) => { done(); throw err; });
};
const nativeJson = Response.prototype.json;
Response.prototype.json = function () { return nativeJson.call(this).finally(done); };
"""

# Hands the page the table's current state as `count` updates in a row, with `changes`
# laid over it — as the stream does when commits come in quick succession.
DISPATCH = """async ([count, changes]) => {
  const state = Object.assign(await (await fetch("/api/state")).json(), changes);
  for (let i = 1; i <= count; i++) {
    const update = { seq: i, id: `test-${i}`, kind: "refresh", at: 0, events: [], state };
    window.__sources[0].dispatchEvent(new MessageEvent("update", { data: JSON.stringify(update) }));
  }
}"""


def phone(browser: Browser, url: str) -> Page:
    """A fresh phone (no cookies) at a phone's size with the probe, showing the live page."""
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2).new_page()
    page.add_init_script(PROBE)
    page.goto(url)
    expect(page.locator("#live")).to_have_class(re.compile("on"))
    settle(page)
    return page


def settle(page: Page) -> None:
    """Wait until every request the page made has been answered and drawn."""
    page.wait_for_function("() => window.__pending === 0")


def unlock(page: Page, pin: str) -> None:
    page.fill("#pin", pin)
    page.click("#pin-form button")
    page.locator("#moves").wait_for(state="visible")
    settle(page)


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two opaque CSS colours as getComputedStyle gives them."""

    def luminance(css: str) -> float:
        numbers = [float(x) for x in re.findall(r"[\d.]+", css)]
        assert css.startswith("rgb") and (len(numbers) == 3 or numbers[3] == 1), css
        r, g, b = (c / 255 for c in numbers[:3])
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_a_phone_follows_the_game_declares_a_joker_and_sees_the_scoring(
    table: Table, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    expect(page.locator("#prompt")).to_contain_text("Ben: add jokers")
    before = page.locator("#scores tbody").inner_text()
    page.screenshot(path=str(ARTIFACTS / "1-reading.png"), full_page=True)

    page.fill("#pin", "000000" if table.pin != "000000" else "111111")
    page.click("#pin-form button")
    expect(page.locator("#banner")).to_contain_text("wrong PIN")
    expect(page.locator("#moves")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "2-wrong-pin.png"), full_page=True)

    page.fill("#pin", table.pin)
    page.click("#pin-form button")
    expect(page.locator("#banner")).to_be_hidden()
    joker = page.locator("#choices button[data-move=joker]")
    expect(joker).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / "3-unlocked.png"), full_page=True)
    joker.click()
    expect(page.locator("#prompt")).to_contain_text("Ann: add jokers")

    # Ann's declaration is committed elsewhere: the page must follow on its own.
    assert table.commit({"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 11}
    expect(page.locator("#scorings")).to_contain_text("purple Horus statue")
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
    expect(history.first).to_have_text(re.compile(r"^12 · .*Cleo.*#10"))
    page.screenshot(path=str(ARTIFACTS / "5-corrected.png"), full_page=True)


def test_updates_in_quick_succession_draw_each_list_once(table: Table, browser: Browser) -> None:
    """Two updates arriving before the first one's requests are answered: the move buttons
    and the history are drawn once, from the newest state."""
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    unlock(page, table.pin)
    buttons, history = page.locator("#choices button"), page.locator("#history li")

    def expected() -> tuple[int, int]:
        legal = page.request.get(table.url + "api/legal").json()
        done = page.request.get(table.url + "api/history").json()
        return len(legal["actions"]), min(60, len(done["actions"]))

    page.evaluate(DISPATCH, [2, {}])
    settle(page)
    moves, actions = expected()
    assert (moves, actions) == (2, 9)  # Ben: pass, or add the pharaoh; nine actions so far
    expect(buttons).to_have_count(moves)
    expect(history).to_have_count(actions)

    # Two real commits back to back, as the camera and a phone might make them.
    assert table.commit({"player": "Ben", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 10}
    assert table.commit({"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 11}
    expect(page.locator("#prompt")).to_contain_text("Cleo")
    settle(page)
    moves, actions = expected()
    expect(buttons).to_have_count(moves)
    expect(history).to_have_count(actions)
    page.screenshot(path=str(ARTIFACTS / "6-quick-updates.png"), full_page=True)


def test_an_answer_for_an_older_state_that_arrives_last_is_dropped(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    unlock(page, table.pin)
    held: list = []
    page.route("**/api/legal*", lambda route: held.append(route))
    page.evaluate(DISPATCH, [2, {}])
    deadline = time.monotonic() + 10
    while len(held) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # let Playwright hand over the held requests
    assert len(held) == 2
    older, newer = held
    newer.fulfill(response=newer.fetch())
    stale = {"to_act": "Ben", "actions": [{"player": "Ben", "move": "pass"}], "labels": ["stale answer"]}
    older.fulfill(json=stale)
    settle(page)
    expect(page.locator("#choices button", has_text="stale answer")).to_have_count(0)
    expect(page.locator("#choices button")).to_have_count(2)


def test_scorings_are_numbered_oldest_first_in_full(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    assert table.commit({"player": "Ben", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 10}
    # Ann's declaration scores purple Horus, and then the blue cats.
    assert table.commit({"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 11}
    items = page.locator("#scorings li")
    expect(items).to_have_count(2)
    expect(items).to_have_text([re.compile("^purple Horus statue"), re.compile("^blue mummified cat")])
    assert items.evaluate_all("items => items.map((li) => li.value)") == [1, 2]
    assert "SCORING" not in page.locator("#scorings").inner_text()
    # Nothing is cut off: no line runs out of its box, the list is not clipped.
    clipped = page.locator("#scorings").evaluate(
        """list => [list, ...list.querySelectorAll("li, li *")].filter((node) => {
             const css = getComputedStyle(node);
             return css.textOverflow === "ellipsis" || node.scrollWidth > node.clientWidth
               || (css.overflowY !== "visible" && node.scrollHeight > node.clientHeight);
           }).length"""
    )
    assert clipped == 0
    page.locator("#scorings").screenshot(path=str(ARTIFACTS / "7-scorings.png"))


def test_a_german_table_gets_a_german_page_a_screen_reader_can_follow(
    table_de: Table, browser: Browser
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table_de.url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    prompt = page.locator("#prompt")
    expect(prompt).to_have_attribute("aria-live", "polite")
    expect(prompt).to_contain_text("Ben")
    expect(page.locator("#oled")).to_have_attribute("alt", "Was das OLED am Tisch gerade zeigt")
    expect(page.locator("label[for=pin]")).to_contain_text("Menütaste")
    live = page.locator("#live")
    expect(live).to_match_aria_snapshot("- text: verbunden")
    box = page.locator("#live-text").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # heard, not seen
    page.screenshot(path=str(ARTIFACTS / "8-german.png"), full_page=True)

    # The table goes away: the text says so too, not only the dot's colour.
    table_de.proc.kill()
    table_de.proc.wait()
    expect(live).to_match_aria_snapshot("- text: getrennt")
    expect(page.locator("#banner")).to_contain_text("Verbindung weg")


def test_the_error_banner_is_easy_to_read(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    page.fill("#pin", "000000" if table.pin != "000000" else "111111")
    page.click("#pin-form button")
    banner = page.locator("#banner")
    expect(banner).to_contain_text("wrong PIN")
    colours = banner.evaluate("b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]")
    assert contrast(*colours) >= 4.5, colours


def test_the_page_loads_without_errors_or_missing_files(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(PROBE)
    errors: list[str] = []
    missing: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(table.url)
    expect(page.locator("#live")).to_have_class(re.compile("on"))
    settle(page)
    page.wait_for_function("() => document.getElementById('oled').complete")
    assert (missing, errors) == ([], [])
    # The icon the page names is there (without one a browser asks for /favicon.ico).
    icon = page.locator("link[rel=icon]")
    expect(icon).to_have_count(1)
    answer = page.request.get(table.url + (icon.get_attribute("href") or "").lstrip("/"))
    assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in answer.text()
    context.close()


def test_a_hint_for_the_table_is_shown_as_information_not_as_an_error(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    notices, banner = page.locator("#notices"), page.locator("#banner")
    # the server's own updates (none with a notice) stop first: one arriving just after the
    # test's own drew the page again without it (CI, once)
    page.evaluate("window.__sources[0].close()")
    page.evaluate(DISPATCH, [1, {"warnings": [], "notices": ["clear away the hand over #7"]}])
    expect(notices).to_have_text("clear away the hand over #7")
    expect(notices).to_have_attribute("role", "status")
    expect(banner).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "9-notice.png"), full_page=True)
    info = notices.evaluate("n => getComputedStyle(n).backgroundColor")

    # A device problem is an error: the banner, in its own colour.
    page.evaluate(DISPATCH, [1, {"warnings": ["camera: not found"], "notices": []}])
    expect(banner).to_have_text("camera: not found")
    expect(notices).to_be_hidden()
    alarm = banner.evaluate("b => getComputedStyle(b).backgroundColor")
    assert info != alarm
    assert contrast(info, alarm) > 1.5  # told apart at a glance, not by a shade


def test_scorings_as_objects_and_actions_in_words_are_shown_as_sent(table: Table, browser: Browser) -> None:
    """The shapes the server is moving to: scorings {n, text, details} (drawn by their
    number, whatever their order), history entries with their own words."""
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    take = {"player": "Ben", "move": "take", "index": 9}
    words = {"n": 9, "action": take, "text": "Ben takes the pharaoh (#9)"}
    page.route(
        "**/api/history",
        lambda route: route.fulfill(json={"game_id": "g", "actions": [words], "events": []}),
    )
    scorings = [
        {"n": 2, "text": "blue mummified cat: Cleo +2", "details": ""},
        {"n": 1, "text": "purple Horus statue: Ann +4, Ben +2", "details": "Ann 3 + 1 joker, Ben 2 + 1"},
    ]
    page.evaluate(DISPATCH, [1, {"scorings": scorings}])
    items = page.locator("#scorings li")
    expect(items.locator(".headline")).to_have_text(
        ["purple Horus statue: Ann +4, Ben +2", "blue mummified cat: Cleo +2"]
    )
    # the page may draw the list again meanwhile (CI once sampled it empty): wait for its
    # numbers rather than sample them once
    values = "[...document.querySelectorAll('#scorings li')].map((li) => li.value)"
    page.wait_for_function(f"() => JSON.stringify({values}) === '[1,2]'", timeout=5000)
    expect(page.locator("#scorings li .details")).to_have_text(["Ann 3 + 1 joker, Ben 2 + 1"])
    expect(page.locator("#history li")).to_have_text(["9 · Ben takes the pharaoh (#9)"])


def test_the_page_shows_the_servers_own_words(table: Table, browser: Browser) -> None:
    from playwright.sync_api import expect

    page = phone(browser, table.url)
    assert table.commit({"player": "Ben", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 10}
    assert table.commit({"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}) == {"ack": 11}
    expect(page.locator("#prompt")).to_contain_text("Cleo")
    settle(page)
    state = page.request.get(table.url + "api/state").json()
    assert state["notices"] == []
    scorings = state["scorings"]
    assert [s["n"] for s in scorings] == [1, 2]
    expect(page.locator("#scorings li .headline")).to_have_text([s["text"] for s in scorings])
    actions = page.request.get(table.url + "api/history").json()["actions"]
    expect(page.locator("#history li")).to_have_text([f"{a['n']} · {a['text']}" for a in actions])


def test_a_page_that_reconnects_gets_exactly_what_it_missed(table: Table) -> None:
    """The live stream over real HTTP: read one update, drop the connection, let two
    actions be committed, reconnect with Last-Event-ID — both arrive, in order, once."""
    import httpx

    def updates(last: str | None, count: int) -> list[tuple[str, dict]]:
        headers = {"Last-Event-ID": last} if last else {}
        got: list[tuple[str, dict]] = []
        fields: dict[str, str] = {}
        with httpx.stream("GET", table.url + "api/stream", headers=headers, timeout=10) as stream:
            for line in stream.iter_lines():
                if line:  # a field of the event being read, e.g. "id: ..." or "data: {...}"
                    name, _, value = line.partition(":")
                    fields[name] = value.strip()
                    continue
                if "data" in fields:  # a blank line ends the event
                    got.append((fields.get("id", ""), json.loads(fields["data"])))
                    if len(got) == count:
                        return got
                fields = {}
        return got

    ((seen, first),) = updates(None, 1)
    assert first["kind"] == "snapshot" and first["state"]["to_act"] == "Ben"
    assert table.commit({"player": "Ben", "move": "pass"}) == {"ack": 10}
    assert table.commit({"player": "Ann", "move": "pass"}) == {"ack": 11}
    missed = [update for _, update in updates(seen, 2)]
    assert [u["seq"] for u in missed] == [first["seq"] + 1, first["seq"] + 2]
    assert [u["state"]["actions"] for u in missed] == [10, 11]
    assert [e["type"] for e in missed[0]["events"]][:1] == ["passed"]
