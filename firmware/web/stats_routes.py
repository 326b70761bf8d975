"""``/stats`` and ``/api/stats`` on the table's page: the players' history.

Computed in a worker thread on a connection of its own, so a first replay of thousands
of stored games never holds up the referee's loop; readers arriving meanwhile share the
one computation.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from firmware.appliance.stats import history
from firmware.appliance.stats_page import render


class StatsSource:
    """The figures for one store file, computed once per request wave."""

    def __init__(self, path: Path | str, fallback: sqlite3.Connection | None = None) -> None:
        self.path = str(path)
        self.fallback = fallback  # an in-memory store (tests) cannot be opened twice
        self._running: asyncio.Future[dict[str, Any]] | None = None

    def compute(self) -> dict[str, Any]:
        if self.path == ":memory:" and self.fallback is not None:
            return history(self.fallback, workers=1)
        db = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            return history(db, workers=1)
        finally:
            db.close()

    async def document(self) -> dict[str, Any]:
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(asyncio.to_thread(self.compute))
        return await asyncio.shield(self._running)


def stats_router(source: StatsSource) -> APIRouter:
    router = APIRouter()

    @router.get("/api/stats", summary="Players' history across the stored games (replayed from the logs)")
    async def stats_json() -> dict[str, Any]:
        return await source.document()

    @router.get("/stats", response_class=HTMLResponse, include_in_schema=False)
    async def stats_page() -> HTMLResponse:
        return HTMLResponse(render(await source.document()), headers={"Cache-Control": "no-store"})

    return router
