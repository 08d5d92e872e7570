"""What this machine offers a run: the processors this process may use (its affinity
mask where the system has one), which caps ``--workers`` and ``--jobs``."""

from __future__ import annotations

import os


def usable_processors() -> int:
    """The processors this process may run on (its affinity mask, where known)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)
