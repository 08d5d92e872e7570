"""Decks in other languages from one source (compiler.i18n): `build --lang` writes each
language into <game>/<code>/ with rules text from the language's phrases, the content's
words from its catalogue and terms from its glossary; what is missing or stale is
T101/T102 at its place (an error, or with --allow-fallback a warning and English);
`i18n extract` keeps translations and marks changed ones fuzzy; `i18n status` counts;
mirrored layouts for right-to-left languages."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdfium2
import pytest

from compiler.frontend.layouts import LayoutLibrary
from compiler.i18n import languages, localized_layouts
from compiler.text import effect_text
from tests.conftest import CARDS, FIRST_CARD_PAGE, REPO, line_of, run_cli

SPRING_LANG = REPO / "templates" / "spring" / "lang"


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    return target


def build(*args: str) -> tuple[int, dict[str, object], str]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    report = json.loads(result.stdout.split("\nwrote ")[0])
    return result.exit_code, report, result.output


def card_text(pdf: Path) -> str:
    document = pypdfium2.PdfDocument(str(pdf))
    return " ".join(" ".join(document[n].get_textpage().get_text_range().split())
                    for n in range(FIRST_CARD_PAGE, len(document)))


def po_entry(po: Path, context: str) -> tuple[int, str]:
    """The line of an entry's msgstr and its text."""
    lines = po.read_text(encoding="utf-8").splitlines()
    at = lines.index(f'msgctxt "{context}"')
    assert lines[at + 2].startswith("msgstr ")
    return at + 3, lines[at + 2][len('msgstr "'):-1]


def test_a_french_build_prints_french_words_phrases_and_terms(spring: Path,
                                                              tmp_path: Path) -> None:
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 0, report
    assert report["diagnostics"] == []
    out = tmp_path / "out" / "spring"
    manifest = json.loads((out / "manifest.json").read_text())
    assert [f["path"] for f in manifest["files"]] == ["fr/common.pdf"]
    text = card_text(out / "fr" / "common.pdf")
    _, title = po_entry(spring / "lang" / "fr.po", "common/mot-diaspora:front.title")
    assert title and title in text
    assert "Diaspora Remittances" not in text                 # the English title
    assert "Piochez" in text and "Draw" not in text           # the phrases
    assert "Manifestation" in text and "Protest" not in text  # the glossary
    # the same content, the same bytes
    again = tmp_path / "again"
    assert build(str(spring), "--lang", "fr", "--out", str(again))[0] == 0
    assert (again / "spring" / "fr" / "common.pdf").read_bytes() == \
        (out / "fr" / "common.pdf").read_bytes()


def test_several_languages_each_get_a_folder(spring: Path, tmp_path: Path) -> None:
    code, report, _ = build(str(spring), "--lang", "en,fr", "--out", str(tmp_path))
    assert code == 0, report
    manifest = json.loads((tmp_path / "spring" / "manifest.json").read_text())
    assert sorted(f["path"] for f in manifest["files"]) == ["en/common.pdf", "fr/common.pdf"]
    english = card_text(tmp_path / "spring" / "en" / "common.pdf")
    assert "Diaspora Remittances" in english and "Piochez" not in english


def test_a_missing_translation_is_t101_at_the_field_and_stops_the_build(
        spring: Path, tmp_path: Path) -> None:
    po = spring / "lang" / "fr.po"
    context = "common/mot-diaspora:front.title"
    line, title = po_entry(po, context)
    lines = po.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = 'msgstr ""'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 1
    [found] = report["diagnostics"]
    deck = spring / "board_and_deck.yaml"
    assert (found["code"], found["severity"], Path(found["file"]).name) == \
        ("T101", "error", "board_and_deck.yaml")
    assert found["line"] == line_of(deck, "title: Diaspora Remittances")
    assert found["column"] == 12
    assert found["message"] == ("common/mot-diaspora front title: no Français (fr) "
                                "translation of 'Diaspora Remittances'; it prints in English")
    assert not (tmp_path / "out").exists()
    # allowed to fall back: a warning, and the English title is printed
    code, report, _ = build(str(spring), "--lang", "fr", "--allow-fallback", "--out",
                            str(tmp_path / "fallback"))
    assert code == 0
    assert [(d["code"], d["severity"]) for d in report["diagnostics"]] == \
        [("T101", "warning")]
    text = card_text(tmp_path / "fallback" / "spring" / "fr" / "common.pdf")
    assert "Diaspora Remittances" in text and title not in text


def test_a_changed_card_makes_its_translation_stale_until_extracted_again(
        spring: Path, tmp_path: Path) -> None:
    deck = spring / "board_and_deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("title: Diaspora Remittances", "title: Money From Abroad"),
                    encoding="utf-8")
    po = spring / "lang" / "fr.po"
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 1
    [found] = report["diagnostics"]
    assert (found["code"], Path(found["file"]).name) == ("T102", "fr.po")
    assert found["line"] == po.read_text(encoding="utf-8").splitlines().index(
        'msgctxt "common/mot-diaspora:front.title"') + 2     # its msgid: the words
    assert "translated from 'Diaspora Remittances', the card now prints 'Money From " \
        "Abroad'" in found["message"]
    status = run_cli("i18n", "status", str(spring), "--lang", "fr")
    assert status.exit_code == 0
    assert "1 stale, 0 missing" in status.output
    # extract: the old translation kept, fuzzy, the old words as the previous msgid
    _, old = po_entry(po, "common/mot-diaspora:front.title")
    result = run_cli("i18n", "extract", str(spring), "--lang", "fr")
    assert result.exit_code == 0, result.output
    written = po.read_text(encoding="utf-8")
    assert f'#, fuzzy\n#| msgid "Diaspora Remittances"\nmsgctxt ' \
        f'"common/mot-diaspora:front.title"\nmsgid "Money From Abroad"\nmsgstr "{old}"' \
        in written
    # a translator checks it and clears the flag: the build passes
    po.write_text(written.replace('#, fuzzy\n#| msgid "Diaspora Remittances"\n', ""),
                  encoding="utf-8")
    assert build(str(spring), "--lang", "fr", "--out", str(tmp_path / "fixed"))[0] == 0


def test_extract_is_stable_and_keeps_every_translation(spring: Path) -> None:
    po = spring / "lang" / "fr.po"
    before = po.read_bytes()
    result = run_cli("i18n", "extract", str(spring), "--lang", "fr")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"wrote {po}"
    assert po.read_bytes() == before


def test_a_missing_phrase_names_the_phrase(spring: Path, tmp_path: Path,
                                           own_languages: Path) -> None:
    phrases = own_languages / "fr" / "phrases.yaml"
    text = phrases.read_text(encoding="utf-8")
    phrases.write_text(re.sub(r'\n  draw: .*\n', "\n", text), encoding="utf-8")
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 1
    messages = {d["message"] for d in report["diagnostics"]}
    assert all(d["code"] == "T101" for d in report["diagnostics"])
    assert any(m.endswith("front effects: no Français (fr) phrase for effects.draw; "
                          "it prints in English") for m in messages), messages
    status = run_cli("i18n", "status", str(spring), "--lang", "fr")
    assert "phrases 2/3" in status.output
    assert "phrases to translate: effects.draw" in status.output


def test_an_unknown_language_is_t103(spring: Path, tmp_path: Path) -> None:
    code, report, _ = build(str(spring), "--lang", "xx", "--out", str(tmp_path))
    assert code == 1
    [found] = report["diagnostics"]
    assert found["code"] == "T103"
    assert found["message"].startswith("spring has no language 'xx': ")
    assert found["message"].endswith("(it has: en, ar, fr)")
    bad = run_cli("build", str(spring), "--lang", "french!", "--out", str(tmp_path))
    assert bad.exit_code == 2 and "is not a language code" in bad.output


def test_a_language_file_that_cannot_be_used_is_t104_at_its_line(
        spring: Path, tmp_path: Path, own_languages: Path) -> None:
    spec = own_languages / "fr" / "lang.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("direction: ltr",
                                                             "direction: up"),
                    encoding="utf-8")
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path))
    assert code == 1
    [found] = report["diagnostics"]
    assert (found["code"], found["line"]) == ("T104", line_of(spec, "direction: up"))
    assert found["message"] == "direction: expected ltr or rtl, got 'up'"


def test_a_right_to_left_layout_is_mirrored_and_its_labels_translated() -> None:
    arabic = languages.language("spring", "ar")
    library = LayoutLibrary("spring")
    front = library.get("spring_card-front")
    assert front is not None
    mirrored, said = localized_layouts.localized(front, arabic, 63.5, allow_fallback=False)
    assert said == []
    for before, after in zip(front.regions, mirrored.regions, strict=True):
        if before.kind == "guide":
            assert after == before
            continue
        assert after.x == pytest.approx(63.5 - before.x - before.w)
        assert after.align == {"left": "right", "right": "left"}.get(before.align,
                                                                      before.align)
    assert mirrored.digest != front.digest


def test_a_layout_label_comes_from_the_glossary_or_is_t101_at_its_region() -> None:
    from dataclasses import replace

    front = LayoutLibrary("spring").get("spring_card-front")
    assert front is not None
    title = next(r for r in front.regions if r.name == "title")
    labelled = replace(front, regions=(replace(title, text="Common deck"),
                                       replace(title, name="other", text="Played at once")))
    french = languages.language("spring", "fr")
    shown, said = localized_layouts.localized(labelled, french, 63.5, allow_fallback=False)
    assert [r.text for r in shown.regions] == ["Paquet commun", "Played at once"]
    assert [(d.code, d.severity.value, d.location) for d in said] == \
        [("T101", "error", title.location)]
    assert said[0].message == ("layout 'spring_card-front' region 'other': no Français (fr) "
                               "translation of 'Played at once'; it prints in English")
    _, allowed = localized_layouts.localized(labelled, french, 63.5, allow_fallback=True)
    assert [d.severity.value for d in allowed] == ["warning"]


def test_a_translation_that_changes_a_number_or_an_icon_is_t105(spring: Path,
                                                                tmp_path: Path) -> None:
    po = spring / "lang" / "fr.po"
    line, _ = po_entry(po, "common/mot-diaspora:front.title")
    lines = po.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = 'msgstr "3 transferts :draw:"'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, report, _ = build(str(spring), "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 0, report
    [found] = report["diagnostics"]
    assert (found["code"], found["severity"], Path(found["file"]).name, found["line"]) == \
        ("T105", "warning", "fr.po", line - 1)
    assert found["message"] == (
        "common/mot-diaspora front title: the Français (fr) translation does not say what "
        "the card says: numbers none in English but 3 in the translation; icons none in "
        "English but :draw: in the translation")


def test_a_number_written_as_a_word_is_held_to_the_source(spring: Path) -> None:
    """"Fifteen raised hands" made "Cinq mains levées": no digit on either side."""
    po = spring / "lang" / "fr.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Quinze mains levées' in text
    po.write_text(text.replace('msgstr "Quinze mains levées', 'msgstr "Cinq mains levées'),
                  encoding="utf-8")
    found = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--select", "T",
                    "--format", "json")
    (drift,) = json.loads(found.stdout)["diagnostics"]
    assert (drift["code"], drift["line"]) == ("T105", line_of(po, "Cinq mains levées") - 1)
    assert drift["message"].endswith("the translation says 5, the English 15")
    po.write_text(text.replace('msgstr "Quinze mains levées', 'msgstr "15 mains levées'),
                  encoding="utf-8")          # a digit for the word: the same number
    again = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--select", "T",
                    "--format", "json")
    assert json.loads(again.stdout)["diagnostics"] == []


def test_plain_lint_holds_the_shipped_catalogues_to_their_cards(spring: Path) -> None:
    """Without --lang, the catalogues the content ships are read for drift (T105) but not
    held complete: a translation in progress is not an error of plain lint."""
    po = spring / "lang" / "ar.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "أربع صفحات' in text
    po.write_text(text.replace('msgstr "أربع صفحات', 'msgstr "ثماني صفحات'), encoding="utf-8")
    found = run_cli("lint", str(spring), "--fast", "--format", "json")
    assert found.exit_code == 0, found.output
    (drift,) = json.loads(found.stdout)["diagnostics"]
    assert (drift["code"], Path(drift["file"]).name, drift["line"]) == \
        ("T105", "ar.po", line_of(po, "ثماني صفحات") - 1)
    assert drift["message"].endswith("the translation says 8, the English 4")
    line, _ = po_entry(po, "common/mot-diaspora:front.title")   # an entry left to do
    lines = po.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = 'msgstr ""'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    again = run_cli("lint", str(spring), "--fast", "--format", "json")
    assert [d["code"] for d in json.loads(again.stdout)["diagnostics"]] == ["T105"]


def test_an_entry_for_a_field_no_card_prints_is_t107(spring: Path) -> None:
    """A mistyped msgctxt: plain lint finds the orphan entry; --lang also finds the card
    left untranslated."""
    po = spring / "lang" / "fr.po"
    text = po.read_text(encoding="utf-8")
    wrong = 'msgctxt "common/rev-strike-miners:front.titel"'
    po.write_text(text.replace('msgctxt "common/rev-strike-miners:front.title"', wrong),
                  encoding="utf-8")
    plain = run_cli("lint", str(spring), "--fast", "--format", "json")
    (orphan,) = json.loads(plain.stdout)["diagnostics"]
    assert (orphan["code"], orphan["severity"], Path(orphan["file"]).name, orphan["line"]) == \
        ("T107", "warning", "fr.po", line_of(po, wrong) + 1)      # at its msgid
    assert orphan["message"].startswith("common/rev-strike-miners:front.titel: the fr "
                                        "catalogue translates a field no card prints")
    asked = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--format", "json")
    assert sorted(d["code"] for d in json.loads(asked.stdout)["diagnostics"]) == \
        ["T101", "T107"]


def test_a_translation_holding_a_bidi_override_is_y121(spring: Path) -> None:
    po = spring / "lang" / "ar.po"
    line, _ = po_entry(po, "common/mot-diaspora:front.title")
    lines = po.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = lines[line - 1].replace('msgstr "', 'msgstr "\u202e', 1)
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = run_cli("lint", str(spring), "--fast", "--format", "json")
    assert found.exit_code == 1
    (hidden,) = json.loads(found.stdout)["diagnostics"]
    assert (hidden["code"], Path(hidden["file"]).name) == ("Y121", "ar.po")
    assert "holds U+202E" in hidden["message"]


@pytest.mark.parametrize(("text", "numbers"), [
    ("أربع صفحات", [4]), ("وأربعة رجال", [4]), ("الثلاثة", [3]), ("ثلاثة عشر يوما", [13]),
    ("أحد عشر كوكبا", [11]), ("عشرة أيام", [10]), ("٤ صفحات و 2", [2, 4]),
    ("رجل واحد", []),
])
def test_arabic_number_words_are_read(text: str, numbers: list[int]) -> None:
    from compiler.i18n.number_words import said

    assert said(text, "ar") == numbers


def test_lint_checks_each_language_it_is_asked_for(spring: Path) -> None:
    clean = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--select", "T",
                    "--format", "json")
    assert clean.exit_code == 0, clean.output
    assert json.loads(clean.stdout)["diagnostics"] == []
    po = spring / "lang" / "fr.po"
    line, _ = po_entry(po, "common/mot-diaspora:front.title")
    lines = po.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = 'msgstr ""'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    broken = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--select", "T",
                     "--format", "json")
    assert broken.exit_code == 1
    assert [(d["code"], d["severity"], d["line"]) for d in
            json.loads(broken.stdout)["diagnostics"]] == \
        [("T101", "error", line_of(spring / "board_and_deck.yaml",
                                   "title: Diaspora Remittances"))]
    allowed = run_cli("lint", str(spring), "--fast", "--lang", "fr", "--select", "T",
                      "--allow-fallback", "--format", "json")
    assert allowed.exit_code == 0
    assert [d["severity"] for d in json.loads(allowed.stdout)["diagnostics"]] == ["warning"]


def test_the_mats_rules_reference_and_aid_are_built_in_the_language(spring: Path,
                                                                   tmp_path: Path) -> None:
    result = run_cli("build", str(spring), "--lang", "fr", "--jobs", "1", "--format", "json",
                     "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.split("\nwrote ")[0])["diagnostics"] == []
    out = tmp_path / "spring" / "fr"
    rules = pypdfium2.PdfDocument(str(out / "spring-rules.pdf"))
    text = " ".join(" ".join(rules[n].get_textpage().get_text_range().split())
                    for n in range(len(rules)))
    assert "Printemps — Référence des règles" in text
    for french in ("Glossaire", "Index des cartes", "Décompte",
                   "Chaque autre joueur qui y a une carte et un jeton"):
        assert french in text, french
    assert "Card index" not in text and "Every other player" not in text
    html = (out / "spring-rules.html").read_text(encoding="utf-8")
    assert '<html lang="fr" dir="ltr">' in html and "<h2>Glossaire</h2>" in html
    assert "<h2>Sommaire</h2>" in html
    board = pypdfium2.PdfDocument(str(out / "mats" / "board.pdf"))
    labels = " ".join(board[n].get_textpage().get_text_range() for n in range(len(board)))
    assert "Algérie" in labels and "Algeria" not in labels
    aid = pypdfium2.PdfDocument(str(out / "spring-aid.pdf"))
    assert "Les cinq phases" in aid[0].get_textpage().get_text_range()
    # a language without its rules.yaml: T101, or with --allow-fallback English prose
    # around the language's tables
    (tmp_path / "lang").mkdir()
    shutil.copytree(SPRING_LANG / "fr", tmp_path / "lang" / "fr")
    (tmp_path / "lang" / "fr" / "rules.yaml").unlink()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(languages, "folder", lambda game: tmp_path / "lang")
        languages.language.cache_clear()
        effect_text.phrasebook.cache_clear()
        try:
            code, report, _ = build_all(spring, tmp_path / "missing")
            assert code == 1
            [found] = report["diagnostics"]
            assert (found["code"], found["file"]) == \
                ("T101", str(tmp_path / "lang" / "fr" / "rules.yaml"))
            assert found["message"].startswith("spring: no Français (fr) rules reference and "
                                               "aid (")
            code, report, _ = build_all(spring, tmp_path / "fallback", "--allow-fallback")
            assert code == 0 and [d["severity"] for d in report["diagnostics"]] == ["warning"]
        finally:
            languages.language.cache_clear()
            effect_text.phrasebook.cache_clear()


def build_all(content: Path, out: Path, *more: str) -> tuple[int, dict[str, object], str]:
    result = run_cli("build", str(content), "--lang", "fr", "--jobs", "1", "--format", "json",
                     "--out", str(out), *more)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0]), result.output


ARABIC_CARD = REPO / "tests" / "reference" / "spring-ar-first-card.png"
BADGE = (0x2D, 0x3E, 0x50)          # the Spring front's force badge


def _first_card(pdf: Path, dpi: int = 100) -> object:
    from compiler.pdf import imposition

    sheet = imposition.grid("a4", 63.5, 88.9)
    slot = sheet.slots[0]
    page = pypdfium2.PdfDocument(str(pdf))[FIRST_CARD_PAGE]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    top = sheet.page_height - slot.y - slot.height
    return image.crop((round(slot.x * px), round(top * px), round((slot.x + slot.width) * px),
                       round((top + slot.height) * px)))


def test_the_shipped_languages_build_whole_and_the_same_twice(tmp_path: Path) -> None:
    code, report, _ = build_all_languages(tmp_path / "one")
    assert code == 0 and report["diagnostics"] == [], report
    again, _, _ = build_all_languages(tmp_path / "two")
    assert again == 0
    for lang in ("fr", "ar"):
        for name in ("common.pdf", "spring-rules.pdf", "spring-rules.html", "spring-aid.pdf",
                     "mats/board.pdf"):
            first = (tmp_path / "one" / "spring" / lang / name).read_bytes()
            assert first == (tmp_path / "two" / "spring" / lang / name).read_bytes(), name


def build_all_languages(out: Path) -> tuple[int, dict[str, object], str]:
    result = run_cli("build", str(CARDS / "spring"), "--lang", "fr,ar", "--jobs", "1",
                     "--format", "json", "--out", str(out))
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0]), result.output


def test_an_arabic_card_is_mirrored_shaped_and_matches_its_reference(tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    for lang in ("en", "ar"):
        code, report, _ = build(str(CARDS / "spring"), "--lang", lang, "--out",
                                str(tmp_path / lang))
        assert code == 0, report
    english = _first_card(tmp_path / "en" / "spring" / "en" / "common.pdf")
    arabic = _first_card(tmp_path / "ar" / "spring" / "ar" / "common.pdf")
    assert isinstance(english, Image.Image) and isinstance(arabic, Image.Image)
    px = 100 / 25.4
    # the force badge (x 44-58.5 mm, y 16-30 mm) is on the right in English and, the
    # layout mirrored, on the left in Arabic
    right, left = (round(51 * px), round(18 * px)), (round(12.5 * px), round(18 * px))
    assert english.getpixel(right) == BADGE and english.getpixel(left) != BADGE
    assert arabic.getpixel(left) == BADGE and arabic.getpixel(right) != BADGE
    # the whole card against the reference made once (and looked at): within 0.5 % of
    # its pixels differing by more than a quarter of the range
    with Image.open(ARABIC_CARD) as reference:
        assert reference.size == arabic.size
        diff = ImageChops.difference(reference.convert("RGB"), arabic).convert("L")
        off = sum(1 for value in diff.getdata() if value > 64)
        assert off <= 0.005 * arabic.width * arabic.height, off


def test_extract_writes_only_into_the_folders_named(tmp_path: Path) -> None:
    made = run_cli("new", "campaign", "haiti-1791", "--year", "1791", "--into",
                   str(tmp_path / "cards"))
    assert made.exit_code == 0, made.output
    shipped = CARDS / "azadi" / "lang" / "hi.po"
    assert not shipped.exists()
    result = run_cli("i18n", "extract", str(tmp_path / "cards" / "haiti-1791"),
                     "--lang", "hi")
    assert result.exit_code == 0, result.output
    assert not shipped.exists()                 # the base game is samizdat's, not written
    written = tmp_path / "cards" / "haiti-1791" / "lang" / "hi.po"
    assert f"wrote {written}" in result.output
    assert "it is not a folder you named" in result.output
    assert 'msgctxt "tyranny-haiti-1791/' in written.read_text(encoding="utf-8")


def test_two_translations_that_trade_places_are_t106(spring: Path) -> None:
    """Two card titles holding each other's French: each reads like the other's English
    (diaspora, chiffrée/encrypted), so the pair is found at the first entry."""
    po = spring / "lang" / "fr.po"
    text = po.read_text(encoding="utf-8")
    first, second = 'msgstr "Transferts de la diaspora"', 'msgstr "Messagerie chiffrée"'
    po.write_text(text.replace(first, "@").replace(second, first).replace("@", second),
                  encoding="utf-8")
    found = run_cli("lint", str(spring), "--fast", "--lang", "fr,ar", "--select", "T",
                    "--format", "json")
    (swap,) = json.loads(found.stdout)["diagnostics"]
    assert (swap["code"], swap["severity"], swap["line"]) == (
        "T106", "warning", po_entry(po, "common/mot-diaspora:front.title")[0] - 1)
    other = po_entry(po, "common/mot-encrypted-chat:front.title")[0] - 1
    assert swap["related"][0]["line"] == other
    assert swap["message"] == (
        "common/mot-diaspora front title: the Français (fr) translation reads like one of "
        "'Encrypted Group Chat', and that of common/mot-encrypted-chat front title like one "
        "of 'Diaspora Remittances': the two look swapped")
    po.write_text(text, encoding="utf-8")
    again = run_cli("lint", str(spring), "--fast", "--lang", "fr,ar", "--select", "T",
                    "--format", "json")
    assert json.loads(again.stdout)["diagnostics"] == []


@pytest.mark.slow
def test_most_swaps_of_the_shipped_french_are_found() -> None:
    """Every two French entries of one field traded (2,862 pairs): 83.8 % are found as
    measured, none on the catalogue as shipped; Arabic is not judged (no shared
    letters)."""
    from dataclasses import replace

    from compiler.i18n.catalogue import read
    from compiler.i18n.swaps import field_of, swapped

    entries = [e for e in read([CARDS / "spring"], "fr").by_context.values() if e.text]
    assert swapped(entries) == []
    pairs = found = 0
    for i, first in enumerate(entries):
        for j in range(i + 1, len(entries)):
            second = entries[j]
            if field_of(first) != field_of(second):
                continue
            traded = list(entries)
            traded[i], traded[j] = replace(first, text=second.text), \
                replace(second, text=first.text)
            pairs += 1
            found += any(s.first is traded[i] and s.second is traded[j]
                         for s in swapped(traded))
    assert pairs == 2862 and found >= 0.8 * pairs


def test_a_translation_in_eastern_digits_is_drift() -> None:
    """R65 (3): every language prints Western digits, as the shared boards do."""
    from compiler.i18n.translate import drift

    assert drift("April 1775", "अप्रैल १७७५", "hi") == (
        "digits १५७ where every language prints Western digits (ruling R65)")
    assert drift("April 1775", "अप्रैल 1775", "hi") is None
