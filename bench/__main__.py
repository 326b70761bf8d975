"""`python -m bench [engine|appliance|web|sensor|service] [options]` — every benchmark, or the one named."""

import sys

from bench import appliance, engine, sensor, service, web

BENCHES = {
    "engine": engine.main,
    "appliance": appliance.main,
    "web": web.main,
    "sensor": sensor.main,
    "service": service.main,
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
