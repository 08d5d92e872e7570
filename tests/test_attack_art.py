"""Hostile art files: truncated and corrupt images, decompression bombs, special files
and paths outside the content folder. Each is a diagnostic at the card's `art:` line;
none hangs, none is an internal error; art is decoded once per build and printed at
most at 600 dpi."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from compiler.frontend import art as art_module
from tests.conftest import CARDS, REPO, line_of, run_cli


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    (target / "art").mkdir()
    return target


def give_art(spring: Path, arts: list[str]) -> Path:
    """Put ``art: <path>`` on the first cards of the deck; returns the deck file."""
    deck = spring / "board_and_deck.yaml"
    text = deck.read_text()
    ids = [line.split("id:")[1].split(",")[0].strip() for line in text.splitlines()
           if line.strip().startswith("- id:")][:len(arts)]
    for card_id, art in zip(ids, arts, strict=True):
        text = text.replace(f"- id: {card_id}\n", f"- id: {card_id}\n    art: {art}\n", 1)
    deck.write_text(text)
    return deck


def with_art_region(tmp_path: Path) -> Path:
    """A designer's layouts folder whose Spring card front shows the art."""
    layouts = tmp_path / "mine" / "spring" / "layouts"
    layouts.mkdir(parents=True)
    shipped = (REPO / "templates/spring/layouts/spring_card-front.yaml").read_text()
    (layouts / "spring_card-front.yaml").write_text(
        shipped + "    picture: {kind: art, x: 0, y: 30, w: 63.5, h: 24}\n")
    return tmp_path / "mine"


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def found(report: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(d["code"], d["severity"], d["line"]) for d in report["diagnostics"]]


def png(size: tuple[int, int], colour: str = "#884422") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def test_truncated_and_corrupt_images_are_located_warnings(spring: Path,
                                                           tmp_path: Path) -> None:
    good = png((800, 1100))
    (spring / "art" / "cut.png").write_bytes(good[:len(good) // 2])
    (spring / "art" / "noise.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00garbage" * 50)
    (spring / "art" / "text.png").write_text("not an image at all\n")
    deck = give_art(spring, ["art/cut.png", "art/noise.png", "art/text.png"])
    code, report = build(str(spring), "--out", str(tmp_path / "out"),
                         "--templates", str(with_art_region(tmp_path)))
    assert code == 0, report
    assert found(report) == [("B603", "warning", line_of(deck, "art: art/cut.png")),
                             ("B603", "warning", line_of(deck, "art: art/noise.png")),
                             ("B603", "warning", line_of(deck, "art: art/text.png"))]
    assert "is damaged and cannot be decoded" in report["diagnostics"][0]["message"]
    assert "placeholder is printed" in report["diagnostics"][0]["message"]


def test_a_decompression_bomb_is_refused_without_decoding(spring: Path, tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    bomb = png((9000, 9000))
    assert len(bomb) < 400_000                   # small file, 81 million pixels
    (spring / "art" / "bomb.png").write_bytes(bomb)
    deck = give_art(spring, ["art/bomb.png"] * 12)
    decoded: list[Any] = []
    real_load = Image.Image.load

    def spy(self: Image.Image) -> Any:
        decoded.append(self.size)
        return real_load(self)

    monkeypatch.setattr(Image.Image, "load", spy)
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out))
    assert code == 1
    lines = [line_of(deck, "art: art/bomb.png")]
    assert found(report)[0] == ("B623", "error", lines[0])
    assert [d["code"] for d in report["diagnostics"]] == ["B623"] * 12
    assert "9,000 x 9,000 px" in report["diagnostics"][0]["message"]
    assert (9000, 9000) not in decoded
    assert not out.exists()


def test_sharp_art_is_decoded_once_and_printed_at_600_dpi(spring: Path, tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    (spring / "art" / "sharp.png").write_bytes(png((2400, 3360)))   # about 960 dpi
    give_art(spring, ["art/sharp.png"] * 6)
    prepared: list[int] = []
    real = art_module._prepare

    def spy(*args: Any) -> art_module.Art:
        made = real(*args)
        prepared.append(made.width)
        return made

    monkeypatch.setattr(art_module, "_prepare", spy)
    monkeypatch.setattr(art_module, "_PREPARED", {})
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out),
                         "--templates", str(with_art_region(tmp_path)))
    assert code == 0, report
    assert prepared == [round(63.5 / 25.4 * 600)]
    widths = set()
    for pdf in (out / "spring").glob("*.pdf"):
        for page in PdfReader(pdf).pages:
            widths |= {image.image.width for image in page.images}
    assert widths == {1500}


@pytest.mark.parametrize("kind", ["fifo", "proc", "device-link"])
def test_special_files_as_art_never_hang(spring: Path, tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(spring / "art" / "pipe.png")
        written, code_wanted = "art/pipe.png", "B603"
    elif kind == "proc":
        written, code_wanted = "/proc/kmsg", "B602"
    else:
        os.symlink("/dev/zero", spring / "art" / "zero.png")
        written, code_wanted = "art/zero.png", "B602"
    deck = give_art(spring, [written])
    run = subprocess.run(
        [sys.executable, "-m", "compiler", "build", str(spring), "--out",
         str(tmp_path / "out"), "--cards-only", "--jobs", "1", "--format", "json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env=os.environ | {"PYTHONPATH": str(REPO)})
    report = json.loads(run.stdout.split("\nwrote ")[0])
    assert "Traceback" not in run.stderr
    assert run.returncode == (0 if code_wanted == "B603" else 1)
    line = line_of(deck, f"art: {written}")
    # a placeholder prints in the shipped front's art region (B603), or nothing (B602)
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [(code_wanted, line)]
