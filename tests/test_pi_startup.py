"""Start-up as on a Pi: the first OLED frame is drawn before the page's web stack (FastAPI,
uvicorn) is imported, and the appliance caps OpenCV's threads at the configured number."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import json, sys
import firmware.appliance.run as run

seen = {}
original = run.Appliance.serve_page

async def serve_page(self, host, port):
    import cv2

    web = [m for m in ("fastapi", "uvicorn", "starlette") if m in sys.modules]
    seen.update(frames=self.oled.frames, web=web)
    seen["threads"] = cv2.getNumThreads()
    await original(self, host, port)

run.Appliance.serve_page = serve_page
from firmware.cli import main

code = main(sys.argv[1:])
print(json.dumps({"code": code, **seen}))
"""


def test_the_first_oled_frame_comes_before_the_web_stack_and_opencv_is_capped(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[oled]\ndriver = "dummy"\n[camera]\nopencv_threads = 1\n')
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "OMP_NUM_THREADS": "1"}
    args = [
        "run",
        "--demo",
        "--camera",
        "none",
        "--port",
        "0",
        "--config",
        str(config),
        "--db",
        str(tmp_path / "d.db"),
    ]
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, timeout=300
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0
    assert seen["frames"] >= 1, "no OLED frame before the page started"
    assert seen["web"] == [], f"imported before the first frame: {seen['web']}"
    assert seen["threads"] == 1
