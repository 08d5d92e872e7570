"""Runs AZADI effects on a game state: the handlers of the verb table
(:mod:`rules_engine.azadi.verbs`). What the engine does not run is reported at
``samizdat validate`` by :mod:`rules_engine.azadi.runnable` (never silently skipped).

Whose voters a power takes, where its effect leaves that open, is the player's
choice (the ``target`` of the UsePower action); the zone and the voter within
that choice are picked by the engine for the acting player (the ones that help
them most: breaking an Imperial majority first; docs/rulings.md R21).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import RESOURCES
from rules_engine.core.effects import Ability, Action, Effect, FrozenMap

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


def _most_held(held: Any, kind: str = "any") -> str | None:
    """The kind to give up: ``kind`` if held, else (``any``) the most plentiful."""
    kinds = [k for k in RESOURCES if held[k] > 0 and kind in ("any", k)]
    return max(kinds, key=lambda k: (held[k], k)) if kinds else None


def gain_resources(state: AzadiState, player: int, action: Action) -> None:
    for kind, amount in action.get("resources", FrozenMap()).items:
        for _ in range(count(state, player, amount)):
            state.receive(player, _least_held(state, player) if kind == "any" else kind)


def discard_resources(state: AzadiState, player: int, action: Action) -> None:
    if action.get("up_to", False):       # "up to": the player discards none
        return
    kind = action.get("kind", "any")
    amount = action.get("count", 1)
    held = state.players[player].resources
    if kind in RESOURCES:
        take = held[kind] if amount == "all" else min(held[kind], count(state, player, amount))
        held[kind] -= take
        return
    left = state.basic_total(player) if amount == "all" else count(state, player, amount)
    for _ in range(left):          # the most plentiful first: the player keeps variety
        chosen = _most_held(held)
        if chosen is None:
            return
        held[chosen] -= 1


def _others(state: AzadiState, player: int) -> list[int]:
    return [p for p in range(len(state.players)) if p != player]


def take_resources(state: AzadiState, player: int, action: Action) -> None:
    others = _others(state, player)
    if not others:
        return
    victims = others if action.get("from") == "each_other_player" else \
        [max(others, key=lambda p: (state.basic_total(p), -p))]
    kind = action.get("kind", "any")
    for victim in victims:
        held = state.players[victim].resources
        for _ in range(count(state, player, action.get("count", 1))):
            chosen = _most_held(held, kind)
            if chosen is None:
                break
            held[chosen] -= 1
            state.receive(player, chosen)


def donate_resources(state: AzadiState, player: int, action: Action) -> None:
    others = _others(state, player)
    if action.get("up_to", False):       # "up to": the player gives none
        return
    if not others:
        return
    held = state.players[player].resources
    receivers = others if action.get("to") == "each_other_player" else \
        [min(others, key=lambda p: (state.basic_total(p), p))]
    kind = action.get("kind", "any")
    for receiver in receivers:
        for _ in range(count(state, player, action.get("count", 1))):
            chosen = _most_held(held, kind)
            if chosen is None:
                return
            held[chosen] -= 1
            state.receive(receiver, chosen)


def trade_resources(state: AzadiState, player: int, action: Action) -> None:
    """Give ``give`` resources (the most plentiful first) for ``get`` of ``kind``: to
    and from the reserve, or with the other player who holds most of what is wanted
    (ruling R41). Nothing happens unless the player can give them all; the rules in
    force charge their trade permit, as on a negotiated trade."""
    give = count(state, player, action.get("give", 1))
    get = count(state, player, action.get("get", 1))
    kind = str(action.get("kind", "any"))
    if state.basic_total(player) < give or not state.can_levy_for("trade", player):
        return
    held = state.players[player].resources
    partner = -1
    if action.get("with", "another_player") != "reserve":
        others = _others(state, player)
        if not others:
            return
        partner = max(others, key=lambda p: (
            state.basic_total(p) if kind == "any" else state.players[p].resources[kind], -p))
    state.pay_levy_for("trade", player)
    for _ in range(give):
        chosen = _most_held(held)
        if chosen is None:
            break
        held[chosen] -= 1
        if partner >= 0:
            state.players[partner].resources[chosen] += 1
    for _ in range(get):
        wanted = _least_held(state, player) if kind == "any" else kind
        if partner >= 0:
            theirs = state.players[partner].resources
            wanted = _most_held(theirs, kind) or ""
            if not wanted:
                break
            theirs[wanted] -= 1
        held[wanted] += 1
    state.traded_by_power(player, partner)


# -- where a power's voters go or come from -------------------------------------------

def _named_zones(state: AzadiState, player: int, zone: str) -> list[int] | None:
    """The zones a ``zone`` parameter names: the capital, the zone of the card whose
    power runs (``this_zone``), those where the player holds gerrymandering rights;
    None for every zone (any, one, different_zones, each: grouped by the caller)."""
    n = len(state.board.zones)
    if zone == "capital":
        return [0] if n else []
    if zone == "this_zone":
        return [state.power_zone] if 0 <= state.power_zone < n else []
    if zone == "each_with_rights":
        return [i for i in range(n) if state.board.zones[i].gerrymandering_rights() == player]
    return None


def _groups(state: AzadiState, player: int, zone: str) -> list[list[int] | None]:
    """The zone groups an action repeats its count in: one group (None: any zone) or,
    for ``each`` and ``each_with_rights``, every zone on its own."""
    if zone == "each":
        return [[i] for i in range(len(state.board.zones))]
    named = _named_zones(state, player, zone)
    if zone == "each_with_rights":
        return [[i] for i in named or ()]
    return [named]


def _placement_value(state: AzadiState, player: int, index: int, n: int,
                     volatile: bool = False) -> tuple[int, int, int]:
    """How much placing ``n`` voters in zone ``index`` helps ``player``: forming a
    majority first, then where the player is strongest (ruling R21)."""
    zone = state.board.zones[index]
    room = zone.free_volatile() if volatile else zone.free_ordinary()
    forms = player not in zone.holder and zone.count(player) + min(n, room) >= zone.majority
    return (int(forms), zone.count(player), -index)


def _open_for(state: AzadiState, index: int, volatile: bool = False) -> int:
    """Room for a power's voter in zone ``index`` (0 where an Order forbids placing)."""
    zone = state.board.zones[index]
    if state.in_play and state.forbidden_action(index, "place_voters"):
        return 0
    return zone.free_volatile() if volatile else zone.free_ordinary()


def place_voters(state: AzadiState, player: int, action: Action) -> None:
    """``zone: any`` (the default): the voters join those the player places, where
    they like; a named zone: the engine places them at once (ruling R41), as many as
    the zones have room for."""
    zone = str(action.get("zone", "any"))
    total = count(state, player, action.get("count", 1))
    if zone == "any":
        state.players[player].to_place += total
        return
    volatile = zone == "volatile"
    zones = range(len(state.board.zones))
    if zone in ("capital", "this_zone", "each", "each_with_rights"):
        for group in _groups(state, player, zone):
            for index in group or ():
                for _ in range(min(total, _open_for(state, index))):
                    state.place_by_power(player, index)
        return
    per_zone = total if zone == "one" else 1 if volatile else \
        max(1, count(state, player, action.get("per_zone", 1)))
    used: set[int] = set()
    left = total
    while left > 0:
        choices = [i for i in zones if _open_for(state, i, volatile) > 0 and
                   (volatile or i not in used)]
        if not choices:
            return
        index = max(choices, key=lambda i: _placement_value(state, player, i, per_zone,
                                                            volatile))
        used.add(index)
        for _ in range(min(per_zone, left, _open_for(state, index, volatile))):
            state.place_by_power(player, index, volatile)
            left -= 1
        if zone == "one":
            return


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


def _picks(state: AzadiState, player: int, action: Action, zone: str,
           whose: str = "any") -> Iterator[tuple[int, int]]:
    """(zone, owner) of each voter an action takes, ``count`` of them in each group
    of ``zone``: ``one`` (or ``same_zone``) keeps to the zone of the first,
    ``different_zones`` never takes two from one zone."""
    for group in _groups(state, player, zone):
        allowed = group
        used: set[int] = set()
        for _ in range(count(state, player, action.get("count", 1))):
            pool = allowed if zone != "different_zones" else \
                [i for i in range(len(state.board.zones)) if i not in used]
            found = _target(state, player, action, pool, whose)
            if found is None:
                break
            yield found
            used.add(found[0])
            if zone == "one":
                allowed = [found[0]]


def remove_voters(state: AzadiState, player: int, action: Action) -> None:
    """Evict, discard or convert voters. A converted voter becomes the player's in its
    zone (an own voter converted becomes Imperial)."""
    zone = "one" if action.get("same_zone", False) else str(action.get("zone", "any"))
    event = {"evict_voters": "voter_evicted", "discard_voters": "voter_discarded",
             "convert_voters": "voter_converted"}[action.kind]
    for index, owner in _picks(state, player, action, zone):
        state.remove_voter(index, owner, event)
        if action.kind == "evict_voters":
            if owner != IMPERIAL:
                state.players[owner].mat_voters += 1
            else:                       # onto a mat of the player's choice (R37, R50)
                state.imperial_evicted(player)
        if action.kind == "convert_voters":
            receiver = IMPERIAL if owner == player else player
            state.board.add_voter(index, receiver, state.track)


def move_voters(state: AzadiState, player: int, action: Action) -> None:
    """Move voters to an adjacent zone with a free area. ``whose`` (default: own for
    move_voters, any for gerrymander) and ``majority`` pick the voters as for
    evicting; ``adjacent: false`` lets them go to any zone. A gerrymander moves out of
    zones where the player holds the rights; its ``zone`` narrows them (``capital``,
    ``this_zone``; ``one``: all from one zone; ``different_zones``: each from another;
    ``each``/``each_with_rights``: ``count`` from every such zone). Own voters go where
    their owner is strongest; anyone else's where its owner is weakest."""
    board = state.board
    gerrymander = action.kind == "gerrymander"
    whose = "any" if gerrymander else "own"
    anywhere = not gerrymander and action.get("adjacent", True) is False
    zone = str(action.get("zone", "any")) if gerrymander else "any"

    def destinations(index: int) -> list[int]:
        near = (n for n in range(len(board.zones)) if n != index) if anywhere \
            else board.adjacent[index]
        return [n for n in near if board.zones[n].free_ordinary() > 0 and
                not (state.in_play and state.forbidden_action(n, action.kind))]

    def movable(index: int) -> bool:
        return (not gerrymander or board.zones[index].gerrymandering_rights() == player) \
            and bool(destinations(index))

    for group in _groups(state, player, zone):
        sources = [i for i in (range(len(board.zones)) if group is None else group)]
        used: set[int] = set()
        for _ in range(count(state, player, action.get("count", 1))):
            pool = [i for i in sources if movable(i) and
                    not (zone == "different_zones" and i in used)]
            found = _target(state, player, action, pool, whose)
            if found is None:
                break
            source, owner = found
            used.add(source)
            if zone == "one":
                sources = [source]
            targets = destinations(source)
            sign = 1 if owner == player else -1
            target = max(targets, key=lambda n: (sign * board.zones[n].count(owner), -n))
            board.remove_voter(source, owner, state.track)
            board.add_voter(target, owner, state.track)
            state.moved_voter(owner, source, target)


def influence_voter_card(state: AzadiState, player: int, action: Action) -> None:
    discount = count(state, player, action.get("discount", 0))
    interchangeable = bool(action.get("interchangeable", False))
    extra = count(state, player, action.get("extra_voters", 0))
    if action.get("from", "open") == "deck_top":
        state.influence_deck_top(player, discount, interchangeable, extra)
    else:
        state.influence_with(player, discount, interchangeable, extra)


def add_imperial_voters(state: AzadiState, player: int, action: Action) -> None:
    """Imperial voters where ``zone`` says: ``one`` (the default) all in the emptiest
    zone; ``any`` each in the emptiest zone at the time; ``different_zones`` each in
    another zone; a named zone, or ``count`` in each zone of ``each`` and
    ``each_with_rights``."""
    amount = count(state, player, action.get("count", 1))
    zone = str(action.get("zone", "one"))
    board = state.board

    def room(index: int) -> bool:
        return board.zones[index].free_ordinary() > 0

    if zone in ("capital", "this_zone", "each", "each_with_rights"):
        for group in _groups(state, player, zone):
            for index in group or ():
                for _ in range(amount):
                    if room(index):
                        state.add_imperial_voter(index)
        return
    used: set[int] = set()
    chosen = -1
    for _ in range(amount):
        if zone != "one" or chosen < 0:
            choices = [i for i in range(len(board.zones)) if room(i) and
                       not (zone == "different_zones" and i in used)]
            if not choices:
                return
            chosen = max(choices, key=lambda i: (board.zones[i].free_ordinary(), -i))
        if not room(chosen):
            return
        used.add(chosen)
        state.add_imperial_voter(chosen)


def _gain(kind: str) -> Handler:
    def run(state: AzadiState, player: int, action: Action) -> None:
        state.players[player].resources[kind] += count(state, player, action.get("count", 1))
    return run


gain_legacy: Handler = _gain("legacy")
gain_infamy: Handler = _gain("infamy")


def dissent(state: AzadiState, player: int, action: Action) -> None:
    """Dissent against the (first) Order in play, ``count`` times; without ``free``
    each act costs what dissent costs, and stops when the player cannot pay."""
    free = bool(action.get("free", False))
    for _ in range(count(state, player, action.get("count", 1))):
        if not state.in_play:
            return
        if not free and not state.can_pay_dissent(player):
            return
        state.dissent_against(state.in_play[0].zone, free=free, payer=player)


def open_zone(state: AzadiState, player: int, action: Action) -> None:
    """A new zone of one of the sizes named: the player picks which (ruling R50)."""
    state.zone_to_open(player, tuple(int(a) for a in action.get("areas", ())))


def answer_ideology_card(state: AzadiState, player: int, action: Action) -> None:
    state.extra_ideology += count(state, player, action.get("count", 1))


def use_resistance_cards(state: AzadiState, player: int, action: Action) -> None:
    """Resistance cards usable this turn whatever the player's levels (the engine
    runs this verb only with ``ignore_eligibility``; see the verb table)."""
    if action.get("ignore_eligibility", False):
        state.resistance_free += count(state, player, action.get("count", 1))


_DISPATCH: dict[str, Handler] = {}


def dispatch() -> dict[str, Handler]:
    """The handlers of the verb table (:mod:`rules_engine.azadi.verbs`), loaded once."""
    if not _DISPATCH:
        from rules_engine.azadi.verbs import TABLE
        _DISPATCH.update(TABLE.handlers())
    return _DISPATCH


def run_ability(state: AzadiState, player: int, ability: Ability, target: str = "",
                zone: int = -1) -> None:
    """Run ``ability`` for ``player``; ``target`` (one of :func:`target_choices`)
    narrows whose voters its actions pick; ``zone`` is the zone of the card the power
    comes from (-1: none), which ``this_zone`` names."""
    handlers = dispatch()
    state.power_target = target
    state.power_zone = zone
    try:
        for action in ability.actions:
            handlers[action.kind](state, player, action)
    finally:
        state.power_target = ""
        state.power_zone = -1


# whose voters an action may pick -> the classes a player can aim it at
AIMS = {"any": ("imperial", "opponent", "own"), "not_own": ("imperial", "opponent"),
        "rebel": ("opponent", "own")}
AIMED = frozenset({"evict_voters", "discard_voters", "convert_voters", "move_voters",
                   "gerrymander"})      # verbs.PICKS_VOTERS (a test keeps them one list)


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
    handlers = dispatch()
    return isinstance(effect, Ability) and all(a.kind in handlers for a in effect.actions)


# the quantities the engine changes for a ``modify`` rule: game-wide (a Mandate's, a
# nation's soul) and in an Order's zone (ruling R35: a rule is applied or reported)
MODIFIED_IN_GAME = frozenset({"voter_card_votes", "open_voter_card_slots",
                              "voter_cards_in_use", "resource_cap", "ideology_card_cost",
                              "voter_card_cost", "dissent_cost", "majority_needed"})
MODIFIED_IN_ZONE = frozenset({"majority_needed", "voter_card_votes", "dissent_cost"})
