"""What must hold in every AZADI position; used by the fuzz tests and by the
simulated lint (a broken invariant is an error in the engine or the content)."""

from __future__ import annotations

from rules_engine.azadi.engine import AzadiState


def violations(state: AzadiState) -> list[str]:
    """The invariants ``state`` breaks, described; empty when all hold."""
    found = []
    if not state.track.balanced():
        found.append("the points track does not balance")
    for n, player in enumerate(state.players):
        if min(player.resources.values(), default=0) < 0:
            found.append(f"player {n + 1} holds a negative resource")
        if player.to_place < 0 or player.mat_voters < 0 or player.mat_imperial < 0:
            found.append(f"player {n + 1} has a negative voter count")
        if min(player.batches, default=1) <= 0 or sum(player.batches) > player.to_place:
            found.append(f"player {n + 1}'s Voter Cards to place do not add up")
    for n, zone in enumerate(state.board.zones):
        name = f"zone {n + 1} ({zone.tile})"
        if sum(zone.voters.values()) > zone.areas - zone.volatile:
            found.append(f"{name} holds more voters than its areas")
        if sum(zone.volatile_voters.values()) > zone.volatile:
            found.append(f"{name} holds more volatile voters than its volatile areas")
        if min(zone.voters.values(), default=0) < 0:
            found.append(f"{name} has a negative voter count")
        if zone.holder and (sum(zone.count(o) for o in zone.holder) < zone.majority
                            or sum(zone.split) != zone.majority):
            found.append(f"{name} is held without a majority")
    # the cap binds a player in their main phase; a game the turn limit ends stops
    # as the next turn starts, before its player has discarded down to it
    if state.phase == "actions" and not state.finished:
        me = state.players[state.player]
        resources = sum(me.resources.values())    # only resources are discarded to it
        if resources > 0 and resources + me.mat_voters + me.mat_imperial > \
                state.resource_cap():
            found.append(f"player {state.player + 1} holds more than the cap")
    return found
