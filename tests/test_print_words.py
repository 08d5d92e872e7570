"""samizdat's own printed words in a language (compiler/i18n/print_words.py): the print
instructions page and a tiled board's page map are in the build's language, with the
language's plural forms; a language without them is T101 (English with
--allow-fallback); a file samizdat cannot use is T104 at its line. Brackets round
left-to-right words in right-to-left text stay round them (UBA rule N0)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2
import pytest

from compiler.i18n import languages, print_words
from compiler.i18n.languages import LanguageProblem
from compiler.pdf import tiling
from compiler.typeset import bidi_order
from tests.conftest import CARDS, run_cli


def _page_text(pdf: Path, page: int = 0) -> str:
    return " ".join(pypdfium2.PdfDocument(str(pdf))[page].get_textpage().get_text_range()
                    .split())


def _build(out: Path, *options: str) -> tuple[int, dict[str, object]]:
    result = run_cli("build", str(CARDS / "spring"), "--out", str(out), "--format", "json",
                     "--jobs", "1", *options)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def test_the_french_build_prints_its_instructions_and_board_map_in_french(
        tmp_path: Path) -> None:
    code, report = _build(tmp_path / "out", "--lang", "fr")
    assert code == 0, report
    page = _page_text(tmp_path / "out" / "spring" / "fr" / "common.pdf")
    for said in ("Imprimez à 100 % (taille réelle)", "retournement sur le bord LONG",
                 "chaque carte mesure 63.5 x 88.9 mm", "66 cartes en tout (54 modèles)",
                 "paquet", "non daté"):
        assert said in page, said
    assert "Print at" not in page
    board = tmp_path / "out" / "spring" / "fr" / "mats" / "board.pdf"
    document = pypdfium2.PdfDocument(str(board))
    assert len(document) > 1                            # the board is printed in tiles
    assert "rangée 1, colonne 1 sur" in _page_text(board)
    assert "row 1" not in _page_text(board)


def test_an_arabic_instructions_page_is_arabic_and_set_from_the_right(
        tmp_path: Path) -> None:
    code, report = _build(tmp_path / "out", "--lang", "ar", "--cards-only")
    assert code == 0, report
    page = pypdfium2.PdfDocument(str(tmp_path / "out" / "spring" / "ar" / "common.pdf"))[0]
    text = page.get_textpage()
    assert "Print at" not in text.get_text_range()
    said = text.get_text_range()
    assert "اطبع بنسبة 100 %" in said           # copied out as Arabic, in logical order
    # the step numbers (".1" read left to right) stand at the right margin
    width = page.get_width()
    numbers = [text.get_charbox(m.start(1)) for m in re.finditer(r"(?m)^\.([1-9]) ", said)]
    assert len(numbers) == 5 and all(box[0] > width * 0.8 for box in numbers)


def test_a_hindi_page_copies_out_as_hindi_conjuncts_and_all(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "azadi"), "--out", str(tmp_path), "--lang", "hi",
                     "--allow-fallback", "--cards-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    said = _page_text(tmp_path / "azadi" / "hi" / "attack-cards.pdf")
    # conjuncts (प्र, स्के) are glyphs no character maps to: the PDF says what they are
    assert not [c for c in said if 0xE000 <= ord(c) <= 0xF8FF]
    for word in ("प्रिंट-एंड-प्ले", "स्केलिंग", "वास्तविक", "छापें"):
        assert word in said, word


@pytest.mark.parametrize(("code", "number", "expected"), [
    ("ar", 1, "تصميم واحد"), ("ar", 2, "تصميمان"), ("ar", 3, "3 تصاميم"),
    ("ar", 11, "11 تصميمًا"), ("ar", 100, "100 تصميم"),
    ("fr", 0, "0 modèle"), ("fr", 1, "1 modèle"), ("fr", 2, "2 modèles"),
    ("en", 1, "1 design"), ("en", 0, "0 designs")])
def test_a_count_takes_the_language_s_plural_form(code: str, number: int,
                                                  expected: str) -> None:
    language = languages.language("spring", code)
    words, found = print_words.words(language, allow_fallback=False)
    assert found == []
    assert words.say("designs", number, designs=number) == expected


def test_a_language_without_print_words_is_t101_and_english_with_fallback(
        own_languages: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "nowhere.yaml"
    monkeypatch.setattr(print_words, "file_for", lambda language: missing)
    code, report = _build(tmp_path / "strict", "--lang", "fr", "--cards-only")
    assert code == 1
    said = [d for d in report["diagnostics"] if d["code"] == "T101"]     # type: ignore[union-attr]
    assert len(said) == 1 and said[0]["severity"] == "error"
    assert said[0]["message"] == (
        f"spring: the print instructions and board page map in Français (fr): {missing} "
        "has none; they print in English")
    assert not (tmp_path / "strict" / "spring").exists()
    code, report = _build(tmp_path / "loose", "--lang", "fr", "--cards-only",
                          "--allow-fallback")
    assert code == 0, report
    page = _page_text(tmp_path / "loose" / "spring" / "fr" / "common.pdf")
    assert "Print at 100 % (actual size)" in page


def test_a_game_s_own_print_words_win_and_a_partial_file_names_what_it_lacks(
        own_languages: Path, tmp_path: Path) -> None:
    (own_languages / "fr" / "print.yaml").write_text(
        'tagline: "Planches maison : lisez-moi."\n', encoding="utf-8")
    words, found = print_words.words(languages.language("spring", "fr"),
                                     allow_fallback=True)
    assert words.say("tagline") == "Planches maison : lisez-moi."
    assert words.say("undated") == "undated"                # English, said
    assert [d.code for d in found] == ["T101"] and found[0].severity.value == "warning"
    assert "lacks title, actual_size" in found[0].message


@pytest.mark.parametrize(("text", "line", "message"), [
    ('tagline: "x"\nnonsense: "y"\n', 2, "unknown entry 'nonsense'"),
    ('tagline: "x"\nstamp: "{version.__class__}"\n', 2,
     "stamp: unknown name {version.__class__}"),
    ('undated: "x {"\n', 1, "undated: Single '{' encountered in format string"),
    ('designs:\n  one: "{designs}"\n', 2, "designs: expected a text, or plural forms"),
    ('designs:\n  one: "a"\n  several: "b"\n  other: "c"\n', 3,
     "designs: expected a text, or plural forms")])
def test_a_print_words_file_samizdat_cannot_use_is_t104_at_its_line(
        tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "print.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LanguageProblem) as caught:
        print_words.read_entries(path, print_words.english().entries)
    diagnostic = caught.value.diagnostic
    assert diagnostic.code == "T104"
    assert diagnostic.location.file == str(path) and diagnostic.location.line == line
    assert diagnostic.message.startswith(message), diagnostic.message


def test_the_english_tile_label_is_the_page_map_s_words() -> None:
    tile = tiling.plan(600, 400, "a4")[0]
    assert tile.label == f"row 1, column 1 of {tile.rows} x {tile.columns}"
    hindi = print_words.words(languages.language("azadi", "hi"), allow_fallback=False)[0]
    assert tiling.place(tile, hindi) == f"पंक्ति 1, स्तंभ 1 ({tile.rows} x {tile.columns} में से)"


@pytest.mark.parametrize(("text", "direction", "expected"), [
    # a left-to-right word in brackets inside right-to-left text, after a Latin word:
    # the brackets go with it (without N0 the closing one ran to the far left)
    ("ربيع: common (ar)", "rtl", (1,) * 6 + (2,) * 11),
    # the same after Arabic: the brackets take the paragraph's direction
    ("ابج (abc) دهو", "rtl", (1,) * 5 + (2,) * 3 + (1,) * 5),
    ("abc (ربيع) def", "ltr", (0,) * 5 + (1,) * 4 + (0,) * 5),
    # nested pairs, and a lone closing bracket that pairs with nothing
    ("ab(c [دهو] x)", "ltr", (0,) * 6 + (1,) * 3 + (0,) * 4),
    ("دهو ab) دهو", "rtl", (1,) * 4 + (2,) * 2 + (1,) * 5)])
def test_bracket_pairs_follow_rule_n0(text: str, direction: str,
                                      expected: tuple[int, ...]) -> None:
    assert bidi_order.levels(text, direction) == expected
