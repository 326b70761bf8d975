"""Prompts and events in words (English, German, Dutch) for displays and logs.

Engines hand out codes plus parameters; each game's ``engines/<game>/wording.py`` holds
its templates and token names as a ``WORDING``, and this module renders them, so every
screen says the same thing in the session's language.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.core import Event, Prompt

LANGUAGES = ("en", "de", "nl")
Templates = Mapping[str, Mapping[str, str]]  # code -> language -> str.format template


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
_NOBODY = {"en": "nobody scores", "de": "niemand punktet", "nl": "niemand scoort"}


@cache
def wording(game: str) -> Wording:
    """The game's ``WORDING``, from ``engines.<game>.wording``."""
    try:
        module = importlib.import_module(f"engines.{game}.wording")
    except ModuleNotFoundError:
        return Wording(prompts={}, events={})
    return module.WORDING


def join(names: list[str], lang: str) -> str:
    if not names:
        return "—"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {_AND[lang]} {names[-1]}"


def _fields(values: Mapping[str, Any], words: Wording, lang: str, edition: str | None) -> dict[str, Any]:
    out = dict(values)
    for key in words.token_keys & out.keys():
        value = out[key]
        if isinstance(value, str):
            out[key] = words.name(value, edition, lang)
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
            except (KeyError, IndexError):
                break
    return f"{code}: " + ", ".join(f"{k}={v}" for k, v in values.items() if k != "type")


def render_prompt(prompt: Prompt, game: str, lang: str = "en", edition: str | None = None) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = wording(game)
    values = _fields(prompt.params, words, lang, edition)
    return _render([words.prompts, COMMON_PROMPTS], prompt.code, values, lang)


def render_event(event: Event, game: str, lang: str = "en", edition: str | None = None) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = wording(game)
    values = _fields(event, words, lang, edition)
    return _render([words.events, COMMON_EVENTS], str(event.get("type", "")), values, lang)


def render_details(event: Event, game: str, lang: str = "en") -> str:
    """An event's fine print where the game has any (Ankh: each row card by card), else ""."""
    details = wording(game).details
    return details(event, lang if lang in LANGUAGES else "en") if details else ""
