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
- a new card (or a new top papyrus) the reader is unsure of: the table is asked (the
  page shows its picture with its two likeliest faces to tap, or any other card of the
  game; the OLED says what to confirm); nothing is entered meanwhile, and once answered
  the play is judged as if read surely, and the confirmed face joins the catalogue, so
  the reader learns the real box as it is played;
- an old card that cannot be read clearly is taken for the card the game has there;
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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engines.core import Action
from engines.wording import wording as game_wording
from firmware.appliance.config import Config
from firmware.referees.camera_follow import CameraFollower, Words, load_catalogue

if TYPE_CHECKING:
    import numpy as np

    from hardware.sim.camera import SynthCardCamera
    from vision.card_reader import CardReader, CardReading
    from vision.catalogue import Catalogue

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
    "confirm-card": {"en": "CONFIRM THE CARD", "de": "KARTE BESTÄTIGEN", "nl": "KAART BEVESTIGEN"},
    "confirm-papyrus": {"en": "CONFIRM THE PAPYRUS", "de": "PAPYRUS BESTÄTIGEN", "nl": "PAPYRUS BEVESTIGEN"},
    "on-the-page-card": {
        "en": "on the page: tap the card {player} laid",
        "de": "auf der Seite antippen, welche Karte {player} gelegt hat",
        "nl": "op de pagina aantikken welke kaart {player} legde",
    },
    "on-the-page-papyrus": {
        "en": "on the page: tap the new top papyrus",
        "de": "auf der Seite den neuen obersten Papyrus antippen",
        "nl": "op de pagina de nieuwe bovenste papyrus aantikken",
    },
    "asked-card": {
        "en": "the camera is unsure of the card in {player}'s row: confirm it on the page",
        "de": "die Kamera ist bei der Karte in {player}s Reihe unsicher: auf der Seite bestätigen",
        "nl": "de camera twijfelt over de kaart in de rij van {player}: bevestig hem op de pagina",
    },
    "asked-papyrus": {
        "en": "the camera is unsure of the top papyrus: confirm it on the page",
        "de": "die Kamera ist beim obersten Papyrus unsicher: auf der Seite bestätigen",
        "nl": "de camera twijfelt over de bovenste papyrus: bevestig hem op de pagina",
    },
    "enrolled": {
        "en": "the camera learned the confirmed face of {card}",
        "de": "die Kamera hat das bestätigte Gesicht von {card} gelernt",
        "nl": "de camera heeft het bevestigde gezicht van {card} geleerd",
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


Place = tuple[int | None, int | None]  # (seat, index in its row); (None, None): the top papyrus
PAPYRUS: Place = (None, None)


@dataclass(frozen=True)
class Unsure:
    """A card one reading could not name: its two likeliest labels and its picture, cut
    from the top view at the catalogue's face size (FACE_PX wide, as tall as a card)."""

    candidates: list[str]
    picture: np.ndarray


@dataclass(frozen=True)
class Sighting:
    """What still frames agreed on, with the newest reading's unsure cards by place."""

    observation: Any
    unsure: dict[Place, Unsure]


@dataclass
class Question:
    """The one new card the table is asked about."""

    id: str
    place: Place
    player: str | None  # whose row it lies in (None: the papyrus)
    candidates: list[str]  # the reader's two likeliest labels, best first
    picture: np.ndarray  # BGR: what the page shows, and what is enrolled once confirmed
    table: Table  # the reading asked about: no other is taken while it stands


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
        self.question: Question | None = None  # a new card the table is asked about
        self.answered: tuple[Table, Place, str] | None = None  # a reading and its confirmed card
        self.rounds = 0  # questions asked: each one's id
        self.table_questions = CardQuestions(self)  # for the page (firmware/web/hub.py)

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

    def _follow(self) -> None:
        """As every follower does; a question about another game's table is dropped."""
        game_id = self.game_id
        super()._follow()
        if self.game_id != game_id:
            self.answered = None
            self._drop_question()

    def start_game(self) -> None:
        self.stale = {}
        if self.catalogue is None:
            self.catalogue = load_catalogue(self, "ankh")
            if self.catalogue is None:
                return
        from vision.card_reader import CardSettings
        from vision.card_tracker import CardTracker, CardTrackerSettings

        # the game's declared box bounds the readings too; else the enrolled one, if any
        deck = getattr(self.app.referee.state, "deck", None)
        self.tracker = CardTracker(
            self.catalogue,
            CardTrackerSettings(votes=max(1, self.section.votes)),
            CardSettings(deck=dict(deck) if deck else None),
        )

    # ------------------------------------------------------------------ the rules

    def look(self, tracker: Any, frame: Any) -> Any:
        """As every follower does; an observation with cards no majority read comes with
        the newest reading's unsure cards (their likeliest labels and pictures), in case
        one of them is new and the table is to be asked (in the worker thread)."""
        from vision.card_tracker import CardObservation

        result = tracker.feed(frame)
        if not isinstance(result, CardObservation) or self.question is not None or not tracker.window:
            return result
        if result.papyrus is not None and all(c is not None for row in result.rows.values() for c in row):
            return result
        from vision.frames import check_frame

        unsure = unsure_cards(tracker.reader, check_frame(frame), tracker.window[-1], self.catalogue)
        return Sighting(result, unsure)

    def handle(self, result: Any) -> None:
        unsure = {}
        if isinstance(result, Sighting):
            result, unsure = result.observation, result.unsure
        self.observed(Table.of(result), unsure)

    def observed(self, table: Table, unsure: dict[Place, Unsure] | None = None) -> None:
        """Compare the table with the game: enter a play, ask about a new card the reader
        is unsure of, or say what to put right."""
        table = self._confirmed(table)
        if self.question is not None:
            if table.key() == self.question.table.key():
                return  # the table is asked about this reading: no other is taken meanwhile
            self._drop_question()  # the table changed: judged afresh
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
            place = unsure_new(public, players, table, unsure or {})
            if place is not None and unsure:
                self._ask(table, place, unsure[place])  # never entered before it is confirmed
                return
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

    # ------------------------------------------------------------------ asking the table

    def choices(self, place: Place) -> list[str]:
        """Every card that may lie there (mummy cards in a row, papyri on the pile): the
        declared box's, or any well-formed card on a table that declared none."""
        faces: list[str] = self.app.referee.state.faces(place == PAPYRUS)
        return faces

    def _ask(self, table: Table, place: Place, unsure: Unsure) -> None:
        """Show the table the new card the reading is unsure of; nothing is entered."""
        allowed = set(self.choices(place))
        players = list(self.app.referee.state.players)
        player = None if place[0] is None else players[place[0]]
        self.rounds += 1
        candidates = [c for c in unsure.candidates if c in allowed]
        self.question = Question(f"card-{self.rounds}", place, player, candidates, unsure.picture, table)
        if player is None:
            self._note(self.say("asked-papyrus"))
            self._set_notice((self.say("confirm-papyrus"), self.say("on-the-page-papyrus")))
        else:
            self._note(self.say("asked-card", player=player))
            self._set_notice((self.say("confirm-card"), self.say("on-the-page-card", player=player)))

    def answer(self, qid: str, label: str) -> int:
        """The table's answer to the open question (0 left): the reading it was asked
        about is judged with the confirmed card, and the face joins the catalogue."""
        from firmware.web.hub import QuestionError

        question = self.question
        if question is None or question.id != qid:
            raise QuestionError(404, "unknown-question", f"no question {qid!r} is open")
        if label not in self.choices(question.place):
            what = "papyrus" if question.place == PAPYRUS else "mummy card"
            raise QuestionError(422, "not-in-box", f"{label!r} is not a {what} of this game's deck")
        self._drop_question()
        self._enrol(label, question.picture)
        self.answered = (question.table, question.place, label)
        self.observed(question.table)
        return 0

    def _confirmed(self, table: Table) -> Table:
        """A reading the table answered about, with the confirmed card in its place (so an
        entered play stands and a refused one stays refused); any other as it is."""
        if self.answered is None:
            return table
        asked, (seat, index), label = self.answered
        if table.key() != asked.key():
            self.answered = None
            return table
        if seat is None or index is None:
            from vision.card_reader import papyrus_of

            return replace(table, papyrus=papyrus_of(label))
        rows = dict(table.rows)
        rows[seat] = [label if i == index else c for i, c in enumerate(rows[seat])]
        return replace(table, rows=rows)

    def _drop_question(self) -> None:
        if self.question is None:
            return
        self.question = None
        self._set_notice(None)

    def _enrol(self, label: str, face: np.ndarray) -> None:
        """The confirmed face joins the catalogue the referee loaded (and its file); the
        reader is built afresh with it."""
        from vision.catalogue import TABLE_SOURCE

        catalogue = self.catalogue
        if catalogue is None:
            return
        catalogue.add_face(label, face, f"{TABLE_SOURCE} (game {self.game_id})")
        self._note(self.say("enrolled", card=self._card(label)))
        if self.tracker is not None:
            self.start_game()
        if self.catalogue_path is None:
            return
        try:
            catalogue.save(self.catalogue_path)
        except OSError as exc:
            self._note(f"! the confirmed face could not be saved: {exc}")

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
        from hardware.sim.camera import SynthCardCamera

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


class CardQuestions:
    """The card referee's question as the page's hub sees it
    (``firmware.web.hub.Questions``)."""

    def __init__(self, referee: CardReferee) -> None:
        self.referee = referee

    def count(self) -> int:
        return int(self.referee.question is not None)

    def listed(self, lang: str) -> list[dict[str, Any]]:
        question = self.referee.question
        if question is None:
            return []
        name = game_wording("ankh").name

        def named(labels: list[str]) -> list[dict[str, str]]:
            return [{"label": label, "name": name(label, None, lang)} for label in labels]

        seat, index = question.place
        return [
            {
                "id": question.id,
                "kind": "papyrus" if seat is None else "card",
                "index": index,
                "player": question.player,
                "candidates": named(question.candidates),
                "choices": named(self.referee.choices(question.place)),
            }
        ]

    def picture(self, qid: str) -> bytes | None:
        import cv2

        question = self.referee.question
        if question is None or question.id != qid:
            return None
        ok, png = cv2.imencode(".png", question.picture)
        return png.tobytes() if ok else None

    def answer(self, qid: str, label: str) -> int:
        return self.referee.answer(qid, label)


def unsure_new(
    public: dict[str, Any], players: list[str], table: Table, unsure: dict[Place, Unsure]
) -> Place | None:
    """Where the one new card lies that the reading could not name (and has a picture
    of), when that is all that changed: the rightmost unnamed card of the one row longer
    than the game's, or an unnamed top papyrus the reader takes for another than the
    game's. None when there is no such card, or more than one."""
    from engines.ankh.cards import papyrus_id

    longer = [s for s, name in enumerate(players) if len(table.rows.get(s, [])) > len(public["rows"][name])]
    if len(longer) > 1:
        return None
    if longer:
        seat = longer[0]
        if len(table.rows[seat]) != len(public["rows"][players[seat]]) + 1:
            return None
        row = table.rows[seat]
        blanks = [i for i, c in enumerate(row) if c is None and (seat, i) in unsure]
        return (seat, blanks[-1]) if blanks else None
    shown = unsure.get(PAPYRUS)
    game = papyrus_id(public["papyrus"]["rank"], public["papyrus"]["threshold"])
    if table.papyrus is None and shown is not None and shown.candidates and shown.candidates[0] != game:
        return PAPYRUS
    return None


def unsure_cards(
    reader: CardReader, image: np.ndarray, reading: CardReading, catalogue: Catalogue | None = None
) -> dict[Place, Unsure]:
    """Each card the reading left unnamed that something matched, by place, with its
    picture cut from the top view: FACE_PX wide and as tall as a card, turned upright as
    its likeliest face is enrolled (what the table is shown, and what is enrolled once it
    is confirmed: the reader compares crops of this very view)."""
    import cv2
    import numpy as np

    from vision.catalogue import FACE_PX
    from vision.faces import crop_patch

    entries = [e for e in reading.unreadable if e.get("candidates") and e.get("center") is not None]
    if not entries:
        return {}
    view, _, _ = reader.view(image)
    cw, ch = reader.card_px
    tall = round(FACE_PX * ch / cw)
    gray = cv2.cvtColor(view.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    out: dict[Place, Unsure] = {}
    for entry in entries:
        point = np.array(entry["center"], np.float64).reshape(1, 1, 2)
        centre = cv2.perspectiveTransform(point, view.to_view)[0, 0]
        angle = card_turn(gray, centre, (cw, ch))
        picture = crop_patch(view.image, centre, (cw, ch), angle, (FACE_PX, tall), 1.0)
        enrolled = [
            f for label, f in (catalogue.faces if catalogue else []) if label == entry["candidates"][0]
        ]
        if enrolled and likeness(picture[::-1, ::-1], enrolled[0]) > likeness(picture, enrolled[0]):
            picture = np.ascontiguousarray(picture[::-1, ::-1])  # a seat across the table: turned round
        out[(entry["seat"], entry["index"])] = Unsure(list(entry["candidates"]), picture)
    return out


def likeness(picture: np.ndarray, face: np.ndarray) -> float:
    """How alike two faces look (normalised correlation of their grey patches)."""
    import numpy as np

    from vision.faces import face_patch

    a, b = (face_patch(f, (24, 36), 1.0).astype(np.float32).mean(axis=2).ravel() for f in (picture, face))
    a, b = a - a.mean(), b - b.mean()
    return float(a @ b / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-6))


def card_turn(gray: np.ndarray, centre: np.ndarray, size: tuple[float, float]) -> float:
    """The turn (degrees) of the width axis of the card lying at ``centre``: the dominant
    direction of the edges round it, the one of its two axes along which a card-sized
    outline there runs along more edge."""
    import cv2
    import numpy as np

    from vision.card_reader import edge_axis

    reach = int(max(size))
    x0, y0 = (int(v) - reach for v in centre)
    x0, y0 = max(x0, 0), max(y0, 0)
    roi = gray[y0 : int(centre[1]) + reach, x0 : int(centre[0]) + reach]
    theta = float(np.degrees(edge_axis(roi))) if roi.size else 0.0
    magnitude = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1))

    def rim(turn: float) -> float:
        a = np.radians(turn)
        u = np.array([np.cos(a), np.sin(a)]) * size[0] / 2
        v = np.array([-np.sin(a), np.cos(a)]) * size[1] / 2
        corners = np.array([centre - u - v, centre + u - v, centre + u + v, centre - u + v])
        line = np.zeros(gray.shape, np.uint8)
        cv2.polylines(line, [np.round(corners).astype(np.int32)], True, 1, 3)
        on = line > 0
        return float(magnitude[on].mean()) if on.any() else 0.0

    return max((theta, theta + 90.0), key=rim)
