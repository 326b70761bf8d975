"""Suite-wide set-up: one BLAS thread, as `scarab` itself runs (see firmware/cli.py)."""

import os

# NumPy's BLAS threads fight OpenCV's for the Pi's few cores and make a frame many times
# slower under load; one thread each is fastest for the small matrices the readers use.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
