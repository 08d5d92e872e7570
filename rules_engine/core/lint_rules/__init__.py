"""Lint rules every game runs, shipped or outside (their codes are L6xx): checks that
need no game's rules, only its content and its shipped content."""
