"""Two effects that change the same thing in the same timing window.

When a Mandate and a Tyranny card's while-active power both act at the end of a
turn and both touch resources (*Tax Without Representation* discards them all,
a power counts the resources left), the result depends on which goes first. The
static pass flags every such pair (with ``--alternate-history``, for every Mandate
with every campaign); the simulated analysis (L714) runs both orders and reports
the pairs whose order changes the game.

Powers that answer the same event are another same moment: a Tyranny card's
while-active power beside the other choice's, a Resistance card, an ideologue
power or a Mandate's Rebel side. Such a pair is flagged when one changes what the
other reads (a cost it must pay, resources it counts, voters it picks), so the
order decides whether or how the second one acts; two powers that only add
resources commute and are not flagged.

Failing (with Tax Without Representation)::

    while_active:
      - when: end_of_turn
        do: [{action: evict_voters, count: {per_resources_left: 3}}]

Passing::

    while_active:
      - when: start_of_turn
        do: [{action: gain_resources, resources: {any: 1}}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.rules_in_force import abilities, mandates_for
from rules_engine.azadi.model import AzadiContent
from rules_engine.azadi.verbs import PICKS_VOTERS
from rules_engine.azadi.vocabulary import ACTION_CHANGES
from rules_engine.core.diagnostics import Diagnostic, Location, Related, Severity
from rules_engine.core.effects import Ability, Effect, FrozenMap, Listener
from rules_engine.core.lint import LintContext

CODE = "L703"
NAME = "same-moment-conflict"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors
WINDOWS = ("start_of_turn", "end_of_turn")


def _touches(ability: Ability) -> frozenset[str]:
    """What an ability changes, plus what its counts read."""
    touched: set[str] = set()
    for action in ability.actions:
        touched |= ACTION_CHANGES.get(action.kind, frozenset())
        count = action.get("count")
        if isinstance(count, FrozenMap) and "per_resources_left" in count:
            touched.add("resources")
    return frozenset(touched)



def _changes(ability: Ability) -> frozenset[str]:
    """What an ability changes, its cost included."""
    changed = set(_touches_actions(ability))
    if ability.cost.items:
        changed.add("resources")
    return frozenset(changed)


def _touches_actions(ability: Ability) -> set[str]:
    return {c for action in ability.actions for c in ACTION_CHANGES.get(action.kind, ())}


def _reads(ability: Ability) -> frozenset[str]:
    """What decides whether or how an ability acts: a cost to pay, resources counted,
    voters picked, conditions on either."""
    read: set[str] = set()
    condition = ability.condition.to_dict()
    if ability.cost.items or "resources_at_least" in condition:
        read.add("resources")
    if {"holds_majority", "gerrymandering_rights"} & set(condition):
        read.add("voters")
    for action in ability.actions:
        count = action.get("count")
        if isinstance(count, FrozenMap) and "per_resources_left" in count:
            read.add("resources")
        if action.kind in PICKS_VOTERS:
            read.add("voters")
    return frozenset(read)


def _listeners(label: str, effects: tuple[Effect, ...], location: Location
               ) -> list[tuple[str, Ability, Location]]:
    return [(label, a, location) for a in abilities(effects) if isinstance(a.when, Listener)]


def _standing(model: AzadiContent) -> list[tuple[str, Ability, Location]]:
    """Listening powers that do not belong to a campaign: Resistance cards, ideologue
    powers and Mandates' Rebel sides."""
    found = []
    for card in model.resistance_cards:
        found += _listeners(f"Resistance card {card.title!r}", card.effects, card.location)
    for ideologue in model.ideologues:
        for power in ideologue.powers:
            found += _listeners(f"{ideologue.name} level {power.level}", power.effects,
                                ideologue.location)
    for mandate in model.mandates:
        found += _listeners(f"the Rebel side of {mandate.title!r}", mandate.rebel,
                            mandate.location)
    return found


def _clash(a: Ability, b: Ability) -> frozenset[str]:
    """What one of two powers answering the same event changes and the other reads."""
    assert isinstance(a.when, Listener) and isinstance(b.when, Listener)
    if a.when.event != b.when.event:
        return frozenset()
    return (_changes(a) & _reads(b)) | (_changes(b) & _reads(a))


def _event_pairs(model: AzadiContent) -> Iterator[Diagnostic]:
    """Pairs of powers answering the same event: each campaign's Tyranny powers with
    each other (on one card) and with the standing powers; standing pairs once."""
    standing = _standing(model)
    for i, (label, a, where) in enumerate(standing):
        for other, b, _ in standing[i + 1:]:
            yield from _event_finding("", label, a, other, b, where)
    for campaign in model.campaigns:
        for card in campaign.tyranny_cards:
            own = [item for choice in card.choices for item in _listeners(
                repr(choice.title), choice.while_active, card.location)]
            for i, (label, a, where) in enumerate(own):
                for other, b, _ in own[i + 1:] + standing:
                    yield from _event_finding(f"{campaign.name}: ", label, a, other, b, where)


def _event_finding(prefix: str, label: str, a: Ability, other: str, b: Ability,
                   where: Location) -> Iterator[Diagnostic]:
    shared = _clash(a, b)
    if shared and label != other:
        assert isinstance(a.when, Listener)
        yield Diagnostic(
            CODE, SEVERITY, f"{prefix}{label} and {other} both answer {a.when.event}; one "
            f"changes {', '.join(sorted(shared))} that the other reads, so their order "
            "decides the result", where)


def check(context: LintContext) -> Iterator[Diagnostic]:
    yield from _event_pairs(context.model)
    model = context.model
    for campaign in model.campaigns:
        for mandate, own in mandates_for(model, campaign, context.alternate_history):
            timed = [a for a in abilities(mandate.imperial) if a.when in WINDOWS]
            mode = "" if own else " (alternate history)"
            for card in campaign.tyranny_cards:
                for choice in card.choices:
                    for power in abilities(choice.while_active):
                        for rule in timed:
                            shared = _touches(power) & _touches(rule)
                            if power.when == rule.when and shared:
                                yield Diagnostic(
                                    CODE, SEVERITY, f"{campaign.name}{mode}: the while-active "
                                    f"power of {choice.title!r} and the Mandate "
                                    f"{mandate.title!r} both change "
                                    f"{', '.join(sorted(shared))} at {rule.when}; their order "
                                    "decides the result", card.location,
                                    (Related(mandate.location, f"Mandate {mandate.title}"),))
