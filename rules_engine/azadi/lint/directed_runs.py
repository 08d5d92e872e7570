"""The lint's directed coverage games (ruling R55): after the plain games of
``simulation_runs``, seeded games whose setup puts in play what those games left
unfired or uncovered, chosen greedily and deterministically from what is still
missing. Used by L715 (never-exercised). (Not a rule.)

Each round plans one game from the campaign's coverage so far:

* while a Foundation side never fired, a post-azadi game: that card and side founded
  (``foundation``), the Flag ``AZADI_IN`` points short of the Fort and every player
  with ``LEGACY`` Legacy to mark the Monument Tracker, the Orders and Resistance cards
  with the most uncovered pairs with that card's Monument in play;
* otherwise a game before azadi: the Tyranny card whose while-active powers have the
  most uncovered pairs comes up first, with the Resistance cards and Orders that add
  the most uncovered pairs (unfired ones first).

A plan played ``TRIES`` times (each with its own seed) is not planned again: the
next best one is, so the rounds move on from what the bots cannot make fire.
``directed_games(games)`` rounds per campaign (the lint's ``--games`` raises it),
played by ``run_cache`` like every simulated game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.azadi import coverage
from rules_engine.azadi.lint.simulation_runs import BOTS, choice_runs
from rules_engine.azadi.model import AzadiContent, Campaign
from rules_engine.core.replay import replay_command
from rules_engine.core.run_cache import cached_run
from rules_engine.core.simulate import GameRecord, Simulation

GAMES_DIVISOR = 2          # --games 200: up to 100 directed games per campaign
RESISTANCE = 3             # Resistance cards a directed game lays (each in a new zone)
ORDERS = 2                 # Imperial Orders in play from its start
AZADI_IN = 1               # a post-azadi game's Flag starts this short of the Fort,
LEGACY = 3                 # ... every player's Legacy (Monument Tracker spots),
MAX_TURNS = 50             # ... and its turn limit (bots seldom fill the map after azadi)
TRIES = 2                  # games of one plan before the next best is played
SEED_OFFSET = 1_000_000    # directed games' seeds: apart from the plain games'


def directed_games(games: int) -> int:
    return max(1, games // GAMES_DIVISOR)


@dataclass(frozen=True)
class DirectedGame:
    """One directed game of a campaign: its run (one game) and its record."""

    campaign: Campaign
    spec: Simulation
    record: GameRecord
    folder: str = field(default="", compare=False)

    def replay(self) -> str:
        """The ``samizdat simulate`` command that replays it."""
        return replay_command(self.spec, self.record.seed, self.folder)


@dataclass
class Coverage:
    """What a campaign's games fired and which pairs they covered, so far."""

    universe: coverage.Universe
    fired: set[str] = field(default_factory=set)
    pairs: set[str] = field(default_factory=set)

    def add(self, counters: Iterable[str]) -> None:
        keys = list(counters)
        self.fired |= coverage.fired_keys(keys)
        self.pairs |= {k[5:] for k in keys if k.startswith("pair:")}

    def missing(self, law: str, used: str) -> bool:
        return coverage.possible(law, used) and f"{law}|{used}" not in self.pairs

    def gain(self, laws: list[str], used: str) -> int:
        """Uncovered pairs of ``used`` with ``laws``, and 10 more if it never fired."""
        return sum(self.missing(law, used) for law in laws) + \
            (0 if used in self.fired else 10)


@lru_cache(maxsize=4)
def directed_runs(model: AzadiContent, games: int, seed: int, alternate: bool = False
                  ) -> tuple[DirectedGame, ...]:
    """Every campaign's directed games, after its plain games (``choice_runs``, the
    same call as the other rules', so they are played once)."""
    plain = choice_runs(model, games, seed, alternate)
    out: list[DirectedGame] = []
    for campaign in model.campaigns:
        alone = replace(model, campaigns=(campaign,))
        seen = Coverage(coverage.universe(model, campaign, seat_of_power=True))
        for runs in plain:
            if runs.campaign.id == campaign.id and not runs.mandate:
                for record in runs.records:
                    seen.add(record.counters)
        tried: Counter[Plan] = Counter()
        folder = _folder(campaign)
        for round_ in range(directed_games(games)):
            plan = _plan(model, campaign, seen, tried)
            if plan is None:
                break
            tried[plan] += 1
            spec = Simulation("rules_engine.azadi.simulation:setup", (
                ("content", alone), ("bots", BOTS), ("campaign", campaign.id),
                ("seat_of_power", True), *plan, ("check_order", True)))
            record = cached_run(spec, 1, seed + SEED_OFFSET + round_)[0]
            seen.add(record.counters)
            out.append(DirectedGame(campaign, spec, record, folder))
    return tuple(out)


def _folder(campaign: Campaign) -> str:
    """The folder of the campaign's content, which a replay names unless shipped."""
    file = campaign.location.file
    return Path(file).parent.as_posix() if file else ""


Plan = tuple[tuple[str, Any], ...]


def _plan(model: AzadiContent, campaign: Campaign, seen: Coverage,
          tried: Counter[Plan]) -> Plan | None:
    """The next directed game's options (None: nothing left to direct)."""
    for plan in _post_azadi_plans(model, campaign, seen):
        if tried[plan] < TRIES:
            return plan
    for plan in _tyranny_plans(campaign, seen):
        if tried[plan] < TRIES:
            return plan
    return None


def _numbers(campaign: Campaign) -> tuple[list[int], list[int]]:
    """The campaign's Imperial Orders and Resistance cards."""
    return (sorted({card.order for card in campaign.tyranny_cards}),
            sorted({c.resistance for card in campaign.tyranny_cards for c in card.choices}))


def _with(seen: Coverage, laws: list[str], orders: list[int], resistance: list[int],
          used: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Orders adding most uncovered pairs with ``used`` (unfired ones first), then
    the Resistance cards adding most with ``laws`` and those Orders."""
    chosen_orders = _best(orders, lambda n: sum(seen.gain([f"order:{n}"], u) for u in used)
                          + (0 if f"order:{n}" in seen.fired else 10), ORDERS)
    every = laws + [f"order:{n}" for n in chosen_orders]
    chosen = _best(resistance, lambda n: seen.gain(every, f"resistance:{n}"), RESISTANCE)
    return chosen, chosen_orders


def _post_azadi_plans(model: AzadiContent, campaign: Campaign, seen: Coverage
                      ) -> Iterator[Plan]:
    """A game founding each Foundation side never fired, in the content's order."""
    mandate = [law for law in seen.universe.laws if law.startswith("mandate:")]
    orders, resistance = _numbers(campaign)
    for foundation in model.foundation_cards:
        for side in range(len(foundation.sides)):
            if f"foundation:{foundation.id}:{side}" in seen.fired:
                continue
            chosen, chosen_orders = _with(seen, mandate, orders, resistance,
                                          [f"monument:{foundation.monument}"])
            yield (("resistance_start", chosen), ("orders_start", chosen_orders),
                   ("azadi_in", AZADI_IN), ("legacy_start", LEGACY),
                   ("foundation", f"{foundation.id}:{side + 1}"), ("max_turns", MAX_TURNS))


def _tyranny_plans(campaign: Campaign, seen: Coverage) -> Iterator[Plan]:
    """A game before azadi for each Tyranny card, most uncovered pairs first."""
    mandate = [law for law in seen.universe.laws if law.startswith("mandate:")]
    orders, resistance = _numbers(campaign)
    ranked = []
    for card in sorted(campaign.tyranny_cards, key=lambda c: c.id):
        active = [f"tyranny:{card.id}:{n}" for n, c in enumerate(card.choices)
                  if c.while_active]
        score = sum(seen.gain(active, used) for used in seen.universe.used)
        ranked.append((-score, card.id, active))
    for _, card_id, active in sorted(ranked):
        chosen, chosen_orders = _with(seen, mandate + active, orders, resistance,
                                      list(seen.universe.used))
        yield (("first_tyranny", card_id), ("resistance_start", chosen),
               ("orders_start", chosen_orders))


def _best(numbers: list[int], score: Any, count: int) -> tuple[int, ...]:
    """The ``count`` numbers of highest ``score`` (the lower number on a tie), in
    ascending order; only those that score."""
    ranked = sorted(numbers, key=lambda n: (-score(n), n))
    return tuple(sorted(n for n in ranked[:count] if score(n) > 0))
