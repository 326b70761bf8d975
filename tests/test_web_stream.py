"""The live stream: one page's trouble is never another's, a page from an earlier run or
with a garbage id gets a snapshot, and 50 pages coming and going while a game is
committed all end up holding exactly the server's state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from engines.playout import near, play_random
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.app import create_app
from firmware.web.hub import TableHub

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 11}
ITERATIONS = int(os.environ.get("SCARAB_STREAM_ITERATIONS", "1"))  # raise it to hunt flakes


def new_hub(folder: Path) -> TableHub:
    store = Store(folder / "s.db")
    return TableHub(store, Referee.start(store, HEADER), pin="246810")


def moves(count: int | None = None) -> list[dict[str, Any]]:
    actions = play_random(HEADER, random.Random(5), policy=near).actions
    return actions if count is None else actions[:count]


# ------------------------------------------------------------------ the hub alone


def test_a_cancelled_page_never_stops_the_others(tmp_path: Path) -> None:
    """The reported fault: four pages wait, a move is made and one page goes away at
    that very moment — eight times. Every page left must still get every update."""
    hub = new_hub(tmp_path)
    actions = moves(10)

    async def scenario() -> None:
        async def page(seen: int) -> list[dict[str, Any]]:
            return await hub.wait(seen, 5.0)

        waiting = [asyncio.create_task(page(hub.seq)) for _ in range(4)]
        await asyncio.sleep(0)
        for action in actions[:8]:
            hub.act(action)
            waiting[0].cancel()  # closed within the same instant as the commit
            await asyncio.gather(*waiting, return_exceptions=True)
            waiting = [asyncio.create_task(page(hub.seq)) for _ in range(4)]
            await asyncio.sleep(0)
        hub.act(actions[8])
        got = await asyncio.wait_for(asyncio.gather(*waiting), 5.0)
        assert all([u["seq"] for u in updates] == [hub.seq] for updates in got)
        assert hub.waiting == 0, "a finished or cancelled page left its waiter behind"

    asyncio.run(scenario())


def test_a_page_cancelled_while_waiting_leaves_nothing_behind(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)

    async def scenario() -> None:
        tasks = [asyncio.create_task(hub.wait(hub.seq, 30.0)) for _ in range(20)]
        await asyncio.sleep(0.01)
        assert hub.waiting == 20
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        assert hub.waiting == 0
        late = asyncio.create_task(hub.wait(hub.seq, 5.0))
        await asyncio.sleep(0)
        hub.act(moves(1)[0])
        assert [u["kind"] for u in await late] == ["action"]

    asyncio.run(scenario())


def test_a_commit_from_another_thread_wakes_the_pages(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)

    async def scenario() -> None:
        waiting = asyncio.create_task(hub.wait(hub.seq, 5.0))
        await asyncio.sleep(0.01)
        await asyncio.get_running_loop().run_in_executor(None, hub.act, moves(1)[0])
        assert [u["kind"] for u in await waiting] == ["action"]

    asyncio.run(scenario())


def test_stream_ids_name_this_run(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)
    for action in moves(3):
        hub.act(action)
    assert hub.parse_event_id(hub.event_id(2)) == 2
    assert [u["seq"] for u in hub.since(hub.parse_event_id(hub.event_id(2)))] == [3, 4]
    later = new_hub(tmp_path / "..")  # a restart: a new boot id, numbers from 1 again
    assert later.boot != hub.boot
    assert later.parse_event_id(hub.event_id(4)) is None
    assert later.since(later.parse_event_id(hub.event_id(4)))[0]["kind"] == "snapshot"


@pytest.mark.parametrize(
    "value",
    ["", "   ", "²", "٣", "7", "-1", "abc", "deadbeef", "deadbeef-", "deadbeef-x", "1" * 400, "{boot}-99",
     "{boot}-٣", "{boot}-1 2", "{boot}-" + "9" * 30, "{BOOT}-1", "\t{boot}-1\x00"],
)  # fmt: skip
def test_any_last_event_id_gives_a_snapshot_or_a_continuation(tmp_path: Path, value: str) -> None:
    hub = new_hub(tmp_path)
    # a boot id with letters in it: a random one is all digits one start in 40, and then
    # its upper case is no other id (the case once failed so, under no fault of the hub)
    hub.boot = "5e1f0dab"
    hub.act(moves(1)[0])
    value = value.replace("{boot}", hub.boot).replace("{BOOT}", hub.boot.upper())
    seen = hub.parse_event_id(value)
    assert seen is None
    assert [u["kind"] for u in hub.since(seen)] == ["snapshot"]


# ------------------------------------------------------------ through HTTP


def first_update(client: TestClient, last_event_id: bytes | None) -> dict[str, Any]:
    headers = {"Last-Event-ID": last_event_id} if last_event_id is not None else {}
    with client.stream("GET", "/api/stream", headers=headers) as response:
        assert response.status_code == 200
        for line in response.iter_lines():
            if line.startswith("data:"):
                return json.loads(line[5:])
    raise AssertionError("the stream ended without an update")


@pytest.mark.parametrize(
    "header", ["²".encode(), "٣".encode(), b"\xff\xfe", b"99999999999999999999999", b"12", b"x" * 2000]
)
def test_a_strange_last_event_id_gets_a_clean_snapshot(tmp_path: Path, header: bytes) -> None:
    hub = new_hub(tmp_path)
    with TestClient(create_app(hub)) as client:
        hub.act(moves(1)[0])
        update = first_update(client, header)
    assert update["kind"] == "snapshot" and update["state"]["actions"] == 1


def test_a_page_from_before_a_restart_gets_a_snapshot_not_silence(tmp_path: Path) -> None:
    """The page last saw update 40 of the previous run; this run has only reached 2."""
    before = new_hub(tmp_path)
    for action in moves(5):
        before.act(action)
    old_id = before.event_id(before.seq).encode()
    store = Store(tmp_path / "s.db")
    after = TableHub(store, Referee.resume(store), pin="246810")  # scarab run restarted
    with TestClient(create_app(after)) as client:
        update = first_update(client, old_id)
    assert update["kind"] == "snapshot" and update["state"]["actions"] == 5
    assert update["id"].startswith(after.boot + "-")


# --------------------------------------------------------------- the stress test


class Page:
    """One phone: connects, reads, drops, reconnects with its last id — or a stale or
    garbage one — and checks it never misses an update it was owed."""

    def __init__(self, url: str, rng: random.Random, boot: str) -> None:
        self.url = url
        self.rng = rng
        self.boot = boot
        self.last_id: str | None = None
        self.last_seq = 0
        self.state: dict[str, Any] | None = None
        self.connected = asyncio.Event()
        self.problems: list[str] = []
        self.updates = 0

    def next_header(self) -> dict[str, bytes]:
        roll = self.rng.random()
        if roll < 0.55 and self.last_id:
            return {"Last-Event-ID": self.last_id.encode()}
        if roll < 0.65:
            return {}
        return {
            "Last-Event-ID": self.rng.choice(
                [b"\xc2\xb2", b"abc", b"-5", b"deadbeef-3", f"{self.boot}-999999".encode(), b"1" * 50, b"7"]
            )
        }

    async def session(self, client: httpx.AsyncClient, stay: bool) -> None:
        headers = self.next_header()
        sent = headers.get("Last-Event-ID", b"").decode("latin-1")
        continuing = self.last_id is not None and sent == self.last_id
        first = True
        async with client.stream("GET", f"{self.url}/api/stream", headers=headers) as response:
            if response.status_code != 200:
                self.problems.append(f"status {response.status_code}")
                return
            limit = None if stay else self.rng.randint(0, 6)
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                update = json.loads(line[5:])
                self.check(update, continuing if first else True)
                first = False
                self.updates += 1
                self.connected.set()
                if limit is not None:
                    limit -= 1
                    if limit < 0:
                        return

    def check(self, update: dict[str, Any], continuing: bool) -> None:
        if update["kind"] == "snapshot":
            self.last_seq = update["seq"]
        elif continuing and update["seq"] != self.last_seq + 1:
            self.problems.append(f"after update {self.last_seq} came {update['seq']}")
        self.last_seq = update["seq"]
        self.last_id = update["id"]
        self.state = update["state"]

    async def run(self, client: httpx.AsyncClient, stop: asyncio.Event) -> None:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):  # dropped off mid-stream, perhaps mid-commit
                await asyncio.wait_for(self.session(client, stay=False), self.rng.uniform(0.001, 0.3))
            await asyncio.sleep(self.rng.uniform(0, 0.02))
        self.connected.clear()
        await self.session(client, stay=True)  # the last connection stays open


async def serve(hub: TableHub) -> AsyncIterator[tuple[str, uvicorn.Server]]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(hub), log_level="warning", timeout_graceful_shutdown=1))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.should_exit = True
        server.force_exit = True
        await asyncio.wait({task}, timeout=10)


@pytest.mark.parametrize("iteration", range(ITERATIONS))
def test_fifty_pages_coming_and_going_all_end_with_the_servers_state(tmp_path: Path, iteration: int) -> None:
    rng = random.Random(iteration)
    hub = new_hub(tmp_path)
    actions = moves()

    async def scenario() -> None:
        async for url, _server in serve(hub):
            limits = httpx.Limits(max_connections=200)
            async with httpx.AsyncClient(timeout=httpx.Timeout(30.0), limits=limits) as client:
                pages = [Page(url, random.Random(rng.random()), hub.boot) for _ in range(50)]
                newcomer = Page(url, random.Random(1), hub.boot)
                stop = asyncio.Event()
                running = [asyncio.create_task(p.run(client, stop)) for p in pages]
                try:
                    await commit_while_pages_come_and_go(hub, actions, rng)
                    stop.set()
                    await all_hold_the_state(pages, "a page never caught up")
                    for page in pages:
                        assert page.problems == [], page.problems
                    running.append(asyncio.create_task(newcomer.session(client, stay=True)))
                    await asyncio.wait_for(newcomer.connected.wait(), 10)
                    hub.undo()  # one more change after all that: everybody still hears of it
                    await all_hold_the_state([*pages, newcomer], "live updates stopped")
                finally:
                    for task in running:
                        task.cancel()
                    await asyncio.wait(running, timeout=10)

    async def commit_while_pages_come_and_go(
        hub: TableHub, actions: list[dict[str, Any]], rng: random.Random
    ) -> None:
        for n, action in enumerate(actions):
            hub.act(action)
            if n % 17 == 16:
                hub.undo()
                hub.act(action)
            await asyncio.sleep(rng.uniform(0, 0.01))

    async def all_hold_the_state(pages: list[Page], failure: str) -> None:
        deadline = asyncio.get_running_loop().time() + 30
        while any(p.state != hub.snapshot() for p in pages):
            assert asyncio.get_running_loop().time() < deadline, failure
            await asyncio.sleep(0.02)

    run_guarded(scenario)


def run_guarded(scenario: Callable[[], Coroutine[Any, Any, None]], limit: float = 180.0) -> None:
    """Run the scenario on a loop of its own in a thread: a wedged stream handler (one
    stuck re-acquiring a lock, say) would keep ``asyncio.run`` from ever returning, and
    the test must fail, not hang."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(limit)
    assert not thread.is_alive(), f"the server or a page was still stuck after {limit:.0f} s"
    if failure:
        raise failure[0]
