"""Invariants learned from a game's shipped content (in the manner of Daikon): what
every shipped item of a kind has in common, checked on new content.

Items are flattened into *fields*: a section (the component kind) and a path of keys,
where a list stands as ``[]`` and a list item that is a mapping whose first value is
an identifier stands as ``[key=value]`` (``effects[when=activated].cost.funds``), so
that like is compared with like. Over the shipped items, :func:`learn` keeps, for a
field seen at least :data:`SUPPORT` times:

* ``range``: every number lies in ``min..max`` (a constant when they are equal);
* ``sum``: the numbers of a mapping of numbers (``resources: {funds: 2, trust: 2}``)
  add up to a value in ``min..max``;
* ``length``: a list holds ``min..max`` items;
* ``distinct``: the values of a field inside one item's list are never repeated
  (two answers of one card never name the same ideologue);
* ``unique``: no two items of one folder (the game's, or one campaign's) share the
  value (numbers, titles).

:func:`broken` lists each place in a content that breaks one: the invariant, the
value, where, and how many shipped items keep it. The content's own shipped items
keep every invariant by construction, so only new or edited content is reported.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.colours import NEAR, distance, is_colour
from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location

SUPPORT = 8
"""The fewest shipped observations (items, for ``unique``) an invariant rests on."""
IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_:.\-]{0,47}$")

Path = tuple[str, ...]          # the field: section, then keys ("[]" for a list)
Concrete = tuple[str | int, ...]  # the item's own path to the value


@dataclass(frozen=True)
class Invariant:
    """One learned fact: its ``kind``, its ``field``, the bounds (``range``, ``sum``,
    ``length``) and how many shipped observations keep it."""

    kind: str
    field: Path
    low: float = 0
    high: float = 0
    support: int = 0

    @property
    def name(self) -> str:
        return _field_name(self.field)

    def says(self) -> str:
        """The invariant in words."""
        bounds = _bounds(self.low, self.high)
        if self.kind == "range":
            return f"every shipped {self.name} is {bounds}"
        if self.kind == "sum":
            return f"the numbers of every shipped {self.name} add up to {bounds}"
        if self.kind == "length":
            return f"every shipped {self.name} holds {bounds} items"
        if self.kind == "distinct":
            return f"no shipped item repeats a {self.name} in its list"
        if self.kind == "apart":
            return (f"no two shipped items of one folder have a {self.name} within ΔE "
                    f"{self.high:g} of each other (they must be told apart in print)")
        return f"no two shipped items of one folder share a {self.name}"


@dataclass(frozen=True)
class Break:
    """A place of a content that breaks ``invariant``: the value found there."""

    invariant: Invariant
    value: Any
    location: Location
    item: Item
    first: Location | None = None     # for ``unique``: the item that has it already


@dataclass
class Invariants:
    """The invariants of one shipped content, by kind then field."""

    by_kind: dict[str, dict[Path, Invariant]] = field(default_factory=dict)
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shipped: dict[tuple[str, str, str], str] = field(default_factory=dict)
    """(section, item id, the value's own path) -> the shipped value, for the fields
    kept unique: of two items sharing a value, the one that left its shipped value is
    the one edited, and the finding goes there."""

    def all(self) -> list[Invariant]:
        return [i for kind in sorted(self.by_kind) for _, i in
                sorted(self.by_kind[kind].items())]


def _bounds(low: float, high: float) -> str:
    def shown(x: float) -> str:
        return str(int(x)) if float(x).is_integer() else f"{x:g}"
    return shown(low) if low == high else f"{shown(low)}..{shown(high)}"


def _field_name(path: Path) -> str:
    section, *keys = path
    out = section
    for key in keys:
        out += key if key.startswith("[") else f".{key}"
    return out


def _label(value: Any) -> str:
    """How a list item is told apart from its siblings: ``[key=value]`` when it is a
    mapping whose first value is an identifier, else ``[]``."""
    if isinstance(value, Mapping) and value:
        key, first = next(iter(value.items()))
        if isinstance(first, str) and IDENTIFIER.match(first):
            return f"[{key}={first}]"
    return "[]"


def walk(value: Any, path: Path, concrete: Concrete) -> Iterator[tuple[Path, Concrete, Any]]:
    """Every value under ``value`` with its field and its own path; a list item told
    apart by a label is seen under both its labelled and its plain (``[]``) field."""
    yield path, concrete, value
    if isinstance(value, Mapping):
        for key, sub in value.items():
            yield from walk(sub, (*path, str(key)), (*concrete, str(key)))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            label = _label(sub)
            yield from walk(sub, (*path, label), (*concrete, i))
            if label != "[]":
                yield from walk(sub, (*path, "[]"), (*concrete, i))


def mappings(item: Item, section: str) -> Iterator[tuple[Path, Concrete, Mapping[str, Any]]]:
    """Each mapping of an item (the item itself first) once, under its plain (``[]``)
    field."""
    for path, concrete, value in walk(item.data, (section,), ()):
        if isinstance(value, Mapping) and not any("=" in k for k in path[1:]):
            yield path, concrete, value


CATEGORIES = 8
"""A top-level identifier field taking 2..CATEGORIES values over a kind's shipped items
splits the kind: its invariants are also learned per value (``cards{type=revolution}``)."""


def _views(section: str, item: Item, categories: Mapping[str, tuple[str, ...]]
           ) -> Iterator[str]:
    """The kinds ``item`` of ``section`` counts as: the section, and the section per
    value of each of its categorical fields."""
    yield section
    for key in categories.get(section, ()):
        value = item.data.get(key)
        if isinstance(value, str):
            yield f"{section}{{{key}={value}}}"


def categories_of(content: ContentSet) -> dict[str, tuple[str, ...]]:
    values: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for key, value in item.data.items():
                    if isinstance(value, str) and IDENTIFIER.match(value) and key != "id":
                        values[section][str(key)].add(value)
    return {section: tuple(sorted(k for k, v in keys.items() if 2 <= len(v) <= CATEGORIES))
            for section, keys in values.items()}


def _list_fields(values: list[Any]) -> Iterator[tuple[str, list[Any]]]:
    """For a list: ("", its scalars) and (key, the values of key in its mappings)."""
    scalars = [v for v in values if isinstance(v, str | int | float | bool) and _short(v)]
    if len(scalars) == len(values):
        yield "", scalars
    mappings = [v for v in values if isinstance(v, Mapping)]
    if len(mappings) == len(values):
        keys = {k for m in mappings for k in m}
        for key in sorted(keys, key=str):
            found = [m[key] for m in mappings if key in m]
            if len(found) == len(values) and all(isinstance(v, str | int | float)
                                                 and _short(v) for v in found):
                yield str(key), found


@dataclass
class _Seen:
    numbers: dict[Path, list[float]] = field(default_factory=lambda: defaultdict(list))
    sums: dict[Path, list[float]] = field(default_factory=lambda: defaultdict(list))
    lengths: dict[Path, list[int]] = field(default_factory=lambda: defaultdict(list))
    distinct: dict[Path, list[bool]] = field(default_factory=lambda: defaultdict(list))
    unique: dict[Path, list[bool]] = field(default_factory=lambda: defaultdict(list))
    scalars: dict[Path, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))


def _observe(seen: _Seen, section: str, item: Item) -> None:
    for path, _, value in walk(item.data, (section,), ()):
        if is_number(value):
            seen.numbers[path].append(float(value))
        elif isinstance(value, Mapping) and value and all(is_number(v) for v in value.values()):
            seen.sums[path].append(float(sum(value.values())))
        elif isinstance(value, list):
            seen.lengths[path].append(len(value))
            for key, values in _list_fields(value):
                if len(values) >= 2:
                    seen.distinct[(*path, key) if key else path].append(
                        len(set(map(str, values))) == len(values))


def folders(content: ContentSet) -> Iterator[dict[str, list[Item]]]:
    yield content.sections
    for campaign in content.campaigns:
        yield campaign.sections


SHORT = 40
"""Uniqueness and distinctness are learned for values this long or shorter (names,
numbers, identifiers), never for prose (ruling R69)."""


def _short(value: Any) -> bool:
    return not isinstance(value, str) or len(value) <= SHORT


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _scalar_fields(item: Item, section: str) -> Iterator[tuple[Path, Concrete, Any]]:
    """The short scalars of an item: its own (``section.key``), then those of the
    mapping entries of its lists (``section.key[].sub``), prose included."""
    for key, value in item.data.items():
        if _scalar(value):
            yield (section, str(key)), (str(key),), value
    for key, value in item.data.items():
        if isinstance(value, list):
            for i, entry in enumerate(value):
                if isinstance(entry, Mapping):
                    for sub, found in entry.items():
                        if _scalar(found):
                            yield (section, str(key), "[]", str(sub)), (str(key), i, str(sub)), \
                                found


def unique_fields(content: ContentSet) -> dict[Path, tuple[bool, int]]:
    """Per scalar field (an item's own that every item holds, or one of its list
    entries' seen at least :data:`SUPPORT` times): whether no folder repeats a value,
    and how many values it holds."""
    held: dict[Path, list[bool]] = defaultdict(list)
    counts: Counter[Path] = Counter()
    present: Counter[Path] = Counter()
    items_of: Counter[str] = Counter()
    prose: set[Path] = set()        # a field with a long value: never judged unique
    for sections in folders(content):
        for section, items in sections.items():
            items_of[section] += len(items)
            values: dict[Path, list[Any]] = defaultdict(list)
            for item in items:
                for path, _, value in _scalar_fields(item, section):
                    values[path].append(value)
                    if not _short(value):
                        prose.add(path)
            for path, found in values.items():
                held[path].append(len(set(map(str, found))) == len(found))
                counts[path] += len(found)
                present[path] += len(found)
    return {p: (all(v), counts[p]) for p, v in held.items() if p not in prose and (
            present[p] == items_of[p[0]] or (len(p) > 2 and counts[p] >= SUPPORT))}


def learn(content: ContentSet) -> Invariants:
    """The invariants every item of ``content`` keeps (see the module docstring)."""
    seen = _Seen()
    categories = categories_of(content)
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for view in _views(section, item, categories):
                    _observe(seen, view, item)
    out: dict[str, dict[Path, Invariant]] = defaultdict(dict)

    def keep(kind: str, path: Path, low: float, high: float, support: int) -> None:
        if support >= SUPPORT:
            out[path[0]][(kind, *path)] = Invariant(kind, path, low, high, support)

    for path, numbers in seen.numbers.items():
        keep("range", path, min(numbers), max(numbers), len(numbers))
    for path, sums in seen.sums.items():
        keep("sum", path, min(sums), max(sums), len(sums))
    for path, lengths in seen.lengths.items():
        keep("length", path, min(lengths), max(lengths), len(lengths))
    for path, held in seen.distinct.items():
        if all(held):
            keep("distinct", path, 0, 0, len(held))
    for path, (held_unique, support) in unique_fields(content).items():
        if held_unique and path[-1] != "id":   # ids: the model's own duplicate check
            keep("unique", path, 0, 0, support)
    return Invariants(dict(out), categories, _shipped_unique(content, out))


def _shipped_unique(content: ContentSet, kept: Mapping[str, Mapping[Path, Invariant]]
                    ) -> dict[tuple[str, str, str], str]:
    found: dict[tuple[str, str, str], str] = {}
    for sections in folders(content):
        for section, items in sections.items():
            rules = kept.get(section, {})
            for item in items:
                ident = item.data.get("id")
                if not isinstance(ident, str):
                    continue
                for path, concrete, value in _scalar_fields(item, section):
                    if ("unique", *path) in rules:
                        found[(section, ident, repr(concrete))] = str(value)
    return found


def _left_shipped(invariants: Invariants, section: str, item: Item, concrete: Concrete,
                  value: Any) -> bool:
    """Whether ``item`` is a shipped item whose value here is not its shipped one."""
    ident = item.data.get("id")
    shipped = invariants.shipped.get((section, str(ident), repr(concrete)))
    return shipped is not None and shipped != str(value)


EXACT = 20
"""A constant seen this many times or more is exact: any other value breaks it."""
FACTOR = 5
"""Otherwise a value breaks a range only when it lies more than this factor beyond
it (an order of magnitude, halved), is 0 where no shipped value is, or is negative
where none is: a designer's bolder number stays quiet; a slip of a digit (×10, a
dropped number) does not."""


def _outside(invariant: Invariant, value: float) -> bool:
    low, high = invariant.low, invariant.high
    if low == high and invariant.support >= EXACT:
        return value != low
    if value == 0 and low > 0:
        return True
    upper = high * FACTOR if high > 0 else high + FACTOR
    lower = low / FACTOR if low > 0 else low * FACTOR if low < 0 else 0.0
    return not lower <= value <= upper


def _item_breaks(invariants: Mapping[Path, Invariant], section: str,
                 item: Item) -> Iterator[Break]:
    for path, concrete, value in walk(item.data, (section,), ()):
        if is_number(value):
            rule = invariants.get(("range", *path))
            if rule is not None and _outside(rule, float(value)):
                yield Break(rule, value, item.loc(*concrete), item)
        elif isinstance(value, Mapping) and value and all(is_number(v) for v in value.values()):
            rule = invariants.get(("sum", *path))
            total = float(sum(value.values()))
            if rule is not None and _outside(rule, total):
                yield Break(rule, total, item.loc(*concrete), item)
        elif isinstance(value, list):
            rule = invariants.get(("length", *path))
            if rule is not None and _outside(rule, len(value)):
                yield Break(rule, len(value), item.loc(*concrete), item)
            for key, values in _list_fields(value):
                rule = invariants.get(("distinct", *((*path, key) if key else path)))
                repeated = [v for v, n in Counter(map(str, values)).items() if n > 1]
                if rule is not None and repeated:
                    second = [i for i, v in enumerate(values) if str(v) == repeated[0]][1]
                    sub: Concrete = (*concrete, second, key) if key else (*concrete, second)
                    yield Break(rule, repeated[0], item.loc(*sub), item)


def _near_colours(rule: Invariant, value: Any, item: Item, concrete: Concrete,
                  seen: Mapping[str, tuple[Item, Concrete]]) -> list[Break]:
    """A unique colour that prints nearly as one already taken (the ``apart`` kind:
    within :data:`rules_engine.core.colours.NEAR`), at the later, the nearest related."""
    if not is_colour(value):
        return []
    near = sorted((distance(str(value), other), other) for other in seen if is_colour(other))
    if not near or near[0][0] >= NEAR:
        return []
    apart = Invariant("apart", rule.field, near[0][0], NEAR, rule.support)
    other, where = seen[near[0][1]]
    return [Break(apart, f"{value} (ΔE {near[0][0]:.1f} from {near[0][1]})",
                  item.loc(*concrete), item, other.loc(*where))]


def broken(content: ContentSet, invariants: Invariants) -> list[Break]:
    """Every place of ``content`` that breaks one of ``invariants``, in content order."""
    found: list[Break] = []
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                seen: set[tuple[str, Location]] = set()
                for view in _views(section, item, invariants.categories):
                    for hit in _item_breaks(invariants.by_kind.get(view, {}), view, item):
                        if (hit.invariant.kind, hit.location) not in seen:
                            seen.add((hit.invariant.kind, hit.location))
                            found.append(hit)
            rules = invariants.by_kind.get(section, {})
            if not rules:
                continue
            firsts: dict[Path, dict[str, tuple[Item, Concrete]]] = defaultdict(dict)
            for item in items:
                for path, concrete, value in _scalar_fields(item, section):
                    rule = rules.get(("unique", *path))
                    if rule is None or not _short(value):
                        continue
                    earlier = firsts[path].get(str(value))
                    if earlier is None:
                        found += _near_colours(rule, value, item, concrete, firsts[path])
                        firsts[path][str(value)] = (item, concrete)
                        continue
                    other, where = earlier
                    here = item.loc(*concrete)
                    if _left_shipped(invariants, section, other, where, value) and \
                            not _left_shipped(invariants, section, item, concrete, value):
                        found.append(Break(rule, value, other.loc(*where), other, here))
                    else:
                        found.append(Break(rule, value, here, item, other.loc(*where)))
    return found
