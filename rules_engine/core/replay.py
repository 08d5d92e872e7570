"""The ``samizdat simulate`` command that replays one game of a simulated run.

A finding's replay command (``samizdat simulate ... --replay SEED``) must replay the
content the finding was found in. ``simulate`` loads the content samizdat ships
unless told otherwise, so for any other content (a campaign in a repository of its
own, a copy of a game folder) the command names that folder with ``--content``, as
findings show paths: relative to the folder the lint ran in, from which the command
is meant to be run. A run (:class:`~rules_engine.core.simulate.Simulation`) names its
game in its factory (``rules_engine.<game>.simulation:setup``) and carries the
options the command line sets; :func:`replay_command` turns them back into flags.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

from rules_engine.core.simulate import Simulation


def content_option(folder: str) -> str:
    """`` --content FOLDER`` (quoted for a shell) for content in ``folder``, a game or
    campaign folder as findings show it; empty for content samizdat ships (or no
    folder), which ``simulate`` loads by default."""
    if not folder:
        return ""
    from compiler.frontend.paths import cards_root  # where the shipped content is installed

    if Path(os.path.realpath(folder)).is_relative_to(os.path.realpath(cards_root())):
        return ""
    return f" --content {shlex.quote(Path(folder).as_posix())}"


def _flags(name: str, value: Any) -> list[str]:
    """The command-line flags that set option ``name`` to ``value`` (none for its
    default, or for an option the command line does not set)."""
    if name == "bots":
        return ["--bots", ",".join(value)]
    if name in ("seat_of_power", "first_game", "mandate_flipped"):
        return [f"--{name.replace('_', '-')}"] if value else []
    if name in ("campaign", "mandate", "difficulty"):
        return [f"--{name}", str(value)] if value else []
    if name == "first_tyranny":
        return ["--tyranny-first", str(value)] if value else []
    if name == "only_choice":
        return [] if value is None else ["--only-choice", str(int(value) + 1)]
    directed = {"resistance_start": "--resistance", "orders_start": "--orders",
                "azadi_in": "--azadi-in", "legacy_start": "--legacy",
                "foundation": "--foundation", "max_turns": "--max-turns",
                "levels_start": "--levels", "infamy_start": "--infamy"}   # AZADI (R55)
    if name in directed:
        if not value:
            return []
        text = ",".join(str(n) for n in value) if isinstance(value, tuple) else str(value)
        return [directed[name], text]
    return []        # the content (given by --content) and the linter's own switches


def replay_command(spec: Simulation, seed: int, content_folder: str = "") -> str:
    """The command that replays the game of ``seed`` of ``spec``, on the content of
    ``content_folder`` (the game's folder; left out for the shipped content)."""
    game = spec.factory.split(".")[1]
    words = ["samizdat", "simulate", game]
    content = content_option(content_folder)
    if content:
        words += ["--content", content_folder]
    for name, value in spec.options:
        words += _flags(name, value)
    return shlex.join([*words, "--replay", str(seed)])
