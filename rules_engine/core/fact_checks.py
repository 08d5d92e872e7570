"""The generic checkers of the content facts of a game's facts table (rules as data):
one per fact kind, each finding at the content line where the content departs from
the fact.

A fact's ``field`` is a content section and a path of keys (``tyranny_cards.choices``,
``tyranny_cards.choices[].resistance``: ``[]`` stands for each entry of a list); its
``where`` keeps the items whose fields equal every entry, and its ``unless`` leaves
out the entries (the mapping holding the value) that hold one of the keys it names.
:func:`departures` walks every folder of the content (the game's, each campaign's)
and yields, per fact:

* ``length``: a list holding another number of entries than ``value`` (a number, or
  ``{min, max}``);
* ``range``: a number outside ``{min, max}``;
* ``distinct``: a value repeated inside one item (the field ends in a list entry's
  key);
* ``unique``: a value a second item has too (``value: folder``, or ``game`` for the
  whole content);
* ``absent``: the field present at all;
* ``combination``: a second item of one folder with the same values of every field
  ``value`` lists (``[ideologue, level]``);
* ``compulsory``: an entry at the field marked ``optional: true``;
* ``holds``: an item of the section ``of`` that ``field`` names fewer or more times
  than ``{min, max}`` (found at that item, with the items that name it);
* ``sequence``: a number of ``{min, max}`` that no item of the folder (``scope:
  game``: of the whole content) holds, found at the item that follows the gap;
* ``one_of``: a value that is none of the names ``value`` lists (the eleven
  countries a document names);
* ``always``: an entry at the field that does not hold everything the mapping
  ``value`` holds, nested keys and all (every Monument power is used ``once`` and
  only ``after_azadi``), found at the key that differs, or at the entry lacking it.

A fact naming a ``parameter`` follows the manifest's value of it where the manifest
gives one (a variant, ruling R69).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.core.content import ContentSet, Item, is_number, values_at
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import folders
from rules_engine.core.ranges import empty
from rules_engine.core.source_facts import Fact

KINDS = frozenset({"length", "range", "distinct", "unique", "absent", "combination",
                   "compulsory", "holds", "sequence", "one_of", "always"})
_MISSING = object()
Concrete = tuple[str | int, ...]


@dataclass(frozen=True)
class Departure:
    """Where the content departs from ``fact``: what was found, and the earlier place
    holding the same value (``distinct``, ``unique``)."""

    fact: Fact
    location: Location
    found: str
    first: Location | None = None
    related: tuple[Location, ...] = ()


def _path(fact: Fact) -> tuple[str, list[str]]:
    section, *keys = fact.name.replace("[]", ".[]").split(".")
    return section, [k for k in keys if k]


def _bounds(value: Any) -> tuple[float, float]:
    if isinstance(value, Mapping):
        return float(value.get("min", float("-inf"))), float(value.get("max", float("inf")))
    return float(value), float(value)


def shown(value: Any) -> str:
    if isinstance(value, Mapping):
        low, high = value.get("min"), value.get("max")
        return f"{low}..{high}" if low != high else str(low)
    return str(value)


def _matches(item: Item, where: Any) -> bool:
    return not isinstance(where, Mapping) or all(item.data.get(k) == v
                                                 for k, v in where.items())


def departures(content: ContentSet, facts: tuple[Fact, ...]) -> Iterator[Departure]:
    """Every place of ``content`` that departs from one of ``facts`` (its content kinds
    only, ``assumed`` ones left out), fact by fact, in content order."""
    for fact in facts:
        if fact.kind not in KINDS or fact.assumed:
            continue
        fact = _as_played(fact, content)
        section, keys = _path(fact)
        seen_game: dict[str, Location] = {}
        if fact.kind == "sequence" and fact.scope == "game":
            yield from _sequence(fact, keys, [i for sections in folders(content)
                                             for i in sections.get(section, [])
                                             if _matches(i, fact.where)])
            continue
        for sections in folders(content):
            items = [i for i in sections.get(section, []) if _matches(i, fact.where)]
            if fact.kind == "sequence":
                yield from _sequence(fact, keys, items)
            elif fact.kind == "combination":
                yield from _combinations(fact, items)
            elif fact.kind == "holds":
                yield from _holds(fact, keys, items, sections.get(fact.of or "", []))
            else:
                seen = seen_game if fact.value == "game" else {}
                for item in items:
                    yield from _item(fact, item, keys, seen)


def _as_played(fact: Fact, content: ContentSet) -> Fact:
    """``fact`` with the value of the manifest's parameter it names, where given (not
    an empty range: that is said once, at the parameter, by :mod:`rules_engine.core.ranges`)."""
    manifest = content.manifest
    if fact.parameter is None or manifest is None:
        return fact
    entry = (manifest.get("parameters") or {}).get(fact.parameter)
    value = entry.get("value") if isinstance(entry, Mapping) else None
    return fact if value is None or empty(value) else replace(fact, value=value)


def _combinations(fact: Fact, items: list[Item]) -> Iterator[Departure]:
    fields = [str(f) for f in fact.value or ()]
    seen: dict[tuple[str, ...], Location] = {}
    for item in items:
        values = [item.data.get(f) for f in fields]
        if any(v is None or isinstance(v, Mapping | list) for v in values):
            continue
        key = tuple(map(str, values))
        where = item.loc(fields[-1])
        if key in seen:
            shown_key = ", ".join(f"{f} {v}" for f, v in zip(fields, key, strict=True))
            yield Departure(fact, where, f"{shown_key} again", seen[key])
        else:
            seen[key] = where


def _sequence(fact: Fact, keys: list[str], items: list[Item]) -> Iterator[Departure]:
    low, high = _bounds(fact.value)
    numbered = [(int(value), item.loc(*concrete)) for item in items
                for concrete, value in values_at(item.data, keys)
                if is_number(value) and float(value).is_integer()]
    if not numbered:
        return
    held = {n for n, _ in numbered}
    for missing in range(int(low), int(high) + 1):
        if missing in held:
            continue
        after = [at for n, at in numbered if n > missing]
        yield Departure(fact, after[0] if after else numbered[-1][1],
                        f"no item numbered {missing}")


def _holds(fact: Fact, keys: list[str], members: list[Item], holders: list[Item]
           ) -> Iterator[Departure]:
    low, high = _bounds(fact.value)
    named: dict[str, list[Location]] = {}
    for item in members:
        for concrete, value in values_at(item.data, keys):
            if isinstance(value, str | int) and not isinstance(value, bool):
                named.setdefault(str(value), []).append(item.loc(*concrete))
    for holder in holders:
        ident = holder.data.get("id")
        held = named.get(str(ident), [])
        if ident is not None and not low <= len(held) <= high:
            yield Departure(fact, holder.loc(), f"{ident} holds {len(held)}",
                            related=tuple(held))


def _entry(data: Any, path: tuple[str | int, ...]) -> Any:
    """The value at ``path`` inside ``data``."""
    for step in path:
        data = data[step]
    return data


def _judged(fact: Fact, item: Item, keys: list[str]) -> list[tuple[Concrete, Any]]:
    """(path, value) of each value at ``keys`` the fact judges: not one whose entry
    holds a key of ``fact.unless``."""
    found = list(values_at(item.data, keys))
    if not fact.unless:
        return found
    return [(concrete, value) for concrete, value in found
            if not (isinstance(entry := _entry(item.data, concrete[:-1]), Mapping)
                    and any(k in entry for k in fact.unless))]


def _item(fact: Fact, item: Item, keys: list[str], seen: dict[str, Location]
          ) -> Iterator[Departure]:
    found = _judged(fact, item, keys)
    if fact.kind == "absent":
        for concrete, _ in found[:1]:
            yield Departure(fact, item.loc(*concrete), "present")
    elif fact.kind == "length":
        low, high = _bounds(fact.value)
        for concrete, value in found:
            if isinstance(value, list) and not low <= len(value) <= high:
                yield Departure(fact, item.loc(*concrete), f"{len(value)} entries")
    elif fact.kind == "one_of":
        names = {str(v) for v in fact.value or ()}
        for concrete, value in found:
            if isinstance(value, str | int) and str(value) not in names:
                yield Departure(fact, item.loc(*concrete), f"{value} is none of them")
    elif fact.kind == "always":
        for concrete, value in found:
            yield from _always(fact, item, concrete, value)
    elif fact.kind == "range":
        low, high = _bounds(fact.value)
        for concrete, value in found:
            if is_number(value) and not low <= value <= high:
                yield Departure(fact, item.loc(*concrete), str(value))
    elif fact.kind == "distinct":
        own: dict[str, Location] = {}
        for concrete, value in found:
            yield from _repeat(fact, item.loc(*concrete), value, own)
    elif fact.kind == "unique":
        for concrete, value in found:
            yield from _repeat(fact, item.loc(*concrete), value, seen)
    elif fact.kind == "compulsory":
        for concrete, value in found:
            entries = value if isinstance(value, list) else [value]
            for i, entry in enumerate(entries):
                if isinstance(entry, Mapping) and entry.get("optional") is True:
                    at = (*concrete, i) if isinstance(value, list) else concrete
                    yield Departure(fact, item.loc(*at, "optional"), "optional")


def wanted(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each (path, value) of the leaves of a mapping."""
    if isinstance(value, Mapping) and value:
        for key, sub in value.items():
            yield from wanted(sub, (*path, str(key)))
    else:
        yield path, value


def _always(fact: Fact, item: Item, concrete: Concrete, entry: Any) -> Iterator[Departure]:
    if not isinstance(entry, Mapping):
        return
    for path, want in wanted(fact.value):
        have: Any = entry
        for step in path:
            have = have.get(step, _MISSING) if isinstance(have, Mapping) else _MISSING
        if have is _MISSING:
            yield Departure(fact, item.loc(*concrete), f"no {'.'.join(path)}")
        elif have != want:
            shown_have = str(have).lower() if isinstance(have, bool) else have
            yield Departure(fact, item.loc(*concrete, *path),
                            f"{'.'.join(path)} is {shown_have}")


def _repeat(fact: Fact, where: Location, value: Any, seen: dict[str, Location]
            ) -> Iterator[Departure]:
    if isinstance(value, Mapping | list):
        return
    earlier = seen.get(str(value))
    if earlier is not None:
        yield Departure(fact, where, f"{value} again", earlier)
    else:
        seen[str(value)] = where
