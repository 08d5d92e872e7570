"""Statistics of simulated games: confidence intervals and tests
(:mod:`~compiler.stats.intervals`) and the per-game figures sweeps and balance diffs
measure (:mod:`~compiler.stats.measures`)."""
