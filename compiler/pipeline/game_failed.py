"""What a command that plays games says when one of them raises on the content or
spends its step budget: the linter's R106 or R105 error, located at the content item
the game's last actions name most, with the command that replays the game, and exit
code 1. Content is what made the game go wrong, so this is a finding about it, never
``samizdat: internal error``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler.pipeline.command_output import Printed
from rules_engine.core.budgets import GameCrashed, GameDidNotEnd
from rules_engine.core.diagnostics import Diagnostic
from rules_engine.core.replay import replay_command
from rules_engine.core.simulate import Simulation


def finding(game: str, checked: Any, content: Path | None, simulation: Simulation,
            failure: GameCrashed | GameDidNotEnd) -> Diagnostic:
    """The error that a game of ``simulation``, played on the content ``checked``
    validated (from the folder ``content``; None for the shipped one), went wrong
    with ``failure``."""
    from rules_engine.core.lint import LintContext, crashed, did_not_end

    context = LintContext(game, checked.contents[game], checked.models[game])
    replay = "replay: " + replay_command(simulation, failure.seed,
                                          "" if content is None else str(content))
    if isinstance(failure, GameDidNotEnd):
        return did_not_end(context, [], failure, replay)
    return crashed(context, [], failure, failure.seed, replay)


def rendered(found: Diagnostic, sources: dict[str, str], fmt: str = "text") -> Printed:
    """``found`` as the validation errors are printed (text or json), exit code 1."""
    from compiler.report.reporters import REPORTERS

    reporter = REPORTERS["json" if fmt == "json" else "text"]()
    return Printed([reporter.render([found], {"errors": 1, "warnings": 0}, sources)], 1)


def failed_game(game: str, checked: Any, content: Path | None, simulation: Simulation,
                failure: GameCrashed | GameDidNotEnd, fmt: str = "text") -> Printed:
    """What to print for :func:`finding`."""
    return rendered(finding(game, checked, content, simulation, failure), checked.sources,
                    fmt)
