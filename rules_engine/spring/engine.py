"""Spring's rules as a :class:`~rules_engine.core.game.State`, for 2 to 6 players.

A turn has five phases: *draw* (one card; a Motivation card may be discarded to
draw two more), *move* (a die roll, or a discarded card's force), *action* (on a
Revolution space one of four actions; on a country space radicalise, reinforce,
exchange, draw-and-discard, or resist another player's space), *overthrow* (when
the card played this turn completes a country: 2 / 5 / 3 / 1 Victory Tokens) and
*end* (hand limit 5). Four overthrows end the game; every space holding one of
your counters adds 1 VT. Rulings: docs/rulings.md (Spring).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from rules_engine.core.effects import FrozenMap
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.spring.model import Card, SpringContent

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


@dataclass
class Space:
    number: int
    country: str | None
    card: str | None = None
    owner: int | None = None
    counters: int = 0


@dataclass
class Player:
    position: int
    hand: Counter[str] = field(default_factory=Counter)
    vt: int = 0


class SpringState(State[Action]):
    """A game of Spring in progress."""

    def __init__(self, content: SpringContent, config: SpringConfig, seed: int) -> None:
        super().__init__(seed)
        if not 2 <= config.players <= 6:
            raise ValueError("Spring is for 2 to 6 players")
        self.config = config
        self.cards: dict[str, Card] = {c.id: c for c in content.cards}
        self.spaces = [Space(s.number, s.country) for s in content.spaces]
        self.country_spaces: dict[str, list[int]] = {c.id: list(c.spaces)
                                                     for c in content.countries}
        self.overthrown: list[str] = []
        self.deck: Counter[str] = Counter({c.id: c.copies for c in content.cards})
        self.discard: Counter[str] = Counter()
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
        self.finished = False
        self.end_reason = ""
        self._advance()

    # -- API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.rolling or (self.draws and self._deck_size() > 0):
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        best = max(p.vt for p in self.players)
        winners = [i for i, p in enumerate(self.players) if p.vt == best]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(self.players))]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.rolling:
            sides = self.config.die_sides
            return [(Roll(v), 1 / sides) for v in range(1, sides + 1)]
        total = self._deck_size()
        return [(Draw(c), n / total) for c, n in sorted(self.deck.items()) if n]

    def sample_chance(self) -> Action:
        """As the base class, without building the outcome list (a hot path)."""
        if self.rolling:
            return Roll(min(self.config.die_sides,
                            int(self.rng.random() * self.config.die_sides) + 1))
        pick = self.rng.random() * self._deck_size()
        total = 0
        last = ""
        for card, n in sorted(self.deck.items()):
            if n <= 0:
                continue
            total += n
            last = card
            if pick < total:
                return Draw(card)
        return Draw(last)

    def legal_actions(self) -> list[Action]:
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.finished:
            return []
        me = self.players[self.player]
        hand = sorted(c for c in me.hand if me.hand[c])
        if self.phase == "motivate":
            return [Pass(), *(Motivate(c) for c in hand if self.cards[c].type == "motivation")]
        if self.phase == "move":
            return [MoveByDie(), *(MoveByCard(c) for c in hand if self.cards[c].force > 0)]
        if self.phase == "revolution":
            actions: list[Action] = [Pass(), RollAgain(), DrawOne()]
            actions += [Jump(s.number) for s in self.spaces
                        if s.country is None and s.number != me.position]
            actions += [AddCounter(s.number) for s in self.spaces
                        if s.owner == self.player and not self._is_overthrown(s)
                        and s.counters < self.config.max_counters]
            return actions
        if self.phase == "action":
            return [Pass(), *self._country_actions(me, hand)]
        if self.phase == "discard_one":
            return [Discard(c) for c in hand]
        if self.phase == "hand_limit":
            return [Discard(c) for c in hand]
        return [Pass()]

    # -- helpers -------------------------------------------------------------------------

    def _deck_size(self) -> int:
        return sum(self.deck.values())

    def _space(self, number: int) -> Space:
        return self.spaces[number - 1]

    def _is_overthrown(self, space: Space) -> bool:
        return space.country is not None and space.country in self.overthrown

    def _country_types(self, country: str, skip: int | None = None) -> set[str]:
        found = set()
        for n in self.country_spaces[country]:
            s = self._space(n)
            if s.card is not None and n != skip:
                found.add(self.cards[s.card].subtype or "")
        return found

    def _country_actions(self, me: Player, hand: list[str]) -> list[Action]:
        space = self._space(me.position)
        assert space.country is not None
        if space.card is None:
            taken = self._country_types(space.country)
            return [Radicalise(c) for c in hand if self.cards[c].type == "revolution"
                    and self.cards[c].subtype not in taken]
        if space.owner == self.player:
            taken = self._country_types(space.country, skip=space.number)
            out: list[Action] = [DrawDiscard()]
            if space.counters < self.config.max_counters:
                out.append(AddCounter(space.number))
            out += [Exchange(c) for c in hand if self.cards[c].type == "revolution"
                    and self.cards[c].subtype not in taken]
            return out
        return [Resist(cards) for cards in self._resist_sets(me, space.counters)]

    def _resist_sets(self, me: Player, needed: int) -> list[tuple[str, ...]]:
        """Minimal sets of Resistance cards from hand whose force reaches ``needed``."""
        pool = sorted(c for c in me.hand.elements() if self.cards[c].type == "resistance")
        found: set[tuple[str, ...]] = set()
        for size in range(1, len(pool) + 1):
            for combo in combinations(pool, size):
                if sum(self.cards[c].force for c in combo) < needed:
                    continue
                if any(set(smaller) <= set(combo) and Counter(smaller) <= Counter(combo)
                       for smaller in found):
                    continue
                found.add(combo)
        return sorted(found)

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> str:
        me = self.players[self.player]
        who = f"P{self.player + 1}"
        if isinstance(action, Draw):
            target = self.draws.pop(0)
            self.deck[action.card] -= 1
            self.players[target].hand[action.card] += 1
            self._advance()
            return f"chance: P{target + 1} draws {action.card}"
        if isinstance(action, Roll):
            self.rolling = False
            return self._move(action.value, f"rolls {action.value}")
        if isinstance(action, Motivate):
            self._discard_from_hand(me, action.card)
            self.draws += [self.player, self.player]
            self.phase = "move"
            self._advance()
            return f"{who} discards {action.card} to draw 2"
        if isinstance(action, MoveByDie | RollAgain):
            self.rolling = True
            self.phase = "moving"
            return f"{who} rolls the die"
        if isinstance(action, MoveByCard):
            self._discard_from_hand(me, action.card)
            return self._move(self.cards[action.card].force, f"discards {action.card}")
        if isinstance(action, Jump):
            me.position = action.space
            self._end_actions()
            return f"{who} moves to Revolution space {action.space}"
        if isinstance(action, DrawOne):
            self.draws.append(self.player)
            self._end_actions()
            return f"{who} draws a card"
        if isinstance(action, AddCounter):
            self._space(action.space).counters += 1
            self._end_actions()
            return f"{who} adds a counter on space {action.space}"
        if isinstance(action, Radicalise):
            space = self._space(me.position)
            me.hand[action.card] -= 1
            space.card, space.owner, space.counters = action.card, self.player, 1
            self.played_here = space.number
            line = f"{who} radicalises space {space.number} with {action.card}"
            line += self._overthrow_check(space)
            self._end_actions()
            return line
        if isinstance(action, Exchange):
            space = self._space(me.position)
            assert space.card is not None
            me.hand[action.card] -= 1
            me.hand[space.card] += 1
            old, space.card = space.card, action.card
            self._end_actions()
            return f"{who} exchanges {old} for {action.card} on space {space.number}"
        if isinstance(action, DrawDiscard):
            self.draws.append(self.player)
            self.after_draw = "discard_one"
            self._advance()
            return f"{who} draws a card to discard one"
        if isinstance(action, Resist):
            return self._resist(me, action.cards)
        if isinstance(action, Discard):
            self._discard_from_hand(me, action.card)
            if self.phase == "discard_one":
                self._end_actions()
            else:
                self._finish_turn_if_done()
            return f"{who} discards {action.card}"
        if isinstance(action, Pass):
            if self.phase == "motivate":
                self.phase = "move"
            else:
                self._end_actions()
            return f"{who} passes"
        raise IllegalAction(repr(action))

    def _discard_from_hand(self, me: Player, card: str) -> None:
        if me.hand[card] <= 0:
            raise IllegalAction(f"{card} is not in hand")
        me.hand[card] -= 1
        self.discard[card] += 1

    def _move(self, steps: int, how: str) -> str:
        me = self.players[self.player]
        position = me.position
        moved = 0
        guard = 0
        while moved < steps and guard < 200:
            position = position % len(self.spaces) + 1
            guard += 1
            if not self._is_overthrown(self._space(position)):
                moved += 1
        me.position = position
        space = self._space(position)
        self.phase = "revolution" if space.country is None else "action"
        return f"P{self.player + 1} {how} and moves to space {position}"

    def _resist(self, me: Player, cards: tuple[str, ...]) -> str:
        space = self._space(me.position)
        for card in cards:
            me.hand[card] -= 1
            self.removed[card] += 1
        assert space.card is not None
        self.discard[space.card] += 1
        line = (f"P{self.player + 1} resists space {space.number} with {', '.join(cards)}: "
                f"{space.counters} counters and {space.card} go")
        space.card, space.owner, space.counters = None, None, 0
        self._end_actions()
        return line

    def _overthrow_check(self, space: Space) -> str:
        country = space.country
        assert country is not None
        numbers = self.country_spaces[country]
        if any(self._space(n).card is None for n in numbers):
            return ""
        self.overthrown.append(country)
        final, first, second, other = self.config.scores
        self.players[self.player].vt += final
        strength: Counter[int] = Counter()
        for n in numbers:
            s = self._space(n)
            if s.owner is not None and s.card is not None:
                strength[s.owner] += s.counters + self.cards[s.card].force
        ranked = sorted(set(strength.values()), reverse=True)
        for p, total in strength.items():
            if total == ranked[0]:
                self.players[p].vt += first
            elif len(ranked) > 1 and total == ranked[1]:
                self.players[p].vt += second
            else:
                self.players[p].vt += other
        line = f"; {country} is overthrown"
        if len(self.overthrown) >= self.config.overthrows_to_end:
            self._final_scoring()
            line += "; the fourth overthrow ends the game"
        return line

    def _final_scoring(self) -> None:
        for s in self.spaces:
            if s.owner is not None and s.counters > 0:
                self.players[s.owner].vt += self.config.end_vt_per_space
        self.finished = True
        self.end_reason = "overthrows"

    def _end_actions(self) -> None:
        if self.finished:
            return
        self.phase = "hand_limit"
        self._advance()
        self._finish_turn_if_done()

    def _finish_turn_if_done(self) -> None:
        if self.finished or self.draws:
            return
        me = self.players[self.player]
        if sum(me.hand.values()) > self.config.hand_limit:
            self.phase = "hand_limit"
            return
        self.player = (self.player + 1) % len(self.players)
        if self.player == 0 and self.turn >= self.config.max_turns:
            self.finished = True
            self.end_reason = "turn limit"
            return
        self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.played_here = None
        self.phase = "drawing"
        self.draws.append(self.player)
        self._advance()

    def _advance(self) -> None:
        """Refill the deck from the discard when needed; move on when draws are done."""
        if self.draws and self._deck_size() == 0:
            self.deck, self.discard = self.discard, Counter()
            if self._deck_size() == 0:
                self.draws.clear()
        if self.draws:
            return
        if self.phase == "deal":
            self._start_turn()
        elif self.phase == "drawing":
            self.phase = "motivate"
        elif self.after_draw:
            self.phase, self.after_draw = self.after_draw, ""
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
