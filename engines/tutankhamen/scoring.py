"""Who gets what when a set is scored — the majority rule of both editions."""

from __future__ import annotations

from collections.abc import Sequence

from engines.tutankhamen.tiles import Edition

# A player's standing in one scoring: (tiles incl. count jokers, canopic lids played).
Key = tuple[int, int]


def awards(
    value: int,
    keys: dict[str, Key],
    order: Sequence[str],
    edition: Edition,
    n_players: int,
) -> list[tuple[str, int]]:
    """Points per player in payment order: first place before second, ties in ``order``.

    ``keys`` holds only players with at least one tile of the set; ``order`` is the turn
    order starting from the active player.
    """
    if not keys:
        return []
    ranked = [p for p in order if p in keys]
    top = max(keys.values())
    first = [p for p in ranked if keys[p] == top]
    two_player = edition.sole_majority_at_two and n_players == 2
    if len(first) == 1:
        result = [(first[0], value)]
        lower = [k for k in keys.values() if k < top]
        if lower and not two_player:
            runner_up = max(lower)
            second = [p for p in ranked if keys[p] == runner_up]
            if len(second) == 1:
                result.append((second[0], value // 2))
        return result
    if two_player or (len(first) > 2 and not edition.all_tied_half):
        return []
    return [(p, value // 2) for p in first]


def in_deciding_tie(player: str, keys: dict[str, Key]) -> bool:
    """True when ``player`` may play a canopic lid: another player has as many tiles and
    at least as many lids (a tie, or one just broken by a lid, which the rules let them
    answer), and that group contends for first place or for second behind a sole leader."""
    mine = keys.get(player)
    if mine is None:
        return False
    tiles, lids = mine
    rivals = any(q != player and k[0] == tiles and k[1] >= lids for q, k in keys.items())
    return rivals and sum(1 for k in keys.values() if k[0] > tiles) <= 1
