"""Ankh refereed from the camera: the rows of mummy cards in front of every seat and the
top papyrus, compared with the game as the engine has it.

Seat ``s`` of the game (the ``s``-th name of the header) sits at the seat card with marker
``20 + s``. Whatever still frames agree on is judged like this:

- the table matches the game: nothing to do (a notice standing is cleared);
- exactly one new mummy card, in the row of the player to act: ``{"move": "play", "card"}``;
- exactly one new top papyrus: the player to act's ``{"move": "play", "papyrus"}``;
- a card in the row of a player whose turn it is not, two cards at once, a card gone from
  a row, or a card the rules refuse: shown (PUT IT BACK / CHECK THE TABLE) and asked
  about, never scored; nothing is stored until the table matches the game again;
- a card that cannot be read clearly: nothing is entered; after ``camera.wait_seconds``
  it is shown as "can't read — waiting";
- after a scoring the engine has cleared the rows: while the table still shows them, a hint
  asks to clear them, and the cleared table starts the next round;
- after an undo or a correction the card seen is not entered again: the table must change.

Sacrifices (cards discarded from the hand) are not seen: they are entered on the page or
with the buttons. The demo (``scarab run --demo`` with an Ankh table) films its own game.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.core import Action
from engines.wording import wording as game_wording
from firmware.camera_follow import CameraFollower, Words, load_catalogue
from firmware.config import Config

if TYPE_CHECKING:
    from hardware.synth_camera import SynthCardCamera

CARD_WORDS: Words = {
    "saw": {
        "en": "the camera sees {player} lay {card}:",
        "de": "die Kamera sieht {player} {card} legen:",
        "nl": "de camera ziet {player} {card} leggen:",
    },
    "out-of-turn": {
        "en": "{card} in {player}'s row, but it is {to_act}'s turn",
        "de": "{card} in {player}s Reihe, aber {to_act} ist am Zug",
        "nl": "{card} in de rij van {player}, maar {to_act} is aan de beurt",
    },
    "several": {
        "en": "{count} cards at once ({cards}): one card per turn",
        "de": "{count} Karten auf einmal ({cards}): eine Karte pro Zug",
        "nl": "{count} kaarten tegelijk ({cards}): één kaart per beurt",
    },
    "gone": {
        "en": "{card} is gone from {player}'s row: lay it back",
        "de": "{card} fehlt in {player}s Reihe: wieder hinlegen",
        "nl": "{card} ontbreekt in de rij van {player}: leg hem terug",
    },
    "papyrus-gone": {
        "en": "the top papyrus is not the game's ({papyrus}): lay it back on top",
        "de": "der oberste Papyrus ist nicht der des Spiels ({papyrus}): wieder obenauf legen",
        "nl": "de bovenste papyrus is niet die van het spel ({papyrus}): leg hem terug",
    },
    "refused": {"en": "{card}: {reason}", "de": "{card}: {reason}", "nl": "{card}: {reason}"},
    "taken-back": {
        "en": "taken back: take {cards} off the table again",
        "de": "zurückgenommen: {cards} wieder vom Tisch nehmen",
        "nl": "teruggenomen: haal {cards} weer van tafel",
    },
    "clear": {
        "en": "scored: clear the rows ({seats}) to start the next round",
        "de": "gewertet: Reihen abräumen ({seats}) für die nächste Runde",
        "nl": "geteld: ruim de rijen op ({seats}) voor de volgende ronde",
    },
    "missed": {
        "en": "the camera missed {card}: entered by hand",
        "de": "die Kamera hat {card} verpasst: von Hand eingegeben",
        "nl": "de camera miste {card}: met de hand ingevoerd",
    },
}
DEMO_PATIENCE_FRAMES = 14  # frames the demo waits for the camera before entering by hand
DEMO_OUT_OF_TURN_SHARE = 0.1  # demo plays that begin in the wrong row


@dataclass(frozen=True)
class Table:
    """A reading of the table in the game's terms: per seat the cards read (None where a
    card could not be read), and the top papyrus (None: not seen clearly)."""

    rows: dict[int, list[str | None]]
    papyrus: dict[str, Any] | None

    @classmethod
    def of(cls, observation: Any) -> Table:
        rows = {
            int(s): [None if c is None else str(c) for c in cards] for s, cards in observation.rows.items()
        }
        papyrus = observation.papyrus
        if papyrus is not None:
            papyrus = {"rank": list(papyrus["rank"]), "threshold": int(papyrus["threshold"])}
        return cls(rows, papyrus)

    def key(self) -> tuple[Any, ...]:
        rows = tuple(sorted((s, tuple(sorted(c or "?" for c in cards))) for s, cards in self.rows.items()))
        return rows, None if self.papyrus is None else (
            tuple(self.papyrus["rank"]),
            self.papyrus["threshold"],
        )


@dataclass(frozen=True)
class Difference:
    """How the table differs from the game."""

    new: list[tuple[int, str]]  # (seat, card) on the table, not in the game
    gone: list[tuple[int, str]]  # (seat, card) in the game, not on the table
    papyrus: dict[str, Any] | None  # a new top papyrus, or None


def compare(public: dict[str, Any], players: list[str], table: Table) -> Difference:
    """The table against the engine's public state (``rows`` by name, ``papyrus``)."""
    new: list[tuple[int, str]] = []
    gone: list[tuple[int, str]] = []
    for seat, name in enumerate(players):
        want = Counter(public["rows"].get(name, []))
        seen = table.rows.get(seat, [])
        got = Counter(c for c in seen if c is not None)
        blanks = sum(c is None for c in seen)
        extra, missing = got - want, want - got
        new += [(seat, card) for card in sorted(extra.elements())]
        lost = sorted(missing.elements())
        covered = min(blanks, len(lost))  # an unreadable card may be one the game has
        gone += [(seat, card) for card in lost[covered:]]
    papyrus = None
    if table.papyrus is not None and table.papyrus != public["papyrus"]:
        papyrus = table.papyrus
    return Difference(new, gone, papyrus)


class CardReferee(CameraFollower):
    """Follows an Ankh game from the cards on the table (see the module's doc)."""

    GAME = "ankh"
    WORDS = CARD_WORDS

    def __init__(self, app: Any, config: Config, clock: Any = time.monotonic) -> None:
        super().__init__(app, config, clock)
        self.synth: SynthCardCamera | None = None
        self.stale: dict[int, Counter[str]] = {}  # rows scored but still on the table

    def changed(self, change: Any) -> None:
        """After a commit: a scoring leaves rows to clear; an undo or a correction is not
        to be entered again."""
        if change.kind in {"undo", "correct"}:
            self.stale = {}
            if self.last is not None:
                self.veto = self.last.key()
        players = change.referee.state.players
        for event in change.events:
            if event.get("type") == "scored":
                rows = event.get("rows", {})
                self.stale = {
                    seat: Counter(c["card"] for c in rows.get(name, [])) for seat, name in enumerate(players)
                }
        super().changed(change)

    def start_game(self) -> None:
        self.stale = {}
        if self.catalogue is None:
            self.catalogue = load_catalogue(self, "ankh")
            if self.catalogue is None:
                return
        from vision.card_tracker import CardTracker, CardTrackerSettings

        self.tracker = CardTracker(self.catalogue, CardTrackerSettings(votes=max(1, self.section.votes)))

    # ------------------------------------------------------------------ the rules

    def handle(self, result: Any) -> None:
        self.observed(Table.of(result))

    def observed(self, table: Table) -> None:
        """Compare the table with the game: enter a play, or say what to put right."""
        self.last = table
        app = self.app
        state = app.referee.state
        public = state.public_state()
        players = list(state.players)
        table = self._without_stale(table, players)
        diff = compare(public, players, table)
        if self.veto is not None:
            if table.key() == self.veto and (diff.new or diff.papyrus):
                cards = [self._card(c) for _, c in diff.new] + (
                    [self._papyrus(diff.papyrus)] if diff.papyrus else []
                )
                self._refuse(self.say("put-back"), self.say("taken-back", cards=", ".join(cards)))
                return
            self.veto = None
        changes = len(diff.new) + (diff.papyrus is not None)
        if changes == 0 and not diff.gone:
            self._set_notice(None)
            return
        if diff.gone:
            seat, card = diff.gone[0]
            self._refuse(self.say("check"), self.say("gone", card=self._card(card), player=players[seat]))
            return
        if changes > 1:
            cards = [self._card(c) for _, c in diff.new] + (
                [self._papyrus(diff.papyrus)] if diff.papyrus else []
            )
            self._refuse(self.say("put-back"), self.say("several", count=changes, cards=", ".join(cards)))
            return
        to_act = state.to_act
        if diff.papyrus is not None:
            action: Action = {"player": to_act, "move": "play", "papyrus": diff.papyrus}
            shown = self._papyrus(diff.papyrus)
        else:
            seat, card = diff.new[0]
            shown = self._card(card)
            if players[seat] != to_act:
                self._refuse(
                    self.say("put-back"),
                    self.say("out-of-turn", card=shown, player=players[seat], to_act=to_act),
                )
                return
            action = {"player": to_act, "move": "play", "card": card}
        self._enter(action, shown)

    def _enter(self, action: Action, shown: str) -> None:
        from engines.core import RuleError

        self._note(self.say("saw", player=action["player"], card=shown))
        try:
            self.app.referee.act(action)  # judged before anything changes
        except RuleError as exc:
            self._refuse(self.say("put-back"), self.say("refused", card=shown, reason=exc.message))
            return
        self.entered += 1
        self._set_notice(None)

    def _without_stale(self, table: Table, players: list[str]) -> Table:
        """Leave out the scored cards still lying in the rows: while any is there, a hint
        asks to clear them (a card laid meanwhile is judged as usual)."""
        if not self.stale:
            self._hint(None)
            return table
        rows = dict(table.rows)
        lying = []
        for seat, old in self.stale.items():
            row = rows.get(seat, [])
            seen = Counter(c for c in row if c is not None)
            if seen & old:
                lying.append(players[seat])
            rows[seat] = [*(seen - old).elements(), *(c for c in row if c is None)]
        if not lying:
            self.stale = {}
            self._hint(None)
            return table
        self._hint(self.say("clear", seats=", ".join(lying)))
        return Table(rows, table.papyrus)

    def _changes(self, diff: Difference) -> str:
        shown = [self._card(card) for _, card in diff.new]
        return ", ".join(shown + ([self._papyrus(diff.papyrus)] if diff.papyrus else []))

    def _card(self, card: str) -> str:
        return game_wording("ankh").name(card, None, self.app.lang)

    def _papyrus(self, papyrus: dict[str, Any]) -> str:
        from engines.ankh.cards import papyrus_id

        return self._card(papyrus_id(papyrus["rank"], papyrus["threshold"]))

    # ------------------------------------------------------------------ the demo

    def simulate(self) -> bool:
        """The demo's camera: the synthetic twin filming this game's own cards. False when
        the game is not Ankh."""
        from hardware.synth_camera import SynthCardCamera

        referee = self.app.referee
        state = referee.state
        if state.game != "ankh":
            return False
        public = state.public_state()
        seed = referee.header.get("seed", 0)
        synth = SynthCardCamera(len(state.players), seed=seed if isinstance(seed, int) else 0)
        for seat, name in enumerate(state.players):
            for card in public["rows"][name]:
                synth.play(seat, card, hand_frames=0)
        synth.papyrus(public["papyrus"]["rank"], public["papyrus"]["threshold"], hand_frames=0)
        self.film(synth, "ankh")
        return True

    async def demo_turn(self, rng: random.Random, delay: float) -> None:
        """One demo turn at the filmed table: scored rows are cleared first, a card is laid
        (now and then in the wrong row first, taken back once the camera objects) and left
        to the camera; a sacrifice is entered as on the page."""
        import asyncio

        app, synth = self.app, self.synth
        state = app.referee.state
        action = rng.choice(state.legal_actions())
        if synth is None or not self.ready() or action["move"] != "play":
            app.act(action)
            return
        if self.stale:  # the table clears the scored rows before the next card
            synth.clear_rows()
            await self.until(lambda: not self.stale, DEMO_PATIENCE_FRAMES)
        players = list(state.players)
        seat = players.index(str(action["player"]))
        card = action.get("card")
        if card is not None and len(players) > 1 and self.demo_rng.random() < DEMO_OUT_OF_TURN_SHARE:
            wrong = (seat + 1) % len(players)
            synth.play(wrong, str(card))
            await self.until(lambda: self.notice is not None, DEMO_PATIENCE_FRAMES)
            await asyncio.sleep(delay)  # the PUT IT BACK screen, for a while
            synth.take_back(wrong)
        start = len(app.referee.actions)
        if card is not None:
            synth.play(seat, str(card))
        else:
            papyrus = action["papyrus"]
            synth.papyrus(papyrus["rank"], papyrus["threshold"])
        if not await self.until(lambda: len(app.referee.actions) != start, DEMO_PATIENCE_FRAMES):
            shown = self._card(str(card)) if card is not None else self._papyrus(action["papyrus"])
            self._note(self.say("missed", card=shown))
            app.act(action)
