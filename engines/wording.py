"""Prompts, events and actions in words (English, German, Dutch) for displays and logs.

Engines hand out codes plus parameters; each game's ``engines/<game>/wording.py`` holds
its templates and token names as a ``WORDING``, and this module renders them, so every
screen says the same thing in the session's language. Nothing a person reads is ever a
Python repr or a raw token id: where a template is missing, the fallback still words it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.core import Action, Event, GameState, Prompt

LANGUAGES = ("en", "de", "nl")
Templates = Mapping[str, Mapping[str, str]]  # code -> language -> str.format template
# (action, state before it, language) -> (template code, worded values added to the
# action's own fields, which come already worded), or None when the game cannot word this
# action (a malformed one): render_action then falls back.
ActionView = Callable[[Action, GameState, str], tuple[str, dict[str, Any]] | None]
# (state, language) -> (a column's head, {player: value}): how far each player has come
# where the game has more to show than points (coins left, adventures done, spaces).
Progress = Callable[[GameState, str], tuple[str, dict[str, str]] | None]
# code -> language -> (the sentence for one winner, for several)
Endings = Mapping[str, Mapping[str, tuple[str, str]]]


def _same(token: str, edition: str | None, lang: str) -> str:
    return token


@dataclass(frozen=True)
class Wording:
    """One game's texts. ``token_keys`` name the parameters whose values are game tokens
    (tiles, cards, colours) that ``name`` turns into display names; a list is joined."""

    prompts: Templates
    events: Templates
    name: Callable[[str, str | None, str], str] = _same
    token_keys: frozenset[str] = field(default_factory=frozenset)
    details: Callable[[Event, str], str] | None = None  # an event's fine print (a scoring card by card)
    # Actions (code = the action's "move", or a finer code the game's ``action_view``
    # picks): ``actions`` tell them with the player ("{player} takes {tile} (#{index})"),
    # ``choices`` offer them to the player it is for ("take {tile} (#{index})").
    actions: Templates = field(default_factory=dict)
    choices: Templates = field(default_factory=dict)
    action_view: ActionView | None = None
    # An event as an entry of a list headed "Scorings": without the capital SCORING a
    # log line needs to stand out ("blue Horus statue: Ann +4, Ben +2").
    headlines: Templates = field(default_factory=dict)
    # A token as the object of a sentence, with its article where the language wants one
    # ("den grünen Skarabäus", "het groene Horusbeeldje"): templates use it as
    # ``{<key>_the}`` for any key of ``token_keys``.
    the: Callable[[str, str | None, str], str] | None = None
    # Worded values an event's templates need beyond its own fields (a count with its
    # noun in the right number: "2 Karten"), by (event, language).
    event_view: Callable[[Event, str], dict[str, Any]] | None = None
    progress: Progress | None = None
    # Whether a game is scored in points (Bann only with its minus-points variant, Gulo
    # Gulo never): a game that is not never shows a points column.
    in_points: Callable[[GameState], bool] | None = None
    # Why a finished game ended, by the state's ``end`` code: "Ann reached the king's chamber".
    endings: Endings = field(default_factory=dict)


# Texts every game shares; a game's own templates win.
COMMON_PROMPTS: Templates = {
    "game-over": {
        "en": "Game over — {winners} {verb}",
        "de": "Spielende — {winners} {verb}",
        "nl": "Einde van het spel — {winners} {verb}",
    },
}
COMMON_EVENTS: Templates = {
    "skipped": {
        "en": "{player} cannot move and is skipped",
        "de": "{player} kann nicht ziehen und setzt aus",
        "nl": "{player} kan niet zetten en wordt overgeslagen",
    },
    "game-over": {"en": "GAME OVER — {winners}", "de": "SPIELENDE — {winners}", "nl": "EINDE — {winners}"},
}
_WIN_VERB = {
    "en": ("wins", "share the win"),
    "de": ("gewinnt", "gewinnen gemeinsam"),
    "nl": ("wint", "winnen samen"),
}
_AND = {"en": "and", "de": "und", "nl": "en"}
_YES_NO = {"en": ("yes", "no"), "de": ("ja", "nein"), "nl": ("ja", "nee")}
_NOT_WORDS = str.maketrans({c: " " for c in "{}[]'=\"<>"})  # repr signs, never shown
_NOBODY = {"en": "nobody scores", "de": "niemand punktet", "nl": "niemand scoort"}
_POINTS = {"en": "points", "de": "Punkte", "nl": "punten"}
_HEADINGS = {"points": {"en": "Scores", "de": "Punktestand", "nl": "Stand"}}
_HEADINGS["progress"] = {"en": "Standings", "de": "Spielstand", "nl": "Stand"}


@cache
def wording(game: str) -> Wording:
    """The game's ``WORDING``, from ``engines.<game>.wording``."""
    try:
        module = importlib.import_module(f"engines.{game}.wording")
    except ModuleNotFoundError:
        return Wording(prompts={}, events={})
    found: Wording = module.WORDING
    return found


def join(names: list[str], lang: str) -> str:
    """Names as a sentence lists them: "a", "a and b", "a, b and c" ("—" for none)."""
    if not names:
        return "—"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {_AND[lang]} {names[-1]}"


def counted(n: int, nouns: Mapping[str, tuple[str, str]], lang: str) -> str:
    """``n`` and the noun in singular or plural: "1 card", "2 Karten"."""
    one, many = nouns[lang]
    return f"{n} {one if n == 1 else many}"


def plain(value: Any, lang: str, name: Callable[[str], str] = str, keep: Collection[str] = ()) -> str:
    """Any value in words, never a repr: tokens through ``name``, lists joined as a
    sentence, a dict as "key value" pairs, None as "—"; the strings in ``keep`` (player
    names) as they are. The fallback's last resort, and the plain fields of an action."""
    if isinstance(value, str):
        return value if value in keep else name(value).translate(_NOT_WORDS).strip() or "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _YES_NO[lang][0 if value else 1]
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple | set | frozenset):
        return join([plain(v, lang, name, keep) for v in value], lang)
    if isinstance(value, Mapping):
        pairs = (f"{plain(str(k), lang)} {plain(v, lang, name, keep)}" for k, v in value.items())
        return ", ".join(pairs) or "—"
    return str(value).translate(_NOT_WORDS).strip() or "—"


def _fields(values: Mapping[str, Any], words: Wording, lang: str, edition: str | None) -> dict[str, Any]:
    out = dict(values)
    for key in words.token_keys & out.keys():
        value = out[key]
        if isinstance(value, str):
            out[key] = words.name(value, edition, lang)
            out[f"{key}_the"] = words.the(value, edition, lang) if words.the else out[key]
        elif isinstance(value, list):
            out[key] = ", ".join(words.name(str(v), edition, lang) for v in value)
    if isinstance(out.get("awards"), dict):
        awards = out["awards"]
        out["awards"] = ", ".join(f"{p} {n:+d}" for p, n in awards.items()) if awards else _NOBODY[lang]
    if isinstance(out.get("winners"), list):
        out["verb"] = _WIN_VERB[lang][len(out["winners"]) > 1]
        out["winners"] = join(out["winners"], lang)
    return out


def _render(templates: list[Templates], code: str, values: dict[str, Any], lang: str) -> str:
    for table in templates:
        if code in table:
            try:
                return table[code][lang].format(**values)
            except (KeyError, IndexError, ValueError):
                break
    return _fallback(code, {k: v for k, v in values.items() if k != "type"}, lang)


def _fallback(
    code: str,
    values: Mapping[str, Any],
    lang: str,
    name: Callable[[str], str] = str,
    keep: Collection[str] = (),
) -> str:
    """A code without a (working) template, still in words: "give mummy: to Cleo, card rope 2"."""
    head = plain(code.replace("-", " ").replace("_", " "), lang) if code else "—"
    rest = ", ".join(
        f"{plain(str(k).replace('_', ' '), lang)} {plain(v, lang, name, keep)}" for k, v in values.items()
    )
    return f"{head}: {rest}" if rest else head


def render_prompt(prompt: Prompt, game: str, lang: str = "en", edition: str | None = None) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = wording(game)
    values = _fields(prompt.params, words, lang, edition)
    return _render([words.prompts, COMMON_PROMPTS], prompt.code, values, lang)


def render_event(event: Event, game: str, lang: str = "en", edition: str | None = None) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = wording(game)
    values = _fields(event, words, lang, edition)
    if words.event_view is not None:  # a malformed event: its own fields still word it
        with suppress(KeyError, IndexError, TypeError, ValueError, AttributeError):
            values.update(words.event_view(event, lang))
    return _render([words.events, COMMON_EVENTS], str(event.get("type", "")), values, lang)


def render_scoring(event: Event, game: str, lang: str = "en", edition: str | None = None) -> str:
    """A scoring as an entry of the page's list of scorings; the log line where the game
    has no headline for it."""
    lang = lang if lang in LANGUAGES else "en"
    words = wording(game)
    code = str(event.get("type", ""))
    if code not in words.headlines:
        return render_event(event, game, lang, edition)
    return _render([words.headlines], code, _fields(event, words, lang, edition), lang)


def render_details(event: Event, game: str, lang: str = "en") -> str:
    """An event's fine print where the game has any (Ankh: each row card by card), else ""."""
    details = wording(game).details
    return details(event, lang if lang in LANGUAGES else "en") if details else ""


def render_action(action: Action, state: GameState, lang: str = "en", *, with_player: bool = True) -> str:
    """One action in words. ``state`` is the game *before* the action (a Tutankhamen path
    index names the tile lying there, a joker the set being scored, a Gulo Gulo pull the
    colour being pulled).

    With ``with_player`` (the default) the sentence names who acts, as the history and the
    correction list show actions of all players: "Dirk takes the blue death mask (#40)".
    With ``with_player=False`` it is the choice offered on a button to the player the
    game waits for, who is implied: "take the blue death mask (#40)".

    Token values are named by the game's ``name``, lists joined as a sentence; a move
    without a template, or one the game cannot word (malformed), still comes out in words:
    "Ann: give mummy: to Cleo, cards rope 2 and rope 1".
    """
    lang = lang if lang in LANGUAGES else "en"
    words = wording(state.game)
    edition = state.edition
    players = frozenset(state.players)

    def name(token: str) -> str:
        return words.name(token, edition, lang)

    if not isinstance(action, Mapping):
        return plain(action, lang)
    move = action.get("move")
    move = move if isinstance(move, str) else ""
    who = action.get("player")
    player = who if isinstance(who, str) and who in players else plain(who, lang)
    fields = {k: v for k, v in action.items() if k not in ("player", "move")}
    values = {k: plain(v, lang, name, players) for k, v in fields.items()}
    code = move
    if words.action_view is not None and move:
        try:
            view = words.action_view(action, state, lang)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            view = None  # a malformed action: worded by the fallback below
        code = "" if view is None else view[0]
        values.update({} if view is None else view[1])
    template = (words.actions if with_player else words.choices).get(code, {}).get(lang)
    if template is not None:
        try:
            return template.format(**{**values, "player": player})
        except (KeyError, IndexError, ValueError):
            pass
    text = _fallback(move, fields, lang, name, players)
    return f"{player}: {text}" if with_player else text


@dataclass(frozen=True)
class Scoreboard:
    """The standings as every display shows them: a heading, the column heads and one
    row of values per player. A game not scored in points has no points column: it shows
    how far each player has come instead, never "0 points"."""

    heading: str
    columns: tuple[str, ...]
    rows: dict[str, tuple[str, ...]]
    in_points: bool


def scored_in_points(state: GameState) -> bool:
    """Whether the game counts points (Gulo Gulo never; Bann with its minus-points variant)."""
    rule = wording(state.game).in_points
    return True if rule is None else rule(state)


def scoreboard(state: GameState, lang: str = "en") -> Scoreboard:
    """Points where the game counts them, and the game's progress column where it has one."""
    lang = lang if lang in LANGUAGES else "en"
    words = wording(state.game)
    points = scored_in_points(state)
    progress = words.progress(state, lang) if words.progress else None
    columns: list[str] = []
    values: list[dict[str, str]] = []
    if points or progress is None:
        columns.append(_POINTS[lang])
        values.append({p: str(n) for p, n in state.scores().items()})
    if progress is not None:
        columns.append(progress[0])
        values.append(progress[1])
    rows = {p: tuple(column.get(p, "—") for column in values) for p in state.players}
    heading = _HEADINGS["points" if points else "progress"][lang]
    return Scoreboard(heading, tuple(columns), rows, points)


def render_ending(state: GameState, lang: str = "en") -> str:
    """Why a finished game ended, in words ("Ann reached the king's chamber"); "" while it
    runs. The public state's plain values (a target, say) are there for the templates."""
    if not state.finished:
        return ""
    lang = lang if lang in LANGUAGES else "en"
    words = wording(state.game)
    public = state.public_state()
    code = str(public.get("end") or "")
    winners = state.winners()
    values = {k: v for k, v in public.items() if isinstance(v, int | str)}
    values["winners"] = join(winners, lang)
    texts = words.endings.get(code, {}).get(lang)
    if texts is not None:
        try:
            text = texts[len(winners) > 1].format(**values)
            return text[:1].upper() + text[1:]
        except (KeyError, IndexError, ValueError):
            pass
    return render_prompt(state.prompt(), state.game, lang, state.edition)
