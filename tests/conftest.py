"""Suite-wide set-up: one BLAS thread, as `scarab` itself runs (see firmware/cli.py), and
a state directory of the suite's own, so a developer's enrolled faces, games and learned
table never reach a test (nor the tests theirs)."""

import os
import tempfile

# NumPy's BLAS threads fight OpenCV's for the Pi's few cores and make a frame many times
# slower under load; one thread each is fastest for the small matrices the readers use.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ.pop("STATE_DIRECTORY", None)
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="scarab-tests-state-")


import pytest  # noqa: E402 (after the environment above)


@pytest.fixture(scope="session")
def unseen_tile_catalogue(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Every Tutankhamen face and pawn enrolled from photos of art style 7, which the
    renders the reading tests use elsewhere never show: enrolled once per test process."""
    from vision.catalogue import enroll
    from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle
    from vision.synth.tiles import write_enrolment_set

    folder = tmp_path_factory.mktemp("enrol-unseen")
    write_enrolment_set(folder, [*TILE_LABELS, *PAWNS], ArtStyle(7), seed=3)
    cat, problems = enroll("tutankhamen", folder)
    assert problems == []
    return cat
