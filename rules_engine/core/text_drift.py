"""Text drift, for every game: what a printed override says that its data does not.

A card may print its own wording (``text:``) in place of the text rendered from its
effects. Each game's text-drift lint finds its overrides and the part each replaces;
this module compares the two the same way for all games: a number the override says
(in digits, or as a word like "two" or "twice") that no number of the data holds,
nor any default the data leaves out (from the game's verb table), and a resource or
other game word the override names that the data never mentions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.core.verbs import VerbTable

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "once": 1, "twice": 2, "thrice": 3, "single": 1, "double": 2}


def said_numbers(text: str) -> set[int]:
    """The numbers a text says, in digits or in words."""
    lowered = text.lower()
    said = {int(n) for n in re.findall(r"\d+", lowered)}
    said |= {n for word, n in NUMBER_WORDS.items() if re.search(rf"\b{word}\b", lowered)}
    return said


def said_words(text: str, words: Iterable[str]) -> set[str]:
    """Which of ``words`` the text names (as a word, an icon ``:word:`` or its plural)."""
    lowered = text.lower()
    return {w for w in words if re.search(rf"\b{re.escape(w)}s?\b", lowered)}


def data_numbers(value: Any, table: VerbTable | None = None, verb_key: str = "action"
                 ) -> set[int]:
    """Every number in ``value`` (effects data, nested), and the number each left-out
    parameter of a verb of ``table`` defaults to (a mapping names its verb under
    ``verb_key``, or is a one-entry ``{verb: n}`` map)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    found: set[int] = set()
    if isinstance(value, Mapping):
        for entry in value.values():
            found |= data_numbers(entry, table, verb_key)
        found |= _defaults(value, table, verb_key)
    elif isinstance(value, list | tuple):
        for entry in value:
            found |= data_numbers(entry, table, verb_key)
    elif isinstance(value, str) and table is not None and value in table.verbs:
        found |= _defaults({value: None}, table, verb_key)
    return found


def _defaults(value: Mapping[str, Any], table: VerbTable | None, verb_key: str) -> set[int]:
    if table is None:
        return set()
    name = value.get(verb_key)
    if not isinstance(name, str) and len(value) == 1:
        name = next(iter(value))
    verb = table.verbs.get(name) if isinstance(name, str) else None
    if verb is None:
        return set()
    return {p.default for p in verb.params
            if p.name not in value and isinstance(p.default, int)
            and not isinstance(p.default, bool)}


def data_words(value: Any, words: Iterable[str]) -> set[str]:
    """Which of ``words`` occur anywhere in ``value`` (keys or values, nested)."""
    text = repr(value).lower()
    return {w for w in words if w in text}


def drift(text: str, data: Any, words: Iterable[str], table: VerbTable | None = None,
          verb_key: str = "action", allowed: Iterable[int] = ()) -> list[str]:
    """What ``text`` says that ``data`` does not: numbers first (ascending), then words
    (in ``words`` order); empty when the text agrees. ``allowed`` numbers always pass."""
    known = data_numbers(data, table, verb_key) | set(allowed)
    extra = [str(n) for n in sorted(said_numbers(text) - known)]
    present = data_words(data, words)
    named = said_words(text, words)
    return [*extra, *(w for w in words if w in named and w not in present)]
