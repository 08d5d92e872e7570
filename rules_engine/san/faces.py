"""SAN's card faces: one :class:`CardFace` per card design, from the content model.

Decks: each corporation's starting cards and Virus cards ("starting-moon",
"virus-star", ...) and the shared River. Card effects are rendered from their data
with SAN's verb table (:meth:`Wording.verb_effects`), or are the card's own ``text:``
when it overrides them (ruling R45); icons print once per point.
"""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import CardFace, Wording
from rules_engine.san.model import MERCENARY_TYPES, Card, SanContent

GAME = "san"


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _flavor(card: Card) -> str:
    """The card's flavour line, when the model carries one."""
    value: Any = getattr(card, "flavor", None)
    return value if isinstance(value, str) else ""


def _corporation(card: Card) -> str:
    return card.corporation.capitalize() if card.corporation else ""


def _deck(card: Card) -> str:
    return card.deck if card.deck == "river" else f"{card.deck}-{card.corporation}"


def _icons(card: Card) -> str:
    return " ".join(f":{kind}:" for kind in MERCENARY_TYPES for _ in range(card.icon(kind)))


def _effects(card: Card, wording: Wording) -> str:
    """The card's effects in words; a multiplier on an Equipment card says what the
    engine plays there (ruling R39: 1 icon per Mercenary card, of its type)."""
    if card.type != "equipment":
        return wording.verb_effects(card.effects)
    lines = [wording.label("multiplier_on_equipment")
             if any(a.kind == "multiplier" for a in ability.actions)
             else wording.verb_effects((ability,)) for ability in card.effects]
    return "\n".join(line for line in lines if line)


def _face(card: Card, wording: Wording) -> CardFace:
    tags = {"type": card.type, "corporation": card.corporation or ""}
    if card.deck == "virus":
        card_type = "virus_card"
        front = {"title": card.title, "number": _number(card.virus_number),
                 "spaces": _number(card.track_spaces), "corporation": _corporation(card)}
        back = {"corporation": _corporation(card), "title": "Virus"}
    else:
        card_type = "san_card"
        front = {"title": card.title, "type": card.type.capitalize(), "icons": _icons(card),
                 "revenue": str(card.revenue) if card.revenue else "",
                 "cost": _number(card.cost),
                 "effects": card.text or _effects(card, wording),
                 "crossing": _number(card.crossing_cost), "flavor": _flavor(card)}
        back = {"crossing": _number(card.crossing_cost),
                "penalty": _number(card.crossing_penalty),
                "corporation": _corporation(card)}
    return CardFace(game=GAME, deck=_deck(card), card_type=card_type, card_id=card.id,
                    copies=card.copies, front=front, back=back, source=card.location,
                    art=None, tags=tags)


def faces(model: SanContent, wording: Wording) -> list[CardFace]:
    """Every SAN card design, sorted by deck and card id."""
    return sorted((_face(c, wording) for c in model.cards), key=lambda f: (f.deck, f.card_id))
