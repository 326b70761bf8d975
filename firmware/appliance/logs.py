"""Scarab's log: the standard ``logging`` module, one logger per subsystem, into the journal.

Loggers are named ``scarab.<subsystem>`` (``SUBSYSTEMS``). Under systemd, when stderr is
the journal (``JOURNAL_STREAM`` names it), each line carries its syslog priority as a
``<N>`` prefix, which journald files as the entry's priority (``journalctl -p warning``);
the journal's own handler is used instead where python3-systemd is installed. On a
terminal a line is ``scarab: message`` (with the subsystem and level under ``-v``). The
level: warnings on a terminal and information in the journal by default; ``-v`` adds
information, ``-vv`` debugging, ``-q`` leaves only errors.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

SUBSYSTEMS = ("run", "camera", "vision", "sensor", "store", "web", "config", "install")
# syslog priorities (sd-daemon(3)): 2 crit, 3 err, 4 warning, 5 notice, 6 info, 7 debug
PRIORITIES = {logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6, logging.DEBUG: 7}


def priority(level: int) -> int:
    """The syslog priority of a ``logging`` level (levels between take the lower one's)."""
    for threshold in (logging.CRITICAL, logging.ERROR, logging.WARNING, logging.INFO):
        if level >= threshold:
            return PRIORITIES[threshold]
    return PRIORITIES[logging.DEBUG]


class JournalPrefixFormatter(logging.Formatter):
    """Every line of a record prefixed ``<N>``: journald reads the priority from each line."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        prefix = f"<{priority(record.levelno)}>"
        return "\n".join(prefix + line for line in text.splitlines() or [""])


def stderr_is_journal(stream: TextIO | None = None) -> bool:
    """Whether stderr is connected to the journal (systemd sets ``JOURNAL_STREAM`` to the
    device and inode of the stream it gave the service)."""
    value = os.environ.get("JOURNAL_STREAM", "")
    try:
        device, inode = (int(part) for part in value.split(":"))
        info = os.fstat((stream or sys.stderr).fileno())
    except (ValueError, OSError, AttributeError):
        return False
    return (info.st_dev, info.st_ino) == (device, inode)


def setup(verbosity: int = 0, stream: TextIO | None = None) -> logging.Logger:
    """Configure the ``scarab`` loggers once for this process; ``verbosity`` is the count of
    ``-v`` (``-1`` for ``-q``). Returns the parent logger."""
    stream = stream or sys.stderr
    journal = stderr_is_journal(stream)
    if verbosity < 0:
        level = logging.ERROR
    elif verbosity == 0:
        level = logging.INFO if journal else logging.WARNING
    else:
        level = logging.INFO if verbosity == 1 else logging.DEBUG
    root = logging.getLogger("scarab")
    for old in list(root.handlers):
        root.removeHandler(old)
    handler: logging.Handler | None = None
    if journal:
        try:
            from systemd.journal import JournalHandler  # python3-systemd, where installed

            handler = JournalHandler(SYSLOG_IDENTIFIER="scarab")
        except ImportError:
            handler = logging.StreamHandler(stream)
            handler.setFormatter(JournalPrefixFormatter("%(name)s: %(message)s"))
    else:
        handler = logging.StreamHandler(stream)
        shape = "%(name)s %(levelname)s: %(message)s" if verbosity > 0 else "scarab: %(message)s"
        handler.setFormatter(logging.Formatter(shape))
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False
    return root
