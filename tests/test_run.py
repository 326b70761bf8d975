"""`scarab run`: the demo through the whole loop, the stdin protocol, resume, and a crash
test — the process is killed with SIGKILL at random points and must lose nothing."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from engines.playout import near, play_random
from engines.replay import replay
from firmware.appliance.config import Config
from firmware.appliance.run import Appliance, table_header
from firmware.appliance.store import Store
from firmware.referees.landslide_referee import demo_header
from firmware.referees.referee import Referee

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo", "Dirk"], "seed": 21}


def cmd(*args: str) -> list[str]:
    """`scarab run` with the page on a free port, so parallel tests never collide."""
    return [sys.executable, "-m", "firmware.cli", "run", "--port", "0", *args]


def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCARAB_CONFIG": str(tmp_path / "none.toml"),
    }


def start_game(db: Path) -> list[dict]:
    """A stored, unfinished game and the actions that will finish it (a long game)."""
    Referee.start(Store(db), HEADER)
    return play_random(HEADER, random.Random(5), policy=near).actions


def stored_actions(db: Path) -> list[dict]:
    record = Store(db).load(1)
    return record.actions


def test_the_demo_plays_a_whole_game_through_store_and_oled(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    frames = tmp_path / "frames"
    config = tmp_path / "c.toml"
    config.write_text(f'[oled]\ndriver = "dummy"\nframes_dir = "{frames}"\n')
    run = subprocess.run(
        cmd("--demo", "--delay", "0", "--db", str(db), "--config", str(config)),
        capture_output=True,
        text=True,
        timeout=120,
        env=env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    assert "Game over" in run.stdout
    record = Store(db).load(1)
    assert record.result is not None and record.finished_at is not None
    replayed = replay(record.log_lines())
    assert replayed.state.finished and replayed.state.winners() == record.result["winners"]
    pngs = sorted(frames.glob("frame-*.png"))
    assert len(pngs) > len(record.actions), "every committed action is followed by a new frame"


def test_the_stdin_protocol_acknowledges_refuses_and_undoes(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    actions = start_game(db)
    lines = [
        json.dumps(actions[0]),
        json.dumps({**actions[1], "player": "Dirk"}),  # out of turn
        "{not json",
        json.dumps(actions[1]),
        json.dumps({"undo": True}),
        json.dumps(actions[1]),
    ]
    run = subprocess.run(
        cmd("--db", str(db), "--input", "stdin"),
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert answers[0] == {"ready": {"game_id": 1, "actions": 0, "to_act": "Ann"}}
    assert answers[1] == {"ack": 1}
    assert answers[2]["error"]["code"] == "out-of-turn"
    assert answers[3]["error"]["code"] == "malformed-json"
    assert answers[4:] == [{"ack": 2}, {"undone": 1}, {"ack": 2}]
    assert stored_actions(db) == actions[:2]
    assert "Traceback" not in run.stderr


def test_an_unfinished_game_resumes_on_start(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    actions = start_game(db)
    ref = Referee.resume(Store(db))
    assert ref is not None
    for action in actions[:3]:
        ref.act(action)
    run = subprocess.run(
        cmd("--db", str(db), "--input", "stdin"),
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
    )
    ready = json.loads(run.stdout.splitlines()[0])["ready"]
    assert (
        ready["actions"] == 3
        and ready["to_act"]
        == replay([json.dumps(HEADER)] + [json.dumps(a) for a in actions[:3]]).state.to_act
    )


def test_a_bad_config_is_refused_with_the_key_named(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[oled]\ndriver = 'crt'\n")
    run = subprocess.run(cmd("--config", str(config), "--demo"), capture_output=True, text=True, timeout=60)
    assert run.returncode == 3
    assert "oled.driver" in run.stderr and "Traceback" not in run.stderr


def test_sigkill_at_random_points_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """Kill `scarab run` at ≥ 20 random points while it is fed actions. After every
    restart: every acknowledged action is stored, the store is a prefix of what was fed
    (nothing duplicated or reordered), and the state equals the replay of the store."""
    db = tmp_path / "s.db"
    actions = start_game(db)
    rng = random.Random(2026)
    acknowledged = kills = 0
    while kills < 20 or len(stored_actions(db)) < len(actions):
        proc = subprocess.Popen(
            cmd("--db", str(db), "--input", "stdin", "--no-web"),  # the loop and the store only
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env(tmp_path),
        )
        assert proc.stdin is not None and proc.stdout is not None
        ready = json.loads(proc.stdout.readline())["ready"]
        stored = ready["actions"]
        assert stored >= acknowledged, "an acknowledged action was lost"
        assert stored_actions(db) == actions[:stored], "the store is not the fed prefix"
        acknowledged = stored
        if stored == len(actions):
            proc.stdin.close()
            proc.wait(timeout=30)
            break
        batch = actions[stored : stored + rng.randint(1, 4)]
        for action in batch:
            proc.stdin.write(json.dumps(action) + "\n")
        proc.stdin.flush()
        for _ in range(rng.randint(0, len(batch))):
            answer = json.loads(proc.stdout.readline())
            assert answer == {"ack": acknowledged + 1}
            acknowledged += 1
        time.sleep(rng.random() * 0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        kills += 1
    assert kills >= 20
    final = Referee.resume(Store(db), 1)
    assert final is not None and final.state.finished
    expected = replay([json.dumps(HEADER)] + [json.dumps(a) for a in actions])
    assert final.state.to_json() == expected.state.to_json()
    assert stored_actions(db) == actions


def test_a_failing_device_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    """A camera that is configured but absent: reported on the OLED and the terminal,
    and the game is still refereed."""
    db = tmp_path / "s.db"
    actions = start_game(db)
    config = tmp_path / "c.toml"
    config.write_text(f'[camera]\ndriver = "folder"\nfolder = "{tmp_path / "no-frames"}"\n')
    run = subprocess.run(
        cmd("--db", str(db), "--input", "stdin", "--config", str(config)),
        input=json.dumps(actions[0]) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    assert "holds no images" in run.stderr
    assert [json.loads(line) for line in run.stdout.splitlines()][1] == {"ack": 1}


def play_demo_games(db: Path, terminal: bool, games: int) -> str:
    """The demo in-process, its mirror on an 80×24 terminal or no terminal at all, until
    ``games`` games were started (or the demo ended); what the terminal was sent."""

    async def scenario() -> str:
        config = Config()
        config.oled.driver = "dummy"
        store = Store(db)
        out = io.StringIO()
        console = Console(file=out, force_terminal=terminal, width=80, height=24)
        referee = Referee.start(store, demo_header(table_header(config, 7)))
        app = Appliance(config, store, referee, "en", console, mirror=terminal)
        if app.live is not None:
            app.live.start()
        demo = asyncio.create_task(app.demo(7, 0.0, camera=False))
        while not demo.done() and app.referee.game_id < games:
            await asyncio.sleep(0.01)
        demo.cancel()
        if app.live is not None:
            app.live.stop()
        app.close()
        return out.getvalue()

    return asyncio.run(asyncio.wait_for(scenario(), 300))


def test_on_a_terminal_the_demo_goes_on_game_after_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page stays up between demo games; each next game has the next seed."""
    monkeypatch.setattr(Appliance, "DEMO_PAUSE", 0.0)
    shown = play_demo_games(tmp_path / "demo.db", terminal=True, games=3)
    store = Store(tmp_path / "demo.db")
    assert [store.load(n).header["seed"] for n in (1, 2, 3)] == [7, 8, 9]
    assert store.load(1).result is not None and store.load(2).result is not None
    assert "Game over — " in shown and "Next demo game in 0 s, Ctrl-C to stop." in shown


def test_without_a_terminal_the_demo_plays_one_game(tmp_path: Path) -> None:
    play_demo_games(tmp_path / "demo.db", terminal=False, games=2)
    games = Store(tmp_path / "demo.db").games()
    assert len(games) == 1 and games[0].result is not None


@pytest.mark.parametrize("stdin", ["devnull", "file", "pipe"])
def test_stdin_of_any_kind_is_read_and_an_overlong_line_is_refused_alone(tmp_path: Path, stdin: str) -> None:
    """/dev/null or a file on stdin once aborted the process (an event loop cannot watch
    them); a line over 64 KiB is answered with one error and the next line still counts."""
    db = tmp_path / "g.db"
    move = start_game(db)[0]
    lines = [json.dumps({"pad": "x" * 200_000}), json.dumps(move), json.dumps({"undo": True})]
    data = "" if stdin == "devnull" else "\n".join(lines) + "\n"
    source = tmp_path / "in.jsonl"
    source.write_text(data)
    args = cmd("--db", str(db), "--input", "stdin", "--no-web")
    if stdin == "pipe":
        run = subprocess.run(args, input=data, capture_output=True, text=True, timeout=60, env=env(tmp_path))
    else:
        with open(os.devnull if stdin == "devnull" else source) as feed:
            run = subprocess.run(
                args, stdin=feed, capture_output=True, text=True, timeout=60, env=env(tmp_path)
            )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert "ready" in answers[0]
    if stdin == "devnull":
        assert answers[1:] == []
    else:
        assert answers[1] == {"error": {"code": "too-long", "message": "a line is at most 64 KiB"}}
        assert answers[2:] == [{"ack": 1}, {"undone": 0}]
