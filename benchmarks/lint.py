"""Benchmark: `samizdat lint` over all shipped content (validation included).

Prints the median time of `lint --fast --alternate-history` (static analyses,
in-process), of the full lint with the default budget (simulated games for
all three games; a fresh process and an empty cache each round), of a
re-lint after editing one card's narrative text (no rule changes: no game is
replayed), interleaved round by round with a re-lint of unchanged content as the
baseline (and their ratio), of a re-lint after editing one Tyranny card's task
(cached games reused for the other campaigns), and of the planted-problem suite
(tests/lint_cases/: each case copied, edited and linted), against the same number of
lints of unchanged copies as its baseline.

    python benchmarks/lint.py [--rounds N] [--full-rounds N] [--edit-rounds N]
    python benchmarks/lint.py --dask-only [--full-rounds N]

``--dask-only``: the full lint of AZADI's shipped content from an empty cache, a fresh
process each time, with the lint's own 2 forked workers (the baseline) and with
``--executor dask`` (a 2-worker Dask LocalCluster, started inside the timed command),
interleaved round by round; the medians and their ratio.
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

from compiler.pipeline.lint import lint  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--full-rounds", type=int, default=1)
    parser.add_argument("--edit-rounds", type=int, default=3)
    parser.add_argument("--dask-only", action="store_true",
                        help="only the full AZADI lint, local workers against Dask")
    args = parser.parse_args()
    if args.dask_only:
        dask_report(max(args.full_rounds, 3))
        return
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
    planted_suite()


def dask_report(rounds: int) -> None:
    """The full AZADI lint from an empty cache: 2 local workers against a 2-worker
    Dask LocalCluster, interleaved."""
    times: dict[str, list[float]] = {"local": [], "dask": []}
    with tempfile.TemporaryDirectory() as scratch:
        for round_ in range(rounds):
            for executor in times:
                env = {**os.environ, "SAMIZDAT_WORKERS": "2",
                       "SAMIZDAT_CACHE": str(Path(scratch) / f"{executor}-{round_}")}
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "compiler", "lint", "cards/azadi",
                                "--format", "json", "--quiet", "--executor", executor],
                               check=False, capture_output=True, cwd=REPO, env=env)
                times[executor].append(time.perf_counter() - start)
    local, dask = (statistics.median(times[e]) for e in ("local", "dask"))
    print(f"full lint of AZADI from an empty cache, median of {rounds} interleaved rounds: "
          f"2 local workers {local:.1f} s, 2-worker Dask LocalCluster {dask:.1f} s "
          f"({local / dask:.2f}x the local speed)")


def planted_suite() -> None:
    """The planted-problem suite's run time and recall, against linting the same copies
    unchanged (interleaved case by case)."""
    from tests.test_lint_cases import load_cases, run_case

    cases = [c for c in load_cases() if not c.simulated]
    planted = spent = unchanged = 0.0
    found = 0
    with tempfile.TemporaryDirectory() as scratch:
        for n, case in enumerate(cases):
            root = Path(scratch) / f"base-{n}"
            start = time.perf_counter()
            shutil.copytree(REPO / "cards" / case.game, root / case.game)
            lint([root / case.lint], fast=True)
            unchanged += time.perf_counter() - start
            start = time.perf_counter()
            expected, got = run_case(case, Path(scratch) / f"case-{n}")
            spent += time.perf_counter() - start
            if case.twin:
                found += not got
            else:
                planted += 1
                found += expected <= got
    print(f"planted-problem suite: {len(cases)} static cases in {spent:.1f} s "
          f"({found}/{len(cases)} right: problems found, clean twins clean); linting the "
          f"same copies unchanged {unchanged:.1f} s (baseline), ratio {spent / unchanged:.2f}")



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
