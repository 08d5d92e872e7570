"""Shared by AZADI's static lint rules: the raw items of the base game and of every
campaign, and the effect mappings (``do:`` or a rule) nested anywhere in an item, each
with its path, so a finding points at the exact value. (Not a rule.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_engine.core.content import every_item as every_item  # re-exported for the rules
from rules_engine.core.content import mappings as mappings  # re-exported for the rules

Path = tuple[str | int, ...]


def abilities(data: Any, path: Path = ()) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every ability (a mapping with ``do:``) nested in ``data``, with its path."""
    for where, found in mappings(data, path):
        if isinstance(found.get("do"), list):
            yield where, found


def total(cost: Any) -> int:
    """The number of resources a cost mapping asks for (its whole-number values)."""
    if not isinstance(cost, dict):
        return 0
    return sum(v for v in cost.values() if isinstance(v, int) and not isinstance(v, bool))
