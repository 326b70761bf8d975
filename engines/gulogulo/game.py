"""The Pharaoh's Gulo Gulo rules engine, as ``rules/README.md`` section 4 states them.

A turn is: explore (``reveal`` the next face-down marker, ``choose`` a revealed colour, or
``enter`` the burial chamber from the space before it), the observed ``pull`` (clean, or a
landslide and what fell), and — when both directions lead somewhere — the ``move``
direction. What happens on landing (scarabs, the mummy's curse, the mummy's walk) follows
from the rules and is the engine's job. Observed facts (a marker's colour, a pull's result)
are log lines like decisions, so a real table can be refereed from what it reports.

The board is data (``board.py``); the state is plain data that round-trips through JSON.
"""

from __future__ import annotations

import random
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
from engines.gulogulo import board as boards
from engines.gulogulo.board import CHAMBER, DESERT, INSIDE, STAFF, Board

BASIC, ADVENTUROUS, RACE = "basic", "adventurous", "race"
VARIANTS = (BASIC, ADVENTUROUS, RACE)
TABLE, FULL = "table", "full"
MODES = (TABLE, FULL)
SCARAB_CAP = {BASIC: 4, ADVENTUROUS: 3, RACE: 0}
CHAMBER_NEEDS = {BASIC: 2, ADVENTUROUS: 2, RACE: 0}  # scarabs needed to enter the chamber

EXPLORE, PULL, MOVE, REVEAL_CHAMBER, OVER = "explore", "pull", "move", "chamber", "over"
FORWARDS, BACKWARDS = "forwards", "backwards"
CLEAN, LANDSLIDE = "clean", "landslide"
VERBS = ("reveal", "choose", "enter", "pull", "move")


class GuloGulo(GameState):
    game = "gulogulo"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "reveal": frozenset({"colour"}),
        "choose": frozenset({"colour"}),
        "enter": frozenset(),
        "pull": frozenset({"result", "fell"}),
        "move": frozenset({"direction"}),
    }
    turn_moves = frozenset({"reveal", "choose", "enter"})

    def __init__(
        self,
        *,
        board: Board,
        custom_board: bool,
        variant: str,
        mode: str,
        players: list[str],
        positions: list[int],
        scarabs: list[int],
        supply: int,
        mummy: list[int] | None,
        faces: list[str | None],
        chamber: list[str | None],
        hidden: list[str] | None,
        hidden_chamber: list[str] | None,
        bowl: dict[str, int],
        bag: dict[str, int],
        current: int,
        phase: str,
        pending: dict[str, Any] | None,
        winners: list[int],
        end: str | None,
    ) -> None:
        self.board = board
        self.custom_board = custom_board
        self.variant = variant
        self.mode = mode
        self.players = players
        self.positions = positions
        self.scarabs = scarabs
        self.supply = supply
        self.mummy = mummy  # [space, facing] (facing -1 = towards the entrance); None in the race
        self.faces = faces  # revealed colour per marker space (path order), None = face down
        self.chamber = chamber  # revealed colour per chamber marker, None = face down
        self.hidden = hidden  # full mode: the colour under every marker space
        self.hidden_chamber = hidden_chamber  # full mode: the colours under the chamber markers
        self.bowl = bowl  # boulders in the trap
        self.bag = bag  # boulders pulled out since the trap was last built
        self.current = current
        self.phase = phase
        # PULL: {"colour", "chamber": step | None}; MOVE: {"colour", "extra"};
        # REVEAL_CHAMBER: {"step"}. "extra": the pull took a colour's last boulder.
        self.pending = pending
        self.winner_seats = winners
        self.end = end
        # Derived indexes, rebuilt rather than stored.
        self.seat = {name: i for i, name in enumerate(players)}
        self.cap = SCARAB_CAP[variant]
        self.need = CHAMBER_NEEDS[variant]
        self.colour_at: list[str | None] = list(board.printed)
        for k, colour in enumerate(faces):
            if colour is not None:
                self.colour_at[board.marker_spaces[k]] = colour
        self.next_marker = next((k for k, c in enumerate(faces) if c is None), len(faces))
        self._index()

    def _index(self) -> None:
        """Build what depends on the revealed markers: the revealed colours, and for each
        space the nearest space of every colour ahead and behind."""
        shown = set(self.faces)
        self.revealed = [c for c in self.board.colours if c in shown]
        at = self.colour_at
        n = len(at)
        self.ahead: list[dict[str, int]] = [{}] * n
        self.behind: list[dict[str, int]] = [{}] * n
        seen: dict[str, int] = {}
        for i in range(n - 1, -1, -1):
            self.ahead[i] = dict(seen)
            if at[i] is not None:
                seen[at[i]] = i  # type: ignore[index]
        seen = {}
        for i in range(n):
            self.behind[i] = dict(seen)
            if at[i] is not None:
                seen[at[i]] = i  # type: ignore[index]

    def _add_colour(self, space: int, colour: str) -> None:
        """``space`` shows ``colour`` now: it becomes the nearest one ahead of the spaces
        behind it (back to the previous space of that colour) and the nearest one behind
        the spaces ahead of it (up to the next)."""
        at, ahead, behind = self.colour_at, self.ahead, self.behind
        i = space - 1
        while i >= 0:
            ahead[i][colour] = space
            if at[i] == colour:
                break
            i -= 1
        i = space + 1
        while i < len(at):
            behind[i][colour] = space
            if at[i] == colour:
                break
            i += 1

    # ----------------------------------------------------------------- creation

    @classmethod
    def simulation_header(cls, players: list[str], seed: int, edition: str | None = None) -> dict[str, Any]:
        """Random playouts need the markers laid face down from a seeded shuffle."""
        return {"game": cls.game, "players": players, "seed": seed, "mode": FULL}

    @classmethod
    def new(cls, header: dict[str, Any], rng: random.Random | None) -> Self:
        players = check_players(header, 2, 6)
        variant = header.get("variant", BASIC)
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise BadHeader(
                "unknown-variant", f'"variant" must be one of {", ".join(VARIANTS)}, not {variant!r}'
            )
        mode = header.get("mode", TABLE)
        if not isinstance(mode, str) or mode not in MODES:
            raise BadHeader("unknown-mode", f'"mode" must be "table" or "full", not {mode!r}')
        custom = "board" in header
        board = boards.parse(header["board"]) if custom else boards.default()
        hidden: list[str] | None = None
        hidden_chamber: list[str] | None = None
        if mode == FULL:
            if rng is None:
                raise BadHeader(
                    "missing-seed", 'a "full" mode header needs a "seed": the markers are laid from a shuffle'
                )
            laid: dict[str, list[str]] = {}
            for pile in (DESERT, boards.PYRAMID, CHAMBER):
                markers = [c for c, n in board.piles[pile].items() for _ in range(n)]
                rng.shuffle(markers)
                laid[pile] = markers  # the first ones lie on the board, the rest go back unseen
            used = {DESERT: 0, boards.PYRAMID: 0}
            hidden = []
            for pile in board.marker_pile:
                hidden.append(laid[pile][used[pile]])
                used[pile] += 1
            hidden_chamber = laid[CHAMBER][: board.chamber_markers]
        n = len(players)
        return cls(
            board=board,
            custom_board=custom,
            variant=variant,
            mode=mode,
            players=players,
            positions=[0] * n,
            scarabs=[0] * n,
            supply=board.scarabs,
            mummy=None if variant == RACE else [board.mummy_high, -1],
            faces=[None] * len(board.marker_spaces),
            chamber=[None] * board.chamber_markers,
            hidden=hidden,
            hidden_chamber=hidden_chamber,
            bowl=dict(board.boulders),
            bag=dict.fromkeys(board.colours, 0),
            current=0,
            phase=EXPLORE,
            pending=None,
            winners=[],
            end=None,
        )

    # ------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "board": _copy(self.board.data) if self.custom_board else None,
            "variant": self.variant,
            "mode": self.mode,
            "players": list(self.players),
            "positions": list(self.positions),
            "scarabs": list(self.scarabs),
            "supply": self.supply,
            "mummy": None if self.mummy is None else list(self.mummy),
            "faces": list(self.faces),
            "chamber": list(self.chamber),
            "hidden": None if self.hidden is None else list(self.hidden),
            "hidden_chamber": None if self.hidden_chamber is None else list(self.hidden_chamber),
            "bowl": dict(self.bowl),
            "bag": dict(self.bag),
            "current": self.current,
            "phase": self.phase,
            "pending": None if self.pending is None else dict(self.pending),
            "winners": list(self.winner_seats),
            "end": self.end,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        custom = data["board"] is not None
        return cls(
            board=boards.parse(data["board"]) if custom else boards.default(),
            custom_board=custom,
            variant=data["variant"],
            mode=data["mode"],
            players=list(data["players"]),
            positions=list(data["positions"]),
            scarabs=list(data["scarabs"]),
            supply=data["supply"],
            mummy=None if data["mummy"] is None else list(data["mummy"]),
            faces=list(data["faces"]),
            chamber=list(data["chamber"]),
            hidden=None if data["hidden"] is None else list(data["hidden"]),
            hidden_chamber=None if data["hidden_chamber"] is None else list(data["hidden_chamber"]),
            bowl=dict(data["bowl"]),
            bag=dict(data["bag"]),
            current=data["current"],
            phase=data["phase"],
            pending=None if data["pending"] is None else dict(data["pending"]),
            winners=list(data["winners"]),
            end=data["end"],
        )

    # ------------------------------------------------------------ public view

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> str | None:
        return None if self.phase == OVER else self.players[self.current]

    def scores(self) -> dict[str, int]:
        """Pharaoh's Gulo Gulo has no points: the first into the chamber wins."""
        return dict.fromkeys(self.players, 0)

    def winners(self) -> list[str]:
        return [self.players[i] for i in self.winner_seats]

    def revealed_colours(self) -> list[str]:
        """The colours of the face-up desert and pyramid markers, in board order."""
        return list(self.revealed)

    def public_state(self) -> dict[str, Any]:
        b = self.board
        return {
            "variant": self.variant,
            "mode": self.mode,
            "phase": self.phase,
            "active": self.players[self.current],
            "positions": dict(zip(self.players, self.positions, strict=True)),
            "areas": {p: b.areas[i] for p, i in zip(self.players, self.positions, strict=True)},
            "scarabs": dict(zip(self.players, self.scarabs, strict=True)),
            "supply": self.supply,
            "mummy": None
            if self.mummy is None
            else {"space": self.mummy[0], "facing": "entrance" if self.mummy[1] < 0 else "chamber"},
            "spaces": list(self.colour_at),
            "markers": [
                {"space": s, "pile": p, "colour": c}
                for s, p, c in zip(b.marker_spaces, b.marker_pile, self.faces, strict=True)
            ],
            "chamber": list(self.chamber),
            "revealed": self.revealed_colours(),
            "bowl": dict(self.bowl),
            "bag": dict(self.bag),
            "pulling": None
            if self.phase != PULL or self.pending is None
            else {"colour": self.pending["colour"], "chamber": self.pending["chamber"]},
            "prompt": self.prompt().to_json(),
            "end": self.end,
        }

    def prompt(self) -> Prompt:
        if self.phase == OVER:
            return Prompt("game-over", {"winners": self.winners(), "reason": self.end})
        player = self.players[self.current]
        pending = self.pending
        if self.phase == PULL:
            assert pending is not None
            if pending["chamber"] is not None:
                return Prompt(
                    "pull-chamber",
                    {"player": player, "colour": pending["colour"], "step": pending["chamber"] + 1,
                     "of": self.board.chamber_markers},
                )  # fmt: skip
            return Prompt("pull", {"player": player, "colour": pending["colour"]})
        if self.phase == MOVE:
            assert pending is not None
            return Prompt("move", {"player": player, "colour": pending["colour"]})
        if self.phase == REVEAL_CHAMBER:
            assert pending is not None
            return Prompt(
                "reveal-chamber",
                {"player": player, "step": pending["step"] + 1, "of": self.board.chamber_markers},
            )
        can_reveal = self.next_marker < len(self.faces)
        colours = [c for c, _ in self._choices(self.current)]
        enter = self._may_enter(self.current)
        if enter:
            code = "explore-or-enter" if can_reveal else "choose-or-enter"
        elif can_reveal:
            code = "explore" if colours else "reveal"
        else:
            code = "choose"
        return Prompt(code, {"player": player, "colours": colours})

    # ---------------------------------------------------------- movement helpers

    def _targets(self, pos: int, colour: str) -> tuple[int | None, int | None]:
        """The next space of ``colour`` forwards and backwards from ``pos`` (None: none)."""
        if self.variant == RACE:
            return self.ahead[pos].get(colour), None
        return self.ahead[pos].get(colour), self.behind[pos].get(colour)

    def _choices(self, seat: int) -> list[tuple[str, tuple[int | None, int | None]]]:
        """Revealed colours the player may choose: those with a space to move to."""
        pos = self.positions[seat]
        ahead = self.ahead[pos]
        behind = {} if self.variant == RACE else self.behind[pos]
        out = []
        for colour in self.revealed:
            targets = (ahead.get(colour), behind.get(colour))
            if targets != (None, None):
                out.append((colour, targets))
        return out

    def _may_enter(self, seat: int) -> bool:
        return self.positions[seat] == self.board.front and self.scarabs[seat] >= self.need

    def _face_down_colours(self, pile: str) -> list[str]:
        """Colours a marker of ``pile`` may still show (table mode): the pile's colours of
        which not every marker is face up yet (markers left in the box count as face down)."""
        shown: dict[str, int] = {}
        if pile == CHAMBER:
            revealed = [c for c in self.chamber if c is not None]
        else:
            revealed = [c for c, p in zip(self.faces, self.board.marker_pile, strict=True) if p == pile and c]
        for c in revealed:
            shown[c] = shown.get(c, 0) + 1
        return [c for c, n in self.board.piles[pile].items() if n > shown.get(c, 0)]

    def _reveal_options(self) -> list[str]:
        if self.phase == REVEAL_CHAMBER:
            assert self.pending is not None
            step = self.pending["step"]
            if self.hidden_chamber is not None:
                return [self.hidden_chamber[step]]
            return self._face_down_colours(CHAMBER)
        if self.next_marker >= len(self.faces):
            return []
        if self.hidden is not None:
            return [self.hidden[self.next_marker]]
        return self._face_down_colours(self.board.marker_pile[self.next_marker])

    def _landslide_destination(self, seat: int, fell: list[str]) -> int:
        """Where a landslide sends the player (the chamber's landslides: see _pull)."""
        pos = self.positions[seat]
        if self.variant == ADVENTUROUS:
            assert self.pending is not None
            wanted = {self.pending["colour"] if item == STAFF else item for item in fell}
            behind = self.behind[pos]
            spaces = [behind[c] for c in wanted if c in behind]
            if spaces:
                return max(spaces)
        return self.board.entrance if self.board.areas[pos] in INSIDE else 0

    def _landslide_options(self) -> list[list[str]]:
        """One landslide per meaningful outcome: in the basic game and the race every
        landslide has the same effect; in the adventurous variant, one per destination."""
        assert self.pending is not None
        if self.variant != ADVENTUROUS or self.pending["chamber"] is not None:
            return [[STAFF]]
        seen: set[int] = set()
        options = []
        for fell in [[STAFF]] + [[c] for c in self.board.colours if self.bowl[c]]:
            dest = self._landslide_destination(self.current, fell)
            if dest not in seen:
                seen.add(dest)
                options.append(fell)
        return options

    # ---------------------------------------------------------- legal actions
    #
    # Table mode lists every decision the rules allow and one pull result per meaningful
    # outcome. Full mode lists the simulation's menu: one action per sensible choice, and
    # a clean pull or one landslide (the staff), shaped so that uniform random play reaches
    # the chamber in a reasonable number of turns (docs/game-logs-gulogulo.md, "The
    # simulation menu"). ``apply`` accepts every action the rules allow in both modes.

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if self.mode != FULL or phase in (OVER, REVEAL_CHAMBER):
            return self.rules_actions()
        name = self.players[self.current]
        if phase == PULL:
            return [
                {"player": name, "move": "pull", "result": CLEAN},
                {"player": name, "move": "pull", "result": LANDSLIDE, "fell": [STAFF]},
            ]
        if phase == MOVE:
            assert self.pending is not None
            return [{"player": name, "move": "move", "direction": self._menu_way(self.pending["colour"])}]
        return self._menu_explore(name)

    def rules_actions(self) -> list[Action]:
        """Every decision the rules allow now, and one pull result per meaningful outcome
        (table mode's legal actions; in full mode a marker's colour is the laid one)."""
        phase = self.phase
        if phase == OVER:
            return []
        name = self.players[self.current]
        if phase == PULL:
            return [{"player": name, "move": "pull", "result": CLEAN}] + [
                {"player": name, "move": "pull", "result": LANDSLIDE, "fell": fell}
                for fell in self._landslide_options()
            ]
        if phase == MOVE:
            return [
                {"player": name, "move": "move", "direction": FORWARDS},
                {"player": name, "move": "move", "direction": BACKWARDS},
            ]
        if phase == REVEAL_CHAMBER:
            return [{"player": name, "move": "reveal", "colour": c} for c in self._reveal_options()]
        seat = self.current
        actions = [{"player": name, "move": "reveal", "colour": c} for c in self._reveal_options()]
        actions += [{"player": name, "move": "choose", "colour": c} for c, _ in self._choices(seat)]
        if self._may_enter(seat):
            actions.append({"player": name, "move": "enter"})
        return actions

    def _menu_explore(self, name: str) -> list[Action]:
        """The menu's exploring: enter the chamber whenever allowed; else, while short of
        scarabs, the colours that lead to one; else the colours that lead farthest forwards
        (round the mummy if stepping onto it would cost a scarab the chamber needs); the
        next marker when it lies beyond them; backwards only when nothing else is left."""
        seat = self.current
        pos = self.positions[seat]
        held = self.scarabs[seat]
        need = self.need
        if pos == self.board.front and held >= need:
            return [{"player": name, "move": "enter"}]
        ahead = self.ahead[pos]
        behind = self.behind[pos] if self.variant != RACE else {}
        scarab = self.board.scarab
        mummy_at = -1 if self.mummy is None else self.mummy[0]
        short = self._short(held)
        avoid = mummy_at if held <= need else -1
        finds: list[str] = []
        best = best_any = -1
        best_colours: list[str] = []
        best_any_colours: list[str] = []
        back: list[str] = []
        for colour in self.revealed:
            a = ahead.get(colour)
            b = behind.get(colour)
            if short and ((a is not None and scarab[a] and a != mummy_at) or (b is not None and scarab[b])):
                finds.append(colour)
            if a is None:
                if b is not None:
                    back.append(colour)
                continue
            if a != avoid:
                if a > best:
                    best, best_colours = a, [colour]
                elif a == best:
                    best_colours.append(colour)
            if a > best_any:
                best_any, best_any_colours = a, [colour]
            elif a == best_any:
                best_any_colours.append(colour)
        if best < 0:
            best, best_colours = best_any, best_any_colours
        colours = finds or best_colours
        actions: list[Action] = []
        k = self.next_marker
        if k < len(self.faces) and self.board.marker_spaces[k] > best:
            actions = [{"player": name, "move": "reveal", "colour": c} for c in self._reveal_options()]
        if not colours and not actions:
            colours = back
        actions += [{"player": name, "move": "choose", "colour": c} for c in colours]
        return actions

    def _short(self, held: int) -> bool:
        """The menu collects scarabs up to what the chamber asks for, one more while the
        mummy guards the space before the chamber (stepping onto it costs one)."""
        mummy = self.mummy
        if mummy is None:
            return False
        want = self.need + (mummy[0] == self.board.front)
        return held < want and held < self.cap

    def _menu_way(self, colour: str) -> str:
        """The menu's direction after a clean pull: towards a needed scarab, else forwards
        when possible."""
        seat = self.current
        ahead, behind = self._targets(self.positions[seat], colour)
        if self._short(self.scarabs[seat]):
            scarab = self.board.scarab
            mummy_at = -1 if self.mummy is None else self.mummy[0]
            if ahead is not None and scarab[ahead] and ahead != mummy_at:
                return FORWARDS
            if behind is not None and scarab[behind]:
                return BACKWARDS
        return FORWARDS if ahead is not None else BACKWARDS

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        player, move = read_action(action, self.seat, self.phase == OVER, "reveal")
        if self.seat[player] != self.current:
            raise IllegalAction(
                "out-of-turn",
                f"it is {self.players[self.current]}'s turn, not {player}'s (play goes clockwise)",
            )
        handler = _HANDLERS.get((self.phase, move))
        if handler is None:
            raise IllegalAction("wrong-move", self._wrong_move_message(move))
        events: list[Event] = []
        handler(self, action, events)
        return events

    def _wrong_move_message(self, move: str) -> str:
        if move not in VERBS:
            return f"unknown move {move!r}; Pharaoh's Gulo Gulo knows {', '.join(VERBS)}"
        wanted = {
            EXPLORE: "exploring the tomb (reveal the next marker, choose a revealed colour"
            + (", or enter the burial chamber)" if self._may_enter(self.current) else ")"),
            PULL: "the result of pulling a boulder from the mummy trap (pull)",
            MOVE: "the direction to move in (move)",
            REVEAL_CHAMBER: "the colour of the next burial chamber marker (reveal)",
        }[self.phase]
        return f"{move!r} is not possible now: the game waits for {wanted}"

    def _colour(self, action: Action) -> str:
        colour = action.get("colour")
        if not isinstance(colour, str):
            raise IllegalAction(
                "malformed-action", f'"{action["move"]}" needs a "colour" (a string such as "red")'
            )
        if colour not in self.bowl:
            raise IllegalAction(
                "unknown-colour", f"{colour!r} is not a boulder colour here ({', '.join(self.board.colours)})"
            )
        return colour

    def _check_reveal(self, colour: str, options: list[str], what: str) -> None:
        if colour in options:
            return
        if self.mode == FULL:
            raise IllegalAction(
                "marker-colour",
                f"the {what} marker shows {options[0]}, not {colour} (full mode: markers were laid)",
            )
        raise IllegalAction(
            "marker-colour",
            f"no face-down {what} marker can show {colour}: every {colour} one is face up already",
        )

    def _reveal(self, action: Action, events: list[Event]) -> None:
        colour = self._colour(action)
        k = self.next_marker
        if k >= len(self.faces):
            raise IllegalAction(
                "no-marker-left",
                "every desert and pyramid marker is face up: choose a revealed colour instead",
            )
        pile = self.board.marker_pile[k]
        self._check_reveal(colour, self._reveal_options(), pile)
        space = self.board.marker_spaces[k]
        self.faces[k] = colour
        self.colour_at[space] = colour
        self._add_colour(space, colour)
        if colour not in self.revealed:
            self.revealed = [c for c in self.board.colours if c in self.revealed or c == colour]
        self.next_marker = next(
            (j for j in range(k + 1, len(self.faces)) if self.faces[j] is None), len(self.faces)
        )
        events.append({"type": "revealed", "player": self.players[self.current], "colour": colour,
                       "space": space, "place": self.board.places[space], "pile": pile})  # fmt: skip
        self.phase, self.pending = PULL, {"colour": colour, "chamber": None}

    def _reveal_chamber(self, action: Action, events: list[Event]) -> None:
        colour = self._colour(action)
        assert self.pending is not None
        step = self.pending["step"]
        self._check_reveal(colour, self._reveal_options(), "burial chamber")
        self.chamber[step] = colour
        events.append({"type": "revealed-chamber", "player": self.players[self.current], "colour": colour,
                       "step": step + 1})  # fmt: skip
        self.phase, self.pending = PULL, {"colour": colour, "chamber": step}

    def _choose(self, action: Action, events: list[Event]) -> None:
        colour = self._colour(action)
        if colour not in self.revealed:
            raise IllegalAction(
                "colour-not-revealed",
                f"no face-up desert or pyramid marker shows {colour}; choose a revealed colour "
                f"({', '.join(self.revealed_colours()) or 'none yet'}) or reveal the next marker",
            )
        if self._targets(self.positions[self.current], colour) == (None, None):
            where = "ahead (the race goes forwards only)" if self.variant == RACE else "to move to"
            raise IllegalAction("no-space-of-colour", f"there is no other {colour} space {where}")
        events.append({"type": "chose", "player": self.players[self.current], "colour": colour})
        self.phase, self.pending = PULL, {"colour": colour, "chamber": None}

    def _enter(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        if self.positions[seat] != self.board.front:
            raise IllegalAction(
                "not-before-chamber",
                "the burial chamber is entered from the space before it; you are elsewhere",
            )
        need = CHAMBER_NEEDS[self.variant]
        if self.scarabs[seat] < need:
            raise IllegalAction(
                "too-few-scarabs",
                f"entering the burial chamber needs {need} scarabs; you hold {self.scarabs[seat]}",
            )
        self.positions[seat] = self.board.chamber
        events.append({"type": "entered", "player": self.players[seat], "scarabs": self.scarabs[seat]})
        self._chamber_step(0)

    def _chamber_step(self, step: int) -> None:
        colour = self.chamber[step]
        if colour is None:
            self.phase, self.pending = REVEAL_CHAMBER, {"step": step}
        else:  # revealed by an earlier adventurer: pull that colour
            self.phase, self.pending = PULL, {"colour": colour, "chamber": step}

    def _check_fell(self, action: Action) -> list[str]:
        result = action.get("result")
        if result not in (CLEAN, LANDSLIDE):
            raise IllegalAction("bad-result", f'"result" must be "clean" or "landslide", not {result!r}')
        fell = action.get("fell")
        if result == CLEAN:
            if fell not in (None, []):
                raise IllegalAction("bad-fell", 'a clean pull has nothing that fell: leave out "fell"')
            return []
        if not isinstance(fell, list) or not fell or not all(isinstance(x, str) for x in fell):
            raise IllegalAction(
                "bad-fell",
                'a landslide needs "fell": what fell, e.g. ["staff"], ["red"] or ["blue", "staff"]',
            )
        counts: dict[str, int] = {}
        for item in fell:
            counts[item] = counts.get(item, 0) + 1
        for item, n in counts.items():
            if item == STAFF:
                if n > 1:
                    raise IllegalAction("bad-fell", "there is only one Pharaoh's staff")
            elif item not in self.bowl:
                raise IllegalAction(
                    "bad-fell",
                    f"{item!r} is neither the staff nor a boulder colour ({', '.join(self.board.colours)})",
                )
            elif n > self.bowl[item]:
                raise IllegalAction(
                    "bad-fell", f"{n} {item} boulders cannot fall: the trap holds only {self.bowl[item]}"
                )
        return list(fell)

    def _pull(self, action: Action, events: list[Event]) -> None:
        fell = self._check_fell(action)
        pending = self.pending
        assert pending is not None
        seat, colour, step = self.current, pending["colour"], pending["chamber"]
        name = self.players[seat]
        if fell:
            events.append({"type": "landslide", "player": name, "colour": colour, "fell": fell})
            # In the chamber the turn ends and the adventurer goes back to the pyramid entrance.
            dest = self.board.entrance if step is not None else self._landslide_destination(seat, fell)
            self._send_back(seat, dest, "landslide", events)
            self._rebuild(events)
            self._next_player(events)
            return
        self.bowl[colour] -= 1
        self.bag[colour] += 1
        event: Event = {"type": "pulled", "player": name, "colour": colour}
        if step is not None:
            event["step"] = step + 1
        events.append(event)
        last = self.bowl[colour] == 0
        if step is not None:
            if step + 1 == len(self.chamber):
                self._win(seat, events)
                return
            if last:
                events.append({"type": "last-boulder", "player": name, "colour": colour})
                self._rebuild(events)
            self._chamber_step(step + 1)
            return
        if last:
            events.append({"type": "last-boulder", "player": name, "colour": colour})
            self._rebuild(events)
        ahead, behind = self._targets(self.positions[seat], colour)
        if ahead is not None and behind is not None:
            self.phase, self.pending = MOVE, {"colour": colour, "extra": last}
            return
        if ahead is None and behind is None:
            events.append({"type": "no-move", "player": name, "colour": colour})
        else:
            self._land(seat, colour, ahead if ahead is not None else behind, ahead is not None, events)  # type: ignore[arg-type]
        self._after_move(last, events)

    def _move(self, action: Action, events: list[Event]) -> None:
        direction = action.get("direction")
        if direction not in (FORWARDS, BACKWARDS):
            raise IllegalAction(
                "bad-direction", f'"direction" must be "forwards" or "backwards", not {direction!r}'
            )
        pending = self.pending
        assert pending is not None
        seat, colour = self.current, pending["colour"]
        ahead, behind = self._targets(self.positions[seat], colour)
        forwards = direction == FORWARDS
        self._land(seat, colour, ahead if forwards else behind, forwards, events)  # type: ignore[arg-type]
        self._after_move(pending["extra"], events)

    # ------------------------------------------------------------ consequences

    def _after_move(self, extra: bool, events: list[Event]) -> None:
        if extra:  # the last boulder of a colour: explore and move again
            events.append({"type": "extra-turn", "player": self.players[self.current]})
            self.phase, self.pending = EXPLORE, None
        else:
            self._next_player(events)

    def _land(self, seat: int, colour: str, target: int, forwards: bool, events: list[Event]) -> None:
        """Move to ``target`` and carry out what landing there causes, in this order: the
        scarab space, the mummy's curse (on the way in), then the mummy symbols."""
        name = self.players[seat]
        start = self.positions[seat]
        self.positions[seat] = target
        events.append({"type": "moved", "player": name, "colour": colour,
                       "direction": FORWARDS if forwards else BACKWARDS, "from": start, "to": target,
                       "place": self.board.places[target]})  # fmt: skip
        if self.mummy is None:  # the race: no mummy, no scarabs
            return
        found = self.board.scarab[target]
        if forwards and self.mummy[0] == target:
            if found:  # the scarab just found goes straight to the mummy
                events.append({"type": "curse-found", "player": name, "scarabs": self.scarabs[seat]})
            else:
                self._curse(seat, "landing", events)
        elif found:
            self._find_scarab(seat, events)
        symbols = self.board.mummy[target]
        if symbols:
            self._walk_mummy(symbols, events)

    def _find_scarab(self, seat: int, events: list[Event]) -> None:
        name = self.players[seat]
        if self.scarabs[seat] >= self.cap:
            events.append({"type": "scarab-full", "player": name, "scarabs": self.scarabs[seat]})
        elif self.supply <= 0:
            events.append({"type": "scarab-none-left", "player": name, "scarabs": self.scarabs[seat]})
        else:
            self.supply -= 1
            self.scarabs[seat] += 1
            events.append({"type": "scarab", "player": name, "scarabs": self.scarabs[seat]})

    def _curse(self, seat: int, cause: str, events: list[Event]) -> None:
        """Give the mummy a scarab, or without one go back to the pyramid entrance."""
        name = self.players[seat]
        if self.scarabs[seat]:
            self.scarabs[seat] -= 1
            self.supply += 1
            events.append({"type": "curse", "player": name, "cause": cause, "scarabs": self.scarabs[seat]})
        else:
            events.append({"type": "curse-no-scarab", "player": name, "cause": cause})
            self._send_back(seat, self.board.entrance, "curse", events)

    def _walk_mummy(self, steps: int, events: list[Event]) -> None:
        """The mummy walks ``steps`` spaces, turning round at either end of the pyramid, and
        on while it lands on mummy symbols. Every adventurer it passes or lands on pays one
        scarab for the whole walk (once, however often the mummy crosses their space)."""
        assert self.mummy is not None
        board = self.board
        space, facing = self.mummy
        cursed: set[int] = set()
        while steps:
            start = space
            entered = []
            for _ in range(steps):
                space, facing = boards.mummy_step(board, space, facing)
                entered.append(space)
            self.mummy = [space, facing]
            events.append({"type": "mummy-moved", "from": start, "to": space, "place": board.places[space],
                           "steps": steps,
                           "facing": "entrance" if facing < 0 else "chamber"})  # fmt: skip
            for square in entered:
                for seat, pos in enumerate(self.positions):
                    if pos == square and seat not in cursed:
                        cursed.add(seat)
                        self._curse(seat, "mummy", events)
            steps = board.mummy[space]

    def _send_back(self, seat: int, dest: int, reason: str, events: list[Event]) -> None:
        start = self.positions[seat]
        self.positions[seat] = dest
        if dest == start:
            return
        name = self.players[seat]
        if dest == 0:
            events.append({"type": "back-to-start", "player": name, "from": start, "reason": reason})
        elif dest == self.board.entrance:
            events.append(
                {"type": "back-to-entrance", "player": name, "from": start, "to": dest, "reason": reason}
            )
        else:
            events.append({"type": "back-to-space", "player": name, "from": start, "to": dest,
                           "place": self.board.places[dest],
                           "colour": self.colour_at[dest], "reason": reason})  # fmt: skip

    def _rebuild(self, events: list[Event]) -> None:
        for colour, n in self.board.boulders.items():
            self.bowl[colour] = n
            self.bag[colour] = 0
        events.append({"type": "trap-rebuilt"})

    def _next_player(self, events: list[Event]) -> None:
        self.current = (self.current + 1) % len(self.players)
        self.phase, self.pending = EXPLORE, None

    def _win(self, seat: int, events: list[Event]) -> None:
        self.phase, self.pending = OVER, None
        self.winner_seats = [seat]
        self.end = "chamber"
        events.append({"type": "game-over", "winners": self.winners(), "reason": "chamber"})


_HANDLERS = {
    (EXPLORE, "reveal"): GuloGulo._reveal,
    (EXPLORE, "choose"): GuloGulo._choose,
    (EXPLORE, "enter"): GuloGulo._enter,
    (REVEAL_CHAMBER, "reveal"): GuloGulo._reveal_chamber,
    (PULL, "pull"): GuloGulo._pull,
    (MOVE, "move"): GuloGulo._move,
}


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
