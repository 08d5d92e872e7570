"""The languages a game prints in, as data: ``templates/<game>/lang/<code>/``.

A language folder holds:

* ``lang.yaml``: the language's name, writing direction, whether card layouts are
  mirrored, and a glossary of the game's terms (what the default language prints ->
  what this one prints)::

      language: {code: ar, name: "العربية", direction: rtl, mirror: true}
      glossary:
        Common deck: "الرزمة المشتركة"

* ``phrases.yaml`` (optional): the language's phrase templates, the sections and names
  of ``templates/<game>/phrases.yaml``; a phrase it lacks is a missing translation.
* ``layouts/`` (optional): layout files that replace the game's for this language
  (sizes, fonts, places), as ``--templates`` does.
* ``print.yaml`` (optional): samizdat's own printed words in this language, when the
  game does not use samizdat's (``templates/common/lang/<code>/print.yaml``, see
  :mod:`compiler.i18n.print_words`).

The default language of every game is English (``en``): its words are the game's own
``phrases.yaml``, its layouts and its content. A language file samizdat cannot use is
error T104 at its line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from compiler.frontend.paths import templates_root
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error

DEFAULT = "en"
CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")     # BCP 47: ar, hi, pt-BR
DIRECTIONS = ("ltr", "rtl")


@dataclass(frozen=True)
class Language:
    """One language of one game."""

    game: str
    code: str
    name: str
    direction: str = "ltr"
    mirror: bool = False
    glossary: Mapping[str, str] = field(default_factory=dict)
    folder: Path | None = None                  # templates/<game>/lang/<code>/
    phrases: Mapping[str, Any] = field(default_factory=dict)
    phrases_file: str = ""

    @property
    def layouts(self) -> Path | None:
        """The folder of this language's layout overrides, if it has one."""
        if self.folder is None:
            return None
        found = self.folder / "layouts"
        return found if found.is_dir() else None


class LanguageProblem(Exception):
    """A language samizdat cannot use; ``diagnostic`` says why and where."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def folder(game: str) -> Path:
    """Where ``game``'s languages live."""
    return templates_root(game) / game / "lang"


def available(game: str) -> list[str]:
    """The codes of the languages ``game`` ships (besides the default), sorted."""
    root = folder(game)
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "lang.yaml").is_file())


def default(game: str) -> Language:
    """The default language of ``game``: its own words."""
    return Language(game, DEFAULT, "English")


def read_yaml(path: Path) -> tuple[Any, Any]:
    """The YAML document at ``path`` (data, document); LanguageProblem (T104) when it
    cannot be read."""
    where = Location(str(path))
    try:
        raw = read_file(path)
    except UnreadableFile as exc:
        raise LanguageProblem(exc.diagnostic(where)) from exc
    doc, problems = load_yaml(raw, str(path))
    if doc is None:
        raise LanguageProblem(problems[0] if problems else error("T104", "cannot read "
                                                                 "this file", where))
    return doc.data, doc


@cache
def language(game: str, code: str) -> Language:
    """The language ``code`` of ``game``; LanguageProblem when it is not there (T103)
    or its files cannot be used (T104)."""
    if code == DEFAULT:
        return default(game)
    if not CODE.match(code):
        raise LanguageProblem(error("T103", f"{code!r} is not a language code (expected "
                                    "one like ar, hi or pt-BR)", Location("--lang")))
    home = folder(game) / code
    spec = home / "lang.yaml"
    if not spec.is_file():
        shipped = ", ".join([DEFAULT, *available(game)])
        raise LanguageProblem(error(
            "T103", f"{game} has no language {code!r}: {spec} is missing (it has: "
            f"{shipped})", Location("--lang")))
    data, doc = read_yaml(spec)

    def problem(path: tuple[str | int, ...], message: str) -> LanguageProblem:
        return LanguageProblem(error("T104", message, doc.locate(path)))

    if not isinstance(data, Mapping) or not isinstance(data.get("language"), Mapping):
        raise problem((), "expected a mapping with `language: {code, name, direction}`")
    unknown = sorted(set(data) - {"language", "glossary"})
    if unknown:
        raise problem((unknown[0],), f"unknown key {unknown[0]!r}; expected language, "
                      "glossary")
    head = data["language"]
    extra = sorted(set(head) - {"code", "name", "direction", "mirror"})
    if extra:
        raise problem(("language", extra[0]), f"unknown key {extra[0]!r}; expected code, "
                      "name, direction, mirror")
    if head.get("code") != code:
        raise problem(("language", "code"), f"code: expected {code!r} (the folder's name), "
                      f"got {head.get('code')!r}")
    if not isinstance(head.get("name"), str) or not head["name"].strip():
        raise problem(("language", "name"), "name: expected the language's name")
    direction = head.get("direction", "ltr")
    if direction not in DIRECTIONS:
        raise problem(("language", "direction"), f"direction: expected ltr or rtl, got "
                      f"{direction!r}")
    mirror = head.get("mirror", False)
    if not isinstance(mirror, bool):
        raise problem(("language", "mirror"), f"mirror: expected true or false, got "
                      f"{mirror!r}")
    glossary = data.get("glossary") or {}
    if not isinstance(glossary, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) and v.strip()
            for k, v in glossary.items()):
        bad = next((k for k, v in glossary.items() if not isinstance(v, str)
                    or not v.strip()), None) if isinstance(glossary, Mapping) else None
        raise problem(("glossary", bad) if bad is not None else ("glossary",),
                      "glossary: expected term: translation, each a non-empty string")
    phrases: Mapping[str, Any] = {}
    phrases_path = home / "phrases.yaml"
    if phrases_path.is_file():
        found, phrases_doc = read_yaml(phrases_path)
        if not isinstance(found, Mapping):
            raise LanguageProblem(error("T104", "expected a mapping of phrase sections",
                                        phrases_doc.locate(())))
        phrases = found
    return Language(game, code, head["name"], direction, mirror, dict(glossary), home,
                    phrases, str(phrases_path) if phrases else "")


def requested(value: str | None) -> tuple[str, ...]:
    """``--lang en,ar,hi`` as codes, in the order given, each once."""
    if not value:
        return ()
    codes: list[str] = []
    for part in value.split(","):
        part = part.strip()
        if part and part not in codes:
            codes.append(part)
    return tuple(codes)
