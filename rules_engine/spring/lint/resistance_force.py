"""Resistance too weak for the counters a space can hold.

A space can hold up to ``max_counters_per_space`` counters; a full hand of the
strongest Resistance cards (the hand limit) must reach that many, or a well-held
space can never be resisted.

Failing: hand limit 5, strongest Resistance forces 1, 1, 1, 1, 1 and spaces of 6.

Passing: strongest forces 4, 3, 3, 2, 2 for spaces of 6.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L902"
NAME = "resistance-too-weak"
SEVERITY = Severity.ERROR


def check(context: LintContext) -> Iterator[Diagnostic]:
    model = context.model
    bound = model.parameters.get("max_counters_per_space")
    hand = int(model.parameters.get("hand_limit", 5))
    if not isinstance(bound, int):
        return
    forces = sorted((c.force for c in model.cards if c.type == "resistance"
                     for _ in range(c.copies)), reverse=True)
    best = sum(forces[:hand])
    if best < bound:
        where = context.manifest_location
        yield Diagnostic(CODE, SEVERITY, f"a full hand of the strongest Resistance cards has "
                         f"force {best}, less than the {bound} counters a space can hold", where)
