"""AZADI's card faces: one :class:`CardFace` per card design, from the content model.

Rules text is rendered from the effect data by the :class:`Wording` the compiler hands
:func:`faces` (the phrases of templates/azadi/phrases.yaml), or is the
part's own ``text:`` where the content overrides it (rules_engine/azadi/overrides.py,
ruling R45); everything else is the model's titles, numbers and costs in the project's
markup. Decks: voter cards, mandates, Imperial Orders, Resistance, attack, foundation
and Monument cards, and per campaign its ideology cards and fold-out Tyranny cards.
"""

from __future__ import annotations

from typing import Any

from rules_engine.azadi.model import (
    RESOURCE_OF,
    AttackCard,
    AzadiContent,
    Campaign,
    FoundationCard,
    FoundationSide,
    IdeologyAnswer,
    IdeologyCard,
    ImperialOrder,
    Mandate,
    Monument,
    ResistanceCard,
    TyrannyCard,
    TyrannyChoice,
    VoterCard,
)
from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import Effect
from rules_engine.core.printed import CardFace, Wording

GAME = "azadi"
GAME_NAME = "SHASN: AZADI"
RESISTANCE_LEVEL = 3    # the level of its ideologue a player needs to use a Resistance card
ATTACK_LEVEL = 2        # an attack card hits every player at this level of its ideologue
FOUNDATION_BUFF_LEVEL = 3
REBEL_NOTE = "Serves only the player who holds gerrymandering rights in the capital."


class _Names:
    """How ideologues and campaigns are named on cards, and how parts are worded."""

    def __init__(self, model: AzadiContent, wording: Wording) -> None:
        self.wording = wording
        self.ideologues = {i.id: i for i in model.ideologues}
        self.campaigns = {c.id: c.name for c in model.campaigns}

    def full(self, ideologue: str) -> str:
        """The ideologue's name as the content gives it, e.g. "The Idealist"."""
        found = self.ideologues.get(ideologue)
        return found.name if found else ideologue.replace("_", " ").title()

    def short(self, ideologue: str) -> str:
        """The name without its article, e.g. "Idealist"."""
        return self.full(ideologue).removeprefix("The ")

    def in_sentence(self, ideologue: str) -> str:
        """The name inside a sentence, e.g. "the Idealist"."""
        name = self.full(ideologue)
        return "the " + name[4:] if name.startswith("The ") else name

    def icon(self, ideologue: str) -> str:
        found = self.ideologues.get(ideologue)
        return f":{found.resource if found else RESOURCE_OF.get(ideologue, 'any')}:"

    def campaign(self, campaign: str | None) -> str:
        if campaign is None:
            return "Alternate history"
        return self.campaigns.get(campaign) or campaign.replace("-", " ").title()

    def text(self, effects: tuple[Effect, ...], override: str = "") -> str:
        """The printed text of one part: its ``text:`` override when the content gives
        one (ruling R45), else the text rendered from its effects."""
        return override or self.wording.effects(effects)

    def cost(self, cost: Any) -> str:
        return self.wording.cost(cost)


def _face(deck: str, card_type: str, card_id: str, front: dict[str, str],
          back: dict[str, str], source: Location, copies: int = 1,
          ideologue: str | None = None) -> CardFace:
    tags = {"ideologue": ideologue} if ideologue else {}
    return CardFace(game=GAME, deck=deck, card_type=card_type, card_id=card_id, copies=copies,
                    front=front, back=back, source=source, art=None, tags=tags)


def _voter_card(card: VoterCard, names: _Names) -> CardFace:
    return _face("voter-cards", "voter_card", card.id,
                 {"voters": str(card.voters), "cost": names.cost(card.cost),
                  "title": "Voter card"},
                 {"title": GAME_NAME, "subtitle": "Voter card"},
                 card.location, copies=card.copies)


def _mandate(card: Mandate, names: _Names) -> CardFace:
    body = names.text(card.imperial, card.imperial_text)
    return _face("mandates", "mandate", card.id,
                 {"title": card.title, "side": "Imperial Mandate", "body": body,
                  "dissent": names.cost(card.dissent_cost),
                  "campaign": names.campaign(card.campaign)},
                 {"title": card.rebel_title, "side": "Rebel Mandate",
                  "body": names.text(card.rebel, card.rebel_text), "note": REBEL_NOTE},
                 card.location)


def _imperial_order(card: ImperialOrder, names: _Names) -> CardFace:
    return _face("imperial-orders", "imperial_order", card.id,
                 {"number": str(card.number), "dissent": names.cost(card.dissent_cost),
                  "title": "Imperial Order"},
                 {"title": card.title, "body": names.text(card.effects, card.text),
                  "number": str(card.number)},
                 card.location)


def _resistance_card(card: ResistanceCard, names: _Names) -> CardFace:
    ideologue = (f"Level {RESISTANCE_LEVEL} {names.icon(card.ideologue)} "
                 f"{names.short(card.ideologue)}")
    return _face("resistance-cards", "resistance_card", card.id,
                 {"number": str(card.number), "ideologue": ideologue,
                  "title": "Resistance card"},
                 {"title": card.title, "body": names.text(card.effects, card.text),
                  "ideologue": ideologue},
                 card.location, ideologue=card.ideologue)


def _attack_card(card: AttackCard, names: _Names) -> CardFace:
    return _face("attack-cards", "attack_card", card.id,
                 {"title": card.title, "level": str(card.level),
                  "ideologue": names.full(card.ideologue),
                  "body": names.text(card.effects, card.text),
                  "target": f"Hits every player at level {ATTACK_LEVEL} of "
                            f"{names.in_sentence(card.ideologue)}"},
                 {"title": "Imperial Attack", "subtitle": names.full(card.ideologue)},
                 card.location, ideologue=card.ideologue)


def _foundation_side(card: FoundationCard, side: FoundationSide,
                     names: _Names) -> dict[str, str]:
    buff = names.wording.label("foundation_buff", shown=names.short(side.buff_ideologue),
                               ideologue=side.buff_ideologue, level=FOUNDATION_BUFF_LEVEL,
                               text=names.text(side.buff, side.buff_text))
    return {"title": side.title, "soul": names.text(side.soul, side.text), "buff": buff,
            "pair": f"{names.short(card.dominant)} + {names.short(card.second)}",
            "monument": f"Monument {card.monument}",
            "players": "2-player compatible" if card.two_player else ""}


def _foundation_card(card: FoundationCard, names: _Names) -> CardFace:
    return _face("foundation-cards", "foundation_card", card.id,
                 _foundation_side(card, card.sides[0], names),
                 _foundation_side(card, card.sides[1], names),
                 card.location)


def _monument(card: Monument, names: _Names) -> CardFace:
    return _face("monuments", "monument", card.id,
                 {"title": card.title, "body": names.text(card.power),
                  "two_player": names.text(card.two_player_power)},
                 {"number": f"Monument {card.number}", "title": GAME_NAME},
                 card.location)


def _ideology_side(answer: IdeologyAnswer, question: str, campaign: str,
                   names: _Names) -> dict[str, str]:
    return {"question": question, "answer": answer.text,
            "resources": names.cost(answer.resources),
            "ideologue": names.full(answer.ideologue), "campaign": campaign}


def _ideology_card(card: IdeologyCard, campaign: Campaign, names: _Names) -> CardFace:
    # the campaign's name on both sides: five campaigns' decks can be sorted apart
    return _face(f"ideology-{campaign.id}", "ideology_card", card.id,
                 _ideology_side(card.answers[0], card.question, campaign.printed_mark, names),
                 _ideology_side(card.answers[1], card.question, campaign.printed_mark, names),
                 card.location)


def _tyranny_choice(prefix: str, choice: TyrannyChoice,
                    names: _Names) -> dict[str, str]:
    return {f"{prefix}_title": choice.title,
            f"{prefix}_narrative": choice.narrative,
            f"{prefix}_task": choice.task_text or names.wording.task(
                choice.task.event, choice.task.where, choice.times),
            f"{prefix}_power": names.text(choice.while_active, choice.text),
            f"{prefix}_resistance": f"Unlocks Resistance {choice.resistance}"}


def _tyranny_card(card: TyrannyCard, campaign: Campaign, names: _Names) -> CardFace:
    a, b = card.choices
    front = {"title": card.title, "narrative": card.narrative, "number": str(card.number),
             "order": f"Enacts Imperial Order {card.order}",
             "paths": "\n".join(f"{c.title} → Resistance {c.resistance}" for c in (a, b)),
             "completed": "Completed: " + "   ".join(f"☐ {c.title}" for c in (a, b)),
             "campaign": campaign.printed_mark}
    back = {**_tyranny_choice("a", a, names), **_tyranny_choice("b", b, names)}
    return _face(f"tyranny-{campaign.id}", "tyranny_card", card.id, front, back,
                 card.location)


def faces(model: AzadiContent, wording: Wording) -> list[CardFace]:
    """Every AZADI card design, sorted by deck and card id."""
    names = _Names(model, wording)
    out = [_voter_card(c, names) for c in model.voter_cards]
    out += [_mandate(c, names) for c in model.mandates]
    out += [_imperial_order(c, names) for c in model.imperial_orders]
    out += [_resistance_card(c, names) for c in model.resistance_cards]
    out += [_attack_card(c, names) for c in model.attack_cards]
    out += [_foundation_card(c, names) for c in model.foundation_cards]
    out += [_monument(c, names) for c in model.monuments]
    for campaign in model.campaigns:
        out += [_ideology_card(c, campaign, names) for c in campaign.ideology_cards]
        out += [_tyranny_card(c, campaign, names) for c in campaign.tyranny_cards]
    return sorted(out, key=lambda f: (f.deck, f.card_id))
