"""`python -m bench [NAME] [options]` — every benchmark, or the one named: engine, appliance, web,
sensor, service, vision, learning, cards, photoreal, stats, speech, venue (`sensor`, `vision`,
`learning` and `cards` take minutes and run only when named;
`photoreal` renders the photoreal set with Blender for `vision`/`cards --source photoreal DIR`)."""

import os
import sys

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):  # as `scarab` runs: see firmware/cli.py
    os.environ.setdefault(_var, "1")

from bench import appliance, cards, engine, learning, sensor, service, speech, stats, venue, vision, web  # noqa: E402
from bench.photoreal import make as photoreal  # noqa: E402

BENCHES = {
    "engine": engine.main,
    "appliance": appliance.main,
    "web": web.main,
    "sensor": sensor.main,
    "service": service.main,
    "vision": vision.main,
    "learning": learning.main,
    "cards": cards.main,
    "photoreal": photoreal.main,
    "stats": stats.main,
    "speech": speech.main,
    "venue": venue.main,
}

if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] in BENCHES:
        BENCHES[args[0]](args[1:])
    else:
        engine.main(args)
        appliance.main([])
        web.main([])
        service.main([])
