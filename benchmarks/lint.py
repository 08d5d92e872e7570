"""Benchmark: `samizdat lint` over all shipped content (validation included).

Prints the median time of `lint --fast --alternate-history` (static analyses,
in-process) and of the full lint with the default budget (simulated games for
all three games; each round a fresh process, so nothing is cached).

    python benchmarks/lint.py [--rounds N] [--full-rounds N]
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

from compiler.lint import lint  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--full-rounds", type=int, default=2)
    args = parser.parse_args()
    lint([REPO / "cards"], fast=True)
    times = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        lint([REPO / "cards"], alternate_history=True, fast=True)
        times.append(time.perf_counter() - start)
    print(f"lint --fast --alternate-history, all shipped content: median "
          f"{statistics.median(times) * 1000:.0f} ms (target < 2 s)")
    full = []
    for _ in range(args.full_rounds):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "compiler", "lint", str(REPO / "cards"),
                        "--format", "json"], check=False, capture_output=True, cwd=REPO)
        full.append(time.perf_counter() - start)
    print(f"lint (full, --games 200: SAN and Spring questions, 4 games per AZADI Tyranny "
          f"choice), all shipped content: median {statistics.median(full):.1f} s "
          f"(target < 60 s)")


if __name__ == "__main__":
    main()
