"""The ``samizdat`` command line.

Exit codes for every command: 0 no errors, 1 errors found, 2 usage error or
internal failure. Heavy modules are imported inside the commands so that
``samizdat --help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler import __version__

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(func: F) -> F:
    """Turn an unexpected exception into exit code 2 with a one-line message."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            click.echo(f"samizdat: internal error: {type(exc).__name__}: {exc}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="samizdat")
def main() -> None:
    """samizdat: compile and validate print-and-play board-game content."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print diagnostics.")
@_guarded
def validate(paths: tuple[Path, ...], fmt: str) -> None:
    """Check content: YAML, schemas, references and component counts.

    PATHS may be cards/ (the default), a game folder, a campaign folder (also one
    outside this repository) or a file inside one.
    """
    from compiler.paths import cards_root
    from compiler.reporters import REPORTERS
    from compiler.validate import validate as run

    result = run(list(paths) or [cards_root()])
    summary = {"files": result.files, "cards": result.items,
               "errors": result.errors, "warnings": result.warnings}
    click.echo(REPORTERS[fmt]().render(result.diagnostics, summary, result.sources))
    sys.exit(1 if result.errors else 0)


@main.command()
@click.argument("code")
def rule(code: str) -> None:
    """Explain a diagnostic CODE (for example Y105)."""
    from rules_engine.core.codes import CODES, describe

    entry = describe(code)
    if entry is None:
        click.echo(f"samizdat: unknown code {code!r}; known: {', '.join(sorted(CODES))}",
                   err=True)
        sys.exit(2)
    click.echo(f"{entry.code} ({entry.name}): {entry.summary}\n\n{entry.explanation}")
