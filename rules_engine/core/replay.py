"""The ``samizdat simulate`` command that replays one game of a simulated run.

A run (:class:`~rules_engine.core.simulate.Simulation`) names its game in its
factory (``rules_engine.<game>.simulation:setup``) and carries the options the
command line sets; :func:`replay_command` turns them back into flags, with
``--content`` so that the command plays the same content, wherever it lives.
"""

from __future__ import annotations

import shlex
from typing import Any

from rules_engine.core.simulate import Simulation


def _flags(name: str, value: Any) -> list[str]:
    """The command-line flags that set option ``name`` to ``value`` (none for its
    default, or for an option the command line does not set)."""
    if name == "bots":
        return ["--bots", ",".join(value)]
    if name in ("seat_of_power", "first_game"):
        return [f"--{name.replace('_', '-')}"] if value else []
    if name in ("campaign", "mandate", "difficulty"):
        return [f"--{name}", str(value)] if value else []
    if name == "first_tyranny":
        return ["--tyranny-first", str(value)] if value else []
    if name == "only_choice":
        return [] if value is None else ["--only-choice", str(int(value) + 1)]
    return []        # the content (given by --content) and the linter's own switches


def replay_command(spec: Simulation, seed: int, content_folder: str = "") -> str:
    """The command that replays the game of ``seed`` of ``spec``, on the content of
    ``content_folder`` (the game's folder) when given."""
    game = spec.factory.split(".")[1]
    words = ["samizdat", "simulate", game]
    if content_folder:
        words += ["--content", content_folder]
    for name, value in spec.options:
        words += _flags(name, value)
    return shlex.join([*words, "--replay", str(seed)])
