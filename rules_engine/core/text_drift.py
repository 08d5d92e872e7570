"""Text drift, for every game: what a printed override says that its data does not.

A card may print its own wording (``text:``) in place of the text rendered from its
effects. Each game's text-drift lint finds its overrides and the part each replaces;
this module compares the two the same way for all games: a number the override says
(in digits, or as a word like "two" or "twice") that no number of the data holds,
nor any default the data leaves out (from the game's verb table), a resource or
other game word the override names that the data never mentions, and a number that
the data holds but counting something else.

That last check pairs each number with what it counts. In the text, a number counts
the first of the next three words (before any punctuation, "to", "and", "or",
"then"...) that the data also uses ("2 Imperial voters", "7 more resources", an icon
``:funds:`` as its word), or else the word just before it ("evict 2"); "once",
"twice" and "thrice" count times. In the data, a number counts the words of its key,
of the keys above it and of the verb it belongs to (the verb's name, and the
countable nouns of its documentation in the verb table; a rate's ``per_...`` also
counts one of what it gives): ``cost: {funds: 2}`` counts funds and cost, ``{action:
evict_voters, count: 1}`` counts evict and voters, ``limit: {per_turn: 3}`` counts
turns and times. A text number is drift when the word it counts occurs in the data,
but never with that number: "pay 2 funds, evict 2" against a cost of 2 funds and an
eviction of 1.
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


# Nouns a verb's documentation may use for what its number counts.
COUNTABLE = frozenset({"card", "voter", "space", "resource", "time", "turn", "round", "seat",
                       "pawn", "counter", "token", "player", "area", "zone", "step", "vote",
                       "point", "coalition", "majority"})
_SKIPPED = frozenset({"and", "or", "the", "any", "per", "from", "with", "into", "to", "of",
                      "for", "each", "one", "up", "than", "that", "not", "more", "your"})
_BREAKS = frozenset({"to", "then", "and", "or", "for", "if", "when", "per", "while"})
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_TOKEN = re.compile(r"\d+|[a-z]+|[^\sa-z\d]")


def term(word: str) -> str:
    """A word as a pairing term: lower case, singular ("voters" → "voter")."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _key_terms(key: str) -> set[str]:
    found = {term(w) for w in key.split("_") if len(w) > 2 and w not in _SKIPPED}
    if key.startswith("per_") or key in ("times", "limit"):
        found.add("time")
    return found


def _verb_terms(name: str, table: VerbTable | None) -> set[str]:
    found = _key_terms(name)
    verb = table.verbs.get(name) if table is not None else None
    if verb is not None:
        docs = " ".join([verb.doc, *(p.doc for p in verb.params)]).lower()
        found |= {term(w) for w in re.findall(r"[a-z]+", docs)} & COUNTABLE
    return found


def data_pairs(value: Any, table: VerbTable | None = None, verb_key: str = "action",
               context: frozenset[str] = frozenset()) -> dict[str, set[int]]:
    """For each term of ``value`` (effects data, nested), the numbers it counts there
    (see the module's docstring); a verb's left-out parameters count their defaults."""
    pairs: dict[str, set[int]] = {}

    def add(terms: Iterable[str], number: int) -> None:
        for t in terms:
            pairs.setdefault(t, set()).add(number)

    def merge(found: dict[str, set[int]]) -> None:
        for t, numbers in found.items():
            pairs.setdefault(t, set()).update(numbers)

    if isinstance(value, Mapping):
        name = value.get(verb_key)
        if not isinstance(name, str) and len(value) == 1:
            name = next(iter(value))
        verb = table.verbs.get(name) if table is not None and isinstance(name, str) else None
        here = set(context)
        if any(str(k).startswith("per_") for k in value):
            add(context, 1)       # "1 funds for every 4 resources": the rate's one
        if isinstance(name, str) and (verb is not None or name == value.get(verb_key)):
            here |= _verb_terms(name, table)
        for key, entry in value.items():
            terms = here | _key_terms(str(key))
            if isinstance(entry, int) and not isinstance(entry, bool):
                add(terms, entry)
            elif key == verb_key:
                continue
            elif isinstance(entry, str) and table is not None and entry in table.verbs:
                merge(data_pairs({entry: None}, table, verb_key, frozenset(terms)))
            else:
                merge(data_pairs(entry, table, verb_key, frozenset(terms)))
        if verb is not None:
            for param in verb.params:
                if param.name not in value and isinstance(param.default, int) \
                        and not isinstance(param.default, bool):
                    add(here | _key_terms(param.name), param.default)
    elif isinstance(value, list | tuple):
        for entry in value:
            merge(data_pairs(entry, table, verb_key, context))
    elif isinstance(value, str) and table is not None and value in table.verbs:
        merge(data_pairs({value: None}, table, verb_key, context))
    return pairs


def said_pairs(text: str, known: Iterable[str]) -> list[tuple[int, str, str]]:
    """(number, term, as written) for each number of ``text`` and the term among
    ``known`` it counts (see the module's docstring); numbers counting no known term
    are left out."""
    terms = set(known)
    tokens = _TOKEN.findall(re.sub(r":([a-z_]+):", r" \1 ", text.lower()))
    found: list[tuple[int, str, str]] = []
    for index, token in enumerate(tokens):
        if token in _TIMES:
            found.append((_TIMES[token], "time", token))
            continue
        number = int(token) if token.isdigit() else NUMBER_WORDS.get(token) \
            if token in NUMBER_WORDS and token not in ("single", "double") else None
        if number is None:
            continue
        counted = None
        for following in tokens[index + 1:index + 4]:
            if not following.isalpha() or following in _BREAKS:
                break
            if term(following) in terms:
                counted = (term(following), f"{token} {following}")
                break
        if counted is None and index > 0 and tokens[index - 1].isalpha() \
                and term(tokens[index - 1]) in terms - _SKIPPED:
            counted = (term(tokens[index - 1]), f"{tokens[index - 1]} {token}")
        if counted is not None:
            found.append((number, *counted))
    return found


def drift(text: str, data: Any, words: Iterable[str], table: VerbTable | None = None,
          verb_key: str = "action", allowed: Iterable[int] = (),
          counted: Mapping[str, Iterable[int]] | None = None) -> list[str]:
    """What ``text`` says that ``data`` does not: numbers first (ascending), then words
    (in ``words`` order), then numbers the data holds but counting something else
    (as written, e.g. "evict 2"); empty when the text agrees. ``allowed`` numbers
    always pass; ``counted`` adds pairs (term: numbers) the data implies."""
    words = tuple(words)
    known = data_numbers(data, table, verb_key) | set(allowed)
    missing = said_numbers(text) - known
    extra = [str(n) for n in sorted(missing)]
    present = data_words(data, words)
    named = said_words(text, words)
    pairs = data_pairs(data, table, verb_key)
    for t, numbers in (counted or {}).items():
        pairs.setdefault(t, set()).update(numbers)
    miscounted = [f"{written} (its data counts {t}: "
                  f"{', '.join(str(n) for n in sorted(pairs[t]))})"
                  for number, t, written in said_pairs(text, pairs)
                  if number not in missing and number not in pairs[t]]
    return [*extra, *(w for w in words if w in named and w not in present),
            *dict.fromkeys(miscounted)]
