"""Shared by AZADI's balance lint rules (L716 to L718): ordinary games of every
campaign at every difficulty, played by the strongest cheap bot (``best``) in
every seat, with nothing forced (no Tyranny card first, no Seat of Power). The same
seeds are played at each difficulty, so that two levels are compared on the same
deals: with the same seed, a game plays the same way at every level until the Flag
reaches one level's Fort (common random numbers; see ruling R53). Memoised in memory
and on disk through :func:`rules_engine.core.run_cache.cached_run`, like the runs of
:mod:`rules_engine.azadi.lint.simulation_runs`. (Not a rule.)"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache

from rules_engine.azadi.lint.simulation_runs import choice_runs, manifest_content_option
from rules_engine.azadi.model import AzadiContent, Campaign, TyrannyCard
from rules_engine.azadi.simulate_options import LEVELS
from rules_engine.core.diagnostics import Location
from rules_engine.core.lint import LintContext
from rules_engine.core.play_model import for_play
from rules_engine.core.run_cache import cached_runs
from rules_engine.core.simulate import GameRecord, Simulation

BOT = "best"            # the strongest bot for its cost (rules_engine.azadi.bots.BEST)
BOTS = (BOT,) * 4
GAMES_PER_LEVEL_DIVISOR = 25    # --games 200 plays 8 games per difficulty per campaign
SEED_OFFSET = 1_000_000         # seeds apart from the Tyranny choices' games


@dataclass(frozen=True)
class LevelRuns:
    """The ordinary games of one campaign at one difficulty."""

    campaign: Campaign
    difficulty: str
    records: tuple[GameRecord, ...]
    labels: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def replay(self, seed: int) -> str:
        """The command that replays one of these games, of the content they were
        played with (see :mod:`rules_engine.core.replay`)."""
        return (f"samizdat simulate azadi{manifest_content_option(self.campaign.location.file)} "
                f"--campaign {self.campaign.id} --difficulty {self.difficulty} "
                f"--bots {','.join(BOTS)} --replay {seed}")

    @property
    def azadi(self) -> int:
        """How many of these games reached azadi."""
        return sum(1 for r in self.records if r.counters.get("azadi"))


def games_per_level(games: int) -> int:
    """Games per difficulty and campaign for a ``--games`` budget (at least 2)."""
    return max(2, -(-games // GAMES_PER_LEVEL_DIVISOR))


def first_seed(seed: int) -> int:
    """The first seed of the balance games for the lint's ``--seed``."""
    return seed + SEED_OFFSET


@lru_cache(maxsize=4)
def level_runs(model: AzadiContent, games: int, seed: int) -> tuple[LevelRuns, ...]:
    """Every campaign at every difficulty (campaigns in order, then easy to hard),
    ``games_per_level(games)`` games each, the same seeds at every level."""
    count = games_per_level(games)
    planned = []
    for campaign in model.campaigns:
        alone = replace(model, campaigns=(campaign,))     # one campaign's cache key
        labels = for_play(alone)[1]
        for level in LEVELS:
            spec = Simulation("rules_engine.azadi.simulation:setup", (
                ("content", alone), ("bots", BOTS), ("campaign", campaign.id),
                ("difficulty", level)))
            planned.append((campaign, level, labels, spec))
    played = cached_runs([(spec, count, first_seed(seed)) for *_, spec in planned])
    return tuple(LevelRuns(campaign, level, records, labels)
                 for (campaign, level, labels, _), records in zip(planned, played, strict=True))


def by_campaign(context: LintContext) -> Iterator[tuple[Campaign, tuple[LevelRuns, ...]]]:
    """Each campaign with its runs, easy to hard."""
    runs = level_runs(context.model, context.games, context.seed)
    for campaign in context.model.campaigns:
        yield campaign, tuple(r for r in runs if r.campaign.id == campaign.id)


@dataclass(frozen=True)
class Sample:
    """A game a finding can name: the command that replays it and its counters."""

    replay: str
    counters: dict[str, int]


def every_game(context: LintContext, campaign: Campaign, level: str = "medium"
               ) -> Iterator[Sample]:
    """Every distinct game the simulated analyses played for ``campaign``, each with
    its replay command: the balance games at ``level`` (the other levels replay the
    same deals) in seed order, then the Tyranny choices' games (with the campaign's
    own Mandate)."""
    for _, runs in (x for x in by_campaign(context) if x[0].id == campaign.id):
        for played in runs:
            if played.difficulty == level:
                for record in played.records:
                    yield Sample(played.replay(record.seed), record.counters)
    for choice in choice_runs(context.model, context.games, context.seed,
                              context.alternate_history):
        if choice.campaign.id == campaign.id and not choice.mandate:
            for record in choice.records:
                yield Sample(choice.replay(record.seed), record.counters)


def tyranny_location(context: LintContext, campaign: Campaign, card: TyrannyCard,
                     choice: int) -> Location:
    """Where a finding about a choice of ``card`` points: the choice's title in the
    campaign's file (the card, when its source is not found)."""
    for loaded in context.content.campaigns:
        if loaded.manifest and loaded.manifest.get("id") == campaign.id:
            for item in loaded.sections.get("tyranny_cards", []):
                if item.get("id") == card.id:
                    return item.loc("choices", choice, "title")
    return card.location
