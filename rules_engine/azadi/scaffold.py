"""AZADI's ``samizdat new campaign``: the draft of a new campaign folder that validates.

The folder holds the three files a campaign needs (``campaign.yaml``,
``tyranny_cards.yaml``, ``ideology_cards.yaml``) with the counts the rulebook fixes
(12 Tyranny cards, 108 Ideology cards) and draft text marked ``DRAFT`` for the
designer to replace. The draft is already legal and balanced: card N enacts Order
N, the 24 choices unlock 24 different Resistance cards, no task, power or unlocked
Resistance card needs something the chosen Mandate forbids, and every ideologue
has 54 answers worth 4 resources each, as the shipped campaigns (R58).

This module only builds the data (:data:`CAMPAIGN`, named by the plug-in's
``scaffolds``); the compiler checks the id, writes the YAML (user text only ever as
scalars an emitter writes, read back before anything is written) and never
overwrites anything (see :mod:`rules_engine.core.scaffold`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.azadi.model import IDEOLOGUES, RESOURCE_OF
from rules_engine.azadi.vocabulary import ACTION_NEEDS, EVENT_NEEDS
from rules_engine.core.scaffold import ID_MAX, DraftFile, Scaffold, ScaffoldError, ScaffoldOption

# Card ids are "<campaign id>-ideology-108" and so on: the longest suffix must fit too.
LONGEST_CARD_SUFFIX = "-ideology-108"
CAMPAIGN_ID_MAX = ID_MAX - len(LONGEST_CARD_SUFFIX)
NAME_MAX = 40
MARK_MAX = 24   # the campaign mark's most characters (schema: campaign.mark)
WORD_MAX = 16   # the longest word of a name the cards print in one piece ("W" * 16 fits)
YEAR_MAX = 20   # the campaign schema's year maxLength
TYRANNY_CARDS = 12
IDEOLOGY_CARDS = 108
ANSWER_RESOURCES = 4   # what each answer grants, as on the shipped campaigns (ruling R58)

# Draft tasks, most broadly playable first; those the Mandate forbids are skipped. Each
# is one the simulated lint's greedy bots complete 4 times under every Mandate (L711):
# converting, discarding, majorities, coalitions, the Maidaan, monuments and clout
# are left to the designer, since a draft that warns is no starting point.
TASKS: tuple[dict[str, Any], ...] = (
    {"event": "dissent_committed"},
    {"event": "voter_evicted", "where": {"whose": "imperial"}},
    {"event": "voter_moved", "where": {"whose": "own"}},
    {"event": "voter_card_influenced"},
    {"event": "voter_placed", "where": {"whose": "own", "zone": "capital"}},
    {"event": "resources_spent", "where": {"kind": "trust"}},
    {"event": "resources_spent", "where": {"kind": "media"}},
    {"event": "resources_spent", "where": {"kind": "funds"}},
    {"event": "resources_spent", "where": {"kind": "clout"}},
    {"event": "voter_moved", "where": {"whose": "imperial"}},
    {"event": "ideology_card_answered"},
    {"event": "resources_gained", "where": {"kind": "media"}},
    {"event": "resources_gained", "where": {"kind": "trust"}},
    {"event": "resources_gained", "where": {"kind": "funds"}},
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


def mandate_facts(base: Any) -> dict[str, MandateFacts]:
    """Each Mandate of the AZADI base model ``base``, by id, with what it forbids."""
    from rules_engine.azadi.lint.dead_power import dead_under
    from rules_engine.azadi.lint.rules_in_force import forbidden

    mandates = {}
    for mandate in base.mandates:
        blocked = forbidden(mandate.imperial)
        mandates[mandate.id] = MandateFacts(blocked, tuple(
            c.number for c in base.resistance_cards if not dead_under(c.effects, blocked)))
    return mandates


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
    names = list(IDEOLOGUES)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    cards = []
    for number in range(1, IDEOLOGY_CARDS + 1):
        pair = pairs[(number - 1) % len(pairs)]
        cards.append({
            "id": f"{request.campaign_id}-ideology-{number:03d}",
            "question": f"DRAFT {_breakable(request.name)} question {number}: what do "
                        "you do?",
            "answers": [{"text": f"DRAFT: the {who}'s answer.", "ideologue": who,
                         "resources": {RESOURCE_OF[who]: ANSWER_RESOURCES}} for who in pair],
        })
    return cards


def _breakable(name: str) -> str:
    """The campaign's name with every word longer than :data:`WORD_MAX` characters cut
    into pieces: card text wraps only at spaces, and a name of 40 letters without one
    (allowed) would not fit an Ideology card, so the draft would validate but not build.
    The name keeps the questions different from other campaigns' (M401)."""
    return " ".join(word[start:start + WORD_MAX] for word in name.split(" ")
                    for start in range(0, max(len(word), 1), WORD_MAX))


def _mark(name: str) -> str:
    """The short name the campaign's cards print: the name itself when it is short and
    breakable, else its first pieces (words cut as :func:`_breakable` cuts them) up to
    :data:`MARK_MAX` characters."""
    if len(name) <= MARK_MAX and all(len(word) <= WORD_MAX for word in name.split(" ")):
        return name
    mark = ""
    for piece in _breakable(name).split(" "):
        joined = f"{mark} {piece}" if mark else piece
        if len(joined) > MARK_MAX:
            break
        mark = joined
    return mark or name[:MARK_MAX]


def _comment(request: CampaignRequest) -> str:
    """The name for a header comment: one printable line, else the id."""
    name = request.name
    return name if name.isprintable() and name.strip() == name else request.campaign_id


def _title(campaign_id: str, options: Mapping[str, str]) -> str:
    """The campaign's name: ``--name``, else the id's words capitalised."""
    return options.get("name") or " ".join(w.capitalize() for w in campaign_id.split("-"))


def check(campaign_id: str, options: Mapping[str, str]) -> None:
    """Refuse (ScaffoldError) a name or year the written campaign could not hold."""
    for what, text, most in (("name", _title(campaign_id, options), NAME_MAX),
                             ("year", options.get("year", ""), YEAR_MAX)):
        if what == "name" and not text.strip():
            raise ScaffoldError("campaign name: expected some text")
        if len(text) > most:
            raise ScaffoldError(f"campaign {what}: expected at most {most} characters, "
                                f"got {len(text)}")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ScaffoldError(f"campaign {what}: character {exc.start + 1} cannot be "
                                "written as UTF-8") from None


def campaign_files(request: CampaignRequest, facts: MandateFacts) -> dict[str, DraftFile]:
    """The new folder's files, name to text."""
    campaign: dict[str, Any] = {"id": request.campaign_id, "name": request.name,
                                "game": "azadi", "mandate": request.mandate}
    if request.year:
        campaign["year"] = request.year
    mark = _mark(request.name)
    if mark != request.name:
        campaign["mark"] = mark
    campaign["blurb"] = "DRAFT: the campaign's setting in a few sentences."
    shown = _comment(request)
    return {
        "campaign.yaml": DraftFile(f"# {shown}: the campaign manifest.\n",
                                   "campaign", campaign),
        "tyranny_cards.yaml": DraftFile(
            f"# {shown}: the 12 Tyranny cards (card N enacts Imperial Order N).\n"
            "# Each choice unlocks one Resistance card; replace every DRAFT text.\n",
            "tyranny_cards", tyranny_cards(request, facts)),
        "ideology_cards.yaml": DraftFile(
            f"# {shown}: the 108 Ideology cards, 54 answers per ideologue.\n",
            "ideology_cards", ideology_cards(request)),
    }


def files(campaign_id: str, options: Mapping[str, str], base: Any) -> dict[str, DraftFile]:
    """The campaign folder's files under the Mandate ``--mandate`` (default: the base
    content's first)."""
    mandates = mandate_facts(base)
    mandate = options.get("mandate") or base.mandates[0].id
    if mandate not in mandates:
        raise ScaffoldError(f"unknown Mandate {mandate!r}; expected one of: "
                            f"{', '.join(sorted(mandates))}")
    request = CampaignRequest(campaign_id, _title(campaign_id, options), mandate,
                              options.get("year", ""))
    return campaign_files(request, mandates[mandate])


CAMPAIGN = Scaffold(
    help="Write an AZADI campaign folder ID with 12 Tyranny and 108 Ideology draft cards.",
    longest_suffix=LONGEST_CARD_SUFFIX, example="haitian-revolution-1791",
    options=(ScaffoldOption("name", "Campaign name (default: from the ID)."),
             ScaffoldOption("mandate", "The Mandate's id (default: the first one)."),
             ScaffoldOption("year", "The year shown on the campaign.")),
    check=check, files=files)
"""``samizdat new campaign``."""
