"""SAN's mat cells: the rows of cells (tracks, slots, areas, spaces) its mat layouts
place by name (``source: virus_track``), computed from the content and parameters. The
plug-in names :data:`SOURCES`; positions live in the layouts, this is only content."""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import Cell, MatSource, Wording


def propaganda_stages(model: Any, wording: Wording) -> list[Cell]:
    return [Cell(f"Stage {s.stage}", "Hand Bonus" if s.hand_bonus else
                 ("start" if s.stage == 1 else ("finish" if s.stage == len(
                     model.propaganda_track) else "")),
                 "#3a2140" if s.hand_bonus else "#1d2a3d",
                 "hand_bonus" if s.hand_bonus else "propaganda", s.hand_bonus)
            for s in model.propaganda_track]


def corruption_spaces(model: Any, wording: Wording) -> list[Cell]:
    spaces = int(model.parameters.to_dict().get("corruption_spaces", 6))
    per = int(model.parameters.to_dict().get("cards_per_corruption_space", 2))
    return [Cell(f"Space {n}", f"{per} cards; changes crossing {n}", "#1b2a1f", "corruption")
            for n in range(1, spaces + 1)]


def _viruses(model: Any, corporation: str) -> int:
    return sum(1 for c in model.cards if c.deck == "virus" and c.corporation == corporation)


def virus_track(model: Any, wording: Wording) -> list[Cell]:
    """A slot per Virus card of each side, the Central Port between them."""
    moon = [Cell(f"Moon Virus {n}", "", "#10151f", "moon")
            for n in range(_viruses(model, "moon"), 0, -1)]
    star = [Cell(f"Star Virus {n}", "", "#10151f", "star")
            for n in range(1, _viruses(model, "star") + 1)]
    return list(reversed(moon)) + [Cell("Central Port", "", "#24304a", "virus", True)] + star


def san_tokens(model: Any, wording: Wording) -> list[Cell]:
    return [Cell("Moon Banner", "", "#2e3a5c", "moon"), Cell("Star Banner", "", "#5c2e3a",
                                                              "star"),
            Cell("Virus marker", "", "#0f1a0f", "virus")] + [
        Cell(f"{corp} Hand Bonus", "", "#3a2140", "hand_bonus")
        for corp in ("Moon", "Star") for s in model.propaganda_track if s.hand_bonus]


SOURCES: dict[str, MatSource] = {"propaganda_stages": propaganda_stages,
                                 "corruption_spaces": corruption_spaces,
                                 "virus_track": virus_track, "tokens": san_tokens}
"""The mat sources SAN's mats name."""
