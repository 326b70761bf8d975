"""`scarab config show`: every key's effective value and where it came from."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from firmware.appliance.config import Config, ConfigError, defaults_table, from_dict
from firmware.cli import main


def test_each_key_says_whether_the_file_or_the_default_set_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "c.toml"
    file.write_text(
        f'[table]\ngame = "ankh"\nplayers = ["A", "B"]\n[web]\nport = 80\n[store]\npath = "{tmp_path}/g.db"\n'
    )
    assert main(["config", "show", "--config", str(file), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["source"] == str(file) and doc["store"] == f"{tmp_path}/g.db"
    keys = doc["keys"]
    assert len(keys) == len(defaults_table())
    assert keys["table.game"] == {"value": "ankh", "origin": str(file)}
    assert keys["web.port"] == {"value": 80, "origin": str(file)}
    assert keys["table.language"] == {"value": "en", "origin": "default"}


def test_the_shown_config_is_itself_a_config_that_gives_the_same_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "c.toml"
    file.write_text('[table]\nlanguage = "de"\n[oled]\ni2c_address = 0x3D\nrotate = 2\n')
    assert main(["config", "show", "--config", str(file)]) == 0
    text = capsys.readouterr().out
    assert 'language = "de"' in text and f"# {file}" in text and "# default" in text
    shown = from_dict(tomllib.loads(text))
    original = from_dict(tomllib.loads(file.read_text()))
    for section, key, _ in defaults_table():
        assert getattr(getattr(shown, section), key) == getattr(getattr(original, section), key)


def test_a_bad_config_is_refused_as_run_would(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "c.toml"
    file.write_text("[web]\nport = 99999\n")
    assert main(["config", "show", "--config", str(file)]) == 3
    assert "web.port" in capsys.readouterr().err


def test_without_a_file_every_value_is_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SCARAB_CONFIG", str(tmp_path / "absent.toml"))
    assert main(["config", "show", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["source"] == "defaults" and {v["origin"] for v in doc["keys"].values()} == {"default"}
    assert doc["keys"]["web.port"]["value"] == Config().web.port


def test_docs_config_md_holds_the_models_allowed_values() -> None:
    """docs/config.md's table of allowed values is the one the model makes (regenerate it
    with `scarab config allowed` after changing a range or a choice)."""
    from firmware.commands.config_cmd import allowed_table

    doc = (Path(__file__).resolve().parents[1] / "docs" / "config.md").read_text("utf-8")
    start, end = "<!-- allowed values: begin -->\n", "<!-- allowed values: end -->"
    assert doc[doc.index(start) + len(start) : doc.index(end)] == allowed_table()


def test_the_model_holds_every_range_and_choice_the_issue_names() -> None:
    from firmware.appliance.config import CHOICES, RANGES

    assert RANGES["web", "port"] == (0, 65535) and RANGES["mqtt", "port"] == (1, 65535)
    assert RANGES["oled", "i2c_address"] == RANGES["sensor", "i2c_address"] == (0x03, 0x77)
    assert RANGES["oled", "rotate"] == (0, 3) and CHOICES["sensor", "rate_hz"] == (400, 800, 1600)
    for players in (["Solo"], [f"P{i}" for i in range(7)], ["Ann", "ann"]):
        with pytest.raises(ConfigError, match=r"table\.players"):
            from_dict({"table": {"players": players}})
