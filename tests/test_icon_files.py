"""Icons are SVG files: every icon the shipped texts, phrases and layouts name has a
file in its game's icon folders; a name without one is B624 at the string that writes
it; a designer's ``--templates`` folder adds and replaces icons; builds that draw them
stay byte-identical."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image

from compiler.pdf import icons
from compiler.text import icon_check
from tests.conftest import CARDS, REPO, line_of, run_cli

MM = 72 / 25.4
TEMPLATES = REPO / "templates"
GAMES = sorted(p.name for p in CARDS.iterdir() if (p / "game.yaml").is_file())
ICON = re.compile(r":([a-z][a-z0-9_]*):")
MARKER = "#123456"
SQUARE = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
          f'height="10"><rect x="0" y="0" width="10" height="10" fill="{MARKER}"/></svg>\n')


def _names_in(folder: Path) -> set[str]:
    """``:name:`` tokens and layouts' ``icon:`` values in the YAML under ``folder``."""
    names: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        names |= set(ICON.findall(text))
        names |= set(re.findall(r"\bicon: ([a-z][a-z0-9_]*)", text))
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_icon_a_game_names_has_an_svg_file(game: str) -> None:
    named = _names_in(TEMPLATES / game) | _names_in(TEMPLATES / "common") | \
        _names_in(CARDS / game)
    assert named, game
    library = icons.library(game)
    assert sorted(named - library.names) == []
    for name in named:
        path = library.path(name)
        assert path is not None and path.suffix == ".svg"
        assert path.parent.name == "icons" and path.parent.parent.name in (game, "common")


def test_every_shipped_icon_file_is_an_svg_that_svglib_draws() -> None:
    files = sorted(TEMPLATES.glob("*/icons/*.svg"))
    assert len(files) == len(icons.shipped().names) == 49   # no name in two folders
    for path in files:
        assert path.read_text(encoding="utf-8").startswith("<svg ")
        drawing = icons.load(path.stem, icons.shipped())
        assert drawing is not None and drawing.width == drawing.height


def test_unknown_icons_lists_each_missing_name_once_in_order() -> None:
    library = icons.library("spring").names
    assert icon_check.unknown_icons("Gain :force: :nope: and :zzz: then :nope:", library) \
        == ("nope", "zzz")
    assert icon_check.unknown_icons("no icons: here", library) == ()


# ---------------------------------------------------------------- builds


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    return target


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def found(report: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    return [(d["code"], Path(d["file"]).name, d["line"], d["column"])
            for d in report["diagnostics"]]


def flavour_with(spring: Path, words: str) -> tuple[Path, int]:
    """The first card's flavour text with ``words`` appended; (its file, its line)."""
    deck = spring / "board_and_deck.yaml"
    old = "flavor: Hundreds of small flames and not one slogan the police can charge."
    deck.write_text(deck.read_text().replace(old, f"{old[:-1]} {words}.", 1))
    return deck, line_of(deck, "flavor: Hundreds of small flames")


def test_a_missing_icon_in_card_text_is_b624_at_the_text(spring: Path, tmp_path: Path
                                                         ) -> None:
    deck, line = flavour_with(spring, "by :candle:")
    code, report = build(str(spring), "--out", str(tmp_path / "out"))
    assert code == 1
    assert found(report) == [("B624", "board_and_deck.yaml", line, 13)]
    diagnostic = report["diagnostics"][0]
    assert diagnostic["severity"] == "error"
    assert "':candle:'" in diagnostic["message"]
    assert "candle.svg" in diagnostic["hint"]
    assert not (tmp_path / "out" / "spring" / "common.pdf").exists()


def test_a_missing_icon_in_a_layouts_own_text_is_b624_at_the_region(spring: Path,
                                                                     tmp_path: Path) -> None:
    folder = tmp_path / "mine" / "spring" / "layouts"
    folder.mkdir(parents=True)
    front = folder / "spring_card-front.yaml"
    front.write_text((TEMPLATES / "spring/layouts/spring_card-front.yaml").read_text()
                     + '    motto: {x: 6, y: 84, w: 50, h: 4, text: "Rise :fist:"}\n')
    code, report = build(str(spring), "--out", str(tmp_path / "out"),
                         "--templates", str(tmp_path / "mine"))
    assert code == 1
    codes = {d["code"] for d in report["diagnostics"]}
    assert codes == {"B624"}
    assert set(found(report)) == {("B624", "spring_card-front.yaml",
                                   line_of(front, "motto:"), 12)}


def _front(out: Path, scale: float = 4.0) -> Image.Image:
    pdf = pdfium.PdfDocument(out / "spring" / "print-ready" / "generic" / "common.pdf")
    return pdf[0].render(scale=scale).to_pil().convert("RGB")


def _pixel(page: Image.Image, x_mm: float, y_mm: float, scale: float = 4.0
           ) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the card's top-left trim corner (3 mm bleed)."""
    value = page.getpixel((round((x_mm + 3) * MM * scale), round((y_mm + 3) * MM * scale)))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def _is_marker(colour: tuple[int, int, int]) -> bool:
    wanted = tuple(int(MARKER[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 8 for a, b in zip(colour, wanted, strict=True))


def test_a_designers_icon_replaces_the_shipped_one(spring: Path, tmp_path: Path) -> None:
    """``mine/spring/icons/force.svg`` (a flat square) is what the force badge prints."""
    mine = tmp_path / "mine" / "spring" / "icons"
    mine.mkdir(parents=True)
    (mine / "force.svg").write_text(SQUARE)
    centre = (47.5, 19.5)                       # the force_icon region: x 45, y 17, 5 x 5
    code, report = build(str(spring), "--out", str(tmp_path / "plain"),
                         "--print-ready", "generic")
    assert code == 0, report
    assert not _is_marker(_pixel(_front(tmp_path / "plain"), *centre))
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--print-ready",
                         "generic", "--templates", str(tmp_path / "mine"))
    assert code == 0, report
    page = _front(tmp_path / "out")
    assert _is_marker(_pixel(page, *centre))
    assert _is_marker(_pixel(page, 45.3, 17.3)) and _is_marker(_pixel(page, 49.7, 21.7))
    assert not _is_marker(_pixel(page, 44.5, 19.5))     # and stays in its square


def test_a_designers_new_icon_can_be_named_in_text(spring: Path, tmp_path: Path) -> None:
    flavour_with(spring, "by :candle:")
    mine = tmp_path / "mine" / "common" / "icons"
    mine.mkdir(parents=True)
    (mine / "candle.svg").write_text(SQUARE)
    code, report = build(str(spring), "--out", str(tmp_path / "out"),
                         "--templates", str(tmp_path / "mine"))
    assert (code, report["diagnostics"]) == (0, [])
    pdf = (tmp_path / "out" / "spring" / "common.pdf").read_bytes()
    assert b"/FormXob" in pdf or b"/XObject" in pdf


def test_builds_drawing_icons_are_byte_identical_from_another_folder(
        spring: Path, tmp_path: Path) -> None:
    code, _ = build(str(spring), "--out", str(tmp_path / "one"))
    assert code == 0
    moved = tmp_path / "elsewhere" / "spring"
    shutil.copytree(spring, moved)
    icons._drawing.cache_clear()
    code, _ = build(str(moved), "--out", str(tmp_path / "two"))
    assert code == 0
    first = (tmp_path / "one" / "spring" / "common.pdf").read_bytes()
    assert first == (tmp_path / "two" / "spring" / "common.pdf").read_bytes()


def test_changing_an_icon_file_rebuilds_the_deck(spring: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine" / "spring" / "icons"
    mine.mkdir(parents=True)
    (mine / "force.svg").write_text(SQUARE)
    args = (str(spring), "--out", str(tmp_path / "out"), "--print-ready", "generic",
            "--templates", str(tmp_path / "mine"))
    assert build(*args)[0] == 0
    assert _is_marker(_pixel(_front(tmp_path / "out"), 47.5, 19.5))
    (mine / "force.svg").write_text(SQUARE.replace(MARKER, "#ffffff"))
    assert build(*args)[0] == 0
    assert _pixel(_front(tmp_path / "out"), 47.5, 19.5) == (255, 255, 255)


def test_the_html_reference_shows_the_games_icons() -> None:
    """The HTML rules reference inlines a PNG for each icon its text names."""
    from compiler.pdf import icon_images
    from compiler.text import markup

    icons.use("san")
    html = markup.to_html("Pay :cost: to :destroy:", icon_images.data_uris())
    assert html.count('<img class="icon" src="data:image/png;base64,') == 2
    assert markup.to_html(":nosuch:", icon_images.data_uris()) == ":nosuch:"
    # in the rules reference each picture is given once, in the style sheet
    page = markup.to_html("Pay :cost: :cost: :cost: to :destroy:", icon_images.data_uris(),
                          classes=True)
    assert page.count('class="icon i-cost"') == 3 and "data:" not in page
    css = markup.icon_css(page, icon_images.data_uris())
    assert css.count("data:image/png;base64,") == 2            # cost and destroy, once
    assert ".i-cost {" in css and ".i-destroy {" in css
    named = set(ICON.findall((TEMPLATES / "san" / "rules.yaml").read_text()))
    assert named and named <= set(icon_images.data_uris())


def test_every_card_type_tag_draws_its_own_games_icon() -> None:
    """A card's type icon comes from its own game: Spring's Resistance cards (the
    regime's answers) printed AZADI's raised fist from the common folder; SAN's
    Equipment cards printed no icon at all."""
    from compiler.pdf import icons
    from rules_engine.spring.faces import TYPE_ICONS

    assert icons.library("spring").path("resistance") is None   # the fist is AZADI's
    spring = icons.library("spring").path(TYPE_ICONS["resistance"])
    assert spring is not None and spring.parent.parent.name == "spring"
    equipment = icons.library("san").path("equipment")
    assert equipment is not None and equipment.parent.parent.name == "san"


def test_plain_lint_finds_an_icon_the_game_has_no_file_for(cards: Path) -> None:
    """Without --preflight nothing is fitted; the words are still read for icons."""
    from tests.conftest import edit

    path = cards / "san" / "cards.yaml"
    edit(path, "    title: Burn Bag\n",
         '    title: Burn Bag\n    text: "Destroy 1 card. Gain 1 :hackin:."\n')
    result = run_cli("lint", str(cards / "san"), "--fast", "--format", "json")
    found = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "B624"]
    assert result.exit_code == 1
    assert [(d["line"], d["message"], d["hint"].split("?")[0]) for d in found] == [
        (line_of(path, ":hackin:"), "river-equipment-burn-bag text names icon ':hackin:', "
         "which has no SVG file in the game's icon folders", "did you mean :hacking:")]
