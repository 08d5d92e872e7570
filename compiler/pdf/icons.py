"""Icons are SVG files: ``templates/<game>/icons/<name>.svg``, shared ones in
``templates/common/icons/``, drawn as vector paths through svglib.

Card text writes an icon inline as ``:name:`` and layouts may give a region an
icon; both end up in :func:`draw_icon`. A designer adds or replaces an icon by
dropping ``<name>.svg`` into ``<templates>/<game>/icons/`` (or ``common/icons/``)
of the folder given with ``--templates``: no Python.

Which icons exist depends on the game and the override folder, so the names are an
:class:`IconLibrary`. A build draws with the library :func:`use` made current for
the game it is drawing (each deck job sets it, so worker processes draw the same);
until then the current library holds every shipped game's icons. An SVG is parsed
once per process and file content; the same file always writes the same PDF
operators. A name no library has draws a crossed box (the build reported it as
B624 before anything was drawn, so nothing is ever skipped silently).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.renderPDF import _PDFRenderer
from reportlab.graphics.shapes import Drawing, Group, Image, String
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from compiler.frontend.paths import templates_root

__all__ = ["ICON_FOLDER", "IconLibrary", "UnreadableIcon", "active", "draw_icon",
           "drawing_key", "library", "shipped", "use"]

ICON_FOLDER = "icons"          # under templates/<game>/ and templates/common/
COMMON = "common"
MISSING = "#c62828"            # the crossed box drawn for a name no library has


class UnreadableIcon(ValueError):
    """An icon file that is not an SVG svglib can draw (the message says which)."""


@dataclass(frozen=True)
class IconLibrary:
    """The icons one game can name: ``<name>.svg`` files of ``folders``, a later folder's
    file replacing an earlier one's of the same name."""

    folders: tuple[Path, ...]
    files: dict[str, Path] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        found: dict[str, Path] = {}
        for folder in self.folders:
            if folder.is_dir():
                for path in sorted(folder.glob("*.svg")):
                    if path.is_file():
                        found[path.stem] = path
        object.__setattr__(self, "files", dict(sorted(found.items())))

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.files)

    def path(self, name: str) -> Path | None:
        """The file icon ``name`` is drawn from, or None when the library has none."""
        return self.files.get(name)

    def digest(self) -> str:
        """SHA-256 over every icon's name and bytes: equal libraries draw the same."""
        sha = hashlib.sha256()
        for name, path in self.files.items():
            sha.update(name.encode() + b"\0" + _content(path) + b"\0")
        return sha.hexdigest()


def folders(game: str, overrides: Path | None = None, root: Path | None = None
            ) -> tuple[Path, ...]:
    """Where ``game``'s icons come from, weakest first: the shipped (or ``root``'s)
    common folder and the game's own (a game plug-in's data folder for an installed
    game), then the override folder's common and game folders."""
    found = [(root or templates_root()) / COMMON / ICON_FOLDER,
             (root or templates_root(game)) / game / ICON_FOLDER]
    if overrides is not None:
        found += [overrides / COMMON / ICON_FOLDER, overrides / game / ICON_FOLDER]
    return tuple(found)


@lru_cache(maxsize=64)
def library(game: str, overrides: Path | None = None, root: Path | None = None
            ) -> IconLibrary:
    """The icons ``game`` can name, with a designer's ``--templates`` folder (a library
    is read once per process: a build reads its folders once)."""
    return IconLibrary(folders(game, overrides, root))


@lru_cache(maxsize=1)
def shipped() -> IconLibrary:
    """Every icon samizdat ships (all games' and the common ones), for drawing before
    any game's library is made current."""
    root = templates_root()
    games = sorted(p.name for p in root.iterdir() if p.is_dir() and p.name != COMMON
                   and (p / ICON_FOLDER).is_dir())
    return IconLibrary((root / COMMON / ICON_FOLDER,
                        *(root / game / ICON_FOLDER for game in games)))


_current: list[IconLibrary] = []


def use(game: str, overrides: Path | None = None) -> IconLibrary:
    """Make ``game``'s library (with ``overrides``) the one :func:`draw_icon` draws from."""
    chosen = library(game, overrides)
    _current[:] = [chosen]
    return chosen


def active() -> IconLibrary:
    """The library drawing uses now (:func:`use`, else :func:`shipped`)."""
    return _current[0] if _current else shipped()


def _content(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def drawing_key(name: str, icons: IconLibrary | None = None) -> str:
    """A key naming what icon ``name`` draws (its file's content), for caches of drawn
    operators: two files with the same bytes share it, a replaced icon does not."""
    path = (icons or active()).path(name)
    if path is None:
        return "missing"
    return hashlib.sha256(_content(path)).hexdigest()


@lru_cache(maxsize=512)
def _drawing(content: bytes, label: str) -> Drawing:
    """The reportlab Drawing of one SVG file's bytes (parsed once per content)."""
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(io.BytesIO(content))
    except Exception as exc:  # svglib raises lxml's and its own errors alike
        raise UnreadableIcon(f"icon {label} is not a readable SVG: {exc}") from exc
    if drawing is None or not drawing.width or not drawing.height:
        raise UnreadableIcon(f"icon {label} is not a readable SVG (no size or viewBox)")
    if _has_text_or_images(drawing):
        raise UnreadableIcon(f"icon {label} holds text or an image: an icon is shapes "
                             "and paths only (convert text to paths)")
    return drawing


def _has_text_or_images(node: object) -> bool:
    if isinstance(node, (String, Image)):
        return True
    if isinstance(node, Group):
        return any(_has_text_or_images(child) for child in node.contents)
    return False


class _ShapeRenderer(_PDFRenderer):  # type: ignore[misc]
    """reportlab's PDF renderer without its opening font selection: icons hold no
    text, and a font set there would add a font resource to every document."""

    def applyStateChanges(self, delta: dict[str, object], newState: dict[str, object]
                          ) -> None:
        kept = {k: v for k, v in delta.items() if k not in ("fontName", "fontSize")}
        super().applyStateChanges(kept, newState)


def load(name: str, icons: IconLibrary | None = None) -> Drawing | None:
    """Icon ``name``'s drawing, or None when the library has no such icon."""
    path = (icons or active()).path(name)
    if path is None:
        return None
    return _drawing(_content(path), str(path))


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float,
              icons: IconLibrary | None = None) -> None:
    """Draw icon ``name`` with its lower-left corner at (x, y) (PDF points), scaled to fit
    a ``size`` square (centred in it when the SVG is not square)."""
    drawing = load(name, icons)
    canvas.saveState()
    try:
        canvas.translate(x, y)
        if drawing is None:
            _draw_missing(canvas, size)
            return
        scale = size / max(drawing.width, drawing.height)
        canvas.translate((size - drawing.width * scale) / 2,
                         (size - drawing.height * scale) / 2)
        canvas.scale(scale, scale)
        _ShapeRenderer().draw(renderScaledDrawing(drawing), canvas, 0, 0,
                              showBoundary=False)
    finally:
        canvas.restoreState()


def _draw_missing(canvas: Canvas, size: float) -> None:
    """A crossed red box: what a name no icon file has prints as (under --force)."""
    canvas.setStrokeColor(HexColor(MISSING))
    canvas.setLineWidth(size * 0.08)
    inset = size * 0.08
    canvas.rect(inset, inset, size - 2 * inset, size - 2 * inset, stroke=1, fill=0)
    canvas.line(inset, inset, size - inset, size - inset)
    canvas.line(inset, size - inset, size - inset, inset)
