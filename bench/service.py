"""The service as systemd runs it, with the simulated devices (each number from a fresh
``scarab run`` under a ``NOTIFY_SOCKET`` this benchmark binds, standing in for systemd):

- cold start to READY=1: from process start until the READY datagram arrives — the
  loop, the store and (second row) the page on port 0 are up;
- RSS of the service after a whole game: the page up, a long game fed over the stdin
  protocol, VmRSS and VmHWM read from /proc once the last action is acknowledged;
- peak RSS of a whole ``scarab run --demo`` (bench.appliance's measurement);
- SIGTERM to exit: how long ``systemctl stop`` waits (the exit code must be 0);
- start-up as a person on the Pi sees it: the first OLED frame of ``scarab run`` with the
  page on (drawn before the web stack is imported), and ``scarab replay LOG`` from process
  start to exit with its peak RSS (the CLI imports only the command's own modules).

The "≈ Pi 4" column scales this machine's median by ``PI4_FACTOR``: Python start-up and
imports run about 3.5 times slower on a Pi 4 (1.5 GHz Cortex-A72) than on the x86 machines
these numbers are taken on (0.45 s here against 1.5-2 s measured there for the same
imports). It is an estimate, not a measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench.appliance import HEADER, config, demo_peak_rss_mib, first_frame_seconds, measured, scarab_run
from engines.playout import near, play_random
from firmware.appliance.store import Store
from firmware.referees.referee import Referee


class NotifySocket:
    """An abstract-namespace datagram socket, bound as systemd binds its own."""

    def __init__(self) -> None:
        self.address = f"@scarab-bench-{uuid.uuid4().hex}"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(b"\0" + self.address[1:].encode())
        self.sock.settimeout(60)

    def wait_for(self, key: str) -> None:
        while key not in self.sock.recv(4096).decode():
            pass

    def close(self) -> None:
        self.sock.close()


def env(notify: NotifySocket) -> dict[str, str]:
    return {**os.environ, "NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "30000000"}


def stop(proc: subprocess.Popen[str]) -> float:
    """SIGTERM, as `systemctl stop` sends it: seconds until the process has exited."""
    start = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout=30)
    if code != 0:
        raise RuntimeError(f"scarab run exited with {code} on SIGTERM")
    return time.perf_counter() - start


def ready_seconds(folder: Path, page: bool) -> tuple[float, float]:
    """(seconds to READY=1, seconds from SIGTERM to exit)."""
    notify = NotifySocket()
    args = ["--demo", "--delay", "5", "--no-web"] if not page else ["--input", "none"]
    start = time.perf_counter()
    proc = subprocess.Popen(
        scarab_run(*args, "--db", str(folder / "ready.db"), "--config", str(config(folder))),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env(notify),
    )
    try:
        notify.wait_for("READY=1")
        ready = time.perf_counter() - start
        return ready, stop(proc)
    finally:
        proc.kill()
        proc.wait()
        notify.close()


def rss_after_game(folder: Path, seed: int) -> tuple[float, float, int]:
    """(VmRSS MiB, VmHWM MiB, actions) of the service with its page, after a whole game."""
    db = folder / f"game-{seed}.db"
    header = {**HEADER, "seed": seed}
    Referee.start(Store(db), header)
    actions = play_random(header, random.Random(seed), policy=near).actions
    notify = NotifySocket()
    proc = subprocess.Popen(
        scarab_run("--input", "stdin", "--db", str(db), "--config", str(config(folder))),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env(notify),
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        notify.wait_for("READY=1")
        proc.stdout.readline()  # {"ready": ...}
        proc.stdin.write("".join(json.dumps(a) + "\n" for a in actions))
        proc.stdin.flush()
        for _ in actions:
            if "ack" not in json.loads(proc.stdout.readline()):
                raise RuntimeError("an action of the recorded game was refused")
        status = Path(f"/proc/{proc.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        rss, hwm = (int(fields[key].split()[0]) / 1024 for key in ("VmRSS", "VmHWM"))
        stop(proc)
        return rss, hwm, len(actions)
    finally:
        proc.kill()
        proc.wait()
        notify.close()


PI4_FACTOR = 3.5
REPLAY_LOG = Path(__file__).resolve().parent.parent / "tests" / "data" / "amigo-3p-nugget-lids-mask.jsonl"


def replay_startup() -> tuple[float, float]:
    """(seconds from process start to exit, peak RSS MiB) of ``scarab replay LOG``."""
    peak, seconds = measured([sys.executable, "-m", "firmware.cli", "replay", str(REPLAY_LOG)])
    return seconds, peak


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench service", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each measurement (default 3)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["XDG_STATE_HOME"] = str(folder / "state")
        bare = [ready_seconds(Path(tempfile.mkdtemp(dir=folder)), page=False) for _ in range(args.runs)]
        paged = [ready_seconds(Path(tempfile.mkdtemp(dir=folder)), page=True) for _ in range(args.runs)]
        games = [rss_after_game(Path(tempfile.mkdtemp(dir=folder)), seed) for seed in range(args.runs)]
        demo = [demo_peak_rss_mib(Path(tempfile.mkdtemp(dir=folder)))[0] for _ in range(args.runs)]
        first = [first_frame_seconds(Path(tempfile.mkdtemp(dir=folder))) for _ in range(args.runs)]
        replays = [replay_startup() for _ in range(args.runs)]
    stops = [s for _, s in bare + paged]
    rows = [
        ("cold start to READY=1, loop + store (--demo --no-web), s", [r for r, _ in bare], max, ".2f"),
        ("cold start to READY=1, with the page (--input none), s", [r for r, _ in paged], max, ".2f"),
        ("service RSS after a whole game, page up, MiB", [g[0] for g in games], max, ".1f"),
        ("service peak RSS (VmHWM) over that game, MiB", [g[1] for g in games], max, ".1f"),
        ("peak RSS of a whole `scarab run --demo`, MiB", demo, max, ".1f"),
        ("SIGTERM to exit (code 0), s", stops, max, ".2f"),
        ("first OLED frame of `scarab run`, page on, s", first, max, ".2f"),
        ("`scarab replay LOG` start to exit, s", [r for r, _ in replays], max, ".2f"),
        ("`scarab replay LOG` peak RSS, MiB", [m for _, m in replays], max, ".1f"),
    ]
    print("\nService — `scarab run` under a stand-in NOTIFY_SOCKET, simulated devices\n")
    print(f"{'measure':<58} {'median':>8} {'worst':>8} {'≈ Pi 4':>8}")
    for label, values, worst, fmt in rows:
        median = statistics.median(values)
        pi4 = f"{median * PI4_FACTOR:>8.2f}" if label.endswith(", s") else f"{'':>8}"
        print(f"{label:<58} {median:>8{fmt}} {worst(values):>8{fmt}} {pi4}")
    sizes = ", ".join(str(n) for _, _, n in games)
    print(f"\n({args.runs} runs each; games of {sizes} actions; {os.cpu_count()} cores)")
