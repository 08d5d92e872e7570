"""A campaign whose dates disagree: its name, its id, its period and its prose.

A campaign's manifest gives an id and a name that carry its year
(``american-revolution-1776``, "American Revolution 1776") and a ``year`` period
("1763-1783") that its cards' prose stays in. Each of these is a warning:

* the id's numbers are not all in the name (a name edited to 1777 under an id of
  1776, or the other way);
* the id's year (a number of four digits) lies outside the period, or the period
  ends before it starts;
* a year in the prose of the campaign's cards or manifest after the period ends (an
  anachronism: "in April 1875 regulars march through Lexington"); years before it
  are background ("an emergency law in force since 1981") and are not judged (nor is
  the name, held to the id).

A year is a number of four digits from 1000 to 2999 standing alone in a text.

Failing::

    campaign: {id: russian-revolution-1917, name: "Russian Revolution 1918", year: "1905-1917"}

Passing::

    campaign: {id: russian-revolution-1917, name: "Russian Revolution 1917", year: "1905-1917"}
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rules_engine.core.content import CampaignContent, Item
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.learned import walk
from rules_engine.core.lint import LintContext

CODE = "L708"
NAME = "campaign-dates"
SEVERITY = Severity.WARNING
LOCAL = True                # each campaign on its own: runs on content with errors
YEAR = re.compile(r"(?<![\w.])([12]\d{3})(?![\w.])")
PERIOD = re.compile(r"^\s*([12]\d{3})\s*[-–]\s*([12]\d{3})\s*$")
NUMBER = re.compile(r"\d+")
SKIPPED = frozenset({"id", "year"})


def _finding(message: str, item: Item, *path: str | int) -> Diagnostic:
    return Diagnostic(CODE, SEVERITY, message, item.loc(*path))


def _manifest(manifest: Item) -> Iterator[Diagnostic]:
    ident, name = manifest.get("id"), manifest.get("name")
    if isinstance(ident, str) and isinstance(name, str):
        missing = [n for n in NUMBER.findall(ident) if n not in NUMBER.findall(name)]
        if missing:
            yield _finding(f"campaign {ident}: its id says {', '.join(missing)}, its name "
                           f"{name!r} does not", manifest, "name")


def _period(manifest: Item) -> tuple[int, int] | None:
    match = PERIOD.match(str(manifest.get("year") or ""))
    return (int(match.group(1)), int(match.group(2))) if match else None


def _campaign(campaign: CampaignContent) -> Iterator[Diagnostic]:
    manifest = campaign.manifest
    if manifest is None:
        return
    yield from _manifest(manifest)
    period = _period(manifest)
    if period is None:
        return
    start, end = period
    ident = str(manifest.get("id") or "")
    if start > end:
        yield _finding(f"campaign {ident}: its period {start}-{end} ends before it starts",
                       manifest, "year")
        return
    for year in (int(y) for y in YEAR.findall(ident)):
        if not start <= year <= end:
            yield _finding(f"campaign {ident}: its id's year {year} lies outside its period "
                           f"{start}-{end}", manifest, "year")
    items = [manifest, *(i for items in campaign.sections.values() for i in items)]
    for item in items:
        seen: set[tuple[str | int, ...]] = set()
        for path, concrete, value in walk(item.data, (), ()):
            if not isinstance(value, str) or not path or path[-1] in SKIPPED or \
                    concrete in seen or (item is manifest and path == ("name",)):
                continue
            seen.add(concrete)
            late = [int(y) for y in YEAR.findall(value) if int(y) > end]
            if late:
                yield _finding(f"campaign {ident}: this text names {late[0]}, after the "
                               f"campaign's period {start}-{end} ends", item, *concrete)


def check(context: LintContext) -> Iterator[Diagnostic]:
    for campaign in context.content.campaigns:
        yield from _campaign(campaign)
