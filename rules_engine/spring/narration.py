"""Readable Spring replays: what a log line says about the cards and spaces it names.

A card is named by the title it prints (``'Candlelight Vigil'``) and a country by its
printed name (``Tunisia``), never by their content ids; a space says where it is
("space 5 (Libya)", "space 23 (a Revolution space)"), and a pass says what was let go
(a Motivation card, the action on a space). The engine builds its lines from these
helpers, with the names worked out once per content (:func:`card_names`).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.spring.model import SpringContent


def card_names(content: SpringContent) -> dict[str, str]:
    """Each card's printed title in single quotes, as a replay shows it, by card id."""
    return {card.id: f"'{card.title}'" for card in content.cards}


def country_names(content: SpringContent) -> dict[str, str]:
    """Each country's printed name, by country id."""
    return {country.id: country.name for country in content.countries}


def space_names(content: SpringContent) -> dict[int, str]:
    """"space 5 (Libya)" or "space 23 (a Revolution space)", by space number."""
    countries = country_names(content)
    return {s.number: f"space {s.number} ({countries[s.country]})" if s.country
            else f"space {s.number} (a Revolution space)" for s in content.spaces}


def cards_text(names: Mapping[str, str], cards: tuple[str, ...]) -> str:
    """The cards' names, as a list: "'A'", "'A' and 'B'", "'A', 'B' and 'C'"."""
    shown = [names[card] for card in cards]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def counters_text(n: int) -> str:
    return f"{n} counter" if n == 1 else f"{n} counters"
