"""Mats and boards: layouts with their own size (``templates/<game>/mats/*.yaml``),
whose ``cells`` and ``ring`` regions are filled from the game's data
(:mod:`compiler.text.mat_data`), printed on one page when the paper is large enough
and otherwise tiled across pages with overlap, alignment marks and a page map.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler.frontend.layouts import Layout, LayoutLibrary, Region, regions_outside
from compiler.frontend.load import MAT_SOURCED, mat_without_size, region_without_source
from compiler.i18n import print_words
from compiler.i18n.languages import Language
from compiler.i18n.localized_layouts import localized
from compiler.i18n.print_words import PrintWords
from compiler.i18n.translate import localize
from compiler.pdf import contrast, forms, tiling
from compiler.pdf.render_card import MM, PreparedSide, draw_side, prepare
from compiler.text import markup
from compiler.text.mat_data import Cell, sources_of
from compiler.typeset import fonts, glyphs, richtext
from compiler.typeset.shaped_text import needs_shaping
from rules_engine.core.diagnostics import Diagnostic, Related, error, quoted


@dataclass(frozen=True)
class PreparedMat:
    name: str
    title: str
    side: PreparedSide
    cells: dict[str, list[Cell]]
    copies: int = 1
    words: PrintWords = field(default_factory=print_words.english)   # a tile's page map


def mat_names(library: LayoutLibrary) -> list[str]:
    """The printable mats of a game: every file in its mats folder not starting with ``_``."""
    names: set[str] = set()
    for folder in library.folders[:-1] if len(library.folders) > 1 else library.folders:
        if folder.is_dir():
            names |= {p.stem for p in folder.glob("*.yaml") if not p.stem.startswith("_")}
    return sorted(names)


def prepare_mats(game: str, model: Any, library: LayoutLibrary,
                 language: Language | None = None, allow_fallback: bool = False
                 ) -> tuple[list[PreparedMat], list[Diagnostic]]:
    """The mats of ``game`` ready to draw (in ``language``: its words, from its phrases
    and glossary, T101 for what it lacks), and what preparing them found."""
    mats: list[PreparedMat] = []
    diags: list[Diagnostic] = []
    sources = sources_of(game)
    worded = sources_of(game, language.code) if language is not None else sources
    for name in mat_names(library):
        layout = library.get(name)
        if layout is None:
            continue
        if layout.size is None:
            diags.append(mat_without_size(name, layout))
            continue
        title, size = layout.title, layout.size
        if language is not None:
            layout, said = localized(layout, language, size[0],
                                     allow_fallback=allow_fallback, mirror=False)
            title, problem = localize(title, title, language, allow_fallback=allow_fallback,
                                      where=layout.location, what=f"mat {name} title")
            diags += said + ([problem] if problem else [])
        diags += regions_outside(layout, size, "mat")
        cells: dict[str, list[Cell]] = {}
        for region in layout.regions:
            if region.kind in MAT_SOURCED:
                if region.source not in sources:
                    diags.append(region_without_source(name, region, sources))
                    continue
                cells[region.name] = sources[region.source](model)
                if language is not None:
                    cells[region.name], said = _localized_cells(
                        cells[region.name], worded[region.source](model), language,
                        allow_fallback, region, name)
                    diags += said
        side = prepare(layout, size[0], size[1], {"title": title}, {},
                       layout.location, f"mat {name}", "mat")
        diags += side.diagnostics
        diags += _check_cells(layout, cells)
        diags += _check_rings(layout, cells)
        diags += _check_glyphs(layout, cells)
        words = print_words.english() if language is None else \
            print_words.words(language, allow_fallback=True)[0]     # said when planned
        mats.append(PreparedMat(name, title, side, cells, layout.copies, words))
    return mats, diags


def _localized_cells(english: list[Cell], worded: list[Cell], language: Language,
                     allow_fallback: bool, region: Region, mat: str
                     ) -> tuple[list[Cell], list[Diagnostic]]:
    """A region's cells in ``language`` (each label and smaller line, see
    :func:`compiler.i18n.translate.localize`); a missing text is said once per text."""
    out: list[Cell] = []
    said: dict[str, Diagnostic] = {}
    for before, after in zip(english, worded, strict=True):
        texts = {}
        for key in ("label", "sub"):
            text, problem = localize(getattr(before, key), getattr(after, key), language,
                                     allow_fallback=allow_fallback,
                                     where=before.where or region.location,
                                     what=f"mat {mat} region {region.name!r}")
            texts[key] = text
            if problem is not None:
                said.setdefault(problem.message, problem)
        out.append(replace(after, label=texts["label"], sub=texts["sub"]))
    return out, list(said.values())


def cell_boxes(region: Region, count: int) -> list[tuple[float, float, float, float]]:
    """Cell rectangles (mm, from the mat's top-left): columns, then rows."""
    columns = max(1, min(region.columns, count))
    rows = math.ceil(count / columns) if count else 0
    if not rows:
        return []
    w = (region.w - region.gap * (columns - 1)) / columns
    h = (region.h - region.gap * (rows - 1)) / rows
    return [(region.x + (i % columns) * (w + region.gap),
             region.y + (i // columns) * (h + region.gap), w, h) for i in range(count)]


ICON_SHARE = 0.3        # a cell's icon: this share of its shorter side, in its top-right


def _cell_text_box(cell: Cell, w: float, h: float) -> tuple[float, float, float]:
    """(top offset, width, height) in mm of a w x h cell's text, inside a 1 mm
    margin: below the cell's icon, when it has one, so no icon covers its text."""
    if not cell.icon:
        return 1.0, w - 2, h - 2
    below = min(w, h) * ICON_SHARE + 1.5
    return below, w - 2, h - below - 1


def _check_cells(layout: Layout, cells: dict[str, list[Cell]]) -> list[Diagnostic]:
    diags = []
    for region in layout.regions:
        if region.kind != "cells" or region.name not in cells:
            continue
        for cell, (_, _, w, h) in zip(cells[region.name], cell_boxes(region, len(
                cells[region.name])), strict=True):
            _, text_w, text_h = _cell_text_box(cell, w, h)
            fit = richtext.fit(_cell_text(cell), region.font, region.size, region.min_size,
                               region.leading, text_w * MM, text_h * MM, region.direction)
            if fit.overflow_mm > 0:
                diags.append(error(
                    "B601", f"mat {layout.name}: cell {cell.label!r} overflows region "
                    f"{region.name!r} by {fit.overflow_mm:.1f} mm", cell.where or region.location,
                    related=[Related(layout.location, f"mat {layout.name}")]))
                break
    return diags


def _ring_lines(region: Region, cell: Cell, count: int) -> list[tuple[str, str, float, float]]:
    """What :func:`_draw_ring` prints in one of ``count`` segments: (text, font, size,
    the width in points the segment has for it at the radius it is printed at)."""
    outer = min(region.w, region.h) / 2 * MM
    inner = outer * region.inner
    half = math.radians(min(180.0, 180.0 / count))
    middle = (outer + inner) / 2

    def room(offset: float) -> float:
        return 2 * (middle + offset * (outer - inner)) * math.sin(half)

    lines = [(cell.label, "sans-bold", region.size, room(0.22))]
    if cell.sub:
        lines.append((cell.sub, "sans", region.sub_size or region.size * 0.6, room(-0.05)))
    return lines


def _ring_width(text: str, role: str, size: float) -> float:
    """The width in points of a ring label: shaped (as card text) when its script
    needs it, else one plain run."""
    if needs_shaping(text, role, "auto"):
        found = richtext.fit(text, role, size, size, 1.0, 1e6, 1e6)
        return max((line[1] for line in found.lines), default=0.0)
    return float(stringWidth(text, fonts.pdf_name(role), size))


def _ring_label(canvas: Canvas, text: str, role: str, size: float, baseline: float,
                colour: str) -> None:
    """A ring label centred on x = 0 with its baseline at ``baseline`` (points, in the
    segment's rotated frame): Arabic, Devanagari or Bengali shaped and ordered as card
    text is; anything else one plain run (the bytes it always had)."""
    if not needs_shaping(text, role, "auto"):
        canvas.setFont(fonts.pdf_name(role), size)
        canvas.drawCentredString(0, baseline, text)
        return
    width = _ring_width(text, role, size) + 1
    found = richtext.fit(text, role, size, size, 1.0, width, size * 2)
    richtext.draw(canvas, found, role, 1.0, -width / 2, baseline + 0.8 * size, width,
                  size * 2, "center", "top", colour)


def _check_rings(layout: Layout, cells: dict[str, list[Cell]]) -> list[Diagnostic]:
    """B601 for a ring segment's text wider than its segment (it used to be cut to 14
    characters without a word), once per region and text, at the content it comes from."""
    fonts.register()
    diags: list[Diagnostic] = []
    seen: set[tuple[str, str]] = set()
    for region in layout.regions:
        if region.kind != "ring" or not cells.get(region.name):
            continue
        for cell in cells[region.name]:
            for text, role, size, room in _ring_lines(region, cell, len(cells[region.name])):
                wide = _ring_width(text, role, size)
                if wide <= room + 0.01 or (region.name, text) in seen:
                    continue
                seen.add((region.name, text))
                diags.append(error(
                    "B601", f"mat {layout.name}: {quoted(text)} is {wide / MM:.1f} mm wide; a "
                    f"segment of ring {region.name!r} has {room / MM:.1f} mm for it at "
                    f"{size:g} pt", cell.where or region.location,
                    related=[Related(region.location, f"region {region.name!r} of mat "
                                                      f"{layout.name!r}")],
                    hint="shorten the text"))
    return diags


def _check_glyphs(layout: Layout, cells: dict[str, list[Cell]]) -> list[Diagnostic]:
    """B613 for cell and ring texts (from the game's data) that their fonts cannot
    draw, once per region, text and font, at the region: cells are set as card text in
    the region's font, ring segments in sans bold with a sans line below (see
    :func:`_draw_ring`)."""
    found: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for region in layout.regions:
        for cell in cells.get(region.name, []):
            if region.kind == "cells":
                text = _cell_text(cell)
                for font, chars in glyphs.undrawable_markup(text, region.font):
                    found[(region.name, markup.plain(text).replace("\n", " "), font)] = chars
            else:
                for role, text in (("sans-bold", cell.label), ("sans", cell.sub)):
                    if needs_shaping(text, role, "auto"):
                        for font, chars in glyphs.undrawable_markup(text, role):
                            found[(region.name, text, font)] = chars
                        continue
                    font = fonts.pdf_name(role)
                    chars = glyphs.undrawable(text, font)
                    if chars:
                        found[(region.name, text, font)] = chars
    regions = {region.name: region for region in layout.regions}
    return [glyphs.diagnostic(f"mat {layout.name}", f"region {name!r} text {text!r}", font,
                              chars, regions[name].location)
            for (name, text, font), chars in found.items()]


def _cell_text(cell: Cell) -> str:
    return f"**{cell.label}**" + (f"\n{cell.sub}" if cell.sub else "")


def draw_mat(canvas: Canvas, mat: PreparedMat) -> None:
    """Draw the whole mat with its top-left corner at the current origin's (0, height)."""
    draw_side(canvas, mat.side, 0, 0)
    height = mat.side.height_mm
    for region in mat.side.layout.regions:
        found = mat.cells.get(region.name)
        if found is None:
            continue
        if region.kind == "cells":
            _draw_cells(canvas, region, found, height)
        else:
            _draw_ring(canvas, region, found, height)


def _draw_cells(canvas: Canvas, region: Region, cells: list[Cell], height: float) -> None:
    for cell, (x, y, w, h) in zip(cells, cell_boxes(region, len(cells)), strict=True):
        left, bottom = x * MM, (height - y - h) * MM
        canvas.saveState()
        canvas.setStrokeColor(forms.colour(region.stroke or "#444444"))
        canvas.setLineWidth(region.stroke_width)
        fill = cell.fill or region.fill
        if fill:
            canvas.setFillColor(forms.colour(fill))
        if region.shape == "circle":
            canvas.circle(left + w * MM / 2, bottom + h * MM / 2, min(w, h) * MM / 2,
                          stroke=1, fill=1 if fill else 0)
        else:
            canvas.roundRect(left, bottom, w * MM, h * MM, region.radius * MM, stroke=1,
                             fill=1 if fill else 0)
        canvas.restoreState()
        if cell.icon:
            side = min(w, h) * MM * ICON_SHARE
            forms.place_icon(canvas, cell.icon, left + w * MM - side - 1 * MM,
                             bottom + h * MM - side - 1 * MM, side)
        top, text_w, text_h = _cell_text_box(cell, w, h)
        fit = richtext.fit(_cell_text(cell), region.font, region.size, region.min_size,
                           region.leading, text_w * MM, text_h * MM, region.direction)
        richtext.draw(canvas, fit, region.font, region.leading, left + 1 * MM,
                      bottom + (h - top) * MM, text_w * MM, text_h * MM, region.align,
                      region.valign, contrast.readable_on(fill, region.colour or "#1a1a1a")
                      if fill else region.colour or "#1a1a1a")


def _draw_ring(canvas: Canvas, region: Region, cells: list[Cell], height: float) -> None:
    cx = (region.x + region.w / 2) * MM
    cy = (height - region.y - region.h / 2) * MM
    outer = min(region.w, region.h) / 2 * MM
    inner = outer * region.inner
    step = 360.0 / len(cells)
    fonts.register()
    for index, cell in enumerate(cells):
        start = 90 - (index + 1) * step          # clockwise from the top
        canvas.saveState()
        path = canvas.beginPath()
        path.arc(cx - outer, cy - outer, cx + outer, cy + outer, start, step)
        path.arcTo(cx - inner, cy - inner, cx + inner, cy + inner, start + step, -step)
        path.close()
        canvas.setFillColor(forms.colour(cell.fill or "#ffffff"))
        canvas.setStrokeColor(forms.colour(region.stroke or "#333333"))
        canvas.setLineWidth(region.stroke_width)
        canvas.drawPath(path, stroke=1, fill=1)
        middle = math.radians(start + step / 2)
        radius = (outer + inner) / 2
        x, y = cx + radius * math.cos(middle), cy + radius * math.sin(middle)
        canvas.translate(x, y)
        canvas.rotate(math.degrees(middle) - 90)
        ink = contrast.readable_on(cell.fill or "#ffffff", region.colour or "#111111")
        canvas.setFillColor(forms.colour(ink))
        _ring_label(canvas, cell.label, "sans-bold", region.size, (outer - inner) * 0.22, ink)
        if cell.sub:
            _ring_label(canvas, cell.sub, "sans", region.sub_size or region.size * 0.6,
                        -(outer - inner) * 0.05, ink)
        if cell.icon:
            side = (outer - inner) * 0.28
            forms.place_icon(canvas, cell.icon, -side / 2, -(outer - inner) * 0.42, side)
        canvas.restoreState()


def whole_mat_pdf(mat: PreparedMat) -> bytes:
    """The mat on one page of its own size (no tiles, no marks): the source of its
    images for virtual tabletops."""
    width, height = mat.side.width_mm, mat.side.height_mm
    buffer = io.BytesIO()
    fonts.register()
    canvas = Canvas(buffer, pagesize=(width * MM, height * MM), invariant=1,
                    pageCompression=1, initialFontName=fonts.pdf_name("sans"))
    canvas.setTitle(mat.title)
    canvas.setAuthor("samizdat")
    draw_mat(canvas, mat)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def mat_pdf(mat: PreparedMat, paper: str) -> tuple[bytes, int, int]:
    """The mat on ``paper``: one page if it fits, else tiles, and all of that once for
    each of its ``copies``. Returns (pdf, pages, tiles of one copy)."""
    width, height = mat.side.width_mm, mat.side.height_mm
    tiles = tiling.plan(width, height, paper)
    buffer = io.BytesIO()
    fonts.register()
    first = tiles[0]
    canvas = Canvas(buffer, pagesize=(first.page_width * MM, first.page_height * MM),
                    invariant=1, pageCompression=1, initialFontName=fonts.pdf_name("sans"))
    canvas.setTitle(mat.title)
    canvas.setAuthor("samizdat")
    canvas.setViewerPreference("PrintScaling", "None")
    for tile in [t for _ in range(mat.copies) for t in tiles]:
        canvas.setPageSize((tile.page_width * MM, tile.page_height * MM))
        left = (tile.page_width - tile.width) / 2
        bottom = (tile.page_height - tile.height) / 2
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(left * MM, bottom * MM, tile.width * MM, tile.height * MM)
        canvas.clipPath(clip, stroke=0, fill=0)
        # the window's top-left (tile.x, tile.y) lands at (left, bottom + height)
        canvas.translate((left - tile.x) * MM,
                         (bottom + tile.height - (height - tile.y)) * MM)
        draw_mat(canvas, mat)
        canvas.restoreState()
        if len(tiles) > 1:
            _tile_marks(canvas, tile, left, bottom, mat.title, mat.words)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), mat.copies * len(tiles), len(tiles)


def _tile_marks(canvas: Canvas, tile: tiling.Tile, left: float, bottom: float, title: str,
                words: PrintWords) -> None:
    """Alignment marks where neighbours' edges fall, the window's edge, and the page map."""
    canvas.saveState()
    canvas.setStrokeColor(forms.colour("#000000"))
    canvas.setLineWidth(0.4)
    top = bottom + tile.height
    for axis, at in tiling.mark_lines(tile):
        if axis == "x":
            x = (left + at) * MM
            for y in (bottom - 7, top + 2):
                canvas.line(x, y * MM, x, (y + 5) * MM)
                canvas.circle(x, (y + 2.5) * MM, 1.2 * MM, stroke=1, fill=0)
        else:
            y = (top - at) * MM
            for x in (left - 7, left + tile.width + 2):
                canvas.line(x * MM, y, (x + 5) * MM, y)
                canvas.circle((x + 2.5) * MM, y, 1.2 * MM, stroke=1, fill=0)
    canvas.setStrokeColor(forms.colour("#9a9a9a"))
    canvas.setLineWidth(0.25)
    canvas.setDash(2, 2)
    canvas.rect(left * MM, bottom * MM, tile.width * MM, tile.height * MM, stroke=1, fill=0)
    canvas.setDash()
    caption = words.say("tile_caption", title=title, place=tiling.place(tile, words))
    found = richtext.fit(caption, "sans", 7, 7, 1.0, tile.width * MM, 14, words.direction)
    richtext.draw(canvas, found, "sans", 1.0, left * MM, (bottom - 8) * MM + 1 + 7 * 0.8,
                  tile.width * MM, 14, "right" if words.direction == "rtl" else "left", "top",
                  "#333333")
    canvas.restoreState()
