"""``scarab venue`` — one page for every table of a club evening or a tournament.

It subscribes to ``scarab/+/state`` and ``scarab/+/availability`` on the venue's broker
(config ``[mqtt]``, the same keys a table publishes with) and serves, with the tables' own
web stack, a page showing every table's game, scores and whose turn it is, live. The
tables' states are retained, so a venue started (or reconnected) late sees every table at
once. A broker that goes away is shown on the page; the venue reconnects by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from typing import Any

from firmware.commands.common import EXIT_OK, EXIT_REJECTED, listen_problem, port

RETRY = (0.2, 5.0)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("venue", help="a page of every table publishing to the venue's MQTT broker")
    p.add_argument("--config", help="config file: its [mqtt] section names the broker")
    p.add_argument("--broker", metavar="HOST[:PORT]", help="the broker (default: mqtt.host and mqtt.port)")
    p.add_argument("--host", default="0.0.0.0", help="the page's address (default 0.0.0.0)")
    p.add_argument("--port", type=port, default=8090, help="the page's port (default 8090; 0: any free port)")
    p.set_defaults(handler=run)


class Venue:
    """Every table heard of: its latest state and whether it is online, with numbered
    updates that the page's stream waits on."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, Any]] = {}
        self.seq = 0
        self.broker_problem: str | None = "connecting to the broker"
        self._changed = asyncio.Event()

    def heard(self, topic: str, payload: bytes) -> None:
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != "scarab":
            return
        name, kind = parts[1], parts[2]
        table = self.tables.setdefault(name, {"name": name, "online": None, "state": None, "at": None})
        if kind == "state":
            try:
                state = json.loads(payload) if payload else None
            except ValueError:
                return
            if state is None:  # a retained state cleared: the table is gone for good
                self.tables.pop(name, None)
            else:
                table["state"] = state
                table["at"] = time.time()
        elif kind == "availability":
            table["online"] = payload == b"online"
        else:
            return
        self.bump()

    def bump(self) -> None:
        self.seq += 1
        self._changed.set()
        self._changed = asyncio.Event()

    def document(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "broker": self.broker_problem,
            "tables": [summary(t) for _, t in sorted(self.tables.items())],
        }

    async def wait(self, seen: int, timeout: float) -> bool:
        """Wait for an update after ``seen``; whether one came."""
        if self.seq != seen:
            return True
        waiter = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waiter.wait(), timeout)
        return self.seq != seen

    def set_problem(self, text: str | None) -> None:
        if text != self.broker_problem:
            self.broker_problem = text
            self.bump()


def summary(table: dict[str, Any]) -> dict[str, Any]:
    """What the venue page shows of a table."""
    state = table.get("state") or {}
    return {
        "name": table["name"],
        "online": table.get("online"),
        "game": state.get("game"),
        "edition": state.get("edition"),
        "game_id": state.get("game_id"),
        "players": state.get("players", []),
        "scores": state.get("scores", {}),
        "to_act": state.get("to_act"),
        "finished": state.get("finished", False),
        "winners": state.get("winners", []),
        "prompt": state.get("prompt", ""),
        "actions": state.get("actions", 0),
        "warnings": state.get("warnings", []),
        "at": table.get("at"),
    }


async def listen(venue: Venue, section: Any, stop: asyncio.Event | None = None) -> None:
    """Subscribe and keep the venue up to date; reconnect when the broker goes away."""
    import aiomqtt

    delay = RETRY[0]
    where = f"{section.host}:{section.port}"
    while stop is None or not stop.is_set():
        try:
            tls = aiomqtt.TLSParameters(ca_certs=section.ca_file or None) if section.tls else None
            async with aiomqtt.Client(
                section.host,
                section.port,
                username=section.username or None,
                password=section.password or None,
                tls_params=tls,
                keepalive=section.keepalive,
                timeout=10,
            ) as client:
                await client.subscribe("scarab/+/state", qos=1)
                await client.subscribe("scarab/+/availability", qos=1)
                venue.set_problem(None)
                delay = RETRY[0]
                async for message in client.messages:
                    payload = message.payload if isinstance(message.payload, bytes) else b""
                    venue.heard(str(message.topic), payload)
        except Exception as exc:  # MqttError mostly; the venue must come back whatever it was
            venue.set_problem(f"cannot reach the broker at {where} ({exc}); reconnecting")
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY[1])


def run(args: argparse.Namespace) -> int:
    from firmware.appliance.config import load

    config = load(args.config)
    section = config.mqtt
    if args.broker:
        host, _, given = args.broker.rpartition(":") if ":" in args.broker else (args.broker, "", "")
        section.host = host or args.broker
        if given:
            section.port = port(given)
    if not section.host:
        print(
            "scarab venue: name the broker with --broker HOST[:PORT] or mqtt.host in the config",
            file=sys.stderr,
        )
        return EXIT_REJECTED
    if problem := listen_problem(args.host, args.port):
        print(f"scarab venue: the page cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return EXIT_REJECTED
    return asyncio.run(serve(section, args.host, args.port))


async def serve(section: Any, host: str, web_port: int) -> int:
    """The page and the subscription in one loop, until stopped (uvicorn takes SIGINT and SIGTERM)."""
    import uvicorn

    from firmware.web.venue_app import create_venue_app

    venue = Venue()
    listener = asyncio.create_task(listen(venue, section))
    server = uvicorn.Server(
        uvicorn.Config(
            create_venue_app(venue),
            host=host,
            port=web_port,
            log_level="warning",
            timeout_graceful_shutdown=1,  # open live streams never hold a stop up
        )
    )
    task = asyncio.create_task(server.serve())
    while not server.started and not task.done():
        await asyncio.sleep(0.02)
    if server.started:
        bound = server.servers[0].sockets[0].getsockname()[1]
        print(
            f"scarab venue: the page is at http://localhost:{bound}/ (broker {section.host}:{section.port})",
            file=sys.stderr,
            flush=True,
        )
    try:
        await task
    finally:
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener
    return EXIT_OK
