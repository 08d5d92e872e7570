"""Interaction coverage: which of a campaign's effects a simulated game exercised, and
which pairs of them were in play together.

The effects counted are each Tyranny choice (completed, or its while-active power
used), Resistance card, Imperial Order (put in play), Mandate side (in force),
Foundation side (founded as), Monument power and Maidaan power (used). A pair is a
law in force — a Mandate side, an Order in play or a Tyranny choice's while-active
power — at the moment a Resistance card, a Maidaan power or a Monument power is used.

The engine records ``fired:<effect>`` and ``pair:<law>|<effect>`` in the state's
usage counter as they happen (:func:`fire`); :func:`fired_at_end` adds what a finished
game shows; the simulation's counters hold each once per game. :func:`universe` lists,
for a campaign, every effect and pair there is to exercise, so reports and the lint
say what was never tried. A Monument power is used only after azadi, when no Tyranny
card is in play, so the pairs of a Monument with a Tyranny choice's while-active power
are left out of the universe: no game can play them (ruling R55).

:func:`closeness` says, for a finished game, how near it came to firing each effect
(``near:<effect>``, higher is nearer), so the lint names the closest game for what
never fired.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_engine.native import register_frozen

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState
    from rules_engine.azadi.model import AzadiContent, Campaign

USED = ("resistance:", "maidaan:", "monument:")    # effects used while laws are in force


def source_effect(state: AzadiState, source: str) -> str:
    """The effect a power's source label stands for ("" for one not counted)."""
    if source.startswith("maidaan:"):
        return source
    if source.startswith("resistance:"):
        number = state.resistance.get(int(source.split(":", 1)[1]))
        return "" if number is None else f"resistance:{number}"
    if source == "monument" and state.foundation is not None:
        return f"monument:{state.foundation.monument}"
    if source.startswith("tyranny:") and state.tyranny is not None:
        return f"tyranny:{state.tyranny.card.id}:{source.split(':', 1)[1]}"
    return ""


def in_force(state: AzadiState) -> list[str]:
    """The laws in force now: the Mandate's side, the Orders in play, and the
    while-active powers of the Tyranny card in play."""
    laws = []
    if state.mandate is not None:
        side = "rebel" if state.mandate_flipped else "imperial"
        laws.append(f"mandate:{state.mandate.id}:{side}")
    laws += [f"order:{placed.order.number}" for placed in state.in_play]
    if state.tyranny is not None and not state.azadi:
        card = state.tyranny.card
        laws += [f"tyranny:{card.id}:{n}" for n, choice in enumerate(card.choices)
                 if choice.while_active]
    return laws


def fire(state: AzadiState, effect: str) -> None:
    """Record that ``effect`` fired, and beside what, if it is used under laws."""
    if not effect:
        return
    state.usage[f"fired:{effect}"] += 1
    if effect.startswith(USED):
        for law in in_force(state):
            state.usage[f"pair:{law}|{effect}"] += 1


def fired_at_end(state: AzadiState) -> list[str]:
    """What a finished game shows was exercised: completed Tyranny choices, the
    Mandate's sides in force, the Foundation side founded."""
    found = [f"tyranny:{card}:{choice}" for card, choice in state.resolved]
    if state.mandate is not None:
        if not state.config.mandate_flipped:     # a directed game may start flipped
            found.append(f"mandate:{state.mandate.id}:imperial")
        if state.mandate_flipped:
            found.append(f"mandate:{state.mandate.id}:rebel")
    if state.foundation is not None and state.foundation_side is not None:
        found.append(f"foundation:{state.foundation.id}:{state.foundation_side}")
    return found


@dataclass(frozen=True)
class Universe:
    """Everything a campaign's games could exercise: its effects (``laws`` and
    ``used`` are the two sides of the pairs) and, for the report, where each is."""

    effects: tuple[str, ...]
    laws: tuple[str, ...]
    used: tuple[str, ...]

    @property
    def pairs(self) -> int:
        """How many (law, used) pairs a game can play."""
        return sum(1 for law in self.laws for used in self.used if possible(law, used))


def possible(law: str, used: str) -> bool:
    """Whether a game can use ``used`` while ``law`` is in force: not a Monument (used
    after azadi) with a Tyranny card's while-active power (gone at azadi)."""
    return not (law.startswith("tyranny:") and used.startswith("monument:"))


def universe(content: AzadiContent, campaign: Campaign, seat_of_power: bool) -> Universe:
    """The effects a game of ``campaign`` may exercise (Mandate sides only in a Seat
    of Power game)."""
    tyranny = [f"tyranny:{card.id}:{n}" for card in campaign.tyranny_cards
               for n in range(len(card.choices))]
    active = [f"tyranny:{card.id}:{n}" for card in campaign.tyranny_cards
              for n, choice in enumerate(card.choices) if choice.while_active]
    orders = sorted({card.order for card in campaign.tyranny_cards})
    resistance = sorted({c.resistance for card in campaign.tyranny_cards
                         for c in card.choices})
    mandate = [f"mandate:{campaign.mandate}:{side}" for side in ("imperial", "rebel")] \
        if seat_of_power else []
    foundation = [f"foundation:{f.id}:{side}" for f in content.foundation_cards
                  for side in range(len(f.sides))]
    monuments = sorted({f.monument for f in content.foundation_cards})
    maidaan = [f"maidaan:{p.id}" for p in content.maidaan_powers]
    used = [*(f"resistance:{n}" for n in resistance), *maidaan,
            *(f"monument:{n}" for n in monuments)]
    laws = [*mandate, *(f"order:{n}" for n in orders), *active]
    effects = [*tyranny, *(f"order:{n}" for n in orders), *mandate, *foundation, *used]
    return Universe(tuple(effects), tuple(laws), tuple(used))


def report(universe: Universe, games: int, totals: Any) -> dict[str, Any]:
    """The coverage part of a report from summed per-game counters ``totals``."""
    fired = {e: int(totals.get(f"fired:{e}", 0)) for e in universe.effects}
    covered = sum(1 for law in universe.laws for used in universe.used
                  if possible(law, used) and totals.get(f"pair:{law}|{used}", 0))
    return {"effects": {"total": len(universe.effects),
                        "fired": sum(1 for n in fired.values() if n),
                        "never": [e for e, n in fired.items() if not n]},
            "pairs": {"total": universe.pairs, "covered": covered},
            "games": games, "games_fired": dict(sorted(fired.items()))}


def closeness(state: AzadiState) -> dict[str, int]:
    """How near a finished game came to each effect that can be near without firing
    (``near:<effect>``, higher is nearer; a key only where there was something):

    * a Resistance card: it lay on the board at the end, 1 + the highest level any
      player held in its ideologue (level 3 makes a player eligible to use it);
    * a Tyranny choice: its task's best progress;
    * the Mandate's rebel side: the Infamy taken off it by dissent;
    * a Foundation side: the Rebel Flag's highest point (the Fort is azadi), 100 + that
      when the game founded the other side of the card;
    * a Monument: the contributions marked on the Monument Tracker;
    * a Maidaan power: the most Infamy a player held at the end.
    """
    near: dict[str, int] = {}
    for number in state.resistance.values():
        card = state.resistance_cards.get(number)
        if card is not None:
            near[f"resistance:{number}"] = 1 + max(p.levels[card.ideologue]
                                                   for p in state.players)
    for (card_id, choice), best in state.task_best.items():
        if best:
            near[f"tyranny:{card_id}:{choice}"] = best
    if state.mandate is not None:
        start = int(state.content.parameters.get("order_infamy", 6))
        near[f"mandate:{state.mandate.id}:rebel"] = start - state.mandate_infamy
    flag, highest = state.track.start, state.track.start
    for _, delta in state.track.events:
        flag += delta
        highest = max(highest, flag)
    for foundation in state.content.foundation_cards:
        for side in range(len(foundation.sides)):
            other = state.foundation is foundation and \
                state.foundation_side not in (None, side)
            near[f"foundation:{foundation.id}:{side}"] = highest + (100 if other else 0)
    for monument in state.content.monuments:
        near[f"monument:{monument.number}"] = len(state.contributions)
    infamy = max(p.resources["infamy"] for p in state.players)
    for power in state.content.maidaan_powers:
        near[f"maidaan:{power.id}"] = infamy
    return near


def fired_keys(counters: Iterable[str]) -> set[str]:
    """The effects a game's counters say fired."""
    return {key[6:] for key in counters if key.startswith("fired:")}


def describe(content: AzadiContent, effect: str) -> str:
    """An effect key as a designer names it: "Resistance card 12 'Free Press'"."""
    kind, _, rest = effect.partition(":")
    if kind == "tyranny":
        card_id, _, choice = rest.rpartition(":")
        for campaign in content.campaigns:
            for card in campaign.tyranny_cards:
                if card.id == card_id:
                    return f"Tyranny choice {card.title!r} / {card.choices[int(choice)].title!r}"
    if kind in ("resistance", "order"):
        pool = content.resistance_cards if kind == "resistance" else content.imperial_orders
        found = next((c for c in pool if c.number == int(rest)), None)
        what = "Resistance card" if kind == "resistance" else "Imperial Order"
        return f"{what} {rest} {found.title!r}" if found else f"{what} {rest}"
    if kind == "mandate":
        mandate_id, _, side = rest.rpartition(":")
        found_mandate = next((m for m in content.mandates if m.id == mandate_id), None)
        if found_mandate is not None:
            title = found_mandate.rebel_title if side == "rebel" else found_mandate.title
            return f"Mandate side {title!r}"
    if kind == "foundation":
        card_id, _, side = rest.rpartition(":")
        return f"Foundation {card_id} side {int(side) + 1}"
    if kind == "monument":
        monument = next((m for m in content.monuments if m.number == int(rest)), None)
        return f"Monument {monument.title!r}" if monument else f"Monument {rest}"
    if kind == "maidaan":
        power = next((p for p in content.maidaan_powers if p.id == rest), None)
        return f"Maidaan power {power.title!r}" if power else f"Maidaan power {rest}"
    return effect


register_frozen(__name__)    # compiled frozen dataclasses stay picklable (a Dask task)
