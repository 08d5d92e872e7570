"""``python -m compiler`` runs the samizdat CLI."""

from compiler.cli import main

main()
