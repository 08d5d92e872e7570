"""The linter's core: rules as small modules, run over a game's content and model.

A lint rule is a module with ``CODE``, ``NAME``, ``SEVERITY`` (the default), a
docstring that is its user documentation (with a failing and a passing example)
and ``check(context)`` yielding diagnostics. The linter, not the rule, applies
``--select`` / ``--ignore`` and suppressions.

A rule marked ``SIMULATED = True`` plays games. After a ``deadline`` (a time budget)
or a ``stop`` (Ctrl-C), no such rule starts, one whose games are still being played
then is dropped whole (see :func:`rules_engine.core.run_cache.time_budget`), and an
``R101`` warning names every rule that did not run, so an incomplete verdict is
never taken for a clean one.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Diagnostic, Location, warning
from rules_engine.core.run_cache import OutOfTime, out_of_time, time_budget
from rules_engine.core.simulate import Stop

NOT_RUN = "R101"      # the warning that names the simulated rules a time budget stopped
NOT_PLAYABLE = "R103"  # the warning that names the simulated rules invalid content stopped

RULES: dict[str, tuple[str, ...]] = {
    "azadi": ("impossible_task", "dead_power", "same_moment", "unreachable", "text_drift",
              "task_never_completed", "trigger_loop", "broken_invariant", "order_dependence",
              "same_unlock", "over_cap"),
    "spring": ("radicalisable", "resistance_force", "text_drift", "stalls", "seat_balance"),
    "san": ("crossing_costs", "text_drift", "victory_paths", "first_player", "card_use",
            "river_draws"),
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
    deadline: float | None = None   # a time.monotonic() time: simulated rules stop there
    budget: float | None = None     # the time budget, in seconds, for the message
    stop: Stop | None = None        # requested (by Ctrl-C): simulated rules stop too
    content_errors: int = 0         # validation errors: the engine cannot play the content

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
    skipped: list[ModuleType] = []
    unplayable: list[ModuleType] = []
    for module in rule_modules(context.game):
        if not getattr(module, "SIMULATED", False):
            yield from module.check(context)
            continue
        if context.fast:
            continue
        if context.content_errors:
            unplayable.append(module)
            continue
        with time_budget(context.deadline, context.stop):
            try:
                if out_of_time():
                    raise OutOfTime("no time left")
                found = list(module.check(context))
            except OutOfTime:
                skipped.append(module)
                continue
        yield from found
    if skipped:
        yield not_run(context, skipped)
    if unplayable:
        yield not_playable(context, unplayable)


def not_playable(context: LintContext, skipped: list[ModuleType]) -> Diagnostic:
    """The warning that the simulated rules ``skipped`` did not run because the
    content has errors (an engine plays only content that validates)."""
    names = ", ".join(f"{m.CODE} {m.NAME}" for m in skipped)
    return warning(NOT_PLAYABLE, f"the content of {context.game} has "
                   f"{context.content_errors} error(s): {len(skipped)} simulated analyses "
                   f"did not run ({names}); their findings are unknown",
                   context.manifest_location,
                   hint="fix the errors, then lint again")


def not_run(context: LintContext, skipped: list[ModuleType]) -> Diagnostic:
    """The warning that the time budget or Ctrl-C stopped the simulated rules
    ``skipped``."""
    names = ", ".join(f"{m.CODE} {m.NAME}" for m in skipped)
    if context.stop is not None and context.stop.requested:
        why = "interrupted"
    else:
        budget = f"{context.budget:g} s " if context.budget is not None else ""
        why = f"the {budget}time budget ran out"
    return warning(NOT_RUN, f"{why}: {len(skipped)} simulated analyses of {context.game} "
                   f"did not run ({names}); their findings are unknown",
                   context.manifest_location,
                   hint="raise --time-budget; runs that finished are cached, so a "
                   "second lint goes further")


def first_paragraph(module: ModuleType) -> str:
    return (module.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")


def documented(modules: Iterable[ModuleType]) -> dict[str, ModuleType]:
    return {m.CODE: m for m in modules}
