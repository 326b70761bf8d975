"""Why a frame or a file could not be read: a code for programs, a sentence for people."""

from __future__ import annotations


class VisionError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
