"""`simulate --executor dask` and `lint --executor dask`: the games on a Dask cluster
give the same report and the same findings as on one process and on local workers;
the content goes to each worker once, not with each batch or task; a worker killed
mid-run loses nothing (its batches run again elsewhere); the time budget holds on the
cluster; a bad --executor or an unreachable scheduler is a usage error, never a
traceback."""

from __future__ import annotations

import json
import os
import pickle
import signal
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import dask_run
from compiler.pipeline.simulate import engine_options, game_spec, load_content, resolve_seats
from rules_engine.core import run_cache
from rules_engine.core.simulate import Simulation, stream
from tests.conftest import run_cli

distributed = pytest.importorskip("distributed", reason="pip install 'samizdat[dask]'")


def _spec(game: str) -> Simulation:
    spec = game_spec(game)
    prepared = engine_options(spec, resolve_seats(spec, "random"),
                              load_content(game, None).models[game],
                              {})
    return Simulation(spec.setup, prepared.options)


@pytest.fixture(scope="module")
def cluster() -> Any:
    with dask_run.cluster("dask", 2) as found:
        yield found


def test_the_same_seed_gives_the_same_report_everywhere() -> None:
    reports = []
    for extra in ([], ["--workers", "2"], ["--executor", "dask", "--workers", "2"]):
        result = run_cli("simulate", "spring", "--games", "120", "--seed", "3", "--format",
                         "json", "--quiet", "--force-workers", *extra)
        assert result.exit_code == 0, result.output
        reports.append(json.loads(result.stdout))
    assert reports[0] == reports[1] == reports[2]
    assert reports[0]["games"] == 120


class Counted:
    """Travels with the content; counts each time a process unpickles it."""

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_arrived, ())


def _arrived() -> Counted:
    """Counted in the process's ``sys`` (cloudpickle may send this function by value,
    with globals of its own)."""
    import sys

    setattr(sys, "samizdat_arrivals", getattr(sys, "samizdat_arrivals", 0) + 1)  # noqa: B010
    return Counted()


def counted_setup(seed: int, inner: Simulation, mark: Counted) -> Any:
    """The wrapped game's own set-up (``mark`` only rides along)."""
    module, _, name = inner.factory.partition(":")
    return getattr(__import__(module, fromlist=[name]), name)(seed, **dict(inner.options))


def _arrivals(cluster: Any) -> list[int]:
    def count() -> int:
        import sys

        return int(getattr(sys, "samizdat_arrivals", 0))

    return sorted(cluster.client.run(count).values())


@pytest.mark.parametrize("shared", [True, False])
def test_the_content_goes_to_each_worker_once(cluster: Any, shared: bool) -> None:
    inner = _spec("spring")
    spec = Simulation("tests.test_dask:counted_setup", (("inner", inner), ("mark", Counted())))
    before = _arrivals(cluster)
    records = list(stream(spec, 200, 0, cluster.workers, executor=cluster.executor,
                          chunk=10, shared=cluster.share(spec) if shared else None))
    assert [r.seed for r in records] == list(range(200))
    arrived = [after - first for after, first in zip(_arrivals(cluster), before,
                                                     strict=True)]
    if shared:          # once per worker, whatever the 20 batches
        assert arrived == [1] * len(arrived)
    else:               # the check can fail: without sharing, it came with each batch
        assert sum(arrived) == 20


def test_a_worker_killed_mid_run_loses_no_game(cluster: Any) -> None:
    spec = _spec("san")
    expected = list(stream(spec, 300, 11))
    pids = cluster.client.run(os.getpid)
    records = []
    for record in stream(spec, 300, 11, cluster.workers, executor=cluster.executor,
                         chunk=10, shared=cluster.share(spec)):
        records.append(record)
        if len(records) == 20:          # the first batches are in: kill a worker
            os.kill(next(iter(pids.values())), signal.SIGKILL)
    assert records == expected
    assert next(iter(pids.values())) not in cluster.client.run(os.getpid).values()


def test_every_worker_holding_the_content_killed_loses_no_game(cluster: Any) -> None:
    """The shared content is recomputed, not lost with the last copy (scattered data
    lost so cancelled every batch still to run)."""
    spec = _spec("san")
    expected = list(stream(spec, 120, 5))
    shared = cluster.share(spec)
    holders = set(cluster.client.who_has([shared])[shared.key])
    pids = cluster.client.run(os.getpid, workers=list(holders))
    records = []
    for record in stream(spec, 120, 5, cluster.workers, executor=cluster.executor,
                         chunk=10, shared=shared):
        records.append(record)
        if len(records) == 10:
            for pid in pids.values():
                os.kill(pid, signal.SIGKILL)
    assert records == expected
    assert not set(pids.values()) & set(cluster.client.run(os.getpid).values())


@pytest.mark.parametrize(("value", "said"), [
    ("dask:8786", "expected local, dask or dask://HOST:PORT, got 'dask:8786'"),
    ("dask://host:99999", "expected local, dask or dask://HOST:PORT"),
])
def test_a_bad_executor_is_a_usage_error(value: str, said: str) -> None:
    result = run_cli("simulate", "san", "--games", "5", "--executor", value)
    assert result.exit_code == 2
    assert said in result.output


def test_an_unreachable_scheduler_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("simulate", "san", "--games", "5", "--quiet",
                     "--executor", "dask://127.0.0.1:9")
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output


def _lint(path: str, games: str, executor: str, cache: Path) -> str:
    """``samizdat lint --format json`` in a process of its own, with an empty cache."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "compiler", "lint", path, "--games", games,
                           "--format", "json", "--quiet", "--executor", executor],
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "SAMIZDAT_CACHE": str(cache)})
    assert done.returncode in (0, 1), done.stderr
    assert "R104" not in done.stdout, done.stdout
    return done.stdout


@pytest.mark.parametrize("game", ["san", "spring"])
def test_lint_finds_the_same_on_a_cluster(tmp_path: Path, game: str) -> None:
    local = _lint(f"cards/{game}", "60", "local", tmp_path / "local")
    assert _lint(f"cards/{game}", "60", "dask", tmp_path / "dask") == local
    # what the cluster played is cached here, as what local processes play is
    assert sorted(os.listdir(tmp_path / "dask" / "runs")) == \
        sorted(os.listdir(tmp_path / "local" / "runs"))


@pytest.mark.slow
def test_azadi_lint_finds_the_same_on_a_cluster(tmp_path: Path) -> None:
    local = _lint("cards/azadi", "10", "local", tmp_path / "local")
    assert _lint("cards/azadi", "10", "dask", tmp_path / "dask") == local


def _campaign_of(model: Any) -> str:
    """A cluster task over a campaign's own model (a copy with one field replaced)."""
    return f"{model.campaigns[0].id}: {len(model.resistance_cards)} Resistance cards"


def test_a_lint_task_carries_references_not_the_content(cluster: Any) -> None:
    model = load_content("azadi", None).models["azadi"]
    remote = dask_run.SharedExecutor(cluster, dask_run.shareable(model))
    alone = [replace(model, campaigns=(c,)) for c in model.campaigns]
    with run_cache.remotely(remote):
        found = run_cache.in_workers(_campaign_of, alone)
    assert found == [_campaign_of(m) for m in alone]
    # each task is a few hundred bytes; the model itself is hundreds of kilobytes
    assert remote.largest * 100 < len(pickle.dumps(model))


def test_a_run_the_lint_plays_goes_to_the_cluster(cluster: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", "off")
    spec = _spec("san")
    remote = dask_run.SharedExecutor(cluster, dask_run.shareable(spec.options[0][1]))
    run_cache.cached_run.cache_clear()
    with run_cache.remotely(remote):
        records = run_cache.cached_run(spec, 120, 5)
    run_cache.cached_run.cache_clear()
    assert records == run_cache.cached_run(spec, 120, 5)
    assert 0 < remote.largest < 2000        # seeds and options, not the content


def _played_there(spec: Simulation) -> int:
    """A cluster task that plays a run (cached in the worker's own cache)."""
    return len(run_cache.cached_run(spec, 30, 2))


def test_runs_a_task_played_land_in_this_cache(cluster: Any, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec("spring")
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path))   # the workers' cache is not this
    remote = dask_run.SharedExecutor(cluster, dask_run.shareable(spec.options[0][1]))
    with run_cache.remotely(remote):
        assert run_cache.in_workers(_played_there, [spec]) == [30]
    assert [p.name for p in (tmp_path / "runs").iterdir()] == \
        [f"{run_cache.run_key(spec, 30, 2)}.json"]
    run_cache.cached_run.cache_clear()
    assert run_cache.is_cached(spec, 30, 2)


def _slow(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_the_time_budget_holds_on_the_cluster(cluster: Any) -> None:
    import time

    remote = dask_run.SharedExecutor(cluster, ())
    started = time.monotonic()
    with run_cache.remotely(remote), run_cache.time_budget(time.monotonic() + 0.5), \
            pytest.raises(run_cache.OutOfTime):
        run_cache.in_workers(_slow, [5.0, 5.0, 5.0])
    assert time.monotonic() - started < 3


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A cluster started as the README says: ``dask scheduler`` and ``dask worker``
    processes (two workers of one thread), from a folder outside the repository; its
    ``dask://HOST:PORT`` address."""
    import shutil
    import subprocess
    import sys
    import time

    folder = tmp_path_factory.mktemp("cluster")
    dask = shutil.which("dask") or str(Path(sys.executable).parent / "dask")
    address_file = folder / "scheduler.json"
    started = [subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(address_file)], cwd=folder,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(address_file.read_text())["address"]
        started.append(subprocess.Popen(
            [dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard",
             "--local-directory", str(folder / "work")], cwd=folder,
            env={**os.environ, "SAMIZDAT_CACHE": str(folder / "worker-cache")},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        client = distributed.Client(address, timeout=30)
        client.wait_for_workers(2, timeout=60)
        client.close()
        yield "dask://" + address.removeprefix("tcp://")
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=30)


@pytest.mark.slow
def test_every_command_runs_on_a_cluster_started_by_hand(scheduler: str, tmp_path: Path
                                                        ) -> None:
    """simulate, lint, sweep and diff with --executor dask://HOST:PORT give what they
    give on this machine's processes."""
    import shutil
    import subprocess
    import sys

    def samizdat(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "compiler", *args, "--quiet"],
                              capture_output=True, text=True, timeout=600, check=False,
                              cwd=tmp_path, env={**os.environ,
                                                 "SAMIZDAT_CACHE": str(tmp_path / "cache")})
        assert done.returncode == 0, done.stderr
        return done.stdout

    content = Path(__file__).resolve().parent.parent / "cards"
    shutil.copytree(content / "san", tmp_path / "base")
    shutil.copytree(content / "san", tmp_path / "head")
    commands = [
        ["simulate", "spring", "--games", "80", "--format", "json"],
        ["sweep", "san", "--vary", "bots=corruption,hacking", "--games", "40", "--format",
         "json"],
        ["diff", "base", "head", "--games", "60", "--format", "json"],
    ]
    for command in commands:
        shutil.rmtree(tmp_path / "cache", ignore_errors=True)
        here = samizdat(*command)
        before = _tasks_seen(scheduler)
        assert samizdat(*command, "--executor", scheduler) == here, command
        assert _tasks_seen(scheduler) > before, command      # the cluster played them
    shutil.rmtree(tmp_path / "cache", ignore_errors=True)
    here = _lint(str(content / "san"), "40", "local", tmp_path / "lint-here")
    before = _tasks_seen(scheduler)
    assert _lint(str(content / "san"), "40", scheduler, tmp_path / "lint-there") == here
    assert _tasks_seen(scheduler) > before


def _tasks_seen(address: str) -> int:
    """How many task state transitions the scheduler at ``address`` has made."""
    def transitions(dask_scheduler: Any) -> int:
        return int(dask_scheduler.transition_counter)

    with distributed.Client(address.replace("dask://", "tcp://"), timeout=30) as client:
        return int(client.run_on_scheduler(transitions))
