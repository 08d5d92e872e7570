"""A card's own printed text that disagrees with its effects.

A card may override the text rendered from its effects (``text:``); the override
must still name the same numbers and resources as the effects, or the printed
card says something the engine does not do.

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

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L705"
NAME = "text-drift"
SEVERITY = Severity.WARNING
RESOURCES = ("funds", "clout", "media", "trust", "legacy", "infamy")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "once": 1,
         "twice": 2}


def _numbers_in_data(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_numbers_in_data(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_numbers_in_data(v) for v in value)) if value else set()
    return set()


def _words_in_data(value: Any) -> set[str]:
    text = repr(value).lower()
    return {r for r in RESOURCES if r in text}


def check(context: LintContext) -> Iterator[Diagnostic]:
    sections = list(context.content.sections.values())
    sections += [s for c in context.content.campaigns for s in c.sections.values()]
    for items in sections:
        for item in items:
            text = item.get("text")
            effects = item.get("effects")
            if not isinstance(text, str) or effects is None:
                continue
            lowered = text.lower()
            said = {int(n) for n in re.findall(r"\d+", lowered)}
            said |= {n for w, n in WORDS.items() if re.search(rf"\b{w}\b", lowered)}
            known = _numbers_in_data(effects)
            extra = sorted(n for n in said if n not in known)
            named = {r for r in RESOURCES if r in lowered}
            missing = sorted(named - _words_in_data(effects))
            if extra or missing:
                what = ", ".join([*map(str, extra), *missing])
                yield Diagnostic(CODE, SEVERITY, f"the printed text of {item.get('id')!r} names "
                                 f"{what}, which its effects do not", item.loc("text"))
