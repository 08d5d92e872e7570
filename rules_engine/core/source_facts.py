"""A game's rules as data: the facts of its source document its manifest encodes
(``source_facts.yaml`` in the game plug-in's package), read once per process.

A fact is a ``parameter`` (a manifest parameter's value) or a ``component`` (a count
of the manifest's ``components``), or a statement about the content's items at a
``field`` (``tyranny_cards.choices``, ``[]`` for a list's entries, a ``where`` filter
on the items): ``length`` (how many entries a list holds), ``range`` (every number
within ``{min, max}``), ``distinct`` (no item repeats a value in its list), ``unique``
(no two items share a value: ``value: folder`` or ``game``), ``absent`` (the rules
give such items no such field), ``combination`` (one item per combination of the
fields ``value`` lists, in each folder), ``compulsory`` (the entries at ``field`` are
never ``optional: true``), ``holds`` (each item of the section ``of`` is named by
``{min, max}`` items at ``field``: what a country, zone or track holds) and
``sequence`` (every number of ``{min, max}`` is held by an item of the folder, or of
the game with ``scope: game``), ``one_of`` (every value is one of the names
``value`` lists). ``unless`` names keys of a list's entry that take the entry out of
a content fact (an Order's permit, ``require``, holds game-wide: ruling R42). An
``order`` (numbers of the manifest's parameters that run one way) and ``players``
(the seats the components allow) hold for every variant
(:mod:`rules_engine.core.manifest_facts`). A content fact may name the manifest
``parameter`` that varies it: a manifest whose parameter departs from the document
plays a variant (ruling R69), and the fact then follows the manifest's value. Each
has the section of the source document that states it and what it says in this
project's words; ``assumed: true`` marks a fact the document is silent on (the
design choice it records is not enforced)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

FILE = "source_facts.yaml"


@dataclass(frozen=True)
class Fact:
    """One statement: its kind, the parameter's name or the component's type, the
    component's ``where`` filter, the value or count, its section and its words."""

    kind: str
    name: str
    value: Any
    section: str
    says: str
    where: Any = None
    assumed: bool = False    # the document is silent: the table records the design choice
    of: str | None = None    # holds: the section of the items that hold
    scope: str = "folder"    # sequence: each folder's items, or the ``game``'s
    parameter: str | None = None   # a content fact's value follows this parameter's
    direction: str = "increasing"  # order: how the numbers at ``value``'s paths run
    unless: tuple[str, ...] = ()   # entries holding one of these keys are not judged


def table_path(game: str) -> Path | None:
    """Where ``game``'s facts table lies (beside its plug-in module), if it has one."""
    from rules_engine.games import plugin

    found = plugin(game)
    if found is None or not found.facts_module:
        return None
    module = importlib.import_module(found.facts_module)
    path = Path(module.__file__ or "").with_name(FILE)
    return path if path.is_file() else None


@cache
def source_of(game: str) -> str | None:
    """The source document ``game``'s facts table was read from (its ``source:``)."""
    path = table_path(game)
    if path is None:
        return None
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    source = data.get("source")
    return str(source) if source else None


@cache
def facts_of(game: str) -> tuple[Fact, ...]:
    """``game``'s facts (none when it has no table)."""
    path = table_path(game)
    if path is None:
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = []
    for raw in data.get("facts") or ():
        kind = str(raw["kind"])
        name = str(raw.get("name") or "" if kind in ("parameter", "order", "players")
                   else raw.get("type") if kind == "component" else raw.get("field"))
        value = raw.get("count") if kind == "component" else raw.get("value")
        out.append(Fact(kind, name, value, str(raw.get("section", "")),
                        str(raw.get("says", "")).rstrip("."), raw.get("where"),
                        bool(raw.get("assumed", False)),
                        of=str(raw["of"]) if raw.get("of") else None,
                        scope=str(raw.get("scope", "folder")),
                        parameter=str(raw["parameter"]) if raw.get("parameter") else None,
                        direction=str(raw.get("direction", "increasing")),
                        unless=tuple(str(k) for k in raw.get("unless") or ())))
    return tuple(out)
