"""``scarab replay LOG`` — apply a game log and show where the game stands."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from engines.replay import Replay, document, replay
from engines.wording import LANGUAGES, render_ending, render_event, scoreboard
from firmware.appliance.presenter import TITLES
from firmware.commands.common import EXIT_OK, emit_json, read_text_file


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="apply a game log (JSON Lines) and print the resulting state")
    p.add_argument("log", metavar="LOG", help="game log: a header line, then one action per line")
    p.add_argument("--json", action="store_true", help="print the public state as one JSON document")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the words (default: en)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = replay(read_text_file(args.log).splitlines())
    doc = document(result, args.lang)
    if args.json:
        emit_json(doc)
    else:
        show(result, doc, args.lang)
    return EXIT_OK


# The replay's own words, in the --lang language.
WORDS: dict[str, dict[str, str]] = {
    "applied": {
        "en": "{n} actions applied",
        "de": "{n} Aktionen angewandt",
        "nl": "{n} acties toegepast",
    },
    "applied-one": {"en": "1 action applied", "de": "1 Aktion angewandt", "nl": "1 actie toegepast"},
    "player": {"en": "player", "de": "Mitspieler", "nl": "speler"},
}


def show(result: Replay, doc: dict[str, Any], lang: str) -> None:
    """The log's game in words: its scorings, the standings (points only where the game
    counts them) and the prompt or why the game ended."""
    console = Console(highlight=False)
    edition = doc["edition"]
    shown = f" ({edition})" if edition else ""
    count = len(result.actions)
    applied = WORDS["applied-one"][lang] if count == 1 else WORDS["applied"][lang].format(n=count)
    console.print(f"[bold]{TITLES.get(doc['game'], doc['game'])}[/]{shown}, {applied}")
    for event in doc["events"]:
        if event["type"] in {"scored", "game-over", "stole", "kingtut-bonus", "minus-points"}:
            console.print("  " + render_event(event, doc["game"], lang, edition))
    board = scoreboard(result.state, lang)
    table = Table(title=board.heading)
    table.add_column(WORDS["player"][lang])
    for head in board.columns:
        table.add_column(head, justify="right")
    for name, values in board.rows.items():
        mark = " ★" if name in doc["winners"] else ""
        table.add_row(name + mark, *values)
    console.print(table)
    console.print(f"[bold]{render_ending(result.state, lang) or doc['prompt']}[/]")
