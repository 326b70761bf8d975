"""`python -m bench` — every benchmark, each printing its own table."""

import sys

from bench import engine

if __name__ == "__main__":
    engine.main(sys.argv[1:])
