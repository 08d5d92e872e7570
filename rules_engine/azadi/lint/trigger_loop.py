"""A chain of triggered powers that does not end.

Powers that listen to events (``when: {event: ...}``) may cause the events other
powers listen to. In the simulated games (see L711) a chain deeper than 8 is
stopped by the engine and reported here with the turn, the event and the command
that replays the game. The finding points at the looping power: the ``when:`` of a
power listening to the event that chained too deep, searched in the forced choice
first, then in the rest of the campaign, then in the base game (else at the
campaign).

Failing: a power that places a voter whenever a voter is placed::

    - when: {event: voter_placed, where: {whose: own}}
      do: [{action: place_voters, count: 1}]

Passing: the same power limited to once a turn::

    - when: {event: voter_placed, where: {whose: own}}
      limit: {per_turn: 1}
      do: [{action: place_voters, count: 1}]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rules_engine.azadi.lint.simulation_runs import ChoiceRuns, first_findings
from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, Location, Severity
from rules_engine.core.lint import LintContext

CODE = "L712"
NAME = "trigger-loop"
SEVERITY = Severity.ERROR
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    for runs, record, key in first_findings(context, "loop:", lambda k: k.split(":", 2)[2]):
        _, turn, event = key.split(":", 2)
        where = listener_location(context, runs, event) or runs.campaign.location
        yield Diagnostic(
            CODE, SEVERITY, f"{runs.label}: powers triggered by {event!r} "
            f"chain deeper than the engine allows (turn {turn}; replay: "
            f"{runs.replay(record.seed)})", where)


def _listening(data: Any, event: str, path: tuple[str | int, ...]
               ) -> Iterator[tuple[str | int, ...]]:
    """The paths (under ``data``) of the ``when:`` of every power listening to ``event``."""
    if isinstance(data, dict):
        when = data.get("when")
        if "do" in data and isinstance(when, dict) and when.get("event") == event:
            yield (*path, "when")
        for key, value in data.items():
            yield from _listening(value, event, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _listening(value, event, (*path, index))


def _first(items: Iterable[Item], event: str, under: tuple[str | int, ...] = ()
           ) -> Location | None:
    for item in items:
        start: Any = item.data
        for key in under:
            if isinstance(start, dict):
                start = start.get(key)
            elif isinstance(start, list) and isinstance(key, int) and key < len(start):
                start = start[key]
            else:
                start = None
        for path in _listening(start, event, ()):
            return item.doc.locate_key((*item.path, *under, *path))
    return None


def listener_location(context: LintContext, runs: ChoiceRuns, event: str) -> Location | None:
    """Where the power that loops on ``event`` is written: the forced choice's, the
    rest of its campaign's, the base game's (the first that listens to it)."""
    for loaded in context.content.campaigns:
        if not loaded.manifest or loaded.manifest.get("id") != runs.campaign.id:
            continue
        cards = [i for i in loaded.sections.get("tyranny_cards", [])
                 if i.get("id") == runs.card.id]
        choices = cards[0].get("choices") if cards else None
        if isinstance(choices, list) and runs.choice < len(choices):
            found = _first(cards, event, ("choices", runs.choice))
            if found is not None:
                return found
        found = _first((i for items in loaded.sections.values() for i in items), event)
        if found is not None:
            return found
    return _first((i for items in context.content.sections.values() for i in items), event)
