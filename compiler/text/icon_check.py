"""B624: text naming an icon (``:name:``) that the game's icon folders have no SVG for.

Card text names icons inline; each name must be a file ``<name>.svg`` in
``templates/<game>/icons/``, ``templates/common/icons/`` or the same folders of the
``--templates`` folder. A name without a file is an error at the content string that
holds it (the card's own location when the text was generated, as effect text is),
found while the card is fitted, before anything is drawn: never a glyph silently
left out."""

from __future__ import annotations

import difflib
import re

from rules_engine.core.diagnostics import Diagnostic, Location, Related, error, quoted

CODE = "B624"
ICON = re.compile(r":([a-z][a-z0-9_]*):")     # as compiler.typeset.richtext reads an icon


def unknown_icons(markup: str, names: frozenset[str]) -> tuple[str, ...]:
    """The icon names ``markup`` writes that are not among ``names`` (the icons the game
    has a file for), each once, in order of first appearance."""
    if ":" not in markup:
        return ()
    return tuple(dict.fromkeys(n for n in ICON.findall(markup) if n not in names))


def diagnostic(what: str, name: str, names: frozenset[str], location: Location,
               related: list[Related] | None = None) -> Diagnostic:
    """The B624 error for ``what`` (a card's field, a region) naming icon ``name``,
    which is not among the game's icon ``names``."""
    close = difflib.get_close_matches(name, sorted(names), n=1)
    hint = (f"did you mean :{close[0]}:? " if close else "") + \
        f"add {name}.svg to templates/<game>/icons/ (or to your --templates folder's " \
        "<game>/icons/)"
    return error(CODE, f"{what} names icon {quoted(':' + name + ':')}, which has no SVG "
                 "file in the game's icon folders", location, related=related or (),
                 hint=hint)
