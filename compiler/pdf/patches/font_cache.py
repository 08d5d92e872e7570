"""The shipped fonts' parsed metrics, kept between runs.

reportlab reads a TrueType file's tables into Python (every glyph's width, the
character map...) each time a process loads the font: 10-20 ms per DejaVu face, so
about a tenth of a fresh card build. What that parse produces is plain data fixed by
the font file, so, as Python keeps ``.pyc`` files, samizdat keeps it under
``$SAMIZDAT_CACHE/fonts`` (marshal, not pickle: loading it runs no code), keyed by a
SHA-256 of the font file, the reportlab and Python versions. A missing, unreadable or
foreign entry is parsed again; ``SAMIZDAT_CACHE=off`` turns the cache off. The font
object is the same either way (tests/test_fonts.py compares them attribute by
attribute and by the PDFs they make).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace
from reportlab.rl_config import unShapedFontGlob

FORMAT = 1
_NAME = "__ttf_name__"        # how a TTFNameBytes value is stored
_SCALE = "_pdfScale"          # the one function the parse leaves: rebuilt from unitsPerEm


def _folder() -> Path | None:
    from rules_engine.core.run_cache import cache_path

    return cache_path("fonts")


def _encode(value: Any, top: bool = True) -> Any:
    """``value`` as data marshal keeps; raises TypeError for anything else (names are
    kept at the top level only, where the parse puts them)."""
    if isinstance(value, TTFNameBytes):
        if not top:
            raise TypeError("a font name inside a table")
        return (_NAME, value.ustr)
    if value is None or type(value) in (bool, int, float, str, bytes):
        return value
    if type(value) is list:
        return [_encode(v, False) for v in value]
    if type(value) is tuple:
        if value[:1] == (_NAME,):
            raise TypeError("a tuple that reads as a font name")
        return tuple(_encode(v, False) for v in value)
    if type(value) is dict:
        return {_encode(k, False): _encode(v, False) for k, v in value.items()}
    raise TypeError(f"cannot keep a {type(value).__name__}")


def _decode(value: Any) -> Any:
    if type(value) is tuple and len(value) == 2 and value[0] == _NAME:
        return TTFNameBytes(value[1].encode("utf8"))
    return value


def _scale(units_per_em: int) -> Any:
    """The scaling function reportlab's parse makes (font units to 1/1000 em)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


class CachedFace(TTFontFace):  # type: ignore[misc]
    """A :class:`TTFontFace` whose parsed metrics come from the cache when they can."""

    def extractInfo(self, charInfo: int = 1) -> None:  # noqa: N802, N803 - reportlab's names
        folder = _folder() if charInfo else None
        if folder is None:
            super().extractInfo(charInfo)
            return
        key = hashlib.sha256(repr((FORMAT, reportlab.Version, sys.version_info[:2])).encode()
                             + self._ttf_data).hexdigest()
        entry = folder / f"{key}.marshal"
        if self._restore(entry):
            return
        before = dict(vars(self))
        super().extractInfo(charInfo)
        made = {k: v for k, v in vars(self).items() if k not in before or before[k] is not v}
        self._keep(entry, made)

    def _restore(self, entry: Path) -> bool:
        try:
            data = marshal.loads(entry.read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return False
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return False
        values = {k: _decode(v) for k, v in data["values"].items()}
        values[_SCALE] = _scale(values["unitsPerEm"])
        self.__dict__.update(values)
        return True

    def _keep(self, entry: Path, made: dict[str, Any]) -> None:
        try:
            values = {k: _encode(v) for k, v in made.items() if k != _SCALE}
        except TypeError:
            return                           # a reportlab that makes other things: no cache
        if not callable(made.get(_SCALE)) or "unitsPerEm" not in values:
            return
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(marshal.dumps({"format": FORMAT, "values": values}))
            os.replace(temporary, entry)
        except OSError:
            return


class CachedTTFont(TTFont):  # type: ignore[misc]
    """reportlab's :class:`TTFont` with a :class:`CachedFace`. Its ``__init__`` sets
    what ``TTFont.__init__`` sets (reportlab offers no way to choose the face class;
    tests/test_fonts.py checks the two objects match)."""

    def __init__(self, name: str, filename: str) -> None:
        self.fontName = name
        self.face = CachedFace(filename)
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
