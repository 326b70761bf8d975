"""``scarab games`` and ``scarab export`` — what the event store holds, and getting it out."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.table import Table

from engines.replay import LogError
from firmware.appliance.config import configured_store_path
from firmware.appliance.export import bgstats, counts_points, createplay_link
from firmware.appliance.store import GameRecord, Store, StoreError
from firmware.commands.common import EXIT_OK, emit_json


def add_parsers(sub: Any) -> None:
    g = sub.add_parser("games", help="list the stored games with date, players and result")
    g.add_argument("--db", help="the game store (default: the state directory's scarab.db)")
    g.add_argument("--json", action="store_true", help="print the list as one JSON document")
    g.set_defaults(handler=list_games)

    e = sub.add_parser("export", help="write a stored game as a replayable log, or for BG Stats")
    e.add_argument("game", metavar="GAME", help="a game id from `scarab games`, or `last`")
    e.add_argument("--db", help="the game store (default: the state directory's scarab.db)")
    what = e.add_mutually_exclusive_group()
    what.add_argument(
        "--bgstats",
        action="store_true",
        help="a finished game as BG Stats' createPlay JSON (one play) instead of the log",
    )
    what.add_argument(
        "--bgstats-link",
        action="store_true",
        help="a finished game as the createPlay link that opens BG Stats' import dialog",
    )
    e.add_argument("--out", help="write to this file instead of standard output")
    e.add_argument(
        "--json", action="store_true", help="errors as a JSON document (the output is JSON anyway)"
    )
    e.set_defaults(handler=export_game)


T = TypeVar("T")


def open_store(db: str | None) -> Store:
    path = Path(db) if db else configured_store_path()  # the service's own on a Pi
    if db and not path.exists():
        raise LogError("no-store", f"no game store at {path}", None)
    try:
        return Store(path)
    except StoreError as exc:
        raise LogError("unreadable-store", str(exc), None) from None
    except OSError as exc:  # e.g. a file where the store's folder should be
        raise LogError("unreadable-store", f"cannot open the game store {path}: {exc}", None) from None


def reading(store: Store, query: Callable[[], T]) -> T:
    """A query of the store, with another program's database or a damaged row refused
    as unreadable input rather than a traceback."""
    try:
        return query()
    except (sqlite3.DatabaseError, ValueError, TypeError, AttributeError, KeyError) as exc:
        raise LogError(
            "unreadable-store", f"{store.path}: not a game store Scarab can read ({exc})", None
        ) from None


def summary(record: GameRecord) -> dict[str, Any]:
    result = record.result or {}
    return {
        "id": record.id,
        "game": record.game,
        "edition": record.header.get("edition"),
        "players": record.header.get("players", []),
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "scores": result.get("scores"),
        "winners": result.get("winners"),
    }


def list_games(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    stored = reading(store, store.games)
    records = reading(store, lambda: [summary(r) for r in stored])
    if args.json:
        emit_json({"games": records})
        return EXIT_OK
    in_points = reading(store, lambda: [counts_points(r) for r in stored])
    console = Console(highlight=False)
    if not records:
        console.print("No games stored yet.")
        return EXIT_OK
    table = Table(title="Stored games")
    for column in ("id", "date", "game", "players", "result"):
        table.add_column(column)
    for r, points in zip(records, in_points, strict=True):
        if r["winners"] is None:
            result = "in progress"
        else:  # a race's zeros are no result: its winner is
            result = "won by " + ", ".join(r["winners"])
            if points:
                result += " — " + ", ".join(f"{p} {s}" for p, s in (r["scores"] or {}).items())
        game = r["game"] + (f" ({r['edition']})" if r["edition"] else "")
        table.add_row(
            str(r["id"]), r["started_at"][:16].replace("T", " "), game, ", ".join(r["players"]), result
        )
    console.print(table)
    return EXIT_OK


def write_out(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except IsADirectoryError:
        raise LogError("unwritable", f"{path} is a folder, not a file", None) from None
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {path}: {exc.strerror or exc}", None) from None


def export_text(record: GameRecord, as_bgstats: bool, as_link: bool = False) -> str:
    """The log, or (a finished game only: ``export.Unfinished`` otherwise) BG Stats' play."""
    if as_link:
        return createplay_link(record) + "\n"
    if as_bgstats:
        return json.dumps(bgstats(record), ensure_ascii=False, indent=2) + "\n"
    return "\n".join(record.log_lines()) + "\n"


def export_game(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    if args.game == "last":
        listed = reading(store, store.games)
        if not listed:
            raise LogError("no-such-game", "the store holds no game yet", None)
        game_id = listed[0].id
    else:
        try:
            game_id = int(args.game)
        except ValueError:
            raise LogError(
                "no-such-game",
                f"GAME must be a number from `scarab games` or `last`, not {args.game!r}",
                None,
            ) from None
    if not 0 < game_id < 2**63:  # SQLite's ids; a larger number would overflow its integers
        raise LogError("no-such-game", f"there is no game {game_id}", None)
    try:
        record = reading(store, lambda: store.load(game_id))
    except StoreError as exc:
        raise LogError("no-such-game", str(exc), None) from None
    text = reading(store, lambda: export_text(record, args.bgstats, args.bgstats_link))
    if args.out:
        write_out(Path(args.out), text)
        print(f"scarab: wrote game {game_id} to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK
