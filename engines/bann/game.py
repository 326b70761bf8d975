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

from engines.bann.state import (
    ADVANCED,
    AFTER_DRAW,
    ARROW,
    CURSE_PHASE,
    FULL,
    INFO,
    MINUS,
    MUMMY_PHASE,
    OVER,
    PLAY,
    PLAYABLE_SPECIALS,
    SIDES,
    TABLE,
    TURN,
    VARIANTS,
    VERB_SET,
    VERBS,
    BannState,
)
from engines.bann.turn import BannTurn
from engines.core import (
    Action,
    Event,
    IllegalAction,
    read_action,
)


class Bann(BannTurn):
    """The game: ``state`` (the data and predicates), ``hands`` (cards moving), ``scoring``
    (adventures, the mummy, the end) and ``turn`` (the moves), with ``apply`` here."""

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


__all__ = [
    "ADVANCED",
    "AFTER_DRAW",
    "ARROW",
    "CURSE_PHASE",
    "FULL",
    "INFO",
    "MINUS",
    "MUMMY_PHASE",
    "OVER",
    "PLAY",
    "PLAYABLE_SPECIALS",
    "SIDES",
    "TABLE",
    "TURN",
    "VARIANTS",
    "VERBS",
    "VERB_SET",
    "Bann",
    "BannState",
]
