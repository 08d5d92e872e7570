"""A search bot for every game: determinised Monte Carlo tree search over the engine.

:class:`SearchBot` chooses each move by playing the position forward many times
(``budget`` iterations) on clones of the engine's own state, through its own legal
actions, and keeping the move whose playouts went best for the player to move. It
is single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012):

* **Determinisation.** Every iteration first re-seeds the clone's RNG, so the cards
  still to come (decks are drawn at chance nodes) differ from one iteration to the
  next and the bot cannot see them; a game whose states also hold information the
  player to move cannot see gives a ``determinise(state, viewer, rng)`` function
  that redraws it.
* **The tree** has one node per sequence of player actions (chance is sampled, not
  stored). A child is scored by UCB1 counted over the iterations in which its action
  was legal ("availability"), so actions legal only in some determinisations are
  compared fairly. Every node scores from the view of the player who chose it.
* **Playouts** run from the new leaf with the game's rollout policies for at most
  ``horizon`` player decisions, then the game's ``evaluate(state)`` (each player's
  value in [0, 1]) scores the position; a finished game scores by its returns.
* **Teams.** ``value(state, returns)`` may turn the per-player results into the
  reward each player seeks (AZADI's Rebels share the azadi value until azadi).

A bot name ``mcts`` or ``mcts:N`` (``N`` iterations a move, default
:data:`DEFAULT_BUDGET`) selects it; see :func:`parse_budget`. Deterministic: the
bot's RNG is seeded, and it never reads the real game's RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.core.game import CHANCE, State, below
from rules_engine.native import register_frozen

DEFAULT_BUDGET = 200
EXPLORATION = 0.45         # UCB1's constant, for rewards in [0, 1] (tuned on SAN)

Policy = Any               # an object with choose(state) -> action
RolloutFactory = Callable[[State[Any], int, random.Random], Policy]
Evaluate = Callable[[State[Any]], Sequence[float]]
Determinise = Callable[[State[Any], int, random.Random], None]


SEARCH_NAMES = ("mcts", "mcts:N", "best")
"""How ``--bots`` help lists the search bot and each game's strongest bot."""


def known_bot(name: str, own: Sequence[str]) -> bool:
    """Whether ``name`` is a bot of a game whose own bots are ``own``: one of them,
    ``best``, or the search bot with a well-formed budget."""
    if name in own or name == "best":
        return True
    try:
        return parse_budget(name) is not None
    except ValueError:
        return False


def parse_budget(name: str) -> int | None:
    """The iterations a move of bot ``name`` (``mcts`` or ``mcts:N``, N from 1 to
    100,000); None for another name; ValueError for a malformed budget."""
    if name == "mcts":
        return DEFAULT_BUDGET
    if not name.startswith("mcts:"):
        return None
    text = name[5:]
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise ValueError(f"bot {name!r}: the budget after 'mcts:' is a whole number "
                         "from 1 to 100000")
    return int(text)


@dataclass(frozen=True)
class SearchRules:
    """What a game gives the search: how to play out, score and hide a position.

    ``rollout(state, player, rng)`` makes the policy that plays ``player``'s moves in
    playouts started from ``state`` (called once per player per decision);
    ``evaluate(state)`` scores an unfinished position, each player's value in [0, 1];
    ``horizon`` bounds a playout's player decisions; ``value(state, returns)`` maps
    the per-player scores to the reward each player seeks (default: the scores);
    ``determinise(state, viewer, rng)`` redraws what ``viewer`` cannot see."""

    rollout: RolloutFactory
    evaluate: Evaluate
    horizon: int = 60
    value: Callable[[State[Any], Sequence[float]], Sequence[float]] | None = None
    determinise: Determinise | None = None


class _Node:
    """One sequence of player actions: visits, summed reward, availability, children."""

    def __init__(self, player: int) -> None:
        self.player = player            # who chose the action leading here
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Any, _Node] = {}


class SearchBot:
    """Chooses by determinised MCTS (see the module docstring)."""

    def __init__(self, rules: SearchRules, seed: int, budget: int = DEFAULT_BUDGET) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.budget = budget
        self.searched = 0               # decisions searched (for reports and tests)

    def choose(self, state: State[Any]) -> Any:
        actions = state.legal()
        if len(actions) == 1:
            return actions[0]
        self.searched += 1
        root = _Node(state.current_player())
        policies: dict[int, Policy] = {}
        for _ in range(self.budget):
            self._iterate(state, root, policies)
        best = max(actions, key=lambda a: _robust(root.children.get(a)))
        return best

    def _iterate(self, state: State[Any], root: _Node, policies: dict[int, Policy]) -> None:
        rules, rng = self.rules, self.rng
        game = state.clone()
        game.rng.seed(rng.getrandbits(64))
        if rules.determinise is not None:
            rules.determinise(game, root.player, rng)
        path = [root]
        node = root
        while not game.is_terminal():               # selection and expansion
            player = game.current_player()
            if player == CHANCE:
                game.apply_action(game.sample_chance())
                continue
            actions = game.legal()
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[below(rng, len(untried))]
                for a in actions:
                    if a in node.children:
                        node.children[a].available += 1
                child = node.children[action] = _Node(player)
                child.available = 1
                game.apply_action(action)
                path.append(child)
                break
            for a in actions:
                node.children[a].available += 1
            action = max(actions, key=lambda a: _ucb(node.children[a]))
            node = node.children[action]
            game.apply_action(action)
            path.append(node)
        rewards = self._playout(game, policies)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _playout(self, game: State[Any], policies: dict[int, Policy]) -> Sequence[float]:
        rules = self.rules
        decisions = 0
        while not game.is_terminal() and decisions < rules.horizon:
            player = game.current_player()
            if player == CHANCE:
                game.apply_action(game.sample_chance())
                continue
            policy = policies.get(player)
            if policy is None:
                policy = policies[player] = rules.rollout(game, player, self.rng)
            game.apply_action(policy.choose(game))
            decisions += 1
        scores = game.returns() if game.is_terminal() else rules.evaluate(game)
        return rules.value(game, scores) if rules.value is not None else scores


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + \
        EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def _robust(node: _Node | None) -> tuple[int, float]:
    """The final choice: most visited, then best mean (an unvisited move last)."""
    if node is None or node.visits == 0:
        return (0, 0.0)
    return (node.visits, node.reward / node.visits)


class LookaheadBot:
    """A cheap purposeful bot: each legal action is tried on a clone, the chance events
    it leads to straight away are resolved (every outcome when there are at most
    ``spread`` of them, else ``spread`` sampled), and the action whose positions
    ``evaluate`` scores best for the player to move is chosen; ties go to the first
    in the engine's order. ``evaluate(state)`` gives each player's value, finished
    games included."""

    def __init__(self, evaluate: Evaluate, seed: int, spread: int = 6) -> None:
        self.evaluate = evaluate
        self.rng = random.Random(seed)
        self.spread = spread

    def choose(self, state: State[Any]) -> Any:
        actions = state.legal()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        best, best_value = actions[0], -math.inf
        for action in actions:
            trial = state.clone()
            trial.rng.seed(self.rng.getrandbits(64))
            trial.apply_action(action)
            value = self._expected(trial, me)
            if value > best_value:
                best, best_value = action, value
        return best

    def _expected(self, state: State[Any], me: int) -> float:
        if state.is_terminal() or state.current_player() != CHANCE:
            return self.evaluate(state)[me]
        outcomes = state.chance_outcomes()
        if len(outcomes) > self.spread:
            picks = [outcomes[below(self.rng, len(outcomes))] for _ in range(self.spread)]
            outcomes = [(a, 1.0 / self.spread) for a, _ in picks]
        total = 0.0
        for action, probability in outcomes:
            trial = state.clone()
            trial.apply_action(action)
            while not trial.is_terminal() and trial.current_player() == CHANCE:
                trial.apply_action(trial.sample_chance())
            total += probability * self.evaluate(trial)[me]
        return total


register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
