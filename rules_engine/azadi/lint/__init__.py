"""Static lint rules for this game, one per module (see rules_engine/core/lint.py)."""
