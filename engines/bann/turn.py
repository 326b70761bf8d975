"""Im Bann der Pyramide's turn: the legal moves, drawing, swapping and playing, curses and
the turn order."""

from __future__ import annotations

from itertools import combinations

from engines.bann.cards import (
    CARDS,
    CURSE,
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
from engines.bann.scoring import BannScoring
from engines.bann.state import (
    AFTER_DRAW,
    ARROW,
    CURSE_PHASE,
    INFO,
    MUMMY_PHASE,
    OVER,
    PLAY,
    TURN,
    _fresh_turn,
    _is_int,
    _loss_order,
    _swap_order,
)
from engines.core import (
    Action,
    Event,
    IllegalAction,
)


class BannTurn(BannScoring):
    """The moves of a turn and the order of turns."""

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

    def _end(self, action: Action, events: list[Event]) -> None:
        self._end_turn(events)

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
