"""The landslide detector: accelerometer samples in, landslide events out, as they happen.

A landslide is an impact on the board: a sharp, short burst of acceleration that rings at
the board's own frequencies, far above what a careful hand in the trap makes. Per burst of
samples (the FIFO's, or one sample at a time) the detector

1. high-passes each axis (the sample minus the mean of the ±5 ms around it: a linear-phase
   filter that removes gravity, tilt and the hand's slow pushing, delay 5 ms);
2. takes the envelope: √(2 · mean over 6 ms of |h|²), about the peak of a ringing impact;
3. also keeps a low band (20 ms mean minus a 0.5 s baseline): the table swaying when
   someone bumps it, or the trap being shoved;
4. waits for the envelope to cross the ask level (armed, also a fainter *listen* level:
   the rummaging's own knocks are judged to learn them, never reported), then judges the
   impulse once it has peaked: its ring frequency, how long it rings, how much the table
   swayed and shifted, each against what was there just before (a knuckle on the bowl
   rings low and long, a nudge moves the table; both are refused however strong) — "low"
   and "long" against this board's own ring once heard (pawns put down while nothing is
   armed, confirmed landslides: a heavy board's landslides ring where Scarab's knuckles
   do), and its
   peak against three levels — ask, decide, sure — that follow what the detector has
   learned of the table (``TableProfile``: the still table's floor, the loudest rummaging
   of the pulls the table confirmed) and, before anything is confirmed, what it heard
   well before each pull ended (a landslide ends a pull: what came earlier was the room);
5. reports ``Landslide(t, kind, strength, decided, verdict)`` at once — ``sure``, ``likely``
   or ``ask`` — then ignores the bounces and the roll for ``refractory_s`` (after a mere
   question only until it has died down); a far stronger impact meanwhile is judged anew.

The staff's fall shows as two hits a few milliseconds apart (its tip, then the rod); such
a double hit is called ``staff``; anything else is a ``boulder``.

Work is O(1) per sample: the filters are running means over a few milliseconds, computed
per burst with NumPy; Python walks sample by sample only through a candidate. Only an
armed detector (the active player is pulling) reports; unarmed it learns the table at rest.
``SwitchDetector`` does the same for a digital vibration switch's level.
"""

from __future__ import annotations

import collections
import json
import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from hardware.motion import Sample
from hardware.table_profile import TableProfile
from hardware.trace_io import steady_rate as steady_rate  # re-exported: the CLI imports it here

BOULDER, STAFF = "boulder", "staff"
SURE, LIKELY, ASK = "sure", "likely", "ask"


@dataclass(frozen=True)
class Landslide:
    t: float  # the impact's onset (s, the samples' clock)
    kind: str  # boulder or staff
    strength: float  # peak of the impact's envelope (g); for a switch, the share of the window it was shaken
    decided: float = 0.0  # the time of the newest sample when it was reported
    verdict: str = "sure"  # sure: called alone; likely: called where nobody can be asked; ask: a question
    score: float = 0.0  # the peak over the level it is decided at (> 1: called)

    @property
    def sure(self) -> bool:
        return self.verdict == SURE

    def to_json(self) -> dict[str, Any]:
        return {"t": round(self.t, 4), "kind": self.kind, "strength": round(self.strength, 4)}


@dataclass
class Settings:
    """The detector's tuning; ``calibrate`` fits ``threshold_g`` and ``noise_g`` to a room."""

    threshold_g: float = 0.1  # cold: an impact's envelope from this is called
    noise_g: float = 0.0  # the room's mean envelope when calibrated (0: not calibrated)
    noise_factor: float = 3.0  # the threshold never falls below this × the room's floor ...
    noise_window: float = 1.0  # ... which shrinks with the envelope's window above 800 Hz: a still
    # table's envelope strays less far above its mean the more samples its window averages (over
    # ten still minutes its highest point was 2.84 × its mean at 400 Hz, 2.22 × at 800, 1.86 × at
    # 1600, 1.57 × at 3200), as 1 + 2/√n for an n-sample window against 800 Hz's five — never
    # grows (1: so; 0: this × the floor at every rate)
    double_hit_ratio: float = 1.0  # unused; kept so older calibration files still load
    ask_g: float = 0.075  # cold: from this an impact is worth a question
    sure_g: float = 0.15  # cold: from this an impact is called without asking
    min_g: float = 0.045  # a learned threshold never falls below this
    rummage_margin: float = 1.3  # a learned threshold sits this far above the loudest clean rummaging
    max_learned: float = 2.0  # ... and at most this far above the cold threshold (what the table
    # confirmed: glasses set down on a glass top at up to 1.7 x the cold level in clean pulls)
    taken_back_margin: float = 1.05  # a clean impact is called from the cold decide level, or if
    # higher from this × the second loudest call the table took back, however high the level
    # learned from the rummaging: what was heard and never called is no call of nothing
    dispute_within: float = 1.5  # ... of the calls taken back that rang within this factor of
    # its ring frequency (a knuckle on the bowl taken back says nothing of a boulder ringing the
    # board three times higher: a stone table's hard knuckles made it deaf to its landslides)
    lower_pulls: float = 10.0  # a learned level below the cold one is reached over this many pulls
    # (five pulls' knocks are too few to know their loudest: lowering it at once called them)
    double_bonus: float = 1.0  # a double hit (the staff's tip, then its rod) counts this much more
    min_freq_hz: float = 60.0  # impacts on the board ring above this; a knuckle on the bowl, a hum below
    freq_doubt_hz: float = 15.0  # this close above min_freq_hz: asked, not called alone
    loud_g: float = 0.35  # this loud, a low ring is still an impact (a boulder on a soft cloth)
    bowl_hz: float = 85.0  # a ring below this that also sways the low band is the bowl knocked ...
    bowl_sway: float = 0.35  # ... from this low band / peak (refused; from 0.25 only asked)
    bowl_loud_g: float = 0.2  # ... unless this loud: a knuckle does not ring the board so hard ...
    bowl_long_loud_g: float = 0.3  # ... but one ringing longer than ``leak_ring`` × the board's own
    # (both corrected for the envelope's high pass) is the bowl's long mode up to this loud: a
    # board struck however hard rings like the board (a hard knuckle: up to 0.3 g)
    vertical_min: float = 1 / 3  # an impact with less of its energy along gravity than this share
    # (a shake with no direction of its own has a third) did not strike the board from above —
    # whose bending modes ring out of its plane — but shook it sideways: the bowl knocked by a
    # knuckle, a boulder knocking the trap's wall, a kicked leg; asked at most, never called
    doubt_vertical: float = 0.5  # an impact that may have moved the table (``sway_doubt``,
    # ``shift_doubt``) is asked, not called, unless at least this share of its energy is along
    # gravity: a nudged table's board rattles against its frame as much sideways as up
    bowl_ring_s: float = 0.040  # ... and rings this long (4 × its energy / peak²): a board on a cloth
    # rings as low, but not as long as the bowl's own mode
    # The four numbers above are Scarab's own board's. Once the detector has heard this
    # table's board (TableProfile.board_ring) they scale with its ring against these:
    board_ring_hz: float = 152.0  # what a pawn put down on Scarab's own board rings at, as measured
    board_ring_s: float = 0.014  # ... and its measured ring length (at 750 Hz and above)
    short_ring: float = 0.7  # below the sure level, ringing shorter than this × the board's own
    # (once heard) is asked, not called: a cup or a glass set down on the table rings short
    damped_low: float = 0.7  # cold levels scale with the board's ring down to this × (a lower
    # ring: a cloth or a heavier board, which carry an impact less; never up)
    board_scale_low: float = 0.5  # the scale is kept within this ...
    board_scale_high: float = 2.0  # ... and this
    heard_margin: float = 1.3  # cold: decide this far above the rummaging heard in unconfirmed pulls ...
    heard_low: float = 1.0  # ... within this × the cold threshold (never more sensitive: unconfirmed) ...
    heard_high: float = 1.6  # ... and this × (cups or glasses set down hard, a rough hand)
    heard_pulls: float = 5.0  # ... once this many pulls were heard
    heard_before_s: float = 2.0  # ... counting what was heard this long before a pull ended
    listen_g: float = 0.045  # armed, impacts from this are judged (never reported) to learn the rummaging
    listen_floor: float = 2.5  # ... and from this × the floor
    reopen: float = 2.0  # after a call, an impact this much stronger than the call is judged anew
    sway_veto: float = 0.6  # low band / peak above which it is the table or the trap moving
    ring_leak: float = 1.0  # × the share of the impact's own ring the low band lets through, taken
    # off the sway before the sway veto (a low ring leaks into a 20 ms mean: not the table moving)
    # — for a ring no longer than ``leak_ring`` × the board's own (the bowl's long mode sways whole)
    leak_ring: float = 2.0
    shift_veto: float = 0.45  # the table's shift over the impact / peak above which it was nudged
    shift_load: float = 0.7  # ... unless the table hardly swayed (at most ``sway_doubt``) and at
    # least this share of the impact's energy is along gravity, the board plainly struck from above:
    # a nudged table sways as it moves and its board rattles sideways, while a staff leaning out of
    # the trap or a boulder leaving the pile moves the trap's load under a landslide's ring (still
    # doubtful; 0: vetoed, as before)
    sway_doubt: float = 0.35  # above this low band / peak a call is asked, not made alone
    shift_doubt: float = 0.25  # likewise the shift / peak
    doubt_double: float = 1.0  # a doubtful double hit (two impacts 4-15 ms apart: a staff's tip and
    # rod) struck from above and ringing like the board is judged at the clean level, not the one
    # learned over the rough hand: a cup set down, a nudge's rattle is one impact (0: never)
    double_short: float = 1.0  # a double hit (a staff's tip and its rod) struck from above, ringing
    # like the board and at least ``board_ring_s`` long is no cup for ringing shorter than this
    # board's own: a cup or a glass set down strikes once, and two impacts that ring short are a
    # damped board struck twice (0: as any impact)
    double_energy: float = 1.0  # ... and judged by its energy once the table is learned, as a clean
    # one is (``energy_cap``), however long it rings past the board's own: its second rise shows
    # the two impacts ``doubt_energy_ring`` otherwise needs a far longer ring for (0: never)
    loud_sideways: float = 2.0  # a clean impact ringing like the board at least this × the sure level,
    # with at least ``sideways_floor`` of its energy along gravity, is no board shaken sideways: a
    # staff's tip and rod, a boulder and its bounce ringing together beat their vertical shares
    # against each other as their sideways ones do not (called ``likely``, never ``sure``; 0: never)
    sideways_floor: float = 0.25  # (a knuckle's ring on the bowl, struck from the side: about a quarter)
    doubt_short: float = 1.25  # a doubtful impact ringing like the board but short (a cup?) is asked
    # only below the cold sure level or this × the level it is judged at, as a clean one is: a
    # boulder on a damped board rings short, and a staff's lean moves the trap (0: at any strength)
    busy_ratio: float = 2.5  # an impact less than this × the envelope's mean over the last
    # ``busy_s`` before it (a rumble, a hum swelling: the room itself loud) is asked, not called
    busy_s: float = 0.25
    busy_energy: float = 1.0  # ... the impact taken as what it is judged by: its energy where
    # ``energy_cap`` applies (after five pulls, a long ring struck from above), else its peak (0:
    # its peak always)
    energy_cap: float = 1.4  # learned (five pulls confirmed): a clean impact struck from above
    # that rings longer than the board's own — and than ``board_ring_s`` — is judged by its
    # energy over the first 25 ms, as the peak a ring as long as the board's would need to carry
    # it, up to this × its peak (a weak staff's tip and rod; 1: by its peak alone)
    doubt_energy_ring: float = 1.5  # ... and so is a doubtful one (the table may have moved:
    # still against at least the cold level) ringing at least this × the board's own — far
    # longer than one impact on this board: a weak staff's tip and rod (0: never)
    low_long: float = 0.7  # a doubtful impact ringing below the bowl's frequency is judged by its
    # energy only with at least this share of it along gravity: a knock in the trap (mostly
    # sideways) on a hollow box booming at its own low mode rings low and long, half along
    # gravity, one impact and a second mode, not a tip and its rod; a boulder's bounce on the
    # board rings low and long too, struck from above (0: any share, as before)
    low_sideways: float = 1.0  # ... and such an impact is asked, never called: the table may have
    # moved, it rings where the board's impacts do not (under the bowl's frequency) and too little
    # of it is along gravity for the board struck from above — a knock in the trap on a booming
    # box, whose peak alone may be over the level it is judged at (the share: ``low_long``; 0: judged
    # by its peak, as before)
    bowl_above: float = 0.75  # a low, long ring with at least this share of its energy along gravity
    # is no bowl knocked: a knuckle knocks the bowl from the side (its mode about a quarter along
    # gravity), while a boulder landing on a heavy or damped board, struck plainly from above, may
    # ring as low and long as the bowl does (above the 0.7 of ``low_long`` and ``shift_load``: a
    # knock in the trap on a booming games chest measured 0.70; 0: any share, as before)
    window_s: float = 0.020  # how long after the onset the impulse is judged
    max_impulse_s: float = 0.12  # an envelope still above half its peak after this is no impact
    lf_veto: float = 2.0  # low band / impulse peak above which it is a bump, not a landslide
    refractory_s: float = 1.0  # one landslide per this long: bounces and rolling are ignored
    hp_half_s: float = 0.005
    env_s: float = 0.006
    lf_s: float = 0.020
    baseline_s: float = 0.5
    switch_window_s: float = 0.020  # switches: judged over this long after the first chatter
    switch_min_share: float = 0.25  # switches: shaken at least this share of the window

    def to_json(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise ValueError("a calibration must be a JSON object")
        known = {f.name for f in fields(cls)}
        values = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown calibration key {key!r}")
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise ValueError(f"calibration key {key!r} must be a number")
            values[key] = float(value)
        return cls(**values)

    @classmethod
    def load(cls, path: Path | str) -> Settings:
        """A calibration file written by ``scarab sensor calibrate``."""
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"cannot read calibration {path}: {exc}") from None

    def save(self, path: Path | str) -> None:
        """Only what differs from the defaults: a file keeps what was fitted, not the
        tuning of the version that wrote it."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        default = Settings().to_json()
        fitted = {k: v for k, v in self.to_json().items() if v != default[k]}
        target.write_text(json.dumps(fitted, indent=2) + "\n", encoding="utf-8")


def _samples(seconds: float, rate: float) -> int:
    return max(1, round(seconds * rate))


def _envelope_samples(env_s: float, rate: float) -> int:
    """The envelope's window in samples: at low rates a ring needs a few samples."""
    return max(4, _samples(env_s, rate))


class _LowBand:
    """One burst's low band — the last ``lf_s``'s mean minus the slow baseline, per sample —
    made only when a candidate asks for it (its sway): most bursts are nowhere near one."""

    __slots__ = ("_baseline", "_ends", "_low", "_n", "_starts")

    def __init__(self, ends: np.ndarray, starts: np.ndarray, n: int, baseline: list[float]) -> None:
        self._ends, self._starts, self._n, self._baseline = ends, starts, n, baseline
        self._low: np.ndarray | None = None

    @classmethod
    def zeros(cls, n: int) -> _LowBand:
        band = cls(np.zeros((0, 3)), np.zeros((0, 3)), 1, [0.0, 0.0, 0.0])
        band._low = np.zeros(n)
        return band

    def low(self) -> np.ndarray:
        if self._low is None:
            drift = (self._ends - self._starts) / self._n - self._baseline
            self._low = np.sqrt(np.einsum("ij,ij->i", drift, drift))
        return self._low


def _first(env: np.ndarray, start: int, stop: int, level: float, inclusive: bool = False) -> int:
    """The first index from ``start`` before ``stop`` where ``env`` is above ``level`` (or
    reaches it, ``inclusive``); ``stop`` if none is."""
    if stop <= start:
        return stop
    part = env[start:stop]
    top = part.max()
    if top < level or (top == level and not inclusive):
        return stop
    return start + int(np.argmax(part >= level if inclusive else part > level))


class LandslideDetector:
    """Streaming detector for one accelerometer at a steady ``rate_hz``.

    ``profile`` is what it has learned of the table (``TableProfile``; a fresh one when
    not given): the still table's noise floor and the rummaging's strongest transients.
    ``adapt_armed`` lets it learn the floor while armed too — for a whole trace judged as
    one pull (``scarab sensor detect``), where nothing is ever disarmed."""

    IDLE, JUDGING, BUSY, REFRACTORY = range(4)

    def __init__(
        self,
        rate_hz: float,
        settings: Settings | None = None,
        armed: bool = True,
        profile: TableProfile | None = None,
        adapt_armed: bool = False,
    ) -> None:
        # adapt_armed: a whole trace judged as one long pull (`scarab sensor detect`): the
        # floor is followed while armed too, and since nobody confirms anything, what was
        # heard may only make it more sensitive than the cold default, never deafer
        if not rate_hz > 0:
            raise ValueError("the sample rate must be positive")
        self.rate = float(rate_hz)
        self.settings = s = settings or Settings()
        self.profile = profile if profile is not None else TableProfile()
        self.adapt_armed = adapt_armed
        self.armed = armed
        self.half = _samples(s.hp_half_s, self.rate)
        self.n_env = _envelope_samples(s.env_s, self.rate)
        # no level below this × the floor: what the still table's envelope reaches above its mean
        own = 1 + 2 / math.sqrt(_envelope_samples(s.env_s, 800.0))
        self.floor_factor = s.noise_factor * min(1.0, (1 + 2 / math.sqrt(self.n_env)) / own) ** s.noise_window
        self.n_lf = _samples(s.lf_s, self.rate)
        self.n_window = _samples(s.window_s, self.rate)
        self.n_max = _samples(s.max_impulse_s, self.rate)
        self.n_refractory = _samples(s.refractory_s, self.rate)
        self.n_pre = _samples(0.05, self.rate)
        self.keep = max(2 * self.half + 1, self.n_lf)  # raw samples carried between bursts
        self.raw = np.zeros((0, 3))
        self.t_prev = np.zeros(0)  # the last ``half`` sample times before this burst
        self.burst_t = np.zeros(0)  # this burst's sample times
        self.e_tail = np.zeros(self.n_env)  # |h|² carried for the envelope's running mean
        self.baseline: list[float] | None = None  # per axis (three floats: cheaper than NumPy)
        self._gains: dict[int, tuple[float, float]] = {}  # per burst length: the running means' gains
        if s.noise_g > 0 and self.profile.floor_g <= 0:
            self.profile.floor_g = s.noise_g  # a calibration's measured room
        self.noise_alpha_per_s = 1.0 / 10.0
        # the low band of this burst and of those before it, back over at least n_pre samples
        self.lf_recent: collections.deque[_LowBand] = collections.deque(
            [_LowBand.zeros(self.n_pre)], self.n_pre + 1
        )
        self.n_wide = _samples(0.012, self.rate)  # the features' high pass: ±12 ms (from ~25 Hz)
        self.n_before = _samples(0.025, self.rate)  # the background just before an onset
        self.hist: collections.deque[tuple[int, np.ndarray]] = collections.deque()  # (first index, raw)
        self.hist_keep = self.n_max + self.n_env + self.n_before + 2 * self.n_wide + self.half + 8
        self.fed = 0  # raw samples fed
        self.state = self.IDLE
        self.count = 0  # samples seen (in the delayed, filtered domain)
        self._reset_candidate()
        self.events: list[Landslide] = []
        self.heard: list[float] = []  # this pull's impact-like transients that were not called
        self.heard_t: list[float] = []  # ... and their onsets (s)
        self.pull_top = 0.0  # the loudest envelope of this pull outside any candidate
        self.features: list[dict[str, float]] | None = None  # set to a list to keep every judgement
        self.candidates = 0
        self.vetoed = 0
        # per pull, confirmed or not: its loudest impact-like transient well before its end
        self.unconfirmed: collections.deque[float] = collections.deque(maxlen=30)
        self.heard_level = 0.0  # the second loudest of them, once enough pulls were heard (0: not yet)
        self.pull_peaks: list[tuple[float, float]] = []  # this pull's impact-like transients (t, peak)
        self.now = 0.0  # the newest sample's time
        self.last_score = 0.0
        self.cold_decide = self.settings.threshold_g  # the decide level before anything was learned
        self.last_shape = (0.0, 0.0)  # the last judged impact's ring (Hz, s)
        self.called_shapes: dict[float, tuple[float, float]] = {}  # the last calls: peak -> ring
        self.reported_t: dict[float, float] = {}  # the last reports: peak -> onset (s)
        self.sideways: set[float] = set()  # ... those of them that shook the board sideways
        self.disputes: list[tuple[float, float]] = []  # taken back in this pull: (onset, peak)
        self.ended = 0.0  # when the last pull ended (s)
        self._scale_key: tuple[int, int, float, int] = (0, 0, 0.0, 0)
        self._levels_key: tuple[object, ...] = ()  # what levels() last followed ...
        self._levels = (0.0,) * 7  # ... and what it made of it
        self.clean_decide = self.settings.threshold_g  # a clean impact's decide level (levels())
        self.heard_decide = self.settings.threshold_g  # the cold decide level, the room heard included
        self.heard_sure = self.settings.sure_g  # ... and the cold sure level
        self._scale = (1.0, 1.0)
        self.n_smooth = max(1, round(self.rate / 800))  # above 800 Hz the ring is measured smoothed
        self.recent_g = 0.0  # the envelope's mean over the last busy_s (running, per burst)
        self.onset_bg = 0.0  # ... as it was when the candidate began
        self.vertical = 1.0  # the judged impact's share of its energy along z (out of the board)

    # ------------------------------------------------------------------ control

    def arm(self) -> None:
        self.armed = True
        self.heard, self.heard_t, self.pull_top, self.pull_peaks = [], [], 0.0, []

    def disarm(self) -> None:
        if self.armed:  # what this pull's rummaging sounded like, confirmed or not: a landslide
            # ends the pull, so what was heard (or called) well before its end was not one
            before = [p for t, p in self.pull_peaks if t <= self.now - self.settings.heard_before_s]
            self.unconfirmed.append(max(before, default=0.0))
            ranked = sorted(self.unconfirmed, reverse=True)
            if len(ranked) >= self.settings.heard_pulls:
                self.heard_level = ranked[1]  # the second loudest pull: one cup dropped does not deafen it
            self.ended = self.now
        self.armed = False
        if self.state == self.JUDGING:
            self.state = self.BUSY

    def confirm(self, outcome: str, peak: float = 0.0) -> None:
        """What the table said of the pull being armed or just disarmed: ``clean`` (confirmed
        clean: what was heard was rummaging), ``landslide`` (of ``peak`` g, 0 when the sensor
        missed it) or ``disputed`` (a call or a question answered no: ``peak`` was rummaging).

        Of a pull that ended in a landslide only what came before the landslide counts as
        rummaging: before the onset of the landslide it reported, or — one it missed —
        ``heard_before_s`` before the pull's end (a landslide ends its pull), as for the
        cold levels. Later, what was heard may have been the landslide itself, missed (too
        weak to ask about), and what was taken back may have been about it (its bounce
        called late): learnt as rummaging they raise the level, and more such landslides
        are missed (a thick cloth's)."""
        heard = self.heard or ([self.pull_top] if self.pull_top > 0 else [])
        if outcome == "clean":
            self.profile.clean_pull(heard)
        elif outcome == "landslide":
            onset = self.reported_t.get(peak) if peak > 0 else None
            end = self.now if self.armed else self.ended
            cut = onset if onset is not None else end - self.settings.heard_before_s
            if self.heard:
                heard = [p for t, p in zip(self.heard_t, self.heard, strict=True) if t <= cut]
            self.profile.landslide(peak, heard)
            for t, disputed in self.disputes:
                if t > cut:
                    self.profile.retract_dispute(disputed)
            shape = self.called_shapes.pop(peak, None)
            if shape is not None:  # a landslide is an impact on the board: how it rings
                self.profile.board_impact(*shape)
        elif outcome == "disputed":
            if peak in self.sideways:  # asked only for shaking the board sideways: nothing learnt of
                return  # what may be called (the bowl knocked hard would deafen it to the board)
            self.profile.disputed(peak, self.called_shapes.get(peak, (0.0, 0.0))[0])
            self.disputes.append((self.reported_t.get(peak, self.now), peak))
            return
        else:
            raise ValueError(f"unknown outcome {outcome!r}")
        self.heard, self.heard_t, self.pull_top, self.disputes = [], [], 0.0, []

    @property
    def noise(self) -> float:
        return self.profile.floor_g

    def levels(self) -> tuple[float, float, float]:
        """(ask, decide, sure) in g: a candidate's peak from ``ask`` is worth a question,
        from ``decide`` it is called when nobody can be asked, from ``sure`` it is called
        without asking. They follow the learned table: the floor, and once pulls have been
        confirmed, the strongest transients of clean rummaging. Asked every burst, they are
        worked out again only when what they follow changed — all of it but the floor,
        which moves every burst while disarmed and is applied last (the settings are read
        as the detector's own: changing them after it was made is not followed)."""
        p = self.profile
        key = (p, self.heard_level, self.adapt_armed, p.pulls, p.learn_pulls, tuple(p.rummage_g),
               tuple(p.disputed_g), tuple(p.disputed_hz), len(p.board_hz),
               p.board_hz[-1] if p.board_hz else 0.0, len(p.board_ring_s))  # fmt: skip
        if key != self._levels_key:
            self._levels_key, self._levels = key, self._learned_levels()
        ask, decide, sure, self.cold_decide, clean, self.heard_decide, self.heard_sure = self._levels
        floor = self.floor_factor * p.floor_g
        decide = max(decide, floor)
        self.clean_decide = min(decide, max(clean, floor))
        return max(min(ask, self.clean_decide), 0.5 * floor), decide, max(sure, decide)

    def clean_level(self, decide: float, freq: float) -> float:
        """The decide level for a clean impact ringing at ``freq`` Hz (``decide``: the level
        it would be judged at otherwise): the cold level (the room heard included), or 1.05 ×
        the second loudest call taken back that rang like it (within ``dispute_within``) if
        higher — never above ``decide``, nor below the floor's."""
        s = self.settings
        if decide <= self.heard_decide:
            return min(decide, self.clean_decide)
        taken_back = s.taken_back_margin * self.profile.disputed_level(freq, s.dispute_within)
        floor = self.floor_factor * self.profile.floor_g
        return min(decide, self.clean_decide, max(self.heard_decide, taken_back, floor))

    def _learned_levels(self) -> tuple[float, float, float, float, float, float, float]:
        """``levels`` before the floor, the cold decide level, and the decide level for a
        clean impact on the board: learning never makes the detector deafer to one than it
        was cold (heard pulls included) unless the table took back calls that loud."""
        s = self.settings
        p = self.profile
        ask, decide, sure = s.ask_g, s.threshold_g, s.sure_g
        if s.noise_g <= 0:  # a board heard ringing lower carries less: a cloth, a heavier board
            damp = self._board_scale()[0]
            ask, decide, sure = (x * min(1.0, max(s.damped_low, damp)) for x in (ask, decide, sure))
        cap = s.max_learned * decide
        cold_decide = decide
        if s.noise_g > 0:  # calibrated: the fitted threshold decides, and a little below it asks
            ask, sure = min(ask, 0.8 * decide), 1.25 * decide
        if self.heard_level > 0:
            # pulls were heard: how loud this room's rummaging and cups are, from what was heard
            # well before each pull ended (a landslide ends a pull) — calibrated too: twenty
            # seconds of a still table and a careful hand never heard a cup set down
            heard = self.heard_level
            decide = min(max(s.heard_margin * heard, s.heard_low * decide), s.heard_high * decide)
            sure = max(sure, 1.25 * decide)
        heard_decide, heard_sure = decide, sure
        rummage = p.rummage_level()
        if rummage is not None:
            weight = min(1.0, p.pulls / max(1, p.learn_pulls))
            learned_decide = min(max(s.min_g, s.rummage_margin * rummage), cap)
            if self.adapt_armed:
                learned_decide = min(learned_decide, decide)
            if learned_decide < decide:  # more sensitive: only as fast as the loudest knock is known
                weight = min(1.0, p.pulls / max(1.0, s.lower_pulls))
            decide = weight * learned_decide + (1 - weight) * decide
            ask = weight * 0.85 * decide + (1 - weight) * min(ask, decide)
            sure = decide * (1.25 if weight >= 1 else 1.6)
            ask = min(ask, heard_decide)  # what cold would call is at least asked about
        clean = decide
        if decide > heard_decide:  # the rummaging heard, never called, is no call of nothing
            clean = min(decide, max(heard_decide, s.taken_back_margin * p.disputed_level()))
        return ask, decide, sure, cold_decide, clean, heard_decide, heard_sure

    @property
    def threshold(self) -> float:
        return self.levels()[1]

    def _reset_candidate(self) -> None:
        self.onset = 0
        self.onset_t = 0.0
        self.peak = 0.0
        self.peak_at = 0
        self.trough = math.inf
        self.second = 0.0
        self.lf_peak = 0.0
        self.quiet_run = 0
        self.until = 0
        self.trail: list[tuple[int, float, float]] = []  # (index, time, envelope) since the onset
        self.early = 0.0  # the trail's highest envelope before its last n_env samples

    # ------------------------------------------------------------------ input

    def feed_samples(self, samples: Iterable[Sample]) -> list[Landslide]:
        rows = [(s.t, s.ax, s.ay, s.az) for s in samples]
        if not rows:
            return []
        block = np.asarray(rows, dtype=float)
        return self.feed(block[:, 0], block[:, 1:])

    def feed(self, t: np.ndarray, acc: np.ndarray) -> list[Landslide]:
        """One burst: times (s) and accelerations (n × 3, g). Returns the landslides
        decided within it.

        A Raspberry Pi spends most of its detector time on the fixed cost of each NumPy
        call, ~100 bursts a second whatever the rate: per burst only the envelope is made
        (the low band and the samples' times wait until a candidate needs them), and the
        filters' windows are slices, not index arrays."""
        acc = np.asarray(acc, dtype=float).reshape(-1, 3)
        t = np.asarray(t, dtype=float).reshape(-1)
        m = len(acc)
        if m == 0:
            return []
        if self.baseline is None:
            self.baseline = acc[0].tolist()
            self.raw = np.repeat(acc[:1], self.keep, axis=0)
            self.t_prev = np.full(self.half, t[0])
        keep, half = self.keep, self.half
        raw = np.concatenate((self.raw, acc))
        # running sums over windows ending at each of the burst's samples
        csum = raw.cumsum(axis=0)
        ends = csum[keep:]
        width = 2 * half + 1
        # high pass, centred: x[j - half] - mean(x[j - 2 half .. j])
        high = raw[keep - half : keep + m - half] - (ends - csum[keep - width : keep + m - width]) / width
        e = np.einsum("ij,ij->i", high, high)
        e_all = np.concatenate((self.e_tail, e))
        ecs = e_all.cumsum()
        env = np.sqrt((2.0 / self.n_env) * (ecs[self.n_env :] - ecs[:m]))
        # the low band (the last 20 ms's mean minus the slow baseline), made when asked for
        self.lf_recent.append(
            _LowBand(ends, csum[keep - self.n_lf : keep + m - self.n_lf], self.n_lf, self.baseline)
        )
        self.burst_t = t
        now = self.now = float(t[-1])
        gains = self._gains.get(m)
        if gains is None:
            s = self.settings
            gains = self._gains[m] = (
                1 - math.exp(-m / self.rate / s.baseline_s),
                1 - math.exp(-m / self.rate / s.busy_s),
            )
        gain = gains[0]
        self.baseline = [
            b + gain * (x / m - b) for b, x in zip(self.baseline, acc.sum(axis=0).tolist(), strict=True)
        ]
        self.raw = raw[-keep:]
        self.e_tail = e_all[-self.n_env :]
        self.hist.append((self.fed, acc))
        self.fed += m
        while len(self.hist) > 1 and self.fed - self.hist[1][0] >= self.hist_keep:
            self.hist.popleft()
        mean = float(np.add.reduce(env)) / m  # = env.mean(), without its Python-level overhead
        found = self._walk(env, mean, now)
        self.t_prev = t[m - half :] if m >= half else np.concatenate((self.t_prev, t))[-half:]
        gain = gains[1]
        self.recent_g += gain * (mean - self.recent_g)
        return found

    def _when(self, j: int) -> float:
        """The time of the burst's ``j``-th filtered sample (the high pass delays by ``half``)."""
        k = j - self.half
        return float(self.burst_t[k] if k >= 0 else self.t_prev[k])

    def _low_before(self, j: int) -> float:
        """The low band's highest point over the ``n_pre`` samples before the burst's
        ``j``-th and that one: what the table was doing as a candidate began."""
        bands = list(self.lf_recent)
        top = float(bands[-1].low()[max(0, j - self.n_pre) : j + 1].max())
        need = self.n_pre - j  # samples still wanted from earlier bursts
        for band in reversed(bands[:-1]):
            if need <= 0:
                break
            low = band.low()
            top = max(top, float(low[-need:].max()))
            need -= len(low)
        return top

    def _raw(self, start: int, end: int) -> np.ndarray:
        """Raw samples ``start``..``end`` (raw indices), as far as they are kept."""
        parts = [(first, a) for first, a in self.hist if first + len(a) > start and first < end]
        if not parts:
            return np.zeros((0, 3))
        block = np.concatenate([a for _, a in parts])
        first = parts[0][0]
        return block[max(0, start - first) : end - first]

    # ------------------------------------------------------------------ decisions

    def _walk(self, env: np.ndarray, mean: float, now: float) -> list[Landslide]:
        """The burst's envelope through the state machine. Stretches where nothing can
        happen — below the listen level, dying down, refractory — are skipped with NumPy;
        Python steps sample by sample only through a candidate."""
        ask, decide, sure = self.levels()
        s = self.settings
        # armed, fainter impacts are judged too (never reported): what the rummaging knocks
        listen = min(ask, max(s.listen_g, s.listen_floor * self.profile.floor_g)) if self.armed else ask
        n = len(env)
        if self.state == self.IDLE:
            top = float(env.max())
            if top < listen:  # the common case: nothing near the threshold
                if self.armed:
                    self.pull_top = max(self.pull_top, top)
                # the table at rest: well below the ask level, or (a fast chip's noise is loud) near
                # the floor heard so far — or, before any, anything short of a candidate
                still = max(0.5 * ask, 2.0 * self.profile.floor_g) if self.profile.floor_g > 0 else listen
                if (not self.armed or self.adapt_armed) and top < still:
                    self.profile.hear_still(mean, n / self.rate, self.noise_alpha_per_s)
                self.count += n
                return []
        found: list[Landslide] = []
        first = self.count  # the index of the burst's first sample
        values: list[float] | None = None
        lows: list[float] | None = None
        j = 0
        while j < n:
            late = 0  # samples the envelope has been rising for when a candidate starts
            if self.state == self.REFRACTORY:  # until over, or a new, far stronger impact
                j = _first(env, j, min(n, max(j, self.until - first)), s.reopen * self.peak)
                if j >= n:
                    break
                self.state = self.IDLE
            elif self.state == self.BUSY:
                if values is None:
                    values = env.tolist()
                j, reopened = self._die_down(values, j, first, ask, listen)
                if j >= n:
                    break
                if reopened:
                    self.state, late = self.IDLE, self.n_env // 2
                else:
                    continue
            if self.state == self.IDLE:
                if late == 0:
                    j = _first(env, j, n, listen, inclusive=True)
                    if j >= n:
                        break
                if values is None:
                    values = env.tolist()
                self._reset_candidate()
                self.state = self.JUDGING
                self.candidates += 1
                self.onset_bg = self.recent_g
                i = first + j
                self.onset, self.onset_t = i - late, self._when(j) - s.env_s / 2 - late / self.rate
                self.lf_peak = self._low_before(j)
            if values is None:
                values = env.tolist()
            if lows is None:
                lows = self.lf_recent[-1].low().tolist()
            while j < n and self.state == self.JUDGING:
                self.count = first + j + 1
                event = self._step(first + j, values[j], lows[j], j, (ask, decide, sure), now)
                if event is not None:
                    found.append(event)
                j += 1
        self.count = first + n
        return found

    def _die_down(
        self, values: list[float], j: int, first: int, ask: float, listen: float
    ) -> tuple[int, bool]:
        """BUSY from the burst's ``j``-th sample: what was judged dies down to the room's
        level (the sample after the one it did, False), or a far stronger impact comes — or,
        after something too weak to ask about (a fast chip's noisy envelope slow to die
        down), one worth asking about (that sample, True); ``len(values)``: neither yet."""
        peak = self.peak
        strong = 2.5 * peak
        weak = peak < ask  # then from the ask level it is worth judging again
        quiet = max(0.5 * ask, 0.3 * peak, 1.5 * self.profile.floor_g)
        run, n_env = self.quiet_run, self.n_env
        # died down, or (a room louder than it has learned) at most a refractory long
        timeout = self.onset + self.n_refractory - first
        for k in range(j, len(values)):
            v = values[k]
            if v >= listen and (v > strong or (weak and ask <= v)):
                self.quiet_run = run
                return k, True
            run = run + 1 if v < quiet else 0
            if run >= n_env or k >= timeout:
                self.quiet_run = run
                self.state = self.IDLE
                return k + 1, False
        self.quiet_run = run
        return len(values), False

    def _step(
        self, i: int, v: float, low: float, j: int, levels: tuple[float, float, float], now: float
    ) -> Landslide | None:
        """One sample of a candidate: follow its peak, trough and second rise; once it has
        peaked (``window_s`` after its onset, at the latest ``max_impulse_s``), judge it."""
        s = self.settings
        ask, decide, sure = levels
        self.lf_peak = max(self.lf_peak, low)
        self.trail.append((i, self._when(j), v))
        if len(self.trail) > self.n_env:  # the candidate's peak before the envelope's last window
            self.early = max(self.early, self.trail[-self.n_env - 1][2])
        if v > 2.5 * self.early > 0 or v > 2.5 * self.peak > 0:
            self._reanchor(v, s.env_s)  # a small knock first (the pile shifting), then the impact
        if v > self.peak:
            if self.peak > 0 and self.trough < 0.75 * self.peak and v > 1.25 * self.trough:
                self.second = max(self.second, v)  # a second rise: the rod after the tip
            self.peak, self.peak_at = v, i
            self.trough = v
        else:
            self.trough = min(self.trough, v)
            if v > 1.25 * self.trough and self.trough < 0.85 * self.peak:
                self.second = max(self.second, v)
        age = i - self.onset
        if age < self.n_window:
            return None
        impulse = self._impulse(v, age)
        if impulse is None:
            return None
        self.last_shape = (0.0, 0.0)
        verdict, impact = self._judge(ask, decide, sure) if impulse else (None, False)
        if self.armed and impact:
            self.pull_peaks.append((self.onset_t, self.peak))
        if verdict is not None and self.armed:
            kind = STAFF if self.second >= 0.4 * self.peak else BOULDER
            event = Landslide(self.onset_t, kind, self.peak, now, verdict, self.last_score)
            self.called_shapes[self.peak] = self.last_shape  # confirmed maybe after the next arm
            while len(self.called_shapes) > 8:
                del self.called_shapes[next(iter(self.called_shapes))]
            self.reported_t[self.peak] = self.onset_t
            while len(self.reported_t) > 8:
                del self.reported_t[next(iter(self.reported_t))]
            if self.vertical < self.settings.vertical_min:
                self.sideways.add(self.peak)
            self.sideways &= self.reported_t.keys()
            self.events.append(event)
            if verdict == ASK:  # a question: a real landslide just after must still be heard
                self.state, self.quiet_run = self.BUSY, 0
            else:
                self.state, self.until = self.REFRACTORY, i + self.n_refractory
            return event
        if self.armed and impact:
            self.heard.append(self.peak)  # impact-like but too weak: the rummaging's
            self.heard_t.append(self.onset_t)
        self.state, self.quiet_run = self.BUSY, 0
        return None

    def _reanchor(self, v: float, env_s: float) -> None:
        """Start the candidate again where this much larger rise began: after the last sample
        below 0.3 of it, or below what the candidate reached before the envelope's last window
        if that is higher — a fast chip's rummaging hovering at the listen level for tens of
        milliseconds before the landslide seldom dips to 0.3 of a weak rise, and the impact was
        then timed (and judged) from the hovering, 20–30 ms before its onset."""
        level = max(0.3 * v, self.early)
        for k in range(len(self.trail) - 1, -1, -1):
            if self.trail[k][2] < level:
                i, when, _ = self.trail[k + 1]
                self.onset, self.onset_t = i, when - env_s / 2
                self.peak, self.trough, self.second = 0.0, math.inf, 0.0
                self.trail = self.trail[k + 1 :]
                self.early = v  # only a rise far above this one starts it again
                return

    def _impulse(self, v: float, age: int) -> bool | None:
        """True: it has peaked and is decaying, like an impact; False: it stayed up (a
        buzzing phone, a drill); None: not yet known."""
        if v <= 0.7 * self.peak:
            return True
        if age >= self.n_max:
            return False
        return None

    def _shape(self) -> tuple[float, float, float]:
        """The candidate's ring frequency (Hz), how far the table moved (g) and the impact's
        energy (g² s, for its ring length), from the raw samples around its onset.
        Frequency: for a ring, rms(Δx) / rms(x) = 2 sin(π f / rate), taken over the impact's
        first 25 ms after a ±12 ms high pass, minus the same of the 25 ms before (the room
        and the hand, not the impact); the energy is that difference too. Movement: the
        mean over the last 12 ms against the mean before the onset — a nudged table
        shifts, a board struck rings about where it was."""
        self.vertical = 1.0  # not known: taken as the board's
        begin = self.onset - self.half - self.n_env  # raw index where the impact may begin
        end = self.onset - self.half + self.n_window
        w, pre = self.n_wide, self.n_before
        raw = self._raw(begin - pre - w, end + w)
        got = len(raw)
        if got < pre + 2 * w + 4:
            return 0.0, 0.0, 0.0
        k = self.n_smooth
        if k > 1:  # a fast chip's white noise would swamp the ring's Δx: measure it as at ~800 Hz
            cs = np.concatenate((np.zeros((1, 3)), np.cumsum(raw, axis=0)))
            smooth = np.empty_like(raw)
            smooth[k - 1 :] = (cs[k:] - cs[:-k]) / k
            smooth[: k - 1] = smooth[k - 1]
            raw = smooth
        csum = np.concatenate((np.zeros((1, 3)), np.cumsum(raw, axis=0)))
        idx = np.arange(got)
        lo, hi = np.maximum(idx - w, 0), np.minimum(idx + w + 1, got)
        hp = raw - (csum[hi] - csum[lo]) / (hi - lo)[:, None]
        cut = w + pre
        before, during = hp[w:cut], hp[cut : got - min(w, max(0, got - cut - 4))]
        if len(during) < 3 or len(before) < 3:
            return 0.0, 0.0, 0.0

        def energies(x: np.ndarray) -> tuple[float, float]:
            d = np.diff(x, axis=0)
            return float(np.einsum("ij,ij->", x, x)) / len(x), float(np.einsum("ij,ij->", d, d)) / len(d)

        e1, d1 = energies(during)
        e0, d0 = energies(before)
        e, d = e1 - e0, d1 - d0
        freq = 0.0
        if e > 0 and d > 0:
            freq = self.rate / math.pi * math.asin(min(1.0, math.sqrt(d / e) / 2))
        tail = _samples(0.012, self.rate)
        shift = raw[max(cut, got - tail) :].mean(axis=0) - raw[w:cut].mean(axis=0)
        ring = max(0.0, e) * len(during) / self.rate  # the impact's energy (g² s)
        # how much of it shook along gravity — out of the board's plane, as a board struck from
        # above rings — whichever way the chip was taped (no gravity in the samples: not known)
        g = np.asarray(self.baseline if self.baseline is not None else (0.0, 0.0, 0.0))
        norm = float(math.sqrt(float(g @ g)))
        if e > 0 and norm > 0.5:
            up_during, up_before = during @ (g / norm), before @ (g / norm)
            along = float(up_during @ up_during) / len(during) - float(up_before @ up_before) / len(before)
            self.vertical = min(1.0, max(0.0, along / e))
        return freq, float(math.sqrt(float(shift @ shift))), ring

    def _judge(self, ask: float, decide: float, sure: float) -> tuple[str | None, bool]:
        """The verdict on an impulse that has peaked — ``sure``, ``likely``, ``ask`` or None
        (not a landslide) — and whether it looked like an impact on the board at all."""
        s = self.settings
        peak = self.peak
        double = self.second >= 0.4 * peak
        freq, moved, ring = self._shape()
        tau = 4.0 * ring / max(peak * peak, 1e-12)  # ~ the ring's decay time (s)
        lf = self.lf_peak / max(peak, 1e-9)
        shift = moved / max(peak, 1e-9)
        strength = peak * (s.double_bonus if double else 1.0)
        self.last_score = strength / decide
        if self.features is not None:
            self.features.append(
                {"t": self.onset_t, "peak": peak, "freq": freq, "lf": lf, "shift": shift,
                 "double": float(double), "ring": tau, "bg": self.onset_bg / max(peak, 1e-9),
                 "ask": ask, "decide": decide, "sure": sure, "vertical": self.vertical}
            )  # fmt: skip
        # the envelope's high pass passes a low ring only in part: how loud it really was (a
        # low-ringing board's landslide is as strong as Scarab's, its envelope weaker)
        loud = peak / self._passed(freq)
        # the table moving, less what the impact's own ring leaks into the low band (a ring as
        # long as the board's, measured against its true peak: not the bowl's long low mode)
        sway = lf
        # a ring far longer (corrected the same way) than the board's own: the bowl's long low mode
        long_ring = tau * self._passed(freq) ** 2 > s.leak_ring * self._own_ring()
        if not long_ring:
            sway = max(0.0, lf - s.ring_leak * self._leak(freq))
        if self.features is not None:  # what the rules below compare, for a look at the judgements
            rules = self.board_rules()
            more = {"min_hz": rules[0], "bowl_hz": rules[2], "bowl_ring": rules[3], "loud": loud}
            more |= {
                "sway": sway,
                "own": self._own_ring(),
                "cold": self.cold_decide,
                "clean": self.clean_decide,
                "hsure": self.heard_sure,
            }
            self.features[-1].update(more)
        # a shift under a ring struck from above, the table hardly swaying: the trap's load moved
        load_moved = s.shift_load > 0 and sway <= s.sway_doubt and self.vertical >= s.shift_load
        shifted = shift > s.shift_veto and not load_moved
        if lf > s.lf_veto or (loud < s.loud_g and (sway > s.sway_veto or shifted)):
            self.vetoed += 1
            return None, False  # the table swayed or shifted more than a struck board: a bump, a nudge
        if freq > 0:
            self.last_shape = (freq, tau)
            if not self.armed:  # nobody is pulling: a pawn or a marker put down, the board's own ring
                self.profile.board_impact(freq, tau)
        min_hz, doubt_hz, bowl_hz, bowl_ring = self.board_rules()
        heard = self.profile.board_ring()
        short_ring = s.short_ring * heard[1] if heard is not None else 0.0
        if 0 < freq < min_hz and loud < s.loud_g:
            return None, False  # a knuckle on the bowl, a hum: the board's impacts ring higher
        # the bowl's own low mode: a low ring, long as measured — and not loud enough to be the
        # board struck hard, unless it rings far longer than any board's impact (a hard knuckle)
        bowl_loud = s.bowl_long_loud_g if long_ring else s.bowl_loud_g
        bowl = 0 < freq < bowl_hz and loud < bowl_loud and tau > bowl_ring
        if s.bowl_above > 0 and self.vertical >= s.bowl_above:
            bowl = False  # struck plainly from above: the board, not the bowl knocked from the side
        if bowl and lf > s.bowl_sway:
            return None, False  # the bowl's own low ring, knocked: it sways the low band too
        board_like = freq >= min_hz + doubt_hz  # ringing as an impact on the board does
        clean = lf <= s.sway_doubt and shift <= s.shift_doubt and board_like
        # a doubtful impact ringing far longer than one impact on this board (a staff's tip and
        # rod) is judged by its energy too, against the doubtful level below
        rings_long = s.doubt_energy_ring > 0 and tau >= s.doubt_energy_ring * self._own_ring()
        doubtful_long = rings_long and board_like
        # ... and so is a doubtful double hit ringing like the board: its second rise is the rod
        doubtful_long = doubtful_long or (s.double_energy > 0 and double and board_like)
        # ... but not one ringing below the bowl's frequency with little more than half its energy
        # along gravity: a knock in the trap on a box booming at its own low mode
        if s.low_long > 0 and not clean and freq < bowl_hz and self.vertical < s.low_long:
            doubtful_long = False
        energy = self._energy(strength, tau, (clean or doubtful_long) and not long_ring)
        if energy < ask:
            return None, True
        if bowl and lf > 0.7 * s.bowl_sway:
            return ASK, True
        # far louder than the sure level, clean and ringing like the board, with near a third of
        # its energy along gravity: two rings beating against each other, not the board shaken
        loud_side = (
            s.loud_sideways > 0
            and clean
            and not long_ring
            and s.sideways_floor <= self.vertical < s.vertical_min
            and strength >= s.loud_sideways * sure
        )
        if self.vertical < s.vertical_min and not loud_side:  # shaken sideways, not the board struck
            return ASK, True  # from above: the bowl knocked, a boulder knocking the trap's wall, a kicked leg
        # hardly above what the room was doing — by what the impact is judged by: its energy,
        # once the table is learned and it rings longer than the board (a staff's tip and rod)
        busy = (energy if s.busy_energy > 0 else strength) < s.busy_ratio * self.onset_bg
        short = tau < short_ring  # ringing far shorter than this board does: a cup, asked ...
        # ... unless struck twice from above, ringing like the board and as long as an impact on
        # Scarab's own board (not a spike nor a clink): a tip and its rod on a damped board
        tip_and_rod = double and board_like and self.vertical >= s.doubt_vertical
        if s.double_short > 0 and tip_and_rod and tau >= s.board_ring_s:
            short = False
        # ... below the sure level the cold detector would use, even where learning lowered it:
        # a glass clinking on a glass top is no impact on the board however quiet the hand
        if strength >= sure and clean and not busy and not (short and strength < self.heard_sure):
            return (LIKELY if loud_side else SURE), True
        doubtful = lf > s.sway_doubt or shift > s.shift_doubt
        if doubtful and self.vertical < s.doubt_vertical:
            return ASK, True  # the table moved and the board rattled sideways: someone leant on it
        low_side = s.low_sideways > 0 and s.low_long > 0 and 0 < freq < bowl_hz and self.vertical < s.low_long
        if doubtful and low_side:
            return ASK, True  # ... or rang low, not plainly from above: a knock in the trap on a booming box
        if doubtful:  # the table may have moved: a level learned below the cold one is for clean hits
            if s.doubt_double > 0 and double and board_like:
                # ... but a double hit struck from above, ringing like the board (a staff's tip and
                # rod), is no cup set down nor an elbow's rattle: judged at the level a clean one is
                decide = self.clean_level(decide, freq)
            decide = max(decide, min(self.cold_decide, sure))
            # ... and, ringing like the board (clear of the bowl's margin, as a clean one must), is a
            # cup only below the cold sure level or 1.25 × that: a boulder on a damped board rings short
            if s.doubt_short > 0 and board_like:
                short = short and strength < max(self.heard_sure, s.doubt_short * decide)
        elif clean:  # ... and one learned above the cold level from what was never called is not,
            decide = self.clean_level(decide, freq)  # nor from calls taken back that rang otherwise
            # ... below the cold sure level (or 1.25 × this, if higher): calls taken back that
            # rang otherwise do not make a short ring a cup
            short = short and strength < max(self.heard_sure, 1.25 * decide)
        self.last_score = energy / decide
        if energy >= decide and not short and not busy:
            return LIKELY, True
        return ASK, True

    def _energy(self, strength: float, tau: float, clean: bool) -> float:
        """What a clean impact is judged by once the table is learned (five pulls confirmed):
        its energy over the first 25 ms as the peak a ring as long as this board's own would
        need to carry it (peak × √(ring / the board's ring)), at most ``energy_cap`` × its peak
        and never below it — for an impact struck from above (at least ``doubt_vertical`` of its
        energy along gravity) ringing longer than the board's own and than Scarab's own board's
        impacts: a staff's tip and rod, a boulder. The knocks the learned level sits above
        ring short; a cup set down rings like the board or shorter. ``clean``: the impact is
        clean, or doubtful and ringing at least ``doubt_energy_ring`` × the board's own (the
        fourteenth round). Otherwise ``strength``."""
        s = self.settings
        if (
            s.energy_cap <= 1
            or not clean
            or tau < s.board_ring_s
            or self.vertical < s.doubt_vertical
            or self.profile.learning
            or self.profile.rummage_level() is None
        ):
            return strength
        return strength * min(s.energy_cap, max(1.0, math.sqrt(tau / self._own_ring())))

    def _own_ring(self) -> float:
        """How long this board's impacts ring (s, as measured): heard, or Scarab's own."""
        heard = self.profile.board_ring()
        if heard is not None:
            return heard[1]
        s = self.settings
        return s.board_ring_s + 2.0 * max(0.0, self.n_env / self.rate - s.env_s)

    def _leak(self, freq: float) -> float:
        """How much of the low band a ring at ``freq`` Hz can be, per its envelope's peak:
        a running mean over ``lf_s`` passes at most 1/(π f lf_s) of a sinusoid's amplitude,
        and the amplitude is the peak over what the envelope's high pass let through."""
        if freq <= 0:
            return 0.0
        return min(1.0, 1.0 / (math.pi * freq * self.n_lf / self.rate)) / self._passed(freq)

    def _passed(self, freq: float) -> float:
        """The share of a ring at ``freq`` Hz the envelope's high pass lets through (the
        sample minus its ±``hp_half_s`` mean: 1 − sinc), at most 1 and at least 0.4."""
        if freq <= 0:
            return 1.0
        width = (2 * self.half + 1) / self.rate
        return min(1.0, max(0.4, abs(1.0 - float(np.sinc(freq * width)))))

    def board_rules(self) -> tuple[float, float, float, float]:
        """The ring rules (lowest board ring, its doubtful margin, the bowl's frequency and
        ring length, in Hz and s) for this table's board: Scarab's own board's numbers,
        scaled by how this board rings against it once it has been heard — a heavy oak
        board's landslides ring where Scarab's board's knuckles do."""
        s = self.settings
        f, r = self._board_scale()
        return s.min_freq_hz * f, s.freq_doubt_hz * f, s.bowl_hz * f, s.bowl_ring_s * r

    def _board_scale(self) -> tuple[float, float]:
        """This board's ring frequency and length against Scarab's own (1, 1 until heard);
        kept until the profile hears another impact (``levels`` asks every burst)."""
        p = self.profile
        key = (id(p), len(p.board_hz), p.board_hz[-1] if p.board_hz else 0.0, len(p.board_ring_s))
        if key != self._scale_key:
            s = self.settings
            heard = p.board_ring()
            f = r = 1.0
            if heard is not None:
                lo, hi = s.board_scale_low, s.board_scale_high
                f = min(hi, max(lo, heard[0] / s.board_ring_hz))
                # below 750 Hz the envelope's window is 4 samples, longer than env_s: every
                # ring measures longer there, Scarab's board's too
                own = s.board_ring_s + 2.0 * max(0.0, self.n_env / self.rate - s.env_s)
                r = min(hi, max(lo, heard[1] / own))
            self._scale_key, self._scale = key, (f, r)
        return self._scale


class SwitchDetector:
    """The same decision for a digital vibration switch: a landslide shakes it for a good
    share of ``switch_window_s`` after a quiet spell; rummaging trips it only in flickers."""

    def __init__(self, rate_hz: float, settings: Settings | None = None, armed: bool = True) -> None:
        if not rate_hz > 0:
            raise ValueError("the sample rate must be positive")
        self.rate = float(rate_hz)
        self.settings = s = settings or Settings()
        self.armed = armed
        self.n_window = _samples(s.switch_window_s, self.rate)
        self.n_refractory = _samples(s.refractory_s, self.rate)
        self.n_quiet = _samples(0.05, self.rate)
        self.quiet = self.n_quiet
        self.onset: int | None = None
        self.onset_t = 0.0
        self.active = 0
        self.until = 0
        self.count = 0
        self.events: list[Landslide] = []

    def arm(self) -> None:
        self.armed = True

    def disarm(self) -> None:
        self.armed = False

    def feed_samples(self, samples: Iterable[Sample]) -> list[Landslide]:
        rows = [(s.t, 0 if s.level is None else s.level) for s in samples]
        if not rows:
            return []
        block = np.asarray(rows, dtype=float)
        return self.feed(block[:, 0], block[:, 1])

    def feed(self, t: np.ndarray, level: np.ndarray) -> list[Landslide]:
        level = np.asarray(level, dtype=float).reshape(-1)
        t = np.asarray(t, dtype=float).reshape(-1)
        found: list[Landslide] = []
        if self.onset is None and not level.any() and self.count >= self.until:
            self.quiet += len(level)
            self.count += len(level)
            return found
        now = float(t[-1]) if len(t) else 0.0
        for j, value in enumerate(level.tolist()):
            i = self.count
            self.count += 1
            on = value > 0.5
            if i < self.until:
                self.quiet = 0 if on else self.quiet + 1
                continue
            if self.onset is None:
                if on and self.quiet >= self.n_quiet:
                    self.onset, self.onset_t, self.active = i, float(t[j]), 0
                self.quiet = 0 if on else self.quiet + 1
                if self.onset is None:
                    continue
            self.active += on
            if i - self.onset + 1 >= self.n_window:
                share = self.active / self.n_window
                if share >= self.settings.switch_min_share and self.armed:
                    event = Landslide(self.onset_t, BOULDER, share, now)
                    found.append(event)
                    self.events.append(event)
                    self.until = i + self.n_refractory
                self.onset = None
                self.quiet = 0
        return found


# ---------------------------------------------------------------------- calibration


def envelope(acc: np.ndarray, rate_hz: float, settings: Settings | None = None) -> np.ndarray:
    """The detector's envelope over a whole recording (for calibration and plots)."""
    det = LandslideDetector(rate_hz, settings, armed=False)
    out: list[np.ndarray] = []
    original = det._walk

    def keep(env: np.ndarray, mean: float, now: float) -> list[Landslide]:
        out.append(env.copy())
        return original(env, mean, now)

    det._walk = keep  # type: ignore[method-assign]
    t = np.arange(len(acc)) / rate_hz
    step = 256
    for i in range(0, len(acc), step):
        det.feed(t[i : i + step], acc[i : i + step])
    return np.concatenate(out) if out else np.zeros(0)


def calibrate(
    still: np.ndarray, rummaging: np.ndarray, rate_hz: float, base: Settings | None = None
) -> tuple[Settings, dict[str, float]]:
    """Fit the threshold to a room: ``still`` is a recording of the table at rest,
    ``rummaging`` one of a hand pulling boulders carefully (both n × 3, g). The threshold
    sits clear of both: 4 × the still envelope's mean, 1.5 × its 99.99th percentile, and
    1.6 × the rummaging's 99.9th percentile — never below 0.06 g — and the
    double-hit level stays above the rummaging's largest knock."""
    base = base or Settings()
    skip = _samples(0.1, rate_hz)  # the filters settling
    quiet = envelope(still, rate_hz, base)[skip:]
    hand = envelope(rummaging, rate_hz, base)[skip:]
    if len(quiet) < rate_hz or len(hand) < rate_hz:
        raise ValueError("each calibration recording must last at least a second")
    noise = float(quiet.mean())
    q_quiet = float(np.quantile(quiet, 0.9999))
    q_hand = float(np.quantile(hand, 0.999))
    top_hand = float(hand.max())
    threshold = max(0.06, 4.0 * noise, 1.5 * q_quiet, 1.6 * q_hand, top_hand / base.double_hit_ratio * 0.9)
    fitted = Settings(**{**base.to_json(), "threshold_g": round(threshold, 4), "noise_g": round(noise, 5)})
    report = {
        "noise_mean_g": noise,
        "noise_p9999_g": q_quiet,
        "rummage_p999_g": q_hand,
        "rummage_max_g": top_hand,
        "threshold_g": fitted.threshold_g,
    }
    return fitted, report
