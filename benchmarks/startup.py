"""Benchmark: start-up of everyday commands, as a user runs them (a fresh process).

Times ``samizdat validate cards/azadi/campaigns/<one>`` from launch to its first line
of output and to its exit, for this tree and for a baseline tree (by default the
commit where this branch left ``main``, exported with ``git archive``), runs of the
two interleaved so that the machine's noise falls on both alike. Prints the medians,
the best runs and the ratio; asserts nothing. Both trees run their Python sources
(``SAMIZDAT_NATIVE=0``) unless ``--native``: an exported baseline has no compiled
modules. ``--importtime`` also prints the slowest imports of this tree's run
(``python -X importtime``).

    python benchmarks/startup.py [--rounds N] [--baseline REF] [--native] [--importtime]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CAMPAIGN = "cards/azadi/campaigns/american-revolution-1776"


def export(ref: str, into: Path) -> Path:
    """The tree of ``ref``, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref, "compiler",
                              "rules_engine", "schemas", "templates", "cards"],
                             check=True, capture_output=True).stdout
    tar = into / "tree.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as opened:
        opened.extractall(into / "tree", filter="data")
    return into / "tree"


def one_run(tree: Path, env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first line of output, seconds to exit) of one validate."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "compiler", "validate", CAMPAIGN],
                               cwd=tree, env=env | {"PYTHONPATH": str(tree)},
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    process.stdout.readline()
    first = time.perf_counter() - start
    process.stdout.read()
    assert process.wait() == 0, f"validate failed in {tree}"
    return first, time.perf_counter() - start


def slowest_imports(tree: Path, env: dict[str, str], count: int = 12) -> None:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "compiler", "validate",
                           CAMPAIGN], cwd=tree, env=env | {"PYTHONPATH": str(tree)},
                          capture_output=True, text=True, check=True)
    rows = []
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[1].strip().isdigit():
            rows.append((int(fields[1]), fields[2].rstrip()))
    print(f"  slowest imports (cumulative µs) in {tree.name}:")
    for total_us, name in sorted(rows, reverse=True)[:count]:
        print(f"    {total_us:>7} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--baseline", default=None,
                        help="git ref to compare with (default: merge-base with main)")
    parser.add_argument("--native", action="store_true",
                        help="let both trees use compiled modules where they have them")
    parser.add_argument("--importtime", action="store_true")
    args = parser.parse_args()
    ref = args.baseline or subprocess.run(
        ["git", "-C", str(REPO), "merge-base", "HEAD", "main"], check=True,
        capture_output=True, text=True).stdout.strip()
    env = dict(os.environ)
    if not args.native:
        env["SAMIZDAT_NATIVE"] = "0"
    with tempfile.TemporaryDirectory(prefix="samizdat-startup-") as work:
        baseline = export(ref, Path(work))
        trees = {"this tree": REPO, f"baseline {ref[:10]}": baseline}
        for tree in trees.values():                      # warm-up: .pyc files, disk cache
            one_run(tree, env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                times[name].append(one_run(tree, env))
        print(f"samizdat validate {CAMPAIGN} ({args.rounds} interleaved runs each)")
        medians = {}
        for name, runs in times.items():
            first = [f for f, _ in runs]
            whole = [w for _, w in runs]
            medians[name] = statistics.median(first)
            print(f"  {name:<22} first output: median {medians[name] * 1000:5.0f} ms, "
                  f"best {min(first) * 1000:4.0f} ms; exit: median "
                  f"{statistics.median(whole) * 1000:5.0f} ms (target < 200 ms)")
        here, there = medians.values()
        print(f"  ratio (baseline / this tree, first output): {there / here:.2f}x")
        if args.importtime:
            slowest_imports(REPO, env)


if __name__ == "__main__":
    main()
