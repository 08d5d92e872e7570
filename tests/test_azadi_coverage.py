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
    # every (law, used) pair but a Monument (after azadi) with a while-active power
    monuments_x_active = len(monuments) * sum(1 for law in universe.laws
                                              if law.startswith("tyranny:"))
    assert universe.pairs == len(universe.laws) * len(universe.used) - monuments_x_active
    assert not coverage.possible(f"tyranny:{campaign.tyranny_cards[0].id}:0",
                                 f"monument:{min(monuments)}")
    assert coverage.possible(f"order:{min(orders)}", f"monument:{min(monuments)}")


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
        assert " effects fired in " in d["message"]
        assert "of them directed, R55)" in d["message"]
        if "never fired: " in d["message"]:
            assert "(closest: seed " in d["message"]
            assert d["hint"].startswith("replay the closest games: samizdat simulate azadi ")
        else:      # every effect fired: the pairs never in play together, named
            assert "98 of 98 effects" in d["message"]
            assert "every effect fired; never in play together: " in d["message"]
            assert " under " in d["message"]


@pytest.mark.slow
def test_the_default_lint_reaches_its_measured_coverage() -> None:
    """The shipped campaigns at the default budget (--games 200): measured every one of
    the 98 effects of each campaign and 1124, 1125, 1145, 1112 and 1141 of 1224 pairs
    (5647 of 6120, 92.3 %) since 2-player games found only 2-player Foundation cards
    (R73) and every resource gained counts for a task (R72), from 1162, 1145, 1195, 1123
    and 1137 before; the issue's targets are 100 % and 90 % of pairs per campaign, and
    the floors sit there (92 % overall)."""
    result = run_cli("lint", str(CARDS / "azadi"), "--select", "L715", "--format", "json")
    assert result.exit_code == 0, result.output
    fired, pairs = [], []
    for d in json.loads(result.stdout)["diagnostics"]:
        head = d["message"].split(": ", 1)[1]
        fired.append(int(head.split(" of ", 1)[0]))
        pairs.append(int(head.split("R55), ", 1)[1].split(" of ", 1)[0]))
    assert fired == [98] * 5
    assert min(pairs) >= 0.9 * 1224 and sum(pairs) >= 0.92 * 6120


# -- directed games (ruling R55) ---------------------------------------------------------

def _directed(seed: int, **options: Any) -> Any:
    """The initial state of a directed game of the first campaign."""
    model = _model()
    game, bots, summarise = setup(seed, content=model, bots=("greedy",) * 4,
                                  campaign=model.campaigns[0].id, seat_of_power=True,
                                  **options)
    return game.new_initial_state(seed), bots, summarise


def test_directed_resistance_cards_lie_in_new_zones_and_orders_are_in_play() -> None:
    plain, _, _ = _directed(4)
    state, bots, summarise = _directed(4, resistance_start=(31, 33), orders_start=(3, 4))
    zones = len(plain.board.zones)
    assert len(state.board.zones) == zones + 2             # one zone opened per card
    assert state.resistance == {zones: 31, zones + 1: 33}
    assert [(p.order.number, p.zone) for p in state.in_play] == [(3, 0), (4, 1)]
    assert state.usage["fired:order:3"] == state.usage["fired:order:4"] == 1
    # the decks are dealt as in the plain game of the seed
    assert state.tyranny_deck == plain.tyranny_deck and state.slots == plain.slots
    counters = summarise(play_out(state, bots))[3]
    assert counters["near:resistance:31"] >= 1             # it lay on the board


def test_directed_azadi_in_legacy_and_foundation_found_that_side() -> None:
    model = _model()
    card = model.foundation_cards[1]
    state, bots, summarise = _directed(0, azadi_in=1, legacy_start=3,
                                       foundation=f"{card.id}:2", max_turns=50)
    assert state.track.fort - state.track.flag == 1
    assert all(p.resources["legacy"] == 3 for p in state.players)
    counters = summarise(play_out(state, bots))[3]
    assert counters["azadi"] == 1
    assert counters[f"fired:foundation:{card.id}:1"] == 1  # side 2, though bots vote 1
    assert f"fired:foundation:{card.id}:0" not in counters
    assert counters[f"fired:monument:{card.monument}"] == 1


def test_directed_options_are_simulate_options_and_replay_flags() -> None:
    model = _model()
    card = model.foundation_cards[0].id
    result = run_cli("simulate", "azadi", "--games", "1", "--bots", "greedy",
                     "--seat-of-power", "--resistance", "31,33", "--orders", "3",
                     "--azadi-in", "1", "--legacy", "2", "--foundation", f"{card}:2",
                     "--max-turns", "40", "--coverage", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["directed"] == {"resistance": "31,33", "orders": "3", "azadi_in": 1,
                                  "legacy": 2, "foundation": f"{card}:2"}
    assert f"foundation:{card}:1" not in report["coverage"]["effects"]["never"]
    bad = run_cli("simulate", "azadi", "--games", "1", "--resistance", "999")
    assert bad.exit_code == 2 and "no Resistance card 999" in bad.output


def test_directed_lint_games_are_planned_from_what_is_missing_and_replay() -> None:
    from rules_engine.azadi.lint.directed_runs import directed_games, directed_runs
    from rules_engine.azadi.lint.never_exercised import closest

    model = _model()
    runs = directed_runs(model, 8, 0)
    assert len(runs) == directed_games(8) * len(model.campaigns)
    first = runs[0]
    options = dict(first.spec.options)
    # the first plan of a campaign puts in play what its plain games never fired
    from rules_engine.azadi.lint.simulation_runs import choice_runs

    fired = set().union(*(coverage.fired_keys(r.counters) for x in choice_runs(model, 8, 0)
                          if x.campaign is first.campaign for r in x.records))
    planned = {f"resistance:{n}" for n in options["resistance_start"]}
    if "foundation" in options:
        card, side = options["foundation"].split(":")
        planned.add(f"foundation:{card}:{int(side) - 1}")
    assert planned - fired
    assert options["levels_start"] == 3 and options["infamy_start"] > 0
    assert first.replay().startswith("samizdat simulate azadi --bots explore,explore,")
    assert "--levels 3" in first.replay()
    # the closest game of an effect replays to a game where the measure holds
    games = [(g.record, g.replay()) for g in runs if g.campaign is first.campaign]
    number = options["resistance_start"][0]
    found = closest(f"resistance:{number}", games)
    assert found is not None
    record, replay = found
    spec = next(g.spec for g in runs if g.record is record)
    engine = {k: v for k, v in spec.options if k not in ("content", "bots")}
    game, bots, summarise = setup(record.seed, content=model, bots=dict(spec.options)["bots"],
                                  **engine)
    state = play_out(game.new_initial_state(record.seed), bots)
    assert number in state.resistance.values()            # it lay on the board
    assert summarise(state)[3] == record.counters          # the same game, replayed
    assert f"--replay {record.seed}" in replay


def _to_actions(state: Any, bots: Any) -> None:
    """Play the bots' moves and the draws up to a player's main phase."""
    from rules_engine.core.game import CHANCE

    while state.phase != "actions":
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))


def test_a_resistance_card_that_answers_an_event_fires_and_is_used() -> None:
    """A Resistance card whose power answers an event (Dual Power: two Clout when its
    holder forms a majority) is used when it runs, as an activated one is: it fires
    for coverage, pairs with the laws in force and counts as used."""
    from rules_engine.azadi.engine import Place

    state, bots, summarise = _directed(4, resistance_start=(48,))
    zone_index = next(z for z, n in state.resistance.items() if n == 48)
    _to_actions(state, bots)
    me = state.players[state.player]
    me.levels["supremo"] = 3                                  # eligible for the card
    zone = state.board.zones[zone_index]
    for _ in range(zone.majority - 1):
        state.board.add_voter(zone_index, state.player, state.track)
    me.mat_voters += 1
    state.edited()
    clout = me.resources["clout"]
    assert state.usage["fired:resistance:48"] == 0
    state.apply_action(Place(zone_index))                     # the majority forms
    assert zone.holder == (state.player,)
    assert me.resources["clout"] == clout + 2
    assert state.usage["fired:resistance:48"] == 1 and state.usage["resistance:48"] == 1
    laws = coverage.in_force(state)
    assert laws and all(state.usage[f"pair:{law}|resistance:48"] == 1 for law in laws)
    assert summarise(state)[3]["used:resistance:48"] == 1


def test_a_resistance_card_answering_an_event_counts_for_a_task_of_cards_used() -> None:
    """Ruling R57: Dual Power running is a use of the card, so a Tyranny task that asks
    for Resistance cards used advances by one when it fires."""
    from dataclasses import replace

    from rules_engine.azadi.engine import Place
    from rules_engine.azadi.model import Task
    from rules_engine.azadi.tyranny import ActiveTyranny
    from rules_engine.core.effects import FrozenMap

    state, bots, _ = _directed(4, resistance_start=(48,))
    zone_index = next(z for z, n in state.resistance.items() if n == 48)
    _to_actions(state, bots)
    card = _model().campaigns[0].tyranny_cards[0]
    task = Task("resistance_card_used", FrozenMap(()))
    card = replace(card, choices=tuple(replace(c, task=task, times=3, while_active=())
                                       for c in card.choices))
    state.tyranny = ActiveTyranny(card)
    me = state.players[state.player]
    me.levels["supremo"] = 3
    zone = state.board.zones[zone_index]
    for _ in range(zone.majority - 1):
        state.board.add_voter(zone_index, state.player, state.track)
    me.mat_voters += 1
    state.edited()
    state.apply_action(Place(zone_index))                     # Dual Power fires
    assert state.usage["resistance:48"] == 1
    assert state.tyranny is not None and state.tyranny.progress == [1, 1]


# -- the explorer bot and the directed starting levels, Infamy and Mandate (R59) ---------

def test_directed_levels_infamy_and_a_flipped_mandate_start_the_game() -> None:
    model = _model()
    mandate = model.campaigns[0].mandate
    state, bots, summarise = _directed(0, levels_start=3, infamy_start=5,
                                       mandate_flipped=True)
    assert all(p.levels[i.id] >= 3 for p in state.players for i in model.ideologues)
    assert all(p.resources["infamy"] == 5 for p in state.players)
    assert state.mandate_flipped and state.mandate_infamy == 0
    assert coverage.in_force(state)[0] == f"mandate:{mandate}:rebel"
    counters = summarise(play_out(state, bots))[3]
    # the Imperial side was never in force, so it is not counted as fired
    assert counters[f"fired:mandate:{mandate}:rebel"] == 1
    assert f"fired:mandate:{mandate}:imperial" not in counters


def test_directed_levels_infamy_and_flipped_are_simulate_options_and_replay_flags() -> None:
    from rules_engine.core.replay import replay_command
    from rules_engine.core.simulate import Simulation

    result = run_cli("simulate", "azadi", "--games", "1", "--bots", "explore",
                     "--seat-of-power", "--levels", "3", "--infamy", "5",
                     "--mandate-flipped", "--max-turns", "12", "--coverage",
                     "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["directed"] == {"levels": 3, "infamy": 5, "mandate_flipped": True}
    spec = Simulation("rules_engine.azadi.simulation:setup", (
        ("bots", ("explore",) * 4), ("seat_of_power", True), ("levels_start", 3),
        ("infamy_start", 5), ("mandate_flipped", True)))
    assert replay_command(spec, 7) == ("samizdat simulate azadi --bots explore,explore,"
                                       "explore,explore --seat-of-power --levels 3 "
                                       "--infamy 5 --mandate-flipped --replay 7")


def _every_key_tried(state: Any) -> None:
    """Mark every power the player may use now, and its pairs with the laws in force,
    as already tried."""
    from rules_engine.azadi.engine import UsePower

    for action in state.legal():
        if isinstance(action, UsePower):
            effect = coverage.source_effect(state, action.source)
            state.usage[f"fired:{effect}"] = 1
            for law in coverage.in_force(state):
                state.usage[f"pair:{law}|{effect}"] = 1


def test_the_explorer_bot_uses_first_what_this_game_has_not_tried() -> None:
    """Ruling R59: in its main phase the explorer uses the power that adds most to the
    game's coverage; once everything has been tried it plays as the greedy bot."""
    from rules_engine.azadi.bots import ExplorerBot, GreedyBot
    from rules_engine.azadi.engine import UsePower

    state, _, _ = _directed(4, resistance_start=(2,), levels_start=3)
    bots = [ExplorerBot(10 + i) for i in range(4)]
    _to_actions(state, bots)
    state.players[state.player].resources["funds"] += 6      # General Strike costs 3
    state.edited()
    before = {k for k in state.usage if k.startswith(("fired:", "pair:"))}
    chosen = bots[state.player].choose(state)
    assert isinstance(chosen, UsePower)
    trial = state.clone()
    trial.apply_action(chosen)
    added = {k for k in trial.usage if k.startswith(("fired:", "pair:"))} - before
    assert any(k.startswith("pair:") for k in added)          # something new was tried
    # with nothing left to try, the explorer plays as the greedy bot (without pursuing
    # the Tyranny tasks)
    _every_key_tried(state)
    bot = bots[state.player]
    assert bot.choose(state) == GreedyBot._act(bot, state, state.legal())


def test_the_explorer_raises_an_event_a_resistance_card_answers() -> None:
    """Dual Power answers its holder forming a majority: with a majority one voter
    away, the explorer places that voter first (the card then fires)."""
    from rules_engine.azadi.bots import ExplorerBot
    from rules_engine.azadi.engine import Place

    state, _, _ = _directed(4, resistance_start=(48,), levels_start=3)
    zone_index = next(z for z, n in state.resistance.items() if n == 48)
    bots = [ExplorerBot(i) for i in range(4)]
    _to_actions(state, bots)
    zone = state.board.zones[zone_index]
    for _ in range(zone.majority - 1):
        state.board.add_voter(zone_index, state.player, state.track)
    state.players[state.player].mat_voters += 1
    state.edited()
    assert bots[state.player].choose(state) == Place(zone_index)
