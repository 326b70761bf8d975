"""Im Bann der Pyramide's state: the table as plain data, its setup from a header, its JSON
form, what it shows the table and the rule predicates every move asks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from engines.bann.cards import (
    BOX,
    CARDS,
    CURSE,
    DEAL,
    KIND_OF,
    KINDS,
    MAGIC,
    MUMMY,
    MUMMY_DISCARD,
    MUMMY_EXTRA,
    PROTECTION,
    SCARAB,
    VALUE_OF,
)
from engines.core import (
    BadHeader,
    GameState,
    Prompt,
    check_players,
)

TABLE, FULL = "table", "full"
ADVANCED, MINUS = "advanced", "minus-points"
VARIANTS = (ADVANCED, MINUS)
SIDES = ("front", "back")

# phases
TURN = "turn"  # the turn's choice: draw, swap or play
PLAY = "play"  # after the first play: more plays, complete, pass the mummy, end
AFTER_DRAW = "after-draw"  # after a draw or swap, when the mummy could be passed
CURSE_PHASE = "curse"  # the players hit by a curse choose what to discard, in turn order
MUMMY_PHASE = "mummy"  # the mummy's holder completed an adventure: give it away
ARROW = "arrow"  # exact completion: turn the arrow, then another turn
OVER = "over"

INFO: dict[str, tuple[str | None, int]] = {c: (KIND_OF[c], VALUE_OF[c]) for c in CARDS}
VERBS = ("draw", "swap", "play", "complete", "give-mummy", "discard", "arrow", "end")
VERB_SET = frozenset(VERBS)
PLAYABLE_SPECIALS = (MAGIC, MUMMY, CURSE, PROTECTION, SCARAB)


def _fresh_turn(extra: bool = False) -> dict[str, Any]:
    return {"special": None, "equipment": 0, "completed": False, "exact": False, "extra": extra}


class BannState(GameState):
    """The state and its predicates; the moves are ``turn``'s and ``scoring``'s."""

    game = "bann"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "draw": frozenset({"count"}),
        "swap": frozenset({"cards"}),
        "play": frozenset({"kind", "card", "to", "remove"}),
        "complete": frozenset(),
        "give-mummy": frozenset({"cards", "to"}),
        "end": frozenset(),
        "discard": frozenset({"card"}),
        "arrow": frozenset({"kind"}),
    }
    turn_moves = frozenset({"draw", "swap", "play"})

    def __init__(
        self,
        *,
        players: list[str],
        mode: str,
        variants: list[str],
        route: list[int],
        positions: list[int],
        arrow: str,
        displays: list[list[str]],
        hands: list[list[str]] | None,
        hand_sizes: list[int],
        pile: list[str] | None,
        pile_size: int,
        discard: list[str],
        discard_unknown: int,
        current: int,
        phase: str,
        turn: dict[str, Any],
        curse_queue: list[int],
        closing: bool,
        winners: list[int],
        end: str | None,
        points: list[int],
        minus_points: list[int] | None,
        seed: int | None,
        reshuffles: int,
    ) -> None:
        self.players = players
        self.mode = mode
        self.variants = variants
        self.advanced = ADVANCED in variants
        self.minus = MINUS in variants
        self.route = route  # adventure values in order, the king's chamber last
        self.positions = positions  # index into route; len(route) = entered the chamber
        self.arrow = arrow
        self.displays = displays
        self.hands = hands  # full mode only; in each hand, the order cards were taken in
        self.hand_n = hand_sizes
        self.pile = pile  # full mode only; the top card is the last element
        self.pile_n = pile_size
        self.discard = discard  # face-up cards, oldest first (known ones)
        self.discard_unknown = discard_unknown  # table mode: swapped cards nobody named
        self.current = current
        self.phase = phase
        self.turn = turn
        self.curse_queue = curse_queue
        self.closing = closing  # minus-points variant: someone is in the chamber, last round
        self.winner_seats = winners
        self.end = end
        self.points = points
        self.minus_points = minus_points
        self.seed = seed  # full mode: reshuffles are seeded from it
        self.reshuffles = reshuffles
        # Derived indexes, rebuilt rather than stored.
        self.full = mode == FULL
        self.last = len(route) - 1  # the king's chamber's index
        self.seat = {name: i for i, name in enumerate(players)}
        self.totals = [sum(VALUE_OF[c] for c in d) for d in displays]
        self.mummy_at: int | None = next((i for i, d in enumerate(displays) if MUMMY in d), None)

    @classmethod
    def simulation_header(cls, players: list[str], seed: int, edition: str | None = None) -> dict[str, Any]:
        return {"game": cls.game, "players": players, "mode": FULL, "seed": seed}

    @classmethod
    def new(cls, header: dict[str, Any], rng: random.Random | None) -> Self:
        players = check_players(header, 2, 5)
        mode = header.get("mode", TABLE)
        if mode not in (TABLE, FULL):
            raise BadHeader("bad-mode", f'"mode" must be "table" or "full", not {mode!r}')
        variants = _check_variants(header.get("variant"))
        side = header.get("side", "front")
        if side not in SIDES:
            raise BadHeader(
                "bad-side", f'"side" (of the adventure cards) must be "front" or "back", not {side!r}'
            )
        adventures = header.get("adventures")
        chamber = header.get("chamber")
        if adventures is not None:
            adventures = _check_adventures(adventures)
        if chamber is not None and not _is_value(chamber):
            raise BadHeader("bad-chamber", '"chamber" must be an integer from 1 to 99 (the king\'s chamber)')
        deck = header.get("deck")
        if deck is not None:
            if mode != FULL:
                raise BadHeader("bad-deck", '"deck" deals hands, which only a "full" mode game has')
            deck = _check_deck(deck)
        needs_rng = mode == FULL or adventures is None or chamber is None
        if needs_rng and rng is None:
            what = "full mode shuffles the cards" if mode == FULL else "the adventures are drawn from the box"
            raise BadHeader(
                "missing-seed",
                f'this header needs a "seed" ({what}); give "adventures" and "chamber" in table mode instead',
            )
        # The seeded setup, in this order: adventures, chamber side, deck, reshuffle seed.
        if adventures is None:
            assert rng is not None
            cards = list(BOX.adventure_cards)
            rng.shuffle(cards)
            index = SIDES.index(side)
            adventures = [card[index] for card in cards[1:5]]  # the top card goes back to the box
        if chamber is None:
            assert rng is not None
            chamber = BOX.chamber_sides[rng.randrange(2)]
        n = len(players)
        hands: list[list[str]] | None = None
        pile: list[str] | None = None
        seed: int | None = None
        if mode == FULL:
            assert rng is not None
            if deck is None:
                deck = BOX.cards()
                rng.shuffle(deck)
            seed = rng.randrange(2**62)
            hands = [list(deck[DEAL * i : DEAL * (i + 1)]) for i in range(n)]
            pile = list(reversed(deck[DEAL * n :]))
        return cls(
            players=players,
            mode=mode,
            variants=variants,
            route=[*adventures, chamber],
            positions=[0] * n,
            arrow=KINDS[0],
            displays=[[] for _ in players],
            hands=hands,
            hand_sizes=[DEAL] * n,
            pile=pile,
            pile_size=BOX.size - DEAL * n,
            discard=[],
            discard_unknown=0,
            current=0,
            phase=TURN,
            turn=_fresh_turn(),
            curse_queue=[],
            closing=False,
            winners=[],
            end=None,
            points=[0] * n,
            minus_points=None,
            seed=seed,
            reshuffles=0,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "mode": self.mode,
            "variants": list(self.variants),
            "route": list(self.route),
            "positions": list(self.positions),
            "arrow": self.arrow,
            "displays": [list(d) for d in self.displays],
            "hands": None if self.hands is None else [list(h) for h in self.hands],
            "hand_sizes": list(self.hand_n),
            "pile": None if self.pile is None else list(self.pile),
            "pile_size": self.pile_n,
            "discard": list(self.discard),
            "discard_unknown": self.discard_unknown,
            "current": self.current,
            "phase": self.phase,
            "turn": dict(self.turn),
            "curse_queue": list(self.curse_queue),
            "closing": self.closing,
            "winners": list(self.winner_seats),
            "end": self.end,
            "points": list(self.points),
            "minus_points": None if self.minus_points is None else list(self.minus_points),
            "seed": self.seed,
            "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls(
            players=list(data["players"]),
            mode=data["mode"],
            variants=list(data["variants"]),
            route=list(data["route"]),
            positions=list(data["positions"]),
            arrow=data["arrow"],
            displays=[list(d) for d in data["displays"]],
            hands=None if data["hands"] is None else [list(h) for h in data["hands"]],
            hand_sizes=list(data["hand_sizes"]),
            pile=None if data["pile"] is None else list(data["pile"]),
            pile_size=data["pile_size"],
            discard=list(data["discard"]),
            discard_unknown=data["discard_unknown"],
            current=data["current"],
            phase=data["phase"],
            turn=dict(data["turn"]),
            curse_queue=list(data["curse_queue"]),
            closing=data["closing"],
            winners=list(data["winners"]),
            end=data["end"],
            points=list(data["points"]),
            minus_points=None if data["minus_points"] is None else list(data["minus_points"]),
            seed=data["seed"],
            reshuffles=data["reshuffles"],
        )

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> str | None:
        if self.phase == OVER:
            return None
        if self.phase == CURSE_PHASE:
            return self.players[self.curse_queue[0]]
        return self.players[self.current]

    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.points, strict=True))

    def winners(self) -> list[str]:
        return [self.players[i] for i in self.winner_seats]

    def needed(self, seat: int) -> int | None:
        """What ``seat``'s display must reach at their adventure (None once in the chamber)."""
        pos = self.positions[seat]
        if pos > self.last:
            return None
        return self.route[pos] + (MUMMY_EXTRA if self.mummy_at == seat else 0)

    def public_state(self) -> dict[str, Any]:
        names = self.players
        state: dict[str, Any] = {
            "mode": self.mode,
            "variants": list(self.variants),
            "adventures": self.route[:-1],
            "chamber": self.route[-1],
            "positions": dict(zip(names, self.positions, strict=True)),
            "needs": {p: self.needed(i) for i, p in enumerate(names)},
            "arrow": self.arrow,
            "displays": {p: list(d) for p, d in zip(names, self.displays, strict=True)},
            "totals": dict(zip(names, self.totals, strict=True)),
            "mummy": None if self.mummy_at is None else names[self.mummy_at],
            "hands": dict(zip(names, self.hand_n, strict=True)),
            "pile": self.pile_n,
            "discard": list(self.discard),
            "discard_unknown": self.discard_unknown,
            "phase": self.phase,
            "active": names[self.current],
            "turn": dict(self.turn),
            "curse": (
                None
                if self.phase != CURSE_PHASE
                else {"by": names[self.current], "asked": [names[s] for s in self.curse_queue]}
            ),
            "closing": self.closing,
            "minus_points": (
                None if self.minus_points is None else dict(zip(names, self.minus_points, strict=True))
            ),
            "prompt": self.prompt().to_json(),
            "end": self.end,
        }
        if self.hands is not None:
            state["hand_cards"] = {p: list(h) for p, h in zip(names, self.hands, strict=True)}
        return state

    def prompt(self) -> Prompt:
        phase = self.phase
        if phase == OVER:
            return Prompt("game-over", {"winners": self.winners(), "reason": self.end})
        seat = self.current
        player = self.players[seat]
        if phase == CURSE_PHASE:
            return Prompt("curse", {"player": self.players[self.curse_queue[0]], "by": player})
        if phase == MUMMY_PHASE:
            return Prompt("give-mummy", {"player": player})
        if phase == ARROW:
            return Prompt("arrow", {"player": player, "kind": self.arrow})
        if phase == AFTER_DRAW:
            return Prompt("after-draw", {"player": player})
        base = {"player": player, "kind": self.arrow, "total": self.totals[seat], "needed": self.needed(seat)}
        if phase == TURN:
            return Prompt("extra-turn" if self.turn["extra"] else "turn", base)
        return Prompt("play-on", {**base, "options": self._play_option_codes(seat)})

    def _play_option_codes(self, seat: int) -> list[str]:
        options = []
        if self._may_play_equipment() and self._holds_arrow_equipment(seat):
            options.append("play-any" if self.turn["special"] == SCARAB else "play-one")
        if self._can_complete(seat):
            options.append("complete")
        if self._can_pass_by_discard(seat):
            options.append("pass-mummy")
        options.append("end")
        return options

    def _discard_n(self) -> int:
        return len(self.discard) + self.discard_unknown

    def _available(self) -> int:
        """Cards that could still be drawn: the pile, and the discards reshuffled into it."""
        return self.pile_n + len(self.discard) + self.discard_unknown

    def _can_complete(self, seat: int) -> bool:
        if self.turn["completed"]:
            return False
        pos = self.positions[seat]
        if pos > self.last:
            return False
        need = self.route[pos] + (MUMMY_EXTRA if self.mummy_at == seat else 0)
        return self.totals[seat] == need if pos == self.last else self.totals[seat] >= need

    def _chamber_targets(self, seat: int) -> list[int]:
        last = self.last
        return [s for s, pos in enumerate(self.positions) if s != seat and pos == last]

    def _mummy_targets(self, seat: int) -> list[int]:
        last = self.last
        return [s for s, pos in enumerate(self.positions) if s != seat and pos <= last]

    def _can_pass_by_discard(self, seat: int) -> bool:
        return (
            self.mummy_at == seat and self.totals[seat] >= MUMMY_DISCARD and bool(self._chamber_targets(seat))
        )

    def _may_play_equipment(self) -> bool:
        """After the first play: one equipment card after a special, any number after a scarab."""
        turn = self.turn
        if turn["completed"]:
            return False
        special = turn["special"]
        return special == SCARAB or (special is not None and turn["equipment"] == 0)

    def _unseen(self) -> Counter[str]:
        """Table mode: copies of each card not visible (in a hand or the draw pile)."""
        unseen = Counter(BOX.counts)
        for display in self.displays:
            unseen.subtract(display)
        unseen.subtract(self.discard)
        return unseen

    def _holds(self, seat: int, card: str) -> bool:
        if self.hands is not None:
            return card in self.hands[seat]
        return self.hand_n[seat] > 0 and self._unseen()[card] > 0

    def _holds_arrow_equipment(self, seat: int) -> bool:
        arrow = self.arrow
        if self.hands is not None:
            return any(KIND_OF[c] == arrow for c in self.hands[seat])
        if not self.hand_n[seat]:
            return False
        unseen = self._unseen()
        return any(unseen[c] > 0 for c in CARDS if KIND_OF[c] == arrow)

    def _can_play_something(self, seat: int) -> bool:
        """Could ``seat`` make a first play (an arrow-kind equipment card or a special)?"""
        arrow = self.arrow
        mummy_ok = bool(self._mummy_targets(seat))
        if self.hands is not None:
            for c in self.hands[seat]:
                kind = KIND_OF[c]
                if kind == arrow or (kind is None and (c != MUMMY or mummy_ok)):
                    return True
            return False
        if not self.hand_n[seat]:
            return False
        unseen = self._unseen()
        for c in CARDS:
            if unseen[c] > 0:
                kind = KIND_OF[c]
                if kind == arrow or (kind is None and (c != MUMMY or mummy_ok)):
                    return True
        return False

    def _can_act(self, seat: int) -> bool:
        # With cards left to draw, a hand below the limit can draw and a full one can swap.
        return bool(self._available()) or self._can_play_something(seat)


def _swap_order(card: str) -> tuple[int, str]:
    return (VALUE_OF[card], card)


def _loss_order(card: str) -> tuple[bool, int, str]:
    return (card != PROTECTION, VALUE_OF[card], card)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_value(value: Any) -> bool:
    return _is_int(value) and 1 <= value <= 99


def _check_variants(value: Any) -> list[str]:
    if value is None:
        return []
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(v, str) for v in names):
        raise BadHeader("bad-variant", '"variant" must be "advanced", "minus-points" or a list of them')
    for v in names:
        if v not in VARIANTS:
            raise BadHeader(
                "bad-variant", f'unknown variant {v!r}; the rulebook has "advanced" and "minus-points"'
            )
    return [v for v in VARIANTS if v in names]


def _check_adventures(value: Any) -> list[int]:
    if not isinstance(value, list) or not 1 <= len(value) <= 5 or not all(_is_value(v) for v in value):
        raise BadHeader(
            "bad-adventures",
            '"adventures" lists the values of the adventure cards as laid: 1 to 5 integers from 1 to 99',
        )
    return list(value)


def _check_deck(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise BadHeader("bad-deck", '"deck" must be a list of card names, the top card first')
    if Counter(value) != Counter(BOX.counts):
        raise BadHeader("bad-deck", f'"deck" must hold every card of the box exactly once ({BOX.size} cards)')
    return list(value)
