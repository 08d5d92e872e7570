"""Direction of card text: the Unicode Bidirectional Algorithm (UAX #9).

A paragraph's embedding levels come from ``python-bidi``'s implementation of the
algorithm (``bidi.algorithm``: the paragraph level by rule P2/P3 or as the layout
gives it, explicit embeddings X1-X10, weak types W1-W7, neutrals N1-N2, implicit
levels I1-I2), with the paired-bracket rule N0 (BD16) that module lacks added here
(:func:`_resolve_brackets`: "(ar)" inside right-to-left text keeps its brackets round
its word), one level per character of the paragraph's logical text; lines are
broken in logical order, and each line's runs are then put in visual order by rule L2
(:func:`visual_order`). Mirroring of brackets (L4) is HarfBuzz's, when it shapes a
right-to-left run.

Levels: even is left to right, odd right to left. An inline icon counts as U+FFFC
OBJECT REPLACEMENT CHARACTER, a neutral, so it stays between the words around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bidi import algorithm

DIRECTIONS = ("auto", "ltr", "rtl")
OBJECT = "\ufffc"            # an inline icon in the text the algorithm sees
# Bidi_Paired_Bracket pairs (UCD BidiBrackets.txt) that card text is likely to hold
BRACKETS = {"(": ")", "[": "]", "{": "}", "\u0f3a": "\u0f3b", "\u0f3c": "\u0f3d",
            "\u169b": "\u169c", "\u2045": "\u2046", "\u207d": "\u207e",
            "\u208d": "\u208e", "\u2308": "\u2309", "\u230a": "\u230b",
            "\u2329": "\u232a", "\u2768": "\u2769", "\u276a": "\u276b",
            "\u27e6": "\u27e7", "\u27e8": "\u27e9", "\u2983": "\u2984",
            "\u3008": "\u3009", "\u300a": "\u300b", "\u300c": "\u300d",
            "\u300e": "\u300f", "\u3010": "\u3011", "\u3014": "\u3015",
            "\ufe59": "\ufe5a", "\uff08": "\uff09", "\uff3b": "\uff3d",
            "\uff5b": "\uff5d", "\uff5f": "\uff60", "\uff62": "\uff63"}
_CLOSERS = {close: open_ for open_, close in BRACKETS.items()}
_STACK_LIMIT = 63           # BD16: deeper nesting stops the pairing


def base_level(text: str, direction: str) -> int:
    """The paragraph level: 1 for ``rtl``, 0 for ``ltr``, and for ``auto`` that of
    the first strong character (left to right when there is none)."""
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}")
    if direction == "auto":
        return int(algorithm.get_base_level(text))
    return 1 if direction == "rtl" else 0


@lru_cache(maxsize=4096)
def levels(text: str, direction: str) -> tuple[int, ...]:
    """The resolved embedding level of every character of one paragraph's logical
    ``text`` (rules P2-I2). Characters the algorithm removes (X9: embedding controls,
    boundary neutrals such as ZERO WIDTH JOINER) take the level of the character
    before them, so they stay in its run."""
    base = base_level(text, direction)
    storage: dict[str, Any] = algorithm.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    _resolve_brackets(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    resolved: list[int | None] = [None] * len(text)
    for char in storage["chars"]:
        resolved[char["index"]] = char["level"]
    found: list[int] = []
    for level in resolved:
        found.append(level if level is not None else (found[-1] if found else base))
    return tuple(found)


def _strong(kind: str) -> str | None:
    """A resolved type as N0 sees it: L, R (numbers count as R), or None (neutral)."""
    if kind == "L":
        return "L"
    return "R" if kind in ("R", "AL", "EN", "AN") else None


def _pairs(chars: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """BD16: the bracket pairs of one level run (positions in ``chars``), by opener."""
    stack: list[tuple[str, int]] = []
    found: list[tuple[int, int]] = []
    for index, char in enumerate(chars):
        if char["type"] != "ON":
            continue
        ch = char["ch"]
        if ch in BRACKETS:
            if len(stack) == _STACK_LIMIT:
                break
            stack.append((BRACKETS[ch], index))
        elif ch in _CLOSERS:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    found.append((stack[depth][1], index))
                    del stack[depth:]
                    break
    return sorted(found)


def _resolve_brackets(storage: dict[str, Any]) -> None:
    """Rule N0: each bracket pair takes the run's embedding direction when it holds a
    strong character of that direction; else, when it holds one of the other direction
    and the text before it is of that direction too, that direction. Brackets resolved
    count as strong for the pairs after them."""
    for run in storage["runs"]:
        start, length = run["start"], run["length"]
        chars = storage["chars"][start:start + length]
        embedding = "R" if chars and chars[0]["level"] % 2 else "L"
        for opener, closer in _pairs(chars):
            inside = {_strong(c["type"]) for c in chars[opener + 1:closer]}
            if embedding in inside:
                kind = embedding
            elif inside - {None}:
                before = next((k for k in (_strong(c["type"]) for c in
                                           reversed(chars[:opener])) if k), None)
                kind = before or _strong(run["sor"]) or embedding
            else:
                continue
            chars[opener]["type"] = chars[closer]["type"] = kind


def visual_order(item_levels: Sequence[int]) -> list[int]:
    """The indices of a line's items (in logical order, each at one level) in visual
    order, left to right: rule L2, from the highest level down to the lowest odd one,
    reverse every run of items at that level or higher."""
    order = list(range(len(item_levels)))
    if not order:
        return order
    highest = max(item_levels)
    odd = [level for level in item_levels if level % 2]
    if not odd:
        return order
    for level in range(highest, min(odd) - 1, -1):
        index = 0
        while index < len(order):
            if item_levels[order[index]] >= level:
                end = index
                while end < len(order) and item_levels[order[end]] >= level:
                    end += 1
                order[index:end] = reversed(order[index:end])
                index = end
            else:
                index += 1
    return order
