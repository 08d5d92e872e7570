"""Checks every game's model builder shares: unique keys and resolvable references."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Related, error


def check_unique(items: Iterable[Item], field: str, what: str,
                 key: Callable[[Item], Hashable] | None = None) -> list[Diagnostic]:
    """M401 for every item whose ``field`` (or ``key(item)``) repeats an earlier one."""
    seen: dict[Hashable, Item] = {}
    found: list[Diagnostic] = []
    for item in items:
        value = key(item) if key else item.get(field)
        if value is None:
            continue
        first = seen.get(value)
        if first is None:
            seen[value] = item
            continue
        shown = value if isinstance(value, str | int) else "/".join(map(str, value))  # type: ignore[arg-type]
        found.append(error("M401", f"{what} {shown!r} is defined twice",
                           item.loc(field) if not key else item.location,
                           related=[Related(first.loc(field) if not key else first.location,
                                            "first definition")]))
    return found


def check_reference(item: Item, path: tuple[str | int, ...], value: Any,
                    targets: Mapping[Any, Any] | Iterable[Any], what: str) -> list[Diagnostic]:
    """M402 when ``value`` (at ``path`` inside ``item``) is not among ``targets``."""
    if value in targets:
        return []
    known = sorted(targets, key=str)
    listing = ", ".join(map(str, known[:12])) + (" …" if len(known) > 12 else "")
    return [error("M402", f"{what} {value!r} does not exist", item.loc(*path),
                  hint=f"known: {listing}" if known else f"no {what}s are defined")]
