"""SAN's rules engine: the rulebook's worked examples as exact tests, random-play
fuzzing with invariants after every action, and determinism."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from functools import cache

import pytest

from compiler.frontend.validate import validate
from rules_engine.core.effects import freeze
from rules_engine.core.game import CHANCE, IllegalAction, RandomBot, play_out
from rules_engine.san.engine import (
    MOON,
    PORT,
    STAR,
    Buy,
    Choose,
    Corrupt,
    Cross,
    Draw,
    EndBuy,
    EndPlay,
    EndSpend,
    Hack,
    Play,
    SanConfig,
    SanGame,
    SanState,
    Skip,
    config_from,
)
from rules_engine.san.model import Card, SanContent
from rules_engine.san.verbs import abilities
from tests.conftest import CARDS


@cache
def content() -> SanContent:
    model: SanContent = validate([CARDS / "san"]).models["san"]
    return model


def card(card_id: str, kind: str, icons: dict[str, int] | None = None, *, revenue: int = 0,
         cost: int | None = None, crossing: int | None = None, effects: tuple[object, ...] = (),
         deck: str = "river", virus: int | None = None, spaces: int | None = None) -> Card:
    """A card made for an example (copies=0: it never enters the Supply)."""
    return Card(card_id, card_id, deck, kind, None, freeze(icons or {}), revenue, cost,
                crossing, 0, virus, spaces, abilities(list(effects)), 0)


def state_with(extra: list[Card], config: SanConfig | None = None, seed: int = 7) -> SanState:
    """A game past setup, at the start of the first turn, knowing ``extra`` cards."""
    base = content()
    merged = dataclasses.replace(base, cards=base.cards + tuple(extra))
    state = SanState(merged, config or config_from(base), seed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    assert state.phase == "play"
    return state


def test_crossing_costs_follow_both_corruption_zones() -> None:
    """Star plays 8 Propaganda icons: crosses 4 - 2 + 1 = 3 (taking a Hand Bonus token),
    then 3 + 1 = 4, and the 1 icon left cannot cross the next card."""
    cards = [card("track-4", "equipment", crossing=4), card("track-3", "equipment", crossing=3),
             card("track-5", "equipment", crossing=5)]
    state = state_with(cards, dataclasses.replace(config_from(content()), hand_bonus_stages=(2,)))
    star, moon = state.sides[STAR], state.sides[MOON]
    star.track = ["track-4", "track-3", "track-5", "track-5", "track-5", "track-5"]
    star.corruption[0], moon.corruption[0], moon.corruption[1] = 2, 1, 1
    state.player, state.phase = STAR, "spend"
    state.icons = Counter(propaganda=8)
    assert state.crossing_cost(STAR) == 3
    state.apply_action(Cross())
    assert (star.banner, star.bonus, state.icons["propaganda"]) == (1, 1, 5)
    assert state.crossing_cost(STAR) == 4
    state.apply_action(Cross())
    assert (star.banner, state.icons["propaganda"]) == (2, 1)
    assert Cross() not in state.legal_actions()


def test_moon_hacking_move_of_eight_icons() -> None:
    """Back 2 onto the Port, 4 across Star's Virus 5 and onto the Port (it goes on top
    of Star's deck), then 2 onto Star's Virus 4."""
    state = state_with([])
    star = state.sides[STAR]
    assert state.cards[star.viruses[-1]].virus_number == 5
    assert state.cards[star.viruses[-1]].track_spaces == 3
    virus5 = star.viruses[-1]
    state.player, state.phase = MOON, "spend"
    state.marker = (MOON, 2)
    state.icons = Counter(hacking=8)
    for _ in range(2):
        state.apply_action(Hack())
    assert state.marker == (PORT, 0)
    for _ in range(4):
        state.apply_action(Hack())
    assert state.marker == (PORT, 0) and star.deck_top == [virus5]
    for _ in range(2):
        state.apply_action(Hack())
    assert state.marker == (STAR, 2)
    assert state.cards[star.viruses[-1]].virus_number == 4
    assert state.icons["hacking"] == 0


def test_multiplier_gives_thirteen_hacking_icons() -> None:
    cards = [card("h3", "hacking", {"hacking": 3}), card("h2", "hacking", {"hacking": 2}),
             card("h1x", "hacking", {"hacking": 1}, effects=("multiplier",)),
             card("h3b", "hacking", {"hacking": 3})]
    state = state_with(cards)
    side = state.sides[state.player]
    side.hand = Counter({"h3": 1, "h2": 1, "h1x": 1, "h3b": 1})
    for name in ("h3", "h2", "h1x", "h3b"):
        state.apply_action(Play(name))
    state.apply_action(EndPlay())
    assert state.icons["hacking"] == 3 + 2 + 1 + 3 + 4 == 13


def test_two_multipliers_stack() -> None:
    cards = [card("c1x", "corruption", {"corruption": 1}, effects=("multiplier",)),
             card("c2x", "corruption", {"corruption": 2}, effects=("multiplier",))]
    state = state_with(cards)
    state.sides[state.player].hand = Counter({"c1x": 1, "c2x": 1})
    state.apply_action(Play("c1x"))
    state.apply_action(Play("c2x"))
    state.apply_action(EndPlay())
    assert state.icons["corruption"] == 3 + 2 * 2


def test_five_corruption_icons_corrupt_one_card_and_lose_two() -> None:
    state = state_with([])
    state.phase = "spend"
    state.icons = Counter(corruption=5)
    side = state.sides[state.player]
    taken = state.river[0]
    state.apply_action(Corrupt("river:0", 0))
    while state.current_player() == CHANCE:          # the River refills from the Supply
        state.apply_action(state.sample_chance())
    assert side.corrupted == [taken] and side.corruption[0] == 1
    assert state.river[0] is not None
    assert state.icons["corruption"] == 2
    assert not [a for a in state.legal_actions() if isinstance(a, Corrupt)]


def test_buying_with_eight_revenue() -> None:
    state = state_with([card("cost-4", "equipment", cost=4, crossing=1)])
    state.phase, state.revenue = "buy", 8
    state.river[2] = "cost-4"
    state.apply_action(Buy(2))
    assert state.revenue == 4
    assert state.sides[state.player].discard["cost-4"] == 1
    assert state.current_player() == CHANCE                  # slot 2 is refilled at once
    state.apply_action(state.sample_chance())
    assert state.river[2] is not None


def test_one_mercenary_type_a_turn_unless_play_all_types() -> None:
    cards = [card("p1", "propaganda", {"propaganda": 1}), card("h1", "hacking", {"hacking": 1}),
             card("all", "equipment", effects=("play_all_types",))]
    state = state_with(cards)
    state.sides[state.player].hand = Counter({"p1": 1, "h1": 1, "all": 1})
    state.apply_action(Play("p1"))
    assert Play("h1") not in state.legal_actions()
    state.apply_action(Play("all"))
    assert Play("h1") in state.legal_actions()


def test_first_game_and_handicap_hands() -> None:
    game = SanGame(content(), first_game=True)
    state = game.new_initial_state(3)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    assert [sum(s.hand.values()) for s in state.sides] == [7, 7]
    game = SanGame(content(), handicap=(8, 6))
    state = game.new_initial_state(3)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    assert [sum(s.hand.values()) for s in state.sides] == [8, 6]


def end_turn(state: SanState) -> None:
    """From the spend phase, end the turn (no buying) and let its draws come in."""
    state.apply_action(EndSpend())
    state.apply_action(EndBuy())
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())


def test_copying_a_played_single_use_card_boxes_only_that_card() -> None:
    """R12: Single Use applies to the card copied; the copying card goes to the discard."""
    cards = [card("p7-once", "propaganda", {"propaganda": 7}, effects=("single_use",)),
             card("mimic", "equipment", effects=("copy_played",))]
    state = state_with(cards)
    side = state.sides[state.player]
    side.hand = Counter({"p7-once": 1, "mimic": 1})
    state.apply_action(Play("p7-once"))
    state.apply_action(Play("mimic"))
    state.apply_action(Choose("p7-once"))
    state.apply_action(EndPlay())
    assert state.icons["propaganda"] == 14
    end_turn(state)
    assert side.boxed == Counter({"p7-once": 1})
    assert side.discard["mimic"] + side.deck["mimic"] + side.hand["mimic"] == 1


def test_copying_a_single_use_river_card_boxes_the_river_card_only() -> None:
    """R12: the Single Use River card leaves the game and its slot is refilled; the
    copying card is discarded as usual."""
    cards = [card("h7-once", "hacking", {"hacking": 7}, effects=("single_use",)),
             card("spy", "equipment", effects=("copy_river",))]
    state = state_with(cards)
    side = state.sides[state.player]
    side.hand = Counter({"spy": 1})
    state.river[0] = "h7-once"
    state.apply_action(Play("spy"))
    state.apply_action(Choose("river:0"))
    assert state.current_player() == CHANCE                 # the slot is refilled at once
    state.apply_action(state.sample_chance())
    assert state.river[0] not in (None, "h7-once")
    state.apply_action(EndPlay())
    assert state.icons["hacking"] == 7
    end_turn(state)
    assert side.boxed == Counter({"h7-once": 1})
    assert side.discard["spy"] + side.deck["spy"] + side.hand["spy"] == 1


def test_a_virus_card_alone_is_enough_to_play() -> None:
    """Dropping a Virus card into the discard counts as playing a card: the Play phase
    may end there, with the rest of the hand kept."""
    state = state_with([])
    side = state.sides[state.player]
    virus = side.viruses[0]
    side.hand = Counter({virus: 1, next(iter(side.deck)): 1})
    assert EndPlay() not in state.legal_actions()
    state.apply_action(Play(virus))
    assert EndPlay() in state.legal_actions()
    state.apply_action(EndPlay())
    assert state.phase == "spend" and side.discard[virus] == 1


def test_refill_is_to_the_hand_size_plus_one_per_hand_bonus_token() -> None:
    """Hand size 6 + 1 token = 7: holding 6 draws 1; holding 7 draws none."""
    for held, drawn in ((6, 1), (7, 0), (3, 4)):
        state = state_with([])
        side = state.sides[state.player]
        side.bonus = 1
        side.deck, side.discard = Counter(side.deck) + Counter(side.hand), Counter()
        side.hand = Counter()
        for c in sorted(side.deck.elements())[:held]:
            side.deck[c] -= 1
            side.hand[c] += 1
        side.deck = +side.deck
        state.phase = "spend"
        end_turn(state)
        assert sum(side.hand.values()) == held + drawn


def test_a_crossing_that_costs_zero_needs_no_propaganda_icons() -> None:
    state = state_with([card("t1", "equipment", crossing=1)])
    side = state.sides[state.player]
    side.track[0], side.corruption[0] = "t1", 1
    state.phase = "spend"
    assert state.crossing_cost(state.player) == 0 and not state.icons["propaganda"]
    state.apply_action(Cross())
    assert side.banner == 1


def total_cards(state: SanState) -> int:
    count = sum(state.supply.values()) + sum(1 for c in state.river if c is not None)
    count += sum(1 for _ in state.played)
    for side in state.sides:
        count += sum(side.deck.values()) + len(side.deck_top) + sum(side.hand.values())
        count += sum(side.discard.values()) + sum(side.boxed.values()) + len(side.corrupted)
        # the cards still on the track: a crossed one went back into the Supply (R49)
        count += len(side.track) - side.banner + len(side.viruses)
    return count


@pytest.mark.slow
def test_random_play_keeps_every_invariant_over_2000_seeds() -> None:
    game = SanGame(content())
    for seed in range(2000):
        play_checked(game, seed)


def play_checked(game: SanGame, seed: int) -> None:
    state = game.new_initial_state(seed)
    bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        state.apply_action(action)
        steps += 1
        assert total_cards(state) == 82
        assert all(0 <= n <= 2 for side in state.sides for n in side.corruption)
        assert all(0 <= side.banner <= 6 for side in state.sides)
        assert min(state.icons.values(), default=0) >= 0 and state.revenue >= 0
        assert all(n >= 0 for side in state.sides for pile in (side.hand, side.deck,
                   side.discard) for n in pile.values())
        assert steps < 50_000
    assert state.end_reason in {"corruption", "propaganda", "hacking", "River exhausted",
                                "turn limit"}
    assert sum(state.returns()) in (0.0, 1.0)


def test_same_seed_same_game() -> None:
    game = SanGame(content())
    logs = []
    for _ in range(2):
        state = game.new_initial_state(42)
        play_out(state, [RandomBot(1), RandomBot(2)])
        logs.append(state.log)
    assert logs[0] == logs[1] and len(logs[0]) > 50


def test_clone_is_independent() -> None:
    state = SanGame(content()).new_initial_state(5)
    copy = state.clone()
    play_out(copy, [RandomBot(1), RandomBot(2)])
    assert copy.is_terminal() and not state.is_terminal()


def test_piles_stay_positive_and_draw_piles_stay_in_id_order() -> None:
    """What the fast paths rely on: a pile never keeps a count of 0 or less, and the
    Supply and the decks list their cards in id order (the order of chance_outcomes,
    so sample_chance needs no sorting), after every action of random games."""
    game = SanGame(content())
    for seed in range(150):
        state = game.new_initial_state(seed)
        bots = [RandomBot(seed * 2), RandomBot(seed * 2 + 1)]
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance()
                assert action in [a for a, _ in state.chance_outcomes()]
            else:
                action = bots[player].choose(state)
            state.apply_action(action)
            piles = [state.supply, *(pile for side in state.sides for pile in
                                     (side.deck, side.hand, side.discard, side.boxed))]
            assert all(n > 0 for pile in piles for n in pile.values())
            for pile in (state.supply, *(side.deck for side in state.sides)):
                assert list(pile) == sorted(pile)


def test_a_clone_taken_mid_game_plays_on_exactly_like_its_original() -> None:
    state = SanGame(content()).new_initial_state(11)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(250):
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))
    twin, twin_bots = state.clone(), copy.deepcopy(bots)
    assert twin.tables is state.tables                  # the content's tables are shared
    assert twin.sides[MOON].hand is not state.sides[MOON].hand
    play_out(state, bots)
    play_out(twin, twin_bots)
    assert twin.log == state.log and twin.returns() == state.returns()


def test_apply_action_checks_like_the_base_class() -> None:
    state = state_with([card("p1", "propaganda", {"propaganda": 1})])
    state.sides[state.player].hand = Counter({"p1": 1})
    with pytest.raises(IllegalAction):
        state.apply_action(Play("not-in-hand"))
    with pytest.raises(IllegalAction):
        state.apply_action(Buy(0))                      # not in the play phase
    state.apply_action(Play("p1"))                      # a new, equal action object is legal
    state.apply_action(EndPlay())
    assert state.phase == "spend" and state.log[-2].startswith("Moon plays 'p1'")
    state.winner = STAR
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action(EndPlay())


def test_a_card_that_is_not_in_the_pool_cannot_be_drawn() -> None:
    state = SanGame(content()).new_initial_state(4)
    assert state.current_player() == CHANCE
    supply = dict(state.supply)
    with pytest.raises(IllegalAction):
        state.apply_action(Draw("moon-virus-5"))        # never in the Supply
    assert dict(state.supply) == supply and not state.log


def test_a_draw_effect_is_optional() -> None:
    """Effects are optional unless a card says otherwise: each draw icon is a choice,
    taken up (a card comes in from the deck) or declined (none does)."""
    cards = [card("draw-2", "equipment", effects=({"draw": 2},))]
    for take in (True, False):
        state = state_with(cards)
        side = state.sides[state.player]
        side.hand = Counter({"draw-2": 1})
        deck = sum(side.deck.values())
        state.apply_action(Play("draw-2"))
        assert state.legal() == [Skip(), Choose("draw")]
        state.apply_action(Choose("draw") if take else Skip())
        if take:
            assert state.current_player() == CHANCE
            state.apply_action(state.sample_chance())
        assert state.legal() == [Skip(), Choose("draw")]      # the second icon
        state.apply_action(Skip())
        assert sum(side.hand.values()) == (1 if take else 0)
        assert sum(side.deck.values()) == deck - (1 if take else 0)
        assert EndPlay() in state.legal()
