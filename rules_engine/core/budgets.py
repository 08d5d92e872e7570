"""The budgets every simulated game is played within, and the error for one spent.

A game whose content keeps it going (an effect that hands the turn back forever, a
track no one can reach the end of) must not hang ``lint`` or ``simulate``: the one
play loop (:func:`rules_engine.core.game.play_out`) stops it after ``max_steps``
actions or ``max_seconds`` of play and raises :class:`GameDidNotEnd`. The linter
plays each game within :data:`LINT_GAME_SECONDS` and reports a budget spent as a
content finding (``R105``) with the command that replays the game, never as an
internal error (``R104``). ``simulate``, ``sweep`` and ``diff`` keep the step budget
only: a search bot the user asked for may think a minute a game.
"""

from __future__ import annotations

MAX_SECONDS = 60.0         # play_out's default, of play for one game
LINT_GAME_SECONDS = 20.0   # a lint game's: a scripted-bot game takes under 0.3 s (measured)
CLOCK_EVERY = 64     # actions between two looks at the clock


class GameDidNotEnd(RuntimeError):
    """The game of ``seed`` spent its step or time budget before it ended."""

    def __init__(self, seed: int, steps: int, seconds: float, budget: str) -> None:
        super().__init__(f"game {seed} did not end within {budget} "
                         f"({steps} actions, {seconds:.1f} s)")
        self.seed = seed
        self.steps = steps
        self.seconds = seconds
        self.budget = budget
