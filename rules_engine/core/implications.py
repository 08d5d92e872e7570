"""Implications learned from a game's shipped content: one field's value fixes part of
another's (``ideologue: idealist`` → ``resources`` always holds ``trust``).

For every mapping of an item (the item itself, or an entry of one of its lists) and
every pair of its fields ``when`` and ``then``, where ``when`` holds an identifier,
:func:`learn` gathers what ``then`` holds whenever ``when`` has a given value: its
value when it is an identifier, its keys when it is a mapping, its identifiers when
it is a list. What every one of at least :data:`~rules_engine.core.learned.SUPPORT`
shipped mappings with that value holds is an implication; a pair is kept when at
least two values imply something and not all imply the same (that would be a
constant, not a link). :func:`broken` lists the mappings of new content with a known
``when`` value whose ``then`` lacks what it implies.

A categorical field may also split a number field of the items into disjoint blocks
(:func:`learn_blocks`: AZADI's Resistance cards 1-12 capitalist, 13-24 showstopper);
:func:`outside_blocks` lists new items whose number lies in another value's block.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import IDENTIFIER, SUPPORT, Path, folders, mappings

Fact = tuple[str, str]      # ("is", value) or ("has", key or element)


@dataclass(frozen=True)
class Implication:
    """At ``field`` (a section and path), ``when`` = ``value`` implies ``then`` holds
    ``implied``, kept by ``support`` shipped mappings."""

    field: Path
    when: str
    value: str
    then: str
    implied: frozenset[Fact]
    support: int

    def says(self) -> str:
        section, *keys = self.field
        where = section + "".join(k if k.startswith("[") else f".{k}" for k in keys)
        held = sorted(v for kind, v in self.implied if kind == "has")
        fixed = sorted(v for kind, v in self.implied if kind == "is")
        what = f"{self.then} {', '.join(fixed)}" if fixed else \
            f"{self.then} holding {', '.join(held)}"
        return f"every shipped {where} with {self.when} {self.value} has {what}"


@dataclass(frozen=True)
class Broken:
    """A mapping of new content that breaks ``implication``."""

    implication: Implication
    location: Location
    item: Item
    missing: frozenset[Fact]


def _identifier(value: Any) -> bool:
    return isinstance(value, str) and bool(IDENTIFIER.match(value))


def facts(value: Any) -> frozenset[Fact] | None:
    """What a ``then`` field holds, or None when it is not an identifier, a mapping or
    a list of identifiers."""
    if _identifier(value):
        return frozenset({("is", value)})
    if isinstance(value, Mapping) and value:
        return frozenset(("has", str(k)) for k in value)
    if isinstance(value, list) and value and all(_identifier(v) for v in value):
        return frozenset(("has", v) for v in value)
    return None


Learned = dict[tuple[Path, str, str], dict[str, Implication]]


def learn(content: ContentSet) -> Learned:
    """The implications every mapping of ``content`` keeps (module docstring)."""
    held: dict[tuple[Path, str, str, str], frozenset[Fact]] = {}
    count: dict[tuple[Path, str, str, str], int] = defaultdict(int)
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for path, _, mapping in mappings(item, section):
                    for when, value in mapping.items():
                        if not _identifier(value) or when == "id":
                            continue
                        for then, other in mapping.items():
                            found = facts(other) if then not in (when, "id") else None
                            if found is None:
                                continue
                            key = (path, str(when), str(value), str(then))
                            held[key] = held[key] & found if key in held else found
                            count[key] += 1
    grouped: Learned = defaultdict(dict)
    for (path, when, value, then), implied in held.items():
        if implied and count[(path, when, value, then)] >= SUPPORT:
            grouped[(path, when, then)][value] = Implication(
                path, when, value, then, implied, count[(path, when, value, then)])
    return {key: values for key, values in grouped.items()
            if len(values) >= 2 and len({i.implied for i in values.values()}) > 1}


def broken(content: ContentSet, learned: Learned) -> list[Broken]:
    """Every mapping of ``content`` that breaks one of ``learned``, in content order."""
    out: list[Broken] = []
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for path, concrete, mapping in mappings(item, section):
                    for when, value in mapping.items():
                        for then, other in mapping.items():
                            rule = learned.get((path, str(when), str(then)), {}).get(
                                str(value)) if isinstance(value, str) else None
                            found = facts(other) if rule is not None else None
                            if rule is None or found is None:
                                continue
                            missing = rule.implied - found
                            if missing:
                                out.append(Broken(rule, item.loc(*concrete, str(then)), item,
                                                  missing))
    return out


@dataclass(frozen=True)
class Block:
    """Items of ``section`` with ``when`` = ``value`` number ``field`` within
    ``low..high``, a block no other value's numbers enter."""

    section: str
    when: str
    value: str
    field: str
    low: float
    high: float
    support: int

    def says(self) -> str:
        return (f"every shipped {self.section} with {self.when} {self.value} has a "
                f"{self.field} in {_shown(self.low)}..{_shown(self.high)}, a block of "
                f"its own")


def _shown(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


Blocks = dict[tuple[str, str, str], dict[str, Block]]


def learn_blocks(content: ContentSet) -> Blocks:
    """Number fields a categorical field splits into disjoint blocks (resistance cards
    1-12 capitalist, 13-24 showstopper...): each value with two numbers or more, at
    least :data:`~rules_engine.core.learned.SUPPORT` in all, no block entering
    another."""
    numbers: dict[tuple[str, str, str], dict[str, list[float]]] = defaultdict(
        lambda: defaultdict(list))
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for when, value in item.data.items():
                    if not _identifier(value) or when == "id":
                        continue
                    for name, n in item.data.items():
                        if is_number(n):
                            numbers[(section, str(when), str(name))][str(value)].append(
                                float(n))
    out: Blocks = {}
    for key, by_value in numbers.items():
        spans = sorted((min(v), max(v), value, len(v)) for value, v in by_value.items())
        if len(spans) < 2 or any(n < 2 for *_, n in spans) \
                or sum(n for *_, n in spans) < SUPPORT \
                or any(a[1] >= b[0] for a, b in zip(spans, spans[1:], strict=False)):
            continue
        out[key] = {value: Block(*key[:2], value, key[2], low, high, n)
                    for low, high, value, n in spans}
    return out


def outside_blocks(content: ContentSet, blocks: Blocks
                   ) -> list[tuple[Block, Block, Location, float]]:
    """Every item of ``content`` whose number lies in another value's block: (its own
    block, the block it lies in, where, the number)."""
    out = []
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for (s, when, name), by_value in blocks.items():
                    value, found = item.data.get(when), item.data.get(name)
                    if s != section or not isinstance(value, str) or value not in by_value \
                            or not isinstance(found, int | float) or isinstance(found, bool):
                        continue
                    own, number = by_value[value], float(found)
                    if own.low <= number <= own.high:
                        continue
                    entered = [b for b in by_value.values() if b.low <= number <= b.high]
                    if entered:
                        out.append((own, entered[0], item.loc(name), number))
    return out
