"""Choosing and reporting mutants: a deterministic sample spread over the operators,
and the mutation score per game and operator (text or JSON).

The **score** is killed / (mutants - equivalent): the share of the edits that change
something observable that the static lint found at the edited item."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from compiler.mutants.classify import OUTCOMES, Run, Verdict
from compiler.mutants.operators import Mutant

SHOWN = 40
"""At most this many survivors listed in the text report (the JSON lists all)."""


def sample(found: Sequence[Mutant], size: int, seed: int = 0) -> list[Mutant]:
    """``size`` mutants of ``found`` (all when ``size`` is 0 or more than there are),
    taken in turn from each operator in a seeded order; returned in source order."""
    if size <= 0 or size >= len(found):
        return list(found)
    by_operator: dict[str, list[Mutant]] = defaultdict(list)
    for m in sorted(found, key=lambda m: hashlib.sha256(f"{seed}|{m.key}".encode()).digest()):
        by_operator[m.operator].append(m)
    chosen: list[Mutant] = []
    queues = [by_operator[k] for k in sorted(by_operator)]
    while len(chosen) < size:
        for queue in queues:
            if queue and len(chosen) < size:
                chosen.append(queue.pop(0))
    order = {m.key: i for i, m in enumerate(found)}
    return sorted(chosen, key=lambda m: order[m.key])


def score(verdicts: Sequence[Verdict]) -> float | None:
    """killed / non-equivalent, or None when every mutant was equivalent."""
    counted = [v for v in verdicts if v.outcome != "equivalent"]
    if not counted:
        return None
    return sum(v.outcome == "killed" for v in counted) / len(counted)


def rows(verdicts: Sequence[Verdict]) -> list[dict[str, Any]]:
    """One row per (game, operator) and one per game ("all"): the count of each
    outcome and the score."""
    groups: dict[tuple[str, str], list[Verdict]] = defaultdict(list)
    for v in verdicts:
        groups[(v.game, v.mutant.operator)].append(v)
        groups[(v.game, "all")].append(v)
    out = []
    for (game, operator), group in sorted(groups.items(),
                                          key=lambda kv: (kv[0][0], kv[0][1] == "all",
                                                          kv[0][1])):
        counts = {o: sum(v.outcome == o for v in group) for o in OUTCOMES}
        out.append({"game": game, "operator": operator, "mutants": len(group), **counts,
                    "score": score(group)})
    return out


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"


def text(run: Run, listed: int) -> str:
    """The report: the table of scores, then the surviving mutants."""
    header = ("game", "operator", "mutants", *OUTCOMES, "score")
    table = [header] + [(r["game"], r["operator"], str(r["mutants"]),
                         *(str(r[o]) for o in OUTCOMES), _percent(r["score"]))
                        for r in rows(run.verdicts)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = [f"mutation score of {len(run.verdicts)} of {listed} mutants "
             f"(unedited content: {run.base_findings} findings)"]
    lines += ["  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
              for row in table]
    lines.append(f"score: {_percent(score(run.verdicts))} of the non-equivalent mutants "
                 "killed at the edited item")
    left = [v for v in run.verdicts if v.outcome in ("survived", "crashed", "elsewhere")]
    if left:
        lines.append("")
        lines.append("not found at the edited item:")
        for v in left[:SHOWN]:
            m = v.mutant
            said = f" ({', '.join(v.codes)})" if v.codes else ""
            lines.append(f"  {m.file}:{m.line}:{m.column}: {v.outcome}{said}: {m.operator} "
                         f"{m.before} -> {m.after}{f'; {v.detail}' if v.detail else ''}")
        if len(left) > SHOWN:
            lines.append(f"  ... and {len(left) - SHOWN} more (--format json lists all)")
    return "\n".join(lines) + "\n"


def as_json(run: Run, listed: int) -> str:
    """The report as JSON: the rows, the score and every verdict."""
    return json.dumps({
        "listed": listed, "classified": len(run.verdicts),
        "unedited_findings": run.base_findings, "score": score(run.verdicts),
        "rows": rows(run.verdicts),
        "mutants": [{"file": v.mutant.file, "line": v.mutant.line,
                     "column": v.mutant.column, "operator": v.mutant.operator,
                     "before": v.mutant.before, "after": v.mutant.after,
                     "game": v.game, "outcome": v.outcome, "codes": list(v.codes),
                     "detail": v.detail} for v in run.verdicts]}, indent=2) + "\n"
