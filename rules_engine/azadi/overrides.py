"""Where an AZADI card may override its printed text, and what each override replaces.

A card's rules text is rendered from its effects; a ``text:`` (or a Tyranny choice's
``task_text:``) prints the designer's own wording instead, in place of exactly one
printed part (ruling R45). :data:`SPOTS` names, per content section, each field that
may hold an override and the part it replaces; the model builder carries them, the
faces print them and the text-drift lint (L705) holds them to the part they replace.

A card-level ``text`` on a card that prints no single effect body (two sides, two
powers, two choices, or no rules text at all) has nothing to replace: :func:`refused`
reports it as M403 at the text, saying where the wording belongs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item, every_item
from rules_engine.core.diagnostics import Diagnostic, error

ANY = "*"       # in a spot's path: every index of the list there


@dataclass(frozen=True)
class Spot:
    """One place an override may be written: the path of the text and of the part it
    replaces (``*`` for each index of a list), and whether that part is effects or a
    Tyranny task (the choice holding ``task`` and ``times``)."""

    text: tuple[str, ...]
    part: tuple[str, ...]
    kind: str = "effects"       # "effects" | "task"


@dataclass(frozen=True)
class Override:
    """An override found in an item: its text, where it is, and the part it replaces."""

    item: Item
    text: str
    text_path: tuple[str | int, ...]
    part_path: tuple[str | int, ...]
    kind: str

    @property
    def part(self) -> Any:
        """The data of the part the text replaces (effects, or the Tyranny choice)."""
        return value_at(self.item.data, self.part_path)


SPOTS: dict[str, tuple[Spot, ...]] = {
    "imperial_orders": (Spot(("text",), ("effects",)),),
    "resistance_cards": (Spot(("text",), ("effects",)),),
    "attack_cards": (Spot(("text",), ("effects",)),),
    "maidaan_powers": (Spot(("text",), ("effects",)),),
    "mandates": (Spot(("imperial", "text"), ("imperial", "effects")),
                 Spot(("rebel", "text"), ("rebel", "effects"))),
    "ideologues": (Spot(("powers", ANY, "text"), ("powers", ANY, "effects")),),
    "foundation_cards": (Spot(("sides", ANY, "text"), ("sides", ANY, "soul")),
                         Spot(("sides", ANY, "buff", "text"), ("sides", ANY, "buff", "effects"))),
    "tyranny_cards": (Spot(("choices", ANY, "text"), ("choices", ANY, "while_active")),
                      Spot(("choices", ANY, "task_text"), ("choices", ANY), "task")),
}

# A card-level ``text`` on these has no single printed part to replace.
REFUSED: dict[str, str] = {
    "voter_cards": "a Voter card prints no rules text, so this text would never be printed",
    "zones": "a zone tile prints no rules text, so this text would never be printed",
    "ideology_cards": "an Ideology card prints its question and answers, no rules text; "
                      "reword an answer in its own text",
    "ideologues": "an ideologue prints two powers, so this text has no single one to "
                  "replace; give the text to the power it rewords (powers[N].text)",
    "foundation_cards": "a Foundation card prints two sides, each with a soul and a buff, so "
                        "this text has no single part to replace; give the text to a side "
                        "(sides[N].text, its soul) or to a buff (sides[N].buff.text)",
    "mandates": "a Mandate prints two sides, so this text has no single one to replace; "
                "give the text to imperial: or rebel:",
    "monuments": "a Monument prints two powers (power and two_player_power), so this text "
                 "has no single one to replace",
    "tyranny_cards": "a Tyranny card prints two choices, so this text has no single part to "
                     "replace; give a choice text (its power) or task_text (its task)",
}


def value_at(data: Any, path: tuple[str | int, ...]) -> Any:
    """The value at ``path`` inside ``data`` (None where the path does not lead)."""
    if isinstance(data, Item):
        data = data.data
    for step in path:
        if isinstance(step, int) and isinstance(data, list) and 0 <= step < len(data):
            data = data[step]
        elif isinstance(step, str) and isinstance(data, Mapping):
            data = data.get(step)
        else:
            return None
    return data


def _expand(data: Any, text: tuple[str, ...], part: tuple[str, ...],
            done: tuple[str | int, ...] = ()
            ) -> Iterator[tuple[tuple[str | int, ...], tuple[str | int, ...]]]:
    """Each concrete (text path, part path) pair of a spot inside ``data``."""
    if ANY not in text:
        yield (*done, *text), (*done, *part)
        return
    at = text.index(ANY)
    head = text[:at]
    listed = value_at(data, head)
    if not isinstance(listed, list):
        return
    for index, entry in enumerate(listed):
        yield from _expand(entry, text[at + 1:], part[at + 1:], (*done, *head, index))


def overrides(section: str, item: Item) -> Iterator[Override]:
    """Every override written in ``item`` of ``section``, with the part it replaces."""
    for spot in SPOTS.get(section, ()):
        for text_path, part_path in _expand(item.data, spot.text, spot.part):
            text = value_at(item.data, text_path)
            if isinstance(text, str) and text:
                yield Override(item, text, text_path, part_path, spot.kind)


def text_of(data: Any, *path: str | int) -> str:
    """The override at ``path`` of an item (or of a mapping inside one), or "" when
    there is none."""
    found = value_at(data, path)
    return found if isinstance(found, str) else ""


def refused(content: ContentSet) -> list[Diagnostic]:
    """M403 at every card-level ``text`` that has no single printed part to replace."""
    found: list[Diagnostic] = []
    for section, item in every_item(content):
        why = REFUSED.get(section)
        if why is not None and isinstance(item.get("text"), str):
            found.append(error("M403", f"{item.get('id')}: {why}", item.loc("text")))
    return found
