"""`samizdat validate` on the shipped content and on precise mutations of it.

Each test changes one thing and expects the exact (code, file, line, column).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import CARDS, SAJ, edit, line_of, run_cli, triples, validate_json


def test_shipped_content_is_clean() -> None:
    code, report = validate_json(CARDS)
    assert report["diagnostics"] == []
    assert code == 0
    assert report["summary"]["errors"] == 0
    assert report["summary"]["files"] >= 18


def test_unknown_mandate_reference(cards: Path) -> None:
    path = cards / SAJ / "campaign.yaml"
    edit(path, "mandate: divide-and-rule", "mandate: divide-and-rul")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert triples(report, cards) == [("M402", f"{SAJ}/campaign.yaml",
                                       line_of(path, "mandate:"), 12)]
    assert report["diagnostics"][0]["hint"] == "did you mean 'divide-and-rule'?"


def test_unknown_order_and_resistance_numbers(cards: Path) -> None:
    path = cards / SAJ / "tyranny_cards.yaml"
    edit(path, "    order: 1\n", "    order: 99\n")
    edit(path, "        resistance: 13\n", "        resistance: 49\n")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert triples(report, cards) == [
        ("M402", f"{SAJ}/tyranny_cards.yaml", line_of(path, "order: 99"), 12),
        ("M402", f"{SAJ}/tyranny_cards.yaml", line_of(path, "resistance: 49"), 21),
    ]
    assert "Resistance card number 49 does not exist" in report["diagnostics"][1]["message"]


def test_zone_majority_must_be_more_than_half(cards: Path) -> None:
    path = cards / "azadi" / "zones.yaml"
    edit(path, "majority: 7", "majority: 6")
    code, report = validate_json(cards / "azadi")
    assert triples(report, cards) == [("M403", "azadi/zones.yaml", line_of(path, "majority: 6"),
                                       40)]
    assert code == 1


def test_unknown_field_points_at_the_key_with_a_suggestion(cards: Path) -> None:
    path = cards / "azadi" / "voter_cards.yaml"
    edit(path, "{id: voter-01, voters: 1,", "{id: voter-01, votes: 1,")
    code, report = validate_json(cards / "azadi")
    line = line_of(path, "votes: 1")
    assert code == 1
    # the missing field (at the mapping) and the unknown key (at the key); counts still hold
    assert triples(report, cards) == [
        ("S301", "azadi/voter_cards.yaml", line, 5),
        ("S304", "azadi/voter_cards.yaml", line, 20),
    ]
    assert report["diagnostics"][0]["message"] == "voter_cards.0: missing required field 'voters'"
    unknown = report["diagnostics"][1]
    assert unknown["message"] == "voter_cards.0: unknown field 'votes'"
    assert unknown["hint"] == "did you mean 'voters'?"


def test_wrong_type_and_enum(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("ideologue: capitalist")
    path.write_text(text[:first] + "ideologue: capitalism" + text[first + 21:], encoding="utf-8")
    code, report = validate_json(cards / "azadi")
    (diag,) = [d for d in report["diagnostics"] if d["code"] == "S303"]
    assert diag["line"] == line_of(path, "capitalism")
    assert diag["message"].endswith("got text 'capitalism'")
    assert diag["hint"] == "did you mean 'capitalist'?"
    assert code == 1


def test_count_mismatch_names_the_rule(cards: Path) -> None:
    path = cards / SAJ / "ideology_cards.yaml"
    text = path.read_text(encoding="utf-8")
    cut = text.index("  - id: saj-ideology-108")
    path.write_text(text[:cut], encoding="utf-8")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    (diag,) = report["diagnostics"]
    assert diag["code"] == "N501"
    assert diag["file"].endswith(f"{SAJ}/campaign.yaml")
    assert "107 × ideology_card; the rulebook fixes 108" in diag["message"]
    assert diag["related"][0]["line"] == line_of(cards / "azadi/game.yaml",
                                                 "type: ideology_card")


def test_a_short_count_names_the_items_it_counted(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: moon-virus-3\n")
    path.write_text(text[:start] + text[text.index("  - id:", start + 1):], encoding="utf-8")
    code, report = validate_json(cards / "san")
    short = [d for d in report["diagnostics"]
             if "4 × card (deck=virus, corporation=moon)" in d["message"]]
    assert code == 1 and len(short) == 1
    assert [r["line"] for r in short[0]["related"]] == [
        line_of(path, f"- id: moon-virus-{n}") for n in (5, 4, 2, 1)]
    assert {r["message"] for r in short[0]["related"]} == {"counted (1)"}


def test_a_long_count_off_names_the_items_printing_their_copies(cards: Path) -> None:
    """A River count one over among 17 equipment items names only those that print a
    ``copies`` number, the edited one among them."""
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: river-equipment-credit-stick\n")
    at = text.index("    copies: 2\n", start)
    path.write_text(text[:at] + "    copies: 3\n" + text[at + len("    copies: 2\n"):],
                    encoding="utf-8")
    code, report = validate_json(cards / "san")
    over = [d for d in report["diagnostics"]
            if "19 × card (deck=river, type=equipment)" in d["message"]]
    assert code == 1 and len(over) == 1
    named = {(r["line"], r["message"]) for r in over[0]["related"]}
    assert (line_of(path, "- id: river-equipment-credit-stick"), "counted (3)") in named
    items = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if line.startswith("  - id: river-equipment")]
    assert len(items) == 17 and len(named) < 17


def test_duplicate_id_across_files(cards: Path) -> None:
    path = cards / "azadi" / "monuments.yaml"
    edit(path, "id: monument-2", "id: monument-1")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert triples(report, cards) == [("M401", "azadi/monuments.yaml", 26, 9)]
    assert report["diagnostics"][0]["message"] == "id 'monument-1' is defined twice"
    assert report["diagnostics"][0]["related"][0]["line"] == 10


def test_unknown_section(cards: Path) -> None:
    path = cards / "san" / "extra.yaml"
    path.write_text("car:\n  - {id: x}\n", encoding="utf-8")
    code, report = validate_json(cards / "san")
    assert code == 1
    assert triples(report, cards) == [("F202", "san/extra.yaml", 1, 1)]
    assert report["diagnostics"][0]["hint"] == "sections here: game, cards, propaganda_track"


def test_spring_draft_layout_with_five_space_iran_is_flagged(cards: Path) -> None:
    path = cards / "spring" / "board_and_deck.yaml"
    # the public draft: R45 before Iran 46-50, Iraq 42-44
    edit(path, "{number: 45, kind: country, country: iraq}", "{number: 45, kind: revolution}")
    edit(path, "{number: 46, kind: revolution}", "{number: 46, kind: country, country: iran}")
    code, report = validate_json(cards / "spring")
    assert code == 1
    assert [d["message"] for d in report["diagnostics"]] == [
        "Iran has 5 spaces; every country has 3 to 4"]
    diag = report["diagnostics"][0]
    assert diag["line"] == line_of(path, "{id: iran,")
    assert diag["hint"] == "its spaces: 46, 47, 48, 49, 50"


def test_spring_country_must_be_contiguous(cards: Path) -> None:
    path = cards / "spring" / "board_and_deck.yaml"
    edit(path, "{number: 3, kind: country, country: tunisia}", "{number: 3, kind: revolution}")
    edit(path, "{number: 5, kind: revolution}", "{number: 5, kind: country, country: tunisia}")
    _, report = validate_json(cards / "spring")
    messages = [d["message"] for d in report["diagnostics"] if d["code"] == "M403"]
    assert messages == ["Tunisia's spaces [2, 4, 5] are not next to each other on the track"]


def test_san_virus_numbers_are_unique_per_corporation(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: moon-virus-5")
    fixed = text[:start] + text[start:].replace("virus_number: 5", "virus_number: 4", 1)
    path.write_text(fixed, encoding="utf-8")
    code, report = validate_json(cards / "san")
    assert code == 1
    moon_4 = line_of(path, "id: moon-virus-4")
    second = moon_4 + next(n for n, line in enumerate(
        path.read_text().splitlines()[moon_4 - 1:]) if "virus_number:" in line)
    assert triples(report, cards) == [("M401", "san/cards.yaml", second, 19)]
    first = report["diagnostics"][0]["related"][0]["line"]
    assert first < line_of(path, "id: moon-virus-4") and first > line_of(path, "id: moon-virus-5")


def test_a_hand_bonus_on_the_wrong_stage_is_found_at_that_stage(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, "  - {stage: 4, hand_bonus: false}", "  - {stage: 4, hand_bonus: true}")
    code, report = validate_json(cards / "san")
    game = cards / "san" / "game.yaml"     # and a third token where the box has two
    assert (code, triples(report, cards)) == (
        1, [("M403", "san/cards.yaml", line_of(path, "{stage: 4, hand_bonus: true}"), 28),
            ("N501", "san/game.yaml", line_of(game, "where: {hand_bonus: true}"), 7)])
    found = report["diagnostics"][0]
    assert found["message"] == ("Hand Bonus tokens lie on stages [3, 4, 5], but "
                                "parameters.hand_bonus_stages says [3, 5]")
    assert found["related"][0]["line"] == line_of(cards / "san" / "game.yaml", "value: [3, 5]")


def test_text_report_quotes_the_source_line(cards: Path) -> None:
    path = cards / "azadi" / "zones.yaml"
    edit(path, "majority: 7", "majority: 6")
    result = run_cli("validate", str(cards / "azadi"))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    line = line_of(path, "majority: 6")
    assert lines[0].endswith(f"azadi/zones.yaml:{line}:40: error M403 a zone of 13 areas needs "
                             "a majority of 7 (more than half), not 6")
    assert lines[1].strip().startswith("- {id: zone-13")
    assert lines[2] == "    " + " " * 39 + "^"
    assert lines[-1] == "summary: files 26, cards 761, errors 1, warnings 0"


def test_json_report_shape() -> None:
    code, report = validate_json(CARDS / "san")
    assert code == 0
    assert set(report) == {"diagnostics", "summary"}
    assert set(report["summary"]) == {"files", "cards", "errors", "warnings"}


def test_bad_yaml_in_a_card_file(cards: Path) -> None:
    path = cards / "azadi" / "monuments.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\nmonuments: []\n", encoding="utf-8")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    (dup,) = [d for d in report["diagnostics"] if d["code"] == "Y105"]
    assert (dup["line"], dup["column"]) == (len(path.read_text().splitlines()), 1)
    assert dup["related"][0]["line"] == line_of(path, "monuments:")


def test_campaign_outside_the_repository(tmp_path: Path) -> None:
    campaign = tmp_path / "my-campaign"
    shutil.copytree(CARDS / SAJ, campaign)
    code, report = validate_json(campaign)
    assert (code, report["diagnostics"]) == (0, [])
    assert report["summary"]["files"] == 3 + len(list((CARDS / "azadi").glob("*.yaml")))
    edit(campaign / "tyranny_cards.yaml", "    order: 1\n", "    order: 0\n")
    code, report = validate_json(campaign)
    assert code == 1
    assert triples(report, tmp_path) == [("S305", "my-campaign/tyranny_cards.yaml",
                                          line_of(campaign / "tyranny_cards.yaml", "order: 0"),
                                          12)]


def test_a_single_file_validates_its_folder() -> None:
    code, report = validate_json(CARDS / SAJ / "tyranny_cards.yaml")
    assert code == 0 and report["summary"]["errors"] == 0


def test_not_content_and_unknown_game(tmp_path: Path) -> None:
    code, report = validate_json(tmp_path)
    assert code == 1 and report["diagnostics"][0]["code"] == "F203"
    camp = tmp_path / "c"
    camp.mkdir()
    (camp / "campaign.yaml").write_text("campaign: {id: c, name: C, game: chess}\n")
    code, report = validate_json(camp)
    assert code == 1 and report["diagnostics"][0]["code"] == "F206"


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("validate", str(tmp_path / "nope"))
    assert result.exit_code == 2


def test_rule_explains_a_code() -> None:
    result = run_cli("rule", "y105")
    assert result.exit_code == 0
    assert result.stdout.startswith("Y105 (duplicate-key): A mapping has the same key twice.")
    assert run_cli("rule", "Z999").exit_code == 2


def test_output_is_deterministic(cards: Path) -> None:
    edit(cards / "azadi" / "zones.yaml", "majority: 7", "majority: 6")
    first = run_cli("validate", "--format", "json", str(cards)).stdout
    second = run_cli("validate", "--format", "json", str(cards)).stdout
    assert first == second
    assert json.loads(first)["summary"]["errors"] == 1


def _column(path: Path, text: str) -> int:
    return next(line.index(text) + 1 for line in path.read_text().splitlines() if text in line)


def test_a_rule_the_engine_would_ignore_is_an_error(cards: Path) -> None:
    path = cards / "azadi" / "imperial_orders.yaml"
    edit(path, "- modify: {majority_needed: {add: 1}}", "- modify: {parley_reward: {add: 1}}")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert triples(report, cards) == [("M405", "azadi/imperial_orders.yaml",
                                       line_of(path, "modify: {parley_reward"),
                                       _column(path, "{parley_reward"))]
    assert report["diagnostics"][0]["message"] == (
        "`modify: parley_reward` with `scope: zone`, on an Imperial Order: the AZADI "
        "engine would not run it as printed")


def test_zones_setup_cannot_lay_out(cards: Path) -> None:
    """A 13-area zone made the capital leaves two capitals and no 13-area zone to lay
    beside it (ruling R17): M403 at its ``capital``, not a game that cannot start."""
    path = cards / "azadi" / "zones.yaml"
    edit(path, "volatile: 2, capital: false, copies: 4}\n  - {id: zone-17",
         "volatile: 2, capital: true, copies: 4}\n  - {id: zone-17")
    code, report = validate_json(cards / "azadi")
    column = path.read_text(encoding="utf-8").splitlines()[4].index("true") + 1
    assert code == 1
    assert [(d["code"], d["line"], d["column"], d["message"])
            for d in report["diagnostics"]] == [
        ("M403", 5, column, "a second capital zone; 'capital-15' is the capital, and the "
                            "game has one"),
        ("M403", 5, column, "no 13-area zone that is not the capital; setup lays one beside "
                            "the capital for each other player (ruling R17)")]
    edit(path, "capital: true}", "capital: false}")
    edit(path, "capital: true, copies: 4}", "capital: false, copies: 4}")
    code, report = validate_json(cards / "azadi")
    assert [(d["code"], d["line"], d["message"]) for d in report["diagnostics"]] == [
        ("N501", 30, "the game has 0 × zone (areas=15, capital=True); the rulebook fixes 1"),
        ("M403", 5, "no zone is the capital; the game begins with the capital zone (one "
                    "tile marked capital: true)")]


def test_a_range_with_its_minimum_above_its_maximum_is_said_once_at_the_range(
        cards: Path) -> None:
    """Spring's country sizes {min: 4, max: 3}: one error at the parameter, not one at
    each country the empty range then rejects."""
    path = cards / "spring" / "game.yaml"
    edit(path, "value: {min: 3, max: 4}", "value: {min: 4, max: 3}")
    code, report = validate_json(cards / "spring")
    line = line_of(path, "value: {min: 4, max: 3}")
    assert code == 1
    assert [(d["code"], d["file"].endswith("spring/game.yaml"), d["line"], d["message"])
            for d in report["diagnostics"]] == [
        ("M403", True, line, "parameters.country_spaces.value: min 4 is above max 3, so no "
         "value is in the range")]
    lint = run_cli("lint", str(cards / "spring"), "--fast", "--format", "json")
    assert [d["code"] for d in json.loads(lint.stdout)["diagnostics"]
            if d["severity"] == "error"] == ["M403"]


def test_a_player_range_upside_down(cards: Path) -> None:
    path = cards / "azadi" / "game.yaml"
    edit(path, "players: {min: 2, max: 5}", "players: {min: 5, max: 2}")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert triples(report, cards) == [("M403", "azadi/game.yaml",
                                       line_of(path, "players: {min: 5"), 18)]


def test_a_maidaan_cost_for_a_power_that_does_not_exist(cards: Path) -> None:
    path = cards / "azadi" / "game.yaml"
    edit(path, "maidaan-convert: 5", "maidaan-convert-voters: 5")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    found = [(d["code"], d["line"], d["message"]) for d in report["diagnostics"]]
    assert ("M402", line_of(path, "maidaan-convert-voters: 5"),
            "Maidaan power 'maidaan-convert-voters' does not exist") in found
    assert [c for c, _, _ in found] == ["M402", "M404"]


def test_a_setup_table_row_copied_over_another_player_count(cards: Path) -> None:
    """Table 1's 5-player row made a second 4-player row: 5-player games cannot be set
    up (simulate --players 5 raised), so validation says it at the row and the table."""
    path = cards / "azadi" / "game.yaml"
    edit(path, "        - {players: 5, ideology_cards: 25,",
         "        - {players: 4, ideology_cards: 25,")
    code, report = validate_json(cards / "azadi")
    assert code == 1
    assert [(d["code"], d["line"], d["message"]) for d in report["diagnostics"]] == [
        ("M403", line_of(path, "    setup_table:") + 4,
         "Table 1 has no row for 5 players, though the game seats 2 to 5 (players): such a "
         "game cannot be set up"),
        ("M403", line_of(path, "- {players: 4, ideology_cards: 25,"),
         "a second Table 1 row for 4 players (the first is row 3)")]
