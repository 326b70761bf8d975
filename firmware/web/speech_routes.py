"""``/api/speech``: whether the table speaks, and the page's mute switch.

Reading is open like the rest of the page; muting changes the table, so it needs what
every change needs: the page's own origin, a JSON body and the table PIN's session.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict

from firmware.web.guards import same_origin

COOKIE = "scarab_session"  # the session cookie firmware/web/app.py sets


class MuteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: bool


def _status(hub: Any) -> dict[str, Any]:
    feeds = getattr(hub, "feeds", None)
    if feeds is None:
        return {"enabled": False, "muted": True, "volume": 0, "error": None}
    return dict(feeds.speech_status())


def speech_router(hub: Any) -> APIRouter:
    router = APIRouter()

    @router.get("/api/speech", summary="Whether the table speaks: enabled, muted, volume, its error")
    async def status() -> dict[str, Any]:
        return _status(hub)

    @router.post("/api/speech", summary="Mute or unmute the table's voice (needs the table PIN)")
    async def mute(body: MuteRequest, request: Request) -> dict[str, Any]:
        same_origin(request)
        if not request.headers.get("content-type", "").startswith("application/json"):
            raise HTTPException(415, {"code": "json-only", "message": "send the request as JSON"})
        if not hub.authorised(request.cookies.get(COOKIE)):
            raise HTTPException(401, {"code": "pin-required", "message": "enter the table PIN first"})
        feeds = getattr(hub, "feeds", None)
        if feeds is None or not feeds.set_muted(body.muted):
            raise HTTPException(409, {"code": "no-speech", "message": "this table has no voice configured"})
        return _status(hub)

    return router
