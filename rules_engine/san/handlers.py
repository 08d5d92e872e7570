"""What each SAN verb does in play: the handlers of SAN's verb table.

A handler is called as ``handler(state, entry, action, copied)`` when a card with the
action is played (``copied`` when the action comes from a card copied by a copy
effect, R12): ``entry`` is the played card's :class:`~rules_engine.san.engine.Played`
record. Verbs that ask the player for a choice (draw, destroy, copy, play from the
discard) are :class:`ChoiceHandler` objects: playing the card queues one pending
decision per use, and the same object lists the choices and resolves the one taken.
The engine (``rules_engine/san/engine.py``) knows no verb by name: it dispatches
through :data:`rules_engine.san.verbs.VERBS`.
"""

from __future__ import annotations

from rules_engine.core.effects import Action
from rules_engine.san.engine import NAMES, CardRules, Played, SanState

DRAW_TARGET = "draw"
"""The one choice of a pending draw (take it, or skip)."""


def count_of(action: Action) -> int:
    """How many times an action with a ``count`` applies (1 when it has none)."""
    return int(action.get("count", 1))


def is_single_use(card: CardRules) -> bool:
    """``card`` prints Single Use."""
    return any(handler is single_use for handler, _ in card.effects)


# -- the verbs that need no decision -------------------------------------------------

def single_use(state: SanState, entry: Played, action: Action, copied: bool) -> None:
    """The card goes back in the box at the end of the turn; a copy of a Single Use
    card boxes the card copied, not the copying one (R12)."""
    if not copied:
        entry.single_use = True


def multiplier(state: SanState, entry: Played, action: Action, copied: bool) -> None:
    """Counted when play ends (:func:`rules_engine.san.engine.multiplied_icons`)."""
    entry.multiplier += 1


def play_all_types(state: SanState, entry: Played, action: Action, copied: bool) -> None:
    state.all_types = True


def corrupt_from_hand(state: SanState, entry: Played, action: Action, copied: bool) -> None:
    state.hand_corruption = True


# -- the verbs that ask for a decision -----------------------------------------------

class ChoiceHandler:
    """A verb resolved by the player's choice: one pending decision per use.

    ``copies_run`` says whether the verb also runs when its card is copied (copy
    effects do not chain, R12).
    """

    def __init__(self, verb: str, copies_run: bool = True) -> None:
        self.verb = verb
        self.copies_run = copies_run

    def __call__(self, state: SanState, entry: Played, action: Action, copied: bool) -> None:
        if copied and not self.copies_run:
            return
        state.pending += [(self.verb, 0, entry)] * count_of(action)

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        """The targets the player may choose now (card ids, River slots or ``draw``)."""
        raise NotImplementedError

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        """Carry out the choice of ``target``; the log line."""
        raise NotImplementedError

class DrawHandler(ChoiceHandler):
    """Draw the top card of your deck (one decision per card)."""

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        return [DRAW_TARGET]

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        state.queue.append(("hand", state.player))
        return f"{NAMES[state.player]} draws a card (draw effect)"


class DestroyHandler(ChoiceHandler):
    """Put a card from your hand back in the box."""

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        hand = state.sides[state.player].hand
        return sorted(c for c in hand if hand[c])

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        side = state.sides[state.player]
        state.move_card(side.hand, side.boxed, target)
        return (f"{NAMES[state.player]} destroys {state.tables.names[target]} from their "
                "hand: it goes back in the box")


class CopyPlayedHandler(ChoiceHandler):
    """Take on the type, icons and effects of a card played before this one (R34)."""

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        rules = state.tables.rules
        return sorted({p.card for p in state.played if p is not source
                       and state.copy_allowed(rules[p.card])})

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        assert source is not None
        state.take_on(source, state.tables.rules[target], 1)
        return f"{NAMES[state.player]} copies {state.tables.names[target]}, played this turn"


class CopyRiverHandler(ChoiceHandler):
    """Take on the type, icons and effects of a River card; a Single Use River card
    copied leaves the game and its slot is refilled (R12)."""

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        rules = state.tables.rules
        return [f"river:{i}" for i, c in enumerate(state.river)
                if c is not None and state.copy_allowed(rules[c])]

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        assert source is not None
        slot = int(target.split(":")[1])
        copied = state.river[slot]
        assert copied is not None
        rules = state.tables.rules[copied]
        state.take_on(source, rules, 1)
        line = (f"{NAMES[state.player]} copies {state.tables.names[copied]} in River slot "
                f"{slot + 1}")
        if is_single_use(rules):
            state.sides[state.player].boxed[copied] += 1
            state.river[slot] = None
            state.queue.insert(0, ("river", slot))
            line += " (Single Use: it leaves the game)"
        return line


class PlayFromDiscardHandler(ChoiceHandler):
    """Play a card of your discard pile (the one-Mercenary-type rule still holds)."""

    def choices(self, state: SanState, source: Played | None) -> list[str]:
        discard = state.sides[state.player].discard
        rules = state.tables.rules
        return sorted(c for c in discard if discard[c] and state.playable(c)
                      and not rules[c].virus)

    def resolve(self, state: SanState, target: str, source: Played | None) -> str:
        state.play_from(state.sides[state.player].discard, target)
        return f"{NAMES[state.player]} plays {state.tables.names[target]} from their discard"
