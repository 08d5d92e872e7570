"""Card faces: what each printed card shows, as text fields per side.

A game's face builder (named by its plug-in's ``faces``: for the shipped games
``rules_engine/<game>/faces.py``) turns the content model into
:class:`~rules_engine.core.printed.CardFace` records, worded through the
:class:`~rules_engine.core.printed.Wording` this module hands it; layouts
(``templates/<game>/layouts/``) place each field in a region. Text fields use the
project's markup: ``**bold**``, ``*italic*`` and inline icons written ``:name:`` (see
``compiler.pdf.icons.ICON_NAMES``); a line break is ``\\n``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.core.printed import CardFace as CardFace  # re-exported
from rules_engine.core.printed import FaceBuilder

Faces = Callable[[Any], list[CardFace]]
"""A game's face builder with its wording bound: the model to its card faces."""


def builder(game: str, lang: str = "en") -> Faces:
    """The face builder of ``game``, as its plug-in names it (imported on first use),
    worded in ``game``'s phrases (in ``lang``: that language's, over them); KeyError for
    a game without one."""
    from compiler.text.effect_text import wording
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    declared = plugin(game)
    if declared is None or not declared.faces:
        raise KeyError(f"game {game!r} declares no card faces")
    found: FaceBuilder = named(declared.faces)
    words = wording(game, lang)

    def faces(model: Any) -> list[CardFace]:
        return found(model, words)

    return faces
