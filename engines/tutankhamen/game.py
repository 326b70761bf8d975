"""The Tutankhamen rules engine (OTB 2004 and Amigo), as ``rules/README.md`` states them.

A turn is a short program of tasks — score a set, clean up behind the rearmost pawn,
pass the turn — kept in ``queue``. The program pauses whenever a person must decide
(use a gold bag or nugget, declare jokers at a scoring) and resumes on their action,
so the state is always plain data that round-trips through JSON, even mid-scoring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from engines.core import (
    Action,
    BadHeader,
    Event,
    GameState,
    IllegalAction,
    Prompt,
    check_players,
    read_action,
)
from engines.tutankhamen import scoring
from engines.tutankhamen.tiles import EDITIONS, GOLDMASK, KINGTUT, SET_VALUE, Edition

MOVE, STEAL, DECLARE, OVER = "move", "steal", "declare", "over"
START = -1  # pawn position before the first tile


class Tutankhamen(GameState):
    game = "tutankhamen"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "take": frozenset({"index"}),
        "beyond": frozenset(),
        "steal": frozenset({"from", "tile"}),
        "joker": frozenset({"tiles"}),
        "pass": frozenset(),
    }
    editions = tuple(EDITIONS)
    turn_moves = frozenset({"take", "beyond"})

    def __init__(
        self,
        *,
        edition: Edition,
        players: list[str],
        path: list[str | None],
        pawns: list[int],
        held: list[Counter[str]],
        out: Counter[str],
        points: list[int],
        current: int,
        phase: str,
        queue: list[list[str]],
        declaring: dict[str, Any] | None,
        winners: list[int],
        end: str | None,
        ledge: Counter[str],
    ) -> None:
        self.ed = edition
        self.players = players
        self.path = path
        self.pawns = pawns
        self.held = held
        self.out = out
        self.points = points
        self.target = edition.start[len(players)]
        self.current = current
        self.phase = phase
        self.queue = queue
        self.declaring = declaring
        self.winner_seats = winners
        self.end = end
        self.ledge = ledge  # Amigo: the gold mask waits on the pyramid's ledge
        # Derived indexes, rebuilt rather than stored.
        self.left: Counter[str] = Counter(t for t in path if t in SET_VALUE)
        self.low = next((i for i, t in enumerate(path) if t is not None), len(path))
        self.high = next((i for i in range(len(path) - 1, -1, -1) if path[i] is not None), -1)
        self.seat = {name: i for i, name in enumerate(players)}

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(cls, header: dict[str, Any], rng: random.Random | None) -> Self:
        name = header.get("edition")
        edition = EDITIONS.get(name) if isinstance(name, str) else None
        if edition is None:
            raise BadHeader(
                "unknown-edition",
                f'"edition" must be one of {sorted(EDITIONS)}, not {header.get("edition")!r}',
            )
        players = check_players(header, 2, 6)
        if "path" in header:
            path = _check_path(header["path"], edition)
        elif rng is None:
            raise BadHeader(
                "missing-seed", 'a header without "path" needs a "seed", so every replay lays the same path'
            )
        else:
            path = _shuffled_box(edition, rng)
        n = len(players)
        return cls(
            edition=edition,
            players=players,
            path=list(path),
            pawns=[START] * n,
            held=[Counter() for _ in players],
            out=Counter(),
            points=[0] * n,
            current=0,
            phase=MOVE,
            queue=[],
            declaring=None,
            winners=[],
            end=None,
            ledge=Counter({GOLDMASK: 1}) if edition.has_beyond else Counter(),
        )

    # ------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "edition": self.ed.name,
            "players": list(self.players),
            "path": list(self.path),
            "pawns": list(self.pawns),
            "held": [_counts(h) for h in self.held],
            "out": _counts(self.out),
            "points": list(self.points),
            "current": self.current,
            "phase": self.phase,
            "queue": [list(t) for t in self.queue],
            "declaring": _copy_declaring(self.declaring),
            "winners": list(self.winner_seats),
            "end": self.end,
            "ledge": _counts(self.ledge),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls(
            edition=EDITIONS[data["edition"]],
            players=list(data["players"]),
            path=list(data["path"]),
            pawns=list(data["pawns"]),
            held=[Counter(h) for h in data["held"]],
            out=Counter(data["out"]),
            points=list(data["points"]),
            current=data["current"],
            phase=data["phase"],
            queue=[list(t) for t in data["queue"]],
            declaring=_copy_declaring(data["declaring"]),
            winners=list(data["winners"]),
            end=data["end"],
            ledge=Counter(data["ledge"]),
        )

    # ------------------------------------------------------------ public view

    @property
    def edition(self) -> str:
        return self.ed.name

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> str | None:
        seat = self._asked()
        return None if seat is None else self.players[seat]

    def _asked(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == DECLARE:
            assert self.declaring is not None
            return int(self.declaring["asked"])
        return self.current

    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.points, strict=True))

    def winners(self) -> list[str]:
        return [self.players[i] for i in self.winner_seats]

    def remaining(self) -> dict[str, int]:
        """Coins left (OTB) or fields to the goal (Amigo)."""
        return {p: self.target - pts for p, pts in zip(self.players, self.points, strict=True)}

    def beyond(self) -> int:
        """The pawn position that means 'past the end of the path' (Amigo)."""
        return len(self.path)

    def public_state(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "path": list(self.path),
            "pawns": dict(zip(self.players, self.pawns, strict=True)),
            "holdings": {p: _counts(h) for p, h in zip(self.players, self.held, strict=True)},
            self.ed.left_label: self.remaining(),
            "target": self.target,
            "phase": self.phase,
            "active": self.players[self.current],
            "out": _counts(self.out),
            "prompt": self.prompt().to_json(),
            "end": self.end,
        }
        if self.ed.has_beyond:
            state["goldmask"] = "ledge" if self.ledge[GOLDMASK] else self._mask_place()
        if self.declaring is not None:
            state["declaring"] = {
                "set": self.declaring["set"],
                "added": {self.players[int(s)]: t for s, t in self.declaring["added"].items()},
            }
        return state

    def _mask_place(self) -> str | None:
        for seat, h in enumerate(self.held):
            if h[GOLDMASK]:
                return self.players[seat]
        return None

    def prompt(self) -> Prompt:
        if self.phase == OVER:
            return Prompt("game-over", {"winners": self.winners(), "reason": self.end})
        player = self.players[self.current]
        if self.phase == STEAL:
            return Prompt("steal", {"player": player, "tile": self.ed.thief_tile})
        if self.phase == DECLARE:
            assert self.declaring is not None
            seat = int(self.declaring["asked"])
            return Prompt(
                "declare",
                {
                    "player": self.players[seat],
                    "set": self.declaring["set"],
                    "jokers": sorted(t for t in self.ed.jokers if self.held[seat][t]),
                },
            )
        if self.high <= self.pawns[self.current]:
            return Prompt("move-beyond", {"player": player})
        return Prompt("take-or-beyond" if self.ed.has_beyond else "take", {"player": player})

    # ---------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == MOVE:
            seat = self.current
            name = self.players[seat]
            path = self.path
            actions: list[Action] = [
                {"player": name, "move": "take", "index": i}
                for i in range(self.pawns[seat] + 1, self.high + 1)
                if path[i] is not None
            ]
            if self.ed.has_beyond:
                actions.append({"player": name, "move": "beyond"})
            return actions
        if self.phase == STEAL:
            name = self.players[self.current]
            return [
                {"player": name, "move": "steal", "from": self.players[v], "tile": t}
                for v, t in self._steals(self.current)
            ]
        assert self.declaring is not None
        seat = int(self.declaring["asked"])
        name = self.players[seat]
        return [{"player": name, "move": "pass"}] + [
            {"player": name, "move": "joker", "tiles": tiles} for tiles in self._joker_options(seat)
        ]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        player, move = read_action(action, self.seat, self.phase == OVER, "take")
        expected = self.to_act
        if player != expected:
            if self.phase == DECLARE and move == "joker":
                # A joker nobody may add breaks its own rule, whoever's turn it is.
                self._check_joker(self.seat[player], action.get("tiles"))
            raise IllegalAction("out-of-turn", self._out_of_turn_message(player))
        handler = _HANDLERS.get((self.phase, move))
        if handler is None:
            raise IllegalAction("wrong-move", self._wrong_move_message(move))
        events: list[Event] = []
        handler(self, action, events)
        self._run(events)
        return events

    def _out_of_turn_message(self, player: str) -> str:
        if self.phase == DECLARE:
            assert self.declaring is not None
            return (
                f"{self.to_act} is being asked about jokers for the {self.declaring['set']} scoring, "
                f"not {player} (players are asked in turn order)"
            )
        return f"it is {self.to_act}'s turn, not {player}'s (play goes clockwise)"

    def _wrong_move_message(self, move: Any) -> str:
        if move not in {"take", "beyond", "steal", "joker", "pass"}:
            return f"unknown move {move!r}; Tutankhamen knows take, beyond, steal, joker, pass"
        if move == "beyond" and not self.ed.has_beyond:
            return "moving beyond the end of the path exists only in the Amigo edition"
        wanted = {
            MOVE: "a move along the path (take)" + (" or beyond" if self.ed.has_beyond else ""),
            STEAL: f"using the {self.ed.thief_tile} just taken (steal)",
            DECLARE: "a joker declaration or a pass for the set being scored",
        }[self.phase]
        return f"{move!r} is not possible now: the game waits for {wanted}"

    def _take(self, action: Action, events: list[Event]) -> None:
        index = action.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalAction("malformed-action", '"take" needs an integer "index" into the path')
        seat = self.current
        pawn = self.pawns[seat]
        if not 0 <= index < len(self.path):
            raise IllegalAction(
                "no-such-tile", f"index {index} is off the path (it has indices 0 to {len(self.path) - 1})"
            )
        if index <= pawn:
            if self.path[index] is not None:
                raise IllegalAction(
                    "tile-passed",
                    f"the tile at index {index} was passed earlier (your pawn is at {pawn}); "
                    "a tile once passed may not be taken",
                )
            raise IllegalAction(
                "move-backwards",
                f"your pawn is at index {pawn}; pawns move only forward, towards the pyramid",
            )
        tile = self.path[index]
        if tile is None:
            raise IllegalAction("tile-gone", f"the tile at index {index} is no longer on the path")
        self.pawns[seat] = index
        self._lift(index)
        self.held[seat][tile] += 1
        name = self.players[seat]
        events.append({"type": "took", "player": name, "index": index, "tile": tile})
        if tile in SET_VALUE:
            self.left[tile] -= 1
            if not self.left[tile]:
                self.queue.append(["score", tile])
        self.queue += [["cleanup"], ["next"]]
        if tile == KINGTUT:
            self._pay(seat, 1, events, self._award_event(events, "kingtut-bonus", player=name))
        elif tile == self.ed.thief_tile:
            if self._steals(seat):
                self.phase = STEAL
            else:
                self._discard(seat, tile)
                events.append({"type": "thief-void", "player": name, "tile": tile})

    def _beyond(self, action: Action, events: list[Event]) -> None:
        if not self.ed.has_beyond:
            raise IllegalAction("wrong-move", self._wrong_move_message("beyond"))
        seat = self.current
        self.pawns[seat] = self.beyond()
        name = self.players[seat]
        events.append({"type": "beyond", "player": name})
        if self.ledge[GOLDMASK]:
            del self.ledge[GOLDMASK]
            self.held[seat][GOLDMASK] += 1
            events.append({"type": "goldmask", "player": name})
        self.queue += [["cleanup"], ["next"]]

    def _steal(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        victim_name, tile = action.get("from"), action.get("tile")
        if not isinstance(victim_name, str) or not isinstance(tile, str):
            raise IllegalAction(
                "malformed-action", '"steal" needs "from" (a player) and "tile" (a tile name)'
            )
        victim = self.seat.get(victim_name)
        thief = self.ed.thief_tile
        if victim is None:
            raise IllegalAction("illegal-steal", f"{victim_name!r} is not a player in this game")
        if victim == seat:
            raise IllegalAction(
                "illegal-steal", f"the {thief} takes a tile from another player, not yourself"
            )
        if tile not in SET_VALUE:
            raise IllegalAction(
                "illegal-steal",
                f"the {thief} can take only a tile of a scoring set, not {tile!r}",
            )
        if not self.held[victim][tile]:
            raise IllegalAction("illegal-steal", f"{victim_name} holds no {tile} tile")
        if not self.held[seat][tile]:
            raise IllegalAction(
                "illegal-steal",
                f"the {thief} may take only a tile of a set you already own a tile of; you hold no {tile}",
            )
        self.held[victim][tile] -= 1
        self.held[seat][tile] += 1
        self._discard(seat, thief)
        self.phase = MOVE
        event = self._award_event(
            events, "stole", player=self.players[seat], victim=victim_name, tile=tile, used=thief
        )
        self._pay(victim, 1, events, event)

    def _declare(self, action: Action, events: list[Event]) -> None:
        assert self.declaring is not None
        seat = int(self.declaring["asked"])
        tiles = action.get("tiles")
        mine = self._check_joker(seat, tiles)
        assert isinstance(tiles, list)  # _check_joker refused anything else
        for tile in tiles:
            self.held[seat][tile] -= 1
        self.declaring["added"][str(seat)] = mine
        self.declaring["passed"] = []
        scored = self.declaring["set"]
        events.append({"type": "joker", "player": self.players[seat], "set": scored, "tiles": list(tiles)})
        self._ask_next(seat, events)

    def _check_joker(self, seat: int, tiles: Any) -> list[str]:
        """Validate a declaration tile by tile, in order; return the seat's jokers with it."""
        assert self.declaring is not None
        if not isinstance(tiles, list) or not tiles or not all(isinstance(t, str) for t in tiles):
            raise IllegalAction("malformed-action", '"joker" needs a non-empty list "tiles" of tile names')
        scored = self.declaring["set"]
        added = self.declaring["added"]
        mine = list(added.get(str(seat), []))
        have = Counter(self.held[seat])
        for tile in tiles:
            if tile not in self.ed.jokers:
                raise IllegalAction(
                    "not-a-joker",
                    f"{tile!r} is not a joker in this edition (jokers: {', '.join(sorted(self.ed.jokers))})",
                )
            if not have[tile]:
                raise IllegalAction("joker-not-held", f"you hold no unused {tile} tile")
            if not have[scored]:
                raise IllegalAction(
                    "joker-without-set",
                    f"a {tile} may join only a set you own a tile of; you hold no {scored}",
                )
            if tile in self.ed.tie_jokers:
                keys = self._keys(scored, {**added, str(seat): mine})
                if not scoring.in_deciding_tie(self.players[seat], keys):
                    raise IllegalAction(
                        "lid-without-tie",
                        "a canopic lid may be played only while you are tied for first or second place",
                    )
            have[tile] -= 1
            mine.append(tile)
        return mine

    def _pass(self, action: Action, events: list[Event]) -> None:
        assert self.declaring is not None
        seat = int(self.declaring["asked"])
        self.declaring["passed"].append(seat)
        events.append({"type": "passed", "player": self.players[seat], "set": self.declaring["set"]})
        self._ask_next(seat, events)

    # ------------------------------------------------------------ the turn program

    def _run(self, events: list[Event]) -> None:
        """Carry out queued tasks until a person must decide or the turn has passed."""
        queue = self.queue
        while queue and self.phase == MOVE:
            task = queue.pop(0)
            kind = task[0]
            if kind == "score":
                self._begin_scoring(task[1], events)
            elif kind == "cleanup":
                self._cleanup(events)
            else:
                self._next_turn(events)

    def _cleanup(self, events: list[Event]) -> None:
        """Remove tiles behind the rearmost pawn, farthest from the pyramid first; a
        removal that empties a set from the path scores it before the next removal."""
        rear = min(self.pawns)
        path = self.path
        while self.low < rear:
            index = self.low
            tile = path[index]
            if tile is None:
                self.low += 1
                continue
            self._lift(index)
            self.out[tile] += 1
            events.append({"type": "removed", "index": index, "tile": tile})
            if tile in SET_VALUE:
                self.left[tile] -= 1
                if not self.left[tile]:
                    self.queue[:0] = [["score", tile], ["cleanup"]]
                    return

    def _next_turn(self, events: list[Event]) -> None:
        if self._path_over():
            self._finish_by_path(events)
            return
        n = len(self.players)
        seat = self.current
        for _ in range(n):
            seat = (seat + 1) % n
            if self._can_act(seat):
                self.current = seat
                return
            events.append(
                {"type": "skipped", "player": self.players[seat], "reason": self._skip_reason(seat)}
            )
        raise AssertionError("no player can act although the game is not over")

    def _path_over(self) -> bool:
        if self.ed.has_beyond:
            return min(self.pawns) == self.beyond()
        return self.high < 0

    def _can_act(self, seat: int) -> bool:
        if self.ed.has_beyond:
            return self.pawns[seat] < self.beyond()
        return self.pawns[seat] < self.high

    def _skip_reason(self, seat: int) -> str:
        return "beyond-the-end" if self.ed.has_beyond else "no-tile-ahead"

    def _finish_by_path(self, events: list[Event]) -> None:
        best = max(self.points)
        reason = "all-beyond" if self.ed.has_beyond else "path-exhausted"
        self._finish([i for i, p in enumerate(self.points) if p == best], reason, events)

    def _finish(self, seats: list[int], reason: str, events: list[Event]) -> None:
        self.phase = OVER
        self.queue = []
        self.declaring = None
        self.winner_seats = seats
        self.end = reason
        events.append({"type": "game-over", "winners": self.winners(), "reason": reason})

    # ---------------------------------------------------------------- scoring

    def _begin_scoring(self, scored: str, events: list[Event]) -> None:
        self.declaring = {"set": scored, "asked": self.current, "passed": [], "added": {}}
        if self._may_declare(self.current):
            self.phase = DECLARE
        else:
            self._ask_next(self.current, events)

    def _ask_next(self, after: int, events: list[Event]) -> None:
        """Ask round the table from ``after`` until everyone able has passed since the
        last addition; then settle the scoring."""
        assert self.declaring is not None
        passed = self.declaring["passed"]
        n = len(self.players)
        for step in range(1, n + 1):
            seat = (after + step) % n
            if seat not in passed and self._may_declare(seat):
                self.declaring["asked"] = seat
                self.phase = DECLARE
                return
        self.phase = MOVE
        self._settle(events)

    def _may_declare(self, seat: int) -> bool:
        return bool(self._joker_options(seat, first_only=True))

    def _joker_options(self, seat: int, first_only: bool = False) -> list[list[str]]:
        """Every joker declaration ``seat`` could make now, as tile lists."""
        assert self.declaring is not None
        scored = self.declaring["set"]
        held = self.held[seat]
        if not held[scored]:
            return []
        options: list[list[str]] = []
        counts = [(t, held[t]) for t in sorted(self.ed.count_jokers) if held[t]]
        # Every non-empty multiset of the count jokers held.
        combos: list[list[str]] = [[]]
        for tile, have in counts:
            combos = [c + [tile] * k for c in combos for k in range(have + 1)]
        lid = next((t for t in self.ed.tie_jokers if held[t]), None)
        for combo in combos:
            if combo:
                options.append(combo)
                if first_only:
                    return options
            if lid is not None:
                added = self.declaring["added"]
                mine = list(added.get(str(seat), [])) + combo
                keys = self._keys(scored, {**added, str(seat): mine})
                if scoring.in_deciding_tie(self.players[seat], keys):
                    options.append([*combo, lid])
                    if first_only:
                        return options
        return options

    def _keys(self, scored: str, added: dict[str, list[str]]) -> dict[str, scoring.Key]:
        keys: dict[str, scoring.Key] = {}
        for seat, held in enumerate(self.held):
            if held[scored]:
                extra = added.get(str(seat), [])
                lids = sum(1 for t in extra if t in self.ed.tie_jokers)
                keys[self.players[seat]] = (held[scored] + len(extra) - lids, lids)
        return keys

    def _settle(self, events: list[Event]) -> None:
        assert self.declaring is not None
        scored = self.declaring["set"]
        added: dict[str, list[str]] = self.declaring["added"]
        self.declaring = None
        n = len(self.players)
        order = [self.players[(self.current + k) % n] for k in range(n)]
        keys = self._keys(scored, added)
        result = scoring.awards(SET_VALUE[scored], keys, order, self.ed, n)
        event = self._award_event(
            events,
            "scored",
            set=scored,
            holdings={p: k[0] for p, k in keys.items()},
            jokers={self.players[int(s)]: t for s, t in added.items()},
        )
        for _seat, held in enumerate(self.held):
            if held[scored]:
                self.out[scored] += held.pop(scored)
        for tiles in added.values():
            self.out.update(tiles)
        for name, pts in result:
            if self._pay(self.seat[name], pts, events, event):
                break

    @staticmethod
    def _award_event(events: list[Event], kind: str, **fields: Any) -> Event:
        """Append an event whose ``awards`` the following payments fill in."""
        event: Event = {"type": kind, **fields, "awards": {}}
        events.append(event)
        return event

    def _pay(self, seat: int, pts: int, events: list[Event], event: Event) -> bool:
        """Score ``pts`` for ``seat`` into ``event``'s awards; True if that wins the game.
        Points stop at the target: coins cannot go below zero, the marker stops at the goal."""
        gained = min(pts, self.target - self.points[seat])
        self.points[seat] += gained
        event["awards"][self.players[seat]] = gained
        if self.points[seat] >= self.target:
            self._finish([seat], self.ed.win_reason, events)
            return True
        return False

    # ----------------------------------------------------------------- helpers

    def _steals(self, seat: int) -> list[tuple[int, str]]:
        mine = self.held[seat]
        return [
            (v, tile)
            for v, held in enumerate(self.held)
            if v != seat
            for tile in sorted(held)
            if held[tile] and tile in SET_VALUE and mine[tile]
        ]

    def _discard(self, seat: int, tile: str) -> None:
        self.held[seat][tile] -= 1
        self.out[tile] += 1

    def _lift(self, index: int) -> None:
        """Mark a path index empty, keeping the low/high indexes right."""
        path = self.path
        path[index] = None
        if index == self.low:
            while self.low < len(path) and path[self.low] is None:
                self.low += 1
        if index == self.high:
            while self.high >= 0 and path[self.high] is None:
                self.high -= 1


_HANDLERS = {
    (MOVE, "take"): Tutankhamen._take,
    (MOVE, "beyond"): Tutankhamen._beyond,
    (STEAL, "steal"): Tutankhamen._steal,
    (DECLARE, "joker"): Tutankhamen._declare,
    (DECLARE, "pass"): Tutankhamen._pass,
}


def _counts(counter: Counter[str]) -> dict[str, int]:
    """A tile count for JSON: sorted, without the zeros a Counter keeps."""
    return {tile: n for tile, n in sorted(counter.items()) if n}


def _copy_declaring(d: dict[str, Any] | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "set": d["set"],
        "asked": d["asked"],
        "passed": list(d["passed"]),
        "added": {k: list(v) for k, v in d["added"].items()},
    }


def _check_path(path: Any, edition: Edition) -> list[str]:
    if not isinstance(path, list) or not all(isinstance(t, str) for t in path):
        raise BadHeader("bad-path", '"path" must be a list of tile names')
    if not path:
        raise BadHeader("bad-path", "the path needs at least one tile")
    names = edition.tile_names()
    for tile in path:
        if tile not in names:
            hint = " (the gold mask is not on the path: it waits on the pyramid)" if tile == GOLDMASK else ""
            raise BadHeader("unknown-tile", f"{tile!r} is not a tile of {edition.title}{hint}")
    box = edition.box()
    for tile, count in Counter(path).items():
        if count > box[tile]:
            raise BadHeader(
                "too-many-tiles", f"the path holds {count} {tile} tiles; the box has only {box[tile]}"
            )
    last = edition.last_tile
    if last is not None and last in path and path[-1] != last:
        raise BadHeader(
            "kingtut-not-last", "King Tut stands on the pyramid's ledge: it must be the last tile"
        )
    return list(path)


def _shuffled_box(edition: Edition, rng: random.Random) -> list[str]:
    tiles = sorted(edition.box().elements())
    last = edition.last_tile
    if last is not None:
        tiles.remove(last)
    rng.shuffle(tiles)
    if last is not None:
        tiles.append(last)
    return tiles
