"""The shipped fonts: parsed metrics kept between runs give the very font reportlab
itself would load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from compiler.pdf.patches.font_cache import CachedTTFont
from tests.conftest import REPO

FONT = str(REPO / "templates" / "fonts" / "DejaVuSansCondensed-Bold.ttf")


def _same_font(ours: Any, theirs: Any) -> None:
    ours_vars, theirs_vars = dict(vars(ours)), dict(vars(theirs))
    assert set(ours_vars) == set(theirs_vars)
    for name in ("face", "encoding", "state"):
        assert type(ours_vars.pop(name)).__mro__[-2] is type(theirs_vars.pop(name)).__mro__[-2]
    assert ours_vars == theirs_vars
    face, plain = dict(vars(ours.face)), dict(vars(theirs.face))
    assert set(face) == set(plain)
    scale, plain_scale = face.pop("_pdfScale"), plain.pop("_pdfScale")
    assert [scale(v) for v in (0, 1, 2048, -7)] == [plain_scale(v) for v in (0, 1, 2048, -7)]
    assert face == plain
    assert [type(face[k]) for k in ("name", "familyName")] == \
        [type(plain[k]) for k in ("name", "familyName")]
    text = "Gain 2 votes — Ünïcödé ✓"
    assert ours.stringWidth(text, 9.5) == theirs.stringWidth(text, 9.5)
    subset = [0, *range(32, 127), 0x2014]
    assert ours.face.makeSubset(subset) == theirs.face.makeSubset(subset)


def test_a_font_from_the_cache_is_the_font_reportlab_parses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path))
    first = CachedTTFont("probe", FONT)                  # parses, and keeps the metrics
    kept = list((tmp_path / "fonts").iterdir())
    assert len(kept) == 1
    second = CachedTTFont("probe", FONT)                 # from the cache
    _same_font(first, TTFont("probe", FONT))
    _same_font(second, TTFont("probe", FONT))


def test_a_damaged_cache_entry_is_parsed_again(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path))
    CachedTTFont("probe", FONT)
    (entry,) = (tmp_path / "fonts").iterdir()
    entry.write_bytes(b"not marshal data")
    _same_font(CachedTTFont("probe", FONT), TTFont("probe", FONT))
    assert entry.read_bytes() != b"not marshal data"      # and kept again


def test_no_cache_when_it_is_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", "off")
    monkeypatch.setenv("HOME", str(tmp_path))
    _same_font(CachedTTFont("probe", FONT), TTFont("probe", FONT))
    assert not list(tmp_path.rglob("*.marshal"))
