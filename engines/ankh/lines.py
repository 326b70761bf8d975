"""Read-only log lines: what ``Ankh.legal_actions`` hands out.

A random playout asks for the legal actions at every step and builds a fresh dict for
each of them; for Ankh that was the largest cost of a playout. So each game builds a line
once per seat and card (or sacrifice count) and hands out the same object every turn. A
shared object must not change, so ``Line`` (a ``dict``) and ``Rank`` (a ``list``) refuse
every change; ``dict(line)`` gives a plain copy, and ``copy``, ``pickle`` and ``json``
see plain dicts and lists. ``seat`` and ``key`` (the card id, or the sacrifice count)
let ``apply`` recognise its own lines quickly.
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError("a legal action is shared and cannot change; copy it first, e.g. dict(action)")


class Line(dict[str, Any]):
    __slots__ = ("key", "seat")

    def __init__(self, seat: int, key: str | int, fields: dict[str, Any]) -> None:
        dict.__init__(self, fields)
        self.seat = seat
        self.key = key

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


class Rank(list[str]):
    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> list[str]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[str]:
        return list(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


def line(seat: int, key: str | int, **fields: Any) -> Line:
    return Line(seat, key, fields)
