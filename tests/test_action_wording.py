"""Every action in words (engines.wording.render_action), in English, German and Dutch.

Random playouts of all four games (every edition, variant and mode) render every legal
action at every step, with and without the player: never a repr sign, never a raw token
id whose display name differs, always a template of the game's own (not the fallback),
and the player named. Golden strings pin a few clearly worded examples per game, and the
fallback for moves and codes without a template is checked to stay in words.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engines import game_class, new_game
from engines.bann.game import VERBS as BANN_VERBS
from engines.core import Action, GameState, Prompt
from engines.gulogulo.game import VERBS as GULO_VERBS
from engines.playout import Policy, near, uniform
from engines.tutankhamen.tiles import OTB2004
from engines.wording import LANGUAGES, render_action, render_event, render_prompt, wording

NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]
REPR_SIGNS = ("{", "}", "[", "]", "'", "=", "None")
GAMES_PER_CASE = 20
TABLE_STEPS = 60  # table-mode games are not played to the end: random table play is long


def _legal(state: GameState) -> list[Action]:
    return state.legal_actions()


def _gulo_all(state: GameState) -> list[Action]:
    """Full mode's menu and every action the rules allow (both directions, every landslide)."""
    menu = state.legal_actions()
    return menu + [a for a in state.rules_actions() if a not in menu]  # type: ignore[attr-defined]


def _players(n: int) -> list[str]:
    return NAMES[: 2 + n % 3]


def _sim(game: str, edition: str | None = None, **extra: Any) -> Callable[[int], dict[str, Any]]:
    return lambda n: {**game_class(game).simulation_header(_players(n), n, edition), **extra}


@dataclass(frozen=True)
class Case:
    """Random playouts of one game set-up. ``codes``: the template codes its actions must
    reach (so the checks cover them); ``actions``: what is worded at each step (the
    playout itself follows ``policy`` over ``legal_actions``)."""

    id: str
    header: Callable[[int], dict[str, Any]]
    codes: frozenset[str]
    limit: int | None = None  # table-mode games are not played to the end
    actions: Callable[[GameState], list[Action]] = _legal
    policy: Policy = uniform


def _codes(*codes: str) -> frozenset[str]:
    return frozenset(codes)


_ANKH_TABLE = {"papyrus": {"rank": ["yellow", "green", "blue", "red"], "threshold": 5}}
CASES: list[Case] = [
    Case(
        "tutankhamen-otb2004",
        _sim("tutankhamen", "otb2004"),
        _codes("take", "steal", "joker", "pass"),
        policy=near,
    ),
    Case(
        "tutankhamen-amigo",
        _sim("tutankhamen", "amigo"),
        _codes("take", "beyond", "beyond-mask", "steal", "joker", "pass"),
        policy=near,
    ),
    Case("ankh-full", _sim("ankh"), _codes("play", "play-papyrus", "sacrifice")),
    Case(
        "ankh-table",
        lambda n: {"game": "ankh", "players": _players(n), **_ANKH_TABLE},
        _codes("play", "play-papyrus", "sacrifice"),
        limit=TABLE_STEPS,
    ),
    Case(
        "bann-full",
        _sim("bann"),
        _codes("draw", "swap-cards", "play", "play-magic", "play-mummy", "play-curse", "play-protection")
        | _codes("play-scarab", "complete", "complete-chamber", "arrow", "give-mummy", "give-mummy-cards")
        | _codes("discard", "discard-protection", "end"),
    ),
    Case("bann-full-advanced", _sim("bann", variant="advanced"), _codes("play-curse", "play-curse-remove")),
    Case("bann-full-minus-points", _sim("bann", variant="minus-points"), _codes("complete-chamber")),
    Case(
        "bann-table-advanced",
        lambda n: {"game": "bann", "players": _players(n), "seed": n, "variant": "advanced"},
        _codes("draw", "swap", "play", "play-magic", "play-curse-remove", "end"),
        limit=TABLE_STEPS,
    ),
    Case(
        "gulogulo-basic",
        _sim("gulogulo", variant="basic"),
        _codes("reveal", "reveal-chamber", "choose", "enter", "pull", "pull-landslide", "move"),
        actions=_gulo_all,
    ),
    Case(
        "gulogulo-adventurous",
        _sim("gulogulo", variant="adventurous"),
        _codes("pull-landslide"),
        actions=_gulo_all,
    ),
    Case(
        "gulogulo-race",
        _sim("gulogulo", variant="race"),
        _codes("reveal-chamber", "enter"),
        actions=_gulo_all,
    ),
    Case(
        "gulogulo-table-adventurous",
        lambda n: {"game": "gulogulo", "players": _players(n), "variant": "adventurous"},
        _codes("reveal", "choose", "pull", "pull-landslide", "move"),
        limit=TABLE_STEPS,
    ),
]


def raw_ids(action: Action, state: GameState) -> Iterator[str]:
    """The token ids an action names, and those its wording reads from the state."""
    players = set(state.players)

    def strings(value: Any) -> Iterator[str]:
        if isinstance(value, str):
            if value not in players:
                yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    for key, value in action.items():
        if key not in ("player", "move"):
            yield from strings(value)
    view = state.public_state()
    if state.game == "tutankhamen":
        if action["move"] == "take":
            yield view["path"][action["index"]]
        if view.get("declaring"):
            yield view["declaring"]["set"]
    if state.game == "gulogulo":
        if view["pulling"]:
            yield view["pulling"]["colour"]
        if "colour" in view["prompt"]["params"]:
            yield view["prompt"]["params"]["colour"]


def check_action(action: Action, state: GameState) -> None:
    words = wording(state.game)
    ids = set(raw_ids(action, state))
    player = action["player"]
    for lang in LANGUAGES:
        told = render_action(action, state, lang)
        offered = render_action(action, state, lang, with_player=False)
        assert player in told, (told, action)
        assert not told.startswith(f"{player}:"), f"no template for {action} ({lang}): {told}"
        for text in (told, offered):
            assert text.strip(), action
            assert not any(sign in text for sign in REPR_SIGNS), (text, action)
            for raw in ids:
                shown = words.name(raw, state.edition, lang)
                if shown != raw:  # the id may only appear inside its name ("pharaoh tile")
                    rest = text.replace(shown, " ")
                    assert not re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", rest), (raw, text, action)


def code_of(action: Action, state: GameState) -> str:
    view = wording(state.game).action_view
    assert view is not None
    found = view(action, state, "en")
    assert found is not None, action
    return found[0]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_legal_action_of_random_playouts_is_worded(case: Case) -> None:
    codes: set[str] = set()
    for n in range(GAMES_PER_CASE):
        rng = random.Random(n)
        state = new_game(case.header(n))
        steps = 0
        while not state.finished and (case.limit is None or steps < case.limit):
            for action in case.actions(state):
                check_action(action, state)
                codes.add(code_of(action, state))
            state.apply(case.policy(rng, state.legal_actions()))
            steps += 1
    assert codes >= case.codes, f"never offered: {sorted(case.codes - codes)}"


def test_the_playouts_cover_every_move_and_template_of_each_game() -> None:
    """The property test proves something only for what its playouts reach: together they
    reach every template, and there is one for every move each game defines."""
    defined = {
        "tutankhamen": {"take", "beyond", "steal", "joker", "pass"},
        "ankh": {"play", "sacrifice"},
        "bann": set(BANN_VERBS),
        "gulogulo": set(GULO_VERBS),
    }
    for game, moves in defined.items():
        words = wording(game)
        reached = set().union(*(c.codes for c in CASES if c.id.startswith(game)))
        assert reached == set(words.actions) == set(words.choices)
        assert moves <= reached


# ------------------------------------------------------------------ golden strings


def words(action: Action, state: GameState, *, with_player: bool = True) -> tuple[str, str, str]:
    return tuple(render_action(action, state, lang, with_player=with_player) for lang in LANGUAGES)  # type: ignore[return-value]


def play(header: dict[str, Any], lines: list[Action]) -> GameState:
    state = new_game(header)
    for line in lines:
        state.apply(line)
    return state


def test_tutankhamen_take_names_the_tile_at_the_index() -> None:
    box = sorted(Counter(OTB2004.box()).elements())
    path = [*[t for t in box if t not in ("mask-blue", "kingtut")][:40], "mask-blue"]
    header = {
        "game": "tutankhamen",
        "edition": "otb2004",
        "players": ["Ann", "Ben", "Cleo", "Dirk"],
        "path": path,
    }
    state = play(
        header, [{"player": p, "move": "take", "index": i} for i, p in enumerate(["Ann", "Ben", "Cleo"])]
    )
    take = {"player": "Dirk", "move": "take", "index": 40}
    assert take in state.legal_actions()
    assert words(take, state) == (
        "Dirk takes the blue death mask (#40)",
        "Dirk nimmt die blaue Totenmaske (#40)",
        "Dirk neemt het blauwe dodenmasker (#40)",
    )
    assert words(take, state, with_player=False) == (
        "take the blue death mask (#40)",
        "die blaue Totenmaske nehmen (#40)",
        "neem het blauwe dodenmasker (#40)",
    )


def test_tutankhamen_steal_names_tile_and_victim() -> None:
    path = ["mask-purple", "mask-purple", "goldbag", "horus-blue", "mask-purple"]
    header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Cleo", "Dirk"], "path": path}
    lines = [("Cleo", 0), ("Dirk", 1), ("Cleo", 3), ("Dirk", 2)]
    state = play(header, [{"player": p, "move": "take", "index": i} for p, i in lines])
    steal = {"player": "Dirk", "move": "steal", "from": "Cleo", "tile": "mask-purple"}
    assert state.legal_actions() == [steal]
    assert words(steal, state) == (
        "Dirk takes the purple death mask from Cleo",
        "Dirk nimmt Cleo die lila Totenmaske weg",
        "Dirk neemt het paarse dodenmasker van Cleo",
    )


def test_tutankhamen_jokers_and_passes_name_the_set_being_scored() -> None:
    path = ["pharaoh", "cat-blue", "horus-green", "cat-blue"]
    header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "path": path}
    lines = [("Ann", 0), ("Ben", 2), ("Ann", 1), ("Ben", 3)]
    state = play(header, [{"player": p, "move": "take", "index": i} for p, i in lines])
    joker = {"player": "Ann", "move": "joker", "tiles": ["pharaoh"]}
    passing = {"player": "Ann", "move": "pass"}
    assert state.legal_actions() == [passing, joker]
    assert words(joker, state) == (
        "Ann adds the pharaoh tile to the blue mummified cat scoring",
        "Ann legt das Pharao-Plättchen zur Wertung (blaue Mumienkatze)",
        "Ann voegt de farao-tegel toe aan de waardering (blauwe gemummificeerde kat)",
    )
    assert words(passing, state, with_player=False) == (
        "pass: no joker for the blue mummified cat scoring",
        "passen: kein Joker zur Wertung (blaue Mumienkatze)",
        "passen: geen joker voor de waardering (blauwe gemummificeerde kat)",
    )
    two = {"player": "Ann", "move": "joker", "tiles": ["pharaoh", "pharaoh", "kingtut"]}
    assert (
        render_action(two, state) == "Ann adds pharaoh tile ×2 and King Tut to the blue mummified cat scoring"
    )


def test_tutankhamen_amigo_beyond_takes_the_gold_mask_only_while_it_waits() -> None:
    path = ["cat-blue", "cat-blue", "horus-green"]
    header = {"game": "tutankhamen", "edition": "amigo", "players": ["Ann", "Ben"], "path": path}
    state = play(
        header, [{"player": "Ann", "move": "take", "index": 0}, {"player": "Ben", "move": "take", "index": 2}]
    )
    beyond = {"player": "Ann", "move": "beyond"}
    assert words(beyond, state) == (
        "Ann moves beyond the end of the path and takes the gold mask",
        "Ann zieht über das Ende der Laufbahn hinaus und bekommt die Goldmaske",
        "Ann gaat voorbij het einde van het pad en krijgt het gouden masker",
    )
    state.apply(beyond)
    joker = {"player": "Ann", "move": "joker", "tiles": ["goldmask"]}
    assert joker in state.legal_actions()
    assert words(joker, state) == (
        "Ann adds the gold mask to the dagger and sheath scoring",
        "Ann legt die Goldmaske zur Wertung (Dolch und Scheide)",
        "Ann voegt het gouden masker toe aan de waardering (dolk en schede)",
    )
    state.apply(joker)
    assert render_action({"player": "Ben", "move": "beyond"}, state) == "Ben moves beyond the end of the path"


def test_ankh_papyrus_is_worded_as_its_colours_and_factors() -> None:
    header = {
        "game": "ankh",
        "players": ["Ann", "Ben"],
        "papyrus": {"rank": ["yellow", "green", "blue", "red"], "threshold": 5},
    }
    state = new_game(header)
    papyrus = {
        "player": "Ann",
        "move": "play",
        "papyrus": {"rank": ["red", "green", "yellow", "blue"], "threshold": 5},
    }
    assert papyrus in state.legal_actions()
    assert words(papyrus, state) == (
        "Ann plays a papyrus: red ×2, green ×1, yellow ×0, blue ×−1, scoring at 5 mummies",
        "Ann spielt einen Papyrus aus: rot ×2, grün ×1, gelb ×0, blau ×−1, Wertung bei 5 Mumien",
        "Ann speelt een papyrus: rood ×2, groen ×1, geel ×0, blauw ×−1, telling bij 5 mummies",
    )
    mummy = {"player": "Ann", "move": "play", "card": "green-3"}
    assert words(mummy, state) == (
        "Ann plays green 3",
        "Ann spielt die grüne 3 aus",
        "Ann speelt de groene 3",
    )
    sacrifice = {"player": "Ann", "move": "sacrifice", "count": 1}
    assert words(sacrifice, state, with_player=False) == (
        "sacrifice: discard 1 card, draw 1",
        "opfern: 1 Karte abwerfen, 1 nachziehen",
        "offeren: 1 kaart afleggen, 1 trekken",
    )


def test_bann_actions_name_cards_counts_and_the_adventure() -> None:
    header = {"game": "bann", "players": ["Ann", "Ben", "Cleo"], "adventures": [5, 8], "chamber": 10}
    state = new_game(header)
    ladder = {"player": "Ann", "move": "play", "card": "ladder-5"}
    assert ladder in state.legal_actions()
    assert words(ladder, state) == ("Ann plays ladder 5", "Ann spielt Leiter 5 aus", "Ann speelt ladder 5")
    draw = {"player": "Ann", "move": "draw", "count": 2}
    assert words(draw, state) == ("Ann draws 2 cards", "Ann zieht 2 Karten", "Ann trekt 2 kaarten")
    mummy = {"player": "Ann", "move": "play", "card": "mummy", "to": "Cleo"}
    assert mummy in state.legal_actions()
    assert words(mummy, state) == (
        "Ann puts the mummy into Cleo’s display",
        "Ann legt die Mumie in die Auslage von Cleo",
        "Ann legt de mummie in de etalage van Cleo",
    )
    state.apply(ladder)
    complete = {"player": "Ann", "move": "complete"}
    assert complete in state.legal_actions()
    assert words(complete, state) == (
        "Ann completes the adventure 5 (5 for 5)",
        "Ann besteht das Abenteuer 5 (5 für 5)",
        "Ann voltooit het avontuur 5 (5 voor 5)",
    )
    state.apply(complete)
    arrow = {"player": "Ann", "move": "arrow", "kind": "rope"}
    assert words(arrow, state, with_player=False) == (
        "turn the arrow to rope",
        "den Pfeil auf Seil drehen",
        "draai de pijl naar touw",
    )
    send = {"player": "Cleo", "move": "give-mummy", "to": "Ann", "cards": ["rope-2", "rope-1"]}
    assert words(send, state) == (
        "Cleo discards rope 2 and rope 1 and passes the mummy to Ann at the king’s chamber",
        "Cleo wirft Seil 2 und Seil 1 ab und gibt die Mumie an Ann an der Königskammer",
        "Cleo legt touw 2 en touw 1 af en geeft de mummie aan Ann naast de koningskamer",
    )


def test_gulogulo_actions_name_colours_and_what_fell() -> None:
    state = new_game({"game": "gulogulo", "players": ["Ann", "Ben"], "variant": "adventurous"})
    reveal = {"player": "Ann", "move": "reveal", "colour": "red"}
    assert reveal in state.legal_actions()
    assert words(reveal, state) == (
        "Ann reveals the next marker: red",
        "Ann deckt das nächste Plättchen auf: rot",
        "Ann draait het volgende kaartje om: rood",
    )
    state.apply(reveal)
    clean = {"player": "Ann", "move": "pull", "result": "clean"}
    assert words(clean, state) == (
        "Ann pulls a red boulder out cleanly",
        "Ann zieht einen Geröllstein (rot) sauber heraus",
        "Ann haalt een rolsteen (rood) er netjes uit",
    )
    landslide = {"player": "Ann", "move": "pull", "result": "landslide", "fell": ["blue", "blue", "staff"]}
    assert words(landslide, state) == (
        "Ann pulls a red boulder: landslide (2 blue boulders and the Pharaoh’s staff fell)",
        "Ann zieht einen Geröllstein (rot): Gerölllawine — gefallen: 2 Geröllsteine (blau) "
        "und der Pharaonenstab",
        "Ann haalt een rolsteen (rood): lawine — gevallen: 2 rolstenen (blauw) en de faraostaf",
    )
    state.apply(landslide)  # the line is one the rules accept


# ------------------------------------------------------------------ the fallback


def test_a_move_without_a_template_is_still_worded() -> None:
    state = new_game(
        {
            "game": "ankh",
            "players": ["Ann", "Ben"],
            "papyrus": {"rank": ["yellow", "green", "blue", "red"], "threshold": 5},
        }
    )
    odd = {
        "player": "Ann",
        "move": "dance",
        "with": {"partner": "Ben", "cards": ["green-3", "red-1"]},
        "extra": None,
    }
    assert render_action(odd, state) == "Ann: dance: with partner Ben, cards green 3 and red 1, extra —"
    assert (
        render_action(odd, state, "de", with_player=False)
        == "dance: with partner Ben, cards grüne 3 und rote 1, extra —"
    )
    malformed = {"player": "Ann", "move": "sacrifice", "count": "two"}
    assert render_action(malformed, state) == "Ann: sacrifice: count two"
    tut = new_game(
        {"game": "tutankhamen", "edition": "amigo", "players": ["Ann", "Ben"], "path": ["cat-blue"]}
    )
    beyond_path = {"player": "Ann", "move": "take", "index": 7}
    assert render_action(beyond_path, tut) == "Ann: take: index 7"


def test_an_unknown_prompt_or_event_code_is_worded_not_a_repr() -> None:
    event = {
        "type": "mystery",
        "player": "Ann",
        "stuff": ["a", "b"],
        "detail": {"k": 1},
        "none": None,
        "ok": True,
    }
    text = render_event(event, "bann", "en")
    assert text == "mystery: player Ann, stuff a and b, detail k 1, none —, ok yes"
    assert render_prompt(Prompt("odd-code", {"list": [1, 2]}), "gulogulo", "nl") == "odd code: list 1 en 2"
