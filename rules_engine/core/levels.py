"""Levels that escalate, learned from a game's shipped content.

AZADI's Imperial Attack cards come in levels 1 to 3 for each ideologue, and a higher
level strikes harder: in the shipped content no card of a lower level does at least
as much, in every term, as a card of a higher level of its ideologue. :func:`learn`
finds, per section, each small integer field (2 to :data:`LEVELS` values: a level, a
stage) and each grouping (the whole section, or a top-level identifier field) in
which the higher item of a pair strictly outdoes the lower in at least :data:`SUPPORT`
shipped pairs and as many as are incomparable, and the lower never outdoes the
higher. :func:`broken` lists the pairs of new content where the lower one does: a
level that does not escalate (a level-1 card printed with the level-2 numbers).

An item's terms are the numbers under its fields, summed per field path (two
``discard_resources`` effects of one card add up), the level and the item's number
and id left out; a word printed where other items of the section print a number
(``count: all``) is taken as more than any number.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import IDENTIFIER, folders, walk

SUPPORT = 8
"""The fewest shipped pairs in which the higher level outdoes the lower."""
LEVELS = 8
"""A field taking more values than this is a count or a serial, not a level."""
UNBOUNDED = 1e6
"""What a word printed in a number's place (``all``) counts as."""

Terms = dict[tuple[str, ...], float]


@dataclass(frozen=True)
class Escalation:
    """In ``section``, within each value of ``group`` (or the whole section when
    empty), a higher ``level`` is never outdone by a lower one."""

    section: str
    level: str
    group: str
    support: int

    def says(self) -> str:
        within = f" of its {self.group}" if self.group else ""
        return (f"no shipped {self.section} item is outdone, in every term, by one of "
                f"a lower {self.level}{within}")


@dataclass(frozen=True)
class Outdone:
    """A pair of new content breaking ``escalation``: ``lower`` does at least as much as
    ``higher`` in every term and more in one."""

    escalation: Escalation
    lower: Item
    higher: Item
    location: Location
    other: Location


def _numeric_paths(items: list[Item]) -> set[tuple[str, ...]]:
    return {path for item in items for path, _, value in walk(item.data, (), ())
            if is_number(value) and "[]" not in path}


def _terms(item: Item, level: str, numeric: set[tuple[str, ...]]) -> Terms:
    terms: dict[tuple[str, ...], float] = defaultdict(float)
    for path, _, value in walk(item.data, (), ()):
        if not path or "[]" in path or path[0] in (level, "number", "id"):
            continue
        if is_number(value):
            terms[path] += float(value)
        elif isinstance(value, str) and path in numeric:
            terms[path] += UNBOUNDED
    return dict(terms)


def _outdoes(a: Terms, b: Terms) -> bool:
    keys = set(a) | set(b)
    return all(a.get(k, 0) >= b.get(k, 0) for k in keys) and \
        any(a.get(k, 0) > b.get(k, 0) for k in keys)


def _levels(items: list[Item]) -> list[str]:
    keys: dict[str, set[int]] = defaultdict(set)
    for item in items:
        for key, value in item.data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                keys[str(key)].add(value)
    return sorted(k for k, v in keys.items() if 2 <= len(v) <= LEVELS and k != "number")


def _groupings(items: list[Item]) -> list[str]:
    keys = {str(k) for item in items for k, v in item.data.items()
            if k != "id" and isinstance(v, str) and IDENTIFIER.match(v)}
    return ["", *sorted(keys)]


def _pairs(items: list[Item], level: str, group: str
           ) -> Iterator[tuple[Item, Item]]:
    """Each (lower, higher) pair of one group with both levels numbers."""
    by: dict[object, list[Item]] = defaultdict(list)
    for item in items:
        if is_number(item.data.get(level)):
            by[item.data.get(group) if group else None].append(item)
    for members in by.values():
        for lower in members:
            for higher in members:
                if lower.data[level] < higher.data[level]:
                    yield lower, higher


def learn(content: ContentSet) -> list[Escalation]:
    """The escalations every shipped folder keeps (module docstring)."""
    counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for sections in folders(content):
        for section, items in sections.items():
            numeric = _numeric_paths(items)
            for level in _levels(items):
                for group in _groupings(items):
                    seen = counts[(section, level, group)]
                    for lower, higher in _pairs(items, level, group):
                        low, high = _terms(lower, level, numeric), _terms(higher, level, numeric)
                        seen["up" if _outdoes(high, low) else
                             "down" if _outdoes(low, high) else "neither"] += 1
    return [Escalation(section, level, group, seen["up"])
            for (section, level, group), seen in sorted(counts.items())
            if seen["up"] >= SUPPORT and seen["up"] >= seen["neither"] and not seen["down"]]


def broken(content: ContentSet, escalations: list[Escalation]) -> Iterator[Outdone]:
    """Each pair of ``content`` in which a lower level outdoes a higher one, at the
    lower item's level (the higher item a related place)."""
    by_section: dict[str, list[Escalation]] = defaultdict(list)
    for escalation in escalations:
        by_section[escalation.section].append(escalation)
    for sections in folders(content):
        for section, items in sections.items():
            if section not in by_section:
                continue
            numeric = _numeric_paths(items)
            told: set[int] = set()
            for escalation in by_section.get(section, ()):
                for lower, higher in _pairs(items, escalation.level, escalation.group):
                    if id(lower) in told:
                        continue
                    if _outdoes(_terms(lower, escalation.level, numeric),
                                _terms(higher, escalation.level, numeric)):
                        told.add(id(lower))
                        yield Outdone(escalation, lower, higher,
                                      lower.loc(escalation.level),
                                      higher.loc(escalation.level))
