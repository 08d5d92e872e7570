"""A power that a Mandate always blocks, or that the base rules make useless.

Mandates trump Resistance cards (and every other power): while a Mandate that
forbids what a power needs stands in the capital, the power cannot be used. A
power is reported when every action it takes (or the event it listens to) needs
something the Mandate forbids: a Resistance card that trades under *The Path of
Oneness*, a while-active power that places voters through coalitions under a
Mandate that bans coalitions. Checked for the Mandates of the campaigns loaded
(all Mandates with ``--alternate-history``).

The base rules make a power useless, whatever the Mandate, when it can act only
after azadi on a card that is gone by then (``if: {after_azadi: true}`` on a Tyranny
choice's while-active power, since a Tyranny card is discarded when azadi is
gained, or on an Imperial Attack card, since the Imperial Arms stop at azadi), and
when it answers an Imperial voter placed in a volatile area (Imperial voters are
never placed there). These are reported at the value that makes them useless.

A Foundation side's soul holds from the vote on, as its buff and the card's Monument
do: a buff, or that Monument's power, needing only what the soul forbids is dead
too, reported at the buff (at the soul, for the Monument).

Failing (under The Path of Oneness)::

    effects:
      - do: [{action: trade_resources, with: another_player, give: 1, get: 2}]

Passing::

    effects:
      - do: [{action: gain_resources, resources: {any: 1}}]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_engine.azadi.lint.rules_in_force import abilities, forbidden
from rules_engine.azadi.lint.walk import Path, every_item
from rules_engine.azadi.lint.walk import abilities as written_abilities
from rules_engine.azadi.vocabulary import ACTION_NEEDS, EVENT_NEEDS
from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related, Severity
from rules_engine.core.effects import Ability, Effect, Listener
from rules_engine.core.lint import LintContext

CODE = "L702"
NAME = "dead-power"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors


def _powers(model: Any) -> Iterator[tuple[str, Location, tuple[Effect, ...], set[str] | None]]:
    """(name, location, effects, the campaigns that bring it into play; None: all)."""
    unlocked_in: dict[int, set[str]] = {}
    for campaign in model.campaigns:
        for card in campaign.tyranny_cards:
            for choice in card.choices:
                unlocked_in.setdefault(choice.resistance, set()).add(campaign.id)
    for card in model.resistance_cards:
        yield f"Resistance card {card.number} {card.title!r}", card.location, card.effects, \
            unlocked_in.get(card.number, set())
    for power in model.maidaan_powers:
        yield f"Maidaan power {power.title!r}", power.location, power.effects, None
    for ideologue in model.ideologues:
        for p in ideologue.powers:
            yield f"{ideologue.name} level {p.level} {p.title!r}", ideologue.location, \
                p.effects, None
    for campaign in model.campaigns:
        for card in campaign.tyranny_cards:
            for choice in card.choices:
                yield f"while-active power of {choice.title!r}", card.location, \
                    choice.while_active, {campaign.id}


def _dead(ability: Ability, blocked: frozenset[str]) -> bool:
    if isinstance(ability.when, Listener) and EVENT_NEEDS.get(ability.when.event,
                                                              frozenset()) & blocked:
        return True
    needs = [ACTION_NEEDS.get(a.kind, frozenset()) for a in ability.actions]
    return bool(needs) and all(n & blocked for n in needs)


def dead_under(effects: tuple[Effect, ...], blocked: frozenset[str]) -> bool:
    """Whether every power among ``effects`` needs something in ``blocked``."""
    found = [a for a in abilities(effects) if _dead(a, blocked)]
    return bool(found) and len(found) == len(abilities(effects))


IMPERIAL = ("imperial",)


def _gone_at_azadi(section: str, path: Path) -> str | None:
    """What is gone once azadi is gained, if the ability at ``path`` of an item of
    ``section`` lies on it."""
    if section == "tyranny_cards" and "while_active" in path:
        return "a Tyranny card is discarded when azadi is gained"
    if section == "attack_cards":
        return "the Imperial Arms (and their Attack cards) stop when azadi is gained"
    return None


def never_fires(when: Any) -> bool:
    """Whether a listener waits for an Imperial voter placed in a volatile area."""
    if not isinstance(when, dict) or when.get("event") != "voter_placed":
        return False
    where = when.get("where")
    return isinstance(where, dict) and where.get("volatile") is True and any(
        where.get(k) in IMPERIAL for k in ("whose", "who", "by"))


def base_rule_findings(section: str, item: Item) -> Iterator[Diagnostic]:
    """L702 for each power of ``item`` that the base rules make useless."""
    name = item.get("id") or item.get("number")
    for path, ability in written_abilities(item.data):
        condition = ability.get("if")
        gone = _gone_at_azadi(section, path)
        if gone and isinstance(condition, dict) and condition.get("after_azadi") is True:
            yield Diagnostic(CODE, SEVERITY, f"a power of {name!r} acts only after azadi, "
                             f"but {gone}: it can never be used",
                             item.loc(*path, "if", "after_azadi"))
        if never_fires(ability.get("when")):
            yield Diagnostic(CODE, SEVERITY, f"a power of {name!r} answers an Imperial voter "
                             "placed in a volatile area, but Imperial voters are never placed "
                             "there: it can never be used",
                             item.loc(*path, "when", "where", "volatile"))


def _souls(context: LintContext) -> Iterator[Diagnostic]:
    """A Foundation side whose own soul (in force from the vote on, as its buff and the
    card's Monument are) forbids all that its buff, or that Monument's power, needs."""
    model = context.model
    items = {i.get("id"): i for i in context.content.items("foundation_cards")}
    monuments = {m.number: m for m in model.monuments}
    for card in model.foundation_cards:
        item = items.get(card.id)
        for n, side in enumerate(card.sides):
            blocked = forbidden(side.soul)
            if not blocked or item is None:
                continue
            if dead_under(side.buff, blocked):
                yield Diagnostic(CODE, SEVERITY, f"the {side.buff_ideologue} buff of "
                                 f"{side.title!r} can never be used: its own soul forbids "
                                 "what it needs, and both hold from the vote on",
                                 item.loc("sides", n, "buff"),
                                 (Related(item.loc("sides", n, "soul"), "the soul"),))
            monument = monuments.get(card.monument)
            if monument is not None and dead_under(monument.power, blocked):
                yield Diagnostic(CODE, SEVERITY, f"the Monument {monument.title!r} this card "
                                 f"erects can never be used once {side.title!r} is voted: "
                                 "its soul forbids what the power needs",
                                 item.loc("sides", n, "soul"),
                                 (Related(monument.location, monument.title),))


def check(context: LintContext) -> Iterator[Diagnostic]:
    for section, item in every_item(context.content):
        yield from base_rule_findings(section, item)
    yield from _souls(context)
    model = context.model
    loaded = {c.mandate for c in model.campaigns}
    mandates = [m for m in model.mandates if context.alternate_history or m.id in loaded]
    mandate_of = {c.id: c.mandate for c in model.campaigns}
    for name, location, effects, campaigns in _powers(model):
        for mandate in mandates:
            if campaigns is not None and not context.alternate_history \
                    and mandate.id not in {mandate_of[c] for c in campaigns}:
                continue
            if dead_under(effects, forbidden(mandate.imperial)):
                yield Diagnostic(CODE, SEVERITY, f"{name} can never be used while the Mandate "
                                 f"{mandate.title!r} stands (it forbids what the power needs)",
                                 location, (Related(mandate.location,
                                                    f"Mandate {mandate.title}"),))
