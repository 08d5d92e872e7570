"""Component counts: the numbers the rulebooks fix, declared in game.yaml, checked.

A count rule is ``{type, where, count}``: the number of items whose section holds
``type`` components and whose fields equal every ``where`` entry, each counted
``copies`` times; ``assumed: true`` marks a count the design chose (a deck list the
source document does not give), checked the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error

NAMED = 12
"""A count off its number names the items it counted when there are this few: one of
them is the extra card, or the missing one's neighbour (in a longer list, the items
that print their ``copies``)."""


def _copies(item: Item) -> int:
    copies = item.get("copies", 1)
    return copies if isinstance(copies, int) and not isinstance(copies, bool) else 1


def matching(items: Iterable[Item], where: Mapping[str, Any]) -> list[Item]:
    return [item for item in items if all(item.get(k) == v for k, v in where.items())]


def count_matching(items: Iterable[Item], where: Mapping[str, Any]) -> int:
    return sum(_copies(item) for item in matching(items, where))


def _suspects(counted: list[Item]) -> list[Item]:
    """The counted items a count off its number names: all of them when there are at
    most :data:`NAMED`, else those that print a ``copies`` number (a copy too many or
    too few is the likeliest slip in a long list), when there are that few."""
    if len(counted) <= NAMED:
        return counted
    copied = [item for item in counted if "copies" in item.data]
    return copied if len(copied) <= NAMED else []


def check_counts(rules: list[Item], components: Mapping[str, list[Item]],
                 scope: str, scope_location: Location | None = None) -> list[Diagnostic]:
    """N501 for every rule whose count differs; ``components`` maps type → items."""
    found: list[Diagnostic] = []
    for rule in rules:
        kind = rule["type"]
        where = rule.get("where") or {}
        counted = matching(components.get(kind, []), where)
        have = sum(_copies(item) for item in counted)
        want = rule["count"]
        if have == want:
            continue
        filt = ", ".join(f"{k}={v}" for k, v in where.items())
        what = f"{kind}" + (f" ({filt})" if filt else "")
        fixes = "the design fixes" if rule.get("assumed") is True else "the rulebook fixes"
        message = f"{scope} has {have} × {what}; {fixes} {want}"
        named = [Related(item.location, f"counted ({_copies(item)})")
                 for item in _suspects(counted)]
        if scope_location is None:
            found.append(error("N501", message, rule.location, related=named))
        else:
            found.append(error("N501", message, scope_location,
                               related=[Related(rule.location, "count declared here"),
                                        *named]))
    return found
