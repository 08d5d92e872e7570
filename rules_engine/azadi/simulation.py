"""AZADI's plug into the simulation runner: the game and bots for a seed, the
counters of a finished game, and AZADI's part of the report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rules_engine.azadi import coverage
from rules_engine.azadi.bots import make_bot
from rules_engine.azadi.engine import AzadiGame, AzadiState
from rules_engine.azadi.invariants import violations
from rules_engine.azadi.model import AzadiContent
from rules_engine.core.simulate import GameRecord


def setup(seed: int, content: AzadiContent, bots: tuple[str, ...] = ("random",) * 4,
          first_game: bool = False, difficulty: str = "medium", campaign: str = "",
          seat_of_power: bool = False, mandate: str = "", first_tyranny: str = "",
          only_choice: int | None = None, check_order: bool = False,
          resistance_start: tuple[int, ...] = (), orders_start: tuple[int, ...] = (),
          azadi_in: int = 0, legacy_start: int = 0, foundation: str = "",
          max_turns: int = 400, levels_start: int = 0, infamy_start: int = 0,
          mandate_flipped: bool = False) -> tuple[AzadiGame, list[Any], Any]:
    """The game of ``seed`` and its bots; ``resistance_start`` to ``foundation`` set
    up a directed game (ruling R55, :mod:`rules_engine.azadi.directed`)."""
    del first_game
    game = AzadiGame(content, len(bots), difficulty, campaign, seat_of_power, mandate,
                     first_tyranny, only_choice, check_order, resistance_start,
                     orders_start, azadi_in, legacy_start, foundation, max_turns,
                     levels_start, infamy_start, mandate_flipped)
    return game, [make_bot(name, seed * 10 + i) for i, name in enumerate(bots)], summarise


def summarise(state: AzadiState) -> tuple[int, int, str, dict[str, int]]:
    """Counters of a finished game: points by reason, Tyranny progress
    (``task:<card>:<choice>`` best progress, ``resolved:<card>:<choice>``), trigger
    loops (``loop:<turn>:<event>``), order conflicts (``order:<turn>|<window>|<sources>|
    <outcome>|<outcome reversed>``), broken invariants (``broken:<what>``), and what
    was used: ``used:maidaan:<id>``, ``used:resistance:<number>``, ``used:order:<number>``
    (an Order overturned); what came up or was offered, once a game:
    ``drawn:tyranny:<card>`` (the card came into play), ``eligible:resistance:<number>``
    and ``eligible:maidaan:<id>`` (a player was offered its use: its action was legal);
    and the interaction coverage (``fired:<effect>``, ``pair:<law>|<effect>``, and how
    near it came to each: ``near:<effect>``; see
    :mod:`rules_engine.azadi.coverage`)."""
    counters = {"azadi": int(state.azadi)}
    for reason, _ in state.track.events:
        counters[f"points:{reason}"] = counters.get(f"points:{reason}", 0) + 1
    for (card, choice), best in sorted(state.task_best.items()):
        counters[f"task:{card}:{choice}"] = best
    for card, choice in state.resolved:
        counters[f"resolved:{card}:{choice}"] = 1
    for turn, event in state.trigger_loops:
        counters[f"loop:{turn}:{event}"] = counters.get(f"loop:{turn}:{event}", 0) + 1
    for turn, window, sources, forward, reverse in state.order_conflicts:
        key = "|".join((f"order:{turn}", window, " then ".join(sources), ", ".join(forward),
                        ", ".join(reverse)))
        counters[key] = 1
    for key, n in sorted(state.usage.items()):
        if key.startswith(("fired:", "pair:", "drawn:", "eligible:")):   # once per game
            counters[key] = 1
        else:
            counters[f"used:{key}"] = n
    for effect in coverage.fired_at_end(state):
        counters[f"fired:{effect}"] = 1
    for effect, n in coverage.closeness(state).items():
        counters[f"near:{effect}"] = n
    for problem in violations(state):
        counters[f"broken:{problem}"] = 1
    return 0, state.turn, state.end_reason, counters


class Report:
    """AZADI's part of a simulation report, folded in one game at a time (see
    :func:`report`)."""

    def __init__(self, content: AzadiContent, campaign: str = "", coverage: bool = False,
                 seat_of_power: bool = False) -> None:
        self.content = content
        self.campaign = campaign
        self.coverage = coverage
        self.seat_of_power = seat_of_power
        self.games = 0
        self.total: Counter[str] = Counter()

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.total.update(record.counters)

    def result(self) -> dict[str, Any]:
        content, total = self.content, self.total
        played = next((c for c in content.campaigns if c.id == self.campaign),
                      content.campaigns[0])
        games = max(1, self.games)

        def share(key: str) -> float:
            return round(total[key] / games, 4)

        unlocked = sorted({c.resistance for card in played.tyranny_cards
                           for c in card.choices})
        enacted = sorted({card.order for card in played.tyranny_cards})
        resistance = {c.number: c for c in content.resistance_cards}
        orders = {o.number: o for o in content.imperial_orders}
        found: dict[str, Any] = {}
        if self.coverage:
            found["coverage"] = coverage.report(
                coverage.universe(content, played, self.seat_of_power), self.games, total)
        return found | {
            "campaign": played.id,
            "azadi_rate": share("azadi"),
            "tyranny_choices_completed": {
                f"{card.title} / {choice.title}": share(f"resolved:{card.id}:{n}")
                for card in played.tyranny_cards for n, choice in enumerate(card.choices)},
            "resistance_cards_used_per_game": {
                f"{n} {resistance[n].title}": share(f"used:resistance:{n}")
                for n in unlocked if n in resistance},
            "orders_overturned_per_game": {
                f"{n} {orders[n].title}": share(f"used:order:{n}")
                for n in enacted if n in orders},
            "maidaan_bought_per_game": {
                m.title: share(f"used:maidaan:{m.id}") for m in content.maidaan_powers},
        }


def report(records: Iterable[GameRecord], content: AzadiContent, campaign: str = ""
           ) -> dict[str, Any]:
    """AZADI's part of a simulation report, for the campaign played: the azadi
    rate; how often each Tyranny choice was completed (share of games); and per
    game, how often each Resistance card it unlocks was used, each Imperial Order
    its cards enact was overturned, and each Maidaan power was bought."""
    folded = Report(content, campaign)
    for record in records:
        folded.add(record)
    return folded.result()
