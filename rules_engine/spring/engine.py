"""Spring's rules as a :class:`~rules_engine.core.game.State`, for 2 to 6 players.

A turn has five phases: *draw* (one card, or none when the deck and the discard are
both empty, and the turn goes on; a Motivation card may be discarded to draw two
more), *move* (a die roll, or a discarded card's force), *action* (on a Revolution
space one of four actions; on a country space radicalise, reinforce, exchange,
draw-and-discard, or resist another player's space), *overthrow* (when the card
played this turn completes a country: 2 / 5 / 3 / 1 Victory Tokens) and *end*
(hand limit 5). Four overthrows end the game; every space holding one of
your counters adds 1 VT. A card's printed bonus (``effects``) applies only when the
card is used for its own purpose (R26): a Revolution card's when it radicalises, a
Resistance card's when it resists, a Motivation card's when it is discarded to draw
two; ``move`` alone applies when the card is discarded to move. The card's abilities
(the model's parse of what it prints) are run at each use through the handlers of
Spring's verb table (:mod:`rules_engine.spring.verbs`); extra counters from a
Resistance or Motivation card are placed by their player, one at a time, on spaces
they have radicalised (R43). Rulings: docs/rulings.md (Spring).

Simulations play hundreds of thousands of steps, so the hot paths are kept lean:
what depends on the content alone (card facts, the board, one object for every
action) is worked out once per content (:class:`RulesTables`), the deck is a sorted
list so a draw is one index, ``_apply`` dispatches on the action's type, and
``legal()``/``apply_action()`` are the base class's, inlined.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Any, Final

from mypy_extensions import mypyc_attr

from rules_engine.core.cloning import fast_copy
from rules_engine.core.effects import Action as EffectAction
from rules_engine.core.effects import FrozenMap
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.native import register_frozen
from rules_engine.spring.model import Card, SpringContent
from rules_engine.spring.narration import (
    card_names,
    cards_text,
    counters_text,
    country_names,
    space_names,
)
from rules_engine.spring.verbs import MOTIVATES, MOVES, NEVER, RADICALISES, RESISTS, VERBS

# -- actions ---------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Draw:
    """Chance: the card drawn from the common deck."""
    card: str


@dataclass(frozen=True, order=True)
class Roll:
    """Chance: the die."""
    value: int


@dataclass(frozen=True, order=True)
class Motivate:
    """Discard a Motivation card to draw two cards."""
    card: str


@dataclass(frozen=True, order=True)
class MoveByDie:
    pass


@dataclass(frozen=True, order=True)
class MoveByCard:
    card: str


@dataclass(frozen=True, order=True)
class RollAgain:
    pass


@dataclass(frozen=True, order=True)
class Jump:
    """Move to another Revolution space."""
    space: int


@dataclass(frozen=True, order=True)
class DrawOne:
    pass


@dataclass(frozen=True, order=True)
class AddCounter:
    """Put a counter on a space you radicalised (from a Revolution space, or where you stand)."""
    space: int


@dataclass(frozen=True, order=True)
class Radicalise:
    card: str


@dataclass(frozen=True, order=True)
class Exchange:
    card: str


@dataclass(frozen=True, order=True)
class DrawDiscard:
    pass


@dataclass(frozen=True, order=True)
class Resist:
    cards: tuple[str, ...]


@dataclass(frozen=True, order=True)
class Discard:
    card: str


@dataclass(frozen=True, order=True)
class Pass:
    pass


Action = Draw | Roll | Motivate | MoveByDie | MoveByCard | RollAgain | Jump | DrawOne | \
    AddCounter | Radicalise | Exchange | DrawDiscard | Resist | Discard | Pass


@dataclass(frozen=True)
class SpringConfig:
    players: int = 4
    starting_hand: int = 2
    hand_limit: int = 5
    die_sides: int = 6
    overthrows_to_end: int = 4
    scores: tuple[int, int, int, int] = (2, 5, 3, 1)   # final card, first, second, others
    end_vt_per_space: int = 1
    start_space: int = 1
    max_turns: int = 400
    max_counters: int = 5


@mypyc_attr(serializable=True)
@dataclass
class CardUse:
    """One use of a card (R26): ``when`` is the use (``radicalises``, ``resists``,
    ``motivates`` or ``moves``, see :mod:`rules_engine.spring.verbs`); the handlers of
    the card's printed actions for that use record here what they add to it, and the
    engine then resolves the use by the rules."""

    card: str               # the card whose printed actions are being run
    when: str
    draws: int = 0          # cards its player draws once the use has resolved
    counters: int = 0       # extra counters placed
    steps: int = 0          # spaces added to a move


def printed_actions(content: SpringContent) -> dict[str, dict[str, tuple[EffectAction, ...]]]:
    """use -> card id -> the card's printed actions that apply at that use (cards
    without any are left out). ValueError for an action the verb table cannot run
    (``samizdat validate`` reports those as M405 first)."""
    found: dict[str, dict[str, tuple[EffectAction, ...]]] = {}
    for card in content.cards:
        for ability in card.abilities:
            for action in ability.actions:
                problems = VERBS.unrunnable(action.kind, action.params.to_dict(), (card.type,))
                if problems or not isinstance(ability.when, str) or ability.when == NEVER:
                    why = problems[0][1] if problems else f"{action.kind} never applies"
                    raise ValueError(f"Spring card {card.id}: the engine cannot run "
                                     f"{action.kind}: {why}")
                at = found.setdefault(ability.when, {})
                at[card.id] = (*at.get(card.id, ()), action)
    return found


def config_from(content: SpringContent, players: int) -> SpringConfig:
    p = content.parameters
    scores = p.get("overthrow_scores") or FrozenMap()
    return SpringConfig(
        players, int(p.get("starting_hand", 2)), int(p.get("hand_limit", 5)),
        int(p.get("die_sides", 6)), int(p.get("overthrows_to_end", 4)),
        (int(scores.get("final_card", 2)), int(scores.get("first", 5)),
         int(scores.get("second", 3)), int(scores.get("other", 1))),
        int(p.get("end_vt_per_counter_space", 1)), int(p.get("start_space", 1)),
        int(p.get("max_turns", 400)), int(p.get("max_counters_per_space", 5)))


@mypyc_attr(serializable=True)
@dataclass
class Space:
    number: int
    country: str | None
    card: str | None = None
    owner: int | None = None
    counters: int = 0


@mypyc_attr(serializable=True)
@dataclass
class Player:
    """A seat. ``hand`` (card id -> copies) never keeps a card at count 0 (a played
    card's entry is removed), so ``sorted(hand)`` is the hand's distinct cards. A plain
    dict, as ``discard``: a Counter's writes go through Python-level methods, and a
    compiled engine writes hands at almost every step."""

    position: int
    hand: dict[str, int] = field(default_factory=dict)
    vt: int = 0


# Actions without fields, made once (a game applies thousands of them).
PASS: Final = Pass()
MOVE_BY_DIE: Final = MoveByDie()
ROLL_AGAIN: Final = RollAgain()
DRAW_ONE: Final = DrawOne()
DRAW_DISCARD: Final = DrawDiscard()


class RulesTables:
    """What every state of one content shares: card facts by id, the board's layout,
    one instance of every action a position can offer (so ``legal_actions`` builds no
    dataclass), and memos of results that depend on content alone.

    Built once per content (:func:`tables_for`); treat as read-only. The memos only
    grow, and are cleared when large.
    """

    MEMO_LIMIT = 4096

    def __init__(self, content: SpringContent) -> None:
        self.content = content
        self.cards: dict[str, Card] = {c.id: c for c in content.cards}
        self.country_spaces: dict[str, tuple[int, ...]] = {c.id: tuple(c.spaces)
                                                           for c in content.countries}
        self.deck: tuple[str, ...] = tuple(sorted(c.id for c in content.cards
                                                  for _ in range(c.copies)))
        self.force: dict[str, int] = {c.id: c.force for c in content.cards}
        # Printed effects (R26, R43), by the use they apply at, run through the verb
        # table's handlers.
        self.printed = printed_actions(content)
        self.handlers = VERBS.handlers()
        self.no_actions: dict[str, tuple[EffectAction, ...]] = {}
        self.subtype: dict[str, str | None] = {c.id: c.subtype for c in content.cards}
        self.resistance: frozenset[str] = frozenset(c.id for c in content.cards
                                                    if c.type == "resistance")
        self.draw = {c.id: Draw(c.id) for c in content.cards}
        # as a replay names them (rules_engine/spring/narration.py)
        self.names: dict[str, str] = card_names(content)
        self.countries: dict[str, str] = country_names(content)
        self.places: dict[int, str] = space_names(content)
        self.draw_lines: tuple[dict[str, str], ...] = tuple(   # the log line, for each seat
            {c.id: f"chance: P{seat + 1} draws {self.names[c.id]}" for c in content.cards}
            for seat in range(6))
        self.discard = {c.id: Discard(c.id) for c in content.cards}
        self.motivate = {c.id: Motivate(c.id) for c in content.cards if c.type == "motivation"}
        moving = self.printed.get(MOVES, self.no_actions)   # a move bonus moves >= 1 space
        self.move_by_card = {c: MoveByCard(c) for c, n in self.force.items()
                             if n > 0 or c in moving}
        self.radicalise = {c.id: Radicalise(c.id) for c in content.cards
                           if c.type == "revolution"}
        self.exchange = {c.id: Exchange(c.id) for c in content.cards if c.type == "revolution"}
        self.add_counter = {s.number: AddCounter(s.number) for s in content.spaces}
        revolution = [s.number for s in content.spaces if s.country is None]
        self.jumps: dict[int, tuple[Jump, ...]] = {
            s.number: tuple(Jump(n) for n in revolution if n != s.number)
            for s in content.spaces}
        self.resist_memo: dict[tuple[tuple[str, ...], int], tuple[Resist, ...]] = {}
        self.blocked_memo: dict[frozenset[str], list[bool]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> RulesTables:
        """Shared, not copied: a cloned state keeps the same tables."""
        return self

    def use(self, card: str, when: str, into: CardUse | None = None) -> CardUse:
        """What ``card``'s printed actions for use ``when`` add (added to ``into`` when
        given: several Resistance cards resist at once), each run by its handler."""
        found = into if into is not None else CardUse(card, when)
        found.card = card               # the card whose actions run now
        actions = self.printed.get(when, self.no_actions).get(card)
        if actions is not None:
            handlers = self.handlers
            for action in actions:
                handlers[action.kind](found, action.get("n"))
        return found

    def resists(self, pool: tuple[str, ...], needed: int) -> tuple[Resist, ...]:
        """:class:`Resist` for each set of ``pool`` (sorted Resistance cards in hand)
        whose force reaches ``needed``, in sorted order."""
        key = (pool, needed)
        found = self.resist_memo.get(key)
        if found is None:
            if len(self.resist_memo) >= self.MEMO_LIMIT:
                self.resist_memo.clear()
            found = tuple(Resist(cards) for cards in sufficient_sets(pool, needed, self.force))
            self.resist_memo[key] = found
        return found

    def blocked(self, overthrown: frozenset[str]) -> list[bool]:
        """For each space number (index 0 unused), whether its country is overthrown."""
        found = self.blocked_memo.get(overthrown)
        if found is None:
            if len(self.blocked_memo) >= self.MEMO_LIMIT:
                self.blocked_memo.clear()
            found = [False] + [s.country is not None and s.country in overthrown
                               for s in self.content.spaces]
            self.blocked_memo[overthrown] = found
        return found


_TABLES: IdentityCache[SpringContent, RulesTables] = IdentityCache(8)


def tables_for(content: SpringContent) -> RulesTables:
    """The tables of ``content``, built on first use."""
    return _TABLES.lookup(content, RulesTables)


def sufficient_sets(pool: tuple[str, ...], needed: int,
                    force: dict[str, int]) -> list[tuple[str, ...]]:
    """Every distinct sub-multiset of ``pool`` (sorted card ids) whose total force
    reaches ``needed``, sorted. Cards beyond what is needed are allowed: the rules ask
    for one or more Resistance cards of combined force at least the counters there."""
    found: set[tuple[str, ...]] = set()
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            if sum(force[c] for c in combo) >= needed:
                found.add(combo)
    return sorted(found)


@cache
def _rolls(sides: int) -> tuple[Roll, ...]:
    """``Roll(1) .. Roll(sides)``."""
    return tuple(Roll(v) for v in range(1, sides + 1))


def _take(hand: dict[str, int], card: str) -> None:
    """Remove one copy of ``card`` from ``hand``, dropping its entry at 0."""
    held = hand.get(card, 0)
    if held == 1:
        del hand[card]
    elif held > 1:
        hand[card] = held - 1
    else:
        raise IllegalAction(f"{card} is not in hand")


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class SpringState(State[Action]):
    """A game of Spring in progress.

    The deck is :attr:`draw_pile`, one entry per copy sorted by card id, so a draw
    is an index into it (:attr:`deck` gives it as counts). Content-wide facts live in
    the shared :class:`RulesTables`, so the hot paths — ``current_player``,
    ``legal_actions``, ``sample_chance`` and ``_apply`` — do little more than list
    and dict look-ups. ``cards`` is the tables' (read it, do not change it).
    """

    def __init__(self, content: SpringContent, config: SpringConfig, seed: int) -> None:
        super().__init__(seed)
        if not 2 <= config.players <= 6:
            raise ValueError("Spring is for 2 to 6 players")
        tables = tables_for(content)
        self._tables = tables
        self._rolls = _rolls(config.die_sides)
        self.config = config
        self.cards: dict[str, Card] = tables.cards
        self.spaces = [Space(s.number, s.country) for s in content.spaces]
        self.country_spaces: dict[str, list[int]] = {c: list(numbers) for c, numbers
                                                     in tables.country_spaces.items()}
        self.overthrown: list[str] = []
        self.draw_pile: list[str] = list(tables.deck)
        self.discard: dict[str, int] = {}
        self.removed: Counter[str] = Counter()
        self.players = [Player(config.start_space) for _ in range(config.players)]
        self.player = 0
        self.turn = 0
        self.phase = "deal"
        self.draws: list[int] = [p for _ in range(config.starting_hand)
                                 for p in range(config.players)]
        self.rolling = False
        self.after_draw = ""
        self.played_here: int | None = None     # the space radicalised this turn
        self.counters_due = 0           # bonus counters still to place (R43)
        self.after_counters = ""        # the phase after them: "move" or "end"
        self.finished = False
        self.end_reason = ""
        self._sampled_at = -1           # the pile index of the last card sampled
        self._legal_cache: list[Action] | None = None
        self._advance()

    @property
    def deck(self) -> Counter[str]:
        """The deck as card id -> copies (a snapshot of :attr:`draw_pile`)."""
        return Counter(self.draw_pile)

    # -- API ---------------------------------------------------------------------------

    def clone(self) -> SpringState:
        """A deep copy sharing what every state of the content shares (the tables, the
        card facts, the die's actions); the log and history (append-only lists of
        immutable items) are copied shallowly. Look-ahead and search bots clone a state
        for every move they try."""
        shared = {id(value): value for value in (self._tables, self.cards, self._rolls,
                                                 self.config)}
        memo: dict[int, Any] = {id(record): list(record)
                                for record in (self.log, self.history)}
        trial: SpringState = fast_copy(self, shared, memo)
        return trial

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.rolling or (self.draws and self.draw_pile):
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        return self.finished

    def apply_action(self, action: Action) -> None:
        """As :meth:`State.apply_action`, with the same checks and effects, but inlined
        (this runs at every step of every simulated game) and with legality checked
        by identity first: bots pass back one of the objects ``legal()`` returned, so
        the value comparison of ``in`` is only the fallback.
        tests/test_spring_engine.py checks that both give the same states and errors.
        """
        if self.finished:
            raise IllegalAction("the game is over")
        if not (self.rolling or (self.draws and self.draw_pile)):     # not a chance node
            legal = self._legal_cache
            if legal is None:
                legal = self._legal_cache = self.legal_actions()
            for offered in legal:
                if offered is action:
                    break
            else:
                if action not in legal:
                    raise IllegalAction(f"{action!r} is not legal now")
        self._legal_cache = None
        line = self._apply(action)
        self.history.append(action)
        self.log.append(line)

    def returns(self) -> list[float]:
        best = max(p.vt for p in self.players)
        winners = [i for i, p in enumerate(self.players) if p.vt == best]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(self.players))]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.rolling:
            sides = self.config.die_sides
            return [(roll, 1 / sides) for roll in self._rolls]
        total = len(self.draw_pile)
        draw = self._tables.draw
        return [(draw[c], n / total) for c, n in sorted(Counter(self.draw_pile).items())]

    def sample_chance(self) -> Action:
        """As the base class, without building the outcome list (a hot path).

        The pile is sorted, so the card at ``int(pick)`` is the one whose span of the
        cumulative counts (in card-id order) holds ``pick``.
        """
        if self.rolling:
            sides = self.config.die_sides
            return self._rolls[min(sides, int(self.rng.random() * sides) + 1) - 1]
        pile = self.draw_pile
        if not pile:
            raise RuntimeError("no chance event: the deck is empty")
        index = int(self.rng.random() * len(pile))
        if index >= len(pile):          # rounding: random() * n can reach n
            index = len(pile) - 1
        self._sampled_at = index
        return self._tables.draw[pile[index]]

    def legal_actions(self) -> list[Action]:
        if self.finished:
            return []
        if self.rolling or (self.draws and self.draw_pile):
            return [a for a, _ in self.chance_outcomes()]
        tables = self._tables
        phase = self.phase
        me = self.players[self.player]
        out: list[Action]
        if phase == "motivate":         # (each list is in card-id order)
            motivate = tables.motivate
            out = [PASS]
            for c in sorted(me.hand):
                offer = motivate.get(c)
                if offer is not None:
                    out.append(offer)
            return out
        if phase == "move":
            by_card = tables.move_by_card
            out = [MOVE_BY_DIE]
            for c in sorted(me.hand):
                move = by_card.get(c)
                if move is not None:
                    out.append(move)
            return out
        if phase == "action":
            return self._country_actions(me, sorted(me.hand))
        if phase == "revolution":
            out = [PASS, ROLL_AGAIN, DRAW_ONE, *tables.jumps[me.position]]
            out += self._counter_spaces()
            return out
        if phase == "place_counters":
            return self._counter_spaces()
        if phase == "discard_one" or phase == "hand_limit":
            discard = tables.discard
            return [discard[c] for c in sorted(me.hand)]
        return [PASS]

    # -- helpers -------------------------------------------------------------------------

    def _country_types(self, country: str, skip: int | None = None) -> set[str]:
        """The Revolution types on ``country``'s spaces (but space ``skip``)."""
        found = set()
        spaces, subtype = self.spaces, self._tables.subtype
        for n in self.country_spaces[country]:
            card = spaces[n - 1].card
            if card is not None and n != skip:
                found.add(subtype[card] or "")
        return found

    def _country_actions(self, me: Player, hand: list[str]) -> list[Action]:
        """Pass, then what the space ``me`` stands on offers (``hand``: sorted, distinct)."""
        tables = self._tables
        space = self.spaces[me.position - 1]
        assert space.country is not None
        subtype = tables.subtype
        out: list[Action] = [PASS]
        if space.card is None:
            taken = self._country_types(space.country)
            radicalise = tables.radicalise
            for c in hand:
                offer = radicalise.get(c)
                if offer is not None and subtype[c] not in taken:
                    out.append(offer)
        elif space.owner == self.player:
            taken = self._country_types(space.country, skip=space.number)
            out.append(DRAW_DISCARD)
            if space.counters < self.config.max_counters:
                out.append(tables.add_counter[space.number])
            exchange = tables.exchange
            out += [exchange[c] for c in hand if c in exchange and subtype[c] not in taken]
        else:
            resistance = tables.resistance
            pool: list[str] = []
            for c in hand:
                if c in resistance:
                    pool += [c] * me.hand[c]
            out += tables.resists(tuple(pool), space.counters)
        return out

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> str:
        """Apply ``action`` by its type, the most frequent first (compiled, a type test
        and a direct call beat a table of handlers); return the log line."""
        if isinstance(action, Draw):
            return self._apply_draw(action)
        if isinstance(action, Pass):
            return self._apply_pass(action)
        if isinstance(action, MoveByCard):
            return self._apply_move_by_card(action)
        if isinstance(action, Motivate):
            return self._apply_motivate(action)
        if isinstance(action, Discard):
            return self._apply_discard(action)
        if isinstance(action, Radicalise):
            return self._apply_radicalise(action)
        if isinstance(action, Roll):
            return self._apply_roll(action)
        if isinstance(action, MoveByDie):
            return self._apply_roll_die(action)
        if isinstance(action, Jump):
            return self._apply_jump(action)
        if isinstance(action, Resist):
            return self._apply_resist(action)
        if isinstance(action, AddCounter):
            return self._apply_add_counter(action)
        if isinstance(action, Exchange):
            return self._apply_exchange(action)
        if isinstance(action, DrawOne):
            return self._apply_draw_one(action)
        if isinstance(action, DrawDiscard):
            return self._apply_draw_discard(action)
        if isinstance(action, RollAgain):
            return self._apply_roll_die(action)
        raise IllegalAction(repr(action))

    def _apply_draw(self, action: Draw) -> str:
        """The next player due a card takes ``action.card`` from the deck."""
        pile, card = self.draw_pile, action.card
        index = self._sampled_at        # where sample_chance found it, if it did
        self._sampled_at = -1
        if not (0 <= index < len(pile) and pile[index] == card):
            index = bisect_left(pile, card)
            if index == len(pile) or pile[index] != card:
                raise IllegalAction(f"{card} is not in the deck")
        del pile[index]                 # (any copy: the pile stays the same sorted list)
        draws = self.draws
        target = draws.pop(0)
        hand = self.players[target].hand
        hand[card] = hand.get(card, 0) + 1
        if not (draws and pile):        # else _advance() would have nothing to do
            self._advance()
        return self._tables.draw_lines[target][card]

    def _apply_roll(self, action: Roll) -> str:
        self.rolling = False
        return self._move(action.value, f"rolls {action.value}")

    def _apply_motivate(self, action: Motivate) -> str:
        player = self.player
        self._discard_from_hand(self.players[player], action.card)
        use = self._tables.use(action.card, MOTIVATES)
        count = 2 + use.draws                   # 2, plus a draw bonus (R26)
        self.draws += [player] * count
        self.phase = "move"
        note = self._bonus_counters(use.counters, "move")
        self._advance()
        return (f"P{player + 1} discards the Motivation card "
                f"{self._tables.names[action.card]} to draw {count}{note}")

    def _apply_roll_die(self, action: MoveByDie | RollAgain) -> str:
        """MoveByDie and RollAgain: the die is rolled next (a chance node)."""
        self.rolling = True
        self.phase = "moving"
        return f"P{self.player + 1} rolls the die"

    def _apply_move_by_card(self, action: MoveByCard) -> str:
        card = action.card
        self._discard_from_hand(self.players[self.player], card)
        # Its force, plus a move bonus (R26); the printed draw or counter bonus does not apply.
        tables = self._tables
        steps = tables.force[card] + tables.use(card, MOVES).steps
        return self._move(steps, f"discards {tables.names[card]}")

    def _apply_jump(self, action: Jump) -> str:
        player = self.player
        me = self.players[player]
        start, me.position = me.position, action.space
        self._end_actions()
        return (f"P{player + 1} takes the Revolution space's move from space {start} to "
                f"{self._tables.places[action.space]}")

    def _apply_draw_one(self, action: DrawOne) -> str:
        player = self.player
        self.draws.append(player)
        self._end_actions()
        return f"P{player + 1} draws a card"

    def _apply_add_counter(self, action: AddCounter) -> str:
        player = self.player
        self.spaces[action.space - 1].counters += 1
        line = f"P{player + 1} adds a counter on {self._tables.places[action.space]}"
        if self.phase == "place_counters":      # a bonus counter (R43)
            self.counters_due -= 1
            if self.counters_due > 0:
                if self._counter_spaces():
                    return line
                line += f"; no space can take the other {self.counters_due}"
            then = self.after_counters
            self.counters_due, self.after_counters = 0, ""
            if then == "move":
                self.phase = "move"
                return line
        self._end_actions()
        return line

    def _apply_radicalise(self, action: Radicalise) -> str:
        player = self.player
        me = self.players[player]
        space = self.spaces[me.position - 1]
        card = action.card
        _take(me.hand, card)
        use = self._tables.use(card, RADICALISES)
        counters = 1
        line = (f"P{player + 1} radicalises {self._tables.places[space.number]} with "
                f"{self._tables.names[card]}")
        if use.counters:                # R26: more counters on this space, within the cap
            counters = max(1, min(1 + use.counters, self.config.max_counters))
            line += f" ({counters} counters)"
        space.card, space.owner, space.counters = card, player, counters
        self.played_here = space.number
        overthrow = self._overthrow_check(space)
        draw = use.draws
        if draw and not self.finished:  # R26: drawn once the counters are placed
            self.draws += [player] * draw
            line += self._bonus_draw_note(draw)
        self._end_actions()
        return line + overthrow

    def _apply_exchange(self, action: Exchange) -> str:
        player = self.player
        me = self.players[player]
        space = self.spaces[me.position - 1]
        assert space.card is not None
        _take(me.hand, action.card)
        me.hand[space.card] = me.hand.get(space.card, 0) + 1
        old, space.card = space.card, action.card
        self._end_actions()
        names = self._tables.names
        return (f"P{player + 1} exchanges {names[old]} on {self._tables.places[space.number]} "
                f"for {names[action.card]} from their hand")

    def _apply_draw_discard(self, action: DrawDiscard) -> str:
        player = self.player
        self.draws.append(player)
        self.after_draw = "discard_one"
        self._advance()
        return f"P{player + 1} draws a card to discard one"

    def _apply_resist(self, action: Resist) -> str:
        return self._resist(self.players[self.player], action.cards)

    def _apply_discard(self, action: Discard) -> str:
        player = self.player
        self._discard_from_hand(self.players[player], action.card)
        line = f"P{player + 1} discards {self._tables.names[action.card]}"
        if self.phase == "discard_one":
            self._end_actions()
            return line + " (the card drawn to discard one)"
        self._finish_turn_if_done()
        return line + f" (over the hand limit of {self.config.hand_limit})"

    def _apply_pass(self, action: Pass) -> str:
        player = self.player
        if self.phase == "motivate":
            self.phase = "move"
            return f"P{player + 1} passes: no Motivation card"
        where = self._tables.places[self.players[player].position]
        self._end_actions()
        return f"P{player + 1} passes: no action on {where}"

    def _discard_from_hand(self, me: Player, card: str) -> None:
        """Move one ``card`` from ``me``'s hand to the discard pile."""
        _take(me.hand, card)
        self.discard[card] = self.discard.get(card, 0) + 1

    def _move(self, steps: int, how: str) -> str:
        """Move ``steps`` spaces on, not counting overthrown countries' spaces (and never
        more than 200 spaces in all)."""
        me = self.players[self.player]
        count = len(self.spaces)
        position = me.position
        if not self.overthrown:
            position = (position - 1 + (steps if steps < 200 else 200)) % count + 1
        else:
            blocked = self._tables.blocked(frozenset(self.overthrown))
            moved = 0
            guard = 0
            while moved < steps and guard < 200:
                position = position % count + 1
                guard += 1
                if not blocked[position]:
                    moved += 1
        me.position = position
        self.phase = "revolution" if self.spaces[position - 1].country is None else "action"
        steps = steps if steps < 200 else 200
        return (f"P{self.player + 1} {how} and moves {steps} "
                f"{'space' if steps == 1 else 'spaces'} on to {self._tables.places[position]}")

    def _resist(self, me: Player, cards: tuple[str, ...]) -> str:
        space = self.spaces[me.position - 1]
        tables = self._tables
        use = CardUse(cards[0], RESISTS)
        for card in cards:
            _take(me.hand, card)
            self.removed[card] = self.removed.get(card, 0) + 1
            tables.use(card, RESISTS, use)
        draw = use.draws
        assert space.card is not None
        self.discard[space.card] = self.discard.get(space.card, 0) + 1
        line = (f"P{self.player + 1} resists {tables.places[space.number]} with "
                f"{cards_text(tables.names, cards)}: {counters_text(space.counters)} and "
                f"{tables.names[space.card]} go")
        space.card, space.owner, space.counters = None, None, 0
        if draw:                        # R26: drawn once the resistance has resolved
            self.draws += [self.player] * draw
            line += self._bonus_draw_note(draw)
        line += self._bonus_counters(use.counters, "end")
        if self.phase != "place_counters":
            self._end_actions()
        return line

    def _bonus_counters(self, count: int, then: str) -> str:
        """R43: ``count`` extra counters from a Resistance or Motivation card, which
        its player places one at a time (phase ``place_counters``, once any draws are
        drawn) on spaces they have radicalised, within the cap; then on to ``then``
        (``move``, or ``end``: the end phase). Lost when no space can take one.
        Returns the log's note."""
        if not count:
            return ""
        extra = f"; {count} extra {'counter' if count == 1 else 'counters'}"
        if not self._counter_spaces():
            return f"{extra}, no space to take one"
        self.counters_due, self.after_counters = count, then
        self.phase = "place_counters"
        return f"{extra} to place"

    def _counter_spaces(self) -> list[Action]:
        """An :class:`AddCounter` for each space the player to act may add a counter to:
        one they radicalised, below the cap, not in an overthrown country."""
        player, limit, overthrown = self.player, self.config.max_counters, self.overthrown
        add = self._tables.add_counter
        out: list[Action] = []
        for s in self.spaces:
            owner = s.owner
            if owner is not None and owner == player and s.counters < limit \
                    and (s.country is None or s.country not in overthrown):
                out.append(add[s.number])
        return out

    def _bonus_draw_note(self, draw: int) -> str:
        """The log's note of a bonus draw: the cards themselves are logged as they are
        drawn (chance steps), and with the deck and the discard both empty there are
        none (R24)."""
        if self.draw_pile or self.discard:
            return f"; {draw} to draw"
        return f"; {draw} to draw, none left"

    def _overthrow_check(self, space: Space) -> str:
        country = space.country
        assert country is not None
        numbers = self.country_spaces[country]
        if any(self.spaces[n - 1].card is None for n in numbers):
            return ""
        self.overthrown.append(country)
        final, first, second, other = self.config.scores
        self.players[self.player].vt += final
        strength: Counter[int] = Counter()
        for n in numbers:
            s = self.spaces[n - 1]
            if s.owner is not None and s.card is not None:
                strength[s.owner] += s.counters + self._tables.force[s.card]
        ranked = sorted(set(strength.values()), reverse=True)
        for p, total in strength.items():
            if total == ranked[0]:
                self.players[p].vt += first
            elif len(ranked) > 1 and total == ranked[1]:
                self.players[p].vt += second
            else:
                self.players[p].vt += other
        line = f"; {self._tables.countries[country]} is overthrown"
        if len(self.overthrown) >= self.config.overthrows_to_end:
            self._final_scoring("overthrows")
            line += f"; overthrow {len(self.overthrown)} ends the game"
        return line

    def _final_scoring(self, reason: str) -> None:
        """End the game for ``reason`` ("overthrows" or "turn limit"): every space
        holding a player's counters gives that player ``end_vt_per_space`` VT (R16: a
        game stopped by the turn limit is scored as it stands, so it gets this scoring
        too)."""
        for s in self.spaces:
            if s.owner is not None and s.counters > 0:
                self.players[s.owner].vt += self.config.end_vt_per_space
        self.finished = True
        self.end_reason = reason

    def _end_actions(self) -> None:
        """On to the end phase: once the cards due are drawn, ``_advance`` checks the
        hand limit and passes the turn (the next turn may start within it). Only once:
        a turn that starts with nothing to draw is at once in its motivate phase, and a
        second check here would end it before its player acted (R24)."""
        if self.finished:
            return
        self.phase = "hand_limit"
        self._advance()

    def _finish_turn_if_done(self) -> None:
        if self.finished or self.draws:
            return
        held = 0
        for copies in self.players[self.player].hand.values():
            held += copies
        if held > self.config.hand_limit:
            self.phase = "hand_limit"
            return
        self.player = (self.player + 1) % len(self.players)
        if self.player == 0 and self.turn >= self.config.max_turns:
            self._final_scoring("turn limit")
            return
        self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.played_here = None
        self.phase = "drawing"
        self.draws.append(self.player)
        if not self.draw_pile:          # else _advance() would have nothing to do
            self._advance()

    def _advance(self) -> None:
        """Refill the deck from the discard when needed; move on when draws are done."""
        if self.draws and not self.draw_pile:
            self.draw_pile = sorted(c for c, n in self.discard.items() for _ in range(n))
            self.discard = {}
            if not self.draw_pile:
                self.draws.clear()
        if self.draws:
            return
        if self.phase == "deal":
            self._start_turn()
        elif self.phase == "drawing":
            self.phase = "motivate"
        elif self.after_draw:
            self.phase, self.after_draw = self.after_draw, ""
            if not self.players[self.player].hand:      # nothing drawn, nothing to discard
                self._end_actions()
        elif self.phase == "hand_limit":
            self._finish_turn_if_done()


class SpringGame(Game):
    id = "spring"

    def __init__(self, content: SpringContent, players: int = 4) -> None:
        self.content = content
        self.config = config_from(content, players)

    def num_players(self) -> int:
        return self.config.players

    def new_initial_state(self, seed: int) -> SpringState:
        return SpringState(self.content, self.config, seed)

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
