"""The ``scarab`` command: one console script, one subcommand per job.

Exit codes (DESIGN.md): 0 ok, 2 usage error, 3 rejected input — with
``{"error": {"code", "message", "line"?}}`` on stdout under ``--json`` — and never a
traceback for bad input: argparse's own complaints, a handler's ``UsageError``, a
``LogError`` and a ``ConfigError`` all end here as one line (or that JSON document).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from engines.replay import LogError
from firmware.errors import ConfigError

# NumPy's BLAS threads fight OpenCV's for the Pi's few cores and make a camera frame many
# times slower under load; one thread each is fastest for the small matrices used here.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

EXIT_OK, EXIT_USAGE, EXIT_REJECTED = 0, 2, 3
EXIT_PIPE_CLOSED = 1  # what Python's docs (and rich) use when the reader of stdout went away
EXIT_SYSTEM = 1  # the system failed, not the input (a full disk)


class UsageError(Exception):
    """A command line Scarab cannot act on (exit 2); ``prog`` is filled in by ``main``."""

    def __init__(self, message: str, prog: str | None = None, code: str = "usage") -> None:
        super().__init__(message)
        self.message, self.prog, self.code = message, prog, code


class ScarabParser(argparse.ArgumentParser):
    """argparse, but a bad command line raises ``UsageError`` instead of printing the
    usage block and exiting, so ``main`` reports it as one line or as JSON."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, self.prog)


# ---------------------------------------------------------------- argument types


def _number(text: str, kind: Callable[[str], Any]) -> Any:
    try:
        value = kind(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def seconds_range(low: float, high: float, above: bool = False) -> Callable[[str], float]:
    """An argparse type for a finite number of seconds from ``low`` (or, ``above``, more
    than ``low``) to ``high`` — a bound that keeps sleeps and recordings sane."""

    def parse(text: str) -> float:
        value = float(_number(text, float))
        if value > high or value < low or (above and value == low):
            span = f"above {low:g} and at most {high:g}" if above else f"{low:g} to {high:g}"
            raise argparse.ArgumentTypeError(f"must be {span} seconds, not {text}")
        return value

    return parse


seconds = seconds_range(0, 3600)  # a pause between steps
positive_seconds = seconds_range(0, 86_400, above=True)  # a wait


def port(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535."""
    value = _number(text, int)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text}")
    return int(value)


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        value = _number(text, int)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {text}")
        return int(value)

    return parse


# ------------------------------------------------------------------------ output


def emit_json(doc: Any) -> None:
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def reject(error: LogError, as_json: bool) -> int:
    """Report rejected input the way DESIGN.md promises: no traceback, exit 3."""
    if as_json:
        emit_json(error.to_json())
    else:
        where = f" (line {error.line})" if error.line is not None else ""
        print(f"scarab: rejected{where}: {one_line(error.message)} [{error.code}]", file=sys.stderr)
    return EXIT_REJECTED


def usage(error: UsageError, as_json: bool) -> int:
    """Report a bad command line: one line naming the command, exit 2."""
    if as_json:
        emit_json({"error": {"code": error.code, "message": error.message}})
    else:
        prog = error.prog or "scarab"
        print(f"{prog}: {one_line(error.message)} (see {prog} --help)", file=sys.stderr)
    return EXIT_USAGE


def one_line(text: str) -> str:
    return " ".join(str(text).split())


# ------------------------------------------------------------------------ files


LOG_BYTES = 64 << 20  # a game log of thousands of actions is well under a megabyte


def read_text_file(path: str, max_bytes: int = LOG_BYTES) -> str:
    """A user's file as text, or a LogError naming what is wrong with it. Reading stops
    after ``max_bytes``: a video or ``/dev/zero`` given by mistake is refused, not swallowed."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise LogError("unreadable-file", f"no such file: {path}", None) from None
    except IsADirectoryError:
        raise LogError("unreadable-file", f"{path} is a folder, not a file", None) from None
    except PermissionError:
        raise LogError("unreadable-file", f"no permission to read {path}", None) from None
    except OSError as exc:
        raise LogError("unreadable-file", f"cannot read {path}: {exc.strerror or exc}", None) from None
    if len(raw) > max_bytes:
        raise LogError(
            "file-too-large", f"{path} is over {max_bytes >> 20} MiB: not a file Scarab reads", None
        )
    try:
        return raw.decode("utf-8-sig")  # tolerate a byte-order mark
    except UnicodeDecodeError:
        raise LogError("unreadable-file", f"{path} is not UTF-8 text", None) from None


def check_writable(path: str | Path, make_parents: bool = False) -> Path:
    """Refuse an output file that cannot be written *before* the work that fills it (a
    recording, an enrolment), not after. ``make_parents``: missing folders are made later."""
    out = Path(path)
    if out.is_dir():
        raise LogError("unwritable", f"{out} is a folder, not a file", None)
    folder = out.parent
    if make_parents:
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise LogError("unwritable", f"cannot write {out}: {folder} {what}", None)
    target = out if out.exists() else folder
    if not os.access(target, os.W_OK):
        raise LogError("unwritable", f"cannot write {out}: no permission", None)
    return out


def listen_problem(host: str, port: int) -> str | None:
    """Why a server could not listen on ``host:port`` (an unknown host, a port in use or
    reserved), tried before anything starts; None when it can. Port 0 always can."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the web server sets it
            probe.bind(address)
    except (OSError, UnicodeError) as exc:
        return getattr(exc, "strerror", None) or str(exc)
    return None


# ------------------------------------------------------------------------ main


# Each command's module, imported only when that command runs (``scarab replay`` need not
# load the appliance, the camera's OpenCV or the web stack); every one for ``--help``.
COMMANDS = {
    "replay": "firmware.replay_cmd",
    "simulate": "firmware.simulate",
    "games": "firmware.games_cmd",
    "export": "firmware.games_cmd",
    "run": "firmware.run",
    "sensor": "firmware.sensor_cmd",
    "vision": "firmware.vision_cmd",
    "doctor": "firmware.doctor",
    "stats": "firmware.stats_cmd",
    "venue": "firmware.venue",
    "backup": "firmware.backup_cmd",
    "config": "firmware.config_cmd",
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
    from firmware import logs

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
