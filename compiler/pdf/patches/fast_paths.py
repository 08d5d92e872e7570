"""Faster equivalents of three helpers reportlab's PDF writer calls for every value it
writes, giving the same bytes.

When a document is saved, ``reportlab.pdfbase.pdfdoc`` formats every name, number,
string and reference through three module functions:

* ``PDFName`` escapes a name character by character in Python (a card sheet's
  pages and forms name thousands of fonts and forms, mostly the same few);
* ``pdfdocEnc`` encodes text with reportlab's own ``extpdfdoc`` codec, a Python
  charmap codec, even for plain ASCII;
* ``format`` dispatches through ``isinstance`` checks before reaching the numbers
  and strings that make up most of what it formats.

The replacements remember escaped names, encode ASCII text with the built-in codec
(``extpdfdoc`` maps every ASCII character except 0x18-0x1F to itself, and those
eight still go to it) and send exact ``str``, ``bytes``, ``int`` and ``float`` values
straight to the step reportlab would reach. Everything else goes to reportlab's own
function. ``tests/test_pdf_patches.py`` writes documents both ways and compares
the bytes. :func:`uninstall` puts reportlab back as shipped (the build benchmark's
baseline runs that way).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

_SHIPPED = {name: getattr(pdfdoc, name) for name in ("PDFName", "pdfdocEnc", "format")}
_NOT_ASCII_IN_PDFDOC = re.compile("[\x18-\x1f]")
_shipped_name = _SHIPPED["PDFName"]
_shipped_format = _SHIPPED["format"]


def encode(text: Any) -> Any:
    """``pdfdocEnc``: text as PDFDocEncoding bytes; anything else unchanged."""
    if isinstance(text, str):
        if text.isascii() and _NOT_ASCII_IN_PDFDOC.search(text) is None:
            return text.encode("ascii")
        return text.encode("extpdfdoc")
    return text


@lru_cache(maxsize=16384)
def name(data: str) -> str:
    """``PDFName``: ``/data`` with the characters a name cannot hold escaped."""
    result: str = _shipped_name(data)
    return result


def format_value(element: Any, document: Any, toplevel: int = 0) -> bytes:
    """``format``: one value as PDF bytes."""
    kind = type(element)
    if kind is str:
        result: bytes = encode(element)
        return result
    if kind is bytes:
        return element  # type: ignore[no-any-return]
    if kind is float or kind is int:
        return fp_str(element).encode("ascii")  # type: ignore[no-any-return]
    return _shipped_format(element, document, toplevel)  # type: ignore[no-any-return]


_FAST = {"PDFName": name, "pdfdocEnc": encode, "format": format_value}


def install() -> None:
    """Use the fast paths in reportlab's writer (idempotent)."""
    for attribute, function in _FAST.items():
        setattr(pdfdoc, attribute, function)


def uninstall() -> None:
    """Put reportlab's own functions back."""
    for attribute, function in _SHIPPED.items():
        setattr(pdfdoc, attribute, function)
