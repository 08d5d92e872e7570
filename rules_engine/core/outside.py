"""Findings about base content, moved to the outside campaign that brings it in.

A campaign kept in its own repository is linted with the base game from the
installed package. A finding about a base card (a Resistance card a Tyranny choice
unlocks, a power dead under the campaign's Mandate) would point into the package,
where the campaign repository's CI annotations and ``# samizdat: ignore[...]``
comments cannot attach. So, when at least one campaign folder lies outside the game
folder, a lint rule's finding (an ``L`` code) or a run-level one (``R``: analyses
not run, or crashed) located in the game folder is moved, by this rule:

1. to its first related location inside an outside campaign, if it has one;
2. else to the value in an outside campaign's file that names the base item the
   finding is in (a field named after the item's section, such as
   ``resistance: 7`` for Resistance card 7 of ``resistance_cards``);
3. else to the manifest (``campaign.yaml``) of the first outside campaign.

The base location is kept as a related location, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rules_engine.core.content import CampaignContent, ContentSet, Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related


def _inside(file: str, folder: str) -> bool:
    try:
        return Path(file).resolve().is_relative_to(Path(folder).resolve())
    except (OSError, ValueError):
        return False


def outside_campaigns(content: ContentSet) -> list[CampaignContent]:
    """The campaigns of ``content`` whose folder is not inside the game folder."""
    return [c for c in content.campaigns if not _inside(c.folder, content.folder)]


def relocated(content: ContentSet, found: Iterable[Diagnostic]) -> Iterator[Diagnostic]:
    """``found``, with each finding about base content moved to the outside campaign
    that brings it in (see the module's rule); unchanged without outside campaigns."""
    outside = outside_campaigns(content)
    if not outside:
        yield from found
        return
    for d in found:
        file = d.location.file
        if not d.code.startswith(("L", "R")):   # validation's own stay where they are
            yield d
            continue
        if not _inside(file, content.folder) or any(_inside(file, c.folder)
                                                    for c in content.campaigns):
            yield d
            continue
        yield _moved(content, outside, d)


def _moved(content: ContentSet, outside: list[CampaignContent], d: Diagnostic) -> Diagnostic:
    target = next((r.location for r in d.related
                   if any(_inside(r.location.file, c.folder) for c in outside)), None)
    if target is None:
        target = _naming(content, outside, d.location)
    if target is None:
        first = outside[0]
        target = first.manifest.location if first.manifest else Location(first.folder)
    note = Related(d.location, "the base content this finding is about")
    return Diagnostic(d.code, d.severity, d.message, target, (*d.related, note), d.hint)


def _base_item(content: ContentSet, where: Location) -> tuple[str, Item] | None:
    """The base item (and its section) that ``where`` lies in: the last one of its
    file starting at or before it."""
    best: tuple[str, Item] | None = None
    for section, items in content.sections.items():
        for item in items:
            start = item.location
            if start.file != where.file or (start.line, start.column) > (where.line,
                                                                         where.column):
                continue
            if best is None or (best[1].location.line, best[1].location.column) < (
                    start.line, start.column):
                best = (section, item)
    return best


def _naming(content: ContentSet, outside: list[CampaignContent], where: Location
            ) -> Location | None:
    found = _base_item(content, where)
    if found is None:
        return None
    section, item = found
    names = {v for v in (item.get("id"), item.get("number")) if v is not None}
    if not names:
        return None
    for campaign in outside:
        for items in campaign.sections.values():
            for candidate in items:
                path = _field_naming(candidate.data, section, names, ())
                if path is not None:
                    return candidate.loc(*path)
    return None


def _field_naming(data: Any, section: str, names: set[Any], path: tuple[str | int, ...]
                  ) -> tuple[str | int, ...] | None:
    """The path of the first field under ``data`` named after ``section`` (its name is
    the section's start, as ``resistance`` for ``resistance_cards``) whose value is
    one of ``names``."""
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and section.startswith(key) and not isinstance(
                    value, bool) and isinstance(value, (int, str)) and value in names:
                return (*path, key)
            deeper = _field_naming(value, section, names, (*path, key))
            if deeper is not None:
                return deeper
    elif isinstance(data, list):
        for index, value in enumerate(data):
            deeper = _field_naming(value, section, names, (*path, index))
            if deeper is not None:
                return deeper
    return None
