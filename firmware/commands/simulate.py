"""``scarab simulate`` — random legal playouts: statistics over many games, or one game
watched turn by turn (what a newcomer runs first)."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from dataclasses import dataclass
from statistics import mean
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from engines import GAMES, game_class, new_game
from engines.core import Action, Event, GameState, RuleError
from engines.playout import Playout, play_random
from engines.wording import LANGUAGES, join, render_ending, render_event, render_prompt, scoreboard
from firmware.appliance.presenter import TITLES
from firmware.commands.common import EXIT_OK, UsageError, emit_json, int_range, seconds

NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]
# The watched game's own lines, in the --lang language.
WATCH_WORDS: dict[str, dict[str, str]] = {
    "title": {
        "en": "Scarab referees {game} — seed {seed}",
        "de": "Scarab leitet {game} — Startwert {seed}",
        "nl": "Scarab leidt {game} — startwaarde {seed}",
    },
    "players": {
        "en": "Players: {names} (a random legal player sits in every seat)",
        "de": "Mitspieler: {names} (auf jedem Platz sitzt ein zufälliger regelgerechter Spieler)",
        "nl": "Spelers: {names} (op elke plaats zit een willekeurige speler die de regels volgt)",
    },
    "final": {"en": "final standings", "de": "Endstand", "nl": "eindstand"},
}
MAX_GAMES = 1_000_000  # hours of playouts already; a longer run is a typo
# header keys --set may not touch: their own options set them, or (mode) a random
# player needs the full information every simulation plays with
OWN_OPTION = {"game": "--game", "players": "--players", "seed": "--seed", "edition": "--edition"}
FIXED = {"mode": "simulations always play with full information (mode full)"}


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
    p.add_argument("--players", type=int_range(2, len(NAMES)), default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=int_range(1, MAX_GAMES), default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed for paths and choices (default 1)")
    p.add_argument("--watch", action="store_true", help="show one game turn by turn")
    p.add_argument(
        "--delay",
        type=seconds,
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
    header.update(extra_keys(args.set))
    return header


def extra_keys(items: list[str]) -> dict[str, Any]:
    """``--set KEY=VALUE`` pairs, each VALUE read as JSON or else as plain text."""
    extra: dict[str, Any] = {}
    for item in items:
        key, equals, text = item.partition("=")
        if not equals or not key:
            raise UsageError(f"--set takes KEY=VALUE, not {item!r}")
        try:
            extra[key] = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            extra[key] = text
    return extra


class ReadKeys(dict[str, Any]):
    """A header that notes every key the engine looks up while it starts a game."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)


def settable_keys(game: str) -> list[str]:
    """The header keys a game reads that --set may give: asked of the engine itself by
    starting one game, so the list can never drift from what the rules read."""
    cls = game_class(game)
    header = ReadKeys(cls.simulation_header(NAMES[:2], 0, cls.editions[0] if cls.editions else None))
    new_game(header)
    return sorted(header.read - set(OWN_OPTION) - set(FIXED))


def check_set_keys(args: argparse.Namespace) -> None:
    """Refuse a --set key the game would silently ignore, naming the keys it reads."""
    accepted = settable_keys(args.game) if args.set else []
    for key in extra_keys(args.set):
        if key in OWN_OPTION:
            raise UsageError(f"--set {key}=…: use {OWN_OPTION[key]} instead")
        if key in FIXED:
            raise UsageError(f"--set {key}=…: {FIXED[key]}")
        if key not in accepted:
            keys = ", ".join(accepted) or "none"
            raise UsageError(f"--set {key}=…: {args.game} has no header key {key!r} (it reads: {keys})")


def run(args: argparse.Namespace) -> int:
    editions = game_class(args.game).editions
    if args.edition and not editions:
        raise UsageError(f"{args.game} has no editions")
    if args.edition and args.edition not in editions:
        raise UsageError(f"--edition of {args.game} is one of {', '.join(editions)}, not {args.edition!r}")
    if args.watch and args.json:
        raise UsageError("--watch shows one game in words; --json gives the statistics of many")
    check_set_keys(args)
    try:  # the options make a header: check it once, with the words a log header gets
        new_game(header_for(args, 0))
    except RuleError as exc:
        raise UsageError(exc.message) from None
    if args.watch:
        return watch(args)
    return statistics(args)


def statistics(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    games: list[Outcome] = []  # a few numbers per game: a million games fit in memory
    turn_moves = game_class(args.game).turn_moves
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{args.games} games", total=args.games)
        for _ in range(args.games):
            playout = play_random(header_for(args, rng.randrange(2**31)), rng)
            games.append(Outcome.of(playout, turn_moves))
            progress.advance(task)
    stats = summarise(games, NAMES[: args.players])
    if args.json:
        emit_json(stats)
    else:
        show_statistics(stats, args)
    return EXIT_OK


@dataclass(frozen=True)
class Outcome:
    """What the statistics need of one finished game."""

    turns: int
    actions: int
    scorings: int
    winners: tuple[str, ...]
    ending: str

    @classmethod
    def of(cls, game: Playout, turn_moves: frozenset[str]) -> Outcome:
        """Turns are actions whose verb is a turn (every action if the game names none)."""
        return cls(
            turns=sum(1 for a in game.actions if not turn_moves or a["move"] in turn_moves),
            actions=len(game.actions),
            scorings=sum(1 for e in game.events if e["type"] == "scored"),
            winners=tuple(game.state.winners()),
            ending=str(game.state.public_state().get("end")),
        )


def summarise(games: list[Outcome], players: list[str]) -> dict[str, Any]:
    """Game length, scorings, endings and wins by seat."""
    turns = [g.turns for g in games]
    wins: Counter[str] = Counter()
    for g in games:
        wins.update(g.winners)
    return {
        "games": len(games),
        "turns": {"mean": round(mean(turns), 2), "min": min(turns), "max": max(turns)},
        "actions_mean": round(mean(g.actions for g in games), 2),
        "scorings_per_game": round(mean(g.scorings for g in games), 2),
        "wins_by_seat": {f"{seat}:{name}": wins[name] for seat, name in enumerate(players)},
        "shared_wins": sum(1 for g in games if len(g.winners) > 1),
        "endings": dict(Counter(g.ending for g in games)),
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
    title = WATCH_WORDS["title"][lang].format(game=TITLES.get(game, game) + shown, seed=args.seed)
    console.rule(f"[bold]{title}")
    console.print(WATCH_WORDS["players"][lang].format(names=join(header["players"], lang)))

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
            console.print("    [yellow]" + standings(state, lang) + "[/]")
        if not state.finished:
            console.print(f"[cyan]» {render_prompt(state.prompt(), game, lang, edition)}[/]")
        if delay:
            time.sleep(delay)

    first = new_game(header)
    console.print(f"[cyan]» {render_prompt(first.prompt(), game, lang, edition)}[/]")
    result = play_random(header, rng, on_step=step)
    console.rule(WATCH_WORDS["final"][lang])
    console.print(render_ending(result.state, lang))
    console.print(standings(result.state, lang))
    return EXIT_OK


def standings(state: GameState, lang: str = "en") -> str:
    """The standings in one line, each value with its column's head: "Ann 12 points, 14
    coins left · Ben …"; a game not scored in points shows its progress only."""
    board = scoreboard(state, lang)
    return " · ".join(
        f"{p} "
        + ", ".join(
            f"{v} {head}" if v[:1].isdigit() else v for v, head in zip(values, board.columns, strict=True)
        )
        for p, values in board.rows.items()
    )
