"""`python -m bench.photoreal.make` — render a photoreal benchmark set in one command.

    .venv/bin/python -m bench.photoreal.make --out photoreal-tut --game tutankhamen --frames 24
    .venv/bin/python -m bench.photoreal.make --out photoreal-ankh --game ankh --frames 24

Writes the faces and markers (assets.py), has Blender render the enrolment photos and the
frames (render.py, ``nice``d, Cycles on the CPU), develops them through the camera step
(camera.py) and writes manifest.json with the seconds each frame took. The benchmarks then
read the set: ``./dev bench vision --source photoreal photoreal-tut`` (``cards`` for Ankh).
Frames cycle through the art families; each family is enrolled from its own photos.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.photoreal.assets import GAMES, check_families, write_assets
from bench.photoreal.camera import develop_set
from vision.synth.art import FAMILIES

RENDER = Path(__file__).with_name("render.py")


def blender(out: Path, extra: list[str], threads: int) -> None:
    exe = shutil.which("blender")
    if exe is None:
        raise SystemExit("blender is not installed: apt-get install -y blender (Debian's 3.4 does)")
    cmd = ["nice", "-n", "10", exe, "-b", "--factory-startup", "-P", str(RENDER), "--"]
    cmd += ["--out", str(out), "--threads", str(threads), *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0 or "Traceback" in done.stdout + done.stderr:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit("blender failed")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.photoreal.make", description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--game", choices=GAMES, default="tutankhamen")
    p.add_argument("--frames", type=int, default=24)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=16, help="Cycles samples per pixel (default 16)")
    p.add_argument("--families", default="all", help="comma-separated art families, or all")
    p.add_argument("--threads", type=int, default=1, help="Blender's render threads (default 1)")
    p.add_argument("--no-enrol", action="store_true", help="keep the enrolment photos already rendered")
    args = p.parse_args(argv)
    families = list(FAMILIES) if args.families == "all" else check_families(args.families.split(","))
    common = ["--game", args.game, "--seed", str(args.seed), "--samples", str(args.samples)]
    write_assets(args.out, args.game, families)
    start = time.monotonic()
    if not args.no_enrol:
        print(f"rendering the enrolment photos of {len(families)} families…", file=sys.stderr)
        blender(args.out, [*common, "--enrol"], args.threads)
    enrol_s = time.monotonic() - start
    per_frame = []
    for k in range(args.frames):  # one Blender per frame: progress shows and a failure costs one
        t0 = time.monotonic()
        blender(args.out, [*common, "--frames", "1", "--start", str(k)], args.threads)
        per_frame.append(time.monotonic() - t0)
        print(f"  frame {k + 1}/{args.frames}: {per_frame[-1]:.0f} s", file=sys.stderr)
    count = develop_set(args.out)
    manifest = {
        "game": args.game,
        "families": families,
        "frames": count,
        "seed": args.seed,
        "samples": args.samples,
        "threads": args.threads,
        "seconds_per_frame": round(sum(per_frame) / max(1, len(per_frame)), 1),
        "enrolment_seconds": round(enrol_s),
    }
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(json.dumps(manifest))


if __name__ == "__main__":
    main()
