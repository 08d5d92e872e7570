"""A manifest parameter's value says another number than its own reason states.

Each parameter's ``why`` tells a reader where the value comes from; when the value is
edited and the reason is not (a house rule's 6 VT under a reason that still says 5),
the manifest contradicts itself, and a reader of the reason expects a game the engine
no longer plays. The finding is at the number of the value the reason does not state
(:mod:`rules_engine.core.stated_reasons`); a deliberate variant says so in its reason.

Failing (the reason gives 5 VT to the first, the value 6)::

    overthrow_scores:
      why: "2 VT for the final card, 5 VT most counters+force, 3 VT second, 1 VT each other"
      value: {final_card: 2, first: 6, second: 3, other: 1}

Passing::

    overthrow_scores:
      why: "House rule: 6 VT most counters+force (the design gives 5), 2 final, 3 second, 1 other"
      value: {final_card: 2, first: 6, second: 3, other: 1}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.stated_reasons import contradictions

CODE = "L604"
NAME = "reason-contradicts-value"
SEVERITY = Severity.WARNING
LOCAL = True      # the manifest on its own


def _number(x: float) -> str:
    return f"{x:g}"


def check(context: LintContext) -> Iterator[Diagnostic]:
    manifest = context.content.manifest
    if manifest is None:
        return
    for found in contradictions(manifest):
        said = ", ".join(_number(n) for n in found.stated[:12])
        yield Diagnostic(CODE, SEVERITY,
                         f"parameter {found.name}: the value holds {_number(found.number)}, "
                         f"which its reason (why) does not state (it states {said})",
                         found.location,
                         hint="edit the value or its reason so that they agree; a variant "
                              "says in its reason what it changes")
