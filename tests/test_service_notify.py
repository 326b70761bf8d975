"""The sd_notify protocol against a real local datagram socket standing in for systemd:
READY only once the page answers, STATUS with the game, WATCHDOG only from a healthy
loop, STOPPING and a clean exit 0 on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from engines.playout import near, play_random
from firmware.appliance.service_notify import ServiceNotifier, attach, game_status, keep_alive, store_problems
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo", "Dirk"], "seed": 3}


class Systemd:
    """A bound AF_UNIX datagram socket, as the service manager holds one."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(b"\0" + address[1:].encode() if address.startswith("@") else address)
        self.sock.settimeout(30)

    def next(self) -> dict[str, str]:
        data = self.sock.recv(4096).decode()
        return dict(line.split("=", 1) for line in data.split("\n"))

    def pending(self) -> list[dict[str, str]]:
        out = []
        self.sock.setblocking(False)
        try:
            while True:
                data = self.sock.recv(4096).decode()
                out.append(dict(line.split("=", 1) for line in data.split("\n")))
        except BlockingIOError:
            return out
        finally:
            self.sock.settimeout(30)

    def until(self, key: str) -> list[dict[str, str]]:
        """Messages up to and including the first that holds ``key``."""
        seen = []
        while True:
            seen.append(self.next())
            if key in seen[-1]:
                return seen


@pytest.fixture
def systemd() -> Iterator[Systemd]:
    manager = Systemd(f"@scarab-test-{uuid.uuid4().hex}")
    yield manager
    manager.sock.close()


def test_without_notify_socket_everything_is_a_no_op() -> None:
    notifier = ServiceNotifier.from_env({})
    assert not notifier.enabled and notifier.ping_period is None
    assert notifier.ready("x") is False and notifier.ping() is False and notifier.sent == 0


def test_a_socket_path_receives_ready_status_and_stopping() -> None:
    with tempfile.TemporaryDirectory(prefix="sd") as folder:  # short: AF_UNIX paths are ≤ 107 bytes
        manager = Systemd(os.path.join(folder, "notify"))
        notifier = ServiceNotifier.from_env({"NOTIFY_SOCKET": manager.address})
        assert notifier.ready("tutankhamen game 1: 0 actions, Ann to act")
        first = manager.next()
        assert first["READY"] == "1" and first["STATUS"].startswith("tutankhamen") and first["MAINPID"]
        assert notifier.status("line one\nline two")
        assert manager.next() == {"STATUS": "line one line two"}, "STATUS is one line"
        assert notifier.status("line one line two") is False, "an unchanged STATUS is not resent"
        assert notifier.stopping()
        assert manager.next()["STOPPING"] == "1"
        manager.sock.close()


def test_an_abstract_socket_and_a_missing_one(systemd: Systemd) -> None:
    notifier = ServiceNotifier.from_env({"NOTIFY_SOCKET": systemd.address})
    assert notifier.ping() and systemd.next() == {"WATCHDOG": "1"}
    gone = ServiceNotifier.from_env({"NOTIFY_SOCKET": "@scarab-nobody-" + uuid.uuid4().hex})
    assert gone.ping() is False and gone.error and "cannot notify" in gone.error
    odd = ServiceNotifier.from_env({"NOTIFY_SOCKET": "vsock:2:999"})
    assert odd.ping() is False and odd.error


def test_the_watchdog_is_ours_only_for_our_pid() -> None:
    env = {"NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "30000000"}
    assert ServiceNotifier.from_env(env, pid=42).ping_period == 15.0
    assert ServiceNotifier.from_env({**env, "WATCHDOG_PID": "42"}, pid=42).ping_period == 15.0
    assert ServiceNotifier.from_env({**env, "WATCHDOG_PID": "41"}, pid=42).ping_period is None
    assert ServiceNotifier.from_env({**env, "WATCHDOG_USEC": "soon"}).ping_period is None


def test_keep_alive_pings_only_while_the_check_passes(systemd: Systemd) -> None:
    notifier = ServiceNotifier.from_env({"NOTIFY_SOCKET": systemd.address})
    verdicts = [[], [], ["the game store does not answer"], ["the page stopped serving"], [], []]

    def check() -> list[str]:
        return verdicts.pop(0) if verdicts else []

    got: list[dict[str, str]] = []

    async def go() -> None:
        task = asyncio.create_task(keep_alive(notifier, check, lambda: "playing", period=0.005))
        while verdicts:
            await asyncio.sleep(0.005)
            got.extend(systemd.pending())  # read as systemd does: its queue holds few datagrams
        await asyncio.sleep(0.02)
        task.cancel()

    asyncio.run(go())
    got.extend(systemd.pending())
    pings = [m for m in got if m == {"WATCHDOG": "1"}]
    statuses = [m["STATUS"] for m in got if "STATUS" in m]
    assert statuses[:4] == [
        "playing",
        "unhealthy: the game store does not answer",
        "unhealthy: the page stopped serving",
        "playing",
    ]
    first_bad = got.index({"STATUS": "unhealthy: the game store does not answer"})
    recovered = got.index({"STATUS": "playing"}, first_bad)
    assert all(m != {"WATCHDOG": "1"} for m in got[first_bad:recovered]), "no ping while unhealthy"
    assert len(pings) >= 4


def appliance(tmp_path: Path) -> SimpleNamespace:
    store = Store(tmp_path / "s.db")
    return SimpleNamespace(
        store=store, referee=Referee.start(store, HEADER), hub=SimpleNamespace(on_new_game=[]), web_task=None
    )


def test_attach_sends_ready_then_status_on_every_commit_and_a_failing_store_stops_the_pings(
    tmp_path: Path, systemd: Systemd
) -> None:
    app = appliance(tmp_path)
    moves = play_random(HEADER, random.Random(1), policy=near).actions
    env = {"NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "20000"}  # a ping every 10 ms

    async def go() -> None:
        task = attach(app, ServiceNotifier.from_env(env))
        assert task is not None
        ready = systemd.next()
        assert ready["READY"] == "1" and "0 actions, Ann to act" in ready["STATUS"]
        await asyncio.sleep(0.05)
        assert {"WATCHDOG": "1"} in systemd.pending(), "a healthy loop pings"
        app.referee.act(moves[0])
        assert systemd.next()["STATUS"] == game_status(app.referee)
        assert "1 action," in game_status(app.referee)
        app.store.db.close()  # the store stops answering
        assert store_problems(app.store)
        await asyncio.sleep(0.05)
        systemd.pending()
        await asyncio.sleep(0.05)
        late = systemd.pending()
        assert all("WATCHDOG" not in m for m in late), "no ping once the store fails"
        task.cancel()

    asyncio.run(go())


def test_a_page_that_stopped_and_a_new_game_are_reported(tmp_path: Path, systemd: Systemd) -> None:
    app = appliance(tmp_path)
    env = {"NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "20000"}

    async def go() -> None:
        app.web_task = asyncio.create_task(asyncio.sleep(0))  # a page that has ended
        task = attach(app, ServiceNotifier.from_env(env))
        assert task is not None
        systemd.next()  # READY
        await asyncio.sleep(0.06)
        got = systemd.pending()
        assert {"STATUS": "unhealthy: the page stopped serving"} in got
        assert {"WATCHDOG": "1"} not in got
        new = Referee.start(app.store, {**HEADER, "players": ["Zoe", "Yan"]})
        app.referee = new
        for listener in app.hub.on_new_game:
            listener(new)
        task.cancel()

    asyncio.run(go())
    assert any("game 2" in m.get("STATUS", "") for m in systemd.pending())


# ------------------------------------------------------------ the real `scarab run`


def scarab_env(tmp_path: Path, systemd: Systemd, watchdog_usec: int) -> dict[str, str]:
    return {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCARAB_CONFIG": str(tmp_path / "none.toml"),
        "NOTIFY_SOCKET": systemd.address,
        "WATCHDOG_USEC": str(watchdog_usec),
    }


def test_scarab_run_is_ready_only_with_the_page_up_and_stops_cleanly_on_sigterm(
    tmp_path: Path, systemd: Systemd
) -> None:
    """As the unit runs it: `--input none` with the page; SIGTERM ends it with exit 0."""
    db = tmp_path / "s.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--input", "none", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=scarab_env(tmp_path, systemd, 1_000_000),  # a ping every 0.5 s
    )
    try:
        first = systemd.next()
        assert first.get("READY") == "1", first
        assert "tutankhamen" in first["STATUS"] and "Ann to act" in first["STATUS"]
        assert proc.stdout is not None
        line = proc.stdout.readline()
        while "The page:" not in line:
            assert line, "the page's address was never printed"
            line = proc.stdout.readline()
        port = line.split("localhost:")[1].split("/")[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=10) as response:
            assert json.load(response)["to_act"] == "Ann", "READY came before the page answered"
        assert {"WATCHDOG": "1"} in systemd.until("WATCHDOG"), "the healthy loop pings"
        systemd.pending()
        proc.send_signal(signal.SIGTERM)
        assert systemd.until("STOPPING")[-1]["STOPPING"] == "1"
        assert proc.wait(timeout=30) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        proc.kill()
        proc.wait()
    assert not Path(f"{db}-wal").exists(), "the store was closed (its WAL checkpointed)"
    assert "Traceback" not in (proc.stderr.read() if proc.stderr else "")


def test_status_follows_the_game_played_over_stdin(tmp_path: Path, systemd: Systemd) -> None:
    db = tmp_path / "s.db"
    Referee.start(Store(db), HEADER)
    moves = play_random(HEADER, random.Random(2), policy=near).actions[:2]
    run = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "run", "--input", "stdin", "--no-web", "--db", str(db)],
        input="".join(json.dumps(m) + "\n" for m in moves),
        capture_output=True,
        text=True,
        timeout=60,
        env=scarab_env(tmp_path, systemd, 60_000_000),
    )
    assert run.returncode == 0, run.stderr
    got = systemd.pending()
    assert got[0]["READY"] == "1" and "0 actions" in got[0]["STATUS"]
    statuses = [m["STATUS"] for m in got[1:] if "STATUS" in m]
    assert any("1 action," in s for s in statuses) and any("2 actions," in s for s in statuses)
    assert got[-1].get("STOPPING") == "1"


def test_a_blocked_loop_withholds_the_ping_and_says_so(systemd: Systemd) -> None:
    notifier = ServiceNotifier.from_env({"NOTIFY_SOCKET": systemd.address})
    got: list[dict[str, str]] = []

    async def go() -> None:
        task = asyncio.create_task(keep_alive(notifier, list, lambda: "playing", period=0.01))
        await asyncio.sleep(0.05)
        time.sleep(1.3)  # something hogs the loop far longer than a busy machine's delay
        await asyncio.sleep(0.05)
        task.cancel()

    asyncio.run(go())
    got.extend(systemd.pending())
    statuses = [m["STATUS"] for m in got if "STATUS" in m]
    assert any(s.startswith("unhealthy: the loop was blocked for 1.") for s in statuses), statuses
