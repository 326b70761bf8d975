"""Scarab's configuration: one TOML file, every key typed and defaulted.

``/etc/scarab/config.toml`` on a Pi, or ``--config PATH``. A missing file means all
defaults; an unknown key or a value of the wrong type is an error that names the key,
so a typo never silently does nothing. Device drivers default to ``auto``: the real
device on a Raspberry Pi, its simulated twin anywhere else. ``docs/config.md`` lists
every key; a test keeps the two in step.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

DEFAULT_PATH = Path("/etc/scarab/config.toml")
MODEL_FILE = Path("/proc/device-tree/model")


MAX_BYTES = 1 << 20  # a config is a few hundred bytes; more is the wrong file


class ConfigError(Exception):
    """A config file Scarab cannot use; the message names the file and the key (``key``,
    e.g. ``table.game``, when one key is to blame)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


def on_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


@dataclass
class Table:
    """The table session Scarab starts with when no game is in progress."""

    game: str = "tutankhamen"
    edition: str = "otb2004"
    players: list[str] = field(default_factory=lambda: ["Ann", "Ben", "Cleo", "Dirk"])
    language: str = "en"  # en, de or nl


@dataclass
class Store:
    path: str = ""  # empty: scarab.db in systemd's StateDirectory or the XDG state dir


@dataclass
class Oled:
    driver: str = "auto"  # auto, ssd1306, sh1106, dummy (simulated), none
    i2c_port: int = 1
    i2c_address: int = 0x3C
    rotate: int = 0  # 0-3, quarter turns
    frames_dir: str = ""  # dummy driver: where to keep the frames as PNGs (empty: don't)


@dataclass
class Buttons:
    driver: str = "auto"  # auto, gpio, mock (simulated), none
    next_pin: int = 17  # BCM numbers
    back_pin: int = 27
    menu_pin: int = 22
    bounce_ms: int = 30


@dataclass
class Buzzer:
    driver: str = "auto"  # auto, gpio, mock, none
    pin: int = 18
    tonal: bool = False  # True: a passive buzzer driven as TonalBuzzer


@dataclass
class Camera:
    driver: str = "auto"  # auto, picamera2, opencv, folder, none
    device: int = 0  # opencv: the VideoCapture index
    folder: str = ""  # folder: frames replayed in name order
    width: int = 1280
    height: int = 720
    tutankhamen_catalog: str = ""  # the enrolled tiles; empty: catalog-tutankhamen.json in the state dir
    ankh_catalog: str = ""  # the enrolled cards; empty: catalog-ankh.json in the state directory
    interval_ms: int = 200  # pause between the frames the referee looks at
    votes: int = 3  # still frames that must agree before the camera enters a take or a play
    wait_seconds: int = 3  # how long a frame may stay unreadable before the OLED says so


@dataclass
class Sensor:
    """The motion sensor under the Gulo Gulo trap (docs/sensor.md)."""

    driver: str = "auto"  # auto, adxl345, sw420, sw520d, trace (simulated), none
    i2c_port: int = 1
    i2c_address: int = 0x53
    rate_hz: int = 800  # adxl345: 400, 800 or 1600
    int1_pin: int = 23  # BCM pin wired to the ADXL345's INT1; -1: poll only
    switch_pin: int = 24  # BCM pin of a vibration or tilt switch
    switch_active_high: bool = True  # sw420: the module drives DO high while shaken
    trace_file: str = ""  # trace driver: a t,ax,ay,az or t,level file replayed in a loop
    calibration: str = ""  # empty: calibration.json in the state directory
    dispute_seconds: int = 5  # how long a detected landslide may be disputed


@dataclass
class Web:
    enabled: bool = True
    host: str = "0.0.0.0"
    port: int = 8080  # 0: any free port (the address is printed)


@dataclass
class Speech:
    """Spoken prompts and events (docs/speech.md): off unless a driver is named."""

    driver: str = "none"  # none, espeak (espeak-ng through the audio output), record (the tests' twin)
    device: str = ""  # the ALSA output, e.g. "plughw:1,0" for a USB DAC; empty: the default one
    volume: int = 70  # percent
    muted: bool = False  # True: say nothing (the page can mute and unmute too)
    rate_wpm: int = 165  # speaking speed, words per minute


@dataclass
class Mqtt:
    """The venue feed (docs/venue.md): off unless a broker is named."""

    host: str = ""  # the broker's address; empty: no feed
    port: int = 1883  # 8883 is usual with TLS
    table: str = ""  # this table's name in the topics (letters, digits, - and _); empty: the host name
    username: str = ""
    password: str = ""
    tls: bool = False
    ca_file: str = ""  # TLS: the CA certificate to trust; empty: the system's
    discovery: bool = True  # Home Assistant MQTT discovery
    discovery_prefix: str = "homeassistant"
    keepalive: int = 15  # seconds; the broker says the table is offline after 1.5 times this


@dataclass
class Config:
    table: Table = field(default_factory=Table)
    store: Store = field(default_factory=Store)
    oled: Oled = field(default_factory=Oled)
    buttons: Buttons = field(default_factory=Buttons)
    buzzer: Buzzer = field(default_factory=Buzzer)
    camera: Camera = field(default_factory=Camera)
    sensor: Sensor = field(default_factory=Sensor)
    web: Web = field(default_factory=Web)
    speech: Speech = field(default_factory=Speech)
    mqtt: Mqtt = field(default_factory=Mqtt)
    source: str = "defaults"  # where it was read from (not a key)

    def store_path(self) -> Path:
        from firmware.store import default_state_dir

        return Path(self.store.path) if self.store.path else default_state_dir() / "scarab.db"


CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("table", "language"): ("en", "de", "nl"),
    ("oled", "driver"): ("auto", "ssd1306", "sh1106", "dummy", "none"),
    ("buttons", "driver"): ("auto", "gpio", "mock", "none"),
    ("buzzer", "driver"): ("auto", "gpio", "mock", "none"),
    ("camera", "driver"): ("auto", "picamera2", "opencv", "folder", "none"),
    ("sensor", "driver"): ("auto", "adxl345", "sw420", "sw520d", "trace", "none"),
    ("speech", "driver"): ("none", "espeak", "record"),
    ("sensor", "rate_hz"): (400, 800, 1600),
}
GPIO = (0, 27)  # the BCM numbers on the Pi's 40-pin header
I2C_ADDRESS = (0x03, 0x77)  # the 7-bit addresses a device may answer at
ANY = 2**31 - 1  # no upper limit worth naming
# (section, key) -> (lowest, highest): values outside can never work, so they are refused
RANGES: dict[tuple[str, str], tuple[int, int]] = {
    ("oled", "i2c_port"): (0, ANY),
    ("oled", "i2c_address"): I2C_ADDRESS,
    ("oled", "rotate"): (0, 3),
    ("buttons", "next_pin"): GPIO,
    ("buttons", "back_pin"): GPIO,
    ("buttons", "menu_pin"): GPIO,
    ("buttons", "bounce_ms"): (0, 10_000),
    ("buzzer", "pin"): GPIO,
    ("camera", "device"): (0, ANY),
    ("camera", "width"): (1, 16_384),
    ("camera", "height"): (1, 16_384),
    ("camera", "interval_ms"): (0, 3_600_000),
    ("camera", "votes"): (1, 1000),
    ("camera", "wait_seconds"): (0, 86_400),
    ("sensor", "i2c_port"): (0, ANY),
    ("sensor", "i2c_address"): I2C_ADDRESS,
    ("sensor", "int1_pin"): (-1, GPIO[1]),
    ("sensor", "switch_pin"): GPIO,
    ("sensor", "dispute_seconds"): (0, 3600),
    ("web", "port"): (0, 65535),
    ("speech", "volume"): (0, 100),
    ("speech", "rate_wpm"): (80, 450),
    ("mqtt", "port"): (1, 65535),
    ("mqtt", "keepalive"): (5, 3600),
}


def load(path: Path | str | None = None) -> Config:
    """The config at ``path`` (or the default path if it exists), else all defaults.
    ``scarab run``, ``doctor`` and every other command judge a file by this one function."""
    explicit = path is not None
    file = Path(path) if explicit else Path(os.environ.get("SCARAB_CONFIG", DEFAULT_PATH))
    if not file.exists():
        if explicit:
            raise ConfigError(f"no config file at {file}")
        return Config()
    text = _read(file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{file} is not valid TOML: {exc}") from None
    config = from_dict(data, str(file))
    config.source = str(file)
    return config


def _read(file: Path) -> str:
    """The file's text, read no further than a config can be long (``--config /dev/zero``)."""
    try:
        with open(file, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise ConfigError(f"{file} is a folder, not a config file") from None
    except OSError as exc:
        raise ConfigError(f"cannot read {file}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(f"{file} is over {MAX_BYTES // 1024} KiB: not a Scarab config file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(f"{file} is not UTF-8 text: not a Scarab config file") from None


def from_dict(data: dict[str, Any], where: str = "config") -> Config:
    """A config from parsed TOML: every key known, typed and in range, and a table
    session the game's rules accept — or a ConfigError naming the first key at fault."""
    config = Config()
    sections = {f.name: f for f in fields(Config) if f.name != "source"}
    for name, values in data.items():
        if name not in sections:
            raise _unknown_section(name, values, sections, where)
        if not isinstance(values, dict):
            raise ConfigError(f"{where}: [{name}] must be a table of keys", name)
        section = getattr(config, name)
        for key, value in values.items():
            _check_key(section, name, key, value, where)
            setattr(section, key, value)
    check_table(config.table, where)
    return config


def _unknown_section(name: str, value: Any, sections: dict[str, Any], where: str) -> ConfigError:
    """An unknown top-level name; a key written above every section says where it belongs."""
    if not isinstance(value, dict):
        defaults = Config()
        homes = [s for s in sections if name in {f.name for f in fields(getattr(defaults, s))}]
        if homes:
            return ConfigError(f"{where}: {name} is outside any section: write it under [{homes[0]}]", name)
    return ConfigError(f"{where}: unknown section [{name}] (known: {', '.join(sections)})", name)


def _check_key(section: Any, name: str, key: str, value: Any, where: str) -> None:
    known = {f.name for f in fields(section)}
    label = f"{name}.{key}"
    if key not in known:
        raise ConfigError(f"{where}: unknown key {label} (known: {', '.join(sorted(known))})", label)
    _check_type(f"{where}: {label}", value, get_type_hints(type(section))[key], label)
    allowed = CHOICES.get((name, key))
    if allowed and value not in allowed:
        shown = ", ".join(map(str, allowed))
        raise ConfigError(f"{where}: {label} must be one of {shown}, not {value!r}", label)
    low, high = RANGES.get((name, key), (None, None))
    if low is not None and high is not None and not low <= value <= high:
        span = f"{low} or more" if high == ANY else f"{low} to {high}"
        raise ConfigError(f"{where}: {label} must be {span}, not {value}", label)


def check_table(table: Table, where: str = "config") -> None:
    """The table session must be one the rules can start: a known game and edition, and
    as many players as the game seats (asked of the engine itself, so never out of step).
    ``scarab run --game`` calls this again after its override."""
    from engines import GAMES, game_class, new_game
    from engines.core import BadHeader

    if table.game not in GAMES:
        raise ConfigError(
            f"{where}: table.game must be one of {', '.join(GAMES)}, not {table.game!r}", "table.game"
        )
    cls = game_class(table.game)
    if cls.editions and table.edition not in cls.editions:
        raise ConfigError(
            f"{where}: table.edition of {table.game} must be one of {', '.join(cls.editions)},"
            f" not {table.edition!r}",
            "table.edition",
        )
    edition = table.edition if cls.editions else None
    try:
        new_game(cls.simulation_header(list(table.players), 0, edition))
    except BadHeader as exc:
        if exc.code == "player-count":
            seats = _seats(cls, edition)
            message = f"{table.game} seats {seats[0]} to {seats[-1]} players, not {len(table.players)}"
        else:
            message = exc.message.replace('"players"', "players")
        raise ConfigError(f"{where}: table.players: {message}", "table.players") from None


def _seats(cls: Any, edition: str | None) -> list[int]:
    """The player counts a game accepts, found by asking it (only when reporting an error)."""
    from engines import new_game
    from engines.core import BadHeader

    ok = []
    for n in range(1, 13):
        try:
            new_game(cls.simulation_header([f"p{i}" for i in range(n)], 0, edition))
        except BadHeader:
            continue
        ok.append(n)
    return ok or [0]


def _check_type(label: str, value: Any, hint: Any, key: str) -> None:
    if get_origin(hint) is list:
        (item,) = get_args(hint)
        if not isinstance(value, list) or not all(isinstance(v, item) for v in value):
            raise ConfigError(f"{label} must be a list of {item.__name__}s", key)
        return
    ok = isinstance(value, hint) and not (hint is int and isinstance(value, bool))
    if not ok:
        raise ConfigError(f"{label} must be {hint.__name__}, not {type(value).__name__} {value!r}", key)


def resolve_driver(driver: str, real: str, twin: str, on_pi: bool | None = None) -> str:
    """``auto`` becomes the real driver on a Pi and the simulated twin elsewhere."""
    if driver != "auto":
        return driver
    return real if (on_raspberry_pi() if on_pi is None else on_pi) else twin


def defaults_table() -> list[tuple[str, str, Any]]:
    """(section, key, default) for every key, in file order — for the docs test."""
    rows = []
    config = Config()
    for section_field in fields(Config):
        if section_field.name == "source":
            continue
        section = getattr(config, section_field.name)
        assert is_dataclass(section)
        for f in fields(section):
            rows.append((section_field.name, f.name, getattr(section, f.name)))
    return rows
