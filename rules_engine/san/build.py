"""Builds :class:`SanContent` from validated items and checks what schemas cannot:
which fields each deck needs, Virus card numbering, the Propaganda track, and (M405)
that the engine runs every effect a card prints (see rules_engine/san/verbs.py)."""

from __future__ import annotations

from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Diagnostic, Related, error
from rules_engine.core.effects import freeze
from rules_engine.core.references import check_unique
from rules_engine.san import model as m
from rules_engine.san.verbs import abilities, printed_action, unrunnable

_RIVER_FIELDS = ("cost", "crossing_cost")


def build(content: ContentSet) -> tuple[m.SanContent, list[Diagnostic]]:
    diags: list[Diagnostic] = []
    cards = content.items("cards")
    diags += check_unique(cards, "id", "id")
    diags += check_unique([c for c in cards if c["deck"] == "virus"], "virus_number",
                          "Virus card", key=lambda c: (c.get("corporation"), c.get("virus_number")))
    built = tuple(_card(c, diags) for c in cards)
    stages = content.items("propaganda_track")
    diags += check_unique(stages, "stage", "Propaganda stage")
    numbers = sorted(s["stage"] for s in stages)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        diags.append(error("M403", f"Propaganda stages must be numbered 1..{len(numbers)} "
                           f"without gaps; got {numbers}", stages[0].location))
    ordered = sorted(stages, key=lambda s: int(s["stage"]))
    track = tuple(m.Stage(s["stage"], s["hand_bonus"]) for s in ordered)
    params = content.manifest.get("parameters", {}) if content.manifest else {}
    bonus = (params.get("hand_bonus_stages") or {}).get("value")
    flagged = [s["stage"] for s in stages if s["hand_bonus"]]
    off_track = [b for b in bonus if b not in numbers] if isinstance(bonus, list) else []
    if off_track and content.manifest is not None and numbers:
        diags.append(error("M403", f"parameters.hand_bonus_stages names stage "
                           f"{', '.join(map(str, off_track))}, but the Propaganda track has "
                           f"stages {numbers[0]}..{numbers[-1]}",
                           content.manifest.loc("parameters", "hand_bonus_stages", "value")))
    elif isinstance(bonus, list) and sorted(flagged) != sorted(bonus):
        wrong = [s for s in ordered if bool(s["hand_bonus"]) != (s["stage"] in bonus)]
        where = wrong[0].loc("hand_bonus") if wrong else \
            stages[0].location if stages else content.folder_location
        said = (Related(content.manifest.loc("parameters", "hand_bonus_stages", "value"),
                        "the stages the parameter names"),) if content.manifest else ()
        diags.append(error("M403", f"Hand Bonus tokens lie on stages {sorted(flagged)}, but "
                           f"parameters.hand_bonus_stages says {sorted(bonus)}", where,
                           related=said))
    diags += _unplayed_track(content, ordered, params)
    return m.SanContent(built, track, freeze({k: v.get("value") for k, v in params.items()})), diags


def _unplayed_track(content: ContentSet, ordered: list[Item], params: Any
                    ) -> list[Diagnostic]:
    """M405 for a Propaganda track or Corruption zone the engine would not play as
    printed: it deals :data:`~rules_engine.san.engine.TRACK_CARDS` cards to each
    track (one stage more: the finish), starts the banner on stage 1 (a token there is
    never won), ends the game as a banner reaches the last stage (a token there is
    never used), and a Corruption space changes the crossing of its own card."""
    from rules_engine.san.engine import TRACK_CARDS

    found: list[Diagnostic] = []
    if ordered and len(ordered) != TRACK_CARDS + 1:
        found.append(error("M405", f"a Propaganda track of {len(ordered)} stages (the engine "
                           f"plays {TRACK_CARDS + 1}: {TRACK_CARDS} cards to cross), so play "
                           "would not follow the printed track", ordered[-1].location))
    if ordered and ordered[0].get("hand_bonus") is True:
        found.append(error("M405", "a Hand Bonus token on stage 1, where every banner starts, "
                           "so play would never award it", ordered[0].loc("hand_bonus")))
    if len(ordered) > 1 and ordered[-1].get("hand_bonus") is True:
        found.append(error("M405", f"a Hand Bonus token on stage {ordered[-1]['stage']}, the "
                           "last: the banner that reaches it wins as that turn ends, before "
                           "the hand is refilled, so the token never enlarges a hand",
                           ordered[-1].loc("hand_bonus")))
    spaces = (params.get("corruption_spaces") or {}).get("value")
    if isinstance(spaces, int) and not isinstance(spaces, bool) and spaces > TRACK_CARDS \
            and content.manifest is not None:
        found.append(error("M405", f"{spaces} Corruption spaces for {TRACK_CARDS} cards to "
                           "cross (a space changes the crossing of its own card), so play "
                           f"would ignore the last {spaces - TRACK_CARDS}",
                           content.manifest.loc("parameters", "corruption_spaces", "value")))
    return found


def _card(c: Item, diags: list[Diagnostic]) -> m.Card:
    deck, kind = c["deck"], c["type"]
    if (deck == "virus") != (kind == "virus"):
        diags.append(error("M403", "a Virus card is exactly a card of the virus deck with type "
                           "virus", c.loc("type")))
    if deck in ("starting", "virus") and "corporation" not in c.data:
        diags.append(error("M403", f"a {deck} card belongs to a corporation (moon or star)",
                           c.location))
    if deck == "river":
        if "corporation" in c.data:
            diags.append(error("M403", "River cards belong to no corporation",
                               c.loc("corporation")))
        for name in _RIVER_FIELDS:
            if name not in c.data:
                diags.append(error("M403", f"a River card needs {name!r}", c.location))
    if deck == "virus":
        for name in ("virus_number", "track_spaces"):
            if name not in c.data:
                diags.append(error("M403", f"a Virus card needs {name!r}", c.location))
        if "text" in c.data:            # its face prints no effects for the text to replace
            diags.append(error("M403", f"{c['id']}: a Virus card prints no effects, so this "
                               "text would never be printed", c.loc("text")))
        if c.get("copies", 1) != 1:     # each Virus card is one slot of its track
            diags.append(error("M405", f"{c['id']}: copies of a Virus card (the engine plays "
                               "each Virus card once), so play would ignore them",
                               c.loc("copies")))
    printed = list(c.get("effects", []))
    diags += _unrunnable_effects(c, printed)
    return m.Card(c["id"], c["title"], deck, kind, c.get("corporation"), freeze(c.get("icons", {})),
                  c.get("revenue", 0), c.get("cost"), c.get("crossing_cost"),
                  c.get("crossing_penalty"), c.get("virus_number"), c.get("track_spaces"),
                  abilities(printed), c.get("copies", 1), c.location, c.get("flavor", ""),
                  c.get("text", ""))


def _unrunnable_effects(c: Item, printed: list[Any]) -> list[Diagnostic]:
    """M405 for each printed effect (or parameter) the engine would not run on this
    card, at the effect (or at the parameter's value): never silently skipped in play."""
    found: list[Diagnostic] = []
    for index, effect in enumerate(printed):
        action = printed_action(effect)
        for param, why in unrunnable(c["type"], action):
            where = c.loc("effects", index) if param is None else \
                c.loc("effects", index, action.kind)
            found.append(error("M405", f"{c['id']}: {why}, so play would ignore it", where))
    return found
