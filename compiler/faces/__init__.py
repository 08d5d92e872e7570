"""Card faces: what each printed card shows, as text fields per side.

A game's face builder (named by its plug-in's ``faces``: for the shipped games
``compiler/faces/<game>.py``) turns the content model into
:class:`CardFace` records; layouts (``templates/<game>/layouts/``) place each field
in a region. Text fields use the project's markup: ``**bold**``, ``*italic*`` and
inline icons written ``:name:`` (see ``compiler.icons.ICON_NAMES``); a line break is
``\\n``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.diagnostics import Location


@dataclass(frozen=True)
class CardFace:
    """One card design: its two sides' fields, how many copies, where it came from."""

    game: str
    deck: str                       # one PDF per deck, e.g. "resistance-cards"
    card_type: str                  # selects layouts "<card_type>-front" / "<card_type>-back"
    card_id: str
    copies: int
    front: Mapping[str, str]
    back: Mapping[str, str]
    source: Location
    art: str | None = None          # a path relative to the content folder, as written
    art_location: Location | None = None
    tags: Mapping[str, str] = field(default_factory=dict)   # e.g. {"ideologue": "idealist"}


FaceBuilder = Callable[[Any], list[CardFace]]


def builder(game: str) -> FaceBuilder:
    """The face builder of ``game``, as its plug-in names it (imported on first use);
    KeyError for a game without one."""
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    declared = plugin(game)
    if declared is None or not declared.faces:
        raise KeyError(f"game {game!r} declares no card faces")
    found: FaceBuilder = named(declared.faces)
    return found
