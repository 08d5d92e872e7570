"""Benchmark: `samizdat lint` over all shipped content (validation included).

Prints the median time of `lint --fast --alternate-history` (static analyses,
in-process), of the full lint with the default budget (simulated games for
all three games; a fresh process and an empty cache each round), of a
re-lint after editing one card's narrative text (no rule changes: no game is
replayed), interleaved round by round with a re-lint of unchanged content as the
baseline (and their ratio), and of a re-lint after editing one Tyranny card's task
(cached games reused for the other campaigns).

    python benchmarks/lint.py [--rounds N] [--full-rounds N] [--edit-rounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.lint import lint  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--full-rounds", type=int, default=1)
    parser.add_argument("--edit-rounds", type=int, default=3)
    args = parser.parse_args()
    lint([REPO / "cards"], fast=True)
    times = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        lint([REPO / "cards"], alternate_history=True, fast=True)
        times.append(time.perf_counter() - start)
    print(f"lint --fast --alternate-history, all shipped content: median "
          f"{statistics.median(times) * 1000:.0f} ms (target < 2 s)")
    with tempfile.TemporaryDirectory() as scratch:
        cards = Path(scratch) / "cards"
        shutil.copytree(REPO / "cards", cards)
        env = {**os.environ, "SAMIZDAT_CACHE": str(Path(scratch) / "cache")}

        def full_lint() -> float:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "compiler", "lint", str(cards), "--format",
                            "json"], check=False, capture_output=True, cwd=REPO, env=env)
            return time.perf_counter() - start

        full = []
        for _ in range(args.full_rounds):
            shutil.rmtree(Path(scratch) / "cache", ignore_errors=True)
            full.append(full_lint())
        print(f"lint (full, --games 200: SAN and Spring questions, 4 games per AZADI "
              f"Tyranny choice), all shipped content, empty cache: median "
              f"{statistics.median(full):.1f} s (target < 60 s)")
        tyranny = cards / "azadi" / "campaigns" / "mars-1-ae" / "tyranny_cards.yaml"
        baseline, narrative = [], []
        for n in range(args.edit_rounds):       # interleaved: the same machine load for both
            baseline.append(full_lint())
            edit_narrative(tyranny, n)
            narrative.append(full_lint())
        base, edited_text = statistics.median(baseline), statistics.median(narrative)
        print(f"re-lint, nothing changed (baseline): median {base:.2f} s; after editing one "
              f"card's narrative: median {edited_text:.2f} s (target < 2 s), "
              f"{edited_text / base:.2f}x the baseline ({args.edit_rounds} rounds each)")
        text = tyranny.read_text(encoding="utf-8")
        tyranny.write_text(text.replace("times: 6", "times: 5", 1), encoding="utf-8")
        edited = full_lint()
        print(f"re-lint after editing one Tyranny card's task: {edited:.1f} s (target < 5 s)")


def edit_narrative(path: Path, n: int) -> None:
    """Reword the first narrative of ``path`` (a new wording for each ``n``)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "narrative:" in line)
    if lines[at].rstrip().endswith((">-", "|", ">")):
        at += 1                                       # a block scalar: its first line
    lines[at] = lines[at].rstrip("\n") + f" Reworded {n}.\n"
    path.write_text("".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
