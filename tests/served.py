"""A page for tests: served from a thread of its own on a free loopback port, and the
table's questions asked and answered through its API."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi.testclient import TestClient

PIN = "123456"
ORIGIN = {"Origin": "http://testserver"}  # the page's own origin, as a browser sends it


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Serve ``app`` until the block ends; its address."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        assert thread.is_alive(), "the page's server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(10)


class Asking:
    """The question API as a phone with the PIN uses it; ``client`` is the page's."""

    client: TestClient

    def login(self) -> None:
        assert self.client.post("/api/session", json={"pin": PIN}, headers=ORIGIN).status_code == 200

    def answer(self, qid: str, label: str) -> Any:
        return self.client.post(f"/api/questions/{qid}", json={"label": label}, headers=ORIGIN)

    def questions(self) -> list[dict[str, Any]]:
        response = self.client.get("/api/questions")
        assert response.status_code == 200
        return response.json()["questions"]  # type: ignore[no-any-return]
