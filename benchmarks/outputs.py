"""Benchmark: the two slowest extra outputs of a build, this tree against a baseline.

* PNG export: ``sheets.png_pages`` over every card side of the biggest SAN deck
  (pdfium's render and the PNG encoding; this tree encodes on every core).
* The AZADI rules reference PDF: ``reference.reference_pdf`` (this tree lays it out
  once; the baseline's reportlab ``multiBuild`` three times).

The baseline is a commit (by default where this branch left ``main``) exported with
``git archive``; each round runs one fresh process per tree, alternately, and each
process times the two steps after a warm-up, so imports and fonts stay out.
Prints medians, output sizes and ratios; asserts nothing.

    python benchmarks/outputs.py [--rounds N] [--baseline REF]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import export  # noqa: E402

MEASURE = r"""
import json, sys, time
from pathlib import Path
from compiler.pdf import reference, sheets
from compiler.pipeline.build import BuildOptions, BuildResult, _plan_game, prepare_deck
from compiler.text.faces import builder
from compiler.frontend.validate import validate

checked = validate([Path("cards")])
azadi, san = checked.models["azadi"], checked.models["san"]
rules = reference.load_rules("azadi")
rules = rules[0] if isinstance(rules, tuple) else rules
faces = builder("azadi")(azadi)
options = BuildOptions(Path("unused"))
jobs = _plan_game("san", san, checked, options, BuildResult())
job = max(jobs, key=lambda j: len(j.plans))
cards, _ = prepare_deck(job)
pdf = sheets.card_pages(cards)

def best(step, runs=3):
    step()
    times = []
    for _ in range(runs):
        start = time.perf_counter(); out = step(); times.append(time.perf_counter() - start)
    return min(times), out

ref_time, (ref_pdf, pages) = best(lambda: reference.reference_pdf(rules, azadi, faces))
png_time, images = best(lambda: sheets.png_pages(pdf))
print(json.dumps({"reference": ref_time, "reference_pages": pages,
                  "reference_bytes": len(ref_pdf), "png": png_time,
                  "png_pages": len(images), "png_bytes": sum(map(len, images))}))
"""


def one_run(tree: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", MEASURE], cwd=tree, check=True,
                          env=os.environ | {"PYTHONPATH": str(tree)},
                          capture_output=True, text=True)
    found: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", default=None)
    args = parser.parse_args()
    ref = args.baseline or subprocess.run(
        ["git", "-C", str(REPO), "merge-base", "HEAD", "main"], check=True,
        capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="samizdat-outputs-") as work:
        trees = {"this tree": REPO, f"baseline {ref[:10]}": export(ref, Path(work))}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                runs[name].append(one_run(tree))
        medians = {name: {key: statistics.median(r[key] for r in found)
                          for key in ("reference", "png")} for name, found in runs.items()}
        for name, found in runs.items():
            last = found[-1]
            print(f"{name:<22} AZADI reference {medians[name]['reference'] * 1000:6.0f} ms "
                  f"({last['reference_pages']:.0f} pages, {last['reference_bytes'] / 1e3:.0f} kB);"
                  f" PNG {medians[name]['png'] * 1000:6.0f} ms ({last['png_pages']:.0f} pages, "
                  f"{last['png_bytes'] / 1e6:.2f} MB)")
        here, there = medians.values()
        ratio = there["reference"] / here["reference"]
        print(f"ratio (baseline / this tree): reference {ratio:.2f}x,"
              f" PNG {there['png'] / here['png']:.2f}x  ({args.rounds} interleaved rounds, "
              "best of 3 per process, medians)")


if __name__ == "__main__":
    main()
