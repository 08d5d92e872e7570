"""The on-disk cache of simulation runs: same records as playing, reused across
processes, keyed so an edit to one campaign replays only that campaign's games."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from compiler.frontend.validate import validate
from rules_engine.core import run_cache
from rules_engine.core.simulate import GameRecord, Simulation, run
from tests.conftest import CARDS

SAN = Simulation("rules_engine.san.simulation:setup", ())


@pytest.fixture
def san_spec() -> Simulation:
    model = validate([CARDS / "san"]).models["san"]
    return Simulation(SAN.factory, (("content", model), ("bots", ("random", "random"))))


def test_cached_records_equal_played_ones(san_spec: Simulation, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path))
    run_cache.cached_run.cache_clear()
    played = tuple(run(san_spec, 5, 3))
    assert run_cache.cached_run(san_spec, 5, 3) == played
    (stored,) = (tmp_path / "runs").iterdir()
    run_cache.cached_run.cache_clear()            # as a new process would
    assert run_cache.cached_run(san_spec, 5, 3) == played
    stored.write_text("not json")                 # a damaged entry is played again
    run_cache.cached_run.cache_clear()
    assert run_cache.cached_run(san_spec, 5, 3) == played
    assert stored.read_text().startswith("[{")


def test_cache_off(san_spec: Simulation, tmp_path: Path,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", "off")
    run_cache.cached_run.cache_clear()
    assert run_cache.cache_dir() is None
    assert len(run_cache.cached_run(san_spec, 2, 0)) == 2


def test_keys_follow_content_options_and_seed(san_spec: Simulation) -> None:
    key = run_cache.run_key(san_spec, 5, 3)
    assert run_cache.run_key(san_spec, 5, 3) == key
    assert run_cache.run_key(san_spec, 5, 4) != key
    assert run_cache.run_key(san_spec, 6, 3) != key
    model = dict(san_spec.options)["content"]
    changed = replace(model, cards=model.cards[:-1])
    other = Simulation(san_spec.factory, (("content", changed), ("bots", ("random", "random"))))
    assert run_cache.run_key(other, 5, 3) != key


def test_an_edit_to_one_campaign_replays_only_its_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.azadi.lint import simulation_runs

    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path))
    monkeypatch.setenv("SAMIZDAT_WORKERS", "1")     # counted here, in this process
    played: list[tuple[str, int]] = []       # (campaign, games) of each run played
    real_stream = run_cache.stream

    def counting_stream(spec: Simulation, games: int, seed: int,
                        **options: Any) -> Iterator[GameRecord]:
        played.append((dict(spec.options)["campaign"], games))
        return real_stream(spec, games, seed, **options)

    monkeypatch.setattr(run_cache, "stream", counting_stream)
    run_cache.cached_run.cache_clear()
    simulation_runs.choice_runs.cache_clear()
    model = validate([CARDS / "azadi"]).models["azadi"]
    simulation_runs.choice_runs(model, 50, 0)
    first_runs = [c for c, games in played if games == 1]     # then 3 more if unfinished
    assert sorted(first_runs) == sorted(c.id for c in model.campaigns for _ in range(24))
    first = model.campaigns[0]
    choice = replace(first.tyranny_cards[0].choices[0],
                     times=first.tyranny_cards[0].choices[0].times + 1)
    card = replace(first.tyranny_cards[0],
                   choices=(choice, first.tyranny_cards[0].choices[1]))
    edited = replace(first, tyranny_cards=(card, *first.tyranny_cards[1:]))
    run_cache.cached_run.cache_clear()
    simulation_runs.choice_runs.cache_clear()
    played.clear()
    simulation_runs.choice_runs(replace(model, campaigns=(edited, *model.campaigns[1:])), 50, 0)
    assert {c for c, _ in played} == {first.id}
    assert [c for c, games in played if games == 1] == [first.id] * 24
