"""A balance diff as findings for code scanning and pull-request annotations: one
warning per figure that moved, **D101** at the card it is about (its line in the
head) and **D102** for a figure of the whole game at the game's manifest (or the
AZADI campaign's). They are written by lint's own ``sarif`` and ``github``
reporters (:mod:`compiler.report.reporters`), so rules, escaping and paths follow
the same conventions."""

from __future__ import annotations

from compiler.diff.compare import Comparison, Figure
from compiler.diff.wording import change, p_value, run_name, subject, value
from rules_engine.core.diagnostics import Diagnostic, sorted_diagnostics, warning

CARD_MOVED = "D101"
GAME_MOVED = "D102"


def findings(comparison: Comparison) -> list[Diagnostic]:
    """A warning for every figure that moved and has a place in the head."""
    found = [_finding(f, comparison) for f in comparison.moved if f.where is not None]
    return sorted_diagnostics(found)


def _finding(figure: Figure, comparison: Comparison) -> Diagnostic:
    assert figure.where is not None
    message = (f"{run_name(figure.game, figure.campaign)}: {subject(figure.head)} moved from "
               f"{value(figure.base)} to {value(figure.head)}: {change(figure)}, "
               f"p {p_value(figure)}, significant at {comparison.alpha:g} after Holm's "
               f"correction over {comparison.tested} figures")
    return warning(CARD_MOVED if figure.of_card else GAME_MOVED, message, figure.where)
