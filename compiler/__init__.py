"""samizdat's driver: CLI, content loading, schema checks and build orchestration."""

__version__ = "0.1.0"
