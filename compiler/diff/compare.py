"""Comparing the figures of the two versions of a balance diff, matched by id: a
share of games with a pooled two-proportion test and Newcombe's interval of the
change, the game length with Welch's test, and whether it moved: significant at
``alpha`` after Holm's correction over every figure tested in the diff
(docs/rulings.md R68). A figure neither side varies (a card bought in no game, or
in every game, on both sides) cannot move and is not tested; figures only one side
measures are listed as added or removed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from compiler.diff.runs import Run
from compiler.stats.intervals import Difference, holm, two_means, two_proportions
from compiler.stats.measures import Estimate
from rules_engine.core.diagnostics import Location

Place = Callable[[Location], Location | None]
"""Where a location of a side's content is shown (its repository path); None for one
outside the content compared (a base card of the installed game, which an outside
campaign brings in: its figures are placed at the campaign's manifest)."""


@dataclass(frozen=True)
class Figure:
    """One figure measured on both sides: the run it belongs to, both estimates,
    the change (head minus base), whether it was tested and whether it moved, and where
    it is reported (the card, else the run's manifest)."""

    game: str
    campaign: str
    base: Estimate
    head: Estimate
    change: Difference
    tested: bool
    moved: bool = False
    where: Location | None = None

    @property
    def id(self) -> str:
        return self.head.id

    @property
    def of_card(self) -> bool:
        """Whether it is about one card (or country), not the game as a whole."""
        return self.head.card


@dataclass(frozen=True)
class OneSided:
    """A figure only one side measures (a card added or removed)."""

    game: str
    campaign: str
    estimate: Estimate
    where: Location | None = None


@dataclass
class Comparison:
    """Every figure of the diff, those only in the head (``added``) or only in the base
    (``removed``), and the family's size and level."""

    figures: list[Figure] = field(default_factory=list)
    added: list[OneSided] = field(default_factory=list)
    removed: list[OneSided] = field(default_factory=list)
    alpha: float = 0.05

    @property
    def tested(self) -> int:
        return sum(f.tested for f in self.figures)

    @property
    def moved(self) -> list[Figure]:
        return [f for f in self.figures if f.moved]


def compare(runs: Sequence[Run], alpha: float, base_place: Place, head_place: Place
            ) -> Comparison:
    """The figures of ``runs`` compared, Holm's correction over all of them; every
    location shown where its side's files are (``base_place``, ``head_place``)."""
    found = Comparison(alpha=alpha)
    for run in runs:
        base = {e.id: e for e in _placed(run.base.estimates(), base_place)}
        head = _placed(run.head.estimates(), head_place)
        sums = (run.base.sums(), run.head.sums())
        manifest = head_place(run.where) if run.where is not None else None
        for estimate in head:
            where = estimate.location or manifest
            before = base.get(estimate.id)
            if before is None:
                found.added.append(OneSided(run.game, run.campaign, estimate, where))
                continue
            change, testable = _change(before, estimate, sums)
            found.figures.append(Figure(run.game, run.campaign, before, estimate, change,
                                        testable, where=where))
        ids = {e.id for e in head}
        found.removed += [OneSided(run.game, run.campaign, e, e.location)
                          for e in base.values() if e.id not in ids]
    tested = [n for n, f in enumerate(found.figures) if f.tested]
    for index, moved in zip(tested, holm([found.figures[n].change.p_value for n in tested],
                                         alpha), strict=True):
        if moved:
            found.figures[index] = replace(found.figures[index], moved=True)
    return found


def _placed(estimates: list[Estimate], place: Place) -> list[Estimate]:
    return [replace(e, location=place(e.location)) if e.location is not None else e
            for e in estimates]


def _change(base: Estimate, head: Estimate, sums: tuple[dict[str, int], dict[str, int]]
            ) -> tuple[Difference, bool]:
    """Head minus base of one figure, and whether it can be tested at all."""
    if head.kind == "mean":
        b, h = sums
        change = two_means(b["turns"], b["turns_squared"], b["games"], h["turns"],
                           h["turns_squared"], h["games"])
        return change, b["games"] >= 2 and h["games"] >= 2
    x1, x2 = base.count or 0, head.count or 0
    change = two_proportions(x1, base.n, x2, head.n)
    return change, base.n > 0 and head.n > 0 and 0 < x1 + x2 < base.n + head.n
