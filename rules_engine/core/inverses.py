"""Links that name each other, learned from a game's shipped content.

AZADI's campaigns each name their Mandate, and each Mandate names its campaign back:
every shipped ``russian-revolution-1917`` has ``mandate: patrimonialism``, and
``patrimonialism`` has ``campaign: russian-revolution-1917``. :func:`learn` finds,
among the top-level fields whose values are all ids of one other section (a campaign's
manifest counts as an item of the section ``campaign``), the pairs of fields that name
each other back in every shipped item, at least :data:`SUPPORT` times.

:func:`broken` lists the shipped items of new content that no longer name each other
back: the item named back keeps its link, the other has moved elsewhere (a campaign
given another campaign's Mandate), to an item that does not name it back either. New
items are not judged: a new campaign may play a shipped Mandate, which names its own
campaign.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import folders

SUPPORT = 4
"""The fewest shipped pairs that name each other for the link to be learned (a link is
structure, not a statistic: the four to five campaigns of a game are enough)."""


@dataclass(frozen=True)
class Inverse:
    """``section.field`` names an item of ``other``, whose ``back`` names it back."""

    section: str
    field: str
    other: str
    back: str
    support: int

    def says(self) -> str:
        return (f"every shipped {self.section} item's {self.field} is a {self.other} item "
                f"whose {self.back} names it back")


@dataclass(frozen=True)
class Unreturned:
    """A shipped item whose link no longer comes back."""

    inverse: Inverse
    location: Location
    named: str
    partner: Location
    found: str


def _sections(content: ContentSet) -> dict[str, list[Item]]:
    found: dict[str, list[Item]] = defaultdict(list)
    for sections in folders(content):
        for name, items in sections.items():
            found[name] += items
    for campaign in content.campaigns:
        manifest = campaign.manifest
        if isinstance(manifest, Item) and not any(
                i.location == manifest.location for i in found["campaign"]):
            found["campaign"].append(manifest)
    return found


def _ids(sections: dict[str, list[Item]]) -> dict[str, dict[str, Item]]:
    return {name: {str(i.data["id"]): i for i in items if isinstance(i.data.get("id"), str)}
            for name, items in sections.items()}


def _links(sections: dict[str, list[Item]], ids: dict[str, dict[str, Item]]
           ) -> dict[tuple[str, str], str]:
    """(section, field) -> the one other section every value of the field is an id of."""
    found: dict[tuple[str, str], str] = {}
    for name, items in sections.items():
        fields = {k for i in items for k, v in i.data.items() if k != "id" and
                  isinstance(v, str)}
        for key in sorted(fields):
            values = [i.data[key] for i in items if isinstance(i.data.get(key), str)]
            targets = [other for other, known in ids.items() if other != name and
                       all(v in known for v in values)]
            if len(values) >= SUPPORT and len(targets) == 1:
                found[(name, key)] = targets[0]
    return found


def learn(content: ContentSet) -> list[Inverse]:
    """The pairs of fields that name each other back in every shipped item."""
    sections = _sections(content)
    ids = _ids(sections)
    links = _links(sections, ids)
    out = []
    for (name, key), other in links.items():
        for (back_section, back), target in links.items():
            if back_section != other or target != name:
                continue
            pairs = [(i, ids[other][i.data[key]]) for i in sections[name]
                     if isinstance(i.data.get(key), str)]
            if len(pairs) >= SUPPORT and all(
                    partner.data.get(back) == item.data.get("id") for item, partner in pairs):
                out.append(Inverse(name, key, other, back, len(pairs)))
    return out


def broken(content: ContentSet, reference: ContentSet, inverses: list[Inverse]
           ) -> Iterator[Unreturned]:
    """The shipped items of ``content`` whose partner names them back, while they name
    another (module docstring)."""
    shipped = _ids(_sections(reference))
    sections = _sections(content)
    ids = _ids(sections)
    for inverse in inverses:
        for partner in sections.get(inverse.other, []):
            named = partner.data.get(inverse.back)
            item = ids.get(inverse.section, {}).get(str(named))
            if item is None or not isinstance(named, str) or \
                    named not in shipped.get(inverse.section, {}) or \
                    partner.data.get("id") not in shipped.get(inverse.other, {}):
                continue
            held = item.data.get(inverse.field)
            target = ids.get(inverse.other, {}).get(str(held))
            if target is not None and target.data.get(inverse.back) == named:
                continue        # the item and its new partner name each other
            if held != partner.data.get("id"):
                yield Unreturned(inverse, item.loc(inverse.field), str(partner.data["id"]),
                                 partner.loc(inverse.back), str(held))
