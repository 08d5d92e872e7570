"""Where samizdat's own data lives: the shipped cards, schemas and templates.

In a source checkout they are the top-level folders of the repository; in an
installed wheel they are packaged under ``compiler/_data``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder holding ``cards/``, ``schemas/`` and ``templates/``."""
    packaged = _PACKAGE / "_data"
    if (packaged / "schemas").is_dir():
        return packaged
    return _PACKAGE.parent


def source_checkout() -> Path | None:
    """samizdat's own repository when running from one (not from an installed wheel)."""
    root = data_root()
    return None if root.name == "_data" else root


def cards_root() -> Path:
    return data_root() / "cards"


def schemas_root() -> Path:
    return data_root() / "schemas"


def templates_root() -> Path:
    return data_root() / "templates"
