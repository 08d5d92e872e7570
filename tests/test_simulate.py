"""The game-agnostic simulation runner and `samizdat simulate` (with SAN plugged in)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from compiler.frontend.validate import validate
from rules_engine.core.simulate import Simulation, run, summary
from tests.conftest import CARDS, run_cli

SAN = validate([CARDS / "san"]).models["san"]


def spec(*bots: str) -> Simulation:
    return Simulation("rules_engine.san.simulation:setup", (("content", SAN), ("bots", bots)))


def test_same_seed_same_records_whatever_the_workers() -> None:
    one = run(spec("random", "hacking"), 40, seed=5)
    two = run(spec("random", "hacking"), 40, seed=5, workers=2)
    threads = run(spec("random", "hacking"), 40, seed=5, executor=ThreadPoolExecutor(3),
                  chunk=7)
    assert one == two == threads
    assert [r.seed for r in one] == list(range(5, 45))


@pytest.mark.parametrize("path", ["corruption", "propaganda", "hacking"])
def test_each_victory_path_is_reached_by_its_bot(path: str) -> None:
    records = run(spec(path, "random"), 150, seed=1)
    assert any(r.end == path and r.returns[0] == 1.0 for r in records)


def test_summary_figures() -> None:
    records = run(spec("hacking", "random"), 60, seed=3)
    report = summary(records, 2)
    assert report["games"] == 60
    assert report["win_rate_by_seat"][0] > 0.8
    assert sum(report["ends"].values()) == 60
    assert 0.0 <= report["first_player_win_rate"] <= 1.0


def test_simulate_cli_json_and_replay() -> None:
    result = run_cli("simulate", "san", "--games", "20", "--bots", "propaganda,random",
                     "--format", "json", "--seed", "9")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 20 and report["bots"] == ["propaganda", "random"]
    again = run_cli("simulate", "san", "--games", "20", "--bots", "propaganda,random",
                    "--format", "json", "--seed", "9", "--workers", "2")
    assert again.stdout == result.stdout
    replay = run_cli("simulate", "san", "--replay", "9", "--bots", "propaganda,random")
    assert replay.exit_code == 0
    assert replay.stdout.splitlines()[0].startswith("    1  chance: ")
    assert replay.stdout.splitlines()[-1].startswith("end: ")


def test_simulate_spring() -> None:
    result = run_cli("simulate", "spring", "--games", "6", "--bots", "random,random,random",
                     "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 6 and len(report["win_rate_by_seat"]) == 3
    assert sum(report["ends"].values()) == 6


def test_unbuilt_engines_and_bad_bots_are_usage_errors() -> None:
    assert run_cli("simulate", "azadi", "--bots", "nosuch").exit_code == 2
    assert run_cli("simulate", "san", "--bots", "nosuch").exit_code == 2
    assert run_cli("simulate", "spring", "--bots", "coop").exit_code == 2   # AZADI's bot
    assert run_cli("simulate", "azadi", "--bots", "random,random,random,random,random,"
                   "random").exit_code == 2           # (one name alone fills every seat)


def test_report_as_html_and_pdf(tmp_path: Path) -> None:
    from pypdf import PdfReader

    result = run_cli("simulate", "san", "--games", "10", "--report", str(tmp_path))
    assert result.exit_code == 0
    page = (tmp_path / "san-report.html").read_text()
    assert "<svg" in page and "Win rate by seat" in page
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "san-report.pdf").pages)
    assert "Win rate by seat" in text and "How games end" in text


def test_simulate_azadi_core_loop() -> None:
    result = run_cli("simulate", "azadi", "--games", "8", "--bots", "random,random,random",
                     "--difficulty", "easy", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 8 and len(report["win_rate_by_seat"]) == 3


def test_azadi_report_counts_every_card_the_campaign_plays(tmp_path: Path) -> None:
    from pypdf import PdfReader

    model = validate([CARDS / "azadi"]).models["azadi"]
    campaign = model.campaigns[1]
    result = run_cli("simulate", "azadi", "--games", "12", "--bots", "greedy,greedy,greedy",
                     "--campaign", campaign.id, "--format", "json", "--report", str(tmp_path))
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    counters = report["counters"]
    assert report["campaign"] == campaign.id
    assert report["azadi_rate"] == round(counters["azadi"] / 12, 4)
    # every choice of every Tyranny card of the campaign, completed or not
    choices = report["tyranny_choices_completed"]
    assert len(choices) == 2 * len(campaign.tyranny_cards)
    card = campaign.tyranny_cards[0]
    assert choices[f"{card.title} / {card.choices[0].title}"] == round(
        counters.get(f"resolved:{card.id}:0", 0) / 12, 4)
    assert sum(choices.values()) * 12 == pytest.approx(sum(
        v for k, v in counters.items() if k.startswith("resolved:")), abs=0.01)
    assert len(report["maidaan_bought_per_game"]) == len(model.maidaan_powers)
    unlocked = {c.resistance for t in campaign.tyranny_cards for c in t.choices}
    assert len(report["resistance_cards_used_per_game"]) == len(unlocked)
    overturned = sum(v for k, v in counters.items() if k.startswith("used:order:"))
    assert overturned == counters.get("points:order_overturned", 0) > 0
    assert sum(report["orders_overturned_per_game"].values()) * 12 == pytest.approx(
        overturned, abs=0.01)
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "azadi-report.pdf").pages)
    assert "Tyranny choices completed" in text and "Maidaan powers bought" in text


def test_azadi_report_by_difficulty() -> None:
    result = run_cli("simulate", "azadi", "--games", "3", "--bots", "random,random",
                     "--difficulty", "all", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 9 and set(report["by_difficulty"]) == {"easy", "medium", "hard"}
    assert all(part["games"] == 3 for part in report["by_difficulty"].values())
    text = run_cli("simulate", "azadi", "--games", "3", "--bots", "random,random",
                   "--difficulty", "all").stdout
    assert "    hard: azadi rate" in text and "Maidaan powers bought per game:" in text


def test_a_worker_sent_fresh_content_with_every_batch_stays_bounded() -> None:
    """A worker of a user's executor unpickles the content once per batch: the
    engines' per-content tables keep the newest few copies, not every one."""
    import pickle

    from rules_engine.azadi import facts as azadi_facts
    from rules_engine.san import engine as san_engine
    from rules_engine.spring import engine as spring_engine

    models = validate([CARDS]).models
    for batch in range(12):
        for game, content in (("azadi", models["azadi"]), ("san", SAN),
                              ("spring", models["spring"])):
            fresh = pickle.loads(pickle.dumps(content))
            run(Simulation(f"rules_engine.{game}.simulation:setup",
                           (("content", fresh), ("bots", ("random",) * 2))), 1, seed=batch)
    assert len(azadi_facts.CACHE) == 8
    assert len(san_engine._TABLES) == len(spring_engine._TABLES) == 8


def test_identity_cache_keeps_the_newest_entries() -> None:
    from rules_engine.core.identity_cache import IdentityCache

    made: list[int] = []
    cache: IdentityCache[tuple[int, ...], int] = IdentityCache(2)

    def make(key: tuple[int, ...]) -> int:
        made.append(len(key))
        return len(key)

    first, second, third = (1,), (1, 2), (1, 2, 3)
    assert [cache.lookup(k, make) for k in (first, second, first)] == [1, 2, 1]
    assert made == [1, 2]                           # the second lookup of ``first`` is kept
    assert cache.lookup(third, make) == 3 and len(cache) == 2
    assert cache.lookup(first, make) == 1 and made == [1, 2, 3, 1]   # the oldest went


def test_below_draws_what_randrange_draws() -> None:
    """RandomBot's ``below`` must leave every recorded game unchanged: the same number
    as ``random.Random.randrange`` from the same state, and the same state after."""
    import random

    from rules_engine.core.game import below

    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 1000, 2**20 + 3]:
            assert below(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()
