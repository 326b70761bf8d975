"""The page under load, on loopback only: 50 pages hold the live stream open while a
game is committed through `scarab run`; each update's delay from its commit (stamped by
the server) to its arrival on every page; then GET /api/state requests per second."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from engines.playout import near, play_random
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo", "Dirk"], "seed": 9}


def start_table(folder: Path) -> tuple[subprocess.Popen[str], str, list[dict]]:
    db = folder / "web.db"
    Referee.start(Store(db), HEADER)
    actions = play_random(HEADER, random.Random(9), policy=near).actions
    env = {**os.environ, "SCARAB_CONFIG": str(folder / "none.toml"), "XDG_STATE_HOME": str(folder)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "firmware.cli",
            "run",
            "--db",
            str(db),
            "--input",
            "stdin",
            "--port",
            "0",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    while not (found := re.search(r"http://localhost:(\d+)/", line := proc.stderr.readline())):
        if not line:
            raise RuntimeError("scarab run ended before serving the page")
    return proc, f"http://127.0.0.1:{found.group(1)}", actions


async def page(url: str, delays: list[float], ready: asyncio.Event, counter: list[int], total: int) -> None:
    async with httpx.AsyncClient(timeout=None) as client, client.stream("GET", f"{url}/api/stream") as stream:
        counter[0] += 1
        if counter[0] == total:
            ready.set()
        async for line in stream.aiter_lines():
            if line.startswith("data:"):
                update = json.loads(line[5:])
                if update["kind"] == "action":
                    delays.append(time.time() - update["at"])


async def stream_run(url: str, proc: subprocess.Popen[str], actions: list[dict], pages: int) -> list[float]:
    delays: list[float] = []
    ready = asyncio.Event()
    counter = [0]
    tasks = [asyncio.create_task(page(url, delays, ready, counter, pages)) for _ in range(pages)]
    await asyncio.wait_for(ready.wait(), 30)
    await asyncio.sleep(0.5)
    assert proc.stdin is not None and proc.stdout is not None
    loop = asyncio.get_running_loop()
    for action in actions:
        proc.stdin.write(json.dumps(action) + "\n")
        proc.stdin.flush()
        await loop.run_in_executor(None, proc.stdout.readline)
        await asyncio.sleep(0.02)  # a brisk table: 50 moves a second
    deadline = time.monotonic() + 10
    while len(delays) < pages * len(actions) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return delays


def wrk_requests_per_second(url: str, seconds: float, concurrency: int) -> float | None:
    """wrk's count (a C client: the server is measured, not Python's client); None
    without wrk."""
    if shutil.which("wrk") is None:
        return None
    out = subprocess.run(
        ["wrk", "-t2", f"-c{concurrency}", f"-d{int(seconds)}s", f"{url}/api/state"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.search(r"Requests/sec:\s+([\d.]+)", out)
    return float(found.group(1)) if found else None


async def requests_per_second(url: str, seconds: float, concurrency: int) -> float:
    done = 0
    stop = time.perf_counter() + seconds

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal done
        while time.perf_counter() < stop:
            response = await client.get(f"{url}/api/state")
            response.raise_for_status()
            done += 1

    start = time.perf_counter()
    limits = httpx.Limits(max_connections=concurrency)
    async with httpx.AsyncClient(limits=limits) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    return done / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench web", description=__doc__)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of the GET /api/state run")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        proc, url, actions = start_table(Path(tmp))
        try:
            delays = asyncio.run(stream_run(url, proc, actions, args.pages))
            rate = wrk_requests_per_second(url, args.seconds, 16)
            client = "wrk, 16 connections"
            if rate is None:
                rate = asyncio.run(requests_per_second(url, args.seconds, 16))
                client = "Python client, 16 — client-bound"
        finally:
            proc.kill()
            proc.wait()
    expected = args.pages * len(actions)
    ms = sorted(d * 1000 for d in delays)
    p50, p95 = statistics.median(ms), ms[int(0.95 * (len(ms) - 1))]
    print(f"\nThe page under load — loopback, {args.pages} live pages, {len(actions)} committed actions\n")
    print(f"{'measure':<48} {'value':>10}  goal")
    print(f"{'updates delivered / expected':<48} {len(delays):>5}/{expected:<5}")
    print(f"{'commit → page, p50 (ms)':<48} {p50:>10.1f}")
    print(f"{'commit → page, p95 (ms)':<48} {p95:>10.1f}  ≤ 100")
    print(f"{'commit → page, max (ms)':<48} {ms[-1]:>10.1f}")
    print(f"{'GET /api/state, requests/s (' + client + ')':<48} {rate:>10.0f}  ≥ 1,000")
