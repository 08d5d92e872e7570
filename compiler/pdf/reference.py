"""The rules reference (PDF and one self-contained HTML file) and the player aid,
generated from a game's rules data (``templates/<game>/rules.yaml``), its tables
and its cards. The card index prints each card's text as rendered from its
effects, so when a card changes its entry changes with it.
"""

from __future__ import annotations

import io
from ast import literal_eval
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    ListFlowable,
    ListItem,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from compiler.frontend.rules_data import RulesData as RulesData  # re-exported
from compiler.frontend.rules_data import load_rules as load_rules
from compiler.frontend.rules_data import with_parameters
from compiler.pdf import icon_images
from compiler.pdf.icons import library
from compiler.pdf.reference_text import Text, TextContents, TextHeading, needs_engine
from compiler.text import markup, tables
from compiler.text.faces import CardFace
from compiler.typeset import fonts, richtext
from rules_engine.core.diagnostics import Diagnostic

ACCENT = colors.HexColor("#7a2e1f")


# -- the card index -------------------------------------------------------------------

_TITLE_FIELDS = ("title", "question", "a_title")
_SKIP_FIELDS = {"subtitle", "completed", "paths"}


def _entry_fields(face: CardFace) -> tuple[str, str, list[tuple[str, str]]]:
    """A card's index title, the field it comes from ("" for the card id) and the
    other (field, text) pairs its index line prints."""
    title_field = next((f for f in _TITLE_FIELDS if face.front.get(f)), "")
    title = face.front[title_field] if title_field else face.card_id
    others = [(key, value) for side in (face.front, face.back) for key, value in side.items()
              if value and value != title and key not in _SKIP_FIELDS]
    return title, title_field, others


def _entry(face: CardFace) -> tuple[str, str]:
    """A card's index line: its title (with the copies) and its text."""
    title, _, others = _entry_fields(face)
    text = " · ".join(dict.fromkeys(value for _, value in others))
    if face.copies > 1:
        title = f"{title} (×{face.copies})"
    return title, text


def card_entries(faces: list[CardFace]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per deck, each card's title and printed text (front, then back)."""
    decks: dict[str, list[tuple[str, str]]] = {}
    for face in faces:
        decks.setdefault(face.deck, []).append(_entry(face))
    return sorted(decks.items())


def card_index_problems(faces: list[CardFace]) -> list[Diagnostic]:
    """B613 for card text the PDF card index cannot print in its fonts, at the field.

    The index sets each line with the card text engine in ``sans`` (titles bold), so a
    field it prints in the same face as the card's own layout gives the very same
    diagnostic as the card, and the build reports it once; only a face the card does
    not use adds one. (The HTML reference is left to the browser's font fallback.)"""
    from compiler.text.text_source import locate_text
    from compiler.typeset import glyphs

    problems: list[Diagnostic] = []
    for face in faces:
        found = glyphs.undrawable_markup(_entry_markup(*_entry(face)), "sans")
        if not found:
            continue
        title, title_field, others = _entry_fields(face)
        printed = [(title_field, title), *others] if title_field else others
        for font, chars in found:
            for key, value in printed:
                held = [c for c in chars if c in value]
                if held:
                    problems.append(glyphs.diagnostic(
                        f"{face.deck}/{face.card_id}", f"field {key!r}", font, held,
                        locate_text(face.source, held, key)))
    return problems


def _texts(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """Every printed string of a rules data tree (ids and table names left out)."""
    if isinstance(node, str):
        return [] if path and path[-1] in ("id", "table") else [(path, node)]
    if isinstance(node, dict):
        return [t for key, value in node.items() for t in _texts(value, (*path, str(key)))]
    if isinstance(node, list):
        return [t for value in node for t in _texts(value, path)]
    return []


def prose_problems(rules: RulesData) -> list[Diagnostic]:
    """B613 for text of the rules reference or the aid that no shipped font can draw
    (each text is set in its style's face with the card engine's fallback fonts), at
    the first line of the rules file that holds the character."""
    from compiler.typeset import glyphs
    from rules_engine.core.diagnostics import Location

    try:
        lines = Path(rules.file).read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    problems: dict[tuple[str, str], Diagnostic] = {}
    for path, text in _texts({k: rules.data.get(k) for k in ("reference", "aid")}):
        for font, chars in glyphs.undrawable_markup(text, "sans"):
            where = next(((n, line.index(chars[0]) + 1) for n, line in
                          enumerate(lines, start=1) if chars[0] in line), (0, 0))
            label = ".".join(path[:2]) or "rules"
            problems.setdefault((font, "".join(chars)), glyphs.diagnostic(
                f"rules reference {label}", "text", font, chars,
                Location(rules.file, *where)))
    return list(problems.values())


def _entry_markup(title: str, text: str) -> str:
    """One card-index line as card-text markup."""
    return f"**{title}** — {text}"


# -- PDF --------------------------------------------------------------------------------


def _styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    sans, bold = fonts.pdf_name("sans"), fonts.pdf_name("sans-bold")
    serif = fonts.pdf_name("serif-bold")
    return {
        "title": ParagraphStyle("title", fontName=serif, fontSize=22, leading=27,
                                textColor=ACCENT, spaceAfter=10),
        "h1": ParagraphStyle("h1", fontName=serif, fontSize=15, leading=19, textColor=ACCENT,
                             spaceBefore=12, spaceAfter=5),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=11, leading=14, spaceBefore=8,
                             spaceAfter=3),
        "body": ParagraphStyle("body", fontName=sans, fontSize=9.5, leading=12.5, spaceAfter=4),
        "note": ParagraphStyle("note", fontName=fonts.pdf_name("sans-italic"), fontSize=9,
                               leading=12, leftIndent=8, borderPadding=4,
                               backColor=colors.HexColor("#f3ece0"), spaceAfter=6),
        "cell": ParagraphStyle("cell", fontName=sans, fontSize=8, leading=10),
        "head": ParagraphStyle("head", fontName=bold, fontSize=8, leading=10),
        "caption": ParagraphStyle("caption", fontName=bold, fontSize=8.5, leading=11,
                                  textColor=ACCENT, spaceBefore=4, spaceAfter=2),
        "toc0": ParagraphStyle("toc0", fontName=sans, fontSize=10, leading=14),
        "toc1": ParagraphStyle("toc1", fontName=sans, fontSize=8.5, leading=11,
                               leftIndent=14),
        "aidtitle": ParagraphStyle("aidtitle", fontName=serif, fontSize=13, leading=16,
                                   textColor=ACCENT, alignment=TA_CENTER, spaceAfter=4),
    }


# style -> the card engine's (role, size, leading, colour, options) for the same look
_ENGINE: dict[str, tuple[str, float, float, str, dict[str, Any]]] = {
    "title": ("serif-bold", 22, 27, "#7a2e1f", {"space_after": 10}),
    "h1": ("serif-bold", 15, 19, "#7a2e1f", {"space_before": 12, "space_after": 5}),
    "h2": ("sans-bold", 11, 14, "#1a1a1a", {"space_before": 8, "space_after": 3}),
    "body": ("sans", 9.5, 12.5, "#1a1a1a", {"space_after": 4}),
    "note": ("sans-italic", 9, 12, "#1a1a1a", {"space_after": 6, "background": "#f3ece0",
                                             "padding": 4}),
    "cell": ("sans", 8, 10, "#1a1a1a", {}),
    "head": ("sans-bold", 8, 10, "#1a1a1a", {}),
    "caption": ("sans-bold", 8.5, 11, "#7a2e1f", {"space_before": 4, "space_after": 2}),
    "aidtitle": ("serif-bold", 13, 16, "#7a2e1f", {"align": "center", "space_after": 4}),
}


def _para(text: str, style: str, rules: RulesData, styles: dict[str, ParagraphStyle],
          icons: dict[str, str], **extra: Any) -> Flowable:
    """``text`` (card-text markup) in ``style``: reportlab's paragraph, or the card
    engine's where the language needs shaping or runs right to left
    (:mod:`compiler.pdf.reference_text`)."""
    role, size, leading, colour, options = _ENGINE[style]
    if needs_engine(text, role, rules.direction):
        return Text(text, role, size, leading, direction=rules.direction, colour=colour,
                    **{**options, **extra})
    return Paragraph(markup.to_para(text, icons, size), styles[style])


def _heading(text: str, style: str, level: int, key: str, rules: RulesData,
             styles: dict[str, ParagraphStyle]) -> Flowable:
    role, size, leading, colour, options = _ENGINE[style]
    if needs_engine(text, role, rules.direction):
        return TextHeading(text, role, size, leading, level, key, direction=rules.direction,
                           colour=colour, **options)
    return _Heading(text, styles[style], level, key)


class _Heading(Paragraph):  # type: ignore[misc]
    """A heading that becomes a bookmark, an outline entry and a TOC line."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str) -> None:
        super().__init__(text, style)
        self.level = level
        self.key = key
        self.plain = markup.plain(text)


class _RichEntry(Flowable):  # type: ignore[misc]
    """One card-index line set with the card text engine (much faster than Paragraph)."""

    def __init__(self, text: str, size: float = 8.5, leading: float = 1.3) -> None:
        super().__init__()
        self.text, self.size, self.leading = text, size, leading
        self.fitted: richtext.Fit | None = None

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        self.fitted = richtext.fit(self.text, "sans", self.size, self.size, self.leading,
                                   width, 1e6)
        self.width = width
        self.height = len(self.fitted.lines) * self.size * self.leading + 2
        return width, self.height

    def draw(self) -> None:
        assert self.fitted is not None
        richtext.draw(self.canv, self.fitted, "sans", self.leading, 0, self.height, self.width,
                      self.height, "left", "top", "#1a1a1a")


class _OnePassTOC(TableOfContents):  # type: ignore[misc]
    """A table of contents laid out in the document's only pass.

    reportlab's own needs a pass per change of its page numbers (three here, most of
    the reference's build time). But its entries (the headings) are known before
    layout, and the page numbers do not change its layout: they are drawn at the end
    of each entry's line. So this one is laid out with every entry and no number; at
    each entry's end it places a form (PDF XObject) of that entry's dot leader and
    page number, and :meth:`define_numbers` draws the forms once the document's
    pages are known, exactly as reportlab's own would have drawn them."""

    def __init__(self, entries: list[tuple[int, str, str]], **options: Any) -> None:
        super().__init__(**options)
        self._lastEntries = [(level, text, 0, key) for level, text, key in entries]
        self._ends: dict[str, tuple[float, ParagraphStyle, str]] = {}

    def beforeBuild(self) -> None:        # the entries are given, not collected
        pass

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        size: tuple[float, float] = super().wrap(availWidth, availHeight)

        def entry_end(canvas: Any, kind: str, label: str) -> None:
            level, key = int(label.split(",")[1]), literal_eval(label.split(",", 2)[2])
            x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
            dot = " . " if 0 <= self.dotsMinLevel <= level else ""
            self._ends[key] = (availWidth - x, self.getLevelStyle(level), dot)
            canvas.saveState()
            canvas.translate(x, y)
            canvas.doForm(_toc_form(key))
            canvas.restoreState()

        self.canv.setNamedCB("drawTOCEntryEnd", entry_end)
        return size

    def define_numbers(self, canvas: Any, pages: dict[str, int]) -> None:
        """Draw each entry's dot leader and page number (``pages``: heading key ->
        page) into the form its line refers to: reportlab's ``drawPageNumbers``,
        from the entry's end."""
        for key, (free, style, dot) in self._ends.items():
            number = str(pages[key])
            font_size = style.fontSize
            width = stringWidth(number, style.fontName, font_size)
            while width > free and font_size >= 1.0:
                font_size *= 0.9
                width = stringWidth(number, style.fontName, font_size)
            dot_width = stringWidth(dot, style.fontName, font_size) if dot else 0.0
            dots = int((free - width) / dot_width) if dot else 0
            canvas.beginForm(_toc_form(key), -1, -font_size, free + 1, 2 * font_size)
            text = canvas.beginText(free - dots * dot_width - width, 0)
            text.setFont(style.fontName, font_size)
            text.setFillColor(style.textColor)
            text.textLine(dots * dot + number)
            canvas.drawText(text)
            canvas.endForm()


def _toc_form(key: str) -> str:
    return "toc-" + "".join(c if c.isalnum() else "_" for c in key) + f"-{len(key)}"


def page_size(paper: str) -> tuple[float, float]:
    """The page of the rules reference and the aid for ``--paper`` (points): Letter
    for Letter, else A4 (a larger paper is for the boards; the rules stay a booklet)."""
    width, height = LETTER if paper == "letter" else A4
    return float(width), float(height)


class _ReferenceDoc(BaseDocTemplate):  # type: ignore[misc]
    def __init__(self, buffer: io.BytesIO, title: str, paper: str = "a4",
                 direction: str = "ltr") -> None:
        self.text_direction = direction
        # the initial font is an embedded one: reportlab's default (Helvetica, one of
        # the standard 14 a PDF may leave unembedded) would be named on every page
        super().__init__(buffer, pagesize=page_size(paper), leftMargin=18 * mm,
                         rightMargin=18 * mm, topMargin=18 * mm, bottomMargin=18 * mm,
                         title=markup.plain(title), author="samizdat", creator="samizdat",
                         invariant=1,
                         initialFontName=fonts.pdf_name("sans"))
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])
        self.doc_title = title
        self.heading_pages: dict[str, int] = {}

    def build_once(self, story: list[Flowable], toc: _OnePassTOC | TextContents) -> int:
        """Lay out and draw ``story`` in one pass, then the TOC's page numbers; the
        number of pages."""
        self._doSave = 0
        self.build(story)
        toc.define_numbers(self.canv, self.heading_pages)
        pages: int = self.canv.getPageNumber() - 1
        self.canv.save()
        return pages

    def _footer(self, canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(fonts.pdf_name("sans"), 7.5)
        canvas.setFillColor(colors.HexColor("#777777"))
        right = doc.pagesize[0] - 18 * mm
        if needs_engine(self.doc_title, "sans", self.text_direction):
            rtl = self.text_direction == "rtl"
            room = right - 18 * mm - 30
            found = richtext.fit(self.doc_title, "sans", 7.5, 7.5, 1.2, room, 20,
                                 self.text_direction)
            richtext.draw(canvas, found, "sans", 1.2, 18 * mm + (30 if rtl else 0),
                          10 * mm + 7.5 * 0.95, room, 20, "right" if rtl else "left", "top",
                          "#777777")
            (canvas.drawString if rtl else canvas.drawRightString)(
                18 * mm if rtl else right, 10 * mm, str(doc.page))
        else:
            canvas.drawString(18 * mm, 10 * mm, self.doc_title)
            canvas.drawRightString(right, 10 * mm, str(doc.page))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, (_Heading, TextHeading)):
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level,
                                      closed=False)
            self.heading_pages[flowable.key] = self.page


def _blocks(blocks: list[dict[str, Any]], rules: RulesData, model: Any,
            styles: dict[str, ParagraphStyle], icons: dict[str, str], width: float
            ) -> list[Flowable]:
    out: list[Flowable] = []
    for block in blocks:
        ((kind, value),) = block.items()
        if kind == "p":
            out.append(_para(value, "body", rules, styles, icons))
        elif kind == "note":
            out.append(_para(value, "note", rules, styles, icons))
        elif kind in ("steps", "list") and any(
                needs_engine(v, "sans", rules.direction) for v in value):
            out += [Text(v, "sans", 9.5, 12.5, direction=rules.direction, space_after=4,
                         indent=14, bullet=f"{n}." if kind == "steps" else "•")
                    for n, v in enumerate(value, start=1)]
        elif kind in ("steps", "list"):
            items = [ListItem(Paragraph(markup.to_para(v, icons, 9.5), styles["body"]),
                              leftIndent=14) for v in value]
            out.append(ListFlowable(items, bulletType="1" if kind == "steps" else "bullet",
                                    start="1" if kind == "steps" else "•",
                                    bulletFontName=fonts.pdf_name("sans"), bulletFontSize=9,
                                    leftIndent=14))
        elif kind == "table":
            out += _table(rules, value, model, styles, icons, width)
    return out


def _table_data(rules: RulesData, name: str, model: Any) -> tables.Table:
    """Table ``name`` as the reference prints it: worded and translated beforehand
    for another language (:attr:`RulesData.tables`), else computed here."""
    if rules.tables is not None and name in rules.tables:
        found: tables.Table = rules.tables[name]
        return found
    return tables.table(rules.game, name, model)


def _table(rules: RulesData, name: str, model: Any, styles: dict[str, ParagraphStyle],
           icons: dict[str, str], width: float) -> list[Flowable]:
    caption, header, rows = _table_data(rules, name, model)
    cell, head = styles["cell"], styles["head"]
    data = [[_para(h, "head", rules, styles, icons) for h in header]]
    data += [[_para(c, "cell", rules, styles, icons) for c in row] for row in rows]
    widths = _widths(header, rows, width, head.fontName, head.fontSize)
    rtl = rules.direction == "rtl"
    if rtl:             # the first column at the right
        data = [list(reversed(row)) for row in data]
        widths = list(reversed(widths))
    grid = Table(data, repeatRows=1, hAlign="RIGHT" if rtl else "LEFT", colWidths=widths)
    grid.setStyle(TableStyle([
        # the table's own default font is Helvetica (named, unembedded, in the PDF)
        ("FONTNAME", (0, 0), (-1, -1), cell.fontName),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#efe4d2")),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#b9a888")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#faf6ee")]),
    ]))
    return [_para(caption, "caption", rules, styles, icons), grid, Spacer(1, 6)]


CELL_PADDING = 12.0      # points: a table cell's left and right padding together


def _widths(header: list[str], rows: list[list[str]], width: float, font: str = "",
            size: float = 8.0) -> list[float]:
    """Column widths sharing ``width`` by how much text each holds, each at least as
    wide as its header's longest word in ``font`` (so no header word breaks in two)."""
    lengths = [max([len(markup.plain(header[i]))] + [len(markup.plain(r[i])) for r in rows])
               for i in range(len(header))]
    weights = [min(max(n, 4), 60) for n in lengths]
    total = sum(weights)
    shares = [width * w / total for w in weights]
    if not font:
        return shares
    least = [max((stringWidth(word, font, size) for word in markup.plain(h).split()),
                 default=0.0) + CELL_PADDING for h in header]
    if sum(least) > width:             # cannot all fit: the shares, as before
        return shares
    widths = list(shares)
    while True:                        # raise the narrow ones, take it from the others
        short = [i for i, w in enumerate(widths) if w < least[i] - 1e-6]
        if not short:
            return widths
        for i in short:
            widths[i] = least[i]
        fixed = sum(least[i] for i in range(len(widths)) if widths[i] == least[i])
        free = [i for i in range(len(widths)) if widths[i] != least[i]]
        room = width - fixed
        weight = sum(weights[i] for i in free)
        for i in free:
            widths[i] = room * weights[i] / weight


def _parameters(model: Any) -> Mapping[str, Any]:
    """The content's manifest parameters (their values), as the engine plays them."""
    found: Any = getattr(model, "parameters", None)
    if found is not None and hasattr(found, "to_dict"):    # a frozen model's FrozenMap
        found = found.to_dict()
    return found if isinstance(found, Mapping) else {}


def reference_pdf(rules: RulesData, model: Any, faces: list[CardFace], paper: str = "a4"
                  ) -> tuple[bytes, int]:
    """The rules reference as a PDF with a table of contents and bookmarks, on the
    page :func:`page_size` gives for ``paper``."""
    rules = with_parameters(rules, _parameters(model))
    styles = _styles()
    icons = icon_images.files(library(rules.game))
    ref = rules.data["reference"]
    buffer = io.BytesIO()
    doc = _ReferenceDoc(buffer, ref["title"], paper, rules.direction)
    story: list[Flowable] = []
    for section in ref["sections"]:
        story.append(_heading(section["title"], "h1", 0, section["id"], rules, styles))
        story += _blocks(section["blocks"], rules, model, styles, icons, doc.width)
        for sub in section.get("sections", []):
            story.append(_heading(sub["title"], "h2", 1, f"{section['id']}-{sub['id']}",
                                  rules, styles))
            story += _blocks(sub["blocks"], rules, model, styles, icons, doc.width)
    if ref.get("glossary"):
        story.append(_heading(rules.word("Glossary"), "h1", 0, "glossary", rules, styles))
        for entry in sorted(ref["glossary"], key=lambda e: e["term"].casefold()):
            said = f"**{entry['term']}** — {entry['definition']}"
            story.append(_para(said, "body", rules, styles, icons) if needs_engine(
                said, "sans", rules.direction) else Paragraph(
                f"<b>{markup.to_para(entry['term'], icons, 9.5)}</b> — "
                f"{markup.to_para(entry['definition'], icons, 9.5)}", styles["body"]))
    story.append(PageBreak())
    story.append(_heading(rules.word("Card index"), "h1", 0, "card-index", rules, styles))
    for deck, entries in card_entries(faces):
        story.append(_heading(deck.replace("-", " ").capitalize(), "h2", 1, f"cards-{deck}",
                              rules, styles))
        story += [_RichEntry(_entry_markup(title, text)) if rules.direction != "rtl" else
                  Text(_entry_markup(title, text), "sans", 8.5, 8.5 * 1.3,
                       direction="rtl", space_after=2) for title, text in entries]
    headings = [f for f in story if isinstance(f, (_Heading, TextHeading))]
    contents = [(f.level, f.plain, f.key) for f in headings]
    toc: _OnePassTOC | TextContents
    if rules.direction == "rtl" or any(isinstance(f, TextHeading) for f in headings):
        toc = TextContents(contents, rules.direction)
    else:
        toc = _OnePassTOC(contents, levelStyles=[styles["toc0"], styles["toc1"]],
                          tableStyle=TableStyle([          # reportlab's default: Helvetica
                              ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("FONTNAME", (0, 0), (-1, -1), styles["toc0"].fontName)]))
    front: list[Flowable] = [_para(ref["title"], "title", rules, styles, icons),
                             _para(ref["intro"], "body", rules, styles, icons),
                             Spacer(1, 8), toc, PageBreak()]
    pages = doc.build_once(front + story, toc)
    return buffer.getvalue(), pages


# -- HTML -------------------------------------------------------------------------------

ICON_STYLES = "/*icons*/"       # where the page's icon rules go
_HTML = """<!DOCTYPE html>
<html lang="{{ lang }}" dir="{{ direction }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body { font-family: "DejaVu Sans Condensed", "DejaVu Sans", Arial, sans-serif; color: #1a1a1a;
       max-width: 52em; margin: 2em auto; padding: 0 1em; line-height: 1.45; }
h1, h2, h3 { font-family: "DejaVu Serif Condensed", Georgia, serif; color: #7a2e1f; }
h2 { border-bottom: 1px solid #d8c9ad; padding-bottom: .15em; margin-top: 1.6em; }
nav ol { columns: 2; font-size: .92em; } .note { background: #f3ece0; padding: .4em .8em;
font-style: italic; } table { border-collapse: collapse; margin: .4em 0 1em; font-size: .88em; }
th, td { border: 1px solid #b9a888; padding: .25em .5em; vertical-align: top; text-align: left; }
th { background: #efe4d2; } caption { text-align: left; font-weight: bold; color: #7a2e1f; }
img.icon { vertical-align: -0.22em; } /*icons*/
dl dt { font-weight: bold; } dl dd { margin: 0 0 .5em 1em; }
.cards p { margin: .2em 0; font-size: .9em; }
@media print { body { max-width: none; margin: 0; font-size: 10pt; } nav { display: none; }
  h2 { break-after: avoid; } table, .cards p { break-inside: avoid; }
  a { color: inherit; text-decoration: none; } }
</style></head><body>
<h1>{{ title }}</h1>
<p>{{ intro }}</p>
<nav><h2>{{ words.contents }}</h2><ol>
{% for s in sections %}<li><a href="#{{ s.id }}">{{ s.title }}</a></li>{% endfor %}
<li><a href="#glossary">{{ words.glossary }}</a></li>
<li><a href="#card-index">{{ words.index }}</a></li>
</ol></nav>
{% for s in sections %}<section id="{{ s.id }}"><h2>{{ s.title }}</h2>
{{ s.body }}
{% for sub in s.subsections %}<section id="{{ s.id }}-{{ sub.id }}"><h3>{{ sub.title }}</h3>
{{ sub.body }}</section>{% endfor %}
</section>{% endfor %}
<section id="glossary"><h2>{{ words.glossary }}</h2><dl>
{% for g in glossary %}<dt>{{ g.term }}</dt><dd>{{ g.definition }}</dd>{% endfor %}
</dl></section>
<section id="card-index" class="cards"><h2>{{ words.index }}</h2>
{% for deck, entries in cards %}<h3>{{ deck }}</h3>
{% for title, text in entries %}<p><strong>{{ title }}</strong> — {{ text }}</p>{% endfor %}
{% endfor %}</section>
</body></html>
"""


def _html_blocks(blocks: list[dict[str, Any]], rules: RulesData, model: Any,
                 icons: dict[str, str]) -> str:
    parts = []
    for block in blocks:
        ((kind, value),) = block.items()
        if kind == "p":
            parts.append(f"<p>{markup.to_html(value, icons, True)}</p>")
        elif kind == "note":
            parts.append(f'<p class="note">{markup.to_html(value, icons, True)}</p>')
        elif kind in ("steps", "list"):
            tag = "ol" if kind == "steps" else "ul"
            items = "".join(f"<li>{markup.to_html(v, icons, True)}</li>" for v in value)
            parts.append(f"<{tag}>{items}</{tag}>")
        elif kind == "table":
            caption, header, rows = _table_data(rules, value, model)
            head = "".join(f"<th>{markup.to_html(h, icons, True)}</th>" for h in header)
            body = "".join("<tr>" + "".join(f"<td>{markup.to_html(c, icons, True)}</td>"
                                            for c in row) + "</tr>" for row in rows)
            parts.append(f"<table><caption>{markup.to_html(caption, icons, True)}</caption>"
                         f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return "\n".join(parts)


def reference_html(rules: RulesData, model: Any, faces: list[CardFace]) -> bytes:
    """The rules reference as one self-contained HTML file (each icon's picture once,
    in its style sheet)."""
    from jinja2.sandbox import SandboxedEnvironment
    from markupsafe import Markup

    rules = with_parameters(rules, _parameters(model))
    icons = icon_images.data_uris(library(rules.game))
    ref = rules.data["reference"]
    env = SandboxedEnvironment(autoescape=True)
    template = env.from_string(_HTML)
    sections = []
    for s in ref["sections"]:
        subs = [{"id": sub["id"], "title": markup.plain(sub["title"]),
                 "body": Markup(_html_blocks(sub["blocks"], rules, model, icons))}
                for sub in s.get("sections", [])]
        sections.append({"id": s["id"], "title": markup.plain(s["title"]), "subsections": subs,
                         "body": Markup(_html_blocks(s["blocks"], rules, model, icons))})
    glossary = [{"term": Markup(markup.to_html(g["term"], icons, True)),
                 "definition": Markup(markup.to_html(g["definition"], icons, True))}
                for g in sorted(ref.get("glossary", []), key=lambda e: e["term"].casefold())]
    cards = [(deck.replace("-", " ").capitalize(),
              [(Markup(markup.to_html(t, icons, True)), Markup(markup.to_html(x, icons, True)))
               for t, x in entries]) for deck, entries in card_entries(faces)]
    page = template.render(title=markup.plain(ref["title"]), intro=markup.plain(ref["intro"]),
                           sections=sections, glossary=glossary, cards=cards,
                           lang=rules.lang, direction=rules.direction,
                           words={"contents": rules.word("Contents"),
                                  "glossary": rules.word("Glossary"),
                                  "index": rules.word("Card index")})
    # each icon's picture once, in the style sheet (it was inlined at every use: the
    # AZADI reference weighed 12.7 MB)
    return page.replace(ICON_STYLES, markup.icon_css(page, icons), 1).encode("utf-8")


# -- the player aid ---------------------------------------------------------------------


def aid_pdf(rules: RulesData, model: Any, paper: str = "a4") -> tuple[bytes, int, list[str]]:
    """Half-page panels, two to a page (:func:`page_size` of ``paper``) with a cut line;
    returns overflowing panels too."""
    from reportlab.pdfgen.canvas import Canvas

    rules = with_parameters(rules, _parameters(model))
    styles = _styles()
    icons = icon_images.files(library(rules.game))
    aid = rules.data["aid"]
    buffer = io.BytesIO()
    width, height = page_size(paper)
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1,
                    initialFontName=fonts.pdf_name("sans"))
    canvas.setTitle(aid["title"])
    canvas.setAuthor("samizdat")
    canvas.setViewerPreference("PrintScaling", "None")
    half = height / 2
    overflow: list[str] = []
    pages = 0
    for index, panel in enumerate(aid["panels"]):
        slot = index % 2
        if index and slot == 0:
            canvas.showPage()
        bottom = half if slot == 0 else 0.0
        frame = Frame(12 * mm, bottom + 10 * mm, width - 24 * mm, half - 20 * mm,
                      showBoundary=0)
        story: list[Flowable] = [_para(panel["title"], "aidtitle", rules, styles, icons)]
        story += _blocks(panel["blocks"], rules, model, styles, icons, frame._width)
        frame.addFromList(story, canvas)
        if story:
            overflow.append(panel["title"])
        if slot == 0:
            canvas.setDash(4, 3)
            canvas.setStrokeColor(colors.HexColor("#999999"))
            canvas.line(6 * mm, half, width - 6 * mm, half)
            canvas.setDash()
    canvas.showPage()
    pages = (len(aid["panels"]) + 1) // 2
    canvas.save()
    return buffer.getvalue(), pages, overflow
