"""What the table sees: the referee's state turned into OLED frames and text.

The OLED, the terminal mirror and (later) the web page all take their frame from here,
so every display shows the same thing in the session's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image

from engines.core import Event
from engines.wording import Scoreboard, render_prompt, scoreboard
from engines.wording import wording as game_wording
from firmware.appliance import screens
from firmware.referees.referee import Referee

TITLES = {
    "tutankhamen": "Tutankhamen",
    "ankh": "Ankh",
    "bann": "Im Bann der Pyramide",
    "gulogulo": "Gulo Gulo",
}
SHORT_TITLES = {"bann": ("Bann der Pyramide",)}  # for a title bar with little room, longest first
WORDS: dict[str, dict[str, str]] = {
    "scoring": {"en": "SCORING", "de": "WERTUNG", "nl": "WAARDERING"},
    "nobody": {"en": "nobody scores", "de": "niemand punktet", "nl": "niemand scoort"},
    "coins": {"en": "coins left", "de": "Münzen übrig", "nl": "munten over"},
    "to_goal": {"en": "to the goal", "de": "bis zum Ziel", "nl": "tot het doel"},
    "points": {"en": "points", "de": "Punkte", "nl": "punten"},
    "refused": {"en": "Not allowed", "de": "Nicht erlaubt", "nl": "Niet toegestaan"},
    "device": {"en": "Device problem", "de": "Gerätefehler", "nl": "Apparaatfout"},
    "pin_hidden": {"en": "PIN: see the table", "de": "PIN: siehe Tisch", "nl": "PIN: zie de tafel"},
    "join": {"en": "join the page", "de": "zur Seite", "nl": "naar de pagina"},
}
VIEWS = ("turn", "scoreboard", "join")


def word(key: str, lang: str) -> str:
    return WORDS[key].get(lang, WORDS[key]["en"])


def titles(game: str) -> tuple[str, ...]:
    """The game's names for the title bar, longest first."""
    return (TITLES.get(game, game), *SHORT_TITLES.get(game, ()))


class Presenter:
    """Chooses the screen: a fresh scoring first, an error while one stands, otherwise
    the turn (or the scoreboard, when the menu button asked for it)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.view = "turn"
        self.scorings: list[Event] = []  # not yet shown
        self.message: tuple[str, str] | None = None
        self.join: tuple[str, str] | None = None  # (page URL, table PIN) once the page is served
        self.alert: tuple[str, str, str] | None = None  # a landslide being called: stays until cleared
        self.camera: tuple[str, str] | None = None  # the camera's PUT IT BACK or waiting: likewise
        self.hint = ""  # a short note after the turn's prompt (the sensor: "learning table")
        self.public = Image.new("1", (screens.WIDTH, screens.HEIGHT))  # the last frame as anyone may see it
        self.caption = ""  # the last frame in one line of text, for a mirror too small to read

    def note(self, events: list[Event]) -> None:
        for event in events:
            if event.get("type") != "scored":
                continue
            self.scorings.append(event)
            rows = event.get("rows")
            if isinstance(rows, dict):  # Ankh: then every row card by card
                for player, cards in rows.items():
                    total = event.get("awards", {}).get(player, 0)
                    self.scorings.append(
                        {"type": "row-scored", "player": player, "total": total, "cards": cards}
                    )

    def refuse(self, text: str) -> None:
        self.message = (word("refused", self.lang), text)

    def device_problem(self, text: str) -> None:
        self.message = (word("device", self.lang), text)

    def next_view(self) -> None:
        views = VIEWS if self.join else tuple(v for v in VIEWS if v != "join")
        self.view = views[(views.index(self.view) + 1) % len(views)] if self.view in views else "turn"

    def frame(self, referee: Referee) -> Image.Image:
        """The next frame to show; a scoring or a message is shown once, then dropped.
        ``public`` becomes that frame as the page may mirror it: the join screen's PIN is
        for the people at the table, so the public copy says where to read it instead."""
        frame, self.caption, public = self._frame(referee)
        self.public = frame if public is None else public
        return frame

    def _frame(self, referee: Referee) -> tuple[Image.Image, str, Image.Image | None]:
        """(the frame, its caption, its public copy where that differs)"""
        if self.message is not None:
            title, text = self.message
            self.message = None
            return screens.error(title, text), f"! {title}: {text}", None
        if self.alert is not None:
            title, follows, hint = self.alert
            return screens.landslide(*self.alert), f"{title} — {follows} ({hint})", None
        if self.scorings:
            event = self.scorings.pop(0)
            return self.scoring_frame(referee, event), self.scoring_caption(referee, event), None
        if self.camera is not None:
            return screens.camera(*self.camera), " — ".join(self.camera), None
        if self.view == "join" and self.join:
            url, pin = self.join
            public = screens.join(url, None, word("pin_hidden", self.lang))
            return screens.join(url, pin), f"{word('join', self.lang)}: {url}", public
        if self.view == "scoreboard":
            title, rows = self.standings(referee)
            text = ", ".join(f"{name} {value}" for name, value in rows)
            return screens.scoreboard(title, rows, [referee.state.to_act or ""]), f"{title}: {text}", None
        game, prompt, status = titles(referee.state.game), self.prompt(referee), self.status(referee)
        if self.hint:
            prompt = f"{prompt} ({self.hint})"
        caption = f"{game[0]} ({status}) · {prompt}" if status else f"{game[0]} · {prompt}"
        return screens.turn(game, prompt, status), caption, None

    def scoring_frame(self, referee: Referee, event: Event) -> Image.Image:
        state = referee.state
        if event.get("type") == "row-scored":
            from engines.ankh.wording import short_card

            cards = [(short_card(c["card"], self.lang), c["factor"], c["points"]) for c in event["cards"]]
            return screens.breakdown(word("scoring", self.lang), event["player"], event["total"], cards)
        words = game_wording(state.game)
        subject = str(event.get("set", ""))
        if subject:
            subject = words.name(subject, state.edition, self.lang)
        awards = [(p, int(n)) for p, n in event.get("awards", {}).items()]
        return screens.scoring(word("scoring", self.lang), subject, awards, word("nobody", self.lang))

    def scoring_caption(self, referee: Referee, event: Event) -> str:
        heading = word("scoring", self.lang)
        if event.get("type") == "row-scored":
            return f"{heading}: {event['player']} {event['total']:+d}"
        state = referee.state
        subject = str(event.get("set", ""))
        if subject:
            subject = game_wording(state.game).name(subject, state.edition, self.lang) + ": "
        awards = ", ".join(f"{p} {int(n):+d}" for p, n in event.get("awards", {}).items())
        return f"{heading} {subject}{awards or word('nobody', self.lang)}"

    def prompt(self, referee: Referee) -> str:
        state = referee.state
        return render_prompt(state.prompt(), state.game, self.lang, state.edition)

    def standings(self, referee: Referee) -> tuple[str, list[tuple[str, str]]]:
        """The OLED scoreboard's title and rows: the game's progress where it has one
        (coins left, adventures done, spaces), else points. A game not scored in points
        never shows them."""
        board = self.scoreboard(referee)
        column = len(board.columns) - 1  # the progress column comes last
        return board.columns[column], [(p, values[column]) for p, values in board.rows.items()]

    def scoreboard(self, referee: Referee) -> Scoreboard:
        """Every column of the standings, for the terminal's mirror and the page."""
        return scoreboard(referee.state, self.lang)

    def status(self, referee: Referee) -> str:
        """A short note for the title bar: what the player to act has left."""
        to_act = referee.state.to_act
        if to_act is None:
            return ""
        _, rows = self.standings(referee)
        return dict(rows).get(to_act, "")


def announce_device(app: Any, note: Callable[[str], None], error: str | None, back: str) -> None:
    """A device's change of health: a failure on the OLED and in the notes, its return in
    the notes; the page's banner either way."""
    if error:
        app.presenter.device_problem(error)
        note(f"! {error}")
    else:
        note(back)
    app.hub.refresh()
