"""The ``scarab`` command: one console script, one subcommand per job.

Exit codes (DESIGN.md): 0 ok, 2 usage error, 3 rejected input — with
``{"error": {"code", "message", "line"?}}`` on stdout under ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from engines.replay import LogError

# NumPy's BLAS threads fight OpenCV's for the Pi's few cores and make a camera frame many
# times slower under load; one thread each is fastest for the small matrices used here.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

EXIT_OK, EXIT_USAGE, EXIT_REJECTED = 0, 2, 3


def emit_json(doc: Any) -> None:
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def reject(error: LogError, as_json: bool) -> int:
    """Report rejected input the way DESIGN.md promises: no traceback, exit 3."""
    if as_json:
        emit_json(error.to_json())
    else:
        where = f" (line {error.line})" if error.line is not None else ""
        print(f"scarab: rejected{where}: {error.message} [{error.code}]", file=sys.stderr)
    return EXIT_REJECTED


def read_text_file(path: str) -> str:
    """A user's file as text, or a LogError naming what is wrong with it."""
    try:
        with open(path, encoding="utf-8-sig") as handle:  # tolerate a byte-order mark
            return handle.read()
    except FileNotFoundError:
        raise LogError("unreadable-file", f"no such file: {path}", None) from None
    except IsADirectoryError:
        raise LogError("unreadable-file", f"{path} is a folder, not a file", None) from None
    except PermissionError:
        raise LogError("unreadable-file", f"no permission to read {path}", None) from None
    except UnicodeDecodeError:
        raise LogError("unreadable-file", f"{path} is not UTF-8 text", None) from None


def build_parser() -> argparse.ArgumentParser:
    from firmware import doctor, games_cmd, replay_cmd, run, sensor_cmd, simulate, vision_cmd

    parser = argparse.ArgumentParser(prog="scarab", description="Scarab, the table referee and scorekeeper.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    replay_cmd.add_parser(sub)
    simulate.add_parser(sub)
    games_cmd.add_parsers(sub)
    run.add_parser(sub)
    sensor_cmd.add_parser(sub)
    vision_cmd.add_parser(sub)
    doctor.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except LogError as error:
        return reject(error, getattr(args, "json", False))
    except KeyboardInterrupt:
        print("scarab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
