"""The install's venv off the Pi: on this Debian (Bookworm here; Trixie where the image is
one) the system's python3-numpy is installed with apt, systemd/install.sh runs in its
dry-run-plus-venv mode, and the venv it builds must import the system NumPy (as
picamera2's compiled parts need), an OpenCV with ``ArucoDetector`` working on it, and a
stand-in C extension compiled against the system NumPy — the part that breaks when pip
slips a NumPy 2 into the venv. The built venv is kept under .pytest_cache, keyed by
everything that shapes it, so the suite builds it once, not on every run."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "systemd" / "install.sh"
SYSTEM_PYTHON = Path("/usr/bin/python3")
SUPPORTED = ("bookworm", "trixie")

STANDIN_C = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

/* The sum of an array, through NumPy's C API: what simplejpeg or pidng do for picamera2. */
static PyObject *total(PyObject *self, PyObject *args) {
    PyObject *obj;
    if (!PyArg_ParseTuple(args, "O", &obj)) return NULL;
    PyArrayObject *array = (PyArrayObject *)PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    if (array == NULL) return NULL;
    double sum = 0;
    double *data = (double *)PyArray_DATA(array);
    for (npy_intp i = 0; i < PyArray_SIZE(array); i++) sum += data[i];
    Py_DECREF(array);
    return PyFloat_FromDouble(sum);
}

static PyMethodDef methods[] = {{"total", total, METH_VARARGS, "sum"}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "standin", NULL, -1, methods};

PyMODINIT_FUNC PyInit_standin(void) {
    import_array();
    return PyModule_Create(&module);
}
"""


def codename() -> str:
    try:
        text = Path("/etc/os-release").read_text()
    except OSError:
        return ""
    for line in text.splitlines():
        if line.startswith("VERSION_CODENAME="):
            return line.split("=", 1)[1].strip().strip('"')
    return ""


def as_root(*command: str) -> list[str]:
    return list(command) if os.geteuid() == 0 else ["sudo", "-n", *command]


def apt_usable() -> str | None:
    """Why apt cannot be used here (None: it can)."""
    if shutil.which("apt-get") is None or shutil.which("dpkg-query") is None:
        return "no apt-get here: not a Debian system"
    if not SYSTEM_PYTHON.exists():
        return "no /usr/bin/python3"
    if codename() not in SUPPORTED:
        return f"this Debian is {codename() or 'unknown'}, not one of {', '.join(SUPPORTED)}"
    if os.geteuid() != 0 and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode != 0:
        return "apt needs root, and sudo asks for a password"
    return None


def installed(package: str) -> bool:
    query = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True, check=False
    )
    return query.stdout.endswith("installed")


def apt_install(*packages: str) -> None:
    missing = [p for p in packages if not installed(p)]
    if not missing:
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    command = as_root("apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing)
    if subprocess.run(command, capture_output=True, env=env).returncode != 0:
        subprocess.run(as_root("apt-get", "update", "-qq"), capture_output=True, env=env, check=True)
        subprocess.run(command, capture_output=True, env=env, check=True)


def system_numpy() -> tuple[str, str]:
    """(version, include folder) of the system's own NumPy, asked of the system Python."""
    out = subprocess.run(
        [
            str(SYSTEM_PYTHON),
            "-I",
            "-c",
            "import numpy; print(numpy.__version__); print(numpy.get_include())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return out[0], out[1]


def cache_key(numpy_version: str) -> str:
    digest = hashlib.sha256(numpy_version.encode())
    for file in (SCRIPT, ROOT / "pyproject.toml", ROOT / "systemd" / "constraints" / f"{codename()}.txt"):
        digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="module")
def venv() -> Path:
    """The venv install.sh builds, in dry-run-plus-venv mode (built once per cache key)."""
    why = apt_usable()
    if why:
        pytest.skip(f"apt is not available: {why}")
    apt_install("python3-numpy", "python3-venv")
    version, _ = system_numpy()
    cache = ROOT / ".pytest_cache" / "scarab-install-venv"
    cache.mkdir(parents=True, exist_ok=True)
    prefix = cache / cache_key(version)
    with open(cache / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # xdist workers wait for one build
        if not (prefix / "built").exists():
            shutil.rmtree(prefix, ignore_errors=True)
            for old in cache.iterdir():
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)  # earlier keys: stale
            tmp = prefix / "tmp"
            tmp.mkdir(parents=True)
            environ = {
                **os.environ,
                "SCARAB_PREFIX": str(prefix / "opt"),
                "SCARAB_ETC": str(tmp / "etc"),
                "SCARAB_STATE": str(tmp / "state"),
                "SCARAB_UNIT_DIR": str(tmp / "units"),
                "SCARAB_BIN_LINK": str(tmp / "bin" / "scarab"),
                "SCARAB_BOOT_CONFIG": str(tmp / "config.txt"),
                "SCARAB_USER": "scarab-test-nobody",
                "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",  # no raspi-config: the pi extra is off
            }
            environ.pop("VIRTUAL_ENV", None)
            run = subprocess.run(
                ["bash", str(SCRIPT), "--dry-run", "--with-venv"],
                capture_output=True,
                text=True,
                env=environ,
                timeout=900,
            )
            assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
            assert "(built for real: --with-venv)" in run.stdout
            assert not (tmp / "etc").exists() and not (tmp / "units").exists(), "only the venv is built"
            (prefix / "built").write_text(run.stdout)
    return prefix / "opt" / "venv"


def in_venv(venv: Path, code: str, **env: str) -> str:
    run = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_the_venv_imports_the_system_numpy(venv: Path) -> None:
    version, _ = system_numpy()
    where = in_venv(venv, "import numpy; print(numpy.__version__, numpy.__file__)")
    assert where.split()[0] == version
    assert where.split()[1].startswith("/usr/lib/python3/dist-packages/numpy/")


def test_the_venvs_opencv_has_a_working_aruco_detector(venv: Path) -> None:
    found = in_venv(
        venv,
        "import cv2, numpy as np\n"
        "d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)\n"
        "img = np.full((240, 240), 255, np.uint8)\n"
        "img[60:180, 60:180] = cv2.aruco.generateImageMarker(d, 7, 120)\n"
        "corners, ids, _ = cv2.aruco.ArucoDetector(d).detectMarkers(img)\n"
        "print(cv2.__version__, ids.ravel().tolist())",
    )
    assert found.endswith("[7]")


def test_a_module_compiled_against_the_system_numpy_imports_in_the_venv(venv: Path, tmp_path: Path) -> None:
    """Built here with gcc (a test tool only: the install compiles nothing)."""
    apt_install("gcc", "python3-dev")
    _, include = system_numpy()
    suffix = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    python_include = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (tmp_path / "standin.c").write_text(STANDIN_C)
    subprocess.run(
        [
            "gcc",
            "-shared",
            "-fPIC",
            "-O1",
            f"-I{python_include}",
            f"-I{include}",
            "standin.c",
            "-o",
            f"standin{suffix}",
        ],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    code = "import numpy, standin; print(standin.total(numpy.arange(10)))"
    assert in_venv(venv, code, PYTHONPATH=str(tmp_path)) == "45.0"
    # The failure the constraints prevent: the same module under a NumPy 2 from pip (the
    # test's own interpreter, when it has one and speaks the same ABI as the system Python).
    import numpy

    tag = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import sys; print(sys.implementation.cache_tag)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if tag == sys.implementation.cache_tag and major(numpy.__version__) >= 2 > major(system_numpy()[0]):
        clash = subprocess.run(
            [sys.executable, "-c", "import standin"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(tmp_path)},
        )
        assert clash.returncode != 0 and "NumPy" in clash.stderr, clash.stderr


def major(version: str) -> int:
    return int(version.split(".")[0])


def test_scarab_itself_runs_in_the_venv(venv: Path, tmp_path: Path) -> None:
    """Scarab's own marker sheet (OpenCV and NumPy together) from the venv's `scarab`."""
    out = tmp_path / "markers.png"
    run = subprocess.run(
        [str(venv / "bin" / "scarab"), "vision", "markers", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 1000
