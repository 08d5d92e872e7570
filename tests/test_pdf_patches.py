"""samizdat's reportlab patches (compiler/pdf/patches): each writes the very bytes
reportlab writes as shipped; they are installed only for the reportlab versions they
were tested with (the range pyproject.toml pins), and a build falls back to plain
reportlab otherwise, writing the same files."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import reportlab
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import patches as pdf_patches
from compiler.pdf.patches import fast_paths as pdf_fast_paths
from compiler.pdf.patches import text_encoding
from compiler.pdf.patches.font_cache import CachedTTFont
from compiler.typeset import fonts
from tests.conftest import CARDS, REPO

SHIPPED = pdf_fast_paths._SHIPPED
NOTE = ("samizdat: reportlab 5.2.0 is outside the tested range >=4.5,<5.2: PDFs are "
        "written with plain reportlab (the same files, more slowly)\n")


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


def test_text_runs_are_encoded_the_same_patched_and_plain() -> None:
    """The patched encoder (translation tables) and reportlab's own ``splitString``
    give the same subsets and bytes for the same sequence of texts, past one subset."""
    fonts.register()
    name = fonts.pdf_name("sans-bold")
    alphabet = [chr(c) for c in range(0x21, 0x17F)] + ["\u00a0", "\U0001f600", " "]
    rng = random.Random(18)
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 25)))
             for _ in range(300)]
    patched = text_encoding.document_runs(Canvas(io.BytesIO(), invariant=1))
    plain = text_encoding.plain_runs(Canvas(io.BytesIO(), invariant=1))
    assert [patched(name, t) for t in texts] == [plain(name, t) for t in texts]
    assert {subset for t in texts for subset, _ in plain(name, t)} != {"/F1+0"}


@pytest.mark.parametrize(("version", "tested"), [
    ("4.5.0", True), ("4.5.1", True), ("5.0.1", True), ("5.1.0", True), ("5.1.12", True),
    ("4.4.10", False), ("4.0", False), ("5.2.0", False), ("6.0.0", False),
    ("5", False), ("", False), ("unknown", False)])
def test_only_the_tested_reportlab_versions_are_patched(version: str, tested: bool) -> None:
    assert pdf_patches.is_tested(version) is tested


def test_the_pin_in_pyproject_is_the_tested_range() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    pins = [d for d in project["dependencies"] if d.startswith("reportlab")]
    assert pins == ["reportlab" + pdf_patches.tested_range()] == ["reportlab>=4.5,<5.2"]
    assert pdf_patches.is_tested(reportlab.Version)       # what the tests run with


def test_an_untested_version_gets_plain_reportlab_and_one_note(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(reportlab, "Version", "5.2.0")
    monkeypatch.setenv("_SAMIZDAT_PDF_PATCHES_NOTED", "")
    monkeypatch.delenv("SAMIZDAT_PDF_PATCHES", raising=False)
    pdf_patches.uninstall()
    try:
        assert pdf_patches.install() is False
        assert capsys.readouterr() == ("", "")             # installing says nothing
        pdf_patches.note_untested()
        pdf_patches.note_untested()                         # the note only once
        assert not pdf_patches.installed()
        assert pdfdoc.format is SHIPPED["format"] and pdfdoc.PDFName is SHIPPED["PDFName"]
        assert "encode" not in pdfdoc.PDFZCompress.__dict__
        font = pdf_patches.load_font("probe", str(REPO / "templates" / "fonts" /
                                                  "DejaVuSansCondensed.ttf"))
        assert type(font) is TTFont
        assert "makeSubset" not in vars(font.face)
        assert pdf_patches.status() == ("reportlab 5.2.0: plain reportlab (reportlab 5.2.0 "
                                        "is outside the tested range >=4.5,<5.2)")
        assert capsys.readouterr() == ("", NOTE)
    finally:
        monkeypatch.undo()
        assert pdf_patches.install() is True
    assert pdfdoc.format is pdf_fast_paths.format_value
    assert type(pdf_patches.load_font("probe", str(REPO / "templates" / "fonts" /
                                                   "DejaVuSansCondensed.ttf"))) is CachedTTFont


def test_switched_off_the_patches_are_not_installed_and_nothing_is_said(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SAMIZDAT_PDF_PATCHES", "0")
    monkeypatch.setenv("_SAMIZDAT_PDF_PATCHES_NOTED", "")
    pdf_patches.uninstall()
    try:
        assert pdf_patches.install() is False
        pdf_patches.note_untested()
        assert pdfdoc.format is SHIPPED["format"]
        assert pdf_patches.status() == (f"reportlab {reportlab.Version}: plain reportlab "
                                        "(switched off by SAMIZDAT_PDF_PATCHES=0)")
        assert capsys.readouterr() == ("", "")
    finally:
        monkeypatch.undo()
        assert pdf_patches.install() is True


# Runs the CLI in a fresh process; "plain" makes reportlab say it is 5.2.0 (untested)
# before samizdat is imported. Writes what was in use to the evidence file.
DRIVER = """
import json, runpy, sys
import reportlab
mode, evidence = sys.argv[1], sys.argv[2]
if mode == "plain":
    reportlab.Version = "5.2.0"
import compiler.pdf.patches as patches
sys.argv = ["samizdat", *sys.argv[3:]]
try:
    runpy.run_module("compiler", run_name="__main__")
finally:
    from reportlab.pdfbase import pdfdoc, pdfmetrics
    with open(evidence, "w") as out:
        json.dump({"installed": patches.installed(), "format": pdfdoc.format.__module__,
                   "font": type(pdfmetrics.getFont("samizdat-sans")).__name__}, out)
"""


def _build(mode: str, out: Path, evidence: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SAMIZDAT_PDF",
                                                                     "_SAMIZDAT_PDF"))}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", DRIVER, mode, str(evidence), "build",
                           str(CARDS / "san"), "--out", str(out), "--jobs", "2", "--quiet"],
                          env=env, capture_output=True, text=True, timeout=240, check=False)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != ".build-cache.json"}


def test_a_build_writes_the_same_files_patched_and_with_plain_reportlab(tmp_path: Path) -> None:
    patched = _build("patched", tmp_path / "patched", tmp_path / "patched.json")
    plain = _build("plain", tmp_path / "plain", tmp_path / "plain.json")
    assert (patched.returncode, plain.returncode) == (0, 0), plain.stderr
    assert json.loads((tmp_path / "patched.json").read_text()) == {
        "installed": True, "format": "compiler.pdf.patches.fast_paths", "font": "CachedTTFont"}
    assert json.loads((tmp_path / "plain.json").read_text()) == {
        "installed": False, "format": "reportlab.pdfbase.pdfdoc", "font": "TTFont"}
    assert patched.stderr == ""
    assert plain.stderr == NOTE                       # once, though decks ran in workers
    assert plain.stdout == patched.stdout.replace(str(tmp_path / "patched"),
                                                  str(tmp_path / "plain"))
    written = _files(tmp_path / "patched")
    assert {"san/san-rules.pdf", "san/river.pdf", "san/mats/tokens.pdf"} <= set(written)
    assert written == _files(tmp_path / "plain")
