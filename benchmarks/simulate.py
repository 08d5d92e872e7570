"""Benchmark: full games per second per core with random bots, for each engine built,
and the runner with two workers; for AZADI (4 players, medium) also greedy bots,
and the peak memory of a long run with two workers. Prints figures; asserts nothing.

    python benchmarks/simulate.py [--games N] [--azadi-games N] [--rounds N] [--memory-games N]
    python benchmarks/simulate.py --dask-only [--games N] [--rounds N]

``--dask-only``: AZADI random games per second on one process, on two local workers
and on a two-worker Dask LocalCluster (started once, outside the timing), the three
interleaved round by round; and the bytes serialised per game on the cluster (the
content once per worker, each batch's seeds and reference, the records back). Target:
Dask within 15 % of the local workers at two workers.

``--budget-only``: AZADI random games per second on one core with lint's per-game time
budget (the clock looked at every 64 actions) and without it (simulate's), interleaved
round by round, and their ratio. Target: within 2 %.
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


def dask_report(spec: Simulation, games: int, rounds: int) -> None:
    import pickle

    from compiler.pipeline import dask_run
    from rules_engine.core.simulate import stream

    chunk = 50
    with dask_run.cluster("dask", 2) as cluster:
        def on_dask() -> float:
            start = time.perf_counter()
            records = list(stream(spec, games, 0, cluster.workers,
                                  executor=cluster.executor, chunk=chunk,
                                  shared=cluster.share(spec)))
            assert len(records) == games
            return games / (time.perf_counter() - start)

        on_dask()                                   # warm-up: imports on the workers
        rates: dict[str, list[float]] = {"one process": [], "2 local workers": [],
                                         "2-worker Dask LocalCluster": []}
        for _ in range(rounds):
            rates["one process"].append(rate(spec, games))
            rates["2 local workers"].append(rate(spec, games, workers=2))
            rates["2-worker Dask LocalCluster"].append(on_dask())
        records = run(spec, chunk)
    medians = {name: statistics.median(found) for name, found in rates.items()}
    print(f"azadi, 4 random bots, {games} games, median of {rounds} interleaved rounds:")
    for name, value in medians.items():
        print(f"  {name}: {value:,.0f} games/s")
    ratio = medians["2-worker Dask LocalCluster"] / medians["2 local workers"]
    print(f"  Dask / local at 2 workers: {ratio:.2f} (target >= 0.85)")
    content = len(pickle.dumps(spec))
    batch = len(pickle.dumps(list(range(chunk)))) + 200     # seeds, the reference, the call
    back = len(pickle.dumps(records))
    per_game = (2 * content) / games + (batch + back) / chunk
    print(f"  bytes per game on the cluster: {per_game:,.0f} (content {content:,} bytes sent "
          f"once to each of 2 workers, over {games} games; seeds {batch / chunk:,.0f} and "
          f"records {back / chunk:,.0f} a game); sending the content with each batch of "
          f"{chunk} would be {content / chunk:,.0f} a game more")


def budget_report(spec: Simulation, games: int, rounds: int) -> None:
    from dataclasses import replace

    from rules_engine.core.budgets import LINT_GAME_SECONDS

    timed = replace(spec, max_seconds=LINT_GAME_SECONDS)
    run(spec, 5)
    without: list[float] = []
    within: list[float] = []
    for _ in range(rounds):
        without.append(rate(spec, games))
        within.append(rate(timed, games))
    best_without, best_within = max(without), max(within)
    print(f"azadi, 4 random bots, {games} games, best of {rounds} interleaved rounds:")
    print(f"  no time budget (simulate): {best_without:,.0f} games/s")
    print(f"  {LINT_GAME_SECONDS:g} s budget a game (lint): {best_within:,.0f} games/s")
    print(f"  with / without: {best_within / best_without:.3f} (target >= 0.98)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--azadi-games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3, help="runs per one-core figure")
    parser.add_argument("--memory-games", type=int, default=10_000,
                        help="AZADI random games with --workers 2 for the memory figure "
                             "(the issue's target is stated for 100,000)")
    parser.add_argument("--dask-only", action="store_true",
                        help="only one process, 2 local workers and a 2-worker Dask cluster")
    parser.add_argument("--budget-only", action="store_true",
                        help="only AZADI random games with and without lint's time budget")
    args = parser.parse_args()
    if args.budget_only:
        models = validate([REPO / "cards"]).models
        budget_report(Simulation("rules_engine.azadi.simulation:setup",
                                 (("content", models["azadi"]), ("bots", ("random",) * 4))),
                      args.games, args.rounds)
        return
    if args.dask_only:
        models = validate([REPO / "cards"]).models
        dask_report(Simulation("rules_engine.azadi.simulation:setup",
                               (("content", models["azadi"]), ("bots", ("random",) * 4))),
                    args.games, args.rounds)
        return
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
