"""Tabletop Simulator's saved objects, as data: decks cut from card sheets, custom
boards and custom tokens.

Pure geometry and JSON, no drawing (the images are :mod:`compiler.export.tts_images`'s).
What TTS reads, from its knowledge base (docs/custom-content: custom-deck.md,
save-file-format.md):

* a **card sheet** is a grid of card images, at most 10 across and 7 down; TTS cuts it
  into ``NumWidth`` x ``NumHeight`` cards, numbered left to right and top to bottom
  from 0, and shows the sheet's **last slot** for a card that is hidden (in another
  player's hand): samizdat puts the deck's back there, so a sheet holds at most 69
  designs. Sheets wider or taller than 4096 px are not loaded everywhere.
* a **deck** (``DeckCustom``) lists ``CustomDeck`` sheets by number (``FaceURL``,
  ``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``, ``UniqueBack``), the
  ``DeckIDs`` of its cards in order (a card's id is its sheet's number x 100 + its
  slot; a design printed three times is listed three times) and one ``Card`` object
  per card with its ``Nickname`` and ``Description``.
* a **saved object** file is a save whose ``ObjectStates`` hold the objects.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_PIXELS = 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1       # the last slot is the hidden card
FACE_DOWN = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
             "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
FACE_UP = {**FACE_DOWN, "rotZ": 0.0}


@dataclass(frozen=True)
class Grid:
    """One card sheet: its columns and rows and the size of a card on it (px)."""

    columns: int
    rows: int
    card_width: int
    card_height: int

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card_width, self.rows * self.card_height


def grid(designs: int, width_mm: float, height_mm: float) -> Grid:
    """The sheet for ``designs`` cards (at most :data:`PER_SHEET`) of ``width_mm`` x
    ``height_mm``: the fewest rows, then as few columns as fill them, one slot left for
    the hidden card; each card as large as keeps the sheet within 4096 px both ways."""
    if not 1 <= designs <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} designs, not {designs}")
    slots = designs + 1
    rows = min(MAX_ROWS, math.ceil(slots / MAX_COLUMNS))
    columns = max(2, math.ceil(slots / rows))
    pixels_per_mm = min(MAX_PIXELS / (columns * width_mm), MAX_PIXELS / (rows * height_mm))
    return Grid(columns, rows, math.floor(width_mm * pixels_per_mm),
                math.floor(height_mm * pixels_per_mm))


def sheets_of(designs: int) -> list[range]:
    """The designs (by index) on each sheet of a deck, in order."""
    return [range(start, min(designs, start + PER_SHEET))
            for start in range(0, designs, PER_SHEET)]


@dataclass(frozen=True)
class Card:
    """A design as TTS shows it: its name, its printed words, how many copies."""

    name: str
    description: str
    copies: int


@dataclass(frozen=True)
class Sheet:
    """One sheet of a deck as the saved object names it."""

    number: int                 # its CustomDeck key, unique in the export
    face_url: str
    back_url: str
    grid: Grid
    unique_back: bool           # the back URL is a sheet of backs in the same grid


def custom_deck(sheet: Sheet) -> dict[str, Any]:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url,
            "NumWidth": sheet.grid.columns, "NumHeight": sheet.grid.rows,
            "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}


def _card_object(card: Card, sheet: Sheet, slot: int) -> dict[str, Any]:
    return {"Name": "Card", "Transform": FACE_DOWN, "Nickname": card.name,
            "Description": card.description, "CardID": sheet.number * 100 + slot,
            "CustomDeck": {str(sheet.number): custom_deck(sheet)}}


def deck_object(name: str, cards: Sequence[Card], sheets: Sequence[Sheet]) -> dict[str, Any]:
    """A deck (or, for a single card, the card) of ``cards`` laid out on ``sheets``
    (the i-th design in slot i % PER_SHEET of sheet i // PER_SHEET)."""
    contained: list[dict[str, Any]] = []
    for index, card in enumerate(cards):
        sheet = sheets[index // PER_SHEET]
        contained += [_card_object(card, sheet, index % PER_SHEET)] * card.copies
    if len(contained) == 1:
        return {**contained[0], "Transform": FACE_DOWN}
    return {"Name": "DeckCustom", "Transform": FACE_DOWN, "Nickname": name,
            "Description": "", "DeckIDs": [c["CardID"] for c in contained],
            "CustomDeck": {str(sheet.number): custom_deck(sheet) for sheet in sheets},
            "ContainedObjects": contained}


def board_object(name: str, image_url: str) -> dict[str, Any]:
    """A custom board showing ``image_url``."""
    return {"Name": "Custom_Board", "Transform": FACE_UP, "Nickname": name,
            "Description": "", "Locked": False,
            "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": "",
                            "ImageScalar": 1.0, "WidthScale": 0.0}}


def token_object(name: str, image_url: str, description: str = "") -> dict[str, Any]:
    """A custom token (cut out along the image's transparency), stackable."""
    return {"Name": "Custom_Token", "Transform": FACE_UP, "Nickname": name,
            "Description": description,
            "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": "",
                            "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomToken": {"Thickness": 0.1, "MergeDistancePixels": 15.0,
                                            "StandUp": False, "Stackable": True}}}


def bag_object(name: str, contained: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A bag holding ``contained`` (tokens of one kind, or a game's every object)."""
    return {"Name": "Bag", "Transform": FACE_UP, "Nickname": name, "Description": "",
            "ContainedObjects": list(contained)}


def saved_object(objects: Sequence[dict[str, Any]], name: str = "") -> dict[str, Any]:
    """A saved-object file (TTS's Saves/Saved Objects/) holding ``objects``."""
    return {"SaveName": name, "Date": "", "VersionNumber": "", "GameMode": "",
            "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": list(objects)}
