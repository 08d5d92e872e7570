"""A card's own printed text that disagrees with what it replaces.

Wherever a card may override its printed text (a card's ``text``, a side's, a
buff's, a power's, a Tyranny choice's ``text`` for its power and ``task_text`` for
its task; see rules_engine/azadi/overrides.py), the override is what players read.
It must not name a number or a resource that the part it replaces does not hold
(numbers a verb leaves at its default count as held), nor pair a number with what
it does not count ("evict 2" for an eviction of 1; see
rules_engine/core/text_drift.py), and a task's wording must say
how many times the task is done, and name the task's own action, not another's.
Reported at the override.

Failing::

    text: "Gain 3 Funds."
    effects: [{do: [{action: gain_resources, resources: {funds: 2}}]}]

Passing::

    text: "Gain 2 Funds."
    effects: [{do: [{action: gain_resources, resources: {funds: 2}}]}]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rules_engine.azadi.overrides import Override, overrides
from rules_engine.azadi.verbs import TABLE
from rules_engine.core.content import every_item
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.text_drift import drift, said_numbers, term

CODE = "L705"
NAME = "text-drift"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors
RESOURCES = ("funds", "clout", "media", "trust", "legacy", "infamy")
SIDES = ("imperial", "rebel")       # whose voters a task's filter may name
# The words that name each task event's action (as word beginnings).
TASK_VERBS: dict[str, tuple[str, ...]] = {
    "voter_placed": ("plac",), "voter_evicted": ("evict",), "voter_discarded": ("discard",),
    "voter_converted": ("convert",), "voter_moved": ("mov",),
    "voter_card_influenced": ("influenc",), "resources_gained": ("gain",),
    "resources_spent": ("spen", "pay"), "trade": ("trad",), "majority_formed": ("form",),
    "majority_broken": ("break", "broke"), "coalition_formed": ("coalition",),
    "dissent_committed": ("dissent",), "maidaan_used": ("maidaan",),
    "resistance_card_used": ("resistance",), "ideology_card_answered": ("answer", "choose"),
    "monument_contribution": ("contribut",), "imperial_voter_added": ("add",),
}


def _names(text: str, stems: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{stem}", text.lower()) for stem in stems)


def _where(found: Override) -> str:
    """The override's path inside its item, e.g. ``choices[1].task_text``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                   for p in found.text_path).lstrip(".")


def _effects_drift(found: Override) -> list[str]:
    named = drift(found.text, found.part, RESOURCES, TABLE)
    return [f"names {', '.join(named)}, which its effects do not"] if named else []


def _task_drift(found: Override) -> list[str]:
    """What a task's override says that the task (its event, filter and times) does not."""
    choice: Any = found.part
    if not isinstance(choice, dict) or not isinstance(choice.get("task"), dict):
        return []
    task, times = choice["task"], choice.get("times")
    allowed = (1, times) if isinstance(times, int) else (1,)
    event = task.get("event")
    # one event is one of what it names ("voter_evicted": a voter, an eviction), done
    # ``times`` times
    words = str(event).split("_") if isinstance(event, str) else []
    counted = {t: {1} for w in words
               for t in (term(w), *((w[:-2], w[:-1]) if w.endswith("ed") else ()))}
    counted["time"] = {times if isinstance(times, int) else 1}
    named = drift(found.text, task, (*RESOURCES, *SIDES), allowed=allowed, counted=counted)
    problems = [f"names {', '.join(named)}, which its task does not"] if named else []
    if isinstance(times, int) and times > 1 and times not in said_numbers(found.text):
        problems.append(f"leaves out ×{times} (the task is done {times} times)")
    own = TASK_VERBS.get(event, ()) if isinstance(event, str) else ()
    others = sorted(e for e, stems in TASK_VERBS.items()
                    if e != event and _names(found.text, stems))
    if own and not _names(found.text, own) and others:
        problems.append(f"words the task as {others[0]}, not {event}")
    return problems


def check(context: LintContext) -> Iterator[Diagnostic]:
    for section, item in every_item(context.content):
        for found in overrides(section, item):
            problems = _task_drift(found) if found.kind == "task" else _effects_drift(found)
            if problems:
                yield Diagnostic(CODE, SEVERITY, f"the printed text of {item.get('id')!r} "
                                 f"({_where(found)}) {'; it '.join(problems)}",
                                 item.loc(*found.text_path))
