"""Numbers written as words, per language, for holding a translation to its source.

"Fifteen raised hands" and "Cinq mains levées" say different numbers though neither
has a digit. :func:`said` reads the numbers a text says in digits and in the number
words of its language. One is left out in every language (English "one", French
"un"/"une" are also pronouns and articles), and so are words with a second sense
(French "neuf" is also "new"); a language without a table here is read for digits only.
Arabic words are read with the clitics written onto them ("and", "the") and its
teens as the two words they are.
"""

from __future__ import annotations

import re

_EN = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
       "nineteen", "twenty"]
_FR = ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "", "dix", "onze",
       "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
       "dix-neuf", "vingt"]                 # nine, "neuf", is also "new": left out

_AR = {   # Modern Standard Arabic, both genders (and the dual's cases); "one" left out
    2: "اثنان اثنين اثنتان اثنتين اثنا اثنتا", 3: "ثلاث ثلاثة", 4: "أربع أربعة اربع اربعة",
    5: "خمس خمسة", 6: "ست ستة", 7: "سبع سبعة", 8: "ثمان ثماني ثمانية", 9: "تسع تسعة",
    10: "عشر عشرة", 20: "عشرون عشرين", 30: "ثلاثون ثلاثين", 40: "أربعون أربعين",
    50: "خمسون خمسين", 100: "مائة مئة"}
_AR_TEENS = frozenset({"عشر", "عشرة"})
"""The second word of Arabic 11-19 ("ثلاثة عشر", thirteen): the unit before it, plus 10."""
_AR_UNITS = {"أحد": 1, "إحدى": 1, "احد": 1, "احدى": 1}
_AR_PREFIXES = ("وال", "ال", "و", "ب", "ل")
"""Clitics written onto an Arabic word ("and", "the", "with", "for"), tried in turn."""

WORDS: dict[str, dict[str, int]] = {
    "en": {w: n for n, w in enumerate(_EN, start=2)} | {"twice": 2, "thrice": 3,
                                                        "thirty": 30, "forty": 40,
                                                        "fifty": 50, "hundred": 100},
    "fr": {w: n for n, w in enumerate(_FR, start=2) if w} | {
        "trente": 30, "quarante": 40, "cinquante": 50, "cent": 100},
    "ar": {w: n for n, words in _AR.items() for w in words.split()},
}
"""Language code -> number word -> its number (2 and up)."""

_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _arabic(text: str) -> list[int]:
    """The numbers Arabic ``text`` says in words: a word with its clitics ("وأربعة",
    "and four"; "الثلاثة", "the three") and 11-19 as two words ("ثلاثة عشر")."""
    table, units = WORDS["ar"], WORDS["ar"] | _AR_UNITS
    found: list[int] = []
    before: int | None = None           # the previous word's number, if it says one
    for word in _WORD.findall(text):
        value = _arabic_word(word, table)
        if value is not None and word in _AR_TEENS and before is not None and before < 10:
            if found and before != 1:       # the unit was counted on its own: it is a teen's
                found.pop()
            value = before + 10
        if value is not None:
            found.append(value)
        before = _arabic_word(word, units)
    return found


def _arabic_word(word: str, table: dict[str, int]) -> int | None:
    if word in table:
        return table[word]
    for prefix in _AR_PREFIXES:
        if word.startswith(prefix) and word[len(prefix):] in table:
            return table[word[len(prefix):]]
    return None


def said(text: str, lang: str) -> list[int]:
    """The numbers ``text`` says: its digits and, in ``lang``, its number words."""
    found = [int(n) for n in _DIGITS.findall(text)]
    code = lang.split("_")[0].split("-")[0].lower()
    if code == "ar":
        return sorted(found + _arabic(text))
    table = WORDS.get(code, {})
    for word in _WORD.findall(text.lower()):
        if word in table:
            found.append(table[word])
        elif "-" in word:                      # "vingt-deux", "twenty-two"
            parts = [table.get(p) for p in word.split("-")]
            if all(p is not None for p in parts):
                found.append(sum(p for p in parts if p is not None))
    return sorted(found)
