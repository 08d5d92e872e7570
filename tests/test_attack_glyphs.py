"""Hostile input: text in scripts the shipped fonts cannot draw (issue 16, item 11).

Arabic, Devanagari, Chinese and emoji in card text used to print as boxes (or
reversed, unjoined letters) while ``samizdat build`` exited 0. Arabic and Devanagari
card text now print, shaped, in the Noto fallback fonts (tests/test_shaping.py);
Chinese and emoji, which no shipped font covers, are a B613 error at the content
field that holds the characters, naming them and the font, and the build writes
nothing unless --force.
"""

from __future__ import annotations

import json
from pathlib import Path

from compiler.typeset import fonts, glyphs
from tests.conftest import edit, line_of, run_cli, tree_digest, triples

ARABIC = "سوق الظلام"
DEVANAGARI = "इंस्पेक्टर"
CJK = "月光"
ROCKET = "\U0001F680"

FIXER_FLAVOR = "Knows which inspector drinks, and what he drinks."
ANCHOR_FLAVOR = "Reads the autocue with the calm of someone paid not to look up."


def _plant(cards: Path) -> tuple[Path, list[tuple[str, str, int, int]]]:
    """Four SAN cards with text DejaVu cannot draw; the diagnostics expected (Arabic and
    Devanagari print in a fallback font)."""
    deck = cards / "san" / "cards.yaml"
    edit(deck, "title: Lunar Bagman", f"title: {ARABIC}")
    edit(deck, f"flavor: {FIXER_FLAVOR}", f"flavor: Knows which {DEVANAGARI} drinks.")
    edit(deck, "title: Crater Hype Crew", f"title: {CJK} Crew")
    edit(deck, f"flavor: {ANCHOR_FLAVOR}", f"flavor: {ROCKET} {ANCHOR_FLAVOR}")
    where = "san/cards.yaml"
    expected = [
        ("B613", where, line_of(deck, f"title: {CJK}"), 12),            # value after "title: "
        ("B613", where, line_of(deck, ROCKET), 13),
    ]
    return deck, expected


def _build(*args: str) -> tuple[int, dict[str, object]]:
    result = run_cli("build", "--format", "json", *args)
    return result.exit_code, json.loads(result.stdout)


def test_undrawable_card_text_stops_the_build_at_the_fields(cards: Path, tmp_path: Path) -> None:
    _, expected = _plant(cards)
    out = tmp_path / "out"
    before = tree_digest(tmp_path, out)
    code, report = _build(str(cards / "san"), "--cards-only", "--out", str(out))
    assert code == 1
    assert sorted(triples(report, cards)) == sorted(expected)
    assert not out.exists()
    assert tree_digest(tmp_path, out) == before


def test_the_diagnostic_names_characters_and_font(cards: Path, tmp_path: Path) -> None:
    _plant(cards)
    _, report = _build(str(cards / "san"), "--cards-only", "--out", str(tmp_path / "out"))
    messages = {d["message"] for d in report["diagnostics"]}  # type: ignore[attr-defined]
    assert ("starting-moon/moon-start-propaganda: field 'title' cannot be printed in DejaVu "
            "Sans Condensed Bold: no glyph for U+6708 CJK UNIFIED IDEOGRAPH-6708 (月), "
            "U+5149 CJK UNIFIED IDEOGRAPH-5149 (光)") in messages
    assert ("starting-moon/moon-start-propaganda-anchor: field 'flavor' cannot be printed in "
            "DejaVu Sans Condensed Oblique: no glyph for U+1F680 ROCKET (🚀)") in messages
    assert not [m for m in messages if "moon-start-corruption:" in m or "fixer" in m]
    hints = {d["hint"] for d in report["diagnostics"]}  # type: ignore[attr-defined]
    assert hints == {glyphs.HINT}


def test_force_writes_and_still_reports(cards: Path, tmp_path: Path) -> None:
    _, expected = _plant(cards)
    out = tmp_path / "out"
    code, report = _build(str(cards / "san"), "--cards-only", "--force", "--out", str(out))
    assert code == 1
    assert sorted(triples(report, cards)) == sorted(expected)
    assert (out / "san").is_dir() and list((out / "san").glob("*.pdf"))


def test_card_index_reports_a_title_once(cards: Path, tmp_path: Path) -> None:
    """The rules reference's card index prints the title in the same face as the card
    (sans bold): one diagnostic, not one per output."""
    deck = cards / "san" / "cards.yaml"
    edit(deck, "title: Lunar Bagman", f"title: {CJK}")
    out = tmp_path / "out"
    code, report = _build(str(cards / "san"), "--out", str(out))
    assert code == 1
    assert triples(report, cards) == [("B613", "san/cards.yaml",
                                       line_of(deck, f"title: {CJK}"), 12)]
    assert not out.exists()


def test_card_index_checks_its_own_faces(cards: Path, tmp_path: Path) -> None:
    """Flavour text is italic on the card and regular in the card index: each face
    that cannot draw it is named, at the same field."""
    deck = cards / "san" / "cards.yaml"
    edit(deck, f"flavor: {ANCHOR_FLAVOR}", f"flavor: {ROCKET} {ANCHOR_FLAVOR}")
    code, report = _build(str(cards / "san"), "--out", str(tmp_path / "out"))
    assert code == 1
    line = line_of(deck, ROCKET)
    assert triples(report, cards) == [("B613", "san/cards.yaml", line, 13)] * 2
    fonts_named = sorted(d["message"].split(" cannot be printed in ")[1].split(":")[0]
                         for d in report["diagnostics"])  # type: ignore[attr-defined]
    assert fonts_named == ["DejaVu Sans Condensed", "DejaVu Sans Condensed Oblique"]


def test_coverage_of_known_characters() -> None:
    fonts.register()
    sans, serif = fonts.pdf_name("sans"), fonts.pdf_name("serif-bold")
    assert ord("é") in fonts.covered(sans) and ord("é") in fonts.covered(serif)
    assert ord("ا") in fonts.covered(sans)            # an isolated form, in Sans only
    assert ord("ا") not in fonts.covered(serif)
    assert ord("月") not in fonts.covered(sans)
    assert glyphs.undrawable("Café — naïve × 3", sans) == ()
    assert glyphs.undrawable("Café — naïve × 3", serif) == ()
    assert glyphs.undrawable("ا", sans) == ("ا",)      # right-to-left: would print reversed
    assert glyphs.undrawable("ا", serif) == ("ا",)     # no glyph at all
    assert glyphs.undrawable("a\tb", sans) == ("\t",)  # a tab prints as a box
    assert glyphs.undrawable("月光月", sans) == ("月", "光")
    # card text falls back to Noto of the same weight, and shapes right-to-left text
    assert glyphs.unshapeable("ا क ক", sans) == ()
    assert glyphs.unshapeable("ا क ক", serif) == ()
    assert glyphs.unshapeable("ا月\U0001F600", serif) == ("月", "\U0001F600")
    assert glyphs.undrawable_markup(f"**{ARABIC}** *{DEVANAGARI}*", "sans") == ()


def test_markup_is_checked_in_the_face_each_run_uses() -> None:
    """Ogham is in the regular and bold faces of DejaVu Sans, not its bold italic."""
    ogham = "\u1681"
    assert glyphs.undrawable_markup(f"**{ogham}** :corruption: *x*", "sans") == ()
    assert glyphs.undrawable_markup(f"***{ogham}***", "sans") == (
        (fonts.pdf_name("sans-bold-italic"), (ogham,)),)
    assert glyphs.undrawable_markup(":not_an_icon: ✓", "sans") == ()


def test_describe() -> None:
    assert glyphs.describe("ا") == "U+0627 ARABIC LETTER ALEF (ا)"
    assert glyphs.describe("\t") == "U+0009 a control character"


def test_mat_text_from_content_is_checked(cards: Path, tmp_path: Path) -> None:
    """A country named in Chinese prints on the Arab Spring board's ring: B613 once, at
    the ring region of the board's layout (board cells do not carry content
    locations), and nothing is written."""
    from compiler.frontend.paths import templates_root

    edit(cards / "spring" / "board_and_deck.yaml", "{id: libya, name: Libya,",
         f"{{id: libya, name: {CJK},")
    out = tmp_path / "out"
    before = tree_digest(tmp_path, out)
    code, report = _build(str(cards / "spring"), "--out", str(out))
    assert code == 1
    board = templates_root() / "spring" / "mats" / "board.yaml"
    assert triples(report, templates_root()) == [
        ("B613", "spring/mats/board.yaml", line_of(board, "kind: ring"), 12)]
    assert not out.exists()
    assert tree_digest(tmp_path, out) == before


def test_locating_the_field_never_blocks_or_guesses(tmp_path: Path) -> None:
    """The card's file is read again to find the field: a FIFO (which would block a
    read) or a vanished file leaves the card's own location; a real file gives the
    string holding the characters, preferring the face's field name."""
    import os

    from compiler.text.text_source import locate_text
    from rules_engine.core.diagnostics import Location

    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    card = Location(str(fifo), 2, 5)
    assert locate_text(card, [CJK[0]], "title") == card
    gone = Location(str(tmp_path / "gone.yaml"), 2, 5)
    assert locate_text(gone, [CJK[0]], "title") == gone
    real = tmp_path / "real.yaml"
    real.write_text(f"cards:\n  - id: a\n    flavor: {CJK}\n    title: {CJK}\n"
                    "  - id: b\n    title: plain\n", encoding="utf-8")
    first = Location(str(real), 2, 5)
    assert locate_text(first, [CJK[0]], "title") == Location(str(real), 4, 12)
    assert locate_text(first, [CJK[0]], "effects") == Location(str(real), 3, 13)
    second = Location(str(real), 5, 5)
    assert locate_text(second, [CJK[0]], "title") == second
