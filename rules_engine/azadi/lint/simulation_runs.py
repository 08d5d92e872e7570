"""Shared by AZADI's simulated lint rules: for every Tyranny choice of every
campaign, seeded games in Seat of Power mode (the campaign's Mandate in force, so
every (Mandate, Tyranny choice) pair is played) with that card forced to come up
first, only that choice's task counting, greedy bots that pursue Tyranny tasks,
and same-window effects also tried in the reverse order. A choice none of those
games completes gets EXTRA_GAMES_FACTOR times as many more before it is reported.
Memoised in memory and on disk (rules_engine.core.run_cache), played on the
content without its printed texts (rules_engine.core.play_model): the labels the
engine records come back as printed now through :func:`first_findings`. (Not a
rule.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from rules_engine.azadi.model import AzadiContent, Campaign, TyrannyCard
from rules_engine.core.diagnostics import Location
from rules_engine.core.lint import LintContext
from rules_engine.core.play_model import for_play, printed
from rules_engine.core.replay import content_option
from rules_engine.core.run_cache import cached_runs
from rules_engine.core.simulate import GameRecord, Simulation

BOTS = ("greedy",) * 4
GAMES_PER_CHOICE_DIVISOR = 50     # --games 200 plays 4 games per Tyranny choice
EXTRA_GAMES_FACTOR = 3            # ... and 12 more for a choice none of them completes


@dataclass(frozen=True)
class ChoiceRuns:
    """The games played for one Tyranny choice."""

    campaign: Campaign
    card: TyrannyCard
    choice: int
    records: tuple[GameRecord, ...]
    mandate: str = ""        # alternate history: another campaign's Mandate in force
    labels: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def label(self) -> str:
        """The campaign, and the Mandate when it is not the campaign's own."""
        if not self.mandate:
            return self.campaign.name
        return f"{self.campaign.name} (alternate history, Mandate {self.mandate})"

    def replay(self, seed: int) -> str:
        """The command that replays one of these games, of the content they were
        played with (see :mod:`rules_engine.core.replay`)."""
        mandate = f" --mandate {self.mandate}" if self.mandate else ""
        return (f"samizdat simulate azadi{manifest_content_option(self.campaign.location.file)} "
                f"--campaign {self.campaign.id} --seat-of-power"
                f"{mandate} --bots {','.join(BOTS)} --tyranny-first {self.card.id} "
                f"--only-choice {self.choice + 1} --replay {seed}")


def manifest_content_option(manifest: str) -> str:
    """``--content`` for a replay of the campaign whose manifest is the file
    ``manifest`` (as findings show it): its folder, unless samizdat ships it."""
    return content_option(Path(manifest).parent.as_posix() if manifest else "")


def games_per_choice(games: int) -> int:
    return max(1, -(-games // GAMES_PER_CHOICE_DIVISOR))


@lru_cache(maxsize=4)
def choice_runs(model: AzadiContent, games: int, seed: int, alternate: bool = False
                ) -> tuple[ChoiceRuns, ...]:
    """Every choice with its campaign's own Mandate (``games_per_choice`` games);
    with ``alternate``, also with every other Mandate (one game each)."""
    count = games_per_choice(games)
    planned = []        # (campaign, card, choice, mandate, labels, spec)
    for campaign in model.campaigns:
        # a game plays one campaign: keyed on the base content and that campaign only,
        # so an edit to one campaign leaves the others' cached games valid
        alone = replace(model, campaigns=(campaign,))
        labels = for_play(alone)[1]       # the printed texts the records' labels stand for
        others = [m.id for m in model.mandates if m.id != campaign.mandate] if alternate \
            else []
        for card in campaign.tyranny_cards:
            for choice in range(len(card.choices)):
                for mandate in ["", *others]:
                    spec = Simulation("rules_engine.azadi.simulation:setup", (
                        ("content", alone), ("bots", BOTS), ("campaign", campaign.id),
                        ("seat_of_power", True), ("mandate", mandate),
                        ("first_tyranny", card.id), ("only_choice", choice),
                        ("check_order", True)))
                    planned.append((campaign, card, choice, mandate, labels, spec))
    # played side by side (rules_engine.core.run_cache.cached_runs); a choice none of
    # its games completes gets more, side by side too
    first = cached_runs([(spec, 1 if mandate else count, seed)
                         for _, _, _, mandate, _, spec in planned])
    more = [not mandate and not completed(records, card, choice)
            for (_, card, choice, mandate, _, _), records in zip(planned, first, strict=True)]
    extra = iter(cached_runs([(plan[-1], count * EXTRA_GAMES_FACTOR, seed + count)
                              for plan, wanted in zip(planned, more, strict=True) if wanted]))
    out = []
    for (campaign, card, choice, mandate, labels, _), records, wanted in zip(
            planned, first, more, strict=True):
        if wanted:
            records += next(extra)
        out.append(ChoiceRuns(campaign, card, choice, records, mandate, labels))
    return tuple(out)


def completed(records: tuple[GameRecord, ...], card: TyrannyCard, choice: int) -> bool:
    """Whether any of these games completed ``choice`` of ``card``."""
    return any(r.counters.get(f"resolved:{card.id}:{choice}") for r in records)


def choice_location(context: LintContext, runs: ChoiceRuns, part: str = "task",
                    choice: int | None = None, card: TyrannyCard | None = None) -> Location:
    """Where a finding about a choice (default: the forced one of the runs' card)
    points: ``part`` of it in the campaign's file."""
    choice = runs.choice if choice is None else choice
    card = runs.card if card is None else card
    for loaded in context.content.campaigns:
        if loaded.manifest and loaded.manifest.get("id") == runs.campaign.id:
            for item in loaded.sections.get("tyranny_cards", []):
                if item.get("id") == card.id:
                    return item.loc("choices", choice, part)
    return card.location


def first_findings(context: LintContext, prefix: str, identity: Callable[[str], str]
                   ) -> Iterator[tuple[ChoiceRuns, GameRecord, str]]:
    """(runs, game, counter key) for each counter starting with ``prefix``, once per
    campaign, Mandate and ``identity(key)``: the first game, in seed order, to show it.
    The key names powers by their texts as printed now."""
    reported: set[tuple[str, str, str]] = set()
    for runs in choice_runs(context.model, context.games, context.seed,
                            context.alternate_history):
        for record in runs.records:
            for key in sorted(printed(k, runs.labels) for k in record.counters
                              if k.startswith(prefix)):
                seen = (runs.campaign.id, runs.mandate, identity(key))
                if seen not in reported:
                    reported.add(seen)
                    yield runs, record, key
