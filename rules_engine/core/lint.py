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

Stages gate the rules: while a game's content has errors (from loading, schemas or
the model), only rules marked ``LOCAL = True`` run (they judge each item on its
own, so what they find holds on whatever part of the content loaded); the others,
which need the whole content sound (every simulated rule among them), do not run,
and an ``R103`` warning names them. A rule that raises is an ``R104`` error naming
it, and the other rules' findings are still reported; the traceback is kept for
``--verbose``. A game a rule plays that raises (or cannot be set up from the content)
is an ``R106`` error, and one that spends its budget an ``R105``, each at the content
item the game's last actions name most, with the command that replays the game: one
finding a game, naming every rule that played it.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules_engine.core.budgets import GameCrashed, GameDidNotEnd, driver
from rules_engine.core.content import ContentSet, Item, every_item
from rules_engine.core.diagnostics import (
    Diagnostic,
    Location,
    Related,
    Severity,
    clipped,
    error,
    warning,
)
from rules_engine.core.replay import replay_command
from rules_engine.core.run_cache import GameFailed, OutOfTime, out_of_time, time_budget
from rules_engine.core.simulate import Stop

NOT_RUN = "R101"      # the warning that names the simulated rules a time budget stopped
NOT_PLAYABLE = "R103"  # the warning that names the rules content with errors stopped
INTERNAL_ERROR = "R104"  # the error that a rule raised an exception
GAME_CRASHED = "R106"     # the error that a simulated game raised on the content
GAME_DID_NOT_END = "R105"  # the error that the content kept a simulated game going



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
    started: Callable[[str], None] | None = None  # told "CODE name" of each simulated rule run
    reference: ContentSet | None = None  # the game's shipped content (learned invariants)

    @property
    def manifest_location(self) -> Location:
        """Where findings about the game as a whole point: its manifest (or the start
        of game.yaml when the manifest did not load)."""
        manifest = self.content.manifest
        if manifest is not None:
            return manifest.location
        folder = self.content.folder
        return Location("game.yaml" if folder in ("", ".") else f"{folder}/game.yaml", 1, 1)


CORE_RULES = ("rules_engine.core.lint_rules.source_fact",
              "rules_engine.core.lint_rules.shipped_invariant",
              "rules_engine.core.lint_rules.never_matters",
              "rules_engine.core.lint_rules.prose_counts",
              "rules_engine.core.lint_rules.parameter_names")
"""The rules every game runs after its own (:mod:`rules_engine.core.lint_rules`)."""
LEARNED = frozenset({"L601", "L603"})   # warnings from what the shipped content keeps
FACTS = "L602"                          # errors from the facts tables' generic checkers


def quieter(found: Iterable[Diagnostic], validated: Iterable[Diagnostic] = ()
            ) -> list[Diagnostic]:
    """``found`` with the generic rules' echoes left out: at a place where a game's own
    rule, or validation (``validated``: the schemas and the model), reports an error,
    the facts table's error saying the same (L602) and the learned warnings (L601,
    L603) give way to it; where L602 reports one, the learned warnings give way; and
    each learned rule, and L602, speaks once a place."""
    found = list(found)

    def place(d: Diagnostic) -> tuple[str, int, int]:
        return (d.location.file, d.location.line, d.location.column)

    own = {place(d) for d in [*found, *validated] if d.severity is Severity.ERROR
           and d.code not in LEARNED and d.code != FACTS}
    facts = {place(d) for d in found if d.code == FACTS}
    kept, learned = [], set()
    for d in found:
        if d.code == FACTS and (place(d) in own or (d.code, *place(d)) in learned):
            continue
        if d.code == FACTS:
            learned.add((d.code, *place(d)))      # one fact a place: the first it breaks
        if d.code in LEARNED:
            if place(d) in own | facts or (d.code, *place(d)) in learned:
                continue
            learned.add((d.code, *place(d)))
        kept.append(d)
    return kept


def rule_modules(game: str) -> list[ModuleType]:
    """The lint rules ``game``'s plug-in declares, in their running order, then the
    rules every game runs."""
    from rules_engine.games import plugin

    found = plugin(game)
    own = found.lint_rules if found else ()
    return [importlib.import_module(name) for name in (*own, *CORE_RULES)]


def all_rule_modules() -> list[ModuleType]:
    """Every known game's lint rules, games by id."""
    from rules_engine.games import plugins

    found = [m for game in sorted(p.id for p in plugins()) for m in rule_modules(game)]
    return list(dict.fromkeys(found))      # the rules every game runs, once


def run(context: LintContext, tracebacks: list[str] | None = None) -> Iterator[Diagnostic]:
    """The findings of every rule of ``context.game`` that may run (see the module's
    documentation); each rule that raised adds its traceback to ``tracebacks``."""
    skipped: list[ModuleType] = []
    unplayable: list[ModuleType] = []
    games: dict[tuple[Any, ...], _WentWrong] = {}     # one finding a game, every rule's
    for module in rule_modules(context.game):
        simulated = getattr(module, "SIMULATED", False)
        if simulated and context.fast:
            continue
        if context.content_errors and (simulated or not getattr(module, "LOCAL", False)):
            unplayable.append(module)
            continue
        if not simulated:
            yield from _checked(module, context, tracebacks, games)
            continue
        if context.started is not None:
            context.started(f"{module.CODE} {module.NAME}")
        with time_budget(context.deadline, context.stop):
            try:
                if out_of_time():
                    raise OutOfTime("no time left")
                found = _checked(module, context, tracebacks, games)
            except OutOfTime:
                skipped.append(module)
                continue
        yield from found
    for wrong in games.values():
        yield wrong.build(wrong.modules)
    if skipped:
        yield not_run(context, skipped)
    if unplayable:
        yield not_playable(context, unplayable)


@dataclass
class _WentWrong:
    """A simulated game that raised or did not end, and the rules that played it: one
    finding for all of them (``build`` makes it)."""

    build: Callable[[list[ModuleType]], Diagnostic]
    modules: list[ModuleType]


def _checked(module: ModuleType, context: LintContext, tracebacks: list[str] | None,
             games: dict[tuple[Any, ...], _WentWrong] | None = None) -> list[Diagnostic]:
    """What ``module.check`` finds; if it raises, what it found before and an R104
    error (OutOfTime, the time budget's, goes through); a game it played that raised
    or did not end goes to ``games`` (one finding a game, when given)."""
    found: list[Diagnostic] = []
    try:
        for d in module.check(context):
            found.append(d)
    except OutOfTime:
        raise
    except Exception as exc:  # noqa: BLE001 - a rule's bug must not lose the others' findings
        wrong = _game_went_wrong(context, exc)
        if wrong is None or games is None:
            found.append(internal_error(context, module, exc))
        elif wrong[0] in games:
            games[wrong[0]].modules.append(module)
        else:
            games[wrong[0]] = _WentWrong(wrong[1], [module])
        if tracebacks is not None:
            tracebacks.append(f"{module.CODE} {module.NAME} ({context.game}):\n"
                              + "".join(traceback.format_exception(exc)))
    return found


def _failed_game(exc: BaseException) -> GameFailed | None:
    failed: BaseException | None = exc
    while failed is not None and not isinstance(failed, GameFailed):
        failed = failed.__cause__ or failed.__context__
    return failed if isinstance(failed, GameFailed) else None


def _game_went_wrong(context: LintContext, exc: BaseException
                     ) -> tuple[tuple[Any, ...], Callable[[list[ModuleType]], Diagnostic]] | None:
    """For a game that raised on the content or did not end: what tells it apart
    (the same game for every rule that played it) and how to build its finding."""
    failed = _failed_game(exc)
    cause = failed.__cause__ if failed is not None else None
    if failed is None or not isinstance(cause, GameDidNotEnd | GameCrashed):
        return None
    replay = f"replay: {replay_command(failed.spec, failed.seed, context.content.folder)}"
    if isinstance(cause, GameDidNotEnd):
        stalled = cause
        return ((GAME_DID_NOT_END, failed.seed, stalled.budget),
                lambda modules: did_not_end(context, modules, stalled, replay))
    crash, seed = cause, failed.seed
    return ((GAME_CRASHED, seed, crash.said),
            lambda modules: crashed(context, modules, crash, seed, replay))


def internal_error(context: LintContext, module: ModuleType, exc: BaseException
                   ) -> Diagnostic:
    """The R104 error that ``module`` raised ``exc``: the rule, the exception, and the
    command that replays the game it was playing, if it was."""
    failed = _failed_game(exc)
    cause = failed.__cause__ if failed is not None and failed.__cause__ else exc
    replay = ""
    if failed is not None:
        replay = f"replay: {replay_command(failed.spec, failed.seed, context.content.folder)}"
        replay = f"; the game of seed {failed.seed} raised it ({replay})"
    said = clipped(f"{type(cause).__name__}: {cause}", 300)
    judged = judging(exc) if failed is None else None
    where, naming = context.manifest_location, ""
    related: tuple[Related, ...] = ()
    if judged is not None:
        where, related = judged.location, (Related(context.manifest_location, "the game"),)
        naming = f" while judging {judged.data.get('id') or judged.data.get('title') or 'this'}"
    return error(INTERNAL_ERROR, f"internal error in {module.CODE} {module.NAME} "
                 f"({context.game}){naming}: {said}{replay}; its findings are unknown",
                 where, related=related,
                 hint="a bug in samizdat, not in the content: `samizdat lint --verbose` "
                 "prints the traceback to report")


def judging(exc: BaseException) -> Item | None:
    """The content item the innermost frame of ``exc``'s traceback was looking at (a
    local variable holding an :class:`~rules_engine.core.content.Item`), if any: where
    the analysis that raised points."""
    found: Item | None = None
    trace = exc.__traceback__
    while trace is not None:
        for value in trace.tb_frame.f_locals.values():
            if isinstance(value, Item):
                found = value
        trace = trace.tb_next
    return found


def _rules(modules: list[ModuleType]) -> tuple[str, str]:
    """("L911 stalled-game and L912 seat-balance", "L911 and L912")."""
    def joined(words: list[str]) -> str:
        return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    return (joined([f"{m.CODE} {m.NAME}" for m in modules]),
            joined([str(m.CODE) for m in modules]))


def _played_by(modules: list[ModuleType]) -> tuple[str, str]:
    """(" while L911 stalled-game played it", "; the findings of L911 are unknown"), or
    two empty strings for a game no rule played (one ``samizdat simulate`` played)."""
    if not modules:
        return "", ""
    rules, codes = _rules(modules)
    return f" while {rules} played it", f"; the findings of {codes} are unknown"


def did_not_end(context: LintContext, modules: list[ModuleType], stalled: GameDidNotEnd,
                replay: str) -> Diagnostic:
    """The R105 error that a game ``module`` played spent its budget: the content, not
    samizdat, keeps it going (an effect that hands the turn back, an end no one can
    reach), so the finding is the content's, with the command that replays it."""
    where, related, named = _driving(context, stalled.recent)
    played, unknown = _played_by(modules)
    return error(GAME_DID_NOT_END, f"a game of {context.game} did not end: seed "
                 f"{stalled.seed} spent its budget of {stalled.budget} ({stalled.steps} "
                 f"actions, {stalled.seconds:.1f} s){played}{named}; "
                 f"{replay}{unknown}",
                 where, related=related,
                 hint="look for an effect that repeats without end or a goal no player "
                 "can reach; `--replay` prints the game action by action")


def _driving(context: LintContext, recent: tuple[str, ...]
             ) -> tuple[Location, tuple[Related, ...], str]:
    """Where a game that went wrong points: the content item its last actions name
    most (the manifest a related place), else the manifest."""
    found = driver(every_item(context.content), recent)
    if found is None:
        return context.manifest_location, (), ""
    item, count = found
    return (item.location, (Related(context.manifest_location, "the game"),),
            f"; {count} of its last {len(recent)} actions and log lines name "
            f"{item.data.get('id') or item.data.get('title')}")


def crashed(context: LintContext, modules: list[ModuleType], failed: GameCrashed, seed: int,
            replay: str) -> Diagnostic:
    """The R106 error that a game the rules ``modules`` played raised (or could not be
    set up from the content): located at the content it was playing, with the command
    that replays it."""
    where, related, named = _driving(context, failed.recent)
    said = clipped(failed.said, 300)
    played, unknown = _played_by(modules)
    when = f"after {failed.steps} actions" if failed.steps or failed.recent else \
        "setting it up"
    return error(GAME_CRASHED, f"a game of {context.game} raised {said}: seed {seed}, "
                 f"{when}{played and ','}{played}{named}; {replay}{unknown}",
                 where, related=related,
                 hint="content the checks let through, or a bug in samizdat: the replay "
                 "shows the action that raised, `samizdat lint --verbose` the traceback")


def not_playable(context: LintContext, skipped: list[ModuleType]) -> Diagnostic:
    """The warning that the rules ``skipped`` did not run because the content has
    errors (they need it whole and sound; an engine plays only content that
    validates)."""
    names = ", ".join(f"{m.CODE} {m.NAME}" + (" (simulated)" if getattr(m, "SIMULATED", False)
                                              else "") for m in skipped)
    return warning(NOT_PLAYABLE, f"the content of {context.game} has "
                   f"{context.content_errors} error(s): {len(skipped)} analyses that need "
                   f"all of it sound did not run ({names}); their findings are unknown",
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
