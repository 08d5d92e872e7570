"""The data behind mats and boards: rows of cells (tracks, slots, areas, spaces)
computed from a game's content and parameters, which mat layouts place by name
(``source: <name>``). The game's plug-in names the functions that compute them
(``mat_cells``: for the shipped games ``rules_engine/<game>/mats.py``); this module
looks them up and hands them the game's wording. Positions live in the layouts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.core.printed import Cell as Cell  # re-exported
from rules_engine.core.printed import MatSource, Wording

Source = Callable[[Any], list[Cell]]
"""A game's mat source with its wording bound: the model to the cells."""


def declared_sources(game: str) -> Mapping[str, MatSource]:
    """The mat sources ``game``'s plug-in names, by name ({} for none), unworded: what
    the front end checks mats against without loading the phrase engine."""
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    found = plugin(game)
    if found is None or not found.mat_cells:
        return {}
    declared: Mapping[str, MatSource] = named(found.mat_cells)
    return declared


def sources_of(game: str, lang: str = "en") -> dict[str, Source]:
    """The mat sources of ``game``: the mapping its plug-in names ({} for none), each
    worded in ``game``'s phrases (in ``lang``'s)."""
    from compiler.text.effect_text import wording

    declared = declared_sources(game)
    if not declared:
        return {}
    words = wording(game, lang)
    return {name: _worded(source, words) for name, source in declared.items()}


def _worded(source: MatSource, words: Wording) -> Source:
    def cells(model: Any) -> list[Cell]:
        return source(model, words)

    return cells
