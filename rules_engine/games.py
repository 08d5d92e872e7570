"""The registry of game plug-ins: the games samizdat ships and those installed.

A shipped game is a folder of this package with a ``plugin.py`` exporting ``PLUGIN``
(a :class:`rules_engine.core.plugin.GamePlugin`). Any installed distribution adds a
game by registering its plug-in object under the entry-point group
:data:`ENTRY_POINT_GROUP`, the entry point's name being the game's id::

    [samizdat.games]
    spring2 = spring2_plugin.plugin:PLUGIN

A shipped game's id wins over an installed one of the same id. Plug-ins are imported
on first use.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from rules_engine.core.plugin import GamePlugin, named

ENTRY_POINT_GROUP = "samizdat.games"

_PACKAGE = Path(__file__).resolve().parent


def _shipped() -> tuple[str, ...]:
    return tuple(sorted(p.parent.name for p in _PACKAGE.glob("*/plugin.py")
                        if p.parent.name != "core"))     # core/plugin.py: the protocol


SHIPPED: tuple[str, ...] = _shipped()
"""The games in ``rules_engine/``, by id."""


def _installed() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name not in SHIPPED and point.name not in found:
            found[point.name] = point
    return found


_INSTALLED = _installed()

GAME_IDS: tuple[str, ...] = SHIPPED + tuple(sorted(_INSTALLED))
"""Every known game: the shipped ones, then those installed packages register."""


class PluginError(RuntimeError):
    """An installed plug-in that does not load or is not a :class:`GamePlugin` of
    the id it is registered under."""


def plugin(game_id: str) -> GamePlugin | None:
    """The plug-in for ``game_id``, imported on first use; None if unknown. (A shipped
    game's is read from its module each time, so a test may replace it there.)"""
    if game_id in SHIPPED:
        found: object = importlib.import_module(f"rules_engine.{game_id}.plugin").PLUGIN
        where = f"rules_engine.{game_id}.plugin"
    elif game_id in _INSTALLED:
        point = _INSTALLED[game_id]
        where = f"{point.value} (entry point {game_id!r} of {ENTRY_POINT_GROUP})"
        found = _load(point, where)
    else:
        return None
    if not isinstance(found, GamePlugin) or found.id != game_id:
        raise PluginError(f"{where} is not the GamePlugin of game {game_id!r}")
    return found


@cache
def _load(point: EntryPoint, where: str) -> object:
    try:
        return point.load()
    except Exception as exc:  # noqa: BLE001 - said with the entry point that failed
        raise PluginError(f"the game plug-in {where} does not load: "
                          f"{type(exc).__name__}: {exc}") from exc


def plugins() -> list[GamePlugin]:
    """Every known game's plug-in that loads, in :data:`GAME_IDS` order (imports them
    all); one that does not is left out here and said by :func:`plugin` where that
    game is asked for."""
    found: list[GamePlugin] = []
    for game in GAME_IDS:
        try:
            loaded = plugin(game)
        except PluginError:
            continue
        if loaded is not None:
            found.append(loaded)
    return found


def title(game_id: str) -> str:
    """The game's title as its plug-in gives it (its id when it gives none)."""
    found = plugin(game_id)
    return (found.title if found is not None else "") or game_id


def verb_table(game_id: str) -> Any:
    """The verb table (:class:`rules_engine.core.verbs.VerbTable`) ``game_id``'s
    plug-in names, or None when it names none."""
    found = plugin(game_id)
    return named(found.verbs) if found is not None and found.verbs else None
