"""AZADI bots: uniform random, and a greedy bot that plays for azadi points and
Tyranny tasks (majorities, coalitions, dissent, task actions, voters where they
count), parleying only where no Imperial majority can follow."""

from __future__ import annotations

import random
from typing import Any

from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.engine import (
    Action,
    Answer,
    AzadiState,
    Coalition,
    Contribute,
    Discard,
    DiscardOwn,
    Dissent,
    EndParley,
    EndTurn,
    Influence,
    Parley,
    Place,
    UsePower,
    Vote,
)
from rules_engine.azadi.tyranny import Event, matches
from rules_engine.core.game import RandomBot

TASK_PROBES: dict[type, str] = {DiscardOwn: "voter_discarded", Dissent: "dissent_committed",
                                Coalition: "coalition_formed", Contribute: "monument_contribution"}


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: AzadiState) -> Action:
        actions = state.legal()
        phase = state.phase
        if phase == "setup":
            held = state.players[state.player].resources
            return min(actions, key=lambda a: (held[getattr(a, "kind", "")], repr(a)))
        if phase == "parley":
            safe = [a for a in actions if isinstance(a, Parley) and
                    state.board.zones[a.zone].voters[IMPERIAL] + 3 <
                    state.board.zones[a.zone].majority]
            if safe:
                held = state.players[state.player].resources
                return min(safe, key=lambda a: (held[a.kind], a.zone, a.kind))
            return EndParley()
        if phase == "answer":
            return self._answer(state, actions)
        if phase == "cap":
            held = state.players[state.player].resources
            return max((a for a in actions if isinstance(a, Discard)),
                       key=lambda a: (held[a.kind], a.kind))
        if phase == "vote":
            return Vote(0)
        return self._act(state, actions)

    def _answer(self, state: AzadiState, actions: list[Action]) -> Action:
        assert state.current is not None
        card = state.ideology_cards[state.current]
        levels = state.players[state.player].levels
        best = max((0, 1), key=lambda side: (levels[card.answers[side].ideologue], -side))
        return Answer(best)

    def _task_help(self, state: AzadiState, action: Action) -> bool:
        if state.tyranny is None:
            return False
        name = TASK_PROBES.get(type(action))
        if name is None:
            return False
        owner = state.player if isinstance(action, DiscardOwn) else None
        probe = Event(name, state.player, owner)
        return any(matches(probe, c.task.event, c.task.where.to_dict())
                   for c in state.tyranny.card.choices)

    def _act(self, state: AzadiState, actions: list[Action]) -> Action:
        me = state.players[state.player]
        for action in actions:
            if isinstance(action, Coalition):
                return action
        for action in actions:
            if self._task_help(state, action):
                return action
        powers = [a for a in actions if isinstance(a, UsePower)]
        if powers:            # free and cheap powers first; the Maidaan when Infamy allows
            return min(powers, key=lambda a: (a.source.startswith("maidaan:"), a.source,
                                              a.index))
        places = [a for a in actions if isinstance(a, Place)]
        if places:
            volatile = [a for a in places if a.volatile]
            if volatile and state.tyranny is None and not state.azadi:
                return volatile[0]
            return max(places, key=lambda a: self._place_value(state, a))
        dissents = [a for a in actions if isinstance(a, Dissent)]
        if dissents:
            return dissents[0]
        influences = [a for a in actions if isinstance(a, Influence)]
        if influences:
            return max(influences, key=lambda a: state.voter_cards[
                state.slots[a.slot] or ""].voters)
        if any(isinstance(a, Contribute) for a in actions) and me.resources["legacy"] >= 2:
            return Contribute()
        return EndTurn()

    def _place_value(self, state: AzadiState, action: Place) -> Any:
        zone = state.board.zones[action.zone]
        mine = zone.count(state.player)
        if zone.holder:
            return (-1, 0)
        return (mine + 1 >= zone.majority, mine, -zone.voters[IMPERIAL])


BOTS = ("random", "greedy")


def make_bot(name: str, seed: int) -> object:
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown AZADI bot {name!r}; known: {', '.join(BOTS)}")
