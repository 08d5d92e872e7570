"""Benchmark: interaction coverage reached per second of lint budget, for AZADI's
shipped campaigns, with and without the directed games (ruling R55), both measured
in this run (the cache off). Prints, per campaign and in sum, the effects fired and
the (law, power) pairs covered, the CPU seconds the games took, and the coverage
per second against the plain games' baseline. Asserts nothing.

    python benchmarks/coverage.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ["SAMIZDAT_CACHE"] = "off"          # every game played, none read back
os.environ["SAMIZDAT_WORKERS"] = "1"          # CPU seconds of this process are all of it

from compiler.frontend.validate import validate  # noqa: E402
from rules_engine.azadi import coverage  # noqa: E402
from rules_engine.azadi.lint.directed_runs import directed_runs  # noqa: E402
from rules_engine.azadi.lint.simulation_runs import choice_runs  # noqa: E402
from rules_engine.core.simulate import GameRecord  # noqa: E402


def reached(model: object, campaign: object, records: Iterable[GameRecord]) -> tuple[int, int]:
    """(effects fired, pairs covered) by ``records`` of ``campaign``."""
    universe = coverage.universe(model, campaign, seat_of_power=True)  # type: ignore[arg-type]
    total: Counter[str] = Counter()
    for record in records:
        total.update(record.counters)
    found = coverage.report(universe, 1, total)
    return found["effects"]["fired"], found["pairs"]["covered"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="the lint's --games")
    args = parser.parse_args()
    model = validate([REPO / "cards" / "azadi"]).models["azadi"]
    start = time.process_time()
    plain = choice_runs(model, args.games, 0)
    plain_s = time.process_time() - start
    start = time.process_time()
    directed = directed_runs(model, args.games, 0)
    directed_s = time.process_time() - start
    sums = Counter[str]()
    universe = coverage.universe(model, model.campaigns[0], seat_of_power=True)
    for campaign in model.campaigns:
        mine = [r for x in plain if x.campaign.id == campaign.id for r in x.records]
        more = [g.record for g in directed if g.campaign.id == campaign.id]
        effects, pairs = reached(model, campaign, mine)
        all_effects, all_pairs = reached(model, campaign, mine + more)
        sums.update({"effects": effects, "pairs": pairs, "all_effects": all_effects,
                     "all_pairs": all_pairs})
        print(f"{campaign.id}: plain {effects}/{len(universe.effects)} effects, "
              f"{pairs}/{universe.pairs} pairs ({len(mine)} games); with directed "
              f"{all_effects} effects, {all_pairs} pairs (+{len(more)} games)")
    campaigns = len(model.campaigns)
    effects_total, pairs_total = len(universe.effects) * campaigns, universe.pairs * campaigns
    both_s = plain_s + directed_s
    print(f"plain games: {sums['effects']}/{effects_total} effects "
          f"({sums['effects'] / effects_total:.1%}), {sums['pairs']}/{pairs_total} pairs "
          f"({sums['pairs'] / pairs_total:.1%}) in {plain_s:.1f} CPU s")
    print(f"with directed games: {sums['all_effects']}/{effects_total} effects "
          f"({sums['all_effects'] / effects_total:.1%}), {sums['all_pairs']}/{pairs_total} "
          f"pairs ({sums['all_pairs'] / pairs_total:.1%}) in {both_s:.1f} CPU s")
    base = sums["pairs"] / plain_s
    print(f"coverage reached per second of lint budget: {sums['all_effects'] / both_s:.2f} "
          f"effects/s (baseline {sums['effects'] / plain_s:.2f}), "
          f"{sums['all_pairs'] / both_s:.2f} pairs/s (baseline {base:.2f}); "
          f"ratio {sums['all_pairs'] / both_s / base:.2f}x pairs/s, "
          f"{(sums['all_pairs'] - sums['pairs']) / max(directed_s, 1e-9):.2f} new pairs "
          f"per directed-game second")


if __name__ == "__main__":
    main()
