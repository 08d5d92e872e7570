"""PNG export: exact pixels at the asked resolution, the same bytes whatever the
number of encoding threads or rendering processes (and a build's ``--jobs``), in
page order."""

from __future__ import annotations

import concurrent.futures
import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import png, sheets
from compiler.pipeline.build import BuildOptions, build
from tests.conftest import CARDS


def _pdf(pages: int) -> bytes:
    """A small PDF whose pages differ (colours, text, a gradient of greys)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(180, 252), invariant=1)
    for number in range(pages):
        canvas.setFillColor(Color(number / pages, 0.3, 1 - number / pages))
        canvas.rect(10, 10, 160, 100, fill=1, stroke=0)
        for step in range(16):
            canvas.setFillColor(Color(step / 16, step / 16, step / 16, alpha=0.5))
            canvas.circle(20 + step * 9, 180, 8, fill=1, stroke=0)
        canvas.setFillColor(Color(0, 0, 0))
        canvas.drawString(15, 230, f"page {number + 1}: the quick brown fox")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _reference(pdf: bytes, dpi: int) -> list[Image.Image]:
    """pdfium's own renders of the pages, with nothing encoded."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [document[i].render(scale=dpi / 72).to_pil() for i in range(len(document))]
    finally:
        document.close()


@pytest.mark.parametrize("dpi", [72, 300])
def test_pages_have_the_rendered_pixels_whatever_the_threads(dpi: int) -> None:
    pdf = _pdf(7)
    reference = _reference(pdf, dpi)
    runs = {threads: sheets.png_pages(pdf, dpi, threads=threads) for threads in (1, 2, 3)}
    assert runs[1] == runs[2] == runs[3]                       # byte for byte, in order
    assert len(runs[1]) == 7
    for data, expected in zip(runs[2], reference, strict=True):
        decoded = Image.open(io.BytesIO(data))
        decoded.load()
        assert decoded.format == "PNG" and decoded.size == expected.size
        assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()
        assert decoded.info["dpi"] == pytest.approx((dpi, dpi), abs=0.01)


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA", "P", "1"])
def test_every_image_mode_round_trips(mode: str) -> None:
    base = Image.new("RGBA", (37, 11))
    base.putdata([(x * 7 % 256, x * 3 % 256, x % 256, x * 11 % 256) for x in range(37 * 11)])
    image = base.convert(mode)
    decoded = Image.open(io.BytesIO(png.encode(image, 150)))
    expected = image if mode in ("L", "RGB", "RGBA") else image.convert("RGB")
    assert decoded.mode == expected.mode and decoded.tobytes() == expected.tobytes()


def test_many_pages_keep_their_order_through_the_thread_pool() -> None:
    images = [Image.new("L", (3, 2), colour) for colour in range(0, 250, 5)]
    encoded = list(png.encode_all(iter(images), 96, threads=3))
    assert [Image.open(io.BytesIO(d)).getpixel((0, 0)) for d in encoded] == \
        list(range(0, 250, 5))


class _CountingPool(concurrent.futures.ProcessPoolExecutor):
    """A process pool that notes the page runs given to its processes."""

    runs: list[tuple[int, int]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        _CountingPool.runs.append((args[2], args[3]))
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("dpi", [72, 300])
def test_pages_split_across_processes_give_the_same_bytes(
        dpi: int, monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = _pdf(13)                            # an odd count: runs of 6 and 7; 4, 4 and 5
    single = sheets.png_pages(pdf, dpi, jobs=1)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _CountingPool)
    for jobs, forked in ((2, [(6, 13)]), (3, [(4, 8), (8, 13)])):
        _CountingPool.runs = []
        assert sheets.png_pages(pdf, dpi, jobs=jobs) == single    # byte for byte, in order
        assert _CountingPool.runs == forked   # the first run is this process's own
    assert len(single) == 13


def test_few_pages_or_one_job_stay_in_this_process() -> None:
    assert sheets._runs(88, 1) == [(0, 88)]
    assert sheets._runs(sheets.FORK_MIN_PAGES - 1, 2) == [(0, sheets.FORK_MIN_PAGES - 1)]
    assert sheets._runs(88, 2) == [(0, 44), (44, 88)]
    assert sheets._runs(9, 4) == [(0, 4), (4, 9)]         # at least 4 pages a process


def test_png_build_is_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    """A one-deck game is drawn in the main process, which renders its PNGs with
    ``--jobs`` processes: the files are identical with 1 and 2."""
    found = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs-{jobs}"
        result = build([CARDS / "spring"], BuildOptions(out, jobs=jobs, png=True,
                                                         print_ready="tgc", extras=False))
        assert result.errors == 0
        found[jobs] = {path.relative_to(out): path.read_bytes()
                       for path in sorted(out.rglob("*.png"))}
    assert len(found[1]) == 2 * 2 * 54                     # PNG and TGC, both sides
    assert found[1] == found[2]
