"""The venue feed: one table's game published to an MQTT broker (Mosquitto) with aiomqtt.

Topics (``<table>`` is ``mqtt.table``, or the host name):

- ``scarab/<table>/state`` — the page's ``/api/state`` document, retained, after every change;
- ``scarab/<table>/events`` — every committed event, QoS 1, in order, numbered ``n`` from 1
  per run (``boot`` names the run);
- ``scarab/<table>/availability`` — ``online``, or ``offline`` (retained; the broker's last
  will says it when the table vanishes);
- ``<prefix>/sensor/scarab_<table>/.../config`` — Home Assistant discovery: a sensor per
  player's score and one for the player to act.

Nothing in the game waits for the broker: the referee's listener only appends to a queue
and wakes the publisher task. While the broker is away the events wait in that queue and
the table reports a device problem; when it returns they are published in order, then the
latest state. An event may then arrive twice (QoS 1: at least once); ``n`` tells.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import socket
import time
from collections import deque
from collections.abc import Callable
from typing import Any

WINDOW = 100  # events in flight at once: the broker acknowledges them in order
MAX_PENDING = 100_000  # events kept while the broker is away (days of play); beyond, the oldest go
RETRY = (0.2, 5.0)  # seconds between reconnection attempts: first, longest


def slug(text: str) -> str:
    """A topic level and a Home Assistant id: letters, digits, - and _ only."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")
    return cleaned or "table"


def table_name(configured: str) -> str:
    return slug(configured or socket.gethostname())


class MqttPublisher:
    """Publishes one table; ``changed`` is the referee's listener, ``run`` the task that talks
    to the broker, ``stop`` says goodbye (``offline``) when the table shuts down."""

    def __init__(
        self,
        section: Any,
        snapshot: Callable[[], bytes],
        on_problem: Callable[[str | None], None] = lambda _: None,
        table: str | None = None,
    ) -> None:
        self.section = section
        self.table = table or table_name(section.table)
        self.base = f"scarab/{self.table}"
        self.snapshot = snapshot  # the /api/state document, as JSON bytes
        self.on_problem = on_problem
        self.boot = secrets.token_hex(4)
        self.n = 0
        self.pending: deque[bytes] = deque()
        self.lost = 0  # events dropped because the broker stayed away too long
        self.published = 0
        self.state_dirty = True
        self.players: list[str] = []  # the players Home Assistant has sensors for
        self.connected = False
        self.problem: str | None = None
        self.wake = asyncio.Event()
        self.stopping = False
        self.client: Any = None

    # ------------------------------------------------------------ the listener

    def changed(self, change: Any) -> None:
        """A committed change: number its events and queue them; never waits."""
        referee = change.referee
        now = time.time()
        events = change.events or [None]  # an undo or a correction is news even without events
        for event in events:
            self.n += 1
            doc = {
                "n": self.n,
                "boot": self.boot,
                "table": self.table,
                "game_id": referee.game_id,
                "actions": len(referee.actions),
                "kind": change.kind,
                "event": event,
                "at": now,
            }
            self.pending.append(json.dumps(doc, ensure_ascii=False).encode())
        while len(self.pending) > MAX_PENDING:
            self.pending.popleft()
            self.lost += 1
        self.refresh()

    def refresh(self) -> None:
        """The state changed without an event (a warning came or went): publish it again."""
        self.state_dirty = True
        self.wake.set()

    # ------------------------------------------------------------ the broker

    def _client(self) -> Any:
        import aiomqtt

        s = self.section
        tls = None
        if s.tls:
            tls = aiomqtt.TLSParameters(ca_certs=s.ca_file or None)
        client = aiomqtt.Client(
            s.host,
            s.port,
            username=s.username or None,
            password=s.password or None,
            identifier=f"scarab-{self.table}",
            will=aiomqtt.Will(f"{self.base}/availability", b"offline", qos=1, retain=True),
            tls_params=tls,
            keepalive=s.keepalive,
            timeout=10,
            max_inflight_messages=WINDOW,
        )
        client.pending_calls_threshold = 2 * WINDOW  # a window in flight is the plan, not a leak
        return client

    async def run(self) -> None:
        """Connect, publish, and reconnect whenever the broker goes away, until stopped."""
        delay = RETRY[0]
        while not self.stopping:
            try:
                async with self._client() as client:
                    self.client = client
                    self._set_problem(None)
                    delay = RETRY[0]
                    await client.publish(f"{self.base}/availability", b"online", qos=1, retain=True)
                    self.players = []
                    self.state_dirty = True
                    await self._session(client)
            except Exception as exc:  # MqttError mostly; whatever it is, the feed must come back
                self.client = None
                if self.stopping:
                    return
                where = f"{self.section.host}:{self.section.port}"
                self._set_problem(f"venue feed: cannot reach the broker at {where} ({exc}); the game goes on")
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY[1])
            finally:
                self.connected = False

    async def _session(self, client: Any) -> None:
        """Publish what waits, then sleep until a change or the connection's end."""
        self.connected = True
        gone = asyncio.create_task(self._watch(client))
        try:
            while True:
                await self._flush(client)
                self.wake.clear()
                if self.pending or self.state_dirty:
                    continue
                waiting = asyncio.create_task(self.wake.wait())
                done, _ = await asyncio.wait({waiting, gone}, return_when=asyncio.FIRST_COMPLETED)
                if gone in done:
                    waiting.cancel()
                    gone.result()  # the MqttError that ended the connection
                    return
        finally:
            gone.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await gone

    async def _watch(self, client: Any) -> None:
        """Ends (with an MqttError) when the connection does: the broker went away."""
        async for _ in client.messages:
            pass

    async def _flush(self, client: Any) -> None:
        while self.pending:
            batch = [self.pending[i] for i in range(min(WINDOW, len(self.pending)))]
            topic = f"{self.base}/events"
            # created in order, so paho sends them in order; acknowledged before they leave the queue
            sent = await asyncio.gather(
                *(client.publish(topic, payload, qos=1) for payload in batch), return_exceptions=True
            )
            failed = next((r for r in sent if isinstance(r, BaseException)), None)
            if failed is not None:
                raise failed  # the whole batch stays queued and goes again after reconnecting
            for _ in batch:
                self.pending.popleft()
            self.published += len(batch)
        if self.state_dirty:
            self.state_dirty = False
            state = self.snapshot()
            await self._discovery(client, state)
            await client.publish(f"{self.base}/state", state, qos=1, retain=True)

    async def _discovery(self, client: Any, state: bytes) -> None:
        """Home Assistant's sensors for the players now at the table; those of players who
        left are removed (an empty retained config)."""
        if not self.section.discovery:
            return
        try:
            players = list(json.loads(state).get("players", []))
        except (ValueError, AttributeError):
            return
        if players == self.players:
            return
        for topic, payload in discovery_messages(self.section.discovery_prefix, self.table, players):
            await client.publish(topic, payload, qos=1, retain=True)
        gone = {slug(p) for p in self.players} - {slug(p) for p in players}
        for key in gone:
            topic = f"{self.section.discovery_prefix}/sensor/scarab_{self.table}/score_{key}/config"
            await client.publish(topic, b"", qos=1, retain=True)
        self.players = players

    def _set_problem(self, text: str | None) -> None:
        if text != self.problem:
            self.problem = text
            self.on_problem(text)

    async def stop(self) -> None:
        """Let the run task publish what is left, say ``offline`` — briefly, a table shutting
        down does not wait for a broker — then the task may be cancelled."""
        self.stopping = True
        self.wake.set()
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                while self.connected and (self.pending or self.state_dirty):
                    await asyncio.sleep(0.02)
                if self.connected and self.client is not None:
                    await self.client.publish(f"{self.base}/availability", b"offline", qos=1, retain=True)


def discovery_messages(prefix: str, table: str, players: list[str]) -> list[tuple[str, bytes]]:
    """Home Assistant MQTT discovery configs (``<prefix>/sensor/<node>/<object>/config``):
    one sensor per player's score and one naming the player to act, all reading the
    table's retained state and sharing its availability."""
    node = f"scarab_{table}"
    base = f"scarab/{table}"
    device = {
        "identifiers": [node],
        "name": f"Scarab table {table}",
        "manufacturer": "Scarab",
        "model": "tabletop referee",
    }
    common = {
        "state_topic": f"{base}/state",
        "availability_topic": f"{base}/availability",
        "payload_available": "online",
        "payload_not_available": "offline",
        "device": device,
    }
    out = []
    for player in players:
        key = slug(player)
        config = {
            "name": f"{player} score",
            "unique_id": f"{node}_score_{key}",
            "value_template": "{{ value_json.scores[%s] }}" % json.dumps(player, ensure_ascii=False),  # noqa: UP031 (Jinja's braces)
            "state_class": "measurement",
            "icon": "mdi:trophy-outline",
            **common,
        }
        out.append((f"{prefix}/sensor/{node}/score_{key}/config", json.dumps(config).encode()))
    to_act = {
        "name": "Player to act",
        "unique_id": f"{node}_to_act",
        "value_template": "{{ value_json.to_act if value_json.to_act else 'nobody' }}",
        "icon": "mdi:account-arrow-right",
        **common,
    }
    out.append((f"{prefix}/sensor/{node}/to_act/config", json.dumps(to_act).encode()))
    return out
