"""The Ankh rules engine, as ``rules/README.md`` section 2 states it.

Two modes share one set of rules:
- **table** (the default): the companion at a real table sees what is played, never a
  hand. It tracks hand sizes, the draw and discard pile sizes, the rows and the papyrus
  pile. With a declared box (the header's ``deck``) it also counts cards: a player may
  play any card of which not every copy has been seen where it is (in a row, on the
  papyrus pile, or on the discard pile after a scoring). Without one it trusts the table:
  the default deck is a guess, so any well-formed card is accepted (decision K21).
- **full**: hands are dealt from a seeded shuffle, for simulations and bots.

A turn is one line: ``play`` (a mummy card into your row, or a papyrus onto the pile; a
scoring follows at once when a row holds the current threshold; then you draw back to 4)
or ``sacrifice`` (discard ``count`` cards, then draw as many). When a draw finds the draw
pile empty, the papyrus cards under the top one and the discard pile are shuffled into a
new draw pile.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, ClassVar, Self

from engines.ankh.cards import (
    BOX_CARDS,
    COLOURS,
    HAND,
    MUMMY,
    PAPYRUS_FORMAT,
    default_deck,
    factors,
    minimum_deck,
    open_cards,
    open_threshold,
    papyrus_json,
    parse_papyrus,
    read_deck,
    read_papyrus,
    row_breakdown,
)
from engines.ankh.lines import Line, Rank, line
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

PLAY, OVER = "play", "over"
TABLE, FULL = "table", "full"
MODES = (TABLE, FULL)
DEFAULT_TARGET = 50
TARGET_REACHED = "target-reached"


@cache
def _default_deck() -> tuple[Counter[str], tuple[str, ...]]:
    """The default box and its cards in sorted order (the order shuffled at setup)."""
    deck = default_deck()
    return deck, tuple(sorted(deck.elements()))


class _Papyri(dict[str, tuple[int, dict[str, int]]]):
    """papyrus id -> (threshold, {colour: factor}), filled on first use; read-only values."""

    def __missing__(self, card: str) -> tuple[int, dict[str, int]]:
        parsed = parse_papyrus(card)
        assert parsed is not None, card
        value = self[card] = (parsed[1], factors(card))
        return value


_PAPYRI = _Papyri()


class Ankh(GameState):
    game = "ankh"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "play": frozenset({"papyrus", "card"}),
        "sacrifice": frozenset({"count"}),
    }
    turn_moves = frozenset({"play", "sacrifice"})

    def __init__(
        self,
        *,
        players: list[str],
        mode: str,
        target: int,
        deck: Counter[str],
        hands: list[list[str]] | list[int],
        draw: list[str] | int,
        discard: list[str],
        unseen: int,
        rows: list[list[str]],
        papyri: list[str],
        points: list[int],
        current: int,
        starter: int,
        phase: str,
        end: str | None,
        winners: list[int],
        shuffle_seed: int | None,
        reshuffles: int,
        scorings: int,
    ) -> None:
        self.players = players
        self.mode = mode
        self.full = full = mode == FULL
        self.target = target
        self.deck = deck  # the declared box; empty: a table-mode game that trusts the table
        self.open = not deck
        # Full mode: hands are card lists (oldest first) and the draw pile a card list whose
        # top is its end. Table mode: hands are sizes and the draw pile a count.
        self.hands: list[list[str]] = hands if full else []  # type: ignore[assignment]
        self.sizes: list[int] = [] if full else hands  # type: ignore[assignment]
        self.draw: list[str] = draw if full else []  # type: ignore[assignment]
        self.draw_size: int = 0 if full else draw  # type: ignore[assignment]
        self.discard = discard  # full: every discarded card; table: those seen (scored rows, papyri)
        self.unseen = unseen  # table: discarded cards nobody saw (sacrifices)
        self.rows = rows
        self.papyri = papyri  # bottom to top; the last is the current wish list
        self.points = points
        self.current = current
        self.starter = starter
        self.phase = phase
        self.end = end
        self.winner_seats = winners
        self.shuffle_seed = shuffle_seed
        self.reshuffles = reshuffles
        self.scorings = scorings
        # Derived indexes, rebuilt rather than stored.
        self.n = len(players)
        self.seat = {name: i for i, name in enumerate(players)}
        self.top = papyri[-1]
        self.threshold, self.factor = _PAPYRI[self.top]
        # The lines legal_actions offers: seat -> card -> play line; seat -> sacrifices 1..4.
        self._plays = [_seat_plays(seat, name) for seat, name in enumerate(players)]
        self._sacrifices = [_sacrifice_lines(seat, name) for seat, name in enumerate(players)]
        self.cards: list[str] | tuple[str, ...] = []  # table: every card id that may be held, in order
        self.known: Counter[str] = Counter()  # table: copies whose place everyone knows
        self._open: frozenset[str] = frozenset()  # an open table: the cards it accepts
        if self.open:
            self.cards = open_cards(self.n)
            self._open = _open_set(self.n)
        elif not full:
            self.cards = [c for c in MUMMY if deck[c]] + sorted(c for c in deck if c not in MUMMY)
        if not full:
            for row in rows:
                self.known.update(row)
            self.known.update(papyri)
            self.known.update(discard)

    # ----------------------------------------------------------------- creation

    @classmethod
    def simulation_header(cls, players: list[str], seed: int, edition: str | None = None) -> dict[str, Any]:
        return {"game": cls.game, "players": players, "mode": FULL, "seed": seed}

    @classmethod
    def new(cls, header: dict[str, Any], rng: random.Random | None) -> Self:
        players = check_players(header, 2, 5)
        n = len(players)
        mode = header.get("mode", TABLE)
        if not isinstance(mode, str) or mode not in MODES:
            raise BadHeader("bad-mode", f'"mode" must be "table" (the default) or "full", not {mode!r}')
        target = header.get("target", DEFAULT_TARGET)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
            raise BadHeader(
                "bad-target", f'"target" must be a whole number of points (50, 100 or 150), not {target!r}'
            )
        if "deck" in header:
            deck = read_deck(header["deck"])
            box = tuple(sorted(deck.elements()))
        elif mode == TABLE:  # no declared box: trust the table (decision K21)
            deck, box = Counter(), ()
        else:
            default, box = _default_deck()
            deck = Counter(default)
        if deck:
            need = minimum_deck(n, deck)
            if len(box) < need:
                raise BadHeader(
                    "deck-too-small",
                    f"with {n} players this deck needs at least {need} cards so that every draw finds "
                    f"its cards; it has {len(box)}",
                )
        papyrus: str | None = None
        if "papyrus" in header:
            papyrus = read_papyrus(header["papyrus"])
            if papyrus is None:
                raise BadHeader("bad-papyrus", f'"papyrus" must be {PAPYRUS_FORMAT}')
            if deck and not deck[papyrus]:
                raise BadHeader("papyrus-not-in-deck", "the starting papyrus is not a card of this deck")
            if not deck and papyrus not in _open_set(n):
                raise BadHeader("threshold-too-high", _too_high(papyrus, n))
        if mode == TABLE:
            if papyrus is None:
                raise BadHeader(
                    "missing-papyrus", 'a table-mode header needs "papyrus", the face-up starting papyrus'
                )
            size = len(box) if deck else BOX_CARDS
            return cls._start(players, mode, target, deck, papyrus, [HAND] * n, size - 1 - HAND * n, None)
        if rng is None:
            raise BadHeader(
                "missing-seed", 'a full-mode header needs a "seed", so that every replay deals alike'
            )
        cards = list(box)
        if papyrus is None:  # "put any papyrus card in the middle": a random one of the deck's
            papyrus = rng.choice([c for c in cards if c not in MUMMY])
        cards.remove(papyrus)
        rng.shuffle(cards)
        hands = [[cards.pop() for _ in range(HAND)] for _ in players]
        return cls._start(players, mode, target, deck, papyrus, hands, cards, rng.randrange(2**31))

    @classmethod
    def _start(
        cls,
        players: list[str],
        mode: str,
        target: int,
        deck: Counter[str],
        papyrus: str,
        hands: list[list[str]] | list[int],
        draw: list[str] | int,
        shuffle_seed: int | None,
    ) -> Self:
        n = len(players)
        return cls(
            players=list(players),
            mode=mode,
            target=target,
            deck=deck,
            hands=hands,
            draw=draw,
            discard=[],
            unseen=0,
            rows=[[] for _ in range(n)],
            papyri=[papyrus],
            points=[0] * n,
            current=0,
            starter=0,
            phase=PLAY,
            end=None,
            winners=[],
            shuffle_seed=shuffle_seed,
            reshuffles=0,
            scorings=0,
        )

    # ------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "mode": self.mode,
            "target": self.target,
            "deck": dict(self._deck_json()),
            "hands": [list(h) for h in self.hands] if self.full else list(self.sizes),
            "draw": list(self.draw) if self.full else self.draw_size,
            "discard": list(self.discard),
            "unseen": self.unseen,
            "rows": [list(r) for r in self.rows],
            "papyri": list(self.papyri),
            "points": list(self.points),
            "current": self.current,
            "starter": self.starter,
            "phase": self.phase,
            "end": self.end,
            "winners": list(self.winner_seats),
            "shuffle_seed": self.shuffle_seed,
            "reshuffles": self.reshuffles,
            "scorings": self.scorings,
        }

    def _deck_json(self) -> dict[str, int]:
        """The deck as {card id: copies} in id order; it never changes, so it is kept."""
        made: dict[str, int] | None = self.__dict__.get("_deck_sorted")
        if made is None:
            made = self._deck_sorted = {
                card: self.deck[card] for card in sorted(self.deck) if self.deck[card]
            }
        return made

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        full = data["mode"] == FULL
        return cls(
            players=list(data["players"]),
            mode=data["mode"],
            target=data["target"],
            deck=Counter(data["deck"]),
            hands=[list(h) for h in data["hands"]] if full else list(data["hands"]),
            draw=list(data["draw"]) if full else data["draw"],
            discard=list(data["discard"]),
            unseen=data["unseen"],
            rows=[list(r) for r in data["rows"]],
            papyri=list(data["papyri"]),
            points=list(data["points"]),
            current=data["current"],
            starter=data["starter"],
            phase=data["phase"],
            end=data["end"],
            winners=list(data["winners"]),
            shuffle_seed=data["shuffle_seed"],
            reshuffles=data["reshuffles"],
            scorings=data["scorings"],
        )

    # ------------------------------------------------------------ public view

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> str | None:
        return None if self.phase == OVER else self.players[self.current]

    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.points, strict=True))

    def winners(self) -> list[str]:
        return [self.players[i] for i in self.winner_seats]

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) if self.full else self.sizes[seat]

    def draw_pile(self) -> int:
        return len(self.draw) if self.full else self.draw_size

    def faces(self, papyrus: bool) -> list[str]:
        """Every card that may lie on this table as a papyrus (``papyrus``) or in a row: the
        declared box's cards, or for an open table every well-formed one. What a question
        about an unsure reading may be answered with."""
        cards = self.cards if self.open else [c for c in self.deck if self.deck[c]]
        if papyrus:
            return sorted(c for c in cards if c not in MUMMY)
        return [c for c in MUMMY if c in cards]

    def public_state(self) -> dict[str, Any]:
        players = self.players
        state: dict[str, Any] = {
            "mode": self.mode,
            "target": self.target,
            "papyrus": papyrus_json(self.top),
            "papyrus_pile": list(self.papyri),
            "rows": {p: list(r) for p, r in zip(players, self.rows, strict=True)},
            "hand_sizes": {p: self.hand_size(i) for i, p in enumerate(players)},
            "draw_pile": self.draw_pile(),
            "discard_pile": len(self.discard) + self.unseen,
            "reshuffles": self.reshuffles,
            "scorings": self.scorings,
            "starter": players[self.starter],
            "active": players[self.current],
            "phase": self.phase,
            "prompt": self.prompt().to_json(),
            "end": self.end,
        }
        if self.full:
            state["hands"] = {p: list(h) for p, h in zip(players, self.hands, strict=True)}
        return state

    def prompt(self) -> Prompt:
        if self.phase == OVER:
            return Prompt("game-over", {"winners": self.winners(), "reason": self.end})
        return Prompt(
            "play", {"player": self.players[self.current], "threshold": self.threshold, "papyrus": self.top}
        )

    # ---------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every line ``apply`` accepts now: one ``play`` per different card the player may
        hold, then a ``sacrifice`` for each count from 1 to the hand size. The lines are
        shared read-only dicts (``lines.Line``)."""
        if self.phase == OVER:
            return []
        seat = self.current
        plays = self._plays[seat]
        sacrifices = self._sacrifices[seat]
        if self.full:
            hand = self.hands[seat]
            if len(hand) == HAND:  # the usual case, spelt out: it is the playouts' hottest line
                a, b, c, d = hand
                if a != b and a != c and a != d and b != c and b != d and c != d:
                    return [plays[a], plays[b], plays[c], plays[d], *sacrifices]
            actions: list[Action] = []
            append = actions.append
            seen: list[str] = []
            for card in hand:
                if card in seen:
                    continue
                seen.append(card)
                append(plays[card])
            actions += sacrifices[: len(hand)]
            return actions
        size = self.sizes[seat]
        actions = []
        if size and self.open:
            actions = [plays[card] for card in self.cards]
        elif size:
            deck, known = self.deck, self.known
            for card in self.cards:
                if deck[card] > known[card]:
                    actions.append(plays[card])
        actions += sacrifices[:size]
        return actions

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        if type(action) is Line and action.seat == self.current and self.phase != OVER:
            # A line that legal_actions hands out for this seat (recognised by identity, and
            # read-only): only what may have changed since it was offered needs checking.
            seat, key = action.seat, action.key
            if isinstance(key, str):
                if self._plays[seat].get(key) is action and (
                    key in self.hands[seat]
                    if self.full
                    else (key in self._open or self.deck[key] > self.known[key]) and self.sizes[seat] > 0
                ):
                    return self._play(seat, key)
            elif self._sacrifices[seat][key - 1] is action and key <= (
                len(self.hands[seat]) if self.full else self.sizes[seat]
            ):
                return self._sacrifice(seat, key)
        return self._apply_checked(action)

    def _apply_checked(self, action: Any) -> list[Event]:
        player, move = read_action(action, self.seat, self.phase == OVER, "play")
        seat = self.seat[player]
        if seat != self.current:
            raise IllegalAction(
                "out-of-turn",
                f"it is {self.players[self.current]}'s turn, not {player}'s (play goes clockwise)",
            )
        if move == "play":
            return self._play(seat, self._card_to_play(seat, action))
        if move == "sacrifice":
            count = action.get("count")
            if not isinstance(count, int) or isinstance(count, bool):
                raise IllegalAction("malformed-action", '"sacrifice" needs a whole number "count" of cards')
            size = self.hand_size(seat)
            if not 1 <= count <= size:
                raise IllegalAction(
                    "sacrifice-count",
                    f"a sacrifice discards 1 to {size} cards (the cards in your hand), not {count}",
                )
            return self._sacrifice(seat, count)
        raise IllegalAction("wrong-move", f"unknown move {move!r}; Ankh knows play and sacrifice")

    def _card_to_play(self, seat: int, action: dict[str, Any]) -> str:
        """Validate a ``play`` line; return the card id."""
        has_card, has_papyrus = "card" in action, "papyrus" in action
        if has_card == has_papyrus:
            raise IllegalAction(
                "malformed-action",
                '"play" needs one of "card" (a mummy card such as "green-3") or "papyrus" '
                f"({PAPYRUS_FORMAT})",
            )
        if has_card:
            card = action["card"]
            if not isinstance(card, str):
                raise IllegalAction("malformed-action", '"card" must be a mummy card name such as "green-3"')
            if card not in MUMMY:
                if parse_papyrus(card) is not None:
                    raise IllegalAction(
                        "unknown-card", f'a papyrus card is played with "papyrus": {PAPYRUS_FORMAT}'
                    )
                raise IllegalAction(
                    "unknown-card",
                    f"{card!r} is not a mummy card: mummy cards are <colour>-<value> with colours "
                    f"{', '.join(COLOURS)} and values 1 to 5",
                )
            if not self.open and not self.deck[card]:
                raise IllegalAction("unknown-card", f"this game's deck has no {card} card")
        else:
            found = read_papyrus(action["papyrus"])
            if found is None:
                raise IllegalAction("malformed-action", f'"papyrus" must be {PAPYRUS_FORMAT}')
            card = found
            if self.open:
                if card not in self._open:
                    raise IllegalAction("threshold-too-high", _too_high(card, self.n))
            elif not self.deck[card]:
                raise IllegalAction("unknown-card", f"this game's deck has no {_what(card)}")
        if self.full:
            if card not in self.hands[seat]:
                raise IllegalAction(
                    "card-not-in-hand",
                    f"{self.players[seat]} holds no {_what(card)}; play a card of your hand",
                )
        elif not self.open and self.deck[card] <= self.known[card]:
            copies = self.deck[card]
            raise IllegalAction(
                "card-not-available",
                f"all {copies} {_what(card)} card{'s' if copies > 1 else ''} of the deck are already in "
                "rows, on the papyrus pile or on the discard pile, so no hand can hold one",
            )
        return card

    # ----------------------------------------------------------------- a turn

    def _play(self, seat: int, card: str) -> list[Event]:
        """Play a checked card: a mummy into the row, a papyrus onto the pile; score if a row
        holds the threshold; then draw back to 4 and pass the turn."""
        full = self.full
        if full:
            hand = self.hands[seat]
            hand.remove(card)
        else:
            self.sizes[seat] -= 1
            self.known[card] += 1
        if card in MUMMY:
            row = self.rows[seat]
            row.append(card)
            size = len(row)
            events: list[Event] = [
                {"type": "played", "player": self.players[seat], "card": card, "row": size}
            ]
            if size >= self.threshold:
                self._score(seat, "mummy", events)
        else:
            self.papyri.append(card)
            self.top = card
            self.threshold, self.factor = threshold, _ = _PAPYRI[card]
            events = [{"type": "papyrus", "player": self.players[seat], "card": card, "threshold": threshold}]
            for row in self.rows:
                if len(row) >= threshold:
                    self._score(seat, "papyrus", events)
                    break
        if self.phase == OVER:
            return events
        if not full:
            self._draw(seat, HAND - self.sizes[seat], events)
        elif len(hand) == HAND - 1 and self.draw:
            hand.append(self.draw.pop())
        else:
            self._draw(seat, HAND - len(hand), events)
        self.current = (seat + 1) % self.n
        return events

    def _sacrifice(self, seat: int, count: int) -> list[Event]:
        """Discard ``count`` checked cards (full mode: the ones held longest), then draw as many."""
        if self.full:
            hand = self.hands[seat]
            given = hand[:count]
            del hand[:count]
            self.discard += given
            events: list[Event] = [
                {"type": "sacrificed", "player": self.players[seat], "count": count, "cards": given}
            ]
            draw = self.draw
            if len(draw) >= count:  # the usual case: draw the top ``count`` cards
                hand += draw[: -count - 1 : -1]
                del draw[-count:]
                self.current = (seat + 1) % self.n
                return events
        else:
            self.sizes[seat] -= count
            self.unseen += count
            events = [{"type": "sacrificed", "player": self.players[seat], "count": count}]
        self._draw(seat, count, events)
        self.current = (seat + 1) % self.n
        return events

    # ----------------------------------------------------------- draw pile

    def _draw(self, seat: int, count: int, events: list[Event]) -> None:
        """Draw ``count`` cards, reshuffling when the draw pile is empty. The header's check
        of the deck size makes sure the cards are there."""
        if self.full:
            hand, draw = self.hands[seat], self.draw
            for _ in range(count):
                if not draw:
                    self._reshuffle(events)
                    draw = self.draw
                hand.append(draw.pop())
            return
        if self.draw_size < count:
            count -= self.draw_size
            self.sizes[seat] += self.draw_size
            self.draw_size = 0
            self._reshuffle(events)
        self.draw_size -= count
        self.sizes[seat] += count

    def _reshuffle(self, events: list[Event]) -> None:
        """The top papyrus stays; the papyrus cards under it and the discard pile are
        shuffled into a new draw pile."""
        cards = self.discard + self.papyri[:-1]
        del self.papyri[:-1]
        self.discard = []
        self.reshuffles += 1
        if self.full:
            # Sorting on random keys is a uniform shuffle, and twice as fast as Random.shuffle.
            key = random.Random(_reshuffle_seed(self.shuffle_seed, self.reshuffles)).random
            cards.sort(key=lambda _: key())
            self.draw = cards
            size = len(cards)
        else:
            self.known.subtract(cards)
            size = len(cards) + self.unseen
            self.unseen = 0
            self.draw_size = size
        events.append({"type": "reshuffled", "cards": size})

    # ---------------------------------------------------------------- scoring

    def _score(self, seat: int, trigger: str, events: list[Event]) -> None:
        """Every row scores under the top papyrus; then every played card except the top
        papyrus goes to the discard pile, and the player left of ``seat`` starts."""
        factor = self.factor
        awards: dict[str, int] = {}
        rows: dict[str, list[dict[str, Any]]] = {}
        for s, row in enumerate(self.rows):
            total, detail = row_breakdown(row, factor)
            name = self.players[s]
            awards[name] = total
            rows[name] = detail
            self.points[s] += total
            self.discard += row
            row.clear()
        self.discard += self.papyri[:-1]
        del self.papyri[:-1]
        self.scorings += 1
        best = max(self.points)
        over = best >= self.target
        if not over:
            self.starter = (seat + 1) % self.n
        events.append(
            {
                "type": "scored",
                "player": self.players[seat],
                "trigger": trigger,
                "papyrus": self.top,
                "threshold": self.threshold,
                "rows": rows,
                "awards": awards,
                "next": None if over else self.players[self.starter],
            }
        )
        if over:
            self.phase = OVER
            self.end = TARGET_REACHED
            self.winner_seats = [i for i, p in enumerate(self.points) if p == best]
            events.append({"type": "game-over", "winners": self.winners(), "reason": TARGET_REACHED})


class _SeatLines(dict[str, Line]):
    """card -> the line playing it, for one seat and name, built on first use."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat, self.name = seat, name

    def __missing__(self, card: str) -> Line:
        seat, name = self.seat, self.name
        if card in MUMMY:
            made = line(seat, card, player=name, move="play", card=card)
        else:
            parsed = parse_papyrus(card)
            assert parsed is not None
            papyrus = line(seat, card, rank=Rank(parsed[0]), threshold=parsed[1])
            made = line(seat, card, player=name, move="play", papyrus=papyrus)
        self[card] = made
        return made


@lru_cache(maxsize=256)
def _seat_plays(seat: int, name: str) -> _SeatLines:
    """Lines are read-only, so every game with ``name`` in ``seat`` shares them."""
    return _SeatLines(seat, name)


@lru_cache(maxsize=256)
def _sacrifice_lines(seat: int, name: str) -> tuple[Line, ...]:
    return tuple(line(seat, k, player=name, move="sacrifice", count=k) for k in range(1, HAND + 1))


@cache
def _open_set(players: int) -> frozenset[str]:
    return frozenset(open_cards(players))


def _too_high(card: str, players: int) -> str:
    """Why an open table refuses a papyrus: its threshold is beyond what the box can serve."""
    limit = open_threshold(players)
    return (
        f"the {_what(card)} asks for rows longer than the box's {BOX_CARDS} cards allow with "
        f"{players} players (thresholds up to {limit}), so a draw could find no card; "
        'declare the box with the header\'s "deck" if it really holds this card'
    )


def _reshuffle_seed(shuffle_seed: int | None, reshuffles: int) -> int:
    """The seed of a full-mode game's ``reshuffles``-th reshuffle."""
    assert shuffle_seed is not None
    return shuffle_seed * 65536 + reshuffles


def _what(card: str) -> str:
    """A card for a message: ``green-3`` or ``papyrus green > yellow > blue > red (5)``."""
    parsed = parse_papyrus(card)
    if parsed is None:
        return card
    return "papyrus " + " > ".join(parsed[0]) + f" ({parsed[1]})"
