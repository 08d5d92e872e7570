"""Source lines for reporters: each file's line starts indexed once, lines cut out on
demand, and a bounded window of a long line around a column.

Line breaks are YAML's (``\\r\\n``, ``\\r``, ``\\n``, NEL, LS, PS), the ones the
loader counts when it gives a diagnostic its line, so the line quoted is the line meant.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")

EXCERPT_WIDTH = 120
"""At most this many characters of a source line are quoted under a diagnostic."""

ELLIPSIS = "…"

_UNPRINTABLE = {cp: "\ufffd" for cp in (*range(0x20), *range(0x7f, 0xa0), 0x061c, 0x200e,
                                        0x200f, *range(0x202a, 0x202f),
                                        *range(0x2066, 0x206a))}
_UNPRINTABLE[ord("\t")] = " "


class SourceLines:
    """The lines of one text, found without copying the text: the start offset of each
    line is computed once, on first use."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: list[int] | None = None
        self._ends: list[int] = []

    def _index(self) -> list[int]:
        if self._starts is None:
            starts, ends = [0], []
            for match in _BREAK.finditer(self.text):
                ends.append(match.start())
                starts.append(match.end())
            ends.append(len(self.text))
            self._starts, self._ends = starts, ends
        return self._starts

    def line(self, number: int) -> str | None:
        """Line ``number`` (1-based) without its line break, or None if there is none."""
        starts = self._index()
        if not 1 <= number <= len(starts):
            return None
        return self.text[starts[number - 1]:self._ends[number - 1]]


class SourceIndex:
    """:class:`SourceLines` per file of a mapping of file texts, built when first asked."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        self._sources = sources
        self._lines: dict[str, SourceLines | None] = {}

    def line(self, file: str, number: int) -> str | None:
        """Line ``number`` of ``file``, or None when the file or the line is unknown."""
        if file not in self._lines:
            text = self._sources.get(file)
            self._lines[file] = None if text is None else SourceLines(text)
        lines = self._lines[file]
        return None if lines is None or number <= 0 else lines.line(number)


def excerpt(line: str, column: int, width: int = EXCERPT_WIDTH) -> tuple[str, int]:
    """At most ``width`` characters of ``line`` around 1-based ``column`` (with … at a
    cut end), printable (tabs and control characters become one character each), and
    the 0-based position in it of the character at ``column``."""
    at = min(max(column - 1, 0), len(line))
    if len(line) <= width:
        return line.translate(_UNPRINTABLE), at
    start = max(0, min(at - width // 2, len(line) - width))
    end = start + width
    shown = line[start:end].translate(_UNPRINTABLE)
    caret = at - start
    if start > 0:
        shown = ELLIPSIS + shown[1:]
    if end < len(line):
        shown = shown[:-1] + ELLIPSIS
    return shown, caret
