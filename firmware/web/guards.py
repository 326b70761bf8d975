"""Defences in front of the API that do not depend on the game: a cap on request bodies
and a same-origin check for every change.

The cap is enforced while the body arrives, before anything parses it, so a 10 MB post
costs the Pi no more than 64 KiB of reading. The origin check stands beside the
SameSite=Strict cookie: a browser names the page a request comes from, and only the
table's own page may change the game.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from fastapi import HTTPException, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # bytes; the largest real request (a new game's header) is a few KiB


def _too_large_detail(limit: int) -> dict[str, str]:
    size = f"{limit // 1024} KiB" if limit < 1024 * 1024 else f"{limit // (1024 * 1024)} MiB"
    return {"code": "too-large", "message": f"the request body is over {size}"}


class BodyTooLarge(HTTPException):
    """Raised while the body is read; FastAPI passes an HTTPException on to the app's
    error handler, so it becomes the same 413 document."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, _too_large_detail(limit))


def _too_large(limit: int) -> tuple[int, bytes]:
    return 413, json.dumps({"error": _too_large_detail(limit)}).encode()


class BodyLimit:
    """Refuse bodies over ``limit`` bytes with 413: at once when Content-Length says so,
    and while reading when the body is chunked or its length understated."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = larger or {}  # path -> its own limit: a photo upload is megabytes, not KiB

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _send(send, *_too_large(limit))
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await _send(send, *_too_large(limit))


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() else None
    return None


async def _send(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def same_origin(request: Request) -> None:
    """403 for a change sent from another site: a browser's ``Origin`` (or, failing that,
    ``Sec-Fetch-Site``) must name the page's own host. ``Origin: null`` (a sandboxed
    frame, a file, a redirect across sites) is refused too. Programs that send neither
    header are left to the PIN session."""
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        if origin.strip().lower() == "null" or not _same_host(origin, host):
            raise HTTPException(403, _cross_site(origin))
        return
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site":
        raise HTTPException(403, _cross_site("another site"))


def _same_host(origin: str, host: str) -> bool:
    try:
        parts = urlsplit(origin.strip())
        netloc = parts.netloc.lower()
    except ValueError:
        return False
    if parts.scheme not in {"http", "https"} or not netloc:
        return False
    default = {"http": ":80", "https": ":443"}[parts.scheme]
    host = host.strip().lower()
    return netloc == host or netloc.removesuffix(default) == host.removesuffix(default)


def _cross_site(origin: str) -> dict[str, Any]:
    return {
        "code": "cross-site",
        "message": f"changes come only from the table's own page, not from {origin[:80]}",
    }
