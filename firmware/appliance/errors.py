"""Errors every command may end in, kept apart from the modules that raise them so the CLI
can catch them without importing those (the config's pydantic model costs a start-up)."""

from __future__ import annotations


class ConfigError(Exception):
    """A config file Scarab cannot use; the message names the file and the key (``key``,
    e.g. ``table.game``, when one key is to blame)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key
