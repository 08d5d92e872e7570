"""What AZADI counts as resources gained, and the Foundation deck at 2 players
(rulings R72, R73): an answer's resources and the passive income it brings, a
parley's reward, resources an effect gives or takes are each a ``resources_gained``
event a Tyranny task counts; a trade is not. A 2-player game founds only Foundation
cards labelled 2-player compatible."""

from __future__ import annotations

from collections import Counter

from rules_engine.azadi import interpreter, scoring
from rules_engine.azadi.engine import Answer, AzadiGame, EndParley, Parley
from rules_engine.azadi.model import RESOURCE_OF
from rules_engine.core.effects import parse_effect
from tests.azadi_helpers import at_parley, content, in_actions, until_player


def _gained(state: object, since: int, player: int) -> Counter[str]:
    found: Counter[str] = Counter()
    for event in state.events[since:]:  # type: ignore[attr-defined]
        if event.name == "resources_gained" and event.by == player:
            found[event.fact("kind")] += event.count
    return found


def test_an_answer_and_its_passive_income_are_resources_gained() -> None:
    state = until_player(at_parley(4))
    state.apply_action(EndParley())
    state = until_player(state)
    me = state.players[state.player]
    answer = state.ideology_cards[state.current or ""].answers[0]
    me.levels[answer.ideologue] = 3                  # 4 cards after answering: 2 income
    since = len(state.events)
    state.apply_action(Answer(0))
    expected = Counter({k: int(v) for k, v in answer.resources.items})
    expected[RESOURCE_OF[answer.ideologue]] += 2
    assert _gained(state, since, state.player) == +expected


def test_a_parley_reward_is_resources_gained() -> None:
    state = at_parley(4)
    player = state.player
    zone = next(a.zone for a in state.legal_actions() if isinstance(a, Parley))
    since = len(state.events)
    state.apply_action(Parley(zone, "media"))
    assert _gained(state, since, player) == Counter({"media": 1})


def _run(state: object, player: int, action: dict[str, object]) -> None:
    interpreter.run_ability(state, player, parse_effect({"do": [action]}))  # type: ignore[arg-type]


def test_effects_that_give_or_take_resources_raise_resources_gained() -> None:
    state = in_actions(3)
    me, other = state.player, (state.player + 1) % 3
    state.players[other].resources.update({"funds": 3})
    since = len(state.events)
    _run(state, me, {"action": "gain_resources", "resources": {"trust": 2}})
    _run(state, me, {"action": "take_resources", "count": 1, "kind": "funds"})
    assert _gained(state, since, me) == Counter({"trust": 2, "funds": 1})
    since = len(state.events)
    _run(state, me, {"action": "donate_resources", "count": 1, "kind": "trust"})
    receivers = [e.by for e in state.events[since:] if e.name == "resources_gained"]
    assert len(receivers) == 1 and receivers[0] != me


def test_a_trade_with_the_reserve_is_no_gain() -> None:
    state = in_actions(3)
    me = state.player
    state.players[me].resources.update({"funds": 2})
    before = sum(state.players[me].resources.values())
    since = len(state.events)
    _run(state, me, {"action": "trade_resources", "with": "reserve", "give": 1, "get": 1})
    assert sum(state.players[me].resources.values()) == before
    assert not [e for e in state.events[since:] if e.name in ("resources_gained",
                                                              "resources_spent")]


def _founded(players: int, levels: dict[str, int]) -> str:
    state = AzadiGame(content(), players).new_initial_state(1)
    for mine in state.players:
        mine.levels.clear()
    state.players[0].levels.update(levels)
    state.contributions = []
    scoring.choose_foundation(state)
    assert state.foundation is not None
    return str(state.foundation.id)


def test_two_players_found_only_cards_labelled_for_two() -> None:
    held = {"capitalist": 5, "supremo": 4, "idealist": 2, "showstopper": 1}
    assert _founded(3, held) == "foundation-capitalist-supremo"
    card = next(f for f in content().foundation_cards
                if f.id == "foundation-capitalist-supremo")
    assert not card.two_player
    # at 2 players the dominant ideology stays; the second held most among its cards
    assert _founded(2, held) == "foundation-capitalist-idealist"
    assert _founded(2, {**held, "showstopper": 3}) == "foundation-capitalist-showstopper"
    assert _founded(2, {"idealist": 5, "capitalist": 4}) == "foundation-idealist-capitalist"


def test_a_filter_of_any_kind_counts_every_kind() -> None:
    """``kind: any`` on a task used to compare the event's kind with the word 'any',
    so a task printed "spend 4 resources of any kind" never counted one."""
    from rules_engine.azadi.tyranny import Event, matches

    spent = Event("resources_spent", 0, count=2, facts=(("kind", "media"),))
    assert matches(spent, "resources_spent", {"kind": "any"})
    assert matches(spent, "resources_spent", {"kind": "media"})
    assert not matches(spent, "resources_spent", {"kind": "funds"})
