"""Scarab's configuration: one TOML file, one typed model, every key ranged and defaulted.

``/etc/scarab/config.toml`` on a Pi, or ``--config PATH``. A missing file means all
defaults. The model (pydantic, strict: a TOML string is never taken for a number) gives
every key its type, its default and its range or choices — ports, I2C addresses, GPIO
pins, ``rate_hz``, rotations, two to six unique players of a known game and edition — and
``scarab run``, ``scarab doctor`` and every other command judge a file by ``load`` alone.
An unknown key or a value out of its range is an error that names the key, so a typo
never silently does nothing. Device drivers default to ``auto``: the real device on a
Raspberry Pi, its simulated twin anywhere else. ``docs/config.md`` lists every key; a test
keeps the two in step, ranges and choices included; ``scarab config show`` prints the
effective values and where each came from.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from firmware.appliance.errors import (
    ConfigError as ConfigError,  # defined apart: the CLI catches it without this module
)

DEFAULT_PATH = Path("/etc/scarab/config.toml")
MODEL_FILE = Path("/proc/device-tree/model")


MAX_BYTES = 1 << 20  # a config is a few hundred bytes; more is the wrong file


def on_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


GPIO = (0, 27)  # the BCM numbers on the Pi's 40-pin header
I2C_ADDRESS = (0x03, 0x77)  # the 7-bit addresses a device may answer at
ANY = 2**31 - 1  # no upper limit worth naming


# An int in a range: values outside can never work, so they are refused.
Pin = Annotated[int, Field(ge=GPIO[0], le=GPIO[1])]
I2cAddress = Annotated[int, Field(ge=I2C_ADDRESS[0], le=I2C_ADDRESS[1])]
Port = Annotated[int, Field(ge=1, le=65535)]


class Section(BaseModel):
    """A ``[section]`` of the file: only its own keys, each of exactly its type."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Table(Section):
    """The table session Scarab starts with when no game is in progress."""

    game: str = "tutankhamen"  # a game of engines.GAMES (checked with its edition and seats)
    edition: str = "otb2004"
    players: Annotated[list[str], Field(min_length=2, max_length=6)] = Field(
        default_factory=lambda: ["Ann", "Ben", "Cleo", "Dirk"]
    )
    language: Literal["en", "de", "nl"] = "en"
    # more of a new game's header, as the game log has it: Ankh's papyrus, target, mode and
    # declared box (deck), Bann's variant and adventures, Gulo Gulo's board and variant
    header: dict[str, Any] = Field(default_factory=dict)

    @field_validator("header")
    @classmethod
    def _more_header(cls, header: dict[str, Any]) -> dict[str, Any]:
        own = sorted(set(header) & {"game", "players", "seed", "edition"})
        if own:
            raise ValueError(f"{', '.join(own)} have keys of their own in [table], not in [table.header]")
        return header

    @field_validator("players")
    @classmethod
    def _unique(cls, players: list[str]) -> list[str]:
        if any(not name.strip() for name in players):
            raise ValueError("a player's name must not be empty")
        if len({name.casefold() for name in players}) != len(players):
            raise ValueError("player names must be unique")
        return players


class Store(Section):
    path: str = ""  # empty: scarab.db in systemd's StateDirectory or the XDG state dir


class Oled(Section):
    driver: Literal["auto", "ssd1306", "sh1106", "dummy", "none"] = "auto"
    i2c_port: Annotated[int, Field(ge=0, le=ANY)] = 1
    i2c_address: I2cAddress = 0x3C
    rotate: Annotated[int, Field(ge=0, le=3)] = 0  # quarter turns
    frames_dir: str = ""  # dummy driver: where to keep the frames as PNGs (empty: don't)


class Buttons(Section):
    driver: Literal["auto", "gpio", "mock", "none"] = "auto"
    next_pin: Pin = 17  # BCM numbers
    back_pin: Pin = 27
    menu_pin: Pin = 22
    bounce_ms: Annotated[int, Field(ge=0, le=10_000)] = 30


class Buzzer(Section):
    driver: Literal["auto", "gpio", "mock", "none"] = "auto"
    pin: Pin = 18
    tonal: bool = False  # True: a passive buzzer driven as TonalBuzzer


class Camera(Section):
    driver: Literal["auto", "picamera2", "opencv", "folder", "none"] = "auto"
    device: Annotated[int, Field(ge=0, le=ANY)] = 0  # opencv: the VideoCapture index
    folder: str = ""  # folder: frames replayed in name order
    width: Annotated[int, Field(ge=1, le=16_384)] = 1280
    height: Annotated[int, Field(ge=1, le=16_384)] = 720
    tutankhamen_catalog: str = ""  # the enrolled tiles; empty: catalog-tutankhamen.json in the state dir
    ankh_catalog: str = ""  # the enrolled cards; empty: catalog-ankh.json in the state directory
    interval_ms: Annotated[int, Field(ge=0, le=3_600_000)] = (
        200  # pause between the frames the referee looks at
    )
    votes: Annotated[int, Field(ge=1, le=1000)] = (
        3  # still frames that must agree before the camera enters a take or a play
    )
    wait_seconds: Annotated[int, Field(ge=0, le=86_400)] = (
        3  # how long a frame may stay unreadable before the OLED says so
    )
    opencv_threads: Annotated[int, Field(ge=1, le=16)] = (
        1  # OpenCV's threads in `scarab run`; more take cores from the page
    )


class Sensor(Section):
    """The motion sensor under the Gulo Gulo trap (docs/sensor.md)."""

    driver: Literal["auto", "adxl345", "sw420", "sw520d", "trace", "none"] = "auto"
    i2c_port: Annotated[int, Field(ge=0, le=ANY)] = 1
    i2c_address: I2cAddress = 0x53
    rate_hz: Literal[400, 800, 1600] = 800  # the ADXL345's output data rates Scarab reads
    int1_pin: Annotated[int, Field(ge=-1, le=GPIO[1])] = (
        23  # BCM pin wired to the ADXL345's INT1; -1: poll only
    )
    switch_pin: Pin = 24  # BCM pin of a vibration or tilt switch
    switch_active_high: bool = True  # sw420: the module drives DO high while shaken
    trace_file: str = ""  # trace driver: a t,ax,ay,az or t,level file replayed in a loop
    calibration: str = ""  # empty: calibration.json in the state directory
    dispute_seconds: Annotated[int, Field(ge=0, le=3600)] = 5  # how long a detected landslide may be disputed


class Web(Section):
    enabled: bool = True
    host: str = "0.0.0.0"
    port: Annotated[int, Field(ge=0, le=65535)] = 8080  # 0: any free port (the address is printed)


class Speech(Section):
    """Spoken prompts and events (docs/speech.md): off unless a driver is named."""

    driver: Literal["none", "espeak", "record"] = (
        "none"  # espeak-ng through the audio output; record: the tests' twin
    )
    device: str = ""  # the ALSA output, e.g. "plughw:1,0" for a USB DAC; empty: the default one
    volume: Annotated[int, Field(ge=0, le=100)] = 70  # percent
    muted: bool = False  # True: say nothing (the page can mute and unmute too)
    rate_wpm: Annotated[int, Field(ge=80, le=450)] = 165  # speaking speed, words per minute


class Mqtt(Section):
    """The venue feed (docs/venue.md): off unless a broker is named."""

    host: str = ""  # the broker's address; empty: no feed
    port: Port = 1883  # 8883 is usual with TLS
    table: str = ""  # this table's name in the topics (letters, digits, - and _); empty: the host name
    username: str = ""
    password: str = ""
    tls: bool = False
    ca_file: str = ""  # TLS: the CA certificate to trust; empty: the system's
    discovery: bool = True  # Home Assistant MQTT discovery
    discovery_prefix: str = "homeassistant"
    keepalive: Annotated[int, Field(ge=5, le=3600)] = (
        15  # seconds; the broker says the table is offline after 1.5 times this
    )


class Config(BaseModel):
    """The whole file: one section per device or service, ``source`` the file it came from."""

    model_config = ConfigDict(extra="forbid", strict=True)

    table: Table = Field(default_factory=Table)
    store: Store = Field(default_factory=Store)
    oled: Oled = Field(default_factory=Oled)
    buttons: Buttons = Field(default_factory=Buttons)
    buzzer: Buzzer = Field(default_factory=Buzzer)
    camera: Camera = Field(default_factory=Camera)
    sensor: Sensor = Field(default_factory=Sensor)
    web: Web = Field(default_factory=Web)
    speech: Speech = Field(default_factory=Speech)
    mqtt: Mqtt = Field(default_factory=Mqtt)
    source: str = "defaults"  # where it was read from (not a key)

    def store_path(self) -> Path:
        from firmware.appliance.store import default_state_dir

        return Path(self.store.path) if self.store.path else default_state_dir() / "scarab.db"


SECTIONS: dict[str, type[Section]] = {
    name: cast("type[Section]", info.annotation)
    for name, info in Config.model_fields.items()
    if name != "source"
}


def choices(section: str, key: str) -> tuple[Any, ...] | None:
    """The values a key may take, when it is one of a few (a ``Literal``)."""
    hint = SECTIONS[section].model_fields[key].annotation
    return get_args(hint) if get_origin(hint) is Literal else None


def bounds(section: str, key: str) -> tuple[int, int] | None:
    """(lowest, highest) of a ranged key, else None."""
    low = high = None
    for rule in SECTIONS[section].model_fields[key].metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    return None if low is None or high is None else (low, high)


CHOICES: dict[tuple[str, str], tuple[Any, ...]] = {
    (s, k): c for s, m in SECTIONS.items() for k in m.model_fields if (c := choices(s, k))
}
RANGES: dict[tuple[str, str], tuple[int, int]] = {
    (s, k): b for s, m in SECTIONS.items() for k in m.model_fields if (b := bounds(s, k))
}


def load(path: Path | str | None = None) -> Config:
    """The config at ``path`` (or the default path if it exists), else all defaults.
    ``scarab run``, ``doctor`` and every other command judge a file by this one function."""
    explicit = path is not None
    file = Path(path) if path is not None else Path(os.environ.get("SCARAB_CONFIG", DEFAULT_PATH))
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
    for name, values in data.items():
        if name not in SECTIONS:
            raise _unknown_section(name, values, where)
        if not isinstance(values, dict):
            raise ConfigError(f"{where}: [{name}] must be a table of keys", name)
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        raise _explain(exc, data, where) from None
    check_table(config.table, where)
    return config


def _unknown_section(name: str, value: Any, where: str) -> ConfigError:
    """An unknown top-level name; a key written above every section says where it belongs."""
    if not isinstance(value, dict):
        homes = [s for s, model in SECTIONS.items() if name in model.model_fields]
        if homes:
            return ConfigError(f"{where}: {name} is outside any section: write it under [{homes[0]}]", name)
    return ConfigError(f"{where}: unknown section [{name}] (known: {', '.join(SECTIONS)})", name)


TYPE_NAMES = {"int_type": "int", "bool_type": "bool", "string_type": "str"}


def _explain(exc: ValidationError, data: dict[str, Any], where: str) -> ConfigError:
    """The model's first complaint as one line naming the key, the rule and the value."""
    error = exc.errors()[0]
    section, key = str(error["loc"][0]), str(error["loc"][1])
    label = f"{section}.{key}"
    kind = error["type"]
    value = data.get(section, {}).get(key)
    if kind == "extra_forbidden":
        known = ", ".join(sorted(SECTIONS[section].model_fields))
        return ConfigError(f"{where}: unknown key {label} (known: {known})", label)
    if len(error["loc"]) > 2 or kind == "list_type":  # an item of a list, or not a list at all
        return ConfigError(f"{where}: {label} must be a list of strs", label)
    if kind in TYPE_NAMES:
        wanted = TYPE_NAMES[kind]
        return ConfigError(f"{where}: {label} must be {wanted}, not {type(value).__name__} {value!r}", label)
    if kind == "literal_error":
        shown = ", ".join(map(str, choices(section, key) or ()))
        return ConfigError(f"{where}: {label} must be one of {shown}, not {value!r}", label)
    if kind in {"greater_than_equal", "less_than_equal"}:
        low, high = bounds(section, key) or (0, ANY)
        span = f"{low} or more" if high == ANY else f"{low} to {high}"
        return ConfigError(f"{where}: {label} must be {span}, not {value}", label)
    if kind in {"too_short", "too_long"}:
        count = len(value) if isinstance(value, list) else "?"
        return ConfigError(f"{where}: {label} must name 2 to 6 players, not {count}", label)
    message = str(error["msg"]).removeprefix("Value error, ")
    return ConfigError(f"{where}: {label}: {message}", label)


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
    if table.header:  # the game as the table sets it up: the engine judges it whole
        header: dict[str, Any] = {"game": table.game, "players": list(table.players), "seed": 0}
        if edition is not None:
            header["edition"] = edition
        try:
            new_game({**header, **table.header})
        except BadHeader as exc:
            if exc.code != "player-count":
                message = f"{where}: table.header: {exc.message} ({exc.code})"
                raise ConfigError(message, "table.header") from None
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


def resolve_driver(driver: str, real: str, twin: str, on_pi: bool | None = None) -> str:
    """``auto`` becomes the real driver on a Pi and the simulated twin elsewhere."""
    if driver != "auto":
        return driver
    return real if (on_raspberry_pi() if on_pi is None else on_pi) else twin


def defaults_table() -> list[tuple[str, str, Any]]:
    """(section, key, default) for every key, in file order — for the docs and ``config show``."""
    config = Config()
    return [
        (name, key, getattr(getattr(config, name), key))
        for name, model in SECTIONS.items()
        for key in model.model_fields
    ]


def configured_store_path(config_file: str | None = None) -> Path:
    """The store the config names, exactly as ``scarab run`` opens it (``store.path``, else
    ``scarab.db`` in the state directory): what every command reading the store reads."""
    return load(config_file).store_path()
