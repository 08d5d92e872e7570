"""``samizdat new campaign``: write a new AZADI campaign folder that validates.

The folder holds the three files a campaign needs (``campaign.yaml``,
``tyranny_cards.yaml``, ``ideology_cards.yaml``) with the counts the rulebook fixes
(12 Tyranny cards, 108 Ideology cards) and draft text marked ``DRAFT`` for the
designer to replace. The draft is already legal and balanced: card N enacts Order
N, the 24 choices unlock 24 different Resistance cards, no task, power or unlocked
Resistance card needs something the chosen Mandate forbids, and every ideologue
has 54 answers worth 2 resources each. Nothing existing is ever overwritten; the
folder appears whole or not at all.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rules_engine.azadi.vocabulary import ACTION_NEEDS, EVENT_NEEDS

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
TYRANNY_CARDS = 12
IDEOLOGY_CARDS = 108
IDEOLOGUE_RESOURCE = {"capitalist": "funds", "showstopper": "media",
                      "idealist": "trust", "supremo": "clout"}

# Draft tasks, most broadly playable first; those the Mandate forbids are skipped.
TASKS: tuple[dict[str, Any], ...] = (
    {"event": "dissent_committed"},
    {"event": "voter_evicted", "where": {"whose": "imperial"}},
    {"event": "voter_moved", "where": {"whose": "own"}},
    {"event": "voter_converted", "where": {"whose": "imperial"}},
    {"event": "voter_discarded", "where": {"whose": "imperial"}},
    {"event": "voter_card_influenced"},
    {"event": "majority_formed", "where": {"who": "own"}},
    {"event": "voter_placed", "where": {"whose": "own", "zone": "capital"}},
    {"event": "resources_spent", "where": {"kind": "trust"}},
    {"event": "resources_spent", "where": {"kind": "media"}},
    {"event": "resources_spent", "where": {"kind": "funds"}},
    {"event": "resources_spent", "where": {"kind": "clout"}},
    {"event": "coalition_formed"},
    {"event": "voter_moved", "where": {"whose": "imperial"}},
    {"event": "maidaan_used"},
    {"event": "ideology_card_answered"},
    {"event": "monument_contribution"},
    {"event": "resources_gained", "where": {"kind": "media"}},
    {"event": "resources_gained", "where": {"kind": "trust"}},
    {"event": "resources_gained", "where": {"kind": "funds"}},
    {"event": "resources_gained", "where": {"kind": "clout"}},
    {"event": "majority_broken", "where": {"who": "imperial"}},
    {"event": "voter_placed", "where": {"whose": "own"}},
    {"event": "voter_evicted", "where": {"whose": "imperial", "zone": "capital"}},
)
# Draft while-active powers: (cost, actions).
POWERS: tuple[tuple[dict[str, int], list[dict[str, Any]]], ...] = (
    ({"funds": 2}, [{"action": "evict_voters", "count": 1, "whose": "imperial",
                     "majority": False}]),
    ({"any": 1}, [{"action": "move_voters", "count": 2, "whose": "own", "majority": False,
                   "adjacent": False}]),
)


@dataclass(frozen=True)
class MandateFacts:
    """What the scaffold must respect under one Mandate."""

    blocked: frozenset[str]            # capabilities it forbids
    usable_resistance: tuple[int, ...]  # Resistance cards with a power it leaves alive


class ScaffoldError(Exception):
    """A request ``new campaign`` refuses, with the reason for the user."""


@dataclass(frozen=True)
class CampaignRequest:
    """What the user asked for."""

    campaign_id: str
    name: str
    mandate: str
    year: str = ""


def _tasks(blocked: frozenset[str]) -> list[dict[str, Any]]:
    return [t for t in TASKS if not EVENT_NEEDS.get(t["event"], frozenset()) & blocked]


def _powers(blocked: frozenset[str]) -> list[tuple[dict[str, int], list[dict[str, Any]]]]:
    return [p for p in POWERS
            if not any(ACTION_NEEDS.get(a["action"], frozenset()) & blocked for a in p[1])]


def tag(campaign_id: str) -> str:
    """A short title prefix from the id (titles are at most 28 characters and unique
    across the box): 'haitian-revolution-1791' gives 'HR1791'."""
    return "".join(w if w.isdigit() else w[0].upper() for w in campaign_id.split("-"))[:12]


def tyranny_cards(request: CampaignRequest, facts: MandateFacts) -> list[dict[str, Any]]:
    prefix = tag(request.campaign_id)
    tasks, powers = _tasks(facts.blocked), _powers(facts.blocked)
    resistance = facts.usable_resistance
    if not tasks or not powers or len(resistance) < 2 * TYRANNY_CARDS:
        raise ScaffoldError(f"the Mandate {request.mandate!r} forbids too much for a draft")
    cards = []
    for number in range(1, TYRANNY_CARDS + 1):
        choices = []
        for side in (0, 1):
            index = 2 * (number - 1) + side
            cost, actions = powers[index % len(powers)]
            choices.append({
                "title": f"{prefix} Response {number}{'AB'[side]}",
                "narrative": "DRAFT: how the people answer this measure.",
                "task": tasks[index % len(tasks)],
                "times": 4,
                "while_active": [{"when": "activated", "cost": cost,
                                  "limit": {"per_turn": 1}, "do": actions}],
                "resistance": resistance[index],
            })
        cards.append({
            "id": f"{request.campaign_id}-tyranny-{number:02d}",
            "number": number,
            "title": f"{prefix} Measure {number}",
            "narrative": "DRAFT: what the regime does, and who it hurts.",
            "imperial_voters_per_zone": 2,
            "order": number,
            "choices": choices,
        })
    return cards


def ideology_cards(request: CampaignRequest) -> list[dict[str, Any]]:
    """108 cards: each pair of ideologues faces off on 18, so each has 54 answers."""
    names = list(IDEOLOGUE_RESOURCE)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    cards = []
    for number in range(1, IDEOLOGY_CARDS + 1):
        pair = pairs[(number - 1) % len(pairs)]
        cards.append({
            "id": f"{request.campaign_id}-ideology-{number:03d}",
            "question": f"DRAFT {request.name} question {number}: what do you do?",
            "answers": [{"text": f"DRAFT: the {who}'s answer.", "ideologue": who,
                         "resources": {IDEOLOGUE_RESOURCE[who]: 2}} for who in pair],
        })
    return cards


def _dump(header: str, section: str, items: Any) -> str:
    body = yaml.safe_dump({section: items}, sort_keys=False, allow_unicode=True, width=88)
    return header + body


def files(request: CampaignRequest, facts: MandateFacts) -> dict[str, str]:
    """The new folder's files, name to text."""
    campaign: dict[str, Any] = {"id": request.campaign_id, "name": request.name,
                                "game": "azadi", "mandate": request.mandate}
    if request.year:
        campaign["year"] = request.year
    campaign["blurb"] = "DRAFT: the campaign's setting in a few sentences."
    return {
        "campaign.yaml": _dump(f"# {request.name}: the campaign manifest.\n",
                               "campaign", campaign),
        "tyranny_cards.yaml": _dump(
            f"# {request.name}: the 12 Tyranny cards (card N enacts Imperial Order N).\n"
            "# Each choice unlocks one Resistance card; replace every DRAFT text.\n",
            "tyranny_cards", tyranny_cards(request, facts)),
        "ideology_cards.yaml": _dump(
            f"# {request.name}: the 108 Ideology cards, 54 answers per ideologue.\n",
            "ideology_cards", ideology_cards(request)),
    }


def write_campaign(request: CampaignRequest, mandates: dict[str, MandateFacts],
                   into: Path) -> Path:
    """Write the campaign folder ``into/<id>`` and return it."""
    if not ID_PATTERN.match(request.campaign_id):
        raise ScaffoldError(f"campaign id {request.campaign_id!r}: expected lower-case "
                            "words joined by hyphens, such as 'haitian-revolution-1791'")
    if not 1 <= len(request.name) <= 40:
        raise ScaffoldError("campaign name: expected 1 to 40 characters")
    if request.mandate not in mandates:
        raise ScaffoldError(f"unknown Mandate {request.mandate!r}; expected one of: "
                            f"{', '.join(sorted(mandates))}")
    target = into / request.campaign_id
    if target.exists():
        raise ScaffoldError(f"{target} already exists; nothing was written")
    texts = files(request, mandates[request.mandate])
    into.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{request.campaign_id}.", dir=into))
    try:
        for name, text in texts.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target
