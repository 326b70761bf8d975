"""``scarab run`` — the referee beside the table.

One asyncio loop owns the game: inputs (demo players, the buttons, a terminal prompt or
JSON lines on stdin) are turned into actions, the referee judges and commits them, and
the OLED, the terminal mirror and the buzzer show the result. On start an unfinished
game resumes exactly where the store left it.

stdin protocol (``--input stdin``, the default when stdin is not a terminal): one JSON
object per line — a game-log action, ``{"undo": true}`` or ``{"correct": ACTION}`` —
answered on stdout, after the commit, by one JSON line: ``{"ack": N}`` (N actions now
stored), ``{"undone": N}``, or ``{"error": {"code", "message"}}``. The first line out
is ``{"ready": {"game_id", "actions", "to_act"}}``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import math
import os
import random
import secrets
import signal
import stat
import sys
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from PIL import Image
from rich.console import Console
from rich.live import Live

from engines import GAMES
from engines.core import Action, RuleError
from engines.replay import LogError
from engines.wording import LANGUAGES, render_action, render_event
from firmware.appliance.config import Config, check_table, load, resolve_driver
from firmware.appliance.declared_box import ankh_catalog, with_enrolled_box
from firmware.appliance.errors import ConfigError
from firmware.appliance.mirror import Mirror, View, halfblocks
from firmware.appliance.presenter import Presenter
from firmware.appliance.service_notify import ServiceNotifier, attach
from firmware.appliance.store import Store, StoreError, default_state_dir
from firmware.appliance.table_feeds import Feeds
from firmware.commands.common import EXIT_OK, EXIT_REJECTED, EXIT_USAGE, listen_problem, port, seconds
from firmware.referees.camera_referee import CameraReferee
from firmware.referees.card_referee import CardReferee
from firmware.referees.landslide_referee import LandslideReferee, demo_header
from firmware.referees.referee import Change, Referee
from firmware.web.hub import FirstAsking, TableHub
from hardware.buttons import Buttons
from hardware.buzzer import Buzzer
from hardware.camera import limit_opencv_threads, open_camera
from hardware.oled import open_oled


def add_parser(sub: Any) -> None:
    p = sub.add_parser("run", help="the referee: store, OLED, buttons, buzzer (simulated off a Pi)")
    p.add_argument("--config", help="config file (default /etc/scarab/config.toml if present)")
    p.add_argument("--db", help="the game store (default from the config)")
    p.add_argument("--demo", action="store_true", help="simulated players play a seeded game")
    p.add_argument("--seed", type=int, default=7, help="the demo's seed (default 7)")
    p.add_argument(
        "--delay", type=seconds, default=None, help="demo: seconds per move (default 1.2 on a terminal)"
    )
    p.add_argument("--new", action="store_true", help="start a new game even if one is unfinished")
    p.add_argument("--game", choices=GAMES, help="the game a new game is of (default from the config)")
    p.add_argument(
        "--input",
        choices=["auto", "terminal", "stdin", "none"],
        default="auto",
        help="where manual actions come from (auto: terminal if interactive, else stdin)",
    )
    p.add_argument(
        "--path",
        metavar="FILE",
        help="Tutankhamen: start a new game on the path laid on the table, read from FILE (one tile"
        " label per line from the start to the pyramid, or a JSON list of labels)",
    )
    p.add_argument("--lang", choices=LANGUAGES, help="language (default from the config)")
    p.add_argument("--port", type=port, help="the page's port (default from the config; 0 = any free port)")
    p.add_argument("--no-web", action="store_true", help="do not serve the phone page")
    p.add_argument(
        "--camera",
        choices=["synth", "none"],
        help="synth: the demo films its own Tutankhamen or Ankh table and the camera referees it"
        " (the demo's default); none: never referee from the camera",
    )
    p.set_defaults(handler=run)


class Appliance:
    DEMO_PAUSE = 20.0  # seconds between demo games on a terminal: time to look at the page

    def __init__(
        self, config: Config, store: Store, referee: Referee, lang: str, console: Console, mirror: bool
    ) -> None:
        self.config = config
        self.store = store
        self.referee = referee
        self.lang = lang
        self.console = console
        self.presenter = Presenter(lang)
        self.pin = f"{secrets.randbelow(10**6):06d}"
        self.oled = open_oled(
            resolve_driver(config.oled.driver, "ssd1306", "dummy"),
            config.oled.i2c_port,
            config.oled.i2c_address,
            config.oled.rotate,
            config.oled.frames_dir,
        )
        self.buzzer = Buzzer(
            resolve_driver(config.buzzer.driver, "gpio", "mock"), config.buzzer.pin, config.buzzer.tonal
        )
        self.presses: asyncio.Queue[str] = asyncio.Queue()
        self.loop = asyncio.get_running_loop()
        pins = {
            "next": config.buttons.next_pin,
            "back": config.buttons.back_pin,
            "menu": config.buttons.menu_pin,
        }
        self.buttons = Buttons(
            resolve_driver(config.buttons.driver, "gpio", "mock"),
            pins,
            self._pressed,
            config.buttons.bounce_ms,
        )
        camera = config.camera
        self.camera = open_camera(
            resolve_driver(camera.driver, "picamera2", "none"),
            camera.device,
            camera.folder,
            camera.width,
            camera.height,
        )
        self.cameras = CameraReferee(self, config)  # Tutankhamen's takes, from the camera
        self.cards = CardReferee(self, config)  # Ankh's plays, from the same camera
        self.landslides = LandslideReferee(self, config)  # Gulo Gulo's pulls, from the motion sensor
        self.sensor = self.landslides  # its error: the sensor's, or its calibration's
        self.recent: list[str] = []
        self.url: str | None = None  # the page's address, once it is served
        self.notice = ""  # the terminal's banner under the mirror, e.g. between demo games
        # refreshed twice a second besides every change, so the mirror follows a resized terminal
        self.live: Live | None = Live(console=console, refresh_per_second=2) if mirror else None
        for device in (self.oled, self.buttons, self.buzzer, self.cameras, self.sensor):
            if device.error:
                self.presenter.device_problem(device.error)
                self.recent.append(f"! {device.error}")
                if self.live is None:
                    console.print(f"! {device.error}", soft_wrap=True)
        referee.subscribe(self.changed)
        devices = (self.oled, self.buttons, self.buzzer, self.cameras, self.sensor)
        self.hub = TableHub(
            store,
            referee,
            lang,
            self.pin,
            self.frame_png,
            warnings=lambda: [d.error for d in devices if d.error],  # the page's error banner
            notices=lambda: self.landslides.notices() + self.cameras.notices() + self.cards.notices(),
            # the path's unsure tiles, or an unsure new Ankh card, confirmed on the page
            questions=FirstAsking(self.cameras.table_questions, self.cards.table_questions),
        )
        self.hub.landslides = self.landslides  # the sensor's question and reset, for the page
        self.web_task: asyncio.Task[None] | None = None
        self.server: Any = None
        self.hub.on_new_game.append(self.switch)
        self.feeds = Feeds(self)  # the table's voice and the venue feed, when configured
        if chosen := config.camera.tutankhamen_catalog:  # a phone's photo is read with the camera's faces
            self.hub.catalogue = lambda: Path(chosen)
        cards = config.camera.ankh_catalog  # the page's new Ankh games count the box enrolled here
        self.hub.ankh_catalogue = lambda: ankh_catalog(cards)

    def _pressed(self, name: str) -> None:
        """A button's press, from gpiozero's thread: queued for the loop."""
        self.loop.call_soon_threadsafe(self.presses.put_nowait, name)

    def switch(self, referee: Referee) -> None:
        """A new game started from the page: follow it."""
        self.referee = referee
        referee.subscribe(self.changed)
        self.recent.append(f"new game {referee.game_id}")
        self.show()

    async def stop_page(self) -> None:
        if self.server is None or self.web_task is None:
            return
        self.server.should_exit = True
        try:
            await asyncio.wait_for(self.web_task, 5)
        except (TimeoutError, asyncio.CancelledError):
            self.web_task.cancel()

    def frame_png(self) -> bytes:
        """The OLED's frame for the page (``/api/oled.png``, open to anyone): its public
        copy, which never carries the table PIN."""
        out = io.BytesIO()
        self.presenter.public.convert("1").save(out, format="PNG")
        return out.getvalue()

    async def serve_page(self, host: str, port: int) -> None:
        """The phone page in this very loop, so the page and the referee never race."""
        import socket

        import uvicorn

        from firmware.web.app import create_app

        config = uvicorn.Config(
            create_app(self.hub), host=host, port=port, log_level="warning", timeout_graceful_shutdown=1
        )
        server = uvicorn.Server(config)
        self.server = server
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.02)
        if task.done():
            self.presenter.device_problem(f"the page could not start on port {port}")
            self.console.print(f"! the page could not start on port {port}")
            return
        bound = server.servers[0].sockets[0].getsockname()[1]
        url = f"http://{socket.gethostname()}.local:{bound}/"
        self.presenter.join = (url, self.pin)
        self.url = url
        self.console.print(f"The page: {url} (or http://localhost:{bound}/ here) — table PIN {self.pin}")
        self.web_task = task

    # ----------------------------------------------------------------- output

    def changed(self, change: Change) -> None:
        """After every commit: note scorings, sound the buzzer, refresh every display."""
        self.presenter.note(change.events)
        kinds = {e.get("type") for e in change.events}
        if "game-over" in kinds:
            self.buzzer.play("game-over")
        elif "scored" in kinds:
            self.buzzer.play("scored")
        state = change.referee.state
        for event in change.events:
            line = render_event(event, state.game, self.lang, state.edition)
            self.recent.append(line)
            if self.live is None:
                self.console.print(line, soft_wrap=True)
        if change.kind in {"undo", "correct"}:
            line = (
                "↶ the last action was taken back"
                if change.kind == "undo"
                else "↶ the last action was corrected"
            )
            self.recent.append(line)
            if self.live is None:
                self.console.print(line)
        self.recent = self.recent[-10:]
        self.show()

    def refused(self, message: str) -> None:
        self.presenter.refuse(message)
        self.buzzer.play("refused")
        self.recent.append(f"✗ {message}")
        self.show()

    def show(self) -> None:
        frame = self.presenter.frame(self.referee)
        self.oled.show(frame)
        self.refresh()

    def refresh(self) -> None:
        """The terminal's mirror of what the OLED shows now, with the latest scores and notes."""
        if self.live is not None:
            self.live.update(self.mirror(self.oled.last_frame), refresh=True)

    def mirror(self, frame: Image.Image) -> Mirror:
        """The terminal's mirror of ``frame``: a snapshot, laid out anew at every refresh
        for the terminal's size then."""
        standings = self.presenter.scoreboard(self.referee)  # no points column in a race
        to_act = self.referee.state.to_act
        board = [
            [("» " if name == to_act else "  ") + name, *values] for name, values in standings.rows.items()
        ]
        footer = f"table PIN {self.pin}" + (f" · the page: {self.url}" if self.url else "")
        view = View.of(
            frame,
            self.presenter.caption,
            standings.columns,
            board,
            self.recent,
            footer,
            self.notice,
            standings.heading,
        )
        return Mirror(view)

    async def intermission(self, seconds: float) -> None:
        """Between demo games: the final screen, the scores and the page stay up, and the
        terminal counts down to the next game."""
        won = ", ".join(self.referee.state.winners()) or "nobody"
        where = f"The page stays up at {self.url}; next" if self.url else "Next"
        left = seconds
        while True:
            self.notice = f"Game over — {won} won. {where} demo game in {math.ceil(left)} s, Ctrl-C to stop."
            self.refresh()
            if left <= 0:
                break
            await asyncio.sleep(min(1.0, left))
            left -= min(1.0, left)
        self.notice = ""

    # ----------------------------------------------------------------- input

    def act(self, action: Action) -> bool:
        try:
            self.referee.act(action)
        except RuleError as exc:
            self.refused(exc.message)
            return False
        return True

    async def demo_players(self, rng: random.Random, delay: float, camera: bool = True) -> None:
        self.landslides.simulate()  # pulls are simulated traces through the real detector
        # takes and plays are frames the camera referees read
        filmed = camera and (self.cameras.simulate() or self.cards.simulate())
        follower = self.cameras if self.referee.state.game == "tutankhamen" else self.cards
        while not self.referee.state.finished:
            await asyncio.sleep(delay)
            if self.landslides.pulling():
                await self.landslides.demo_pull(rng, delay)
                continue
            if filmed:
                await follower.demo_turn(rng, delay)
                continue
            self.act(rng.choice(self.referee.state.legal_actions()))

    async def demo(self, seed: int, delay: float, camera: bool = True) -> None:
        """The demo's games. Without a terminal (tests, CI) one game; on a terminal game
        after game, each with the next seed and in the same store, the last one's result
        and the page left up for a while between them, until stopped."""
        while True:
            await self.demo_players(random.Random(seed), delay, camera)
            await self.settle(delay)
            if self.live is None:
                return
            await self.intermission(self.DEMO_PAUSE)
            seed += 1
            self.hub.new_game(demo_header(table_header(self.config, seed)))  # the page follows

    async def settle(self, delay: float) -> None:
        """Show the scorings still queued, one per beat, then the final screen."""
        while self.presenter.scorings:
            await asyncio.sleep(delay)
            self.show()
        await asyncio.sleep(delay)
        self.show()

    async def button_presses(self) -> None:
        while True:
            name = await self.presses.get()
            if self.landslides.press(name):  # dispute a landslide, confirm a clean pull
                continue
            if name == "back" and self.referee.actions:
                self.referee.undo()
            elif name == "menu":
                self.presenter.next_view()
                self.show()

    async def stdin_lines(self) -> None:
        """The JSON-lines protocol; every answer is written after the commit."""
        lines = stdin_reader(self.loop)
        answer(
            {
                "ready": {
                    "game_id": self.referee.game_id,
                    "actions": len(self.referee.actions),
                    "to_act": self.referee.state.to_act,
                }
            }
        )
        while (line := await lines()) is not None:
            if line == TOO_LONG:
                message = f"a line is at most {MAX_LINE // 1024} KiB"
                answer({"error": {"code": "too-long", "message": message}})
                continue
            text = line.decode("utf-8", "replace").strip()
            if text:
                answer(self.handle(text))

    def handle(self, text: str) -> dict[str, Any]:
        try:
            request = json.loads(text)
            if not isinstance(request, dict):
                raise ValueError
        except (ValueError, RecursionError):
            return {"error": {"code": "malformed-json", "message": "each line must be one JSON object"}}
        try:
            if request.get("undo") is True:
                self.referee.undo()
                return {"undone": len(self.referee.actions)}
            if "correct" in request:
                self.referee.correct(request["correct"])
            else:
                self.referee.act(request)
        except RuleError as exc:
            self.refused(exc.message)
            return {"error": {"code": exc.code, "message": exc.message}}
        except StoreError as exc:
            return {"error": {"code": "store", "message": str(exc)}}
        return {"ack": len(self.referee.actions)}

    async def terminal_prompt(self) -> None:
        """For a person at a keyboard: the legal actions as a numbered menu."""
        while not self.referee.state.finished:
            legal = self.referee.state.legal_actions()
            for i, action in enumerate(legal[:30], start=1):
                self.console.print(f"  {i:2}. {render_action(action, self.referee.state, self.lang)}")
            if len(legal) > 30:
                self.console.print(f"  … {len(legal) - 30} more: type the action as JSON")
            text = (await self.loop.run_in_executor(None, input, PROMPT)).strip()
            if text in {"q", "quit"}:
                return
            if text in KEYS and self.buttons.driver == "mock":
                self.buttons.press(KEYS[text])  # the simulated button, through its pin
                await asyncio.sleep(0.05)
                continue
            if text in {"u", "undo"}:
                if self.referee.actions:
                    self.referee.undo()
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                self.act(legal[int(text) - 1])
            elif text:
                answer_text = self.handle(text)
                if "error" in answer_text:
                    self.console.print(f"[red]{answer_text['error']['message']}[/]")

    def close(self) -> None:
        self.buttons.close()
        self.buzzer.close()
        self.cameras.close()  # the camera it follows: perhaps the demo's twin
        self.sensor.close()


KEYS = {"n": "next", "b": "back", "m": "menu"}
PROMPT = "number, JSON action, u(ndo), q(uit) — or a button: n(ext) b(ack) m(enu)> "


MAX_LINE = 64 * 1024  # bytes in one stdin request; a real action is under 1 KiB


TOO_LONG = b"\0too-long"  # what a line over MAX_LINE is handed on as


def stdin_reader(loop: asyncio.AbstractEventLoop) -> Callable[[], Awaitable[bytes | None]]:
    """Lines from stdin, None at its end; a line over MAX_LINE comes as TOO_LONG, once.
    A pipe or socket is read by the loop; anything else (a file, /dev/null, a closed
    stdin) by a thread, since an event loop cannot watch those."""
    stream = getattr(sys.stdin, "buffer", None)
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode if stream is not None else 0
    except (OSError, ValueError):
        mode = 0
    if not mode:
        stream = None
    reader: asyncio.StreamReader | None = None
    pending = bytearray()
    skipping = False  # inside a line already reported too long

    async def chunk() -> bytes:
        nonlocal reader
        if stream is None:
            return b""
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            if reader is None:
                reader = asyncio.StreamReader()
                await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
            return await reader.read(MAX_LINE)
        return await loop.run_in_executor(None, stream.read1, MAX_LINE)

    async def next_line() -> bytes | None:
        nonlocal skipping
        while True:
            cut = pending.find(b"\n")
            if cut >= 0:
                line = bytes(pending[: cut + 1])
                del pending[: cut + 1]
                if skipping:
                    skipping = False
                    continue
                return line if len(line) <= MAX_LINE else TOO_LONG
            if len(pending) > MAX_LINE:
                pending.clear()
                if not skipping:
                    skipping = True
                    return TOO_LONG
            data = await chunk()
            if not data:
                line, skipping = bytes(pending), skipping
                pending.clear()
                return line if line and not skipping else None
            pending.extend(data)

    return next_line


def answer(doc: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(doc) + "\n")
    sys.stdout.flush()


def table_header(config: Config, seed: int) -> dict[str, Any]:
    from engines import game_class

    table = config.table
    cls = game_class(table.game)
    header: dict[str, Any] = {"game": table.game, "players": list(table.players), "seed": seed}
    if cls.editions:
        header["edition"] = table.edition
    return {**header, **table.header}


def read_path_file(name: str) -> list[str]:
    """The tiles of a path file: a JSON list of labels, or one label per line (blank lines
    and ``#`` comments skipped). The engine judges the labels and the box's counts."""
    try:
        text = Path(name).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError("bad-path", f"cannot read the path file {name}: {exc}", None) from None
    if text.lstrip().startswith("["):
        try:
            tiles = json.loads(text)
        except ValueError as exc:
            raise LogError("bad-path", f"{name} is not a JSON list of tiles: {exc}", None) from None
    else:
        tiles = [line.split("#", 1)[0].strip() for line in text.splitlines()]
        tiles = [tile for tile in tiles if tile]
    if not isinstance(tiles, list) or not tiles or not all(isinstance(t, str) for t in tiles):
        raise LogError("bad-path", f"{name} must list the path's tiles, e.g. cat-green, one per line", None)
    return tiles


def run(args: argparse.Namespace) -> int:
    import sqlite3  # its errors: a --db that is another program's database

    try:
        config = load(args.config)
        if args.game:  # the override is judged by the same rules as the file
            config.table.game = args.game
            check_table(config.table, f"--game {args.game} with {config.source}")
    except ConfigError as exc:
        print(f"scarab run: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    limit_opencv_threads(config.camera.opencv_threads)  # frames are read beside the page and the store
    lang = args.lang or config.table.language
    web_port = args.port if args.port is not None else config.web.port
    if config.web.enabled and not args.no_web and (problem := listen_problem(config.web.host, web_port)):
        where = f"{config.web.host}:{web_port}"
        hint = "set web.host and web.port, or give --port or --no-web"
        print(f"scarab run: the page cannot listen on {where}: {problem} ({hint})", file=sys.stderr)
        return EXIT_REJECTED
    if args.path and (args.demo or config.table.game != "tutankhamen"):
        print(
            "scarab run: --path lays a Tutankhamen path: use it with the game tutankhamen, not --demo",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if args.camera == "synth" and not args.demo:
        print("scarab run: --camera synth films the demo's own table; use it with --demo", file=sys.stderr)
        return EXIT_USAGE
    if args.db:
        db = Path(args.db)
    elif args.demo:
        db = default_state_dir() / "demo.db"  # the demo never touches the real games
    else:
        db = config.store_path()
    try:
        store = Store(db)
        # a path file sets up a new game: the table has just been laid
        referee = None if (args.new or args.demo or args.path) else Referee.resume(store)
        if referee is None:
            seed = args.seed if args.demo else secrets.randbelow(2**31)
            header = table_header(config, seed)
            if args.path:
                header["path"] = read_path_file(args.path)
            if args.demo:
                header = demo_header(header)
            else:  # the box declared when this table's cards were enrolled
                header = with_enrolled_box(header, ankh_catalog(config.camera.ankh_catalog))
            referee = Referee.start(store, header)
    except (StoreError, LogError) as exc:
        print(f"scarab run: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return EXIT_REJECTED
    except (OSError, sqlite3.DatabaseError, ValueError) as exc:  # another program's file, a damaged row
        print(f"scarab run: {db}: not a game store Scarab can read ({exc})", file=sys.stderr)
        return EXIT_REJECTED
    mode = args.input
    if mode == "auto":
        mode = "none" if args.demo else ("terminal" if sys.stdin.isatty() else "stdin")
    coroutine = main(args, config, store, referee, lang, mode)
    try:
        return run_loop(coroutine)
    finally:
        store.close()  # checkpoints the WAL: a stopped service leaves one tidy file


async def main(
    args: argparse.Namespace, config: Config, store: Store, referee: Referee, lang: str, mode: str
) -> int:
    console = Console(stderr=mode == "stdin", highlight=False)
    mirror = console.is_terminal and mode != "terminal"
    app = Appliance(config, store, referee, lang, console, mirror)
    serving = config.web.enabled and not args.no_web
    stop = asyncio.Event()  # SIGTERM (systemctl stop) ends the game loop cleanly, exit 0
    if mode != "terminal":  # a blocked input() could not be interrupted; Ctrl-C serves there
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    if args.demo and app.live is not None:  # game after game until Ctrl-C: a clean stop too
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, stop.set)
    notifier = ServiceNotifier.from_env()
    app.oled.show(app.presenter.frame(app.referee))  # the first OLED frame: before the web stack loads
    if serving:
        await app.serve_page(config.web.host, args.port if args.port is not None else config.web.port)
    stored = len(referee.actions)
    console.print(
        f"Scarab: game {referee.game_id} ({referee.state.game}), {stored} actions stored; table PIN {app.pin}"
    )
    tasks: list[asyncio.Task[Any]] = [
        asyncio.create_task(app.button_presses()),
        asyncio.create_task(app.landslides.run()),
    ]
    for follower in (app.cameras, app.cards):
        follower.enabled = args.camera != "none"
        tasks.append(asyncio.create_task(follower.run()))

    async def drive() -> None:
        if args.demo:
            delay = args.delay if args.delay is not None else (1.2 if console.is_terminal else 0.0)
            await app.demo(args.seed, delay, camera=args.camera != "none")
        elif mode == "stdin":
            await app.stdin_lines()
        elif mode == "terminal":
            await app.terminal_prompt()
        elif serving:
            await asyncio.Event().wait()  # the page and the buttons drive the game until stopped
        else:
            while not app.referee.state.finished:
                await asyncio.sleep(0.5)

    try:
        if app.live is not None:
            app.live.start()
        app.show()
        watchdog = attach(app, notifier)  # READY: the loop, the store and the page are up
        tasks += [watchdog] if watchdog else []
        driver, stopper = asyncio.create_task(drive()), asyncio.create_task(stop.wait())
        tasks += [driver, stopper]
        await asyncio.wait({driver, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if driver.done():
            driver.result()  # its exception, if any, as before
    finally:
        notifier.stopping()
        for task in tasks:
            task.cancel()
        await app.stop_page()
        await app.feeds.stop()
        if app.live is not None:
            app.live.stop()
        app.close()
    if not console.is_terminal or mode == "stdin":
        console.print("\n".join(halfblocks(app.oled.last_frame)), soft_wrap=True)
    final = app.referee.state
    if final.winners():
        scores = ", ".join(f"{p} {n}" for p, n in final.scores().items())
        names = ", ".join(final.winners())
        console.print(f"Game over — {names}. Points: {scores}. {app.oled.frames} OLED frames shown.")
    return EXIT_OK


def run_loop(coroutine: Coroutine[Any, Any, int]) -> int:
    """Run the appliance's loop: uvloop's, a faster loop, where it is installed (uvicorn's
    standard extras), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)
