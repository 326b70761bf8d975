"""Im Bann der Pyramide's scoring: completing adventures, the mummy, the arrow, the
king's chamber and the end of the game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.bann.cards import (
    CARDS,
    KIND_OF,
    KINDS,
    MUMMY,
    MUMMY_DISCARD,
    MUMMY_EXTRA,
    VALUE_OF,
)
from engines.bann.hands import BannHands
from engines.bann.state import (
    ARROW,
    MUMMY_PHASE,
    OVER,
    PLAY,
)
from engines.core import (
    Action,
    Event,
    IllegalAction,
)


class BannScoring(BannHands):
    """Completing adventures, the mummy and the game's end."""

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

    # the turn's steps a completion or the mummy leads to; turn.py defines them
    def _end_turn(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _start_turn(self, seat: int, events: list[Event], extra: bool) -> None:
        raise NotImplementedError

    def _continue_or_end(self, events: list[Event]) -> None:
        raise NotImplementedError
