"""Checks every game's model builder shares: unique keys and resolvable references."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error, quoted


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
        found.append(error("M401", f"{what} {quoted(shown)} is defined twice", _where(item, field),
                           related=[Related(_where(first, field), "first definition")]))
    return found


def _where(item: Item, field: str) -> Location:
    return item.loc(field) if field in item.data else item.location


def check_reference(item: Item, path: tuple[str | int, ...], value: Any,
                    targets: Mapping[Any, Any] | Iterable[Any], what: str) -> list[Diagnostic]:
    """M402 when ``value`` (at ``path`` inside ``item``) is not among ``targets``."""
    if value in targets:
        return []
    known = sorted(targets, key=lambda t: (isinstance(t, str), t if isinstance(t, int) else 0,
                                           str(t)))
    short = len(str(value)) <= 100          # close matches of a long value cost, and mislead
    close = difflib.get_close_matches(str(value), [str(k) for k in known], n=1) if short else []
    listing = ", ".join(str(k) if len(str(k)) <= 40 else quoted(k, 40)
                        for k in known[:12]) + (" …" if len(known) > 12 else "")
    hint = (f"did you mean {quoted(close[0])}?" if close and isinstance(value, str)
            else f"known: {listing}" if known else f"no {what}s are defined")
    return [error("M402", f"{what} {quoted(value)} does not exist", item.loc(*path),
                  hint=hint)]
