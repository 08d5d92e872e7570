"""AZADI's plug-in: its content sections and model builder."""

from __future__ import annotations

from rules_engine.azadi.build import build
from rules_engine.azadi.campaign_facts import campaign_facts
from rules_engine.core.content import GamePlugin, Section

SECTIONS = (
    Section("game", "azadi/game", "game", single=True),
    Section("ideologues", "azadi/ideologue", "ideologue"),
    Section("voter_cards", "azadi/voter_card", "voter_card"),
    Section("mandates", "azadi/mandate", "mandate"),
    Section("imperial_orders", "azadi/imperial_order", "imperial_order"),
    Section("resistance_cards", "azadi/resistance_card", "resistance_card"),
    Section("attack_cards", "azadi/attack_card", "attack_card"),
    Section("foundation_cards", "azadi/foundation_card", "foundation_card"),
    Section("monuments", "azadi/monument", "monument"),
    Section("maidaan_powers", "azadi/maidaan_power", "maidaan_power"),
    Section("zones", "azadi/zone", "zone"),
    Section("campaign", "azadi/campaign", "campaign", single=True, in_campaign=True),
    Section("tyranny_cards", "azadi/tyranny_card", "tyranny_card", in_campaign=True),
    Section("ideology_cards", "azadi/ideology_card", "ideology_card", in_campaign=True),
)

PLUGIN = GamePlugin("azadi", SECTIONS, build, campaign_facts)
