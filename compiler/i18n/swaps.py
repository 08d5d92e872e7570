"""Translations that trade places: two catalogue entries whose translations read like
each other's sources.

A translator pasting into the wrong entry, or a merge that shifts a block, leaves
every translation well formed and none stale, yet two cards print each other's words.
In a language written in the same letters as English, a translation keeps some of
its source's letters (names, borrowings, cognates: "Diaspora Remittances" and
"Transferts de la diaspora"). :func:`swapped` compares, within one printed field
(titles with titles, flavour lines with flavour lines), each two entries: the pair is
swapped when the two translations, traded back, resemble their sources by more than
:data:`MARGIN` in all than as they stand. Resemblance is the share of letter trigrams
the shorter text shares with the other, read without case or accents.

A language whose translations do not resemble their sources at all as they stand (a
catalogue in another script, where no trigram is shared) is not judged.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from compiler.i18n.catalogue import Entry

MARGIN = 0.15
"""How much more two traded-back translations must resemble their sources, in all
(resemblances run 0..1 each; the shipped French catalogue's largest gain of any
pair as it stands is 0.10)."""
RESEMBLANCE = 0.1
"""The least mean resemblance of a field's translations to their own sources for the
field to be judged."""
MOST = 2000
"""Fields with more entries than this are not compared (pairs grow as the square)."""
_NOT_LETTER = re.compile(r"[^\w ]+")


@dataclass(frozen=True)
class Swap:
    """``first`` and ``second`` hold each other's translations (``gain``: how much
    more they resemble their sources traded back)."""

    first: Entry
    second: Entry
    gain: float


def _grams(text: str) -> frozenset[str]:
    plain = unicodedata.normalize("NFKD", text.lower())
    plain = _NOT_LETTER.sub(" ", "".join(c for c in plain if not unicodedata.combining(c)))
    grams: set[str] = set()
    for word in plain.split():
        padded = f" {word} "
        grams.update(padded[i:i + 3] for i in range(len(padded) - 2))
    return frozenset(grams)


def _resemblance(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def field_of(entry: Entry) -> str:
    """The printed field an entry translates (``title``, ``flavor``), from its context
    (``<deck>/<card-id>:<side>.<field>``)."""
    return entry.context.rsplit(".", 1)[-1] if "." in entry.context else ""


def _field_swaps(entries: Sequence[Entry]) -> Iterator[Swap]:
    sources = [_grams(e.source) for e in entries]
    texts = [_grams(e.text) for e in entries]
    own = [_resemblance(t, s) for t, s in zip(texts, sources, strict=True)]
    if sum(own) / len(own) < RESEMBLANCE:
        return
    found: list[Swap] = []
    for i in range(len(entries)):
        for j in range(i + 1, len(entries)):
            gain = (_resemblance(texts[i], sources[j]) + _resemblance(texts[j], sources[i])
                    - own[i] - own[j])
            if gain > MARGIN:
                found.append(Swap(entries[i], entries[j], gain))
    told: set[int] = set()
    for swap in sorted(found, key=lambda s: -s.gain):
        if id(swap.first) not in told and id(swap.second) not in told:
            told.update((id(swap.first), id(swap.second)))
            yield swap


def swapped(entries: Sequence[Entry]) -> list[Swap]:
    """The pairs of ``entries`` (translated, in one language) that hold each other's
    translations, in catalogue order."""
    by_field: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.text and entry.source:
            by_field[field_of(entry)].append(entry)
    found = [swap for group in by_field.values() if 2 <= len(group) <= MOST
             for swap in _field_swaps(group)]
    return sorted(found, key=lambda s: (s.first.where.file, s.first.where.line))
