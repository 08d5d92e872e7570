"""Which kinds of a game's items become worksheets, and the fields each may have.

A kind is one of the game's content sections (:class:`rules_engine.core.content.Section`)
that holds a list of items each with an ``id`` its schema requires: AZADI's
``resistance_cards`` or ``tyranny_cards``, SAN's and Spring's ``cards``, Spring's
``countries``. Rows are matched to items by id, so a list without ids (Spring's board
``spaces``, SAN's ``propaganda_track``) and the single manifests (``game``,
``campaign``) stay in YAML. The sheet is named after the section.

Every sheet also has a :data:`FILE_COLUMN`: the YAML file that holds the item, relative
to the folder exported (or imported into).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import Section
from rules_engine.core.plugin import GamePlugin

FILE_COLUMN = "file"
ID_FIELD = "id"
MAX_SHEET_NAME = 31     # the longest sheet name a workbook may have


@dataclass(frozen=True)
class Kind:
    """A kind of item that is a sheet: its section and the fields its schema allows
    (in the schema's order)."""

    section: Section
    fields: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.section.name


def sheet_kinds(plugin: GamePlugin) -> list[Kind]:
    """The kinds of ``plugin``'s items that are sheets, in the plug-in's order."""
    from compiler.frontend.schema_check import validator_for

    found = []
    for section in plugin.sections:
        if section.single:
            continue
        schema: Any = validator_for(section.schema).schema
        properties = schema.get("properties")
        required = schema.get("required") or ()
        if not isinstance(properties, dict) or ID_FIELD not in required:
            continue
        fields = tuple(str(name) for name in properties)
        if FILE_COLUMN in fields or len(section.name) > MAX_SHEET_NAME:
            continue        # no column could say where its items live / no sheet name
        found.append(Kind(section, fields))
    return found
