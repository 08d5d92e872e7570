"""Which icons a game can name, without the drawing machinery: the ``<name>.svg``
files of its icon folders, listed as :class:`compiler.pdf.icons.IconLibrary` lists them
(the same folders, weakest first, :func:`compiler.pdf.icons.folders`). Checking a layout's
``icon:`` (:mod:`compiler.frontend.layouts`) needs only the names, and ``samizdat validate``
must not import reportlab to check them."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from compiler.frontend.paths import templates_root

ICON_FOLDER = "icons"          # under templates/<game>/ and templates/common/
COMMON = "common"


@lru_cache(maxsize=64)
def icon_names(game: str, overrides: Path | None = None, root: Path | None = None
               ) -> frozenset[str]:
    """The icon names ``game`` can use with a ``--templates`` folder ``overrides``
    (or the templates under ``root``); read once per process, as the library is."""
    folders = [(root or templates_root()) / COMMON / ICON_FOLDER,
               (root or templates_root(game)) / game / ICON_FOLDER]
    if overrides is not None:
        folders += [overrides / COMMON / ICON_FOLDER, overrides / game / ICON_FOLDER]
    return frozenset(path.stem for folder in folders if folder.is_dir()
                     for path in folder.glob("*.svg") if path.is_file())
