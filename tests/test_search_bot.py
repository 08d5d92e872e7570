"""The search bot (rules_engine/core/search.py) and the purposeful bots built on it:
it finds a forced win, hides what it cannot see, is deterministic, and the games'
bots measurably beat the ones they replace."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from compiler.frontend.validate import validate
from rules_engine.core.game import CHANCE, TERMINAL, RandomBot, State, play_out
from rules_engine.core.search import LookaheadBot, SearchBot, SearchRules, parse_budget
from tests.conftest import CARDS, run_cli

# -- a toy game: take 1 or 2 stones; who takes the last stone wins --------------------

@dataclass(frozen=True)
class Take:
    stones: int


class Nim(State[Take]):
    def __init__(self, stones: int, seed: int = 0) -> None:
        super().__init__(seed)
        self.stones = stones
        self.player = 0
        self.winner: int | None = None

    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.player

    def legal_actions(self) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def _apply(self, action: Take) -> str:
        self.stones -= action.stones
        if self.stones == 0:
            self.winner = self.player
        self.player = 1 - self.player
        return f"take {action.stones}"

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]


def _no_idea(state: State[Take]) -> list[float]:
    return [0.5, 0.5]


NIM = SearchRules(rollout=lambda state, player, rng: RandomBot(rng.getrandbits(32)),
                  evaluate=_no_idea, horizon=50)


@pytest.mark.parametrize(("stones", "winning"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_the_search_finds_the_forced_win(stones: int, winning: int) -> None:
    """From a multiple of 3 plus r, taking r stones wins against any defence."""
    bot = SearchBot(NIM, seed=1, budget=300)
    assert bot.choose(Nim(stones)) == Take(winning)


def test_the_search_wins_every_nim_game_it_can() -> None:
    for seed in range(20):
        state = play_out(Nim(10), [SearchBot(NIM, seed, 300), RandomBot(seed)])
        assert state.returns() == [1.0, 0.0]        # 10 = 3 * 3 + 1: the first player wins


def test_a_budget_is_read_from_the_bot_name() -> None:
    assert parse_budget("mcts") == 200
    assert parse_budget("mcts:50") == 50
    assert parse_budget("greedy") is None
    for bad in ("mcts:0", "mcts:x", "mcts:", "mcts:100001"):
        with pytest.raises(ValueError, match="whole number from 1 to 100000"):
            parse_budget(bad)


# -- a toy game with a hidden card: guess the dealt card's colour ---------------------

@dataclass(frozen=True)
class Guess:
    colour: str


class Peek(State[Guess]):
    """Chance deals a card the player cannot see; the player guesses its colour.
    Three red cards and one black one: guessing red is right 3 times in 4, but a bot
    that read the dealt card from its clone would pick black whenever it is black."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.card = random.Random(seed).choice(["red", "red", "red", "black"])
        self.guess = ""

    def current_player(self) -> int:
        return TERMINAL if self.guess else 0

    def legal_actions(self) -> list[Guess]:
        return [Guess("black"), Guess("red")]

    def _apply(self, action: Guess) -> str:
        self.guess = action.colour
        return action.colour

    def is_terminal(self) -> bool:
        return bool(self.guess)

    def returns(self) -> list[float]:
        return [1.0 if self.guess == self.card else 0.0]


def _redeal(state: State[Guess], viewer: int, rng: random.Random) -> None:
    assert isinstance(state, Peek)
    state.card = rng.choice(["red", "red", "red", "black"])


def test_what_the_player_cannot_see_is_redrawn() -> None:
    peeking = SearchRules(rollout=lambda s, p, r: RandomBot(0), evaluate=lambda s: [0.5])
    hiding = SearchRules(rollout=lambda s, p, r: RandomBot(0), evaluate=lambda s: [0.5],
                         determinise=_redeal)
    black = next(seed for seed in range(50) if Peek(seed).card == "black")
    assert SearchBot(peeking, 0, 100).choose(Peek(black)) == Guess("black")
    assert SearchBot(hiding, 0, 100).choose(Peek(black)) == Guess("red")


def test_chance_is_not_a_decision() -> None:
    """The bot is only asked at a player's turn; chance nodes inside its playouts are
    sampled with the clone's re-seeded RNG, never the real game's."""
    san = validate([CARDS / "san"]).models["san"]
    from rules_engine.san.engine import SanGame
    from rules_engine.san.search import RULES

    state = SanGame(san).new_initial_state(3)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    before = state.rng.getstate()
    SearchBot(RULES, 0, 5).choose(state)
    assert state.rng.getstate() == before


# -- the games' bots ------------------------------------------------------------------

def _san_games(a: str, b: str, games: int) -> float:
    """``a``'s share of the decided games against ``b``, both seatings per seed."""
    from rules_engine.san.simulation import setup

    model = validate([CARDS / "san"]).models["san"]
    won = decided = 0
    for seed in range(games):
        for seats, mine in (((a, b), 0), ((b, a), 1)):
            game, bots, _ = setup(seed, content=model, bots=seats)
            returns = play_out(game.new_initial_state(seed), bots).returns()
            if returns[0] != returns[1]:
                decided += 1
                won += returns[mine] > returns[1 - mine]
    return won / decided


def test_the_san_search_bot_plays_the_same_game_from_the_same_seed() -> None:
    from rules_engine.san.simulation import setup

    model = validate([CARDS / "san"]).models["san"]
    logs = []
    for _ in range(2):
        game, bots, _ = setup(4, content=model, bots=("mcts:8", "hacking"))
        logs.append(play_out(game.new_initial_state(4), bots).log)
    assert logs[0] == logs[1]


def test_spring_greedy_ends_games_sooner_and_beats_random() -> None:
    from rules_engine.spring.simulation import setup

    model = validate([CARDS / "spring"]).models["spring"]
    turns, greedy_share = [], 0.0
    for seed in range(8):
        game, bots, _ = setup(seed, content=model, bots=("greedy",) * 4)
        turns.append(play_out(game.new_initial_state(seed), bots).turn)
        game, bots, _ = setup(seed, content=model,
                              bots=("greedy", "random", "random", "random"))
        greedy_share += play_out(game.new_initial_state(seed), bots).returns()[0]
    assert sum(turns) / len(turns) < 40          # random play takes about 150 turns
    assert greedy_share / 8 > 0.5                # a quarter would be no better than random


def test_spring_accepts_its_new_bots_on_the_command_line(tmp_path: Path) -> None:
    result = run_cli("simulate", "spring", "--games", "2", "--bots", "greedy,random,mcts:2")
    assert result.exit_code == 0, result.output
    assert "bots greedy,random,mcts:2" in result.output
    bad = run_cli("simulate", "spring", "--games", "2", "--bots", "greedy,mcts:0")
    assert bad.exit_code == 2
    assert "2 to 6 seats of: random, greedy, mcts, mcts:N, best" in bad.output


@pytest.mark.slow
def test_the_san_search_bot_beats_the_best_greedy_bot() -> None:
    assert _san_games("mcts:50", "hacking", 20) >= 0.6


def test_lookahead_takes_the_move_its_evaluation_prefers() -> None:
    bot = LookaheadBot(lambda s: [float(getattr(s, "stones", 0) == 0)] * 2, seed=0)
    assert bot.choose(Nim(2)) == Take(2)
