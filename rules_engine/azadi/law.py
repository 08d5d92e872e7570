"""The law in force in AZADI: the Imperial Mandate and the nation's soul (game-wide
rules), Imperial Orders in their zones (zone rules, entry prices, what they forbid),
what the rules modify, forbid and levy, and dissent against an Order or the Mandate.
The rules in force are worked out once per change and answers kept with them."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rules_engine.azadi import (
    events,
    payments,
    scoring,
    voters,
)
from rules_engine.azadi.model import RESOURCES
from rules_engine.azadi.tyranny import Event
from rules_engine.azadi.vocabulary import ACTION_NEEDS, FORBID_REMOVES
from rules_engine.core.effects import FrozenMap, Rule

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def levy_of(state: AzadiState, target: str) -> list[tuple[str, int]]:
    """What the rules in force charge the active player for each ``target``
    (``trade`` or ``gerrymander``), e.g. a Foundation soul's permit."""
    memo = _rules_memo(state)
    found: list[tuple[str, int]] | None = memo.get(("levy", target))
    if found is None:
        found = memo[("levy", target)] = [
            (k, int(n)) for rule in rules_in_force(state)
            if rule.kind == "require" and rule.target == target for k, n in rule.value.items]
    return found


def with_levy(cost: FrozenMap, levy: list[tuple[str, int]]) -> FrozenMap:
    """A cost with what the rules in force charge on top of it."""
    total: Counter[str] = Counter({k: int(n) for k, n in cost.items})
    for kind, n in levy:
        total[kind] += n
    return FrozenMap(tuple(sorted(total.items())))


def can_levy(state: AzadiState, target: str, held: Counter[str],
             levy: list[tuple[str, int]] | None = None) -> bool:
    levy = levy_of(state, target) if levy is None else levy
    if not levy:
        return True
    specific = sum(n for k, n in levy if k != "any")
    return all(held[k] >= n for k, n in levy if k != "any") and \
        sum(held[k] for k in RESOURCES) - specific >= sum(n for k, n in levy if k == "any")


def pay_levy(state: AzadiState, target: str, player: int = -1) -> None:
    """Pay what the rules in force charge for ``target`` (by ``player``; default:
    the active player)."""
    payer = state.player if player < 0 else player
    for kind, n in levy_of(state, target):
        if kind == "any":
            payments.pay_any(state, payer, n)
        else:
            payments.spend(state, payer, kind, n)


def zone_levy(state: AzadiState, index: int, target: str = "gerrymander") -> list[tuple[str, int]]:
    """What the Orders in zone ``index`` charge for ``target`` there."""
    return [(k, int(n)) for rule in order_rules(state, index)
            if rule.kind == "require" and rule.target == target for k, n in rule.value.items]


def rules_in_force(state: AzadiState) -> tuple[Rule, ...]:
    """The game-wide rules in force: the Imperial Mandate's, then the nation's soul
    (kept until the Mandate flips or a side is founded)."""
    mandate = state.mandate
    key = (mandate, state.mandate_flipped, state.foundation, state.foundation_side,
           _orders_key(state))
    cached = state.in_force
    if cached is not None and cached[0] == key:
        return cached[1]
    side = founded_side(state)
    rules: list[Rule] = []
    if mandate is not None and not state.mandate_flipped:
        rules += [e for e in mandate.imperial if isinstance(e, Rule) and e.scope == "game"]
    if side is not None:
        rules += [e for e in side.soul if isinstance(e, Rule) and e.scope == "game"]
    for placed in state.in_play:      # an Order's game-wide rules, while it stands
        rules += [e for e in placed.order.effects if isinstance(e, Rule) and
                  e.scope == "game"]
    state.in_force = (key, tuple(rules), {})
    return state.in_force[1]


def _rules_memo(state: AzadiState) -> dict[Any, Any]:
    """Answers worked out from the rules in force, kept while they stay in force."""
    cached = state.in_force
    if cached is not None and cached[0] == (state.mandate, state.mandate_flipped,
                                            state.foundation, state.foundation_side,
                                            _orders_key(state)):
        return cached[2]
    rules_in_force(state)
    assert state.in_force is not None
    return state.in_force[2]


def _orders_key(state: AzadiState) -> tuple[int, ...]:
    """The Orders in play, for knowing when the rules in force change."""
    if not state.in_play:
        return ()
    return tuple(p.order.number for p in state.in_play)


def founded_side(state: AzadiState) -> Any:
    """The side of the Foundation card the nation was founded as (None: not yet)."""
    if state.foundation is None or state.foundation_side is None:
        return None
    return state.foundation.sides[state.foundation_side]


def modified(state: AzadiState, quantity: str, base: int) -> int:
    """``base`` changed by the game-wide rules in force that modify ``quantity``."""
    memo = _rules_memo(state)
    changes: list[tuple[bool, int]] | None = memo.get(("modify", quantity))
    if changes is None:
        changes = memo[("modify", quantity)] = [
            (True, int(rule.value.get("set"))) if "set" in rule.value
            else (False, int(rule.value.get("add"))) for rule in rules_in_force(state)
            if rule.kind == "modify" and rule.target == quantity]
    value = base
    for replace, n in changes:
        value = n if replace else value + n
    return value


def zone_modified(state: AzadiState, index: int, quantity: str, value: int) -> int:
    """``value`` (already changed by the game-wide rules) changed by the ``modify``
    rules of the Orders in zone ``index``, in the order they were laid."""
    for rule in order_rules(state, index):
        if rule.kind == "modify" and rule.target == quantity:
            value = int(rule.value.get("set")) if "set" in rule.value \
                else value + int(rule.value.get("add"))
    return value


def resource_cap(state: AzadiState) -> int:
    """The resource cap: 12, unless a card in force changes it (a Foundation soul)."""
    return modified(state, "resource_cap", state.config.resource_cap)


def redraw_cost(state: AzadiState) -> int:
    """What redrawing an Ideology card costs: any 4 resources, unless a card in
    force changes it (a Foundation soul's ``ideology_card_cost``)."""
    return modified(state, "ideology_card_cost", state.config.redraw_cost)


def forbidden_everywhere(state: AzadiState) -> frozenset[str]:
    """The capabilities the game-wide rules in force (the Mandate's, the nation's
    soul) forbid: no power that needs one of them may be used."""
    memo = _rules_memo(state)
    found: frozenset[str] | None = memo.get("forbidden")
    if found is None:
        found = memo["forbidden"] = frozenset(
            capability for rule in rules_in_force(state) if rule.kind == "forbid"
            for capability in FORBID_REMOVES.get(rule.target, frozenset({rule.target})))
    return found


def forbids(state: AzadiState, capability: str) -> bool:
    memo = _rules_memo(state)
    found: bool | None = memo.get(("forbid", capability))
    if found is None:
        found = memo[("forbid", capability)] = any(
            rule.kind == "forbid" and capability in FORBID_REMOVES.get(
                rule.target, frozenset({rule.target})) for rule in rules_in_force(state))
    return found


def mandate_dissent_cost(state: AzadiState) -> int:
    assert state.mandate is not None
    return int(state.mandate.dissent_cost.get("any", 3)) + modified(state, "dissent_cost", 0)


def dissent_mandate(state: AzadiState) -> str:
    assert state.mandate is not None
    payments.pay_any(state, state.player, mandate_dissent_cost(state))
    state.mandate_infamy -= 1
    state.players[state.player].resources["infamy"] += 1
    events.emit(state, Event("dissent_committed", state.player))
    line = f"P{state.player + 1} dissents against the Mandate {state.mandate.title!r}"
    if state.mandate_infamy == 0:
        state.mandate_flipped = True
        state.track.record("mandate_overturned")
        voters.set_majorities(state)
        line += f": it flips to {state.mandate.rebel_title!r}"
        scoring.check_azadi(state)
    return line


def order_rules(state: AzadiState, index: int) -> list[Any]:
    if not state.in_play:
        return []
    return [e for placed in state.in_play if placed.zone == index
            for e in placed.order.effects if isinstance(e, Rule) and e.scope == "zone"]


def forbidden(state: AzadiState, index: int, capability: str) -> bool:
    """Whether an Order in zone ``index`` forbids ``capability`` there."""
    for placed in state.in_play:
        if placed.zone != index:
            continue
        for rule in placed.order.effects:
            if isinstance(rule, Rule) and rule.scope == "zone" and rule.kind == "forbid" \
                    and capability in FORBID_REMOVES.get(rule.target, (rule.target,)):
                return True
    return False


def forbidden_action(state: AzadiState, index: int, kind: str) -> bool:
    """Whether an Order in zone ``index`` forbids a power's ``kind`` of action there
    (evicting, discarding, converting or moving voters: what it needs)."""
    return any(forbidden(state, index, capability)
               for capability in ACTION_NEEDS.get(kind, ()))


def game_entry_rules(state: AzadiState) -> list[Rule]:
    """The game-wide prices for placing a voter in any zone (a Mandate's, the
    nation's soul's, an Order's with ``scope: game``)."""
    memo = _rules_memo(state)
    found: list[Rule] | None = memo.get("entry")
    if found is None:
        found = memo["entry"] = [r for r in rules_in_force(state) if r.kind == "require"
                                 and r.target == "place_voter_in_zone"]
    return found


def entry_rules(state: AzadiState, index: int) -> list[Rule]:
    """What placing a voter in zone ``index`` costs: its Orders', then the
    game-wide price."""
    return [r for r in order_rules(state, index) if r.kind == "require" and
            r.target == "place_voter_in_zone"] + game_entry_rules(state)


def may_enter(state: AzadiState, index: int) -> bool:
    """An Order may make entering its zone cost something the player cannot pay."""
    if forbidden(state, index, "place_voters"):
        return False
    for rule in entry_rules(state, index):
        needed = voters.own_voters_named(rule.value)
        if needed > voters.spare_total(state, state.player) and \
                index not in state.paid_entry:
            return False       # too few voters to discard (not just none)
        if index in state.paid_entry:
            continue
        held = state.players[state.player].resources
        if any(held[k] < int(n) for k, n in rule.value.items if k in RESOURCES):
            return False
        if int(rule.value.get("any", 0)) > payments.basic_total(state, state.player):
            return False
    return True


def pay_entry(state: AzadiState, index: int) -> str:
    """An Order's price for entering its zone, paid once a turn (ruling R19)."""
    if index in state.paid_entry:
        return ""
    said = []
    for rule in entry_rules(state, index):
        for key, event in voters.OWN_VOTER_PRICES:
            for _ in range(int(rule.value.get(key, 0))):
                spare = voters.zone_with_most(state, state.player)
                if spare is None:
                    break          # a power answering a discard took the rest
                voters.remove_voter(state, spare, state.player, event)
                if key == "evict_own_voters":       # placed again this turn
                    state.players[state.player].mat_voters += 1
                said.append(f"discards a voter in zone {spare}" if key == "discard_own_voters"
                            else f"evicts a voter of their own from zone {spare}")
        for kind, n in rule.value.items:
            if kind in RESOURCES:
                payments.spend(state, state.player, kind, int(n))
                said.append(f"pays {n} {kind}")
        if rule.value.get("any"):
            payments.pay_any(state, state.player, int(rule.value.get("any")))
            said.append(f"pays {rule.value.get('any')} resources")
    state.paid_entry.add(index)
    return ("" if not said else ", ".join(said) + ", then ")


def order_dissent_cost(state: AzadiState, order: Any) -> tuple[list[tuple[str, int]], int]:
    """An act of dissent against ``order`` for the current player: (the printed
    resources, how many of any resources), changed by the rules in force
    (``dissent_cost``): each +1 adds one resource of any kind; each -1 takes one
    off, from "any" first, then from the printed kind the player holds fewest of."""
    each = [(k, int(n)) for k, n in order.dissent_cost.items if k in RESOURCES]
    any_n = int(order.dissent_cost.get("any", 0))
    change = modified(state, "dissent_cost", 0)
    zone = next((p.zone for p in state.in_play if p.order is order), -1)
    if zone >= 0:                       # an Order in that zone may change it too
        change = zone_modified(state, zone, "dissent_cost", change)
    if change > 0:
        any_n += change
    held = state.players[state.player].resources
    for _ in range(-change):
        if any_n:
            any_n -= 1
        elif each:
            i = min(range(len(each)), key=lambda j: (held[each[j][0]], j))
            each[i] = (each[i][0], each[i][1] - 1)
            each = [(k, n) for k, n in each if n > 0]
    return each, any_n


def dissent_against(state: AzadiState, index: int, free: bool, order: int = 0, payer: int = -1
                    ) -> str:
    """Dissent against the Order numbered ``order`` in zone ``index`` (0: the first
    there) by ``payer`` (default: the current player); ``free`` when a power pays."""
    placed = next(p for p in state.in_play if p.zone == index and
                  order in (0, p.order.number))
    payer = state.player if payer < 0 else payer
    me = state.players[payer]
    if not free:
        each, any_n = order_dissent_cost(state, placed.order)
        for kind, n in each:
            payments.spend(state, payer, kind, n)
        if any_n:
            payments.pay_any(state, payer, any_n)
    placed.infamy -= 1
    me.resources["infamy"] += 1
    line = f"P{payer + 1} dissents against {placed.order.title!r}"
    events.emit(state, Event("dissent_committed", payer))
    if placed.infamy == 0:
        state.in_play.remove(placed)
        state.usage[f"order:{placed.order.number}"] += 1
        state.track.record("order_overturned")
        voters.set_majorities(state)               # its count returns (R35)
        line += ": the Order is overturned"
        scoring.check_azadi(state)
    return line


def can_pay_dissent(state: AzadiState, player: int) -> bool:
    """Whether ``player`` can pay an act of dissent against the first Order in play."""
    if not state.in_play:
        return False
    each, any_n = order_dissent_cost(state, state.in_play[0].order)
    held = state.players[player].resources
    return all(held[k] >= n for k, n in each) and \
        payments.basic_total(state, player) - sum(n for _, n in each) >= any_n
