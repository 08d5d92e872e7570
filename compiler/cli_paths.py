"""The click parameter type for paths on samizdat's command line.

``click.Path(exists=True)`` calls ``os.stat`` on what was typed, and a path holding
a NUL character makes ``os.stat`` raise ``ValueError``, which click does not catch:
the user sees a traceback. :class:`ContentPath` refuses such a path first, as a
usage error (exit 2) that says what is wrong, and is otherwise ``click.Path`` with
``path_type=Path``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click


class ContentPath(click.Path):
    """``click.Path`` returning a :class:`~pathlib.Path`, refusing NUL characters."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("path_type", Path)
        super().__init__(**kwargs)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        text = value if isinstance(value, str) else str(value)
        if "\0" in text:
            shown = text.replace("\0", "\\0")
            self.fail(f"{shown!r} holds a NUL character, which no file name can hold",
                      param, ctx)
        return super().convert(value, param, ctx)
