"""Icons named in the content's words that the game has no file for, found without
fitting a card: every string of every item (a card's text, flavour, a title, an
answer) is read for ``:name:`` and each name held to the game's icon folders (the
build's B624, which ``lint --preflight`` and ``build`` give at the fitted card).
``samizdat lint`` runs it, so a misspelt ``:hackin:`` is found by the plain lint a
designer runs in CI, not only when the deck is printed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from compiler.frontend.icon_names import icon_names
from compiler.text.icon_check import diagnostic, unknown_icons
from rules_engine.core.content import ContentSet, Item, every_item
from rules_engine.core.diagnostics import Diagnostic

Concrete = tuple[str | int, ...]


def _strings(data: Any, path: Concrete = ()) -> Iterator[tuple[Concrete, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, (*path, i))


def _item_icons(item: Item, game: str, templates: Path | None) -> Iterator[Diagnostic]:
    icons = icon_names(game, templates)
    for path, text in _strings(item.data):
        for name in unknown_icons(text, icons):
            what = f"{item.data.get('id') or item.data.get('title') or 'this item'}"
            field = ".".join(str(p) for p in path)
            yield diagnostic(f"{what} {field}", name, icons, item.loc(*path))


def unknown_icon_findings(contents: dict[str, ContentSet], templates: Path | None
                          ) -> list[Diagnostic]:
    """B624 for each icon a string of ``contents`` names that its game has no file for."""
    found: list[Diagnostic] = []
    for game, content in sorted(contents.items()):
        for _, item in every_item(content):
            found += _item_icons(item, game, templates)
    return found
