"""Preflight (B637-B642): each planted print problem in a designer's Spring front is
found with its exact code and line, the shipped cards have none (at home and for each
vendor's safe zone and bleed), and `lint --preflight` says the same as the build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, REPO, line_of, run_cli

SPRING_FRONT = REPO / "templates/spring/layouts/spring_card-front.yaml"


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    return target


def layout_with(tmp_path: Path, *lines: str) -> Path:
    """The shipped Spring front with ``lines`` replacing (or adding) regions; returns
    the layout file (its templates folder is two levels up)."""
    names = {line.split(":")[0] for line in lines}
    kept = [line for line in SPRING_FRONT.read_text().splitlines()
            if line.strip().split(":")[0] not in names]
    layout = tmp_path / "mine" / "spring" / "layouts" / "spring_card-front.yaml"
    layout.parent.mkdir(parents=True)
    layout.write_text("\n".join(kept) + "\n" + "".join(f"    {line}\n" for line in lines))
    return layout


def first_card_with(deck: Path, field: str) -> int:
    """The line of the first card (its `- id:`) whose block has ``field``."""
    lines = deck.read_text().splitlines()
    start = None
    for number, line in enumerate(lines, start=1):
        if line.strip().startswith("- id:"):
            start = number
        elif start is not None and line.strip().startswith(f"{field}:"):
            return start
    raise AssertionError(field)


def preflight(spring: Path, tmp_path: Path, layout: Path, *more: str
              ) -> list[tuple[str, str, int]]:
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--preflight",
                         "--templates", str(layout.parents[2]), *more)
    assert code == 0, report
    return [(d["code"], Path(d["file"]).name, d["line"]) for d in report["diagnostics"]]


def test_small_text_is_b637_at_the_first_card_that_prints_it(spring: Path,
                                                             tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'flavor: {x: 6, y: 70, w: 51.5, h: 13, font: sans-italic, '
                         'size: 5, min_size: 5, align: center, colour: "#6b5a45"}')
    deck = spring / "board_and_deck.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--preflight",
                         "--templates", str(layout.parents[2]))
    assert code == 0
    [found] = report["diagnostics"]
    assert (found["code"], found["line"]) == ("B637", first_card_with(deck, "flavor"))
    assert found["message"].startswith(
        "text in region 'flavor' of layout 'spring_card-front' prints at 5 pt, under 6 pt "
        "(on ")
    assert found["related"][0]["line"] == line_of(layout, "flavor:")
    # a lower minimum accepts it; a higher one finds more
    assert preflight(spring, tmp_path / "low", layout_with(tmp_path / "low", 'flavor: {x: 6, '
                     'y: 70, w: 51.5, h: 13, size: 5, min_size: 5}'), "--min-text", "5") == []


def test_outside_the_safe_zone_is_b638(spring: Path, tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'type: {x: 1, y: 16, w: 30, h: 6, font: sans-bold, size: 8, '
                         'min_size: 6, valign: middle}')
    deck = spring / "board_and_deck.yaml"
    assert preflight(spring, tmp_path, layout) == [
        ("B638", "board_and_deck.yaml", first_card_with(deck, "type"))]


def test_low_contrast_is_b639_at_the_layout(spring: Path, tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'title: {x: 5, y: 4, w: 53.5, h: 9, font: serif-bold, '
                         'size: 10.5, min_size: 6.5, align: center, valign: middle, '
                         'colour: "#d0604a"}')
    assert preflight(spring, tmp_path, layout) == [
        ("B639", layout.name, line_of(layout, "title:"))]


def test_a_fill_stopping_at_the_trim_is_b640_for_a_vendor_only(spring: Path,
                                                               tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'band: {kind: box, x: 0, y: 0, w: 63.5, h: 14.5, '
                         'fill: "#b5452b"}')
    assert preflight(spring, tmp_path / "home", layout) == []
    assert preflight(spring, tmp_path / "tgc", layout, "--print-ready", "tgc") == [
        ("B640", layout.name, line_of(layout, "band:"))]
    fixed = layout_with(tmp_path / "bled", 'band: {kind: box, x: 0, y: 0, w: 63.5, '
                        'h: 14.5, fill: "#b5452b", bleed: true}')
    assert preflight(spring, tmp_path / "bled", fixed, "--print-ready", "tgc") == []


def test_an_icon_over_text_is_b641(spring: Path, tmp_path: Path) -> None:
    layout = layout_with(tmp_path, "force_icon: {kind: icon, icon: force, x: 50, y: 19, w: 8, "
                         "h: 8}")
    deck = spring / "board_and_deck.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--preflight",
                         "--templates", str(layout.parents[2]))
    assert code == 0
    [found] = report["diagnostics"]
    assert (found["code"], found["line"]) == ("B641", first_card_with(deck, "force"))
    assert "the icon of region 'force_icon' is drawn over the text of region 'force'" in \
        found["message"]
    assert [r["line"] for r in found["related"]] == [line_of(layout, "force_icon:"),
                                                      line_of(layout, "force:")]


def test_an_empty_field_in_a_printed_box_is_b642(spring: Path, tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'effects_box: {kind: box, x: 5, y: 54.5, w: 53.5, h: 15, '
                         'fill: "#efe6d0"}', "effects: {x: 6, y: 55, w: 51.5, h: 14, "
                         "size: 8.5, min_size: 6, align: center, valign: middle}")
    text = (spring / "board_and_deck.yaml").read_text().splitlines()
    first = next(number for number, line in enumerate(text, start=1)
                 if line.strip().startswith("- id:"))
    found = preflight(spring, tmp_path, layout)
    assert found == [("B642", "board_and_deck.yaml", first)]
    # `only_with` is the cure: the box is drawn only where the field has text
    cured = layout_with(tmp_path / "cured", 'effects_box: {only_with: effects, kind: box, x: 5, '
                        'y: 54.5, w: 53.5, h: 15, fill: "#efe6d0"}', "effects: {x: 6, y: 55, "
                        "w: 51.5, h: 14, size: 8.5, min_size: 6, align: center, "
                        "valign: middle}")
    assert preflight(spring, tmp_path / "cured", cured) == []


@pytest.mark.slow
@pytest.mark.parametrize("vendor", [None, "tgc", "drivethru"])
def test_the_shipped_cards_pass_preflight(tmp_path: Path, vendor: str | None) -> None:
    if vendor is None:        # every game, through lint (the layouts' own safe guides)
        result = run_cli("lint", str(CARDS), "--fast", "--preflight", "--format", "json",
                         "--select", "B6")
        assert json.loads(result.stdout)["diagnostics"] == []
        return
    code, built = build(str(CARDS / "san"), str(CARDS / "spring"), "--out",
                        str(tmp_path / "out"), "--preflight", "--print-ready", vendor)
    assert code == 0 and built["diagnostics"] == []


def test_lint_preflight_says_what_the_build_says(spring: Path, tmp_path: Path) -> None:
    layout = layout_with(tmp_path, 'title: {x: 5, y: 4, w: 53.5, h: 9, font: serif-bold, '
                         'size: 10.5, min_size: 6.5, align: center, valign: middle, '
                         'colour: "#d0604a"}')
    result = run_cli("lint", str(spring), "--fast", "--preflight", "--format", "json",
                     "--templates", str(layout.parents[2]))
    report = json.loads(result.stdout)
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [
        ("B639", line_of(layout, "title:"))]
    assert result.exit_code == 0
    plain = json.loads(run_cli("lint", str(spring), "--fast", "--format", "json",
                               "--templates", str(layout.parents[2])).stdout)
    assert plain["diagnostics"] == []


def test_a_colour_the_cmyk_press_cannot_print_is_b643_for_a_cmyk_vendor_only(
        spring: Path, tmp_path: Path) -> None:
    import re

    layout = layout_with(tmp_path, 'stripe: {kind: box, x: 5, y: 28.5, w: 30, h: 1.5, '
                         'fill: "#00ff00"}')
    assert preflight(spring, tmp_path / "home", layout) == []
    assert preflight(spring, tmp_path / "tgc", layout, "--print-ready", "tgc") == []
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--preflight",
                         "--templates", str(layout.parents[2]), "--print-ready", "drivethru")
    assert code == 0, report
    [found] = report["diagnostics"]
    assert (found["code"], Path(found["file"]).name, found["line"]) == \
        ("B643", layout.name, line_of(layout, "stripe:"))
    said = re.fullmatch(
        r"the fill #00ff00 of region 'stripe' of layout 'spring_card-front' prints as about "
        r"(#[0-9a-f]{6}) in CMYK for DriveThruCards \(\u0394E ([0-9.]+), over 10\); "
        r"(#[0-9a-f]{6}) is the nearest colour that prints within 8 \(on (\d+) card sides; "
        r"the first is [a-z0-9/-]+\)", found["message"])
    assert said is not None, found["message"]
    assert float(said.group(2)) > 10 and said.group(1) != "#00ff00"
    assert int(said.group(4)) == 54          # the front of every Spring design
    # the colour it suggests prints: no finding
    suggested = layout_with(tmp_path / "fixed", 'stripe: {kind: box, x: 5, y: 28.5, w: 30, '
                            f'h: 1.5, fill: "{said.group(3)}"}}')
    assert preflight(spring, tmp_path / "fixed", suggested, "--print-ready", "drivethru") == []


def test_art_the_cmyk_press_cannot_print_is_b643_at_its_card(spring: Path,
                                                             tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (800, 350), (0, 255, 0)).save(spring / "green.png", dpi=(300, 300))
    Image.new("RGB", (800, 350), (120, 90, 60)).save(spring / "brown.png", dpi=(300, 300))
    deck = spring / "board_and_deck.yaml"
    lines = deck.read_text().splitlines()
    ids = [n for n, line in enumerate(lines) if line.strip().startswith("- id:")]
    indent = lines[ids[0]].index("- id:") + 2
    lines.insert(ids[1] + 1, " " * indent + "art: brown.png")     # prints as it is
    lines.insert(ids[0] + 1, " " * indent + "art: green.png")
    deck.write_text("\n".join(lines) + "\n")
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--preflight",
                         "--print-ready", "drivethru")
    assert code == 0, report
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [("B643", ids[0] + 1)], \
        report["diagnostics"]
    found = report["diagnostics"][0]
    assert found["message"].startswith("100% of the art's pixels print visibly otherwise in "
                                       "CMYK for DriveThruCards (\u0394E over 10, up to ")
