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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.effects import FrozenMap
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.san.model import MERCENARY_TYPES, Card, SanContent

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


# -- state -----------------------------------------------------------------------------

@dataclass
class Played:
    """A card played this turn, with what it counts as after copies."""

    card: str
    kind: str                   # its type (or the copied one)
    revenue: int
    single_use: bool
    multiplier: int = 0


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

    def deck_size(self) -> int:
        return sum(self.deck.values()) + len(self.deck_top)


class SanState(State[Action]):
    """A game of SAN in progress."""

    def __init__(self, content: SanContent, config: SanConfig, seed: int) -> None:
        super().__init__(seed)
        self.cards: dict[str, Card] = {c.id: c for c in content.cards}
        self.config = config
        self.sides = (Side(corruption=[0] * config.corruption_spaces),
                      Side(corruption=[0] * config.corruption_spaces))
        self.supply: Counter[str] = Counter()
        self.river: list[str | None] = []
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
        self.icons: Counter[str] = Counter()
        self.merc_type: str | None = None
        self.all_types = False
        self.hand_corruption = False
        self.revenue = 0
        for card in content.cards:
            if card.deck == "river":
                self.supply[card.id] += card.copies
            elif card.deck == "starting" and card.corporation:
                self.sides[_side_of(card.corporation)].deck[card.id] += card.copies
            elif card.deck == "virus" and card.corporation:
                self.sides[_side_of(card.corporation)].viruses.append(card.id)
        for side in self.sides:
            side.viruses.sort(key=lambda cid: self.cards[cid].virus_number or 0)
        self.river = [None] * config.river_size
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

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.5, 0.5] if self.draw_game else [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in (MOON, STAR)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "coin":
            return [(Coin(MOON), 0.5), (Coin(STAR), 0.5)]
        what, who = self.queue[0]
        pool = self.supply if what in ("river", "track") else self.sides[who].deck
        total = sum(pool.values())
        return [(Draw(card), n / total) for card, n in sorted(pool.items()) if n]

    def sample_chance(self) -> Action:
        """As the base class, without building the outcome list (a hot path)."""
        if self.phase == "coin":
            return Coin(MOON) if self.rng.random() < 0.5 else Coin(STAR)
        what, who = self.queue[0]
        pool = self.supply if what in ("river", "track") else self.sides[who].deck
        pick = self.rng.random() * sum(pool.values())
        total = 0
        last = ""
        for card, n in sorted(pool.items()):
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
        if self.is_terminal():
            return []
        side = self.sides[self.player]
        actions: list[Action] = []
        if self.pending:
            kind, _, _ = self.pending[0]
            actions.append(Skip())
            actions += [Choose(t) for t in self._choices(kind)]
            return actions
        if self.phase == "play":
            actions += [Play(c) for c in sorted(side.hand) if side.hand[c] and self._playable(c)]
            if self.played:
                actions.append(EndPlay())
            if not actions:   # nothing playable at all (empty hand): the turn goes on
                actions.append(EndPlay())
        elif self.phase == "spend":
            actions += self._spend_actions(side)
            actions.append(EndSpend())
        elif self.phase == "buy":
            actions += [Buy(i) for i, c in enumerate(self.river)
                        if c is not None and (self.cards[c].cost or 0) <= self.revenue]
            actions.append(EndBuy())
        return actions

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> str:
        if isinstance(action, Draw):
            return self._apply_draw(action.card)
        if isinstance(action, Coin):
            self.player = action.player
            self.phase = "start"
            self._advance()
            return f"chance: {NAMES[action.player]} starts (coin)"
        name = NAMES[self.player]
        if isinstance(action, Skip):
            kind = self.pending.pop(0)[0]
            self._advance()
            return f"{name} skips {kind}"
        if isinstance(action, Choose):
            return self._resolve_choice(action.target)
        if isinstance(action, Play):
            self.sides[self.player].hand[action.card] -= 1
            self._play(action.card)
            self._advance()
            return f"{name} plays {action.card}"
        if isinstance(action, EndPlay):
            self._finish_play()
            return f"{name} ends play with {dict(self.icons)} icons, revenue {self.revenue}"
        if isinstance(action, Corrupt):
            return self._corrupt(action)
        if isinstance(action, Cross):
            return self._cross()
        if isinstance(action, Hack):
            return self._hack()
        if isinstance(action, EndSpend):
            self.icons.clear()
            self.phase = "buy"
            return f"{name} ends spending"
        if isinstance(action, Buy):
            return self._buy(action.slot)
        if isinstance(action, EndBuy):
            return self._end_turn()
        raise IllegalAction(repr(action))

    # -- setup and draws ---------------------------------------------------------------

    def _apply_draw(self, card: str) -> str:
        what, who = self.queue.pop(0)
        if what == "river":
            self.supply[card] -= 1
            self.river[who] = card
            line = f"chance: {card} fills River slot {who}"
        elif what == "track":
            self.supply[card] -= 1
            self.sides[who].track.append(card)
            line = f"chance: {card} goes face down on {NAMES[who]}'s Propaganda track"
        else:
            self.sides[who].deck[card] -= 1
            self.sides[who].hand[card] += 1
            line = f"chance: {NAMES[who]} draws {card}"
        self._advance()
        return line

    def _advance(self) -> None:
        """Resolve what needs no decision; move the phase on when its draws are done."""
        while self.queue:
            what, who = self.queue[0]
            if what in ("river", "track"):
                if not +self.supply:
                    self.queue.clear()
                    self._river_exhausted()
                    return
                return
            side = self.sides[who]
            if side.deck_top:
                self.queue.pop(0)
                side.hand[side.deck_top.pop()] += 1
                continue
            if not +side.deck:
                if +side.discard:
                    side.deck = +side.discard
                    side.discard = Counter()
                else:
                    self.queue.pop(0)    # nothing left to draw
                    continue
            return
        if self.phase == "setup":
            self._choose_first_player()
        elif self.phase == "start":
            self._deal_hands()
        elif self.phase == "dealing":
            self._begin_turn()

    def _choose_first_player(self) -> None:
        moon, star = (self.sides[p].track for p in (MOON, STAR))
        for a, b in zip(moon[:3], star[:3], strict=False):
            ca, cb = self.cards[a].crossing_cost or 0, self.cards[b].crossing_cost or 0
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
        self.icons = Counter()
        self.merc_type = None
        self.all_types = False
        self.hand_corruption = False
        self.revenue = 0
        self.pending = []

    # -- playing -----------------------------------------------------------------------

    def _playable(self, card_id: str) -> bool:
        kind = self.cards[card_id].type
        if kind in MERCENARY_TYPES:
            return self.all_types or self.merc_type in (None, kind)
        return True

    def _play(self, card_id: str) -> None:
        card = self.cards[card_id]
        if card.type == "virus":
            self.sides[self.player].discard[card_id] += 1
            return
        entry = Played(card_id, card.type, card.revenue, False)
        self.played.append(entry)
        self.revenue += card.revenue
        self._take_on(entry, card, depth=0)

    def _take_on(self, entry: Played, card: Card, depth: int) -> None:
        """Give ``entry`` the type, icons and effects of ``card`` (itself, or a copy)."""
        if card.type in MERCENARY_TYPES:
            entry.kind = card.type
            if not self.all_types:
                self.merc_type = card.type
        for kind in ICON_TYPES:
            self.icons[kind] += card.icon(kind)
        for effect in card.effects:
            name, amount = _effect(effect)
            if name == "single_use":
                entry.single_use = True
            elif name == "multiplier":
                entry.multiplier += 1
            elif name == "draw":
                self.queue += [("hand", self.player)] * amount
            elif name == "play_all_types":
                self.all_types = True
            elif name == "corrupt_from_hand":
                self.hand_corruption = True
            elif name in ("destroy",):
                self.pending += [("destroy", 0, entry)] * amount
            elif name in ("copy_played", "copy_river") and depth == 0:
                self.pending.append((name, 0, entry))
            elif name == "play_from_discard":
                self.pending.append(("play_from_discard", 0, entry))

    def _choices(self, kind: str) -> list[str]:
        side = self.sides[self.player]
        _, _, source = self.pending[0]
        if kind == "destroy":
            return sorted(c for c in side.hand if side.hand[c])
        if kind == "copy_played":
            return sorted({p.card for p in self.played if p is not source
                           and self._copy_allowed(self.cards[p.card])})
        if kind == "copy_river":
            return [f"river:{i}" for i, c in enumerate(self.river)
                    if c is not None and self._copy_allowed(self.cards[c])]
        if kind == "play_from_discard":
            return sorted(c for c in side.discard if side.discard[c] and self._playable(c)
                          and self.cards[c].type != "virus")
        return []

    def _copy_allowed(self, card: Card) -> bool:
        if card.type == "virus":
            return False
        return self._playable(card.id)

    def _resolve_choice(self, target: str) -> str:
        kind, _, source = self.pending.pop(0)
        side = self.sides[self.player]
        name = NAMES[self.player]
        if target not in self._choices_for(kind, source):
            raise IllegalAction(f"{target} is not a choice for {kind}")
        if kind == "destroy":
            side.hand[target] -= 1
            side.boxed[target] += 1
            line = f"{name} destroys {target} from hand"
        elif kind == "copy_played":
            assert source is not None
            self._take_on(source, self.cards[target], depth=1)
            line = f"{name} copies played {target}"
        elif kind == "copy_river":
            assert source is not None
            slot = int(target.split(":")[1])
            copied = self.river[slot]
            assert copied is not None
            self._take_on(source, self.cards[copied], depth=1)
            line = f"{name} copies River card {copied}"
            if "single_use" in [_effect(e)[0] for e in self.cards[copied].effects]:
                self.sides[self.player].boxed[copied] += 1
                self.river[slot] = None
                self.queue.insert(0, ("river", slot))
                line += " (Single Use: it leaves the game)"
        else:
            side.discard[target] -= 1
            self._play(target)
            line = f"{name} plays {target} from the discard"
        self._advance()
        return line

    def _choices_for(self, kind: str, source: Played | None) -> list[str]:
        self.pending.insert(0, (kind, 0, source))
        try:
            return self._choices(kind)
        finally:
            self.pending.pop(0)

    def _finish_play(self) -> None:
        counts = Counter(p.kind for p in self.played)
        for entry in self.played:
            if entry.multiplier and entry.kind in ICON_TYPES:
                self.icons[entry.kind] += entry.multiplier * counts[entry.kind]
        self.pending = []
        self.phase = "spend"

    # -- spending ----------------------------------------------------------------------

    def crossing_cost(self, player: int) -> int | None:
        """What crossing the next card costs ``player`` (None past the last card)."""
        side, other = self.sides[player], self.sides[1 - player]
        if side.banner >= len(side.track):
            return None
        space = side.banner
        base = self.cards[side.track[space]].crossing_cost or 0
        mine = side.corruption[space] if space < len(side.corruption) else 0
        theirs = other.corruption[space] if space < len(other.corruption) else 0
        return max(0, base - mine + theirs)

    def _spend_actions(self, side: Side) -> list[Action]:
        actions: list[Action] = []
        if self.icons["corruption"] >= self.config.icons_per_corruption and \
                len(side.corrupted) < self.config.corruption_to_win:
            spaces = [s for s, n in enumerate(side.corruption) if n < self.config.per_space]
            sources = [f"river:{i}" for i, c in enumerate(self.river) if c is not None]
            if self.hand_corruption:
                sources += [f"hand:{c}" for c in sorted(side.hand) if side.hand[c]]
            actions += [Corrupt(src, s) for src in sources for s in spaces]
        cost = self.crossing_cost(self.player)
        if cost is not None and self.icons["propaganda"] >= cost:
            actions.append(Cross())
        if self.icons["hacking"] >= 1 and self._can_hack():
            actions.append(Hack())
        return actions

    def _corrupt(self, action: Corrupt) -> str:
        side = self.sides[self.player]
        kind, _, ref = action.source.partition(":")
        self.icons["corruption"] -= self.config.icons_per_corruption
        if kind == "river":
            slot = int(ref)
            card = self.river[slot]
            assert card is not None
            self.river[slot] = None
            self.queue.insert(0, ("river", slot))
        else:
            card = ref
            side.hand[card] -= 1
        side.corruption[action.space] += 1
        side.corrupted.append(card)
        self._advance()
        return f"{NAMES[self.player]} corrupts {card} onto space {action.space + 1}"

    def _cross(self) -> str:
        side = self.sides[self.player]
        cost = self.crossing_cost(self.player)
        assert cost is not None
        self.icons["propaganda"] -= cost
        side.banner += 1
        stage = side.banner + 1
        line = f"{NAMES[self.player]} crosses for {cost} to stage {stage}"
        if stage in self.config.hand_bonus_stages:
            side.bonus += 1
            line += " and takes a Hand Bonus token"
        return line

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
        spaces = self.cards[top].track_spaces or 1
        if space < spaces:
            self.marker = (them, space + 1)
            return f"{name} advances the Virus marker to {self._marker_text()}"
        self.sides[them].viruses.pop()
        self.sides[them].deck_top.append(top)
        self.marker = (PORT, 0)
        return (f"{name} advances the Virus marker onto the Central Port: {top} goes on top "
                f"of {NAMES[them]}'s deck")

    def _marker_text(self) -> str:
        owner, space = self.marker
        if owner == PORT:
            return "the Central Port"
        top = self.sides[owner].viruses[-1]
        return f"space {space} of {NAMES[owner]}'s {top}"

    # -- buying and the end of a turn --------------------------------------------------

    def _buy(self, slot: int) -> str:
        card = self.river[slot]
        assert card is not None
        self.revenue -= self.cards[card].cost or 0
        self.sides[self.player].discard[card] += 1
        self.river[slot] = None
        self.queue.insert(0, ("river", slot))
        self._advance()
        return f"{NAMES[self.player]} buys {card}"

    def _end_turn(self) -> str:
        side = self.sides[self.player]
        name = NAMES[self.player]
        for entry in self.played:
            (side.boxed if entry.single_use else side.discard)[entry.card] += 1
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


def _side_of(corporation: str) -> int:
    return MOON if corporation == "moon" else STAR


def _effect(effect: str | FrozenMap) -> tuple[str, int]:
    if isinstance(effect, str):
        return effect, 1
    ((name, amount),) = effect.items
    return name, int(amount)


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


def describe(state: SanState) -> dict[str, Any]:
    """A compact summary of a state (for logs and reports)."""
    return {
        "turn": state.turn, "player": NAMES[state.player], "phase": state.phase,
        "progress": {NAMES[p]: state.progress(p) for p in (MOON, STAR)},
        "winner": None if state.winner is None else NAMES[state.winner],
        "end": state.end_reason,
    }
