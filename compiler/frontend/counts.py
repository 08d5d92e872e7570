"""Component counts: the numbers the rulebooks fix, declared in game.yaml, checked.

A count rule is ``{type, where, count}``: the number of items whose section holds
``type`` components and whose fields equal every ``where`` entry, each counted
``copies`` times.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error


def count_matching(items: Iterable[Item], where: Mapping[str, Any]) -> int:
    total = 0
    for item in items:
        if all(item.get(k) == v for k, v in where.items()):
            copies = item.get("copies", 1)
            total += copies if isinstance(copies, int) and not isinstance(copies, bool) else 1
    return total


def check_counts(rules: list[Item], components: Mapping[str, list[Item]],
                 scope: str, scope_location: Location | None = None) -> list[Diagnostic]:
    """N501 for every rule whose count differs; ``components`` maps type → items."""
    found: list[Diagnostic] = []
    for rule in rules:
        kind = rule["type"]
        where = rule.get("where") or {}
        have = count_matching(components.get(kind, []), where)
        want = rule["count"]
        if have == want:
            continue
        filt = ", ".join(f"{k}={v}" for k, v in where.items())
        what = f"{kind}" + (f" ({filt})" if filt else "")
        message = f"{scope} has {have} × {what}; the rulebook fixes {want}"
        if scope_location is None:
            found.append(error("N501", message, rule.location))
        else:
            found.append(error("N501", message, scope_location,
                               related=[Related(rule.location, "count declared here")]))
    return found
