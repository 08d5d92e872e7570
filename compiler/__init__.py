"""samizdat's driver: CLI, content loading, schema checks and build orchestration."""

import rules_engine as _rules_engine  # noqa: F401 - first: its guard picks compiled or sources

__version__ = "0.1.0"
