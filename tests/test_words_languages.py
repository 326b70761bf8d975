"""German and Dutch words are as good as the English ones.

A full random game of every engine (both Tutankhamen editions) is worded in German and
Dutch as every display words it — prompts, events, a scoring's details and headline,
every action with and without its player, the standings and why the game ended — and
``scarab simulate --watch`` prints one in each language. No English word may leak into
those texts, and no language writes a plural as "card(s)" or "Karte(n)": counts take
the noun in the right number. German and Dutch colours agree with their noun.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engines import game_class, new_game
from engines.core import Action, Event, GameState
from engines.playout import play_random
from engines.tutankhamen.wording import tile_name
from engines.wording import (
    render_action,
    render_details,
    render_ending,
    render_event,
    render_prompt,
    render_scoring,
    scoreboard,
)

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Ben", "Cleo", "Dirk"]
GAMES = [
    ("tutankhamen", "otb2004"),
    ("tutankhamen", "amigo"),
    ("ankh", None),
    ("bann", None),
    ("gulogulo", None),
]
# English words that are no German or Dutch word: any of them in a de or nl text is a leak.
ENGLISH = frozenset(
    {
        "the",
        "and",
        "with",
        "from",
        "takes",
        "take",
        "plays",
        "play",
        "draws",
        "draw",
        "swaps",
        "passes",
        "card",
        "cards",
        "coins",
        "points",
        "pts",
        "final",
        "players",
        "player",
        "winner",
        "winners",
        "wins",
        "scoring",
        "scores",
        "standings",
        "nobody",
        "turn",
        "left",
        "goal",
        "moves",
        "move",
        "reveals",
        "pulls",
        "adventure",
        "adventures",
        "chamber",
        "mummy",
        "sacrifice",
        "discards",
        "row",
        "pile",
        "game",
        "no",
        "to",
        "beyond",
        "path",
        "tile",
        "tiles",
        "king",
        "space",
        "seed",
        "referees",
        "seat",
        "every",
        "mask",
        "cat",
        "green",
        "blue",
        "purple",
        "yellow",
        "red",
        "staff",
        "boulder",
        "arrow",
        "display",
        "their",
        "own",
        "applied",
        "actions",
        "reached",
        "paid",
    }
)
PLURAL_IN_BRACKETS = re.compile(r"\w\((?:s|n|en|e|es|er)\)")
WORD = re.compile(r"[A-Za-zÄÖÜäöüßéëï']+")


def leaks(text: str) -> set[str]:
    """The English words in a text (player names are no words)."""
    return {w for w in WORD.findall(text) if w.lower() in ENGLISH and w not in NAMES}


def texts_of_a_game(game: str, edition: str | None, lang: str, seed: int) -> list[str]:
    """Everything the displays say about one random game, in ``lang``."""
    header = game_class(game).simulation_header(NAMES[:3], seed, edition)
    said: list[str] = []

    def step(state: GameState, action: Action, events: list[Event]) -> None:
        for event in events:
            said.append(render_event(event, game, lang, edition))
            said.append(render_scoring(event, game, lang, edition))
            said.append(render_details(event, game, lang))
        if not state.finished:
            said.append(render_prompt(state.prompt(), game, lang, edition))

    rng = random.Random(seed)
    playout = play_random(header, rng, on_step=step)
    # Each action worded against the state it was made in, as the page's history does.
    state = new_game(header)
    for action in playout.actions:
        said.append(render_action(action, state, lang))
        said.append(render_action(action, state, lang, with_player=False))
        for offered in state.legal_actions()[:30]:
            said.append(render_action(offered, state, lang, with_player=False))
        state.apply(action)
    board = scoreboard(playout.state, lang)
    said += [board.heading, *board.columns, *(v for values in board.rows.values() for v in values)]
    said.append(render_ending(playout.state, lang))
    assert playout.state.finished and said[-1]
    return said


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize(("game", "edition"), GAMES)
def test_no_english_word_leaks_into_a_full_game(game: str, edition: str | None, lang: str) -> None:
    for seed in (1, 2):
        said = texts_of_a_game(game, edition, lang, seed)
        leaked = {text: found for text in said if (found := leaks(text))}
        assert not leaked, leaked
        assert not [t for t in said if PLURAL_IN_BRACKETS.search(t)]


@pytest.mark.parametrize(("game", "edition"), GAMES)
def test_counts_take_the_noun_in_the_right_number_in_english_too(game: str, edition: str | None) -> None:
    said = texts_of_a_game(game, edition, "en", 1)
    assert not [t for t in said if PLURAL_IN_BRACKETS.search(t)]


def test_bann_counts_say_card_and_cards() -> None:
    drew = {"type": "drew", "player": "Ann", "count": 1}
    assert render_event(drew, "bann") == "Ann draws 1 card"
    assert render_event({**drew, "count": 2}, "bann", "de") == "Ann zieht 2 Karten"
    assert render_event({**drew, "count": 1}, "bann", "de") == "Ann zieht 1 Karte"
    assert render_event({**drew, "count": 3, "type": "swapped"}, "bann", "nl") == "Ann ruilt 3 kaarten"


@pytest.mark.parametrize(
    ("tile", "edition", "de", "nl"),
    [
        ("scarab-green", "otb2004", "grüner Skarabäus", "groene scarabee"),
        ("cat-blue", "otb2004", "blaue Mumienkatze", "blauwe gemummificeerde kat"),
        ("horus-green", "otb2004", "grüne Horus-Statue", "groen Horusbeeldje"),
        ("mask-purple", "otb2004", "lila Totenmaske", "paars dodenmasker"),
    ],
)
def test_colours_agree_with_their_noun(tile: str, edition: str, de: str, nl: str) -> None:
    assert tile_name(tile, edition, "de") == de
    assert tile_name(tile, edition, "nl") == nl


def test_a_take_names_the_tile_with_its_article() -> None:
    took = {"type": "took", "player": "Ann", "tile": "scarab-blue", "index": 3}
    assert render_event(took, "tutankhamen", "de", "otb2004") == "Ann nimmt den blauen Skarabäus (Feld 3)"
    assert render_event(took, "tutankhamen", "nl", "otb2004") == "Ann neemt de blauwe scarabee (positie 3)"
    took["tile"] = "anubis-green"
    assert (
        render_event(took, "tutankhamen", "nl", "otb2004") == "Ann neemt het groene Anubisbeeldje (positie 3)"
    )


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("game", ["tutankhamen", "ankh", "bann", "gulogulo"])
def test_simulate_watch_speaks_only_the_language(game: str, lang: str) -> None:
    args = ["simulate", "--game", game, "--watch", "--delay", "0", "--players", "3", "--seed", "4"]
    run = subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args, "--lang", lang],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    found = leaks(out.replace("Scarab", ""))  # the product's name is no English word
    assert not found, (found, out[-2000:])
    assert not PLURAL_IN_BRACKETS.search(out)
    assert out.count("\n") > 20  # a whole game was shown
