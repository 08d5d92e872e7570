"""``samizdat lint``: validation, then the analyses of every game loaded, with
``--select`` / ``--ignore``, inline suppressions (``# samizdat: ignore[CODE]`` on
the line a finding points at), per-path ignores from the settings file and a
baseline of accepted findings (see :mod:`compiler.frontend.lint_config`), and a time budget
for the simulated analyses (the ``R101`` warning that some did not run, ``R103``
that the analyses needing sound content did not run on content with errors, and
``R104`` that an analysis raised, are always reported: no filter, suppression or
baseline hides them). Load errors are reported first (see
:func:`compiler.frontend.validate.report_order`)."""

from __future__ import annotations

import re
import time
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from compiler.frontend.lint_config import LintConfig, fingerprint
from compiler.frontend.load import load
from compiler.frontend.shipped import shipped_content
from compiler.frontend.validate import ValidationResult, report_order
from compiler.pipeline.dask_run import optional_cluster
from compiler.report.progress import Progress
from compiler.report.source_lines import SourceIndex
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import (
    GAME_CRASHED,
    GAME_DID_NOT_END,
    INTERNAL_ERROR,
    NOT_PLAYABLE,
    NOT_RUN,
    LintContext,
    quieter,
    rule_modules,
    run,
)
from rules_engine.core.outside import relocated
from rules_engine.core.run_cache import workers as run_cache_workers
from rules_engine.core.simulate import Stop

_SUPPRESS = re.compile(r"#\s*samizdat:\s*ignore\[([A-Z0-9, ]+)\]")
ALWAYS_REPORTED = (NOT_RUN, NOT_PLAYABLE, INTERNAL_ERROR,   # what the lint did not do
                   GAME_DID_NOT_END, GAME_CRASHED)


@dataclass
class LintResult:
    validation: ValidationResult
    diagnostics: list[Diagnostic] = field(default_factory=list)
    suppressed: int = 0
    baselined: int = 0
    findings: list[Diagnostic] = field(default_factory=list)  # before the baseline
    tracebacks: list[str] = field(default_factory=list)  # of the R104 errors, for --verbose


def _selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    if select and not any(code.startswith(s) for s in select):
        return False
    return not any(code.startswith(i) for i in ignore)


def _suppressed(d: Diagnostic, lines: SourceIndex,
                memo: dict[tuple[str, int], frozenset[str]]) -> bool:
    """Whether the line ``d`` points at says ``# samizdat: ignore[CODE]`` for its code
    (each line searched once, however many diagnostics point at it)."""
    key = (d.location.file, d.location.line)
    codes = memo.get(key)
    if codes is None:
        line = lines.line(*key)
        match = _SUPPRESS.search(line) if line is not None else None
        codes = memo[key] = frozenset(c.strip() for c in match.group(1).split(",")) \
            if match else frozenset()
    return d.code in codes


def unsuppressed_at_source(found: list[Diagnostic], lines: SourceIndex,
                           memo: dict[tuple[str, int], frozenset[str]],
                           select: tuple[str, ...], ignore: tuple[str, ...]
                           ) -> list[Diagnostic]:
    """``found`` without the selected findings suppressed on the line they point at,
    before any is moved to an outside campaign: a suppression in the game's own
    content (with its reason) holds wherever that content is linted from."""
    return [d for d in found if d.code in ALWAYS_REPORTED
            or not _selected(d.code, select, ignore) or not _suppressed(d, lines, memo)]


TRANSLATION_DRIFT = frozenset({"T104", "T105", "T106", "T107", "Y121"})
"""What plain ``lint`` says of the translations the content ships: a catalogue it
cannot read, and entries that say other numbers or icons than the card, or hold
another entry's words. Whether a language is complete (T101-T103) is ``--lang``'s."""


def shipped_languages(checked: Any) -> tuple[str, ...]:
    """The languages whose catalogues (``lang/<code>.po``) the content folders hold."""
    return tuple(sorted({po.stem for roots in checked.content_roots.values()
                         for root in roots for po in Path(root).glob("lang/*.po")}))


def shipped_translations(loaded: Any, templates: Path | None) -> list[Diagnostic]:
    """Without ``--lang``: the translation drift (:data:`TRANSLATION_DRIFT`) of every
    language the content ships a catalogue of, so a card whose French says another
    number than its English is found by plain ``samizdat lint`` too."""
    from compiler.pipeline.build import preflight_findings
    from compiler.pipeline.build_types import BuildOptions

    langs = shipped_languages(loaded.validation)
    if not langs:
        return []
    found = preflight_findings(loaded, BuildOptions(Path("."), templates=templates,
                                                    langs=langs, allow_fallback=True))
    return [d for d in found if d.code in TRANSLATION_DRIFT] + orphans(loaded.validation, langs)


def orphans(checked: Any, langs: tuple[str, ...]) -> list[Diagnostic]:
    """T107 for the catalogue entries of ``langs`` that no card's field takes."""
    from compiler.i18n.languages import LanguageProblem
    from compiler.i18n.orphans import orphan_entries

    found: list[Diagnostic] = []
    for game, model in sorted(checked.models.items()):
        if checked.game_errors.get(game, 0):
            continue                # a card that did not load would make its entries orphans
        roots = [Path(r) for r in checked.content_roots.get(game, [])]
        for code in langs:
            try:
                found += orphan_entries(game, model, roots, code)
            except LanguageProblem:
                continue            # a catalogue that cannot be read: T104, said once
    return found


def lint(paths: list[Path], *, select: tuple[str, ...] = (), ignore: tuple[str, ...] = (),
         alternate_history: bool = False, error_on_warning: bool = False, fast: bool = False,
         games: int = 200, seed: int = 0, config: LintConfig | None = None,
         baseline: Counter[tuple[str, str, str]] | None = None,
         time_budget: float | None = None, stop: Stop | None = None,
         progress: Progress | None = None, templates: Path | None = None,
         preflight: bool = False, min_text: float = 6.0, langs: tuple[str, ...] = (),
         allow_fallback: bool = False, executor: str | None = None) -> LintResult:
    """Lint ``paths`` (validated with their games' templates, ``templates``: a
    ``--templates`` folder, :func:`compiler.frontend.load.load`). ``select`` replaces
    the settings file's; ``ignore`` adds to it. Simulated analyses stop when
    ``time_budget`` (seconds from now) is spent or ``stop`` is requested. Long steps
    are shown on ``progress``. With ``preflight`` the cards are also fitted to their
    layouts and held to the build's preflight checks (nothing is drawn); with ``langs``
    each language's cards are checked too: translations (T101-T106) and, with
    ``preflight``, fitting and preflight in that language. With ``executor`` ("dask"
    or a scheduler's address) the simulated analyses play their games on a Dask
    cluster (:mod:`compiler.pipeline.dask_run`), with the same findings."""
    deadline = None if time_budget is None else time.monotonic() + time_budget
    config = config or LintConfig()
    select = select or config.select
    ignore = (*config.ignore, *ignore)
    accepted = Counter(baseline or ())
    loaded = load(paths, templates)
    checked = loaded.validation
    result = LintResult(checked)
    found = list(checked.diagnostics)
    if (preflight or langs) and checked.models:
        from compiler.pipeline.build import preflight_findings
        from compiler.pipeline.build_types import BuildOptions

        found += preflight_findings(loaded, BuildOptions(
            Path("."), templates=templates, min_text=min_text, preflight=preflight,
            langs=langs, allow_fallback=allow_fallback))
        found += orphans(checked, langs or shipped_languages(checked))
    elif checked.models:
        found += shipped_translations(loaded, templates)
    if not preflight:           # the fitted cards say these with --preflight
        from compiler.text.icon_names import unknown_icon_findings

        found += unknown_icon_findings(checked.contents, templates)
    lines = SourceIndex(checked.sources)
    memo: dict[tuple[str, int], frozenset[str]] = {}
    # a local cluster has as many workers as the lint would fork
    with optional_cluster(None if fast or not checked.models else executor,
                          run_cache_workers()) as cluster:
        for game, model in sorted(checked.models.items()):
            with _remote(cluster, model):
                found += _game_findings(game, model, checked, result, lines, memo, select,
                                        ignore, LintContext(
                                            game, checked.contents[game], model,
                                            alternate_history, fast, games, seed, deadline,
                                            time_budget, stop,
                                            checked.game_errors.get(game, 0),
                                            reference=shipped_content(game)), progress)
    for d in sorted(set(found), key=report_order):
        if d.code in ALWAYS_REPORTED:
            result.diagnostics.append(_escalated(d, error_on_warning))
            continue
        if not _selected(d.code, select, ignore):
            continue
        if _suppressed(d, lines, memo) or any(
                d.code.startswith(c) for c in config.ignored_for(d.location.file)):
            result.suppressed += 1
            continue
        result.findings.append(d)
        if accepted[fingerprint(d)] > 0:
            accepted[fingerprint(d)] -= 1
            result.baselined += 1
            continue
        result.diagnostics.append(_escalated(d, error_on_warning))
    return result


def _game_findings(game: str, model: object, checked: ValidationResult, result: LintResult,
                   lines: SourceIndex, memo: dict[tuple[str, int], frozenset[str]],
                   select: tuple[str, ...], ignore: tuple[str, ...], context: LintContext,
                   progress: Progress | None) -> list[Diagnostic]:
    """The findings of ``game``'s analyses not suppressed at their source, moved to an
    outside campaign's files where they are about one."""
    label, parts = _step(game, model, context.fast)
    with (progress or Progress("lint", quiet=True)).stage(label, parts) as step:
        ran = quieter(run(replace(context, started=step.started), result.tracebacks),
                      checked.diagnostics)
    kept = unsuppressed_at_source(ran, lines, memo, select, ignore)
    result.suppressed += len(ran) - len(kept)
    return list(relocated(checked.contents[game], kept))


def _remote(cluster: Any, model: object) -> Any:
    """While a game is linted, its runs on ``cluster`` (its model sent once)."""
    if cluster is None:
        return nullcontext()
    from compiler.pipeline.dask_run import SharedExecutor, shareable
    from rules_engine.core.run_cache import remotely

    return remotely(SharedExecutor(cluster, shareable(model)))


def _step(game: str, model: object, fast: bool) -> tuple[str, int | None]:
    """What linting ``game`` is called in progress lines ("azadi: simulating 5
    campaigns (L711, L712, L713, L714)", or "san: static analyses" with --fast), and
    how many simulated analyses it runs at most."""
    if fast:
        return f"{game}: static analyses", None
    codes = [m.CODE for m in rule_modules(game) if getattr(m, "SIMULATED", False)]
    campaigns = getattr(model, "campaigns", None)
    what = f"{len(campaigns)} campaigns" if isinstance(campaigns, tuple | list) else "games"
    return f"{game}: simulating {what} ({', '.join(codes)})", len(codes) or None


def _escalated(d: Diagnostic, error_on_warning: bool) -> Diagnostic:
    """``d``, as an error if it is a warning and warnings count as errors."""
    if error_on_warning and d.severity is Severity.WARNING:
        return Diagnostic(d.code, Severity.ERROR, d.message, d.location, d.related, d.hint)
    return d
