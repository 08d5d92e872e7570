"""Benchmark: the outcome targets of the simulations (issue 20), measured on the
shipped content, each printed with the figure it is held to and whether it is met.

* AZADI, 4 players, ``--bots best``: the azadi rate of every campaign on every
  difficulty, strictly ordered easy > medium > hard, easy >= 40 %, hard >= 3 %.
  The random bot's rate, measured in the same run, is the baseline.
* SAN: the search bot (``mcts:N``) wins >= 70 % of decided games against the best
  greedy bot (``hacking``), both seatings of every seed.
* Spring: games of four greedy bots end in under 40 turns on average (random bots,
  measured in the same run, are the baseline).

Prints figures; asserts nothing.

    python benchmarks/targets.py [--games N] [--san-games N] [--budget N] [--workers N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.frontend.validate import validate  # noqa: E402
from rules_engine.core.simulate import Simulation, run  # noqa: E402

DIFFICULTIES = ("easy", "medium", "hard")
EASY_FLOOR, HARD_FLOOR = 0.40, 0.03
SAN_FLOOR = 0.70
SPRING_CEILING = 40.0


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def azadi_rate(model: Any, campaign: str, difficulty: str, bot: str, games: int,
               workers: int) -> float:
    spec = Simulation("rules_engine.azadi.simulation:setup", (
        ("content", model), ("bots", (bot,) * 4), ("campaign", campaign),
        ("difficulty", difficulty)))
    records = run(spec, games, workers=workers)
    return sum(r.counters.get("azadi", 0) for r in records) / games


def azadi(model: Any, games: int, workers: int) -> None:
    for campaign in model.campaigns:
        start = time.perf_counter()
        rates = {d: azadi_rate(model, campaign.id, d, "best", games, workers)
                 for d in DIFFICULTIES}
        baseline = azadi_rate(model, campaign.id, "easy", "random", games, workers)
        ordered = rates["easy"] > rates["medium"] > rates["hard"]
        shown = ", ".join(f"{d} {rates[d]:.1%}" for d in DIFFICULTIES)
        print(f"azadi {campaign.id}: {shown} over {games} games each "
              f"({time.perf_counter() - start:.0f} s; random bots on easy {baseline:.1%})")
        print(f"  ordered easy > medium > hard: {verdict(ordered)}; "
              f"easy >= {EASY_FLOOR:.0%}: {verdict(rates['easy'] >= EASY_FLOOR)}; "
              f"hard >= {HARD_FLOOR:.0%}: {verdict(rates['hard'] >= HARD_FLOOR)}")


def san(model: Any, games: int, budget: int, workers: int) -> None:
    search = f"mcts:{budget}"
    won = decided = 0
    start = time.perf_counter()
    for seats, mine in (((search, "hacking"), 0), (("hacking", search), 1)):
        spec = Simulation("rules_engine.san.simulation:setup",
                          (("content", model), ("bots", seats)))
        for record in run(spec, games, workers=workers):
            if record.returns[0] != record.returns[1]:
                decided += 1
                won += record.returns[mine] > record.returns[1 - mine]
    share = won / max(decided, 1)
    print(f"san: {search} wins {share:.1%} of {decided} decided games against hacking "
          f"({time.perf_counter() - start:.0f} s); >= {SAN_FLOOR:.0%}: "
          f"{verdict(share >= SAN_FLOOR)}")


def spring(model: Any, games: int, workers: int) -> None:
    turns = {}
    for bot in ("greedy", "random"):
        spec = Simulation("rules_engine.spring.simulation:setup",
                          (("content", model), ("bots", (bot,) * 4)))
        records = run(spec, games, workers=workers)
        turns[bot] = sum(r.turns for r in records) / games
    print(f"spring: greedy games last {turns['greedy']:.1f} turns on average over {games} "
          f"games (random {turns['random']:.1f}, ratio {turns['greedy'] / turns['random']:.2f}); "
          f"under {SPRING_CEILING:.0f}: {verdict(turns['greedy'] < SPRING_CEILING)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500,
                        help="AZADI games per campaign and difficulty, Spring games")
    parser.add_argument("--san-games", type=int, default=30, help="SAN seeds (two seatings)")
    parser.add_argument("--budget", type=int, default=50, help="the SAN search bot's budget")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    models = validate([REPO / "cards"]).models
    spring(models["spring"], args.games, args.workers)
    san(models["san"], args.san_games, args.budget, args.workers)
    azadi(models["azadi"], args.games, args.workers)


if __name__ == "__main__":
    main()
