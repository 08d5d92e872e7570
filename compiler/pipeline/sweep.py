"""``samizdat sweep`` as a chain of named steps: the game's spec and content (as
``samizdat simulate`` loads them), the grid of ``--vary`` settings, every cell's
seats and engine options checked before a game is played, the games in rounds
(:mod:`~compiler.pipeline.sweep_rounds`), then the table written and said
(:mod:`~compiler.pipeline.sweep_table`). A cell plays exactly what ``samizdat
simulate`` plays with its settings and seed. :func:`run` returns what the command
line prints and its exit code; usage errors are
:class:`~compiler.pipeline.command_output.Refused`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.pipeline import (
    dask_run,
    interrupt,
    sim_run,
    simulate,
    sweep_grid,
    sweep_rounds,
    sweep_table,
)
from compiler.pipeline.command_output import Note, Printed, Refused, problem_line, safe
from compiler.pipeline.game_failed import failed_game
from compiler.pipeline.sweep_grid import BOTS, PLAYERS, Settings
from compiler.pipeline.sweep_rounds import Cell, Plan, Played
from compiler.stats.measures import Measures
from rules_engine.core.plugin import SimulationSpec
from rules_engine.core.simulate import Simulation, Stop

MAX_GAMES = 100_000          # --max-games when --until-ci does not say


@dataclass(frozen=True)
class Request:
    """What ``samizdat sweep`` was asked (``values``: the game's own options that stay
    the same in every cell; ``vary``: the ``--vary`` texts)."""

    game: str
    vary: tuple[str, ...]
    content: Path | None = None
    games: int = 100
    seed: int = 0
    bots: str = "random"
    players: int | None = None
    workers: int = 1
    force_workers: bool = False
    executor: str | None = None      # None: local processes; "dask" or a tcp:// address
    time_budget: float | None = None
    until_ci: float | None = None
    max_games: int | None = None
    out_dir: Path | None = None
    fmt: str = "text"
    quiet: bool = False
    values: dict[str, Any] = field(default_factory=dict)


def run(request: Request, note: Note) -> Printed:
    """The whole command: its output and exit code."""
    spec = simulate.game_spec(request.game)
    checked = simulate.load_content(request.game, request.content)
    if isinstance(checked, Printed):
        return checked
    model = checked.models[request.game]
    if request.max_games is not None and request.until_ci is None:
        raise Refused("--max-games bounds the rounds of --until-ci; give --until-ci too",
                      "--max-games")
    axes = sweep_grid.axes(request.vary, request.game, spec, model)
    cells = [prepare(request, spec, model, settings) for settings in sweep_grid.cells(axes)]
    plan = Plan(request.games, request.seed, workers(request, note), request.until_ci,
                None if request.until_ci is None else request.max_games or MAX_GAMES)
    try:
        played = play(request, plan, cells)
    except sim_run.GamesFailed as failed:
        return failed_game(request.game, checked, request.content, failed.simulation,
                           failed.failure, request.fmt)
    table = sweep_table.document(header(request, spec, axes, plan), cells, played,
                                 request.content or _shipped(request.game))
    exit_code = interrupt.INTERRUPTED_EXIT if played.stopped == "interrupted" else 0
    for line in notes(plan, cells, played):
        note(line)
    if request.out_dir is not None:
        refused = write(request, table)
        if refused is not None:
            note(problem_line(refused))
            exit_code = max(exit_code, 1)
    if request.fmt == "json":
        return Printed([sweep_table.to_json(table)], exit_code)
    return Printed(sweep_table.text_lines(table), exit_code)


def _shipped(game: str) -> Path:
    from compiler.frontend.paths import cards_root

    return cards_root() / game


def prepare(request: Request, spec: SimulationSpec, model: Any, settings: Settings) -> Cell:
    """One cell ready to play: its seats and engine options as ``samizdat simulate``
    makes them; a setting the game refuses is a usage error naming it."""
    varied = dict(settings)
    seats = _seats(request, spec, varied)
    values = dict(request.values)
    values |= {k: v for k, v in settings if k not in (PLAYERS, BOTS)}
    try:
        prepared = simulate.engine_options(spec, seats, model, values)
    except Refused as refused:
        name = (refused.param or "").removeprefix("--").replace("-", "_")
        if name in varied:
            raise Refused(f"{name}={varied[name]}: {refused.message}", "--vary") from None
        raise
    if prepared.variants is not None:
        option = prepared.variants.option
        raise Refused(f"{option} {prepared.own.get(option)} plays each of its values in "
                      f"turn; a sweep plays one value a cell: --vary {option}=all",
                      "--" + option.replace("_", "-"))
    tracked = spec.tracked(model, prepared.own) if spec.tracked is not None else []
    names = spec.seat_labels(len(seats))
    return Cell(settings, Simulation(spec.setup, prepared.options), Measures(names, tracked))


def _seats(request: Request, spec: SimulationSpec, varied: dict[str, Any]
           ) -> tuple[str, ...]:
    """One bot per seat: a varied ``bots`` name (or a single ``--bots`` name) fills
    the cell's seat count (``players``, else the game's usual count)."""
    players = varied.get(PLAYERS, request.players)
    names = [varied[BOTS]] if BOTS in varied else [b.strip() for b in request.bots.split(",")]
    if len(names) == 1:
        names = names * (players or spec.seats)
    elif players is not None and players != len(names):
        raise Refused(f"--bots names {len(names)} seats and players={players}: give one "
                      "bot name, which fills every seat", "--bots")
    seats = tuple(names)
    expected = spec.check_seats(seats)
    if expected is None:
        return seats
    about = [(k, v) for k, v in varied.items() if k in (PLAYERS, BOTS)]
    if about:
        raise Refused(f"{sweep_grid.label(tuple(about))}: {request.game} takes {expected}",
                      "--vary")
    raise Refused(expected, "--bots")


def workers(request: Request, note: Note) -> int:
    found, capped = sim_run.capped_workers(request.workers, request.force_workers)
    if capped and request.executor is None:
        note(capped)
    return found


def play(request: Request, plan: Plan, cells: list[Cell]) -> Played:
    """Every cell's rounds, on one cluster for the whole sweep with ``--executor``;
    Ctrl-C and the time budget stop them between two games."""
    from compiler.report.progress import Progress

    deadline = None if request.time_budget is None else \
        time.monotonic() + request.time_budget
    stop = Stop()
    progress = Progress("sweep", quiet=request.quiet)
    with interrupt.ctrl_c_stops(stop), \
            dask_run.optional_cluster(request.executor, request.workers) as cluster:
        return sweep_rounds.play(cells, plan, stop, deadline, progress, request.game,
                                 cluster)


def header(request: Request, spec: SimulationSpec, axes: tuple[sweep_grid.Axis, ...],
           plan: Plan) -> dict[str, Any]:
    """What the table is of: the game, the seed, the games a round, the bots, what was
    varied and the game's options that stayed the same."""
    varied = {axis.name for axis in axes}
    own = {o.name: request.values.get(o.name, o.default) for o in spec.options
           if o.name not in varied}
    return {"game": request.game, "seed": request.seed, "games_per_round": request.games,
            "bots": [b.strip() for b in request.bots.split(",")],
            "players": request.players, "options": own,
            "vary": [{"name": axis.name, "values": list(axis.values)} for axis in axes],
            "until_ci": plan.until_ci, "max_games": plan.max_games}


def notes(plan: Plan, cells: list[Cell], played: Played) -> list[str]:
    """What standard error says after the games: cells capped, a sweep cut short."""
    found = []
    if played.capped:
        found.append(f"samizdat: {len(played.capped)} of {len(cells)} cells reached "
                     f"--max-games {plan.max_games} before every interval was within "
                     f"+-{plan.until_ci}: "
                     + "; ".join(f"{sweep_grid.label(c.settings)} ({', '.join(c.wide)})"
                                 for c in played.capped))
    if played.stopped:
        missing = [c for c in cells if c.status == sweep_rounds.NOT_PLAYED]
        found.append(f"samizdat: {played.stopped}: the table covers the {played.games} "
                     f"games finished" + (f"; {len(missing)} cells not played"
                                          if missing else ""))
    return [safe(line) for line in found]


def write(request: Request, table: dict[str, Any]) -> Any:
    """The table as JSON, CSV and HTML in ``request.out_dir``; the diagnostic of a
    folder samizdat refuses to write into, else None."""
    from compiler.pdf.sweep_report import to_html
    from compiler.pipeline.output_files import OutputRefused, write_files

    assert request.out_dir is not None
    stem = f"{request.game}-sweep"
    try:
        write_files(request.out_dir, {
            f"{stem}.json": (sweep_table.to_json(table) + "\n").encode("utf-8"),
            f"{stem}.csv": sweep_table.to_csv(table).encode("utf-8"),
            f"{stem}.html": to_html(table)})
    except OutputRefused as refused:
        return refused.diagnostic
    return None
