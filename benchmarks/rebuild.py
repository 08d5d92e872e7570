"""Benchmark: rebuilding large content, unchanged and after a one-card edit.

Makes AZADI content ``--scale`` times the shipped size (each campaign copied with
its own ids, questions and titles, so the copy validates clean) in a temporary
folder, builds its card sheets once, then times, turn about, in fresh processes as
a designer runs them (``samizdat build … --cards-only``):

* an unchanged rebuild, which stands on the last clean build without validating
  (:mod:`compiler.pipeline.quick_rebuild`), against the baseline of the same rebuild without
  that shortcut (validation, planning, cache checks; what it cost before);
* a rebuild after editing one Ideology card's question.

Prints medians and the ratio against the baseline; asserts nothing.

    python benchmarks/rebuild.py [--scale 40] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TITLE_LIMIT = 28            # characters of a Tyranny card's or choice's title


def scaled_content(target: Path, scale: int) -> Path:
    """AZADI content with every campaign ``scale`` times; returns the game folder."""
    game = target / "azadi"
    shutil.copytree(REPO / "cards" / "azadi", game)
    campaigns = sorted(p for p in (game / "campaigns").iterdir() if p.is_dir())
    for campaign in campaigns:
        for copy in range(2, scale + 1):
            folder = campaign.with_name(f"{campaign.name}-x{copy}")
            shutil.copytree(campaign, folder)
            _rename(folder, campaign.name, copy)
    return game


def _rename(folder: Path, original: str, copy: int) -> None:
    """Give a copied campaign its own id, card ids, questions and titles."""
    manifest = folder / "campaign.yaml"
    manifest.write_text(re.sub(rf"^  id: {re.escape(original)}$", f"  id: {folder.name}",
                               manifest.read_text(), flags=re.M))
    suffix = f" {copy}"
    for name in ("ideology_cards.yaml", "tyranny_cards.yaml"):
        path = folder / name
        text = re.sub(r"^(  - id: [a-z0-9-]+)$", rf"\1-x{copy}", path.read_text(), flags=re.M)
        text = re.sub(r'^(    question: ")', rf"\1({copy}) ", text, flags=re.M)
        text = re.sub(r"^(    title: |      - title: )(.*)$",
                      lambda m: m.group(1) + m.group(2)[:TITLE_LIMIT - len(suffix)].rstrip()
                      + suffix, text, flags=re.M)
        path.write_text(text)


def timed_build(game: Path, out: Path, quick: bool = True) -> float:
    """Seconds of one ``samizdat build`` process (``quick=False``: without the
    unchanged-rebuild shortcut, as before it existed)."""
    code = ("import sys; from compiler.cli import main; sys.argv = ['samizdat', 'build', "
            f"{str(game)!r}, '--cards-only', '--out', {str(out)!r}]; main()")
    if not quick:
        code = ("import compiler.pipeline.quick_rebuild as q; "
                "q.unchanged_build = lambda paths, options: (None, None); " + code)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()        # (bytecode cached, as on a designer's machine)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env | {"PYTHONPATH": str(REPO)})
    elapsed = time.perf_counter() - start
    if run.returncode != 0:
        raise SystemExit(f"build failed:\n{run.stdout}\n{run.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="samizdat-rebuild-") as work:
        game = scaled_content(Path(work), args.scale)
        out = Path(work) / "out"
        first = timed_build(game, out)
        quick, full, edited = [], [], []
        deck = next(p for p in sorted((game / "campaigns").glob("*-x2")))
        question = deck / "ideology_cards.yaml"
        for round_number in range(args.rounds):
            quick.append(timed_build(game, out))
            full.append(timed_build(game, out, quick=False))
            text = question.read_text()
            question.write_text(text.replace('question: "', f'question: "Edit {round_number}: ',
                                             1))
            edited.append(timed_build(game, out))
        cards = sum(1 for _ in (out / "azadi").glob("*.pdf"))
    print(f"AZADI content at {args.scale}x ({cards} card PDFs); a fresh build took "
          f"{first:.1f} s")
    q, f, e = (statistics.median(v) for v in (quick, full, edited))
    print(f"  unchanged rebuild: median {q * 1000:.0f} ms (best {min(quick) * 1000:.0f}); "
          f"without the shortcut (baseline) {f * 1000:.0f} ms; ratio {q / f:.2f} "
          "(target under 300 ms)")
    print(f"  one-card edit rebuild: median {e * 1000:.0f} ms (best {min(edited) * 1000:.0f}); "
          f"ratio to the baseline's unchanged rebuild {e / f:.2f} (target under 500 ms)")


if __name__ == "__main__":
    main()
