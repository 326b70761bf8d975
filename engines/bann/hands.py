"""Im Bann der Pyramide's cards in motion: checking, taking, dropping and reshuffling them."""

from __future__ import annotations

import random
from collections import Counter

from engines.bann.cards import (
    CARDS,
    DEAL,
    MUMMY,
    VALUE_OF,
)
from engines.bann.state import (
    BannState,
)
from engines.core import (
    Event,
    IllegalAction,
)


class BannHands(BannState):
    """Cards moving between hands, displays, the pile and the discard pile."""

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
