"""What an item's id says about its fields, learned from a game's shipped content.

Designers name items after what they are: every shipped Spring card whose id has the
word ``strike`` is of subtype ``strike`` (``rev-strike-dockworkers``), every shipped
AZADI Tyranny card carries its number in its id (``amr-tyranny-04`` is number 4).
:func:`learn` finds, per section and top-level field:

* a **word mark**: an id word every shipped item with one value of the field has, and
  no shipped item with another value has; kept for a field when at least two values
  have one, each value with at least :data:`MARKED` items, and the marked items number
  :data:`~rules_engine.core.learned.SUPPORT` or more;
* a **number mark**: every shipped item holding the number field (at least
  :data:`~rules_engine.core.learned.SUPPORT` of them) has it among the numbers of its id;
* a **place mark**: every shipped item of the section has its place in its folder's
  list (1 for the first) among the numbers of its id (``egy-ideology-054`` is the
  54th), in at least :data:`~rules_engine.core.learned.SUPPORT` items.

:func:`broken` lists the items of new content whose id names another value than the
field holds: the id has the word of another value and none of its own, or numbers of
which none is the field's. A name of the designer's own (no marked word, no number)
is never judged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import IDENTIFIER, SUPPORT, folders

MARKED = 3
"""The fewest shipped items of one value whose common id word can mark it."""
_SPLIT = re.compile(r"[-_.:]+")
_SKIPPED = frozenset({"id", "title", "name"})


@dataclass(frozen=True)
class WordMark:
    """In ``section``, an id holding ``word`` has ``field`` = ``value`` (``support``
    shipped items)."""

    section: str
    field: str
    word: str
    value: str
    support: int

    def says(self) -> str:
        return (f"every shipped {self.section} item whose id has the word '{self.word}' "
                f"has {self.field} {self.value}, and every one with {self.field} "
                f"{self.value} has it")


@dataclass(frozen=True)
class NumberMark:
    """In ``section``, the id of every item holds its ``field`` number."""

    section: str
    field: str
    support: int

    def says(self) -> str:
        return f"every shipped {self.section} item has its {self.field} among the numbers " \
               "of its id"


@dataclass(frozen=True)
class PlaceMark:
    """In ``section``, the id of every item holds its place in its folder's list."""

    section: str
    support: int

    def says(self) -> str:
        return f"every shipped {self.section} item has its place in its list among the " \
               "numbers of its id"


@dataclass
class Marks:
    """The marks of one shipped content."""

    words: dict[tuple[str, str], dict[str, WordMark]] = field(default_factory=dict)
    numbers: dict[tuple[str, str], NumberMark] = field(default_factory=dict)
    places: dict[str, PlaceMark] = field(default_factory=dict)


@dataclass(frozen=True)
class Misnamed:
    """An item of new content whose id names another value than its field holds."""

    says: str
    support: int
    location: Location
    field: str
    named: str
    held: str


def _words(item: Item) -> tuple[set[str], set[int]] | None:
    ident = item.data.get("id")
    if not isinstance(ident, str) or not ident:
        return None
    parts = [p for p in _SPLIT.split(ident.lower()) if p]
    return {p for p in parts if not p.isdigit()}, {int(p) for p in parts if p.isdigit()}


def _categorical(value: object) -> bool:
    return isinstance(value, str) and bool(IDENTIFIER.match(value))


def learn(content: ContentSet) -> Marks:
    """The word and number marks every shipped item keeps (module docstring)."""
    words: dict[tuple[str, str], dict[str, list[set[str]]]] = defaultdict(
        lambda: defaultdict(list))
    numbered: dict[tuple[str, str], list[bool]] = defaultdict(list)
    placed: dict[str, list[bool]] = defaultdict(list)
    for sections in folders(content):
        for section, items in sections.items():
            for position, item in enumerate(items, start=1):
                named = _words(item)
                if named is None:
                    continue
                placed[section].append(position in named[1])
                for key, value in item.data.items():
                    if key in _SKIPPED:
                        continue
                    if _categorical(value):
                        words[(section, str(key))][str(value)].append(named[0])
                    elif is_number(value) and float(value).is_integer():
                        numbered[(section, str(key))].append(int(value) in named[1])
    marks = Marks()
    for place, by_value in words.items():
        found = _word_marks(place, by_value)
        if found:
            marks.words[place] = found
    for (section, name), held in numbered.items():
        if len(held) >= SUPPORT and all(held):
            marks.numbers[(section, name)] = NumberMark(section, name, len(held))
    for section, held in placed.items():
        if len(held) >= SUPPORT and all(held):
            marks.places[section] = PlaceMark(section, len(held))
    return marks


def _word_marks(key: tuple[str, str], by_value: dict[str, list[set[str]]]
                ) -> dict[str, WordMark]:
    out: dict[str, WordMark] = {}
    for value, named in by_value.items():
        if len(named) < MARKED:
            continue
        others = set().union(*(w for v, ws in by_value.items() if v != value for w in ws))
        for word in sorted(set.intersection(*named) - others):
            out[word] = WordMark(*key, word, value, len(named))
    if len({m.value for m in out.values()}) < 2 or \
            sum({m.value: m.support for m in out.values()}.values()) < SUPPORT:
        return {}
    return out


def broken(content: ContentSet, marks: Marks) -> Iterator[Misnamed]:
    """Every item of ``content`` whose id names another value than its field holds."""
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                named = _words(item)
                if named is not None:
                    yield from _misnamed(section, item, named, marks)
            if section in marks.places:
                yield from _misplaced(marks.places[section], items)


def _misplaced(mark: PlaceMark, items: list[Item]) -> Iterator[Misnamed]:
    """The item standing at the first place of the list that no id numbers (a gap:
    an item left out before it); items only moved leave no gap and are not judged."""
    ids = [(item, _words(item)) for item in items]
    held = {n for _, named in ids if named is not None for n in named[1]}
    for place, (item, named) in enumerate(ids, start=1):
        if place not in held and named is not None and named[1]:
            yield Misnamed(mark.says(), mark.support, item.loc("id"), "place in the list",
                           ", ".join(map(str, sorted(named[1]))),
                           f"{place}, and no id of the list numbers {place} (an item "
                           "left out?)")
            return


def _misnamed(section: str, item: Item, named: tuple[set[str], set[int]],
              marks: Marks) -> Iterator[Misnamed]:
    for (kind, key), by_word in marks.words.items():
        value = item.data.get(key)
        if kind != section or not _categorical(value):
            continue
        hits = [by_word[w] for w in sorted(named[0]) if w in by_word]
        if hits and not any(m.value == value for m in hits):
            mark = hits[0]
            yield Misnamed(mark.says(), mark.support, item.loc(key), key,
                           f"'{mark.word}'", str(value))
    for (kind, key), number in marks.numbers.items():
        held: Any = item.data.get(key)
        if kind == section and is_number(held) and named[1] and int(held) not in named[1]:
            yield Misnamed(number.says(), number.support, item.loc(key), key,
                           ", ".join(map(str, sorted(named[1]))), f"{held:g}"
                           if isinstance(held, float) else str(held))
