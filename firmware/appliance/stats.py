"""Players' history: every stored game replayed, players matched across games.

The figures are computed from the event store's logs by the same replay the referee
uses, so they always agree with the games themselves. Replaying 10,000 games takes
seconds, so each finished game's summary is cached in the store (``stats_games``) under
a stamp of its log (action count, the last action's commit time and length, the finish
time): a corrected or undone game is reopened and finished anew, so it gets a new stamp
and is replayed again — the cache never goes stale.

Names are matched by a key that ignores case, accents and spacing ("Ann", "ann ",
"Änn" are one player); ``merge`` records that two keys are one person (a nickname, a
typo) in ``player_aliases``, kept in the store beside the games.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from engines.replay import LogError, replay

SCHEMA = """
CREATE TABLE IF NOT EXISTS stats_games (
    game_id INTEGER PRIMARY KEY,
    stamp TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS player_aliases (
    alias TEXT PRIMARY KEY,
    target TEXT NOT NULL,
    target_name TEXT NOT NULL
);
"""
TOP = 10  # rows in the record tables (longest sets, best scorings)
PARALLEL_FROM = 2000  # uncached games worth starting worker processes for


class StatsError(Exception):
    """A merge that cannot be done (a name nobody played under, a merge into itself)."""


def name_key(name: str) -> str:
    """The key names are matched by: case, accents and spacing do not matter."""
    decomposed = unicodedata.normalize("NFKD", str(name))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFKC", bare).casefold().split())


@dataclass
class GameSummary:
    """What the stats need of one finished game, from its replay."""

    id: int
    game: str
    edition: str | None
    started_at: str
    players: list[str]
    scores: dict[str, float] | None  # None: a game without points (Pharaoh's Gulo Gulo)
    winners: list[str]
    longest_set: dict[str, list[Any]] = field(default_factory=dict)  # name -> [tiles, set]
    best_scoring: dict[str, int] = field(default_factory=dict)  # name -> biggest single award


def summarise(game_id: int, started_at: str, lines: list[str]) -> GameSummary | None:
    """A game's summary from its log; None when unfinished. ``LogError`` if it no longer replays."""
    result = replay(lines)
    state = result.state
    if not state.finished:
        return None
    points: dict[str, float] = dict(state.scores())
    # no game ends with everyone on zero points unless it has none
    scores: dict[str, float] | None = points if any(points.values()) else None
    summary = GameSummary(
        game_id, state.game, state.edition, started_at, list(state.players), scores, list(state.winners())
    )
    for event in result.events:
        if event.get("type") != "scored":
            continue
        for name, points in (event.get("awards") or {}).items():
            if isinstance(points, int | float) and points > summary.best_scoring.get(name, 0):
                summary.best_scoring[name] = int(points)
        if state.game == "tutankhamen":
            for name, tiles in (event.get("holdings") or {}).items():
                if tiles > summary.longest_set.get(name, [0, ""])[0]:
                    summary.longest_set[name] = [int(tiles), str(event.get("set"))]
    return summary


def _summarise_job(job: tuple[int, str, list[str]]) -> tuple[int, dict[str, Any] | None, str | None]:
    """One worker's replay: (id, summary or None, error or None)."""
    game_id, started_at, lines = job
    try:
        summary = summarise(game_id, started_at, lines)
    except LogError as exc:
        return game_id, None, f"{exc.message} (line {exc.line})"
    return game_id, None if summary is None else asdict(summary), None


# ------------------------------------------------------------------ the store


class History:
    """The stored games' summaries and the player merges, read from one store file."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.writable = True
        try:
            self.db.executescript(SCHEMA)
        except sqlite3.OperationalError:  # a read-only store: compute, never cache
            self.writable = False

    def summaries(self, workers: int = 2) -> tuple[list[GameSummary], int, list[dict[str, Any]]]:
        """(finished games' summaries, games in progress, games that no longer replay)."""
        # Two index look-ups per game, not a scan of every action: any change to a finished
        # game's log (undo, correction) reopens it, and finishing again stamps a new time.
        stamps = self.db.execute(
            "SELECT g.id, g.started_at, g.finished_at,"
            " (SELECT MAX(seq) FROM actions WHERE game_id = g.id),"
            " (SELECT at FROM actions WHERE game_id = g.id ORDER BY seq DESC LIMIT 1),"
            " (SELECT length(line) FROM actions WHERE game_id = g.id ORDER BY seq DESC LIMIT 1)"
            " FROM games g ORDER BY g.id"
        ).fetchall()
        cached = dict(self._cached())
        done: list[GameSummary] = []
        todo: dict[int, tuple[str, str]] = {}
        in_progress = 0
        for game_id, started_at, finished_at, count, last, length in stamps:
            if finished_at is None:
                in_progress += 1
                continue
            stamp = f"{count}|{last}|{length}|{finished_at}"
            hit = cached.get(game_id)
            if hit is not None and hit[0] == stamp:
                done.append(GameSummary(**json.loads(hit[1])))
            else:
                todo[game_id] = (started_at, stamp)
        broken: list[dict[str, Any]] = []
        fresh: list[tuple[int, str, str]] = []
        for game_id, summary, error in self._replay(todo, workers):
            if error is not None:
                broken.append({"game_id": game_id, "error": error})
            elif summary is None:
                in_progress += 1  # marked finished, yet its replay is not: judge by the replay
            else:
                done.append(GameSummary(**summary))
                fresh.append((game_id, todo[game_id][1], json.dumps(summary, ensure_ascii=False)))
        self._store(fresh)
        done.sort(key=lambda s: s.id)
        return done, in_progress, broken

    def _cached(self) -> Iterable[tuple[int, tuple[str, str]]]:
        try:
            rows = self.db.execute("SELECT game_id, stamp, summary FROM stats_games").fetchall()
        except sqlite3.OperationalError:
            return []
        return [(r[0], (r[1], r[2])) for r in rows]

    def _store(self, rows: list[tuple[int, str, str]]) -> None:
        if not rows or not self.writable:
            return
        try:
            with self.db:
                self.db.executemany(
                    "INSERT OR REPLACE INTO stats_games (game_id, stamp, summary) VALUES (?, ?, ?)", rows
                )
        except sqlite3.OperationalError:  # read-only or busy: the figures are right anyway
            self.writable = False

    def _jobs(self, todo: dict[int, tuple[str, str]]) -> Iterable[tuple[int, str, list[str]]]:
        """Each game to replay as its log lines, read from the store in one pass."""
        if not todo:
            return
        headers = dict(self.db.execute("SELECT id, header FROM games").fetchall())
        current: int | None = None
        lines: list[str] = []
        query = "SELECT game_id, line FROM actions ORDER BY game_id, seq"
        if len(todo) < 500:
            marks = ",".join("?" * len(todo))
            rows: Iterable[Any] = self.db.execute(
                f"SELECT game_id, line FROM actions WHERE game_id IN ({marks}) ORDER BY game_id, seq",
                list(todo),
            )
        else:
            rows = self.db.execute(query)
        seen: set[int] = set()
        for game_id, line in rows:
            if game_id not in todo:
                continue
            if game_id != current:
                if current is not None:
                    yield current, todo[current][0], lines
                    seen.add(current)
                current, lines = game_id, [headers[game_id]]
            lines.append(line)
        if current is not None:
            yield current, todo[current][0], lines
            seen.add(current)
        for game_id in todo:  # finished without a single action (a header that ends at once)
            if game_id not in seen:
                yield game_id, todo[game_id][0], [headers[game_id]]

    def _replay(
        self, todo: dict[int, tuple[str, str]], workers: int
    ) -> Iterable[tuple[int, dict[str, Any] | None, str | None]]:
        jobs = self._jobs(todo)
        if workers > 1 and len(todo) >= PARALLEL_FROM:
            with ProcessPoolExecutor(workers) as pool:
                yield from pool.map(_summarise_job, jobs, chunksize=200)
        else:
            yield from map(_summarise_job, jobs)

    # ------------------------------------------------------------ merges

    def aliases(self) -> dict[str, tuple[str, str]]:
        """alias key -> (target key, target's display name)."""
        try:
            rows = self.db.execute("SELECT alias, target, target_name FROM player_aliases").fetchall()
        except sqlite3.OperationalError:
            return {}
        return {a: (t, n) for a, t, n in rows}

    def merge(self, name: str, into: str, known: Iterable[str]) -> None:
        """From now on ``name`` counts as ``into``; both must have played."""
        alias, target = name_key(name), name_key(into)
        keys = {name_key(k) for k in known}
        for given, key in ((name, alias), (into, target)):
            if key not in keys:
                raise StatsError(f"nobody called {given!r} has played a stored game")
        resolved = resolve(target, self.aliases())
        if resolved == alias or alias == target:
            raise StatsError(f"{name!r} and {into!r} are already one player")
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO player_aliases (alias, target, target_name) VALUES (?, ?, ?)",
                (alias, target, into.strip()),
            )

    def unmerge(self, name: str) -> bool:
        """Undo a merge of ``name``; whether there was one."""
        with self.db:
            cur = self.db.execute("DELETE FROM player_aliases WHERE alias = ?", (name_key(name),))
        return cur.rowcount > 0


def resolve(key: str, aliases: dict[str, tuple[str, str]]) -> str:
    """Follow merges to the player a key counts as (a chain a→b→c ends at c; no loops)."""
    seen = {key}
    while key in aliases:
        key = aliases[key][0]
        if key in seen:
            break
        seen.add(key)
    return key


# ------------------------------------------------------------------ the figures


def _rate(wins: int, games: int) -> float:
    return round(wins / games, 4) if games else 0.0


def _versus(a: str, b: str, s: GameSummary) -> int:
    """+1 if ``a`` did better than ``b`` in ``s``, -1 if worse, 0 for a tie: the winners
    first (the rules decide, not the points), then the points."""
    wa, wb = a in s.winners, b in s.winners
    if wa != wb:
        return 1 if wa else -1
    if s.scores is None:
        return 0
    pa, pb = s.scores.get(a, 0), s.scores.get(b, 0)
    return (pa > pb) - (pa < pb)


def compute(
    summaries: list[GameSummary], aliases: dict[str, tuple[str, str]] | None = None
) -> dict[str, Any]:
    """Every player's history from the games' summaries (the document ``scarab stats --json`` prints)."""
    aliases = aliases or {}
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for s in summaries:
        for name in s.players:
            spellings[resolve(name_key(name), aliases)][name.strip()] += 1
    shown: dict[str, str] = {}
    for key, counter in spellings.items():
        merged_into = [n for a, (t, n) in aliases.items() if t == key]
        shown[key] = counter.most_common(1)[0][0] if counter else (merged_into or [key])[0]

    def who(name: str) -> str:
        return resolve(name_key(name), aliases)

    players: dict[str, dict[str, Any]] = {}
    h2h: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    sets: list[dict[str, Any]] = []
    scorings: list[dict[str, Any]] = []
    for s in summaries:
        seats = {name: who(name) for name in s.players}
        count = str(len(s.players))
        for name, key in seats.items():
            p = players.setdefault(
                key, {"games": 0, "wins": 0, "by_game": {}, "by_count": {}, "best_game": None, "_scores": {}}
            )
            won = name in s.winners
            p["games"] += 1
            p["wins"] += won
            g = p["by_game"].setdefault(s.game, {"games": 0, "wins": 0, "best": None, "by_count": {}})
            g["games"] += 1
            g["wins"] += won
            gc = g["by_count"].setdefault(count, {"games": 0, "wins": 0})
            gc["games"] += 1
            gc["wins"] += won
            c = p["by_count"].setdefault(count, {"games": 0, "wins": 0})
            c["games"] += 1
            c["wins"] += won
            if s.scores is not None:
                score = s.scores.get(name, 0)
                p["_scores"].setdefault(s.game, []).append(score)
                if g["best"] is None or score > g["best"]["score"]:
                    g["best"] = {"score": score, "game_id": s.id, "date": s.started_at[:10]}
                others = [v for n, v in s.scores.items() if n != name]
                margin = score - max(others) if others else 0
                best = p["best_game"]
                if won and (best is None or margin > best["margin"]):
                    p["best_game"] = {
                        "game": s.game,
                        "game_id": s.id,
                        "date": s.started_at[:10],
                        "score": score,
                        "margin": margin,
                    }
            if name in s.longest_set:
                tiles, which = s.longest_set[name]
                sets.append({"player": shown[key], "tiles": tiles, "set": which, "game_id": s.id})
            if s.game == "ankh" and name in s.best_scoring:
                scorings.append({"player": shown[key], "points": s.best_scoring[name], "game_id": s.id})
        names = list(seats)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                ka, kb = seats[a], seats[b]
                if ka == kb:
                    continue  # one person under two names at one table: no record against themselves
                outcome = _versus(a, b, s)
                pair, sign = ((ka, kb), outcome) if ka < kb else ((kb, ka), -outcome)
                h2h[pair][0 if sign > 0 else (1 if sign < 0 else 2)] += 1
    rows = []
    for key, p in players.items():
        averages = {game: round(sum(v) / len(v), 2) for game, v in p.pop("_scores").items()}
        for game, g in p["by_game"].items():
            g["win_rate"] = _rate(g["wins"], g["games"])
            g["average_score"] = averages.get(game)
            for gc in g["by_count"].values():
                gc["win_rate"] = _rate(gc["wins"], gc["games"])
        for c in p["by_count"].values():
            c["win_rate"] = _rate(c["wins"], c["games"])
        spelled = sorted(spellings[key], key=lambda n: (-spellings[key][n], n))
        rows.append({"name": shown[key], "key": key, "spellings": spelled, **p})
        rows[-1]["win_rate"] = _rate(p["wins"], p["games"])
    rows.sort(key=lambda r: (-r["wins"], -r["win_rate"], r["name"].casefold()))
    head_to_head = []
    for (a, b), (wins, losses, ties) in sorted(h2h.items()):
        head_to_head.append(
            {"player": shown[a], "opponent": shown[b], "wins": wins, "losses": losses, "ties": ties}
        )
    sets.sort(key=lambda r: (-r["tiles"], r["game_id"], r["player"]))
    scorings.sort(key=lambda r: (-r["points"], r["game_id"], r["player"]))
    merges = [{"name": alias, "into": name} for alias, (_, name) in sorted(aliases.items())]
    return {
        "games": len(summaries),
        "players": rows,
        "head_to_head": head_to_head,
        "tutankhamen_longest_sets": sets[:TOP],
        "ankh_best_scorings": scorings[:TOP],
        "merges": merges,
    }


def history(db: sqlite3.Connection, workers: int = 2) -> dict[str, Any]:
    """The whole document for a store: figures, plus games in progress and unreadable ones."""
    h = History(db)
    summaries, in_progress, broken = h.summaries(workers)
    doc = compute(summaries, h.aliases())
    doc["in_progress"] = in_progress
    doc["unreadable"] = broken
    return doc
