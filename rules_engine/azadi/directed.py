"""Directed games (ruling R55): a setup that puts chosen content in play at the start,
so that the lint's coverage games (and their replays) exercise what plain games
rarely reach.

Every option stands for a position the rules can reach, set up as if earlier play
had led there:

* ``resistance_start`` — Resistance cards won earlier: for each, a new zone is opened
  (as completing a Tyranny choice opens one) and the card lies in it;
* ``orders_start`` — Imperial Orders enacted earlier, each in a zone with neither an
  Order nor a Resistance card (where a Tyranny card lays its Order);
* ``azadi_in`` — the Rebel Flag starts this many points short of the Fort;
* ``legacy_start`` — every player starts with this much Legacy (as Tyranny tasks pay);
* ``foundation`` — ``"<card id>"`` or ``"<card id>:<side 1|2>"``: at azadi the
  table's held ideologies name this Foundation card, and the vote founds this side;
* ``levels_start`` — every player starts at this level (at least) in every ideologue,
  as if they had answered that many Ideology cards for it (no Attack card is drawn
  for it: the Attack columns are as dealt);
* ``infamy_start`` — every player starts with this much Infamy (as dissent earns it);
* ``mandate_flipped`` — the Mandate starts on its Rebel side, as if the Rebels had
  dissented all its Infamy off (the Flag does not move: it starts where it would).

None of them is in a plain game; :func:`is_directed` says a game is directed, and
reports and replay commands show every option set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import coverage, decisions, voters
from rules_engine.azadi.tyranny import OrderInPlay

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiConfig, AzadiState


def is_directed(config: AzadiConfig) -> bool:
    """Whether any directed option is set."""
    return bool(config.resistance_start or config.orders_start or config.azadi_in
                or config.legacy_start or config.foundation or config.levels_start
                or config.infamy_start or config.mandate_flipped)


def foundation_choice(config: AzadiConfig) -> tuple[str, int | None]:
    """The Foundation card id and the side (0 or 1; None: the vote decides) the
    ``foundation`` option names ("" when it names none)."""
    card, _, side = config.foundation.partition(":")
    return card, (int(side) - 1 if side else None)


def set_up(state: AzadiState) -> None:
    """Put the directed options' content in play: the last step of setting up, after
    every shuffle, so the RNG deals a directed game's decks as a plain one's."""
    config = state.config
    if not is_directed(config):
        return
    for number in config.resistance_start:
        index = state.open_zone()
        if index is None:
            break                                    # no zone tile left to open
        state.resistance[index] = number
    for number in config.orders_start:
        zone = decisions.order_zones(state)[0]
        state.in_play.append(OrderInPlay(state.orders[number], zone,
                                         int(state.content.parameters.get("order_infamy", 6))))
        coverage.fire(state, f"order:{number}")
    if config.azadi_in:
        state.track.flag = max(0, state.track.fort - config.azadi_in)
        state.track.start = state.track.flag
    for mine in state.players:
        mine.resources["legacy"] += config.legacy_start
        mine.resources["infamy"] += config.infamy_start
        for ideologue in state.content.ideologues:
            mine.levels[ideologue.id] = max(mine.levels[ideologue.id], config.levels_start)
    if config.mandate_flipped and state.mandate is not None:
        state.mandate_infamy = 0
        state.mandate_flipped = True
    voters.set_majorities(state)                     # the Orders' rules apply at once


def check(content: object, resistance: tuple[int, ...], orders: tuple[int, ...],
          foundation: str) -> str:
    """Why these directed options name content the game lacks ("" when they do not)."""
    numbers = {c.number for c in getattr(content, "resistance_cards", ())}
    if bad := [n for n in resistance if n not in numbers]:
        return f"no Resistance card {bad[0]}"
    if len(set(resistance)) < len(resistance):
        return "a Resistance card named twice"
    known = {o.number for o in getattr(content, "imperial_orders", ())}
    if bad := [n for n in orders if n not in known]:
        return f"no Imperial Order {bad[0]}"
    if len(set(orders)) < len(orders):
        return "an Imperial Order named twice"
    if foundation:
        card, _, side = foundation.partition(":")
        cards = {f.id for f in getattr(content, "foundation_cards", ())}
        if card not in cards:
            return f"no Foundation card {card!r}; known: {', '.join(sorted(cards))}"
        if side not in ("", "1", "2"):
            return f"side {side!r} of {card}: 1 or 2"
    return ""
