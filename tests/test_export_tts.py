"""`samizdat export tts`: Tabletop Simulator saved objects read back (ObjectStates,
CustomDeck with FaceURL, BackURL, NumWidth, NumHeight, DeckIDs), card sheets of at
most 10 x 7 and 4096 px whose slots show the printed cards and whose last slot is the
hidden card, every copy of every card with its name and text, boards and tokens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from compiler.export import tts
from tests.conftest import CARDS, run_cli


def _export(out: Path, *args: str, content: Path = CARDS / "spring") -> dict[str, Any]:
    result = run_cli("export", "tts", str(content), "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return json.loads((out / content.name / "tts" / "common.json").read_text()) \
        if content.name == "spring" else {}


@pytest.fixture(scope="module")
def spring(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    _export(out)
    return out / "spring" / "tts"


def _image(url: str) -> Image.Image:
    assert url.startswith("file://")
    return Image.open(url[len("file://"):])


def test_a_deck_is_a_saved_object_tts_reads(spring: Path) -> None:
    saved = json.loads((spring / "common.json").read_text())
    assert isinstance(saved["ObjectStates"], list) and len(saved["ObjectStates"]) == 1
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    sheets = deck["CustomDeck"]
    assert set(sheets) == {"1"}
    sheet = sheets["1"]
    assert {"FaceURL", "BackURL", "NumWidth", "NumHeight"} <= set(sheet)
    assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
    faces = _image(sheet["FaceURL"])
    assert faces.size[0] <= 4096 and faces.size[1] <= 4096
    assert faces.size[0] % sheet["NumWidth"] == 0 and faces.size[1] % sheet["NumHeight"] == 0
    # Spring prints 66 cards of 54 designs (copies from the content)
    cards = deck["ContainedObjects"]
    assert len(deck["DeckIDs"]) == len(cards) == 66
    assert [card["CardID"] for card in cards] == deck["DeckIDs"]
    hidden = sheet["NumWidth"] * sheet["NumHeight"] - 1
    assert {card["CardID"] % 100 for card in cards} == set(range(54))
    assert all(card["CardID"] // 100 == 1 and card["CardID"] % 100 < hidden for card in cards)
    named = {card["Nickname"]: card["Description"] for card in cards}
    assert "Cartoon Passed Hand to Hand" in named
    assert "Photocopied so often" in named["Cartoon Passed Hand to Hand"]


def test_each_slot_shows_the_printed_card_and_the_last_the_hidden_card(
        spring: Path, tmp_path: Path) -> None:
    deck = json.loads((spring / "common.json").read_text())["ObjectStates"][0]
    sheet = deck["CustomDeck"]["1"]
    faces, backs = _image(sheet["FaceURL"]), _image(sheet["BackURL"])
    width = faces.size[0] // sheet["NumWidth"]
    height = faces.size[1] // sheet["NumHeight"]

    def slot(image: Image.Image, index: int) -> Image.Image:
        column, row = index % sheet["NumWidth"], index // sheet["NumWidth"]
        return image.crop((column * width, row * height, (column + 1) * width,
                           (row + 1) * height)).convert("RGB")

    # the first card as `build --png` prints it, scaled to the slot
    built = run_cli("build", str(CARDS / "spring"), "--out", str(tmp_path), "--png",
                    "--cards-only", "--jobs", "1")
    assert built.exit_code == 0, built.output
    first = deck["ContainedObjects"][0]
    assert first["Nickname"] == "Cartoon Passed Hand to Hand"       # card mot-cartoon
    printed = tmp_path / "spring" / "png" / "common" / "spring-common-mot-cartoon-front.png"
    front = Image.open(printed).convert("RGB").resize((width, height))
    difference = ImageStat.Stat(ImageChops.difference(front, slot(faces, 0))).mean
    assert max(difference) < 6, (first["Nickname"], difference)
    # the hidden slot holds the first card's back; an unused slot stays white
    hidden = sheet["NumWidth"] * sheet["NumHeight"] - 1
    assert ImageChops.difference(slot(faces, hidden), slot(backs, 0)).getbbox() is None
    if hidden > 54:
        assert ImageStat.Stat(slot(faces, 54)).mean == [255.0, 255.0, 255.0]


def test_boards_are_custom_boards_and_counters_bags_of_tokens(spring: Path) -> None:
    board = json.loads((spring / "board.json").read_text())["ObjectStates"][0]
    assert board["Name"] == "Custom_Board"
    assert _image(board["CustomImage"]["ImageURL"]).size[0] > 4000
    sheet = json.loads((spring / "counters.json").read_text())["ObjectStates"][0]
    assert sheet["Name"] == "Bag"
    tokens = [token for bag in sheet["ContainedObjects"] for token in bag["ContainedObjects"]]
    assert tokens and all(token["Name"] == "Custom_Token" for token in tokens)
    from compiler.frontend.load import load
    from compiler.text.mat_data import sources_of

    model = load([CARDS / "spring"]).validation.models["spring"]
    assert len(tokens) == len(sources_of("spring")["counters"](model))
    cut = _image(tokens[0]["CustomImage"]["ImageURL"])
    assert cut.mode == "RGBA" and cut.getpixel((0, 0))[3] == 0     # round, cut out
    everything = json.loads((spring / "spring.json").read_text())["ObjectStates"][0]
    assert [o["Name"] for o in everything["ContainedObjects"]] == \
        ["DeckCustom", "Custom_Board", "Bag", "Custom_Board"]


def test_base_url_names_the_uploaded_images_and_the_export_is_reproducible(
        spring: Path, tmp_path: Path) -> None:
    deck = _export(tmp_path / "a", "--base-url", "https://example.org/spring")
    assert deck["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == \
        "https://example.org/spring/common-faces-1.png"
    _export(tmp_path / "b", "--base-url", "https://example.org/spring")
    first, second = tmp_path / "a" / "spring" / "tts", tmp_path / "b" / "spring" / "tts"
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
        assert (first / name).read_bytes() == (spring / name).read_bytes() or \
            name.endswith(".json")


def test_content_with_errors_exports_nothing(tmp_path: Path) -> None:
    content = tmp_path / "spring"
    import shutil

    shutil.copytree(CARDS / "spring", content)
    cards = content / "board_and_deck.yaml"
    cards.write_text(cards.read_text().replace("copies: 2", "copies: -2", 1))
    result = run_cli("export", "tts", str(content), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "error" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("designs", "columns", "rows"), [
    (1, 2, 1), (9, 10, 1), (10, 6, 2), (54, 10, 6), (69, 10, 7)])
def test_a_sheet_is_the_smallest_grid_with_room_for_the_hidden_card(
        designs: int, columns: int, rows: int) -> None:
    found = tts.grid(designs, 63.5, 88.9)
    assert (found.columns, found.rows) == (columns, rows)
    assert found.columns * found.rows > designs
    assert found.size[0] <= 4096 and found.size[1] <= 4096
    assert max(found.size) >= 4096 - max(found.card_width, found.card_height)
    with pytest.raises(ValueError):
        tts.grid(70, 63.5, 88.9)
    assert [len(r) for r in tts.sheets_of(140)] == [69, 69, 2]
