"""The ``--content`` part of the replay commands that simulated lint findings print.

A finding's replay command (``samizdat simulate ... --replay SEED``) must replay the
content the finding was found in. ``simulate`` loads the content samizdat ships
unless told otherwise, so for any other content (a campaign in a repository of its
own, a copy of a game folder) the command names that folder with ``--content``, as
findings show paths: relative to the folder the lint ran in, from which the command
is meant to be run.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path


def content_option(folder: str) -> str:
    """`` --content FOLDER`` (quoted for a shell) for content in ``folder``, a game or
    campaign folder as findings show it; empty for content samizdat ships (or no
    folder), which ``simulate`` loads by default."""
    if not folder:
        return ""
    from compiler.paths import cards_root  # where the shipped content is installed

    if Path(os.path.realpath(folder)).is_relative_to(os.path.realpath(cards_root())):
        return ""
    return f" --content {shlex.quote(Path(folder).as_posix())}"
