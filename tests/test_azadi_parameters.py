"""A manifest parameter is what the engine plays and what the rules reference prints:
a variant's parley reward, Order Infamy and Tyranny Legacy change the game, and the
reference says the variant's numbers (priority one: printed is simulated)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compiler.frontend.rules_data import load_rules, with_parameters
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.engine import Parley, Place, PlaceOrder
from rules_engine.core.effects import freeze
from tests import azadi_helpers
from tests.azadi_helpers import at_parley, content, in_actions, until_player

VARIANT = {"parley_reward": 2, "order_infamy": 4, "tyranny_legacy_per_choice": 5}


@pytest.fixture
def variant(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = content()
    varied = replace(shipped, parameters=freeze({**shipped.parameters.to_dict(), **VARIANT}))
    monkeypatch.setattr(azadi_helpers, "content", lambda: varied)


@pytest.mark.usefixtures("variant")
def test_a_parley_pays_the_manifests_reward() -> None:
    state = until_player(at_parley(4))
    me = state.players[state.player]
    parley = next(a for a in state.legal_actions() if isinstance(a, Parley))
    before = me.resources[parley.kind]
    state.apply_action(parley)
    assert me.resources[parley.kind] == before + 2
    assert state.log[-1].endswith(f"2 {parley.kind}")


@pytest.mark.usefixtures("variant")
def test_a_tyranny_card_lays_the_manifests_legacy_and_its_order_the_manifests_infamy(
        ) -> None:
    state = in_actions()
    me = state.players[state.player]
    me.to_place, me.resources["legacy"] = 1, 0
    before = [z.voters[IMPERIAL] for z in state.board.zones]
    state.apply_action(Place(1, True))
    assert state.tyranny is not None and state.tyranny.legacy_left == [5, 5]
    assert [z.voters[IMPERIAL] for z in state.board.zones] == [n + 2 for n in before]
    state.apply_action(PlaceOrder(2))
    (order,) = state.in_play
    assert order.infamy == 4


def test_the_reference_prints_the_numbers_the_engine_plays() -> None:
    rules, _ = load_rules("azadi")
    assert rules is not None
    parameters = {**content().parameters.to_dict(), **VARIANT}
    text = str(with_parameters(rules, parameters).data)
    assert "{parameter:" not in text
    assert "take resources of your choice from the reserve: 2 per zone" in text
    assert "Put 4 :infamy: Infamy beside the Order" in text
    assert "Put 5 :legacy: Legacy on the Imperial Arms Mat" in text
    shipped = str(with_parameters(rules, content().parameters.to_dict()).data)
    assert "Put 6 :infamy: Infamy beside the Order" in shipped
