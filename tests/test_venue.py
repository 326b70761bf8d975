"""The venue: two real `scarab run` tables and one `scarab venue` through a real Mosquitto
broker that is stopped and started again mid-game, and the venue page in a real browser."""

from __future__ import annotations

import asyncio
import getpass
import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.playout import near, play_random
from engines.replay import document, replay
from firmware.appliance.config import Config

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None
)
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"]
SCARAB = [sys.executable, "-m", "firmware.cli"]
needs_broker = pytest.mark.skipif(MOSQUITTO is None, reason="mosquitto (./dev test installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def until(check: Any, seconds: float = 30.0, what: str = "") -> Any:
    """Poll ``check`` until it gives something truthy; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what or check}")
        time.sleep(0.05)


class Broker:
    """A real mosquitto on a loopback port, with persistence, so that a stop and a start
    keep its retained messages and its subscribers' sessions, as a venue's broker does."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\n"
            f"persistence true\npersistence_location {folder}/\nlog_dest file {folder}/log.txt\n"
            f"user {getpass.getuser()}\n"  # as root, mosquitto would otherwise drop to its own user
        )
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert MOSQUITTO is not None
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)])

        def listening() -> bool:
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0

        until(listening, 10, "mosquitto to listen")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: mosquitto saves its sessions and retained messages
            self.proc.wait(10)
        self.proc = None


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    b = Broker(tmp_path)
    b.start()
    yield b
    b.stop()


class Collector(threading.Thread):
    """An MQTT subscriber with a persistent session (it misses nothing while the broker is
    away) keeping every message it gets, in the order it gets them."""

    def __init__(self, port: int, topics: list[str]) -> None:
        super().__init__(daemon=True)
        self.port, self.topics = port, topics
        self.messages: list[tuple[str, bytes]] = []
        self.subscribed = threading.Event()
        self.stopping = False

    def run(self) -> None:
        asyncio.run(self.collect())

    async def collect(self) -> None:
        import aiomqtt

        while not self.stopping:
            try:
                async with aiomqtt.Client(
                    "127.0.0.1", self.port, identifier="venue-test-collector", clean_session=False
                ) as client:
                    for topic in self.topics:
                        await client.subscribe(topic, qos=1)
                    self.subscribed.set()
                    async for message in client.messages:
                        payload = message.payload if isinstance(message.payload, bytes) else b""
                        self.messages.append((str(message.topic), payload))
            except aiomqtt.MqttError:
                await asyncio.sleep(0.1)

    def events(self, table: str) -> list[dict[str, Any]]:
        return [json.loads(p) for t, p in list(self.messages) if t == f"scarab/{table}/events"]

    def last(self, topic: str) -> bytes | None:
        found = [p for t, p in list(self.messages) if t == topic]
        return found[-1] if found else None


class Table:
    """`scarab run` with the stdin protocol, publishing to the broker as ``name``."""

    def __init__(self, folder: Path, name: str, edition: str, players: list[str], port: int) -> None:
        self.name = name
        self.db = folder / f"{name}.db"
        config = folder / f"{name}.toml"
        config.write_text(
            f'[table]\ngame = "tutankhamen"\nedition = "{edition}"\nplayers = {json.dumps(players)}\n'
            f'[mqtt]\nhost = "127.0.0.1"\nport = {port}\ntable = "{name}"\nkeepalive = 5\n'
        )
        self.proc = subprocess.Popen(
            [
                *SCARAB,
                "run",
                "--config",
                str(config),
                "--db",
                str(self.db),
                "--input",
                "stdin",
                "--new",
                "--no-web",
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "COLUMNS": "100"},
        )
        ready = json.loads(self.line())["ready"]
        with sqlite3.connect(self.db) as db:
            (text,) = db.execute("SELECT header FROM games WHERE id = ?", (ready["game_id"],)).fetchone()
        self.header = json.loads(text)
        self.actions = play_random(self.header, random.Random(3), policy=near).actions
        self.done = 0

    def line(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline()

    def play(self, upto: int) -> None:
        """Commit actions up to number ``upto``; every one is acknowledged after its commit."""
        assert self.proc.stdin is not None
        for action in self.actions[self.done : upto]:
            self.proc.stdin.write(json.dumps(action) + "\n")
            self.proc.stdin.flush()
            self.done += 1
            assert json.loads(self.line()) == {"ack": self.done}

    def replayed(self) -> Any:
        lines = [json.dumps(self.header)] + [json.dumps(a) for a in self.actions[: self.done]]
        return replay(lines)

    def events_so_far(self) -> int:
        return len(self.replayed().events)


def in_order_once(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events as first received (QoS 1 may deliver one twice; its number tells)."""
    seen: set[int] = set()
    out = []
    for e in events:
        if e["n"] not in seen:
            seen.add(e["n"])
            out.append(e)
    return out


def venue_page_shows(page: Any, table: Table) -> bool:
    doc = document(table.replayed())
    card = page.locator(f'section[data-table="{table.name}"]')
    if card.count() != 1:
        return False
    for player, points in doc["scores"].items():
        row = card.locator(f'li[data-player="{player}"]')
        if row.count() != 1 or row.inner_text().split()[-1] != str(points):
            return False
    acting = card.locator("li.to-act")
    if doc["to_act"] is None:
        return acting.count() == 0
    return acting.count() == 1 and acting.get_attribute("data-player") == doc["to_act"]


@needs_broker
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is installed by ./dev test")
def test_two_tables_and_the_venue_lose_nothing_when_the_broker_restarts_mid_game(
    tmp_path: Path, broker: Broker
) -> None:
    from playwright.sync_api import sync_playwright

    collector = Collector(broker.port, ["scarab/+/events", "scarab/+/availability", "homeassistant/#"])
    collector.start()
    assert collector.subscribed.wait(10)
    web = free_port()
    venue = subprocess.Popen(
        [*SCARAB, "venue", "--broker", f"127.0.0.1:{broker.port}", "--host", "127.0.0.1", "--port", str(web)],
        stderr=subprocess.PIPE,
        text=True,
    )
    tables = [
        Table(tmp_path, "t1", "otb2004", ["Ann", "Ben", "Cleo"], broker.port),
        Table(tmp_path, "t2", "amigo", ["Dirk", "Eva"], broker.port),
    ]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page()
            assert venue.stderr is not None
            assert "the page is at" in venue.stderr.readline()
            page.goto(f"http://127.0.0.1:{web}/")

            for t in tables:  # the first part of each game, every event heard
                t.play(len(t.actions) // 3)
            for t in tables:
                until(
                    lambda t=t: len(in_order_once(collector.events(t.name))) >= t.events_so_far(), 20, t.name
                )
                until(lambda t=t: venue_page_shows(page, t), 20, f"the venue page to show {t.name} mid-game")

            broker.stop()  # the broker goes away mid-game: the tables play on
            for t in tables:
                t.play(2 * len(t.actions) // 3)
            page.wait_for_selector("p.banner", timeout=20_000)  # the venue says its broker is gone
            broker.start()
            for t in tables:
                t.play(len(t.actions))

            for t in tables:
                want = t.replayed().events
                until(
                    lambda t=t, want=want: len(in_order_once(collector.events(t.name))) >= len(want),
                    30,
                    t.name,
                )
                got = in_order_once(collector.events(t.name))
                assert [e["n"] for e in got] == list(range(1, len(want) + 1))  # in order, none missing
                assert [e["event"] for e in got] == want  # exactly the committed events
                assert {e["table"] for e in got} == {t.name} and {e["kind"] for e in got} == {"action"}
                until(lambda t=t: venue_page_shows(page, t), 20, f"the venue page to show {t.name}'s end")
            assert page.locator("p.banner").count() == 0  # the venue found its broker again
            browser.close()

        # Home Assistant discovery: a sensor per player's score and one for the player to act
        for t in tables:
            for player in t.header["players"]:
                raw = collector.last(f"homeassistant/sensor/scarab_{t.name}/score_{player}/config")
                assert raw, f"no discovery config for {player} at {t.name}"
                config = json.loads(raw)
                assert config["state_topic"] == f"scarab/{t.name}/state"
                assert config["availability_topic"] == f"scarab/{t.name}/availability"
                assert player in config["value_template"] and config["unique_id"].endswith(player)
            assert collector.last(f"homeassistant/sensor/scarab_{t.name}/to_act/config")

        # a clean stop says offline; a table that dies is declared offline by its last will
        first, second = tables
        assert first.proc.stdin is not None
        first.proc.stdin.close()
        assert first.proc.wait(20) == 0
        second.proc.kill()
        second.proc.wait(10)
        for t in tables:
            until(lambda t=t: collector.last(f"scarab/{t.name}/availability") == b"offline", 20, t.name)
        assert first.proc.stderr is not None
        assert "venue feed: cannot reach the broker" in first.proc.stderr.read()  # a device problem
    finally:
        collector.stopping = True
        for t in tables:
            if t.proc.poll() is None:
                t.proc.kill()
        venue.terminate()
        venue.wait(10)


@needs_broker
def test_the_retained_state_is_the_tables_api_state_document(tmp_path: Path, broker: Broker) -> None:
    table = Table(tmp_path, "t3", "otb2004", ["Ann", "Ben"], broker.port)
    try:
        table.play(6)
        collector = Collector(broker.port, ["scarab/t3/state"])  # subscribed late: retained
        collector.start()

        def state() -> dict[str, Any] | None:
            raw = collector.last("scarab/t3/state")
            doc = json.loads(raw) if raw else None
            return doc if doc and doc["actions"] == 6 else None

        doc = until(state, 20, "the retained state")
        expected = document(table.replayed())
        for key in ("game", "players", "scores", "to_act", "finished", "winners", "prompt"):
            assert doc[key] == expected[key]
        assert doc["game_id"] == 1 and "warnings" in doc and "events" not in doc
        collector.stopping = True
    finally:
        table.proc.kill()


def test_the_feed_is_off_unless_a_broker_is_named() -> None:
    assert Config().mqtt.host == ""


def test_without_a_broker_the_table_queues_and_reports_and_never_waits() -> None:
    from firmware.appliance.mqtt_publish import MqttPublisher

    async def scenario() -> tuple[list[str | None], int, int]:
        section = Config().mqtt
        section.host, section.port = "127.0.0.1", free_port()  # nobody listens there
        problems: list[str | None] = []
        publisher = MqttPublisher(section, lambda: b"{}", problems.append, table="lonely")
        task = asyncio.create_task(publisher.run())
        change = type("C", (), {})()
        change.kind, change.events = "action", [{"type": "took"}, {"type": "scored"}]
        change.referee = type("R", (), {"game_id": 1, "actions": [1]})()
        publisher.changed(change)  # returns at once: the listener only queues
        until_async = asyncio.get_running_loop().time() + 10
        while not problems and asyncio.get_running_loop().time() < until_async:
            await asyncio.sleep(0.05)
        await publisher.stop()
        task.cancel()
        return problems, len(publisher.pending), publisher.n

    problems, pending, numbered = asyncio.run(scenario())
    assert problems and "cannot reach the broker" in (problems[0] or "")
    assert pending == 2 and numbered == 2  # kept, numbered, waiting for the broker's return


@needs_broker
@pytest.mark.skipif(not (shutil.which("openssl") and shutil.which("mosquitto_passwd")), reason="openssl")
def test_a_broker_with_tls_and_a_password_is_reached_with_the_configured_credentials(tmp_path: Path) -> None:
    from firmware.appliance.mqtt_publish import MqttPublisher

    def sh(*args: str) -> None:
        subprocess.run(args, check=True, capture_output=True, cwd=tmp_path)

    sh("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=venue-ca",
       "-keyout", "ca.key", "-out", "ca.pem")  # fmt: skip
    sh("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key",
       "-out", "server.csr")  # fmt: skip
    (tmp_path / "san.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    sh("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
       "-days", "2", "-extfile", "san.ext", "-out", "server.pem")  # fmt: skip
    sh("mosquitto_passwd", "-b", "-c", "passwd", "table", "s3cret")
    broker = Broker(tmp_path)
    broker.conf.write_text(
        f"listener {broker.port} 127.0.0.1\nallow_anonymous false\npassword_file {tmp_path}/passwd\n"
        f"cafile {tmp_path}/ca.pem\ncertfile {tmp_path}/server.pem\nkeyfile {tmp_path}/server.key\n"
        f"user {getpass.getuser()}\nlog_dest file {tmp_path}/log.txt\n"
    )
    for name in ("passwd", "server.key", "server.pem", "ca.pem"):
        (tmp_path / name).chmod(0o644)
    broker.start()

    async def scenario(password: str, table: str) -> tuple[bytes | None, list[str | None]]:
        import aiomqtt

        section = Config().mqtt
        section.host, section.port = "127.0.0.1", broker.port
        section.username, section.password = "table", password
        section.tls, section.ca_file, section.discovery = True, str(tmp_path / "ca.pem"), False
        problems: list[str | None] = []
        publisher = MqttPublisher(section, lambda: b'{"to_act": "Ann"}', problems.append, table=table)
        task = asyncio.create_task(publisher.run())
        got = None
        tls = aiomqtt.TLSParameters(ca_certs=str(tmp_path / "ca.pem"))
        try:
            async with asyncio.timeout(3):
                async with aiomqtt.Client(
                    "127.0.0.1", broker.port, username="table", password="s3cret", tls_params=tls
                ) as client:
                    await client.subscribe(f"scarab/{table}/state", qos=1)
                    async for message in client.messages:
                        got = message.payload if isinstance(message.payload, bytes) else None
                        break
        except TimeoutError:
            pass
        await publisher.stop()
        task.cancel()
        return got, problems

    try:
        got, problems = asyncio.run(scenario("s3cret", "secure"))
        assert got == b'{"to_act": "Ann"}' and problems == []
        got, problems = asyncio.run(scenario("wrong", "intruder"))  # refused: reported, nothing sent
        assert got is None and problems and "cannot reach the broker" in (problems[0] or "")
    finally:
        broker.stop()
