"""What every ``scarab`` subcommand shares: the exit codes, ``UsageError`` and the parser
that raises it, argparse types, JSON output, the rejected-input and usage reports, and
reading or checking the user's files.

A module of its own so that the subcommands import it and ``firmware.cli`` (which loads
the subcommands by name) imports nothing that imports it back.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from engines.replay import LogError

# NumPy's BLAS threads fight OpenCV's for the Pi's few cores and make a camera frame many
# times slower under load; one thread each is fastest for the small matrices used here.
# Set when any command's module is imported, before NumPy loads.
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
