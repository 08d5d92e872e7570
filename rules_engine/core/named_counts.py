"""How many items name each item of another section, learned from a game's shipped
content.

Every shipped Monument is named by exactly two Foundation cards (ruling R4): a field
whose values are all the ``id`` (or ``number``) of items of one other section names
each of them a number of times that :func:`learn` records when it stays within
``low..high`` (``low`` at least 1) for every target, over at least :data:`SUPPORT`
targets, counted within each folder holding the naming items. :func:`broken` lists
the targets of new content named fewer or more times (a Foundation card's Monument
changed: one Monument named three times, another once, so it is erected half as
often), at the target, with the items naming it as related places; a target the game
does not ship is judged for too many only.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import folders

SUPPORT = 4
"""The fewest shipped targets for the count to be learned."""
KEYS = ("id", "number")
"""The fields of a target a naming field may give."""


@dataclass(frozen=True)
class Named:
    """Each ``target`` item (by its ``key``) is the ``field`` of ``low..high`` items
    of ``section``."""

    section: str
    field: str
    target: str
    key: str
    low: int
    high: int
    support: int

    def says(self) -> str:
        times = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
        return (f"every shipped {self.target} item is the {self.field} of {times} "
                f"{self.section} items")


@dataclass(frozen=True)
class Miscounted:
    """A target named ``count`` times, by the items at ``namers``."""

    named: Named
    location: Location
    ident: str
    count: int
    namers: tuple[Location, ...]


def _value(value: object) -> str | None:
    if isinstance(value, str) or (is_number(value) and not isinstance(value, bool)):
        return str(value)
    return None


def _targets(content: ContentSet) -> dict[tuple[str, str], dict[str, Item]]:
    """(section, key) -> the items of the section by their value of ``key``."""
    found: dict[tuple[str, str], dict[str, Item]] = {}
    for sections in folders(content):
        for section, items in sections.items():
            for key in KEYS:
                for item in items:
                    value = _value(item.data.get(key))
                    if value is not None:
                        found.setdefault((section, key), {})[value] = item
    return found


def _namers(content: ContentSet) -> Iterator[tuple[str, str, list[list[Item]]]]:
    """(section, field, the section's items in each folder) for every top-level scalar
    field other than the keys."""
    by_section: dict[str, list[list[Item]]] = {}
    for sections in folders(content):
        for section, items in sections.items():
            if items:
                by_section.setdefault(section, []).append(items)
    for section, groups in sorted(by_section.items()):
        fields = sorted({str(k) for items in groups for i in items for k, v in i.data.items()
                         if k not in KEYS and _value(v) is not None})
        for key in fields:
            yield section, key, groups


def _counts(groups: list[list[Item]], key: str, targets: dict[str, Item]
            ) -> Iterator[tuple[str, list[Item]]]:
    """For each folder's items, each target and the items naming it there."""
    for items in groups:
        naming = [i for i in items if _value(i.data.get(key)) is not None]
        if not naming:
            continue
        for ident in targets:
            yield ident, [i for i in naming if _value(i.data.get(key)) == ident]


def learn(content: ContentSet) -> list[Named]:
    """The naming counts every shipped target keeps (module docstring)."""
    targets = _targets(content)
    out = []
    for section, key, groups in _namers(content):
        values = {_value(i.data.get(key)) for items in groups for i in items} - {None}
        for (target, by), known in sorted(targets.items()):
            if target == section or len(known) < SUPPORT or not values <= set(known):
                continue
            counts = [len(namers) for _, namers in _counts(groups, key, known)]
            if counts and min(counts) >= 1:
                out.append(Named(section, key, target, by, min(counts), max(counts),
                                 len(known)))
    return out


def broken(content: ContentSet, reference: ContentSet, learned: list[Named]
           ) -> Iterator[Miscounted]:
    """The targets of ``content`` named another number of times than learned: too
    few for a target the game ships (a new one may be named by nothing yet: a new
    campaign playing a shipped Mandate), too many for any."""
    targets = _targets(content)
    shipped = _targets(reference)
    groups: dict[str, list[list[Item]]] = {}
    for sections in folders(content):
        for section, items in sections.items():
            if items:
                groups.setdefault(section, []).append(items)
    for named in learned:
        known = targets.get((named.target, named.key), {})
        for ident, namers in _counts(groups.get(named.section, []), named.field, known):
            ours = ident in shipped.get((named.target, named.key), {})
            if len(namers) > named.high or (ours and len(namers) < named.low):
                yield Miscounted(named, known[ident].location, ident, len(namers),
                                 tuple(i.loc(named.field) for i in namers))
