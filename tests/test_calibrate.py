"""`samizdat calibrate`: the duplex calibration sheet's scales read the --back-offset
that puts a drifting printer's backs behind their fronts (the sign of
imposition.back_slot), the ticks lie where they say (rendered and measured), and the
file is written whole, the same bytes each time."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from compiler.pdf import calibrate, imposition
from tests.conftest import run_cli


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("drift", [(0.0, 0.0), (1.5, -0.5), (-3.0, 2.5), (6.0, -6.0)])
def test_the_tick_the_line_falls_on_is_the_offset_that_corrects_the_drift(
        paper: str, drift: tuple[float, float]) -> None:
    width, _ = imposition.PAPERS[paper]
    for target in calibrate.targets(paper):
        # the printer moves everything on the backs page by `drift` (backs-page mm);
        # the front's vertical line shows through at backs-page x = width - target x
        line_x, line_y = width - target[0], target[1]
        read_x = [v for v in calibrate.ticks()
                  if abs(calibrate.back_tick_x(paper, target, v) + drift[0] - line_x) < 1e-9]
        read_y = [v for v in calibrate.ticks()
                  if abs(calibrate.back_tick_y(target, v) + drift[1] - line_y) < 1e-9]
        assert len(read_x) == len(read_y) == 1
        offset = (read_x[0], read_y[0])
        # that offset, given to the build, puts every card's back behind its front
        sheet = imposition.grid(paper, 63.5, 88.9)
        for slot in sheet.slots:
            back = imposition.back_slot(sheet, slot, offset)
            ideal = imposition.back_slot(sheet, slot)
            assert back.x + drift[0] == pytest.approx(ideal.x)
            assert back.y + drift[1] == pytest.approx(ideal.y)


def test_the_sheet_is_written_whole_and_its_ticks_lie_where_they_say(tmp_path: Path) -> None:
    result = run_cli("calibrate", "--paper", "a4", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "calibrate-a4.pdf"
    assert result.output.strip() == f"wrote {pdf}"
    again = run_cli("calibrate", "--paper", "a4", "--out", str(tmp_path / "again"))
    assert again.exit_code == 0
    assert (tmp_path / "again" / "calibrate-a4.pdf").read_bytes() == pdf.read_bytes()
    document = pypdfium2.PdfDocument(str(pdf))
    assert len(document) == 2
    assert "--back-offset X,Y" in document[0].get_textpage().get_text_range()
    dpi = 600
    back = document[1].render(scale=dpi / 72).to_pil().convert("L")
    width, height = imposition.PAPERS["a4"]
    target = calibrate.targets("a4")[0]
    row_mm = target[1] + calibrate.SCALE_AWAY_MM
    row = round((height - row_mm) / 25.4 * dpi)
    dark = [x for x in range(back.width) if back.getpixel((x, row)) < 128]
    # the x scale's ticks, every 0.5 mm, the 0 tick behind the centre cross
    centres: list[float] = []
    for x in dark:
        if centres and x - centres[-1] <= 2:
            continue
        centres.append(x)
    ticks_mm = [x / dpi * 25.4 for x in centres]
    zero = calibrate.back_tick_x("a4", target, 0.0)
    near_zero = min(ticks_mm, key=lambda t: abs(t - zero))
    assert abs(near_zero - zero) < 0.1
    spacing = [b - a for a, b in zip(ticks_mm, ticks_mm[1:], strict=False)
               if abs(a - zero) < 6.2 and abs(b - zero) < 6.2]
    assert len(spacing) == 24 and all(abs(s - 0.5) < 0.08 for s in spacing)


def test_an_out_folder_that_is_a_file_is_refused_without_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "out"
    blocker.write_text("not a folder")
    result = run_cli("calibrate", "--out", str(blocker))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert blocker.read_text() == "not a folder"
