"""What a game prints, as records the compiler lays out, and the wording it may ask for.

A game's printing code (named by its plug-in: ``faces``, ``tables``, ``mat_cells``)
turns its content model into these records: :class:`CardFace` per card design,
:data:`Table` per table its rules data names, :class:`Cell` per cell a mat shows.
Text is in the project's markup: ``**bold**``, ``*italic*``, inline icons written
``:name:``, ``\\n`` for a line break.

Rules text comes from the compiler's phrase engine (the game's
``templates/<game>/phrases.yaml``), which the compiler hands to each function as a
:class:`Wording`: the game names no template engine and never imports the compiler.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import Effect, FrozenMap


class Wording(Protocol):
    """The phrases of one game, as the compiler renders them for its printing code.

    Every method renders with the game's own phrase templates; a vocabulary item
    without a phrase raises :class:`KeyError` naming it."""

    def effects(self, effects: Sequence[Effect]) -> str:
        """Effects of the full effect language (abilities and rules) as rules text:
        one sentence per effect, joined by newlines."""
        ...

    def task(self, event: str, where: Mapping[str, Any] | FrozenMap, times: int) -> str:
        """A task: do ``event`` (filtered by ``where``) ``times`` times."""
        ...

    def cost(self, cost: Mapping[str, Any] | FrozenMap) -> str:
        """A resource map as printed on a card ("2 :trust: + 2 :any:")."""
        ...

    def label(self, name: str, **values: Any) -> str:
        """A label the game's printing code composes (section ``labels``), given
        ``values``: fixed words around card data, in the language's own order."""
        ...

    def verb_effects(self, effects: Sequence[Any]) -> str:
        """Card effects written with the game's verb table, one line per printed verb:
        the phrase (section ``effects``) its verb names, given the verb's first
        parameter as ``n``. ``effects`` are printed forms (a bare verb name or a
        one-key map ``{verb: n}``) or the model's abilities (whose phrases are also
        given the ability's ``when``)."""
        ...


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


@dataclass(frozen=True)
class Cell:
    """One printed cell: a label, a smaller line, a fill colour, an icon, a highlight."""

    label: str
    sub: str = ""
    fill: str | None = None
    icon: str | None = None
    mark: bool = False
    # the content its text comes from, for diagnostics (None: the game's own rules)
    where: Location | None = field(default=None, compare=False, repr=False)


Table = tuple[str, list[str], list[list[str]]]
"""A table the rules reference, aids and mats print: ``(caption, header, rows)``."""

FaceBuilder = Callable[[Any, Wording], list[CardFace]]
"""A game's ``faces``: its model to every card design, sorted by deck and card id."""

TableFunction = Callable[[Any, dict[str, Any], Wording], Table]
"""One of a game's ``tables``: ``(model, its parameters, wording) -> table``."""

MatSource = Callable[[Any, Wording], list[Cell]]
"""One of a game's ``mat_cells``: ``(model, wording) -> the cells of a mat region``."""


def copies_by(cards: Iterable[Any], key: Callable[[Any], str]) -> list[list[str]]:
    """Rows ``[name, copies]`` of a deck-composition table: the cards' ``copies``
    summed by ``key(card)``, sorted by name."""
    counts: Counter[str] = Counter()
    for card in cards:
        counts[key(card)] += card.copies
    return [[name, str(n)] for name, n in sorted(counts.items())]
