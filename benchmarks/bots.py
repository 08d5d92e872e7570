"""Benchmark: what each game's bots cost and what they achieve, measured in one run.

For each game and bot: games per second on one core, and the outcome that bot is
for: SAN, the share of decided games a bot wins against the best greedy bot
(``hacking``), both seatings per seed; Spring, the mean turns of a game all seats of
which it plays, and the share of games its seat wins against three random bots;
AZADI (4 players, easy), the azadi rate. The random bot of the same game, played in
the same run, is the baseline of each speed ratio. Prints figures; asserts nothing.

    python benchmarks/bots.py [--games N] [--budget N]
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
from rules_engine.core.game import play_out  # noqa: E402


def _play(setup: Any, seed: int, **options: Any) -> Any:
    game, bots, _ = setup(seed, **options)
    return play_out(game.new_initial_state(seed), bots)


def san(model: Any, bot: str, games: int) -> tuple[float, str]:
    from rules_engine.san.simulation import setup

    start, won, decided = time.perf_counter(), 0, 0
    for seed in range(games):
        for seats, mine in (((bot, "hacking"), 0), (("hacking", bot), 1)):
            returns = _play(setup, seed, content=model, bots=seats).returns()
            if returns[0] != returns[1]:
                decided += 1
                won += returns[mine] > returns[1 - mine]
    rate = 2 * games / (time.perf_counter() - start)
    return rate, f"wins {won / max(decided, 1):.0%} of {decided} decided games vs hacking"


def spring(model: Any, bot: str, games: int) -> tuple[float, str]:
    from rules_engine.spring.simulation import setup

    start, turns, share = time.perf_counter(), 0, 0.0
    for seed in range(games):
        turns += _play(setup, seed, content=model, bots=(bot,) * 4).turn
        share += _play(setup, seed, content=model,
                       bots=(bot, "random", "random", "random")).returns()[0]
    rate = 2 * games / (time.perf_counter() - start)
    return rate, (f"mean {turns / games:.1f} turns; its seat wins {share / games:.0%} "
                  "against 3 random")


def azadi(model: Any, bot: str, games: int) -> tuple[float, str]:
    from rules_engine.azadi.simulation import setup

    start, reached = time.perf_counter(), 0
    for seed in range(games):
        reached += _play(setup, seed, content=model, bots=(bot,) * 4,
                         difficulty="easy").azadi
    rate = games / (time.perf_counter() - start)
    return rate, f"azadi in {reached / games:.0%} of {games} easy games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="seeds per bot")
    parser.add_argument("--budget", type=int, default=30, help="the search bots' budget")
    args = parser.parse_args()
    from rules_engine import native

    used = native.in_use()
    print(f"compiled modules in use: {len(used)} of {len(native.MODULES)}")
    models = validate([REPO / "cards"]).models
    search = f"mcts:{args.budget}"
    plan = (("san", san, ("random", "hacking", search)),
            ("spring", spring, ("random", "greedy", search)),
            ("azadi", azadi, ("random", "coop", search)))
    for game, measure, bots in plan:
        baseline = 0.0
        for bot in bots:
            games = args.games if bot == "random" or not bot.startswith("mcts") \
                else max(2, args.games // 4)
            rate, outcome = measure(models[game], bot, games)
            baseline = baseline or rate
            print(f"{game:7} {bot:10} {rate:9.2f} games/s ({rate / baseline:.3f}x random)"
                  f"  {outcome}", flush=True)


if __name__ == "__main__":
    main()
