"""``samizdat simulate`` as a chain of named steps: resolve the seats, load and check
the content, the engine's options, then play (or replay one game), fold the report,
write the report files and say it. :func:`run` returns what the command line prints
and its exit code; usage errors are :class:`~compiler.pipeline.command_output.Refused`."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compiler.pipeline import dask_run, interrupt, sim_run
from compiler.pipeline.command_output import Note, Printed, Refused, problem_line, safe
from compiler.pipeline.game_failed import failed_game
from rules_engine.core.budgets import GameCrashed, GameDidNotEnd
from rules_engine.core.plugin import SimulationSpec, Variants
from rules_engine.core.simulate import Simulation, Stop, Summary


@dataclass(frozen=True)
class Request:
    """What ``samizdat simulate`` was asked (``bots``: one name per seat, or one name
    for the game's usual seats; ``values``: the game's own options)."""

    game: str
    content: Path | None
    games: int
    seed: int
    workers: int = 1
    force_workers: bool = False
    time_budget: float | None = None
    bots: str = "random,random"
    replay: int | None = None
    report_dir: Path | None = None
    fmt: str = "text"
    quiet: bool = False
    values: dict[str, Any] | None = None
    executor: str | None = None     # None: local processes; "dask" or a tcp:// address
    players: int | None = None      # --players, when given (bots then fills that many)


@dataclass(frozen=True)
class Prepared:
    """The steps' product before play: the game's spec, the seats, the model, the
    options handed to the engine, the game's own option values and its variants."""

    spec: SimulationSpec
    seats: tuple[str, ...]
    model: Any
    options: tuple[tuple[str, Any], ...]
    own: dict[str, Any]
    variants: Variants | None

    @property
    def runs(self) -> int:
        return len(self.variants.values) if self.variants is not None else 1


def run(request: Request, note: Note) -> Printed:
    """The whole command: its output and exit code."""
    spec = game_spec(request.game)
    seats = resolve_seats(spec, request.bots, request.players)
    checked = load_content(request.game, request.content)
    if isinstance(checked, Printed):
        return checked
    prepared = engine_options(spec, seats, checked.models[request.game], request.values or {})
    try:
        if request.replay is not None:
            return replay(request, prepared)
        report, outcome = play(request, prepared, note)
    except sim_run.GamesFailed as failed:
        return failed_game(request.game, checked, request.content, failed.simulation,
                           failed.failure, request.fmt)
    except (GameCrashed, GameDidNotEnd) as failure:     # the game --replay plays
        return failed_game(request.game, checked, request.content,
                           Simulation(spec.setup, prepared.options), failure, request.fmt)
    exit_code = interrupt.INTERRUPTED_EXIT if outcome.stopped == "interrupted" else 0
    asked = request.games * prepared.runs
    if outcome.stopped:
        note(f"samizdat: {outcome.stopped}: the report covers the {outcome.played} "
             f"games finished of {asked}")
    if request.report_dir is not None:
        refused = write_report_files(request, report, outcome)
        if refused is not None:
            note(problem_line(refused))
            exit_code = max(exit_code, 1)
    if request.fmt == "json":
        return Printed([json.dumps(report, indent=2, sort_keys=True)], exit_code)
    return Printed(report_lines(request, prepared, report, outcome), exit_code)


def game_spec(game: str) -> SimulationSpec:
    """The simulation the game's plug-in declares."""
    from rules_engine.games import plugin

    declared = plugin(game)
    spec = declared.simulation if declared is not None else None
    if spec is None:
        raise Refused(f"{game} declares no simulation", "GAME")
    return spec


def resolve_seats(spec: SimulationSpec, bots: str, players: int | None = None
                  ) -> tuple[str, ...]:
    """One bot name per seat: one name alone fills the game's usual seats. Seats the
    game refuses are a usage error of ``--players`` when that count (``players``, as
    asked) is what it refuses, else of ``--bots``."""
    seats = tuple(b.strip() for b in bots.split(","))
    if len(seats) == 1:
        seats = seats * spec.seats
    expected = spec.check_seats(seats)
    if expected is None:
        return seats
    if players is not None and len(set(seats)) == 1 and \
            spec.check_seats(seats[:1] * spec.seats) is None:
        raise Refused(f"{players} seats of {seats[0]}; expected {expected}", "--players")
    raise Refused(expected, "--bots")


def load_content(game: str, content: Path | None) -> Any:
    """The validated ``content`` (default: the shipped content) holding the game's
    model, or what to print (the diagnostics, exit code 1) when it does not
    validate."""
    from compiler.frontend.paths import cards_root
    from compiler.frontend.validate import validate
    from compiler.report.reporters import REPORTERS

    checked = validate([content or cards_root() / game])
    if checked.errors:
        summary = {"errors": checked.errors, "warnings": checked.warnings}
        return Printed([REPORTERS["text"]().render(checked.diagnostics, summary,
                                                   checked.sources)], 1)
    if game not in checked.models:
        held = ", ".join(sorted(checked.models)) or "no game"
        raise Refused(f"{content} holds {held} content, not {game}", "--content")
    return checked


def engine_options(spec: SimulationSpec, seats: tuple[str, ...], model: Any,
                   values: dict[str, Any]) -> Prepared:
    """The options handed to the game's ``setup``: the content, the seats and what
    the game makes of its own options' values (an option the content cannot honour
    is a usage error of that option)."""
    from rules_engine.core.plugin import OptionError

    own = {o.name: values.get(o.name, o.default) for o in spec.options}
    options: tuple[tuple[str, Any], ...] = (("content", model), ("bots", seats))
    try:
        if spec.engine_options is not None:
            options += spec.engine_options(model, own)
    except OptionError as refused:
        raise Refused(refused.message, refused.option) from None
    variants = spec.variants(own) if spec.variants is not None else None
    return Prepared(spec, seats, model, options, own, variants)


def replay(request: Request, prepared: Prepared) -> Printed:
    """The game of seed ``request.replay``, step by step, with the counters the lint's
    findings read (task:, loop:, order:...) and how it ended."""
    from rules_engine.core.game import play_out
    from rules_engine.core.plugin import named

    seed = request.replay
    assert seed is not None
    spec = prepared.spec
    try:
        built, players, summarise = named(spec.setup)(
            seed, **dict((*prepared.options, *spec.replay_options)))
        state = built.new_initial_state(seed)
    except Exception as exc:    # the content's setup, as the runner says it (play_one)
        raise GameCrashed(seed, 0, f"{type(exc).__name__}: {exc}") from exc
    # the runner's bound, read from an instance: a compiled dataclass's class attribute
    # is a descriptor, not the default
    limit = Simulation(spec.setup).max_steps
    try:
        play_out(state, players, limit)
    except (GameCrashed, GameDidNotEnd) as failure:     # the moves up to it, then what
        if request.fmt == "json":
            raise                   # one document: the located error
        lines = [f"{number:5d}  {line}" for number, line in enumerate(state.log, start=1)]
        return Printed([*lines, safe(f"stopped: {failure}")], 1)
    summary = summarise(state)
    if request.fmt == "json":              # one document: the steps, the counters, the end
        return Printed([json.dumps({
            "game": request.game, "seed": seed, "bots": list(prepared.seats),
            "steps": [{"step": n, "line": line} for n, line in enumerate(state.log, start=1)],
            "counters": dict(sorted(summary[3].items())), "end": summary[2],
            "returns": list(state.returns())}, indent=2, sort_keys=True)])
    lines = [f"{number:5d}  {line}" for number, line in enumerate(state.log, start=1)]
    lines += [safe(f"counter {key}: {value}") for key, value in sorted(summary[3].items())]
    lines.append(f"end: {summary[2]}; returns {list(state.returns())}")
    return Printed(lines)


def play(request: Request, prepared: Prepared, note: Note
         ) -> tuple[dict[str, Any], sim_run.Outcome]:
    """Play the games (once per variant), folded into the report as they finish;
    Ctrl-C or the time budget stop them between two games."""
    from compiler.report.progress import Progress

    spec, own, variants = prepared.spec, prepared.own, prepared.variants
    workers, capped = sim_run.capped_workers(request.workers, request.force_workers)
    if capped and request.executor is None:
        note(capped)
    deadline = None if request.time_budget is None else \
        time.monotonic() + request.time_budget
    stop = Stop()
    simulation = Simulation(spec.setup, prepared.options)
    seats = len(prepared.seats)

    def folds() -> list[Any]:
        return spec.folds(prepared.model, own) if spec.folds is not None else []

    total = request.games * prepared.runs
    label = f"{request.game}: {total:,} games from seed {request.seed}"
    progress = Progress("simulate", quiet=request.quiet).stage(label, total)
    with progress, interrupt.ctrl_c_stops(stop), \
            dask_run.optional_cluster(request.executor, request.workers) as cluster:
        if variants is not None:
            report, outcome = each_variant(simulation, variants, request.games, request.seed,
                                           workers, seats, folds, stop, deadline, progress,
                                           cluster)
        else:
            folded = Summary(seats)
            extra = folds()
            outcome = sim_run.play(simulation, request.games, request.seed, workers,
                                   [folded, *extra], stop, deadline, progress, cluster)
            report = folded.result()
            for fold in extra:
                report |= fold.result()
        if spec.report_fields is not None:
            report |= spec.report_fields(own)
        if variants is not None:
            report[variants.report_key] = report.pop(variants.report_key)
    report |= {"game": request.game, "seed": request.seed, "bots": list(prepared.seats)}
    report |= sim_run.partial_marks(outcome, total)
    if spec.seat_names:
        report["seat_names"] = list(spec.seat_names)
    return report, outcome


def each_variant(simulation: Simulation, variants: Variants, games: int, seed: int,
                 workers: int, seats: int, folds: Callable[[], list[Any]], stop: Stop,
                 deadline: float | None, progress: Any, cluster: Any = None
                 ) -> tuple[dict[str, Any], sim_run.Outcome]:
    """The games once per value of ``variants.option`` (same seeds): all games summed,
    and each value's own report under ``variants.report_key`` (values not reached when
    stopped are left out)."""
    every, every_extra = Summary(seats), folds()
    parts = {}
    outcome = sim_run.Outcome()
    for value in variants.values:
        options = tuple((k, value if k == variants.option else v)
                        for k, v in simulation.options)
        own, own_extra = Summary(seats), folds()
        played = sim_run.play(replace(simulation, options=options), games, seed, workers,
                              [every, *every_extra, own, *own_extra], stop, deadline,
                              progress, cluster)
        outcome.played += played.played
        if played.played:
            part = own.result()
            for fold in own_extra:
                part |= fold.result()
            parts[value] = part
        if played.stopped:
            outcome.stopped = played.stopped
            break
    report = every.result()
    for fold in every_extra:
        report |= fold.result()
    report[variants.report_key] = parts
    return report, outcome


def write_report_files(request: Request, report: dict[str, Any], outcome: sim_run.Outcome
                       ) -> Any:
    """The report as HTML and PDF with charts in ``request.report_dir``; the
    diagnostic of a folder samizdat refuses to write into, else None."""
    from compiler.pdf.sim_report import to_html, to_pdf
    from compiler.pipeline.output_files import OutputRefused, write_files

    assert request.report_dir is not None
    title = f"samizdat simulate {request.game}: {report['games']} games from seed " \
            f"{request.seed}"
    if outcome.stopped:
        title += f" (partial: {outcome.stopped})"
    try:
        write_files(request.report_dir, {f"{request.game}-report.html": to_html(report, title),
                                         f"{request.game}-report.pdf": to_pdf(report, title)})
    except OutputRefused as refused:
        return refused.diagnostic
    return None


def report_lines(request: Request, prepared: Prepared, report: dict[str, Any],
                 outcome: sim_run.Outcome) -> list[str]:
    """The text report: win rates by seat, the first player, lengths, ends, what was
    bought and overthrown most, and the game's own lines."""
    spec, seats = prepared.spec, prepared.seats
    bots = request.bots if "," in request.bots else ",".join(seats)   # as asked
    lines = [f"{request.game}: {report['games']} games from seed {request.seed}, "
             f"bots {bots}"]
    if outcome.stopped:
        lines.append(f"  partial ({outcome.stopped}): {outcome.played} of "
                     f"{request.games * prepared.runs} games played")
    seat_names = ", ".join(spec.seat_labels(len(seats)))
    lines.append(f"  win rate by seat ({seat_names}): {report['win_rate_by_seat']}; "
                 f"draws {report['draw_rate']}")
    lines.append(f"  first player wins {report['first_player_win_rate']:.1%} of decided "
                 "games")
    lines.append(f"  mean turns {report['mean_turns']}; ends {report['ends']}")
    for prefix, label in (("bought:", "most bought"), ("overthrown:", "most overthrown")):
        counts = {k.split(":", 1)[1]: v for k, v in report["counters"].items()
                  if k.startswith(prefix)}
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        if top:
            lines.append(f"  {label}: {', '.join(f'{k} ({v})' for k, v in top)}")
    lines += spec.report_lines(report, prepared.model) if spec.report_lines is not None \
        else ()
    return lines
