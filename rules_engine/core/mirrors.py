"""Mirror images learned from a game's shipped content: sides that get the same items
under other names.

SAN's two Corporations start with the same numbers under different names: for every
Moon card there is a Star card equal to it in all but its id, title and flavour. For
each section and categorical field (``corporation``), :func:`learn` keeps a
**mirror** when, in every folder, the items of each of the field's values are the same
multiset once their names and prose are set aside (their *signature*: every field but
``id`` and the field itself, with prose and names left out), each value has at least two
items, and the mirrored items number at least
:data:`~rules_engine.core.learned.SUPPORT`.

:func:`broken` lists, in new content, the items no other side has a twin of. An item
whose signature no shipped item of its side has (new or edited content) is named
first; when there is none (an item was taken away from one side), the items left
without their twin are.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import IDENTIFIER, SUPPORT, categories_of, folders

_NAMES = frozenset({"id", "title", "name"})


@dataclass(frozen=True)
class Mirror:
    """In ``section``, the items of each value of ``field`` mirror each other."""

    section: str
    field: str
    values: tuple[str, ...]
    support: int

    def says(self) -> str:
        sides = "side" if len(self.values) == 2 else "sides"
        return (f"every shipped {self.section} item with {self.field} "
                f"{' or '.join(self.values)} has a twin on the other {sides}, equal in all "
                "but its names")


@dataclass(frozen=True)
class Unmirrored:
    """An item of new content that no other side of ``mirror`` has a twin of."""

    mirror: Mirror
    item: Item
    value: str
    missing: tuple[str, ...]          # the values with no twin of it
    location: Location
    nearest: Item | None = None       # the other side's item most like it, unmatched


def _kept(value: Any) -> Any:
    """``value`` with prose and names set aside (None when nothing is left)."""
    if isinstance(value, Mapping):
        out = {str(k): _kept(v) for k, v in value.items() if k not in _NAMES}
        return {k: v for k, v in out.items() if v is not None} or None
    if isinstance(value, list):
        return [_kept(v) for v in value]
    if isinstance(value, str):
        return value if IDENTIFIER.match(value) else None
    return value


def signature(item: Item, field: str) -> str:
    """What ``item`` is apart from its names, its prose and its ``field``."""
    data = {k: v for k, v in item.data.items() if k != field}
    return json.dumps(_kept(data), sort_keys=True, default=str)


def _sides(items: list[Item], field: str) -> dict[str, list[Item]]:
    out: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        value = item.data.get(field)
        if isinstance(value, str):
            out[value].append(item)
    return out


def learn(content: ContentSet) -> dict[tuple[str, str], Mirror]:
    """The mirrors every folder of ``content`` keeps (module docstring)."""
    held: dict[tuple[str, str], list[bool]] = defaultdict(list)
    values: dict[tuple[str, str], set[str]] = defaultdict(set)
    count: Counter[tuple[str, str]] = Counter()
    categories = categories_of(content)
    for sections in folders(content):
        for section, items in sections.items():
            for field in categories.get(section, ()):
                sides = _sides(items, field)
                if len(sides) < 2:
                    continue
                sets = [Counter(signature(i, field) for i in side) for side in sides.values()]
                held[(section, field)].append(
                    all(s == sets[0] for s in sets)
                    and all(len(side) >= 2 for side in sides.values()))
                values[(section, field)] |= set(sides)
                count[(section, field)] += sum(map(len, sides.values()))
    return {key: Mirror(*key, tuple(sorted(values[key])), count[key])
            for key, kept in held.items() if all(kept) and count[key] >= SUPPORT}


def broken(content: ContentSet, reference: ContentSet,
           mirrors: Mapping[tuple[str, str], Mirror]) -> Iterator[Unmirrored]:
    """Every item of ``content`` that breaks one of ``mirrors`` (module docstring)."""
    shipped: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for sections in folders(reference):
        for (section, field) in mirrors:
            for value, side in _sides(sections.get(section, []), field).items():
                shipped[(section, field, value)] |= {signature(i, field) for i in side}
    for sections in folders(content):
        for (section, field), mirror in mirrors.items():
            yield from _folder(mirror, _sides(sections.get(section, []), field), shipped)


def _folder(mirror: Mirror, sides: dict[str, list[Item]],
            shipped: Mapping[tuple[str, str, str], set[str]]) -> Iterator[Unmirrored]:
    if len(sides) < 2:
        return
    field = mirror.field
    counts = {v: Counter(signature(i, field) for i in side) for v, side in sides.items()}
    lonely: list[tuple[bool, Item, str, tuple[str, ...]]] = []
    for value, side in sides.items():
        left = Counter(counts[value])
        for item in side:
            sig = signature(item, field)
            missing = tuple(sorted(o for o in sides if o != value
                                   and counts[o][sig] < counts[value][sig]))
            if missing and left[sig] > 0:
                left[sig] = 0                 # one finding per signature and side
                edited = sig not in shipped.get((mirror.section, field, value), set())
                lonely.append((edited, item, value, missing))
    named = [entry for entry in lonely if entry[0]] or lonely
    for _, item, value, missing in named:
        others = [i for edited, i, v, _ in lonely if v == missing[0]]
        nearest = max(others, key=lambda o: _alike(item, o, field), default=None)
        yield Unmirrored(mirror, item, value, missing, _where(item, nearest, field), nearest)


def _alike(item: Item, other: Item, field: str) -> int:
    return sum(_kept(v) == _kept(other.data.get(k)) for k, v in item.data.items()
               if k not in _NAMES and k != field)


def _where(item: Item, nearest: Item | None, field: str) -> Location:
    """The first field of ``item`` that differs from ``nearest`` (the item itself when
    there is no such item or field)."""
    if nearest is not None:
        for key, value in item.data.items():
            if key not in _NAMES and key != field and _kept(value) is not None \
                    and _kept(value) != _kept(nearest.data.get(key)):
                return item.loc(key)
    return item.loc()
