"""Lint stages gate each other, and nothing is lost: content that did not load, or
has errors, is never simulated nor weighed as a whole (R103 names what did not run);
load errors come first and counts of a folder with a file that did not load are not
checked; an exception inside a rule is an R104 error (with the replay command of the
game it crashed in) while every other finding is still reported; and the simulated
games are keyed by what they read, so editing printed text replays none."""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.frontend.validate import validate
from rules_engine.core import run_cache
from rules_engine.core.budgets import GameDidNotEnd
from rules_engine.core.game import RandomBot, State, play_out
from rules_engine.core.play_model import for_play, printed
from rules_engine.core.simulate import GameRecord, Simulation, stream
from tests.conftest import CARDS, edit, line_of, run_cli, triples, validate_json

SPRING_BOARD = "spring/board_and_deck.yaml"
TUNISIA_3 = "{number: 3, kind: country, country: tunisia}"
AMR = "azadi/campaigns/american-revolution-1776"


def lint_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("lint", "--format", "json", *args)
    return result.exit_code, json.loads(result.stdout)


def _message(report: dict[str, Any], code: str) -> str:
    found = [d["message"] for d in report["diagnostics"] if d["code"] == code]
    assert len(found) == 1, report["diagnostics"]
    return str(found[0])


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty run cache, on disk and in memory."""
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path / "cache"))
    run_cache.cached_run.cache_clear()
    yield tmp_path / "cache"
    run_cache.cached_run.cache_clear()


# --- a file that did not load ----------------------------------------------------------

@pytest.mark.parametrize(("broken", "code", "column"), [
    ("{number: 3, kind: country, kind: country, country: tunisia}", "Y105", 32),
    ("\t- {number: 3, kind: country, country: tunisia}", "Y103", 1),
])
def test_a_spring_board_that_did_not_load_is_neither_counted_nor_simulated(
        cards: Path, broken: str, code: str, column: int) -> None:
    path = cards / SPRING_BOARD
    line = line_of(path, TUNISIA_3)
    edit(path, f"  - {TUNISIA_3}" if code == "Y103" else TUNISIA_3, broken)
    exit_code, report = validate_json(cards / "spring")
    assert (exit_code, triples(report, cards)) == (1, [(code, SPRING_BOARD, line, column)])
    exit_code, report = lint_json(str(cards / "spring"), "--games", "4")   # the full lint
    assert (exit_code, triples(report, cards)) == (1, [
        (code, SPRING_BOARD, line, column), ("R103", "spring/game.yaml", 3, 3)])
    said = _message(report, "R103")
    assert "L901 not-radicalisable, L902 resistance-too-weak, L911 stalled-game (simulated)" \
        in said


def test_a_san_file_that_did_not_load_gives_no_model_error_at_the_folder(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    line = line_of(path, "- id: moon-start-corruption")
    edit(path, "  - id: moon-start-corruption\n", "\t- id: moon-start-corruption\n")
    exit_code, report = lint_json(str(cards / "san"), "--games", "4")
    assert (exit_code, triples(report, cards)) == (1, [
        ("Y103", "san/cards.yaml", line, 1), ("R103", "san/game.yaml", 3, 3)])
    assert "L811 victory-never-reached (simulated)" in _message(report, "R103")


def test_a_tyranny_file_that_did_not_load_is_reported_alone_and_not_counted(
        cards: Path) -> None:
    path = cards / AMR / "tyranny_cards.yaml"
    line = line_of(path, "- id: amr-tyranny-01")
    edit(path, "  - id: amr-tyranny-01\n", "  - id: amr-tyranny-01 : ]\n")
    syntax = ("Y104", f"{AMR}/tyranny_cards.yaml", line, 24)
    exit_code, report = validate_json(cards / "azadi")
    assert (exit_code, triples(report, cards)) == (1, [syntax])      # no "N501 has 0"
    exit_code, report = lint_json(str(cards / "azadi"), "--fast")
    assert (exit_code, triples(report, cards)) == (1, [syntax, ("R103", "azadi/game.yaml", 5, 3)])
    assert "L704 unreachable-content" in _message(report, "R103")


def test_load_errors_come_before_the_other_errors(cards: Path) -> None:
    zones = cards / "azadi" / "zones.yaml"
    tab = line_of(zones, "- {id: zone-13")
    text = zones.read_text(encoding="utf-8").splitlines(keepends=True)
    text[tab - 1] = "\t" + text[tab - 1].lstrip(" ")
    zones.write_text("".join(text), encoding="utf-8")
    attack = cards / "azadi" / "attack_cards.yaml"
    lines = attack.read_text(encoding="utf-8").splitlines(keepends=True)
    level = line_of(attack, "level:")
    lines[level - 1] = lines[level - 1].split("level:")[0] + "level: many\n"
    attack.write_text("".join(lines), encoding="utf-8")
    exit_code, report = validate_json(cards / "azadi")
    found = triples(report, cards)
    assert exit_code == 1
    assert found[0] == ("Y103", "azadi/zones.yaml", tab, 1)
    assert [c for c, *_ in found[1:]] == ["S302"]          # attack_cards.yaml sorts first


def test_content_whose_manifest_is_invalid_is_reported_at_game_yaml(cards: Path) -> None:
    path = cards / "spring" / "game.yaml"
    edit(path, "  players: {min: 2, max: 6}\n", "  players: {min: two, max: 6}\n")
    exit_code, report = lint_json(str(cards / "spring"), "--fast")
    assert exit_code == 1
    assert ("R103", "spring/game.yaml", 1, 1) in triples(report, cards)   # not the folder


def test_item_by_item_rules_still_run_on_content_with_errors(cards: Path) -> None:
    """Text drift judges each card on its own: it still reports on content with an
    error elsewhere (here a file of the game that does not load)."""
    path = cards / "san" / "cards.yaml"
    burner = "    flavor: One call, one contact, then into the recycler.\n"
    edit(path, burner, burner + '    text: "Draw 3 cards."\n')
    text = line_of(path, 'text: "Draw 3 cards."')
    (cards / "san" / "more.yaml").write_text("cards: [\n", encoding="utf-8")
    exit_code, report = lint_json(str(cards / "san"), "--fast")
    assert (exit_code, triples(report, cards)) == (1, [
        ("Y104", "san/more.yaml", 2, 1), ("L802", "san/cards.yaml", text, 11),
        ("R103", "san/game.yaml", 3, 3)])
    assert "L802" not in _message(report, "R103")


# --- an exception inside a rule ----------------------------------------------------------

def _raising(context: Any) -> Iterator[Any]:
    raise ZeroDivisionError("division by zero")
    yield  # pragma: no cover - a generator, as rules are


def test_a_rule_that_raises_is_r104_and_the_other_findings_stay(
        monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    from rules_engine.spring.lint import radicalisable

    monkeypatch.setattr(radicalisable, "check", _raising)
    result = CliRunner().invoke(main, ["lint", "--format", "json", str(CARDS / "spring"),
                                       "--games", "4"], catch_exceptions=False)
    report = json.loads(result.stdout)
    assert result.exit_code == 1                                   # errors found, not 2
    assert triples(report, CARDS) == [("L912", "spring/game.yaml", 3, 3),
                                      ("R104", "spring/game.yaml", 3, 3)]
    said = _message(report, "R104")
    assert said.startswith("internal error in L901 not-radicalisable (spring): "
                           "ZeroDivisionError: division by zero")
    assert "replay" not in said                    # a static rule: no game to replay
    assert "Traceback" not in result.stdout + result.stderr
    verbose = CliRunner().invoke(main, ["lint", "--format", "json", "--verbose",
                                        str(CARDS / "spring"), "--games", "4"])
    assert verbose.exit_code == 1
    assert json.loads(verbose.stdout)["diagnostics"] == report["diagnostics"]
    assert "Traceback (most recent call last)" in verbose.stderr
    assert "in _raising" in verbose.stderr


def _raising_on_the_seventh_card(context: Any) -> Iterator[Any]:
    for n, card in enumerate(context.content.items("cards")):
        if n == 6:
            raise KeyError(card.data["no-such-field"])
    yield  # pragma: no cover - a generator, as rules are


def test_a_rule_that_raises_on_an_item_is_r104_at_that_item(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.san.lint import crossing_costs

    monkeypatch.setattr(crossing_costs, "check", _raising_on_the_seventh_card)
    exit_code, report = lint_json(str(CARDS / "san"), "--fast", "--ignore", "L8", "--ignore",
                                  "R1")
    seventh = [n for n, row in enumerate((CARDS / "san" / "cards.yaml").read_text(
        encoding="utf-8").splitlines(), 1) if row.startswith("  - id: ")][6]
    assert (exit_code, triples(report, CARDS)) == (1, [("R104", "san/cards.yaml", seventh, 5)])
    assert _message(report, "R104").startswith(
        "internal error in L801 unreachable-victory (san) while judging ")


def test_r104_is_reported_whatever_is_selected(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.san.lint import crossing_costs

    monkeypatch.setattr(crossing_costs, "check", _raising)
    exit_code, report = lint_json(str(CARDS / "san"), "--fast", "--ignore", "L8", "--ignore",
                                  "R")
    assert (exit_code, triples(report, CARDS)) == (1, [("R104", "san/game.yaml", 3, 3)])


def test_a_game_that_cannot_be_set_up_is_one_r106_with_the_command_that_replays_it(
        monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    """Eight analyses playing one game that cannot be set up give one finding about
    the content (naming every analysis), not one internal error each."""
    from rules_engine.spring import simulation

    real = simulation.setup

    def crashing(seed: int, **options: Any) -> Any:
        if seed == 2:
            raise ZeroDivisionError("division by zero")
        return real(seed, **options)

    monkeypatch.setattr(simulation, "setup", crashing)
    exit_code, report = lint_json(str(CARDS / "spring"), "--games", "4")
    assert (exit_code, triples(report, CARDS)) == (1, [("R106", "spring/game.yaml", 3, 3)])
    replay = ("samizdat simulate spring --bots random,random,random,random --replay 2")
    # (the shipped content: simulate loads it without --content)
    assert [d["message"] for d in report["diagnostics"]] == [
        "a game of spring raised ZeroDivisionError: division by zero: seed 2, setting it "
        "up, while L911 stalled-game and L912 seat-balance played it; replay: "
        f"{replay}; the findings of L911 and L912 are unknown"]
    replayed = CliRunner().invoke(main, shlex.split(replay)[1:])    # reaches the same crash
    assert replayed.exit_code == 1 and "internal error" not in replayed.output
    assert "error R106 a game of spring raised ZeroDivisionError: division by zero: seed " \
        "2, setting it up; replay: " in replayed.stdout


class _Endless(State[int]):
    """A game that never ends: one player, one action, no end."""

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[int]:
        return [0]

    def _apply(self, action: int) -> str:
        return ""

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0]


class _EndlessGame:
    def new_initial_state(self, seed: int) -> _Endless:
        return _Endless(seed)


def test_the_play_loop_stops_a_game_past_its_time_budget() -> None:
    with pytest.raises(GameDidNotEnd, match=r"game 7 did not end within 0 s \(64 actions"):
        play_out(_Endless(7), [RandomBot(1)], max_seconds=0.0)


def test_a_game_that_does_not_end_is_r105_at_the_content_not_r104(
        monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    from rules_engine.spring import simulation

    real = simulation.setup

    def endless(seed: int, **options: Any) -> Any:
        game, bots, summarise = real(seed, **options)
        return (_EndlessGame(), bots, summarise) if seed == 2 else (game, bots, summarise)

    monkeypatch.setattr(simulation, "setup", endless)
    exit_code, report = lint_json(str(CARDS / "spring"), "--games", "4", "--ignore", "R")
    assert (exit_code, triples(report, CARDS)) == (1, [("R105", "spring/game.yaml", 3, 3)])
    said = sorted(d["message"] for d in report["diagnostics"])[0]
    assert said.startswith("a game of spring did not end: seed 2 spent its budget of "
                           "200000 actions (200001 actions, ")
    assert "while L911 stalled-game and L912 seat-balance played it; replay: samizdat " \
        "simulate spring --bots random,random,random,random --replay 2; the findings of " \
        "L911 and L912 are unknown" in said
    assert "internal error" not in json.dumps(report)


class _LoopingOnACard(_Endless):
    """A game that never ends because one card hands the turn back, as its log says."""

    def _apply(self, action: int) -> str:
        return "plays Hashtag Trends (rev-protest-hashtag-trends): draws 1, plays again"


class _LoopingGame:
    def new_initial_state(self, seed: int) -> _LoopingOnACard:
        return _LoopingOnACard(seed)


def test_a_game_that_does_not_end_is_located_at_the_card_its_last_actions_name(
        monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    from rules_engine.spring import simulation

    real = simulation.setup

    def looping(seed: int, **options: Any) -> Any:
        game, bots, summarise = real(seed, **options)
        return (_LoopingGame(), bots, summarise) if seed == 1 else (game, bots, summarise)

    monkeypatch.setattr(simulation, "setup", looping)
    exit_code, report = lint_json(str(CARDS / "spring"), "--games", "4", "--ignore", "R")
    card = line_of(CARDS / "spring" / "board_and_deck.yaml", "- id: rev-protest-hashtag-trends")
    assert (exit_code, triples(report, CARDS)) == (
        1, [("R105", "spring/board_and_deck.yaml", card, 5)])
    said = report["diagnostics"][0]
    assert "played it; 200 of its last 400 actions and log lines name " \
        "rev-protest-hashtag-trends; replay: samizdat simulate spring" in said["message"]
    assert said["related"][0]["file"].endswith("spring/game.yaml")


class _CrashingOnACard(_LoopingOnACard):
    """A game whose engine raises on the 10th play of one card."""

    def _apply(self, action: int) -> str:
        if len(self.log) == 9:
            raise KeyError("extra_counter")
        return super()._apply(action)


class _CrashingGame:
    def new_initial_state(self, seed: int) -> _CrashingOnACard:
        return _CrashingOnACard(seed)


def test_a_game_that_raises_on_content_is_r106_at_the_card_it_was_playing(
        monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    from rules_engine.spring import simulation

    real = simulation.setup

    def crashing(seed: int, **options: Any) -> Any:
        game, bots, summarise = real(seed, **options)
        return (_CrashingGame(), bots, summarise) if seed == 3 else (game, bots, summarise)

    monkeypatch.setattr(simulation, "setup", crashing)
    exit_code, report = lint_json(str(CARDS / "spring"), "--games", "4", "--ignore", "R")
    card = line_of(CARDS / "spring" / "board_and_deck.yaml", "- id: rev-protest-hashtag-trends")
    assert (exit_code, triples(report, CARDS)) == (
        1, [("R106", "spring/board_and_deck.yaml", card, 5)])
    said = report["diagnostics"][0]["message"]
    assert said.startswith("a game of spring raised KeyError: 'extra_counter': seed 3, "
                           "after 9 actions, while L911 stalled-game and L912 seat-balance "
                           "played it")
    assert "9 of its last 18 actions and log lines name rev-protest-hashtag-trends; replay: " \
        "samizdat simulate spring --bots random,random,random,random --replay 3" in said


# --- what the simulations read -------------------------------------------------------------

def _count_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    played: list[int] = []

    def counting(spec: Simulation, games: int, seed: int, **options: Any
                 ) -> Iterator[GameRecord]:
        played.append(games)
        return stream(spec, games, seed, **options)

    monkeypatch.setattr(run_cache, "stream", counting)
    return played


def test_a_printed_text_edit_replays_no_game_and_a_rule_edit_does(
        cards: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: Path) -> None:
    played = _count_runs(monkeypatch)
    assert lint_json(str(cards / "spring"), "--games", "3")[0] == 0
    assert played == [3]
    path = cards / SPRING_BOARD
    edit(path, "flavor: Hundreds of small flames", "flavor: Thousands of small flames")
    edit(path, "title: Candlelight Vigil", "title: A Candlelight Vigil")   # (the country
    # names are the eleven the source document gives: L602)
    lines = path.read_text(encoding="utf-8")
    path.write_text("# a new first line moves every item\n" + lines, encoding="utf-8")
    run_cache.cached_run.cache_clear()                       # as a new process would
    played.clear()
    assert lint_json(str(cards / "spring"), "--games", "3")[0] == 0
    assert played == []
    run_cache.cached_run.cache_clear()
    played.clear()
    edit(path, "    force: 1\n    copies: 2\n    flavor: Thousands",
         "    force: 2\n    copies: 2\n    flavor: Thousands")
    lint_json(str(cards / "spring"), "--games", "3")
    assert played == [3]                                 # a number the engine reads


def test_azadi_runs_are_keyed_without_titles_narratives_and_texts() -> None:
    model = validate([CARDS / "azadi"]).models["azadi"]
    campaign = model.campaigns[0]
    card = campaign.tyranny_cards[0]

    def spec(edited_card: Any) -> Simulation:
        alone = replace(model, campaigns=(replace(
            campaign, name="Renamed", tyranny_cards=(edited_card, *campaign.tyranny_cards[1:])),))
        return Simulation("rules_engine.azadi.simulation:setup", (
            ("content", alone), ("campaign", campaign.id), ("first_tyranny", card.id)))

    choice = replace(card.choices[0], title="Another title", narrative="Other words.",
                     text="Other printed text.", task_text="Do it 3 times.")
    reworded = replace(card, title="Retitled", narrative="Rewritten.",
                       choices=(choice, card.choices[1]))
    key = run_cache.run_key(spec(card), 4, 0)
    assert run_cache.run_key(spec(reworded), 4, 0) == key
    harder = replace(card, choices=(replace(card.choices[0], times=card.choices[0].times + 1),
                                    card.choices[1]))
    assert run_cache.run_key(spec(harder), 4, 0) != key


def test_the_labels_the_engine_records_are_printed_as_now(
        shipped_models: dict[str, Any]) -> None:
    model = shipped_models["azadi"]
    played, labels = for_play(model)
    choice = model.campaigns[0].tyranny_cards[0].choices[1]
    placeholder = played.campaigns[0].tyranny_cards[0].choices[1].title
    assert placeholder != choice.title
    recorded = f"order:3|end_of_turn|Mandate 'x' then {placeholder!r}|funds 1|funds 0"
    assert printed(recorded, labels) == \
        f"order:3|end_of_turn|Mandate 'x' then {choice.title!r}|funds 1|funds 0"


@pytest.mark.parametrize(("game", "options", "games"), [
    ("san", (("bots", ("random", "random")),), 4),
    ("spring", (("bots", ("random",) * 4),), 4),
    ("azadi", (("bots", ("greedy",) * 4), ("seat_of_power", True), ("check_order", True)), 1),
])
def test_games_without_the_printed_texts_are_the_same_games(
        shipped_models: dict[str, Any], game: str, options: tuple[tuple[str, Any], ...],
        games: int) -> None:
    model = shipped_models[game]
    played, labels = for_play(model)
    factory = f"rules_engine.{game}.simulation:setup"
    real = list(stream(Simulation(factory, (("content", model), *options)), games, 0))
    blank = list(stream(Simulation(factory, (("content", played), *options)), games, 0))
    relabelled = [replace(r, counters={printed(k, labels): v for k, v in r.counters.items()})
                  for r in blank]
    assert relabelled == real


def test_a_model_builder_that_raises_is_m406_and_the_rest_is_still_reported(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from rules_engine import games
    from rules_engine.san import plugin as san_plugin

    def broken(content: Any) -> Any:
        raise KeyError("lost")

    monkeypatch.setattr(san_plugin, "PLUGIN", replace(san_plugin.PLUGIN, build_model=broken))
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "san", cards / "san")
    shutil.copytree(CARDS / "spring", cards / "spring")
    (cards / "spring" / "board_and_deck.yaml").write_text(
        (cards / "spring" / "board_and_deck.yaml").read_text().replace("  ", "\t", 1))
    assert games.plugin("san").build_model is broken
    exit_code, report = lint_json(str(cards / "san"), str(cards / "spring"), "--fast")
    codes = [(d["code"], Path(d["file"]).name, d["line"]) for d in report["diagnostics"]]
    assert exit_code == 1
    assert ("M406", "game.yaml", 1) in codes and any(c[0] == "Y103" for c in codes)
    (crash,) = [d for d in report["diagnostics"] if d["code"] == "M406"]
    assert crash["message"] == "internal error building the san model: KeyError: \"'lost'\""


def test_lint_plays_each_game_within_its_time_budget_and_simulate_does_not() -> None:
    """A search bot a user asked `simulate` for may think a minute a game; the games
    lint plays (through the run cache) stop at LINT_GAME_SECONDS."""
    from rules_engine.core.budgets import LINT_GAME_SECONDS

    spec = Simulation("rules_engine.san.simulation:setup")
    assert spec.max_seconds is None
    assert run_cache.for_play_spec(spec).max_seconds == LINT_GAME_SECONDS == 20.0
    assert run_cache.for_play_spec(replace(spec, max_seconds=3.0)).max_seconds == 3.0
