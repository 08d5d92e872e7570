"""Helpers shared by AZADI's lint rules: which capabilities a Mandate forbids, and
which abilities a card has. (Not a rule: no CODE.)"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.model import AzadiContent, Campaign, Mandate
from rules_engine.azadi.vocabulary import FORBID_REMOVES
from rules_engine.core.effects import Ability, Effect, Rule


def forbidden(effects: tuple[Effect, ...], scope: str = "game") -> frozenset[str]:
    """Capabilities that the ``forbid`` rules of ``scope`` remove."""
    removed: set[str] = set()
    for effect in effects:
        if isinstance(effect, Rule) and effect.kind == "forbid" and effect.scope == scope:
            removed |= FORBID_REMOVES.get(effect.target, frozenset({effect.target}))
    return frozenset(removed)


def mandates_for(model: AzadiContent, campaign: Campaign, alternate: bool
                 ) -> Iterator[tuple[Mandate, bool]]:
    """The Mandates to check a campaign with: its own, or every one (alternate history)."""
    for mandate in model.mandates:
        own = mandate.id == campaign.mandate
        if own or alternate:
            yield mandate, own


def abilities(effects: tuple[Effect, ...]) -> list[Ability]:
    return [e for e in effects if isinstance(e, Ability)]
