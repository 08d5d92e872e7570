"""Benchmark: cards validated per second over all shipped content, one process.

Prints the figures; it asserts nothing. Also times ``samizdat --help`` (a fresh
process each time), which must stay fast because heavy modules load lazily.

    python benchmarks/validate.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.frontend.validate import validate  # noqa: E402


def bench_validate(rounds: int) -> None:
    cards = REPO / "cards"
    validate([cards])  # warm-up: schema compilation and imports are start-up, not throughput
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        result = validate([cards])
        times.append(time.perf_counter() - start)
    assert result.errors == 0, "the shipped content must validate"
    best, median = min(times), statistics.median(times)
    print(f"validate: {result.items} cards in {result.files} files")
    print(f"  median {median * 1000:.1f} ms -> {result.items / median:,.0f} cards/s")
    print(f"  best   {best * 1000:.1f} ms -> {result.items / best:,.0f} cards/s")
    cold = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from pathlib import Path; "
                    "from compiler.frontend.validate import validate; validate([Path('cards')])"],
                   cwd=REPO, check=True)
    print(f"  one cold run in a fresh process (imports included): "
          f"{(time.perf_counter() - cold) * 1000:.0f} ms")


def bench_help(rounds: int) -> None:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "compiler", "--help"], cwd=REPO, check=True,
                       capture_output=True)
        times.append(time.perf_counter() - start)
    print(f"samizdat --help: median {statistics.median(times) * 1000:.0f} ms, "
          f"best {min(times) * 1000:.0f} ms (target < 300 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    bench_validate(args.rounds)
    bench_help(max(3, args.rounds // 4))


if __name__ == "__main__":
    main()
