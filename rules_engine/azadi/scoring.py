"""The end of AZADI: azadi reached (the transfer of power: Imperial voters and
coalitions gone, Legacy cashed as voters, the Foundation card chosen and voted on with
the Monument contributions), the end once every majority that can form has, and the
returns."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules_engine.azadi import (
    decisions,
    directed,
    events,
    voters,
)
from rules_engine.azadi.board import IMPERIAL, Zone
from rules_engine.azadi.model import IDEOLOGUES, FoundationCard
from rules_engine.azadi.tyranny import Event

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def check_azadi(state: AzadiState) -> None:
    """Azadi reached: the transfer of power. The player whose action gained the last
    point opens a new zone (its size theirs to say); non-majority Imperial voters go,
    those on the mats too, and coalitions collapse; every player, in turn order from
    that one, may cash each Legacy left for a voter where they choose (R20, R50); then
    the Foundation card is chosen and voted on."""
    if state.azadi or not state.track.azadi:
        return
    state.azadi = True
    state.tyranny = None                     # an unfinished Tyranny card is discarded
    decisions.open_zone(state, state.player)
    for zone in state.board.zones:           # transfer of power
        keep = zone.split[zone.holder.index(IMPERIAL)] if zone.holder == (IMPERIAL,) else 0
        zone.voters[IMPERIAL] = min(zone.voters[IMPERIAL], keep)
        if len(zone.holder) == 2:           # coalitions collapse
            zone.holder, zone.split = (), ()
    for index in range(len(state.board.zones)):
        state.board.update_majority(index, state.track)
    for mine in state.players:               # ... and so are those on the mats (R37)
        mine.mat_imperial = 0
    decisions.drop(state, "imperial")        # and those still on their way to one
    count = len(state.players)
    for k in range(count):
        player = (state.player + k) % count
        if state.players[player].resources["legacy"] > 0:
            decisions.add(state, "legacy", player)
    choose_foundation(state)


def choose_foundation(state: AzadiState) -> None:
    """The Foundation card of the two most held ideologies; then the vote (R20)."""
    held: Counter[str] = Counter()
    for mine in state.players:
        held.update(mine.levels)
    dominant, second = _foundation_pair(state, held)
    forced = directed.foundation_choice(state.config)[0]     # a directed game (R55)
    state.foundation = next((f for f in state.content.foundation_cards if f.id == forced),
                            None) if forced else \
        next((f for f in _foundation_deck(state)
              if (f.dominant, f.second) == (dominant, second)), None)
    if state.foundation is None:
        return
    count = len(state.players)
    state.voting = [(state.player + k) % count for k in range(count)]
    state.return_to, state.return_phase = state.player, state.phase
    state.votes = {}
    state.phase = "vote"
    state.player = state.voting[0]


def _foundation_pair(state: AzadiState, held: Counter[str]) -> tuple[str, str]:
    """The dominant and second ideologies. On a tie the player with most Monument
    contributions (then the one who marked last) decides, and picks the pair they
    hold most of; with no contributions, the order Capitalist, Showstopper,
    Idealist, Supremo (ruling R48)."""
    top = max(held[i] for i in IDEOLOGUES)
    firsts = [i for i in IDEOLOGUES if held[i] == top]
    if len(firsts) > 1:
        pairs = [(a, b) for a in firsts for b in firsts if a != b]
    else:
        rest = [i for i in IDEOLOGUES if i != firsts[0]]
        runner_up = max(held[i] for i in rest)
        pairs = [(firsts[0], b) for b in rest if held[b] == runner_up]
    printed = {(f.dominant, f.second) for f in _foundation_deck(state)}
    pairs = [p for p in pairs if p in printed] or _next_printed(firsts, held, printed) \
        or pairs
    decider = _decider(state, list(range(len(state.players))))
    if len(pairs) == 1 or decider is None:
        return pairs[0]
    levels = state.players[decider].levels
    return max(pairs, key=lambda p: (levels[p[0]], levels[p[1]], -pairs.index(p)))


def _foundation_deck(state: AzadiState) -> list[FoundationCard]:
    """The Foundation cards in play: at 2 players only those labelled 2-player
    compatible (ruling R73)."""
    cards = state.content.foundation_cards
    return [f for f in cards if f.two_player] if len(state.players) == 2 else list(cards)


def _next_printed(firsts: list[str], held: Counter[str],
                  printed: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """When no card in play has the dominant and second ideologies (a 2-player game
    leaves cards out, R73): the dominant's card with the most held second ideology
    among the cards in play."""
    found = [(a, b) for a in firsts for b in IDEOLOGUES if (a, b) in printed]
    if not found:
        return []
    most = max(held[b] for _, b in found)
    return [p for p in found if held[p[1]] == most]


def _decider(state: AzadiState, among: list[int]) -> int | None:
    """Who of ``among`` breaks a tie: most Monument contributions, then the one who
    marked a contribution last; None when none of them contributed."""
    weight = Counter(state.contributions)
    most = max((weight[p] for p in among), default=0)
    if most == 0:
        return None
    tied = [p for p in among if weight[p] == most]
    return next((p for p in reversed(state.contributions) if p in tied), tied[0])


def vote(state: AzadiState, side: int) -> str:
    voter = state.voting.pop(0)
    state.votes[voter] = side
    line = f"P{voter + 1} votes for side {side + 1} of {state.foundation.id}"
    if state.voting:
        state.player = state.voting[0]
        return line
    weight = Counter(state.contributions)
    tally = [sum(weight[p] for p, s in state.votes.items() if s == side) for side in (0, 1)]
    forced = directed.foundation_choice(state.config)[1]     # a directed game (R55)
    if forced is not None:
        state.foundation_side = forced
    elif tally[0] != tally[1]:
        state.foundation_side = 0 if tally[0] > tally[1] else 1
    else:                                   # the tie-breaks: most contributions, last marked
        decider = _decider(state, list(state.votes))
        if decider is None:
            decider = next(iter(state.votes), state.return_to)
        state.foundation_side = state.votes.get(decider, 0)
    state.player = state.return_to
    state.phase = state.return_phase
    voters.set_majorities(state)                   # the soul's rules apply at once (R35)
    founded = state.foundation.sides[state.foundation_side].title
    return line + f"; the nation is founded as {founded!r}"


def contribute(state: AzadiState) -> str:
    cost = state.tracker_costs[len(state.contributions)]
    state.players[state.player].resources["legacy"] -= cost
    state.contributions.append(state.player)
    events.emit(state, Event("monument_contribution", state.player))
    return (f"P{state.player + 1} pays {cost} Legacy for contribution "
            f"{len(state.contributions)}")


def _majority_possible(state: AzadiState, zone: Zone) -> bool:
    """Whether a majority can still form in ``zone`` after azadi: none holds it and
    some player's voters there, with every free area filled, would reach it."""
    if zone.holder:
        return False
    free = zone.free_ordinary() + zone.free_volatile()
    return any(zone.count(p) + free >= zone.majority for p in range(len(state.players)))


def check_end(state: AzadiState) -> None:
    """After azadi (ruling R25, R48): the game ends as soon as every zone holds a
    majority, or, while areas are free, when no player can take any zone still
    without one (all possible majorities are formed); when every area is filled
    first, each player has one final turn,
    beginning with this one (the player who filled the last area), and then it
    ends."""
    zones = state.board.zones
    full = all(z.free_ordinary() + z.free_volatile() == 0 for z in zones)
    if all(z.holder for z in zones):
        state.finished, state.end_reason = True, "all majorities formed"
    elif full:
        if state.final_turns is None:      # powers may still form one: the final round
            state.final_turns = len(state.players)
    elif not any(_majority_possible(state, z) for z in zones):
        state.finished, state.end_reason = True, "all possible majorities formed"


def returns(state: AzadiState) -> list[float]:
    if not state.azadi:
        return [0.0] * len(state.players)
    scores = [state.board.majority_voters(p) for p in range(len(state.players))]
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(state.players))]
