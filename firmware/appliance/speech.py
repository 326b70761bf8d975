"""The table speaks: whose turn it is, what was taken, every scoring, the winner.

Eyes belong on the table, so the referee says what matters through the Pi's audio output.
A small device interface, as for every other device: ``RecordingSpeech`` is the twin
that keeps what would have been said (the tests assert on it), ``EspeakSpeech`` the real
driver — espeak-ng renders each utterance as WAV, streamed straight into the player
(aplay, or sox's ``play``), on a thread of its own, so the referee's loop never waits
for a voice. A new turn prompt makes an older one stale: it is dropped from the queue
or cut off mid-word. Nothing with the table PIN in it is ever said.

``Announcer`` turns committed changes (the referee's listener) and the camera's notices
(PUT IT BACK) into short sentences in the table's language.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any, cast

from engines.core import Event
from engines.wording import join, render_event, render_scoring

VOICES = {"en": "en-gb", "de": "de", "nl": "nl"}
KINDS = ("prompt", "event", "notice")  # a prompt goes stale when the next prompt comes
MAX_QUEUE = 12  # utterances waiting; older events give way beyond it (the table moved on)
_DIGITS = re.compile(r"\d[\d\s.-]{4,}\d")  # six or more digits, however spaced: PIN-like


@dataclass
class Utterance:
    text: str
    lang: str
    kind: str = "event"
    at: float = field(default_factory=time.perf_counter)  # when it was asked for (the commit)


def speakable(text: str, secrets: tuple[str, ...] = ()) -> bool:
    """Whether ``text`` may be said aloud: never a PIN, nor anything that looks like one."""
    squeezed = re.sub(r"\D", "", text)
    if any(s and s in squeezed for s in secrets):
        return False
    return not any(len(re.sub(r"\D", "", m)) >= 6 for m in _DIGITS.findall(text))


class SpeechDevice:
    """What every speech device shares: mute, volume, the PIN guard and stale prompts."""

    driver = "none"

    def __init__(self, volume: int = 70, muted: bool = False, secrets: tuple[str, ...] = ()) -> None:
        self.volume = max(0, min(100, volume))
        self.muted = muted
        self.secrets = secrets
        self.error: str | None = None
        self.refused = 0  # texts not said because they held a PIN

    def say(self, text: str, lang: str = "en", kind: str = "event") -> bool:
        """Queue ``text``; whether it will be said (not muted, not a PIN, not empty)."""
        text = " ".join(text.split())
        if self.muted or not text:
            return False
        if not speakable(text, self.secrets):
            self.refused += 1
            return False
        self._queue(Utterance(text, lang if lang in VOICES else "en", kind))
        return True

    def _queue(self, utterance: Utterance) -> None:
        raise NotImplementedError

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        if muted:
            self.silence()

    def silence(self) -> None:
        """Stop talking now and forget what was queued."""

    def close(self) -> None:
        self.silence()


class RecordingSpeech(SpeechDevice):
    """The twin: keeps what would have been said, and which prompts went stale unsaid."""

    driver = "record"

    def __init__(self, volume: int = 70, muted: bool = False, secrets: tuple[str, ...] = ()) -> None:
        super().__init__(volume, muted, secrets)
        self.said: list[Utterance] = []
        self.stale: list[Utterance] = []

    def _queue(self, utterance: Utterance) -> None:
        self.said.append(utterance)

    def texts(self, kind: str | None = None) -> list[str]:
        return [u.text for u in self.said if kind is None or u.kind == kind]


def espeak_command(text: str, lang: str, volume: int, rate_wpm: int) -> list[str]:
    """espeak-ng rendering ``text`` as SSML (pauses after a colon or a dash) to WAV on stdout.
    Amplitude 0–200 is espeak-ng's scale; 100 % volume is its loudest."""
    marked = re.sub(r"(: | — )", r'\1<break time="180ms"/>', escape(text, quote=False))
    return [
        "espeak-ng",
        "-m",
        "-v",
        VOICES.get(lang, "en-gb"),
        "-a",
        str(2 * volume),
        "-s",
        str(rate_wpm),
        "--stdout",
        f"<speak>{marked}</speak>",
    ]


def default_player(device: str = "") -> list[str] | None:
    """ALSA's aplay (Raspberry Pi OS has it), else sox's play; None when neither is there."""
    if shutil.which("aplay"):
        return ["aplay", "-q", *(["-D", device] if device else []), "-"]
    if shutil.which("play"):
        return ["play", "-q", "-t", "wav", "-", *(["-t", "alsa", device] if device else [])]
    return None


WAV_HEADER = 44  # espeak-ng's RIFF header before the first sample


class EspeakSpeech(SpeechDevice):
    """espeak-ng into the audio output, one utterance at a time on a worker thread.

    ``player`` reads a WAV stream on stdin (default: aplay or play). ``on_first_sample``
    hears (utterance, time) when the first sample reaches the player: the benchmark's
    commit-to-sound latency. ``on_problem`` hears a failure (no espeak-ng, no audio
    device) once, as a device problem; speech then goes on trying with the next utterance.
    """

    driver = "espeak"

    def __init__(
        self,
        volume: int = 70,
        muted: bool = False,
        secrets: tuple[str, ...] = (),
        device: str = "",
        rate_wpm: int = 165,
        player: list[str] | None = None,
        on_first_sample: Callable[[Utterance, float], None] | None = None,
        on_problem: Callable[[str | None], None] | None = None,
    ) -> None:
        super().__init__(volume, muted, secrets)
        self.rate_wpm = rate_wpm
        self.player = player or default_player(device)
        self.on_first_sample = on_first_sample
        self.on_problem = on_problem
        self.pending: deque[Utterance] = deque()
        self.current: Utterance | None = None
        self.spoken: list[Utterance] = []  # said to the end (the last few)
        self.cut = 0  # stale prompts cut off mid-word or dropped unsaid
        self._procs: list[subprocess.Popen[bytes]] = []
        self._interrupt = threading.Event()
        self._cv = threading.Condition()
        self._closed = False
        if shutil.which("espeak-ng") is None:
            self.error = "speech: espeak-ng is not installed (apt install espeak-ng)"
        elif self.player is None:
            self.error = "speech: no audio player (apt install alsa-utils)"
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()

    def _queue(self, utterance: Utterance) -> None:
        with self._cv:
            if utterance.kind == "prompt":
                stale = [u for u in self.pending if u.kind == "prompt"]
                for u in stale:
                    self.pending.remove(u)
                self.cut += len(stale)
            if self.current is not None and self.current.kind == "prompt":
                self._interrupt.set()  # the prompt being said is stale now: cut it off
                self._kill()
            self.pending.append(utterance)
            while len(self.pending) > MAX_QUEUE:
                self.pending.popleft()
            self._cv.notify()

    def silence(self) -> None:
        with self._cv:
            self.pending.clear()
            if self.current is not None:
                self._interrupt.set()
                self._kill()

    def idle(self, timeout: float = 10.0) -> bool:
        """Wait until everything queued was said (tests, the benchmark); whether it was."""
        deadline = time.monotonic() + timeout
        with self._cv:
            while self.pending or self.current is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(min(left, 0.05))
        return True

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self.pending.clear()
            self._interrupt.set()
            self._kill()
            self._cv.notify_all()
        self._thread.join(timeout=2)

    def _kill(self) -> None:
        for proc in self._procs:
            with contextlib.suppress(OSError):
                proc.kill()

    def _work(self) -> None:
        while True:
            with self._cv:
                while not self.pending and not self._closed:
                    self._cv.wait()
                if self._closed:
                    return
                self.current = self.pending.popleft()
                self._interrupt.clear()
            utterance = self.current
            try:
                problem = self._speak(utterance)
            except OSError as exc:
                problem = f"speech: {exc.strerror or exc}"
            except Exception as exc:  # the voice must never take the table down with it
                problem = f"speech: {exc}"
            with self._cv:
                self.current = None
                if self._interrupt.is_set():
                    self.cut += 1
                else:
                    self.spoken = [*self.spoken[-49:], utterance]
                self._procs = []
                self._cv.notify_all()
            self._report(problem)

    def _report(self, problem: str | None) -> None:
        if problem != self.error:
            self.error = problem
            if self.on_problem is not None:
                self.on_problem(problem)

    def _speak(self, utterance: Utterance) -> str | None:
        """Render and play one utterance; a problem's words, or None when all went well."""
        if self.player is None or shutil.which("espeak-ng") is None:
            return self.error
        voice = subprocess.Popen(
            espeak_command(utterance.text, utterance.lang, self.volume, self.rate_wpm),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        out = subprocess.Popen(self.player, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
        with self._cv:
            self._procs = [voice, out]
            if self._interrupt.is_set():
                self._kill()
        assert voice.stdout is not None and out.stdin is not None
        stdout = cast("io.BufferedReader", voice.stdout)  # what Popen gives for a PIPE
        got = 0
        try:
            while chunk := stdout.read1(4096):
                if got <= WAV_HEADER < got + len(chunk) and self.on_first_sample is not None:
                    self.on_first_sample(utterance, time.perf_counter())
                got += len(chunk)
                out.stdin.write(chunk)
                out.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass
        finally:
            with contextlib.suppress(BrokenPipeError, OSError):
                out.stdin.close()
        voice.wait()
        assert out.stderr is not None
        err = out.stderr.read()
        out.wait()
        if self._interrupt.is_set():
            return self.error
        if out.returncode != 0:
            detail = (err or b"").decode(errors="replace").strip().splitlines()
            return f"speech: the audio output failed ({detail[-1] if detail else out.returncode})"
        if voice.returncode != 0 or got <= WAV_HEADER:
            return "speech: espeak-ng rendered nothing"
        return None


def render_wav(text: str, lang: str, path: str, volume: int = 70, rate_wpm: int = 165) -> None:
    """``text`` as a WAV file, rendered exactly as the driver renders it for the speaker."""
    command = espeak_command(text, lang, volume, rate_wpm)
    with open(path, "wb") as out:
        subprocess.run(command, stdout=out, check=True, timeout=30)


# ------------------------------------------------------------------ phrases

TURN = {"en": "{player}, your turn", "de": "{player}, du bist dran", "nl": "{player}, jij bent aan de beurt"}
SCORED = {"en": "{what} scored: {awards}", "de": "Wertung {what}: {awards}", "nl": "Telling {what}: {awards}"}
SCORING = {"en": "Scoring: {awards}", "de": "Wertung: {awards}", "nl": "Telling: {awards}"}
NOBODY = {"en": "nobody scores", "de": "niemand punktet", "nl": "niemand scoort"}
WON = {"en": "{winners} {verb}", "de": "{winners} {verb}", "nl": "{winners} {verb}"}
WON_POINTS = {
    "en": "{winners} {verb} with {points} points",
    "de": "{winners} {verb} mit {points} Punkten",
    "nl": "{winners} {verb} met {points} punten",
}
VERB = {
    "en": ("wins", "share the win"),
    "de": ("gewinnt", "gewinnen gemeinsam"),
    "nl": ("wint", "winnen samen"),
}
PUT_BACK = {"en": "Put it back: {reason}", "de": "Zurücklegen: {reason}", "nl": "Terugleggen: {reason}"}
SAID_EVENTS = {
    "took",
    "played",
    "stole",
    "beyond",
    "goldmask",
    "landslide",
    "sacrificed",
    "papyrus",
    "mummy-sent",
}


def _plain(text: str) -> str:
    """A display line made speakable: no (index 7), no SHOUTING, no typography espeak spells out."""
    text = re.sub(r"\s*\([^)]*\)", "", text)
    text = re.sub(r"\b([A-ZÄÖÜ]{3,})\b", lambda m: m.group(1).capitalize(), text)
    return text.replace("’", "'").replace("!", ".").strip()


def phrase_event(event: Event, game: str, edition: str | None, lang: str) -> str | None:
    """What to say about one committed event; None for the ones a table need not hear."""
    kind = event.get("type")
    if kind == "scored":
        awards = {p: v for p, v in (event.get("awards") or {}).items() if v}
        said = ", ".join(f"{p} {v}" for p, v in sorted(awards.items(), key=lambda kv: -kv[1]))
        said = said or NOBODY[lang]
        if game == "tutankhamen":
            what = render_scoring(event, game, lang, edition).split(":")[0]
            return SCORED[lang].format(what=_plain(what), awards=said)
        return SCORING[lang].format(awards=said)
    if kind in SAID_EVENTS:
        return _plain(render_event(event, game, lang, edition))
    return None


def phrase_winner(state: Any, lang: str) -> str:
    winners = list(state.winners())
    verb = VERB[lang][0 if len(winners) == 1 else 1]
    points = state.scores().get(winners[0]) if winners else None
    names = join(winners, lang)
    if points:
        return WON_POINTS[lang].format(winners=names, verb=verb, points=points)
    return WON[lang].format(winners=names, verb=verb)


class Announcer:
    """The referee's listener that speaks: events as they are committed, then whose turn
    it is (a prompt, stale once the next one comes), the winner at the end; and the
    camera's PUT IT BACK when it appears."""

    def __init__(self, speech: SpeechDevice, lang: str) -> None:
        self.speech = speech
        self.lang = lang if lang in VOICES else "en"
        self.last_turn: tuple[int, int, str] | None = None
        self.notices: set[str] = set()

    def changed(self, change: Any) -> None:
        referee = change.referee
        state = referee.state
        for event in change.events:
            if event.get("type") == "game-over":
                self.speech.say(phrase_winner(state, self.lang), self.lang, "event")
                continue
            text = phrase_event(event, state.game, state.edition, self.lang)
            if text:
                self.speech.say(text, self.lang, "event")
        self.turn(referee)

    def turn(self, referee: Any) -> None:
        """Say whose turn it is when that changed (or the game changed under them)."""
        state = referee.state
        player = None if state.finished else state.to_act
        key = (referee.game_id, len(referee.actions), player or "")
        if player and (self.last_turn is None or self.last_turn[2] != player or self.last_turn[0] != key[0]):
            self.speech.say(TURN[self.lang].format(player=player), self.lang, "prompt")
        self.last_turn = key

    def notice(self, notices: list[str], put_back_title: str) -> None:
        """New camera notices: a PUT IT BACK is said once, with its reason."""
        fresh = [n for n in notices if n not in self.notices]
        self.notices = set(notices)
        for text in fresh:
            title, _, reason = text.partition(": ")
            if title == put_back_title and reason:
                self.speech.say(PUT_BACK[self.lang].format(reason=_plain(reason)), self.lang, "notice")
