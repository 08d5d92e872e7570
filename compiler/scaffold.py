"""``samizdat new campaign``: write a new AZADI campaign folder that validates.

The folder holds the three files a campaign needs (``campaign.yaml``,
``tyranny_cards.yaml``, ``ideology_cards.yaml``) with the counts the rulebook fixes
(12 Tyranny cards, 108 Ideology cards) and draft text marked ``DRAFT`` for the
designer to replace. The draft is already legal and balanced: card N enacts Order
N, the 24 choices unlock 24 different Resistance cards, no task, power or unlocked
Resistance card needs something the chosen Mandate forbids, and every ideologue
has 54 answers worth 2 resources each. Nothing existing is ever overwritten; the
folder appears whole or not at all.

Whatever the user types reaches the files only as YAML scalars written by an
emitter (never pasted into YAML text), with no anchors or aliases, and each file
is read back with samizdat's own loader before anything is written: a name such
as ``a: b``, ``#x``, ``*alias`` or one with a newline reads back exactly.
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

from compiler.yaml_loader import load_yaml
from rules_engine.azadi.vocabulary import ACTION_NEEDS, EVENT_NEEDS

# The schemas' id (schemas/common/base.schema.json, $defs/id), matched whole: a slug
# of lower-case letters and digits joined by single hyphens, at most ID_MAX long.
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
ID_MAX = 64
# Card ids are "<campaign id>-ideology-108" and so on: the longest suffix must fit too.
LONGEST_CARD_SUFFIX = "-ideology-108"
CAMPAIGN_ID_MAX = ID_MAX - len(LONGEST_CARD_SUFFIX)
NAME_MAX = 40
WORD_MAX = 16   # the longest word of a name the cards print in one piece ("W" * 16 fits)
YEAR_MAX = 20   # the campaign schema's year maxLength
TYRANNY_CARDS = 12
IDEOLOGY_CARDS = 108
IDEOLOGUE_RESOURCE = {"capitalist": "funds", "showstopper": "media",
                      "idealist": "trust", "supremo": "clout"}

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
            "question": f"DRAFT {_breakable(request.name)} question {number}: what do "
                        "you do?",
            "answers": [{"text": f"DRAFT: the {who}'s answer.", "ideologue": who,
                         "resources": {IDEOLOGUE_RESOURCE[who]: 2}} for who in pair],
        })
    return cards


def _breakable(name: str) -> str:
    """The campaign's name with every word longer than :data:`WORD_MAX` characters cut
    into pieces: card text wraps only at spaces, and a name of 40 letters without one
    (allowed) would not fit an Ideology card, so the draft would validate but not build.
    The name keeps the questions different from other campaigns' (M401)."""
    return " ".join(word[start:start + WORD_MAX] for word in name.split(" ")
                    for start in range(0, max(len(word), 1), WORD_MAX))


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe emitter, never writing anchors, and quoting every text that
    either YAML 1.1 or YAML 1.2 would read as something else than that text."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


# PyYAML's emitter quotes the texts its YAML 1.1 resolver reads as non-text; these
# add what the 1.2 core schema (samizdat's loader) and the 1.1 type repository read
# as numbers or booleans and PyYAML does not (0o17, 1e5, +.5, y, n).
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"))
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$"),
    list("-+0123456789."))
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:y|Y|n|N)$"), list("yYnN"))


def _dump(header: str, section: str, items: Any, file: str) -> str:
    data = {section: items}
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=88)
    text = header + body
    doc, problems = load_yaml(text.encode("utf-8"), file)
    if doc is None or problems or doc.data != data:  # a guard: the emitter should never
        raise ScaffoldError(f"{file} would not read back as written; nothing was written")
    return text


def _comment(request: CampaignRequest) -> str:
    """The name for a header comment: one printable line, else the id."""
    name = request.name
    return name if name.isprintable() and name.strip() == name else request.campaign_id


def check_request(request: CampaignRequest) -> None:
    """Refuse (ScaffoldError) an id, name or year the written campaign could not hold."""
    campaign_id = request.campaign_id
    if not ID_PATTERN.fullmatch(campaign_id) or len(campaign_id) > CAMPAIGN_ID_MAX:
        raise ScaffoldError(
            f"campaign id {campaign_id[:80]!r}: expected lower-case letters and digits "
            f"in words joined by single hyphens, at most {CAMPAIGN_ID_MAX} characters "
            "(its card ids add up to 13 more), such as 'haitian-revolution-1791'")
    for what, text, most in (("name", request.name, NAME_MAX),
                             ("year", request.year, YEAR_MAX)):
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


def files(request: CampaignRequest, facts: MandateFacts) -> dict[str, str]:
    """The new folder's files, name to text."""
    campaign: dict[str, Any] = {"id": request.campaign_id, "name": request.name,
                                "game": "azadi", "mandate": request.mandate}
    if request.year:
        campaign["year"] = request.year
    campaign["blurb"] = "DRAFT: the campaign's setting in a few sentences."
    shown = _comment(request)
    return {
        "campaign.yaml": _dump(f"# {shown}: the campaign manifest.\n",
                               "campaign", campaign, "campaign.yaml"),
        "tyranny_cards.yaml": _dump(
            f"# {shown}: the 12 Tyranny cards (card N enacts Imperial Order N).\n"
            "# Each choice unlocks one Resistance card; replace every DRAFT text.\n",
            "tyranny_cards", tyranny_cards(request, facts), "tyranny_cards.yaml"),
        "ideology_cards.yaml": _dump(
            f"# {shown}: the 108 Ideology cards, 54 answers per ideologue.\n",
            "ideology_cards", ideology_cards(request), "ideology_cards.yaml"),
    }


def write_campaign(request: CampaignRequest, mandates: dict[str, MandateFacts],
                   into: Path) -> Path:
    """Write the campaign folder ``into/<id>`` and return it."""
    check_request(request)
    if request.mandate not in mandates:
        raise ScaffoldError(f"unknown Mandate {request.mandate!r}; expected one of: "
                            f"{', '.join(sorted(mandates))}")
    target = into / request.campaign_id
    if target.exists():
        raise ScaffoldError(f"{target} already exists; nothing was written")
    texts = files(request, mandates[request.mandate])
    if os.path.lexists(into) and not into.is_dir():
        raise ScaffoldError(f"{into} is not a folder; nothing was written")
    try:
        into.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{request.campaign_id}.", dir=into))
    except OSError as exc:   # a file on the way to --into, or a read-only folder
        raise ScaffoldError(f"cannot create a folder in {into}: "
                            f"{_reason(exc)}; nothing was written") from None
    try:
        for name, text in texts.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.rename(staging, target)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError):   # a full disk, or the folder made meanwhile
            raise ScaffoldError(f"cannot write {target}: {_reason(exc)}; nothing was "
                                "written") from None
        raise
    return target


def _reason(exc: OSError) -> str:
    """Why the system refused, in words ("not a directory", "permission denied")."""
    return (exc.strerror or type(exc).__name__).lower()
