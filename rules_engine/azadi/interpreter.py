"""Runs AZADI effects on a game state. Every action kind either has a handler here
or the ability using it is reported by :func:`unsupported` (never silently skipped).

Whose voters a power takes, where its effect leaves that open, is the player's
choice (the ``target`` of the UsePower action); the zone and the voter within
that choice are picked by the engine for the acting player (the ones that help
them most: breaking an Imperial majority first; docs/rulings.md R21).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import RESOURCES, AzadiContent
from rules_engine.core.effects import Ability, Action, Effect, FrozenMap, Rule

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState

Handler = Callable[["AzadiState", int, Action], None]


def count(state: AzadiState, player: int, value: Any) -> int:
    """A count expression's value for ``player``."""
    if isinstance(value, int):
        return value
    if isinstance(value, FrozenMap):
        if "per_resources_left" in value:
            return state.basic_total(player) // int(value.get("per_resources_left"))
        if "per_contribution" in value:
            return state.contributions.count(player) * int(value.get("per_contribution"))
        if "contributions" in value:
            return state.contributions.count(player)
        if "per_level" in value:
            return state.players[player].levels[str(value.get("per_level"))]
    return 0


def _least_held(state: AzadiState, player: int) -> str:
    held = state.players[player].resources
    return min(RESOURCES, key=lambda k: (held[k], k))


def _gain_resources(state: AzadiState, player: int, action: Action) -> None:
    held = state.players[player].resources
    for kind, amount in action.get("resources", FrozenMap()).items:
        for _ in range(count(state, player, amount)):
            held[_least_held(state, player) if kind == "any" else kind] += 1


def _discard_resources(state: AzadiState, player: int, action: Action) -> None:
    kind = action.get("kind", "any")
    amount = action.get("count", 1)
    held = state.players[player].resources
    if kind in RESOURCES:
        take = held[kind] if amount == "all" else min(held[kind], count(state, player, amount))
        held[kind] -= take
        return
    left = state.basic_total(player) if amount == "all" else count(state, player, amount)
    for _ in range(left):          # the most plentiful first: the player keeps variety
        kinds = [k for k in RESOURCES if held[k] > 0]
        if not kinds:
            return
        held[max(kinds, key=lambda k: (held[k], k))] -= 1


def _take_resources(state: AzadiState, player: int, action: Action) -> None:
    others = [p for p in range(len(state.players)) if p != player]
    if not others:
        return
    victims = others if action.get("from") == "each_other_player" else \
        [max(others, key=lambda p: (state.basic_total(p), -p))]
    for victim in victims:
        held = state.players[victim].resources
        for _ in range(count(state, player, action.get("count", 1))):
            kind = action.get("kind", "any")
            kinds = [k for k in RESOURCES if held[k] > 0 and kind in ("any", k)]
            if not kinds:
                break
            chosen = max(kinds, key=lambda k: (held[k], k))
            held[chosen] -= 1
            state.players[player].resources[chosen] += 1


def _donate_resources(state: AzadiState, player: int, action: Action) -> None:
    others = [p for p in range(len(state.players)) if p != player]
    if not others:
        return
    held = state.players[player].resources
    receivers = others if action.get("to") == "each_other_player" else \
        [min(others, key=lambda p: (state.basic_total(p), p))]
    for receiver in receivers:
        for _ in range(count(state, player, action.get("count", 1))):
            kinds = [k for k in RESOURCES if held[k] > 0]
            if not kinds:
                return
            chosen = max(kinds, key=lambda k: (held[k], k))
            held[chosen] -= 1
            state.players[receiver].resources[chosen] += 1


def _place_voters(state: AzadiState, player: int, action: Action) -> None:
    state.players[player].to_place += count(state, player, action.get("count", 1)) * max(
        1, count(state, player, action.get("per_zone", 1)))


def _owners(state: AzadiState, player: int, whose: str) -> list[int]:
    """The owners ``whose`` allows, narrowed to the player's chosen target if any."""
    if state.power_target and state.power_target in AIMS.get(whose, ()):
        whose = state.power_target
    rebels = list(range(len(state.players)))
    return {"own": [player], "opponent": [p for p in rebels if p != player],
            "imperial": [IMPERIAL], "rebel": rebels,
            "not_own": [IMPERIAL] + [p for p in rebels if p != player],
            "any": [IMPERIAL] + [p for p in rebels if p != player] + [player]}.get(whose, [])


def _target(state: AzadiState, player: int, action: Action, zones: Iterable[int] | None = None,
            whose: str = "any") -> tuple[int, int] | None:
    """(zone, owner) of the voter the acting player would best remove (from ``zones``,
    default all; ``whose`` when the action does not say)."""
    best = None
    majority_ok = bool(action.get("majority", False))
    candidates = list(range(len(state.board.zones)) if zones is None else zones)
    if state.in_play:                     # an Order may forbid this action in its zone
        candidates = [i for i in candidates if not state.forbidden_action(i, action.kind)]
    for owner in _owners(state, player, action.get("whose", whose)):
        for index in candidates:
            zone = state.board.zones[index]
            spare = zone.voters[owner]
            if owner in zone.holder and not majority_ok:
                spare -= zone.split[zone.holder.index(owner)]
            if spare <= 0:
                continue
            breaks_imperial = zone.holder == (IMPERIAL,) and owner == IMPERIAL
            value = (breaks_imperial, owner == IMPERIAL, owner != player, spare, -index)
            if best is None or value > best[0]:
                best = (value, index, owner)
    return None if best is None else (best[1], best[2])


def _remove_voters(state: AzadiState, player: int, action: Action) -> None:
    for _ in range(count(state, player, action.get("count", 1))):
        found = _target(state, player, action)
        if found is None:
            return
        index, owner = found
        state.remove_voter(index, owner, {"evict_voters": "voter_evicted",
                                          "discard_voters": "voter_discarded",
                                          "convert_voters": "voter_converted"}[action.kind])
        if action.kind == "evict_voters":
            if owner != IMPERIAL:
                state.players[owner].mat_voters += 1
            else:                       # onto the next player's mat (ruling R37)
                state.players[(player + 1) % len(state.players)].mat_imperial += 1
        if action.kind == "convert_voters":
            receiver = IMPERIAL if owner == player else player
            state.board.add_voter(index, receiver, state.track)


def _move_voters(state: AzadiState, player: int, action: Action) -> None:
    """Move voters to an adjacent zone with a free area. ``whose`` (default: own for
    move_voters, any for gerrymander) and ``majority`` pick the voters as for
    evicting; ``adjacent: false`` lets them go to any zone. A gerrymander moves out of
    zones where the player holds the rights (``zone: each_with_rights``: ``count``
    from every such zone). Own voters go where
    their owner is strongest; anyone else's where its owner is weakest."""
    board = state.board
    gerrymander = action.kind == "gerrymander"
    whose = "any" if gerrymander else "own"
    anywhere = not gerrymander and action.get("adjacent", True) is False

    def destinations(index: int) -> list[int]:
        near = (n for n in range(len(board.zones)) if n != index) if anywhere \
            else board.adjacent[index]
        return [n for n in near if board.zones[n].free_ordinary() > 0 and
                not (state.in_play and state.forbidden_action(n, action.kind))]

    def movable(index: int) -> bool:
        return (not gerrymander or board.zones[index].gerrymandering_rights() == player) \
            and bool(destinations(index))

    each = action.get("zone") == "each_with_rights"
    sources = [i for i in range(len(board.zones)) if movable(i)]
    for group in ([[i] for i in sources] if each else [sources]):
        for _ in range(count(state, player, action.get("count", 1))):
            found = _target(state, player, action, [i for i in group if movable(i)], whose)
            if found is None:
                break
            source, owner = found
            targets = destinations(source)
            sign = 1 if owner == player else -1
            target = max(targets, key=lambda n: (sign * board.zones[n].count(owner), -n))
            board.remove_voter(source, owner, state.track)
            board.add_voter(target, owner, state.track)
            state.moved_voter(owner, source, target)


def _influence(state: AzadiState, player: int, action: Action) -> None:
    state.influence_with(player, count(state, player, action.get("discount", 0)),
                         bool(action.get("interchangeable", False)),
                         count(state, player, action.get("extra_voters", 0)))


def _add_imperial_voters(state: AzadiState, player: int, action: Action) -> None:
    amount = count(state, player, action.get("count", 1))
    zone = action.get("zone", "one")
    indices = range(len(state.board.zones)) if zone == "each" else \
        [state.emptiest_zone()] if state.board.zones else []
    for index in indices:
        for _ in range(amount):
            if state.board.zones[index].free_ordinary() > 0:
                state.add_imperial_voter(index)


def _gain(kind: str) -> Handler:
    def run(state: AzadiState, player: int, action: Action) -> None:
        state.players[player].resources[kind] += count(state, player, action.get("count", 1))
    return run


def _dissent(state: AzadiState, player: int, action: Action) -> None:
    for _ in range(count(state, player, action.get("count", 1))):
        if not state.in_play:
            return
        state.dissent_against(state.in_play[0].zone, free=True)


def _open_zone(state: AzadiState, player: int, action: Action) -> None:
    state.open_zone()


def _answer_ideology_card(state: AzadiState, player: int, action: Action) -> None:
    state.extra_ideology += count(state, player, action.get("count", 1))


def _use_resistance_cards(state: AzadiState, player: int, action: Action) -> None:
    if action.get("ignore_eligibility", False):
        state.resistance_free += count(state, player, action.get("count", 1))


HANDLERS: dict[str, Handler] = {
    "gain_resources": _gain_resources, "discard_resources": _discard_resources,
    "take_resources": _take_resources, "donate_resources": _donate_resources,
    "place_voters": _place_voters, "evict_voters": _remove_voters,
    "discard_voters": _remove_voters, "convert_voters": _remove_voters,
    "move_voters": _move_voters, "gerrymander": _move_voters,
    "influence_voter_card": _influence, "add_imperial_voters": _add_imperial_voters,
    "gain_legacy": _gain("legacy"), "gain_infamy": _gain("infamy"),
    "dissent": _dissent, "open_zone": _open_zone,
    "answer_ideology_card": _answer_ideology_card,
    "use_resistance_cards": _use_resistance_cards,
}


def run_ability(state: AzadiState, player: int, ability: Ability, target: str = "") -> None:
    """Run ``ability`` for ``player``; ``target`` (one of :func:`target_choices`)
    narrows whose voters its actions pick."""
    state.power_target = target
    try:
        for action in ability.actions:
            HANDLERS[action.kind](state, player, action)
    finally:
        state.power_target = ""


# whose voters an action may pick -> the classes a player can aim it at
AIMS = {"any": ("imperial", "opponent", "own"), "not_own": ("imperial", "opponent"),
        "rebel": ("opponent", "own")}
AIMED = frozenset({"evict_voters", "discard_voters", "convert_voters", "move_voters",
                   "gerrymander"})


def target_choices(ability: Ability) -> tuple[str, ...]:
    """The targets a player may choose for ``ability``: the classes of voters its
    voter actions leave open (``("",)`` when there is nothing to choose)."""
    for action in ability.actions:
        if action.kind in AIMED:
            whose = action.get("whose", "any" if action.kind == "gerrymander" else "own")
            if whose in AIMS:
                return AIMS[whose]
    return ("",)


def supported(effect: Effect) -> bool:
    """Whether this interpreter can run ``effect``."""
    return isinstance(effect, Ability) and all(a.kind in HANDLERS for a in effect.actions)


# the quantities the engine changes for a ``modify`` rule: game-wide (a Mandate's, a
# nation's soul) and in an Order's zone (ruling R35: a rule is applied or reported)
MODIFIED_IN_GAME = frozenset({"voter_card_votes", "open_voter_card_slots",
                              "voter_cards_in_use", "resource_cap", "ideology_card_cost",
                              "voter_card_cost", "dissent_cost", "majority_needed"})
MODIFIED_IN_ZONE = frozenset({"majority_needed"})


def _unapplied(effects: Iterable[Effect], applied: frozenset[str] = frozenset(),
               scope: str | None = None) -> list[str]:
    """The targets of the ``modify`` rules among ``effects`` that the engine does not
    apply: a quantity not in ``applied``, or a scope other than ``scope`` (None: any)."""
    return [e.target for e in effects if isinstance(e, Rule) and e.kind == "modify"
            and (e.target not in applied or scope not in (None, e.scope))]


def _other_effects(model: AzadiContent) -> Iterator[tuple[str, Any, tuple[Effect, ...]]]:
    """Effects whose rules the engine never reads (only powers run from them)."""
    for mandate in model.mandates:
        yield f"Mandate {mandate.rebel_title!r}", mandate.location, mandate.rebel
    for resistance in model.resistance_cards:
        yield f"Resistance card {resistance.title!r}", resistance.location, resistance.effects
    for power in model.maidaan_powers:
        yield f"Maidaan power {power.title!r}", power.location, power.effects
    for ideologue in model.ideologues:
        for level in ideologue.powers:
            yield f"{ideologue.name} power {level.title!r}", ideologue.location, level.effects
    for attack in model.attack_cards:
        yield f"attack card {attack.title!r}", attack.location, attack.effects
    for foundation in model.foundation_cards:
        for side in foundation.sides:
            yield f"Foundation buff of {side.title!r}", foundation.location, side.buff
    for campaign in model.campaigns:
        for tyranny in campaign.tyranny_cards:
            for choice in tyranny.choices:
                yield f"while-active power of {choice.title!r}", tyranny.location, \
                    choice.while_active


def unsupported(model: AzadiContent) -> Iterator[tuple[str, Any]]:
    """(card, location) for every Attack card whose effects this interpreter cannot run,
    and every ``modify`` rule the engine does not apply (ruling R35: a rule a card
    prints changes the game or is reported)."""
    for card in model.attack_cards:
        if not all(supported(e) for e in card.effects):
            yield f"attack card {card.title!r}", card.location
    for mandate in model.mandates:
        for target in _unapplied(mandate.imperial, MODIFIED_IN_GAME):
            yield f"Mandate {mandate.title!r} (modify {target})", mandate.location
    for foundation in model.foundation_cards:
        for side in foundation.sides:
            for target in _unapplied(side.soul, MODIFIED_IN_GAME, "game"):
                yield f"Foundation soul {side.title!r} (modify {target})", foundation.location
    for order in model.imperial_orders:
        for target in _unapplied(order.effects, MODIFIED_IN_ZONE, "zone"):
            yield f"Imperial Order {order.title!r} (modify {target})", order.location
    for name, location, effects in _other_effects(model):
        for target in _unapplied(effects):
            yield f"{name} (modify {target})", location
