"""Talking to systemd as a ``Type=notify`` service, without a library.

The protocol (sd_notify(3)) is one AF_UNIX datagram per message, sent to the socket
named in ``$NOTIFY_SOCKET`` (a path, or ``@name`` for Linux's abstract namespace), each
message a few ``KEY=value`` lines: ``READY=1`` once start-up is done, ``STATUS=`` for
``systemctl status``, ``WATCHDOG=1`` as the keep-alive, ``STOPPING=1`` on the way out.
Without ``$NOTIFY_SOCKET`` (a terminal, a test, the demo) every call is a no-op.

The keep-alive is deliberately not a timer thread: :func:`keep_alive` runs as a task in
the appliance's own asyncio loop and pings only after a health check passes, so a loop
that is stuck, a store that stopped answering or a page that died all silence the pings
and let systemd's ``WatchdogSec=`` restart the service.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, Protocol

Check = Callable[[], list[str]]


class ServiceNotifier:
    """Messages to the service manager; a no-op when there is none."""

    def __init__(self, address: str | None, watchdog_usec: int | None = None) -> None:
        self.address = address or None
        self.watchdog_usec = watchdog_usec
        self.error: str | None = None
        self.last_status: str | None = None
        self.sent: int = 0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, pid: int | None = None) -> ServiceNotifier:
        """From ``$NOTIFY_SOCKET``, ``$WATCHDOG_USEC`` and ``$WATCHDOG_PID`` (the watchdog
        is ours only when WATCHDOG_PID is unset or names this process)."""
        env = os.environ if environ is None else environ
        pid = os.getpid() if pid is None else pid
        usec: int | None = None
        raw_usec, raw_pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
        if raw_usec.isdigit() and int(raw_usec) > 0 and (not raw_pid or raw_pid == str(pid)):
            usec = int(raw_usec)
        return cls(env.get("NOTIFY_SOCKET"), usec)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def ping_period(self) -> float | None:
        """Seconds between keep-alives: half the watchdog timeout, as sd_watchdog_enabled(3)
        recommends; None when systemd runs no watchdog for us."""
        return None if self.watchdog_usec is None else self.watchdog_usec / 2_000_000

    def _socket_address(self) -> str | bytes:
        assert self.address is not None
        if self.address.startswith("@"):
            return b"\0" + self.address[1:].encode()
        return self.address

    def send(self, *lines: str) -> bool:
        """One datagram of ``KEY=value`` lines; False (and ``error`` set) if it could not go."""
        if self.address is None:
            return False
        if not self.address.startswith(("/", "@")):
            self.error = f"NOTIFY_SOCKET {self.address!r} is not a socket path Scarab can use"
            return False
        message = "\n".join(lines).encode()
        try:  # never blocking: a full queue drops this message, the loop must not wait on it
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.setblocking(False)
                sock.sendto(message, self._socket_address())
        except OSError as exc:
            self.error = f"cannot notify systemd at {self.address}: {exc}"
            return False
        self.error = None
        self.sent += 1
        return True

    def ready(self, status: str) -> bool:
        self.last_status = _one_line(status)
        return self.send("READY=1", f"STATUS={self.last_status}", f"MAINPID={os.getpid()}")

    def status(self, text: str) -> bool:
        """A new ``STATUS=`` line; repeats of the current one are not sent."""
        line = _one_line(text)
        if line == self.last_status:
            return False
        self.last_status = line
        return self.send(f"STATUS={line}")

    def ping(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self, status: str = "stopping") -> bool:
        self.last_status = _one_line(status)
        return self.send("STOPPING=1", f"STATUS={self.last_status}")


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


BLOCKED_AFTER = 1.0  # seconds a wake-up may be late before the loop counts as blocked


async def keep_alive(
    notifier: ServiceNotifier,
    check: Check,
    status: Callable[[], str],
    period: float | None = None,
) -> None:
    """Ping every ``period`` seconds (default: half the watchdog timeout) while ``check``
    finds no problems; while it does, no ping, and the problems go to ``STATUS=``. The
    loop's own lag is one of the checks: a sleep that overslept by a whole period (and by
    at least ``BLOCKED_AFTER``, as a busy machine delays any wake-up a little) means the
    loop was blocked."""
    period = notifier.ping_period if period is None else period
    if period is None or not notifier.enabled:
        return
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(period)
        lag = loop.time() - asked - period
        blocked = lag > max(period, BLOCKED_AFTER)
        problems = ([f"the loop was blocked for {lag:.1f} s"] if blocked else []) + check()
        if problems:
            notifier.status("unhealthy: " + "; ".join(problems))
            continue
        notifier.status(status())
        notifier.ping()


# ------------------------------------------------------------- the appliance's side


class _Appliance(Protocol):
    """What the checks read from firmware.appliance.run.Appliance."""

    store: Any
    referee: Any
    hub: Any
    web_task: asyncio.Task[None] | None


def store_problems(store: Any) -> list[str]:
    """The store answers a cheap read and its folder is still writable."""
    try:
        store.db.execute("SELECT count(*) FROM games").fetchone()
    except (sqlite3.Error, AttributeError) as exc:
        return [f"the game store does not answer: {exc}"]
    folder = store.path.parent
    if str(store.path) != ":memory:" and not os.access(folder, os.W_OK):
        return [f"the game store's folder {folder} is not writable"]
    return []


def page_problems(web_task: asyncio.Task[None] | None) -> list[str]:
    """A page that was serving and has stopped; a page that never started is reported
    elsewhere (a device problem) and is no reason to restart."""
    if web_task is not None and web_task.done():
        return ["the page stopped serving"]
    return []


def game_status(referee: Any) -> str:
    """The ``STATUS=`` line: which game, how far, whose turn."""
    state = referee.state
    edition = getattr(state, "edition", None)
    name = f"{state.game} ({edition})" if edition else state.game
    done = len(referee.actions)
    actions = f"{done} action" + ("" if done == 1 else "s")
    if state.finished:
        return f"{name} game {referee.game_id} over after {actions}; won by {', '.join(state.winners())}"
    return f"{name} game {referee.game_id}: {actions}, {state.to_act or 'nobody'} to act"


def attach(app: _Appliance, notifier: ServiceNotifier) -> asyncio.Task[None] | None:
    """Wire the appliance to systemd once its loop, store and page are up: READY now,
    STATUS after every commit or new game, and the keep-alive task (returned, so the
    caller can cancel it) when systemd watches us."""
    if not notifier.enabled:
        return None

    def report(*_: Any) -> None:
        notifier.status(game_status(app.referee))

    def follow(referee: Any) -> None:
        referee.subscribe(report)
        report()

    app.referee.subscribe(report)
    app.hub.on_new_game.append(follow)
    notifier.ready(game_status(app.referee))
    if notifier.ping_period is None:
        return None
    return asyncio.create_task(
        keep_alive(
            notifier,
            lambda: store_problems(app.store) + page_problems(app.web_task),
            lambda: game_status(app.referee),
        )
    )
