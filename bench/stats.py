"""Players' history over a big store: `python -m bench stats [--games 10000]`.

Fills a fresh store with random finished games of every game (players drawn from a
club of twelve, spelled inconsistently as real set-ups are), written straight into the
store's tables in one transaction, then times the history: the first computation
(every game replayed, one process and two), the next one (summaries cached in the
store), one game changed (one replay), and the page drawn from the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engines import GAMES, game_class
from engines.playout import near, play_random, uniform
from firmware.appliance.stats import history
from firmware.appliance.stats_page import render
from firmware.appliance.store import Store, now
from firmware.commands.stats_cmd import connect

CLUB = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn", "Gus", "Hanna", "Ivo", "Jet", "Kees", "Lotte"]


def spelled(name: str, rng: random.Random) -> str:
    return rng.choice([name, name.lower(), name.upper(), f" {name}"]) if rng.random() < 0.1 else name


def fill(path: Path, games: int, seed: int) -> int:
    """``games`` finished games in a new store at ``path``; the number of actions written."""
    rng = random.Random(seed)
    store = Store(path)
    cases = [(g, e) for g in GAMES for e in (game_class(g).editions or (None,))]
    actions = 0
    db = store.db
    db.execute("BEGIN")
    for i in range(games):
        game, edition = cases[i % len(cases)]
        cls = game_class(game)
        players = [spelled(n, rng) for n in rng.sample(CLUB, rng.choice([2, 3, 4]))]
        try:
            header = cls.simulation_header(players, rng.randrange(2**31), edition)
            played = play_random(header, rng, policy=near if game == "tutankhamen" else uniform)
        except Exception:  # a player count the game does not seat: three always fits
            header = cls.simulation_header(players[:3], rng.randrange(2**31), edition)
            played = play_random(header, rng)
        stamp = now()
        result = {"scores": played.state.scores(), "winners": played.state.winners()}
        cur = db.execute(
            "INSERT INTO games (game, header, started_at, finished_at, result) VALUES (?, ?, ?, ?, ?)",
            (game, json.dumps(played.header), stamp, stamp, json.dumps(result)),
        )
        db.executemany(
            "INSERT INTO actions (game_id, seq, line, at) VALUES (?, ?, ?, ?)",
            [(cur.lastrowid, n, json.dumps(a), stamp) for n, a in enumerate(played.actions, start=1)],
        )
        actions += len(played.actions)
    db.execute("COMMIT")
    store.close()
    return actions


def timed(label: str, call: Callable[[], Any], rows: list[tuple[str, float, str]], note: str = "") -> Any:
    start = time.perf_counter()
    value = call()
    rows.append((label, time.perf_counter() - start, note))
    return value


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench stats", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=10_000, help="stored games (default 10000)")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="scarab-bench-stats-") as tmp:
        path = Path(tmp) / "scarab.db"
        start = time.perf_counter()
        actions = fill(path, args.games, args.seed)
        print(
            f"stats: {args.games} games, {actions} actions stored in {time.perf_counter() - start:.1f} s"
            f" ({path.stat().st_size / 1e6:.0f} MB)"
        )
        rows: list[tuple[str, float, str]] = []
        db = connect(path)
        doc = timed("first, 1 process (replay all)", lambda: history(db, workers=1), rows)
        db.execute("DELETE FROM stats_games")
        timed("first, 2 processes (replay all)", lambda: history(db, workers=2), rows)
        timed("again (cached summaries)", lambda: history(db, workers=2), rows)
        db.execute("UPDATE actions SET at = ? WHERE game_id = 1 AND seq = 1", (now(),))
        timed("after one game changed", lambda: history(db, workers=2), rows, "1 replay")
        timed("the page (SVG plots)", lambda: render(doc), rows)
        db.close()
        players = len(doc["players"])
    print(f"{'step':<34} {'seconds':>8}  games/s")
    for label, seconds, note in rows:
        rate = f"{args.games / seconds:>8.0f}" if "replay all" in label else (note or "")
        print(f"{label:<34} {seconds:>8.3f}  {rate}")
    print(f"{players} players matched across the games")
