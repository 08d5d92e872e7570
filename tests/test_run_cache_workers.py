"""Runs played side by side (rules_engine/core/run_cache.py: cached_runs, in_workers):
the same records as one by one, in worker processes, within the time budget."""

from __future__ import annotations

import os
import time
from dataclasses import replace

import pytest

from compiler.frontend.validate import validate
from rules_engine.core import run_cache
from rules_engine.core.simulate import Simulation, run
from tests.conftest import CARDS


@pytest.fixture(autouse=True)
def _two_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", "off")
    monkeypatch.setenv("SAMIZDAT_WORKERS", "2")
    run_cache.cached_run.cache_clear()


def _runs() -> list[run_cache.Run]:
    model = validate([CARDS / "azadi"]).models["azadi"]
    out = []
    for campaign in model.campaigns[:3]:
        alone = replace(model, campaigns=(campaign,))
        spec = Simulation("rules_engine.azadi.simulation:setup", (
            ("content", alone), ("bots", ("greedy",) * 4), ("campaign", campaign.id),
            ("max_turns", 12)))
        out.append((spec, 2, 5))
    return out


def test_runs_played_side_by_side_are_the_runs_played_one_by_one() -> None:
    runs = _runs()
    side_by_side = run_cache.cached_runs(runs)
    one_by_one = [tuple(run(run_cache.for_play_spec(spec), games, seed))
                  for spec, games, seed in runs]
    assert side_by_side == one_by_one
    assert [len(r) for r in side_by_side] == [2, 2, 2]


def test_in_workers_maps_in_other_processes_in_order() -> None:
    found = run_cache.in_workers(lambda n: (n * n, os.getpid()), list(range(6)))
    assert [square for square, _ in found] == [0, 1, 4, 9, 16, 25]
    assert os.getpid() not in {pid for _, pid in found}


def test_in_workers_runs_here_with_one_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_WORKERS", "1")
    assert run_cache.workers() == 1
    assert {pid for pid in run_cache.in_workers(lambda _: os.getpid(), [1, 2])} == \
        {os.getpid()}


def test_runs_side_by_side_keep_the_time_budget() -> None:
    with run_cache.time_budget(time.monotonic() - 1), \
            pytest.raises(run_cache.OutOfTime):
        run_cache.cached_runs(_runs())
