"""Tables generated from a game's data, for the rules reference, aids and mats.

Each table is ``(caption, header, rows)`` (:data:`rules_engine.core.printed.Table`)
with cells in the project's markup; the rules data names them (``table: setup_table``)
and the game's plug-in names the functions that compute them (``tables``: for the
shipped games ``rules_engine/<game>/tables.py``). This module looks them up and
computes them with the game's wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.printed import Table as Table  # re-exported
from rules_engine.core.printed import TableFunction


def tables_of(game: str) -> Mapping[str, TableFunction]:
    """The tables ``game``'s rules data may name: the mapping its plug-in names ({}
    for none)."""
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    found = plugin(game)
    if found is None or not found.tables:
        return {}
    known: Mapping[str, TableFunction] = named(found.tables)
    return known


def table(game: str, name: str, model: Any, lang: str = "en") -> Table:
    """Table ``name`` of ``game`` computed from ``model`` (worded in ``lang``'s
    phrases); KeyError if unknown."""
    from compiler.text.effect_text import wording

    params = model.parameters.to_dict() if hasattr(model.parameters, "to_dict") else {}
    return tables_of(game)[name](model, params, wording(game, lang))
