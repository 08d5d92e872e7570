"""A manifest parameter's reason against its value: the numbers a ``why`` states.

A parameter's ``why`` says where its value comes from ("5 VT to the player with the
most counters", "costs run from 2 to 5"). When the value is edited and the reason is
not, the two disagree, and the reason, which a reader trusts, says what the game no
longer plays. :func:`contradictions` lists each number of a value its reason does not
state, where the reason speaks of the value at all:

* a single number, when the reason states any number;
* a mapping or list of numbers, when the reason states at least half of its distinct
  numbers (a reason that names a table, "Table 1 of the rulebook", or gives a total,
  is not a statement of each entry).

A reason states a number in digits or in English number words ("a six-sided die"),
and a range ("1 to 5", "2-5", "between 3 and 8", "from 2 (one card) to 5") states
every whole number in it.
Numbers that are part of a name ("R16", "L902") state nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.number_words import WORDS

_NUMBER = r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w])"
NUMBER = re.compile(_NUMBER)
RANGE = re.compile(r"(?<![\w.])(\d+)\s*(?:to|-|–|\.\.)\s*(\d+)(?![\w])"
                   r"|between\s+(\d+)\s+and\s+(\d+)(?![\w])"
                   r"|from\s+(\d+)\b[^.;\d]{0,60}?\bto\s+(\d+)(?![\w])")
WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
SPAN = 100
"""The widest range read as stating every number in it."""
ENGLISH = {**WORDS["en"], "one": 1, "single": 1, "zero": 0, "none": 0}


@dataclass(frozen=True)
class Contradiction:
    """A number of parameter ``name``'s value (at ``location``) its reason does not
    state; ``stated`` lists the numbers it does."""

    name: str
    number: float
    location: Location
    stated: tuple[float, ...]


def stated(text: str) -> set[float]:
    """The numbers ``text`` states: digits, English number words, whole ranges."""
    found = {float(n) for n in NUMBER.findall(text)}
    for word in WORD.findall(text.lower()):
        if word in ENGLISH:
            found.add(float(ENGLISH[word]))
        elif all(p in ENGLISH for p in word.split("-")):     # "twenty-two"
            found.add(float(sum(ENGLISH[p] for p in word.split("-"))))
        else:                                                # "six-sided"
            found.update(float(ENGLISH[p]) for p in word.split("-") if p in ENGLISH)
    for match in RANGE.finditer(text):
        low, high = (int(n) for n in next(pair for pair in (match.group(1, 2),
                                                             match.group(3, 4),
                                                             match.group(5, 6)) if pair[0]))
        if low < high <= low + SPAN:
            found.update(float(n) for n in range(low, high + 1))
    return found


def _numbers(value: Any, path: tuple[str | int, ...]
             ) -> Iterator[tuple[tuple[str | int, ...], float]]:
    if is_number(value):
        yield path, float(value)
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            yield from _numbers(inner, (*path, str(key)))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _numbers(inner, (*path, i))


def contradictions(manifest: Item) -> Iterator[Contradiction]:
    """Each number of a parameter's value that its ``why`` does not state."""
    parameters = manifest.get("parameters")
    if not isinstance(parameters, Mapping):
        return
    for name, entry in parameters.items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get("why"), str):
            continue
        said = stated(entry["why"])
        numbers = list(_numbers(entry.get("value"), ("parameters", name, "value")))
        if not said or not numbers:
            continue
        distinct = {n for _, n in numbers}
        if len(numbers) > 1 and 2 * len(distinct & said) < len(distinct):
            continue
        shown: set[float] = set()
        for path, number in numbers:
            if number not in said and number not in shown:
                shown.add(number)
                yield Contradiction(str(name), number, manifest.loc(*path),
                                    tuple(sorted(said)))
