"""Machinery shared by every game: diagnostics, source locations, the effect-language core."""
