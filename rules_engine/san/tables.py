"""SAN's tables, computed from the content for the rules reference, aids and mats.

Each is ``(caption, header, rows)`` (:data:`rules_engine.core.printed.Table`) with cells
in the project's markup; the rules data names them, and the plug-in names
:data:`TABLES`.
"""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import Table, TableFunction, Wording, copies_by

ICON_VERBS = ("multiplier", "single_use", "copy_played", "copy_river", "play_all_types",
              "play_from_discard", "corrupt_from_hand")
"""The verbs the icon reference explains with their printed phrase, in its order."""


def _victory(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    corrupt = params.get("corruption_to_win", 12)
    rows = [[":corruption: Corruption", f"{corrupt} cards in your Corruption zone"],
            [":propaganda: Propaganda", "your Banner crosses the last card of your track"],
            [":hacking: Hacking", f"the Virus marker passes all {_viruses(model)} of the "
             "opponent's Virus cards"],
            ["River exhausted", "furthest in at least two of the three wins; else a draw"]]
    return ("Victory, checked at the end of your turn", ["Victory", "Condition"], rows)


def _icons(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    icons = params.get("corruption_icons_per_card", 3)
    rows = [[":corruption:", f"Corruption: {icons} icons corrupt a card"],
            [":propaganda:", "Propaganda: pay crossing costs on your track"],
            [":hacking:", "Hacking: move the Virus marker one space each"],
            [":revenue:", "Revenue: spend on River cards"],
            [":cost:", "Cost of a River card"],
            [":crossing:", "Crossing cost (on the card back)"]]
    rows += [[f":{verb}:", wording.verb_effects((verb,))] for verb in ICON_VERBS]
    rows.append([":hand_bonus:", "Hand Bonus token: your hand size is one card larger "
                 "(ruling R32)"])
    return ("Icon reference", ["Icon", "Meaning"], rows)


def _decks(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = copies_by(model.cards, lambda c: f"{c.deck.title()} "
                     f"{(c.corporation or '').title()} {c.type}".replace("  ", " "))
    total = sum(c.copies for c in model.cards)
    return (f"The {total} cards", ["Cards", "Count"], rows)


def _viruses(model: Any) -> int:
    """The Virus cards of one Corporation (the most either has)."""
    counts: dict[str, int] = {}
    for card in model.cards:
        if card.deck == "virus":
            counts[str(card.corporation)] = counts.get(str(card.corporation), 0) + 1
    return max(counts.values(), default=0)


TABLES: dict[str, TableFunction] = {"victory_conditions": _victory,
                                    "icon_reference": _icons,
                                    "deck_composition": _decks}
"""The tables SAN's rules data may name."""
