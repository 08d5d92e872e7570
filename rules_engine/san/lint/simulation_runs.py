"""Shared by SAN's simulated lint rules: seeded games with given bots, memoised per
(model, bots, games, seed) so several rules read the same games. (Not a rule.)"""

from __future__ import annotations

from functools import lru_cache

from rules_engine.core.run_cache import cached_run
from rules_engine.core.simulate import GameRecord, Simulation
from rules_engine.san.model import SanContent


@lru_cache(maxsize=16)
def games(model: SanContent, bots: tuple[str, str], count: int, seed: int
          ) -> tuple[GameRecord, ...]:
    spec = Simulation("rules_engine.san.simulation:setup", (("content", model), ("bots", bots)))
    return cached_run(spec, count, seed)
