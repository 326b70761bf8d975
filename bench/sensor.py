"""`python -m bench sensor` — the landslide detector on hours of simulated Gulo Gulo play,
room by room, in twenty-five sets: the rooms it was tuned on; twenty-three sets of rooms held
out once and then looked at (reported, no longer unseen); and rooms it never was tuned on or
run on while tuning (unseen: a garden table under an apple tree, apples dropping onto it; a
brasserie's table on a tiled floor, chairs scraped at the next tables; a home-made set whose
staff has a rubber foot on its tip; a sailing boat's table heeled over, its bow slamming into
the waves, at 580, 1080, 1650 and 2750 Hz — rates no earlier set has).

For each room (``hardware.sim.traces.ROOMS``: quiet to noisy, fingers knocking the bowl,
nudges, a washing machine, a bus outside, a soft cloth under the board; 400, 800 and
1600 Hz sensors) the simulator plays ``--minutes`` of pulls (armed, rummaging, sometimes
a landslide) and pauses (unarmed, pawns put down); the detector is fed in FIFO bursts
(``--burst`` samples at 800 Hz, scaled with the rate), armed exactly during the pulls.
Each room's traces are judged three ways:

- **cold**: a detector fresh from the box — no calibration, nothing confirmed; it learns
  only the table at rest between pulls (as `scarab run` does) — the state in which
  `scarab sensor detect` starts a trace;
- **learned N**: the table confirmed the first ``N`` pulls of the evening (another stretch
  of play in the same room, its own seed), and goes on confirming every pull, as players
  at a real table do: a clean pull is confirmed, a false call disputed, a question answered;
- **calibrated**: `scarab sensor calibrate` was run in that room (10 s still, 10 s
  rummaging, their own seed), and nothing is learned from the table.

Measured (a call is a verdict of ``sure`` or ``likely``, what `scarab sensor detect`
reports; the appliance asks about ``likely`` and ``ask`` ones instead):

- recall: labelled landslides called within 300 ms of their first impact;
- false alarms per hour of rummaging: calls matching no landslide, per armed hour, and how
  many there were (a 30-minute room is about 0.29 armed hours: one call is ~3.4 an hour);
- asked: what the appliance would ask instead ("Was that a landslide?") per armed hour,
  and the share of landslides it called alone or asked about;
- latency: from the impact's onset to the end of the burst in which it was reported (the
  scarab loop's 10 ms pump period and the I2C transfer come on top);
- CPU: process CPU time in the detector per second of trace (noisy: other processes share
  this machine), and that as a share of one core.

Goals (issue 22), on the unseen rooms (the looked-at sets are reported too):
cold recall ≥ 95 % with ≤ 3 false alarms per armed hour; after five confirmed pulls recall
≥ 99 % with ≤ 1 per hour; latency p95 ≤ 50 ms; CPU ≤ 5 % of a Raspberry Pi core (the Pi's
is taken as 8 × this machine's time).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from hardware.landslide import LIKELY, SURE, Landslide, LandslideDetector, Settings, calibrate
from hardware.sim.traces import (
    LOOKED_AT_2_ROOMS,
    LOOKED_AT_3_ROOMS,
    LOOKED_AT_4_ROOMS,
    LOOKED_AT_5_ROOMS,
    LOOKED_AT_6_ROOMS,
    LOOKED_AT_7_ROOMS,
    LOOKED_AT_8_ROOMS,
    LOOKED_AT_9_ROOMS,
    LOOKED_AT_10_ROOMS,
    LOOKED_AT_11_ROOMS,
    LOOKED_AT_12_ROOMS,
    LOOKED_AT_13_ROOMS,
    LOOKED_AT_14_ROOMS,
    LOOKED_AT_15_ROOMS,
    LOOKED_AT_16_ROOMS,
    LOOKED_AT_17_ROOMS,
    LOOKED_AT_18_ROOMS,
    LOOKED_AT_19_ROOMS,
    LOOKED_AT_20_ROOMS,
    LOOKED_AT_21_ROOMS,
    LOOKED_AT_22_ROOMS,
    LOOKED_AT_23_ROOMS,
    LOOKED_AT_ROOMS,
    TUNING_ROOMS,
    UNSEEN_23_ROOMS,
    Simulator,
    Trace,
    score,
)
from hardware.table_profile import TableProfile

CHUNK_S = 600.0  # simulated in 10-minute stretches, to bound memory
PI_SLOWER = 8.0  # a Raspberry Pi 4 core against this machine's, for the CPU estimate (a guess)
TUNED = [(room, 800.0) for room in ("quiet", "room", "noisy", "knocks", "nudges", "washer", "bus", "cloth")]
TUNED += [("knocks", 400.0), ("cloth", 1600.0), ("felt", 800.0), ("cups", 800.0), ("heavy", 1600.0)]
TUNED += [("light", 400.0)]
# held out once, then looked at (docs/sensor.md §7): reported, no longer unseen
LOOKED_AT = [("kitchen", 400.0), ("bus-stop", 1600.0), ("family", 800.0), ("cafe", 800.0)]
LOOKED_AT_SEED = 9001
# the second held-out set, measured after the second round on issue 22 and looked at since
LOOKED_AT_2 = [("attic", 500.0), ("pub", 1000.0), ("playroom", 2000.0), ("veranda", 3200.0)]
LOOKED_AT_2_SEED = 4242
# the third held-out set, measured after the third round and looked at during the fourth
LOOKED_AT_3 = [("oak", 640.0), ("card-table", 1250.0), ("glass", 2400.0), ("tram", 720.0)]
LOOKED_AT_3_SEED = 7373
# the fourth held-out set, measured after the fourth round and looked at during the fifth
LOOKED_AT_4 = [("marble", 1440.0), ("trestle", 480.0), ("dog", 960.0), ("compressor", 2800.0)]
LOOKED_AT_4_SEED = 6161
# the fifth held-out set, measured after the fifth round and looked at during the sixth
LOOKED_AT_5 = [("balcony", 560.0), ("bamboo", 880.0), ("baize", 1120.0), ("canal-boat", 1760.0)]
LOOKED_AT_5_SEED = 5353
# the sixth held-out set (the chip's own 400 and 1600 Hz), measured after the sixth round and
# looked at during the seventh
LOOKED_AT_6 = [("workshop", 400.0), ("laundry", 1600.0), ("camper", 1600.0), ("quilt", 400.0)]
LOOKED_AT_6_SEED = 2626
# the seventh held-out set, measured before and after the seventh round and looked at during
# the eighth
LOOKED_AT_7 = [("galley", 800.0), ("picnic", 3200.0), ("stone", 1200.0), ("nursery", 600.0)]
LOOKED_AT_7_SEED = 8484
# the eighth held-out set, measured before and after the eighth round and looked at during
# the ninth
LOOKED_AT_8 = [("office", 400.0), ("party", 800.0), ("summerhouse", 1600.0), ("club", 3200.0)]
LOOKED_AT_8_SEED = 1919
# the ninth held-out set, measured before and after the ninth round and looked at during
# the tenth
LOOKED_AT_9 = [("train", 400.0), ("parlour", 800.0), ("farmhouse", 1600.0), ("flatshare", 3200.0)]
LOOKED_AT_9_SEED = 3737
# the tenth held-out set, measured before and after the tenth round and looked at during the
# eleventh
LOOKED_AT_10 = [("stove", 400.0), ("rumpus", 800.0), ("scorecard", 1600.0), ("loft", 3200.0)]
LOOKED_AT_10_SEED = 4646
# the eleventh held-out set, measured before and after the eleventh round and looked at during
# the twelfth
LOOKED_AT_11 = [("den", 400.0), ("hearth", 800.0), ("scullery", 1600.0), ("studio", 3200.0)]
LOOKED_AT_11_SEED = 5858
# the twelfth held-out set, measured before and after the twelfth round and looked at during
# the thirteenth
LOOKED_AT_12 = [("hall", 400.0), ("dining", 800.0), ("shed", 1600.0), ("sewing-room", 3200.0)]
LOOKED_AT_12_SEED = 9292
# the thirteenth held-out set, measured before and after the thirteenth round and looked at
# during the fourteenth
LOOKED_AT_13 = [("whist", 400.0), ("bistro", 1000.0), ("radiator", 2000.0), ("bureau", 3200.0)]
LOOKED_AT_13_SEED = 3131
# the fourteenth held-out set, measured before and after the fourteenth round and looked at
# during the fifteenth
LOOKED_AT_14 = [("larder", 500.0), ("conservatory", 800.0), ("campsite", 1600.0), ("makerspace", 2500.0)]
LOOKED_AT_14_SEED = 7979
# the fifteenth held-out set, measured before and after the fifteenth round and looked at
# during the sixteenth
LOOKED_AT_15 = [("potting-shed", 400.0), ("breakfast", 1000.0), ("teashop", 1600.0), ("cellar", 3200.0)]
LOOKED_AT_15_SEED = 6868
# the sixteenth held-out set, measured before and after the sixteenth round and looked at
# during the seventeenth
LOOKED_AT_16 = [("printshop", 2500.0), ("roadworks", 800.0), ("sunroom", 1000.0), ("games-cafe", 3200.0)]
LOOKED_AT_16_SEED = 2727
# the seventeenth held-out set, measured before and after the seventeenth round (and after the
# eighteenth) and looked at during the nineteenth
LOOKED_AT_17 = [("bedside", 416.0), ("turntable", 833.0), ("sitting-room", 1344.0), ("schoolroom", 3333.0)]
LOOKED_AT_17_SEED = 5151
# the eighteenth held-out set, measured before and after the nineteenth round and looked at
# during the twentieth
LOOKED_AT_18 = [("leather", 450.0), ("folding", 1100.0), ("bakery", 1800.0), ("study", 3000.0)]
LOOKED_AT_18_SEED = 6363
# the nineteenth held-out set, measured before and after the twentieth round and looked at
# during the twenty-first
LOOKED_AT_19 = [("hallway", 525.0), ("toybox", 900.0), ("waiting-room", 1500.0), ("riverside", 2200.0)]
LOOKED_AT_19_SEED = 7171
# the twentieth held-out set, measured before and after the twenty-first round and looked at
# during the twenty-second
LOOKED_AT_20 = [("porch", 440.0), ("inglenook", 750.0), ("cottage", 1300.0), ("smithy", 2600.0)]
LOOKED_AT_20_SEED = 8282
# the twenty-first held-out set, measured before and after the twenty-second round and looked
# at during the twenty-third
LOOKED_AT_21 = [("utility", 460.0), ("games-chest", 680.0), ("round-table", 1050.0), ("flat", 2100.0)]
LOOKED_AT_21_SEED = 9393
# the twenty-second held-out set, measured before and after the twenty-third round and looked
# at during the twenty-fourth
LOOKED_AT_22 = [("walnut", 620.0), ("spinning-top", 1150.0), ("glass-top", 1400.0), ("magnets", 2300.0)]
LOOKED_AT_22_SEED = 10404
# the twenty-third held-out set, measured before and after the twenty-fourth round and looked
# at during the twenty-fifth
LOOKED_AT_23 = [("aviary", 540.0), ("drawer", 980.0), ("dowel", 1700.0), ("pedestal", 2900.0)]
LOOKED_AT_23_SEED = 11515
# unseen: tables unlike any above; only ever run for the record (before and after a round)
UNSEEN = [("orchard", 580.0), ("brasserie", 1080.0), ("rubber-foot", 1650.0), ("yacht", 2750.0)]
UNSEEN_SEED = 12626
SETS = {
    "tuned": ("tuned", TUNED, 0),
    "looked-at": ("looked-at (first held-out, contaminated)", LOOKED_AT, LOOKED_AT_SEED),
    "looked-at-2": ("looked-at-2 (second held-out, contaminated)", LOOKED_AT_2, LOOKED_AT_2_SEED),
    "looked-at-3": ("looked-at-3 (third held-out, contaminated)", LOOKED_AT_3, LOOKED_AT_3_SEED),
    "looked-at-4": ("looked-at-4 (fourth held-out, contaminated)", LOOKED_AT_4, LOOKED_AT_4_SEED),
    "looked-at-5": ("looked-at-5 (fifth held-out, contaminated)", LOOKED_AT_5, LOOKED_AT_5_SEED),
    "looked-at-6": ("looked-at-6 (sixth held-out, contaminated)", LOOKED_AT_6, LOOKED_AT_6_SEED),
    "looked-at-7": ("looked-at-7 (seventh held-out, contaminated)", LOOKED_AT_7, LOOKED_AT_7_SEED),
    "looked-at-8": ("looked-at-8 (eighth held-out, contaminated)", LOOKED_AT_8, LOOKED_AT_8_SEED),
    "looked-at-9": ("looked-at-9 (ninth held-out, contaminated)", LOOKED_AT_9, LOOKED_AT_9_SEED),
    "looked-at-10": ("looked-at-10 (tenth held-out, contaminated)", LOOKED_AT_10, LOOKED_AT_10_SEED),
    "looked-at-11": ("looked-at-11 (eleventh held-out, contaminated)", LOOKED_AT_11, LOOKED_AT_11_SEED),
    "looked-at-12": ("looked-at-12 (twelfth held-out, contaminated)", LOOKED_AT_12, LOOKED_AT_12_SEED),
    "looked-at-13": ("looked-at-13 (thirteenth held-out, contaminated)", LOOKED_AT_13, LOOKED_AT_13_SEED),
    "looked-at-14": ("looked-at-14 (fourteenth held-out, contaminated)", LOOKED_AT_14, LOOKED_AT_14_SEED),
    "looked-at-15": ("looked-at-15 (fifteenth held-out, contaminated)", LOOKED_AT_15, LOOKED_AT_15_SEED),
    "looked-at-16": ("looked-at-16 (sixteenth held-out, contaminated)", LOOKED_AT_16, LOOKED_AT_16_SEED),
    "looked-at-17": ("looked-at-17 (seventeenth held-out, contaminated)", LOOKED_AT_17, LOOKED_AT_17_SEED),
    "looked-at-18": ("looked-at-18 (eighteenth held-out, contaminated)", LOOKED_AT_18, LOOKED_AT_18_SEED),
    "looked-at-19": ("looked-at-19 (nineteenth held-out, contaminated)", LOOKED_AT_19, LOOKED_AT_19_SEED),
    "looked-at-20": ("looked-at-20 (twentieth held-out, contaminated)", LOOKED_AT_20, LOOKED_AT_20_SEED),
    "looked-at-21": ("looked-at-21 (twenty-first held-out, contaminated)", LOOKED_AT_21, LOOKED_AT_21_SEED),
    "looked-at-22": ("looked-at-22 (twenty-second held-out, contaminated)", LOOKED_AT_22, LOOKED_AT_22_SEED),
    "looked-at-23": ("looked-at-23 (twenty-third held-out, contaminated)", LOOKED_AT_23, LOOKED_AT_23_SEED),
    "unseen": ("unseen (never tuned on)", UNSEEN, UNSEEN_SEED),
}
CALLED = (SURE, LIKELY)


@dataclass
class Tally:
    landslides: int = 0
    called: int = 0  # landslides called (sure or likely)
    handled: int = 0  # landslides called alone or asked about
    false_alarms: int = 0  # calls of nothing
    wrong_alone: int = 0  # sure calls of nothing: what the appliance would enter wrongly
    asked_nothing: int = 0  # questions about nothing
    armed_s: float = 0.0
    seconds: float = 0.0
    cpu: float = 0.0
    latencies: list[float] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for key in ("landslides", "called", "handled", "false_alarms", "wrong_alone", "asked_nothing"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        self.armed_s += other.armed_s
        self.seconds += other.seconds
        self.cpu += other.cpu
        self.latencies += other.latencies
        self.missed += other.missed

    def recall(self) -> float:
        return self.called / max(1, self.landslides)

    def per_hour(self, n: int) -> float:
        return n / max(1e-9, self.armed_s / 3600)

    def p95(self) -> float:
        return float(np.percentile(self.latencies, 95)) if self.latencies else float("nan")


def arming(trace: Trace) -> np.ndarray:
    armed = np.zeros(len(trace.acc), bool)
    for a, b in trace.armed:
        armed[round(a * trace.rate_hz) : round(b * trace.rate_hz)] = True
    return armed


def feed(det: LandslideDetector, trace: Trace, burst: int, learn: bool) -> tuple[list[Landslide], float]:
    """Play a trace through the detector, arming it during the pulls; with ``learn`` the
    table confirms each pull as it ends. The events and the CPU time spent."""
    t = trace.times
    armed = arming(trace)
    found: list[Landslide] = []
    cpu = 0.0
    pull_start = 0.0
    for i in range(0, len(t), burst):
        if armed[i] != det.armed:
            if armed[i]:
                det.arm()
                pull_start = float(t[i])
            else:
                det.disarm()
                if learn:
                    table_says(det, trace, found, pull_start, float(t[i]))
        start = time.process_time()
        found += det.feed(t[i : i + burst], trace.acc[i : i + burst])
        cpu += time.process_time() - start
    return found, cpu


def table_says(det: LandslideDetector, trace: Trace, found: list[Landslide], a: float, b: float) -> None:
    """The players' side of a pull that just ended: every call or question of nothing is
    disputed (answered no), then the pull is confirmed clean or as the landslide it was."""
    truth = [lab.t + trace.t0 for lab in trace.landslides if a - 0.05 <= lab.t + trace.t0 <= b]
    peak = 0.0
    for event in (e for e in found if a <= e.t <= b + 0.05):
        if any(onset - 0.02 <= event.t <= onset + 0.3 for onset in truth):
            peak = max(peak, event.strength)
        else:
            det.confirm("disputed", event.strength)
    det.confirm("landslide" if truth else "clean", peak)


def warm_up(det: LandslideDetector, rate: float, room: str, seed: int, pulls: int, burst: int) -> None:
    """The evening's first ``pulls`` pulls, confirmed by the table (another seed)."""
    if pulls <= 0:
        return
    trace = Simulator(rate, room, seed=seed).session(40.0 * pulls)
    ends = [b for _, b in trace.armed]
    cut = ends[min(pulls, len(ends)) - 1] + 0.2
    n = round(cut * rate)
    trace = Trace(trace.rate_hz, trace.acc[:n], 0.0, trace.landslides, trace.others, trace.armed[:pulls])
    feed(det, trace, burst, learn=True)
    det.arm()
    det.disarm()


def room_calibration(rate: float, room: str, seed: int) -> Settings:
    """What `scarab sensor calibrate` fits in this room: 10 s still, 10 s of rummaging."""
    sim = Simulator(rate, room, seed=seed)
    still = sim.pull(seconds=0.01, lead=10.0).acc
    hand = sim.pull(seconds=10.0, lead=0.0).acc
    return calibrate(still, hand, rate)[0]


def play(room: str, rate: float, minutes: float, seed: int, burst: int, setup: str, pulls: int) -> Tally:
    """One room judged one way (``cold``, ``learned`` or ``calibrated``)."""
    settings = room_calibration(rate, room, seed + 99) if setup == "calibrated" else Settings()
    det = LandslideDetector(rate, settings, armed=False, profile=TableProfile())
    if setup == "learned":
        warm_up(det, rate, room, seed + 50, pulls, burst)
    tally = Tally()
    chunks = max(1, round(minutes * 60 / CHUNK_S))
    t0 = 0.0
    for k in range(chunks):
        trace = Simulator(rate, room, seed=seed * 1000 + k).session(minutes * 60 / chunks)
        trace.t0 = t0
        found, cpu = feed(det, trace, burst, learn=setup == "learned")
        t0 += trace.duration + 1.0
        calls = [e for e in found if e.verdict in CALLED]
        s = score(trace, calls)
        handled = score(trace, found)
        wrong = score(trace, [e for e in found if e.verdict == SURE]).false_alarms
        missed = [f"{m.kind}{'/table' * (m.detail == 'table')} {1000 * m.strength:.0f}" for m in s.missed]
        tally.add(
            Tally(s.landslides, s.hits, handled.hits, s.false_alarms, wrong, handled.false_alarms - wrong,
                  s.armed_s, trace.duration, cpu, s.latencies, missed)
        )  # fmt: skip
    return tally


HEAD = [
    "room",
    "Hz",
    "setup",
    "armed h",
    "landslides",
    "recall",
    "FA / armed h (calls)",
    "asked: landslides handled; questions / h",
    "latency ms p50 / p95",
    "CPU ms/s",
    "missed (kind, mg)",
]


def row(room: str, rate: float, setup: str, t: Tally) -> list[str]:
    lat = np.array(t.latencies) * 1000 if t.latencies else np.array([np.nan])
    missed = ", ".join(t.missed[:3]) + (f" +{len(t.missed) - 3}" if len(t.missed) > 3 else "")
    return [
        room,
        f"{rate:.0f}",
        setup,
        f"{t.armed_s / 3600:.2f}",
        str(t.landslides),
        f"{100 * t.recall():.1f} %",
        f"{t.per_hour(t.false_alarms):.2f} ({t.false_alarms})",
        f"{100 * t.handled / max(1, t.landslides):.1f} %; {t.per_hour(t.asked_nothing):.1f}",
        f"{np.median(lat):.1f} / {np.percentile(lat, 95):.1f}",
        f"{1000 * t.cpu / max(1e-9, t.seconds):.2f}",
        missed or "—",
    ]


def table(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(HEAD) + " |", "|" + "---|" * len(HEAD)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def calls(t: Tally) -> str:
    """False alarms per armed hour, and how many in how long (the rate's resolution)."""
    return f"{t.per_hour(t.false_alarms):.2f} ({t.false_alarms} in {t.armed_s / 3600:.2f} h)"


def goals(name: str, totals: dict[str, Tally], pulls: int) -> str:
    cold, learned = totals["cold"], totals[f"learned {pulls}"]
    cpu = max(t.cpu / max(1e-9, t.seconds) for t in totals.values()) * PI_SLOWER
    p95 = max(t.p95() for t in totals.values())
    checks = [
        ("cold recall ≥ 95 %", cold.recall() >= 0.95, f"{100 * cold.recall():.1f} %"),
        ("cold ≤ 3 false alarms / armed h", cold.per_hour(cold.false_alarms) <= 3,
         calls(cold)),
        (f"after {pulls} pulls recall ≥ 99 %", learned.recall() >= 0.99, f"{100 * learned.recall():.1f} %"),
        (f"after {pulls} pulls ≤ 1 false alarm / armed h", learned.per_hour(learned.false_alarms) <= 1,
         calls(learned)),
        ("latency p95 ≤ 50 ms", p95 <= 0.05, f"{1000 * p95:.1f} ms"),
        ("CPU ≤ 5 % of a Pi core (est.)", cpu <= 0.05, f"{100 * cpu:.2f} %"),
    ]  # fmt: skip
    lines = [f"\n| goal ({name}) | measured | met |", "|---|---|---|"]
    lines += [f"| {goal} | {value} | {'yes' if ok else '**no**'} |" for goal, ok, value in checks]
    return "\n".join(lines)


def run_set(
    name: str, rooms: list[tuple[str, float]], args: argparse.Namespace, seed: int
) -> dict[str, Tally]:
    setups = [("cold", 0), (f"learned {args.pulls}", args.pulls), ("calibrated", 0)]
    totals = {label: Tally() for label, _ in setups}
    rows = []
    for room, rate in rooms:
        burst = max(1, round(args.burst * rate / 800))
        for label, pulls in setups:
            kind = label.split()[0]
            tally = play(room, rate, args.minutes, seed, burst, kind, pulls)
            rows.append(row(room, rate, label, tally))
            totals[label].add(tally)
            print(f"  {room} {rate:.0f} {label}: {100 * tally.recall():.1f} % "
                  f"{tally.per_hour(tally.false_alarms):.2f}/h", file=sys.stderr, flush=True)  # fmt: skip
    for label, tally in totals.items():
        rows.append(row(f"**all {name.split()[0]}**", 0, label, tally))
    print(f"\n### {name} rooms ({args.minutes:g} simulated minutes each)\n")
    print(table(rows).replace("| 0 |", "| — |"))
    print(goals(name.split()[0], totals, args.pulls))
    return totals


def summary(results: dict[str, dict[str, Tally]]) -> str:
    """One line per set of rooms and setup: recall / false alarms per armed hour."""
    lines = ["\n### Summary (recall / calls of nothing per armed hour (how many); latency p95)\n",
             "| rooms | cold | learned | calibrated |", "|---|---|---|---|"]  # fmt: skip
    for name, totals in results.items():
        cells = [f"{100 * t.recall():.1f} % / {t.per_hour(t.false_alarms):.2f} ({t.false_alarms}); "
                 f"{1000 * t.p95():.0f} ms"
                 for t in totals.values()]  # fmt: skip
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench sensor", description=__doc__.split("\n")[0])
    p.add_argument("--minutes", type=float, default=30.0, help="simulated minutes per room (default 30)")
    p.add_argument("--burst", type=int, default=8, help="samples per FIFO burst at 800 Hz (default 8)")
    p.add_argument("--pulls", type=int, default=5, help="confirmed pulls before 'learned' (default 5)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rooms", choices=(*SETS, "all"), default="all",
                   help="tuned, looked-at (the first held-out), looked-at-2 (the second), looked-at-3 "
                        "(the third), looked-at-4 (the fourth), looked-at-5 (the fifth), looked-at-6 "
                        "(the sixth), looked-at-7 (the seventh), looked-at-8 (the eighth), looked-at-9 "
                        "(the ninth), looked-at-10 (the tenth), looked-at-11 (the eleventh), looked-at-12 "
                        "(the twelfth), looked-at-13 (the thirteenth), looked-at-14 (the fourteenth), "
                        "looked-at-15 (the fifteenth), looked-at-16 (the sixteenth), looked-at-17 (the "
                        "seventeenth), looked-at-18 (the eighteenth), looked-at-19 (the nineteenth), "
                        "looked-at-20 (the twentieth), looked-at-21 (the twenty-first), looked-at-22 (the "
                        "twenty-second), looked-at-23 (the twenty-third), unseen (never tuned on) "
                        "or all")  # fmt: skip
    p.add_argument("--only", default="", help="only these rooms of the chosen sets (comma-separated names)")
    args = p.parse_args(argv)
    print(f"## Landslide detector — {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, bursts of {args.burst} at 800 Hz")  # fmt: skip
    assert {r for r, _ in TUNED} == set(TUNING_ROOMS)
    assert {r for r, _ in LOOKED_AT} == set(LOOKED_AT_ROOMS)
    assert {r for r, _ in LOOKED_AT_2} == set(LOOKED_AT_2_ROOMS)
    assert {r for r, _ in LOOKED_AT_3} == set(LOOKED_AT_3_ROOMS)
    assert {r for r, _ in LOOKED_AT_4} == set(LOOKED_AT_4_ROOMS)
    assert {r for r, _ in LOOKED_AT_5} == set(LOOKED_AT_5_ROOMS)
    assert {r for r, _ in LOOKED_AT_6} == set(LOOKED_AT_6_ROOMS)
    assert {r for r, _ in LOOKED_AT_7} == set(LOOKED_AT_7_ROOMS)
    assert {r for r, _ in LOOKED_AT_8} == set(LOOKED_AT_8_ROOMS)
    assert {r for r, _ in LOOKED_AT_9} == set(LOOKED_AT_9_ROOMS)
    assert {r for r, _ in LOOKED_AT_10} == set(LOOKED_AT_10_ROOMS)
    assert {r for r, _ in LOOKED_AT_11} == set(LOOKED_AT_11_ROOMS)
    assert {r for r, _ in LOOKED_AT_12} == set(LOOKED_AT_12_ROOMS)
    assert {r for r, _ in LOOKED_AT_13} == set(LOOKED_AT_13_ROOMS)
    assert {r for r, _ in LOOKED_AT_14} == set(LOOKED_AT_14_ROOMS)
    assert {r for r, _ in LOOKED_AT_15} == set(LOOKED_AT_15_ROOMS)
    assert {r for r, _ in LOOKED_AT_16} == set(LOOKED_AT_16_ROOMS)
    assert {r for r, _ in LOOKED_AT_17} == set(LOOKED_AT_17_ROOMS)
    assert {r for r, _ in LOOKED_AT_18} == set(LOOKED_AT_18_ROOMS)
    assert {r for r, _ in LOOKED_AT_19} == set(LOOKED_AT_19_ROOMS)
    assert {r for r, _ in LOOKED_AT_20} == set(LOOKED_AT_20_ROOMS)
    assert {r for r, _ in LOOKED_AT_21} == set(LOOKED_AT_21_ROOMS)
    assert {r for r, _ in LOOKED_AT_22} == set(LOOKED_AT_22_ROOMS)
    assert {r for r, _ in LOOKED_AT_23} == set(LOOKED_AT_23_ROOMS)
    assert {r for r, _ in UNSEEN} == set(UNSEEN_23_ROOMS)
    only = {name for name in args.only.split(",") if name}
    results = {}
    for key, (name, rooms, base) in SETS.items():
        if args.rooms not in (key, "all"):
            continue
        chosen = [(r, hz) for r, hz in rooms if not only or r in only]
        if chosen:
            results[name] = run_set(name, chosen, args, base + args.seed)
    print(summary(results))


if __name__ == "__main__":
    main()
