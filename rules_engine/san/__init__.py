"""SAN — content model and (later) rules engine."""
