"""``scarab simulate`` — random legal playouts: statistics over many games, or one game
watched turn by turn (what a newcomer runs first)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from statistics import mean
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from engines import GAMES, game_class, new_game
from engines.core import Action, Event, GameState, RuleError
from engines.playout import Playout, play_random
from engines.wording import LANGUAGES, render_event, render_prompt
from firmware.cli import EXIT_OK, EXIT_USAGE, emit_json

NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play random legal games: statistics, or --watch one game")
    p.add_argument("--game", choices=sorted(GAMES), default="tutankhamen")
    p.add_argument("--edition", default=None, help="the game's edition (Tutankhamen: otb2004 or amigo)")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an extra header key for every game, VALUE as JSON or plain text (e.g. target=100)",
    )
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed for paths and choices (default 1)")
    p.add_argument("--watch", action="store_true", help="show one game turn by turn")
    p.add_argument(
        "--delay",
        type=float,
        default=None,
        help="seconds between steps with --watch (default 0.3 on a terminal, else 0)",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en")
    p.add_argument("--json", action="store_true", help="print the statistics as one JSON document")
    p.set_defaults(handler=run)


def header_for(args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """The header every simulated game starts from: the game's own simulation header
    (full information), the edition (the game's first by default) and any --set keys."""
    cls = game_class(args.game)
    edition = args.edition or (cls.editions[0] if cls.editions else None)
    header = cls.simulation_header(NAMES[: args.players], seed, edition)
    for item in args.set:
        key, _, text = item.partition("=")
        try:
            header[key] = json.loads(text)
        except json.JSONDecodeError:
            header[key] = text
    return header


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= len(NAMES):
        print(f"scarab simulate: --players must be 2 to {len(NAMES)}", file=sys.stderr)
        return EXIT_USAGE
    if args.games < 1:
        print("scarab simulate: --games must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if args.edition and not game_class(args.game).editions:
        print(f"scarab simulate: {args.game} has no editions", file=sys.stderr)
        return EXIT_USAGE
    if any("=" not in item for item in args.set):
        print("scarab simulate: --set takes KEY=VALUE", file=sys.stderr)
        return EXIT_USAGE
    try:  # the options make a header: check it once, with the words a log header gets
        new_game(header_for(args, 0))
    except RuleError as exc:
        print(f"scarab simulate: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    if args.watch:
        return watch(args)
    return statistics(args)


def statistics(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    games: list[Playout] = []
    console = Console(stderr=True)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{args.games} games", total=args.games)
        for _ in range(args.games):
            games.append(play_random(header_for(args, rng.randrange(2**31)), rng))
            progress.advance(task)
    stats = summarise(games, NAMES[: args.players], game_class(args.game).turn_moves)
    if args.json:
        emit_json(stats)
    else:
        show_statistics(stats, args)
    return EXIT_OK


def summarise(games: list[Playout], players: list[str], turn_moves: frozenset[str]) -> dict[str, Any]:
    """Game length (turns: actions whose verb is a turn; every action if the game names
    none), scorings, endings and wins by seat."""
    turns = [sum(1 for a in g.actions if not turn_moves or a["move"] in turn_moves) for g in games]
    scorings = [sum(1 for e in g.events if e["type"] == "scored") for g in games]
    wins: Counter[str] = Counter()
    for g in games:
        wins.update(g.state.winners())
    endings = Counter(str(g.state.public_state().get("end")) for g in games)
    return {
        "games": len(games),
        "turns": {"mean": round(mean(turns), 2), "min": min(turns), "max": max(turns)},
        "actions_mean": round(mean(len(g.actions) for g in games), 2),
        "scorings_per_game": round(mean(scorings), 2),
        "wins_by_seat": {f"{seat}:{name}": wins[name] for seat, name in enumerate(players)},
        "shared_wins": sum(1 for g in games if len(g.state.winners()) > 1),
        "endings": dict(endings),
    }


def show_statistics(stats: dict[str, Any], args: argparse.Namespace) -> None:
    console = Console(highlight=False)
    t = stats["turns"]
    edition = f" ({args.edition})" if args.edition else ""
    console.print(
        f"[bold]{stats['games']} random games[/] of {args.game}{edition}, {args.players} players, "
        f"seed {args.seed}"
    )
    console.print(
        f"game length: {t['mean']} turns on average (min {t['min']}, max {t['max']}); "
        f"{stats['actions_mean']} actions including decisions"
    )
    console.print(f"scorings per game: {stats['scorings_per_game']}")
    console.print("endings: " + ", ".join(f"{k} {v}" for k, v in stats["endings"].items()))
    table = Table(title="wins by seat")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for key, count in stats["wins_by_seat"].items():
        seat, name = key.split(":", 1)
        table.add_row(seat, name, str(count), f"{100 * count / stats['games']:.1f} %")
    console.print(table)
    if stats["shared_wins"]:
        console.print(f"{stats['shared_wins']} games ended in a shared win (each winner is counted)")


def watch(args: argparse.Namespace) -> int:
    """One seeded game, every prompt and every event printed as it happens."""
    console = Console(highlight=False)
    delay = args.delay if args.delay is not None else (0.3 if console.is_terminal else 0.0)
    rng = random.Random(args.seed)
    header = header_for(args, args.seed)
    lang, edition, game = args.lang, header.get("edition"), args.game
    shown = f" ({edition})" if edition else ""
    console.rule(f"[bold]Scarab referees {game}{shown} — seed {args.seed}")
    console.print("Players: " + ", ".join(header["players"]) + " (a random legal player sits in every seat)")

    def step(state: GameState, action: Action, events: list[Event]) -> None:
        for event in events:
            text = render_event(event, game, lang, edition)
            kind = event["type"]
            if kind == "scored":
                console.print(f"  [bold yellow]★ {text}[/]")
            elif kind == "game-over":
                console.print(f"[bold green]{text}[/]")
            elif kind in {"stole", "kingtut-bonus", "goldmask", "joker"}:
                console.print(f"  [magenta]{text}[/]")
            elif kind == "took" or kind == "beyond":
                console.print(f"  {text}")
            else:
                console.print(f"  [dim]{text}[/]")
        if any(e["type"] == "scored" for e in events) and not state.finished:
            console.print("    [yellow]" + standings(state) + "[/]")
        if not state.finished:
            console.print(f"[cyan]» {render_prompt(state.prompt(), game, lang, edition)}[/]")
        if delay:
            time.sleep(delay)

    first = new_game(header)
    console.print(f"[cyan]» {render_prompt(first.prompt(), game, lang, edition)}[/]")
    result = play_random(header, rng, on_step=step)
    console.rule("final")
    console.print(standings(result.state))
    return EXIT_OK


def standings(state: GameState) -> str:
    public = state.public_state()
    if "coins" in public:
        return " · ".join(f"{p} {n} coins" for p, n in public["coins"].items())
    if "to_goal" in public:
        return " · ".join(f"{p} {n} to the goal" for p, n in public["to_goal"].items())
    scores = state.scores()
    if not any(scores.values()):  # a race without points (Gulo Gulo)
        return "winner: " + ", ".join(state.winners()) if state.winners() else "no points in this game"
    return " · ".join(f"{p} {n} pts" for p, n in scores.items())
