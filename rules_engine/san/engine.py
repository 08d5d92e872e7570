"""SAN's rules as a :class:`~rules_engine.core.game.State`: the whole two-player game.

Decks are multisets: drawing is a chance node over the cards left, except for
cards known to lie on top (a passed Virus card). The Supply is drawn the same way
when the River or the Propaganda tracks are filled. A turn runs in phases:

``play``  play cards one by one (one Mercenary type unless *play all types*),
          resolving each card's effects; choices (destroy, copy, play from
          discard) are pending decisions of the player;
``spend`` spend the icons: corrupt (3 Corruption icons a card), cross the next
          Propaganda card, move the Virus marker one space per Hacking icon;
``buy``   buy River cards one by one with the Revenue played;
then played cards are discarded (Single Use ones boxed), the hand refilled, and
victory checked for the player whose turn ends. Rulings: docs/rulings.md (SAN).

Card effects: the engine names no effect. Each card's printed actions (core
:class:`~rules_engine.core.effects.Ability` objects, parsed by
``rules_engine/san/verbs.py``) run through the handlers of SAN's verb table as the
card is played (:meth:`SanState.take_on`); a pending choice is listed and resolved
by the handler of the verb that queued it (``rules_engine/san/handlers.py``).

Speed: simulations play hundreds of games a second, so what the rules read of a
card (type, icons, costs, parsed effects) is worked out once per content
(:class:`CardRules`, kept in :class:`RulesTables`), legal-action lists reuse
action objects made once instead of allocating new ones, and :class:`SanState`
overrides the base class's generic ``legal``/``apply_action`` with equivalent
ones. Card piles are :class:`~collections.Counter` objects that hold positive
counts only (a count that reaches 0 is removed), and a deck or the Supply lists
its cards in id order, so drawing needs no sorting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from rules_engine.core.cloning import fast_copy
from rules_engine.core.effects import Action as CardAction
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.native import register_frozen
from rules_engine.san.model import MERCENARY_TYPES, Card, SanContent
from rules_engine.san.narration import card_names, effect_name, gains, icon_counts

MOON, STAR = 0, 1
NAMES = ("Moon", "Star")
PORT = -1          # the Virus marker on the Central Port
TRACK_CARDS = 6    # 7 stages, so 6 cards to cross
ICON_TYPES = ("corruption", "propaganda", "hacking")


# -- actions ---------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Draw:
    """Chance: the card that comes off a deck or the Supply."""
    card: str


@dataclass(frozen=True, order=True)
class Coin:
    """Chance: who starts when the crossing costs tie all the way."""
    player: int


@dataclass(frozen=True, order=True)
class Play:
    card: str


@dataclass(frozen=True, order=True)
class Choose:
    """Resolve the pending effect with a card id (or a River slot for copy_river)."""
    target: str


@dataclass(frozen=True, order=True)
class Skip:
    """Decline the pending effect."""


@dataclass(frozen=True, order=True)
class EndPlay:
    pass


@dataclass(frozen=True, order=True)
class Corrupt:
    """Spend 3 Corruption icons: a River slot (``"river:2"``) or a hand card onto a space."""
    source: str
    space: int


@dataclass(frozen=True, order=True)
class Cross:
    pass


@dataclass(frozen=True, order=True)
class Hack:
    pass


@dataclass(frozen=True, order=True)
class EndSpend:
    pass


@dataclass(frozen=True, order=True)
class Buy:
    slot: int


@dataclass(frozen=True, order=True)
class EndBuy:
    pass


Action = Draw | Coin | Play | Choose | Skip | EndPlay | Corrupt | Cross | Hack | EndSpend | Buy | \
    EndBuy

# The actions without fields, made once (equal to any new instance of their class).
SKIP, END_PLAY, CROSS, HACK = Skip(), EndPlay(), Cross(), Hack()
DRAW_CARD = Choose("draw")
"""Take up a pending draw effect (a player may decline it: effects are optional)."""
END_SPEND, END_BUY = EndSpend(), EndBuy()


# -- configuration ---------------------------------------------------------------------

@dataclass(frozen=True)
class SanConfig:
    """Game options: hand sizes (first game / handicap), bonus stages, a turn cap."""

    hand_sizes: tuple[int, int] = (6, 6)
    hand_bonus_stages: tuple[int, ...] = (3, 5)
    corruption_to_win: int = 12
    corruption_spaces: int = 6
    per_space: int = 2
    icons_per_corruption: int = 3
    river_size: int = 6
    max_turns: int = 300


def config_from(content: SanContent, first_game: bool = False,
                handicap: tuple[int, int] | None = None) -> SanConfig:
    p = content.parameters
    base = int(p.get("first_game_hand_size", 7) if first_game else p.get("hand_size", 6))
    hands = handicap or (base, base)
    stages = tuple(s.stage for s in content.propaganda_track if s.hand_bonus) or \
        tuple(p.get("hand_bonus_stages", (3, 5)))
    return SanConfig(hands, stages, int(p.get("corruption_to_win", 12)),
                     int(p.get("corruption_spaces", 6)),
                     int(p.get("cards_per_corruption_space", 2)),
                     int(p.get("corruption_icons_per_card", 3)), int(p.get("river_size", 6)),
                     int(p.get("max_turns", 300)))


# -- what the rules read of the content, worked out once ---------------------------------

@dataclass(frozen=True, slots=True)
class CardRules:
    """One card as the engine reads it, with the action objects that name it."""

    kind: str                          # its type
    mercenary: str | None              # its type if it is a Mercenary, else None
    virus: bool
    icons: tuple[int, int, int]        # Corruption, Propaganda, Hacking icons
    revenue: int
    cost: int                          # 0 when the card has no cost
    crossing_cost: int                 # 0 when the card has no crossing cost
    track_spaces: int                  # a Virus card's spaces (1 when not given)
    effects: tuple[tuple[Any, CardAction], ...]   # (verb handler, action) in printed order
    play: Play
    choose: Choose
    draw: Draw


def card_rules(card: Card) -> CardRules:
    """Work out :class:`CardRules` for ``card``: each action it prints, with the handler
    of its verb in SAN's verb table (a Virus card's are never run)."""
    handlers = _handlers()
    effects = tuple((handlers[action.kind], action)
                    for ability in card.effects for action in ability.actions)
    return CardRules(
        card.type, card.type if card.type in MERCENARY_TYPES else None,
        card.type == "virus", (card.icon("corruption"), card.icon("propaganda"),
                               card.icon("hacking")),
        card.revenue, card.cost or 0, card.crossing_cost or 0, card.track_spaces or 1,
        effects,
        Play(card.id), Choose(card.id), Draw(card.id))


def _handlers() -> dict[str, Any]:
    """The verb table's handlers, by verb (imported here: the handlers use this module)."""
    from rules_engine.san.verbs import VERBS

    return VERBS.handlers()


class RulesTables:
    """Everything a game of one content starts from, shared by all its states.

    Immutable once built, except for caches of action objects that only grow;
    :meth:`__deepcopy__` returns the tables themselves, so cloning a state shares them.
    """

    def __init__(self, content: SanContent) -> None:
        self.cards: dict[str, Card] = {c.id: c for c in content.cards}
        self.rules: dict[str, CardRules] = {cid: card_rules(c) for cid, c in self.cards.items()}
        self.names: dict[str, str] = card_names(content.cards)   # as the replay shows them
        self.handlers: dict[str, Any] = _handlers()
        self.cost: dict[str, int] = {cid: r.cost for cid, r in self.rules.items()}
        supply: Counter[str] = Counter()
        decks: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
        viruses: tuple[list[str], list[str]] = ([], [])
        for card in content.cards:
            if card.deck == "river":
                supply[card.id] += card.copies
            elif card.deck == "starting" and card.corporation:
                decks[_side_of(card.corporation)][card.id] += card.copies
            elif card.deck == "virus" and card.corporation:
                viruses[_side_of(card.corporation)].append(card.id)
        for own in viruses:
            own.sort(key=lambda cid: self.cards[cid].virus_number or 0)
        self.supply: dict[str, int] = _pile_in_order(supply)
        self.decks: tuple[dict[str, int], ...] = tuple(_pile_in_order(d) for d in decks)
        self.viruses: tuple[tuple[str, ...], ...] = tuple(tuple(v) for v in viruses)
        self._slots: dict[tuple[int, int], SlotActions] = {}
        self._hand_rows: dict[tuple[str, int], tuple[Corrupt, ...]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> RulesTables:
        return self

    def slot_actions(self, river_size: int, spaces: int) -> SlotActions:
        """The actions that name a River slot, for this River size and Corruption zone."""
        key = (river_size, spaces)
        found = self._slots.get(key)
        if found is None:
            found = self._slots[key] = SlotActions(river_size, spaces)
        return found

    def hand_corrupt_row(self, card: str, spaces: int) -> tuple[Corrupt, ...]:
        """``Corrupt("hand:<card>", space)`` for every space of the Corruption zone."""
        key = (card, spaces)
        row = self._hand_rows.get(key)
        if row is None:
            row = self._hand_rows[key] = tuple(Corrupt(f"hand:{card}", s)
                                               for s in range(spaces))
        return row


class SlotActions:
    """The action objects that name River slots: buys, copies and corruptions."""

    def __init__(self, river_size: int, spaces: int) -> None:
        self.buy = tuple(Buy(i) for i in range(river_size))
        self.copy_targets = tuple(f"river:{i}" for i in range(river_size))
        self.choose = {t: Choose(t) for t in self.copy_targets}
        self.corrupt = tuple(tuple(Corrupt(f"river:{i}", s) for s in range(spaces))
                             for i in range(river_size))


_TABLES: IdentityCache[SanContent, RulesTables] = IdentityCache(8)


def tables_for(content: SanContent) -> RulesTables:
    """The :class:`RulesTables` of ``content``, built once per content object."""
    return _TABLES.lookup(content, RulesTables)


def _pile_in_order(pile: Counter[str]) -> dict[str, int]:
    """``pile``'s positive counts, in card id order."""
    return {card: n for card, n in sorted(pile.items()) if n > 0}


def _put(pile: Counter[str], card: str) -> None:
    """Add one ``card`` to ``pile``."""
    pile[card] = pile.get(card, 0) + 1


def _take(pile: Counter[str], card: str) -> None:
    """Take one ``card`` out of ``pile``, removing its entry at 0."""
    n = pile.get(card, 0)
    if n > 1:
        pile[card] = n - 1
    elif n == 1:
        pile.pop(card)          # (Counter's own __delitem__ is much slower)
    else:
        raise IllegalAction(f"there is no {card} to take")


# -- state -----------------------------------------------------------------------------

@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Played:
    """A card played this turn, with what it counts as after copies."""

    card: str
    kind: str                   # its type (or the copied one)
    revenue: int
    single_use: bool
    multiplier: int = 0


@mypyc_attr(serializable=True)
@dataclass
class Side:
    """One Corporation's cards and progress."""

    deck: Counter[str] = field(default_factory=Counter)
    deck_top: list[str] = field(default_factory=list)     # known cards on top, last = top
    hand: Counter[str] = field(default_factory=Counter)
    discard: Counter[str] = field(default_factory=Counter)
    boxed: Counter[str] = field(default_factory=Counter)
    track: list[str] = field(default_factory=list)
    banner: int = 0                                         # cards crossed (0..6)
    bonus: int = 0
    corruption: list[int] = field(default_factory=lambda: [0] * 6)
    corrupted: list[str] = field(default_factory=list)
    viruses: list[str] = field(default_factory=list)       # own Virus cards, last = top


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class SanState(State[Action]):
    """A game of SAN in progress."""

    def __init__(self, content: SanContent, config: SanConfig, seed: int) -> None:
        super().__init__(seed)
        tables = tables_for(content)
        self.tables = tables
        self.cards: dict[str, Card] = tables.cards        # shared: read it, never change it
        self._rules = tables.rules
        self._slot = tables.slot_actions(config.river_size, config.corruption_spaces)
        self.config = config
        moon, star = (Side(deck=Counter(tables.decks[p]), viruses=list(tables.viruses[p]),
                           corruption=[0] * config.corruption_spaces) for p in (MOON, STAR))
        self.sides = (moon, star)
        self.supply: Counter[str] = Counter(tables.supply)
        self.river: list[str | None] = [None] * config.river_size
        self.marker: tuple[int, int] = (PORT, 0)     # (owner of the card or PORT, space 1..k)
        self.player = MOON
        self.phase = "setup"
        self.turn = 0
        self.winner: int | None = None
        self.draw_game = False
        self.end_reason = ""
        self.queue: list[tuple[str, int]] = []        # pending draws: (what, for whom / slot)
        self.pending: list[tuple[str, int, Played | None]] = []   # effect choices
        self.played: list[Played] = []
        self.played_virus = False        # a Virus card went to the discard this turn
        self.icons: Counter[str] = Counter()
        self.merc_type: str | None = None
        self.all_types = False
        self.hand_corruption = False
        self.revenue = 0
        self.fired: set[tuple[str, str]] = set()     # (card, verb) run by a card's own play
        self.bought: dict[str, int] = {}     # River cards bought, by id, first bought first
        self.queue = [("river", i) for i in range(config.river_size)]
        self.queue += [("track", p) for _ in range(TRACK_CARDS) for p in (MOON, STAR)]
        self._advance()

    # -- API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.winner is not None or self.draw_game:
            return TERMINAL
        if self.queue or self.phase == "coin":
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        return self.winner is not None or self.draw_game

    def clone(self) -> SanState:
        """A deep copy sharing the content's tables (they never change) and the
        immutable actions; the log and history (append-only lists of immutable items)
        are copied shallowly. Searching bots clone a state for every playout."""
        shared = {id(value): value for value in (self.tables, self.cards, self._rules,
                                                 self._slot)}
        memo: dict[int, Any] = {id(record): list(record)
                                for record in (self.log, self.history)}
        trial: SanState = fast_copy(self, shared, memo)
        return trial

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.5, 0.5] if self.draw_game else [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in (MOON, STAR)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "coin":
            return [(Coin(MOON), 0.5), (Coin(STAR), 0.5)]
        pool = self._pool()
        total = sum(pool.values())
        return [(Draw(card), n / total) for card, n in sorted(pool.items()) if n]

    def sample_chance(self) -> Action:
        """As the base class, without building the outcome list (a hot path).

        The pool lists its cards in id order, the order of :meth:`chance_outcomes`.
        """
        if self.phase == "coin":
            return Coin(MOON) if self.rng.random() < 0.5 else Coin(STAR)
        what, who = self.queue[0]
        pool = self.sides[who].deck if what == "hand" else self.supply
        pick = self.rng.random() * sum(pool.values())
        total = 0
        card = ""
        for card, n in pool.items():
            total += n
            if pick < total:
                return self._rules[card].draw
        return Draw(card)

    def _pool(self) -> Counter[str]:
        """What the next draw of the queue comes from: the Supply or a deck."""
        what, who = self.queue[0]
        return self.sides[who].deck if what == "hand" else self.supply

    def apply_action(self, action: Action) -> None:
        """As the base class (the same checks, history and log), for the hot path."""
        if self.winner is not None or self.draw_game:
            raise IllegalAction("the game is over")
        if not self.queue and self.phase != "coin":
            legal = self._legal_cache
            if legal is None:
                legal = self.legal_actions()
            for allowed in legal:           # bots hand back one of these very objects
                if allowed is action:
                    break
            else:
                if action not in legal:
                    raise IllegalAction(f"{action!r} is not legal now")
        self._legal_cache = None
        try:
            handler = _APPLY[type(action)]
        except KeyError:
            raise IllegalAction(repr(action)) from None
        line = handler(self, action)
        self.history.append(action)
        self.log.append(line)

    def legal_actions(self) -> list[Action]:
        if self.winner is not None or self.draw_game:
            return []
        if self.queue or self.phase == "coin":
            return [a for a, _ in self.chance_outcomes()]
        side = self.sides[self.player]
        actions: list[Action]
        if self.pending:
            kind, _, source = self.pending[0]
            actions = [SKIP]
            actions += [self._choose_action(t)
                        for t in self.tables.handlers[kind].choices(self, source)]
            return actions
        phase = self.phase
        if phase == "play":
            hand = side.hand
            rules = self._rules
            merc_type = self.merc_type
            if self.all_types or merc_type is None:       # (piles hold positive counts only)
                actions = [rules[c].play for c in sorted(hand)]
            else:
                actions = [r.play for c in sorted(hand)
                           if (r := rules[c]).mercenary is None or r.mercenary == merc_type]
            # at least one card played (a Virus card counts), or nothing left to play
            if self.played or self.played_virus or not actions:
                actions.append(END_PLAY)
        elif phase == "spend":
            actions = self._spend_actions(side)
            actions.append(END_SPEND)
        elif phase == "buy":
            cost, revenue, buy = self.tables.cost, self.revenue, self._slot.buy
            actions = [buy[i] for i, c in enumerate(self.river)
                       if c is not None and cost[c] <= revenue]
            actions.append(END_BUY)
        else:
            actions = []
        return actions

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> str:
        """Apply ``action`` with its handler (:meth:`apply_action` does the same, inline)."""
        try:
            handler = _APPLY[type(action)]
        except KeyError:
            raise IllegalAction(repr(action)) from None
        return handler(self, action)

    def _apply_coin(self, action: Coin) -> str:
        self.player = action.player
        self.phase = "start"
        self._advance()
        return f"chance: {NAMES[action.player]} wins the coin toss and starts"

    def _apply_skip(self, action: Skip) -> str:
        name = NAMES[self.player]
        kind = self.pending.pop(0)[0]
        self._advance()
        return f"{name} skips a {effect_name(kind)} effect"

    def _apply_choose(self, action: Choose) -> str:
        return self._resolve_choice(action.target)

    def _apply_play(self, action: Play) -> str:
        card = action.card
        hand = self.sides[self.player].hand
        if hand.get(card) == 1:         # most often; else as _take(hand, card)
            hand.pop(card)
        else:
            _take(hand, card)
        self._play(card)
        if self.queue:          # cards to draw; otherwise there is nothing to advance
            self._advance()
        rules = self._rules[card]
        if rules.virus:
            return (f"{NAMES[self.player]} plays {self.tables.names[card]}, a Virus card: "
                    "it goes to the discard with no effect")
        return f"{NAMES[self.player]} plays {self.tables.names[card]}" + gains(
            rules.icons, rules.revenue)

    def _apply_end_play(self, action: EndPlay) -> str:
        self._finish_play()
        return (f"{NAMES[self.player]} ends play with {icon_counts(self.icons)} and "
                f"{self.revenue} revenue")

    def _apply_corrupt(self, action: Corrupt) -> str:
        return self._corrupt(action)

    def _apply_cross(self, action: Cross) -> str:
        return self._cross()

    def _apply_hack(self, action: Hack) -> str:
        return self._hack()

    def _apply_end_spend(self, action: EndSpend) -> str:
        self.icons.clear()
        self.phase = "buy"
        return f"{NAMES[self.player]} ends spending"

    def _apply_buy(self, action: Buy) -> str:
        return self._buy(action.slot)

    def _apply_end_buy(self, action: EndBuy) -> str:
        return self._end_turn()

    # -- setup and draws ---------------------------------------------------------------

    def _apply_draw(self, action: Draw) -> str:
        card = action.card
        what, who = self.queue[0]
        if what == "hand":                  # the most frequent step of a game
            side = self.sides[who]
            deck = side.deck
            if deck.get(card) == 1:         # most often; else as _take(deck, card)
                deck.pop(card)
            else:
                _take(deck, card)
            queue = self.queue
            queue.pop(0)
            hand = side.hand
            hand[card] = hand.get(card, 0) + 1
            line = f"chance: {NAMES[who]} draws {self.tables.names[card]}"
            if queue:                       # most often, simply another card to draw
                what, who = queue[0]
                if what == "hand":
                    side = self.sides[who]
                    if side.deck and not side.deck_top:
                        return line
        else:
            _take(self.supply, card)
            self.queue.pop(0)
            if what == "river":
                self.river[who] = card
                line = f"chance: {self.tables.names[card]} fills River slot {who + 1}"
            else:
                self.sides[who].track.append(card)
                line = (f"chance: {self.tables.names[card]} goes face down on {NAMES[who]}'s "
                        f"Propaganda track, as its card {len(self.sides[who].track)}")
        self._advance()
        return line

    def _advance(self) -> None:
        """Resolve what needs no decision; move the phase on when its draws are done."""
        queue = self.queue
        while queue:
            what, who = queue[0]
            if what != "hand":          # the River or a Propaganda track
                if not self.supply:
                    queue.clear()
                    self._river_exhausted()
                return
            side = self.sides[who]
            if side.deck_top:
                queue.pop(0)
                _put(side.hand, side.deck_top.pop())
                continue
            if not side.deck:
                if side.discard:        # shuffle the discard into the (empty) deck, in id order
                    dict.update(side.deck, sorted(side.discard.items()))
                    side.discard.clear()
                else:
                    queue.pop(0)    # nothing left to draw
                    continue
            return
        phase = self.phase
        if phase == "setup":
            self._choose_first_player()
        elif phase == "start":
            self._deal_hands()
        elif phase == "dealing":
            self._begin_turn()

    def _choose_first_player(self) -> None:
        moon, star = (self.sides[p].track for p in (MOON, STAR))
        for a, b in zip(moon[:3], star[:3], strict=False):
            ca, cb = self._rules[a].crossing_cost, self._rules[b].crossing_cost
            if ca != cb:
                self.player = MOON if ca > cb else STAR
                self.phase = "start"
                self._advance()
                return
        self.phase = "coin"

    def _deal_hands(self) -> None:
        # the Virus marker starts on the first space of the starting player's Virus 5
        self.marker = (self.player, 1)
        self.phase = "dealing"
        for p in (self.player, 1 - self.player):
            self.queue += [("hand", p)] * self.config.hand_sizes[p]
        self._advance()

    def _begin_turn(self) -> None:
        self.phase = "play"
        self.turn += 1
        self.played = []
        self.played_virus = False
        self.icons.clear()
        self.merc_type = None
        self.all_types = False
        self.hand_corruption = False
        self.revenue = 0
        self.pending = []

    # -- playing -----------------------------------------------------------------------

    def playable(self, card_id: str) -> bool:
        """``card_id`` may be played now (the one-Mercenary-type rule)."""
        kind = self._rules[card_id].mercenary
        if kind is not None:
            return self.all_types or self.merc_type in (None, kind)
        return True

    def _play(self, card_id: str) -> None:
        rules = self._rules[card_id]
        if rules.virus:                 # straight into the discard, with no effect
            _put(self.sides[self.player].discard, card_id)
            self.played_virus = True
            return
        entry = Played(card_id, rules.kind, rules.revenue, False)
        self.played.append(entry)
        self.revenue += rules.revenue
        self.take_on(entry, rules, 0)

    def play_from(self, pile: Counter[str], card_id: str) -> None:
        """Take ``card_id`` out of ``pile`` and play it (its effects apply)."""
        _take(pile, card_id)
        self._play(card_id)

    def move_card(self, source: Counter[str], target: Counter[str], card_id: str) -> None:
        """Move one ``card_id`` from the pile ``source`` to the pile ``target``."""
        _take(source, card_id)
        _put(target, card_id)

    def take_on(self, entry: Played, card: CardRules, depth: int) -> None:
        """Give ``entry`` the type, icons and effects of ``card`` (itself, or a copy).

        Each printed action runs through its verb's handler; a copy (``depth`` 1) tells
        the handler so: copies take on neither a copy effect (copies do not chain) nor
        Single Use, which applies to the card copied, not to the copying card (R12).
        """
        if card.mercenary is not None:
            entry.kind = card.mercenary
            if not self.all_types:
                self.merc_type = card.mercenary
        icons = self.icons
        corruption, propaganda, hacking = card.icons
        icons["corruption"] = icons.get("corruption", 0) + corruption
        icons["propaganda"] = icons.get("propaganda", 0) + propaganda
        icons["hacking"] = icons.get("hacking", 0) + hacking
        copied = depth > 0
        for handler, action in card.effects:
            if not copied:
                self.fired.add((card.play.card, action.kind))
            handler(self, entry, action, copied)

    def copy_allowed(self, card: CardRules) -> bool:
        """Copies take no Virus card, and only cards that could be played now."""
        if card.virus:
            return False
        kind = card.mercenary
        return kind is None or self.all_types or self.merc_type in (None, kind)

    def _choose_action(self, target: str) -> Choose:
        """The Choose action object for ``target`` (made once, reused)."""
        rules = self._rules.get(target)
        if rules is not None:
            return rules.choose
        found = self._slot.choose.get(target)
        if found is not None:
            return found
        return DRAW_CARD if target == DRAW_CARD.target else Choose(target)

    def _resolve_choice(self, target: str) -> str:
        kind, _, source = self.pending.pop(0)
        handler = self.tables.handlers[kind]
        if target not in handler.choices(self, source):
            raise IllegalAction(f"{target} is not a choice for {kind}")
        line: str = handler.resolve(self, target, source)
        self._advance()
        return line

    def _finish_play(self) -> None:
        played = self.played
        if any(entry.multiplier for entry in played):     # (counting only when needed)
            icons = self.icons
            for kind, n in multiplied_icons(played).items():
                icons[kind] = icons.get(kind, 0) + n
        self.pending = []
        self.phase = "spend"

    # -- spending ----------------------------------------------------------------------

    def crossing_cost(self, player: int) -> int | None:
        """What crossing the next card costs ``player`` (None past the last card)."""
        side, other = self.sides[player], self.sides[1 - player]
        space = side.banner
        if space >= len(side.track):
            return None
        base = self._rules[side.track[space]].crossing_cost
        mine = side.corruption[space] if space < len(side.corruption) else 0
        theirs = other.corruption[space] if space < len(other.corruption) else 0
        return max(0, base - mine + theirs)

    def _spend_actions(self, side: Side) -> list[Action]:
        actions: list[Action] = []
        icons, config = self.icons, self.config
        if icons.get("corruption", 0) >= config.icons_per_corruption and \
                len(side.corrupted) < config.corruption_to_win:
            per_space = config.per_space
            spaces = [s for s, n in enumerate(side.corruption) if n < per_space]
            if spaces:
                rows = self._slot.corrupt
                for i, c in enumerate(self.river):
                    if c is not None:
                        row = rows[i]
                        actions += [row[s] for s in spaces]
                if self.hand_corruption:
                    hand = side.hand
                    for c in sorted(hand):
                        if hand[c]:
                            row = self.tables.hand_corrupt_row(c, config.corruption_spaces)
                            actions += [row[s] for s in spaces]
        cost = self.crossing_cost(self.player)
        if cost is not None and icons.get("propaganda", 0) >= cost:
            actions.append(CROSS)
        if icons.get("hacking", 0) >= 1 and self._can_hack():
            actions.append(HACK)
        return actions

    def _corrupt(self, action: Corrupt) -> str:
        side = self.sides[self.player]
        kind, _, ref = action.source.partition(":")
        self.icons["corruption"] -= self.config.icons_per_corruption
        where = "from their hand"
        if kind == "river":
            where = f"from River slot {int(ref) + 1}"
            slot = int(ref)
            card = self.river[slot]
            assert card is not None
            self.river[slot] = None
            self.queue.insert(0, ("river", slot))
        else:
            card = ref
            _take(side.hand, card)
        side.corruption[action.space] += 1
        side.corrupted.append(card)
        self._advance()
        return (f"{NAMES[self.player]} corrupts {self.tables.names[card]} {where} onto "
                f"space {action.space + 1} for {self.config.icons_per_corruption} Corruption")

    def _cross(self) -> str:
        side = self.sides[self.player]
        cost = self.crossing_cost(self.player)
        assert cost is not None
        self.icons["propaganda"] -= cost
        side.banner += 1
        stage = side.banner + 1
        # the crossed card goes back into the Supply (ruling R49), kept in id order
        crossed = side.track[side.banner - 1]
        if crossed in self.supply:
            self.supply[crossed] += 1
        else:
            self.supply[crossed] = 1
            self.supply = Counter(_pile_in_order(self.supply))
        line = (f"{NAMES[self.player]} crosses {self.tables.names[crossed]} for {cost} "
                f"Propaganda to stage {stage}")
        if stage in self.config.hand_bonus_stages:
            side.bonus += 1
            line += " and takes a Hand Bonus token"
        return f"{line}; the card goes back into the Supply"

    def _can_hack(self) -> bool:
        owner, _ = self.marker
        if owner == self.player:
            return True
        return bool(self.sides[1 - self.player].viruses)

    def _hack(self) -> str:
        owner, space = self.marker
        me, them = self.player, 1 - self.player
        self.icons["hacking"] -= 1
        name = NAMES[me]
        if owner == me:
            self.marker = (PORT, 0) if space <= 1 else (me, space - 1)
            return f"{name} moves the Virus marker back to {self._marker_text()}"
        if owner == PORT:
            self.marker = (them, 1)
            return f"{name} moves the Virus marker onto {self._marker_text()}"
        top = self.sides[them].viruses[-1]
        spaces = self._rules[top].track_spaces
        if space < spaces:
            self.marker = (them, space + 1)
            return f"{name} advances the Virus marker to {self._marker_text()}"
        self.sides[them].viruses.pop()
        self.sides[them].deck_top.append(top)
        self.marker = (PORT, 0)
        return (f"{name} advances the Virus marker onto the Central Port: "
                f"{self.tables.names[top]} goes on top of {NAMES[them]}'s deck")

    def _marker_text(self) -> str:
        owner, space = self.marker
        if owner == PORT:
            return "the Central Port"
        top = self.sides[owner].viruses[-1]
        return f"space {space} of {NAMES[owner]}'s {self.tables.names[top]}"

    # -- buying and the end of a turn --------------------------------------------------

    def _buy(self, slot: int) -> str:
        card = self.river[slot]
        assert card is not None
        cost = self._rules[card].cost
        self.revenue -= cost
        self.bought[card] = self.bought.get(card, 0) + 1
        _put(self.sides[self.player].discard, card)
        self.river[slot] = None
        self.queue.insert(0, ("river", slot))
        self._advance()
        return (f"{NAMES[self.player]} buys {self.tables.names[card]} from River slot "
                f"{slot + 1} for {cost}, {self.revenue} revenue left")

    def _end_turn(self) -> str:
        side = self.sides[self.player]
        name = NAMES[self.player]
        discard, boxed = side.discard, side.boxed
        for entry in self.played:
            pile = boxed if entry.single_use else discard
            pile[entry.card] = pile.get(entry.card, 0) + 1
        self.played = []
        won = self._victory(self.player)
        if won:
            self.winner = self.player
            self.end_reason = won
            return f"{name} ends the turn and wins by {won}"
        if self.turn >= self.config.max_turns:
            self.draw_game = True
            self.end_reason = "turn limit"
            return f"{name} ends the turn; the turn limit is reached: draw"
        size = self.config.hand_sizes[self.player] + side.bonus
        need = max(0, size - sum(side.hand.values()))
        self.queue += [("hand", self.player)] * need
        self.player = 1 - self.player
        self.phase = "dealing"
        self._advance()
        return f"{name} ends the turn"

    def _victory(self, player: int) -> str:
        side = self.sides[player]
        if len(side.corrupted) >= self.config.corruption_to_win:
            return "corruption"
        if side.banner >= len(side.track) > 0:
            return "propaganda"
        if not self.sides[1 - player].viruses:
            return "hacking"
        return ""

    def progress(self, player: int) -> tuple[int, int, int]:
        """(cards corrupted, cards crossed, opposing Virus cards passed)."""
        side = self.sides[player]
        passed = 5 - len(self.sides[1 - player].viruses)
        return len(side.corrupted), side.banner, passed

    def _river_exhausted(self) -> None:
        """The River cannot be refilled: furthest in at least two conditions wins."""
        a, b = self.progress(MOON), self.progress(STAR)
        moon_ahead = sum(x > y for x, y in zip(a, b, strict=True))
        star_ahead = sum(y > x for x, y in zip(a, b, strict=True))
        self.end_reason = "River exhausted"
        if moon_ahead >= 2:
            self.winner = MOON
        elif star_ahead >= 2:
            self.winner = STAR
        else:
            self.draw_game = True


# How each kind of action is applied: one dictionary look-up instead of a chain of tests.
_APPLY: dict[type[Any], Callable[[SanState, Any], str]] = {
    Draw: SanState._apply_draw, Coin: SanState._apply_coin, Skip: SanState._apply_skip,
    Choose: SanState._apply_choose, Play: SanState._apply_play,
    EndPlay: SanState._apply_end_play, Corrupt: SanState._apply_corrupt,
    Cross: SanState._apply_cross, Hack: SanState._apply_hack,
    EndSpend: SanState._apply_end_spend, Buy: SanState._apply_buy,
    EndBuy: SanState._apply_end_buy,
}


def multiplied_icons(played: list[Played]) -> dict[str, int]:
    """The icons the multipliers of the cards ``played`` this turn add, by type.

    A card with a Mercenary type (its own or a copied one) gains 1 icon of that type
    per card of that type played, itself included; multipliers stack. An Equipment
    card has no icon type of its own, so its multiplier gains 1 icon of each Mercenary
    type per card of that type played (the rulebook's "respectively"; R39).
    """
    counts: dict[str, int] = {}
    for p in played:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    gained: dict[str, int] = {}
    for p in played:
        if not p.multiplier:
            continue
        kinds = (p.kind,) if p.kind in ICON_TYPES else ICON_TYPES
        for kind in kinds:
            if counts.get(kind, 0):
                gained[kind] = gained.get(kind, 0) + p.multiplier * counts[kind]
    return gained


def _side_of(corporation: str) -> int:
    return MOON if corporation == "moon" else STAR


class SanGame(Game):
    """SAN built from content; options as in the rulebook (first game, handicap)."""

    id = "san"

    def __init__(self, content: SanContent, first_game: bool = False,
                 handicap: tuple[int, int] | None = None) -> None:
        self.content = content
        self.config = config_from(content, first_game, handicap)

    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int) -> SanState:
        return SanState(self.content, self.config, seed)


register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
