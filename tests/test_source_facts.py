"""Rules as data: each game's facts table (rules_engine/<game>/source_facts.yaml) names
where its source document states each fact, covers every source-given parameter and
component count of the shipped manifest, and L602 holds the manifest to it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules_engine.core.source_facts import facts_of, table_path
from tests.conftest import CARDS, edit
from tests.test_lint_checks import lint_fast, where

SEEDS = CARDS.parent.parent / "shared" / "seeds"
GAMES = ("azadi", "spring", "san")


def _manifest(game: str) -> dict:
    return yaml.safe_load((CARDS / game / "game.yaml").read_text(encoding="utf-8"))["game"]


@pytest.mark.parametrize("game", GAMES)
def test_every_fact_names_a_section_of_its_source(game: str) -> None:
    path = table_path(game)
    assert path is not None
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert table["source"] == _manifest(game)["source"]
    seed = SEEDS / Path(table["source"]).name
    if not seed.is_file():
        pytest.skip("the source documents are not beside this checkout")
    text = seed.read_text(encoding="utf-8")
    for fact in facts_of(game):
        assert fact.section and fact.section in text, (game, fact.name, fact.section)
        assert fact.says and fact.says not in text     # our own words, not the document's


@pytest.mark.parametrize("game", GAMES)
def test_the_table_covers_every_source_given_number_of_the_manifest(game: str) -> None:
    manifest = _manifest(game)
    facts = facts_of(game)
    given = {n for n, p in (manifest.get("parameters") or {}).items()
             if isinstance(p, dict) and p.get("assumed") is False}
    assert given == {f.name for f in facts if f.kind == "parameter"}
    counts = [(c["type"], c.get("where"), c["count"]) for c in manifest.get("components", [])]
    assert counts == [(f.name, f.where, f.value) for f in facts if f.kind == "component"]


def test_a_parameter_variant_is_not_a_finding(cards: Path) -> None:
    game = cards / "san" / "game.yaml"
    edit(game, "      why: \"Refill to 6 cards at the end of each turn\"\n      value: 6",
         "      why: \"Refill to 6 cards at the end of each turn\"\n      value: 5")
    assert [f for f in lint_fast(cards / "san")[1] if f[0] == "L602"] == []


def test_a_component_count_departing_from_its_rulebook(cards: Path) -> None:
    game = cards / "san" / "game.yaml"
    edit(game, "- {type: card, where: {deck: river}, count: 48}",
         "- {type: card, where: {deck: river}, count: 47}")
    code, found, report = lint_fast(cards / "san")
    line, column = where(game, "count: 47")
    assert code == 1
    assert ("L602", "game.yaml", line, column + len("count: ")) in found
    assert next(d["message"] for d in report if d["code"] == "L602") == (
        "components counts 47 × card {'deck': 'river'}; the source document fixes 48 "
        "(Components: The River deck has forty-eight cards)")


@pytest.mark.parametrize("named", ["shared/seeds/001_b3dc730b42d94cfc.txt",
                                   "shared/seeds/002_ca093ef2e5aad773.tx"])
def test_a_manifest_naming_another_source_document(cards: Path, named: str) -> None:
    game = cards / "san" / "game.yaml"
    edit(game, "source: shared/seeds/002_ca093ef2e5aad773.txt", f"source: {named}")
    code, found, report = lint_fast(cards / "san")
    line, column = where(game, named)
    assert (code, found) == (1, [("L602", "game.yaml", line, column)])
    assert report[0]["message"] == (
        f"source names {named}, but the rules this game is played and checked by are "
        "those of shared/seeds/002_ca093ef2e5aad773.txt; name that document")


def test_a_component_count_left_out_is_found_where_it_belongs(cards: Path) -> None:
    game = cards / "san" / "game.yaml"
    edit(game, "    - {type: card, where: {deck: river}, count: 48}\n", "")
    found = [f for f in lint_fast(cards / "san")[1] if f[0] == "L602"]
    next_entry = where(game, "- {type: card, where: {deck: river, type: corruption}")
    assert found == [("L602", "game.yaml", next_entry[0], next_entry[1] + 2)]


def _l602(cards: Path, game: str) -> list[tuple[str, int, str]]:
    report = lint_fast(cards / game)[2]
    return [(Path(d["file"]).name, d["line"], d["message"]) for d in report
            if d["code"] == "L602"]


def test_a_fact_a_games_own_rule_also_reports_is_said_once(cards: Path) -> None:
    """Two choices unlocking one Resistance card break a fact of the table (L602), two
    learned invariants (L601) and AZADI's own rule (L706): the game's rule says it,
    alone, at the line."""
    from tests.test_lint_checks import FIRST_POWER, MARS
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, FIRST_POWER, FIRST_POWER.replace("        resistance: 2", "        resistance: 46"))
    second = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if row == "        resistance: 46"][1]
    found = lint_fast(cards / MARS)[1]
    assert [(code, line) for code, _, line, _ in found if line == second] == [("L706", second)]


def test_a_tyranny_card_placing_three_imperial_voters(cards: Path) -> None:
    from tests.test_lint_checks import MARS
    path = cards / MARS / "tyranny_cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("imperial_voters_per_zone: 2", "imperial_voters_per_zone: 3",
                                 1), encoding="utf-8")
    assert _l602(cards, MARS) == [(
        "tyranny_cards.yaml", where(path, "imperial_voters_per_zone: 3")[0],
        "tyranny_cards.imperial_voters_per_zone: 3; the source document fixes 2 (Front of a "
        "Tyranny Card (setting up a Tyranny Card): Opening any Tyranny Card puts two Imperial "
        "voters into each zone)")]


def test_a_virus_card_with_a_cost(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    kernel = "    title: Moon Core Kernel\n"
    edit(path, kernel, kernel + "    cost: 2\n")
    assert _l602(cards, "san") == [(
        "cards.yaml", where(path, "Moon Core Kernel")[0] + 1,
        "cards.cost (deck=virus): present; the source document fixes no such field here "
        "(Virus Cards: A Virus card has no price: it is never bought)")]


def test_the_distinct_checker_finds_the_repeat_at_its_line(cards: Path) -> None:
    from compiler.frontend.validate import validate
    from rules_engine.core.fact_checks import departures
    from tests.test_lint_checks import FIRST_POWER, MARS
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, FIRST_POWER, FIRST_POWER.replace("        resistance: 2", "        resistance: 46"))
    content = validate([cards / "azadi"]).contents["azadi"]
    found = [(d.fact.kind, d.location.line, d.first.line if d.first else None)
             for d in departures(content, facts_of("azadi"))]
    lines = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if row == "        resistance: 46"]
    assert found == [("distinct", lines[1], lines[0])]


def _departures(cards: Path, game: str) -> list[tuple[str, int, str, list[int]]]:
    from compiler.frontend.validate import validate
    from rules_engine.core.fact_checks import departures
    content = validate([cards / game]).contents[game]
    return [(d.fact.kind, d.location.line, d.found,
             [r.line for r in d.related] or ([d.first.line] if d.first else []))
            for d in departures(content, facts_of(game))]


def test_one_attack_card_per_ideologue_and_level_and_none_optional(cards: Path) -> None:
    path = cards / "azadi" / "attack_cards.yaml"
    edit(path, "    ideologue: supremo\n    level: 2\n", "    ideologue: supremo\n    level: 1\n")
    first = "  - id: attack-capitalist-1\n    ideologue: capitalist\n    level: 1\n" \
            "    title: Frozen Accounts\n    effects:\n      - when: once\n"
    edit(path, first, first + "        optional: true\n")
    lines = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if row == "    level: 1"]
    assert _departures(cards, "azadi") == [
        ("combination", lines[3], "ideologue supremo, level 1 again", [lines[2]]),
        ("compulsory", where(path, "optional: true")[0], "optional", [])]


def test_one_virus_card_per_corporation_and_number(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, "moon\n    type: virus\n    virus_number: 4\n",
         "moon\n    type: virus\n    virus_number: 5\n")
    lines = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if row == "    virus_number: 5"]
    assert _departures(cards, "san") == [     # a Virus 5 of 4 spaces, and a second one
        ("always", lines[1] + 1, "track_spaces is 4", []),
        ("combination", lines[1], "corporation moon, virus_number 5 again", [lines[0]])]
    assert lines[1] == where(path, "Mare Honeypot")[0] + 5


def test_what_a_country_holds_follows_a_variant_of_its_parameter(cards: Path) -> None:
    board = cards / "spring" / "board_and_deck.yaml"
    edit(board, "{number: 10, kind: revolution}", "{number: 10, kind: country, country: libya}")
    libya = where(board, "{id: libya")[0]
    spaces = [n for n, row in enumerate(board.read_text(encoding="utf-8").splitlines(), 1)
              if "country: libya}" in row]
    assert _departures(cards, "spring") == [("holds", libya, "libya holds 5", spaces)]
    manifest = cards / "spring" / "game.yaml"
    edit(manifest, "value: {min: 3, max: 4}", "value: {min: 3, max: 5}")
    assert _departures(cards, "spring") == []


def test_a_resistance_card_left_out_is_found_where_its_number_is_missing(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: resistance-05\n")
    end = text.index("  - id: resistance-06\n")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    found = [d for d in _departures(cards, "azadi") if d[0] == "sequence"]
    assert found == [("sequence", where(path, "    number: 6")[0], "no item numbered 5", [])]


def test_a_variant_keeps_the_order_of_the_difficulty_levels(cards: Path) -> None:
    """A house rule may ask for more azadi points (R69), not make easy the harder."""
    game = cards / "azadi" / "game.yaml"
    edit(game, "azadi_points: {easy: 10, medium: 11, hard: 12}",
         "azadi_points: {easy: 11, medium: 10, hard: 12}")
    code, found, report = lint_fast(cards / "azadi")
    line, column = where(game, "easy: 11, medium: 10")
    assert code == 1
    assert [f for f in found if f[0] == "L602"] == [
        ("L602", "game.yaml", line, column + len("easy: 11, medium: "))]
    assert next(d["message"] for d in report if d["code"] == "L602").startswith(
        "setup_table: azadi_points.medium 10 is not above azadi_points.easy 11 (players 4); "
        "the source document fixes azadi_points.easy < azadi_points.medium < "
        "azadi_points.hard, in every variant")
    edit(game, "azadi_points: {easy: 11, medium: 10, hard: 12}",
         "azadi_points: {easy: 11, medium: 12, hard: 13}")      # harder, still in order
    assert [f for f in lint_fast(cards / "azadi")[1] if f[0] == "L602"] == []


@pytest.mark.parametrize(("game", "before", "after", "needle", "said"), [
    ("spring", "{final_card: 2, first: 5, second: 3, other: 1}",
     "{final_card: 2, first: 3, second: 5, other: 1}", "second: 5",
     "overthrow_scores: second 5 is not below first 3"),
    ("san", "why: \"Refill to 6 cards at the end of each turn\"\n      value: 6",
     "why: \"Refill to 6 cards at the end of each turn\"\n      value: 8", "value: 8",
     "parameters: hand_size 8 is not below first_game_hand_size 7"),
    ("san", "players: {min: 2, max: 2}", "players: {min: 2, max: 4}", "max: 4",
     "game: 4 players at maximum; the source document fixes 2 players"),
])
def test_ranks_and_seats_hold_in_every_variant(cards: Path, game: str, before: str,
                                               after: str, needle: str, said: str) -> None:
    manifest = cards / game / "game.yaml"
    edit(manifest, before, after)
    code, found, report = lint_fast(cards / game)
    assert code == 1
    line, column = where(manifest, needle)
    value = column + needle.index(":") + 2       # the number after the key
    assert [f for f in found if f[0] == "L602"] == [("L602", "game.yaml", line, value)]
    assert next(d["message"] for d in report if d["code"] == "L602").startswith(said)


def test_a_country_the_source_does_not_name(cards: Path) -> None:
    path = cards / "spring" / "board_and_deck.yaml"
    edit(path, "{id: oman, name: Oman,", "{id: oman, name: Qatar,")
    code, found, report = lint_fast(cards / "spring")
    line, column = where(path, "Qatar")
    assert code == 1
    assert [f for f in found if f[0] == "L602"] == [("L602", "board_and_deck.yaml", line,
                                                     column)]
    assert next(d["message"] for d in report if d["code"] == "L602").startswith(
        "countries.name: Qatar is none of them; the source document fixes one of Tunisia, "
        "Libya, Egypt")


def test_an_order_whose_rule_holds_beyond_its_zone(cards: Path) -> None:
    """An Imperial Order applies only to its zone: a rule of one made game-wide is L602
    at its scope; Order 4's permit on Resistance cards (``require``) is game-wide by
    ruling R42 and is not judged."""
    path = cards / "azadi" / "imperial_orders.yaml"
    text = path.read_text(encoding="utf-8")
    assert "require: {use_resistance_card: {any: 2}}\n        scope: game" in text
    edit(path, "      - forbid: move_voters\n        scope: zone",
         "      - forbid: move_voters\n        scope: game")
    code, found, report = lint_fast(cards / "azadi")
    line, column = where(path, "- forbid: move_voters")
    assert (code, found) == (1, [("L602", "imperial_orders.yaml", line + 1, column + 9)])
    assert report[0]["message"].startswith(
        "imperial_orders.effects[].scope: game is none of them; the source document fixes "
        "one of zone (Imperial Orders And Infamy: ")


@pytest.mark.parametrize(("file", "before", "after", "at", "found"), [
    ("monuments.yaml", "    power:\n      - when: once\n        if: {after_azadi: true}\n"
     "        do:\n          # 2 voters", "    power:\n      - when: once\n        do:\n"
     "          # 2 voters", "- when: once",
     "monuments.power[]: no if.after_azadi; the source document fixes when: once, "
     "if.after_azadi: true (Monuments: "),
    ("monuments.yaml", "    title: The Eternal Flame\n    power:\n      - when: once",
     "    title: The Eternal Flame\n    power:\n      - when: activated", "when: activated",
     "monuments.power[]: when is activated; the source document fixes when: once"),
    ("maidaan.yaml", "{action: discard_voters, count: 2, whose: any, majority: true}",
     "{action: discard_voters, count: 3, whose: any, majority: true}", "count: 3",
     "maidaan_powers.effects[].do[] (id=maidaan-discard): count is 3; the source document "
     "fixes action: discard_voters, count: 2, whose: any, majority: true (Maidaan card - "
     "Cost (paid in Infamy): One Maidaan power"),
    ("mandates.yaml", "{voter_cards_in_use: {set: 8}}", "{voter_cards_in_use: {set: 9}}",
     "set: 9", "mandates.imperial.effects[] (id=patrimonialism): "
     "modify.voter_cards_in_use.set is 9"),
    ("mandates.yaml", "        - if: {gerrymandering_rights: capital}\n"
     "          limit: {per_turn: 1}\n          do:\n"
     "            - {action: take_resources, count: 1, from: each_other_player}",
     "        - limit: {per_turn: 1}\n          do:\n            - {action: take_resources, "
     "count: 1, from: each_other_player}", "- limit: {per_turn: 1}",
     "mandates.rebel.effects[]: no if.gerrymandering_rights; the source document fixes "
     "if.gerrymandering_rights: capital"),
])
def test_what_the_source_prints_on_every_card_of_a_kind(cards: Path, file: str, before: str,
                                                        after: str, at: str,
                                                        found: str) -> None:
    """``always`` facts: a Monument power's timing, a Maidaan power's numbers, a
    Mandate's rule and its Rebel side's condition, as the source prints them."""
    path = cards / "azadi" / file
    edit(path, before, after)
    code, where_found, report = lint_fast(cards / "azadi")
    line = where(path, at)[0]
    assert code == 1
    assert [(c, f, n) for c, f, n, _ in where_found] == [("L602", file, line)]
    assert report[0]["message"].startswith(found)


def test_a_mandate_printing_another_dissent_cost_than_the_rule(cards: Path) -> None:
    path = cards / "azadi" / "mandates.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("id: the-path-of-oneness")
    cost = text.index("dissent_cost: {any: 3}", start)
    path.write_text(text[:cost] + "dissent_cost: {any: 2}" + text[cost + 22:], encoding="utf-8")
    code, found, report = lint_fast(cards / "azadi")
    assert [(c, f) for c, f, _, _ in found] == [("L602", "mandates.yaml")]
    assert report[0]["message"].startswith("mandates.dissent_cost: any is 2; the source "
                                           "document fixes any: 3")


def test_a_virus_5_of_four_spaces_on_both_sides(cards: Path) -> None:
    """Both Virus 5 cards changed alike (no mirror to break): the source's example
    fixes three spaces (R9)."""
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    for corporation in ("moon", "star"):
        at = text.index("track_spaces: 3", text.index(f"id: {corporation}-virus-5"))
        text = text[:at] + "track_spaces: 4" + text[at + 15:]
    path.write_text(text, encoding="utf-8")
    code, found, report = lint_fast(cards / "san")
    assert code == 1
    assert [(c, f) for c, f, _, _ in found] == [("L602", "cards.yaml")] * 2
    assert report[0]["message"].startswith("cards (deck=virus, virus_number=5): track_spaces "
                                           "is 4; the source document fixes track_spaces: 3")


def test_one_hand_bonus_token_left_on_the_track(cards: Path) -> None:
    edit(cards / "san" / "game.yaml", "value: [3, 5]", "value: [3]")
    edit(cards / "san" / "cards.yaml", "{stage: 5, hand_bonus: true}",
         "{stage: 5, hand_bonus: false}")
    code, found, report = lint_fast(cards / "san")
    line = where(cards / "san" / "game.yaml", "where: {hand_bonus: true}, count: 2")[0]
    assert ("N501", "game.yaml", line, 7) in found
