"""What a game declares for ``samizdat new <kind> ID``: a :class:`Scaffold`.

A plug-in's ``scaffolds`` maps each kind (``campaign``) to a ``"module:attribute"``
naming a :class:`Scaffold`. The compiler makes one ``samizdat new <kind>`` command of
each: it checks ID against the schemas' id rule (:data:`ID_PATTERN`, at most
:data:`ID_MAX` characters once the scaffold's ids add ``longest_suffix``), asks the
scaffold to ``check`` the options before anything is read, validates the game's
shipped base content, asks it for the draft ``files`` and writes them: each a YAML
document ``{section: items}`` under a header comment, read back with samizdat's own
loader before anything is written, into a new folder ``<into>/ID`` that appears whole
or not at all and never replaces anything. The game only builds data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""The schemas' id (schemas/common/base.schema.json, ``$defs/id``), matched whole: a
slug of lower-case letters and digits joined by single hyphens."""
ID_MAX = 64
"""The schemas' longest id."""


class ScaffoldError(Exception):
    """A request a scaffold refuses, with the reason for the user."""


@dataclass(frozen=True)
class ScaffoldOption:
    """One text option of ``samizdat new <kind>`` (``name`` ``year`` is ``--year``);
    its value is "" when not given."""

    name: str
    help: str

    @property
    def flag_name(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class DraftFile:
    """One file a scaffold writes: ``header`` (comment lines, each ending in a newline)
    above the YAML of ``{section: items}``."""

    header: str
    section: str
    items: Any


@dataclass(frozen=True)
class Scaffold:
    """One ``samizdat new <kind> ID``.

    ``help`` is the command's help. ``longest_suffix`` is the longest text the files'
    ids add to ID (so ID may be that much shorter than :data:`ID_MAX`), ``example`` an
    ID to show. ``check(ID, options)`` raises :class:`ScaffoldError` for options the
    files could not hold; ``files(ID, options, base)`` gives the files by name, from
    the game's validated shipped content ``base`` (raising :class:`ScaffoldError` for a
    request that content refuses)."""

    help: str
    longest_suffix: str
    example: str
    options: tuple[ScaffoldOption, ...]
    check: Callable[[str, Mapping[str, str]], None]
    files: Callable[[str, Mapping[str, str], Any], Mapping[str, DraftFile]]

    @property
    def id_max(self) -> int:
        """The longest ID this scaffold takes."""
        return ID_MAX - len(self.longest_suffix)
