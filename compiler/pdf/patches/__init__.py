"""Every place samizdat reaches into reportlab's internals to write PDFs faster, in
one package, used only with the reportlab versions it was tested against.

Each patch gives the very bytes reportlab gives without it; each saves time:

* :mod:`.fast_paths` replaces three functions of ``reportlab.pdfbase.pdfdoc``
  (``PDFName``, ``pdfdocEnc``, ``format``) that the writer calls for every value
  it writes, with ones that remember escaped names, encode ASCII text with the
  built-in codec and send plain numbers and strings straight to the step
  reportlab would reach.
* :mod:`.memo` routes ``pdfdoc.PDFZCompress.encode`` (Flate) and each font
  face's ``makeSubset`` through memos shared by every PDF of a process: the
  decks of a game repeat the same subsets and streams.
* :mod:`.font_cache` keeps a font file's parsed metrics between runs; it
  subclasses ``TTFontFace`` and rebuilds ``TTFont.__init__`` (with the private
  ``TTEncoding``, ``TTFNameBytes``, ``_ttf_data`` and ``_pdfScale``).
* :mod:`.text_encoding` encodes card text for a document's font subsets with one
  ``str.translate`` per run, from what reportlab assigned (its private
  ``font.state[doc].assignments``), instead of asking ``splitString`` each time.

Tested with reportlab 4.5.0, 4.5.1, 5.0.1 and 5.1.0 (every shipped game's files the
same, byte for byte, patched and plain, and the same as with 5.1.0): from
:data:`TESTED_FROM` to before :data:`TESTED_BELOW`, the range ``pyproject.toml``
pins (4.4 lacks ``Canvas.setNamedCB``, which the rules reference needs, patched or
not). :func:`install`, which :func:`compiler.typeset.fonts.register` calls before any PDF
is written, installs the patches only for a reportlab in that range. For any other
version, or with ``SAMIZDAT_PDF_PATCHES=0``, samizdat writes with reportlab as
shipped, :func:`load_font` gives reportlab's own ``TTFont`` and
:func:`document_runs` asks reportlab's ``splitString`` for every run: the same
files, more slowly. An untested version says so once per run on standard error,
when this package is imported (:func:`note_untested`; standard output is never
touched); ``python -m compiler.pdf.patches`` prints :func:`status`.
tests/test_pdf_patches.py builds decks both ways and compares the bytes.

Not patches, but reliances on reportlab's internals that every version so far has
kept, and that the plain path shares (reportlab's own text object uses them too):
``canvas._code`` (operators appended by :mod:`compiler.typeset.richtext` and
:mod:`compiler.pdf.forms`), ``canvas._doc`` and ``canvas._escape``, and
``canvas._curr_tx_info`` (the reference's one-pass table of contents).
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import reportlab

from compiler.pdf.patches import text_encoding
from compiler.pdf.patches.text_encoding import Runs

TESTED_FROM: tuple[int, int] = (4, 5)      # the oldest reportlab tested (major, minor)
TESTED_BELOW: tuple[int, int] = (5, 2)     # the first one not tested
SWITCH = "SAMIZDAT_PDF_PATCHES"            # "0": reportlab as shipped
_NOTED = "_SAMIZDAT_PDF_PATCHES_NOTED"     # set once the note is written (workers inherit it)

_installed = False


def tested_range() -> str:
    """The tested range as a requirement, e.g. ``>=4.5,<5.2`` (``pyproject.toml`` pins
    reportlab to it)."""
    return (f">={TESTED_FROM[0]}.{TESTED_FROM[1]},"
            f"<{TESTED_BELOW[0]}.{TESTED_BELOW[1]}")


def is_tested(version: str) -> bool:
    """Whether reportlab ``version`` (as ``reportlab.Version`` writes it) is in the
    tested range; a version that does not start with two numbers is not."""
    found = re.match(r"(\d+)\.(\d+)", version)
    if found is None:
        return False
    major_minor = (int(found.group(1)), int(found.group(2)))
    return TESTED_FROM <= major_minor < TESTED_BELOW


def _why_plain() -> str:
    """Why reportlab runs as shipped ("" when the patches may be installed)."""
    if os.environ.get(SWITCH, "").strip() == "0":
        return f"switched off by {SWITCH}=0"
    if not is_tested(reportlab.Version):
        return (f"reportlab {reportlab.Version} is outside the tested range "
                f"{tested_range()}")
    return ""


def note_untested() -> None:
    """Say on standard error, once per run, that this reportlab is untested and PDFs
    are written without the patches. Said by the process that loads samizdat's PDF
    writer (this package is imported with it), never by its worker processes (which
    inherit the mark) nor when the patches are switched off."""
    if not is_tested(reportlab.Version) and os.environ.get(SWITCH, "").strip() != "0":
        import multiprocessing

        if multiprocessing.parent_process() is None and not os.environ.get(_NOTED):
            os.environ[_NOTED] = "1"
            print(f"samizdat: {_why_plain()}: PDFs are written with plain reportlab "
                  "(the same files, more slowly)", file=sys.stderr)


def install() -> bool:
    """Install every patch if this reportlab is one they were tested with and they
    are not switched off (idempotent); whether they are installed."""
    global _installed
    if _why_plain():
        return False
    from compiler.pdf.patches import fast_paths, memo

    fast_paths.install()
    memo.install()
    _installed = True
    return True


def uninstall() -> None:
    """Put reportlab back as shipped (fonts loaded since stay as they were loaded)."""
    global _installed
    from compiler.pdf.patches import fast_paths, memo

    fast_paths.uninstall()
    memo.uninstall()
    _installed = False


def installed() -> bool:
    """Whether the patches are in use."""
    return _installed


def status() -> str:
    """One line: whether the patches would be used in this process, and why not."""
    why = _why_plain()
    if why:
        return f"reportlab {reportlab.Version}: plain reportlab ({why})"
    return f"reportlab {reportlab.Version}: patched (tested range {tested_range()})"


def load_font(name: str, filename: str) -> Any:
    """The TrueType font ``filename`` under ``name``: with its parsed metrics kept
    between runs and its subsets remembered when the patches are installed, else
    reportlab's own ``TTFont``."""
    if not _installed:
        from reportlab.pdfbase.ttfonts import TTFont

        return TTFont(name, filename)
    from compiler.pdf.patches.font_cache import CachedTTFont
    from compiler.pdf.patches.memo import memoize_subsets

    font = CachedTTFont(name, filename)
    memoize_subsets(font)
    return font


def document_runs(canvas: Any) -> Runs:
    """``runs(font, text)``: the (font subset name, escaped bytes) pieces that show
    ``text`` in the embedded font ``font`` in this canvas's document."""
    if _installed:
        return text_encoding.document_runs(canvas)
    return text_encoding.plain_runs(canvas)


note_untested()
