"""Tyranny cards and Imperial Orders in play: the active card, its tasks' progress
(events filtered by each task's ``where``), completion, and the Orders with their
Infamy. Pure bookkeeping; the engine decides when things happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import ImperialOrder, TyrannyCard
from rules_engine.native import register_frozen


@dataclass(frozen=True)
class Event:
    """Something that happened: its name, who did it, and its facts."""

    name: str
    by: int
    owner: int | None = None       # whose voter (voter events)
    count: int = 1
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, key: str, default: Any = None) -> Any:
        return dict(self.facts).get(key, default)


def _whose(rule: str, owner: int | None, by: int) -> bool:
    if owner is None:
        return True
    return {"own": owner == by, "opponent": owner not in (by, IMPERIAL),
            "imperial": owner == IMPERIAL, "rebel": owner != IMPERIAL,
            "not_own": owner != by, "any": True}.get(rule, True)


CAPITAL = 0
"""The capital's zone index: it is laid first."""


def matches(event: Event, name: str, where: dict[str, Any], this_zone: int | None = None
            ) -> bool:
    """Does ``event`` count for a task on ``name`` with filter ``where``? A ``zone``
    filter (``capital``, ``this_zone`` — the zone of the card listening, given as
    ``this_zone`` — or a zone index) needs the event's ``zone`` fact to name that zone;
    an event without one, or ``this_zone`` with no zone given, does not count. A
    filter of ``any`` (``kind: any``) lets every value count."""
    if event.name != name:
        return False
    for key, value in where.items():
        if key in ("whose", "who"):
            if not _whose(value, event.owner, event.by):
                return False
        elif key == "by":
            if value == "own" and event.by < 0:
                return False
        elif key == "zone":
            if value == "any":
                continue
            target = CAPITAL if value == "capital" else this_zone if value == "this_zone" \
                else value
            if target is None or event.fact("zone") != target:
                return False
        elif value != "any" and event.fact(key, value) != value:   # any: every value
            return False
    return True


@mypyc_attr(serializable=True)
@dataclass
class ActiveTyranny:
    """The Tyranny card in play and how far each choice has come."""

    card: TyrannyCard
    progress: list[int] = field(default_factory=lambda: [0, 0])
    legacy_left: list[int] = field(default_factory=lambda: [6, 6])
    only: int | None = None          # a choice forced into play: the other does not count

    def record(self, event: Event) -> list[tuple[int, int]]:
        """Count ``event`` for the choices it matches: [(choice, actions counted)]."""
        counted = []
        for n, choice in enumerate(self.card.choices):
            if self.progress[n] >= choice.times or self.only not in (None, n):
                continue
            task = choice.task
            if task.event == event.name and matches(event, task.event, task.where.to_dict()):
                step = min(event.count, choice.times - self.progress[n])
                self.progress[n] += step
                counted.append((n, step))
        return counted

    def completed(self) -> int | None:
        for n, choice in enumerate(self.card.choices):
            if self.progress[n] >= choice.times:
                return n
        return None


@mypyc_attr(serializable=True)
@dataclass
class OrderInPlay:
    order: ImperialOrder
    zone: int
    infamy: int = 6

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
