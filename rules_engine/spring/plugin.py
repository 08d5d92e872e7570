"""Spring's plug-in: what samizdat needs to know about the game (see
:mod:`rules_engine.core.plugin`). Importing it is light: the model builder and the
engine are imported when used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.content import ContentSet, Section
from rules_engine.core.diagnostics import Diagnostic
from rules_engine.core.plugin import GamePlugin, SimulationSpec, Tracked

SECTIONS = (
    Section("game", "spring/game", "game", single=True),
    Section("countries", "spring/country", "country"),
    Section("spaces", "spring/space", "space"),
    Section("cards", "spring/card", "card"),
)

LINT_RULES = tuple(f"rules_engine.spring.lint.{name}" for name in (
    "radicalisable", "resistance_force", "text_drift", "stalls", "seat_balance",
    "countries_touch"))


def build_model(content: ContentSet) -> tuple[object, list[Diagnostic]]:
    from rules_engine.spring.build import build

    return build(content)


def check_seats(seats: tuple[str, ...]) -> str | None:
    from rules_engine.core.search import known_bot
    from rules_engine.spring.simulation import BOTS, OWN

    if not 2 <= len(seats) <= 6 or not all(known_bot(b, OWN) for b in seats):
        return f"2 to 6 seats of: {', '.join(BOTS)}"
    return None


def tracked(model: Any, values: Mapping[str, Any]) -> list[Tracked]:
    """What sweeps and balance diffs measure of Spring's games: how often each country
    is overthrown (share of games)."""
    del values
    return [Tracked("overthrown", f"overthrown:{c.id}", c.name, c.location)
            for c in model.countries]


SIMULATION = SimulationSpec(setup="rules_engine.spring.simulation:setup",
                            check_seats=check_seats, bots_help="greedy, mcts[:N], best",
                            seats=4, tracked=tracked)

PLUGIN = GamePlugin(
    "spring", SECTIONS, build_model, title="Spring", verbs="rules_engine.spring.verbs:TABLE",
    lint_rules=LINT_RULES, faces="rules_engine.spring.faces:faces",
    tables="rules_engine.spring.tables:TABLES",
    mat_cells="rules_engine.spring.mats:SOURCES",
    simulation=SIMULATION,
    native_modules=("rules_engine.spring.engine", "rules_engine.spring.search",
                    "rules_engine.spring.simulation"),
    facts_module="rules_engine.spring")
