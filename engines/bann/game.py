"""The Im Bann der Pyramide rules engine, as ``rules/README.md`` section 3 states it.

A turn is a short sequence of decisions, each one log line: the turn's choice (``draw``,
``swap`` or a first ``play``), follow-up plays, ``complete``, passing the mummy, the
exact-value ``arrow`` and ``end``; a curse pauses the turn while each other player
``discard``s in turn order. The state is plain data between any two lines.

Two modes: ``table`` (the default: the companion at a real table knows what is public —
displays, the discard pile, hand and pile sizes; a ``play`` reveals a card, a ``draw``
is unseen) and ``full`` (hands dealt from a seeded shuffle, for simulations). In full
mode ``legal_actions`` is the simulation's menu: one action per meaningful choice
(docs/game-logs-bann.md, "Legal actions"); ``apply`` accepts every action the rules
allow in both modes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import Any, ClassVar, Self

from engines.bann.cards import (
    BOX,
    CARDS,
    CURSE,
    DEAL,
    HAND_LIMIT,
    KIND_OF,
    KINDS,
    MAGIC,
    MUMMY,
    MUMMY_DISCARD,
    MUMMY_EXTRA,
    PROTECTION,
    SCARAB,
    SWAP_MAX,
    VALUE_OF,
)
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


class Bann(GameState):
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

    # ----------------------------------------------------------------- creation

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

    # ------------------------------------------------------------ serialisation

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

    # ------------------------------------------------------------ public view

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

    # ---------------------------------------------------------- rule predicates

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

    # ---------------------------------------------------------- legal actions
    #
    # Table mode lists every action the public information allows (any card not all of
    # whose copies lie face up; swaps by count). Full mode lists the simulation's menu:
    # one action per meaningful choice, shaped so that uniform random play makes
    # progress (docs/game-logs-bann.md, "Legal actions"). ``apply`` accepts more than the
    # menu in full mode: every action the rules allow.

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == CURSE_PHASE:
            return self._curse_actions()
        seat = self.current
        name = self.players[seat]
        if phase == TURN:
            return self._menu_turn(seat, name) if self.full else self._table_turn(seat, name)
        if phase == PLAY:
            plays = self._follow_up_plays(seat, name)
            complete = self._can_complete(seat)
            if complete:
                plays.append({"player": name, "move": "complete"})
            if self.full and plays:  # the menu plays on or completes when it can
                return plays
            plays += self._discard_passes(seat, name)
            plays.append({"player": name, "move": "end"})
            return plays
        if phase == MUMMY_PHASE:
            targets = self._mummy_targets(seat)
            if self.full:
                targets = [self._leader(seat, targets)]
            return [{"player": name, "move": "give-mummy", "to": self.players[s]} for s in targets]
        if phase == ARROW:
            kinds = [self._best_kind(seat, None)] if self.full else KINDS
            return [{"player": name, "move": "arrow", "kind": k} for k in kinds]
        # AFTER_DRAW
        return [*self._discard_passes(seat, name), {"player": name, "move": "end"}]

    def _menu_turn(self, seat: int, name: str) -> list[Action]:
        """Full mode's turn menu. A player who can lay an equipment card is offered the
        plays only; otherwise also one draw (2 cards when the limit allows) and one swap
        (of the cards of no use now, up to 5)."""
        assert self.hands is not None
        hand = self.hands[seat]
        arrow = self.arrow
        room = self._chamber_room(seat)
        plays: list[Action] = []
        specials: list[str] = []
        useless: list[str] = []
        fitting: list[str] = []
        for card in hand:
            kind, value = INFO[card]
            if kind is None:
                if card not in specials:
                    specials.append(card)
            elif kind == arrow and value <= room:
                if card not in fitting:
                    plays.append({"player": name, "move": "play", "card": card})
                fitting.append(card)
            else:
                useless.append(card)
        progress = bool(plays)
        for card in specials:
            if card == SCARAB and len(fitting) < 2:
                continue  # a scarab is offered when it lets the player lay more than one card
            plays += self._special_plays(seat, name, card)
        if progress:
            return plays
        hand_n = len(hand)
        avail = self._available()
        if avail and hand_n < HAND_LIMIT:
            count = 2 if hand_n + 2 <= HAND_LIMIT and avail >= 2 else 1
            plays.append({"player": name, "move": "draw", "count": count})
        if useless and avail:
            useless.sort(key=_swap_order)
            plays.append({"player": name, "move": "swap", "cards": useless[: min(SWAP_MAX, avail)]})
        if not plays:  # nothing to draw: the plays the menu would rather not make are all there is
            for card in dict.fromkeys(hand):
                if card == SCARAB or KIND_OF[card] == arrow:
                    plays.append({"player": name, "move": "play", "card": card})
        return plays

    def _table_turn(self, seat: int, name: str) -> list[Action]:
        hand_n = self.hand_n[seat]
        avail = self._available()
        actions: list[Action] = [
            {"player": name, "move": "draw", "count": count}
            for count in (1, 2)
            if hand_n + count <= HAND_LIMIT and count <= avail
        ]
        actions += [
            {"player": name, "move": "swap", "count": k} for k in range(1, min(SWAP_MAX, avail, hand_n) + 1)
        ]
        if hand_n:
            unseen = self._unseen()
            arrow = self.arrow
            for card in sorted(CARDS):
                if unseen[card] <= 0:
                    continue
                kind = KIND_OF[card]
                if kind == arrow:
                    actions.append({"player": name, "move": "play", "card": card})
                elif kind is None:
                    actions += self._special_plays(seat, name, card)
        return actions

    def _special_plays(self, seat: int, name: str, card: str) -> list[Action]:
        full = self.full
        if card == MAGIC:
            kinds = [self._best_kind(seat, self.arrow)] if full else KINDS
            return [{"player": name, "move": "play", "card": MAGIC, "kind": k} for k in kinds]
        if card == MUMMY:
            targets = self._mummy_targets(seat)
            if full and targets:
                targets = [self._leader(seat, targets)]
            return [{"player": name, "move": "play", "card": MUMMY, "to": self.players[s]} for s in targets]
        if card == CURSE and self.advanced:
            removable = [c for c in dict.fromkeys(self.displays[seat]) if c != MUMMY]
            return [{"player": name, "move": "play", "card": CURSE}] + [
                {"player": name, "move": "play", "card": CURSE, "remove": c} for c in removable
            ]
        return [{"player": name, "move": "play", "card": card}]

    def _follow_up_plays(self, seat: int, name: str) -> list[Action]:
        if not self._may_play_equipment():
            return []
        arrow = self.arrow
        if self.hands is not None:
            room = self._chamber_room(seat)
            cards: list[str] = []
            for card in self.hands[seat]:
                kind, value = INFO[card]
                if kind == arrow and value <= room and card not in cards:
                    cards.append(card)
        elif self.hand_n[seat]:
            unseen = self._unseen()
            cards = [c for c in sorted(CARDS) if KIND_OF[c] == arrow and unseen[c] > 0]
        else:
            cards = []
        return [{"player": name, "move": "play", "card": c} for c in cards]

    def _curse_actions(self) -> list[Action]:
        victim = self.curse_queue[0]
        name = self.players[victim]
        options = [c for c in dict.fromkeys(self.displays[victim]) if c != MUMMY]
        if self.full:  # the menu gives up the cheapest card: protection, else the lowest equipment
            options = [min(options, key=_loss_order)]
        return [{"player": name, "move": "discard", "card": c} for c in options]

    def _best_kind(self, seat: int, exclude: str | None) -> str:
        """The menu's arrow: the kind the player holds most cards of (first in KINDS on a tie)."""
        assert self.hands is not None
        held = dict.fromkeys(KINDS, 0)
        for card in self.hands[seat]:
            kind = KIND_OF[card]
            if kind is not None:
                held[kind] += 1
        best = ""
        most = -1
        for kind in KINDS:
            if kind != exclude and held[kind] > most:
                best, most = kind, held[kind]
        return best

    def _leader(self, seat: int, targets: list[int]) -> int:
        """The menu's mummy target: the player furthest ahead (nearest after ``seat`` on a tie)."""
        n = len(self.players)
        return max(targets, key=lambda s: (self.positions[s], -((s - seat) % n)))

    def _chamber_room(self, seat: int) -> int:
        """The menu (full mode) offers no equipment card that would overshoot the king's
        chamber's exact value; elsewhere any card goes."""
        if self.positions[seat] != self.last:
            return 99
        return self.route[self.last] + (MUMMY_EXTRA if self.mummy_at == seat else 0) - self.totals[seat]

    def _discard_passes(self, seat: int, name: str) -> list[Action]:
        """Passing the mummy to a player at the king's chamber: one action per target and
        per minimal set of equipment cards worth at least 3 (dropping any card of the set
        would leave less than 3); the menu offers only the cheapest set."""
        if not self._can_pass_by_discard(seat):
            return []
        equipment = sorted((c for c in self.displays[seat] if KIND_OF[c] is not None), key=_swap_order)
        sets: dict[tuple[str, ...], None] = {}
        for size in (1, 2, 3):
            for combo in combinations(equipment, size):
                total = sum(VALUE_OF[c] for c in combo)
                if total >= MUMMY_DISCARD and total - min(VALUE_OF[c] for c in combo) < MUMMY_DISCARD:
                    sets[combo] = None
        chosen = list(sets)
        if self.full:
            chosen = sorted(chosen, key=lambda s: (sum(VALUE_OF[c] for c in s), len(s)))[:1]
        targets = self._chamber_targets(seat)
        return [
            {"player": name, "move": "give-mummy", "to": self.players[t], "cards": list(combo)}
            for combo in chosen
            for t in targets
        ]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        player, move = read_action(action, self.seat, self.phase == OVER, "play")
        if move not in VERB_SET:
            raise IllegalAction(
                "wrong-move", f"unknown move {move!r}; Im Bann der Pyramide knows {', '.join(VERBS)}"
            )
        expected = self.to_act
        if player != expected:
            raise IllegalAction("out-of-turn", self._out_of_turn_message(player))
        handler = _HANDLERS.get((self.phase, move))
        if handler is None:
            raise IllegalAction("wrong-move", self._wrong_move_message(move))
        events: list[Event] = []
        handler(self, action, events)
        return events

    def _out_of_turn_message(self, player: str) -> str:
        if self.phase == CURSE_PHASE:
            return (
                f"{self.to_act} must answer {self.players[self.current]}'s curse now, not {player} "
                "(the players hit are asked in turn order)"
            )
        return f"it is {self.to_act}'s turn, not {player}'s (play goes clockwise)"

    def _wrong_move_message(self, move: str) -> str:
        wanted = {
            TURN: "the turn's choice: draw 1 or 2 cards, swap cards, or play a card",
            PLAY: "another play, complete, give-mummy or end",
            AFTER_DRAW: "give-mummy (to a player at the king's chamber) or end",
            CURSE_PHASE: "the cursed player's discard",
            MUMMY_PHASE: "give-mummy: the mummy's holder completed an adventure and passes it on",
            ARROW: "arrow: after an exact completion the player turns the arrow, then plays again",
        }[self.phase]
        return f"{move!r} is not possible now: the game waits for {wanted}"

    # --------------------------------------------------------------- the turn

    def _draw(self, action: Action, events: list[Event]) -> None:
        count = action.get("count")
        if not _is_int(count):
            raise IllegalAction("malformed-action", '"draw" needs an integer "count" (1 or 2)')
        if count not in (1, 2):
            raise IllegalAction("bad-count", f"a player draws 1 or 2 cards, not {count}")
        seat = self.current
        if self.hand_n[seat] + count > HAND_LIMIT:
            raise IllegalAction(
                "hand-limit",
                f"no one may hold more than {HAND_LIMIT} cards; you hold {self.hand_n[seat]}, "
                f"so you may draw at most {HAND_LIMIT - self.hand_n[seat]}",
            )
        if count > self._available():
            raise IllegalAction(
                "not-enough-cards",
                f"only {self._available()} cards are left in the draw and discard piles together",
            )
        drawn = self._take_cards(seat, count, events)
        event: Event = {"type": "drew", "player": self.players[seat], "count": count}
        if drawn is not None:
            event["cards"] = drawn
        events.append(event)
        self._refill_if_empty(events)
        self._after_draw(events)

    def _swap(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        cards = action.get("cards")
        count = action.get("count")
        if cards is not None and (not isinstance(cards, list) or not all(isinstance(c, str) for c in cards)):
            raise IllegalAction("malformed-action", '"cards" must be a list of card names')
        if count is not None and not _is_int(count):
            raise IllegalAction("malformed-action", '"count" must be an integer')
        if cards is None:
            if self.full:
                raise IllegalAction(
                    "malformed-action",
                    'in full mode "swap" names the "cards" laid face up on the discard pile',
                )
            if count is None:
                raise IllegalAction(
                    "malformed-action", '"swap" needs "cards" (the cards laid down) or "count"'
                )
        elif count is not None and count != len(cards):
            raise IllegalAction(
                "malformed-action", f'"count" is {count} but "cards" names {len(cards)} cards'
            )
        k = len(cards) if cards is not None else count
        assert k is not None
        if not 1 <= k <= SWAP_MAX:
            raise IllegalAction("bad-count", f"a swap lays down 1 to {SWAP_MAX} hand cards, not {k}")
        if k > self.hand_n[seat]:
            raise IllegalAction("not-in-hand", f"you hold only {self.hand_n[seat]} cards")
        if cards is not None:
            self._check_in_hand(seat, cards)
        avail = self._available()
        if k > avail:
            raise IllegalAction(
                "not-enough-cards",
                f"only {avail} cards are left in the draw and discard piles together: swap at most {avail}",
            )
        # Fewer than 5 in the pile: pile and discard pile are shuffled together first.
        if self.pile_n < SWAP_MAX and self._discard_n():
            self._reshuffle(events, merge=True)
        name = self.players[seat]
        if cards is not None:
            self._remove_from_hand(seat, cards)
            self.discard.extend(cards)
        else:
            self.hand_n[seat] -= k
            self.discard_unknown += k
        drawn = self._take_cards(seat, k, events)
        event: Event = {"type": "swapped", "player": name, "count": k}
        if cards is not None:
            event["cards"] = list(cards)
        if drawn is not None:
            event["drawn"] = drawn
        events.append(event)
        self._refill_if_empty(events)
        self._after_draw(events)

    def _after_draw(self, events: list[Event]) -> None:
        if self._can_pass_by_discard(self.current):
            self.phase = AFTER_DRAW
        else:
            self._end_turn(events)

    def _play(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        card = action.get("card")
        if not isinstance(card, str):
            raise IllegalAction("malformed-action", '"play" needs a "card" such as "ladder-3" or "magic"')
        if card not in CARDS:
            raise IllegalAction("unknown-card", f"{card!r} is not a card of Im Bann der Pyramide")
        kind = KIND_OF[card]
        turn = self.turn
        if self.phase == PLAY:
            if kind is None:
                if turn["special"] is not None:
                    raise IllegalAction("one-special", "a turn holds at most one special card")
                raise IllegalAction(
                    "special-after-equipment", "a special card is played first, before the equipment card"
                )
            if not self._may_play_equipment():
                raise IllegalAction(
                    "one-equipment",
                    "only one equipment card per turn (any number only after a scarab this turn)",
                )
        if kind is not None and kind != self.arrow:
            raise IllegalAction(
                "wrong-kind",
                f"the arrow points to {self.arrow}: only {self.arrow} cards may be played, not {card}",
            )
        target = remove = new_kind = None
        if card == MAGIC:
            new_kind = action.get("kind")
            if not isinstance(new_kind, str):
                raise IllegalAction(
                    "malformed-action", 'magic needs "kind": the equipment the arrow turns to'
                )
            if new_kind not in KINDS:
                raise IllegalAction("unknown-kind", f"{new_kind!r} is not one of {', '.join(KINDS)}")
        elif card == MUMMY:
            target = self._check_mummy_target(seat, action.get("to"), self._mummy_targets(seat))
        elif card == CURSE and action.get("remove") is not None:
            remove = action["remove"]
            if not self.advanced:
                raise IllegalAction(
                    "advanced-only",
                    "removing a card of your own with the curse is a rule of the advanced variant",
                )
            if not isinstance(remove, str):
                raise IllegalAction("malformed-action", '"remove" must be a card name')
            self._check_display_card(seat, remove)
        if not self._holds(seat, card):
            if self.full:
                raise IllegalAction("not-in-hand", f"you hold no {card}")
            raise IllegalAction(
                "not-in-hand",
                "you hold no cards"
                if not self.hand_n[seat]
                else f"every {card} is already face up on the table",
            )
        # --- valid: carry it out
        self._remove_from_hand(seat, [card])
        name = self.players[seat]
        event: Event = {"type": "played", "player": name, "card": card}
        events.append(event)
        if kind is not None:
            self.displays[seat].append(card)
            self.totals[seat] += VALUE_OF[card]
            turn["equipment"] += 1
            self.phase = PLAY
            self._after_play(events)
            return
        turn["special"] = card
        self.phase = PLAY
        if card == MAGIC:
            assert new_kind is not None
            event["kind"] = new_kind
            self.discard.append(card)
            self.arrow = new_kind
            events.append({"type": "arrow", "player": name, "kind": new_kind})
        elif card == MUMMY:
            assert target is not None
            event["to"] = self.players[target]
            self.displays[target].append(MUMMY)
            self.mummy_at = target
            events.append({"type": "mummy-played", "player": name, "to": self.players[target]})
        elif card == PROTECTION:
            self.displays[seat].append(card)
        elif card == SCARAB:
            self.discard.append(card)
        else:  # curse
            self.discard.append(card)
            if remove is not None:
                event["remove"] = remove
                self._drop_from_display(seat, remove)
                events.append({"type": "removed", "player": name, "card": remove})
            n = len(self.players)
            last = self.last
            self.curse_queue = [(seat + k) % n for k in range(1, n) if self.positions[(seat + k) % n] <= last]
            self._run_curse(events)
            return
        self._after_play(events)

    def _after_play(self, events: list[Event]) -> None:
        """After a play (and its curse) is settled: the advanced variant's empty hand, then
        the turn goes on while the player has a choice left, else it ends."""
        seat = self.current
        if self.advanced and not self.hand_n[seat] and not self.turn["completed"]:
            if self.positions[seat] == self.last:
                count = self._refill_hand(seat, events)
                events.append({"type": "refilled", "player": self.players[seat], "count": count})
            else:
                self._complete_adventure(seat, events, empty_hand=True)
                return
        self._continue_or_end(events)

    def _continue_or_end(self, events: list[Event]) -> None:
        seat = self.current
        if (
            (self._may_play_equipment() and self._holds_arrow_equipment(seat))
            or self._can_complete(seat)
            or self._can_pass_by_discard(seat)
        ):
            self.phase = PLAY
        else:
            self._end_turn(events)

    # ----------------------------------------------------------------- curse

    def _run_curse(self, events: list[Event]) -> None:
        """Ask the cursed players in turn order; a player with one kind of card to give up
        gives it without being asked, a player with none loses nothing."""
        queue = self.curse_queue
        while queue:
            victim = queue[0]
            options = [c for c in dict.fromkeys(self.displays[victim]) if c != MUMMY]
            if len(options) > 1:
                self.phase = CURSE_PHASE
                return
            queue.pop(0)
            if options:
                self._drop_from_display(victim, options[0])
                events.append(
                    {"type": "cursed", "player": self.players[victim], "card": options[0], "chosen": False}
                )
            else:
                events.append({"type": "curse-spared", "player": self.players[victim]})
        self.phase = PLAY
        self._after_play(events)

    def _discard_for_curse(self, action: Action, events: list[Event]) -> None:
        victim = self.curse_queue[0]
        card = action.get("card")
        if not isinstance(card, str):
            raise IllegalAction("malformed-action", '"discard" needs a "card" from your display')
        self._check_display_card(victim, card)
        self.curse_queue.pop(0)
        self._drop_from_display(victim, card)
        events.append({"type": "cursed", "player": self.players[victim], "card": card, "chosen": True})
        self._run_curse(events)

    # ------------------------------------------------------------ completing

    def _complete(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        if not self._can_complete(seat):
            need = self.needed(seat)
            total = self.totals[seat]
            mummy = " (the adventure's value + 3 for the mummy)" if self.mummy_at == seat else ""
            if self.positions[seat] == self.last:
                raise IllegalAction(
                    "chamber-not-exact",
                    f"the king's chamber needs exactly {need}{mummy}; your display holds {total}",
                )
            raise IllegalAction(
                "adventure-not-reached", f"the adventure needs {need}{mummy}; your display holds only {total}"
            )
        self._complete_adventure(seat, events, empty_hand=False)

    def _complete_adventure(self, seat: int, events: list[Event], empty_hand: bool) -> None:
        pos = self.positions[seat]
        need = self.route[pos] + (MUMMY_EXTRA if self.mummy_at == seat else 0)
        total = self.totals[seat]
        exact = total == need
        chamber = pos == self.last
        name = self.players[seat]
        display = self.displays[seat]
        self.discard.extend(c for c in display if c != MUMMY)
        self.displays[seat] = [MUMMY] if self.mummy_at == seat else []
        self.totals[seat] = 0
        self.positions[seat] = pos + 1
        self.turn["completed"] = True
        kind = "entered-chamber" if chamber else ("emptied-hand" if empty_hand else "completed")
        events.append(
            {
                "type": kind,
                "player": name,
                "adventure": pos,
                "value": self.route[pos],
                "needed": need,
                "total": total,
                "exact": exact,
            }
        )
        if chamber:
            if not self.minus:
                self._finish([seat], "kings-chamber", events)
                return
            self.closing = True
            if self.mummy_at == seat and self._mummy_targets(seat):
                self.phase = MUMMY_PHASE
            else:
                self._end_turn(events)
            return
        if empty_hand:
            count = self._refill_hand(seat, events)
            events.append({"type": "refilled", "player": name, "count": count})
        self.turn["exact"] = exact
        if self.mummy_at == seat and total >= need and self._mummy_targets(seat):
            self.phase = MUMMY_PHASE
            return
        self._after_mummy(events)

    def _after_mummy(self, events: list[Event]) -> None:
        if self.turn["exact"]:
            self.phase = ARROW
        else:
            self._end_turn(events)

    def _turn_arrow(self, action: Action, events: list[Event]) -> None:
        kind = action.get("kind")
        if not isinstance(kind, str):
            raise IllegalAction("malformed-action", '"arrow" needs "kind": the equipment the arrow points to')
        if kind not in KINDS:
            raise IllegalAction("unknown-kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        seat = self.current
        self.arrow = kind
        events.append({"type": "arrow", "player": self.players[seat], "kind": kind})
        self._start_turn(seat, events, extra=True)

    # ----------------------------------------------------------------- mummy

    def _give_mummy(self, action: Action, events: list[Event]) -> None:
        seat = self.current
        cards = action.get("cards")
        if self.phase == MUMMY_PHASE:
            if cards not in (None, []):
                raise IllegalAction(
                    "malformed-action",
                    "after completing an adventure the mummy is passed on without discarding cards",
                )
            target = self._check_mummy_target(seat, action.get("to"), self._mummy_targets(seat))
            self._move_mummy(seat, target, None, events)
            self._after_mummy(events)
            return
        if self.mummy_at != seat:
            raise IllegalAction("no-mummy", "you do not have the mummy in your display")
        targets = self._chamber_targets(seat)
        if not targets:
            raise IllegalAction(
                "nobody-at-chamber",
                "the mummy can be passed this way only while another player stands at the king's chamber",
            )
        to = action.get("to")
        target = self._check_mummy_target(seat, to, self._mummy_targets(seat))
        if target not in targets:
            raise IllegalAction(
                "not-at-chamber",
                f"{to} does not stand at the king's chamber; only such a player can get the mummy",
            )
        if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
            raise IllegalAction(
                "malformed-action",
                '"give-mummy" needs "cards": the equipment cards (worth 3 or more) you discard',
            )
        for c in cards:
            if c not in CARDS or KIND_OF[c] is None:
                raise IllegalAction(
                    "not-equipment", f"only equipment cards are discarded to pass the mummy, not {c!r}"
                )
        missing = Counter(cards) - Counter(self.displays[seat])
        if missing:
            raise IllegalAction("not-in-display", f"your display holds no {', '.join(sorted(missing))}")
        worth = sum(VALUE_OF[c] for c in cards)
        if worth < MUMMY_DISCARD:
            raise IllegalAction(
                "mummy-discard-too-low",
                f"passing the mummy costs equipment worth at least {MUMMY_DISCARD}; these are worth {worth}",
            )
        for c in cards:
            self._drop_from_display(seat, c)
        self._move_mummy(seat, target, list(cards), events)
        if self.phase == PLAY:
            self._continue_or_end(events)
        else:
            self._end_turn(events)

    def _check_mummy_target(self, seat: int, to: Any, allowed: list[int]) -> int:
        if not isinstance(to, str):
            raise IllegalAction("malformed-action", '"to" must be the name of the player who gets the mummy')
        target = self.seat.get(to)
        if target is None:
            raise IllegalAction("unknown-player", f"{to!r} is not a player in this game")
        if target == seat:
            raise IllegalAction("mummy-to-self", "the mummy goes to another player, not yourself")
        if target not in allowed:
            raise IllegalAction("player-finished", f"{to} is in the king's chamber and out of the adventure")
        return target

    def _move_mummy(self, seat: int, target: int, cards: list[str] | None, events: list[Event]) -> None:
        """Pass the mummy on: after completing (``cards`` None) or by discarding ``cards``."""
        self.displays[seat].remove(MUMMY)
        self.displays[target].append(MUMMY)
        self.mummy_at = target
        event: Event = {"type": "mummy-passed", "player": self.players[seat], "to": self.players[target]}
        if cards is not None:
            event["type"] = "mummy-sent"
            event["cards"] = cards
        events.append(event)

    def _end(self, action: Action, events: list[Event]) -> None:
        self._end_turn(events)

    # ------------------------------------------------------------ turn order

    def _end_turn(self, events: list[Event]) -> None:
        n = len(self.players)
        seat = self.current
        last = self.last
        nxt = seat + 1
        if nxt < n and self.positions[nxt] <= last and self.pile_n:  # the common case
            self.current = nxt
            self.phase = TURN
            self.turn = {"special": None, "equipment": 0, "completed": False, "exact": False, "extra": False}
            return
        for _ in range(2 * n + 1):
            seat += 1
            if seat == n:
                if self.closing:
                    self._finish_round(events)
                    return
                seat = 0
            if self.positions[seat] > last:
                events.append({"type": "skipped", "player": self.players[seat], "reason": "in-chamber"})
                continue
            if self._can_act(seat):
                self._start_turn(seat, events, extra=False)
                return
            events.append({"type": "skipped", "player": self.players[seat], "reason": "no-move"})
        raise AssertionError("no player can act although the game is not over")

    def _start_turn(self, seat: int, events: list[Event], extra: bool) -> None:
        self.current = seat
        self.phase = TURN
        self.turn = _fresh_turn(extra)
        if extra:
            events.append({"type": "extra-turn", "player": self.players[seat]})
            if not self._can_act(seat):
                events.append({"type": "skipped", "player": self.players[seat], "reason": "no-move"})
                self._end_turn(events)

    def _finish(self, seats: list[int], reason: str, events: list[Event]) -> None:
        self.phase = OVER
        self.curse_queue = []
        self.winner_seats = seats
        self.end = reason
        event: Event = {"type": "game-over", "winners": self.winners(), "reason": reason}
        if self.minus_points is not None:
            event["minus_points"] = dict(zip(self.players, self.minus_points, strict=True))
        events.append(event)

    def _finish_round(self, events: list[Event]) -> None:
        """Minus-points variant: the round is played out; everyone outside the chamber
        notes the adventures still ahead of them (+3 with the mummy) less their display."""
        minus = []
        for seat, pos in enumerate(self.positions):
            if pos > self.last:
                minus.append(0)
                continue
            owed = sum(self.route[pos:]) + (MUMMY_EXTRA if self.mummy_at == seat else 0) - self.totals[seat]
            minus.append(max(0, owed))
        self.minus_points = minus
        awards = {}
        for seat, m in enumerate(minus):
            self.points[seat] -= m
            awards[self.players[seat]] = -m
        events.append(
            {
                "type": "minus-points",
                "minus_points": dict(zip(self.players, minus, strict=True)),
                "awards": awards,
            }
        )
        self._finish([s for s, pos in enumerate(self.positions) if pos > self.last], "round-over", events)

    # ------------------------------------------------------------ card moves

    def _check_in_hand(self, seat: int, cards: list[str]) -> None:
        for c in cards:
            if c not in CARDS:
                raise IllegalAction("unknown-card", f"{c!r} is not a card of Im Bann der Pyramide")
        if self.hands is not None:
            hand = list(self.hands[seat])
            for c in cards:
                if c not in hand:
                    raise IllegalAction("not-in-hand", f"you hold no {c} (or not as many as named)")
                hand.remove(c)
            return
        missing = Counter(cards) - +self._unseen()
        if missing:
            raise IllegalAction(
                "not-in-hand",
                f"{', '.join(sorted(missing))}: not that many copies are unseen (the rest lie face up)",
            )

    def _check_display_card(self, seat: int, card: str) -> None:
        if card == MUMMY:
            raise IllegalAction("mummy-stays", "the mummy cannot be discarded: it stays in play to the end")
        if card not in self.displays[seat]:
            raise IllegalAction("not-in-display", f"{self.players[seat]}'s display holds no {card}")

    def _remove_from_hand(self, seat: int, cards: list[str]) -> None:
        if self.hands is not None:
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
        self.hand_n[seat] -= len(cards)

    def _drop_from_display(self, seat: int, card: str) -> None:
        self.displays[seat].remove(card)
        self.totals[seat] -= VALUE_OF[card]
        self.discard.append(card)

    def _take_cards(self, seat: int, count: int, events: list[Event]) -> list[str] | None:
        """Draw ``count`` cards from the pile into ``seat``'s hand (the caller checked they
        exist), refilling an empty pile from the discards. Returns them in full mode."""
        drawn: list[str] | None = [] if self.pile is not None else None
        for _ in range(count):
            if not self.pile_n:
                self._reshuffle(events, merge=False)
            self.pile_n -= 1
            if self.pile is not None:
                assert drawn is not None and self.hands is not None
                card = self.pile.pop()
                self.hands[seat].append(card)
                drawn.append(card)
        self.hand_n[seat] += count
        return drawn

    def _refill_hand(self, seat: int, events: list[Event]) -> int:
        """Advanced variant: 5 new cards (fewer if the piles run short)."""
        count = min(DEAL, self._available())
        self._take_cards(seat, count, events)
        self._refill_if_empty(events)
        return count

    def _refill_if_empty(self, events: list[Event]) -> None:
        if not self.pile_n and self._discard_n():
            self._reshuffle(events, merge=False)

    def _reshuffle(self, events: list[Event], merge: bool) -> None:
        """The discard pile (with ``merge``, together with the rest of the pile) is
        shuffled into a new draw pile."""
        count = self._discard_n()
        if self.pile is not None:
            assert self.seed is not None
            cards = (self.pile if merge else []) + self.discard
            random.Random(self.seed + self.reshuffles).shuffle(cards)
            self.pile = cards
        self.pile_n += count
        self.discard = []
        self.discard_unknown = 0
        self.reshuffles += 1
        events.append({"type": "reshuffled", "count": self.pile_n})


_HANDLERS = {
    (TURN, "draw"): Bann._draw,
    (TURN, "swap"): Bann._swap,
    (TURN, "play"): Bann._play,
    (PLAY, "play"): Bann._play,
    (PLAY, "complete"): Bann._complete,
    (PLAY, "give-mummy"): Bann._give_mummy,
    (PLAY, "end"): Bann._end,
    (AFTER_DRAW, "give-mummy"): Bann._give_mummy,
    (AFTER_DRAW, "end"): Bann._end,
    (CURSE_PHASE, "discard"): Bann._discard_for_curse,
    (MUMMY_PHASE, "give-mummy"): Bann._give_mummy,
    (ARROW, "arrow"): Bann._turn_arrow,
}


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
