"""AZADI's plug into the simulation runner (the core loop of the engine)."""

from __future__ import annotations

from typing import Any

from rules_engine.azadi.bots import make_bot
from rules_engine.azadi.engine import AzadiGame, AzadiState
from rules_engine.azadi.invariants import violations
from rules_engine.azadi.model import AzadiContent


def setup(seed: int, content: AzadiContent, bots: tuple[str, ...] = ("random",) * 4,
          first_game: bool = False, difficulty: str = "medium", campaign: str = "",
          seat_of_power: bool = False, mandate: str = "", first_tyranny: str = "",
          only_choice: int | None = None, check_order: bool = False
          ) -> tuple[AzadiGame, list[Any], Any]:
    del first_game
    game = AzadiGame(content, len(bots), difficulty, campaign, seat_of_power, mandate,
                     first_tyranny, only_choice, check_order)
    return game, [make_bot(name, seed * 10 + i) for i, name in enumerate(bots)], summarise


def summarise(state: AzadiState) -> tuple[int, int, str, dict[str, int]]:
    """Counters of a finished game: points by reason, Tyranny progress
    (``task:<card>:<choice>`` best progress, ``resolved:<card>:<choice>``), trigger
    loops (``loop:<turn>:<event>``), order conflicts (``order:<turn>|<window>|<sources>|
    <outcome>|<outcome reversed>``) and broken invariants (``broken:<what>``)."""
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
    for problem in violations(state):
        counters[f"broken:{problem}"] = 1
    return 0, state.turn, state.end_reason, counters
