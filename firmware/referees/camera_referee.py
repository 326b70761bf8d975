"""Tutankhamen refereed from the camera: the glue between ``scarab run``, the camera, the
path tracker (vision/path_tracker.py) and the engine.

- At the start of a game the camera reads the laid path once. If it is this game's path,
  its places are kept (beside the store, so a restart goes on following); if the game has
  no move yet and the table holds another path, a new game starts with the path as read.
  Tiles the reader is unsure of are first asked about: the page shows each one's picture
  with its two likeliest faces to tap (or any other face of the box), the OLED how many
  are left; only once all are confirmed is the path taken, and the confirmed faces join
  the catalogue, so the reader learns the real box as it is played.
- From then on every observation that still frames agreed on is compared with the game
  as the engine has it:
  - exactly one tile gone that the player to act may take: ``{"move": "take", "index": i}``;
  - tiles the engine cleared behind the rearmost pawn but still lying: a hint to clear
    them away (the clean-up needs no action: the engine did it with the take);
  - anything the rules forbid — a tile taken behind the player's pawn, two tiles gone at
    once, a take while a gold bag or a scoring waits — puts "PUT IT BACK" on the OLED and
    the page and sounds the buzzer; nothing is stored, and the camera waits until the
    table matches the game again.
- A frame it cannot read (a hand over the table, covered markers, too dark) is waited
  out; if that lasts ``camera.wait_seconds``, "can't read — waiting: <reason>" is shown.
- Decisions only people can make — the gold bag or nugget, jokers, moving beyond the end
  — stay with the buttons and the page.
- After an undo or a correction the camera does not enter again what it saw before it:
  it waits until the table changes.

The demo (``scarab run --demo``) films its own game with the synthetic camera: the
simulated players' takes become frames with the tile gone and the pawn moved, which this
referee reads and enters — and now and then a player takes a tile they may not.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.core import Action
from engines.tutankhamen.game import Tutankhamen
from engines.wording import render_prompt
from engines.wording import wording as game_wording
from firmware.appliance.config import Config
from firmware.referees.camera_follow import CameraFollower, Words, load_catalogue

if TYPE_CHECKING:
    import numpy as np

    from hardware.sim.camera import SynthCamera
    from vision.path_reader import PathReading
    from vision.path_tracker import Observation, PathLayout, PathTracker

PATH_WORDS: Words = {
    "check": {"en": "CHECK THE PATH", "de": "AUSLAGE PRÜFEN", "nl": "PAD CONTROLEREN"},
    "tile": {"en": "{name} (index {index})", "de": "{name} (Feld {index})", "nl": "{name} (positie {index})"},
    "behind": {
        "en": "{player}: {tile} lies behind your pawn",
        "de": "{player}: {tile} liegt hinter deiner Figur",
        "nl": "{player}: {tile} ligt achter je pion",
    },
    "several": {
        "en": "{count} tiles gone at once ({tiles}): one tile per turn",
        "de": "{count} Schätze auf einmal weg ({tiles}): ein Schatz pro Zug",
        "nl": "{count} tegels tegelijk weg ({tiles}): één tegel per beurt",
    },
    "not-now": {
        "en": "{tile} was taken, but first: {prompt}",
        "de": "{tile} genommen, aber zuerst: {prompt}",
        "nl": "{tile} gepakt, maar eerst: {prompt}",
    },
    "not-legal": {
        "en": "{player} may not take {tile}",
        "de": "{player} darf {tile} nicht nehmen",
        "nl": "{player} mag {tile} niet nemen",
    },
    "taken-back": {
        "en": "taken back: lay {tiles} on the path again",
        "de": "zurückgenommen: {tiles} wieder auslegen",
        "nl": "teruggenomen: leg {tiles} weer op het pad",
    },
    "lies": {
        "en": "{tiles} was taken in the game: take it off the path",
        "de": "{tiles} ist im Spiel genommen: von der Auslage nehmen",
        "nl": "{tiles} is in het spel gepakt: haal het van het pad",
    },
    "clear": {
        "en": "clear away {tiles} (behind the last pawn)",
        "de": "abräumen: {tiles} (hinter der letzten Figur)",
        "nl": "opruimen: {tiles} (achter de laatste pion)",
    },
    "saw": {
        "en": "the camera sees {tile} taken:",
        "de": "die Kamera sieht {tile} genommen:",
        "nl": "de camera ziet {tile} gepakt:",
    },
    "read": {
        "en": "the camera read the path: {count} tiles",
        "de": "die Kamera hat die Auslage gelesen: {count} Schätze",
        "nl": "de camera heeft het pad gelezen: {count} tegels",
    },
    "new-path": {
        "en": "the camera read another path on the table: a new game with it",
        "de": "die Kamera sah eine andere Auslage: neues Spiel damit",
        "nl": "de camera zag een ander pad: een nieuw spel daarmee",
    },
    "other-path": {
        "en": "camera: the path on the table is not this game's ({detail}); enter moves by hand",
        "de": "Kamera: die Auslage gehört nicht zu diesem Spiel ({detail}); Züge von Hand eingeben",
        "nl": "camera: het pad op tafel hoort niet bij dit spel ({detail}); voer zetten met de hand in",
    },
    "bad-path": {
        "en": "camera: the path read is no path for this game ({reason})",
        "de": "Kamera: die gelesene Auslage passt nicht zum Spiel ({reason})",
        "nl": "camera: het gelezen pad past niet bij het spel ({reason})",
    },
    "unknown": {
        "en": "camera: it did not see this game's path laid out; enter moves by hand",
        "de": "Kamera: sie hat die Auslage dieses Spiels nicht gesehen; Züge von Hand eingeben",
        "nl": "camera: ze heeft het pad van dit spel niet gezien; voer zetten met de hand in",
    },
    "confirm": {
        "en": "CONFIRM {count} TILES",
        "de": "{count} SCHÄTZE BESTÄTIGEN",
        "nl": "{count} TEGELS BEVESTIGEN",
    },
    "confirm-one": {"en": "CONFIRM 1 TILE", "de": "1 SCHATZ BESTÄTIGEN", "nl": "1 TEGEL BEVESTIGEN"},
    "on-the-page": {
        "en": "on the page: tap what lies at index {tiles}",
        "de": "auf der Seite antippen, was auf Feld {tiles} liegt",
        "nl": "op de pagina aantikken wat op positie {tiles} ligt",
    },
    "asked": {
        "en": "the camera is unsure of {count} tiles: confirm them on the page",
        "de": "die Kamera ist bei {count} Schätzen unsicher: auf der Seite bestätigen",
        "nl": "de camera twijfelt over {count} tegels: bevestig ze op de pagina",
    },
    "enrolled": {
        "en": "the camera learned {count} confirmed faces",
        "de": "die Kamera hat {count} bestätigte Gesichter gelernt",
        "nl": "de camera heeft {count} bevestigde gezichten geleerd",
    },
    "missed": {
        "en": "the camera missed {tile}: entered by hand",
        "de": "die Kamera hat {tile} verpasst: von Hand eingegeben",
        "nl": "de camera miste {tile}: met de hand ingevoerd",
    },
}
DEMO_MISPLAY_SHARE = 0.12  # demo takes that begin with a tile the player may not take
DEMO_PATIENCE_FRAMES = 14  # frames the demo waits for the camera before entering by hand


@dataclass(frozen=True)
class Learned:
    """The first full reading of a path, with each unsure place's face as the top view
    showed it (the whole face, FACE_PX square: asked about, then enrolled)."""

    reading: PathReading
    layout: PathLayout
    faces: dict[int, np.ndarray] = field(default_factory=dict)


@dataclass
class Question:
    """One unsure tile of the first reading, asked of the table."""

    id: str
    index: int
    candidates: list[str]  # the reader's two likeliest labels, best first
    picture: np.ndarray  # BGR: what the page shows
    face: np.ndarray | None  # the whole face, enrolled once confirmed
    answer: str | None = None


def layout_file(store_path: Path, game_id: int) -> Path | None:
    """Where a game's path layout is kept: beside the store (none for a store in memory)."""
    if str(store_path) == ":memory:":
        return None
    return store_path.with_name(f"{store_path.stem}.path-{game_id}.json")


class CameraReferee(CameraFollower):
    """Follows a Tutankhamen game from the path on the table (see the module's doc)."""

    GAME = "tutankhamen"
    WORDS = PATH_WORDS

    def __init__(self, app: Any, config: Config, clock: Any = time.monotonic) -> None:
        super().__init__(app, config, clock)
        self.tracker: PathTracker | None = None
        self.synth: SynthCamera | None = None
        self.pending: PathLayout | None = None  # read for a new game being started
        self.asked: Learned | None = None  # a first reading waiting for the table's answers
        self.questions: list[Question] = []
        self.rounds = 0  # sets of questions asked: part of each question's id
        self.table_questions = PathQuestions(self)  # for the page (firmware/web/hub.py)

    # ------------------------------------------------------------------ state

    def ready(self) -> bool:
        """Following with the path's places known: a take will be seen."""
        return self.watching() and self.tracker is not None and self.tracker.layout is not None

    def changed(self, change: Any) -> None:
        """After a commit: an undo or a correction is not to be entered again."""
        if change.kind in {"undo", "correct"} and self.last is not None:
            self.veto = tuple(self.last.removed)
        super().changed(change)

    def _follow(self) -> None:
        """As every follower does; questions about another game's reading are dropped."""
        game_id = self.game_id
        super()._follow()
        if self.game_id != game_id:
            self._drop_questions()

    def start_game(self) -> None:
        state = self.app.referee.state
        if self.catalogue is None:
            self.catalogue = load_catalogue(self, "tutankhamen")
            if self.catalogue is None:
                return
        from vision.path_tracker import PathTracker, TrackerSettings

        settings = TrackerSettings(votes=max(1, self.section.votes))
        layout, pending = self._saved_layout(), self.pending
        self.pending = None
        if layout is None and pending is not None and pending.labels == list(state.path):
            layout = pending
            self._save_layout(layout)
        self.tracker = PathTracker(self.catalogue, layout, settings)
        if layout is not None and len(layout) != len(state.path):
            self._problem(self.say("other-path", detail=_difference(layout.labels, state.path)))
        elif layout is None and any(t is None for t in state.path):
            self._problem(self.say("unknown"))

    def _stamp(self) -> dict[str, Any]:
        """Which stored game a layout belongs to: its id alone could be reused by a new
        store file."""
        referee = self.app.referee
        return {"id": referee.game_id, "started_at": referee.store.load(referee.game_id).started_at}

    def _saved_layout(self) -> PathLayout | None:
        from vision.path_tracker import PathLayout

        file = layout_file(self.app.referee.store.path, self.app.referee.game_id)
        if file is None or not file.exists():
            return None
        try:
            doc = json.loads(file.read_text())
            if doc.get("game") != self._stamp():
                return None  # another store's game of that id
            return PathLayout.from_json(doc["layout"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # damaged: read the path again if it is still whole

    def _save_layout(self, layout: PathLayout) -> None:
        file = layout_file(self.app.referee.store.path, self.app.referee.game_id)
        if file is None:
            return
        tmp = file.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps({"game": self._stamp(), "layout": layout.to_json()}))
            tmp.replace(file)
        except OSError as exc:
            self._note(f"! the path layout could not be saved: {exc}")

    # ------------------------------------------------------------------ the loop

    def look(self, tracker: Any, frame: Any) -> Any:
        """Once the places are known, the tracker's verdict; before that, the first full
        reading of the path (kept only once the game accepts it)."""
        if tracker.layout is not None:
            return tracker.feed(frame)
        if self.asked is not None:
            return None  # the table is asked about this reading: no other is taken meanwhile
        from vision.errors import VisionError
        from vision.frames import check_frame
        from vision.tracking import Waiting

        try:
            image = check_frame(frame)
            if not tracker.still(image):
                return Waiting("moving", "the table is moving")
            reading = tracker.learn(image)
        except VisionError as exc:
            return Waiting(exc.code, exc.message)
        if tracker.layout is None:
            return Waiting("path-incomplete", "the path cannot be followed to marker 11")
        layout = tracker.layout
        tracker.layout = None
        return Learned(reading, layout, unsure_faces(tracker, image, layout))

    def handle(self, result: Any) -> None:
        if isinstance(result, Learned):
            self.learned(result)
        else:
            self.observed(result)

    # ------------------------------------------------------------------ the path read

    def learned(self, found: Learned) -> None:
        """The first full reading: this game's path, another path for a game not yet
        begun (a new game with it), or something the camera cannot follow."""
        app = self.app
        referee, tracker = app.referee, self.tracker
        assert tracker is not None
        labels, path = found.layout.labels, list(referee.state.path)
        same = len(labels) == len(path) and all(
            a is None or a == b for a, b in zip(labels, path, strict=True)
        )
        if same:
            tracker.layout = found.layout
            self._save_layout(found.layout)
            self._set_notice(None)
            self._note(self.say("read", count=len(labels)))
            app.hub.refresh()
            return
        if referee.actions:
            detail = _difference(labels, path)
            self._problem(self.say("other-path", detail=detail))
            return
        unclear = [i for i, label in enumerate(labels) if label is None]
        if unclear:
            self._ask(found, unclear)  # never played with a tile nobody confirmed
            return
        from engines.replay import LogError

        header = {k: v for k, v in referee.header.items() if k != "seed"}
        header["path"] = labels
        self.pending = found.layout
        try:
            app.hub.new_game(header)
        except LogError as exc:
            self.pending = None
            self._problem(self.say("bad-path", reason=exc.message))
            return
        self._note(self.say("new-path"))

    # ------------------------------------------------------------------ asking the table

    def box(self) -> list[str]:
        """Every face of this game's box, in the box's order: what an answer may be."""
        return list(self.app.referee.state.ed.box())

    def open_questions(self) -> list[Question]:
        return [q for q in self.questions if q.answer is None]

    def _ask(self, found: Learned, unclear: list[int]) -> None:
        """Show the table the tiles the first reading is unsure of; the path waits."""
        box = set(self.box())
        entries = {e["index"]: e for e in found.reading.unreadable}
        self.rounds += 1
        self.asked = found
        self.questions = [
            Question(
                f"{self.rounds}-{i}",
                i,
                [c for c in entries.get(i, {}).get("candidates", []) if c in box],
                found.faces[i] if i in found.faces else found.layout.looks[i],
                found.faces.get(i),
            )
            for i in unclear
        ]
        self._note(self.say("asked", count=len(unclear)))
        self._show_questions()

    def _show_questions(self) -> None:
        """The OLED (and the page's banner) says how many tiles are left to confirm."""
        left = [q.index for q in self.open_questions()]
        title = self.say("confirm-one") if len(left) == 1 else self.say("confirm", count=len(left))
        self._set_notice((title, self.say("on-the-page", tiles=", ".join(str(i) for i in left[:8]))))

    def answer(self, qid: str, label: str) -> int:
        """The table's answer to one question; how many are left. Once none are, the path
        is taken as confirmed and its confirmed faces are enrolled."""
        from firmware.web.hub import QuestionError

        question = next((q for q in self.questions if q.id == qid), None)
        if question is None or self.asked is None:
            raise QuestionError(404, "unknown-question", f"no question {qid!r} is open")
        if label not in self.box():
            raise QuestionError(422, "not-in-box", f"{label!r} is not a tile of this game's box")
        question.answer = label
        left = len(self.open_questions())
        if left:
            self._show_questions()
            return left
        found, questions = self.asked, self.questions
        self._drop_questions()
        labels = list(found.layout.labels)
        for q in questions:
            labels[q.index] = q.answer
        self._enrol(questions)
        self.learned(Learned(found.reading, replace(found.layout, labels=labels)))
        return 0

    def _drop_questions(self) -> None:
        if self.asked is None and not self.questions:
            return
        self.asked, self.questions = None, []
        self._set_notice(None)
        self.app.hub.refresh()

    def _enrol(self, questions: list[Question]) -> None:
        """The confirmed faces join the catalogue the referee loaded (and its file)."""
        from vision.catalogue import TABLE_SOURCE

        catalogue = self.catalogue
        faces = [(q.answer, q.face) for q in questions if q.answer is not None and q.face is not None]
        if catalogue is None or not faces:
            return
        for label, face in faces:
            catalogue.add_face(label, face, f"{TABLE_SOURCE} (game {self.game_id})")
        self._note(self.say("enrolled", count=len(faces)))
        if self.catalogue_path is None:
            return
        try:
            catalogue.save(self.catalogue_path)
        except OSError as exc:
            self._note(f"! the confirmed faces could not be saved: {exc}")

    # ------------------------------------------------------------------ the rules

    def observed(self, seen: Observation) -> None:
        """Compare the table with the game: enter a take, or say what to put right."""
        self.last = seen
        app = self.app
        state = app.referee.state
        gone, unsure = set(seen.removed), set(seen.unreadable)
        cleared = {i for i, tile in enumerate(state.path) if tile is None}
        extra = sorted(gone - cleared)
        lying = sorted(cleared - gone - unsure)
        rear = min(state.pawns)
        to_clear = [i for i in lying if i < rear]
        self._hint(self.say("clear", tiles=self._tiles(to_clear)) if to_clear else None)
        misplaced = [i for i in lying if i >= rear]
        if self.veto is not None:
            if tuple(seen.removed) == self.veto and extra:
                self._refuse(self.say("put-back"), self.say("taken-back", tiles=self._tiles(extra)))
                return
            self.veto = None
        if not extra and not misplaced:
            self._set_notice(None)
            return
        if len(extra) == 1 and not misplaced and state.phase == "move":
            action: Action = {"player": state.to_act, "move": "take", "index": extra[0]}
            if action in state.legal_actions():
                self._note(self.say("saw", tile=self._tile(extra[0])))
                if app.act(action):
                    self.entered += 1
                    self._set_notice(None)
                return
        texts = []
        if extra:
            texts.append(self._why_not(extra))
        if misplaced:
            texts.append(self.say("lies", tiles=self._tiles(misplaced)))
        self._refuse(self.say("put-back" if extra else "check"), "; ".join(texts))

    def _why_not(self, extra: list[int]) -> str:
        state, lang = self.app.referee.state, self.app.lang
        player = state.players[state.current]
        if len(extra) > 1:
            return self.say("several", count=len(extra), tiles=self._tiles(extra))
        tile = self._tile(extra[0])
        if state.phase != "move":
            prompt = render_prompt(state.prompt(), state.game, lang, state.edition)
            return self.say("not-now", tile=tile, prompt=prompt)
        if extra[0] <= state.pawns[state.current]:
            return self.say("behind", player=player, tile=tile)
        return self.say("not-legal", player=player, tile=tile)

    def _tile(self, index: int) -> str:
        state = self.app.referee.state
        label = state.path[index] or self._original(index)
        name = game_wording(state.game).name(label, state.edition, self.app.lang) if label else "?"
        return self.say("tile", name=name, index=index)

    def _original(self, index: int) -> str | None:
        path = self.app.referee.header.get("path")
        if isinstance(path, list) and index < len(path):
            return str(path[index])
        layout = self.tracker.layout if self.tracker is not None else None
        return layout.labels[index] if layout is not None and index < len(layout) else None

    def _tiles(self, indexes: list[int]) -> str:
        return ", ".join(self._tile(i) for i in indexes[:3]) + (" …" if len(indexes) > 3 else "")

    # ------------------------------------------------------------------ the demo

    def simulate(self, level: str = "easy") -> bool:
        """The demo's camera: the synthetic twin filming this game's own table. False
        when the game is not Tutankhamen."""
        from hardware.sim.camera import PAWN_LABELS, SynthCamera

        referee = self.app.referee
        state = referee.state
        if state.game != "tutankhamen":
            return False
        original = self._header_path()
        seed = referee.header.get("seed", 0)
        synth = SynthCamera(original, seed=seed if isinstance(seed, int) else 0, level=level)
        synth.present = [tile is not None for tile in state.path]
        for seat, place in enumerate(state.pawns):
            if 0 <= place < len(original):
                synth.pawns[PAWN_LABELS[seat]] = place
        self.film(synth, "tutankhamen")
        return True

    def _header_path(self) -> list[str]:
        state = self.app.referee.state
        path = self.app.referee.header.get("path")
        if isinstance(path, list):
            return [str(t) for t in path]
        # a seeded game: the path as laid is the state's before any tile left it
        from engines.replay import replay

        fresh = replay([json.dumps(self.app.referee.header)]).state
        assert isinstance(state, Tutankhamen) and isinstance(fresh, Tutankhamen)  # the camera's game
        laid = fresh.path if len(fresh.path) == len(state.path) else state.path
        # a tile already taken has no face: the twin never draws it (it is not present)
        return [tile or "" for tile in laid]

    async def demo_turn(self, rng: random.Random, delay: float) -> None:
        """One demo turn at the filmed table: a take is done on the table (sometimes
        a wrong tile first, put back once the camera objects) and left to the camera;
        every other decision is entered as a person would, by button or page."""
        from hardware.sim.camera import PAWN_LABELS

        app = self.app
        synth = self.synth
        if synth is not None and not self.ready():
            await self.until(self.ready, DEMO_PATIENCE_FRAMES)
        state = app.referee.state
        action = rng.choice(state.legal_actions())
        if synth is None or action["move"] != "take" or not self.ready():
            if synth is not None and action["move"] == "beyond":
                synth.move_pawn(PAWN_LABELS[state.current], None)
            app.act(action)
            return
        pawn, index = PAWN_LABELS[state.current], int(action["index"])
        stale = [i for i, tile in enumerate(state.path) if tile is None and synth.present[i]]
        if stale:  # the last clean-up, cleared from the table as this player reaches in
            synth.clear(stale, hand_frames=0)
        misplay = self._misplay(index)
        if misplay:
            for i in misplay:
                synth.take(i)
            await self.until(lambda: self.notice is not None, DEMO_PATIENCE_FRAMES)
            await asyncio.sleep(delay)  # the PUT IT BACK screen, for a while
            for i in misplay:
                synth.put_back(i)
        start = len(app.referee.actions)
        synth.take(index, pawn)
        if not await self.until(lambda: len(app.referee.actions) != start, DEMO_PATIENCE_FRAMES):
            self._note(self.say("missed", tile=self._tile(index)))
            app.act(action)

    def _misplay(self, index: int) -> list[int]:
        """Sometimes a demo player reaches for a tile they may not take: one behind their
        pawn, or two at once."""
        demo_rng = self.demo_rng
        if self.synth is None or demo_rng.random() >= DEMO_MISPLAY_SHARE:
            return []
        state = self.app.referee.state
        own = state.pawns[state.current]
        behind = [i for i in range(min(state.pawns) + 1, own) if state.path[i] is not None]
        if behind and demo_rng.random() < 0.6:
            return [demo_rng.choice(behind)]
        others = [int(a["index"]) for a in state.legal_actions() if a.get("index") not in (None, index)]
        return [index, demo_rng.choice(others)] if others else []


class PathQuestions:
    """The camera referee's questions as the page's hub sees them
    (``firmware.web.hub.Questions``)."""

    def __init__(self, referee: CameraReferee) -> None:
        self.referee = referee

    def count(self) -> int:
        return len(self.referee.open_questions())

    def listed(self, lang: str) -> list[dict[str, Any]]:
        referee = self.referee
        edition = referee.app.referee.state.edition
        name = game_wording("tutankhamen").name

        def named(labels: list[str]) -> list[dict[str, str]]:
            return [{"label": label, "name": name(label, edition, lang)} for label in labels]

        choices = named(referee.box()) if referee.open_questions() else []
        return [
            {"id": q.id, "index": q.index, "candidates": named(q.candidates), "choices": choices}
            for q in referee.open_questions()
        ]

    def picture(self, qid: str) -> bytes | None:
        import cv2

        question = next((q for q in self.referee.open_questions() if q.id == qid), None)
        if question is None:
            return None
        ok, png = cv2.imencode(".png", question.picture)
        return png.tobytes() if ok else None

    def answer(self, qid: str, label: str) -> int:
        return self.referee.answer(qid, label)


def unsure_faces(tracker: PathTracker, image: np.ndarray, layout: PathLayout) -> dict[int, np.ndarray]:
    """Each place the reading left unlabelled, cut from the top view as a whole face at the
    catalogue's size: what the table is shown, and what is enrolled once it is confirmed
    (the reader compares crops of this very view)."""
    unsure = [i for i, label in enumerate(layout.labels) if label is None]
    if not unsure:
        return {}
    from vision.catalogue import FACE_PX
    from vision.faces import crop_patch

    view, _, _ = tracker.reader.view(image)
    centres = view.view_point(layout.centres_mm[unsure])
    return {
        i: crop_patch(view.image, centre, tracker.side, layout.angles[i], FACE_PX, 1.0)
        for i, centre in zip(unsure, centres, strict=True)
    }


def _difference(labels: list[str | None], path: list[str | None]) -> str:
    if len(labels) != len(path):
        return f"{len(labels)} tiles, the game has {len(path)}"
    for i, (a, b) in enumerate(zip(labels, path, strict=True)):
        if a is not None and a != b:
            return f"index {i}: {a}, the game has {b}"
    return "?"
