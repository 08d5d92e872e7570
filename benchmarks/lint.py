"""Benchmark: `samizdat lint --fast` over all shipped content (validation included).

    python benchmarks/lint.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.lint import lint  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    lint([REPO / "cards"])
    times = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        lint([REPO / "cards"], alternate_history=True)
        times.append(time.perf_counter() - start)
    print(f"lint --fast --alternate-history, all shipped content: median "
          f"{statistics.median(times) * 1000:.0f} ms (target < 2 s)")


if __name__ == "__main__":
    main()
