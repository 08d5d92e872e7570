"""``samizdat i18n extract`` and ``samizdat i18n status``: the catalogue a translator
fills in, and how far each language has got.

**Extract** finds every printed field that is the content's own words (not worded by
phrase templates, not numbers and icons, not a glossary term) and writes the content
folder's ``lang/<code>.po`` (:mod:`compiler.i18n.catalogue`) with one entry per field:
an entry already translated from the same words keeps its translation; one whose card
now prints other words keeps its old translation marked fuzzy with the old words as
its previous msgid (stale until a translator checks it); fields no card prints any
more become obsolete entries (``#~``). The file is written whole or not at all, with
fixed dates, so the same content gives the same bytes.

**Status** counts, per game and language: the phrases the language has of those the
game's cards use, and the printed fields translated, stale and missing.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.i18n import catalogue, languages, translate
from compiler.i18n.languages import Language
from compiler.text.effect_text import BORROW_ALL, neutral
from compiler.text.faces import builder
from rules_engine.core.printed import CardFace

FIXED_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


@dataclass(frozen=True)
class Field:
    """One printed field of the content's own words."""

    context: str
    source: str
    card_file: str
    line: int


def own_words(game: str, model: Any, faces: list[CardFace]) -> list[Field]:
    """The fields of ``faces`` that are the content's own words, in card order."""
    marked = {(f.deck, f.card_id): f for f in builder(game, BORROW_ALL)(model)}
    found: list[Field] = []
    for face in faces:
        other = marked[(face.deck, face.card_id)]
        for side in translate.SIDES:
            for key, value in getattr(face, side).items():
                shown, borrowed = translate.unmarked(getattr(other, side).get(key, ""))
                if borrowed or neutral(value) or shown != value:
                    continue
                found.append(Field(catalogue.context(face.deck, face.card_id, side, key),
                                   value, face.source.file, face.source.line))
    return found


def _root_of(file: str, roots: list[Path]) -> Path | None:
    """The content folder holding ``file``: the deepest of ``roots`` (a campaign's
    folder inside the game's)."""
    path = Path(file).resolve()
    holding = [r for r in roots if path.is_relative_to(r.resolve())]
    return max(holding, key=lambda r: len(r.resolve().parts)) if holding else None


def catalogues(fields: Iterable[Field], roots: list[Path], language: Language
               ) -> dict[Path, bytes]:
    """The PO file of each content folder with fields, merged with what it holds."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    by_root: dict[Path, list[Field]] = {}
    for item in fields:
        if item.source in language.glossary:
            continue
        root = _root_of(item.card_file, roots)
        if root is not None:
            by_root.setdefault(root, []).append(item)
    written: dict[Path, bytes] = {}
    for root, items in sorted(by_root.items()):
        target = catalogue.path(root, language.code)
        old = read_po(io.BytesIO(target.read_bytes())) if target.is_file() else None
        before_by_context = {m.context: m for m in old if m.context} if old is not None else {}
        made = Catalog(locale=None, project=f"{language.game} content", version="",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                       fuzzy=False, charset="utf-8")
        made.language_team = f"{language.name} ({language.code})"
        seen: set[str] = set()
        for item in sorted(items, key=lambda f: f.context):
            if item.context in seen:
                continue
            seen.add(item.context)
            where = [(Path(item.card_file).resolve().relative_to(root.resolve()).as_posix(),
                      item.line)]
            before = before_by_context.get(item.context)
            if before is None or not before.string:
                made.add(item.source, "", locations=where, context=item.context)
            elif before.id == item.source:
                made.add(item.source, before.string, locations=where, context=item.context,
                         flags=before.flags, previous_id=before.previous_id or ())
            else:
                made.add(item.source, before.string, locations=where, context=item.context,
                         flags={"fuzzy"}, previous_id=[str(before.id)])
        if old is not None:
            for message in old:
                if isinstance(message.id, str) and message.context and \
                        message.context not in seen \
                        and message.string:
                    made.obsolete[(message.id, message.context)] = message
        out = io.BytesIO()
        write_po(out, made, width=0, include_previous=True, sort_output=False)
        written[target] = out.getvalue()
    return written


@dataclass(frozen=True)
class Status:
    """How far one language of one game has got."""

    game: str
    language: Language
    phrases_have: int
    phrases_used: int
    coverage: translate.Coverage
    missing_phrases: tuple[str, ...]


def status(game: str, model: Any, roots: list[Path], language: Language) -> Status:
    """The coverage of ``language`` for ``game``'s cards (content ``roots``)."""
    faces = builder(game)(model)
    worded = builder(game, language.code)(model)
    found = catalogue.read(roots, language.code)
    counted = translate.Coverage()
    translate.translate_faces(faces, worded, language, found, allow_fallback=True,
                              coverage=counted)
    used = _used_phrases(game, model)
    have = sum(1 for name in used if _has(language.phrases, name))
    return Status(game, language, have, len(used), counted,
                  tuple(sorted(counted.borrowed_phrases)))


def _used_phrases(game: str, model: Any) -> set[str]:
    """The phrases (section.name) the game's cards print with, found by wording every
    card with all phrases borrowed."""
    names: set[str] = set()
    for face in builder(game, BORROW_ALL)(model):
        for side in translate.SIDES:
            for value in getattr(face, side).values():
                names.update(translate.unmarked(value)[1])
    return names


def _has(phrases: Any, name: str) -> bool:
    parts = name.split(".")
    found: Any = phrases
    for part in parts:
        if not isinstance(found, dict) or part not in found:
            return False
        found = found[part]
    return True


def report(statuses: list[Status]) -> list[str]:
    """Status lines, one per game and language."""
    lines = []
    for item in statuses:
        c = item.coverage
        lines.append(
            f"{item.game} {item.language.code} ({item.language.name}): phrases "
            f"{item.phrases_have}/{item.phrases_used}; card fields {c.translated}/{c.total} "
            f"translated, {c.stale} stale, {c.missing} missing")
        if item.missing_phrases:
            lines.append(f"  phrases to translate: {', '.join(item.missing_phrases)}")
    return lines


def available_languages(game: str, asked: tuple[str, ...]) -> list[Language]:
    """The languages to report: those asked for, else every one the game ships."""
    codes = asked or tuple(languages.available(game))
    return [languages.language(game, code) for code in codes
            if code != languages.DEFAULT]
