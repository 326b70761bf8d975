"""`scarab doctor` with fakes: a fake SMBus, gpiozero's MockFactory, a fake camera and
a fake systemctl — a healthy Pi, then each thing that goes wrong and the fix it names."""

from __future__ import annotations

import errno
import json
from collections import namedtuple
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from firmware.cli import main
from firmware.commands.doctor import Probes, diagnose
from hardware.pins import pin_factory

Usage = namedtuple("Usage", "total used free")
GiB = 2**30


class FakeBus:
    """An SMBus with chips at some addresses: ``{address: {register: value}}``."""

    def __init__(self, chips: dict[int, dict[int, int]], error: int = errno.EREMOTEIO) -> None:
        self.chips = chips
        self.error = error
        self.closed = False

    def _chip(self, address: int) -> dict[int, int]:
        if address not in self.chips:
            raise OSError(self.error, "Remote I/O error" if self.error == errno.EREMOTEIO else "I/O error")
        return self.chips[address]

    def read_byte(self, address: int) -> int:
        return self._chip(address).get(-1, 0)

    def write_quick(self, address: int) -> None:
        self._chip(address)

    def read_byte_data(self, address: int, register: int) -> int:
        return self._chip(address).get(register, 0)

    def close(self) -> None:
        self.closed = True


class FakeCamera:
    def __init__(self, frames: int, error: str | None = None) -> None:
        self.left, self.error, self.closed = frames, error, False

    def read(self) -> np.ndarray | None:
        if self.left <= 0:
            return None
        self.left -= 1
        return np.zeros((720, 1280, 3), np.uint8)

    def close(self) -> None:
        self.closed = True


HEALTHY = {0x3C: {}, 0x53: {0x00: 0xE5}}


def systemctl(active: str = "active", load: str = "loaded", status: str = "tutankhamen game 1: 3 actions"):
    def run(*args: str) -> tuple[int, str]:
        if args[:2] == ("show", "--property=LoadState"):
            return 0, load
        if args[:2] == ("show", "--property=StatusText"):
            return 0, status
        if args[0] == "is-active":
            return (0 if active == "active" else 3), active
        raise AssertionError(args)

    return run


def pi(
    bus: FakeBus | None = None,
    camera: FakeCamera | None = None,
    service: Any = None,
    free_gib: float = 20,
    **overrides: Any,
) -> Probes:
    """A Raspberry Pi where everything is wired right, the service stopped."""
    bus = bus or FakeBus(HEALTHY)
    camera = camera or FakeCamera(3)
    probes = Probes(
        on_pi=lambda: True,
        i2c_exists=lambda port: port == 1,
        open_bus=lambda port: bus,
        pin_factory=lambda driver: pin_factory("mock"),
        open_camera=lambda *args: camera,
        systemctl=service or systemctl(active="inactive"),
        which=lambda name: f"/usr/bin/{name}",
        systemd_running=lambda: True,
        unit_installed=lambda: True,
        disk_usage=lambda path: Usage(30 * GiB, 30 * GiB - int(free_gib * GiB), int(free_gib * GiB)),
    )
    for key, value in overrides.items():
        setattr(probes, key, value)
    return probes


@pytest.fixture(autouse=True)
def fresh_pins() -> Iterator[None]:
    yield
    pin_factory("mock").reset()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    file = tmp_path / "config.toml"
    file.write_text(f'[store]\npath = "{tmp_path / "state" / "scarab.db"}"\n')
    return file


def by_name(checks: list) -> dict[str, Any]:
    return {c.name: c for c in checks}


def failing(checks: list) -> list:
    return [c for c in checks if c.status == "fail"]


def test_a_healthy_pi_with_the_service_stopped_passes_every_check(config: Path) -> None:
    checks = diagnose(str(config), pi(service=systemctl(active="active")))
    assert failing(checks) == []
    checks = diagnose(str(config), pi())  # stopped: now the pins and the camera are tested
    named = by_name(checks)
    assert named["I2C OLED (ssd1306) 0x3C"].status == "ok"
    assert named["I2C ADXL345 0x53"].status == "ok"
    assert named["camera"].status == "ok" and "1280×720" in named["camera"].detail
    assert named["GPIO buttons (BCM 17, 27, 22)"].status == "ok"
    assert named["GPIO buzzer (BCM 18)"].status == "ok"
    assert named["GPIO ADXL345 INT1 (BCM 23)"].status == "ok"
    assert named["state directory"].status == "ok"
    assert named["free disk"].status == "ok"
    assert named["service scarab"].status == "fail", "a stopped service is a failure"
    assert "enable --now scarab" in named["service scarab"].fix


def test_a_running_service_reports_its_status_and_holds_camera_and_pins(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(service=systemctl(active="active"))))
    assert checks["service scarab"].detail == "active — tutankhamen game 1: 3 actions"
    assert checks["camera"].status == "skip" and "running service" in checks["camera"].detail
    assert checks["GPIO buttons (BCM 17, 27, 22)"].status == "skip"


def test_an_oled_that_does_not_answer_fails_with_the_wiring_and_the_scan(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(bus=FakeBus({0x53: {0: 0xE5}}))))
    oled = checks["I2C OLED (ssd1306) 0x3C"]
    assert oled.status == "fail" and "Remote I/O" in oled.detail
    assert "i2cdetect -y 1" in oled.fix and "0x3D" in oled.fix and "BCM 2" in oled.fix
    assert checks["I2C ADXL345 0x53"].status == "ok"


def test_a_chip_at_0x53_that_is_not_an_adxl345_fails_by_its_id(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(bus=FakeBus({0x3C: {}, 0x53: {0: 0x42}}))))
    adxl = checks["I2C ADXL345 0x53"]
    assert adxl.status == "fail" and "0x42" in adxl.detail and "0xE5" in adxl.detail


def test_a_flaky_bus_suggests_lowering_the_i2c_clock(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(bus=FakeBus({}, error=errno.EIO))))
    assert "i2c_arm_baudrate" in checks["I2C OLED (ssd1306) 0x3C"].fix


def test_i2c_switched_off_names_raspi_config(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(i2c_exists=lambda port: False)))
    oled = checks["I2C OLED (ssd1306) 0x3C"]
    assert oled.status == "fail" and "/dev/i2c-1" in oled.detail
    assert "raspi-config nonint do_i2c 0" in oled.fix


def test_a_configured_bus_and_address_are_the_ones_probed(tmp_path: Path) -> None:
    file = tmp_path / "c.toml"
    file.write_text("[oled]\ni2c_address = 0x3D\n[sensor]\ndriver = 'sw420'\n")
    probed: list[int] = []
    bus = FakeBus({0x3D: {}})
    bus.write_quick = probed.append  # type: ignore[method-assign]
    checks = by_name(diagnose(str(file), pi(bus=bus, unit_installed=lambda: False)))
    assert probed == [0x3D] and checks["I2C OLED (ssd1306) 0x3D"].status == "ok"
    assert "I2C ADXL345 0x53" not in checks, "a switch is not on I2C"
    assert checks["GPIO SW420 (BCM 24)"].status == "ok"


def test_a_pin_held_by_another_device_is_not_free(config: Path) -> None:
    from gpiozero import Button

    holder = Button(27, pin_factory=pin_factory("mock"))
    try:
        checks = by_name(diagnose(str(config), pi()))
    finally:
        holder.close()
    buttons = checks["GPIO buttons (BCM 17, 27, 22)"]
    assert buttons.status == "fail" and "BCM 27" in buttons.detail and "BCM 17" not in buttons.detail
    assert checks["GPIO buzzer (BCM 18)"].status == "ok"


def test_pins_booked_twice_or_on_the_i2c_bus_are_refused(tmp_path: Path) -> None:
    file = tmp_path / "c.toml"
    file.write_text("[buzzer]\npin = 2\n[sensor]\nint1_pin = 17\n")
    checks = by_name(diagnose(str(file), pi()))
    assert "SDA" in checks["GPIO buzzer (BCM 2)"].detail
    both = "BCM 17 is used by buttons.next_pin and sensor.int1_pin"
    assert both in checks["GPIO buttons (BCM 17, 27, 22)"].detail
    assert both in checks["GPIO ADXL345 INT1 (BCM 17)"].detail


def test_a_camera_without_frames_fails_with_a_fix(config: Path) -> None:
    camera = FakeCamera(0, error="the Pi camera sent no frame: timeout")
    checks = by_name(diagnose(str(config), pi(camera=camera)))
    assert checks["camera"].status == "fail" and "timeout" in checks["camera"].detail
    assert "ribbon" in checks["camera"].fix and camera.closed


def test_service_states(config: Path) -> None:
    failed = by_name(diagnose(str(config), pi(service=systemctl(active="failed"))))["service scarab"]
    assert failed.status == "fail" and "journalctl -u scarab" in failed.fix
    missing = by_name(diagnose(str(config), pi(service=systemctl(active="inactive", load="not-found"))))
    assert missing["service scarab"].status == "warn" and "install.sh" in missing["service scarab"].fix
    no_systemd = by_name(diagnose(str(config), pi(systemd_running=lambda: False)))
    assert no_systemd["service scarab"].status == "skip"
    no_systemctl = by_name(diagnose(str(config), pi(which=lambda name: None)))
    assert no_systemctl["service scarab"].status == "skip"


def test_little_disk_warns_then_fails(config: Path) -> None:
    assert by_name(diagnose(str(config), pi(free_gib=0.3)))["free disk"].status == "warn"
    low = by_name(diagnose(str(config), pi(free_gib=0.05)))["free disk"]
    assert low.status == "fail" and "journalctl --vacuum" in low.fix


def test_a_state_directory_that_is_a_file_fails(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("")
    file = tmp_path / "c.toml"
    file.write_text(f'[store]\npath = "{tmp_path / "blocked" / "scarab.db"}"\n')
    state = by_name(diagnose(str(file), pi()))["state directory"]
    assert state.status == "fail" and "blocked" in state.detail


def test_off_a_pi_hardware_is_skipped_and_the_doctor_exits_0(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["doctor", "--json", "--config", str(config)]) == 0
    doc = json.loads(capsys.readouterr().out)
    named = {c["name"]: c for c in doc["checks"]}
    assert doc["ok"] is True
    assert named["camera"]["status"] == "skip" and "not a Raspberry Pi" in named["camera"]["detail"]
    assert named["I2C OLED"]["status"] == "skip" and named["GPIO buttons"]["status"] == "skip"
    assert named["config"]["status"] == "ok" and named["state directory"]["status"] == "ok"


def test_a_bad_config_fails_the_doctor_and_says_which_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "c.toml"
    file.write_text("[oled]\ndriver = 'crt'\n")
    assert main(["doctor", "--config", str(file)]) == 1
    out = capsys.readouterr().out
    assert "oled.driver" in out and "✗ fail" in out and "docs/config.md" in out
    assert "Traceback" not in out


# ------------------------------------------------------------ the camera's view


def table_frame(
    ids: tuple[int, ...] = (0, 1, 2, 3), bgr_gain: tuple[float, float, float] = (1, 1, 1)
) -> np.ndarray:
    """A 1280×720 BGR frame of a grey-green table with the kit's corner markers (white paper)."""
    from vision.markers import marker_image

    frame = np.full((720, 1280, 3), (90, 120, 100), np.uint8)
    spots = {0: (40, 40), 1: (1080, 40), 2: (1080, 520), 3: (40, 520)}
    for marker_id in ids:
        x, y = spots[marker_id]
        frame[y : y + 160, x : x + 160] = (marker_image(marker_id, 160) * 0.86).astype(np.uint8)  # paper
    return np.clip(frame * np.array(bgr_gain), 0, 255).astype(np.uint8)


class FrameCamera(FakeCamera):
    def __init__(self, frame: np.ndarray) -> None:
        super().__init__(3)
        self.frame = frame

    def read(self) -> np.ndarray | None:
        return self.frame


def test_a_frame_with_the_corner_markers_and_neutral_white_passes_and_is_saved(
    config: Path, tmp_path: Path
) -> None:
    frame = table_frame()
    out = tmp_path / "look.png"
    checks = by_name(diagnose(str(config), pi(camera=FrameCamera(frame)), frame_out=out))
    assert checks["camera"].status == "ok" and str(out) in checks["camera"].detail
    assert checks["camera markers"].status == "ok"
    assert checks["camera colour"].status == "ok" and "neutral" in checks["camera colour"].detail
    import cv2

    assert np.array_equal(cv2.imread(str(out)), frame)


def test_missing_corner_markers_and_a_tinted_white_are_named(config: Path) -> None:
    checks = by_name(diagnose(str(config), pi(camera=FrameCamera(table_frame((0, 1, 3), (0.7, 0.85, 1.0))))))
    markers, colour = checks["camera markers"], checks["camera colour"]
    assert markers.status == "warn" and "marker 2 not found" in markers.detail and "0–3" in markers.fix
    assert colour.status == "warn" and "tinted red" in colour.detail and "white balance" in colour.fix
    dark = by_name(diagnose(str(config), pi(camera=FrameCamera(table_frame(bgr_gain=(0.2, 0.2, 0.2))))))
    assert dark["camera colour"].status == "warn" and "too dark" in dark["camera colour"].detail
    empty = by_name(diagnose(str(config), pi(camera=FrameCamera(table_frame(())))))
    assert empty["camera markers"].status == "warn" and empty["camera colour"].status == "skip"


def test_the_doctor_looks_through_the_configured_pi_camera(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real open_camera with a fake picamera2: the scene is in true RGB, and a camera
    asked for the wrong format would hand the doctor swapped channels."""
    from fake_picamera2 import fake_picamera2

    from firmware.commands.doctor import _open_camera

    file = tmp_path / "c.toml"
    file.write_text(f'[store]\npath = "{tmp_path / "s.db"}"\n[camera]\ndriver = "picamera2"\n')
    scene_rgb = table_frame()[:, :, ::-1]
    with fake_picamera2(np.ascontiguousarray(scene_rgb)) as fake:
        checks = by_name(diagnose(str(file), pi(open_camera=_open_camera), frame_out=tmp_path / "f.png"))
    assert fake.instances[0].format == "RGB888" and fake.instances[0].closed
    assert checks["camera"].status == "ok" and "picamera2: 1280×720" in checks["camera"].detail
    assert checks["camera markers"].status == "ok" and checks["camera colour"].status == "ok"
    import cv2

    saved = cv2.imread(str(tmp_path / "f.png"))
    b, g, r = (int(v) for v in saved[700, 640])
    assert abs(b - 90) <= 4 and abs(g - 120) <= 4 and abs(r - 100) <= 4, "saved in BGR: the table's colour"
