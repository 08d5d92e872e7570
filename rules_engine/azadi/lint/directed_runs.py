"""The lint's directed coverage games (ruling R55): after the plain games of
``simulation_runs``, seeded games whose setup puts in play what those games left
unfired or uncovered, chosen greedily and deterministically from what is still
missing. Used by L715 (never-exercised). (Not a rule.)

Each round plays the plan with most to gain, of two kinds (an effect never fired
weighs ``UNFIRED`` pairs, so what never fired comes first):

* a post-azadi game for each Foundation side and Mandate side: that card and side
  founded (``foundation``), the Flag ``AZADI_IN`` points short of the Fort, every
  player with ``LEGACY`` Legacy to mark the Monument Tracker, and the Orders and
  Resistance cards with the most uncovered pairs with that card's Monument in play;
* a game before azadi for each Tyranny card and Mandate side: that card comes up
  first, with the Orders and ``RESISTANCE_BEFORE`` Resistance cards that add the most
  uncovered pairs with its while-active powers.

Both start every player at level ``LEVELS`` in every ideologue (eligible for every
Resistance card) with ``INFAMY`` Infamy (the Maidaan), the Mandate on the side the plan
names, and are played by the explorer bot (ruling R59), which uses first what this game
has not yet tried. A plan played ``TRIES`` times (each with its own seed) is not
planned again: the next best one is, so the rounds move on from what the bots cannot
make fire. ``directed_games(games)`` rounds per campaign (the lint's ``--games`` raises
it), each campaign's rounds in one worker process beside the others'
(``run_cache.in_workers``), played by ``run_cache`` like every simulated game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.azadi import coverage
from rules_engine.azadi.lint.simulation_runs import choice_runs
from rules_engine.azadi.model import AzadiContent, Campaign
from rules_engine.core.replay import replay_command
from rules_engine.core.run_cache import cached_run, in_workers
from rules_engine.core.simulate import GameRecord, Simulation

GAMES_DIVISOR = 2          # --games 200: up to 100 directed games per campaign
RESISTANCE = 3             # Resistance cards a post-azadi game lays (each in a new zone)
RESISTANCE_BEFORE = 8      # ... and a game before azadi (13 tiles, 3 open, 2 Orders)
ORDERS = 2                 # Imperial Orders in play from its start
AZADI_IN = 1               # a post-azadi game's Flag starts this short of the Fort,
LEGACY = 3                 # ... every player's Legacy (Monument Tracker spots),
MAX_TURNS = 50             # ... and its turn limit (bots seldom fill the map after azadi)
LEVELS = 3                 # every player's level in every ideologue (Resistance cards)
INFAMY = 12                # ... and Infamy (the Maidaan)
UNFIRED = 100              # an effect never fired weighs as this many pairs
TRIES = 2                  # games of one plan before the next best is played
SEED_OFFSET = 1_000_000    # directed games' seeds: apart from the plain games'
BOTS = ("explore",) * 4    # play for what is still untried (R59)


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
    memo: dict[Any, tuple[int, ...]] = field(default_factory=dict)  # a round's (_orders_for)
    gains: dict[tuple[tuple[str, ...], str], int] = field(default_factory=dict)  # (gain)

    def add(self, counters: Iterable[str]) -> None:
        self.memo.clear()                   # what was worked out from the old coverage
        self.gains.clear()
        keys = list(counters)
        self.fired |= coverage.fired_keys(keys)
        self.pairs |= {k[5:] for k in keys if k.startswith("pair:")}

    def missing(self, law: str, used: str) -> bool:
        return coverage.possible(law, used) and f"{law}|{used}" not in self.pairs

    def gain(self, laws: list[str], used: str) -> int:
        """Uncovered pairs of ``used`` with ``laws``, and ``UNFIRED`` more if it never
        fired (kept for the round: ``add`` forgets it)."""
        key = (tuple(laws), used)
        found = self.gains.get(key)
        if found is None:
            found = self.gains[key] = sum(self.missing(law, used) for law in laws) + \
                (0 if used in self.fired else UNFIRED)
        return found


@lru_cache(maxsize=4)
def directed_runs(model: AzadiContent, games: int, seed: int, alternate: bool = False
                  ) -> tuple[DirectedGame, ...]:
    """Every campaign's directed games, after its plain games (``choice_runs``, the
    same call as the other rules', so they are played once)."""
    plain = choice_runs(model, games, seed, alternate)
    chains = []
    for campaign in model.campaigns:
        seen = Coverage(coverage.universe(model, campaign, seat_of_power=True))
        for runs in plain:
            if runs.campaign.id == campaign.id and not runs.mandate:
                for record in runs.records:
                    seen.add(record.counters)
        chains.append((model, campaign, seen, games, seed))
    out: list[DirectedGame] = []
    # each campaign's rounds depend on each other, the campaigns' do not: side by side
    for (_, campaign, *_), played in zip(chains, in_workers(_campaign_games, chains),
                                         strict=True):
        folder, alone = _folder(campaign), replace(model, campaigns=(campaign,))
        out += [DirectedGame(campaign, _spec(alone, plan), record, folder)
                for plan, record in played]
    return tuple(out)


def _spec(alone: AzadiContent, plan: Plan) -> Simulation:
    """The run of a directed game with ``plan``'s options, of the content ``alone``
    (one campaign's)."""
    campaign = alone.campaigns[0]
    return Simulation("rules_engine.azadi.simulation:setup", (
        ("content", alone), ("bots", BOTS), ("campaign", campaign.id),
        ("seat_of_power", True), *plan, ("check_order", True)))


def _campaign_games(chain: tuple[AzadiContent, Campaign, Coverage, int, int]
                    ) -> list[tuple[Plan, GameRecord]]:
    """One campaign's directed games (plan and record), each planned from what the
    ones before left missing."""
    model, campaign, seen, games, seed = chain
    alone = replace(model, campaigns=(campaign,))
    tried: Counter[Plan] = Counter()
    played = []
    for round_ in range(directed_games(games)):
        plan = _plan(model, campaign, seen, tried)
        if plan is None:
            break
        tried[plan] += 1
        record = cached_run(_spec(alone, plan), 1, seed + SEED_OFFSET + round_)[0]
        seen.add(record.counters)
        played.append((plan, record))
    return played


def _folder(campaign: Campaign) -> str:
    """The folder of the campaign's content, which a replay names unless shipped."""
    file = campaign.location.file
    return Path(file).parent.as_posix() if file else ""


Plan = tuple[tuple[str, Any], ...]


def _plan(model: AzadiContent, campaign: Campaign, seen: Coverage,
          tried: Counter[Plan]) -> Plan | None:
    """The next directed game's options: of the plans still to try, the one with most
    to gain (None: nothing left to direct)."""
    ranked = [*_post_azadi_plans(model, campaign, seen), *_tyranny_plans(campaign, seen)]
    for _, plan in sorted(ranked, key=lambda r: r[0]):
        if tried[plan] < TRIES:
            return plan
    return None


def _numbers(campaign: Campaign) -> tuple[list[int], list[int]]:
    """The campaign's Imperial Orders and Resistance cards."""
    return (sorted({card.order for card in campaign.tyranny_cards}),
            sorted({c.resistance for card in campaign.tyranny_cards for c in card.choices}))


def _with(seen: Coverage, laws: list[str], orders: list[int], resistance: list[int],
          used: list[str], count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Orders adding most uncovered pairs with ``used`` (unfired ones first), then
    the ``count`` Resistance cards adding most with ``laws`` and those Orders."""
    chosen_orders = _orders_for(seen, tuple(orders), tuple(used))
    every = laws + [f"order:{n}" for n in chosen_orders]
    chosen = _best(resistance, lambda n: seen.gain(every, f"resistance:{n}"), count)
    return chosen, chosen_orders


def _orders_for(seen: Coverage, orders: tuple[int, ...], used: tuple[str, ...]
                ) -> tuple[int, ...]:
    """The Orders adding most uncovered pairs with ``used`` (unfired ones first); the
    same for every plan of one round, so worked out once a round (``seen`` changes
    only between rounds)."""
    key = (orders, used)
    memo = seen.memo
    if key not in memo:
        memo[key] = _best(list(orders), lambda n: sum(seen.gain([f"order:{n}"], u)
                                                      for u in used)
                          + (0 if f"order:{n}" in seen.fired else UNFIRED), ORDERS)
    return memo[key]


def _mandate_sides(seen: Coverage) -> list[tuple[bool, list[str]]]:
    """(flipped, the Mandate side in force) for each side: the Imperial side as the
    game starts, the Rebel side with ``mandate_flipped``."""
    sides = [law for law in seen.universe.laws if law.startswith("mandate:")]
    return [(law.endswith(":rebel"), [law]) for law in sides] or [(False, [])]


def _post_azadi_plans(model: AzadiContent, campaign: Campaign, seen: Coverage
                      ) -> Iterator[tuple[Any, Plan]]:
    """(rank, plan) of a game founding each Foundation side never fired, or whose
    Monument has uncovered pairs."""
    orders, resistance = _numbers(campaign)
    maidaan = [u for u in seen.universe.used if u.startswith("maidaan:")]
    for place, foundation in enumerate(model.foundation_cards):
        monument = f"monument:{foundation.monument}"
        for side in range(len(foundation.sides)):
            for flipped, mandate in _mandate_sides(seen):
                chosen, chosen_orders = _with(seen, mandate, orders, resistance,
                                              [monument], RESISTANCE)
                laws = mandate + [f"order:{n}" for n in chosen_orders]
                founded = f"foundation:{foundation.id}:{side}" in seen.fired
                score = sum(seen.gain(laws, used) for used in [
                    monument, *(f"resistance:{n}" for n in chosen), *maidaan]) + \
                    (0 if founded else UNFIRED)
                if not score:
                    continue
                plan: Plan = (("resistance_start", chosen), ("orders_start", chosen_orders),
                              ("azadi_in", AZADI_IN), ("legacy_start", LEGACY),
                              ("foundation", f"{foundation.id}:{side + 1}"),
                              ("max_turns", MAX_TURNS), ("levels_start", LEVELS),
                              ("infamy_start", INFAMY), ("mandate_flipped", flipped))
                yield (-score, 0, place, side, flipped), plan


def _tyranny_plans(campaign: Campaign, seen: Coverage) -> Iterator[tuple[Any, Plan]]:
    """(rank, plan) of a game before azadi for each Tyranny card and Mandate side."""
    orders, resistance = _numbers(campaign)
    maidaan = [u for u in seen.universe.used if u.startswith("maidaan:")]
    for card in sorted(campaign.tyranny_cards, key=lambda c: c.id):
        active = [f"tyranny:{card.id}:{n}" for n, c in enumerate(card.choices)
                  if c.while_active]
        for flipped, mandate in _mandate_sides(seen):
            chosen, chosen_orders = _with(seen, mandate + active, orders, resistance,
                                          list(seen.universe.used), RESISTANCE_BEFORE)
            laws = mandate + active + [f"order:{n}" for n in chosen_orders]
            score = sum(seen.gain(laws, used) for used in
                        [*(f"resistance:{n}" for n in chosen), *maidaan])
            if not score:
                continue
            yield (-score, 1, card.id, flipped), (
                ("first_tyranny", card.id), ("resistance_start", chosen),
                ("orders_start", chosen_orders), ("levels_start", LEVELS),
                ("infamy_start", INFAMY), ("mandate_flipped", flipped))


def _best(numbers: list[int], score: Any, count: int) -> tuple[int, ...]:
    """The ``count`` numbers of highest ``score`` (the lower number on a tie), in
    ascending order; only those that score."""
    scores = {n: score(n) for n in numbers}
    ranked = sorted(numbers, key=lambda n: (-scores[n], n))
    return tuple(sorted(n for n in ranked[:count] if scores[n] > 0))
