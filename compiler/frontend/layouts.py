"""Card layouts as data: named regions in mm, with inheritance.

A layout file ``templates/<game>/layouts/<name>.yaml`` holds one section
``layout:`` — an optional ``extends:`` (another layout of the game, or of
``templates/common/layouts/``), a ``background`` colour and a map of named
regions to boxes (``x``, ``y`` from the top-left of the trim, ``w``, ``h`` in mm)
with fonts, sizes, colours and alignment. A child overrides its parent region by
region, field by field; ``name: null`` removes an inherited region. The cut line
and the safe zone are regions of kind ``guide``.

Card sizes are named (``poker``...) and chosen per card type by the game manifest.
"""

from __future__ import annotations

import difflib
import hashlib
import os
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any

from compiler.frontend import schema_check
from compiler.frontend.discover import display
from compiler.frontend.paths import templates_root
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error, quoted

# trim sizes in mm, as the print vendors sell them (The Game Crafter and
# MakePlayingCards: poker 2.5 x 3.5", bridge 2.25 x 3.5", tarot 2.75 x 4.75", mini
# 1.75 x 2.5", square 3.5 x 3.5"), so a vendor's bleed gives its pixel size exactly
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.45, 63.5),
    "square": (88.9, 88.9),
    "poker-foldout": (127.0, 88.9),   # two poker panels side by side, folded in the middle
}

_CACHE_SIZE = 1024   # files checked, kept by digest for the next library in this process
_checked: dict[tuple[str, bytes], tuple[tuple[dict[str, Any], Any] | None,
                                        tuple[Diagnostic, ...]]] = {}
_NOWHERE = Location("")   # regions compared for drawing, not for where they were read
ART_FIELD = "art"   # in only_with / only_without: whether the card names art
MAX_EXTENDS = 32   # layouts in one `extends:` chain (the shipped ones use 3 at most)

_REGION_DEFAULTS: dict[str, Any] = {
    "kind": "text", "font": "sans", "size": 8.0, "min_size": 6.0, "leading": 1.2,
    "colour": "#1a1a1a", "fill": None, "stroke": None, "stroke_width": 0.5, "radius": 0.0,
    "align": "left", "valign": "top", "icon": None, "icon_from_tag": None, "text": None,
    "bleed": False, "optional": False, "dash": False, "only_with": None, "only_without": None,
    "fit": "cover", "direction": "auto",
    "source": None, "columns": 1, "gap": 0.0, "shape": "rect", "sub_size": 0.0, "inner": 0.6,
}


@dataclass(frozen=True)
class Region:
    """One named box of a layout (mm, from the top-left of the trim)."""

    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    field: str
    font: str
    size: float
    min_size: float
    leading: float
    colour: str | None
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    align: str
    valign: str
    icon: str | None
    icon_from_tag: str | None
    text: str | None
    bleed: bool
    optional: bool
    dash: bool
    location: Location
    source: str | None = None      # cells / ring: the data source
    columns: int = 1
    gap: float = 0.0
    shape: str = "rect"
    sub_size: float = 0.0
    inner: float = 0.6
    only_with: str | None = None   # drawn only when the face's field of this name has text
    only_without: str | None = None   # drawn only when that field is empty
    fit: str = "cover"             # art: fill the box, cropped ("cover"), or whole ("contain")
    # text: the paragraphs' base direction ("auto": each one's first strong character);
    # left out of the repr, so a layout that does not set it keeps its digest
    direction: str = dataclass_field(default="auto", repr=False)


@dataclass(frozen=True)
class Layout:
    """A resolved layout: inheritance applied, regions in drawing order."""

    name: str
    background: str | None
    regions: tuple[Region, ...]
    location: Location
    digest: str = ""     # identifies the resolved drawing (for caches and PDF forms)
    title: str = ""
    size: tuple[float, float] | None = None    # mats and boards give their own size (mm)
    copies: int = 1      # mats: how many the game needs (the PDF prints each)

    def region(self, name: str) -> Region | None:
        return next((r for r in self.regions if r.name == name), None)


def regions_outside(layout: Layout, size: tuple[float, float], what: str,
                    bleed: float = 0.0) -> list[Diagnostic]:
    """B606 for each region of ``layout`` that lies wholly outside ``what`` (a card or a
    mat of ``size`` mm) and the ``bleed`` around it: nothing of it would print, so a field
    it shows would be lost without a word. Guides (cut and safe lines) are exempt."""
    width, height = size
    return [error("B606", f"region {r.name!r} of layout {layout.name!r} lies outside the "
                  f"{width:g} x {height:g} mm {what}" + (f" and its {bleed:g} mm bleed"
                                                          if bleed else "")
                  + f" (x {r.x:g} to {r.x + r.w:g}, y {r.y:g} to {r.y + r.h:g} mm); "
                  "nothing of it would print", r.location)
            for r in layout.regions if r.kind != "guide" and (
                r.x >= width + bleed or r.y >= height + bleed or r.x + r.w <= -bleed
                or r.y + r.h <= -bleed)]


def card_size(name: str) -> tuple[float, float] | None:
    """Width and height in mm of a named card size."""
    return CARD_SIZES.get(name)


class LayoutLibrary:
    """Loads and resolves the layouts of one game, reporting problems as diagnostics."""

    def __init__(self, game: str, root: Path | None = None, overrides: Path | None = None,
                 kind: str = "layouts", language: Path | None = None) -> None:
        mine, common = (root, root) if root else (templates_root(game), templates_root())
        self.folders = [mine / game / kind, common / "common" / kind]
        if overrides is not None:   # a designer's own layouts win over the shipped ones
            self.folders[:0] = [overrides / game / kind, overrides / "common" / kind]
        if language is not None:    # a language's own layouts win over both
            self.folders[:0] = [language]
        self.icon_folders = (game, overrides, root)
        self.kind = kind
        self.diagnostics: list[Diagnostic] = []
        self.sources: dict[str, str] = {}       # the text of each file read, by its name
        self._raw: dict[str, tuple[dict[str, Any], Any] | None] = {}
        self._resolved: dict[str, Layout | None] = {}

    def names(self, folders: list[Path] | None = None) -> list[str]:
        """Every layout its folders (or those of ``folders``) hold, sorted."""
        found: set[str] = set()
        for folder in self.folders if folders is None else folders:
            if folder.is_dir():
                found |= {p.stem for p in folder.glob("*.yaml")}
        return sorted(found)

    def resolve_all(self) -> list[Layout]:
        """Resolve every layout of :meth:`names` (problems land in :attr:`diagnostics`),
        so that a broken file is reported whether or not a card asks for it."""
        found = (self.get(name) for name in self.names())
        return [layout for layout in found if layout is not None]

    def _path(self, name: str) -> Path | None:
        for folder in self.folders:
            path = folder / f"{name}.yaml"
            if os.path.lexists(path):   # a FIFO or a broken link is reported, not skipped
                return path
        return None

    def _load(self, name: str) -> tuple[dict[str, Any], Any] | None:
        if name in self._raw:
            return self._raw[name]
        found = None
        path = self._path(name)
        if path is not None:
            found = self._read(path)
        self._raw[name] = found
        return found

    def _read(self, path: Path) -> tuple[dict[str, Any], Any] | None:
        shown = display(path)
        try:
            raw = read_file(path)
        except UnreadableFile as exc:
            self.diagnostics.append(exc.diagnostic(Location(shown, 1, 1)))
            return None
        self.sources[shown] = raw.decode("utf-8", errors="replace")
        key = (shown, hashlib.sha256(raw).digest())
        if key not in _checked:       # the same bytes are parsed and checked once
            if len(_checked) >= _CACHE_SIZE:
                _checked.clear()
            before = len(self.diagnostics)
            found = self._check(raw, shown)
            _checked[key] = (found, tuple(self.diagnostics[before:]))
            return found
        found, diags = _checked[key]
        self.diagnostics += diags
        return found

    def _check(self, raw: bytes, shown: str) -> tuple[dict[str, Any], Any] | None:
        """The ``layout:`` section of a file's bytes, schema-checked (None: it is not
        one, said in :attr:`diagnostics`)."""
        doc, diags = load_yaml(raw, shown)
        self.diagnostics += diags
        if doc is None:
            return None
        data = doc.data if isinstance(doc.data, dict) else {}
        if "layout" not in data or set(data) != {"layout"}:
            self.diagnostics.append(error("F202", "a layout file holds one section, "
                                          "`layout:`", doc.locate(())))
            return None
        problems = schema_check.check(doc, ("layout",), data["layout"], "common/layout")
        self.diagnostics += problems
        return None if problems else (data["layout"], doc)

    def get(self, name: str, wanted_at: Location | None = None) -> Layout | None:
        """The resolved layout ``name``; None (with a diagnostic) if it cannot be had."""
        if name not in self._resolved:
            self._resolved[name] = self._resolve(name, wanted_at)
        return self._resolved[name]

    def _chain(self, name: str, wanted_at: Location | None
               ) -> tuple[list[tuple[str, dict[str, Any], Any]], Layout | None] | None:
        """The layouts from ``name`` up its ``extends:`` links (nearest first), and the
        already-resolved layout the chain ends on (None: it ends on a root layout).
        None, with a diagnostic, when a link is missing, loops or goes too deep."""
        chain: list[tuple[str, dict[str, Any], Any]] = []
        current, at = name, wanted_at
        while current not in self._resolved:
            loaded = self._load(current)
            if loaded is None:
                if self._path(current) is None:
                    where = at or Location(display(self.folders[0]))
                    self.diagnostics.append(error(
                        "B605", f"no layout {current!r} (looked for {current}.yaml in "
                        f"{', '.join(display(f) for f in self.folders)})", where))
                return None
            data, doc = loaded
            names = [link[0] for link in chain]
            if current in names:
                self.diagnostics.append(error(
                    "B606", f"layout {current!r} extends itself through "
                    f"{' -> '.join([*names[names.index(current):], current])}",
                    doc.locate(("layout", "extends"))))
                return None
            if len(chain) == MAX_EXTENDS:
                self.diagnostics.append(error(
                    "B606", f"layout {name!r} extends more than {MAX_EXTENDS} layouts "
                    f"deep (through {chain[-1][0]!r})", at or doc.locate(("layout",))))
                return None
            chain.append((current, data, doc))
            if "extends" not in data:
                return chain, None
            current, at = str(data["extends"]), doc.locate(("layout", "extends"))
        parent = self._resolved[current]
        return (chain, parent) if parent is not None else None

    def _resolve(self, name: str, wanted_at: Location | None) -> Layout | None:
        found = self._chain(name, wanted_at)
        if found is None:
            return None
        chain, parent = found
        for link_name, data, doc in reversed(chain):
            parent = self._merge(link_name, data, doc, parent)
            self._resolved.setdefault(link_name, parent)
        return parent

    def _check_icon(self, name: str, rname: str, icon: str, data: dict[str, Any], doc: Any,
                    where: Location) -> None:
        """B606 when region ``rname`` draws an icon the game's icon folders do not have
        (it would print a crossed box), at its ``icon:`` when this layout gives it."""
        from compiler.frontend.icon_names import icon_names

        names = icon_names(*self.icon_folders)
        if icon in names:
            return
        own = (data.get("regions") or {}).get(rname) or {}
        close = difflib.get_close_matches(icon, sorted(names), n=1)
        self.diagnostics.append(error(
            "B606", f"region {rname!r} of layout {name!r} draws icon {quoted(icon)}, which "
            "samizdat does not have", doc.locate(("layout", "regions", rname, "icon"))
            if "icon" in own else where,
            hint=f"did you mean {close[0]!r}?" if close else
            f"the icons are: {', '.join(sorted(names))}"))

    def _merge(self, name: str, data: dict[str, Any], doc: Any, parent: Layout | None
               ) -> Layout:
        """Layout ``name`` (its file's ``data``) applied over its resolved ``parent``."""
        regions: dict[str, dict[str, Any]] = {}
        background = None
        size = (float(data["size"]["width"]), float(data["size"]["height"])) \
            if "size" in data else None
        if parent is not None:
            background = parent.background
            size = size or parent.size
            for r in parent.regions:
                regions[r.name] = {k: getattr(r, k) for k in _REGION_DEFAULTS} | {
                    "x": r.x, "y": r.y, "w": r.w, "h": r.h, "field": r.field,
                    "location": r.location}
        background = data.get("background", background)
        for rname, spec in (data.get("regions") or {}).items():
            if spec is None:
                regions.pop(rname, None)
                continue
            merged = regions.get(rname, {}) | dict(spec)
            merged["location"] = doc.locate(("layout", "regions", rname))
            regions[rname] = merged
        built = []
        for rname, spec in regions.items():
            missing = [k for k in ("x", "y", "w", "h") if k not in spec]
            if missing:
                self.diagnostics.append(error("B606", f"region {rname!r} of layout {name!r} "
                                              f"needs {', '.join(missing)}", spec["location"]))
                continue
            full = _REGION_DEFAULTS | spec
            if full["icon"] is not None:
                self._check_icon(name, rname, str(full["icon"]), data, doc, spec["location"])
            built.append(Region(
                name=rname, kind=full["kind"], x=float(full["x"]), y=float(full["y"]),
                w=float(full["w"]), h=float(full["h"]), field=full.get("field") or rname,
                font=full["font"], size=float(full["size"]), min_size=float(full["min_size"]),
                leading=float(full["leading"]), colour=full["colour"], fill=full["fill"],
                stroke=full["stroke"], stroke_width=float(full["stroke_width"]),
                radius=float(full["radius"]), align=full["align"], valign=full["valign"],
                icon=full["icon"], icon_from_tag=full["icon_from_tag"], text=full["text"],
                bleed=bool(full["bleed"]), optional=bool(full["optional"]),
                dash=bool(full["dash"]), location=full["location"], source=full["source"],
                columns=int(full["columns"]), gap=float(full["gap"]), shape=full["shape"],
                sub_size=float(full["sub_size"]), inner=float(full["inner"]),
                only_with=full["only_with"], only_without=full["only_without"],
                fit=full["fit"], direction=full["direction"]))
        drawing = [replace(r, location=_NOWHERE) for r in built]   # not where it was read
        directions = [(r.name, r.direction) for r in built if r.direction != "auto"]
        digest = hashlib.sha1(repr((name, background, drawing, size) + (
            (directions,) if directions else ())).encode()).hexdigest()[:20]
        copies = int(data.get("copies", parent.copies if parent is not None else 1))
        return Layout(name, background, tuple(built), doc.locate(("layout",)), digest,
                      str(data.get("title", name)), size, copies)
