"""``samizdat diff BASE HEAD [PATH]``: what a change to the content did to the game.

The two versions (folders, or git revisions extracted into a temporary folder:
:mod:`~compiler.diff.sides`) are validated, the same seeds are played on both
(:mod:`~compiler.diff.runs`), every figure is compared with Holm's correction
(:mod:`~compiler.diff.compare`), and the result is written for people
(:mod:`~compiler.diff.render`) or as findings at the cards that moved
(:mod:`~compiler.diff.findings`)."""
