"""``simulate --replay SEED --format json``: the same game as the text replay, as one
JSON document (its steps, the counters the lint reads, how it ended)."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_a_json_replay_is_the_text_replay(game: str) -> None:
    text = run_cli("simulate", game, "--replay", "1")
    data = run_cli("simulate", game, "--replay", "1", "--format", "json")
    assert text.exit_code == data.exit_code == 0
    replay = json.loads(data.stdout)
    lines = text.stdout.splitlines()
    numbered = [re.match(r"^ *(\d+)  (.*)$", line) for line in lines]
    steps = [m.group(2) for m in numbered if m is not None]
    assert [s["line"] for s in replay["steps"]] == steps
    assert [s["step"] for s in replay["steps"]] == list(range(1, len(steps) + 1))
    assert lines[-1] == f"end: {replay['end']}; returns {replay['returns']}"
    counters = [line for line in lines if line.startswith("counter ")]
    assert counters == [f"counter {k}: {v}" for k, v in replay["counters"].items()]
    assert (replay["game"], replay["seed"]) == (game, 1)
