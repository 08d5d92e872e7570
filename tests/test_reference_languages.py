"""The rules reference and the aid in right-to-left and complex scripts
(compiler/pdf/reference_text.py): Arabic set from the right margin, shaped, its tables'
first column at the right; Hindi drawn in Devanagari (never boxes), copied out as
Hindi; a character no shipped font has is B613 at its line of the rules file."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest

from compiler.frontend.load import load
from compiler.frontend.rules_data import RulesData, load_rules
from compiler.i18n import languages
from compiler.i18n.extras import localized_rules
from compiler.pdf.reference import prose_problems
from tests.conftest import CARDS, REPO, run_cli


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("refs")
    result = run_cli("build", str(CARDS / "spring"), "--out", str(out), "--lang", "ar",
                     "--jobs", "1")
    assert result.exit_code == 0, result.output
    return out / "spring" / "ar"


def _runs(pdf: Path, page: int) -> list[tuple[str, float, float, float]]:
    """Each run of text pdfium finds on a page: its text, left, right and top (points)."""
    text = pypdfium2.PdfDocument(str(pdf))[page].get_textpage()
    found = []
    for index in range(text.count_rects()):
        left, bottom, right, top = text.get_rect(index)
        found.append((text.get_text_bounded(left, bottom, right, top).strip(), left, right,
                      top))
    return found


def test_an_arabic_reference_is_set_from_the_right_margin(built: Path) -> None:
    pdf = built / "spring-rules.pdf"
    width = pypdfium2.PdfDocument(str(pdf))[0].get_width()
    margin = width - 18 / 25.4 * 72
    runs = _runs(pdf, 0)
    title = [run for run in runs if run[3] > 750]       # the title's line, at the top
    assert "ربيع" in [run[0] for run in title]
    assert max(run[2] for run in title) == pytest.approx(margin, abs=8)   # 22 pt serif
    assert min(run[1] for run in title) > width / 2    # a short line: the right half
    footer = [run for run in runs if run[3] < 40]      # title at the right, page at left
    assert max(run[2] for run in footer) == pytest.approx(margin, abs=2)
    assert [run[0] for run in footer if run[1] < width / 2] == ["1"]


def test_an_arabic_table_has_its_first_column_at_the_right(built: Path) -> None:
    """Spring's spaces table reads Country | Spaces | Count in English; in Arabic its
    header reads right to left: البلد (country) right of العدد (count)."""
    pdf = built / "spring-rules.pdf"
    for page in range(len(pypdfium2.PdfDocument(str(pdf)))):
        runs = _runs(pdf, page)
        for country in (run for run in runs if run[0] == "البلد"):
            count = [run for run in runs if run[0] == "العدد" and
                     abs(run[3] - country[3]) < 2]
            if count:
                assert country[1] > count[0][2]
                return
    pytest.fail("no country table")


def test_hindi_prose_is_drawn_and_copied_as_hindi(tmp_path: Path) -> None:
    model = load([CARDS / "azadi"]).validation.models["azadi"]
    english, _ = load_rules("azadi")
    hindi, _ = localized_rules("azadi", model, english, languages.language("azadi", "hi"),
                               allow_fallback=True)
    assert hindi is not None and hindi.file.endswith("lang/hi/rules.yaml")
    assert prose_problems(hindi) == []
    result = run_cli("build", str(CARDS / "azadi"), "--out", str(tmp_path), "--lang", "hi",
                     "--allow-fallback", "--jobs", "1")
    assert result.exit_code == 0, result.output
    document = pypdfium2.PdfDocument(str(tmp_path / "azadi" / "hi" / "azadi-rules.pdf"))
    said = " ".join(document[page].get_textpage().get_text_range() for page in range(4))
    assert not re.search("[\ue000-\uf8ff]", said)
    for word in ("आज़ादी", "खिलाड़ी", "मतदाता"):
        assert word in said, word


def test_a_character_no_font_has_is_b613_at_its_line(tmp_path: Path) -> None:
    rules_file = tmp_path / "rules.yaml"
    rules_file.write_text("reference:\n  title: Rules\n  intro: Read \u1230 first\n",
                          encoding="utf-8")
    rules = RulesData("spring", {"reference": {"title": "Rules",
                                               "intro": "Read \u1230 first"}, "aid": {}},
                      str(rules_file))
    (problem,) = prose_problems(rules)
    assert problem.code == "B613"
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        (str(rules_file), 3, 15)
    assert problem.message == ("rules reference reference.intro: text cannot be printed in "
                               "DejaVu Sans Condensed: no glyph for U+1230 ETHIOPIC SYLLABLE "
                               "SA (\u1230)")


def test_the_shipped_rules_in_every_language_have_no_undrawable_text() -> None:
    model_of = {}
    for game in ("azadi", "spring"):
        model_of[game] = load([CARDS / game]).validation.models[game]
        english, _ = load_rules(game)
        assert english is not None and prose_problems(english) == []
        for code in languages.available(game):
            if not (REPO / "templates" / game / "lang" / code / "rules.yaml").is_file():
                continue
            local, _ = localized_rules(game, model_of[game], english,
                                       languages.language(game, code), allow_fallback=True)
            assert local is not None and prose_problems(local) == [], (game, code)
