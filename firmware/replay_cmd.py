"""``scarab replay LOG`` — apply a game log and show where the game stands."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from engines.replay import Replay, document, replay
from engines.wording import LANGUAGES, render_event
from firmware.cli import EXIT_OK, emit_json, read_text_file


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="apply a game log (JSON Lines) and print the resulting state")
    p.add_argument("log", metavar="LOG", help="game log: a header line, then one action per line")
    p.add_argument("--json", action="store_true", help="print the public state as one JSON document")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of prompts (default: en)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = replay(read_text_file(args.log).splitlines())
    doc = document(result, args.lang)
    if args.json:
        emit_json(doc)
    else:
        show(result, doc, args.lang)
    return EXIT_OK


def show(result: Replay, doc: dict[str, Any], lang: str) -> None:
    console = Console(highlight=False)
    edition = doc["edition"]
    shown = f" ({edition})" if edition else ""
    console.print(f"[bold]{doc['game']}[/]{shown}, {len(result.actions)} actions applied")
    for event in doc["events"]:
        if event["type"] in {"scored", "game-over", "stole", "kingtut-bonus"}:
            console.print("  " + render_event(event, doc["game"], lang, edition))
    state = doc["state"]
    left_key = next((k for k in ("coins", "to_goal") if k in state), None)
    table = Table(title="Scores")
    table.add_column("player")
    table.add_column("points", justify="right")
    if left_key:
        table.add_column("coins left" if left_key == "coins" else "to the goal", justify="right")
    for name, pts in doc["scores"].items():
        mark = " ★" if name in doc["winners"] else ""
        row = [name + mark, str(pts)] + ([str(state[left_key][name])] if left_key else [])
        table.add_row(*row)
    console.print(table)
    console.print(f"[bold]{doc['prompt']}[/]")
