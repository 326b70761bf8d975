"""``scarab backup OUT`` — a consistent copy of the game store, taken while the referee runs.

SQLite's online backup reads one snapshot of the store (a WAL reader never blocks the
referee's commits, nor they it), writes it beside OUT, checks it and renames it into
place; the copy is an ordinary store that ``scarab games --db OUT`` and ``scarab run --db
OUT`` open as they would the original.
"""

from __future__ import annotations

import argparse
import logging
import sqlite3
from pathlib import Path
from typing import Any

log = logging.getLogger("scarab.store")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("backup", help="copy the game store to OUT, consistently, even while the referee runs")
    p.add_argument("out", metavar="OUT", help="the copy to write (replaced if it exists)")
    p.add_argument("--db", help="the game store (default: the configured one, as `scarab run` uses)")
    p.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    p.add_argument("--json", action="store_true", help="print what was copied as one JSON document")
    p.set_defaults(handler=backup_cmd)


def backup_cmd(args: argparse.Namespace) -> int:
    from engines.replay import LogError
    from firmware.appliance.config import load
    from firmware.appliance.store import StoreError, backup, schema_version
    from firmware.commands.common import EXIT_OK, check_writable, emit_json

    source_path = Path(args.db) if args.db else load(args.config).store_path()
    if not source_path.is_file():
        raise LogError("no-store", f"no game store at {source_path}", None)
    out = check_writable(args.out)
    if out.exists() and out.resolve() == source_path.resolve():
        raise LogError("same-file", f"{out} is the store itself: name another file", None)
    try:
        source = sqlite3.connect(str(source_path), timeout=10)
        try:
            if not source.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
                raise LogError("unreadable-store", f"{source_path}: not a Scarab game store", None)
            version = schema_version(source)
            backup(source, out)
        finally:
            source.close()
        copy = sqlite3.connect(str(out))
        try:
            games, actions = (
                copy.execute("SELECT COUNT(*) FROM games").fetchone()[0],
                copy.execute("SELECT COUNT(*) FROM actions").fetchone()[0],
            )
        finally:
            copy.close()
    except (sqlite3.Error, StoreError) as exc:
        hint = (
            " (on a Pi: are you in the group scarab? the install script adds you)"
            if "permission" in str(exc).lower() or "unable to open" in str(exc).lower()
            else ""
        )
        raise LogError("unreadable-store", f"cannot back up {source_path}: {exc}{hint}", None) from None
    log.info("backed up %s to %s: %d games, %d actions", source_path, out, games, actions)
    doc = {"backup": str(out), "store": str(source_path), "games": games, "actions": actions}
    doc["schema_version"] = version
    if args.json:
        emit_json(doc)
    else:
        print(f"Backed up {games} game(s), {actions} action(s) from {source_path} to {out}")
    return EXIT_OK
