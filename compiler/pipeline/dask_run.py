"""Dask as the runner's executor: ``--executor dask`` (a local cluster of
``--workers`` processes) or ``--executor dask://HOST:PORT`` (a running scheduler,
started with ``dask scheduler`` and given workers with ``dask worker HOST:PORT``).

The games go through the runner's executor interface
(:func:`rules_engine.core.simulate.stream`): batches of seeds, records in seed
order, so the same seed gives the same report on one process, on ``--workers N`` and
on a cluster. The content (the simulation's spec) is sent to every worker once,
before the first batch (:meth:`Cluster.share`); each batch carries only its seeds and
a reference to it. A worker lost mid-run is Dask's to recover: its batches, and the
content if it held the only copy, are run again elsewhere (a nanny starts a new
worker on a local cluster), and as a batch's records depend only on its seeds the
report is complete and the same.

``samizdat lint --executor dask`` hands the lint's runs to a :class:`SharedExecutor`
(:func:`rules_engine.core.run_cache.remotely`): the game's model and its parts are
sent to every worker once, and each task's arguments are pickled with those objects
replaced by references, so a task carries its seeds and options, not the content.

Dask is an optional extra (``pip install 'samizdat[dask]'``); without it the option is
a usage error saying so.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import pickle
import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rules_engine.core.play_model import for_play
from rules_engine.core.run_cache import Remote

ADDRESS = re.compile(r"^dask://([A-Za-z0-9.\-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$")
RETRIES = 3             # a batch that raised (not one whose worker died) is tried again
# A local cluster's workers do not sample their tasks' stacks every 10 ms for Dask's
# profiler (the games' deep Python stacks made that cost a third of a worker's time).
WORKER_CONFIG = {"distributed.worker.profile.enabled": False}


class DaskUnavailable(Exception):
    """The executor cannot be used: the message says why and what to do."""


def parse(value: str) -> str | None:
    """``--executor``: None for ``local``; ``dask`` or a ``tcp://host:port`` address;
    ValueError for anything else."""
    if value == "local":
        return None
    if value == "dask":
        return value
    found = ADDRESS.match(value)
    if found is None or not 0 < int(found.group(2)) < 65536:
        raise ValueError(f"expected local, dask or dask://HOST:PORT, got {value!r}")
    return f"tcp://{found.group(1)}:{found.group(2)}"


@dataclass
class Cluster:
    """A Dask client and the executor the runner submits batches to."""

    client: Any
    executor: Any
    workers: int                 # threads the cluster runs games on

    def share(self, spec: Any) -> Any:
        """``spec`` sent to every worker once; the reference each batch carries (a
        list or tuple is sent whole, as one value, not item by item).

        The spec is a task's result, not scattered data: Dask's active memory manager
        may drop the copies it no longer sees a use for, and scattered data lost with
        the last worker holding it cannot be recovered (every batch would then be
        cancelled). A task's result is recomputed elsewhere from the task, which the
        scheduler keeps."""
        future = self.client.submit(_held, spec, pure=False)
        self.client.replicate([future])
        return future

    def bytes_sent(self) -> int:
        """Bytes the scheduler and workers have sent so far (for the benchmark)."""
        def sent(dask_worker: Any) -> int:
            return int(dask_worker.transfer_outgoing_bytes_total)

        found = self.client.run(sent)
        return int(sum(found.values()))


@contextmanager
def optional_cluster(executor: str | None, workers: int) -> Iterator[Cluster | None]:
    """The cluster ``--executor`` names (:func:`parse`'s value) for as long as the
    block runs; None for ``local``, the command's own processes."""
    if executor is None:
        yield None
        return
    with cluster(executor, workers) as found:
        yield found


@contextmanager
def cluster(target: str, workers: int) -> Iterator[Cluster]:
    """A client of a new local cluster of ``workers`` processes (``dask``) or of the
    scheduler at ``target``; closed (and a local cluster shut down) on leaving."""
    try:        # untyped, and an optional extra: imported as data
        distributed: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise DaskUnavailable("--executor dask needs Dask: pip install 'samizdat[dask]'") \
            from exc
    local = None
    try:
        if target == "dask":
            with importlib.import_module("dask").config.set(WORKER_CONFIG):
                local = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                                 processes=True, dashboard_address=None,
                                                 host="127.0.0.1")
            client = distributed.Client(local)
        else:
            client = distributed.Client(target, timeout=10)
    except OSError as exc:
        if local is not None:
            local.close()
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {target}: {exc}") from exc
    try:
        threads = sum(client.nthreads().values()) or workers
        yield Cluster(client, client.get_executor(pure=False, retries=RETRIES), threads)
    finally:
        client.close()
        if local is not None:
            local.close()


def _held(value: Any) -> Any:
    """The task whose result is a shared value (:meth:`Cluster.share`)."""
    return value


def shareable(model: Any) -> tuple[Any, ...]:
    """What of ``model`` a lint's tasks share: the model and the copy the games play
    (:func:`rules_engine.core.play_model.for_play`), their fields, and the items of
    their tuple fields (so that a copy of the model with one field replaced, a
    campaign's own model, still travels as references to the rest)."""
    found: dict[int, Any] = {}

    def keep(value: Any) -> None:
        if isinstance(value, tuple | dict) or (
                dataclasses.is_dataclass(value) and not isinstance(value, type)):
            found.setdefault(id(value), value)

    for whole in (model, for_play(model)[0]):
        keep(whole)
        for field in dataclasses.fields(whole):
            value = getattr(whole, field.name)
            keep(value)
            if isinstance(value, tuple):
                for item in value:
                    keep(item)
    return tuple(found.values())


class SharedExecutor(Remote):
    """Tasks on ``cluster`` whose arguments refer to ``shared`` objects, which are
    sent to every worker once (:meth:`Cluster.share`). ``largest`` is the largest
    task's pickled arguments, in bytes (for the tests)."""

    def __init__(self, cluster: Cluster, shared: tuple[Any, ...]) -> None:
        self.cluster = cluster
        self.workers = cluster.workers
        self.shared = shared
        self.index = {id(value): n for n, value in enumerate(shared)}
        self.handle = cluster.share(shared)
        self.largest = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        out = io.BytesIO()
        _Referring(out, self.index).dump((args, kwargs))
        payload = out.getvalue()
        self.largest = max(self.largest, len(payload))
        future: Future[Any] = self.cluster.executor.submit(_call, fn, payload, self.handle)
        return future


class _Referring(pickle.Pickler):
    """Pickles a shared object as its index."""

    def __init__(self, out: io.BytesIO, index: dict[int, int]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.index = index

    def persistent_id(self, obj: Any) -> int | None:
        return self.index.get(id(obj))


class _Resolving(pickle.Unpickler):
    """Unpickles an index as the shared object the worker already holds."""

    def __init__(self, data: bytes, shared: tuple[Any, ...]) -> None:
        super().__init__(io.BytesIO(data))
        self.shared = shared

    def persistent_load(self, pid: Any) -> Any:
        return self.shared[int(pid)]


def _call(fn: Callable[..., Any], payload: bytes, shared: tuple[Any, ...]) -> Any:
    """A task on a worker: the arguments, their references resolved, given to ``fn``."""
    args, kwargs = _Resolving(payload, shared).load()
    return fn(*args, **kwargs)
