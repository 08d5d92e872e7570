"""A deck's card faces in another language, field by field, and what is missing.

The faces are built twice from the same content: in the default language and in the
language asked for (whose phrase templates word the rules text). Then each printed
field of the language's face is one of:

* rules text its phrases worded: kept; where a phrase the language lacks was used
  (marked by :class:`compiler.text.effect_text.Phrasebook`), the phrase is a *missing
  translation*;
* text that reads the same in every language (numbers, icons): kept;
* the content's own words or a label (equal in both builds): taken from the content
  folder's catalogue (:mod:`compiler.i18n.catalogue`) by the field's context, else
  from the language's glossary when the whole field is a game term; else it is a
  missing translation, and an entry whose source changed since it was translated is
  *stale*.

A missing or stale translation is T101 / T102 at the card's field: an error, unless
``allow_fallback``, when it is a warning and the field prints in the default language.
A translation that says other numbers than its source is T105, and two entries that
hold each other's translations are T106 (:mod:`compiler.i18n.swaps`), both warnings
at the catalogue entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from compiler.i18n import number_words
from compiler.i18n.catalogue import Catalogue, Entry, context
from compiler.i18n.languages import Language
from compiler.i18n.swaps import swapped
from compiler.text.effect_text import MARK_CLOSE, MARK_NAMED, MARK_OPEN, neutral
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error, warning
from rules_engine.core.printed import CardFace

_BORROWED = re.compile(f"{MARK_OPEN}([^{MARK_NAMED}]*){MARK_NAMED}")
_NUMBER = re.compile(r"\d+")
_ICON = re.compile(r":[a-z][a-z0-9_]*:")


def drift(source: str, text: str, lang: str = "") -> str | None:
    """What a translation says differently from its source that must not change: the
    numbers and the inline icons (as multisets); None when they agree. With ``lang``,
    a number the translation says (in digits or in ``lang``'s number words) that the
    source says in no way (digits or English words) is drift too: "Fifteen" made
    "Cinq" (:mod:`compiler.i18n.number_words`)."""
    said = []
    for what, pattern in (("numbers", _NUMBER), ("icons", _ICON)):
        before, after = sorted(pattern.findall(source)), sorted(pattern.findall(text))
        if before != after and not (what == "numbers" and lang and number_words.said(
                source, "en") == number_words.said(text, lang)):    # "Fifteen" as 15
            said.append(f"{what} {', '.join(before) or 'none'} in English but "
                        f"{', '.join(after) or 'none'} in the translation")
    eastern = sorted({c for c in text if c.isdigit() and not c.isascii()})
    if eastern:                  # R65 (3): numbers print in Western digits everywhere
        said.append(f"digits {''.join(eastern)} where every language prints Western digits "
                    "(ruling R65)")
    if lang and not said:
        english = set(number_words.said(source, "en"))
        extra = sorted(set(number_words.said(text, lang)) - english)
        if extra:
            shown = ", ".join(map(str, sorted(english))) or "none"
            said.append(f"the translation says {', '.join(map(str, extra))}, the English "
                        f"{shown}")
    return "; ".join(said) or None
SIDES = ("front", "back")


def _label(entry: Entry) -> str:
    """How a finding names a catalogue entry's field: ``common/mot-diaspora front
    title`` for the context ``common/mot-diaspora:front.title``."""
    card, _, where = entry.context.rpartition(":")
    return f"{card} {where.replace('.', ' ', 1)}" if card else entry.context


def unmarked(text: str) -> tuple[str, list[str]]:
    """``text`` without the marks of borrowed phrases, and the phrases they name."""
    names = _BORROWED.findall(text)
    if not names and MARK_CLOSE not in text:
        return text, []
    return _BORROWED.sub("", text).replace(MARK_CLOSE, ""), names


def localize(english: str, worded: str, language: Language, *, allow_fallback: bool,
             where: Location, what: str) -> tuple[str, Diagnostic | None]:
    """One printed text that is not a card's field (a table cell, a mat's label) in
    ``language``: ``worded`` is it worded in the language's phrases, ``english`` in the
    default language's. Phrases make it, or it reads the same in every language, or it
    is a whole glossary term; else (or where a borrowed phrase made it) it is T101 and
    prints in English."""
    say = warning if allow_fallback else error
    name = f"{language.name} ({language.code})"
    text, borrowed = unmarked(worded)
    if borrowed:
        return text, say("T101", f"{what}: no {name} phrase for "
                         f"{', '.join(sorted(set(borrowed)))}; it prints in English", where)
    if text != english or neutral(text):
        return text, None
    if english in language.glossary:
        return language.glossary[english], None
    return english, say("T101", f"{what}: no {name} translation of {english!r}; it prints "
                        "in English", where,
                        hint=f"add it to the glossary of {language.folder}/lang.yaml"
                        if language.folder else None)


@dataclass
class Coverage:
    """How many printed fields of a language are translated, stale or missing."""

    translated: int = 0
    stale: int = 0
    missing: int = 0
    neutral: int = 0
    borrowed_phrases: set[str] = field(default_factory=set)

    @property
    def total(self) -> int:
        return self.translated + self.stale + self.missing


def translate_faces(default_faces: Sequence[CardFace], faces: Sequence[CardFace],
                    language: Language, catalogue: Catalogue, *, allow_fallback: bool,
                    field_location: Callable[[CardFace, str], Location] | None = None,
                    coverage: Coverage | None = None
                    ) -> tuple[list[CardFace], list[Diagnostic]]:
    """``faces`` (built in ``language``) with every field in that language, and the
    T101 / T102 findings. ``default_faces`` are the same cards in the default language
    (matched by deck and card id). ``field_location`` gives the place of a card's field
    (else the card's)."""
    english = {(f.deck, f.card_id): f for f in default_faces}
    found: list[Diagnostic] = []
    out: list[CardFace] = []
    counted = coverage if coverage is not None else Coverage()
    say = warning if allow_fallback else error
    name = f"{language.name} ({language.code})"
    used: list[Entry] = []
    for face in faces:
        source = english[(face.deck, face.card_id)]
        sides: dict[str, dict[str, str]] = {}
        for side in SIDES:
            mine, theirs = getattr(face, side), getattr(source, side)
            done: dict[str, str] = {}
            for key, value in mine.items():
                where = field_location(face, key) if field_location else face.source
                text, borrowed = unmarked(value)
                label = f"{face.deck}/{face.card_id} {side} {key}"
                if borrowed:
                    counted.missing += 1
                    counted.borrowed_phrases.update(borrowed)
                    listed = ", ".join(sorted(set(borrowed)))
                    found.append(say("T101", f"{label}: no {name} phrase for {listed}; "
                                     f"it prints in English", where,
                                     hint=f"add it to {language.folder}/phrases.yaml"
                                     if language.folder else None))
                    done[key] = text
                    continue
                original = theirs.get(key, "")
                if text != original or neutral(text):
                    if neutral(text):
                        counted.neutral += 1
                    else:
                        counted.translated += 1
                    done[key] = text
                    continue
                ctx = context(face.deck, face.card_id, side, key)
                entry = catalogue.by_context.get(ctx) or catalogue.by_source.get(original)
                if entry is not None and entry.text and not entry.fuzzy and \
                        entry.source == original:
                    counted.translated += 1
                    done[key] = entry.text
                    used.append(entry)
                    differs = drift(original, entry.text, language.code)
                    if differs:
                        found.append(warning("T105", f"{label}: the {name} translation "
                                             f"does not say what the card says: {differs}",
                                             entry.where))
                elif original in language.glossary:
                    counted.translated += 1
                    done[key] = language.glossary[original]
                elif entry is not None and entry.text:
                    counted.stale += 1
                    why = "marked fuzzy" if entry.fuzzy and entry.source == original else \
                        f"translated from {entry.source!r}, the card now prints {original!r}"
                    found.append(say("T102", f"{label}: the {name} translation is stale "
                                     f"({why}); it prints in English", entry.where))
                    done[key] = original
                else:
                    counted.missing += 1
                    found.append(say("T101", f"{label}: no {name} translation of "
                                     f"{original!r}; it prints in English", where,
                                     hint="samizdat i18n extract --lang "
                                     f"{language.code} writes the catalogue to fill in"))
                    done[key] = original
            sides[side] = done
        out.append(replace(face, front=sides["front"], back=sides["back"]))
    for swap in swapped(used):           # T106: two entries holding each other's words
        first, second = swap.first, swap.second
        found.append(warning("T106", f"{_label(first)}: the {name} translation reads like "
                             f"one of {second.source!r}, and that of {_label(second)} "
                             f"like one of {first.source!r}: the two look swapped",
                             first.where,
                             related=(Related(second.where, "the other translation"),)))
    return out, found
