"""Benchmark: the mutation score of the static lint on every shipped game.

For each game's shipped folder (AZADI's with its five campaigns, Spring with its
translations, SAN) lists every mutant (``compiler.mutants.operators``), classifies a
sample spread over the operators (the same sample each run: ``--seed``) and prints the
score table per operator, the surviving classes, the time per mutant, and two ratios
measured in the same run: the score against the score of validation alone (mutants
killed by a schema or model code, S/M/N, at the item: what the lint's own rules add),
and the time of one mutant's lint against one lint of the unedited content.

    python benchmarks/mutants.py [--sample N] [--workers N] [--seed N] [--games NAMES]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.mutants.classify import classify  # noqa: E402
from compiler.mutants.operators import mutants  # noqa: E402
from compiler.mutants.report import sample, score, text  # noqa: E402
from compiler.pipeline.lint import lint  # noqa: E402

VALIDATION = ("S", "M", "N")


def _validation_score(verdicts: list) -> float | None:
    counted = [v for v in verdicts if v.outcome != "equivalent"]
    if not counted:
        return None
    return sum(v.outcome == "killed" and any(c.startswith(VALIDATION) for c in v.codes)
               for v in counted) / len(counted)


def _unedited_seconds(folder: Path, rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        lint([folder], fast=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=400, help="mutants per game (0: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default="azadi,spring,san")
    args = parser.parse_args()
    total: list = []
    for game in args.games.split(","):
        folder = REPO / "cards" / game
        listed = mutants(folder)
        chosen = sample(listed, args.sample, args.seed)
        one = _unedited_seconds(folder)
        measured = classify(folder, chosen, args.workers)
        total += measured.verdicts
        per = measured.seconds * args.workers / max(1, len(chosen))
        print(f"== {game}: {len(chosen)} of {len(listed)} mutants, {measured.seconds:.1f} s "
              f"on {args.workers} workers ({per * 1000:.0f} ms of a worker per mutant; "
              f"one unedited lint {one * 1000:.0f} ms; ratio {per / one:.2f})")
        print(text(measured, len(listed)))
        lint_score, schema = score(measured.verdicts), _validation_score(measured.verdicts)
        if lint_score is not None and schema:
            print(f"{game}: score {100 * lint_score:.1f} % against validation alone "
                  f"{100 * schema:.1f} % (ratio {lint_score / schema:.2f})\n")
    overall = score(total)
    if overall is not None:
        print(f"all games: {100 * overall:.1f} % of non-equivalent mutants killed at the "
              f"edited item (goal 90 %)")


if __name__ == "__main__":
    main()
