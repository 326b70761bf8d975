"""Bad input anywhere in the `scarab` command: every subcommand, given bad numbers, missing,
unreadable, binary, empty or huge files, folders for files and bad configs, exits 2 (usage)
or 3 (rejected input) with one line on stderr — or, under --json, one JSON error document
on stdout — and never a traceback. A reader that closes the pipe early ends it quietly.
`scarab doctor` and `scarab run` judge a config by the same code, word for word."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.appliance.config import ConfigError, load
from firmware.appliance.store import Store
from firmware.cli import main
from firmware.referees.referee import Referee

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "tests" / "data" / "otb2004-goldbag-pharaoh.jsonl"
HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben"], "seed": 3}
TRACE = "t,ax,ay,az\n" + "".join(f"{i / 100:.2f},0,0,1\n" for i in range(50))


def names(n: int) -> str:
    """A TOML list of ``n`` player names."""
    return "[" + ", ".join(f'"P{i}"' for i in range(n)) + "]"


# name -> (file text, the key the error names; None: the file as a whole)
BAD_CONFIGS: dict[str, tuple[str | bytes, str | None]] = {
    "unknown game": ('[table]\ngame = "chess"\n', "table.game"),
    "unknown edition": ('[table]\nedition = "deluxe"\n', "table.edition"),
    "unknown language": ('[table]\nlanguage = "fr"\n', "table.language"),
    "one player": ('[table]\nplayers = ["Ann"]\n', "table.players"),
    "no players": ("[table]\nplayers = []\n", "table.players"),
    "seven players": (f"[table]\nplayers = {names(7)}\n", "table.players"),
    "six at bann": (f'[table]\ngame = "bann"\nplayers = {names(6)}\n', "table.players"),
    "same name twice": ('[table]\nplayers = ["Ann", "Ann"]\n', "table.players"),
    "blank name": ('[table]\nplayers = ["Ann", " "]\n', "table.players"),
    "port too high": ("[web]\nport = 99999\n", "web.port"),
    "port negative": ("[web]\nport = -1\n", "web.port"),
    "port as text": ('[web]\nport = "80"\n', "web.port"),
    "port as float": ("[web]\nport = 80.0\n", "web.port"),
    "rotate 4": ("[oled]\nrotate = 4\n", "oled.rotate"),
    "i2c address 8 bits": ("[oled]\ni2c_address = 0x80\n", "oled.i2c_address"),
    "pin off the header": ("[buzzer]\npin = 40\n", "buzzer.pin"),
    "negative pin": ("[buttons]\nnext_pin = -3\n", "buttons.next_pin"),
    "sensor rate": ("[sensor]\nrate_hz = 1000\n", "sensor.rate_hz"),
    "no votes": ("[camera]\nvotes = 0\n", "camera.votes"),
    "zero width": ("[camera]\nwidth = 0\n", "camera.width"),
    "unknown driver": ('[oled]\ndriver = "crt"\n', "oled.driver"),
    "unknown key": ("[web]\nprot = 80\n", "web.prot"),
    "unknown section": ('[tabel]\ngame = "ankh"\n', "tabel"),
    "key outside a section": ('game = "ankh"\n', "game"),
    "section not a table": ("table = 3\n", "table"),
    "syntax error": ("[table\n", None),
    "duplicate key": ("[web]\nport = 1\nport = 2\n", None),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", None),
    "huge": ("# a comment\n" * 100_000, None),
    "folder": ("", None),  # the path is a folder
}


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No real state directory or /etc config is touched."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("SCARAB_CONFIG", str(tmp_path / "absent.toml"))


def bad_config(tmp_path: Path, name: str) -> Path:
    text, _ = BAD_CONFIGS[name]
    path = tmp_path / f"{name.replace(' ', '-')}.toml"
    if name == "folder":
        path.mkdir()
    elif isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Bad and good inputs by name, for the argument templates below (made once: every
    case is refused before it writes anything)."""
    tmp_path = tmp_path_factory.mktemp("inputs")
    paths = {
        "missing": tmp_path / "missing.txt",
        "dir": tmp_path / "a-folder",
        "binary": tmp_path / "binary.dat",
        "empty": tmp_path / "empty.txt",
        "huge": tmp_path / "huge.txt",
        "afile": tmp_path / "a-file",  # a file where a folder must be
        "trace": tmp_path / "trace.csv",
        "header_only": tmp_path / "header.csv",
        "store": tmp_path / "games.db",
        "foreign": tmp_path / "foreign.db",  # another program's SQLite database
        "damaged": tmp_path / "damaged.db",  # a Scarab store with a row that is not JSON
        "chess": tmp_path / "chess.toml",
        "tmp": tmp_path,
    }
    paths["dir"].mkdir()
    paths["binary"].write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe\x00binary")
    paths["empty"].write_bytes(b"")
    paths["huge"].write_text("x" * (3 << 20))
    paths["afile"].write_text("")
    paths["trace"].write_text(TRACE)
    paths["header_only"].write_text("t,ax,ay,az\n")
    paths["chess"].write_text('[table]\ngame = "chess"\n')
    for name in ("store", "damaged"):
        store = Store(paths[name])
        Referee.start(store, HEADER)
        store.close()
    with sqlite3.connect(paths["damaged"]) as db:
        db.execute("UPDATE games SET header = '{not json'")
    with sqlite3.connect(paths["foreign"]) as db:
        db.execute("CREATE TABLE games (title TEXT)")
    return {name: str(path) for name, path in paths.items()}


# (arguments with {file} placeholders, the exit code)
CASES: list[tuple[str, int]] = [
    # replay
    ("replay {missing}", 3),
    ("replay {dir}", 3),
    ("replay {binary}", 3),
    ("replay {empty}", 3),
    ("replay {huge}", 3),
    ("replay /dev/zero", 3),  # read no further than a log can be long
    ("replay {trace}", 3),
    ("replay", 2),
    ("replay {log} --lang fr", 2),
    # simulate
    ("simulate --players 9", 2),
    ("simulate --players 1", 2),
    ("simulate --players abc", 2),
    ("simulate --games 0", 2),
    ("simulate --games -5", 2),
    ("simulate --games 99999999999999999999", 2),
    ("simulate --seed x", 2),
    ("simulate --watch --delay -1", 2),
    ("simulate --watch --delay nan", 2),
    ("simulate --watch --delay 1e300", 2),
    ("simulate --set bogus=1", 2),
    ("simulate --game bann --set target=abc", 2),
    ("simulate --game gulogulo --set target=100", 2),
    ("simulate --game ankh --set target=abc", 2),
    ("simulate --game gulogulo --set variant=fly", 2),
    ("simulate --set noequals", 2),
    ("simulate --set =1", 2),
    ("simulate --set seed=4", 2),
    ("simulate --game ankh --set mode=table", 2),
    ("simulate --edition deluxe", 2),
    ("simulate --game ankh --edition amigo", 2),
    ("simulate --game chess", 2),
    ("simulate --lang fr", 2),
    # games and export
    ("games --db {missing}", 3),
    ("games --db {dir}", 3),
    ("games --db {binary}", 3),
    ("games --db {foreign}", 3),
    ("games --db {damaged}", 3),
    ("games --bogus", 2),
    ("export --db {missing} last", 3),
    ("export --db {binary} last", 3),
    ("export --db {store} abc", 3),
    ("export --db {store} 0", 3),
    ("export --db {store} 99999999999999999999999", 3),
    ("export --db {store} last --out {afile}/game.jsonl", 3),
    ("export --db {store} last --out {dir}", 3),
    ("export --db {foreign} last", 3),
    ("export --db {damaged} 1", 3),
    ("export --db {damaged} last --bgstats", 3),
    ("export", 2),
    # sensor
    ("sensor", 2),
    ("sensor detect {missing}", 3),
    ("sensor detect {dir}", 3),
    ("sensor detect {binary}", 3),
    ("sensor detect {empty}", 3),
    ("sensor detect {huge}", 3),
    ("sensor detect {header_only}", 3),
    ("sensor detect {log}", 3),
    ("sensor detect {trace} --calibration {binary}", 3),
    ("sensor detect {trace} --calibration {dir}", 3),
    ("sensor detect {trace} --calibration {missing}", 3),
    ("sensor detect {trace} --calibration {trace}", 3),
    ("sensor calibrate --seconds -1", 2),
    ("sensor calibrate --seconds nan", 2),
    ("sensor calibrate --seconds 0.5", 2),
    ("sensor calibrate --still {trace}", 3),
    ("sensor calibrate --still {dir} --rummage {binary}", 3),
    ("sensor calibrate --still {trace} --rummage {header_only}", 3),
    ("sensor calibrate --config {chess}", 3),
    ("sensor calibrate --config {binary}", 3),
    ("sensor calibrate --config {missing}", 3),
    ("sensor calibrate --still {trace} --rummage {trace} --out {afile}/cal.json", 3),
    ("sensor calibrate --still {trace} --rummage {trace} --out {dir}", 3),
    ("sensor record {tmp}/r.csv --seconds -1", 2),
    ("sensor record {tmp}/r.csv --seconds 0", 2),
    ("sensor record {tmp}/r.csv --seconds inf", 2),
    ("sensor record {tmp}/r.csv --seconds 1e9", 2),
    ("sensor record {afile}/r.csv", 3),
    ("sensor record {dir}", 3),
    ("sensor record {tmp}/r.csv --config {chess}", 3),
    ("sensor record {tmp}/r.csv --config {dir}", 3),
    # vision
    ("vision", 2),
    ("vision markers {tmp}/sheet.txt", 3),
    ("vision markers {afile}/sheet.png", 3),
    ("vision markers {dir}", 3),
    ("vision enroll --game chess --from {dir}", 2),
    ("vision enroll --game ankh --from {missing}", 3),
    ("vision enroll --game ankh --from {binary}", 3),
    ("vision enroll --game ankh --from {dir}", 3),
    ("vision enroll --game ankh --from {dir} --out {afile}/cat.json", 3),
    ("vision enroll --game ankh --guided --timeout -1", 2),
    ("vision enroll --game ankh --guided --config {chess}", 3),
    ("vision read-path {binary}", 3),
    ("vision read-path {binary} --catalog {missing}", 3),
    ("vision read-path {binary} --catalog {dir}", 3),
    ("vision read-path {binary} --catalog {binary}", 3),
    ("vision read-path {binary} --catalog {empty} --overlay {afile}/o.png", 3),
    ("vision read-cards {empty} --catalog {huge}", 3),
    ("vision read-cards {missing} --catalog {log}", 3),
    # run (never reaches the game loop: each is refused first)
    ("run --port 99999 --no-web --input stdin", 2),
    ("run --port -1 --no-web --input stdin", 2),
    ("run --delay -1 --demo --no-web", 2),
    ("run --delay nan --demo --no-web", 2),
    ("run --seed x --demo --no-web", 2),
    ("run --config {chess} --no-web --input stdin", 3),
    ("run --config {missing} --no-web --input stdin", 3),
    ("run --config {dir} --no-web --input stdin", 3),
    ("run --config {binary} --no-web --input stdin", 3),
    ("run --db {dir} --no-web --input stdin", 3),
    ("run --db {binary} --no-web --input stdin", 3),
    ("run --db {foreign} --no-web --input stdin", 3),
    ("run --db {damaged} --no-web --input stdin", 3),
    ("run --db {afile}/games.db --no-web --input stdin", 3),
    ("run --camera synth --no-web --input stdin", 2),
    # doctor (its own contract: exit 1 when a check fails, shown below)
    ("doctor --bogus", 2),
    ("nonsense", 2),
    ("", 2),
]
JSON_COMMANDS = (
    "replay",
    "simulate",
    "games",
    "export",
    "sensor detect",
    "sensor calibrate",
    "vision enroll",
)
JSON_COMMANDS += ("vision read-path", "vision read-cards", "doctor")


def argv(template: str, files: dict[str, str]) -> list[str]:
    return [word.format(log=LOG, **files) for word in template.split()]


def takes_json(template: str) -> bool:
    return any(template.startswith(command + " ") for command in JSON_COMMANDS)


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def assert_json_error(out: str, err: str) -> dict:
    doc = json.loads(out)
    assert list(doc) == ["error"], doc
    error = doc["error"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    assert "\n" not in error["message"]
    assert isinstance(error.get("line", 0), int)
    assert err == "", "under --json nothing but the document is written"
    return error


@pytest.mark.parametrize(("template", "code"), CASES, ids=[c[0] or "no command" for c in CASES])
def test_bad_input_is_one_line_and_an_exit_code(
    template: str, code: int, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run_main(argv(template, files), capsys)
    assert got == code, err
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("scarab"), err


JSON_CASES = [case for case in CASES if takes_json(case[0])]


@pytest.mark.parametrize(("template", "code"), JSON_CASES, ids=[c[0] for c in JSON_CASES])
def test_under_json_every_error_is_the_json_document(
    template: str, code: int, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run_main([*argv(template, files), "--json"], capsys)
    assert got == code
    error = assert_json_error(out, err)
    assert (error["code"] == "usage") == (code == 2)


def test_json_asked_where_the_command_has_none_is_still_a_json_error(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run_main(argv("sensor record {tmp}/r.csv --json", files), capsys)
    assert got == 2 and "unrecognized arguments: --json" in assert_json_error(out, err)["message"]
    got, out, err = run_main(["simulate", "--watch", "--json"], capsys)
    assert got == 2 and "--watch" in assert_json_error(out, err)["message"]


def test_a_set_key_the_game_does_not_read_names_the_keys_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "bann", "--set", "target=abc"]) == 2
    err = capsys.readouterr().err
    assert "target" in err and "adventures, chamber, deck, side, variant" in err
    assert main(["simulate", "--set", "bogus=1", "--json"]) == 2
    assert "(it reads: path)" in json.loads(capsys.readouterr().out)["error"]["message"]
    assert main(["simulate", "--game", "ankh", "--set", "target=100", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_record_checks_its_output_before_recording(files: dict[str, str], capsys) -> None:
    """Refused at once: no "recording" progress, no simulated-twin notice, no file."""
    config = Path(files["tmp"]) / "twin.toml"
    config.write_text('[sensor]\ndriver = "trace"\n')
    out = f"{files['afile']}/r.csv"
    assert main(["sensor", "record", out, "--config", str(config), "--seconds", "0.2"]) == 3
    err = capsys.readouterr().err
    assert "[unwritable]" in err and "recording" not in err and "twin" not in err


@pytest.mark.parametrize("name", list(BAD_CONFIGS))
def test_doctor_and_run_refuse_a_bad_config_in_the_same_words(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = bad_config(tmp_path, name)
    with pytest.raises(ConfigError) as info:
        load(path)
    message, key = str(info.value), BAD_CONFIGS[name][1]
    assert info.value.key == key and (key is None or key in message) and str(path) in message

    code, out, err = run_main(["run", "--config", str(path), "--no-web", "--input", "stdin"], capsys)
    assert code == 3 and out == "" and err.strip() == f"scarab run: {message}"

    code, out, err = run_main(["doctor", "--config", str(path), "--json"], capsys)
    checks = {c["name"]: c for c in json.loads(out)["checks"]}
    assert code == 1 and checks["config"]["status"] == "fail"
    assert checks["config"]["detail"].startswith(message)

    code, out, err = run_main(["sensor", "calibrate", "--config", str(path), "--json"], capsys)
    assert code == 3 and assert_json_error(out, err) == {"code": "bad-config", "message": message}


def test_run_judges_its_game_override_like_the_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "six.toml"
    path.write_text(f"[table]\nplayers = {names(6)}\n")  # six players: fine for Tutankhamen
    load(path)
    code, _, err = run_main(["run", "--config", str(path), "--game", "ankh", "--no-web"], capsys)
    assert code == 3 and "table.players: ankh seats 2 to 5 players, not 6" in err


# ---------------------------------------------------------------------- closed pipes


def scarab() -> list[str]:
    script = Path(sys.executable).with_name("scarab")
    return [str(script)] if script.exists() else [sys.executable, "-m", "firmware.cli"]


PIPED = [
    "replay {log} --json",
    "replay {log}",
    "simulate --json --games 3",
    "simulate --watch --delay 0",
    "simulate --players 9 --json",
    "games --db {store} --json",
    "export --db {store} last",
    "sensor detect {trace} --json",
]


@pytest.mark.parametrize("template", PIPED)
def test_a_reader_that_goes_away_ends_the_command_quietly(template: str, files: dict[str, str]) -> None:
    """`scarab … | head -1` made certain: the pipe is closed before the first write."""
    env = {**os.environ, "XDG_STATE_HOME": files["tmp"], "SCARAB_CONFIG": files["missing"]}
    proc = subprocess.Popen(
        [*scarab(), *argv(template, files)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert err == "", err


def test_head_minus_one_through_a_shell(files: dict[str, str]) -> None:
    command = " ".join([*scarab(), "replay", str(LOG), "--json", "|", "head", "-1"])
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120)
    assert done.stdout == "{\n" and "Traceback" not in done.stderr and done.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("template", ["replay {log} --json", "replay {log}"])
def test_a_full_disk_under_stdout_is_one_line(template: str, files: dict[str, str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*scarab(), *argv(template, files)], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120
        )
    assert done.returncode == 1
    assert done.stderr.strip() == "scarab: cannot go on: No space left on device"


def test_run_refuses_a_page_port_already_in_use_before_it_starts(tmp_path: Path, capsys) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        config = tmp_path / "busy.toml"
        config.write_text(f'[web]\nhost = "127.0.0.1"\nport = {busy}\n')
        code, out, err = run_main(["run", "--config", str(config), "--input", "stdin"], capsys)
    assert code == 3 and out == ""
    assert err.strip().startswith(f"scarab run: the page cannot listen on 127.0.0.1:{busy}")
    assert not (tmp_path / "state").exists(), "refused before a store was opened"
