"""Which printed effects AZADI's engine runs, card type by card type (M405).

Every list of effects a card can print is a *slot* (an ideologue's power, a Resistance
card, a Mandate's Imperial side...). A slot says which timings the engine runs there,
whether it checks an ability's ``if`` and charges its ``cost``, which rules (forbid,
modify, require; by target and scope) it applies, and which card contexts it gives
(a Resistance card lies in a zone, so ``this_zone`` means something there).

:func:`unrunnable` walks the content's items and reports, at the exact
file:line:column, every part of an effect the engine would not carry out as printed:
an action's verb or parameter (through the verb table), a listener's event filter,
a condition, a cost, a limit, a timing, a rule. A clean verdict means everything the
cards print was simulated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.azadi.interpreter import MODIFIED_IN_GAME, MODIFIED_IN_ZONE
from rules_engine.azadi.verbs import (
    EVENTS,
    FILTER_ZONES,
    IN_A_ZONE,
    OWNED_EVENTS,
    TABLE,
)
from rules_engine.azadi.voters import OWN_VOTER_PRICES
from rules_engine.core.content import ContentSet, Item, every_item, values_at
from rules_engine.core.diagnostics import Diagnostic, error

ACTIVATED, LISTENER = "activated", "listener"
TIMED = frozenset({"start_of_turn", "end_of_turn"})

# the targets of game-wide rules the engine applies (ruling R35, R42): forbids it tests
# for every action and power, modify quantities it changes, permits it charges
GAME_FORBIDS = frozenset({
    "trade", "trade_resources", "coalition", "coalition_formed", "discard_voters",
    "convert_voters", "move_voters", "gerrymander", "take_resources", "donate_resources",
    "evict_voters", "voter_evicted", "voter_discarded", "voter_converted", "voter_moved"})
ZONE_FORBIDS = frozenset({
    "coalition", "coalition_formed", "discard_voters", "convert_voters", "move_voters",
    "gerrymander", "evict_voters", "place_voters", "place_voter_in_zone", "voter_placed",
    "voter_evicted", "voter_discarded", "voter_converted", "voter_moved"})
GAME_REQUIRES = frozenset({"trade", "gerrymander", "influence_voter_card",
                           "use_resistance_card", "place_voter_in_zone"})
ZONE_REQUIRES = frozenset({"place_voter_in_zone", "gerrymander"})
# prices in the payer's own voters: charged on a cost and an Order's entry, not a permit
OWN_VOTER_KEYS = frozenset(key for key, _ in OWN_VOTER_PRICES)


@dataclass(frozen=True)
class Slot:
    """What the engine runs in one kind of effect list."""

    name: str
    timings: frozenset[str]                       # ``listener`` for event abilities
    conditions: frozenset[str] = frozenset({ACTIVATED, LISTENER, "start_of_turn",
                                             "end_of_turn"})        # timings checking if
    costs: frozenset[str] = frozenset({ACTIVATED, LISTENER, "start_of_turn",
                                       "end_of_turn", "once"})      # timings charging cost
    limits: frozenset[str] = frozenset({ACTIVATED, LISTENER, "start_of_turn",
                                        "end_of_turn"})     # timings keeping a limit
    used: frozenset[str] = frozenset({ACTIVATED})   # timings the player uses as a power
    rules: Mapping[str, tuple[frozenset[str], frozenset[str]]] | None = None
    # rules: scope -> (forbid targets, require targets); modify targets below
    modifies: Mapping[str, frozenset[str]] | None = None
    contexts: tuple[str, ...] = ()


# an Order comes into play mid-game: only quantities the engine reads as it goes
ORDER_MODIFIES_GAME = MODIFIED_IN_GAME - {"open_voter_card_slots", "voter_cards_in_use"}
POWER = frozenset({ACTIVATED, LISTENER}) | TIMED     # a player's powers, timed ones too
_GAME_RULES = {"game": (GAME_FORBIDS, GAME_REQUIRES)}

# (section, path pattern to an effect list; "*" for every item of a list) -> slot
SLOTS: tuple[tuple[str, tuple[str, ...], Slot], ...] = (
    ("ideologues", ("powers", "*", "effects"), Slot("an ideologue's power", POWER)),
    ("resistance_cards", ("effects",), Slot("a Resistance card", POWER,
                                            contexts=(IN_A_ZONE,))),
    ("attack_cards", ("effects",), Slot("an Attack card", frozenset({ACTIVATED, "once"}),
                                        conditions=frozenset(), costs=frozenset(),
                                        limits=frozenset())),
    ("maidaan_powers", ("effects",), Slot("a Maidaan power", frozenset({ACTIVATED, "once"}),
                                          conditions=frozenset({ACTIVATED, "once"}),
                                          limits=frozenset(),
                                          used=frozenset({ACTIVATED, "once"}))),
    ("monuments", ("power",), Slot("a Monument", frozenset({ACTIVATED, "once", LISTENER}),
                                   conditions=frozenset({ACTIVATED, "once", LISTENER}),
                                   limits=frozenset())),
    ("monuments", ("two_player_power",),
     Slot("a Monument", frozenset({ACTIVATED, "once", LISTENER}),
          conditions=frozenset({ACTIVATED, "once", LISTENER}), limits=frozenset())),
    ("foundation_cards", ("sides", "*", "soul"),
     Slot("a nation's soul", POWER, rules=_GAME_RULES,
          modifies={"game": MODIFIED_IN_GAME})),
    ("foundation_cards", ("sides", "*", "buff", "effects"), Slot("a Foundation buff", POWER)),
    ("mandates", ("imperial", "effects"),
     Slot("a Mandate's Imperial side", TIMED, conditions=frozenset(), costs=frozenset(),
          rules=_GAME_RULES, modifies={"game": MODIFIED_IN_GAME})),
    ("mandates", ("rebel", "effects"), Slot("a Mandate's Rebel side", POWER)),
    ("imperial_orders", ("effects",),
     Slot("an Imperial Order", frozenset(),
          rules={"zone": (ZONE_FORBIDS, ZONE_REQUIRES), "game": (GAME_FORBIDS, GAME_REQUIRES)},
          modifies={"zone": MODIFIED_IN_ZONE, "game": ORDER_MODIFIES_GAME},
          contexts=(IN_A_ZONE,))),
    ("tyranny_cards", ("choices", "*", "while_active"), Slot("a Tyranny card's choice", POWER)),
)
TASKS = ("tyranny_cards", ("choices", "*", "task"))


def unrunnable(content: ContentSet) -> list[Diagnostic]:
    """M405 for every printed part of an effect the engine would not run."""
    found: list[Diagnostic] = []
    for section, item in every_item(content):
        for slot_section, pattern, slot in SLOTS:
            if slot_section != section:
                continue
            for path, effects in values_at(item.data, pattern, "*"):
                for n, effect in enumerate(effects):
                    if isinstance(effect, Mapping):
                        found += _effect(item, (*path, n), effect, slot)
        found += _dissent_costs(section, item)
        if section == TASKS[0]:
            for path, task in values_at(item.data, TASKS[1], "*"):
                if isinstance(task, Mapping):
                    found += _listener(item, path, task, "a Tyranny task", ())
    return found


def _shown_timing(effect: Mapping[str, Any]) -> str:
    """An effect's timing in the words of its YAML (``when: start_of_turn``)."""
    when = effect.get("when", ACTIVATED)
    if isinstance(when, Mapping):
        return f"when: {{event: {when.get('event')}}}"
    return f"when: {when}"


def _problem(item: Item, path: tuple[str | int, ...], slot: str, why: str) -> Diagnostic:
    return error("M405", f"{why}, on {slot}: the AZADI engine would not run it as printed",
                 item.loc(*path), hint="see the verb reference in docs/content-format.md")


def _effect(item: Item, path: tuple[str | int, ...], effect: Mapping[str, Any], slot: Slot
            ) -> list[Diagnostic]:
    if "do" in effect:
        return _ability(item, path, effect, slot)
    return _rule(item, path, effect, slot)


def _ability(item: Item, path: tuple[str | int, ...], effect: Mapping[str, Any], slot: Slot
             ) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    when = effect.get("when", ACTIVATED)
    timing = LISTENER if isinstance(when, Mapping) else str(when)
    if timing not in slot.timings:
        shown = "an ability that listens to an event" if timing == LISTENER \
            else f"when: {timing}"
        found.append(_problem(item, (*path, "when") if "when" in effect else path,
                              slot.name, shown))
    elif isinstance(when, Mapping):
        found += _listener(item, (*path, "when"), when, slot.name, slot.contexts)
    if "if" in effect:
        if timing not in slot.conditions:
            found.append(_problem(item, (*path, "if"), slot.name,
                                  "a condition (`if`) the engine does not check here"))
        else:
            found += _conditions(item, (*path, "if"), effect["if"], slot)
    if "limit" in effect and timing not in slot.limits:
        found.append(_problem(item, (*path, "limit"), slot.name,
                              "a `limit` the engine does not keep here (a Maidaan power, "
                              "a Monument or an Attack card runs as its timing says)"
                              if timing in (ACTIVATED, LISTENER) else
                              f"a `limit` on {_shown_timing(effect)}, which the engine "
                              "runs whenever its timing comes"))
    if "cost" in effect and timing not in slot.costs:
        found.append(_problem(item, (*path, "cost"), slot.name,
                              "a cost the engine does not charge here"))
    if effect.get("optional", True) is False and timing == ACTIVATED:
        found.append(_problem(item, (*path, "optional"), slot.name,
                              "`optional: false` on a power the player chooses to use"))
    if effect.get("optional") is True and timing != ACTIVATED:
        found.append(_problem(item, (*path, "optional"), slot.name,
                              f"`optional: true` on an effect that happens by itself "
                              f"({_shown_timing(effect)}), which the rules make compulsory "
                              f"(ruling R70)"))
    for n, action in enumerate(effect.get("do") or ()):
        if not isinstance(action, Mapping):
            continue
        params = {k: v for k, v in action.items() if k != "action"}
        if action.get("action") == "answer_ideology_card":
            found += _answer_more(item, (*path, "do", n), action, timing, slot)
        for name, why in TABLE.unrunnable(str(action.get("action")), params, slot.contexts):
            where = (*path, "do", n) if name is None or name not in action \
                else (*path, "do", n, name)
            found.append(_problem(item, where, slot.name, why))
    return found


def _listener(item: Item, path: tuple[str | int, ...], when: Mapping[str, Any], slot: str,
              contexts: tuple[str, ...]) -> list[Diagnostic]:
    """An event filter's keys and values the event can answer."""
    event = str(when.get("event"))
    facts = EVENTS.get(event, (frozenset(), frozenset()))[0]
    found = []
    for key, value in (when.get("where") or {}).items():
        where = (*path, "where", key)
        if key in ("whose", "who"):
            if value != "any" and event in EVENTS and event not in OWNED_EVENTS:
                found.append(_problem(item, where, slot,
                                      f"an event filter `{key}: {value}` on a {event} "
                                      "event, which is about no one's voter or majority, "
                                      "so it would match every one"))
            continue
        if key == "by" and value in ("own", "any"):
            continue
        if key == "zone":
            if value != "any" and "zone" not in facts:
                found.append(_problem(item, where, slot,
                                      f"an event filter `zone: {value}` on a {event} event, "
                                      "which names no zone, so it never matches"))
            elif value not in FILTER_ZONES:
                found.append(_problem(item, where, slot,
                                      f"an event filter `zone: {value}` (the engine tests an "
                                      f"event's zone against {', '.join(FILTER_ZONES)})"))
            elif value == "this_zone" and IN_A_ZONE not in contexts:
                found.append(_problem(item, where, slot,
                                      f"`zone: this_zone` needs a card that has {IN_A_ZONE}"))
            continue
        if key not in facts:
            found.append(_problem(item, where, slot,
                                  f"a filter on `{key}`, which a {event} event does not "
                                  "carry" if key != "by" else
                                  f"an event filter `by: {value}`"))
    return found


def _conditions(item: Item, path: tuple[str | int, ...], condition: Mapping[str, Any],
                slot: Slot) -> list[Diagnostic]:
    found = []
    for key in ("holds_majority", "gerrymandering_rights"):
        if condition.get(key) == "this_zone" and IN_A_ZONE not in slot.contexts:
            found.append(_problem(item, (*path, key), slot.name,
                                  f"`{key}: this_zone` needs a card that has {IN_A_ZONE}"))
    return found


def _rule(item: Item, path: tuple[str | int, ...], effect: Mapping[str, Any], slot: Slot
          ) -> list[Diagnostic]:
    scope = str(effect.get("scope", "game"))
    kind = next((k for k in ("forbid", "modify", "require") if k in effect), "")
    value = effect.get(kind)
    found = [_problem(item, (*path, "if"), slot.name,
                      "a condition (`if`) on a rule, which holds whenever its card is in "
                      "force")] if "if" in effect else []
    if kind == "require" and isinstance(value, Mapping) and \
            isinstance(value.get("place_voter_in_zone"), Mapping):
        found += [_problem(item, (*path, kind, "place_voter_in_zone", key), slot.name,
                           f"an entry price in `{key}` (the engine charges resources, `any` "
                           "and the player's own voters)")
                  for key in value["place_voter_in_zone"] if key in ("legacy", "infamy")]
    if kind == "require" and isinstance(value, Mapping):
        found += [_problem(item, (*path, kind, target, key), slot.name,
                           f"a `{target}` permit priced in `{key}` (the engine charges a "
                           "permit in resources, `any`, Legacy and Infamy)")
                  for target, price in value.items()
                  if target != "place_voter_in_zone" and isinstance(price, Mapping)
                  for key in price if key in OWN_VOTER_KEYS]
    return found + _rule_target(item, path, effect, slot, scope, kind, value)


def _rule_target(item: Item, path: tuple[str | int, ...], effect: Mapping[str, Any],
                 slot: Slot, scope: str, kind: str, value: Any) -> list[Diagnostic]:
    target = str(value) if kind == "forbid" else \
        next(iter(value), "") if isinstance(value, Mapping) else ""
    if kind == "modify":
        targets = (slot.modifies or {}).get(scope)
    else:
        pair = (slot.rules or {}).get(scope)
        targets = None if pair is None else pair[0] if kind == "forbid" else pair[1]
    if targets is not None and target in targets:
        return []
    if slot.rules is None and slot.modifies is None:
        why = f"a `{kind}` rule (rules hold only on Mandates, Orders and a nation's soul)"
    elif targets is None:
        why = f"a `{kind}` rule with `scope: {scope}`"
    else:
        why = f"`{kind}: {target}` with `scope: {scope}`"
    return [_problem(item, (*path, kind), slot.name, why)]


def _answer_more(item: Item, path: tuple[str | int, ...], action: Mapping[str, Any],
                 timing: str, slot: Slot) -> list[Diagnostic]:
    """Answering another Ideology card: one more, from a power the player uses."""
    if timing not in slot.used:
        return [_problem(item, path, slot.name,
                         f"`answer_ideology_card` on {timing.replace('_', ' ')} (another "
                         "card is answered only after a power the player uses)")]
    count = action.get("count", 1)
    if count != 1:
        return [_problem(item, (*path, "count"), slot.name,
                         f"`answer_ideology_card` with count {count} (one more card a use)")]
    return []


# the dissent prices the engine charges, per kind of card
DISSENT_KEYS = {"mandates": frozenset({"any"}),
                "imperial_orders": frozenset({"funds", "clout", "media", "trust", "any"})}


def _dissent_costs(section: str, item: Item) -> list[Diagnostic]:
    kept = DISSENT_KEYS.get(section)
    cost = item.data.get("dissent_cost")
    if kept is None or not isinstance(cost, Mapping):
        return []
    slot = "a Mandate" if section == "mandates" else "an Imperial Order"
    return [_problem(item, ("dissent_cost", key), slot,
                     f"a dissent price in `{key}` (the engine charges "
                     f"{', '.join(f'`{k}`' for k in sorted(kept))} here)")
            for key in cost if key not in kept]
