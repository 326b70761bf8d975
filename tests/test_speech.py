"""The table speaks: what it says (the recording twin), and the real espeak-ng driver."""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from rich.console import Console

from engines import game_class
from engines.playout import play_random
from firmware.appliance.config import Config, ConfigError, from_dict
from firmware.appliance.speech import TURN, Announcer, EspeakSpeech, RecordingSpeech, render_wav, speakable
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.speech_routes import speech_router

HAVE_ESPEAK = shutil.which("espeak-ng") is not None and shutil.which("sox") is not None
needs_espeak = pytest.mark.skipif(not HAVE_ESPEAK, reason="espeak-ng and sox (./dev test installs them)")


def played(game: str, lang: str, seed: int = 5) -> tuple[Referee, RecordingSpeech]:
    """A whole game committed through a referee whose listener is the announcer."""
    cls = game_class(game)
    header = cls.simulation_header(["Ann", "Ben", "Cleo"], seed, (cls.editions or (None,))[0])
    referee = Referee.start(Store(":memory:"), header)
    speech = RecordingSpeech()
    announcer = Announcer(speech, lang)
    referee.subscribe(announcer.changed)
    announcer.turn(referee)
    for action in play_random(header, random.Random(seed)).actions:
        referee.act(action)
    return referee, speech


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_turns_scorings_and_the_winner_are_said_in_the_tables_language(lang: str) -> None:
    referee, speech = played("tutankhamen", lang)
    prompts = speech.texts("prompt")
    assert prompts[0] == TURN[lang].format(player=referee.header["players"][0])
    assert all(u.lang == lang for u in speech.said)
    scorings = [e for e in referee.events if e["type"] == "scored"]
    said = speech.texts("event")
    for event in scorings:  # every scoring names each player who scored, with the points
        winners = {p: v for p, v in event["awards"].items() if v}
        assert any(all(f"{p} {v}" in text for p, v in winners.items()) for text in said)
    final = said[-1]
    assert all(name in final for name in referee.state.winners())
    points = referee.state.scores()[referee.state.winners()[0]]
    assert str(points) in final


def test_whose_turn_is_said_each_time_it_changes_hands() -> None:
    referee, speech = played("ankh", "en")
    prompts = speech.texts("prompt")
    players = [re.sub(r", your turn$", "", p) for p in prompts]
    assert all(p in referee.header["players"] for p in players)
    assert all(a != b for a, b in itertools.pairwise(players))  # said once per change of hands
    assert len(prompts) > 3


def test_a_pin_is_never_said() -> None:
    speech = RecordingSpeech(secrets=("482913",))
    assert not speech.say("The table PIN is 482913")
    assert not speech.say("PIN: 4 8 2 9 1 3")
    assert not speech.say("code 123-456")  # anything shaped like a PIN stays unsaid too
    assert speech.say("Cleo 12, Ann 8")
    assert speech.texts() == ["Cleo 12, Ann 8"] and speech.refused == 3
    assert speakable("Ben scored 120 points") and not speakable("0815 4711")


def test_muted_says_nothing_until_unmuted() -> None:
    speech = RecordingSpeech(muted=True)
    assert not speech.say("Ben, your turn")
    speech.set_muted(False)
    assert speech.say("Ben, your turn") and speech.texts() == ["Ben, your turn"]


def test_speech_is_off_by_default_and_its_keys_are_checked() -> None:
    assert Config().speech.driver == "none"
    config = from_dict({"speech": {"driver": "espeak", "volume": 40, "muted": True}})
    assert config.speech.volume == 40 and config.speech.muted
    with pytest.raises(ConfigError, match=r"speech\.volume"):
        from_dict({"speech": {"volume": 140}})
    with pytest.raises(ConfigError, match=r"speech\.driver"):
        from_dict({"speech": {"driver": "festival"}})


def test_the_appliance_speaks_after_each_commit_and_the_page_can_mute_it() -> None:
    from firmware.appliance.run import Appliance

    async def scenario() -> tuple[list[str], list[str], str]:
        config = Config()
        config.oled.driver = "dummy"
        config.speech.driver = "record"
        store = Store(":memory:")
        header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
        app = Appliance(config, store, Referee.start(store, header), "en", Console(file=io.StringIO()), False)
        speech = app.feeds.speech
        assert isinstance(speech, RecordingSpeech)
        app.act(app.referee.state.legal_actions()[0])
        before = speech.texts()
        app.feeds.set_muted(True)
        app.act(app.referee.state.legal_actions()[0])
        after = speech.texts()
        await app.feeds.stop()
        app.close()
        return before, after, app.pin

    before, after, pin = asyncio.run(scenario())
    assert before[0] == "Ann, your turn" and "Ann takes" in before[1] and before[-1] == "Ben, your turn"
    assert after == before  # muted: the second take went unsaid
    assert all(pin not in text for text in after)


def test_the_appliance_says_put_it_back_when_the_camera_objects() -> None:
    from firmware.appliance.run import Appliance

    async def scenario() -> list[str]:
        config = Config()
        config.oled.driver = "dummy"
        config.speech.driver = "record"
        store = Store(":memory:")
        header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
        app = Appliance(config, store, Referee.start(store, header), "de", Console(file=io.StringIO()), False)
        app.cameras.notice = ("ZURÜCKLEGEN", "Ben darf kein Plättchen hinter seiner Figur nehmen")
        app.hub.refresh()  # as the camera does when it puts a notice up
        for _ in range(100):
            await asyncio.sleep(0.01)
            if any("Zurücklegen" in t for t in app.feeds.speech.texts()):  # type: ignore[union-attr]
                break
        said = app.feeds.speech.texts("notice")  # type: ignore[union-attr]
        await app.feeds.stop()
        app.close()
        return said

    assert asyncio.run(scenario()) == ["Zurücklegen: Ben darf kein Plättchen hinter seiner Figur nehmen"]


class FakeHub:
    def __init__(self) -> None:
        self.feeds = type("F", (), {})()
        self.speech = RecordingSpeech()
        self.feeds.set_muted = lambda m: (self.speech.set_muted(m), True)[1]
        self.feeds.speech_status = lambda: {"enabled": True, "muted": self.speech.muted, "volume": 70}

    def authorised(self, token: str | None) -> bool:
        return token == "good"


def test_the_page_mutes_the_table_only_with_the_pin_session() -> None:
    hub = FakeHub()
    app = FastAPI()
    app.include_router(speech_router(hub))
    with TestClient(app, base_url="http://table") as client:
        assert client.get("/api/speech").json()["muted"] is False
        refused = client.post("/api/speech", json={"muted": True})
        assert refused.status_code == 401 and not hub.speech.muted
        client.cookies.set("scarab_session", "good")
        done = client.post("/api/speech", json={"muted": True}, headers={"Origin": "http://table"})
        assert done.status_code == 200 and done.json()["muted"] is True and hub.speech.muted


# ------------------------------------------------------------------ the real driver


def sox_stat(path: Path) -> dict[str, float]:
    out = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    stats = {}
    for line in out.splitlines():
        key, _, value = line.partition(":")
        with contextlib.suppress(ValueError):
            stats[key.strip()] = float(value)
    return stats


@needs_espeak
@pytest.mark.parametrize(
    ("lang", "text"), [("en", "Blue death masks scored: Cleo 8, Ann 4"), ("de", "Ben, du bist dran")]
)
def test_espeak_renders_a_real_wav_that_sox_hears(tmp_path: Path, lang: str, text: str) -> None:
    wav = tmp_path / "said.wav"
    render_wav(text, lang, str(wav))
    stats = sox_stat(wav)
    assert stats["Length (seconds)"] > 0.8  # a sentence, not a click
    assert stats["RMS     amplitude"] > 0.02  # not silence
    quiet = tmp_path / "quiet.wav"
    render_wav(text, lang, str(quiet), volume=10)
    assert sox_stat(quiet)["RMS     amplitude"] < stats["RMS     amplitude"]  # the volume is applied


@needs_espeak
def test_the_driver_plays_through_the_player_and_a_new_prompt_makes_the_old_one_stale(tmp_path: Path) -> None:
    out = tmp_path / "played.wav"
    speech = EspeakSpeech(player=["sox", "-q", "-t", "wav", "-", str(out)])
    try:
        assert speech.error is None
        speech.say("Ann, your turn. Take your time and look along the whole path.", "en", "prompt")
        speech.say("Ben, your turn", "en", "prompt")
        assert speech.idle(30)
        assert [u.text for u in speech.spoken] == ["Ben, your turn"] and speech.cut == 1
        stats = sox_stat(out)
        assert stats["Length (seconds)"] > 0.4 and stats["RMS     amplitude"] > 0.02
        speech.say("Scoring: Cleo 8", "en", "event")
        speech.say("Cleo, your turn", "en", "prompt")  # an event is never cut off by a prompt
        assert speech.idle(30)
        assert [u.text for u in speech.spoken[-2:]] == ["Scoring: Cleo 8", "Cleo, your turn"]
    finally:
        speech.close()


@needs_espeak
def test_a_missing_audio_device_is_a_device_problem_and_nothing_waits_for_it(tmp_path: Path) -> None:
    problems: list[str | None] = []
    failing = [sys.executable, "-c", "import sys; sys.stdin.buffer.read(); sys.exit('no audio device')"]
    speech = EspeakSpeech(player=failing, on_problem=problems.append)
    try:
        speech.say("Ann, your turn")
        assert speech.idle(30)
        assert problems and "audio output failed" in (problems[0] or "")
        slow = tmp_path / "slow.py"
        slow.write_text("import sys, time\nsys.stdin.buffer.read()\ntime.sleep(30)\n")
        speech.player = [sys.executable, str(slow)]
        assert speech.say("Ben, your turn")  # returns at once, though the player takes its time
        assert not speech.idle(0.2)  # still being said, on the driver's own thread
    finally:
        speech.close()


def test_a_table_without_espeak_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    speech = EspeakSpeech()
    try:
        assert speech.error and "espeak-ng" in speech.error
        assert speech.say("Ann, your turn")  # queued and dropped without a voice: the game goes on
    finally:
        speech.close()


def test_announcer_says_put_it_back_once_with_its_reason() -> None:
    speech = RecordingSpeech()
    announcer = Announcer(speech, "en")
    announcer.notice(["PUT IT BACK: Ben may not take a tile behind his pawn"], "PUT IT BACK")
    announcer.notice(["PUT IT BACK: Ben may not take a tile behind his pawn"], "PUT IT BACK")
    announcer.notice(["CAMERA WAITING: a hand over the table"], "PUT IT BACK")
    assert speech.texts() == ["Put it back: Ben may not take a tile behind his pawn"]


def test_a_new_game_from_the_page_is_announced_with_its_first_turn() -> None:
    from firmware.appliance.run import Appliance

    async def scenario() -> list[str]:
        config = Config()
        config.oled.driver = "dummy"
        config.speech.driver = "record"
        store = Store(":memory:")
        header = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
        app = Appliance(config, store, Referee.start(store, header), "nl", Console(file=io.StringIO()), False)
        app.hub.new_game({**header, "players": ["Cleo", "Dirk"], "seed": 4})
        app.act(app.referee.state.legal_actions()[0])
        said = app.feeds.speech.texts("prompt")  # type: ignore[union-attr]
        await app.feeds.stop()
        app.close()
        return said

    assert asyncio.run(scenario()) == [
        "Ann, jij bent aan de beurt",
        "Cleo, jij bent aan de beurt",
        "Dirk, jij bent aan de beurt",
    ]
