"""The web side: the phone page, the JSON API under /api/, and the live stream.

Reading is open to everyone on the table's network. Changing the game needs a session:
``POST /api/session`` with the table PIN sets an HttpOnly, SameSite=Strict cookie, and
every change is a JSON POST carrying it — a form on another site can do neither, so it
cannot drive the table. Five wrong PINs lock a client out for a minute. Bad requests
get a 4xx with a message, never a 500.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Path, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict, Field

from engines import GAMES
from engines.core import RuleError
from engines.replay import LogError
from engines.tutankhamen.tiles import EDITIONS
from firmware.appliance import export
from firmware.appliance.store import GameRecord, StoreError
from firmware.web import past
from firmware.web.guards import BodyLimit, same_origin
from firmware.web.hub import QuestionError, TableHub
from firmware.web.photo import MAX_PHOTO, PhotoError, read_path
from firmware.web.photo import TYPES as PHOTO_TYPES
from firmware.web.setup import setup_choices
from firmware.web.speech_routes import speech_router
from firmware.web.stats_routes import StatsSource, stats_router
from firmware.web.table_svg import tile_svg

COOKIE = "scarab_session"
STREAM_WAIT = 15.0  # seconds between keep-alive checks on the live stream


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PinRequest(Strict):
    pin: str = Field(pattern=r"^\d{6}$", description="the six-digit table PIN shown on the OLED")


class ActionRequest(Strict):
    action: dict[str, Any] = Field(description='one game-log action, e.g. {"player": "Ann", "move": "pass"}')


class NewGameRequest(Strict):
    """A complete game-log header (DESIGN.md): the game, its players and the setup that
    lies on the table. Each game's setup keys are judged by its engine, which names what
    is wrong (its own code, as a 409) before anything is stored."""

    game: str = Field(description=f"one of {', '.join(GAMES)}")
    edition: str | None = Field(default=None, description="tutankhamen: otb2004 or amigo")
    players: list[str] = Field(min_length=2, max_length=6)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1, description="random when missing")
    path: Any = Field(
        default=None, description="tutankhamen: the tiles as laid, from the start to the pyramid"
    )
    mode: Any = Field(default=None, description='ankh, bann, gulogulo: "table" (default) or "full"')
    target: Any = Field(default=None, description="ankh: the points to win (50, 100, 150)")
    papyrus: Any = Field(
        default=None, description='ankh: the starting papyrus {"rank": [...], "threshold": n}'
    )
    deck: Any = Field(default=None, description="ankh, bann: the box's cards (see docs/game-logs-*.md)")
    variant: Any = Field(
        default=None, description="bann: advanced, minus-points (or both); gulogulo: basic, adventurous, race"
    )
    adventures: Any = Field(default=None, description="bann: the adventure cards' values as laid")
    chamber: Any = Field(default=None, description="bann: the king's chamber's value")
    side: Any = Field(default=None, description="bann: the adventure cards' side a seeded setup lays")
    board: Any = Field(
        default=None, description="gulogulo: the board as data (docs/game-logs-gulogulo.md §4)"
    )

    def header(self) -> dict[str, Any]:
        """The header as stored: the keys given, in the log's order, and a seed."""
        header = {k: v for k, v in self.model_dump().items() if v is not None and k != "seed"}
        header["seed"] = self.seed if self.seed is not None else secrets.randbelow(2**31)
        return header


class AnswerRequest(Strict):
    label: str = Field(max_length=64, description='the face that lies there, e.g. "cat-green"')


class SensorAnswer(Strict):
    landslide: bool = Field(description="true: it was a landslide; false: it was not, the pull goes on")


class Problem(BaseModel):
    error: dict[str, Any]


def problem(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, **extra}}, status_code=status)


def create_app(hub: TableHub) -> FastAPI:
    # /docs and /redoc from the package's own copies of their scripts: a table's network
    # is often offline, and a CDN would leave them blank there.
    app: FastAPI = FastAPIOffline(
        title="Scarab",
        version="1",
        description="The table's referee: read the game, and (with the table PIN) change it.",
        responses={400: {"model": Problem}, 422: {"model": Problem}},
        favicon_url="/static/favicon.svg",
    )
    # a body over the limit is refused before it is parsed; a photo may be a few MiB
    app.add_middleware(BodyLimit, larger={"/api/path/read": MAX_PHOTO})
    static = resources.files("firmware.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.include_router(stats_router(StatsSource(hub.store.path, hub.store.db)))  # players' history
    app.include_router(speech_router(hub))  # the table's voice: mute and unmute

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", []) if p != "body")
        return problem(422, "bad-request", f"{where}: {first.get('msg', 'invalid request')}".strip(": "))

    @app.exception_handler(HTTPException)
    async def http_problem(request: Request, exc: HTTPException) -> JSONResponse:
        if isinstance(exc.detail, dict):
            return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)
        return problem(exc.status_code, "http", str(exc.detail))

    def session(request: Request) -> None:
        """Every change needs the page's own origin, a PIN session cookie and a JSON body."""
        same_origin(request)
        if not request.headers.get("content-type", "").startswith("application/json"):
            raise HTTPException(415, {"code": "json-only", "message": "send the request as JSON"})
        if not hub.authorised(request.cookies.get(COOKIE)):
            raise HTTPException(401, {"code": "pin-required", "message": "enter the table PIN first"})

    changing = [Depends(session)]

    async def photo_body(request: Request) -> bytes:
        """A photo is changed-game-grade: the page's origin and the PIN session, and an
        image type a form on another site cannot send."""
        same_origin(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in PHOTO_TYPES:
            raise HTTPException(
                415, {"code": "image-only", "message": "send the photo itself as image/jpeg or image/png"}
            )
        if not hub.authorised(request.cookies.get(COOKIE)):
            raise HTTPException(401, {"code": "pin-required", "message": "enter the table PIN first"})
        return await request.body()

    def judged(call: Any, *args: Any) -> dict[str, Any]:
        try:
            call(*args)
        except RuleError as exc:
            status = 422 if exc.code == "unknown-key" else 409  # not a move at all, vs a rule broken
            raise HTTPException(status, {"code": exc.code, "message": exc.message}) from None
        except LogError as exc:
            raise HTTPException(409, {"code": exc.code, "message": exc.message}) from None
        except StoreError as exc:
            raise HTTPException(409, {"code": "store", "message": str(exc)}) from None
        return hub.snapshot()

    # ------------------------------------------------------------ reading

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(static.joinpath("index.html").read_text("utf-8"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg", status_code=301)

    @app.get(
        "/api/state",
        summary="The game's public state: the replay document without its event history",
        response_class=Response,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def state() -> Response:
        return Response(hub.snapshot_json(), media_type="application/json")

    @app.get("/api/history", summary="Every action so far (newest first) and every event (in order)")
    async def history() -> dict[str, Any]:
        return {"game_id": hub.referee.game_id, "actions": hub.history(), "events": hub.events()}

    @app.get("/api/legal", summary="The actions the game accepts now (before_last: instead of the last one)")
    async def legal(before_last: bool = False) -> dict[str, Any]:
        return hub.legal(before_last)

    @app.get("/api/session", summary="This client's session and the table's language")
    async def whoami(request: Request) -> dict[str, Any]:
        return {"authorised": hub.authorised(request.cookies.get(COOKIE)), "language": hub.language}

    @app.get("/api/oled.png", summary="The frame the OLED shows now", response_class=Response)
    async def oled() -> Response:
        if hub.frame_png is None:
            raise HTTPException(404, {"code": "no-oled", "message": "no OLED frame to mirror"})
        return Response(hub.frame_png(), media_type="image/png", headers={"Cache-Control": "no-store"})

    @app.get("/api/table", summary="The table as it lies now, drawn as SVG (for the page: JSON with the SVG)")
    async def table() -> dict[str, Any]:
        doc = hub.snapshot()
        return {"game_id": doc["game_id"], "actions": doc["actions"], "svg": hub.table_svg()}

    @app.get(
        "/api/table.svg",
        summary="The table as it lies now, drawn as SVG",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}},
    )
    async def table_picture() -> Response:
        return Response(hub.table_svg(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.get(
        "/api/tiles/{label}.svg",
        summary="One Tutankhamen tile as the page draws it",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, 404: {"model": Problem}},
    )
    async def tile_picture(label: str, edition: str = "otb2004") -> Response:
        if edition not in EDITIONS or label not in EDITIONS[edition].tile_names():
            raise HTTPException(
                404, {"code": "unknown-tile", "message": f"no tile {label[:40]!r} in {edition[:20]!r}"}
            )
        svg = tile_svg(label, edition, hub.language)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    def stored(game_id: int) -> GameRecord:
        try:
            return hub.store.load(game_id)
        except StoreError:
            raise HTTPException(
                404, {"code": "unknown-game", "message": f"there is no game {game_id}"}
            ) from None

    @app.get("/api/games", summary="Past games, newest first: date, players, result, duration")
    async def past_games() -> dict[str, Any]:
        return {"games": past.games(hub.store, hub.language)}

    @app.get(
        "/api/games/{game_id}", summary="A stored game as a read-only replay: its table and every action"
    )
    async def past_game(
        game_id: Annotated[int, Path(ge=1, le=2**62)],
        at: Annotated[
            int | None, Query(ge=0, le=2**31, description="the table after this many actions")
        ] = None,
    ) -> dict[str, Any]:
        stored(game_id)
        return past.opened(hub.store, game_id, hub.language, at)

    @app.get(
        "/api/games/{game_id}/log.jsonl",
        summary="A stored game's log (JSON Lines), to keep or replay",
        response_class=Response,
        responses={200: {"content": {"application/x-ndjson": {}}}},
    )
    async def past_log(game_id: Annotated[int, Path(ge=1, le=2**62)]) -> Response:
        record = stored(game_id)
        return Response(
            "\n".join(record.log_lines()) + "\n",
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="scarab-game-{game_id}.jsonl"'},
        )

    @app.get(
        "/api/games/{game_id}/bgstats.json",
        summary="A finished game's BG Stats play (firmware/appliance/export.py)",
    )
    async def past_bgstats(game_id: Annotated[int, Path(ge=1, le=2**62)]) -> Response:
        record = finished(game_id)
        body = json.dumps(exported(export.bgstats, record), ensure_ascii=False, indent=1)
        disposition = f'attachment; filename="scarab-game-{game_id}-bgstats.json"'
        return Response(body, media_type="application/json", headers={"Content-Disposition": disposition})

    @app.get(
        "/api/games/{game_id}/bgstats-qr.svg",
        summary="The QR code of a finished game's BG Stats link",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}},
    )
    async def past_bgstats_qr(game_id: Annotated[int, Path(ge=1, le=2**62)]) -> Response:
        record = finished(game_id)
        return Response(past.qr_svg(exported(past.bgstats_link, record)), media_type="image/svg+xml")

    def finished(game_id: int) -> GameRecord:
        record = stored(game_id)
        if record.finished_at is None:
            raise HTTPException(
                409, {"code": "unfinished", "message": f"game {game_id} has not finished yet"}
            )
        return record

    def exported(call: Any, record: GameRecord) -> Any:
        """export.py's answer; its refusal (an unfinished or unreadable game) is a 409."""
        try:
            return call(record)
        except LogError as exc:
            raise HTTPException(409, {"code": exc.code, "message": exc.message}) from None

    @app.get("/api/setup", summary="Every game's setup choices and defaults, and the Tutankhamen boxes")
    async def setup() -> dict[str, Any]:
        return setup_choices(hub.language)

    @app.get("/api/questions", summary="The tiles the camera asks the table to confirm before play")
    async def questions() -> dict[str, Any]:
        return hub.asked()

    @app.get("/api/questions/{qid}.png", summary="An open question's picture", response_class=Response)
    async def question_picture(qid: str) -> Response:
        png = hub.questions.picture(qid)
        if png is None:
            raise HTTPException(404, {"code": "unknown-question", "message": f"no question {qid!r} is open"})
        return Response(png, media_type="image/png", headers={"Cache-Control": "no-store"})

    @app.get("/api/stream", response_class=EventSourceResponse, summary="Live updates (server-sent events)")
    async def stream(
        request: Request, last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None
    ) -> AsyncIterator[ServerSentEvent]:
        """Every update from the one after ``Last-Event-ID`` on; a snapshot first when that
        id is missing or not one this run can continue from."""
        seen = hub.parse_event_id(last_event_id)
        pending = hub.since(seen)
        while True:
            for update in pending:
                seen = update["seq"]
                yield ServerSentEvent(raw_data=update["raw"], id=update["id"], event="update")
            if await request.is_disconnected():
                return
            pending = await hub.wait(seen or 0, STREAM_WAIT)

    # ------------------------------------------------------------ changing

    @app.post("/api/session", summary="Enter the table PIN; sets the session cookie")
    async def login(body: PinRequest, request: Request, response: Response) -> dict[str, Any]:
        same_origin(request)
        if not request.headers.get("content-type", "").startswith("application/json"):
            raise HTTPException(415, {"code": "json-only", "message": "send the request as JSON"})
        client = request.client.host if request.client else "unknown"
        token, left, locked = hub.login(client, body.pin)
        if locked:
            raise HTTPException(
                429,
                {"code": "locked-out", "message": f"too many wrong PINs: wait {int(locked) + 1} s"},
                headers={"Retry-After": str(int(locked) + 1)},
            )
        if token is None:
            raise HTTPException(
                401, {"code": "wrong-pin", "message": f"wrong PIN; {left} tries left", "left": left}
            )
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return {"authorised": True}

    @app.post("/api/actions", dependencies=changing, summary="Make a move (judged by the rules engine)")
    async def act(body: ActionRequest) -> dict[str, Any]:
        return judged(hub.act, body.action)

    @app.post("/api/undo", dependencies=changing, summary="Take back the last action")
    async def undo() -> dict[str, Any]:
        return judged(hub.undo)

    @app.post("/api/correct", dependencies=changing, summary="Replace the last action")
    async def correct(body: ActionRequest) -> dict[str, Any]:
        return judged(hub.correct, body.action)

    @app.post("/api/questions/{qid}", dependencies=changing, summary="Answer one of the camera's questions")
    async def answer(qid: str, body: AnswerRequest) -> dict[str, Any]:
        try:
            return hub.answer(qid, body.label)
        except QuestionError as exc:
            raise HTTPException(exc.status, {"code": exc.code, "message": exc.message}) from None
        except StoreError as exc:  # the confirmed path's new game could not be stored
            raise HTTPException(409, {"code": "store", "message": str(exc)}) from None

    # the landslide sensor (Gulo Gulo): its question, and forgetting what it learned of the table
    @app.get("/api/sensor", summary="The landslide sensor: still learning this table? asking something?")
    async def sensor_state() -> dict[str, Any]:
        sensor = getattr(hub, "landslides", None)
        return sensor.page_state() if sensor is not None else {"present": False}

    @app.post("/api/sensor/answer", dependencies=changing, summary="Answer the sensor: was that a landslide?")
    async def sensor_answer(body: SensorAnswer) -> dict[str, Any]:
        sensor = getattr(hub, "landslides", None)
        if sensor is None or not sensor.answer(body.landslide):
            raise HTTPException(409, {"code": "no-question", "message": "the sensor asks nothing now"})
        return hub.snapshot()

    @app.post("/api/sensor/reset", dependencies=changing, summary="Forget what the sensor learned here")
    async def sensor_reset() -> dict[str, Any]:
        sensor = getattr(hub, "landslides", None)
        if sensor is None:
            raise HTTPException(404, {"code": "no-sensor", "message": "there is no landslide sensor here"})
        sensor.reset_learning()
        return hub.snapshot()

    @app.post("/api/game", dependencies=changing, summary="Start a new game from a complete game-log header")
    async def new_game(body: NewGameRequest) -> dict[str, Any]:
        return judged(hub.new_game, body.header())

    @app.post(
        "/api/path/read",
        summary="Read the Tutankhamen path in a photo of the table (the read-path document)",
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": f"the photo itself (JPEG, PNG, WebP or BMP), at most {MAX_PHOTO // 2**20} MiB",
                "content": {kind: {"schema": {"type": "string", "format": "binary"}} for kind in PHOTO_TYPES},
            }
        },
        responses={409: {"model": Problem, "description": "no catalogue enrolled"}, 413: {"model": Problem}},
    )
    def read_photo(body: bytes = Depends(photo_body), edition: str | None = None) -> dict[str, Any]:
        """The same reader and catalogue as ``scarab vision read-path``; nothing is changed,
        the page opens the reading in its path editor for the table to confirm."""
        if edition is not None and edition not in EDITIONS:
            raise HTTPException(
                422, {"code": "unknown-edition", "message": f"edition must be one of {sorted(EDITIONS)}"}
            )
        try:
            return read_path(body, hub.catalogue(), edition)
        except PhotoError as exc:
            raise HTTPException(exc.status, {"code": exc.code, "message": exc.message}) from None

    return app
