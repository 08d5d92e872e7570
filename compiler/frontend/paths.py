"""Where the data lives: samizdat's shipped cards, schemas and templates, and those
of a game plug-in that brings its own.

In a source checkout samizdat's are the top-level folders of the repository; in an
installed wheel they are packaged under ``compiler/_data``. A plug-in that declares a
``data_folder`` keeps its ``schemas/<game>/`` and ``templates/<game>/`` there (the
``common`` ones are always samizdat's).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # the compiler package


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


def game_root(game: str | None) -> Path:
    """The folder holding ``schemas/`` and ``templates/`` of ``game``: its plug-in's
    data folder, else samizdat's own (also for None, an unknown game and ``common``)."""
    if game is None or game == "common":
        return data_root()
    from rules_engine.games import plugin

    try:
        found = plugin(game)
    except Exception:  # noqa: BLE001 - a plug-in that fails to load is reported where used
        found = None
    if found is None or found.data_folder is None:
        return data_root()
    return found.data_folder


def schemas_root(game: str | None = None) -> Path:
    """The folder whose ``<game>/`` holds ``game``'s schemas (samizdat's by default)."""
    return game_root(game) / "schemas"


def templates_root(game: str | None = None) -> Path:
    """The folder whose ``<game>/`` holds ``game``'s templates: layouts, mats, phrases,
    rules data (samizdat's by default; ``common/`` is always samizdat's)."""
    return game_root(game) / "templates"


def schema_folders() -> list[Path]:
    """Every folder of schemas: samizdat's, then each game plug-in's own (one
    registry holds them all, so a game's schemas may refer to ``common/``)."""
    from rules_engine.games import GAME_IDS, SHIPPED

    folders = [schemas_root()]
    for game in (g for g in GAME_IDS if g not in SHIPPED):
        folder = schemas_root(game)
        if folder not in folders:
            folders.append(folder)
    return folders
