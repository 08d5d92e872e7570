"""Direction of card text: the Unicode Bidirectional Algorithm (UAX #9).

A paragraph's embedding levels come from ``python-bidi``'s implementation of the
algorithm (``bidi.algorithm``: the paragraph level by rule P2/P3 or as the layout
gives it, explicit embeddings X1-X10, weak types W1-W7, neutrals N1-N2, implicit
levels I1-I2), one level per character of the paragraph's logical text; lines are
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
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    resolved: list[int | None] = [None] * len(text)
    for char in storage["chars"]:
        resolved[char["index"]] = char["level"]
    found: list[int] = []
    for level in resolved:
        found.append(level if level is not None else (found[-1] if found else base))
    return tuple(found)


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
