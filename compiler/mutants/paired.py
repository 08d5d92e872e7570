"""Paired games for mutants the lint did not find: the same seeds with the same bots on
the unedited and the edited content; any difference in a game's record (scores, who
went first, turns, how it ended, a counter) shows the edit is observable.

The bots are the balance diff's (:data:`compiler.diff.runs.DEFAULT_BOTS`); a game that
plays campaigns plays the campaign the edited file belongs to, or its first campaign
for an edit of the base game. The unedited side's records are played once per
campaign and kept.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from compiler.diff.runs import CAMPAIGN_OPTION, DEFAULT_BOTS, FALLBACK_BOTS
from compiler.pipeline.simulate import engine_options, game_spec, resolve_seats
from rules_engine.core.simulate import GameRecord, Simulation, run

SEED = 0


def _campaign(model: Any, file: str) -> str:
    campaigns = list(getattr(model, "campaigns", ()))
    for campaign in campaigns:
        where = getattr(campaign, "location", None)
        folder = PurePosixPath(where.file).parent.name if where is not None else ""
        if folder and folder in PurePosixPath(file).parts:
            return str(campaign.id)
    return str(campaigns[0].id) if campaigns else ""


def _shown(record: GameRecord) -> tuple[Any, ...]:
    return (record.returns, record.first_player, record.turns, record.end,
            tuple(sorted(record.counters.items())))


class Paired:
    """Plays ``games`` games a side (see the module docstring)."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.unedited: dict[tuple[str, str], list[tuple[Any, ...]]] = {}

    def _records(self, game: str, model: Any, campaign: str) -> list[tuple[Any, ...]]:
        spec = game_spec(game)
        seats = resolve_seats(spec, DEFAULT_BOTS.get(game, FALLBACK_BOTS))
        takes_campaign = any(o.name == CAMPAIGN_OPTION for o in spec.options)
        values = {CAMPAIGN_OPTION: campaign} if campaign and takes_campaign else {}
        prepared = engine_options(spec, seats, model, values)
        records = run(Simulation(spec.setup, prepared.options, max_seconds=10.0),
                      self.games, SEED)
        return [_shown(r) for r in records]

    def differs(self, game: str, base_model: Any, model: Any, file: str) -> str | None:
        """The first difference between the paired games, or None."""
        campaign = _campaign(base_model, file)
        key = (game, campaign)
        if key not in self.unedited:
            self.unedited[key] = self._records(game, base_model, campaign)
        edited = self._records(game, model, campaign)
        for seed, (before, after) in enumerate(zip(self.unedited[key], edited, strict=True)):
            if before != after:
                return f"game of seed {SEED + seed} differs"
        return None
