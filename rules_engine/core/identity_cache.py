"""Values worked out once per object and found again by the object's identity.

Engines keep tables built from their content (lookup tables, per-effect facts) so
that every game played with the same content object reuses them. Content is frozen
but not always cheaply hashable, so entries are keyed by ``id``; each entry holds its
object, so the id cannot be reused by another object while the entry lives. The
cache is bounded: a simulation worker that receives a fresh copy of the content
with every batch of games evicts the oldest entries instead of growing without end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityCache(Generic[K, V]):
    """At most ``limit`` (object, value) entries; the oldest goes first."""

    __slots__ = ("_held", "limit")

    def __init__(self, limit: int) -> None:
        self._held: dict[int, tuple[K, V]] = {}
        self.limit = limit

    def lookup(self, key: K, make: Callable[[K], V]) -> V:
        """The value for ``key``, made with ``make(key)`` the first time."""
        held = self._held.get(id(key))
        if held is not None and held[0] is key:
            return held[1]
        value = make(key)
        if len(self._held) >= self.limit:
            del self._held[next(iter(self._held))]
        self._held[id(key)] = (key, value)
        return value

    def __len__(self) -> int:
        return len(self._held)
