"""Interaction coverage (rules_engine/azadi/coverage.py): what simulated AZADI games
exercised, in `simulate --coverage` and the lint's L715 note."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.frontend.validate import validate
from rules_engine.azadi import coverage
from rules_engine.azadi.simulation import setup
from rules_engine.core.game import play_out
from tests.conftest import CARDS, run_cli

_MODELS: list[Any] = []


def _model() -> Any:
    """The shipped AZADI model, validated once per test process."""
    if not _MODELS:
        _MODELS.append(validate([CARDS / "azadi"]).models["azadi"])
    return _MODELS[0]


def _games(n: int) -> list[dict[str, int]]:
    model = _model()
    found = []
    for seed in range(n):
        game, bots, summarise = setup(seed, content=model, bots=("coop",) * 4,
                                      difficulty="easy", seat_of_power=True)
        found.append(summarise(play_out(game.new_initial_state(seed), bots))[3])
    return found


def test_what_fired_is_what_the_campaign_holds_and_pairs_name_what_fired() -> None:
    model = _model()
    universe = coverage.universe(model, model.campaigns[0], seat_of_power=True)
    effects, laws, used = set(universe.effects), set(universe.laws), set(universe.used)
    seen_pair = False
    for counters in _games(6):
        fired = coverage.fired_keys(counters)
        assert fired <= effects, fired - effects
        # the campaign's Mandate is in force from the start of a Seat of Power game
        assert f"mandate:{model.campaigns[0].mandate}:imperial" in fired
        for key, n in counters.items():
            if key.startswith(("fired:", "pair:")):
                assert n == 1                       # once per game, however often
            if key.startswith("pair:"):
                law, effect = key[5:].split("|")
                assert law in laws and effect in used and effect in fired
                seen_pair = True
    assert seen_pair


def test_a_power_used_under_laws_pairs_with_each_of_them() -> None:
    model = _model()
    game, _, _ = setup(2, content=model, bots=("coop",) * 4, seat_of_power=True)
    state = game.new_initial_state(2)
    laws = coverage.in_force(state)
    assert laws == [f"mandate:{model.campaigns[0].mandate}:imperial"]
    coverage.fire(state, "resistance:12")
    coverage.fire(state, "order:3")             # a law itself: no pair
    assert state.usage["fired:resistance:12"] == 1
    assert state.usage[f"pair:{laws[0]}|resistance:12"] == 1
    assert not [k for k in state.usage if k.startswith("pair:") and k.endswith("order:3")]


def test_the_universe_counts_every_kind_of_effect() -> None:
    model = _model()
    campaign = model.campaigns[0]
    universe = coverage.universe(model, campaign, seat_of_power=True)
    choices = sum(len(card.choices) for card in campaign.tyranny_cards)
    orders = {card.order for card in campaign.tyranny_cards}
    resistance = {c.resistance for card in campaign.tyranny_cards for c in card.choices}
    sides = sum(len(f.sides) for f in model.foundation_cards)
    monuments = {f.monument for f in model.foundation_cards}
    assert len(universe.effects) == choices + len(orders) + 2 + sides + len(resistance) + \
        len(model.maidaan_powers) + len(monuments)
    without = coverage.universe(model, campaign, seat_of_power=False)
    assert len(without.effects) == len(universe.effects) - 2      # no Mandate sides
    assert universe.pairs == len(universe.laws) * len(universe.used)


def test_simulate_coverage_reports_effects_and_pairs() -> None:
    result = run_cli("simulate", "azadi", "--games", "6", "--bots", "coop", "--seat-of-power",
                     "--coverage", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    model = _model()
    universe = coverage.universe(model, model.campaigns[0], seat_of_power=True)
    effects, pairs = report["coverage"]["effects"], report["coverage"]["pairs"]
    assert effects["total"] == len(universe.effects)
    assert pairs["total"] == universe.pairs
    assert 0 < effects["fired"] < effects["total"]
    assert effects["fired"] + len(effects["never"]) == effects["total"]
    assert 0 < pairs["covered"] <= pairs["total"]
    assert report["coverage"]["games"] == 6
    text = run_cli("simulate", "azadi", "--games", "6", "--bots", "coop", "--seat-of-power",
                   "--coverage")
    assert (f"coverage: {effects['fired']} of {effects['total']} effects fired, "
            f"{pairs['covered']} of {pairs['total']} (law, power) pairs") in text.output
    # the text names what never fired as printed; the JSON keeps the keys
    (never,) = [line for line in text.output.splitlines() if "never fired: " in line]
    shown = "; ".join(coverage.describe(model, key) for key in effects["never"][:8])
    assert never == f"    never fired: {shown}, and {len(effects['never']) - 8} more"
    assert not [key for key in effects["never"] if key in never]
    assert all(":" in key for key in effects["never"])
    plain = json.loads(run_cli("simulate", "azadi", "--games", "6", "--format",
                               "json").stdout)
    assert "coverage" not in plain


@pytest.mark.slow
def test_the_lint_says_what_its_games_never_exercised() -> None:
    result = run_cli("lint", str(CARDS / "azadi"), "--games", "50", "--select", "L715",
                     "--format", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["diagnostics"]
    model = _model()
    assert len(found) == len(model.campaigns)        # one note per campaign
    for d in found:
        assert d["code"] == "L715" and d["severity"] == "info"
        assert d["file"].endswith("campaign.yaml")
        assert " effects fired in " in d["message"] and "never fired: " in d["message"]
