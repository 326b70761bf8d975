"""The ``scarab`` command: one console script, one subcommand per job.

Exit codes (DESIGN.md): 0 ok, 2 usage error, 3 rejected input — with
``{"error": {"code", "message", "line"?}}`` on stdout under ``--json`` — and never a
traceback for bad input: argparse's own complaints, a handler's ``UsageError``, a
``LogError`` and a ``ConfigError`` all end here as one line (or that JSON document).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import Any

from engines.replay import LogError
from firmware.appliance.errors import ConfigError
from firmware.commands.common import (
    EXIT_OK,
    EXIT_PIPE_CLOSED,
    EXIT_REJECTED,
    EXIT_SYSTEM,
    EXIT_USAGE,
    LOG_BYTES,
    ScarabParser,
    UsageError,
    check_writable,
    emit_json,
    int_range,
    listen_problem,
    one_line,
    port,
    positive_seconds,
    read_text_file,
    reject,
    seconds,
    seconds_range,
    usage,
)

# The shared helpers lived here before firmware.commands.common; they are still importable here.
__all__ = [
    "COMMANDS",
    "EXIT_OK",
    "EXIT_PIPE_CLOSED",
    "EXIT_REJECTED",
    "EXIT_SYSTEM",
    "EXIT_USAGE",
    "LOG_BYTES",
    "ScarabParser",
    "UsageError",
    "build_parser",
    "check_writable",
    "dispatch",
    "emit_json",
    "int_range",
    "listen_problem",
    "main",
    "one_line",
    "port",
    "positive_seconds",
    "read_text_file",
    "reject",
    "seconds",
    "seconds_range",
    "usage",
]

# ------------------------------------------------------------------------ main


# Each command's module, imported only when that command runs (``scarab replay`` need not
# load the appliance, the camera's OpenCV or the web stack); every one for ``--help``.
COMMANDS = {
    "replay": "firmware.commands.replay_cmd",
    "simulate": "firmware.commands.simulate",
    "games": "firmware.commands.games_cmd",
    "export": "firmware.commands.games_cmd",
    "run": "firmware.appliance.run",
    "sensor": "firmware.commands.sensor_cmd",
    "vision": "firmware.commands.vision_cmd",
    "doctor": "firmware.commands.doctor",
    "stats": "firmware.commands.stats_cmd",
    "venue": "firmware.commands.venue",
    "backup": "firmware.commands.backup_cmd",
    "config": "firmware.commands.config_cmd",
}
VERBOSITY = {"-v": 1, "--verbose": 1, "-vv": 2, "-vvv": 2, "-q": -1, "--quiet": -1}


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("scarab-table")
    except PackageNotFoundError:
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """``--version``, its package metadata read only when asked for (it costs a start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        print(f"scarab {version()}")
        parser.exit()


def command_word(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names (its first word that is not an option)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with only the named command's module imported (all of them when no
    known command is named: ``--help`` and a misspelt command list every one)."""
    from importlib import import_module

    parser = ScarabParser(prog="scarab", description="Scarab, the table referee and scorekeeper.")
    parser.add_argument("--version", action=VersionAction, help="print Scarab's version and exit")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="log more (-vv: debugging); anywhere on the line"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="log errors only")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    word = command_word(argv or [])
    names = [COMMANDS[word]] if word in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for name in names:
        module = import_module(name)
        register = getattr(module, "add_parsers", None) or module.add_parser
        register(sub)
    return parser


def verbosity_first(argv: list[str]) -> list[str]:
    """``-v``/``-q`` moved before the command, so ``scarab run -v`` works as ``scarab -v run``."""
    end = argv.index("--") if "--" in argv else len(argv)
    flags = [w for w in argv[:end] if w in VERBOSITY]
    return flags + [w for w in argv[:end] if w not in VERBOSITY] + argv[end:]


def wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON, read before argparse has parsed it (its
    own errors must honour ``--json`` too; argparse takes any unique prefix)."""
    words = list(argv)
    words = words[: words.index("--")] if "--" in words else words
    return any(len(w) >= 3 and "--json".startswith(w) for w in words)


def prog_of(args: argparse.Namespace) -> str:
    words = [
        getattr(args, k, None) for k in ("command", "sensor_command", "vision_command", "config_command")
    ]
    return " ".join(["scarab", *(w for w in words if w)])


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        code = dispatch(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        return pipe_closed()
    except OSError as exc:  # the system failed us (a full disk under stdout): say so, briefly
        silence_stdout()
        where = f": {exc.filename}" if exc.filename else ""
        print(f"scarab: cannot go on{where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_SYSTEM


def dispatch(argv: list[str]) -> int:
    as_json = wants_json(argv)
    argv = verbosity_first(argv)
    try:
        args = build_parser(argv).parse_args(argv)
    except UsageError as error:
        return usage(error, as_json)
    from firmware.appliance import logs

    logs.setup(-1 if args.quiet else args.verbose)
    as_json = bool(getattr(args, "json", False))
    try:
        return int(args.handler(args))
    except UsageError as error:
        error.prog = error.prog or prog_of(args)
        return usage(error, as_json)
    except LogError as error:
        return reject(error, as_json)
    except ConfigError as error:
        return reject(LogError("bad-config", str(error), None), as_json)
    except KeyboardInterrupt:
        print("scarab: interrupted", file=sys.stderr)
        return 130


def pipe_closed() -> int:
    """The reader of stdout went away (``scarab … | head``): stop quietly."""
    silence_stdout()
    return EXIT_PIPE_CLOSED


def silence_stdout() -> None:
    """Point stdout at /dev/null, as Python's docs on SIGPIPE advise, so that the
    interpreter's own flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # no real stdout (a test's capture)
        pass


if __name__ == "__main__":  # python -m firmware.cli: run the one firmware.cli the handlers import,
    from firmware.cli import main as _main  # so that its UsageError is the one caught

    sys.exit(_main())
