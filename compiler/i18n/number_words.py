"""Numbers written as words, per language, for holding a translation to its source.

"Fifteen raised hands" and "Cinq mains levées" say different numbers though neither
has a digit. :func:`said` reads the numbers a text says in digits and in the number
words of its language. One is left out in every language (English "one", French
"un"/"une" are also pronouns and articles), and so are words with a second sense
(French "neuf" is also "new"); a language without a table here is read for digits only.
"""

from __future__ import annotations

import re

_EN = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
       "nineteen", "twenty"]
_FR = ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "", "dix", "onze",
       "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
       "dix-neuf", "vingt"]                 # nine, "neuf", is also "new": left out

WORDS: dict[str, dict[str, int]] = {
    "en": {w: n for n, w in enumerate(_EN, start=2)} | {"twice": 2, "thrice": 3,
                                                        "thirty": 30, "forty": 40,
                                                        "fifty": 50, "hundred": 100},
    "fr": {w: n for n, w in enumerate(_FR, start=2) if w} | {
        "trente": 30, "quarante": 40, "cinquante": 50, "cent": 100},
}
"""Language code -> number word -> its number (2 and up)."""

_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def said(text: str, lang: str) -> list[int]:
    """The numbers ``text`` says: its digits and, in ``lang``, its number words."""
    found = [int(n) for n in _DIGITS.findall(text)]
    table = WORDS.get(lang.split("_")[0].split("-")[0].lower(), {})
    for word in _WORD.findall(text.lower()):
        if word in table:
            found.append(table[word])
        elif "-" in word:                      # "vingt-deux", "twenty-two"
            parts = [table.get(p) for p in word.split("-")]
            if all(p is not None for p in parts):
                found.append(sum(p for p in parts if p is not None))
    return sorted(found)
