"""SAN bots: uniform random, and one greedy bot per victory path.

A greedy bot plays every card it can (its path's Mercenary type first), spends
icons on its path first, destroys Virus cards when it may, and buys the card
that adds most to its path (then Revenue), so each victory path can be reached.
"""

from __future__ import annotations

import random

from mypy_extensions import mypyc_attr

from rules_engine.core.search import SEARCH_NAMES
from rules_engine.san.engine import (
    Action,
    Buy,
    Choose,
    Corrupt,
    Cross,
    EndBuy,
    EndPlay,
    EndSpend,
    Hack,
    Play,
    SanState,
    Skip,
)
from rules_engine.san.model import Card

PATH_SPEND = {"corruption": Corrupt, "propaganda": Cross, "hacking": Hack}


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class GreedyBot:
    """Pursues one victory path: ``corruption``, ``propaganda`` or ``hacking``."""

    def __init__(self, path: str, seed: int) -> None:
        self.path = path
        self.rng = random.Random(seed)
        self._values: dict[str, float] = {}     # card id -> _value, for the cards below
        self._cards: dict[str, Card] | None = None

    def choose(self, state: SanState) -> Action:
        actions = state.legal()
        if state.pending:
            return self._choose_effect(state, actions)
        if state.phase == "play":
            plays = [a for a in actions if isinstance(a, Play)]
            if plays:
                return max(plays, key=lambda a: self._value(state, a.card))
            return next(a for a in actions if isinstance(a, EndPlay))
        if state.phase == "spend":
            mine = [a for a in actions if isinstance(a, PATH_SPEND[self.path])]
            if mine:
                return mine[0]
            others = [a for a in actions if not isinstance(a, EndSpend)]
            return others[0] if others else EndSpend()
        if state.phase == "buy":
            buys = [a for a in actions if isinstance(a, Buy)]
            if buys:
                best = max(buys, key=lambda a: self._value(state, state.river[a.slot] or ""))
                if self._value(state, state.river[best.slot] or "") > 0:
                    return best
            return EndBuy()
        return actions[0]

    def _value(self, state: SanState, card_id: str) -> float:
        """How much ``card_id`` helps this bot's path (remembered: it depends on the card only)."""
        if state.cards is not self._cards:
            self._cards = state.cards
            self._values = {}
        value = self._values.get(card_id)
        if value is None:
            value = self._values[card_id] = self._card_value(state, card_id)
        return value

    def _card_value(self, state: SanState, card_id: str) -> float:
        if not card_id:
            return 0.0
        card = state.cards[card_id]
        if card.type == "virus":
            return -1.0
        return 3 * card.icon(self.path) + card.revenue + 0.5 * len(card.effects) + \
            sum(card.icon(k) for k in ("corruption", "propaganda", "hacking")) * 0.2

    def _choose_effect(self, state: SanState, actions: list[Action]) -> Action:
        kind = state.pending[0][0]
        chooses = [a for a in actions if isinstance(a, Choose)]
        if kind == "draw":                  # a card drawn is a card more to play
            return chooses[0] if chooses else Skip()
        if kind == "destroy":
            viruses = [a for a in chooses if state.cards[a.target].type == "virus"]
            return viruses[0] if viruses else Skip()
        if not chooses:
            return Skip()
        def worth(a: Choose) -> float:
            target = a.target
            if target.startswith("river:"):
                target = state.river[int(target.split(":")[1])] or ""
            return self._value(state, target)
        return max(chooses, key=worth)


OWN = ("random", "corruption", "propaganda", "hacking")
BOTS = (*OWN, *SEARCH_NAMES)
BEST = "mcts"           # the strongest bot: what ``--bots best`` plays


def make_bot(name: str, seed: int) -> object:
    from rules_engine.core.game import RandomBot
    from rules_engine.core.search import SearchBot, parse_budget

    if name == "best":
        name = BEST
    if name == "random":
        return RandomBot(seed)
    if name in PATH_SPEND:
        return GreedyBot(name, seed)
    budget = parse_budget(name)
    if budget is not None:
        from rules_engine.san.search import RULES

        return SearchBot(RULES, seed, budget)
    raise ValueError(f"unknown SAN bot {name!r}; known: {', '.join(BOTS)}")
