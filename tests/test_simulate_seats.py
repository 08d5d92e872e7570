"""``--bots NAME`` fills every seat, ``--players N`` says how many; a list of bots
must name every seat."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize(("args", "header"), [
    (["azadi", "--bots", "greedy"], "azadi: 2 games from seed 0, bots greedy,greedy,greedy,greedy"),
    (["azadi", "--bots", "greedy", "--players", "3"],
     "azadi: 2 games from seed 0, bots greedy,greedy,greedy"),
    (["san", "--bots", "hacking"], "san: 2 games from seed 0, bots hacking,hacking"),
    (["spring", "--bots", "random", "--players", "5"],
     "spring: 2 games from seed 0, bots random,random,random,random,random"),
    (["spring", "--bots", "random,random,random", "--players", "3"],
     "spring: 2 games from seed 0, bots random,random,random"),
    # no --bots: random in each of the game's usual seats (it was two seats)
    (["azadi"], "azadi: 2 games from seed 0, bots random,random,random,random"),
    (["spring", "--players", "3"], "spring: 2 games from seed 0, bots random,random,random"),
])
def test_one_bot_name_fills_every_seat(args: list[str], header: str) -> None:
    result = run_cli("simulate", *args, "--games", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == header


def test_a_list_must_name_every_seat() -> None:
    result = run_cli("simulate", "spring", "--bots", "random,random", "--players", "3",
                     "--games", "2")
    assert result.exit_code == 2
    assert "2 bots for 3 players: give one name per seat, or one name for every seat" in \
        result.output


def test_a_seat_count_the_game_refuses_is_an_error_of_players() -> None:
    result = run_cli("simulate", "san", "--bots", "hacking", "--players", "3", "--games", "2")
    assert result.exit_code == 2
    assert "Invalid value for --players: 3 seats of hacking; expected two of random, " \
        "corruption, propaganda, hacking" in result.output


def test_a_bot_the_game_lacks_is_an_error_of_bots() -> None:
    result = run_cli("simulate", "san", "--bots", "nobody", "--players", "2", "--games", "2")
    assert result.exit_code == 2
    assert "Invalid value for --bots: two of random" in result.output
