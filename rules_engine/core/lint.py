"""The linter's core: rules as small modules, run over a game's content and model.

A lint rule is a module with ``CODE``, ``NAME``, ``SEVERITY`` (the default), a
docstring that is its user documentation (with a failing and a passing example)
and ``check(context)`` yielding diagnostics. The linter, not the rule, applies
``--select`` / ``--ignore`` and suppressions.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Diagnostic, Location

RULES: dict[str, tuple[str, ...]] = {
    "azadi": ("impossible_task", "dead_power", "same_moment", "unreachable", "text_drift",
              "task_never_completed", "trigger_loop", "broken_invariant", "order_dependence"),
    "spring": ("radicalisable", "resistance_force", "stalls", "seat_balance"),
    "san": ("crossing_costs", "victory_paths", "first_player", "card_use", "river_draws"),
}


@dataclass(frozen=True)
class LintContext:
    """What a rule may look at: the loaded content, its model, the options."""

    game: str
    content: ContentSet
    model: Any
    alternate_history: bool = False
    fast: bool = False          # static analyses only
    games: int = 200            # simulated analyses: games per question
    seed: int = 0

    @property
    def manifest_location(self) -> Location:
        """Where findings about the game as a whole point: its manifest."""
        manifest = self.content.manifest
        return manifest.location if manifest else Location(self.content.folder)


def rule_modules(game: str) -> list[ModuleType]:
    return [importlib.import_module(f"rules_engine.{game}.lint.{name}")
            for name in RULES.get(game, ())]


def all_rule_modules() -> list[ModuleType]:
    return [m for game in sorted(RULES) for m in rule_modules(game)]


def run(context: LintContext) -> Iterator[Diagnostic]:
    for module in rule_modules(context.game):
        if context.fast and getattr(module, "SIMULATED", False):
            continue
        yield from module.check(context)


def first_paragraph(module: ModuleType) -> str:
    return (module.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")


def documented(modules: Iterable[ModuleType]) -> dict[str, ModuleType]:
    return {m.CODE: m for m in modules}
