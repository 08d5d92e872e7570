"""The project's vector icons as PNG images, for back ends that need images (the
HTML reference, inline icons in reportlab paragraphs). Rendered once per process
by pdfium from the same drawings, so they look like the printed cards.

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

SIZE_PT = 48.0


@cache
def png_bytes(name: str, pixels: int = 96) -> bytes:
    """Icon ``name`` as a transparent-free white-background PNG, ``pixels`` square."""
    import pypdfium2 as pdfium

    from compiler import fonts
    from compiler.icons import draw_icon

    fonts.register()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(SIZE_PT, SIZE_PT), invariant=1)
    draw_icon(canvas, name, 0, 0, SIZE_PT)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    image = document[0].render(scale=pixels / SIZE_PT).to_pil()
    out = io.BytesIO()
    image.save(out, format="PNG")
    document.close()
    return out.getvalue()


@cache
def data_uris() -> dict[str, str]:
    from compiler.icons import ICON_NAMES

    return {n: "data:image/png;base64," + base64.b64encode(png_bytes(n)).decode()
            for n in sorted(ICON_NAMES)}


@cache
def files() -> dict[str, str]:
    """Icon name -> path of its PNG in a per-process temporary folder (removed at exit)."""
    from compiler.icons import ICON_NAMES

    folder = Path(tempfile.mkdtemp(prefix="samizdat-icons-"))
    atexit.register(_remove, folder, os.getpid())
    paths = {}
    for name in sorted(ICON_NAMES):
        path = folder / f"{name}.png"
        path.write_bytes(png_bytes(name))
        paths[name] = str(path)
    return paths


def _remove(folder: Path, owner: int) -> None:
    """Delete ``folder`` at exit, only in the process that made it (a forked child
    that inherited the paths leaves them to its parent)."""
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)
