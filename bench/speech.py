"""The table's voice: `python -m bench speech` — from a commit to the first audio sample.

A real referee on a real store commits a Tutankhamen game's actions; the announcer (its
listener) queues what to say and the espeak-ng driver renders it and streams it to a
player. The clock starts when ``Referee.act`` is called (so it includes the SQLite
commit) and stops when the first sample after the WAV header reaches the player — here a
sink that reads and discards, since the benchmark must run where no speaker is. Each
action waits until everything said was played, so every utterance starts from idle; a
second pass commits at full speed, so fresh turn prompts cut stale ones off.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from engines import game_class
from engines.playout import near, play_random
from firmware.appliance.speech import Announcer, EspeakSpeech, Utterance
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

SINK = [sys.executable, "-c", "import sys\nwhile sys.stdin.buffer.read(65536): pass"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(lang: str, actions: int, seed: int, wait: bool, folder: Path) -> dict[str, float]:
    cls = game_class("tutankhamen")
    header = cls.simulation_header(["Ann", "Ben", "Cleo"], seed, "otb2004")
    moves = play_random(header, random.Random(seed), policy=near).actions[:actions]
    latencies: list[float] = []
    started: dict[int, float] = {}

    def first_sample(utterance: Utterance, at: float) -> None:
        commit = started.get(id(utterance), utterance.at)
        latencies.append(at - commit)

    speech = EspeakSpeech(player=SINK, on_first_sample=first_sample)
    store = Store(folder / f"speech-{lang}-{wait}.db")
    referee = Referee.start(store, header)
    announcer = Announcer(speech, lang)
    referee.subscribe(announcer.changed)
    queued: list[Utterance] = []
    original = speech._queue

    def stamped(utterance: Utterance) -> None:  # the clock starts at the act, not the listener
        started[id(utterance)] = act_at
        queued.append(utterance)
        original(utterance)

    speech._queue = stamped  # type: ignore[method-assign]
    act_at = time.perf_counter()
    for move in moves:
        act_at = time.perf_counter()
        referee.act(move)
        if wait:
            speech.idle(30)
    speech.idle(60)
    speech.close()
    store.close()
    return {
        "said": len(latencies),
        "queued": len(queued),
        "cut": speech.cut,
        "p50": 1000 * statistics.median(latencies),
        "p95": 1000 * percentile(latencies, 0.95),
        "max": 1000 * max(latencies),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench speech", description=__doc__.split("\n")[0])
    p.add_argument("--actions", type=int, default=25, help="committed actions per row (default 25)")
    p.add_argument("--seed", type=int, default=11)
    args = p.parse_args(argv)
    print("speech: commit (Referee.act) to the first audio sample reaching the player, ms")
    print(f"{'voice':<6} {'pace':<12} {'said':>5} {'cut':>4} {'p50':>7} {'p95':>7} {'max':>7}")
    with tempfile.TemporaryDirectory(prefix="scarab-bench-speech-") as tmp:
        for lang in ("en", "de", "nl"):
            for wait in (True, False):
                row = run(lang, args.actions, args.seed, wait, Path(tmp))
                pace = "one by one" if wait else "full speed"
                print(
                    f"{lang:<6} {pace:<12} {row['said']:>5.0f} {row['cut']:>4.0f} {row['p50']:>7.1f}"
                    f" {row['p95']:>7.1f} {row['max']:>7.1f}"
                )
    print("goal: p95 <= 300 ms (one by one)")
