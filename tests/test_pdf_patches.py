"""reportlab's writer with samizdat's formatting fast paths writes the very bytes it
writes as shipped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase import pdfdoc

from compiler import pdf_fast_paths
from compiler.build import BuildOptions, build
from tests.conftest import CARDS

SHIPPED = pdf_fast_paths._SHIPPED


def _outcome(function: Any, value: Any) -> Any:
    try:
        return function(value)
    except UnicodeEncodeError as exc:       # what reportlab says about unencodable text
        return ("error", exc.start, exc.end)


def test_text_is_encoded_as_reportlab_encodes_it() -> None:
    texts = ["BT /F1 9 Tf (Gain 2 votes) Tj ET", "", "tab\there\nnew line\r",
             "café — “quoted”", "\x7f", "\x17", b"raw",
             "\x18", "sign\x1f", "tick ✓"]        # the last three: not in PDFDocEncoding
    outcomes = [_outcome(pdf_fast_paths.encode, t) for t in texts]
    assert outcomes == [_outcome(SHIPPED["pdfdocEnc"], t) for t in texts]
    assert [o[0] for o in outcomes[-3:]] == ["error"] * 3


def test_names_are_escaped_as_reportlab_escapes_them() -> None:
    for data in ("FormXob.side-3f2a", "a b", "(x)", "#1", "ünï", "", "%<>{}[]"):
        assert pdf_fast_paths.name(data) == SHIPPED["PDFName"](data)


def test_values_are_formatted_as_reportlab_formats_them() -> None:
    document = pdfdoc.PDFDocument(invariant=1)
    values = [0, 7, -3, 1.5, 1 / 3, -0.0001, 1e9, True, None, "text", b"\x00bytes",
              pdfdoc.PDFArray([1, 2.25, "/Name", b"x"]),
              pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Page"), "Count": 3}),
              pdfdoc.PDFString("(parens)")]
    for value in values:
        assert pdf_fast_paths.format_value(value, document) == \
            SHIPPED["format"](value, document), value


def test_a_build_writes_the_same_pdfs_with_and_without_the_fast_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def pdfs(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes()
                for p in sorted(folder.rglob("*.pdf"))}

    try:
        pdf_fast_paths.uninstall()
        with monkeypatch.context() as patch:
            patch.setattr(pdf_fast_paths, "install", lambda: None)
            shipped = build([CARDS / "san"], BuildOptions(tmp_path / "shipped", jobs=1))
            assert pdfdoc.format is SHIPPED["format"]
    finally:
        pdf_fast_paths.install()
    fast = build([CARDS / "san"], BuildOptions(tmp_path / "fast", jobs=1))
    assert shipped.errors == fast.errors == 0
    written = pdfs(tmp_path / "shipped")
    assert len(written) >= 5 and "san/san-rules.pdf" in written
    assert written == pdfs(tmp_path / "fast")
