"""The budgets every simulated game is played within, and the error for one spent.

A game whose content keeps it going (an effect that hands the turn back forever, a
track no one can reach the end of) must not hang ``lint`` or ``simulate``: the one
play loop (:func:`rules_engine.core.game.play_out`) stops it after ``max_steps``
actions or ``max_seconds`` of play and raises :class:`GameDidNotEnd`. The linter
plays each game within :data:`LINT_GAME_SECONDS` and reports a budget spent as a
content finding (``R105``) with the command that replays the game, never as an
internal error (``R104``), located at the content item the game's last actions name
most (:func:`driver`). ``simulate``, ``sweep`` and ``diff`` keep the step budget
only: a search bot the user asked for may think a minute a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rules_engine.core.content import Item

MAX_SECONDS = 60.0         # play_out's default, of play for one game
LINT_GAME_SECONDS = 20.0   # a lint game's: a scripted-bot game takes under 0.3 s (measured)
CLOCK_EVERY = 64     # actions between two looks at the clock


class GameDidNotEnd(RuntimeError):
    """The game of ``seed`` spent its step or time budget before it ended."""

    def __init__(self, seed: int, steps: int, seconds: float, budget: str,
                 recent: tuple[str, ...] = ()) -> None:
        super().__init__(f"game {seed} did not end within {budget} "
                         f"({steps} actions, {seconds:.1f} s)")
        self.seed = seed
        self.steps = steps
        self.seconds = seconds
        self.budget = budget
        self.recent = recent        # the last actions and log lines: what kept it going

    def __reduce__(self) -> tuple[type[GameDidNotEnd], tuple[int, int, float, str,
                                                            tuple[str, ...]]]:
        return (GameDidNotEnd, (self.seed, self.steps, self.seconds, self.budget,
                                self.recent))


class GameCrashed(RuntimeError):
    """The game of ``seed`` raised (its ``__cause__``) after ``steps`` actions; the
    last actions and log lines say what it was playing."""

    def __init__(self, seed: int, steps: int, said: str,
                 recent: tuple[str, ...] = ()) -> None:
        super().__init__(f"game {seed} raised {said} after {steps} actions")
        self.seed = seed
        self.steps = steps
        self.said = said
        self.recent = recent

    def __reduce__(self) -> tuple[type[GameCrashed], tuple[int, int, str, tuple[str, ...]]]:
        return (GameCrashed, (self.seed, self.steps, self.said, self.recent))


RECENT = 200
"""How many of the last actions (and log lines) a game that did not end keeps."""


def driver(items: Iterable[tuple[str, Item]], recent: Sequence[str]) -> tuple[Item, int] | None:
    """The content item the last actions of a game that did not end name most (by its
    id or title), and how many of them name it; None when none is named in at least a
    tenth of them (and three)."""
    best: tuple[Item, int] | None = None
    for _, item in items:
        names = [n for n in (item.data.get("id"), item.data.get("title"))
                 if isinstance(n, str) and len(n) >= 3]
        patterns = [re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])") for n in names]
        count = sum(1 for line in recent
                    if any(n in line for n in names) and any(p.search(line) for p in patterns))
        if count and (best is None or count > best[1]):
            best = (item, count)
    if best is None or best[1] < max(3, len(recent) // 10):
        return None
    return best
