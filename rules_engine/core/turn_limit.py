"""Whether a game's turn limit cuts its simulated games short.

A manifest's ``max_turns`` is a safety stop: real games end by their own rules long
before it. A slipped digit (``40`` for ``400``) makes it a rule of play that ends most
games in a draw, and nothing printed shows it. :func:`binding` takes the games of a
run that stopped at the limit and replays the first few on the same seeds with the
limit ten times higher: if any of them then ends by the game's own rules, the limit is
what stopped them, and the finding belongs at the parameter. If none does, the limit
is not the cause (a deck that can never finish a country stalls at any limit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.core.content import Item, whole_parameter
from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import freeze, thaw
from rules_engine.core.run_cache import GameFailed, cached_run
from rules_engine.core.simulate import GameRecord, Simulation

PARAMETER = "max_turns"
RAISED = 10          # the limit the stopped games are replayed under, times the manifest's
REPLAYED = 4         # the stopped games replayed, at most


@dataclass(frozen=True)
class Binding:
    """The limit stopped ``stopped`` of ``played`` games; replayed with ``raised``,
    ``ended`` of the first ``replayed`` ended by the game's rules (first: ``first``)."""

    limit: int
    raised: int
    stopped: int
    played: int
    replayed: int
    ended: int
    first: GameRecord
    location: Location

    def says(self) -> str:
        return (f"{self.stopped} of {self.played} games stopped at the turn limit of "
                f"{self.limit}; replayed with a limit of {self.raised}, {self.ended} of "
                f"the first {self.replayed} ended by the rules instead (seed "
                f"{self.first.seed}: {self.first.end} after {self.first.turns} turns), so "
                f"{PARAMETER} cuts games short")


def limit_of(manifest: Item | None) -> int | None:
    """The manifest's ``max_turns`` value, if it gives a whole number."""
    return whole_parameter(manifest, PARAMETER)


def binding(manifest: Item | None, spec: Simulation, records: Sequence[GameRecord],
            at_limit: Callable[[GameRecord], bool]) -> Binding | None:
    """Whether the turn limit is what stopped the games of ``records`` (played by
    ``spec``, whose ``content`` option is a model with a ``parameters`` map) that
    ``at_limit`` says it stopped (module docstring)."""
    stopped = [r for r in records if at_limit(r)]
    limit = limit_of(manifest)
    options = dict(spec.options)
    model: Any = options.get("content")
    if not stopped or limit is None or model is None or manifest is None or \
            not hasattr(model, "parameters"):
        return None
    raised = limit * RAISED
    wider = replace(model, parameters=freeze(thaw(model.parameters) | {PARAMETER: raised}))
    again = Simulation(spec.factory, tuple((k, wider if k == "content" else v)
                                           for k, v in spec.options),
                       spec.max_steps, spec.max_seconds)
    ended: list[GameRecord] = []
    for record in stopped[:REPLAYED]:
        try:
            (replayed,) = cached_run(again, 1, record.seed)
        except GameFailed:      # not ended within the budgets either: not the limit's doing
            continue
        if not at_limit(replayed):
            ended.append(replayed)
    if not ended:
        return None
    return Binding(limit, raised, len(stopped), len(records), min(REPLAYED, len(stopped)),
                   len(ended), ended[0], manifest.loc("parameters", PARAMETER, "value"))
