"""Spring's card faces: one :class:`CardFace` per design of the common deck.

Card effects are rendered from the abilities the engine runs
(:meth:`Wording.verb_effects`), so the face prints what is played;
a card's own ``text:`` is printed in their place (ruling R45, held to them by L903).
"""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import CardFace, Wording
from rules_engine.spring.model import Card, SpringContent

GAME = "spring"
# the icon a card type prints (its own name unless listed): a Resistance card shows
# the game's Resistance shield, not the raised fist another game calls "resistance"
TYPE_ICONS = {"resistance": "resistance_card"}


def _flavor(card: Card) -> str:
    """The card's flavour line, when the model carries one."""
    value: Any = getattr(card, "flavor", None)
    return value if isinstance(value, str) else ""


def _face(card: Card, wording: Wording) -> CardFace:
    front = {"title": card.title, "type": card.type.capitalize(),
             "subtype": card.subtype.capitalize() if card.subtype else "",
             "force": str(card.force),
             "effects": card.text or wording.verb_effects(card.abilities),
             "flavor": _flavor(card)}
    back = {"title": "Spring", "subtitle": "Common deck"}
    return CardFace(game=GAME, deck="common", card_type="spring_card", card_id=card.id,
                    copies=card.copies, front=front, back=back, source=card.location,
                    art=None, tags={"type": card.type,
                                    "icon": TYPE_ICONS.get(card.type, card.type)})


def faces(model: SpringContent, wording: Wording) -> list[CardFace]:
    """Every card design of Spring's common deck, sorted by card id."""
    return sorted((_face(c, wording) for c in model.cards), key=lambda f: (f.deck, f.card_id))
