"""``scarab doctor`` — is this Pi ready to referee? One table, a fix for every failure.

Checks: the config is valid; each I2C device answers at its address (the ADXL345 also
by its device id); a frame arrives through the configured camera (saved for the user to
look at: ``--frame``), shows the corner markers, and their white paper comes out neutral
and well exposed; the GPIO pins are free and not double-booked;
the state directory is writable; the service is running; there is disk to spare. Every
check is a small function over injectable ``Probes`` (the bus, the pin factory, the
camera, ``systemctl``), so tests run them with fakes. Off a Raspberry Pi, hardware left
on ``auto`` is simulated and its checks are *skipped*, not failed. The exit code is 1
when any check fails, else 0; ``--json`` prints ``{"ok", "checks": [...]}``.
"""

from __future__ import annotations

import argparse
import errno
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from firmware.appliance.config import Config, load, on_raspberry_pi, resolve_driver
from firmware.appliance.errors import ConfigError

SERVICE = "scarab"
SERVICE_USER = "scarab"
SERVICE_STATE_DIR = Path("/var/lib/scarab")
UNIT_FILE = Path("/etc/systemd/system/scarab.service")
ADXL345_ID = 0xE5
I2C_PINS = {2: "SDA", 3: "SCL"}
DISK_FAIL_MIB, DISK_WARN_MIB = 100, 500
ENABLE_I2C = "enable I2C: sudo raspi-config nonint do_i2c 0, then reboot"


@dataclass
class Check:
    name: str
    status: str  # ok, warn, fail, skip
    detail: str
    fix: str = ""


def _smbus(port: int) -> Any:
    from smbus2 import SMBus  # only where a real bus is probed

    return SMBus(port)


def _systemctl(*args: str) -> tuple[int, str]:
    try:
        done = subprocess.run(["systemctl", *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 1, str(exc)
    return done.returncode, (done.stdout or done.stderr).strip()


def _open_camera(driver: str, device: int, folder: str, width: int, height: int) -> Any:
    from hardware.camera import open_camera

    return open_camera(driver, device, folder, width, height)


def _pin_factory(driver: str) -> Any:
    from hardware.pins import pin_factory

    return pin_factory(driver)


@dataclass
class Probes:
    """Everything the checks touch outside Python; tests replace these with fakes."""

    on_pi: Callable[[], bool] = on_raspberry_pi
    i2c_exists: Callable[[int], bool] = lambda port: Path(f"/dev/i2c-{port}").exists()
    open_bus: Callable[[int], Any] = _smbus
    pin_factory: Callable[[str], Any] = _pin_factory
    open_camera: Callable[..., Any] = _open_camera
    systemctl: Callable[..., tuple[int, str]] = _systemctl
    which: Callable[[str], str | None] = shutil.which
    systemd_running: Callable[[], bool] = lambda: Path("/run/systemd/system").is_dir()
    unit_installed: Callable[[], bool] = UNIT_FILE.exists
    disk_usage: Callable[[Path], Any] = shutil.disk_usage
    camera_frames: int = 5


# ---------------------------------------------------------------------- config


def check_config(path: str | None) -> tuple[Check, Config]:
    try:
        config = load(path)
    except ConfigError as exc:
        missing = str(exc).startswith("no config file")
        fix = "check the path (without --config: /etc/scarab/config.toml)" if missing else ""
        fix = fix or "correct the key it names (every key: docs/config.md)"
        return Check("config", "fail", f"{exc} — the other checks use the defaults", fix), Config()
    where = "no file: all defaults" if config.source == "defaults" else config.source
    return Check("config", "ok", f"valid ({where})"), config


def _driver(driver: str, real: str, twin: str, on_pi: bool) -> tuple[str, str | None]:
    """The resolved driver and, when it is not the real device, why nothing is checked."""
    resolved = resolve_driver(driver, real, twin, on_pi)
    if driver == "auto" and not on_pi:
        return resolved, "skipped — not a Raspberry Pi (simulated)"
    if resolved in {twin, "none", "dummy", "mock", "trace"}:
        return resolved, f"skipped — driver {resolved}"
    return resolved, None


# ------------------------------------------------------------------------- I2C


@dataclass(frozen=True)
class I2cDevice:
    label: str
    port: int
    address: int
    device_id: tuple[int, int] | None = None  # (register, expected value)
    hint: str = ""


def i2c_devices(config: Config, on_pi: bool) -> tuple[list[I2cDevice], list[Check]]:
    """The devices the config puts on I2C, and skip rows for those it does not."""
    devices, skipped = [], []
    oled, why = _driver(config.oled.driver, "ssd1306", "dummy", on_pi)
    if why:
        skipped.append(Check("I2C OLED", "skip", why))
    else:
        devices.append(
            I2cDevice(
                f"OLED ({oled})",
                config.oled.i2c_port,
                config.oled.i2c_address,
                hint="some boards answer at 0x3D: set oled.i2c_address = 0x3D",
            )
        )
    sensor, why = _driver(config.sensor.driver, "adxl345", "trace", on_pi)
    if sensor == "adxl345" and not why:
        devices.append(
            I2cDevice(
                "ADXL345",
                config.sensor.i2c_port,
                config.sensor.i2c_address,
                device_id=(0x00, ADXL345_ID),
                hint="SDO/ALT ADDRESS to GND gives 0x53, to 3V3 gives 0x1D (sensor.i2c_address)",
            )
        )
    elif sensor not in {"sw420", "sw520d"}:
        skipped.append(Check("I2C ADXL345", "skip", why or f"skipped — sensor driver {sensor}"))
    return devices, skipped


def check_i2c_device(device: I2cDevice, probes: Probes) -> Check:
    name = f"I2C {device.label} 0x{device.address:02X}"
    bus_file = f"/dev/i2c-{device.port}"
    if not probes.i2c_exists(device.port):
        return Check(name, "fail", f"no {bus_file}: the I2C bus is off", ENABLE_I2C)
    try:
        bus = probes.open_bus(device.port)
    except PermissionError:
        return Check(
            name,
            "fail",
            f"no permission to open {bus_file}",
            "add yourself to the i2c group (sudo usermod -aG i2c $USER; log in again) or use sudo",
        )
    except (OSError, ImportError) as exc:
        return Check(name, "fail", f"cannot open {bus_file}: {exc}", "install the pi extra (smbus2)")
    try:
        # i2cdetect's rule: a read where a quick write could upset EEPROM-like chips
        if 0x30 <= device.address <= 0x37 or 0x50 <= device.address <= 0x5F:
            bus.read_byte(device.address)
        else:
            bus.write_quick(device.address)
        if device.device_id is not None:
            register, expected = device.device_id
            found = bus.read_byte_data(device.address, register)
            if found != expected:
                return Check(
                    name,
                    "fail",
                    f"a chip answers but its id is 0x{found:02X}, not 0x{expected:02X}",
                    f"another chip shares address 0x{device.address:02X}, or this is not an {device.label}",
                )
    except OSError as exc:
        return _bus_error(name, device, exc)
    finally:
        close = getattr(bus, "close", None)
        if close:
            close()
    return Check(name, "ok", f"answers on {bus_file}")


def _bus_error(name: str, device: I2cDevice, exc: OSError) -> Check:
    scan = f"i2cdetect -y {device.port}"
    if exc.errno in {errno.EREMOTEIO, errno.ENXIO}:
        return Check(
            name,
            "fail",
            f"no answer at 0x{device.address:02X} (Remote I/O error)",
            f"check VCC→3V3, GND, SDA→BCM 2 (pin 3), SCL→BCM 3 (pin 5); `{scan}` lists what answers; "
            + device.hint,
        )
    return Check(
        name,
        "fail",
        f"bus error: {exc}",
        "shorten the wires; lower the I2C clock (dtparam=i2c_arm_baudrate=50000 in "
        f"/boot/firmware/config.txt, reboot); then `{scan}`",
    )


# ---------------------------------------------------------------------- camera


def check_camera(
    config: Config, probes: Probes, service_active: bool, frame_out: Path | None = None
) -> list[Check]:
    """A frame through the configured camera, saved to ``frame_out`` for the user to look
    at, then judged as the referee would see it: the corner markers and the white paper."""
    cam = config.camera
    driver, why = _driver(cam.driver, "picamera2", "none", probes.on_pi())
    if why:
        return [Check("camera", "skip", why)]
    if driver == "picamera2" and service_active:
        return [
            Check(
                "camera",
                "skip",
                "skipped — the running service holds the camera",
                "sudo systemctl stop scarab; scarab doctor; sudo systemctl start scarab",
            )
        ]
    camera = probes.open_camera(driver, cam.device, cam.folder, cam.width, cam.height)
    try:
        frame = None
        for _ in range(max(1, probes.camera_frames)):
            frame = camera.read()
            if frame is not None:
                break
        if frame is None:
            return [Check("camera", "fail", camera.error or "no frame arrived", _camera_fix(driver, cam))]
    finally:
        camera.close()
    height, width = frame.shape[:2]
    detail = f"{driver}: {width}×{height} frames arriving"
    saved = save_frame(frame, frame_out) if frame_out is not None else None
    if saved:
        detail += f"; one saved to {saved}"
    return [Check("camera", "ok", detail), *check_view(frame)]


def save_frame(frame: Any, out: Path) -> Path | None:
    """The frame as a PNG at ``out``, or in the temporary folder when that cannot be written."""
    import cv2

    for target in (out, Path(tempfile.gettempdir()) / out.name):
        try:
            if cv2.imwrite(str(target), frame):
                return target
        except cv2.error:
            continue
    return None


WHITE_CAST = 0.12  # the marker paper's channels may differ by this share of their mean
WHITE_DARK, WHITE_CLIPPED = 70, 250


def check_view(frame: Any) -> list[Check]:
    """Whether the referee could work from this frame: the four corner markers found, and
    their white paper neutral and well exposed (a tint or a swapped colour order shows
    there first)."""
    import cv2
    import numpy as np

    from vision.markers import CORNERS, detect

    markers = detect(cv2.cvtColor(frame[:, :, :3], cv2.COLOR_BGR2GRAY), seats=False)
    missing = [i for i in CORNERS if i not in markers]
    if missing:
        seen = ", ".join(map(str, sorted(markers))) or "none"
        found = Check(
            "camera markers",
            "warn",
            f"corner marker{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} not found"
            f" (seen: {seen})",
            "lay the corner markers 0–3 (`scarab vision markers`) at the play area's corners, all in"
            " the camera's view and evenly lit; look at the saved frame",
        )
    else:
        found = Check("camera markers", "ok", "corner markers 0–3 found")
    whites = [w for w in (_paper_white(frame, m) for m in markers.values()) if w is not None]
    if not whites:
        return [found, Check("camera colour", "skip", "skipped — no marker's white paper in view")]
    b, g, r = np.median(np.array(whites), axis=0)
    level = (b + g + r) / 3
    shown = f"the markers' white paper is B {b:.0f} G {g:.0f} R {r:.0f}"
    cast = (max(b, g, r) - min(b, g, r)) / max(level, 1.0)
    if level < WHITE_DARK:
        colour = Check("camera colour", "warn", f"{shown}: too dark", "more light over the table")
    elif min(b, g, r) >= WHITE_CLIPPED:
        colour = Check("camera colour", "warn", f"{shown}: blown out", "less light, or no lamp shining in")
    elif cast > WHITE_CAST:
        tint = {0: "blue", 1: "green", 2: "red"}[int(np.argmax([b, g, r]))]
        colour = Check(
            "camera colour",
            "warn",
            f"{shown}: tinted {tint}, not neutral",
            "light the table with one kind of lamp (no daylight mixed with warm bulbs); restart"
            " scarab so the camera settles its white balance again",
        )
    else:
        colour = Check("camera colour", "ok", f"{shown}: neutral")
    return [found, colour]


def _paper_white(frame: Any, marker: Any) -> Any:
    """The median colour of a marker's white margin (a ring just outside its black square)."""
    import cv2
    import numpy as np

    from vision.markers import MARKER_MM, QUIET_MM

    corners = marker.corners.astype(np.float64)
    centre = corners.mean(0)
    half = MARKER_MM / 2
    inner = centre + (corners - centre) * ((half + 0.25 * QUIET_MM) / half)
    outer = centre + (corners - centre) * ((half + 0.75 * QUIET_MM) / half)
    mask = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(outer).astype(np.int32)], 1)
    cv2.fillPoly(mask, [np.round(inner).astype(np.int32)], 0)
    pixels = frame[:, :, :3][mask.astype(bool)]
    return None if len(pixels) < 10 else np.median(pixels, axis=0)


def _camera_fix(driver: str, cam: Any) -> str:
    if driver == "picamera2":
        return (
            "power off and reseat the ribbon cable at both ends; keep camera_auto_detect=1 in "
            "/boot/firmware/config.txt; `rpicam-hello --list-cameras` must list the camera"
        )
    if driver == "opencv":
        return f"is a USB camera plugged in? `ls /dev/video*`; camera.device = {cam.device} is its index"
    return f"put frames (png/jpg) in camera.folder ({cam.folder or 'not set'})"


# ------------------------------------------------------------------------ GPIO


def gpio_roles(config: Config, on_pi: bool) -> tuple[dict[str, list[tuple[str, int]]], list[Check]]:
    """The pins each device group on real GPIO claims, and skip rows for the others."""
    groups: dict[str, list[tuple[str, int]]] = {}
    skipped: list[Check] = []
    _, why = _driver(config.buttons.driver, "gpio", "mock", on_pi)
    if why:
        skipped.append(Check("GPIO buttons", "skip", why))
    else:
        b = config.buttons
        groups["buttons"] = [("buttons.next_pin", b.next_pin), ("buttons.back_pin", b.back_pin)]
        groups["buttons"].append(("buttons.menu_pin", b.menu_pin))
    _, why = _driver(config.buzzer.driver, "gpio", "mock", on_pi)
    if why:
        skipped.append(Check("GPIO buzzer", "skip", why))
    else:
        groups["buzzer"] = [("buzzer.pin", config.buzzer.pin)]
    sensor, why = _driver(config.sensor.driver, "adxl345", "trace", on_pi)
    if why:
        skipped.append(Check("GPIO sensor", "skip", why))
    elif sensor == "adxl345" and config.sensor.int1_pin >= 0:
        groups["ADXL345 INT1"] = [("sensor.int1_pin", config.sensor.int1_pin)]
    elif sensor in {"sw420", "sw520d"}:
        groups[sensor.upper()] = [("sensor.switch_pin", config.sensor.switch_pin)]
    return groups, skipped


def check_gpio(config: Config, probes: Probes, service_active: bool) -> list[Check]:
    groups, checks = gpio_roles(config, probes.on_pi())
    owners: dict[int, list[str]] = {}
    for roles in groups.values():
        for key, pin in roles:
            owners.setdefault(pin, []).append(key)
    for group, roles in groups.items():
        pins = [pin for _, pin in roles]
        name = f"GPIO {group} (BCM {', '.join(map(str, pins))})"
        problems = []
        for key, pin in roles:
            if not 0 <= pin <= 27:
                problems.append(f"{key} = {pin} is not a header GPIO (BCM 0–27)")
            elif pin in I2C_PINS:
                problems.append(f"{key} = {pin} is the I2C bus's {I2C_PINS[pin]}")
            elif len(owners[pin]) > 1:
                problems.append(f"BCM {pin} is used by {' and '.join(owners[pin])}")
        if problems:
            checks.append(Check(name, "fail", "; ".join(problems), "give each device its own free pin"))
        elif service_active:
            checks.append(Check(name, "skip", "skipped — held by the running service (expected)"))
        else:
            checks.append(_claim(name, pins, probes))
    return checks


def _claim(name: str, pins: list[int], probes: Probes) -> Check:
    """Claim each pin as a plain input (no pull change) and let it go: gpiozero refuses a
    pin another device, or another process through the kernel, already holds."""
    try:
        from gpiozero import InputDevice

        factory = probes.pin_factory("gpio")
    except Exception as exc:  # no pin backend at all
        return Check(
            name, "fail", f"no GPIO access: {exc}", "install python3-lgpio (systemd/install.sh does)"
        )
    busy = []
    for pin in pins:
        try:
            InputDevice(pin, pull_up=None, active_state=True, pin_factory=factory).close()
        except Exception as exc:  # gpiozero's GPIOPinInUse, lgpio's 'GPIO busy', permissions
            busy.append(f"BCM {pin}: {exc}")
    if busy:
        return Check(
            name,
            "fail",
            "; ".join(busy),
            "stop what holds it (sudo systemctl stop scarab; `pinctrl get` shows pin modes); "
            "not permitted: add yourself to the gpio group",
        )
    return Check(name, "ok", "free")


# ---------------------------------------------------------------- state, disk


def state_dir(config: Config, probes: Probes) -> Path:
    """Where the service keeps its games: the configured store's folder, the service's
    StateDirectory once the unit is installed, else this user's state dir."""
    if config.store.path:
        return Path(config.store.path).parent
    if os.environ.get("STATE_DIRECTORY") or not probes.unit_installed():
        return config.store_path().parent
    return SERVICE_STATE_DIR


def _existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_state_dir(folder: Path) -> Check:
    name = "state directory"
    if not folder.exists():
        parent = _existing(folder)
        if os.access(parent, os.W_OK):
            return Check(name, "ok", f"{folder} will be created on the first start")
        return Check(
            name,
            "fail",
            f"{folder} does not exist and {parent} is not writable",
            "let systemd make it (StateDirectory=, the installed unit does) or set store.path",
        )
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-"):
            pass
    except PermissionError:
        owner = _owner(folder)
        if owner == SERVICE_USER:
            return Check(name, "ok", f"{folder} (owned by the service user {owner}; not writable by you)")
        return Check(name, "fail", f"{folder} is not writable", f"sudo chown -R {SERVICE_USER}: {folder}")
    except OSError as exc:
        return Check(
            name, "fail", f"{folder}: {exc}", "check the SD card: `dmesg | tail`; a read-only file system?"
        )
    return Check(name, "ok", f"{folder} writable")


def _owner(path: Path) -> str:
    try:
        return pwd.getpwuid(path.stat().st_uid).pw_name
    except (KeyError, OSError):
        return "?"


def check_disk(folder: Path, probes: Probes) -> Check:
    usage = probes.disk_usage(_existing(folder))
    free = usage.free / 2**20
    detail = f"{free:,.0f} MiB free of {usage.total / 2**30:.1f} GiB"
    fix = "free some space: sudo apt-get clean; sudo journalctl --vacuum-size=50M"
    if free < DISK_FAIL_MIB:
        return Check("free disk", "fail", detail, fix)
    if free < DISK_WARN_MIB:
        return Check("free disk", "warn", detail, fix)
    return Check("free disk", "ok", detail)


# --------------------------------------------------------------------- service


def check_service(probes: Probes) -> Check:
    name = "service scarab"
    if probes.which("systemctl") is None:
        return Check(name, "skip", "skipped — no systemctl here")
    if not probes.systemd_running():
        return Check(name, "skip", "skipped — systemd is not running here")
    code, load_state = probes.systemctl("show", "--property=LoadState", "--value", SERVICE)
    if code != 0:
        return Check(name, "skip", f"skipped — systemctl cannot ask systemd: {load_state or code}")
    if load_state == "not-found":
        if probes.on_pi():
            return Check(name, "warn", "not installed", "sudo systemd/install.sh (from the Scarab checkout)")
        return Check(name, "skip", "skipped — not installed")
    code, state = probes.systemctl("is-active", SERVICE)
    if code == 0 and state == "active":
        _, text = probes.systemctl("show", "--property=StatusText", "--value", SERVICE)
        return Check(name, "ok", f"active — {text}" if text else "active")
    if state in {"activating", "reloading", "deactivating"}:
        return Check(name, "warn", state, "wait a few seconds and run scarab doctor again")
    return Check(
        name,
        "fail",
        state or "not running",
        "see why: journalctl -u scarab -e; start it: sudo systemctl enable --now scarab",
    )


# ------------------------------------------------------------------------- run


def diagnose(
    config_path: str | None, probes: Probes | None = None, frame_out: Path | None = None
) -> list[Check]:
    probes = probes or Probes()
    config_check, config = check_config(config_path)
    checks = [config_check]
    service = check_service(probes)
    active = service.status == "ok"  # then it holds the camera and the pins
    devices, skipped = i2c_devices(config, probes.on_pi())
    checks += skipped + [check_i2c_device(d, probes) for d in devices]
    checks += check_camera(config, probes, active, frame_out)
    checks += check_gpio(config, probes, active)
    folder = state_dir(config, probes)
    checks += [check_state_dir(folder), service, check_disk(folder, probes)]
    return checks


MARKS = {
    "ok": "[green]✓ ok[/]",
    "warn": "[yellow]! warn[/]",
    "fail": "[red]✗ fail[/]",
    "skip": "[dim]– skip[/]",
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser("doctor", help="check the Pi: I2C devices, camera, pins, config, state, service, disk")
    p.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    p.add_argument("--json", action="store_true", help='print {"ok", "checks": [...]} as one JSON document')
    p.add_argument(
        "--frame",
        default="scarab-doctor-frame.png",
        help="where to save the camera's frame to look at (default ./scarab-doctor-frame.png)",
    )
    p.set_defaults(handler=doctor)


def doctor(args: argparse.Namespace, probes: Probes | None = None) -> int:
    checks = diagnose(args.config, probes, Path(args.frame))
    failed = any(c.status == "fail" for c in checks)
    if args.json:
        from firmware.commands.common import emit_json

        emit_json({"ok": not failed, "checks": [asdict(c) for c in checks]})
    else:
        print_table(checks)
    return 1 if failed else 0


def print_table(checks: Sequence[Check]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(highlight=False)
    table = Table(title="scarab doctor", title_justify="left")
    table.add_column("check")
    table.add_column("result", no_wrap=True)
    table.add_column("detail")
    for check in checks:
        table.add_row(escape(check.name), MARKS[check.status], escape(check.detail))
    console.print(table)
    todo = [c for c in checks if c.fix and c.status in {"fail", "warn"}]
    for check in todo:
        console.print(f"{MARKS[check.status]} [bold]{escape(check.name)}[/]: {escape(check.fix)}")
    failed = sum(c.status == "fail" for c in checks)
    skipped = sum(c.status == "skip" for c in checks)
    verdict = f"[red]{failed} failed[/]" if failed else "[green]nothing failed[/]"
    console.print(verdict + (f"; {skipped} skipped" if skipped else ""))
