"""SHASN: AZADI — content model and (later) rules engine."""
