"""Benchmark: full games per second per core with random bots, for each engine built,
and the runner with two workers. Prints figures; asserts nothing.

    python benchmarks/simulate.py [--games N]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.validate import validate  # noqa: E402
from rules_engine.core.simulate import Simulation, run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    models = validate([REPO / "cards"]).models
    for game, bots in (("san", ("random", "random")), ("spring", ("random",) * 4)):
        spec = Simulation(f"rules_engine.{game}.simulation:setup",
                          (("content", models[game]), ("bots", bots)))
        run(spec, 5)
        start = time.perf_counter()
        run(spec, args.games)
        one = time.perf_counter() - start
        start = time.perf_counter()
        run(spec, args.games, workers=2)
        two = time.perf_counter() - start
        print(f"{game} ({len(bots)} random bots): {args.games / one:,.0f} games/s on one core; "
              f"{args.games / two:,.0f} games/s with --workers 2")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:,.0f} MB")


if __name__ == "__main__":
    main()
