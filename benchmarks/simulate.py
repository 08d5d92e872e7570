"""Benchmark: full games per second per core with random bots, for each engine built,
and the runner with two workers; for AZADI (4 players, medium) also greedy bots,
and the peak memory of a long run with two workers. Prints figures; asserts nothing.

    python benchmarks/simulate.py [--games N] [--azadi-games N] [--rounds N] [--memory-games N]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.frontend.validate import validate  # noqa: E402
from rules_engine.core.simulate import Simulation, run  # noqa: E402


def rate(spec: Simulation, games: int, workers: int = 1) -> float:
    """Games per second playing ``games`` games of ``spec``."""
    start = time.perf_counter()
    run(spec, games, workers=workers)
    return games / (time.perf_counter() - start)


def one_core(spec: Simulation, games: int, rounds: int) -> str:
    """Best and median games per second on one core over ``rounds`` runs (a shared
    machine's noise only ever slows a run down, so the best is the steadiest figure)."""
    rates = sorted(rate(spec, games) for _ in range(rounds))
    return (f"{rates[-1]:,.0f} games/s on one core (best of {rounds}; median "
            f"{statistics.median(rates):,.0f})")


def peak_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--azadi-games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3, help="runs per one-core figure")
    parser.add_argument("--memory-games", type=int, default=10_000,
                        help="AZADI random games with --workers 2 for the memory figure "
                             "(the issue's target is stated for 100,000)")
    args = parser.parse_args()
    from rules_engine import native
    used = native.in_use()
    print(f"compiled engines (samizdat native build): {len(used)} of {len(native.MODULES)} "
          "modules in use" + ("" if used else " - these are the Python sources' figures"))
    models = validate([REPO / "cards"]).models
    for game, bots in (("san", ("random", "random")), ("spring", ("random",) * 4)):
        spec = Simulation(f"rules_engine.{game}.simulation:setup",
                          (("content", models[game]), ("bots", bots)))
        run(spec, 5)
        one, two = one_core(spec, args.games, args.rounds), rate(spec, args.games, workers=2)
        print(f"{game} ({len(bots)} random bots): {one}; {two:,.0f} games/s with --workers 2")
    for bot, games in (("random", args.azadi_games), ("greedy", max(1, args.azadi_games // 10))):
        spec = Simulation("rules_engine.azadi.simulation:setup",
                          (("content", models["azadi"]), ("bots", (bot,) * 4)))
        run(spec, 5)
        print(f"azadi (4 {bot} bots, medium): {one_core(spec, games, args.rounds)}")
    print(f"peak memory of this process: {peak_mb(resource.RUSAGE_SELF):,.0f} MB")
    if args.memory_games:
        spec = Simulation("rules_engine.azadi.simulation:setup",
                          (("content", models["azadi"]), ("bots", ("random",) * 4)))
        speed = rate(spec, args.memory_games, workers=2)
        print(f"azadi {args.memory_games:,} random games with --workers 2: {speed:,.0f} games/s; "
              f"peak memory {peak_mb(resource.RUSAGE_SELF):,.0f} MB in the runner, "
              f"{peak_mb(resource.RUSAGE_CHILDREN):,.0f} MB in a worker")


if __name__ == "__main__":
    main()
