"""A game's rules data, ``templates/<game>/rules.yaml``: read, schema-checked
(``common/rules``) and its table references checked, with located diagnostics.

Light on purpose (no PDF library): ``samizdat validate`` loads every game's rules
data (:mod:`compiler.frontend.load`), and the reference and aid
(:mod:`compiler.pdf.reference`) print what it loaded. A file is checked once per
process for the same bytes: the result is kept by the file's digest.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from compiler.frontend.paths import templates_root
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error

RULES_FILE = "rules.yaml"
_CACHE_SIZE = 64


@dataclass(frozen=True)
class RulesData:
    """A game's loaded rules data."""

    game: str
    data: dict[str, Any]
    file: str
    # in another language (compiler.i18n.extras): its code and direction, its tables
    # worded and translated, and the reference's fixed headings ("Glossary", ...)
    lang: str = "en"
    direction: str = "ltr"
    tables: Mapping[str, Any] | None = None
    words: Mapping[str, str] = field(default_factory=dict)

    def word(self, english: str) -> str:
        """A fixed heading of the reference in this language."""
        return self.words.get(english, english)


PARAMETER = re.compile(r"\{parameter:([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\}")
"""A manifest parameter named in the rules prose: ``{parameter:order_infamy}``, or a
field of one: ``{parameter:overthrow_scores.first}``."""


def _named(parameters: Mapping[str, Any], name: str) -> Any:
    first, *rest = name.split(".")
    value = parameters.get(first)
    for key in rest:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _filled(value: Any, parameters: Mapping[str, Any]) -> Any:
    if isinstance(value, str):
        return PARAMETER.sub(lambda m: _shown(_named(parameters, m.group(1)), m.group(0)),
                             value)
    if isinstance(value, Mapping):
        return {k: _filled(v, parameters) for k, v in value.items()}
    if isinstance(value, list):
        return [_filled(v, parameters) for v in value]
    return value


def _shown(value: Any, written: str) -> str:
    """A parameter's value as the prose prints it (a number, the one number of a
    mapping such as ``{any: 3}``, or a list of numbers: ``3 and 5``); what was written
    when it is none of these."""
    if isinstance(value, Mapping) and len(value) == 1:
        value = next(iter(value.values()))
    if isinstance(value, list) and value and all(_whole(v) for v in value):
        shown = [str(v) for v in value]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return str(value) if _whole(value) else written


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def with_parameters(rules: RulesData, parameters: Mapping[str, Any]) -> RulesData:
    """``rules`` with each ``{parameter:NAME}`` of its prose replaced by the content's
    value of that manifest parameter, so the reference prints the numbers the engine
    plays (a variant's included)."""
    return replace(rules, data=_filled(rules.data, parameters))


_checked: dict[tuple[str, str, bytes], tuple[RulesData | None, tuple[Diagnostic, ...]]] = {}


def rules_path(game: str, root: Path | None = None, overrides: Path | None = None) -> Path:
    """The rules data file of ``game``: the one in ``overrides`` (a ``--templates``
    folder) when it has one, else ``templates/<game>/rules.yaml`` (or under ``root``)."""
    if overrides is not None and os.path.lexists(overrides / game / RULES_FILE):
        return overrides / game / RULES_FILE
    return (root or templates_root(game)) / game / RULES_FILE


def load_rules(game: str, root: Path | None = None, overrides: Path | None = None,
               path: Path | None = None) -> tuple[RulesData | None, list[Diagnostic]]:
    """Load and check ``game``'s rules data (:func:`rules_path`, or the file ``path``: a
    language's): None and the diagnostics when it is missing (B610), unreadable, not
    YAML, off its schema or names a table the game does not have (B611)."""
    from compiler.frontend.discover import display

    path = path or rules_path(game, root, overrides)
    shown = display(path)
    if not os.path.lexists(path):
        return None, [error("B610", f"no rules data for {game} ({shown})", Location(shown))]
    try:
        raw = read_file(path)
    except UnreadableFile as exc:
        return None, [exc.diagnostic(Location(shown, 1, 1))]
    key = (game, shown, hashlib.sha256(raw).digest())
    if key not in _checked:
        if len(_checked) >= _CACHE_SIZE:
            _checked.clear()
        found, diags = _check(game, raw, shown)
        _checked[key] = (found, tuple(diags))
    rules, problems = _checked[key]
    return rules, list(problems)


def _check(game: str, raw: bytes, shown: str) -> tuple[RulesData | None, list[Diagnostic]]:
    from compiler.frontend import schema_check
    from compiler.text import tables

    doc, diags = load_yaml(raw, shown)
    if doc is None:
        return None, diags
    diags += schema_check.check(doc, (), doc.data, "common/rules")
    known = tables.tables_of(game)
    for path_parts, value in table_refs(doc.data):
        if value not in known:
            diags.append(error("B611", f"unknown table {value!r}; {game} has "
                               f"{', '.join(sorted(known))}", doc.locate(path_parts)))
    if diags:
        return None, diags
    return RulesData(game, doc.data, doc.file), []


def table_refs(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "table" and isinstance(value, str):
                found.append(((*path, key), value))
            else:
                found += table_refs(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += table_refs(value, (*path, index))
    return found
