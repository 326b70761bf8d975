"""Engine throughput: full random games per second, single process, for every game.

Each game is a random legal playout from a seeded setup, driven through the public
interface (``legal_actions`` then ``apply``), exactly as the simulator and the tests
drive it. Tutankhamen gets a second policy, ``near`` (one of the three nearest tiles),
because uniform jumps along the path make unusually short games.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from typing import Any

from engines import GAMES, game_class
from engines.playout import Policy, near, play_random, uniform

NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]
POLICIES: dict[str, Policy] = {"uniform": uniform, "near": near}


def cases(games: list[str]) -> list[tuple[str, str | None, str]]:
    """(game, edition, policy) rows: every edition, and ``near`` where it means something."""
    rows: list[tuple[str, str | None, str]] = []
    for game in games:
        cls = game_class(game)
        for edition in cls.editions or (None,):
            rows.append((game, edition, "uniform"))
            if "take" in cls.turn_moves:
                rows.append((game, edition, "near"))
    return rows


def measure(
    game: str, edition: str | None, players: int, policy: str, seconds: float, seed: int
) -> dict[str, Any]:
    cls = game_class(game)
    rng = random.Random(seed)
    choose = POLICIES[policy]

    def one() -> int:
        header = cls.simulation_header(NAMES[:players], rng.randrange(2**31), edition)
        return len(play_random(header, rng, policy=choose).actions)

    for _ in range(20):  # warm-up
        one()
    games = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while True:
        actions += one()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.process_time() - cpu_start
    return {
        "game": game,
        "edition": edition or "-",
        "players": players,
        "policy": policy,
        "games": games,
        "games_per_s": games / elapsed,
        "games_per_cpu_s": games / cpu,
        "actions_per_game": actions / games,
        "us_per_action": 1e6 * elapsed / actions,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="measuring time per row (default 5)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    parser.add_argument("--games", nargs="*", choices=GAMES, default=list(GAMES))
    args = parser.parse_args(argv)
    rows = [
        measure(game, edition, n, policy, args.seconds, args.seed)
        for game, edition, policy in cases(args.games)
        for n in args.players
    ]
    print("\nRules engines — full random games, one process (goal ≥ 1,000 games/s at 4 players)")
    print("policy: uniform = any legal action; near = one of the three nearest tiles (long games)\n")
    header = (
        f"{'game':<12} {'edition':<8} {'players':>7} {'policy':<8} {'games':>7} {'games/s':>9} "
        f"{'games/CPU-s':>11} {'actions/game':>12} {'µs/action':>9}"
    )
    print(header)
    for r in rows:
        print(
            f"{r['game']:<12} {r['edition']:<8} {r['players']:>7} {r['policy']:<8} {r['games']:>7} "
            f"{r['games_per_s']:>9.0f} {r['games_per_cpu_s']:>11.0f} {r['actions_per_game']:>12.1f} "
            f"{r['us_per_action']:>9.1f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
