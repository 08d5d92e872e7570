"""Powers in AZADI: the sources a player may use now (ideologue levels, the Tyranny
card's while-active powers, Resistance cards, the flipped Mandate, the Foundation's
soul and buff, the Monument, Maidaan powers), their conditions, limits and costs,
using one, the start- and end-of-turn abilities, and the listeners that answer events
(bounded by LISTENER_DEPTH); for the linter, same-window effects also run both ways
on clones and a different outcome is an order conflict."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from rules_engine.azadi import (
    coverage,
    events,
    interpreter,
    law,
    narration,
    payments,
    scoring,
    turns,
)
from rules_engine.azadi.actions import UsePower, label
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.tyranny import Event, matches
from rules_engine.core.effects import Ability, Effect

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState

LISTENER_DEPTH = 8      # a chain of triggered powers deeper than this is a trigger loop


def zone_of(source: str) -> int:
    """The zone of the card a power's ``source`` names (a Resistance card's), or -1."""
    if source.startswith("resistance:"):
        return int(source.split(":")[1])
    return -1


def hear(state: AzadiState, event: Event) -> None:
    """Run the acting player's powers that listen to ``event`` (bounded: a chain
    deeper than LISTENER_DEPTH is recorded as a trigger loop and stopped). When
    asked (the linter), two or more of them are first also run in the reverse
    order on clones, and a different outcome is recorded as an order conflict."""
    if event.by != state.player or state.finished:
        return
    if state.listening >= LISTENER_DEPTH:
        state.trigger_loops.append((state.turn, event.name))
        return
    if event.name not in state.facts.listened or not _may_hear(state, event.name):
        return
    state.listening += 1
    try:
        found = _listening_to(state, event)
        if state.config.check_order and not state.trial and len(found) > 1:
            _compare_orders(state, f"event {event.name}", [s for s, _, _ in found],
                            lambda st, back: _run_listeners(
                                st, found[::-1] if back else found))
        _run_listeners(state, found)
    finally:
        state.listening -= 1


def _may_hear(state: AzadiState, name: str) -> bool:
    """False when no power that could be in play now listens to event ``name``
    (a quick test before the full search of :func:`_listening_to`)."""
    if state.foundation is not None or name in state.facts.ideologues_hear:
        return True
    if state.tyranny is not None and any(name in state.facts.listeners_in(choice.while_active)
                                         for choice in state.tyranny.card.choices):
        return True
    for number in state.resistance.values():
        card = state.resistance_cards.get(number)
        if card is not None and name in state.facts.listeners_in(card.effects):
            return True
    return state.mandate is not None and name in state.facts.listeners_in(state.mandate.rebel)


def _listening_to(state: AzadiState, event: Event) -> list[tuple[str, int, Ability]]:
    """(source, index, ability) of the acting player's powers listening to
    ``event``, in the engine's order (the order of :func:`sources`)."""
    found = []
    name = event.name
    for source, effects, _ in sources(state):
        if source.startswith("maidaan:"):
            continue
        this_zone = int(source.split(":")[1]) if source.startswith("resistance:") \
            else None
        for n, effect, where in state.facts.listeners_in(effects).get(name, ()):
            if matches(event, name, where, this_zone):
                found.append((source, n, effect))
    return found


def _run_listeners(state: AzadiState, found: list[tuple[str, int, Ability]]) -> None:
    forbidden = law.forbidden_everywhere(state)
    for source, n, effect in found:
        if not holds(state, effect, source) or \
                (forbidden and state.facts.needs(effect) & forbidden):
            continue
        limit = effect.limit.get("per_turn")
        if limit is not None and state.uses[(source, n)] >= int(limit):
            continue
        if not payments.can_pay(state, effect.cost):
            continue
        if not _within_game_limit(state, effect, source, n):
            continue
        state.uses[(source, n)] += 1
        state.game_uses[(state.player, source, n)] += 1
        # a power that answers an event is used as surely as one activated: counted
        # the same way for coverage and for the cards-used report
        coverage.fire(state, coverage.source_effect(state, source))
        payments.pay(state, effect.cost, 0)
        if source.startswith("resistance:"):          # a use of the card (ruling R57)
            state.usage[f"resistance:{state.resistance[int(source.split(':')[1])]}"] += 1
            events.emit(state, Event("resistance_card_used", state.player))
        interpreter.run_ability(state, state.player, effect, zone=zone_of(source))


def _source_label(state: AzadiState, source: str) -> str:
    """A readable name for a power's source, for order-conflict findings."""
    if source.startswith("tyranny:") and state.tyranny is not None:
        return repr(state.tyranny.card.choices[int(source.split(":")[1])].title)
    if source.startswith("resistance:"):
        number = state.resistance.get(int(source.split(":")[1]))
        card = state.resistance_cards.get(number or -1)
        return f"Resistance card {card.title!r}" if card else source
    if source.startswith("mandate:") and state.mandate is not None:
        return f"Mandate {state.mandate.rebel_title!r}"
    return source


def _compare_orders(state: AzadiState, window: str, sources: list[str],
                    run: Callable[[AzadiState, bool], None]) -> None:
    """Run the effects of ``sources`` in order and reversed (``run(state,
    reversed)``) on clones; record an order conflict if the outcomes differ."""
    outcomes = []
    for back in (False, True):
        trial = state.clone()
        trial.trial = True
        run(trial, back)
        outcomes.append(outcome(trial))
    if outcomes[0] != outcomes[1]:
        state.order_conflicts.append(
            (state.turn, window, tuple(_source_label(state, s) for s in sources),
             outcomes[0][state.player], outcomes[1][state.player]))


def sources(state: AzadiState) -> list[tuple[str, tuple[Effect, ...], int]]:
    """(source, effects, Infamy cost) of every power the current player may use."""
    me = state.players[state.player]
    found: list[tuple[str, tuple[Effect, ...], int]] = []
    levels = me.levels.get
    for ideologue, powers in state.facts.ideologue_powers:
        reached = levels(ideologue, 0)
        for level, source, effects in powers:
            if reached >= level:
                found.append((source, effects, 0))
    if state.tyranny is not None and not state.azadi:
        for n, choice in enumerate(state.tyranny.card.choices):
            found.append((label("tyranny", n), choice.while_active, 0))
    for zone_index, number in sorted(state.resistance.items()) if state.resistance else ():
        card = state.resistance_cards.get(number)
        zone = state.board.zones[zone_index]
        if card is None or any(p.zone == zone_index for p in state.in_play):
            continue
        eligible = me.levels[card.ideologue] >= 3 and zone.holder != (IMPERIAL,) and \
            (not zone.holder or state.player in zone.holder)
        if eligible or state.resistance_free > 0:
            found.append((label("resistance", zone_index), card.effects, 0))
    if state.mandate is not None and state.mandate_flipped and \
            state.board.zones[0].gerrymandering_rights() == state.player:
        found.append(("mandate:rebel", state.mandate.rebel, 0))
    side = law.founded_side(state)
    if side is not None:
        found.append(("foundation:soul", side.soul, 0))
        if me.levels[side.buff_ideologue] >= 3:
            found.append(("foundation:buff", side.buff, 0))
        monument = next((m for m in state.content.monuments
                         if m.number == state.foundation.monument), None)
        if monument is not None and state.player in state.contributions and \
                state.player not in state.monument_used:
            effects = monument.two_player_power if len(state.players) == 2 \
                else monument.power
            found.append(("monument", effects, 0))
    infamy = me.resources.get("infamy", 0)
    for cost, source, effects in state.facts.maidaan_powers:
        if infamy >= cost:
            found.append((source, effects, cost))
    return found


def usable_powers(state: AzadiState) -> list[tuple[str, int, Ability]]:
    usable = []
    uses = state.uses
    forbidden = law.forbidden_everywhere(state)
    levy = law.levy_of(state, "use_resistance_card")
    held = state.players[state.player].resources
    for source, effects, infamy in sources(state):
        repeatable = source.startswith(("maidaan:", "monument"))
        for n, effect in enumerate(effects):
            facts = state.facts.power_facts(effect)
            if facts is None:
                continue
            when, supported, limit = facts
            if when != "activated" and not (repeatable and when == "once"):
                continue
            assert isinstance(effect, Ability)
            if not supported or (effect.condition and not holds(state, effect, source)):
                continue
            if forbidden and state.facts.needs(effect) & forbidden:
                continue       # the rules in force forbid what it does
            if levy and source.startswith("resistance:") and \
                    not law.can_levy(state, "use_resistance_card", held, levy):
                continue
            if not repeatable and uses.get((source, n), 0) >= (1 if limit is None
                                                               else limit):
                continue       # unlimited powers still once a turn in the engine (R21)
            if not _within_game_limit(state, effect, source, n):
                continue
            cost = effect.cost
            if levy and source.startswith("resistance:"):
                cost = law.with_levy(cost, levy)      # the power's cost and the licence
            if not payments.can_pay(state, cost, infamy):
                continue
            usable.append((source, n, effect))
    return usable


def _within_game_limit(state: AzadiState, effect: Ability, source: str, index: int) -> bool:
    """A ``limit: {per_game: n}`` ability the current player used fewer than n times
    this game (each player's own count, ruling R71)."""
    per_game = effect.limit.get("per_game")
    return per_game is None or \
        state.game_uses[(state.player, source, index)] < int(per_game)


def ability_of(state: AzadiState, action: UsePower) -> Ability | None:
    """The ability a UsePower action would use."""
    for source, effects, _ in sources(state):
        if source == action.source and action.index < len(effects):
            effect = effects[action.index]
            return effect if isinstance(effect, Ability) else None
    return None


def holds(state: AzadiState, effect: Ability, source: str) -> bool:
    """An ability's ``if`` conditions for the current player."""
    me, condition = state.players[state.player], effect.condition
    zones = {"capital": 0}
    if source.startswith("resistance:"):
        zones["this_zone"] = int(source.split(":")[1])
    level = condition.get("level")
    if level is not None and me.levels[level.get("ideologue")] < int(level.get("at_least")):
        return False
    majority = condition.get("holds_majority")
    if majority == "any" and not any(state.player in z.holder for z in state.board.zones):
        return False
    if majority in zones and state.player not in state.board.zones[zones[majority]].holder:
        return False
    rights = condition.get("gerrymandering_rights")
    if rights in zones and \
            state.board.zones[zones[rights]].gerrymandering_rights() != state.player:
        return False
    if rights is not None and rights not in zones:
        return False
    at_least = condition.get("resources_at_least")
    if at_least is not None and payments.basic_total(state, state.player) < int(at_least):
        return False
    after = condition.get("after_azadi")
    if after is not None and bool(after) != state.azadi:
        return False
    players = condition.get("players")
    return players is None or int(players) == len(state.players)


def note_offered(state: AzadiState, offered: list[UsePower]) -> None:
    """Record the Resistance cards and Maidaan powers a player is offered now (for
    the counters ``eligible:resistance:<number>`` and ``eligible:maidaan:<id>`` of
    :func:`rules_engine.azadi.simulation.summarise`: once a game is enough)."""
    for action in offered:
        source = action.source
        if source.startswith("resistance:"):
            state.usage[f"eligible:resistance:{state.resistance[int(source.split(':')[1])]}"] = 1
        elif source.startswith("maidaan:"):
            state.usage[f"eligible:maidaan:{source.split(':', 1)[1]}"] = 1


def use_power(state: AzadiState, action: UsePower) -> str:
    infamy_of: dict[str, int] = {}
    for source, _, cost in sources(state):
        infamy_of.setdefault(source, cost)
    found = {(s, n): (e, infamy_of[s]) for s, n, e in usable_powers(state)}
    ability, infamy = found[(action.source, action.index)]
    # named and counted as it stands now: paying for it may already resolve the Tyranny
    # card whose power it is
    name = narration.source_name(state, action.source)
    coverage.fire(state, coverage.source_effect(state, action.source))
    state.uses[(action.source, action.index)] += 1
    state.game_uses[(state.player, action.source, action.index)] += 1
    payments.pay(state, ability.cost, infamy)
    if action.source.startswith("maidaan:"):
        state.usage[f"maidaan:{action.source.split(':', 1)[1]}"] += 1
        events.emit(state, Event("maidaan_used", state.player))
    if action.source == "monument":
        state.monument_used.add(state.player)   # once per player per game
    if action.source.startswith("resistance:"):
        law.pay_levy(state, "use_resistance_card")    # e.g. a Foundation soul's licence
        if state.resistance_free > 0:
            state.resistance_free -= 1
        state.usage[f"resistance:{state.resistance[int(action.source.split(':')[1])]}"] += 1
        events.emit(state, Event("resistance_card_used", state.player))
    interpreter.run_ability(state, state.player, ability, action.target,
                            zone_of(action.source))
    scoring.check_azadi(state)
    if state.extra_ideology > 0 and state.ideology.total() > 0 and not state.finished:
        state.extra_ideology -= 1               # answer another Ideology card now
        if not turns.fuse_comes_up(state):
            state.phase = "ideology"
            state.pending.append("ideology")
    return f"P{state.player + 1} uses {name}"


def timed_effects(state: AzadiState, window: str) -> list[tuple[str, Ability]]:
    """The start- or end-of-turn abilities that apply now, in the engine's order:
    the Imperial Mandate's, then the Tyranny card's (source label, ability)."""
    found: list[tuple[str, Ability]] = []
    if state.mandate is not None and not state.mandate_flipped:
        for effect in state.mandate.imperial:
            if isinstance(effect, Ability) and effect.when == window and \
                    interpreter.supported(effect):
                found.append((f"Mandate {state.mandate.title!r}", effect))
    if state.tyranny is not None and not state.azadi:
        for choice in state.tyranny.card.choices:
            for effect in choice.while_active:
                if isinstance(effect, Ability) and effect.when == window and \
                        interpreter.supported(effect) and \
                        (not effect.condition or holds(state, effect, "tyranny:")):
                    found.append((f"{choice.title!r}", effect))
    for source, effects, _ in sources(state):      # the player's other powers
        if source.startswith(("tyranny:", "maidaan:")):
            continue
        for effect in effects:
            if isinstance(effect, Ability) and effect.when == window and \
                    interpreter.supported(effect) and \
                    (not effect.condition or holds(state, effect, source)):
                found.append((source, effect))
    return found


Timed = tuple[tuple[str, int], str, Ability]      # (the uses key, source label, ability)


def _keyed(effects: list[tuple[str, Ability]], window: str) -> list[Timed]:
    """Each timed ability with the key its uses are counted under: its source and
    window, and its place among that source's abilities of the window."""
    seen: Counter[str] = Counter()
    out: list[Timed] = []
    for source, effect in effects:
        out.append(((f"{source} {window}", seen[source]), source, effect))
        seen[source] += 1
    return out


def _run_timed(state: AzadiState, effects: list[Timed]) -> None:
    """Run each ability its printed limits (``per_turn``, ``per_game``) still allow,
    paying its cost where it has one, and count the use."""
    for key, source, effect in effects:
        limit = effect.limit.get("per_turn")
        if limit is not None and state.uses[key] >= int(limit):
            continue
        if not _within_game_limit(state, effect, *key):
            continue
        if source.startswith("Mandate "):
            interpreter.run_ability(state, state.player, effect)
        elif payments.can_pay(state, effect.cost):
            payments.pay(state, effect.cost, 0)
            interpreter.run_ability(state, state.player, effect, zone=zone_of(source))
        else:
            continue
        state.uses[key] += 1
        state.game_uses[(state.player, *key)] += 1


def timed(state: AzadiState, window: str) -> None:
    """Run the start- or end-of-turn abilities. When asked (the linter), two or
    more of them are first also run in the reverse order on clones, and a
    different outcome is recorded as an order conflict."""
    effects = _keyed(timed_effects(state, window), window)
    if state.config.check_order and not state.trial and len(effects) > 1:
        _compare_orders(state, window, [s for _, s, _ in effects],
                        lambda st, back: _run_timed(st, effects[::-1] if back else effects))
    _run_timed(state, effects)
    scoring.check_azadi(state)


def outcome(state: AzadiState) -> tuple[tuple[str, ...], ...]:
    """What order dependence compares: each player's resources and voters (and
    the Imperial voters on the map, in every player's entry)."""
    imperial = f"Imperial voters {sum(z.count(IMPERIAL) for z in state.board.zones)}"
    return tuple(
        tuple(f"{k} {n}" for k, n in sorted(p.resources.items()) if n) +
        (f"voters on the map {sum(z.count(i) for z in state.board.zones)}",
         f"voters on the mat {p.mat_voters}",
         f"Imperial voters on the mat {p.mat_imperial}", imperial)
        for i, p in enumerate(state.players))
