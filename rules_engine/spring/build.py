"""Builds :class:`SpringContent` and checks the board: numbered spaces without gaps,
known countries, each country's spaces contiguous on the circular track and within
the size the design allows, revolution cards' types, and the manifest's board facts
(the pawns' start space, the starting hand, the overthrows that end the game); and
parses each card's printed effects into abilities
(:mod:`rules_engine.spring.verbs`), reporting any the engine cannot run as M405 at
the effect's parameter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error
from rules_engine.core.effects import freeze
from rules_engine.core.references import check_reference, check_unique
from rules_engine.spring import model as m
from rules_engine.spring import verbs


def build(content: ContentSet) -> tuple[m.SpringContent, list[Diagnostic]]:
    diags: list[Diagnostic] = []
    countries, spaces, cards = (content.items(s) for s in ("countries", "spaces", "cards"))
    diags += check_unique([*countries, *cards], "id", "id")
    diags += check_unique(spaces, "number", "space number")
    params = dict(content.manifest.get("parameters", {})) if content.manifest else {}
    country_ids = {c["id"] for c in countries}
    for s in spaces:
        if s.get("country") is not None:
            diags += check_reference(s, ("country",), s["country"], country_ids, "country")
    numbers = sorted(s["number"] for s in spaces)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        diags.append(error("M403", f"spaces must be numbered 1..{len(numbers)} without gaps",
                           _misnumbered(spaces)))
    by_number = {s["number"]: s for s in spaces}
    size = _value(params, "country_spaces") or {"min": 3, "max": 4}
    built_countries = tuple(_country(c, by_number, size, diags) for c in countries)
    types = _value(params, "revolution_types") or []
    built_cards = tuple(_card(c, types, diags) for c in cards)
    cap = _value(params, "max_counters_per_space")
    for c in cards:                     # never silently skipped in play
        diags += _unrunnable(c, cap if isinstance(cap, int) else 5)
    present = {c.type for c in built_cards}
    for kind in m.CARD_TYPES:
        if cards and kind not in present:
            diags.append(error("M403", f"the deck has no {kind} cards; the design has three "
                               f"card types ({', '.join(m.CARD_TYPES)})", cards[0].location))
    if content.manifest is not None and numbers:
        diags += _board_parameters(content.manifest, params, set(numbers), len(countries))
        diags += _revolution_spaces(content.manifest, params, spaces)
    built_spaces = tuple(m.Space(s["number"], s["kind"], s.get("country"))
                         for s in sorted(spaces, key=lambda s: s["number"]))
    return m.SpringContent(built_countries, built_spaces, built_cards,
                           freeze({k: v.get("value") for k, v in params.items()})), diags


def _board_parameters(manifest: Item, params: dict[str, Any], numbers: set[int],
                      countries: int) -> list[Diagnostic]:
    """The manifest's board facts against the board: the pawns' start space is one of
    its spaces, a player's starting hand fits the hand limit, and the game can reach
    the overthrows that end it (one per country at most)."""
    found: list[Diagnostic] = []

    def at(name: str) -> Any:
        return manifest.loc("parameters", name, "value")

    start = _value(params, "start_space")
    if isinstance(start, int) and start not in numbers:
        found.append(error("M402", f"start_space {start} is not a space of the board (spaces "
                           f"{min(numbers)} to {max(numbers)}): the pawns have nowhere to "
                           "start", at("start_space")))
    hand, limit = _value(params, "starting_hand"), _value(params, "hand_limit")
    if isinstance(hand, int) and isinstance(limit, int) and hand > limit:
        found.append(error("M403", f"starting_hand {hand} is over the hand_limit {limit}",
                           at("starting_hand")))
    ends = _value(params, "overthrows_to_end")
    if isinstance(ends, int) and countries and ends > countries:
        found.append(error("M403", f"overthrows_to_end {ends} is more than the {countries} "
                           "countries that can be overthrown: the game can never end that "
                           "way", at("overthrows_to_end")))
    return found


def _revolution_spaces(manifest: Item, params: dict[str, Any], spaces: list[Item]
                       ) -> list[Diagnostic]:
    """The manifest's count of Revolution spaces, which the rules reference prints,
    is the board's: the engine plays the board's spaces."""
    said = _value(params, "revolution_spaces")
    held = sum(1 for s in spaces if s.get("kind") == "revolution")
    if isinstance(said, int) and not isinstance(said, bool) and said != held:
        return [error("M403", f"revolution_spaces {said}, but the board has {held} "
                      "Revolution spaces (the engine plays the board's; the rules "
                      "reference prints the parameter)",
                      manifest.loc("parameters", "revolution_spaces", "value"))]
    return []


def _value(params: dict[str, Any], name: str) -> Any:
    entry = params.get(name)
    return entry.get("value") if isinstance(entry, dict) else None


def _country(c: Item, by_number: dict[int, Item], size: dict[str, int],
             diags: list[Diagnostic]) -> m.Country:
    mine = sorted(n for n, s in by_number.items() if s.get("country") == c["id"])
    lo, hi = size.get("min", 3), size.get("max", 4)
    stray = _stray(mine, len(by_number))
    where = by_number[stray].loc("country") if stray is not None else c.location
    country = [Related(c.location, c["name"])] if stray is not None else []
    if mine and lo <= hi and not lo <= len(mine) <= hi:   # an empty range is said once
        diags.append(error("M403", f"{c['name']} has {len(mine)} spaces; every country has "
                           f"{lo} to {hi}", where if len(mine) > hi else c.location,
                           hint=f"its spaces: {', '.join(map(str, mine))}",
                           related=country if len(mine) > hi else []))
    if mine and not _contiguous(mine, len(by_number)):
        diags.append(error("M403", f"{c['name']}'s spaces {mine} are not next to each other on "
                           "the track", where, related=country))
    return m.Country(c["id"], c["name"], c["colour"], tuple(mine), c.location)


def _misnumbered(spaces: list[Item]) -> Location:
    """Where the numbering goes wrong: the first space, in file order, whose number is
    not the one its place calls for (the first space when the file is not in order)."""
    for place, space in enumerate(spaces, start=1):
        if space["number"] != place:
            return space.loc("number")
    return spaces[0].location


def _stray(numbers: list[int], track: int) -> int | None:
    """The space of ``numbers`` (one country's) outside its longest run on the circular
    track, if there is one: the space a slip gave the country."""
    present = set(numbers)
    runs: list[list[int]] = []
    for n in numbers:
        if (n - 2) % track + 1 in present:
            continue
        run = [n]
        while run[-1] % track + 1 in present and len(run) < len(numbers):
            run.append(run[-1] % track + 1)
        runs.append(run)
    if len(runs) < 2:
        return None
    longest = max(runs, key=len)
    return next(n for n in numbers if n not in longest)


def _contiguous(numbers: list[int], track: int) -> bool:
    """True when ``numbers`` form one run on a circular track of ``track`` spaces."""
    present = set(numbers)
    starts = [n for n in numbers if (n - 2) % track + 1 not in present]
    return len(starts) == 1


def _card(c: Item, types: list[str], diags: list[Diagnostic]) -> m.Card:
    subtype = c.get("subtype")
    if c["type"] == "revolution":
        if subtype is None:
            diags.append(error("M403", "a revolution card needs a subtype", c.location,
                               hint=f"one of: {', '.join(types)}" if types else None))
        elif types and subtype not in types:
            diags += check_reference(c, ("subtype",), subtype, types, "revolution type")
    elif subtype is not None:
        diags.append(error("M403", f"only revolution cards have a subtype, not {c['type']} cards",
                           c.loc("subtype")))
    return m.Card(c["id"], c["title"], c["type"], subtype, c["force"],
                  verbs.abilities(c["type"], c.get("effects") or []), c.get("copies", 1),
                  c.location, c.get("flavor", ""), c.get("text", ""))


def _unrunnable(c: Item, max_counters: int) -> list[Diagnostic]:
    """M405 for each printed effect of card ``c`` the engine cannot run (fully), at the
    parameter's value (or the effect, for the verb itself)."""
    found: list[Diagnostic] = []
    extra = 0                           # a Revolution card's extra counters so far
    for index, effect in enumerate(c.get("effects") or []):
        if not isinstance(effect, Mapping):
            continue
        for verb, n in sorted(effect.items()):
            problems = verbs.unrunnable(c["type"], verb, n, max_counters)
            if not problems and verb == "extra_counter" and \
                    verbs.when_of(verb, c["type"]) == verbs.RADICALISES:
                extra += n
                if 1 + extra > max_counters:
                    problems = [("n", f"radicalising puts 1 + {extra} counters on the space, "
                                 f"more than the {max_counters} a space holds "
                                 "(max_counters_per_space)")]
            for param, why in problems:
                where = c.loc("effects", index, verb) if param is not None else \
                    c.loc("effects", index)
                found.append(error("M405", f"{c['id']}: {verb}: {why}; the Spring engine "
                                   "cannot run it, so play would ignore it", where))
    return found
