"""SAN's effect language: its verb table, and printed effects as core effect objects.

Designers write a SAN card's effects as a list of bare names (``multiplier``) or
one-key maps (``{draw: 2}``); see the ``san_effect`` definition in
``schemas/common/effects.schema.json``. :func:`printed_action` reads one of them as
an :class:`~rules_engine.core.effects.Action` (a map's number becomes the verb's one
parameter, ``count``), and :func:`abilities` turns a card's list into the
:class:`~rules_engine.core.effects.Ability` objects the model holds: every SAN
effect applies when its card is played (:data:`WHEN_PLAYED`).

:data:`VERBS` is the one list of SAN's verbs: the engine dispatches through its
handlers (:mod:`rules_engine.san.handlers`), the card text comes from its phrase
keys, and :func:`unrunnable` (M405 at ``samizdat validate``) refuses what the engine
would not run, such as any effect printed on a Virus card, which is played into the
discard with no effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.effects import Ability, Action, FrozenMap, freeze
from rules_engine.core.verbs import Param, Verb, VerbTable
from rules_engine.san import handlers as h

WHEN_PLAYED = "played"
"""When every SAN effect applies: as its card is played (or copied)."""

CARD_TYPES = ("corruption", "propaganda", "hacking", "equipment", "virus")
PLAYED_TYPES = frozenset({"corruption", "propaganda", "hacking", "equipment"})
"""The card types whose effects are run: a Virus card "has no effect" (it is put
straight into the discard), so an effect printed on one is M405."""

COUNT_RANGE = tuple(range(1, 6))      # the schema's minimum..maximum for {draw|destroy: n}


def _count(what: str) -> Param:
    return Param("count", "count", f"how many {what} (one decision each)",
                 values=COUNT_RANGE, default=1)


def _verb(name: str, doc: str, handler: Any, *, params: tuple[Param, ...] = (),
          changes: tuple[str, ...] = (), raises: tuple[str, ...] = ()) -> Verb:
    return Verb(name, doc, params, handler, changes=frozenset(changes),
                raises=frozenset(raises), phrase=name,
                required=tuple(p.name for p in params))


VERBS = VerbTable("san", {v.name: v for v in (
    _verb("multiplier", "gain 1 icon of the card's type per card of that type played "
          "this turn, itself included (an Equipment card: of each type, R39)",
          h.multiplier, changes=("icons",)),
    _verb("single_use", "the card goes back in the box at the end of the turn "
          "(it cannot be declined)", h.single_use, changes=("box",)),
    _verb("copy_played", "take on the type, icons and effects of a card played before it",
          h.CopyPlayedHandler("copy_played", copies_run=False),
          changes=("played", "icons"), raises=("card_copied",)),
    _verb("copy_river", "take on the type, icons and effects of a River card",
          h.CopyRiverHandler("copy_river", copies_run=False),
          changes=("played", "icons", "river", "box"), raises=("card_copied",)),
    _verb("play_all_types", "every Mercenary type may be played this turn",
          h.play_all_types, changes=("mercenary_rule",)),
    _verb("play_from_discard", "play a card from the discard pile",
          h.PlayFromDiscardHandler("play_from_discard"),
          changes=("discard", "played", "icons"), raises=("card_played",)),
    _verb("corrupt_from_hand", "Corruption icons may corrupt cards from the hand this turn",
          h.corrupt_from_hand, changes=("corruption_sources",)),
    _verb("draw", "draw cards from the deck", h.DrawHandler("draw"),
          params=(_count("cards to draw"),), changes=("hand", "deck"),
          raises=("card_drawn",)),
    _verb("destroy", "put cards from the hand back in the box", h.DestroyHandler("destroy"),
          params=(_count("cards to destroy"),), changes=("hand", "box"),
          raises=("card_destroyed",)),
)})
"""SAN's verbs. A verb with parameters is written as a one-key map whose value is its
first (and only) parameter."""

RUNS_ON: Mapping[str, frozenset[str]] = {name: PLAYED_TYPES for name in VERBS.verbs}
"""The card types on which each verb is run."""


def printed_action(effect: str | FrozenMap | Mapping[str, Any]) -> Action:
    """One printed effect (``"multiplier"`` or ``{draw: 2}``) as an Action."""
    if isinstance(effect, str):
        return Action(effect)
    data = effect.to_dict() if isinstance(effect, FrozenMap) else dict(effect)
    ((name, value),) = data.items()
    verb = VERBS.verbs.get(str(name))
    param = verb.params[0].name if verb is not None and verb.params else "count"
    return Action(str(name), freeze({param: value}))


def abilities(printed: tuple[Any, ...] | list[Any]) -> tuple[Ability, ...]:
    """A card's printed effects as Abilities that apply when the card is played. Single
    Use "cannot be ignored", so it is not optional; the others are."""
    return tuple(Ability(WHEN_PLAYED, (action,), optional=action.kind != "single_use")
                 for action in (printed_action(e) for e in printed))


def unrunnable(card_type: str, action: Action) -> list[tuple[str | None, str]]:
    """(parameter or None, why) for each part of ``action`` the engine would not run on
    a card of ``card_type``; empty when it runs all of it."""
    found = VERBS.unrunnable(action.kind, action.params.to_dict())
    if found and found[0][0] is None:
        return found
    if card_type not in RUNS_ON.get(action.kind, frozenset()):
        found.insert(0, (None, f"{action.kind} cannot run on a {card_type} card: "
                               + ("a Virus card is played into the discard with no effect"
                                  if card_type == "virus" else
                                  f"it runs on {', '.join(sorted(RUNS_ON[action.kind]))} "
                                  "cards")))
    return found

TABLE = VERBS     # the name every game's verb table has (docs/content-format.md)
