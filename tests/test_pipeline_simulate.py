"""``samizdat simulate`` as a pipeline (:mod:`compiler.pipeline.simulate`): the CLI
prints what :func:`run` returns, usage errors are :class:`Refused`, and a replay plays
the same moves as the simulation runner (one play loop, :func:`play_out`)."""

from __future__ import annotations

import json

import pytest

from compiler.frontend.validate import validate
from compiler.pipeline.command_output import Refused
from compiler.pipeline.simulate import Request, game_spec, resolve_seats, run
from rules_engine.core.game import RandomBot, play_out
from rules_engine.core.simulate import Simulation, play_one
from rules_engine.san.simulation import setup
from tests.conftest import CARDS, run_cli


def test_the_cli_prints_what_the_pipeline_returns() -> None:
    said: list[str] = []
    printed = run(Request("san", CARDS / "san", games=12, seed=3, fmt="json", quiet=True),
                  said.append)
    assert printed.exit_code == 0 and said == []
    report = json.loads("\n".join(printed.out))
    assert report["games"] == 12 and report["seed"] == 3 and report["bots"] == [
        "random", "random"]
    cli = run_cli("simulate", "san", "--content", str(CARDS / "san"), "--games", "12",
                  "--seed", "3", "--format", "json", "--quiet")
    assert cli.exit_code == 0 and json.loads(cli.stdout) == report


def test_the_text_report_names_the_seats_and_the_bots() -> None:
    printed = run(Request("spring", None, games=4, seed=0, bots="random", quiet=True),
                  lambda _: None)
    assert printed.out[0] == "spring: 4 games from seed 0, bots random,random,random,random"
    assert printed.out[1].startswith("  win rate by seat (")


def test_seats_are_resolved_and_checked() -> None:
    spec = game_spec("san")
    assert resolve_seats(spec, "random") == ("random", "random")
    with pytest.raises(Refused) as refused:
        resolve_seats(spec, "random,random,random")
    assert refused.value.param == "--bots"


def test_content_of_another_game_is_a_usage_error_of_content() -> None:
    with pytest.raises(Refused) as refused:
        run(Request("san", CARDS / "spring", games=1, seed=0), lambda _: None)
    assert refused.value.param == "--content" and "not san" in refused.value.message


def test_a_replay_plays_the_moves_the_runner_plays() -> None:
    printed = run(Request("san", CARDS / "san", games=1, seed=0, replay=11, fmt="json"),
                  lambda _: None)
    replayed = json.loads("\n".join(printed.out))
    spec = game_spec("san")
    model = validate([CARDS / "san"]).models["san"]
    record = play_one(Simulation(spec.setup, (("content", model),
                                              ("bots", ("random", "random")))), 11)
    assert tuple(replayed["returns"]) == record.returns and replayed["end"] == record.end
    assert replayed["counters"] == dict(sorted(record.counters.items()))


def test_the_play_loop_stops_a_game_that_does_not_end() -> None:
    model = validate([CARDS / "san"]).models["san"]
    game, _, _ = setup(5, content=model)
    with pytest.raises(RuntimeError, match="game 5 did not end within 3 actions"):
        play_out(game.new_initial_state(5), [RandomBot(1), RandomBot(2)], max_steps=3)
