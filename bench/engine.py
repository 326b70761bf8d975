"""Engine throughput: full random 4-player games per second, single process.

Each game is a uniformly random legal playout from a seeded shuffle of the full box,
driven through the public interface (``legal_actions`` then ``apply``), exactly as the
simulator and the tests drive it.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from typing import Any

from engines.playout import Policy, near, play_random, uniform

NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


POLICIES: dict[str, Policy] = {"uniform": uniform, "near": near}


def measure(edition: str, players: int, policy: str, seconds: float, seed: int) -> dict[str, Any]:
    header = {"game": "tutankhamen", "edition": edition, "players": NAMES[:players]}
    rng = random.Random(seed)
    for _ in range(20):  # warm-up
        play_random(header, rng, policy=POLICIES[policy])
    games = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while True:
        result = play_random(header, rng, policy=POLICIES[policy])
        games += 1
        actions += len(result.actions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.process_time() - cpu_start
    return {
        "edition": edition,
        "players": players,
        "policy": policy,
        "games": games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "games_per_cpu_s": games / cpu,
        "actions_per_game": actions / games,
        "us_per_action": 1e6 * elapsed / actions,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="measuring time per row (default 5)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    args = parser.parse_args(argv)
    rows = [
        measure(edition, n, policy, args.seconds, args.seed)
        for edition in ("otb2004", "amigo")
        for n in args.players
        for policy in POLICIES
    ]
    print("\nTutankhamen engine — random full games, one process (goal ≥ 1,000 games/s at 4 players)")
    print("policy: uniform = any legal action; near = one of the three nearest tiles (long games)\n")
    print(
        f"{'edition':<9} {'players':>7} {'policy':<8} {'games':>7} {'games/s':>9} {'games/CPU-s':>11} "
        f"{'actions/game':>12} {'µs/action':>9}"
    )
    for r in rows:
        print(
            f"{r['edition']:<9} {r['players']:>7} {r['policy']:<8} {r['games']:>7} {r['games_per_s']:>9.0f} "
            f"{r['games_per_cpu_s']:>11.0f} {r['actions_per_game']:>12.1f} {r['us_per_action']:>9.1f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
