"""Spring's effect language: its verb table, the moment each verb applies on each card
type, and the parse of a card's printed effects into core abilities.

A Spring card prints at most four effects, each a one-key map ``{verb: n}`` (see
``schemas/common/effects.schema.json#/$defs/spring_effect``): ``n`` is the verb's one
parameter. An effect applies when the card is *used*: rulings R26 and R43 fix, for
each verb and card type, which use that is (:data:`TIMING`):

* ``radicalises`` — a Revolution card played to radicalise a space;
* ``resists`` — Resistance cards played to resist;
* ``motivates`` — a Motivation card discarded to draw two;
* ``moves`` — any card discarded to move.

:func:`abilities` turns the printed maps into :class:`~rules_engine.core.effects.Ability`
values with that ``when``; the engine collects, at each use, the abilities of that
``when`` and runs each action through its verb's handler, which records what the
action adds to the use (a :class:`~rules_engine.spring.engine.CardUse`); the engine
then resolves the use by the rules. :func:`unrunnable` is the M405 check run by
``samizdat validate`` (rules_engine/spring/build.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.core.effects import Ability, Action, freeze
from rules_engine.core.verbs import Param, Verb, VerbTable

if TYPE_CHECKING:
    from rules_engine.spring.engine import CardUse

RADICALISES = "radicalises"
RESISTS = "resists"
MOTIVATES = "motivates"
MOVES = "moves"
NEVER = "never"          # a verb on a card type the engine has no moment for (M405)

OWN_USE: Mapping[str, str] = {"revolution": RADICALISES, "resistance": RESISTS,
                              "motivation": MOTIVATES}
"""The use each card type is made for (R26): its own purpose."""


def _draw(use: CardUse, n: int) -> None:
    """Draw ``n`` more cards once the use has resolved (R24 when none are left)."""
    use.draws += n


def _extra_counter(use: CardUse, n: int) -> None:
    """``n`` more counters: on the space a Revolution card radicalises, or (R43) on
    spaces its player has radicalised, one at a time, after Resistance or Motivation."""
    use.counters += n


def _move(use: CardUse, n: int) -> None:
    """``n`` more spaces for a card discarded to move."""
    use.steps += n


def _count(top: int, doc: str) -> Param:
    return Param("n", "count", doc, values=tuple(range(1, top + 1)))


VERBS = VerbTable("spring", {
    "draw": Verb(
        "draw", "Draw n cards when the card is used for its own purpose (R26).",
        (_count(3, "cards drawn"),), handler=_draw,
        needs=frozenset({"deck"}), changes=frozenset({"hand", "deck"}),
        phrase="draw", required=("n",)),
    "extra_counter": Verb(
        "extra_counter", "Place n extra counters when the card is used for its own "
        "purpose (R26, R43).",
        (_count(3, "counters placed"),), handler=_extra_counter,
        needs=frozenset({"counters"}), changes=frozenset({"counters"}),
        phrase="extra_counter", required=("n",)),
    "move": Verb(
        "move", "Move n more spaces when the card is discarded to move (R26).",
        (_count(6, "spaces added"),), handler=_move,
        changes=frozenset({"position"}), phrase="move", required=("n",)),
})
"""Spring's verbs. Spring has no events (so nothing is raised) and no ``forbid``."""

TIMING: Mapping[str, Mapping[str, str]] = {
    "draw": OWN_USE,
    "extra_counter": OWN_USE,
    "move": {"revolution": MOVES, "resistance": MOVES, "motivation": MOVES},
}
"""verb -> card type -> the use at which it applies (R26, R43)."""


def when_of(verb: str, card_type: str) -> str:
    """The use at which ``verb`` applies on a ``card_type`` card (:data:`NEVER`: none)."""
    return TIMING.get(verb, {}).get(card_type, NEVER)


def abilities(card_type: str, effects: Iterable[Mapping[str, Any]]) -> tuple[Ability, ...]:
    """A card's printed effects (``{verb: n}`` maps, in order) as abilities: one per
    printed verb, applying at :func:`when_of` and not optional."""
    found: list[Ability] = []
    for effect in effects:
        for verb, n in sorted(dict(effect).items()):
            found.append(Ability(when_of(str(verb), card_type),
                                 (Action(str(verb), freeze({"n": n})),), optional=False))
    return tuple(found)


def unrunnable(card_type: str, verb: str, n: Any, max_counters: int
               ) -> list[tuple[str | None, str]]:
    """(parameter or None for the verb, why) for each part of one printed effect the
    engine cannot run on a ``card_type`` card, where a space holds at most
    ``max_counters`` counters; empty when all of it runs."""
    found = VERBS.unrunnable(verb, {"n": n}, (card_type,))
    if found:
        return found
    if when_of(verb, card_type) == NEVER:
        return [(None, f"a {card_type} card is never used in a way that runs {verb}")]
    if verb == "extra_counter" and max_counters <= 1:
        return [("n", f"a space holds at most {max_counters} counter "
                      "(max_counters_per_space), so no extra counter can ever be placed")]
    return []

TABLE = VERBS     # the name every game's verb table has (docs/content-format.md)
