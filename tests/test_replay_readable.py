"""Readable AZADI replays (rules_engine/azadi/narration.py): powers by their printed
names, and every move of the Rebel Flag with its reason, in order."""

from __future__ import annotations

import re

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
