"""Costs against effects, learned from a game's shipped content: the price formula its
items follow, and that none is strictly worse than another at no lower price.

For each kind (a section, or a section per categorical value as in
:mod:`rules_engine.core.learned`) and each of its *cost fields* (a top-level number, or
mapping of numbers, whose name says ``cost``), :func:`learn` fits the cost by least
squares to the item's *features*: its other top-level numbers and booleans, each
number of a mapping of numbers (``icons.corruption``), and each verb of a list of
verbs (``effects:draw``, a ``{draw: 2}`` counting 2). The model is kept when it is
tight: every shipped cost within :data:`TIGHT` of the formula, at least
:data:`~rules_engine.core.learned.SUPPORT` items more than it has terms. New content
departs from it when an item's cost lies more than the shipped worst fit plus
:data:`SLACK` away (an item with a feature no shipped item has is not judged).

A kept model also tells benefits (positive weights) from drawbacks (negative ones).
Where no shipped pair of its kind is *dominated* (one item as good or better in
every benefit and drawback, at no higher cost in every cost field, and better in
one), a new item dominated by another (shipped or new) is reported.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import SUPPORT, categories_of, folders, unique_fields

TIGHT = 0.5
"""A model is kept when no shipped cost lies further than this from its formula."""
SLACK = 0.25
"""New content departs from a model beyond the shipped worst fit plus this."""
R_SQUARED = 0.9
"""And when it explains at least this share of the shipped costs' variance."""
_NOT_FEATURES = frozenset({"id", "copies", "count"})

Features = dict[str, float]


def cost_value(value: Any) -> float | None:
    """A cost field's value: the number, or the total of a mapping of numbers."""
    if is_number(value):
        return float(value)
    if isinstance(value, Mapping) and value and all(is_number(v) for v in value.values()):
        return float(sum(value.values()))
    return None


def _cost_field(key: str) -> bool:
    return "cost" in key


def features(item: Item, labels: frozenset[str]) -> Features:
    """An item's features (module docstring); labels (numbers, titles) are not."""
    out: Features = defaultdict(float)
    for key, value in item.data.items():
        key = str(key)
        if _cost_field(key) or key in labels or key in _NOT_FEATURES:
            continue
        if isinstance(value, bool) or is_number(value):
            out[key] = float(value)
        elif isinstance(value, Mapping) and value and all(is_number(v) for v in value.values()):
            for sub, n in value.items():
                out[f"{key}.{sub}"] = float(n)
        elif isinstance(value, list):
            for entry in value:
                if isinstance(entry, str):
                    out[f"{key}:{entry}"] += 1
                elif isinstance(entry, Mapping) and len(entry) == 1:
                    verb, n = next(iter(entry.items()))
                    if is_number(n):
                        out[f"{key}:{verb}"] += float(n)
    return dict(out)


def _solve(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Least squares by the normal equations (a tiny ridge keeps collinear terms
    apart), Gauss-Jordan with partial pivoting."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j and i else 0.0)
          for j in range(n)] for i in range(n)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and a[r][col]:
                m = a[r][col] / a[col][col]
                a[r] = [x - m * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= m * b[col]
    return [b[i] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(n)]


@dataclass(frozen=True)
class CostModel:
    """One kept formula: ``target`` of ``view`` ≈ intercept + Σ weight × feature."""

    view: str
    section: str
    target: str
    intercept: float
    weights: tuple[tuple[str, float], ...]
    worst: float            # the largest shipped distance from the formula
    support: int

    def predict(self, found: Features) -> float:
        weights = dict(self.weights)
        return self.intercept + sum(weights[k] * v for k, v in found.items())

    def says(self, found: Features) -> str:
        """The formula applied to one item's features, in words."""
        weights = dict(self.weights)
        terms = "".join(f" {'-' if weights[k] < 0 else '+'} {abs(weights[k]):.2g}×{v:g} {k}"
                        for k, v in sorted(found.items()) if v and abs(weights.get(k, 0)) >= 0.05)
        return (f"the shipped {self.view}.{self.target} follow one formula of their "
                f"effects ({self.support} kept it within ±{self.worst:.2f}); for this item "
                f"it gives {self.intercept:.2g}{terms} = {self.predict(found):.1f}")


@dataclass(frozen=True)
class Departure:
    """An item whose cost departs from ``model`` (``other`` None), or which another
    item (``other``) dominates."""

    model: CostModel
    item: Item
    location: Location
    cost: float
    expected: float
    features: Features
    other: Item | None = None


@dataclass(frozen=True)
class CostModels:
    models: tuple[CostModel, ...]
    undominated: frozenset[tuple[str, str]]     # (view, target) with no shipped dominance
    labels: Mapping[str, frozenset[str]]
    categories: Mapping[str, tuple[str, ...]]
    shipped: Mapping[str, tuple[Item, ...]]


def _views(section: str, item: Item, categories: Mapping[str, tuple[str, ...]]
           ) -> Iterator[str]:
    yield section
    for key in categories.get(section, ()):
        value = item.data.get(key)
        if isinstance(value, str):
            yield f"{section}{{{key}={value}}}"


def _grouped(content: ContentSet, categories: Mapping[str, tuple[str, ...]]
             ) -> dict[str, list[tuple[str, Item]]]:
    out: dict[str, list[tuple[str, Item]]] = defaultdict(list)
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for view in _views(section, item, categories):
                    out[view].append((section, item))
    return out


def _fit(view: str, section: str, target: str, items: list[Item],
         labels: frozenset[str]) -> CostModel | None:
    rows = [(features(i, labels), cost_value(i.data[target])) for i in items
            if target in i.data]
    pairs = [(f, c) for f, c in rows if c is not None]
    names = sorted({k for f, _ in pairs for k in f})
    if not names or len(pairs) < len(names) + 1 + SUPPORT:
        return None
    matrix = [[1.0, *(f.get(k, 0.0) for k in names)] for f, _ in pairs]
    costs = [c for _, c in pairs]
    weights = _solve(matrix, costs)
    misses = [c - sum(w * x for w, x in zip(weights, row, strict=True))
              for row, c in zip(matrix, costs, strict=True)]
    mean = sum(costs) / len(costs)
    spread = sum((c - mean) ** 2 for c in costs)
    worst = max(abs(m) for m in misses)
    if spread == 0 or worst > TIGHT or 1 - sum(m * m for m in misses) / spread < R_SQUARED:
        return None
    return CostModel(view, section, target, weights[0],
                     tuple(zip(names, weights[1:], strict=True)), worst, len(pairs))


def _dominates(model: CostModel, better: Item, worse: Item, ours: Features,
               theirs: Features) -> bool:
    """Whether ``better`` (its features ``ours``) is as good as ``worse`` (``theirs``)
    in every term of ``model`` and every cost field, and better in one."""
    if (set(ours) | set(theirs)) - {k for k, _ in model.weights}:
        return False
    strictly = False
    for key, weight in model.weights:
        a, b = ours.get(key, 0.0), theirs.get(key, 0.0)
        gain = (a - b) * (1 if weight > 0 else -1)
        if gain < 0:
            return False
        strictly |= gain > 0 and abs(weight) >= 0.05
    for key in set(better.data) | set(worse.data):
        if _cost_field(str(key)):
            a_cost, b_cost = cost_value(better.data.get(key)), cost_value(worse.data.get(key))
            if a_cost is None or b_cost is None:
                if a_cost != b_cost:
                    return False
                continue
            if a_cost > b_cost:
                return False
            strictly |= a_cost < b_cost
    return strictly


def learn(content: ContentSet) -> CostModels:
    """The tight cost models of ``content`` (a game's shipped content)."""
    categories = categories_of(content)
    labels: dict[str, set[str]] = defaultdict(set)
    for path, (unique, _) in unique_fields(content).items():
        if unique and len(path) == 2:
            labels[path[0]].add(path[1])
    frozen = {s: frozenset(v) for s, v in labels.items()}
    models: list[CostModel] = []
    undominated: set[tuple[str, str]] = set()
    shipped: dict[str, tuple[Item, ...]] = {}
    for view, members in sorted(_grouped(content, categories).items()):
        section = members[0][0]
        items = [i for _, i in members]
        targets = sorted({str(k) for i in items for k, v in i.data.items()
                          if _cost_field(str(k)) and cost_value(v) is not None})
        for target in targets:
            model = _fit(view, section, target, items, frozen.get(section, frozenset()))
            if model is None:
                continue
            models.append(model)
            shipped[view] = tuple(items)
            own = frozen.get(section, frozenset())
            feats = [features(i, own) for i in items]
            if not any(_dominates(model, a, b, fa, fb) for a, fa in zip(items, feats, strict=True)
                       for b, fb in zip(items, feats, strict=True) if a is not b):
                undominated.add((view, target))
    return CostModels(tuple(models), frozenset(undominated), frozen, categories, shipped)


def departures(content: ContentSet, learned: CostModels) -> list[Departure]:
    """Every item of ``content`` whose cost departs from a shipped model, or that
    another item of its kind dominates, in content order (one finding an item and
    cost field: the first kind that judges it)."""
    grouped = _grouped(content, learned.categories)
    found: dict[tuple[int, str], Departure] = {}
    for model in learned.models:
        labels = learned.labels.get(model.section, frozenset())
        members = [i for _, i in grouped.get(model.view, [])]
        known = {k for k, _ in model.weights}
        shipped = learned.shipped.get(model.view, ())
        feats = {id(i): features(i, labels) for i in (*members, *shipped)}
        as_shipped = {i.data.get("id"): i.data for i in shipped}
        unchanged = {id(i) for i in members
                     if "id" in i.data and as_shipped.get(i.data["id"]) == i.data}
        unchanged |= {id(i) for i in shipped}
        for item in members:
            key = (id(item), model.target)
            cost = cost_value(item.data.get(model.target))
            own = feats[id(item)]
            if key in found or cost is None or set(own) - known:
                continue
            expected = model.predict(own)
            if abs(cost - expected) > model.worst + SLACK:
                found[key] = Departure(model, item, item.loc(model.target), cost, expected, own)
                continue
            if (model.view, model.target) not in learned.undominated:
                continue
            rivals = _rivals(item, members, shipped)      # shipped pairs: none dominates
            better = next((o for o in rivals if not {id(o), id(item)} <= unchanged
                           and _dominates(model, o, item, feats[id(o)], own)), None)
            if better is not None:
                found[key] = Departure(model, item, item.location, cost, expected, own, better)
    return sorted(found.values(), key=lambda d: (d.location.file, d.location.line,
                                                 d.location.column))


def _rivals(item: Item, members: list[Item], shipped: tuple[Item, ...]) -> Iterator[Item]:
    """The items ``item`` is weighed against: the content's others of its kind, and the
    shipped ones the content does not hold (by id)."""
    held = {m.data.get("id") for m in members}
    for other in members:
        if other is not item:
            yield other
    for other in shipped:
        if other.data.get("id") not in held:
            yield other
