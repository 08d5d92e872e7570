"""A balance diff for people and programs: ``text`` for a terminal, ``markdown`` for
a pull-request comment (what moved in a table, every figure in a collapsed section)
and ``json``. Every text that comes from content or the command line is escaped for
its format (a card's title may hold ``|``, HTML or an ``@mention``); nothing depends on
the clock, so the same inputs and seed give the same bytes."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from compiler.diff.compare import Comparison, Figure, OneSided
from compiler.diff.wording import (
    Context,
    bots,
    card_name,
    change,
    figure_name,
    p_value,
    run_name,
    subject,
    value,
    verdict,
)
from compiler.pipeline.command_output import safe
from compiler.report.reporters import printable

MARKER = "<!-- samizdat diff -->"
"""The first line of the Markdown report, by which a workflow finds its own comment."""

_MARKUP = re.compile(r"([\\`*_\[\]|~])")


def markdown_text(text: str) -> str:
    """``text`` from content or the command line inert in a Markdown table cell:
    control characters written escaped, HTML escaped, the punctuation of emphasis,
    links, code and tables backslashed, and ``@`` an entity (no mention)."""
    escaped = html.escape(printable(text), quote=False)
    return _MARKUP.sub(r"\\\1", escaped).replace("@", "&#64;")


def text(context: Context, comparison: Comparison) -> str:
    """The report for a terminal."""
    lines = [safe(f"samizdat diff {context.base} -> {context.head}: {context.games:,} "
                  f"games per side from seed {context.seed}")]
    lines += [safe(f"  {run_name(game, campaign)}: bots {bots(seats)}")
              for game, campaign, seats in context.played]
    lines.append(verdict(comparison))
    for figure in comparison.moved:
        lines.append(safe(f"  {run_name(figure.game, figure.campaign)}: "
                          f"{subject(figure.head)}: "
                          f"{value(figure.base)} -> {value(figure.head)}, "
                          f"{change(figure)}, p {p_value(figure)}"
                          f"{f' at {figure.where}' if figure.where else ''}"))
    lines += [safe(line) for line in _one_sided_lines(context, comparison)]
    return "\n".join(lines)


def _one_sided_lines(context: Context, comparison: Comparison) -> list[str]:
    lines = [f"game only in the head: {g}" for g in context.games_added]
    lines += [f"game only in the base: {g}" for g in context.games_removed]
    lines += [f"campaign only in the head: {run_name(*c)}" for c in context.campaigns_added]
    lines += [f"campaign only in the base: {run_name(*c)}" for c in context.campaigns_removed]
    lines += [f"figure only in the head: {_one_sided_name(s)} {value(s.estimate)}"
              for s in comparison.added]
    lines += [f"figure only in the base: {_one_sided_name(s)} {value(s.estimate)}"
              for s in comparison.removed]
    return lines


def _one_sided_name(one: OneSided) -> str:
    return f"{run_name(one.game, one.campaign)}: {subject(one.estimate)}"


HEADER = ("| Game | Figure | Card | Base | Head | Change | p |",
          "|---|---|---|---|---|---|---|")


def _row(figure: Figure) -> str:
    shown = [markdown_text(run_name(figure.game, figure.campaign)),
             markdown_text(figure_name(figure.head)), markdown_text(card_name(figure.head)),
             value(figure.base), value(figure.head), change(figure), p_value(figure)]
    if figure.moved:
        shown[1] = f"**{shown[1]}**"
    return "| " + " | ".join(shown) + " |"


COMMENT_LIMIT = 65_536
"""The most characters GitHub takes in a comment: the table of every figure is cut to fit."""


def markdown(context: Context, comparison: Comparison, limit: int = COMMENT_LIMIT) -> str:
    """The report as a pull-request comment, at most ``limit`` characters long (the
    moved figures always shown; the rows of every figure that do not fit left out,
    said)."""
    m = markdown_text
    played = "; ".join(f"{m(run_name(game, campaign))} (bots {m(bots(seats))})"
                       for game, campaign, seats in context.played) or "no game"
    lines = [MARKER, f"## Balance diff: {m(context.base)} → {m(context.head)}", "",
             f"{context.games:,} games per side with the same seeds (from seed "
             f"{context.seed}) on each of: {played}.", "", verdict(comparison)]
    if comparison.moved:
        lines += ["", *HEADER, *(_row(f) for f in comparison.moved)]
    one_sided = _one_sided_lines(context, comparison)
    if one_sided:
        lines += ["", *(f"* {m(line)}" for line in one_sided)]
    lines += ["", f"<details><summary>Every figure ({len(comparison.figures)}; p is "
              "the test's own p-value, before Holm's correction; a figure neither side "
              "varies is not tested)</summary>", "", *HEADER]
    rows = [_row(f) for f in comparison.figures]
    room = limit - sum(len(line) + 1 for line in lines) - 200     # the closing lines
    shown = 0
    while shown < len(rows) and len(rows[shown]) + 1 <= room:
        room -= len(rows[shown]) + 1
        shown += 1
    lines += rows[:shown]
    if shown < len(rows):
        lines += ["", f"{len(rows) - shown} more figures do not fit in a comment; "
                  "`--format json` has every one."]
    lines += ["", "</details>"]
    return "\n".join(lines)


def _figure_json(figure: Figure) -> dict[str, Any]:
    moved = figure.change
    return {"game": figure.game, "campaign": figure.campaign, "id": figure.id,
            "metric": figure.head.metric, "item": figure.head.item,
            "base": figure.base.as_json(), "head": figure.head.as_json(),
            "change": {"delta": round(moved.delta, 6), "low": _finite(moved.low),
                       "high": _finite(moved.high), "z": round(moved.z, 6),
                       "p_value": moved.p_value},
            "tested": figure.tested, "moved": figure.moved,
            "location": str(figure.where) if figure.where else None}


def _finite(number: float) -> float | None:
    return round(number, 6) if abs(number) != float("inf") else None


def _one_sided_json(one: OneSided) -> dict[str, Any]:
    return {"game": one.game, "campaign": one.campaign, **one.estimate.as_json()} | \
        ({"location": str(one.where)} if one.where else {})


def as_json(context: Context, comparison: Comparison) -> str:
    """The report as one JSON document."""
    return json.dumps({
        "base": context.base, "head": context.head, "games": context.games,
        "seed": context.seed, "alpha": comparison.alpha,
        "runs": [{"game": g, "campaign": c, "bots": list(s)} for g, c, s in context.played],
        "tested": comparison.tested, "moved": len(comparison.moved),
        "figures": [_figure_json(f) for f in comparison.figures],
        "added": [_one_sided_json(s) for s in comparison.added],
        "removed": [_one_sided_json(s) for s in comparison.removed],
        "games_added": context.games_added, "games_removed": context.games_removed,
        "campaigns_added": [list(c) for c in context.campaigns_added],
        "campaigns_removed": [list(c) for c in context.campaigns_removed],
    }, indent=2, sort_keys=True, ensure_ascii=False)
