"""The config file: defaults, overrides, clear errors, and docs/config.md in step."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from firmware.appliance.config import (
    Config,
    ConfigError,
    defaults_table,
    from_dict,
    load,
    on_raspberry_pi,
    resolve_driver,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "config.md"


def test_no_file_means_every_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCARAB_CONFIG", str(tmp_path / "absent.toml"))
    assert load() == Config()


def test_a_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    file = tmp_path / "c.toml"
    file.write_text('[table]\nlanguage = "de"\nplayers = ["Oma", "Tim"]\n[oled]\ni2c_address = 0x3D\n')
    config = load(file)
    assert config.table.language == "de" and config.table.players == ["Oma", "Tim"]
    assert config.oled.i2c_address == 0x3D
    assert config.table.game == "tutankhamen" and config.buzzer == Config().buzzer
    assert config.source == str(file)


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("[tabel]\ngame = 'ankh'\n", "unknown section [tabel]"),
        ("[table]\nlanguage = 'fr'\n", "table.language must be one of en, de, nl"),
        ("[table]\nplayers = 'Ann'\n", "table.players must be a list of strs"),
        ("[oled]\ni2c_address = '0x3C'\n", "oled.i2c_address must be int"),
        ("[oled]\nrotation = 1\n", "unknown key oled.rotation"),
        ("[buzzer]\ntonal = 1\n", "buzzer.tonal must be bool"),
        ("[web]\nport = true\n", "web.port must be int"),
        ("[camera]\ndriver = 'webcam'\n", "camera.driver must be one of"),
        ("table = 3\n", "[table] must be a table of keys"),
        ("[table\n", "is not valid TOML"),
        ("[table]\ngame = 'chess'\n", "table.game must be one of tutankhamen, ankh, bann, gulogulo"),
        ("[table]\nedition = 'deluxe'\n", "table.edition of tutankhamen must be one of otb2004, amigo"),
        (
            "[table]\ngame = 'ankh'\nplayers = ['A', 'B', 'C', 'D', 'E', 'F']\n",
            "ankh seats 2 to 5 players, not 6",
        ),
        ("[table]\nplayers = ['Ann', 'Ann']\n", "table.players: player names must be unique"),
        ("[web]\nport = 99999\n", "web.port must be 0 to 65535, not 99999"),
        ("[sensor]\nint1_pin = -2\n", "sensor.int1_pin must be -1 to 27"),
        ("[sensor]\nrate_hz = 1000\n", "sensor.rate_hz must be one of 400, 800, 1600"),
        ("players = ['Ann']\n", "players is outside any section: write it under [table]"),
    ],
)
def test_a_bad_file_names_the_key(tmp_path: Path, toml: str, message: str) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(toml)
    with pytest.raises(ConfigError) as info:
        load(file)
    assert message in str(info.value) and str(file) in str(info.value)


def test_a_file_that_is_no_config_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    for name, content, message in [
        ("big.toml", b"# padding\n" * 200_000, "is over 1024 KiB"),
        ("photo.toml", b"\x89PNG\r\n\x1a\n\xff\xfe", "is not UTF-8 text"),
    ]:
        (tmp_path / name).write_bytes(content)
        with pytest.raises(ConfigError, match=message):
            load(tmp_path / name)
    with pytest.raises(ConfigError, match="is a folder"):
        load(tmp_path)
    with pytest.raises(ConfigError, match="is over"):
        load("/dev/zero")


def test_a_game_without_editions_ignores_the_edition_key() -> None:
    config = from_dict({"table": {"game": "bann", "edition": "otb2004", "players": ["A", "B"]}})
    assert config.table.game == "bann"


def test_an_explicit_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no config file"):
        load(tmp_path / "none.toml")


def test_auto_drivers_pick_the_real_device_only_on_a_pi(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert on_raspberry_pi(model)
    model.write_text("QEMU Virtual Machine")
    assert not on_raspberry_pi(model)
    assert not on_raspberry_pi(tmp_path / "missing")
    assert resolve_driver("auto", "ssd1306", "dummy", on_pi=True) == "ssd1306"
    assert resolve_driver("auto", "ssd1306", "dummy", on_pi=False) == "dummy"
    assert resolve_driver("sh1106", "ssd1306", "dummy", on_pi=False) == "sh1106"


def test_docs_list_every_key_with_its_default() -> None:
    """docs/config.md's table must name every key and show the code's default."""
    rows = dict(
        re.findall(r"^\| `([a-z0-9_]+\.[a-z0-9_]+)` \| `(.*?)` \|", DOC.read_text("utf-8"), re.MULTILINE)
    )
    for section, key, default in defaults_table():
        name = f"{section}.{key}"
        assert name in rows, f"docs/config.md does not document {name}"
        assert json.loads(rows[name]) == default, f"docs/config.md shows another default for {name}"
    assert len(rows) == len(defaults_table()), "docs/config.md documents a key the code does not have"


def test_from_dict_accepts_the_documented_example() -> None:
    import tomllib

    example = re.search(r"```toml\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)
    assert example is not None
    config = from_dict(tomllib.loads(example.group(1)))
    assert config.table.edition == "amigo" and config.buzzer.tonal is True


ANKH_TABLE = '[table]\ngame = "ankh"\nplayers = ["Ann", "Ben"]\n[table.header]\n'


def test_a_table_header_sets_up_an_ankh_game_as_it_lies(tmp_path: Path) -> None:
    from engines import new_game
    from firmware.appliance.run import table_header

    file = tmp_path / "c.toml"
    file.write_text(ANKH_TABLE + 'papyrus = { rank = ["green", "yellow", "blue", "red"], threshold = 5 }\n')
    config = load(file)
    header = table_header(config, 7)
    assert header["papyrus"] == {"rank": ["green", "yellow", "blue", "red"], "threshold": 5}
    state = new_game(header)  # the engine starts it: table mode, this papyrus face up
    assert state.to_json()["papyri"] == ["papyrus-green-yellow-blue-red-5"]


@pytest.mark.parametrize(
    ("more", "message"),
    [
        ('papyrus = { rank = ["green", "green", "blue", "red"], threshold = 5 }\n', "table.header"),
        ('players = ["Cleo", "Dirk"]\n', "keys of their own"),
        (
            'papyrus = { rank = ["green", "yellow", "blue", "red"], threshold = 5 }\nmode = "sideways"\n',
            "bad-mode",
        ),
    ],
)
def test_a_table_header_the_engine_refuses_is_a_config_error(tmp_path: Path, more: str, message: str) -> None:
    file = tmp_path / "c.toml"
    file.write_text(ANKH_TABLE + more)
    with pytest.raises(ConfigError, match=message):
        load(file)
