"""The venue feed under load: `python -m bench venue [--tables 20] [--seconds 10]`.

Starts a real mosquitto on a loopback port and a real `scarab venue`, then simulates
``--tables`` tables in one process — each a referee on its own store, the page's hub and
the MQTT publisher exactly as `scarab run` wires them — committing Tutankhamen games at
full speed, game after game. A second process subscribes to ``scarab/+/events`` and to
the venue page's live stream and reports:

- events committed and delivered, and delivered per second;
- end to end: from the commit to the subscriber receiving the event (p50/p95/p99);
- the venue page: from a commit to the page's stream carrying a state that includes it.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import getpass
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCARAB_VENUE = [sys.executable, "-m", "firmware.cli", "venue"]
BENCH_VENUE = [sys.executable, "-m", "bench", "venue"]


def _follow(publisher: Any, referee: Any) -> None:
    """A new game's commits go to the table's publisher too."""
    referee.subscribe(publisher.changed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port}")


def percentiles(values: list[float]) -> str:
    if not values:
        return "—"
    ordered = sorted(values)

    def q(p: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]

    return f"{q(0.5):8.1f} {q(0.95):8.1f} {q(0.99):8.1f} {1000 * ordered[-1]:8.1f}"


# ------------------------------------------------------------------ the subscriber process


async def subscribe(port: int, web: int, seconds: float) -> dict[str, Any]:
    """Every event's delivery time, and the venue stream's updates, for ``seconds``."""
    import aiomqtt
    import httpx

    commits: dict[tuple[str, int, int], float] = {}  # (table, game, actions) -> commit time
    e2e: list[float] = []
    seen: list[tuple[str, int, int, float]] = []  # (table, game, actions, when the page showed it)
    delivered = 0
    shown: dict[str, tuple[int, int]] = {}

    async def events() -> None:
        nonlocal delivered
        async with aiomqtt.Client("127.0.0.1", port, max_queued_incoming_messages=0) as client:
            await client.subscribe("scarab/+/events", qos=1)
            async for message in client.messages:
                now = time.time()
                doc = json.loads(message.payload)
                delivered += 1
                e2e.append(now - doc["at"])
                commits.setdefault((doc["table"], doc["game_id"], doc["actions"]), doc["at"])

    async def stream() -> None:
        async with (
            httpx.AsyncClient(timeout=None) as client,
            client.stream("GET", f"http://127.0.0.1:{web}/api/stream") as response,
        ):
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                now = time.time()
                for table in json.loads(line[5:])["tables"]:
                    key = (table["game_id"] or 0, table["actions"] or 0)
                    if shown.get(table["name"]) == key:
                        continue
                    shown[table["name"]] = key
                    seen.append((table["name"], *key, now))  # joined with the commits at the end

    tasks = [asyncio.create_task(events()), asyncio.create_task(stream())]
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    # the page may show a state before this subscriber has read the event that made it
    page = [
        now - commits[(name, game, actions)]
        for name, game, actions, now in seen
        if (name, game, actions) in commits
    ]
    return {"delivered": delivered, "e2e": e2e, "page": page}


# ------------------------------------------------------------------ the tables


async def tables(port: int, count: int, first: int, seconds: float, pace: float, seed: int) -> dict[str, Any]:
    """``count`` tables named from ``first`` on, committing for ``seconds`` — at full speed
    (``pace`` 0) or ``pace`` actions per second each — then publishing what is left."""
    from engines import game_class
    from engines.playout import play_random
    from firmware.appliance.config import Config
    from firmware.appliance.mqtt_publish import MqttPublisher
    from firmware.appliance.store import Store
    from firmware.referees.referee import Referee
    from firmware.web.hub import TableHub

    rng = random.Random(seed)
    cls = game_class("tutankhamen")
    pool = []
    for _ in range(40):
        header = cls.simulation_header(["Ann", "Ben", "Cleo", "Dirk"], rng.randrange(2**31), "otb2004")
        pool.append((header, play_random(header, rng).actions))
    section = Config().mqtt
    section.host, section.port = "127.0.0.1", port
    publishers, hubs = [], []
    for i in range(count):
        header, _ = pool[i % len(pool)]
        store = Store(":memory:")
        hub = TableHub(store, Referee.start(store, header), "en")
        publisher = MqttPublisher(section, hub.snapshot_json, table=f"bench{first + i:02d}")
        hub.referee.subscribe(publisher.changed)
        hub.on_new_game.append(functools.partial(_follow, publisher))
        publishers.append(publisher)
        hubs.append(hub)
    runs = [asyncio.create_task(p.run()) for p in publishers]
    while not all(p.connected for p in publishers):
        await asyncio.sleep(0.02)
    games = [0] * count
    steps = [0] * count
    start = time.perf_counter()
    committed = 0
    while time.perf_counter() - start < seconds:
        for i, hub in enumerate(hubs):
            _, actions = pool[(i + games[i] * count) % len(pool)]
            if steps[i] >= len(actions):
                games[i] += 1
                steps[i] = 0
                hub.new_game(pool[(i + games[i] * count) % len(pool)][0])
                continue
            hub.act(actions[steps[i]])
            steps[i] += 1
            committed += 1
        # the publishers' turn, as in the appliance's one loop; paced: the rest of the beat
        await asyncio.sleep(1 / pace if pace else 0)
    elapsed = time.perf_counter() - start
    while any(p.pending for p in publishers) and time.perf_counter() - start < seconds + 10:
        await asyncio.sleep(0.05)
    for p in publishers:
        await p.stop()
    for task in runs:
        task.cancel()
    return {
        "committed": committed,
        "events": sum(p.n for p in publishers),
        "elapsed": elapsed,
        "games": sum(games),
    }


def run_round(port: int, web: int, args: argparse.Namespace, pace: float) -> dict[str, Any]:
    """One measured round: the subscriber, then the tables in ``--workers`` processes."""
    listen = args.seconds + 8
    sub = subprocess.Popen(
        [*BENCH_VENUE, "--subscriber", str(port), str(web), str(listen)], stdout=subprocess.PIPE, text=True
    )
    time.sleep(1.5)  # the subscriber is connected and the venue's stream open
    workers = max(1, min(args.workers, args.tables))
    share = [args.tables // workers + (1 if i < args.tables % workers else 0) for i in range(workers)]
    procs = []
    first = 0
    for n in share:
        spec = [str(port), str(n), str(first), str(args.seconds), str(pace), str(args.seed + first)]
        procs.append(subprocess.Popen([*BENCH_VENUE, "--worker", *spec], stdout=subprocess.PIPE, text=True))
        first += n
    results = [json.loads(proc.communicate(timeout=args.seconds + 60)[0]) for proc in procs]
    heard = json.loads(sub.communicate(timeout=listen + 30)[0])
    took = max(r["elapsed"] for r in results)
    total = {k: sum(r[k] for r in results) for k in ("committed", "events", "games")}
    return {**total, "elapsed": took, **heard}


def report(label: str, r: dict[str, Any]) -> None:
    took = r["elapsed"]
    print(f"\n{label}")
    print(f"{'':34} {'count':>9} {'per s':>9}")
    for name, n in (
        ("actions committed", r["committed"]),
        ("events published (numbered)", r["events"]),
        ("events delivered to a subscriber", r["delivered"]),
    ):
        print(f"{name:34} {n:>9} {n / took:>9.0f}")
    print(f"{'games finished':34} {r['games']:>9}")
    print(f"{'latency, ms':34} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    print(f"{'commit -> subscriber (events)':34} {percentiles(r['e2e'])}")
    print(f"{'commit -> venue page stream':34} {percentiles(r['page'])}")
    print(f"({len(r['page'])} venue page updates measured)")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench venue", description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--seconds", type=float, default=10.0, help="committing time per round (default 10)")
    p.add_argument("--pace", type=float, default=2.0, help="actions per second per table, paced round")
    p.add_argument("--workers", type=int, default=2, help="processes the tables are spread over")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--subscriber", nargs=3, type=float, help=argparse.SUPPRESS)  # port web seconds
    p.add_argument("--worker", nargs=6, type=float, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.subscriber:
        port, web, seconds = args.subscriber
        print(json.dumps(asyncio.run(subscribe(int(port), int(web), seconds))))
        return
    if args.worker:
        port, count, first, seconds, pace, seed = args.worker
        print(json.dumps(asyncio.run(tables(int(port), int(count), int(first), seconds, pace, int(seed)))))
        return
    mosquitto = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not Path(mosquitto).exists():
        raise SystemExit("bench venue: mosquitto is not installed (apt install mosquitto)")
    with tempfile.TemporaryDirectory(prefix="scarab-bench-venue-") as tmp:
        port, web = free_port(), free_port()
        conf = Path(tmp) / "mosquitto.conf"
        conf.write_text(
            f"listener {port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 0\n"
            f"log_dest none\nuser {getpass.getuser()}\n"
        )
        broker = subprocess.Popen([mosquitto, "-c", str(conf)])
        wait_port(port)
        venue = subprocess.Popen(
            [*SCARAB_VENUE, "--broker", f"127.0.0.1:{port}", "--host", "127.0.0.1", "--port", str(web)],
            stderr=subprocess.DEVNULL,
        )
        wait_port(web)
        try:
            full = run_round(port, web, args, 0.0)
            paced = run_round(port, web, args, args.pace)
        finally:
            for proc in (venue, broker):
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    print(
        f"venue: {args.tables} simulated tables ({args.workers} processes) into one mosquitto,"
        f" {args.seconds:g} s per round"
    )
    report("full speed (every table commits as fast as its process can)", full)
    report(f"paced: {args.pace:g} actions per second per table", paced)
