"""The checkers of the facts about a game's manifest that hold for every variant:
an **order** among parameter values and the **players** the game can seat.

A parameter that departs from the source document is a variant (ruling R69), but a
variant keeps the document's order: a harder difficulty never asks for fewer azadi
points, a better rank never scores less, a first game's hand is never the smaller.
An ``order`` fact lists ``value`` paths in the order their numbers must run
(``direction: increasing`` or ``decreasing``, strictly): paths relative to the
parameter ``name`` (each row of it when it is a list: ``azadi_points.easy``), or,
without a ``name``, from the manifest's parameters (``hand_size``). A ``players``
fact bounds the manifest's ``players`` range by what the components can seat.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import Item, is_number
from rules_engine.core.diagnostics import Location
from rules_engine.core.source_facts import Fact

MANIFEST_KINDS = frozenset({"order", "players"})


@dataclass(frozen=True)
class Break:
    """Where the manifest breaks a fact, and what it holds there."""

    location: Location
    found: str


def _at(value: Any, path: list[str]) -> Any:
    for key in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def _value(parameters: Mapping[str, Any], name: str) -> Any:
    entry = parameters.get(name)
    return entry.get("value") if isinstance(entry, Mapping) else None


def _rows(manifest: Item, fact: Fact) -> Iterator[tuple[tuple[str | int, ...], Any, str]]:
    """(where the paths start, the values they start from, how to name the row)."""
    parameters = manifest.get("parameters") or {}
    if not isinstance(parameters, Mapping):
        return
    if not fact.name:
        yield ("parameters",), {k: _value(parameters, k) for k in parameters}, ""
        return
    value = _value(parameters, fact.name)
    base: tuple[str | int, ...] = ("parameters", fact.name, "value")
    if isinstance(value, list):
        for i, row in enumerate(value):
            label = next((f" ({k} {row[k]})" for k in row if is_number(row[k])), "") \
                if isinstance(row, Mapping) else ""
            yield (*base, i), row, label
    elif isinstance(value, Mapping):
        yield base, value, ""


def _order(manifest: Item, fact: Fact) -> Iterator[Break]:
    paths = [str(p) for p in fact.value or ()]
    rising = fact.direction != "decreasing"
    for base, row, label in _rows(manifest, fact):
        held = [(p, _at(row, p.split("."))) for p in paths]
        known = [(p, v) for p, v in held if is_number(v)]
        for (before, low), (after, high) in zip(known, known[1:], strict=False):
            if (high > low) if rising else (high < low):
                continue
            keys: list[str | int] = list(base)
            parts = after.split(".")
            if base == ("parameters",):
                keys += [parts[0], "value", *parts[1:]]
            else:
                keys += parts
            word = "above" if rising else "below"
            yield Break(manifest.loc(*keys), f"{after} {high:g} is not {word} {before} "
                        f"{low:g}{label}")


def _players(manifest: Item, fact: Fact) -> Iterator[Break]:
    players = manifest.get("players")
    bounds = fact.value if isinstance(fact.value, Mapping) else {}
    if not isinstance(players, Mapping):
        return
    for end in ("min", "max"):
        held: Any = players.get(end)
        bound: Any = bounds.get(end)
        if is_number(held) and is_number(bound) and \
                not (held >= bound if end == "min" else held <= bound):
            yield Break(manifest.loc("players", end), f"{held} players at {end}imum")


def breaks(manifest: Item, fact: Fact) -> Iterator[Break]:
    """Where ``manifest`` breaks ``fact`` (an ``order`` or ``players`` fact)."""
    if fact.kind == "order":
        yield from _order(manifest, fact)
    elif fact.kind == "players":
        yield from _players(manifest, fact)
