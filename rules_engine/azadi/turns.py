"""AZADI's turn and the phase machine: the Crown moving on, the parley and the
Crown's Imperial Attack, the Ideology card drawn and answered (income, passive income,
levels that strengthen the Attack columns), redraws, the Fuse, the cap, the chance
draws, and the end of a turn."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules_engine.azadi import (
    decisions,
    events,
    influence,
    interpreter,
    law,
    payments,
    powers,
    scoring,
    setup,
)
from rules_engine.azadi.actions import Action, Discard, Draw, Parley
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import IDEOLOGUES, RESOURCE_OF
from rules_engine.azadi.tyranny import Event
from rules_engine.core.effects import Ability

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def parley(state: AzadiState, action: Parley) -> str:
    state.parleyed.add(action.zone)
    state.board.add_voter(action.zone, IMPERIAL, state.track)
    reward = int(state.content.parameters.get("parley_reward", 1))   # the manifest's
    state.receive(state.player, action.kind, reward)
    return (f"P{state.player + 1} parleys: an Imperial voter in zone {action.zone}, "
            f"{reward} {action.kind}")


def redraw(state: AzadiState) -> str:
    cost = law.redraw_cost(state)
    payments.pay_any(state, state.player, cost)
    assert state.current is not None      # the refused card is set aside (R18)
    state.current = None
    line = f"P{state.player + 1} pays {cost} to redraw"
    if fuse_comes_up(state):
        return line + "; the Fuse comes up"
    state.pending.append("ideology")
    return line


def fuse_comes_up(state: AzadiState) -> bool:
    """Before azadi, the Fuse stands after the first ``fuse`` Ideology cards: when it
    is the next thing out of the box, the game ends at once and everyone loses.
    Every draw reaches it, redraws and extra cards included (ruling R18)."""
    if not state.azadi and state.drawn >= state.fuse:
        state.finished, state.end_reason = True, "the Fuse"
        return True
    return False


def discard_to_cap(state: AzadiState, action: Discard) -> str:
    state.players[state.player].resources[action.kind] -= 1
    after_cap(state)
    return f"P{state.player + 1} discards 1 {action.kind} down to the cap"


def most_held(state: AzadiState, player: int) -> str | None:
    """The ideologue ``player`` holds most Ideology cards of (a tie goes to the
    first in the order Capitalist, Showstopper, Idealist, Supremo); None with none."""
    levels = state.players[player].levels
    best = max(IDEOLOGUES, key=lambda i: (levels[i], -IDEOLOGUES.index(i)))
    return best if levels[best] > 0 else None


def add_level(state: AzadiState, player: int, ideologue: str) -> None:
    """``player`` gains an Ideology card of ``ideologue``; reaching level 3 or 5
    (and so unlocking a power) discards the top Attack card of its column, to reveal a
    stronger one (the last card of a column stays)."""
    levels = state.players[player].levels
    levels[ideologue] += 1
    column = state.attacks[ideologue]
    if len(column) > 1 and levels[ideologue] in (3, 5):
        column.pop(0)         # the last, strongest card stays: nothing is under it (R48)


def end_turn_action(state: AzadiState) -> str:
    """End the turn: voters of a card not placed are lost, and so are evicted voters
    still waiting on the mat (their owner had this turn to place them back), the
    player's own and Imperial ones alike (R31, R37)."""
    me = state.players[state.player]
    me.to_place = 0
    me.mat_voters = 0
    me.mat_imperial = 0
    me.batches.clear()
    me.batch_zone = -1
    return end_turn(state)


def draw(state: AzadiState, card: str) -> str:
    what = state.pending.pop(0)
    kind, _, card_id = card.partition(":")
    if what == "ideology":
        state.ideology[card_id] -= 1
        state.drawn += 1
        state.current = card_id
        state.phase = "answer"
        return f"chance: P{state.player + 1} draws ideology card {card_id}"
    if what == "top":
        return influence.influence_top(state, card_id)
    slot = int(what.split(":")[1])
    state.voter_deck[card_id] -= 1
    state.slots[slot] = card_id
    setup.advance(state)
    return f"chance: {card_id} is face up in slot {slot}"


def start_turn(state: AzadiState) -> None:
    state.turn += 1
    if state.turn > state.config.max_turns:
        state.finished, state.end_reason = True, "turn limit"
        return
    state.parleyed = set()
    state.gerrymandered = set()
    state.trades = 0
    state.paid_entry = set()
    state.uses = Counter()
    state.refused = set()
    state.resistance_free = 0    # "this turn": what the last player left unused lapses
    state.extra_ideology = 0
    if state.azadi:              # the Imperial Arms are gone after azadi
        begin_ideology(state)
        return
    state.phase = "parley"
    if state.crown < 0:          # the first player puts the Crown on a column (R50)
        decisions.add(state, "crown", state.player)
        return
    state.crown = (state.crown + 1) % len(IDEOLOGUES)
    powers.timed(state, "start_of_turn")


def attack(state: AzadiState) -> str:
    ideologue = IDEOLOGUES[state.crown]
    column = state.attacks[ideologue]
    line = f"P{state.player + 1} ends the parley"
    if column:
        card = column[0]
        hit = [p for p in range(len(state.players)) if state.players[p].levels[ideologue] >= 2]
        for p in hit:
            for effect in card.effects:
                if isinstance(effect, Ability):
                    interpreter.run_ability(state, p, effect)
        line += f"; the Crown's {ideologue} attack {card.title!r} hits " + (
            ", ".join(f"P{p + 1}" for p in hit) or "nobody")
        scoring.check_azadi(state)
    if not state.finished:
        begin_ideology(state)
    return line


def begin_ideology(state: AzadiState) -> None:
    if fuse_comes_up(state):
        return
    if sum(state.ideology.values()) == 0:
        state.phase = "actions"
        return
    state.phase = "ideology"
    state.pending.append("ideology")


def answer(state: AzadiState, side: int) -> str:
    me = state.players[state.player]
    assert state.current is not None
    answer = state.ideology_cards[state.current].answers[side]
    add_level(state, state.player, answer.ideologue)   # 3 or 5 strengthens the attack
    gained: dict[str, int] = {}
    for kind, n in answer.resources.items:
        gained[kind] = gained.get(kind, 0) + int(n)
    for ideologue in IDEOLOGUES:          # passive income (ruling R18)
        kind = RESOURCE_OF[ideologue]
        gained[kind] = gained.get(kind, 0) + me.levels[ideologue] // 2
    for kind, n in gained.items():
        me.resources[kind] += n
    state.current = None
    events.emit(state, Event("ideology_card_answered", state.player,
                             facts=(("ideologue", answer.ideologue),)))
    for kind, n in gained.items():       # what the answer and the income gave (R72)
        if n > 0:
            events.emit(state, Event("resources_gained", state.player, count=n,
                                     facts=(("kind", kind),)))
    after_cap(state)
    return f"P{state.player + 1} answers for the {answer.ideologue}"


def after_cap(state: AzadiState) -> None:
    me = state.players[state.player]
    resources = sum(me.resources.values())
    held = resources + me.mat_voters + me.mat_imperial
    state.phase = "cap" if held > law.resource_cap(state) and resources > 0 else "actions"


def after_cap_in_actions(state: AzadiState) -> None:
    """Over the cap, discard resources down to it (as in :func:`after_cap`: only
    resources are discarded, so evicted voters alone over it leave nothing to do)."""
    me = state.players[state.player]
    resources = sum(me.resources.values())
    if resources > 0 and resources + me.mat_voters + me.mat_imperial > \
            law.resource_cap(state):
        state.phase = "cap"


def end_turn(state: AzadiState) -> str:
    powers.timed(state, "end_of_turn")
    line = f"P{state.player + 1} ends the turn"
    if state.final_turns is not None:
        state.final_turns -= 1
        if state.final_turns == 0:
            state.finished, state.end_reason = True, "the final round after the map filled"
            return line
    state.player = (state.player + 1) % len(state.players)
    start_turn(state)
    return line


def chance_outcomes(state: AzadiState) -> list[tuple[Action, float]]:
    what = state.pending[0]
    pool = state.ideology if what == "ideology" else state.voter_deck
    prefix = "ideology" if what == "ideology" else "voter"
    total = sum(pool.values())
    return [(Draw(f"{prefix}:{c}"), n / total) for c, n in sorted(pool.items()) if n]


def sample_chance(state: AzadiState) -> Action:
    """The base class's pick (same draw for the same seed), without making an
    action for every card in the pool."""
    what = state.pending[0]
    pool = state.ideology if what == "ideology" else state.voter_deck
    prefix = "ideology" if what == "ideology" else "voter"
    total = sum(pool.values())
    pick = state.rng.random()
    reached = 0.0
    last = ""
    for card, n in sorted(pool.items()):
        if not n:
            continue
        reached += n / total
        last = card
        if pick < reached:
            break
    return Draw(f"{prefix}:{last}")


def after_action(state: AzadiState) -> None:
    """What follows every action: the majority changes no event has reported yet, the
    end checked once azadi is reached, and the cap (any gain past it during the
    actions is discarded at once)."""
    events.majority_events(state)
    if state.azadi and not state.finished and not state.decisions:
        scoring.check_end(state)         # (the transfer of power's decisions come first)
    if state.phase == "actions" and not state.finished:
        after_cap_in_actions(state)
