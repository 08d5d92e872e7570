"""SAN's plug-in: what samizdat needs to know about the game (see
:mod:`rules_engine.core.plugin`). Importing it is light: the model builder and the
engine are imported when used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.content import ContentSet, Section
from rules_engine.core.diagnostics import Diagnostic
from rules_engine.core.plugin import GamePlugin, SimOption, SimulationSpec, Tracked

SECTIONS = (
    Section("game", "san/game", "game", single=True),
    Section("cards", "san/card", "card"),
    Section("propaganda_track", "san/propaganda_stage", "propaganda_stage"),
)

LINT_RULES = tuple(f"rules_engine.san.lint.{name}" for name in (
    "crossing_costs", "text_drift", "victory_paths", "first_player", "card_use",
    "river_draws", "turn_limit"))


def build_model(content: ContentSet) -> tuple[object, list[Diagnostic]]:
    from rules_engine.san.build import build

    return build(content)


def check_seats(seats: tuple[str, ...]) -> str | None:
    from rules_engine.core.search import known_bot
    from rules_engine.san.bots import BOTS, OWN

    if len(seats) != 2 or not all(known_bot(b, OWN) for b in seats):
        return f"two of {', '.join(BOTS)}"
    return None


def engine_options(model: Any, values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return (("first_game", values["first_game"]),)


def tracked(model: Any, values: Mapping[str, Any]) -> list[Tracked]:
    """What sweeps and balance diffs measure of SAN's games: how often each River
    card is bought (share of games)."""
    del values
    return [Tracked("bought", f"bought:{card.id}", card.title, card.location)
            for card in model.cards if card.deck == "river"]


SIMULATION = SimulationSpec(
    setup="rules_engine.san.simulation:setup", check_seats=check_seats,
    bots_help="corruption, propaganda, hacking, mcts[:N], best",
    options=(SimOption("first_game", "SAN: hands of 7 (first game).", False, flag=True),),
    engine_options=engine_options, seat_names=("Moon", "Star"), tracked=tracked)

PLUGIN = GamePlugin(
    "san", SECTIONS, build_model, title="SAN", verbs="rules_engine.san.verbs:TABLE",
    lint_rules=LINT_RULES, faces="rules_engine.san.faces:faces",
    tables="rules_engine.san.tables:TABLES", mat_cells="rules_engine.san.mats:SOURCES",
    simulation=SIMULATION,
    native_modules=("rules_engine.san.bots", "rules_engine.san.engine",
                    "rules_engine.san.search", "rules_engine.san.simulation"),
    facts_module="rules_engine.san")
