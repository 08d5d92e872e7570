"""Readable SAN replays: what a log line says about the cards it moves.

A card is named by the title it prints (``'Lunar Bagman'``), never by its content
id, and a line says what changed and why: the icons and revenue a card played adds,
what a purchase cost and what is left, which track a face-down card went to. The
engine builds its lines from these helpers (the names are worked out once per
content, in :func:`card_names`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules_engine.san.model import MERCENARY_TYPES, Card

ICON_NAMES = {"corruption": "Corruption", "propaganda": "Propaganda", "hacking": "Hacking"}


def card_names(cards: Iterable[Card]) -> dict[str, str]:
    """Each card's printed title in single quotes, as a replay shows it, by card id."""
    return {card.id: f"'{card.title}'" for card in cards}


def icon_counts(icons: Mapping[str, int]) -> str:
    """"2 Corruption, 0 Propaganda, 1 Hacking icons": every Mercenary type's count, in
    the printed order."""
    return ", ".join(f"{icons.get(kind, 0)} {ICON_NAMES[kind]}" for kind in MERCENARY_TYPES
                     ) + " icons"


def gains(icons: tuple[int, int, int], revenue: int) -> str:
    """" (+2 Corruption, +1 revenue)" for what a card played adds ("" for nothing)."""
    parts = [f"+{n} {ICON_NAMES[kind]}" for kind, n in zip(MERCENARY_TYPES, icons,
                                                            strict=True) if n]
    if revenue:
        parts.append(f"+{revenue} revenue")
    return f" ({', '.join(parts)})" if parts else ""


def effect_name(verb: str) -> str:
    """A printed effect's verb as words ("copy_played" -> "copy played")."""
    return verb.replace("_", " ")
