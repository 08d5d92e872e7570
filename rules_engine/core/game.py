"""The game API every rules engine offers, in the shape of OpenSpiel's.

A :class:`Game` holds static facts and makes initial states; a :class:`State` has a
small uniform API — ``current_player()``, ``legal_actions()``, ``apply_action()``,
``is_terminal()``, ``returns()``, ``clone()`` — so one simulation runner, one
random-play conformance test and one replay tool serve every game.

Chance is a player (:data:`CHANCE`): at a chance node ``chance_outcomes()`` lists
the outcomes with their probabilities and the runner picks one with the state's
own seeded RNG (:meth:`State.sample_chance`), so a game is replayable from
(content, seed, actions). Actions are typed, hashable values (frozen dataclasses);
each applied action adds one readable line to ``log``.
"""

from __future__ import annotations

import copy
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from rules_engine.core.budgets import (
    CLOCK_EVERY,
    MAX_SECONDS,
    RECENT,
    GameCrashed,
    GameDidNotEnd,
)

CHANCE: Final = -1
TERMINAL: Final = -4

A = TypeVar("A")


class IllegalAction(ValueError):
    """An action that is not legal in the current state."""


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class State(ABC, Generic[A]):
    """One position of a game. Mutable; :meth:`clone` copies it cheaply and fully."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.history: list[A] = []
        self._legal_cache: list[A] | None = None

    # -- the API ------------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The player to act (0-based), :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The actions the current player may take, in a stable order."""

    @abstractmethod
    def _apply(self, action: A) -> str:
        """Apply a legal action; return its log line."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each player's result at the end (1 win, 0 loss, draws shared)."""

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """At a chance node, the outcomes and their probabilities."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    # -- shared behaviour ---------------------------------------------------------------

    def legal(self) -> list[A]:
        """``legal_actions()`` computed once per position (bots and checks share it)."""
        cached = self._legal_cache
        if cached is None:
            cached = self._legal_cache = self.legal_actions()
        return cached

    def apply_action(self, action: A) -> None:
        """Apply ``action``; raises :class:`IllegalAction` if it is not legal."""
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if self.current_player() != CHANCE:
            legal = self.legal()
            for allowed in legal:           # bots pass an action of the list itself
                if allowed is action:
                    break
            else:
                if action not in legal:
                    raise IllegalAction(f"{action!r} is not legal now")
        self._legal_cache = None
        line = self._apply(action)
        self.history.append(action)
        self.log.append(line)

    def sample_chance(self) -> A:
        """Pick a chance outcome with the state's seeded RNG."""
        outcomes = self.chance_outcomes()
        pick = self.rng.random()
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if pick < total:
                return outcome
        return outcomes[-1][0]

    def clone(self) -> State[A]:
        """A deep, independent copy (RNG state included)."""
        return copy.deepcopy(self)


class Game(ABC):
    """Static facts about a game and a factory of initial states."""

    id: str = ""

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self, seed: int) -> State[Any]: ...


def play_out(state: State[Any], policies: Sequence[Any], max_steps: int = 100_000,
             max_seconds: float | None = MAX_SECONDS) -> State[Any]:
    """Play ``state`` to the end: chance by the state's RNG, players by ``policies``.

    A policy is any object with ``choose(state) -> action``. This is the one play loop:
    the simulation runner, ``simulate --replay`` and the tests all play through it, so
    the same seed gives the same moves everywhere. More than ``max_steps`` actions, or
    more than ``max_seconds`` of play (looked at every ``CLOCK_EVERY`` actions), is a
    :class:`~rules_engine.core.budgets.GameDidNotEnd` naming the seed; an exception
    while playing is a :class:`~rules_engine.core.budgets.GameCrashed` (from it) with
    the last actions, so the linter can name the content it was playing.
    """
    choose: list[Callable[[State[Any]], Any]] = [policy.choose for policy in policies]
    steps = 0
    started = time.monotonic()
    while not state.is_terminal():
        try:
            player = state.current_player()
            action = state.sample_chance() if player == CHANCE else choose[player](state)
            state.apply_action(action)
        except Exception as exc:
            raise GameCrashed(state.seed, steps, f"{type(exc).__name__}: {exc}",
                              _recent(state)) from exc
        steps += 1
        if steps > max_steps:
            raise GameDidNotEnd(state.seed, steps, time.monotonic() - started,
                                f"{max_steps} actions", _recent(state))
        if max_seconds is not None and steps % CLOCK_EVERY == 0:
            spent = time.monotonic() - started
            if spent > max_seconds:
                raise GameDidNotEnd(state.seed, steps, spent, f"{max_seconds:g} s",
                                    _recent(state))
    return state


def _recent(state: State[Any]) -> tuple[str, ...]:
    """The last actions and log lines of a game that did not end."""
    return (*map(repr, state.history[-RECENT:]), *state.log[-RECENT:])


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class RandomBot:
    """Uniform random over the legal actions, with its own seeded RNG."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Any:
        actions = state.legal()
        return actions[below(self.rng, len(actions))]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, the same number from the same RNG state:
    CPython's own algorithm (rejection sampling on ``getrandbits``), kept here so a
    compiled engine does not call into the interpreted ``random`` module for it."""
    bits = n.bit_length()
    pick = rng.getrandbits(bits)
    while pick >= n:
        pick = rng.getrandbits(bits)
    return pick
