"""The ``samizdat`` command line.

Exit codes for every command: 0 no errors, 1 errors found, 2 usage error or
internal failure. Heavy modules are imported inside the commands so that
``samizdat --help`` stays fast.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler import __version__
from compiler.cli_paths import ContentPath
from compiler.pdf.vendors import names as vendor_names
from rules_engine.games import GAME_IDS

F = TypeVar("F", bound=Callable[..., Any])
BROKEN_PIPE = 141          # the exit code of a command whose output was closed early


def _say(line: str, err: bool = False) -> None:
    """Print one line that may hold a name the user gave (a folder called
    ``x\\n::error::…``): control characters escaped, never a CI workflow command."""
    from compiler.report.reporters import no_command, printable

    click.echo(no_command(printable(line))[0], err=err)


def _guarded(func: F) -> F:
    """Turn an unexpected exception into exit code 2 with a one-line message."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except BrokenPipeError:   # the reader went away (`| head`): stop quietly
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(BROKEN_PIPE)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            from compiler.report.reporters import no_command, printable
            from rules_engine.core.diagnostics import clipped

            said = printable(clipped(f"{type(exc).__name__}: {exc}", 500))
            click.echo(no_command(f"samizdat: internal error: {said}")[0], err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


def _note(line: str) -> None:
    """One line on standard error, now (a pipeline's note)."""
    click.echo(line, err=True)


def _printed(printed: Any) -> None:
    """Print a pipeline's :class:`~compiler.pipeline.command_output.Printed` and exit with its
    code."""
    for line in printed.out:
        click.echo(line)
    for line in printed.err:
        click.echo(line, err=True)
    sys.exit(printed.exit_code)


def _refused(refused: Any) -> click.UsageError:
    """A pipeline's :class:`~compiler.pipeline.command_output.Refused` as click's usage error."""
    if refused.param is None:
        return click.UsageError(refused.message)
    return click.BadParameter(refused.message, param_hint=refused.param)


def _templates_option(func: F) -> F:
    """The ``--templates DIR`` option of validate, lint and build."""
    return click.option(
        "--templates", type=ContentPath(exists=True, file_okay=False), default=None,
        help="A folder whose <game>/layouts/*.yaml, <game>/mats/*.yaml and "
        "<game>/rules.yaml override the shipped ones.")(func)


def _content_paths(paths: tuple[Path, ...]) -> list[Path]:
    """The paths a content command checks: those given, else the content found where
    it runs (:func:`compiler.frontend.discover.default_paths`); none found is exit 2, said."""
    if paths:
        return list(paths)
    from compiler.frontend.discover import EXPECTED, default_paths

    here = Path.cwd()
    found = default_paths(here)
    if not found:
        _say(f"samizdat: no content found in {here}: expected {EXPECTED}; name the "
             "folder to check, for example `samizdat lint cards`", err=True)
        sys.exit(2)
    return found


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="samizdat")
def main() -> None:
    """samizdat: compile and validate print-and-play board-game content."""
    # A file name that is not UTF-8 reaches reports as lone surrogates: written escaped
    # (\udcff), never an internal error on a strict UTF-8 terminal.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


@main.command()
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@_templates_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print diagnostics.")
@_guarded
def validate(paths: tuple[Path, ...], templates: Path | None, fmt: str) -> None:
    """Check content and its games' templates: YAML, schemas, references, component
    counts, layouts and rules data.

    PATHS may be cards/, a game folder, a campaign folder (also one outside this
    repository), a folder holding campaign folders or a file inside one. Without
    PATHS: the content of the folder it runs in (see docs/ci.md).
    """
    from compiler.pipeline.validate_command import run

    _printed(run(_content_paths(paths), templates, fmt))




def _offset(_: click.Context, __: click.Parameter, value: str | None
            ) -> tuple[float, float] | None:
    from compiler.frontend.build_config import offset_problem

    if value is None:
        return None
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected X,Y in mm, for example 0.5,-0.3") from None
    problem = offset_problem(x, y)
    if problem:
        raise click.BadParameter(problem)
    return x, y


def _stamp_date(_: click.Context, __: click.Parameter, value: str | None) -> str | None:
    """--stamp-date: YYYY-MM-DD or ``today``; by default the date SOURCE_DATE_EPOCH
    gives (the reproducible-builds convention), else none (an undated stamp)."""
    import datetime
    import os

    if value is None:
        epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
        if not epoch:
            return None
        try:
            moment = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        except (ValueError, OverflowError, OSError):
            raise click.BadParameter(f"SOURCE_DATE_EPOCH={epoch!r} is not a number of "
                                     "seconds since 1970") from None
        return moment.date().isoformat()
    if value == "today":
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise click.BadParameter("expected a date as YYYY-MM-DD, or today") from None


def _budget(_: click.Context, __: click.Parameter, value: float | None) -> float | None:
    if value is not None and math.isnan(value):
        raise click.BadParameter("expected a number of seconds")
    return value


def _quiet(func: F) -> F:
    """The ``--quiet`` option: no progress of long steps on standard error."""
    return click.option("--quiet", "-q", is_flag=True,
                        help="No progress of long steps on standard error.")(func)


def _time_budget(help_text: str) -> Callable[[F], F]:
    """The ``--time-budget SECONDS`` option (a positive number, never NaN)."""
    return click.option("--time-budget", type=click.FloatRange(0, min_open=True),
                        default=None, callback=_budget, metavar="SECONDS", help=help_text)


def _executor(ctx: click.Context, param: click.Parameter, value: str) -> str | None:
    """``--executor``: None for local processes, "dask" or a tcp:// address."""
    from compiler.pipeline.dask_run import parse

    try:
        return parse(value)
    except ValueError as problem:
        raise click.BadParameter(str(problem), ctx, param) from None


def _run_playing(run: Callable[[Any, Callable[[str], None]], Any], request: Any) -> None:
    """Run a command that plays games and print what it says: a usage error, an
    executor that cannot be used, or a second Ctrl-C (one before the games started)
    said as the command line says them."""
    from compiler.pipeline import dask_run
    from compiler.pipeline.command_output import Refused

    try:
        printed = run(request, _note)
    except Refused as refused:
        raise _refused(refused) from None
    except dask_run.DaskUnavailable as problem:
        raise click.UsageError(str(problem)) from None
    except KeyboardInterrupt:
        from compiler.pipeline.interrupt import INTERRUPTED_EXIT

        click.echo("samizdat: interrupted", err=True)
        sys.exit(INTERRUPTED_EXIT)
    _printed(printed)


def _executor_option(help_text: str) -> Callable[[F], F]:
    """The ``--executor local|dask|dask://HOST:PORT`` option."""
    return click.option("--executor", default="local", show_default=True, callback=_executor,
                        metavar="local|dask|dask://HOST:PORT", help=help_text)


@main.command()
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--out", "out_dir", type=ContentPath(),
              default=Path("output"), show_default=True, help="Output folder.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "a2", "a1", "a0"]),
              default=None, help="Paper for sheets; mats larger than it are tiled (a2/a1/a0: "
              "one page). Default: the settings file's, else a4.")
@click.option("--sheet", "mode", type=click.Choice(["duplex", "gutterfold"]), default=None,
              help="Home sheets: duplex pages or gutter-fold. Default: the settings file's, "
              "else duplex.")
@click.option("--back-offset", default=None, callback=_offset,
              help="Shift the backs by X,Y mm to correct a printer's duplex drift. Default: "
              "the settings file's, else 0,0.")
@click.option("--instructions/--no-instructions", default=None,
              help="Open each deck's home sheets with a page of print instructions, a scale "
              "ruler and a version stamp. Default: the settings file's, else on.")
@click.option("--stamp-date", default=None, callback=_stamp_date, metavar="YYYY-MM-DD|today",
              help="The date the instructions page prints (default: SOURCE_DATE_EPOCH's, "
              "else none, so that builds stay byte-identical).")
@click.option("--config", "config_file", type=ContentPath(dir_okay=False), default=None,
              help="Settings file for [build] (default: the nearest samizdat.toml or "
              "pyproject.toml with [tool.samizdat]).")
@click.option("--lang", "langs", default=None, metavar="CODES",
              help="Build the cards in these languages (en,ar,hi), each into "
              "<out>/<game>/<code>/ (templates/<game>/lang/<code>/).")
@click.option("--allow-fallback", is_flag=True,
              help="With --lang: print a missing translation in English (a warning, "
              "T101/T102) instead of stopping (an error).")
@click.option("--print-ready", type=click.Choice(vendor_names()), default=None,
              help="Also write every card face with bleed for a print vendor "
              "(templates/common/vendors/).")
@click.option("--icc-profile", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The CMYK ICC profile a CMYK vendor (drivethru, offset) converts into "
              "(default: the system's first CMYK profile).")
@click.option("--png", is_flag=True, help="Also write a 300 dpi PNG of every card side.")
@click.option("--preflight", is_flag=True,
              help="Also report what would print badly: small text, outside the safe zone, "
              "low contrast, no bleed, overlaps, empty boxes, CMYK gamut (B637-B643).")
@click.option("--min-text", type=click.FloatRange(1, 72), default=6.0, show_default=True,
              help="Preflight: the smallest text size (pt) to accept.")
@click.option("--cut-marks", type=click.Choice(["none", "silhouette", "cricut"]),
              default="none", show_default=True,
              help="Cutting machine: Silhouette registration marks on the duplex fronts, "
              "or Cricut Print Then Cut images; with an SVG cut file in cut/.")
@click.option("--proof", is_flag=True, help="Draw cut and safe lines and card ids.")
@click.option("--force", is_flag=True, help="Build even when content has errors.")
@click.option("--jobs", type=click.IntRange(0, 64), default=0, show_default=True,
              help="Prepare and render decks in N processes (0: one per CPU core).")
@_templates_option
@click.option("--cards-only", is_flag=True,
              help="Only card sheets: no mats, rules reference or player aid.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print diagnostics.")
@_quiet
@_guarded
def build(paths: tuple[Path, ...], out_dir: Path, paper: str | None, mode: str | None,
          back_offset: tuple[float, float] | None, instructions: bool | None,
          stamp_date: str | None, config_file: Path | None, langs: str | None,
          allow_fallback: bool, print_ready: str | None,
          icc_profile: Path | None, png: bool, preflight: bool, min_text: float,
          cut_marks: str, proof: bool, force: bool, jobs: int, templates: Path | None,
          cards_only: bool, fmt: str, quiet: bool) -> None:
    """Build print files: card sheets (and print-ready cards, PNGs) for every game.

    Validation runs first; errors stop the build (exit 1) unless --force. Paper, sheet,
    back offset and the instructions page may be set in the [build] table of
    samizdat.toml; the command line wins.
    """
    from compiler.pipeline.build_command import run
    from compiler.pipeline.build_types import BuildOptions

    settings = _build_settings(config_file)
    from_file = back_offset is None and settings.back_offset is not None
    paper = paper or settings.paper or "a4"
    mode = mode or settings.sheet or "duplex"
    back_offset = back_offset or settings.back_offset or (0.0, 0.0)
    if instructions is None:
        instructions = settings.instructions if settings.instructions is not None else True
    if mode == "gutterfold" and back_offset != (0.0, 0.0) and from_file:
        back_offset = (0.0, 0.0)     # the printer's drift: nothing to correct on one side
    if mode == "gutterfold" and back_offset != (0.0, 0.0):
        raise click.BadOptionUsage("back_offset", "--back-offset shifts the backs of duplex "
                                   "sheets; a gutter-fold sheet prints each back beside its "
                                   "front, so there is no duplex drift to correct")
    if mode == "gutterfold" and cut_marks != "none":
        raise click.BadOptionUsage("cut_marks", "--cut-marks needs duplex sheets: a "
                                   "gutter-fold sheet is folded and glued before it is cut, "
                                   "and a cutting machine cannot cut through the fold")
    options = BuildOptions(out_dir, paper, mode, back_offset, print_ready, png, proof, force,
                           jobs, templates, extras=not cards_only, icc_profile=icc_profile,
                           preflight=preflight, min_text=min_text,
                           cut_marks=None if cut_marks == "none" else cut_marks,
                           instructions=instructions, stamp_date=stamp_date,
                           langs=_languages(langs), allow_fallback=allow_fallback)
    _printed(run(_content_paths(paths), options, fmt, quiet, _note))


def _languages(value: str | None) -> tuple[str, ...]:
    """--lang as codes; a code that cannot be one is a usage error."""
    from compiler.i18n.languages import CODE, requested

    codes = requested(value)
    if value is not None and not codes:
        raise click.BadParameter("expected language codes such as ar or en,ar,hi",
                                 param_hint="--lang")
    for code in codes:
        if not CODE.match(code):
            raise click.BadParameter(f"{code!r} is not a language code (expected one like "
                                     "ar, hi or pt-BR)", param_hint="--lang")
    return codes


def _build_settings(config_file: Path | None) -> Any:
    """The [build] settings of the named or nearest settings file; one that cannot be
    used is said (C101) with exit code 2."""
    from compiler.frontend.build_config import BuildSettings, load_build_settings
    from compiler.frontend.lint_config import ConfigProblem, find_config

    found = config_file or find_config(Path.cwd())
    if found is None:
        return BuildSettings()
    try:
        return load_build_settings(found)
    except ConfigProblem as problem:
        from compiler.report.reporters import text_line

        _note(text_line(problem.diagnostic))
        sys.exit(2)


class _GameOptionsCommand(click.Command):
    """A command that also takes the options every game's plug-in declares for it
    (:class:`rules_engine.core.plugin.SimOption`), added when first parsed or shown, so
    that ``samizdat --help`` imports no plug-in."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not getattr(self, "_games_added", False):
            self._games_added = True
            known = {p.name for p in self.params}
            for option in _declared_options():
                if option.name not in known:
                    known.add(option.name)
                    self.params.append(_click_option(option))
            for param in self.params:
                if param.name == "bots" and isinstance(param, click.Option):
                    param.help = _bots_help()
                if param.name == "players" and isinstance(param, click.Option):
                    param.help = _players_help()
        return super().get_params(ctx)


def _declared_options() -> list[Any]:
    """Every game's own simulate options, games in registry order."""
    from rules_engine.games import plugins

    return [o for p in plugins() if p.simulation is not None for o in p.simulation.options]


def _click_option(option: Any) -> click.Option:
    """The click option of a game's :class:`~rules_engine.core.plugin.SimOption`."""
    kind: Any = None
    if option.choices:
        kind = click.Choice(list(option.choices))
    elif option.int_range is not None:
        kind = click.IntRange(*option.int_range)
    return click.Option([option.flag_name, option.name], is_flag=option.flag,
                        type=None if option.flag else kind, default=option.default,
                        show_default=option.show_default, help=option.help)


def _bots_help() -> str:
    """--bots' help: one bot per seat, and each game's bots beside random."""
    from rules_engine.games import plugins

    named = "; ".join(f"{p.id}: {p.simulation.bots_help}" for p in plugins()
                      if p.simulation is not None and p.simulation.bots_help)
    return "One bot per seat: random, or a bot a game names" + (f" ({named})." if named
                                                                  else ".")


def _players_help() -> str:
    """--players' help: each game's usual seat count, games of one count together
    ("4 for A and B, 2 for C")."""
    from rules_engine.games import plugins

    by_seats: dict[int, list[str]] = {}
    for p in plugins():
        if p.simulation is not None:
            by_seats.setdefault(p.simulation.seats, []).append(p.title or p.id)
    counts = ", ".join(f"{seats} for {' and '.join(games)}"
                       for seats, games in by_seats.items())
    return ("How many seats (with one --bots name; default: the game's usual count"
            + (f", {counts}" if counts else "") + ").")


@main.command(cls=_GameOptionsCommand)
@click.argument("game", type=click.Choice(list(GAME_IDS)))
@click.option("--content", type=ContentPath(exists=True, file_okay=False),
              default=None, help="The game's content folder (default: the shipped one).")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes (at most the processors this process may use).")
@click.option("--force-workers", is_flag=True,
              help="Start every worker asked for, even more than there are processors.")
@_executor_option("Where the games run: this machine's processes, a local Dask cluster of "
                  "--workers processes, or the Dask scheduler at HOST:PORT (needs "
                  "pip install 'samizdat[dask]'). The same seed gives the same report on "
                  "each.")
@_time_budget("Start no game after this long; report the games finished, marked "
              "partial.")
@click.option("--bots", default="random", show_default=True,
              help="One bot per seat: random, or a bot the game names; one name alone "
                   "fills every seat.")
@click.option("--players", type=click.IntRange(2, 8), default=None,
              help="How many seats (with one --bots name; default: the game's usual "
                   "count).")
@click.option("--replay", type=int, default=None, help="Print the game of this seed, step by step.")
@click.option("--report", "report_dir", type=ContentPath(), default=None,
              help="Also write the report as HTML and PDF with charts into this folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@_quiet
@_guarded
def simulate(game: str, content: Path | None, games: int, seed: int, workers: int,
             force_workers: bool, executor: str | None, time_budget: float | None, bots: str,
             players: int | None, replay: int | None, report_dir: Path | None, fmt: str,
             quiet: bool, **game_options: Any) -> None:
    """Play seeded games with bots and report (win rates, first player, lengths, ends).

    The same seed gives the same report whatever --workers is. Ctrl-C (or the end
    of --time-budget) stops the games: the report of the games finished, from the
    first seed on, is still given, marked partial; after Ctrl-C the exit code is 130.
    Options named after a game are that game's own (its plug-in declares them).
    """
    from compiler.pipeline.simulate import Request, run

    request = Request(game, content, games, seed, workers, force_workers, time_budget,
                      _seat_list(bots, players), replay, report_dir, fmt, quiet, game_options,
                      executor, players)
    _run_playing(run, request)


def _seat_list(bots: str, players: int | None) -> str:
    """``--bots`` as one name per seat: one name alone fills ``players`` seats (else
    the game's usual count, filled in later); a list must have ``players`` names."""
    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        return ",".join(names * players) if players else names[0]
    if players is not None and players != len(names):
        raise click.BadParameter(f"{len(names)} bots for {players} players: give one "
                                 "name per seat, or one name for every seat",
                                 param_hint="--bots")
    return bots


def _width(_: click.Context, __: click.Parameter, value: float | None) -> float | None:
    if value is not None and math.isnan(value):
        raise click.BadParameter("expected a number above 0, at most 1")
    return value


@main.command(cls=_GameOptionsCommand)
@click.argument("game", type=click.Choice(list(GAME_IDS)))
@click.option("--vary", multiple=True, metavar="NAME=VALUES",
              help="A setting to vary (repeatable): players, bots or one of the game's "
              "own options; VALUES a comma list, A..B (whole numbers) or all. Every "
              "combination is one cell.")
@click.option("--content", type=ContentPath(exists=True, file_okay=False),
              default=None, help="The game's content folder (default: the shipped one).")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="Games per cell (per round with --until-ci).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first game; every cell plays the same seeds.")
@click.option("--bots", default="random", show_default=True,
              help="The bots of every cell (one name fills every seat) unless --vary bots.")
@click.option("--players", type=click.IntRange(2, 8), default=None,
              help="Seats of every cell unless --vary players (default: the game's usual "
              "count).")
@click.option("--until-ci", type=click.FloatRange(0, 1, min_open=True), default=None,
              callback=_width, metavar="W",
              help="Play rounds of --games more games a cell until every rate's 95 % "
              "interval is within +-W (game length: +-W times the mean).")
@click.option("--max-games", type=click.IntRange(1, 10_000_000), default=None,
              help="With --until-ci: at most this many games a cell (default 100000).")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes (at most the processors this process may use).")
@click.option("--force-workers", is_flag=True,
              help="Start every worker asked for, even more than there are processors.")
@_executor_option("Where the games run (one cluster for the whole sweep); as simulate's.")
@_time_budget("Start no game after this long; write the table of the games finished, "
              "marked partial.")
@click.option("--out", "out_dir", type=ContentPath(), default=None,
              help="Also write <game>-sweep.json, .csv and .html into this folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@_quiet
@_guarded
def sweep(game: str, vary: tuple[str, ...], content: Path | None,
          games: int, seed: int, bots: str, players: int | None, until_ci: float | None,
          max_games: int | None, workers: int, force_workers: bool, executor: str | None,
          time_budget: float | None, out_dir: Path | None, fmt: str, quiet: bool,
          **game_options: Any) -> None:
    """Play every cell of a grid of settings and tabulate each figure with its 95 %
    interval (win rates by seat, first player, game length, the game's own figures).

    Ctrl-C (or the end of --time-budget) stops the games: the table of the games
    finished is still given and written, marked partial; after Ctrl-C the exit code
    is 130. Options named after a game are that game's own, the same in every cell.
    """
    from click.core import ParameterSource

    from compiler.pipeline.sweep import Request, run

    ctx = click.get_current_context()
    for text in vary:
        name = text.partition("=")[0].strip().replace("-", "_")
        if name in ctx.params and ctx.get_parameter_source(name) == \
                ParameterSource.COMMANDLINE:
            raise click.BadParameter(f"{name} is both varied and set with "
                                     f"--{name.replace('_', '-')}: give one",
                                     param_hint="--vary")
    request = Request(game, vary, content, games, seed, bots, players, workers,
                      force_workers, executor, time_budget, until_ci, max_games, out_dir, fmt,
                      quiet, game_options)
    _run_playing(run, request)


@main.command("diff")
@click.argument("base")
@click.argument("head")
@click.argument("path", required=False)
@click.option("--game", type=click.Choice(list(GAME_IDS)), default=None,
              help="Only this game (default: every game both versions hold).")
@click.option("--games", type=click.IntRange(10, 1_000_000), default=500, show_default=True,
              help="Games per side and run (each AZADI campaign is a run); more games "
              "find smaller changes.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--bots", default=None,
              help="One bot per seat, or one name for every seat (default: AZADI greedy, "
              "SAN propaganda,hacking, Spring random).")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes (at most the processors this process may use).")
@_executor_option("Where the games run, as for simulate; the same seed gives the same "
                  "report on each.")
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True,
              help="Family-wise level: a figure moved when significant at it after Holm's "
              "correction over every figure tested.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json", "sarif",
                                                    "github"]),
              default="text", show_default=True,
              help="markdown: a pull-request comment; sarif and github: a finding at each "
              "card that moved (D101) and at the manifest for the game's figures (D102).")
@click.option("--out", type=ContentPath(dir_okay=False), default=None,
              help="Write the report to this file (atomically) instead of standard output.")
@click.option("--fail-on-change", is_flag=True,
              help="Exit with code 1 when a figure moved (default: 0, a report, not a "
              "verdict).")
@_quiet
@_guarded
def diff(base: str, head: str, path: str | None, game: str | None, games: int, seed: int,
         bots: str | None, workers: int, executor: str | None, alpha: float, fmt: str,
         out: Path | None, fail_on_change: bool, quiet: bool) -> None:
    """What a change did to the game: play the same seeds on BASE and HEAD and report
    the figures that moved beyond noise (win rates, draws, the first player, game
    length, the azadi rate, each card's use and completion).

    BASE and HEAD are each a folder, used as it is, or a git revision of the
    repository the command runs in, whose PATH (default: .) is read at that
    revision; for example `samizdat diff origin/main HEAD campaigns/`. Content errors
    on either side are printed and exit 1. See README "Balance diffs" and
    docs/ci.md.
    """
    from compiler.diff.runs import Plan
    from compiler.pipeline.diff_command import Request, run

    request = Request(base, head, path, Plan(games, seed, bots, workers, executor, quiet),
                      game, alpha, fmt, out, fail_on_change)
    _run_playing(run, request)


@main.command()
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--fast", is_flag=True, help="Only the static analyses, no simulated games.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Simulated analyses: games per question.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--alternate-history", is_flag=True,
              help="Check every Mandate with every campaign.")
@click.option("--select", multiple=True, help="Only codes starting with this (repeatable).")
@click.option("--ignore", multiple=True, help="Skip codes starting with this (repeatable).")
@click.option("--error-on-warning", is_flag=True, help="Treat warnings as errors.")
@click.option("--preflight", is_flag=True,
              help="Also fit every card and report what would print badly (B637-B643).")
@click.option("--min-text", type=click.FloatRange(1, 72), default=6.0, show_default=True,
              help="Preflight: the smallest text size (pt) to accept.")
@click.option("--lang", "langs", default=None, metavar="CODES",
              help="Also check the cards in these languages: translations (T101-T106) "
              "and, with --preflight, fitting and preflight in each.")
@click.option("--allow-fallback", is_flag=True,
              help="With --lang: a missing or stale translation is a warning, not an error.")
@click.option("--config", "config_file", type=ContentPath(dir_okay=False),
              default=None, help="Settings file (default: the nearest samizdat.toml or "
              "pyproject.toml with [tool.samizdat]).")
@click.option("--baseline", "baseline_file", type=ContentPath(),
              default=None, help="Accept the findings listed in this file.")
@click.option("--write-baseline", is_flag=True,
              help="Write the current findings to the baseline file and exit 0.")
@_time_budget("Start no simulated analysis after this long; a warning (R101) names "
              "those that did not run.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif", "github"]),
              default="text", show_default=True)
@click.option("--verbose", is_flag=True,
              help="Print the traceback of each analysis that raised (R104) on stderr.")
@_templates_option
@_executor_option("Where the simulated analyses play their games: this machine's processes, "
                  "a local Dask cluster, or the Dask scheduler at HOST:PORT (needs pip "
                  "install 'samizdat[dask]'). The findings are the same on each.")
@click.option("--mutants", is_flag=True,
              help="Measure the lint instead: edit copies of the content in every small "
              "way (numbers, values, references, lists, numbers in texts) and report "
              "how many edits the static lint finds at the edited item.")
@click.option("--mutant-sample", type=click.IntRange(0, 1_000_000), default=0,
              show_default=True, help="With --mutants: classify this many (0: all), "
              "spread over the operators and chosen by --seed.")
@click.option("--fail-under", type=click.FloatRange(0, 100), default=None,
              help="With --mutants: exit 1 when a folder's score (%) is lower.")
@_quiet
@_guarded
def lint(paths: tuple[Path, ...], fast: bool, games: int, seed: int, alternate_history: bool,
         select: tuple[str, ...], ignore: tuple[str, ...], error_on_warning: bool,
         preflight: bool, min_text: float, langs: str | None, allow_fallback: bool,
         config_file: Path | None,
         baseline_file: Path | None, write_baseline: bool,
         time_budget: float | None, fmt: str, verbose: bool, templates: Path | None,
         executor: str | None, mutants: bool, mutant_sample: int, fail_under: float | None,
         quiet: bool) -> None:
    """Validate content and check every interaction between its cards.

    Suppress a finding with `# samizdat: ignore[CODE]` on the line it points at,
    per path in the settings file, or with a baseline. Ctrl-C (or the end of
    --time-budget) stops the simulated analyses: a warning (R101) names those that
    did not run; after Ctrl-C the exit code is 130. With --mutants, a mutation score
    of the lint on this content instead (README "Mutation score").
    """
    if mutants:
        from compiler.pipeline import mutants_command
        from rules_engine.core.run_cache import workers

        _run_playing(mutants_command.run, mutants_command.Request(
            _content_paths(paths), mutant_sample, seed, "json" if fmt == "json" else "text",
            workers(), fail_under, quiet=quiet))
        return
    from compiler.pipeline.lint_command import Request, run

    request = Request(_content_paths(paths), fast, games, seed, alternate_history, select,
                      ignore, error_on_warning, config_file, baseline_file, write_baseline,
                      time_budget, fmt, verbose, quiet, templates, preflight, min_text,
                      _languages(langs), allow_fallback, executor)
    _run_playing(run, request)


@main.command()
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--out", "out_dir", type=ContentPath(), default=Path("output"),
              show_default=True, help="Folder to write calibrate-<paper>.pdf into.")
@_guarded
def calibrate(paper: str, out_dir: Path) -> None:
    """Write a duplex calibration sheet: print it double-sided, hold it to the light and
    read the --back-offset your printer needs off its scales."""
    from compiler.pdf.calibrate import sheet
    from compiler.pipeline.output_files import OutputRefused, write_files

    name = f"calibrate-{paper}.pdf"
    try:
        write_files(out_dir, {name: sheet(paper)})
    except OutputRefused as refused:
        from compiler.pipeline.command_output import problem_line

        _say(problem_line(refused.diagnostic), err=True)
        sys.exit(1)
    _say(f"wrote {out_dir / name}")


@main.group()
def i18n() -> None:
    """Translations: what each language has, and the catalogues translators fill in."""


def _i18n_games(paths: tuple[Path, ...]) -> Any:
    """The validated content of ``paths``; errors in it stop the command (exit 1)."""
    from compiler.frontend.load import load
    from compiler.report.reporters import text_line

    checked = load(_content_paths(paths), extras=False).validation
    errors = [d for d in checked.diagnostics if d.severity.value == "error"]
    if errors:
        for diagnostic in errors:
            _note(text_line(diagnostic))
        sys.exit(1)
    return checked


@i18n.command("status")
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--lang", "langs", default=None, metavar="CODES",
              help="Only these languages (default: every one each game ships).")
@_guarded
def i18n_status(paths: tuple[Path, ...], langs: str | None) -> None:
    """Per game and language: phrases translated, card fields translated, stale and
    missing."""
    from compiler.i18n import extract
    from compiler.i18n.languages import LanguageProblem
    from compiler.report.reporters import text_line

    checked = _i18n_games(paths)
    lines: list[str] = []
    for game, model in sorted(checked.models.items()):
        roots = [Path(r) for r in checked.content_roots.get(game, [])]
        try:
            found = [extract.status(game, model, roots, language)
                     for language in extract.available_languages(game, _languages(langs))]
        except LanguageProblem as problem:
            _note(text_line(problem.diagnostic))
            sys.exit(1)
        lines += extract.report(found) if found else [f"{game}: no languages but English"]
    for line in lines:
        _say(line)


@i18n.command("extract")
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--lang", "langs", required=True, metavar="CODES",
              help="The languages whose catalogues to write (ar or ar,hi).")
@_guarded
def i18n_extract(paths: tuple[Path, ...], langs: str) -> None:
    """Write (or bring up to date) each content folder's lang/<code>.po: one entry per
    printed field of the content's own words, translations kept, changed ones fuzzy."""
    from compiler.i18n import extract
    from compiler.i18n.languages import LanguageProblem, language
    from compiler.pipeline.output_files import OutputRefused, write_files
    from compiler.report.reporters import text_line
    from compiler.text.faces import builder

    named = [p.resolve() for p in _content_paths(paths)]
    checked = _i18n_games(paths)
    for game, model in sorted(checked.models.items()):
        roots = [Path(r) for r in checked.content_roots.get(game, [])]
        # only the folders named (or found here) get a catalogue: the base game a
        # campaign kept elsewhere builds on is samizdat's, never written to
        mine = [r for r in roots if any(r.resolve().is_relative_to(p) for p in named)]
        for other in (r for r in roots if r not in mine):
            _note(f"samizdat: not writing {other}: it is not a folder you named")
        roots = mine
        fields = extract.own_words(game, model, builder(game)(model))
        for code in _languages(langs):
            try:
                written = extract.catalogues(fields, roots, language(game, code))
            except LanguageProblem as problem:
                _note(text_line(problem.diagnostic))
                sys.exit(1)
            for target, data in written.items():
                try:
                    write_files(target.parent, {target.name: data})
                except OutputRefused as refused:
                    from compiler.pipeline.command_output import problem_line

                    _say(problem_line(refused.diagnostic), err=True)
                    sys.exit(1)
                _say(f"wrote {target}")


@main.command()
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--port", type=click.IntRange(0, 65535), default=8008, show_default=True,
              help="The preview's port on 127.0.0.1 (0: any free port).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True,
              help="Where each save's print files are rebuilt.")
@click.option("--no-build", is_flag=True, help="Only the preview: no print files.")
@_templates_option
@_guarded
def watch(paths: tuple[Path, ...], port: int, out_dir: Path, no_build: bool,
          templates: Path | None) -> None:
    """Rebuild on every save and show the cards in a preview page that updates itself
    (http://127.0.0.1:PORT/, this machine only). A content error shows in the page and
    here, at its line, and the last good cards stay. Ctrl-C stops."""
    import time as clock

    from compiler.pipeline.build import build
    from compiler.pipeline.build_types import BuildOptions
    from compiler.report.reporters import text_line
    from compiler.watch.files import Watcher
    from compiler.watch.server import make_server
    from compiler.watch.session import Session

    targets = _content_paths(paths)
    said: set[str] = set()

    def print_build() -> None:
        if no_build:
            return
        result = build(targets, BuildOptions(out_dir))
        lines = {text_line(d) for d in result.diagnostics}
        for line in sorted(lines - said):
            _say(line)
        said.clear()
        said.update(lines)
        if result.written:
            _say(f"samizdat watch: print files rebuilt in {out_dir} ({result.cards} cards)")

    session = Session(targets, templates)
    try:
        server, _ = make_server(session, port)
    except OSError as problem:
        raise click.UsageError(f"--port {port}: {problem.strerror or problem}") from None
    import threading

    threading.Thread(target=server.serve_forever, name="samizdat-preview", daemon=True).start()
    _say(f"samizdat watch: preview at http://127.0.0.1:{server.server_address[1]}/ "
         "(Ctrl-C stops)")

    def refresh(saved_at: float) -> None:
        state = session.refresh(saved_at)
        if session.state.problems:
            for problem in state.problems:
                _say(f"{problem.where}: {problem.severity} {problem.code} {problem.message}")
        else:
            _say(f"samizdat watch: version {state.version} ready in "
                 f"{clock.time() - saved_at:.2f} s after the save")
        print_build()

    refresh(clock.time())
    folders = [p if p.is_dir() else p.parent for p in targets]
    watcher = Watcher(folders + ([templates] if templates else []), refresh,
                      ignore=[out_dir])
    watcher.start()
    try:
        while True:
            clock.sleep(3600)
    except KeyboardInterrupt:
        watcher.stop()
        server.shutdown()
        _say("samizdat watch: stopped")


@main.group()
def export() -> None:
    """Export the content for other tools: Tabletop Simulator, spreadsheets."""


@export.command("tts")
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True,
              help="Writes <out>/<game>/tts/: the images and the saved objects.")
@click.option("--base-url", default=None, metavar="URL",
              help="Where the images will be uploaded (https://host/folder/): the saved "
              "objects name each image as URL + its file name. Default: the output "
              "folder's file:// URL, which Tabletop Simulator on this machine loads.")
@_templates_option
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Processes drawing the decks (0: one per processor, at most 8); the "
              "files are the same whatever the number.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@_guarded
def export_tts(paths: tuple[Path, ...], out_dir: Path, base_url: str | None,
               templates: Path | None, jobs: int, fmt: str) -> None:
    """Every deck as a Tabletop Simulator deck (card sheets of at most 10 x 7, the last
    slot the hidden card, at most 4096 px), boards as custom boards and punch sheets as
    bags of custom tokens, rendered from the same drawings as the print files. Copy the
    .json files to TTS's Saves/Saved Objects folder."""
    from compiler.pipeline.command_output import problem_line
    from compiler.pipeline.export_tts import export as export_games
    from compiler.pipeline.output_files import OutputRefused, write_files
    from compiler.report.reporters import REPORTERS

    if base_url is not None and not base_url.endswith("/"):
        base_url += "/"
    from compiler.pipeline.build_command import workers

    result = export_games(_content_paths(paths), out_dir, base_url, templates,
                          workers(jobs, _note))
    errors = sum(1 for d in result.diagnostics if d.severity.value == "error")
    summary = {"decks": result.decks, "cards": result.cards, "errors": errors,
               "files": sum(len(files) for files in result.files.values()) if not errors
               else 0}
    click.echo(REPORTERS[fmt]().render(result.diagnostics, summary, {}))
    if errors:
        sys.exit(1)
    for game, files in sorted(result.files.items()):
        folder = out_dir / game / "tts"
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            write_files(folder, files)
        except OutputRefused as refused:
            _say(problem_line(refused.diagnostic), err=True)
            sys.exit(1)
        if fmt == "text":
            _say(f"wrote {folder}/ ({len(files)} files)")


@export.command("sheet")
@click.argument("paths", nargs=-1, type=ContentPath(exists=True))
@click.option("--out", "out_file", type=ContentPath(dir_okay=False), required=True,
              metavar="FILE.xlsx|FILE.csv",
              help="The spreadsheet to write: a workbook with one sheet per kind of item, "
              "or a .csv file when there is one kind.")
@click.option("--kind", "kinds", multiple=True, metavar="KIND",
              help="Only this kind of item (a sheet's name: cards, resistance_cards...); "
              "may be given several times.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print diagnostics.")
@_guarded
def export_sheet(paths: tuple[Path, ...], out_file: Path, kinds: tuple[str, ...],
                 fmt: str) -> None:
    """One game's items as a spreadsheet: a sheet per kind of item, a row per item, a
    column per field (nested values in one cell, docs/spreadsheets.md), and a file
    column naming each item's YAML file. Edit it and bring it back with `samizdat
    import sheet`."""
    from compiler.pipeline.command_output import Refused
    from compiler.pipeline.export_sheet import run

    try:
        printed = run(_content_paths(paths), out_file, kinds, fmt)
    except Refused as refused:
        raise _refused(refused) from None
    _printed(printed)


@main.group("import")
def import_() -> None:
    """Bring content edited in other tools back into its YAML: spreadsheets."""


@import_.command("sheet")
@click.argument("book", type=ContentPath(exists=True, dir_okay=False),
                metavar="FILE.xlsx|FILE.csv")
@click.option("--into", type=ContentPath(exists=True, file_okay=False), required=True,
              help="The game or campaign folder the sheet was exported from.")
@click.option("--kind", "kind", default=None, metavar="KIND",
              help="For a .csv file: the kind of item it holds (default: the file's name, "
              "or the game's only kind).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print diagnostics.")
@_guarded
def import_sheet(book: Path, into: Path, kind: str | None, fmt: str) -> None:
    """Update the YAML of a content folder from a spreadsheet: rows matched to items by
    id, changed items rewritten in place (comments, order and other items kept byte for
    byte), new ones appended. The result must validate; any bad cell is reported at its
    place (book.xlsx:cards!C7) and no file is changed."""
    from compiler.pipeline.command_output import Refused
    from compiler.pipeline.import_sheet import run

    try:
        printed = run(book, into, kind, fmt)
    except Refused as refused:
        raise _refused(refused) from None
    _printed(printed)


@main.command()
@click.argument("code")
def rule(code: str) -> None:
    """Explain a diagnostic CODE (for example Y105)."""
    from compiler.report.rule_docs import every_rule, rule_doc

    doc = rule_doc(code)
    if doc is None:
        click.echo(f"samizdat: unknown code {code!r}; known: {', '.join(sorted(every_rule()))}",
                   err=True)
        sys.exit(2)
    click.echo(doc.text)


class _ScaffoldGroup(click.Group):
    """``samizdat new <kind>``: one command per scaffold kind the game plug-ins declare
    (:class:`rules_engine.core.scaffold.Scaffold`), made when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_scaffolds())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = _scaffolds().get(cmd_name)
        return None if found is None else _scaffold_command(cmd_name, *found)


def _scaffolds() -> dict[str, tuple[str, str]]:
    """Each scaffold kind: the game whose plug-in declares it first (registry order)
    and the ``"module:attribute"`` naming its Scaffold."""
    from rules_engine.games import plugins

    found: dict[str, tuple[str, str]] = {}
    for declared in plugins():
        for kind, reference in declared.scaffolds.items():
            found.setdefault(kind, (declared.id, reference))
    return found


def _scaffold_command(kind: str, game: str, reference: str) -> click.Command:
    """The command ``samizdat new <kind> ID [--option TEXT...] [--into FOLDER]``."""
    from rules_engine.core.plugin import named

    scaffold = named(reference)
    params: list[click.Parameter] = [click.Argument(["folder_id"], metavar="ID")]
    params += [click.Option([o.flag_name, o.name], default="", help=o.help)
               for o in scaffold.options]
    params.append(click.Option(["--into"], type=ContentPath(file_okay=False),
                               default=Path("."), show_default=True,
                               help=f"Folder to create the {kind} folder in."))

    def run(folder_id: str, into: Path, **options: str) -> None:
        _new(kind, game, scaffold, folder_id, options, into)

    return click.Command(kind, params=params, callback=_guarded(run), help=scaffold.help)


def _new(kind: str, game: str, scaffold: Any, folder_id: str, options: dict[str, str],
         into: Path) -> None:
    """Write the draft folder ``into/<folder_id>`` of ``game``'s ``kind`` scaffold, from
    the game's shipped content (``cards/<game>`` of its plug-in's data folder, else of
    samizdat's)."""
    from compiler.frontend.paths import cards_root
    from compiler.frontend.validate import validate as check
    from compiler.pipeline.scaffold import check_id, write_folder
    from rules_engine.core.scaffold import ScaffoldError
    from rules_engine.games import plugin
    from rules_engine.games import title as game_title

    try:  # a usage error is reported before anything is read or written
        check_id(kind, scaffold, folder_id)
        scaffold.check(folder_id, options)
    except ScaffoldError as exc:
        click.echo(f"samizdat: {exc}", err=True)
        sys.exit(2)
    declared = plugin(game)
    shipped = (declared.data_folder / "cards" if declared is not None
               and declared.data_folder is not None else cards_root())
    base = check([shipped / game]).models.get(game)
    if base is None:
        click.echo(f"samizdat: the installed {game_title(game)} base content does not "
                   "validate", err=True)
        sys.exit(2)
    try:
        files = scaffold.files(folder_id, options, base)
        folder = write_folder(into, folder_id, files)
    except ScaffoldError as exc:
        _say(f"samizdat: {exc}", err=True)
        sys.exit(2)
    _say(f"wrote {folder}: {', '.join(files)}")
    _say(f"next: replace the DRAFT texts, then run `samizdat lint {folder}`")


@main.group(cls=_ScaffoldGroup)
def new() -> None:
    """Start new content from a scaffold that validates."""


@main.group()
def native() -> None:
    """Compiled (mypyc) rules engines: the same games, several times faster."""


@native.command("build")
@click.option("--jobs", type=int, default=2, show_default=True, help="C compiler processes.")
@click.option("--force", is_flag=True, help="Rebuild even if nothing changed.")
def native_build(jobs: int, force: bool) -> None:
    """Compile the engines' hot modules beside their sources (needs a C compiler and
    the `native` extra); nothing to do when they are up to date."""
    from rules_engine import native as compiled

    if compiled.up_to_date() and not force:
        click.echo(f"{len(compiled.MODULES)} compiled modules are up to date")
        return
    try:
        compiled.build(jobs)
    except (Exception, SystemExit) as exc:    # any failure leaves the sources in use
        compiled.clean()
        click.echo(f"samizdat: native build failed ({type(exc).__name__}: {exc}); "
                   "the Python sources stay in use", err=True)
        sys.exit(1)
    click.echo(f"compiled {len(compiled.MODULES)} modules")


@native.command("status")
def native_status() -> None:
    """Which engine modules run compiled, and whether any is out of date."""
    from rules_engine import native as compiled

    changed = compiled.stale()
    used = compiled.in_use()
    click.echo(f"compiled and in use: {len(used)} of {len(compiled.MODULES)} modules"
               + (f"; out of date: {', '.join(changed)}" if changed else ""))


@native.command("clean")
def native_clean() -> None:
    """Remove the compiled modules (the Python sources run)."""
    from rules_engine import native as compiled

    compiled.clean()
