"""Readable replays: AZADI's (rules_engine/azadi/narration.py) name powers as printed
and give every move of the Rebel Flag with its reason, in order; SAN's and Spring's
name cards, countries and spaces as printed and say why each line happened; and a
JSON replay carries the very same lines."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import CARDS, run_cli

FLAG = re.compile(r"Flag (-?\d+) -> (-?\d+): ([a-z ]+)")
RAW_LABEL = re.compile(r" uses (tyranny|resistance|maidaan|monument|ideologue|mandate):")


def _replay(seed: int) -> list[str]:
    result = run_cli("simulate", "azadi", "--content", str(CARDS / "azadi"), "--bots",
                     "coop", "--difficulty", "easy", "--replay", str(seed))
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_the_flag_moves_one_step_at_a_time_from_where_it_stood() -> None:
    moves = 0
    for seed in range(3):
        flag = 4                                   # 4 players: the Flag starts at 4
        for line in _replay(seed):
            for before, after, reason in FLAG.findall(line):
                assert int(before) == flag, line
                assert abs(int(after) - flag) == 1, line
                assert reason in {"tyranny resolved", "order overturned",
                                  "rebel majority formed", "imperial majority broken",
                                  "mandate overturned", "imperial majority formed",
                                  "rebel majority broken"}, line
                flag = int(after)
                moves += 1
    assert moves > 0


def test_powers_are_named_as_printed() -> None:
    used = [line for seed in range(3) for line in _replay(seed) if " uses " in line]
    assert used
    assert not [line for line in used if RAW_LABEL.search(line)]
    assert any("power" in line or "Resistance card" in line for line in used)


# -- SAN and Spring (rules_engine/san/narration.py, rules_engine/spring/narration.py) ---

STEP = re.compile(r"^ *(\d+)  (.*)$")
REPR = re.compile(r"[A-Z][A-Za-z]*\(|\{'|\['|: \d+\}")     # Draw(..), a dict, a list


def _steps(game: str, *options: str) -> list[str]:
    result = run_cli("simulate", game, "--replay", "1", *options)
    assert result.exit_code == 0, result.output
    found = [STEP.match(line) for line in result.stdout.splitlines()]
    return [m.group(2) for m in found if m is not None]


def _ids(game: str) -> set[str]:
    """Every content id a replay line must not show: cards and, for Spring, countries."""
    from compiler.frontend.validate import validate

    model = validate([CARDS / game]).models[game]
    ids = {card.id for card in model.cards}
    return ids | {country.id for country in getattr(model, "countries", ())}


def test_a_san_replay_opens_with_cards_by_their_printed_names() -> None:
    steps = _steps("san")
    assert [steps[0], steps[6], steps[18]] == [
        "chance: 'Petty Bribe' fills River slot 1",
        "chance: 'Logic Bomb' goes face down on Moon's Propaganda track, as its card 1",
        "chance: Moon draws 'Crater Hype Crew'"]
    assert steps[30:38] == [
        "Moon plays 'Lunar Bagman' (+1 Corruption, +1 revenue)",
        "Moon plays 'Lunar Bagman' (+1 Corruption, +1 revenue)",
        "Moon plays 'Tidal Scrip Card' (+2 revenue)",
        "Moon ends play with 2 Corruption, 0 Propaganda, 0 Hacking icons and 4 revenue",
        "Moon ends spending",
        "Moon buys 'Neural Coprocessor' from River slot 6 for 4, 0 revenue left",
        "chance: 'Burn Bag' fills River slot 6",
        "Moon ends the turn"]


def test_a_spring_replay_opens_with_cards_countries_and_spaces_by_name() -> None:
    assert _steps("spring", "--bots", "random,random")[:16] == [
        "chance: P1 draws 'Open Letter from Judges'",
        "chance: P2 draws 'Phosphate Miners Stop Work'",
        "chance: P1 draws 'A Funeral Becomes a Rally'",
        "chance: P2 draws 'Loyalist Counter-Rally'",
        "chance: P1 draws 'Observer Mission Arrives'",
        "P1 passes: no Motivation card",
        "P1 discards 'A Funeral Becomes a Rally' and moves 4 spaces on to space 5 "
        "(a Revolution space)",
        "P1 takes the Revolution space's move from space 5 to space 23 (a Revolution space)",
        "chance: P2 draws 'Promise of New Subsidies'",
        "P2 passes: no Motivation card",
        "P2 discards 'Phosphate Miners Stop Work' and moves 3 spaces on to space 4 (Tunisia)",
        "P2 passes: no action on space 4 (Tunisia)",
        "chance: P1 draws 'Town Hall Taken Over'",
        "P1 passes: no Motivation card",
        "P1 discards 'Open Letter from Judges' and moves 2 spaces on to space 25 (Yemen)",
        "P1 radicalises space 25 (Yemen) with 'Observer Mission Arrives'"]


@pytest.mark.parametrize("game", ["san", "spring"])
def test_no_replay_line_shows_a_content_id_or_a_python_repr(game: str) -> None:
    ids = _ids(game)
    steps = _steps(game)
    assert len(steps) > 100
    words = re.compile(r"[a-z0-9][a-z0-9_-]*")
    assert not [s for s in steps if ids & set(words.findall(s)) or REPR.search(s)]


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_a_json_replay_carries_the_same_readable_lines(game: str) -> None:
    replay = json.loads(run_cli("simulate", game, "--replay", "1", "--format",
                                "json").stdout)
    assert [step["line"] for step in replay["steps"]] == _steps(game)
