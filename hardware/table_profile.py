"""What the landslide detector has learned of one table, kept in the state directory.

Two things make a table: how loud it is at rest (the *floor*, the detector's mean
envelope while nothing is armed — learned continuously, between pulls and between games)
and how hard the players' rummaging knocks (the strongest impact-like transient of each
pull the table confirmed clean; a call the table disputed counts as rummaging too). From
these the detector sets where it asks and where it decides (``LandslideDetector.levels``).
Until ``learn_pulls`` pulls are confirmed it is *learning* and says so.

A third thing is the board's own ring: what an impact on *this* board rings at and for how
long, as the detector measures it (pawns and markers put down while nothing is armed,
confirmed landslides). A heavy board rings lower and longer than Scarab's own, a cloth
lower; the detector tells the bowl's low ring from the board's relative to it.
"""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

LEARN_PULLS = 5  # confirmed pulls before the detector trusts what it learned
KEEP = 30  # pulls remembered: a table's players change over an evening
MIN_STILL_S = 10.0  # seconds of the table at rest before its floor is trusted
SECOND_FROM = 10  # from this many remembered pulls the second loudest counts (few: the loudest)
BOARD_FROM = 3  # impacts on the board heard before its own ring is trusted


@dataclass
class TableProfile:
    floor_g: float = 0.0  # the still table's mean envelope (g); 0: not heard yet
    still_s: float = 0.0  # seconds of still table heard
    pulls: int = 0  # pulls whose outcome the table confirmed
    rummage_g: list[float] = field(default_factory=list)  # per clean pull: its strongest transient
    landslide_g: list[float] = field(default_factory=list)  # confirmed landslides' peaks
    learn_pulls: int = LEARN_PULLS
    disputed_g: list[float] = field(default_factory=list)  # calls the table took back: their peaks
    board_hz: list[float] = field(default_factory=list)  # impacts on the board: their ring frequency (Hz)
    board_ring_s: list[float] = field(default_factory=list)  # ... and ring length (s), as measured
    # the ring frequency (Hz) of each call the table took back, the newest last, aligned with
    # the newest of ``disputed_g`` (0: not known — a profile from before it was kept)
    disputed_hz: list[float] = field(default_factory=list)

    # ------------------------------------------------------------------ learning

    def hear_still(self, mean_envelope: float, seconds: float, per_s: float) -> None:
        """The table at rest for ``seconds``: follow its floor (time constant 1/``per_s``)."""
        if self.floor_g <= 0:
            self.floor_g = mean_envelope
        else:
            self.floor_g += (1 - math.exp(-seconds * per_s)) * (mean_envelope - self.floor_g)
        self.still_s += seconds

    def clean_pull(self, heard: list[float]) -> None:
        """A pull the table confirmed clean: what was heard in it was rummaging."""
        self.pulls += 1
        self.rummage_g = [*self.rummage_g, max(heard, default=0.0)][-KEEP:]

    def landslide(self, peak: float, heard: list[float]) -> None:
        """A landslide the table confirmed (called and not disputed, answered yes, or
        entered by hand): what was heard before it was rummaging."""
        self.pulls += 1
        if peak > 0:
            self.landslide_g = [*self.landslide_g, peak][-KEEP:]
        if heard:
            self.rummage_g = [*self.rummage_g, max(heard)][-KEEP:]

    def disputed(self, peak: float, freq_hz: float = 0.0) -> None:
        """A call the table took back (or a question answered no): rummaging that loud
        (counted from the second such call: one cup set down hard does not deafen it),
        ringing at ``freq_hz`` (0: not known)."""
        hz = self._disputed_hz()
        self.disputed_g = [*self.disputed_g, peak][-KEEP:]
        self.disputed_hz = [*hz, max(0.0, freq_hz)][-KEEP:]

    def retract_dispute(self, peak: float) -> None:
        """A call or question taken back turned out to be about a landslide (the pull ended
        in one just after it): it was not rummaging after all."""
        hz = self._disputed_hz()
        for k in range(len(self.disputed_g) - 1, -1, -1):
            if self.disputed_g[k] == peak:
                self.disputed_g = self.disputed_g[:k] + self.disputed_g[k + 1 :]
                self.disputed_hz = hz[:k] + hz[k + 1 :]
                return

    def _disputed_hz(self) -> list[float]:
        """``disputed_hz`` aligned with ``disputed_g`` (the older calls' rings not known: 0)."""
        n = len(self.disputed_g)
        hz = self.disputed_hz[-n:] if n else []
        return [0.0] * (n - len(hz)) + hz

    def board_impact(self, freq_hz: float, ring_s: float) -> None:
        """An impact on the board itself (a pawn put down while nothing is armed, a
        confirmed landslide): how this board rings."""
        self.board_hz = [*self.board_hz, freq_hz][-KEEP:]
        self.board_ring_s = [*self.board_ring_s, ring_s][-KEEP:]

    # ------------------------------------------------------------------ reading

    def board_ring(self) -> tuple[float, float] | None:
        """The board's own ring (Hz, s): the medians of the impacts heard on it (a median:
        a cup set down or a hand on the bowl among them does not move it); None before
        ``BOARD_FROM`` were heard."""
        if len(self.board_hz) < BOARD_FROM or len(self.board_ring_s) < BOARD_FROM:
            return None
        return float(statistics.median(self.board_hz)), float(statistics.median(self.board_ring_s))

    @property
    def learning(self) -> bool:
        return self.pulls < self.learn_pulls

    def rummage_level(self) -> float | None:
        """The rummaging's loudest transient over the remembered pulls — the second
        loudest once there are ten (five pulls' knocks are too few to know their loudest) —
        or the second loudest call the table took back, if louder (one cup set down hard
        does not deafen the detector for the evening); None before anything was heard."""
        if not self.rummage_g and len(self.disputed_g) < 2:
            return None
        ranked = sorted(self.rummage_g, reverse=True)
        clean = (ranked[1] if len(ranked) >= SECOND_FROM else ranked[0]) if ranked else 0.0
        return max(clean, self.disputed_level())

    def disputed_level(self, freq_hz: float = 0.0, within: float = 0.0) -> float:
        """The second loudest call the table took back (0 before two were): how loud a call
        of nothing can be (one cup set down hard does not count alone). Given an impact's
        ring ``freq_hz`` and a factor ``within`` (> 1), only the calls that rang within that
        factor of it count (and those whose ring is not known): a knuckle on the bowl taken
        back says nothing of an impact ringing the board three times higher."""
        peaks = self.disputed_g
        if freq_hz > 0 and within > 1:
            peaks = [
                g
                for g, hz in zip(self.disputed_g, self._disputed_hz(), strict=True)
                if hz <= 0 or freq_hz / within <= hz <= freq_hz * within
            ]
        if len(peaks) < 2:
            return 0.0
        return sorted(peaks, reverse=True)[1]

    # ------------------------------------------------------------------ storage

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> TableProfile:
        if not isinstance(data, dict):
            raise ValueError("a table profile must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown table profile key {sorted(unknown)[0]!r}")
        profile = cls()
        for key, value in data.items():
            if isinstance(value, list):
                if not all(_number(v) and v >= 0 for v in value):
                    raise ValueError(f"table profile key {key!r} must list numbers")
                setattr(profile, key, [float(v) for v in value][-KEEP:])
            elif _number(value) and value >= 0:
                setattr(profile, key, int(value) if key in ("pulls", "learn_pulls") else float(value))
            else:
                raise ValueError(f"table profile key {key!r} must be a number")
        return profile

    @classmethod
    def load(cls, path: Path | str) -> TableProfile:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"cannot read table profile {path}: {exc}") from None

    def save(self, path: Path | str) -> None:
        """Written whole to a temporary file and renamed: a power cut leaves the old one."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(target.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(target)


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float) and math.isfinite(value)
