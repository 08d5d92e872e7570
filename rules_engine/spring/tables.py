"""Spring's tables, computed from the content for the rules reference, aids and mats.

Each is ``(caption, header, rows)`` (:data:`rules_engine.core.printed.Table`) with cells
in the project's markup; the rules data names them, and the plug-in names
:data:`TABLES`.
"""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import Table, TableFunction, Wording, copies_by


def _countries(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = [[c.name, f"{c.spaces[0]}–{c.spaces[-1]}", str(len(c.spaces))]
            for c in sorted(model.countries, key=lambda c: c.spaces[0])]
    revolution = [str(s.number) for s in model.spaces if s.kind == "revolution"]
    rows.append(["Revolution spaces", ", ".join(revolution), str(len(revolution))])
    return ("The board", ["Country", "Spaces", "Count"], rows)


def _scoring(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    s = params.get("overthrow_scores", {}) or {}
    rows = [["Played the card that overthrows the country", f"{s.get('final_card', 2)} VT"],
            ["Highest total of counters and card force in the country",
             f"{s.get('first', 5)} VT"],
            ["Second highest total", f"{s.get('second', 3)} VT"],
            ["Every other player with a card and a counter there", f"{s.get('other', 1)} VT"],
            ["End of the game: each space holding your counter",
             f"{params.get('end_vt_per_counter_space', 1)} VT"]]
    return ("Scoring", ["When", "Victory Tokens"], rows)


def _decks(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = copies_by(model.cards, lambda c: c.type + (f" ({c.subtype})" if c.subtype else ""))
    return ("The common deck", ["Cards", "Count"], rows)


TABLES: dict[str, TableFunction] = {"countries": _countries,
                                    "overthrow_scoring": _scoring,
                                    "deck_composition": _decks}
"""The tables Spring's rules data may name."""
