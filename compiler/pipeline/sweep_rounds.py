"""Playing the cells of a sweep in rounds. Round k plays ``games`` more games of every
cell still due, from seed ``seed + k * games`` (every cell the same seeds: common
random numbers, so cells differ only by their settings), folded into the cell's
:class:`~compiler.stats.measures.Measures`. Without a width one round is played;
with ``until_ci`` a cell is due until it is narrow (:func:`narrow`) or has played
``max_games``. A stop (Ctrl-C, the time budget) ends the sweep between two games."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.pipeline import sim_run
from compiler.pipeline.sweep_grid import Settings, label
from compiler.stats.measures import Estimate, Measures
from rules_engine.core.simulate import Simulation, Stop

PLAYED = "played"
CUT = "cut short"
NOT_PLAYED = "not played"


@dataclass
class Cell:
    """One cell of the grid: its settings, the games it plays and what they measured."""

    settings: Settings
    simulation: Simulation
    measures: Measures
    rounds: int = 0
    narrow: bool | None = None      # None: no --until-ci asked for
    wide: tuple[str, ...] = ()      # the figures that keep it from being narrow
    capped: bool = False            # hit --max-games before it was narrow
    cut: bool = False               # its last round was stopped

    @property
    def games(self) -> int:
        return self.measures.games

    @property
    def status(self) -> str:
        if self.cut:
            return CUT
        return PLAYED if self.rounds else NOT_PLAYED


@dataclass(frozen=True)
class Plan:
    """How many games: ``games`` per cell per round from ``seed``, and with ``until_ci``
    more rounds until every interval is that narrow, at most ``max_games`` a cell."""

    games: int
    seed: int
    workers: int = 1
    until_ci: float | None = None
    max_games: int | None = None


@dataclass
class Played:
    """The games the sweep played, and why it stopped early ("" when it did not)."""

    games: int = 0
    stopped: str = ""
    rounds: int = 0
    capped: list[Cell] = field(default_factory=list)


def narrow(estimates: Sequence[Estimate], width: float) -> bool:
    """Whether every interval is narrow enough (:func:`too_wide` finds none)."""
    return not too_wide(estimates, width)


def too_wide(estimates: Sequence[Estimate], width: float) -> list[str]:
    """The ids of the figures whose interval is wider than asked: a rate's half-width
    above ``width``, a mean's (game length, in turns) above ``width`` times the mean
    (ruling R67 in docs/rulings.md). An unbounded interval is always too wide."""
    found = []
    for estimate in estimates:
        limit = width if estimate.kind == "rate" else width * abs(estimate.value)
        if math.isinf(estimate.half_width) or estimate.half_width > limit:
            found.append(estimate.id)
    return found


def due(cell: Cell, plan: Plan) -> bool:
    """Whether the cell plays another round."""
    if cell.cut:
        return False
    if cell.rounds == 0:
        return True
    if plan.until_ci is None or cell.narrow:
        return False
    return plan.max_games is None or cell.games < plan.max_games


def play(cells: Sequence[Cell], plan: Plan, stop: Stop, deadline: float | None,
         progress: Any, title: str, cluster: Any = None) -> Played:
    """Play the rounds (``progress``: a :class:`compiler.report.progress.Progress`, a
    stage per round titled after ``title``); ``cluster`` as for
    :func:`compiler.pipeline.sim_run.play`."""
    played = Played()
    while True:
        now = [cell for cell in cells if due(cell, plan)]
        if not now:
            break
        counts = [_count(cell, plan) for cell in now]
        played.rounds += 1
        stage = progress.stage(f"{title}: round {played.rounds}, {len(now)} cells",
                               sum(counts))
        with stage:
            for cell, count in zip(now, counts, strict=True):
                stage.advance(0, label(cell.settings))
                outcome = sim_run.play(cell.simulation, count, plan.seed + cell.games,
                                       plan.workers, [cell.measures], stop, deadline, stage,
                                       cluster)
                played.games += outcome.played
                if outcome.played:
                    cell.rounds += 1
                    if plan.until_ci is not None:
                        cell.wide = tuple(too_wide(cell.measures.estimates(), plan.until_ci))
                        cell.narrow = not cell.wide
                if outcome.stopped:         # between two games: the rest is not played
                    cell.cut = outcome.played > 0
                    played.stopped = outcome.stopped
                    break
        if played.stopped:
            break
    if plan.until_ci is not None:
        for cell in cells:
            cell.capped = not cell.narrow and plan.max_games is not None and \
                cell.games >= plan.max_games
        played.capped = [cell for cell in cells if cell.capped]
    return played


def _count(cell: Cell, plan: Plan) -> int:
    """The games of the cell's next round (fewer than a round's when the cap is near)."""
    if plan.max_games is None:
        return plan.games
    return min(plan.games, plan.max_games - cell.games)
