"""A Tyranny card whose two choices unlock the same Resistance card.

The number at the bottom of each choice names the Resistance card that completing
that choice unlocks; the rulebook has the choice completed first decide which card
the players earn ("the choice which is completed first will determine the
Resistance Card you unlock"). Two choices naming one card make that decision
meaningless: usually a copy-paste slip. Reported at the second choice's
``resistance:``.

Failing::

    choices:
      - {title: Strike, resistance: 7, ...}
      - {title: March, resistance: 7, ...}

Passing::

    choices:
      - {title: Strike, resistance: 7, ...}
      - {title: March, resistance: 8, ...}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.lint import LintContext

CODE = "L706"
NAME = "same-unlock"
SEVERITY = Severity.ERROR


def check(context: LintContext) -> Iterator[Diagnostic]:
    for campaign in context.content.campaigns:
        for item in campaign.sections.get("tyranny_cards", []):
            choices = item.get("choices")
            if not isinstance(choices, list):
                continue
            first: dict[int, int] = {}
            for index, choice in enumerate(choices):
                number = choice.get("resistance") if isinstance(choice, dict) else None
                if not isinstance(number, int) or isinstance(number, bool):
                    continue
                if number in first:
                    earlier = first[number]
                    yield Diagnostic(
                        CODE, SEVERITY, f"Tyranny card {item.get('id')!r}: choices "
                        f"{earlier + 1} and {index + 1} both unlock Resistance card {number}; "
                        "each choice unlocks a different Resistance card",
                        item.loc("choices", index, "resistance"),
                        (Related(item.loc("choices", earlier, "resistance"),
                                 f"choice {earlier + 1} unlocks it too"),),
                        hint="give this choice the number of its own Resistance card")
                else:
                    first[number] = index
