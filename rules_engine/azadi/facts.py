"""The rules facts of one AZADI content: what the engine works out from the cards once
and looks up during play instead of reading the cards again.

A :class:`RulesFacts` is built once per content object (:func:`facts_for`, an
identity cache of the newest few contents: a simulation worker is sent a fresh copy
with each batch) and shared by every state of a game and by their clones: the
ideologue and Maidaan powers with their source labels, the events some power
listens to, a deepcopy memo of the content, and facts per effect of it (when an
ability runs and its limit, whose voters it may aim at, what it needs, its cost's
parts, its listeners by event), each worked out the first time it is asked for.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine.azadi import interpreter
from rules_engine.azadi.actions import label
from rules_engine.azadi.model import RESOURCES, AzadiContent
from rules_engine.azadi.vocabulary import ACTION_NEEDS
from rules_engine.core.effects import Ability, Effect, Listener
from rules_engine.core.identity_cache import IdentityCache

IdeologuePowers = list[tuple[str, list[tuple[int, str, tuple[Effect, ...]]]]]
Listeners = dict[str, list[tuple[int, Ability, dict[str, Any]]]]
CostFacts = tuple[tuple[tuple[str, int], ...], int, int, bool, int]
PowerFacts = tuple[str, bool, int | None] | None
PAYABLE = frozenset((*RESOURCES, "legacy", "infamy"))    # what a cost names and is paid
PER_EFFECT = 20_000     # facts kept per kind (a cost with a levy added is a new object)


class RulesFacts:
    """The facts of one content (see the module docstring). Immutable once built,
    except for the per-effect caches, which only grow (bounded); copying returns the
    object itself, so clones of a state share it."""

    def __init__(self, content: AzadiContent) -> None:
        self.content = content
        self.ideologue_powers: IdeologuePowers = [
            (i.id, [(p.level, f"ideologue:{i.id}:{p.level}", p.effects) for p in i.powers])
            for i in content.ideologues]
        """Per ideologue, in content order: (level, source label, effects) of each power."""
        self.maidaan_powers: list[tuple[int, str, tuple[Effect, ...]]] = [
            (m.cost, label("maidaan", m.id), m.effects) for m in content.maidaan_powers]
        """(Infamy cost, source label, effects) of each Maidaan power, in content order."""
        self._listeners: IdentityCache[tuple[Effect, ...], Listeners] = \
            IdentityCache(PER_EFFECT)
        self._power_facts: IdentityCache[Effect, PowerFacts] = IdentityCache(PER_EFFECT)
        self._targets: IdentityCache[Ability, tuple[str, ...]] = IdentityCache(PER_EFFECT)
        self._needs: IdentityCache[Ability, frozenset[str]] = IdentityCache(PER_EFFECT)
        self._costs: IdentityCache[Any, CostFacts] = IdentityCache(PER_EFFECT)
        self.shared: dict[int, Any] = _content_memo(content)
        """A deepcopy memo mapping every object in the content (frozen, never changed
        during play) and these facts to themselves, so clones share them."""
        self.shared[id(self)] = self
        self.listened: frozenset[str] = frozenset(
            item.when.event for item in self.shared.values()
            if isinstance(item, Ability) and isinstance(item.when, Listener))
        """Every event some power listens to (most events need no search for
        listeners)."""
        self.ideologues_hear: frozenset[str] = frozenset(
            name for _, powers in self.ideologue_powers for _, _, effects in powers
            for name in self.listeners_in(effects))
        """The events some ideologue power listens to."""

    def __deepcopy__(self, memo: dict[int, Any]) -> RulesFacts:
        return self

    def listeners_in(self, effects: tuple[Effect, ...]) -> Listeners:
        """A power's abilities that listen to events and that the interpreter runs, by
        event: (index, ability, its ``where`` filter)."""
        return self._listeners.lookup(effects, _find_listeners)

    def power_facts(self, effect: Effect) -> PowerFacts:
        """(when, whether the interpreter runs it, its use limit) of an ability; None
        for a rule."""
        return self._power_facts.lookup(effect, _find_power_facts)

    def targets(self, ability: Ability) -> tuple[str, ...]:
        """:func:`interpreter.target_choices` of ``ability``."""
        return self._targets.lookup(ability, interpreter.target_choices)

    def needs(self, ability: Ability) -> frozenset[str]:
        """The capabilities an ability's actions need (what a ``forbid`` rule can take
        away)."""
        return self._needs.lookup(ability, _find_needs)

    def cost(self, cost: Any) -> CostFacts:
        """A cost as (each resource and amount, the basic resources named, "any"
        amount, whether it asks for one of the player's voters, its Infamy)."""
        return self._costs.lookup(cost, _find_cost)


CACHE: IdentityCache[AzadiContent, RulesFacts] = IdentityCache(8)
"""The facts of the newest few contents."""


def facts_for(content: AzadiContent) -> RulesFacts:
    """The :class:`RulesFacts` of ``content``, built once per content object."""
    return CACHE.lookup(content, RulesFacts)


def _find_listeners(effects: tuple[Effect, ...]) -> Listeners:
    by_event: Listeners = {}
    for n, effect in enumerate(effects):
        if isinstance(effect, Ability) and isinstance(effect.when, Listener) and \
                interpreter.supported(effect):
            by_event.setdefault(effect.when.event, []).append(
                (n, effect, effect.when.where.to_dict()))
    return by_event


def _find_power_facts(effect: Effect) -> PowerFacts:
    if not isinstance(effect, Ability):
        return None
    limit = effect.limit.get("per_turn")
    when = effect.when if isinstance(effect.when, str) else ""    # "": a listener
    return (when, interpreter.supported(effect), None if limit is None else int(limit))


def _find_needs(ability: Ability) -> frozenset[str]:
    return frozenset().union(
        *(ACTION_NEEDS.get(action.kind, frozenset()) for action in ability.actions))


def _find_cost(cost: Any) -> CostFacts:
    return (tuple((k, int(n)) for k, n in cost.items if k in PAYABLE),
            sum(int(n) for k, n in cost.items if k in RESOURCES),
            int(cost.get("any", 0)),
            bool(int(cost.get("discard_own_voters", 0)) or
                 int(cost.get("evict_own_voters", 0))),
            int(cost.get("infamy", 0)))


def _content_memo(content: AzadiContent) -> dict[int, Any]:
    memo: dict[int, Any] = {}
    stack: list[Any] = [content]
    while stack:
        item = stack.pop()
        if id(item) in memo or isinstance(item, (str, int, float, bool, type(None))):
            continue
        memo[id(item)] = item
        if dataclasses.is_dataclass(item):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | frozenset):
            stack.extend(item)
    return memo
