"""AZADI's balance lints (L716 difficulty out of order, L717 taken always or never,
L718 a Resistance card never used when eligible; ruling R53): their decisions on
given counts, the counters the engine keeps for them, and a lint of planted content
that triggers L716 and L717 with replayable findings."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_engine.azadi.lint import always_or_never, balance_runs, difficulty_order, never_used
from rules_engine.azadi.lint.balance_runs import LevelRuns, Sample
from rules_engine.core.simulate import GameRecord, Simulation, run
from tests.conftest import run_cli

RUS = "russian-revolution-1917"


def test_the_sign_test_tail_and_the_five_percent_line() -> None:
    assert difficulty_order.sign_test(5, 0) == 1 / 32
    assert difficulty_order.sign_test(4, 0) == 1 / 16
    assert difficulty_order.sign_test(6, 1) == 8 / 128
    assert difficulty_order.sign_test(0, 3) == 1.0
    assert difficulty_order.out_of_order(5, 0)          # p = 0.031
    assert not difficulty_order.out_of_order(4, 0)      # p = 0.0625: noise
    assert not difficulty_order.out_of_order(6, 1)      # p = 0.0625
    assert difficulty_order.out_of_order(7, 1)          # p = 0.035
    assert not difficulty_order.out_of_order(0, 0)      # ties at zero are never a reversal
    assert not difficulty_order.out_of_order(3, 5)      # the right way round


def _level(difficulty: str, azadi: list[int]) -> LevelRuns:
    from rules_engine.azadi.model import Campaign

    campaign = Campaign("c", "C", "m", (), ())
    return LevelRuns(campaign, difficulty, tuple(
        GameRecord(seed, (), 0, 1, "x", {"azadi": won}) for seed, won in enumerate(azadi)))


def test_discordant_seeds_pair_the_levels_seed_by_seed() -> None:
    easy = _level("easy", [1, 0, 1, 0, 0])
    hard = _level("hard", [1, 1, 0, 1, 0])
    assert difficulty_order.discordant(easy, hard) == ([1, 3], [2])
    assert difficulty_order.rates((easy, hard)) == "easy 2 of 5 (40%), hard 3 of 5 (60%)"


def test_always_or_never_thresholds() -> None:
    assert always_or_never.verdict(8, 8) == "always"
    assert always_or_never.verdict(20, 19) == "always"       # 95 %
    assert always_or_never.verdict(20, 18) == ""
    assert always_or_never.verdict(8, 0) == "never"
    assert always_or_never.verdict(7, 0) == ""               # too few games to say
    assert always_or_never.verdict(7, 7) == ""


def test_a_card_eligible_in_enough_games_and_never_used() -> None:
    def game(n: int, *keys: str) -> Sample:
        return Sample(f"replay {n}", {k: 1 for k in keys})

    eligible = [game(n, "eligible:resistance:7") for n in range(5)]
    assert never_used.never_used([game(9), *eligible], 7) == eligible
    assert never_used.never_used(eligible[:4], 7) == []           # fewer than 5 games
    used = game(5, "eligible:resistance:7", "used:resistance:7")
    assert never_used.never_used([*eligible, used], 7) == []
    assert never_used.never_used(eligible, 8) == []


def test_the_engine_counts_what_came_up_and_what_was_offered(
        shipped_models: dict[str, Any]) -> None:
    model = shipped_models["azadi"]
    (campaign,) = [c for c in model.campaigns if c.id == RUS]
    spec = Simulation("rules_engine.azadi.simulation:setup", (
        ("content", replace(model, campaigns=(campaign,))), ("bots", ("coop",) * 4),
        ("campaign", RUS)))
    records = run(spec, 4, 1_000_000)
    offered = used = drawn = 0
    for record in records:
        counters = record.counters
        for key, n in counters.items():
            kind, _, rest = key.partition(":")
            if kind in ("drawn", "eligible"):
                assert n == 1, key                          # once a game
            if key.startswith(("used:resistance:", "used:maidaan:")):
                used += 1
                assert counters.get(f"eligible:{rest}") == 1, key   # used means offered
            if kind == "resolved":
                card = rest.rsplit(":", 1)[0]
                assert counters.get(f"drawn:tyranny:{card}") == 1, key
        offered += sum(1 for k in counters if k.startswith("eligible:"))
        drawn += sum(1 for k in counters if k.startswith("drawn:tyranny:"))
    assert offered and used and drawn


def test_balance_games_follow_the_budget_and_share_seeds() -> None:
    assert balance_runs.games_per_level(200) == 8
    assert balance_runs.games_per_level(1) == 2
    assert balance_runs.games_per_level(1000) == 40


def _planted(cards: Path) -> Path:
    """The AZADI folder with one campaign, a 4-player hard level whose Fort lies
    next to the Flag's start, and a Maidaan power that costs 1 Infamy."""
    game = cards / "azadi"
    for folder in (game / "campaigns").iterdir():
        if folder.name != RUS:
            shutil.rmtree(folder)
    path = game / "game.yaml"
    text = path.read_text()
    for old, new in (("{players: 4, ideology_cards: 24, azadi_points: {easy: 10, medium: 11, "
                      "hard: 12}}", "{players: 4, ideology_cards: 24, azadi_points: {easy: "
                      "16, medium: 15, hard: 5}}"),
                     ("maidaan-convert: 5", "maidaan-convert: 1")):
        assert old in text
        text = text.replace(old, new)
    path.write_text(text)
    return game


def test_planted_content_is_out_of_order_and_buys_a_cheap_power(cards: Path) -> None:
    game = _planted(cards)
    result = run_cli("lint", "--format", "json", "--select", "L716", "--select", "L717",
                     str(game))
    report = json.loads(result.stdout)
    found = {d["code"]: d for d in report["diagnostics"]}
    assert sorted(found) == ["L716", "L717"], report["diagnostics"]
    order = found["L716"]
    assert order["severity"] == "warning"
    assert order["file"].endswith(f"campaigns/{RUS}/campaign.yaml")
    assert order["message"].startswith(
        "Russian Revolution 1917: the difficulty levels are out of order: games reaching "
        "azadi: easy 0 of 8 (0%), medium 1 of 8 (12%), hard 8 of 8 (100%)")
    assert "hard reached azadi in 7 games medium did not" in order["message"]
    assert "(one-sided sign test p = 0.008)" in order["message"]
    assert "hard reached azadi in 8 games easy did not" in order["message"]
    assert f"--campaign {RUS} --difficulty hard --bots best,best,best,best --replay 1000000)" \
        in order["message"]
    bought = found["L717"]
    assert bought["severity"] == "warning" and bought["file"].endswith("azadi/maidaan.yaml")
    assert "Maidaan power 'Win Them Over' was bought in 8 of the 8 games in which a player " \
        "was offered it (medium, 8 games" in bought["message"]
    assert "--difficulty medium --bots best,best,best,best --replay 1000000" \
        in bought["message"]
    # the replay command is the lint's game: at hard, seed 1000000 reaches azadi
    replay = run_cli("simulate", "azadi", "--content", str(game), "--campaign", RUS,
                     "--difficulty", "hard", "--bots", "best,best,best,best", "--games", "1",
                     "--seed", "1000000", "--format", "json")
    assert replay.exit_code == 0, replay.output
    assert json.loads(replay.stdout)["azadi_rate"] == 1.0
