"""Content that can never matter, judged against what the shipped content never does.

Three findings, each learned from a game's shipped items (:mod:`rules_engine.core.learned`
gives the fields and folders) and checked on new content:

* ``same-entry``: two entries of one item's list do the same once their words are
  set aside (two answers with one ideologue and one reward, two choices with one
  task and one power): picking one over the other can never matter. Learned per
  list field that holds two or more mapping entries in at least
  :data:`~rules_engine.core.learned.SUPPORT` shipped items, none of them repeated.
* ``same-item``: two items of one kind in one folder do the same once their words,
  their id and their labels (fields no two shipped items share, numbers and
  titles) are set aside: the second adds a card, not a choice. Learned per kind
  whose shipped folders never hold such a pair.
* ``unused-field``: an item carries a field that no shipped item of its category
  (``cards{type=motivation}``) ever has, while items of other categories of its
  kind do: the field the rules give other kinds, on a kind that never uses it.

Words are strings that are not identifiers: prose, titles, questions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import (
    IDENTIFIER,
    SUPPORT,
    Path,
    categories_of,
    folders,
    unique_fields,
    walk,
)


def _words(value: Any) -> bool:
    return isinstance(value, str) and not IDENTIFIER.match(value)


def mechanics(value: Any) -> Any:
    """``value`` without its words, as a hashable, order-free (for mappings) form."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), mechanics(v)) for k, v in value.items()
                            if not _words(v)))
    if isinstance(value, list):
        return tuple(mechanics(v) for v in value if not _words(v))
    return value


@dataclass(frozen=True)
class Finding:
    """One place of content that can never matter: which ``kind`` of finding, the
    field, where, the earlier place it repeats (if any) and the shipped support."""

    kind: str           # same-entry, same-item, unused-field
    name: str           # the field or kind, in words
    location: Location
    item: Item
    support: int
    first: Location | None = None
    view: str = ""


@dataclass
class Learned:
    """What the shipped content never does."""

    distinct_entries: dict[Path, int] = field(default_factory=dict)
    distinct_items: dict[str, int] = field(default_factory=dict)
    labels: dict[str, frozenset[str]] = field(default_factory=dict)
    unused: dict[tuple[str, str, str, str], int] = field(default_factory=dict)
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _entry_lists(item: Item, section: str) -> Iterator[tuple[Path, tuple[str | int, ...],
                                                            list[Any]]]:
    for path, concrete, value in walk(item.data, (section,), ()):
        if isinstance(value, list) and len(value) >= 2 \
                and all(isinstance(v, Mapping) for v in value):
            yield path, concrete, value


def _item_key(item: Item, labels: frozenset[str]) -> Any:
    return mechanics({k: v for k, v in item.data.items() if k != "id" and k not in labels})


def _repeat(keys: list[Any]) -> tuple[int, int] | None:
    """The first pair ``(earlier, later)`` of equal, non-empty keys."""
    seen: dict[Any, int] = {}
    for i, key in enumerate(keys):
        if key in ((), None):
            continue
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None


def learn(content: ContentSet) -> Learned:
    """What ``content`` (a game's shipped content) never does (module docstring)."""
    lists: dict[Path, list[bool]] = defaultdict(list)
    labels: dict[str, set[str]] = defaultdict(set)
    for path, (unique, _) in unique_fields(content).items():
        if unique and len(path) == 2:
            labels[path[0]].add(path[1])
    frozen = {s: frozenset(v) for s, v in labels.items()}
    items_repeat: dict[str, list[bool]] = defaultdict(list)
    categories = categories_of(content)
    has: dict[tuple[str, str, str], set[str]] = defaultdict(set)   # view -> fields
    held: dict[tuple[str, str, str], int] = defaultdict(int)
    field_count: dict[tuple[str, str], int] = defaultdict(int)
    for sections in folders(content):
        for section, items in sections.items():
            keys = [_item_key(i, frozen.get(section, frozenset())) for i in items]
            items_repeat[section].append(_repeat(keys) is not None)
            for item in items:
                for path, _, entries in _entry_lists(item, section):
                    lists[path].append(_repeat([mechanics(e) for e in entries]) is not None)
                for key in categories.get(section, ()):
                    value = item.data.get(key)
                    if isinstance(value, str):
                        view = (section, key, value)
                        held[view] += 1
                        has[view].update(str(k) for k in item.data)
                for k in item.data:
                    field_count[(section, str(k))] += 1
    out = Learned(labels=frozen, categories=categories)
    for path, repeats in lists.items():
        if len(repeats) >= SUPPORT and not any(repeats):
            out.distinct_entries[path] = len(repeats)
    for section, repeats in items_repeat.items():
        total = sum(len(items) for sections in folders(content)
                    for s, items in sections.items() if s == section)
        if total >= SUPPORT and not any(repeats):
            out.distinct_items[section] = total
    for view, count in held.items():
        if count < SUPPORT:
            continue
        section = view[0]
        for (s, k), n in field_count.items():
            if s == section and k not in has[view] and n >= SUPPORT:
                out.unused[(*view, k)] = count
    return out


def _field_name(path: Path) -> str:
    section, *keys = path
    return section + "".join(k if k.startswith("[") else f".{k}" for k in keys)


def found(content: ContentSet, learned: Learned) -> list[Finding]:
    """Every place of ``content`` that can never matter, in content order."""
    out: list[Finding] = []
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                out += _item_findings(item, section, learned)
            support = learned.distinct_items.get(section)
            if support is None:
                continue
            labels = learned.labels.get(section, frozenset())
            firsts: dict[Any, Item] = {}
            for item in items:
                key = _item_key(item, labels)
                if key == ():
                    continue
                if key in firsts:
                    out.append(Finding("same-item", section, item.location, item, support,
                                       firsts[key].location))
                else:
                    firsts[key] = item
    return out


def _item_findings(item: Item, section: str, learned: Learned) -> Iterator[Finding]:
    for path, concrete, entries in _entry_lists(item, section):
        support = learned.distinct_entries.get(path)
        pair = _repeat([mechanics(e) for e in entries]) if support else None
        if support and pair is not None:
            earlier, later = pair
            yield Finding("same-entry", _field_name(path), item.loc(*concrete, later), item,
                          support, item.loc(*concrete, earlier))
    strongest: dict[str, Finding] = {}       # one finding a field: the best-kept view
    for key in learned.categories.get(section, ()):
        value = item.data.get(key)
        if not isinstance(value, str):
            continue
        for k in item.data:
            unused = learned.unused.get((section, key, value, str(k)))
            if unused is not None and (str(k) not in strongest
                                       or unused > strongest[str(k)].support):
                strongest[str(k)] = Finding("unused-field", str(k), item.loc(str(k)), item,
                                            unused, view=f"{section} with {key} {value}")
    yield from strongest.values()
