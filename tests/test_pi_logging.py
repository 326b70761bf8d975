"""Logging as a Pi service: the standard `logging` module, one logger per subsystem, journald
priorities as `<N>` prefixes when stderr is the journal, -v/-q, and `scarab --version`."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.appliance import logs
from firmware.cli import main

EMIT = """
import logging, sys
from firmware.cli import main
import firmware.cli as cli

def handler(args):
    logging.getLogger("scarab.camera").debug("frame details")
    logging.getLogger("scarab.camera").info("exposure locked")
    logging.getLogger("scarab.store").warning("disk nearly full\\nsecond line")
    logging.getLogger("scarab.web").error("page down")
    return 0

import firmware.commands.config_cmd as config_cmd
config_cmd.show_cmd = handler
sys.exit(main(sys.argv[1:]))
"""


def emit(tmp_path: Path, *flags: str, journal: bool) -> str:
    """What the subsystems' log lines look like on stderr (a file standing in for the journal)."""
    err = tmp_path / "stderr.txt"
    env = {k: v for k, v in os.environ.items() if k != "JOURNAL_STREAM"}
    with open(err, "w") as stream:
        if journal:
            info = os.fstat(stream.fileno())
            env["JOURNAL_STREAM"] = f"{info.st_dev}:{info.st_ino}"
        subprocess.run(
            [sys.executable, "-c", EMIT, "config", "show", *flags],
            stderr=stream,
            env=env,
            check=True,
            timeout=60,
        )
    return err.read_text()


def test_in_the_journal_each_line_carries_its_syslog_priority(tmp_path: Path) -> None:
    lines = emit(tmp_path, journal=True).splitlines()
    assert lines == [
        "<6>scarab.camera: exposure locked",
        "<4>scarab.store: disk nearly full",
        "<4>second line",
        "<3>scarab.web: page down",
    ]


def test_verbose_and_quiet_set_the_level_anywhere_on_the_line(tmp_path: Path) -> None:
    assert "<7>scarab.camera: frame details" in emit(tmp_path, "-vv", journal=True)
    quiet = emit(tmp_path, "-q", journal=True)
    assert quiet.splitlines() == ["<3>scarab.web: page down"]
    terminal = emit(tmp_path, journal=False)
    assert terminal.splitlines()[0] == "scarab: disk nearly full", "a terminal: warnings up, no prefixes"
    assert "scarab.camera INFO: exposure locked" in emit(tmp_path, "-v", journal=False)


def test_priorities_follow_syslog() -> None:
    assert [logs.priority(level) for level in (50, 40, 30, 20, 10, 25, 5)] == [2, 3, 4, 6, 7, 6, 7]


def test_setup_replaces_its_handler_instead_of_adding_one() -> None:
    stream = io.StringIO()
    logs.setup(0, stream)
    logs.setup(1, stream)
    logging.getLogger("scarab.run").info("once")
    assert stream.getvalue().count("once") == 1


def test_scarab_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("scarab ") and out.split()[1][0].isdigit()
