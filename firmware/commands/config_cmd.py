"""``scarab config show`` — the effective configuration and where each value came from.

Every key, in the file's sections, with its value as ``scarab run`` and ``scarab doctor``
would use it (judged by the same ``firmware.appliance.config.load``) and, as a comment, its origin:
the config file that set it, or ``default``. The output is itself a valid config file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("config", help="show the effective configuration and where each value came from")
    verbs = p.add_subparsers(dest="config_command", required=True, metavar="VERB")
    show = verbs.add_parser("show", help="every key's value and origin (the file, or default)")
    show.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    show.add_argument(
        "--json", action="store_true", help='print {"source", "keys": {...}} as one JSON document'
    )
    show.set_defaults(handler=show_cmd)
    allowed = verbs.add_parser(
        "allowed", help="the allowed values of every key, as docs/config.md lists them"
    )
    allowed.set_defaults(handler=allowed_cmd, json=False)


def effective(config_path: str | None) -> tuple[str, str, list[tuple[str, str, Any, str]]]:
    """(source, store in use, [(section, key, value, origin)]) of the config ``load`` gives."""
    from firmware.appliance.config import defaults_table, load

    config = load(config_path)
    where = origins(config.source)
    rows = [
        (section, key, getattr(getattr(config, section), key), where.get(f"{section}.{key}", "default"))
        for section, key, _ in defaults_table()
    ]
    return config.source, str(config.store_path()), rows


def origins(source: str) -> dict[str, str]:
    """``section.key`` -> the file that set it, for every key the config file names (the
    file ``load`` just accepted, so it parses)."""
    import tomllib
    from pathlib import Path

    if source == "defaults":
        return {}
    data = tomllib.loads(Path(source).read_text("utf-8-sig"))
    return {
        f"{name}.{key}": source for name, table in data.items() if isinstance(table, dict) for key in table
    }


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | list | dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def show_cmd(args: argparse.Namespace) -> int:
    from firmware.commands.common import EXIT_OK, emit_json

    source, store, rows = effective(args.config)
    if args.json:
        keys = {f"{s}.{k}": {"value": v, "origin": o} for s, k, v, o in rows}
        emit_json({"source": source, "store": store, "keys": keys})
        return EXIT_OK
    print(f"# scarab's effective configuration; read from: {source}")
    print(f"# the game store in use: {store}")
    width = max(len(f"{k} = {toml_value(v)}") for _, k, v, _ in rows)
    section = None
    for name, key, value, origin in rows:
        if name != section:
            print(f"\n[{name}]")
            section = name
        line = f"{key} = {toml_value(value)}"
        print(f"{line:<{width}}  # {origin}")
    return EXIT_OK


def allowed_table() -> str:
    """The Markdown table of every key's allowed values, made from the config model itself
    (docs/config.md holds it; a test keeps the two equal)."""
    from engines import GAMES, game_class
    from firmware.appliance.config import ANY, CHOICES, RANGES, defaults_table

    rows = ["| key | allowed values |", "|---|---|"]
    for section, key, _ in defaults_table():
        name = f"{section}.{key}"
        if name == "table.game":
            allowed = ", ".join(f"`{g}`" for g in GAMES)
        elif name == "table.edition":
            allowed = "; ".join(
                f"{g}: " + ", ".join(f"`{e}`" for e in game_class(g).editions)
                for g in GAMES
                if game_class(g).editions
            )
        elif name == "table.players":
            allowed = "2–6 unique names, as many as the game seats"
        elif name == "table.header":
            allowed = "the game log header's other keys for the game (not game, players, seed, edition)"
        elif (section, key) in CHOICES:
            allowed = ", ".join(f"`{c}`" for c in CHOICES[section, key])
        elif (section, key) in RANGES:
            low, high = RANGES[section, key]
            shown = (lambda n: f"0x{n:02X}") if key.endswith("i2c_address") else str
            allowed = f"{shown(low)} or more" if high == ANY else f"{shown(low)} to {shown(high)}"
        else:
            continue
        rows.append(f"| {name} | {allowed} |")
    return "\n".join(rows) + "\n"


def allowed_cmd(args: argparse.Namespace) -> int:
    from firmware.commands.common import EXIT_OK

    print(allowed_table(), end="")
    return EXIT_OK
