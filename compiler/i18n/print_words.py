"""The words samizdat prints around a game's content, in each language: the print
instructions page that opens every home-sheet PDF (:mod:`compiler.pdf.instructions`)
and the page map under each tile of a board printed in tiles (:mod:`compiler.pdf.mats`).

They are samizdat's, not a game's, so they are written once per language:

* English: ``templates/common/print.yaml``;
* another language: ``templates/common/lang/<code>/print.yaml``, or the game's own
  ``templates/<game>/lang/<code>/print.yaml`` when it has one (a plug-in's language
  that samizdat does not ship).

Each entry is a ``str.format`` template or, where a number decides the wording, a
mapping of the language's CLDR plural categories (``zero``, ``one``, ``two``, ``few``,
``many``, ``other``; ``other`` is required), chosen by Babel's plural rules for the
language. An entry may use only the names its English entry uses. A file samizdat
cannot use is T104 at its line; an entry the language lacks is T101 (an error, or with
``--allow-fallback`` a warning) and prints in English.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from compiler.frontend.paths import templates_root
from compiler.i18n.languages import DEFAULT, Language, LanguageProblem, read_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error, warning

PLURALS = ("zero", "one", "two", "few", "many", "other")
Entry = str | Mapping[str, str]


@dataclass(frozen=True)
class PrintWords:
    """The print furniture's words in one language."""

    code: str
    direction: str
    entries: Mapping[str, Entry]

    def say(self, key: str, number: int | None = None, /, **values: Any) -> str:
        """Entry ``key`` filled in with ``values``; a plural entry takes the form for
        ``number`` in this language."""
        entry = self.entries[key]
        if not isinstance(entry, str):
            form = _plural_form(self.code, number if number is not None else 0)
            entry = entry.get(form, entry["other"])
        return entry.format(**values)


def _plural_form(code: str, count: int) -> str:
    try:
        return str(Locale.parse(code, sep="-").plural_form(count))
    except (UnknownLocaleError, ValueError):
        return "one" if count == 1 else "other"


def _names(entry: Entry) -> set[str]:
    texts = [entry] if isinstance(entry, str) else list(entry.values())
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text)
            if name}


def english_file() -> Path:
    """Where the English words are."""
    return templates_root() / "common" / "print.yaml"


def file_for(language: Language) -> Path:
    """The file of ``language``'s words: its game's own (``print.yaml`` in the
    language's folder), else samizdat's."""
    if language.folder is not None and (language.folder / "print.yaml").is_file():
        return language.folder / "print.yaml"
    return templates_root() / "common" / "lang" / language.code / "print.yaml"


def read_entries(path: Path, reference: Mapping[str, Entry] | None) -> dict[str, Entry]:
    """The entries of ``path`` (checked against the English entries ``reference``);
    LanguageProblem (T104) at the first one samizdat cannot use."""
    data, doc = read_yaml(path)

    def problem(at: tuple[str | int, ...], message: str) -> LanguageProblem:
        return LanguageProblem(error("T104", message, doc.locate(at)))

    if not isinstance(data, Mapping):
        raise problem((), "expected a mapping of entries (name: text)")
    found: dict[str, Entry] = {}
    for key, value in data.items():
        if reference is not None and key not in reference:
            raise problem((key,), f"unknown entry {key!r}; expected one of "
                          f"{', '.join(sorted(reference))}")
        if isinstance(value, Mapping):
            bad = [k for k, v in value.items() if k not in PLURALS or not isinstance(v, str)]
            if bad or "other" not in value:
                raise problem((key, bad[0]) if bad else (key,),
                              f"{key}: expected a text, or plural forms ({', '.join(PLURALS)}) "
                              "each a text, with other")
        elif not isinstance(value, str) or not value.strip():
            raise problem((key,), f"{key}: expected a text")
        try:
            names = _names(value)
        except ValueError as exc:
            raise problem((key,), f"{key}: {exc} (write a brace as {{{{ or }}}})") from exc
        if reference is not None:
            extra = sorted(names - _names(reference[key]))
            if extra:
                raise problem((key,), f"{key}: unknown name {{{extra[0]}}}; the English "
                              f"entry has {', '.join(sorted(_names(reference[key]))) or 'none'}")
        found[key] = value
    return found


@cache
def english() -> PrintWords:
    """The English words (samizdat's own file: a problem in it is a bug)."""
    return PrintWords(DEFAULT, "ltr", read_entries(english_file(), None))


@cache
def _entries(path: Path) -> dict[str, Entry]:
    return read_entries(path, english().entries) if path.is_file() else {}


def words(language: Language, *, allow_fallback: bool
          ) -> tuple[PrintWords, list[Diagnostic]]:
    """The print words of ``language`` (English where it lacks one, said as T101), and
    the findings; a file that cannot be used is LanguageProblem (T104)."""
    base = english()
    if language.code == DEFAULT:
        return base, []
    path = file_for(language)
    entries = _entries(path)
    missing = [key for key in base.entries if key not in entries]
    found: list[Diagnostic] = []
    if missing:
        say = warning if allow_fallback else error
        what = "has none" if not entries else f"lacks {', '.join(missing)}"
        found.append(say("T101", f"{language.game}: the print instructions and board page "
                         f"map in {language.name} ({language.code}): {path} {what}; "
                         "they print in English", Location(str(path)),
                         hint=f"write them after {english_file()}"))
    merged = {**base.entries, **entries}
    return PrintWords(language.code, language.direction, merged), found
