"""A property-based fuzz of the API from its own OpenAPI document: whatever schemathesis
sends — with and without a PIN session — no response is a 5xx."""

from __future__ import annotations

import tempfile
from pathlib import Path

import cv2
import numpy as np
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.app import COOKIE, create_app
from firmware.web.hub import TableHub

# schemathesis sends JPEG, PNG and WebP bodies of its own; a BMP body it skips unless told
# how to make one: a real little bitmap, one cut short, or any bytes after "BM"
_BITMAP = cv2.imencode(".bmp", np.full((4, 6, 3), 90, np.uint8))[1].tobytes()
schemathesis.openapi.media_type(
    "image/bmp",
    st.one_of(
        st.just(_BITMAP),
        st.integers(2, len(_BITMAP) - 1).map(lambda n: _BITMAP[:n]),
        st.binary(max_size=64).map(lambda b: b"BM" + b),
    ),
)

HEADER = {"game": "tutankhamen", "edition": "amigo", "players": ["Ann", "Ben", "Cleo"], "seed": 3}
TOKEN = "fuzz-session"

_store = Store(Path(tempfile.mkdtemp(prefix="scarab-fuzz-")) / "s.db")
HUB = TableHub(_store, Referee.start(_store, HEADER), pin="135791", frame_png=lambda: b"\x89PNG")
HUB.sessions.add(TOKEN)
APP = create_app(HUB)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP).exclude(path="/api/stream")  # an endless stream


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: schemathesis.Case) -> None:
    anonymous = case.call()
    assert anonymous.status_code < 500, anonymous.text
    authorised = case.call(cookies={COOKIE: TOKEN})
    assert authorised.status_code < 500, authorised.text
