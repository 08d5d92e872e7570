"""Home sheets open with a page of print instructions: what to set in the print
dialogue, a scale ruler that measures what it says once printed, and a stamp naming
samizdat's version, the deck's content and the date. Its back keeps the fronts on
odd pages. The [build] table of samizdat.toml saves the --back-offset (and paper,
sheet, the page itself); the command line wins; a bad value is C101 at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest

from compiler import __version__
from compiler.pdf import instructions
from tests.conftest import CARDS, edit, run_cli

MM_PER_INCH = 25.4


def _build(out: Path, *options: str, content: Path = CARDS / "san") -> Path:
    result = run_cli("build", str(content), "--out", str(out), "--cards-only", "--jobs", "1",
                     *options)
    assert result.exit_code == 0, result.output
    return out / "san" / "starting-moon.pdf"


def _text(pdf: Path, page: int) -> str:
    return pypdfium2.PdfDocument(str(pdf))[page].get_textpage().get_text_range()


def _render(pdf: Path, page: int, dpi: int = 100) -> bytes:
    image = pypdfium2.PdfDocument(str(pdf))[page].render(scale=dpi / 72).to_pil()
    return image.convert("RGB").tobytes()


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("plain"), "--no-instructions")


@pytest.fixture(scope="module")
def guided(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("guided"))


def test_the_first_sheet_is_the_instructions_and_the_cards_follow_unchanged(
        plain: Path, guided: Path) -> None:
    without = pypdfium2.PdfDocument(str(plain))
    with_page = pypdfium2.PdfDocument(str(guided))
    assert len(with_page) == len(without) + 2       # the page and its duplex back
    for page in range(len(without)):                # every card page as before, in step
        assert _render(guided, page + 2) == _render(plain, page)
    first = _text(guided, 0)
    for said in ("Print at 100 % (actual size)", "flipping on the LONG edge",
                 "Cut along the crop marks: each card is 63.5 x 88.9 mm",
                 "samizdat calibrate", "100 mm (4 inches)"):
        assert said in " ".join(first.split()), said
    assert "cards begin on the next sheet" in _text(guided, 1)


def test_the_stamp_names_the_version_and_the_printed_content(guided: Path,
                                                              tmp_path: Path) -> None:
    stamp = [line for line in _text(guided, 0).splitlines() if line.startswith("samizdat ")]
    assert len(stamp) == 1
    version, deck, date = stamp[0].split(" · ")
    assert version == f"samizdat {__version__}"
    assert date == "undated"
    assert deck.startswith("deck ") and len(deck) == len("deck ") + 12
    # the same content built again: the same digest (and the same bytes)
    assert _build(tmp_path / "again").read_bytes() == guided.read_bytes()
    # one card's words changed: another digest
    content = tmp_path / "san"
    shutil.copytree(CARDS / "san", content)
    edit(content / "cards.yaml", "title: Lunar Bagman", "title: Lunar Bagwoman")
    changed = _text(_build(tmp_path / "changed", content=content), 0)
    assert deck not in changed and f"samizdat {__version__} · deck " in changed


def test_the_date_comes_from_source_date_epoch_or_the_option(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764806400")        # 2025-12-04 00:00 UTC
    assert " · 2025-12-04" in _text(_build(tmp_path / "epoch"), 0)
    assert " · 2026-01-31" in _text(_build(tmp_path / "given", "--stamp-date", "2026-01-31"),
                                    0)
    bad = run_cli("build", str(CARDS / "san"), "--out", str(tmp_path / "bad"),
                  "--stamp-date", "31/01/2026")
    assert bad.exit_code == 2
    assert "expected a date as YYYY-MM-DD, or today" in bad.output
    assert not (tmp_path / "bad").exists()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    worse = run_cli("build", str(CARDS / "san"), "--out", str(tmp_path / "worse"))
    assert worse.exit_code == 2 and "SOURCE_DATE_EPOCH='soon'" in worse.output


def test_the_ruler_measures_100_mm_and_4_inches_once_rendered(guided: Path) -> None:
    dpi = 600
    page = pypdfium2.PdfDocument(str(guided))[0]
    height_mm = page.get_height() / 72 * MM_PER_INCH
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    x0, y0 = instructions.ruler_origin(height_mm)
    for base, ticks in ((y0, instructions.ruler_ticks()), (y0 - 22, instructions.inch_ticks())):
        # a row just above the ruler's base line crosses every tick
        row = round((height_mm - base - 0.8) / MM_PER_INCH * dpi)
        end = round((x0 + ticks[-1][0] + 1) / MM_PER_INCH * dpi)     # before its unit
        dark = [x for x in range(end) if image.getpixel((x, row)) < 128]
        runs: list[list[int]] = []
        for x in dark:
            if runs and x - runs[-1][-1] <= 1:
                runs[-1].append(x)
            else:
                runs.append([x])
        centres = [sum(r) / len(r) / dpi * MM_PER_INCH for r in runs]
        assert len(centres) == len(ticks)
        for centre, (position, _) in zip(centres, ticks, strict=True):
            assert centre == pytest.approx(x0 + position, abs=0.06)
        assert centres[-1] - centres[0] == pytest.approx(ticks[-1][0], abs=0.1)
    assert ticks[-1][0] == pytest.approx(4 * MM_PER_INCH)


def test_gutterfold_has_one_instructions_page_and_says_fold(plain: Path,
                                                              tmp_path: Path) -> None:
    folded = _build(tmp_path / "fold", "--sheet", "gutterfold", "--paper", "letter")
    bare = _build(tmp_path / "bare", "--sheet", "gutterfold", "--paper", "letter",
                  "--no-instructions")
    assert len(pypdfium2.PdfDocument(str(folded))) == \
        len(pypdfium2.PdfDocument(str(bare))) + 1
    said = " ".join(_text(folded, 0).split())
    assert "Print one-sided" in said and "Fold each sheet along the dashed line" in said
    assert "US Letter" in said and "LONG edge" not in said


def test_the_manifest_counts_the_instructions_pages(plain: Path, guided: Path) -> None:
    import json

    def pages(pdf: Path) -> int:
        manifest = json.loads((pdf.parent / "manifest.json").read_text())
        entries = [f for f in manifest["files"] if f["path"].endswith("starting-moon.pdf")]
        return int(entries[0]["pages"])

    assert pages(guided) == pages(plain) + 2 == len(pypdfium2.PdfDocument(str(guided)))


# -- [build] in samizdat.toml ------------------------------------------------------------


def test_a_saved_back_offset_is_used_like_the_option_and_the_option_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    option = _build(tmp_path / "option", "--back-offset", "1.5,-0.5")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "samizdat.toml").write_text('[build]\nback-offset = [1.5, -0.5]\n')
    monkeypatch.chdir(repo)
    saved = _build(tmp_path / "saved")
    assert saved.read_bytes() == option.read_bytes()
    assert "shifted by +1.5 mm across and -0.5 mm up" in " ".join(_text(saved, 0).split())
    # the command line wins over the file
    (repo / "samizdat.toml").write_text('[build]\nback-offset = [3, 3]\n')
    assert _build(tmp_path / "wins", "--back-offset", "1.5,-0.5").read_bytes() == \
        option.read_bytes()
    # a gutter-fold build has no duplex drift: the saved offset does not apply
    (repo / "samizdat.toml").write_text('[build]\nback-offset = [1.5, -0.5]\n'
                                        'sheet = "gutterfold"\npaper = "letter"\n')
    (tmp_path / "empty.toml").write_text("")
    assert _build(tmp_path / "fold").read_bytes() == \
        _build(tmp_path / "fold2", "--sheet", "gutterfold", "--paper", "letter",
               "--config", str(tmp_path / "empty.toml")).read_bytes()


def test_instructions_can_be_turned_off_in_the_settings(
        plain: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.samizdat.build]\ninstructions = false\n')
    monkeypatch.chdir(tmp_path)
    assert _build(tmp_path / "out").read_bytes() == plain.read_bytes()


@pytest.mark.parametrize(("settings", "line", "column", "message"), [
    ('[build]\npaper = "a4"\nback-offset = [30, 0]\n', 3, 15,
     "build.back-offset: each shift is a number of mm from -20 to 20, for example 0.5,-0.3"),
    ('[build]\nback-offset = "0.5,-0.3"\n', 2, 15,
     "build.back-offset: expected [X, Y] in mm, for example [0.5, -0.3], got '0.5,-0.3'"),
    ('select = ["L7"]\n\n[build]\nsheet = "tri-fold"\n', 4, 9,
     "build.sheet: expected one of duplex, gutterfold, got 'tri-fold'"),
    ('[build]\nbackoffset = [1, 1]\n', 2, 14,
     "build: unknown setting 'backoffset'; expected one of: back-offset, paper, sheet, "
     "instructions"),
    ('build = 3\n', 0, 0, "build: expected a table of build settings"),
])
def test_a_setting_samizdat_cannot_use_is_c101_at_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: str, line: int,
        column: int, message: str) -> None:
    (tmp_path / "samizdat.toml").write_text(settings)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", str(CARDS / "san"), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    where = f"samizdat.toml:{line}:{column}" if line else "samizdat.toml"
    assert result.output.strip() == f"{where}: error C101 {message}"
    assert not (tmp_path / "out").exists()


def test_lint_reads_a_settings_file_with_a_build_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "samizdat.toml").write_text('select = ["S"]\n[build]\npaper = "letter"\n')
    monkeypatch.chdir(tmp_path)
    result = run_cli("lint", "--fast", str(CARDS / "san"))
    assert result.exit_code == 0, result.output
