"""Tutankhamen, both editions."""

from engines.tutankhamen.game import Tutankhamen

__all__ = ["Tutankhamen"]
