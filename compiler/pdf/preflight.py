"""Preflight: what would print badly, found on the prepared card sides before any
PDF is drawn (``samizdat build --preflight``, ``samizdat lint --preflight``).

Each check looks at what a side really prints — the size its text was fitted at,
the box its lines take, the icons and art it shows, the fills under them:

* **B637** text printed under the minimum size (6 pt unless ``--min-text``);
* **B638** text, an icon or art outside the safe zone (the vendor's with
  ``--print-ready``, else the layout's ``safe`` guides);
* **B639** text whose colour has less than 4.5:1 contrast with the fill under it;
* **B640** a filled box or art touching the trim that stops there instead of running
  into the bleed (a white sliver where the cut wanders);
* **B641** an icon drawn over another region's text, or two texts over each other;
* **B642** a field left empty inside a box that is printed all the same (an empty
  badge or panel);
* **B643** for a CMYK vendor: a layout colour, or art, that the press prints as a
  visibly different colour (out of the profile's gamut, or ink the vendor's limit takes
  back; :mod:`compiler.pdf.gamut`).

A finding that many cards share (they use the same layout) is reported once, at the
card that comes first in its file, with the number of card sides it concerns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from compiler.frontend.layouts import Region
from compiler.pdf import contrast, gamut
from compiler.pdf.pdfx import Profile
from compiler.pdf.render_card import MM, PreparedSide, is_chrome, shown
from rules_engine.core.diagnostics import Diagnostic, Location, Related, warning

MIN_TEXT_PT = 6.0
EPS = 0.05             # mm: boxes closer than this touch
OVERLAP_MM2 = 0.5      # mm^2: less overlap than this is anti-aliasing, not a collision
Box = tuple[float, float, float, float]     # left, top, right, bottom (mm from top-left)


@dataclass(frozen=True)
class Options:
    """What preflight holds a build to."""

    min_text_pt: float = MIN_TEXT_PT
    safe_mm: float | None = None     # the vendor's safe zone; None: the layout's guides
    bleed_mm: float = 0.0            # the vendor's bleed; 0: home sheets (no bleed check)
    cmyk: Profile | None = None      # a CMYK vendor's profile (the gamut check, B643)
    ink_limit: int = 0               # and its total ink limit (%)
    vendor: str = ""                 # the vendor's name, as findings say it


@dataclass(frozen=True)
class _Finding:
    code: str
    key: tuple[str, ...]       # the same problem on another card has the same key
    message: str
    where: Location
    related: tuple[Related, ...]
    card: str


def check(sides: Iterable[tuple[PreparedSide, Location]], options: Options
          ) -> list[Diagnostic]:
    """Every preflight finding about ``sides`` (each with its card's location)."""
    first: dict[tuple[str, ...], _Finding] = {}
    count: dict[tuple[str, ...], int] = {}
    for side, source in sides:
        for finding in _side(side, source, options):
            key = (finding.code, *finding.key)
            if key not in first or _place(finding.where) < _place(first[key].where):
                first[key] = finding       # reported at the card that comes first
            count[key] = count.get(key, 0) + 1
    found = []
    for key, finding in first.items():
        more = count[key] - 1
        tail = (f" (on {count[key]} card sides; the first is {finding.card})" if more
                else f" ({finding.card})")
        found.append(warning(finding.code, finding.message + tail, finding.where,
                             related=list(finding.related)))
    return found


CODES = ("B637", "B638", "B639", "B640", "B641", "B642", "B643")
_TAIL = re.compile(r" \((?:on (\d+) card sides; the first is ([^()]+)|([^()]+))\)$")


def merged(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` with the preflight findings that several decks report at one
    place (a layout shared by decks: each deck is checked on its own) said once, their
    card sides added up, the first deck's card named."""
    out: list[Diagnostic] = []
    seen: dict[tuple[Any, ...], int] = {}
    merged_at: dict[int, tuple[str, int, str]] = {}     # index in out -> stem, count, card
    for diagnostic in diagnostics:
        found = _TAIL.search(diagnostic.message) if diagnostic.code in CODES else None
        if found is None:
            out.append(diagnostic)
            continue
        stem = diagnostic.message[:found.start()]
        count, card = (int(found.group(1)), found.group(2)) if found.group(1) else \
            (1, found.group(3))
        key = (diagnostic.code, diagnostic.location, stem)
        if key in seen:
            index = seen[key]
            before = merged_at[index]
            merged_at[index] = (stem, before[1] + count, before[2])
            continue
        seen[key] = len(out)
        merged_at[len(out)] = (stem, count, card)
        out.append(diagnostic)
    for index, (stem, count, card) in merged_at.items():
        tail = f" (on {count} card sides; the first is {card})" if count > 1 else f" ({card})"
        out[index] = replace(out[index], message=stem + tail)
    return out


def _place(where: Location) -> tuple[str, int, int]:
    return (where.file, where.line or 0, where.column or 0)


def _side(side: PreparedSide, source: Location, options: Options) -> list[_Finding]:
    layout = side.layout
    drawn = [r for r in layout.regions if r.kind != "guide" and shown(side, r)]
    inks = {r.name: ink for r in drawn if (ink := _ink(side, r)) is not None}
    card = side.label or "a card"
    findings: list[_Finding] = []

    def add(code: str, region: Region, message: str, *, per_card: bool,
            other: Region | None = None) -> None:
        related = [Related(region.location, f"region {region.name!r} of layout "
                                            f"{layout.name!r}")]
        if other is not None:
            related.append(Related(other.location, f"region {other.name!r}"))
        where = source if per_card else region.location
        key = (layout.name, region.name, other.name if other else "",
               message if not per_card else "")
        findings.append(_Finding(code, key, message, where, tuple(related), card))

    for region in drawn:
        fitted = side.texts.get(region.name)
        if region.kind == "text" and fitted is not None and fitted.lines and \
                fitted.size < options.min_text_pt - 1e-6:
            add("B637", region, f"text in region {region.name!r} of layout {layout.name!r} "
                f"prints at {fitted.size:g} pt, under {options.min_text_pt:g} pt",
                per_card=region.text is None)
    safe = _safe_boxes(side, options)
    for region in drawn:
        box = inks.get(region.name)
        if box is None or region.kind == "art" and region.bleed:
            continue
        if not any(_inside(box, zone) for zone in safe):
            what = {"text": "text", "icon": "icon", "art": "art"}[region.kind]
            add("B638", region, f"the {what} of region {region.name!r} of layout "
                f"{layout.name!r} reaches outside the safe zone "
                f"({_describe(box)} mm; safe: {'; '.join(_describe(z) for z in safe)})",
                per_card=region.kind == "text" and region.text is None)
    for region in drawn:
        if region.kind != "text" or region.name not in inks:
            continue
        under = _fill_under(side, drawn, region, inks[region.name])
        if under is None:
            continue
        colour = region.colour or "#000000"
        value = contrast.ratio(colour, under)
        if value < contrast.MINIMUM - 1e-9:
            add("B639", region, f"text of region {region.name!r} of layout {layout.name!r} "
                f"({colour}) on {under} has contrast {value:.2f}:1, under "
                f"{contrast.MINIMUM:g}:1", per_card=False)
    if options.bleed_mm > 0:
        for region in drawn:
            if region.bleed or not (region.kind == "art" and side.art is not None or
                                    region.kind == "box" and region.fill):
                continue
            edges = _edges(region, side.width_mm, side.height_mm)
            if edges:
                add("B640", region, f"region {region.name!r} of layout {layout.name!r} "
                    f"touches the trim ({', '.join(edges)}) but stops there: give it "
                    f"`bleed: true` so it runs {options.bleed_mm:g} mm past the cut",
                    per_card=False)
    texts = [r for r in drawn if r.kind == "text" and r.name in inks]
    for region in drawn:
        if region.kind not in ("icon", "text") or region.name not in inks:
            continue
        for other in texts:
            if other is region or region.kind == "text" and other.name <= region.name:
                continue
            area = _area(inks[region.name], inks[other.name])
            if area > OVERLAP_MM2:
                what = "icon" if region.kind == "icon" else "text"
                add("B641", region, f"the {what} of region {region.name!r} is drawn over "
                    f"the text of region {other.name!r} of layout {layout.name!r} "
                    f"({area:.1f} mm\u00b2)", per_card=region.text is None and
                    region.kind == "text" or other.text is None, other=other)
    for region in drawn:
        if region.kind != "text" or region.text is not None or region.optional or \
                side.fields.get(region.field, "").strip():
            continue
        box = _box(region)
        holder = next((r for r in drawn if r.kind == "box" and r.only_with is None and
                       (r.fill or r.stroke) and _holds(_box(r), box) and not any(
                           _holds(_box(r), inks[t.name]) for t in texts)), None)
        if holder is not None:
            add("B642", region, f"field {region.field!r} is empty on this card, but box "
                f"{holder.name!r} of layout {layout.name!r} is printed around its place",
                per_card=True, other=holder)
    if options.cmyk is not None:
        findings += _gamut(side, drawn, source, options, add)
    return findings


def _gamut(side: PreparedSide, drawn: Sequence[Region], source: Location, options: Options,
           add: Any) -> list[_Finding]:
    """B643: the layout's colours (background, fills, strokes, text) and the art that
    the CMYK press prints visibly otherwise; the colour findings go through ``add`` (at
    the region), the background's and the art's are returned."""
    assert options.cmyk is not None
    layout = side.layout
    asked: list[tuple[str, Region | None, str]] = \
        [("background", None, layout.background)] if layout.background else []
    asked += [(what, region, value) for region in drawn
              for what, value in (("fill", region.fill), ("stroke", region.stroke),
                                  ("colour", region.colour))
              if value and (what != "stroke" or region.stroke_width > 0)]
    shifted = gamut.shifts(tuple(v for _, _, v in asked), options.cmyk, options.ink_limit)
    found: list[_Finding] = []
    card = side.label or "a card"
    for (what, region, value), (shift, made) in zip(asked, shifted, strict=True):
        if shift <= gamut.MAX_DELTA_E:
            continue
        suggestion = gamut.closest_printable(value, options.cmyk, options.ink_limit)
        tail = (f"prints as about {made} in CMYK for {options.vendor or 'the vendor'} "
                f"(\u0394E {shift:.1f}, over {gamut.MAX_DELTA_E:g}); {suggestion} is the "
                f"nearest colour that prints within {gamut.MAX_DELTA_E * 0.8:g}")
        if region is None:
            found.append(_Finding("B643", (layout.name, "", "background"),
                                  f"the background {value} of layout {layout.name!r} {tail}",
                                  layout.location, (), card))
        else:
            add("B643", region, f"the {what} {value} of region {region.name!r} of layout "
                f"{layout.name!r} {tail}", per_card=False)
    art_region = next((r for r in drawn if r.kind == "art"), None)
    if side.art is not None and art_region is not None:
        share, most = _art_shift(side.art.data, side.art.digest, options)
        if share > gamut.ART_SHARE:
            found.append(_Finding(
                "B643", (layout.name, art_region.name, side.art.digest),
                f"{share:.0%} of the art's pixels print visibly otherwise in CMYK for "
                f"{options.vendor or 'the vendor'} (\u0394E over "
                f"{gamut.MAX_DELTA_E:g}, up to {most:.0f})", source,
                (Related(art_region.location, f"region {art_region.name!r} of layout "
                                              f"{layout.name!r}"),), card))
    return found


_ART_SHIFTS: dict[tuple[str, str, int], tuple[float, float]] = {}


def _art_shift(data: bytes, digest: str, options: Options) -> tuple[float, float]:
    """gamut.art_shift of the art's image, once per picture, profile and limit."""
    assert options.cmyk is not None
    key = (digest, options.cmyk.digest, options.ink_limit)
    if key not in _ART_SHIFTS:
        import io

        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            _ART_SHIFTS[key] = gamut.art_shift(image, options.cmyk, options.ink_limit)
    return _ART_SHIFTS[key]


def _box(region: Region) -> Box:
    return (region.x, region.y, region.x + region.w, region.y + region.h)


def _ink(side: PreparedSide, region: Region) -> Box | None:
    """The part of the region that receives ink on this side (mm), or None: the lines
    of its fitted text as placed, its icon's square, its art's box."""
    if region.kind == "text":
        fitted = side.texts.get(region.name)
        if fitted is None or not fitted.lines:
            return None
        size_mm = fitted.size / MM
        block = len(fitted.lines) * size_mm * region.leading
        top = region.y
        if region.valign == "middle":
            top += (region.h - block) / 2
        elif region.valign == "bottom":
            top += region.h - block
        widest = max(line[1] for line in fitted.lines) / MM
        left = region.x
        if region.align == "center":
            left += (region.w - widest) / 2
        elif region.align == "right":
            left += region.w - widest
        return (left, max(region.y, top), left + widest, min(region.y + region.h, top + block))
    if region.kind == "icon":
        name = region.icon or side.tags.get(region.icon_from_tag or "") or \
            side.fields.get(region.field) or ""
        if not name:
            return None
        s = min(region.w, region.h)
        left, top = region.x + (region.w - s) / 2, region.y + (region.h - s) / 2
        return (left, top, left + s, top + s)
    if region.kind == "art" and (side.art is not None or side.art_missing):
        return _box(region)
    return None


def _safe_boxes(side: PreparedSide, options: Options) -> list[Box]:
    if options.safe_mm is not None:
        s = options.safe_mm
        return [(s, s, side.width_mm - s, side.height_mm - s)]
    guides = [_box(r) for r in side.layout.regions if r.kind == "guide" and
              r.name.startswith("safe")]
    return guides or [(0.0, 0.0, side.width_mm, side.height_mm)]


def _inside(box: Box, zone: Box) -> bool:
    return box[0] >= zone[0] - EPS and box[1] >= zone[1] - EPS and \
        box[2] <= zone[2] + EPS and box[3] <= zone[3] + EPS


def _holds(outer: Box, inner: Box) -> bool:
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


def _area(one: Box, other: Box) -> float:
    w = min(one[2], other[2]) - max(one[0], other[0])
    h = min(one[3], other[3]) - max(one[1], other[1])
    return w * h if w > 0 and h > 0 else 0.0


def _describe(box: Box) -> str:
    return f"x {box[0]:.1f}-{box[2]:.1f}, y {box[1]:.1f}-{box[3]:.1f}"


def _edges(region: Region, width: float, height: float) -> list[str]:
    edges = []
    if region.x <= EPS:
        edges.append("left")
    if region.y <= EPS:
        edges.append("top")
    if region.x + region.w >= width - EPS:
        edges.append("right")
    if region.y + region.h >= height - EPS:
        edges.append("bottom")
    return edges


def drawing_order(side: PreparedSide, drawn: Sequence[Region]) -> list[Region]:
    """``drawn`` in the order the renderer paints them: a full-art background first,
    then the layout's fixed chrome, then each card's own regions, each in layout order."""
    art = side.art is not None or side.art_missing
    under = [r for r in drawn if art and r.kind == "art" and r.bleed]
    chrome = [r for r in drawn if is_chrome(r)]
    return under + chrome + [r for r in drawn if r not in under and not is_chrome(r)]


def _fill_under(side: PreparedSide, drawn: Sequence[Region], text: Region, ink: Box
                ) -> str | None:
    """The colour under the middle of ``text``'s ink: the last filled box drawn before
    it there, else the layout's background (white paper without one); None when art
    lies under it (its pixels are not known here)."""
    cx, cy = (ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2
    colour = side.layout.background or "#ffffff"
    for region in drawing_order(side, drawn):
        if region is text:
            break
        x0, y0, x1, y1 = _box(region)
        if not (x0 <= cx <= x1 and y0 <= cy <= y1):
            continue
        if region.kind == "box" and region.fill:
            colour = region.fill
        elif region.kind == "art" and (side.art is not None or side.art_missing):
            return None
    return colour
