"""A game's rules reference and player aid in another language.

The language's ``rules.yaml`` (``templates/<game>/lang/<code>/rules.yaml``, the format
of the game's own) gives the prose; the tables it names are computed from the game's
data and worded in the language's phrases, their other words (captions, headers, terms)
from its glossary (:func:`compiler.i18n.translate.localize`); the reference's fixed
headings ("Contents", "Glossary", "Card index") come from the glossary too. A language
without its ``rules.yaml`` is T101 (an error, or with ``--allow-fallback`` a warning and
the English prose around the language's tables).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compiler.frontend.rules_data import RulesData, load_rules, table_refs
from compiler.i18n.languages import Language
from compiler.i18n.translate import localize
from compiler.text import tables
from rules_engine.core.diagnostics import Diagnostic, Location, error, warning

HEADINGS = ("Contents", "Glossary", "Card index")


def localized_rules(game: str, model: Any, english: RulesData | None, language: Language,
                    *, allow_fallback: bool) -> tuple[RulesData | None, list[Diagnostic]]:
    """The rules data of ``game`` in ``language`` with its tables and headings, and
    what is missing; None when neither it nor (with fallback) the English one loads."""
    found: list[Diagnostic] = []
    path = language.folder / "rules.yaml" if language.folder is not None else None
    rules: RulesData | None = None
    if path is not None and path.is_file():
        rules, problems = load_rules(game, path=path)
        found += problems
    elif english is not None:
        say = warning if allow_fallback else error
        found.append(say("T101", f"{game}: no {language.name} ({language.code}) rules "
                         f"reference and aid ({path} is missing); they print in English",
                         Location(str(path)),
                         hint="write it in the format of the game's rules.yaml"))
        rules = english
    if rules is None:
        return None, found
    where = Location(rules.file)
    worded: dict[str, tables.Table] = {}
    seen: set[str] = set()

    def one(before: str, after: str, what: str) -> str:
        text, problem = localize(before, after, language, allow_fallback=allow_fallback,
                                 where=where, what=what)
        if problem is not None and problem.message not in seen:     # said once
            seen.add(problem.message)
            found.append(problem)
        return text

    for _, name in table_refs(rules.data):
        if name in worded:
            continue
        caption, header, rows = tables.table(game, name, model)
        local = tables.table(game, name, model, language.code)
        what = f"table {name}"
        worded[name] = (one(caption, local[0], what),
                        [one(h, w, what) for h, w in zip(header, local[1], strict=True)],
                        [[one(c, w, what) for c, w in zip(row, other, strict=True)]
                         for row, other in zip(rows, local[2], strict=True)])
    words = {}
    for heading in HEADINGS:
        text, problem = localize(heading, heading, language, allow_fallback=allow_fallback,
                                 where=where, what="the rules reference's heading")
        words[heading] = text
        if problem is not None:
            found.append(problem)
    return replace(rules, lang=language.code, direction=language.direction, tables=worded,
                   words=words), found
