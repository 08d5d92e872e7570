"""Playing the games of a balance diff: for each game both versions hold (each AZADI
campaign both hold is a run of its own), the same seeds with the same bots on the
base and on the head, each side's records folded into a
:class:`~compiler.stats.measures.Measures` of its own model's figures.

The games go through simulate's steps (:mod:`compiler.pipeline.simulate`: the spec,
the seats, the engine's options) and runner (:func:`compiler.pipeline.sim_run.play`),
on this machine's processes or a Dask cluster. A diff of games cut short would
compare different seeds, so Ctrl-C stops the command (KeyboardInterrupt) rather than
report a partial run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.pipeline import interrupt, sim_run
from compiler.pipeline.simulate import (
    engine_options,
    game_spec,
    resolve_seats,
)
from compiler.stats.measures import Measures
from rules_engine.core.diagnostics import Location
from rules_engine.core.plugin import SimulationSpec
from rules_engine.core.simulate import Simulation, Stop

CAMPAIGN_OPTION = "campaign"     # a game whose simulation takes it plays campaigns


@dataclass(frozen=True)
class Plan:
    """How the games are played: how many per run, from which seed, the bots (one
    name per seat, or one for the game's usual seats; None: :data:`DEFAULT_BOTS`),
    the worker processes and the executor (None: local processes)."""

    games: int
    seed: int
    bots: str | None
    workers: int = 1
    executor: str | None = None
    quiet: bool = False


DEFAULT_BOTS = {"azadi": "greedy", "san": "propaganda,hacking", "spring": "random"}
"""The bots a diff plays when ``--bots`` is not given: each game's strongest bots that
play hundreds of games a minute (Spring's greedy bot needs about 0.3 s a game)."""
FALLBACK_BOTS = "random"


@dataclass
class Run:
    """One run of a game on both sides: its campaign ("" for a game without), the
    seats' bots and names, each side's folded figures, and where the game-wide figures
    are reported in the head (the game's manifest or the campaign's)."""

    game: str
    campaign: str
    bots: tuple[str, ...]
    seat_names: tuple[str, ...]
    base: Measures
    head: Measures
    where: Location | None = None


@dataclass
class GamePlan:
    """One game both versions hold: the runs to play and the campaigns only one side
    holds (``added``: only in the head)."""

    game: str
    campaigns: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def plan_game(game: str, base_model: Any, head_model: Any) -> GamePlan:
    """The campaigns of ``game`` to play (those both sides hold, in the head's order),
    or one run of the game when it plays no campaigns."""
    spec = game_spec(game)
    if not any(o.name == CAMPAIGN_OPTION for o in spec.options):
        return GamePlan(game, [""])
    base = [c.id for c in getattr(base_model, "campaigns", ())]
    head = [c.id for c in getattr(head_model, "campaigns", ())]
    return GamePlan(game, [c for c in head if c in base], [c for c in head if c not in base],
                    [c for c in base if c not in head])


def play_game(planned: GamePlan, base_model: Any, head_model: Any,
              manifest: Location | None, plan: Plan, cluster: Any) -> list[Run]:
    """Every run of ``planned``, base then head, the same seeds on both."""
    spec = game_spec(planned.game)
    seats = resolve_seats(spec, plan.bots or DEFAULT_BOTS.get(planned.game, FALLBACK_BOTS))
    names = spec.seat_labels(len(seats))
    campaigns = {c.id: c for c in getattr(head_model, "campaigns", ())}
    runs = []
    for campaign in planned.campaigns:
        values = {CAMPAIGN_OPTION: campaign} if campaign else {}
        where = getattr(campaigns.get(campaign), "location", None) if campaign else manifest
        label = f"{planned.game}{f' {campaign}' if campaign else ''}"
        base = measured(spec, seats, names, base_model, values, plan, cluster,
                         f"{label}, base")
        head = measured(spec, seats, names, head_model, values, plan, cluster,
                         f"{label}, head")
        runs.append(Run(planned.game, campaign, seats, tuple(names), base, head, where))
    return runs


def measured(spec: SimulationSpec, seats: tuple[str, ...], names: Sequence[str],
              model: Any, values: dict[str, Any], plan: Plan, cluster: Any,
              label: str) -> Measures:
    """The figures of ``plan.games`` games of one side."""
    from compiler.report.progress import Progress

    prepared = engine_options(spec, seats, model, values)
    tracked = spec.tracked(model, prepared.own) if spec.tracked is not None else []
    measures = Measures(names, tracked)
    workers, _ = sim_run.capped_workers(plan.workers, False)
    stop = Stop()
    stage = Progress("diff", quiet=plan.quiet).stage(
        f"{label}: {plan.games:,} games from seed {plan.seed}", plan.games)
    with stage, interrupt.ctrl_c_stops(stop):
        outcome = sim_run.play(Simulation(spec.setup, prepared.options), plan.games,
                               plan.seed, workers, [measures], stop, None, stage, cluster)
    if outcome.stopped:
        raise KeyboardInterrupt
    return measures
