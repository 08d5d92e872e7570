"""AZADI bots: uniform random, and a greedy bot that plays for azadi points and
Tyranny tasks.

The greedy bot forms coalitions and majorities, dissents, and parleys only where no
Imperial majority can follow. While a Tyranny card is active it first takes the
action that advances an unfinished task the most: it predicts the events an action
raises (the cost it spends, the voter it moves or places, the majority it forms)
and, for powers, whose effects are open-ended, plays the power on a clone and reads
the task's progress. When no action advances the task it works towards one: it
trades for the resource a spending task wants, trades when the task is trading,
and places voters where they win gerrymandering rights over the voters a moving
task wants moved.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mypy_extensions import mypyc_attr

from rules_engine.azadi import choice_policy, coverage
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.engine import (
    Action,
    Answer,
    AzadiState,
    Coalition,
    Contribute,
    ConvertOwn,
    Discard,
    DiscardOwn,
    Dissent,
    DissentMandate,
    EndParley,
    EndTurn,
    Gerrymander,
    Influence,
    Offer,
    Parley,
    Place,
    PlaceImperial,
    ProposeTrade,
    Reply,
    UsePower,
    Vote,
    WithdrawOffer,
)
from rules_engine.azadi.model import RESOURCES
from rules_engine.azadi.powers import sources
from rules_engine.azadi.tyranny import Event, matches
from rules_engine.azadi.verbs import TABLE
from rules_engine.core.game import RandomBot
from rules_engine.core.search import SEARCH_NAMES

Task = tuple[str, dict[str, Any]]        # (event, where) of an unfinished task

# the events an effect's action can raise (directly; not through listeners), from the
# verb table
RAISES: dict[str, frozenset[str]] = {n: v.raises for n, v in TABLE.verbs.items() if v.raises}


def open_tasks(state: AzadiState) -> list[Task]:
    """The tasks of the active Tyranny card that still count (unfinished, and the
    forced choice only when one is forced)."""
    active = state.tyranny
    if active is None or state.azadi:
        return []
    return [(c.task.event, c.task.where.to_dict()) for n, c in enumerate(active.card.choices)
            if active.progress[n] < c.times and active.only in (None, n)]


def progress(state: AzadiState) -> int:
    """How far the Tyranny tasks have come (a resolved card counts as far as can be)."""
    if state.tyranny is None:
        return 1_000 * len(state.resolved)
    return 1_000 * len(state.resolved) + sum(state.tyranny.progress)


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: AzadiState) -> Action:
        actions = state.legal()
        phase = state.phase
        me = state.current_player()
        if phase == "choice":            # a decision the rules leave to a player (R50)
            return choice_policy.decide(state, actions, isinstance(self, CooperativeBot))
        if phase == "setup":
            held = state.players[me].resources
            return min(actions, key=lambda a: (held[getattr(a, "kind", "")], repr(a)))
        if phase == "parley":
            safe = [a for a in actions if isinstance(a, Parley) and
                    state.board.zones[a.zone].voters[IMPERIAL] + 3 <
                    state.board.zones[a.zone].majority]
            if safe:
                held = state.players[me].resources
                return min(safe, key=lambda a: (held[a.kind], a.zone, a.kind))
            return EndParley()
        if phase == "answer":
            return self._answer(state)
        if phase == "cap":
            held = state.players[me].resources
            return max((a for a in actions if isinstance(a, Discard)),
                       key=lambda a: (held[a.kind], a.kind))
        if phase == "vote":
            return Vote(0)
        if phase == "trade_offer":
            return self._offer(state, actions)
        if phase == "trade_reply":
            offer = state.offer
            return Reply(offer is not None and offer.give_n >= offer.get_n)
        return self._act(state, actions)

    def _answer(self, state: AzadiState) -> Action:
        assert state.current is not None
        card = state.ideology_cards[state.current]
        levels = state.players[state.player].levels
        wanted = self._wanted_kinds(state)
        best = max((0, 1), key=lambda side: (
            sum(int(n) for k, n in card.answers[side].resources.items if k in wanted),
            levels[card.answers[side].ideologue], -side))
        return Answer(best)

    # -- the Tyranny task ---------------------------------------------------------------

    def _wanted_kinds(self, state: AzadiState) -> set[str]:
        """The resources an open spending task wants spent (every kind for ``any``)."""
        found = {str(where["kind"]) for event, where in open_tasks(state)
                 if event == "resources_spent" and "kind" in where}
        return set(RESOURCES) if "any" in found else found

    def _probes(self, state: AzadiState, action: Action) -> Iterator[Event]:
        """The events ``action`` raises, as far as they can be told without playing it."""
        me = state.player
        if isinstance(action, Influence):
            card = state.voter_cards[state.slots[action.slot] or ""]
            for kind, n in card.cost.items:
                yield Event("resources_spent", me, count=int(n), facts=(("kind", kind),))
            yield Event("voter_card_influenced", me)
        elif isinstance(action, Gerrymander):
            yield Event("voter_moved", me, action.owner, facts=(("zone", action.zone),))
        elif isinstance(action, Place):
            yield Event("voter_placed", me, me, facts=(("zone", action.zone),))
            zone = state.board.zones[action.zone]
            if not zone.holder and zone.count(me) + 1 >= zone.majority:
                yield Event("majority_formed", me, me)
        elif isinstance(action, PlaceImperial):
            zone = state.board.zones[action.zone]
            if not zone.holder and zone.count(IMPERIAL) + 1 >= zone.majority:
                yield Event("majority_formed", me, IMPERIAL)
        elif isinstance(action, Coalition):
            yield Event("coalition_formed", me)
            yield Event("majority_formed", me, me)
        elif isinstance(action, Dissent | DissentMandate):
            yield Event("dissent_committed", me)
        elif isinstance(action, DiscardOwn):
            yield Event("voter_discarded", me, me, facts=(("zone", action.zone),))
        elif isinstance(action, ConvertOwn):
            yield Event("voter_converted", me, me, facts=(("zone", action.zone),))
        elif isinstance(action, Contribute):
            yield Event("monument_contribution", me)
        elif isinstance(action, Parley):
            reward = int(state.content.parameters.get("parley_reward", 1))
            yield Event("resources_gained", me, count=reward, facts=(("kind", action.kind),))

    def _advance(self, state: AzadiState, action: Action, tasks: list[Task]) -> int:
        """How much ``action`` advances the open tasks (powers are tried on a clone)."""
        if isinstance(action, UsePower):
            ability = state.ability_of(action)
            if ability is None:
                return 0
            raised = {e for a in ability.actions for e in RAISES.get(a.kind, ())}
            if any(k != "discard_own_voters" for k, _ in ability.cost.items):
                raised.add("resources_spent")
            if not raised & {event for event, _ in tasks}:
                return 0
            trial = state.clone()
            trial.apply_action(action)
            return progress(trial) - progress(state)
        return sum(probe.count for probe in self._probes(state, action)
                   for event, where in tasks if matches(probe, event, where))

    def _pursue(self, state: AzadiState, actions: list[Action]) -> Action | None:
        """The action that advances an open task most, or one that works towards it."""
        tasks = open_tasks(state)
        if not tasks:
            return None
        scored = [(self._advance(state, a, tasks), n, a) for n, a in enumerate(actions)
                  if not isinstance(a, EndTurn | ProposeTrade)]
        best = max(scored, default=None, key=lambda s: (s[0], -s[1]))
        if best is not None and best[0] > 0:
            return best[2]
        return self._towards(state, actions, tasks)

    def _towards(self, state: AzadiState, actions: list[Action], tasks: list[Task]
                 ) -> Action | None:
        """A step towards a task no action completes a part of now."""
        names = {event for event, _ in tasks}
        held = state.players[state.player].resources
        wanted = [k for k in sorted(self._wanted_kinds(state)) if held[k] < 3]
        proposals = [a for a in actions if isinstance(a, ProposeTrade)]
        if proposals and ("trade" in names or wanted):
            holders = [a for a in proposals if not wanted or
                       any(state.players[a.partner].resources[k] for k in wanted)]
            if holders:
                return max(holders, key=lambda a: (
                    sum(state.players[a.partner].resources.values()), -a.partner))
        if "coalition_formed" in names:
            places = [a for a in actions if isinstance(a, Place) and not a.volatile]
            useful = [(self._coalition_value(state, a), a) for a in places]
            useful = [(v, a) for v, a in useful if v > 0]
            if useful:
                return max(useful, key=lambda va: (va[0], -va[1].zone))[1]
        if "voter_moved" in names:
            whose = {str(w.get("whose", "any")) for e, w in tasks if e == "voter_moved"}
            places = [a for a in actions if isinstance(a, Place) and not a.volatile]
            target = [a for a in places if self._rights_value(state, a, whose) > 0]
            if target:
                return max(target, key=lambda a: (self._rights_value(state, a, whose),
                                                  -a.zone))
        return None

    def _coalition_value(self, state: AzadiState, action: Place) -> int:
        """How close a voter placed by ``action`` brings a coalition with the strongest
        other Rebel there (0: no use)."""
        zone = state.board.zones[action.zone]
        me = state.player
        partner = max((zone.count(p) for p in range(len(state.players)) if p != me),
                      default=0)
        if zone.holder or partner == 0 or zone.count(me) + 1 >= zone.majority:
            return 0
        return zone.count(me) + 1 + partner

    def _rights_value(self, state: AzadiState, action: Place, whose: set[str]) -> int:
        """How close a voter placed by ``action`` brings gerrymandering rights over the
        voters a moving task wants moved (0: no use)."""
        zone = state.board.zones[action.zone]
        me = state.player
        movable = zone.voters[IMPERIAL] if "imperial" in whose else 0
        if whose & {"own", "any"}:
            movable += zone.voters[me]
        if movable == 0 or zone.holder == (IMPERIAL,):
            return 0
        rivals = max((zone.count(o) for o in set(zone.voters) | set(zone.volatile_voters)
                      if o != me), default=0)
        return 10 - max(0, rivals + 1 - zone.count(me))

    def _offer(self, state: AzadiState, actions: list[Action]) -> Action:
        """Give what is most plentiful for what an open task wants (or anything else)."""
        held = state.players[state.player].resources
        wanted = self._wanted_kinds(state)
        offers = [a for a in actions if isinstance(a, Offer) and a.give_n <= a.get_n == 1
                  and a.give not in wanted and a.give in RESOURCES]
        if not offers:
            return WithdrawOffer()
        return max(offers, key=lambda a: (a.get in wanted, held[a.give], a.give, a.get))

    # -- everything else ----------------------------------------------------------------

    def _act(self, state: AzadiState, actions: list[Action]) -> Action:
        me = state.players[state.player]
        for action in actions:
            if isinstance(action, Coalition):
                return action
        pursued = self._pursue(state, actions)
        if pursued is not None:
            return pursued
        back = self._imperial_back(state, actions)
        if back is not None:
            return back
        places = [a for a in actions if isinstance(a, Place)]
        if places:
            volatile = [a for a in places if a.volatile]
            if volatile and state.tyranny is None and not state.azadi and \
                    self._safe_to_trigger(state):
                return volatile[0]
            ordinary = [a for a in places if not a.volatile] or places
            return max(ordinary, key=lambda a: self._place_value(state, a))
        influences = [a for a in actions if isinstance(a, Influence)]
        if influences:        # voters win majorities: buy the card worth most of them
            return max(influences, key=lambda a: (state.voter_cards[
                state.slots[a.slot] or ""].voters, -a.slot))
        powers = [a for a in actions if isinstance(a, UsePower)]
        if powers:            # free and cheap powers first; the Maidaan when Infamy allows
            return min(powers, key=lambda a: (a.source.startswith("maidaan:"), a.source,
                                              a.index))
        dissents = [a for a in actions if isinstance(a, Dissent)]
        if dissents:
            return dissents[0]
        if any(isinstance(a, Contribute) for a in actions) and me.resources["legacy"] >= 2:
            return Contribute()
        return EndTurn()

    def _imperial_back(self, state: AzadiState, actions: list[Action]) -> Action | None:
        """An evicted Imperial voter on the mat is left to be discarded at the end of the
        turn (ruling R37), unless it fills the mat to the cap: then it goes back where
        it harms the Rebels least, a zone whose majority a Rebel already holds, else
        the one where the Imperials stay furthest from a majority (never where they
        could come near one, as when parleying)."""
        me = state.players[state.player]
        if sum(me.resources.values()) + me.mat_voters + me.mat_imperial < \
                state.resource_cap():
            return None
        zones = state.board.zones

        def rebel_held(index: int) -> bool:
            return bool(zones[index].holder) and IMPERIAL not in zones[index].holder

        safe = [a for a in actions if isinstance(a, PlaceImperial) and (
            rebel_held(a.zone) or zones[a.zone].voters[IMPERIAL] + 3 < zones[a.zone].majority)]
        if not safe:
            return None
        return max(safe, key=lambda a: (
            rebel_held(a.zone), zones[a.zone].majority - zones[a.zone].voters[IMPERIAL],
            -a.zone))

    def _safe_to_trigger(self, state: AzadiState) -> bool:
        """Trigger a Tyranny card only when its Imperial voters (as many as the most
        any card left in the deck adds) hand the Imperials no majority — unless a
        card is forced to come up first (the linter's games) and has not yet."""
        forced = state.config.first_tyranny
        if forced and not any(card == forced for card, _ in state.resolved):
            return True
        if not state.tyranny_deck:
            return False
        added = max(card.imperial_voters_per_zone for card in state.tyranny_deck)
        return all(zone.holder or zone.voters[IMPERIAL] + min(added, zone.free_ordinary())
                   < zone.majority for zone in state.board.zones)

    def _place_value(self, state: AzadiState, action: Place) -> Any:
        zone = state.board.zones[action.zone]
        mine = zone.count(state.player)
        if zone.holder:
            return (-1, 0)
        return (mine + 1 >= zone.majority, mine, -zone.voters[IMPERIAL])


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class CooperativeBot(GreedyBot):
    """The greedy bot playing for the Rebels' common cause: it never parleys (every
    parley puts Imperial voters on the map), answers Ideology cards so as not to reach
    level 2 of an ideologue whose Attack column still has cards (an attack hits every
    player at level 2 or more of its ideologue), and places its voters where it is
    closest to a majority."""

    def choose(self, state: AzadiState) -> Action:
        if state.phase == "parley":
            return EndParley()
        return super().choose(state)

    def _answer(self, state: AzadiState) -> Action:
        assert state.current is not None
        card = state.ideology_cards[state.current]
        levels = state.players[state.player].levels
        wanted = self._wanted_kinds(state)

        def exposed(side: int) -> bool:
            ideologue = card.answers[side].ideologue
            return levels[ideologue] == 1 and bool(state.attacks[ideologue])

        best = max((0, 1), key=lambda side: (
            not exposed(side),
            sum(int(n) for k, n in card.answers[side].resources.items if k in wanted),
            levels[card.answers[side].ideologue], -side))
        return Answer(best)

    def _place_value(self, state: AzadiState, action: Place) -> Any:
        zone = state.board.zones[action.zone]
        mine = zone.count(state.player)
        if zone.holder:
            return (-1, 0, 0)
        return (mine + 1 >= zone.majority, mine - zone.majority, -zone.voters[IMPERIAL])


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class ExplorerBot(GreedyBot):
    """The lint's coverage bot (ruling R59): plays as the greedy bot, except that in
    its main phase it first uses a power whose use would exercise something this game
    has not yet: an effect never fired, or a Resistance card, Maidaan power or Monument
    used under a law in force it was never used under (``coverage.fire``'s counters).
    Among such powers, the one adding most; the first in order on a tie. It plays for
    coverage, not to win: its games measure what was tried, never the balance. It does
    not pursue Tyranny tasks (a card in play stays longer, its powers beside more). In
    a game set up to start short of azadi (``azadi_in``, for the post-azadi powers) it
    plays as the greedy bot until azadi."""

    def _pursue(self, state: AzadiState, actions: list[Action]) -> Action | None:
        if state.config.azadi_in and not state.azadi:
            return super()._pursue(state, actions)
        return None

    def _act(self, state: AzadiState, actions: list[Action]) -> Action:
        if state.config.azadi_in and not state.azadi:
            return super()._act(state, actions)
        laws = coverage.in_force(state)
        usage = state.usage

        def new(effect: str) -> int:
            """What using ``effect`` now would add: an unfired effect counts as many
            as the pairs it can have, and each pair not yet played under the laws."""
            if not effect:
                return 0
            found = 0 if f"fired:{effect}" in usage else len(laws) + 1
            if effect.startswith(coverage.USED):
                found += sum(1 for law in laws if f"pair:{law}|{effect}" not in usage)
            return found

        best: tuple[int, int] | None = None
        chosen: Action | None = None
        answering = self._answering(state)
        for n, action in enumerate(actions):
            if isinstance(action, UsePower):
                gain = new(coverage.source_effect(state, action.source))
            elif answering:    # an action raising an event a Resistance card answers
                probes = [Event("trade", state.player)] if isinstance(action, ProposeTrade) \
                    else self._probes(state, action)     # a trade, if it is accepted
                gain = sum(new(coverage.source_effect(state, source))
                           for probe in probes
                           for source, where, zone in answering.get(probe.name, ())
                           if matches(probe, probe.name, where, zone))
            else:
                continue
            if gain and (best is None or (-gain, n) < best):
                best, chosen = (-gain, n), action
        return chosen if chosen is not None else super()._act(state, actions)

    def _answering(self, state: AzadiState) -> dict[str, list[tuple[str, Any, int]]]:
        """The Resistance cards on the board the current player would use on an event:
        event name -> (source, where, zone), for those with something new to add."""
        found: dict[str, list[tuple[str, Any, int]]] = {}
        if not state.resistance:
            return found
        for source, effects, _ in sources(state):
            if source.startswith("resistance:"):
                zone = int(source.split(":")[1])
                for name, heard in state.facts.listeners_in(effects).items():
                    for _, _, where in heard:
                        found.setdefault(name, []).append((source, where, zone))
        return found


OWN = ("random", "greedy", "coop", "explore")
BOTS = (*OWN, *SEARCH_NAMES)
BEST = "coop"           # the strongest bot for its cost: what ``--bots best`` plays


def make_bot(name: str, seed: int) -> object:
    from rules_engine.core.search import SearchBot, parse_budget

    if name == "best":
        name = BEST
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "coop":
        return CooperativeBot(seed)
    if name == "explore":
        return ExplorerBot(seed)
    budget = parse_budget(name)
    if budget is None:
        raise ValueError(f"unknown AZADI bot {name!r}; known: {', '.join(BOTS)}")
    from rules_engine.azadi.search import RULES

    return SearchBot(RULES, seed, budget)
