"""The icons as PNG images, for back ends that need images (the HTML reference,
inline icons in reportlab paragraphs). Each icon file is rendered once per process
by pdfium from its vector drawing, so the images look like the printed cards.

reportlab reads paragraph images from files, so :func:`files` writes the PNGs to
one temporary folder per process, which is removed when that process exits."""

from __future__ import annotations

import atexit
import base64
import io
import os
import shutil
import tempfile
from functools import cache
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from compiler.pdf.icons import IconLibrary, active, draw_icon, drawing_key

SIZE_PT = 48.0


def png_bytes(name: str, pixels: int = 96, icons: IconLibrary | None = None) -> bytes:
    """Icon ``name`` of ``icons`` (the current library) as a white-background PNG,
    ``pixels`` square."""
    chosen = icons or active()
    return _png(drawing_key(name, chosen), name, pixels, chosen)


@cache
def _png(key: str, name: str, pixels: int, icons: IconLibrary) -> bytes:
    """:func:`png_bytes`'s work, once per icon file content (``key``) and size."""
    import pypdfium2 as pdfium

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(SIZE_PT, SIZE_PT), invariant=1)
    draw_icon(canvas, name, 0, 0, SIZE_PT, icons)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    image = document[0].render(scale=pixels / SIZE_PT).to_pil()
    out = io.BytesIO()
    image.save(out, format="PNG")
    document.close()
    return out.getvalue()


def data_uris(icons: IconLibrary | None = None) -> dict[str, str]:
    """Icon name -> PNG data URI, for every icon of ``icons`` (the current library)."""
    chosen = icons or active()
    return {n: "data:image/png;base64," + base64.b64encode(png_bytes(n, icons=chosen)).decode()
            for n in sorted(chosen.names)}


def files(icons: IconLibrary | None = None) -> dict[str, str]:
    """Icon name -> path of its PNG in a per-process temporary folder (removed at
    exit), for every icon of ``icons`` (the current library)."""
    chosen = icons or active()
    folder = _folder()
    paths = {}
    for name in sorted(chosen.names):
        path = folder / f"{drawing_key(name, chosen)[:24]}.png"
        if not path.exists():
            path.write_bytes(png_bytes(name, icons=chosen))
        paths[name] = str(path)
    return paths


@cache
def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="samizdat-icons-"))
    atexit.register(_remove, folder, os.getpid())
    return folder


def _remove(folder: Path, owner: int) -> None:
    """Delete ``folder`` at exit, only in the process that made it (a forked child
    that inherited the paths leaves them to its parent)."""
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)
