"""The effect language's core: abilities and continuous rules as immutable values.

Content describes card rules as data (see ``docs/content-format.md``); after the
schema check, :func:`parse_effects` turns that data into these frozen objects,
which the rules engine executes and the compiler renders into printed text. The
vocabulary of actions, events and quantities is game-specific and lives in the
schemas; this module only fixes the shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.native import register_frozen

Frozen = Any  # a frozen value: scalar, tuple, or FrozenMap


@dataclass(frozen=True)
class FrozenMap:
    """An immutable, hashable mapping with stable (sorted) order."""

    items: tuple[tuple[str, Frozen], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.items:
            if k == key:
                return v
        return default

    def keys(self) -> list[str]:
        return [k for k, _ in self.items]

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.items)

    def __len__(self) -> int:
        return len(self.items)

    def to_dict(self) -> dict[str, Any]:
        return {k: thaw(v) for k, v in self.items}


def freeze(value: Any) -> Frozen:
    """Deep-freeze plain data: dicts become FrozenMaps, lists become tuples."""
    kind = type(value)
    if kind is dict or (kind is not list and isinstance(value, Mapping)):
        return FrozenMap(tuple(sorted((str(k), freeze(v)) for k, v in value.items())))
    if kind is list or kind is tuple:
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Frozen) -> Any:
    """The plain-data form of a frozen value."""
    if isinstance(value, FrozenMap):
        return value.to_dict()
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


EMPTY = FrozenMap()


@dataclass(frozen=True)
class Action:
    """One thing an ability does: a kind from the game's vocabulary and its parameters."""

    kind: str
    params: FrozenMap = EMPTY

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Listener:
    """A trigger on an event, optionally filtered (``{event, where}``)."""

    event: str
    where: FrozenMap = EMPTY


@dataclass(frozen=True)
class Ability:
    """Something that happens: when, if, at what cost, how often, and what."""

    when: str | Listener
    actions: tuple[Action, ...]
    condition: FrozenMap = EMPTY
    cost: FrozenMap = EMPTY
    limit: FrozenMap = EMPTY
    optional: bool = True


@dataclass(frozen=True)
class Rule:
    """Something that holds while its source is in force: forbid, modify or require."""

    kind: str          # "forbid" | "modify" | "require"
    target: str        # the action, quantity or requirement it concerns
    value: Frozen      # modify: FrozenMap{set|add}; require: the cost; forbid: None
    scope: str = "game"
    condition: FrozenMap = EMPTY


Effect = Ability | Rule


def parse_effect(data: Mapping[str, Any]) -> Effect:
    """One schema-valid effect mapping as an :class:`Ability` or :class:`Rule`."""
    condition = freeze(data.get("if", {}))
    if "do" in data:
        when_data = data.get("when", "activated")
        when: str | Listener = (
            Listener(when_data["event"], freeze(when_data.get("where", {})))
            if isinstance(when_data, Mapping) else str(when_data))
        actions = tuple(
            Action(str(a["action"]), freeze({k: v for k, v in a.items() if k != "action"}))
            for a in data["do"])
        return Ability(when, actions, condition, freeze(data.get("cost", {})),
                       freeze(data.get("limit", {})), bool(data.get("optional", True)))
    scope = str(data.get("scope", "game"))
    if "forbid" in data:
        return Rule("forbid", str(data["forbid"]), None, scope, condition)
    kind = "modify" if "modify" in data else "require"
    ((target, value),) = data[kind].items()
    return Rule(kind, str(target), freeze(value), scope, condition)


def parse_effects(data: Iterable[Mapping[str, Any]] | None) -> tuple[Effect, ...]:
    """A list of schema-valid effect mappings, parsed in order."""
    return tuple(parse_effect(d) for d in data or ())

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
