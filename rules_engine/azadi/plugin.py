"""AZADI's plug-in: what samizdat needs to know about the game (see
:mod:`rules_engine.core.plugin`). Importing it is light: the model builder and the
engine are imported when used."""

from __future__ import annotations

from rules_engine.azadi.simulate_options import SIMULATION
from rules_engine.core.content import CampaignContent, ContentSet, Section
from rules_engine.core.diagnostics import Diagnostic
from rules_engine.core.plugin import GamePlugin

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

LINT_RULES = tuple(f"rules_engine.azadi.lint.{name}" for name in (
    "impossible_task", "dead_power", "same_moment", "unreachable", "text_drift",
    "task_never_completed", "trigger_loop", "broken_invariant", "order_dependence",
    "same_unlock", "over_cap", "never_exercised", "difficulty_order", "always_or_never",
    "never_used", "campaign_dates", "impossible_modifier"))

NATIVE_MODULES = tuple(f"rules_engine.azadi.{name}" for name in (
    "actions", "board", "bots", "choice_policy", "coverage", "decisions", "engine",
    "events", "facts", "influence", "interpreter", "law", "moves", "payments",
    "points", "powers", "scoring", "search", "setup", "simulation", "trade", "turns",
    "tyranny", "tyranny_cards", "vocabulary", "voters"))


def build_model(content: ContentSet) -> tuple[object, list[Diagnostic]]:
    from rules_engine.azadi.build import build

    return build(content)


def campaign_facts(campaign: CampaignContent) -> dict[str, list[str]]:
    from rules_engine.azadi.campaign_facts import campaign_facts as facts

    return facts(campaign)


PLUGIN = GamePlugin(
    "azadi", SECTIONS, build_model, campaign_facts, title="SHASN: AZADI",
    verbs="rules_engine.azadi.verbs:TABLE", lint_rules=LINT_RULES,
    faces="rules_engine.azadi.faces:faces", tables="rules_engine.azadi.tables:TABLES",
    mat_cells="rules_engine.azadi.mats:SOURCES", simulation=SIMULATION,
    native_modules=NATIVE_MODULES, scaffolds={"campaign": "rules_engine.azadi.scaffold:CAMPAIGN"},
    facts_module="rules_engine.azadi")
