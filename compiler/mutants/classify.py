"""Classifying mutants: lint each edited copy of the content and say whether the lint
found the edit.

A mutant is **killed** when the static lint (``samizdat lint --fast``, with the
content's translations) reports a finding it did not report on the unedited content on
a line of the edited item (or naming a line of it as a related place: the first of
two duplicates); **elsewhere** when it reports a new finding, but not at
the item; otherwise the mutant is played: the same seeds with the same bots on the
unedited and the edited content (:mod:`compiler.mutants.paired`), and it is
**equivalent** when every game's record is the same (winner, scores, turns, how it
ended, every counter), else **survived**. An edit of printed words (a number in a
text or a translation) is never equivalent: what a card says is observable. A
mutant the lint raised on is **crashed**.

Each worker process edits its own copy of the content folder (one per slot, under a
temporary folder the run removes), one mutant at a time, restoring the file after:
verdicts do not depend on the worker count or order.
"""

from __future__ import annotations

import multiprocessing
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.mutants.operators import Mutant
from rules_engine.core.lint import GAME_CRASHED, INTERNAL_ERROR, NOT_PLAYABLE, NOT_RUN

PRINTED = frozenset({"text-number", "translation-number"})
OUTCOMES = ("killed", "elsewhere", "equivalent", "survived", "crashed")
UNDONE = frozenset({NOT_RUN, NOT_PLAYABLE})
"""Codes saying what the lint did not do (not findings about the edit)."""
GAMES = 6
"""Paired games played for a mutant the lint did not find (per side)."""


@dataclass(frozen=True)
class Verdict:
    """What became of one mutant: its outcome, the codes found (at the item for a
    killed one, anywhere for ``elsewhere``), the game it belongs to and a detail (the
    first difference a paired game showed, or the error)."""

    mutant: Mutant
    outcome: str
    game: str
    codes: tuple[str, ...] = ()
    detail: str = ""


@dataclass
class Baseline:
    """The unedited content's lint: its findings as (code, file, line), the games'
    models and each game's content roots (relative to the folder)."""

    findings: set[tuple[str, str, int]] = field(default_factory=set)
    models: dict[str, Any] = field(default_factory=dict)
    roots: dict[str, list[str]] = field(default_factory=dict)
    langs: tuple[str, ...] = ()


def languages(folder: Path) -> tuple[str, ...]:
    """The languages the content translates into (``lang/<code>.po``)."""
    return tuple(sorted({p.stem for p in folder.rglob("lang/*.po")}))


def _relative(file: str, copy: Path) -> str:
    path = Path(file)
    if not path.is_absolute():
        path = Path.cwd() / path
    try:
        return path.resolve().relative_to(copy.resolve()).as_posix()
    except ValueError:
        return file


def _lint(copy: Path, langs: tuple[str, ...]) -> Any:
    from compiler.pipeline.lint import lint

    return lint([copy], fast=True, langs=langs)


def baseline(copy: Path, langs: tuple[str, ...]) -> Baseline:
    """Lint the unedited ``copy`` once."""
    result = _lint(copy, langs)
    found = {(d.code, _relative(d.location.file, copy), d.location.line)
             for d in result.diagnostics}
    roots = {game: [_relative(str(p), copy) for p in paths]
             for game, paths in result.validation.content_roots.items()}
    return Baseline(found, dict(result.validation.models), roots, langs)


def game_of(file: str, roots: dict[str, list[str]]) -> str:
    """The game whose content ``file`` is (the longest root holding it)."""
    best, length = "", -1
    for game, paths in roots.items():
        for root in paths:
            prefix = "" if root in (".", "") else root.rstrip("/") + "/"
            if file.startswith(prefix) and len(prefix) > length:
                best, length = game, len(prefix)
    return best


def judge(mutant: Mutant, copy: Path, base: Baseline,
          play: Callable[[str, Any, Any, str], str | None]) -> Verdict:
    """Lint ``copy`` with ``mutant`` applied (restored after), and play it if the lint
    found nothing new; ``play(game, base model, edited model, file)`` returns the first
    difference of the paired games, or None."""
    game = game_of(mutant.file, base.roots)
    path = copy / mutant.file
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(mutant.apply(original), encoding="utf-8")
        try:
            result = _lint(copy, base.langs)
        except Exception as error:  # noqa: BLE001 - a lint that raises is the finding
            return Verdict(mutant, "crashed", game, (), f"{type(error).__name__}: {error}")
        fresh = [d for d in result.diagnostics
                 if (d.code, _relative(d.location.file, copy), d.location.line)
                 not in base.findings and d.code not in UNDONE]
        new = [(d.code, _relative(d.location.file, copy), d.location.line) for d in fresh]
        named = [(d.code, _relative(r.location.file, copy), r.location.line)
                 for d in fresh for r in d.related]
        crashes = sorted({c for c, _, _ in new if c in (INTERNAL_ERROR, GAME_CRASHED)})
        if crashes:
            return Verdict(mutant, "crashed", game, tuple(crashes))
        first, last = mutant.item
        at_item = sorted({c for c, file, line in (*new, *named)
                          if file == mutant.file and first <= line <= last})
        if at_item:
            return Verdict(mutant, "killed", game, tuple(at_item))
        if new:
            return Verdict(mutant, "elsewhere", game, tuple(sorted({c for c, _, _ in new})))
        if mutant.operator in PRINTED:
            return Verdict(mutant, "survived", game, (), "printed words changed")
        model = result.validation.models.get(game)
        if model is None or game not in base.models:
            return Verdict(mutant, "survived", game, (), "no model to play")
        try:
            difference = play(game, base.models[game], model, mutant.file)
        except Exception as error:  # noqa: BLE001 - a game that raises is not equivalent
            return Verdict(mutant, "survived", game, (),
                           f"a paired game raised {type(error).__name__}")
        if difference is None:
            return Verdict(mutant, "equivalent", game)
        return Verdict(mutant, "survived", game, (), difference)
    finally:
        path.write_text(original, encoding="utf-8")


_WORKER: dict[str, Any] = {}


def _start(slots: Any, base: Baseline, games: int) -> None:
    from compiler.mutants.paired import Paired

    _WORKER["copy"] = Path(slots.get())
    _WORKER["base"] = base
    _WORKER["play"] = Paired(games).differs


def _judge_chunk(chunk: list[Mutant]) -> list[Verdict]:
    return [judge(m, _WORKER["copy"], _WORKER["base"], _WORKER["play"]) for m in chunk]


def _chunks(items: Sequence[Mutant], size: int) -> Iterator[list[Mutant]]:
    for i in range(0, len(items), size):
        yield list(items[i:i + size])


@dataclass
class Run:
    """A classified set of mutants: the baseline's findings and every verdict."""

    base_findings: int
    verdicts: list[Verdict]
    seconds: float


def classify(folder: Path, chosen: Sequence[Mutant], workers: int = 1,
             games: int = GAMES, progress: Callable[[int], None] | None = None) -> Run:
    """The verdict of each mutant of ``chosen`` (mutants of ``folder``), in order."""
    started = time.monotonic()
    langs = languages(folder)
    with tempfile.TemporaryDirectory(prefix="samizdat-mutants-") as scratch:
        copies = []
        for slot in range(max(1, workers)):
            copy = Path(scratch) / f"slot{slot}" / folder.resolve().name
            shutil.copytree(folder, copy)
            copies.append(copy)
        base = baseline(copies[0], langs)
        verdicts: list[Verdict] = []
        if workers <= 1:
            from compiler.mutants.paired import Paired

            play = Paired(games).differs
            for m in chosen:
                verdicts.append(judge(m, copies[0], base, play))
                if progress:
                    progress(1)
        else:
            context = multiprocessing.get_context("fork")
            slots = context.Queue()
            for copy in copies:
                slots.put(str(copy))
            with ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                                     initargs=(slots, base, games)) as pool:
                for done in pool.map(_judge_chunk, _chunks(chosen, 4)):
                    verdicts += done
                    if progress:
                        progress(len(done))
    return Run(len(base.findings), verdicts, time.monotonic() - started)
