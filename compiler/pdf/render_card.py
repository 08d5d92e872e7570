"""Drawing one card side: a layout's regions filled from a face's fields.

:func:`prepare` measures and fits every text region once per card design (and
reports overflow as a diagnostic); :func:`draw_side` then draws that prepared side
as often as the card is printed, at any position, with or without bleed.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping
from dataclasses import dataclass, field

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler.frontend.art import Art
from compiler.frontend.layouts import ART_FIELD, Layout, Region
from compiler.pdf import forms, icons
from compiler.text import icon_check
from compiler.typeset import fonts, glyphs, richtext
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error

MM = 72 / 25.4


@dataclass(frozen=True)
class PreparedSide:
    """A side ready to draw: the layout, the fitted text per region, the art file."""

    layout: Layout
    width_mm: float
    height_mm: float
    texts: Mapping[str, richtext.Fit]
    fields: Mapping[str, str]
    tags: Mapping[str, str]
    art: Art | None = None
    art_missing: bool = False
    label: str = ""
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    key: str = ""              # equal drawings have equal keys (names their Form XObject)


def prepare(layout: Layout, width_mm: float, height_mm: float, fields: Mapping[str, str],
            tags: Mapping[str, str], source: Location, card: str, side: str,
            art: Art | None = None, art_missing: bool = False) -> PreparedSide:
    """Fit every text region of ``layout`` with ``fields``; overflow is a B601 error,
    characters a region's fonts cannot draw a B613 error, an icon name without an SVG
    file (in the current icon library) a B624 error."""
    fonts.register()
    texts: dict[str, richtext.Fit] = {}
    diags: list[Diagnostic] = []
    library = icons.active()
    for region in layout.regions:
        if region.kind == "icon" and region.icon is None and region.icon_from_tag \
                and region.icon_from_tag not in tags and not region.optional:
            diags.append(error("B608", f"layout {layout.name!r} region {region.name!r} shows "
                               f"the icon of tag {region.icon_from_tag!r}, which {card} "
                               f"({side}) does not have (it has: "
                               f"{', '.join(sorted(tags)) or 'no tags'})", region.location))
            continue
        unknown = next((f"{how} field {name!r}" for how, name in (
            ("drawn only with", region.only_with), ("drawn only without", region.only_without))
            if name is not None and name != ART_FIELD and name not in fields), None)
        if unknown is not None:
            diags.append(error("B608", f"layout {layout.name!r} region {region.name!r} is "
                               f"{unknown}, which {card} ({side}) does not have",
                               region.location))
            continue
        if region.kind != "text":
            continue
        markup = region.text if region.text is not None else fields.get(region.field)
        if markup is None:
            diags.append(error("B608", f"layout {layout.name!r} region {region.name!r} shows "
                               f"field {region.field!r}, which {card} ({side}) does not have",
                               region.location))
            continue
        if not markup:
            continue
        result = richtext.fit(markup, region.font, region.size, region.min_size,
                              region.leading, region.w * MM, region.h * MM, region.direction)
        if result.overflow_mm > 0:
            diags.append(error(
                "B601", f"{card} ({side}): text overflows region {region.name!r} by "
                f"{result.overflow_mm:.1f} mm in {result.overflow_axis} at the minimum size "
                f"{min(region.min_size, region.size):g} pt", source,
                related=[Related(region.location, f"region {region.name!r} of layout "
                                                  f"{layout.name!r}")],
                hint="shorten the text, or give the region more room or a smaller min_size"))
        diags += _glyph_problems(markup, region, layout, source, card)
        diags += _icon_problems(markup, region, layout, source, card, library)
        texts[region.name] = result
    key = hashlib.sha1(repr((layout.digest, width_mm, height_mm, sorted(fields.items()),
                             sorted(tags.items()), art.digest if art else None,
                             art_missing)).encode())
    return PreparedSide(layout, width_mm, height_mm, texts, fields, tags, art, art_missing,
                        card, tuple(diags), key.hexdigest()[:20])


def _glyph_problems(markup: str, region: Region, layout: Layout, source: Location,
                    card: str) -> list[Diagnostic]:
    """B613 for each face of the region's family that cannot draw some of ``markup``:
    at the content field that holds the characters, or at the region for a layout's
    own text."""
    found = glyphs.undrawable_markup(markup, region.font)
    if not found:
        return []
    from compiler.text.text_source import locate_text

    problems = []
    for font, chars in found:
        if region.text is not None:
            problems.append(glyphs.diagnostic(f"layout {layout.name!r}",
                                              f"region {region.name!r}", font, chars,
                                              region.location))
        else:
            problems.append(glyphs.diagnostic(card, f"field {region.field!r}", font, chars,
                                              locate_text(source, chars, region.field)))
    return problems


def _icon_problems(markup: str, region: Region, layout: Layout, source: Location,
                   card: str, library: icons.IconLibrary) -> list[Diagnostic]:
    """B624 for each icon ``markup`` names without an SVG file: at the content string
    that writes it, or at the region for a layout's own text."""
    problems = []
    for name in icon_check.unknown_icons(markup, library.names):
        if region.text is not None:
            problems.append(icon_check.diagnostic(
                f"region {region.name!r} of layout {layout.name!r}", name, library.names,
                region.location))
        else:
            from compiler.text.text_source import locate_words

            problems.append(icon_check.diagnostic(
                f"{card}: field {region.field!r}", name, library.names,
                locate_words(source, [f":{name}:"], region.field)))
    return problems


def draw_side(canvas: Canvas, side: PreparedSide, x: float, y: float, *,
              bleed_mm: float = 0.0, proof: bool = False, reuse: bool = False) -> None:
    """Draw ``side`` with the bottom-left corner of its trim at (x, y) points.

    With ``reuse`` (the side recurs in this document: copies, identical backs) the
    drawing becomes a Form XObject, defined once and placed each time.
    """
    width, height = side.width_mm * MM, side.height_mm * MM
    bleed = bleed_mm * MM
    if reuse:
        forms.place(canvas, f"side-{side.key}-{bleed_mm:g}{'-proof' if proof else ''}",
                    (-bleed, -bleed, width + bleed, height + bleed),
                    lambda c: _draw_content(c, side, width, height, bleed, proof), x, y)
    else:
        canvas.saveState()
        canvas.translate(x, y)
        _draw_content(canvas, side, width, height, bleed, proof)
        canvas.restoreState()
    if proof:
        canvas.saveState()
        canvas.setFillColor(forms.colour("#c00000"))
        canvas.setFont(fonts.pdf_name("sans"), 5)
        canvas.drawString(x + 2 * MM, y + 1.2 * MM, side.label)
        canvas.restoreState()


def is_chrome(region: Region) -> bool:
    """Drawn the same on every card of a layout: boxes, rules, fold lines, fixed text
    (not one drawn only with a field some cards leave empty)."""
    if region.only_with is not None or region.only_without is not None:
        return False
    if region.kind in ("box", "line", "fold"):
        return True
    if region.kind == "text":
        return region.text is not None
    return region.kind == "icon" and region.icon is not None


def _draw_content(canvas: Canvas, side: PreparedSide, width: float, height: float,
                  bleed: float, proof: bool) -> None:
    """The layout's fixed drawing (one Form XObject per layout), then the card's own."""
    layout = side.layout
    under = [r for r in layout.regions if _is_backdrop(r) and shown(side, r)] \
        if side.art is not None or side.art_missing else []
    if under:   # full-art background: the colour, the picture, then the layout's chrome
        _draw_background(canvas, side, width, height, bleed)
        for region in under:
            _draw_region(canvas, side, region, 0.0, 0.0, width, height, bleed, proof)
    forms.place(canvas, f"chrome-{layout.digest}-{width:.2f}x{height:.2f}-{bleed:.2f}"
                f"{'-over' if under else ''}", (-bleed, -bleed, width + bleed, height + bleed),
                lambda c: _draw_chrome(c, side, width, height, bleed, not under), 0.0, 0.0)
    for region in layout.regions:
        if not shown(side, region) or region in under:
            continue               # its value is empty on this card: no label, no badge
        if not is_chrome(region) and region.kind != "guide":
            _draw_region(canvas, side, region, 0.0, 0.0, width, height, bleed, proof)
    if proof:
        for region in layout.regions:
            if region.kind == "guide":
                _draw_region(canvas, side, region, 0.0, 0.0, width, height, bleed, proof)


def _has(side: PreparedSide, name: str) -> bool:
    """Whether the face's field ``name`` has text; :data:`ART_FIELD` asks whether the
    card names art (printed, or a placeholder where the file is missing)."""
    if name == ART_FIELD:
        return side.art is not None or side.art_missing
    return bool(side.fields.get(name, "").strip())


def shown(side: PreparedSide, region: Region) -> bool:
    """Whether ``region`` is drawn on this side (its ``only_with`` / ``only_without``)."""
    if region.only_with is not None and not _has(side, region.only_with):
        return False
    return region.only_without is None or not _has(side, region.only_without)


def _is_backdrop(region: Region) -> bool:
    """An art region reaching into the bleed is a full-art background: drawn under the
    layout's boxes, rules and fixed text, not over them."""
    return region.kind == "art" and region.bleed


def _draw_background(canvas: Canvas, side: PreparedSide, width: float, height: float,
                     bleed: float) -> None:
    if side.layout.background:
        canvas.setFillColor(forms.colour(side.layout.background))
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)


def _draw_chrome(canvas: Canvas, side: PreparedSide, width: float, height: float,
                 bleed: float, background: bool = True) -> None:
    canvas.saveState()
    if background:
        _draw_background(canvas, side, width, height, bleed)
    for region in side.layout.regions:
        if is_chrome(region):
            _draw_region(canvas, side, region, 0.0, 0.0, width, height, bleed, False)
    canvas.restoreState()


def _box(region: Region, x: float, y: float, width: float, height: float, bleed: float
         ) -> tuple[float, float, float, float]:
    """A region's rectangle in points (left, bottom, width, height), bleed applied."""
    left = x + region.x * MM
    top = y + height - region.y * MM
    w, h = region.w * MM, region.h * MM
    if region.bleed and bleed:
        eps = 0.01
        if region.x <= eps:
            left -= bleed
            w += bleed
        if region.y <= eps:
            top += bleed
            h += bleed
        if left + w >= x + width - eps:
            w += bleed
        if top - h <= y + eps:
            h += bleed
    return left, top - h, w, h


def _draw_region(canvas: Canvas, side: PreparedSide, region: Region, x: float, y: float,
                 width: float, height: float, bleed: float, proof: bool) -> None:
    left, bottom, w, h = _box(region, x, y, width, height, bleed)
    kind = region.kind
    if kind == "box":
        _rect(canvas, region, left, bottom, w, h)
    elif kind == "text":
        fitted = side.texts.get(region.name)
        if fitted is not None:
            richtext.draw(canvas, fitted, region.font, region.leading, left, bottom + h, w, h,
                          region.align, region.valign, region.colour or "#000000")
    elif kind == "icon":
        name = region.icon or side.tags.get(region.icon_from_tag or "") or \
            side.fields.get(region.field) or ""
        if name and icons.active().path(name) is not None:  # a tag without an icon: none
            s = min(w, h)
            forms.place_icon(canvas, name, left + (w - s) / 2, bottom + (h - s) / 2, s)
    elif kind == "art":
        _draw_art(canvas, side, region, left, bottom, w, h)
    elif kind == "fold":
        canvas.setStrokeColor(forms.colour(region.stroke or "#7a7a7a"))
        canvas.setLineWidth(region.stroke_width or 0.4)
        canvas.setDash(3, 2)
        mid = left + w / 2
        canvas.line(mid, bottom, mid, bottom + h)
        canvas.setDash()
    elif kind == "line":
        canvas.setStrokeColor(forms.colour(region.stroke or region.colour or "#000000"))
        canvas.setLineWidth(region.stroke_width)
        canvas.line(left, bottom + h / 2, left + w, bottom + h / 2)
    elif kind == "guide" and proof:
        canvas.setStrokeColor(forms.colour(region.stroke or "#0050c8"))
        canvas.setLineWidth(0.3)
        if region.dash:
            canvas.setDash(2, 2)
        canvas.rect(left, bottom, w, h, stroke=1, fill=0)
        canvas.setDash()


def _rect(canvas: Canvas, region: Region, left: float, bottom: float, w: float, h: float
          ) -> None:
    fill = region.fill is not None
    stroke = region.stroke is not None and region.stroke_width > 0
    if not (fill or stroke):
        return
    if fill:
        canvas.setFillColor(forms.colour(region.fill))
    if stroke:
        canvas.setStrokeColor(forms.colour(region.stroke))
        canvas.setLineWidth(region.stroke_width)
    if region.dash:
        canvas.setDash(2, 2)
    if region.radius:
        canvas.roundRect(left, bottom, w, h, region.radius * MM, stroke=int(stroke),
                         fill=int(fill))
    else:
        canvas.rect(left, bottom, w, h, stroke=int(stroke), fill=int(fill))
    canvas.setDash()


_READERS: dict[tuple[str, int, int], tuple[ImageReader, int, int]] = {}
CROP_BEYOND = 2.0   # art drawn more than this many times its box's size is cropped first
PLACEHOLDER_FILL = "#e6e6e6"
PLACEHOLDER_INK = "#9a9a9a"
PLACEHOLDER_LABEL = "ART MISSING"


def art_scale(fit: str, iw: int, ih: int, w: float, h: float) -> float:
    """Points per pixel for art of ``iw`` x ``ih`` px in a ``w`` x ``h`` pt box:
    ``cover`` fills the box (what overflows is clipped), ``contain`` shows the whole
    picture inside it."""
    return min(w / iw, h / ih) if fit == "contain" else max(w / iw, h / ih)


def _reader(art: Art, w: float, h: float, fit: str = "cover"
            ) -> tuple[ImageReader, int, int]:
    """One reportlab image reader per prepared art and box shape, per process, with the
    pixel size it holds. Art whose shape is far from its box's (a 1 x 100,000 px strip
    in a card-wide box, covered) is cropped to the part the box shows: drawn whole it
    would reach millions of points past the page, which viewers refuse to draw."""
    iw, ih = art.width, art.height
    scale = art_scale(fit, iw, ih, w, h)
    seen_w, seen_h = min(iw, max(1, round(w / scale))), min(ih, max(1, round(h / scale)))
    crop = iw > CROP_BEYOND * seen_w or ih > CROP_BEYOND * seen_h
    key = (art.digest, seen_w if crop else iw, seen_h if crop else ih)
    if key not in _READERS:
        if crop:
            from PIL import Image

            left, top = (iw - seen_w) // 2, (ih - seen_h) // 2
            with Image.open(io.BytesIO(art.data)) as image:
                part = image.crop((left, top, left + seen_w, top + seen_h))
                part.load()
            _READERS[key] = (ImageReader(part), seen_w, seen_h)
        else:
            _READERS[key] = (ImageReader(io.BytesIO(art.data)), iw, ih)
    return _READERS[key]


def _draw_art(canvas: Canvas, side: PreparedSide, region: Region, left: float, bottom: float,
              w: float, h: float) -> None:
    if side.art is not None and not side.art_missing:
        image, iw, ih = _reader(side.art, w, h, region.fit)
        scale = art_scale(region.fit, iw, ih, w, h)   # centred in the box, clipped to it
        canvas.saveState()
        _clip(canvas, region, left, bottom, w, h)
        dw, dh = iw * scale, ih * scale
        canvas.drawImage(image, left + (w - dw) / 2, bottom + (h - dh) / 2, dw, dh,
                         mask="auto" if side.art.alpha else None)
        canvas.restoreState()
        return
    if side.art_missing:   # a generated placeholder: a hatched, outlined, labelled panel
        canvas.saveState()
        _clip(canvas, region, left, bottom, w, h)
        canvas.setFillColor(forms.colour(PLACEHOLDER_FILL))
        canvas.rect(left, bottom, w, h, stroke=0, fill=1)
        canvas.setStrokeColor(forms.colour(PLACEHOLDER_INK))
        canvas.setLineWidth(0.5)
        step = 4 * MM
        offset = -h
        while offset < w:
            canvas.line(left + offset, bottom, left + offset + h, bottom + h)
            offset += step
        canvas.setLineWidth(1.2)
        canvas.setDash(3, 2)
        canvas.rect(left, bottom, w, h, stroke=1, fill=0)
        canvas.setDash()
        size = max(4.0, min(9.0, h / 4))
        font = fonts.pdf_name("sans-bold")
        label_w = stringWidth(PLACEHOLDER_LABEL, font, size) + size
        canvas.setFillColor(forms.colour(PLACEHOLDER_FILL))
        canvas.rect(left + (w - label_w) / 2, bottom + h / 2 - size * 0.8, label_w, size * 1.6,
                    stroke=0, fill=1)
        canvas.setFillColor(forms.colour("#505050"))
        canvas.setFont(font, size)
        canvas.drawCentredString(left + w / 2, bottom + h / 2 - size * 0.35, PLACEHOLDER_LABEL)
        canvas.restoreState()
        return
    _rect(canvas, region, left, bottom, w, h)


def _clip(canvas: Canvas, region: Region, left: float, bottom: float, w: float, h: float
          ) -> None:
    """Clip what follows to the region's box (its rounded corners too)."""
    path = canvas.beginPath()
    if region.radius:
        path.roundRect(left, bottom, w, h, region.radius * MM)
    else:
        path.rect(left, bottom, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
