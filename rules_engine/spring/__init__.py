"""Spring (working title) — content model and (later) rules engine."""
