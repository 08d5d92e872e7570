"""What a simulation reads of a content model: the model without its printed texts.

The engines play by the numbers, ids and effects of the content; titles, names,
narratives, flavour and printed text overrides only label a game's log. So the
simulated lint analyses play (and the run cache keys, see
:mod:`rules_engine.core.run_cache`) a copy of the model where every such text
(:data:`PRINTED`) is replaced by a placeholder naming its place in the model
(``⟦campaigns.0.tyranny_cards.3.choices.1.title⟧``): editing a card's narrative or
title leaves that copy, and therefore every cached game, the same. The labels map
each placeholder back to the current text, so a finding that quotes a label the
engine recorded (an order conflict names the powers involved) shows it as printed
now (:func:`printed`).

tests/test_lint_gates.py plays the shipped content both ways and requires the same
games.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from rules_engine.core.identity_cache import IdentityCache

PRINTED = frozenset({
    "title", "rebel_title", "name", "narrative", "flavor", "question", "colour",
    "text", "task_text", "imperial_text", "rebel_text", "buff_text",
})
"""Fields, in any game's model, that are printed and never read by a rules engine."""

_OPEN, _CLOSE = "\u27e6", "\u27e7"
_PLACEHOLDER = re.compile(f"{_OPEN}[^{_CLOSE}]*{_CLOSE}")
_copies: IdentityCache[Any, tuple[Any, dict[str, str]]] = IdentityCache(64)


def for_play(model: Any) -> tuple[Any, dict[str, str]]:
    """``model`` with its printed texts replaced by placeholders, and the labels that
    map each placeholder to its text (worked out once per model object)."""
    return _copies.lookup(model, _without_printed)


def printed(text: str, labels: dict[str, str]) -> str:
    """``text`` with each placeholder of ``labels`` replaced by the text it stands for."""
    if _OPEN not in text:
        return text
    return _PLACEHOLDER.sub(lambda m: labels.get(m.group(0), m.group(0)), text)


def _without_printed(model: Any) -> tuple[Any, dict[str, str]]:
    labels: dict[str, str] = {}

    def walk(value: Any, path: str) -> Any:
        if type(value) is tuple:
            items = tuple(walk(v, f"{path}.{n}") for n, v in enumerate(value))
            return value if all(a is b for a, b in zip(items, value, strict=True)) else items
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return value
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            if not f.init:
                continue
            old = getattr(value, f.name)
            where = f"{path}.{f.name}" if path else f.name
            if f.name in PRINTED and isinstance(old, str):
                new: Any = f"{_OPEN}{where}{_CLOSE}"      # even for "": none is read
                labels[new] = old
            else:
                new = walk(old, where)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value

    return walk(model, ""), labels
