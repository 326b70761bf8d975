"""`scarab sensor detect|calibrate|record`: the DESIGN.md contract and every kind of bad
input (exit 3 with the reason, never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from firmware.cli import main
from hardware.sim.traces import Simulator, switch_levels, write_level_csv


@pytest.fixture(scope="module")
def pull_csv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    trace = Simulator(800, "room", seed=5).pull(seconds=4.0, landslide="boulder", at=2.0)
    path = tmp_path_factory.mktemp("traces") / "pull.csv"
    trace.write_csv(path)
    return path, trace.landslides[0].t


def detect_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["sensor", "detect", *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_detect_prints_the_design_document(pull_csv: tuple[Path, float], capsys) -> None:
    path, onset = pull_csv
    code, doc = detect_json(capsys, str(path))
    assert code == 0
    assert set(doc) == {"landslides", "rate_hz"} and doc["rate_hz"] == 800.0
    (event,) = doc["landslides"]
    assert set(event) == {"t", "kind", "strength"}
    assert abs(event["t"] - onset) < 0.01 and event["kind"] == "boulder" and event["strength"] > 0.1


def test_detect_reads_a_switch_trace(tmp_path: Path, capsys) -> None:
    trace = Simulator(1000, "room", seed=7).pull(seconds=3.0, landslide="staff", at=1.0)
    path = tmp_path / "switch.csv"
    write_level_csv(switch_levels(trace), path)
    code, doc = detect_json(capsys, str(path))
    assert code == 0 and doc["rate_hz"] == 1000.0 and len(doc["landslides"]) == 1


def test_detect_in_words(pull_csv: tuple[Path, float], capsys) -> None:
    assert main(["sensor", "detect", str(pull_csv[0])]) == 0
    out = capsys.readouterr().out
    assert "800.0 Hz" in out and "1 landslide" in out and "boulder" in out


def test_a_stricter_calibration_hears_less(pull_csv: tuple[Path, float], tmp_path: Path, capsys) -> None:
    deaf = tmp_path / "deaf.json"
    deaf.write_text(json.dumps({"threshold_g": 5.0}))
    code, doc = detect_json(capsys, str(pull_csv[0]), "--calibration", str(deaf))
    assert code == 0 and doc["landslides"] == []


BAD = [
    ("", "empty-trace", "empty"),
    ("t,ax,ay,az\n", "empty-trace", "no samples"),
    ("time,x,y,z\n0,0,0,1\n", "missing-columns", "missing: t, ax, ay, az"),
    ("t,ax,ay\n0,0,0\n", "missing-columns", "missing: az"),
    ("t,ax,ay,az\n0,0,0,1\n0.001,0,zero,1\n", "not-a-number", "'zero' is not a number"),
    ("t,ax,ay,az\n0,0,0,1\n0.001,0,nan,1\n", "not-a-number", "finite"),
    ("t,ax,ay,az\n0,0,0,1\n0.001,0,0\n", "bad-row", "has 3 fields"),
    ("t,ax,ay,az\n0,0,0,1\n0.001,0,0,1\n0.004,0,0,1\n0.005,0,0,1\n", "uneven-samples", "not steady"),
    ("t,ax,ay,az\n0,0,0,1\n0,0,0,1\n0,0,0,1\n", "time-not-increasing", "must increase"),
    ("t,ax,ay,az\n0,0,0,1\n0.001,0,0,1\n", "too-short", "at least 3 samples"),
    ("t,level\n0,0\n0.001,3\n0.002,0\n", "bad-level", "0 or 1"),
]


@pytest.mark.parametrize(("text", "code", "words"), BAD)
def test_bad_traces_are_refused_with_the_reason(
    tmp_path: Path, capsys, text: str, code: str, words: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text)
    status, doc = detect_json(capsys, str(path))
    assert status == 3
    assert doc["error"]["code"] == code and words in doc["error"]["message"]
    assert main(["sensor", "detect", str(path)]) == 3
    err = capsys.readouterr().err
    assert f"[{code}]" in err and "Traceback" not in err


def test_an_unreadable_file_or_calibration_is_refused(tmp_path: Path, pull_csv, capsys) -> None:
    status, doc = detect_json(capsys, str(tmp_path / "missing.csv"))
    assert status == 3 and doc["error"]["code"] == "unreadable-file"
    (tmp_path / "bin.csv").write_bytes(b"\xff\xfe\x00t,ax")
    status, doc = detect_json(capsys, str(tmp_path / "bin.csv"))
    assert status == 3 and doc["error"]["code"] == "unreadable-file"
    (tmp_path / "cal.json").write_text('{"threshold_g": "loud"}')
    status, doc = detect_json(capsys, str(pull_csv[0]), "--calibration", str(tmp_path / "cal.json"))
    assert status == 3 and doc["error"]["code"] == "bad-calibration"


def test_the_console_script_end_to_end(pull_csv: tuple[Path, float]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sensor", "detect", str(pull_csv[0]), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and len(json.loads(run.stdout)["landslides"]) == 1
    bad = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sensor", "detect", "/nonexistent/x.csv"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 3 and "no such file" in bad.stderr and "Traceback" not in bad.stderr


def test_calibrate_from_recordings_then_detect_with_it(tmp_path: Path, pull_csv, capsys) -> None:
    sim = Simulator(800, "room", seed=2)
    sim.pull(seconds=0.01, lead=4.0).write_csv(tmp_path / "still.csv")
    sim.pull(seconds=6.0, lead=0.0).write_csv(tmp_path / "hand.csv")
    out = tmp_path / "cal.json"
    args = [
        "sensor",
        "calibrate",
        "--still",
        str(tmp_path / "still.csv"),
        "--rummage",
        str(tmp_path / "hand.csv"),
    ]
    assert main([*args, "--out", str(out), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["calibration"] == str(out) and doc["rummage_max_g"] < doc["threshold_g"]
    assert json.loads(out.read_text())["threshold_g"] == doc["threshold_g"]
    code, found = detect_json(capsys, str(pull_csv[0]), "--calibration", str(out))
    assert code == 0 and len(found["landslides"]) == 1


def test_calibrate_refuses_half_a_recording_pair(tmp_path: Path, capsys) -> None:
    assert main(["sensor", "calibrate", "--still", "x.csv", "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-arguments"


def test_guided_calibration_and_recording_off_a_pi_use_the_twin(tmp_path: Path, capsys) -> None:
    config = tmp_path / "c.toml"
    config.write_text(f'[sensor]\ndriver = "trace"\ncalibration = "{tmp_path / "cal.json"}"\n')
    assert main(["sensor", "calibrate", "--config", str(config), "--seconds", "1.1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert Path(doc["calibration"]) == tmp_path / "cal.json" and (tmp_path / "cal.json").exists()
    out = tmp_path / "rec.csv"
    assert main(["sensor", "record", str(out), "--config", str(config), "--seconds", "0.5"]) == 0
    assert "simulated twin" in capsys.readouterr().err
    assert out.read_text().startswith("t,ax,ay,az\n")
    assert main(["sensor", "detect", str(out), "--json"]) == 0


def test_record_without_a_sensor_is_refused(tmp_path: Path, capsys) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[sensor]\ndriver = "none"\n')
    assert main(["sensor", "record", str(tmp_path / "r.csv"), "--config", str(config)]) == 3
    assert "[no-sensor]" in capsys.readouterr().err
    config.write_text('[sensor]\ndriver = "adxl345"\ni2c_port = 97\nint1_pin = -1\n')
    assert main(["sensor", "record", str(tmp_path / "r.csv"), "--config", str(config)]) == 3
    assert "motion sensor lost" in capsys.readouterr().err


def test_detect_without_a_calibration_adapts_to_the_table_it_hears(tmp_path: Path, capsys) -> None:
    """40 s of a still table teach it how quiet this table is, so a modest impact at the
    end is a landslide; told the default threshold (a calibration file) it stays deaf."""
    sim = Simulator(800, "quiet", seed=2)
    trace = sim.pull(seconds=0.01, lead=40.0)
    sim._add(trace.acc, round(36.0 * 800), sim._ring(0.085, 180.0, 0.012, np.array([0.0, 0.6, 0.8])))
    trace.acc = sim._finish(trace.acc)
    path = tmp_path / "still.csv"
    trace.write_csv(path)
    code, doc = detect_json(capsys, str(path))
    assert code == 0 and set(doc) == {"landslides", "rate_hz"}
    assert [round(e["t"]) for e in doc["landslides"]] == [36]
    default = tmp_path / "default.json"
    default.write_text(json.dumps({"threshold_g": 0.1}))
    code, doc = detect_json(capsys, str(path), "--calibration", str(default))
    assert code == 0 and doc["landslides"] == []


def test_detect_leaves_knuckles_on_the_bowl_alone(tmp_path: Path, capsys) -> None:
    trace = Simulator(800, "knocks", seed=3).pull(seconds=30.0)
    knocks = [label for label in trace.others if label.kind == "bowl"]
    assert sum(label.strength >= 0.15 for label in knocks) >= 2  # hard ones among them
    path = tmp_path / "knocks.csv"
    trace.write_csv(path)
    code, doc = detect_json(capsys, str(path))
    assert code == 0 and doc["landslides"] == []
