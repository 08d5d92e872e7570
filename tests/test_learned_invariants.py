"""L601: invariants learned from the shipped content, checked at the content line of
new content that breaks one (with how many shipped items keep it), quiet on the
shipped content and on bolder-but-plausible numbers; suppressible with a reason."""

from __future__ import annotations

from pathlib import Path

from compiler.frontend.shipped import shipped_content
from rules_engine.core.learned import learn
from tests.conftest import edit
from tests.test_lint_checks import MARS, lint_fast, where

ANSWER = ('{text: "Only what the Directorate has confirmed. Rumour burns air like fire '
          'does.", ideologue: supremo, resources: {clout: 4}}')


def test_learns_what_every_shipped_item_keeps() -> None:
    said = {i.says() for i in learn(shipped_content("azadi")).all()}
    assert "the numbers of every shipped ideology_cards.answers[].resources add up to 4" \
        in said
    assert "no two shipped items of one folder share a resistance_cards.number" in said
    spring = {i.says() for i in learn(shipped_content("spring")).all()}
    assert any(s.startswith("every shipped cards{type=revolution}.force is") for s in spring)


def test_an_answer_granting_five_resources(cards: Path) -> None:
    path = cards / MARS / "ideology_cards.yaml"
    edit(path, ANSWER, ANSWER.replace("{clout: 4}", "{clout: 4, trust: 1}"))
    code, found, report = lint_fast(cards / MARS)
    assert code == 0
    assert found == [("L601", path.name, *where(path, "{clout: 4, trust: 1}"))]
    assert report[0]["message"] == (
        "the numbers of every shipped ideology_cards.answers[].resources add up to 4 "
        "(1080 shipped kept it); these add up to 5")


def test_a_slipped_digit_and_a_repeated_number(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    fixer = "what he drinks.\n    deck: starting\n    corporation: moon\n    type: corruption\n"
    edit(path, fixer + "    icons: {corruption: 2}\n    revenue: 0\n",
         fixer + "    icons: {corruption: 2}\n    revenue: 10\n")
    found = lint_fast(cards / "san")[1]
    assert ("L601", path.name, *where(path, "revenue: 10")[:1],
            where(path, "revenue: 10")[1] + len("revenue: ")) in found
    orders = cards / "azadi" / "imperial_orders.yaml"
    edit(orders, "    title: Network of Informers", "    title: Checkpoint Permits")
    titles = [f for f in lint_fast(cards / "azadi")[1] if f[0] == "L601"]
    line = orders.read_text(encoding="utf-8").splitlines().index(
        "    title: Checkpoint Permits", where(orders, "Checkpoint Permits")[0]) + 1
    assert titles == [("L601", orders.name, line, 12)]


def test_bolder_numbers_within_reach_and_the_shipped_content_are_quiet(cards: Path) -> None:
    orders = cards / "azadi" / "imperial_orders.yaml"
    edit(orders, "dissent_cost: {clout: 2}", "dissent_cost: {clout: 6, funds: 6}")
    assert [f for f in lint_fast(cards / "azadi")[1] if f[0] == "L601"] == []
    assert lint_fast(cards / "spring")[1] == []


def test_suppressed_with_a_reason(cards: Path) -> None:
    path = cards / MARS / "ideology_cards.yaml"
    edit(path, ANSWER, ANSWER.replace("{clout: 4}", "{clout: 5}")
         + "  # samizdat: ignore[L601] the colony's one generous answer")
    assert lint_fast(cards / MARS)[1] == []


PETTY_BRIBE_END = ("    crossing_penalty: 1\n    copies: 2\n\n"
                   "  - id: river-corruption-pliable-auditor")


def test_learns_san_price_formula() -> None:
    from rules_engine.core.cost_model import learn as learn_costs
    models = {(m.view, m.target): m for m in learn_costs(shipped_content("san")).models}
    river = models[("cards", "cost")]
    weights = dict(river.weights)
    assert river.support == 44 and river.worst < 0.5
    assert 1.4 < weights["revenue"] < 1.9 and weights["effects:single_use"] < -1.5
    azadi = {(m.view, m.target) for m in learn_costs(shipped_content("azadi")).models}
    assert ("voter_cards", "cost") in azadi


def test_a_price_off_the_formula(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, "    icons: {corruption: 3}\n    revenue: 0\n    cost: 2\n",
         "    icons: {corruption: 3}\n    revenue: 0\n    cost: 3\n")
    code, found, report = lint_fast(cards / "san")
    assert code == 0
    line = where(path, "Pliable Auditor")[0] + 6
    assert found == [("L601", path.name, line, 11)]
    assert report[0]["message"] == (
        "the shipped cards.cost follow one formula of their effects (44 kept it within "
        "±0.46); for this item it gives -0.98 + 1.1×3 icons.corruption "
        "= 2.2, but its cost is 3")


def test_a_card_strictly_worse_than_another_at_the_same_price(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, PETTY_BRIBE_END, PETTY_BRIBE_END.replace(
        "    copies: 2\n", "\n  - id: river-corruption-petty-favour\n    title: Petty Favour\n"
        "    deck: river\n    type: corruption\n    icons: {corruption: 2}\n    revenue: 0\n"
        "    cost: 1\n    crossing_cost: 2\n    crossing_penalty: 2\n"))
    code, found, report = lint_fast(cards / "san")
    assert code == 0
    assert found == [("L601", path.name, where(path, "- id: river-corruption-petty-favour")[0],
                      5)]
    assert report[0]["related"][0]["line"] == where(path, "- id: river-corruption-petty-bribe")[0]
    assert report[0]["message"].startswith("river-corruption-petty-bribe is as good or better "
                                           "in every term of the shipped cards.cost formula")


def test_an_answer_for_one_ideologue_granting_anothers_resource(cards: Path) -> None:
    path = cards / MARS / "ideology_cards.yaml"
    edit(path, ANSWER, ANSWER.replace("ideologue: supremo", "ideologue: idealist"))
    report = lint_fast(cards / MARS)[2]
    hits = [d for d in report if d["message"].startswith("every shipped ideology_cards.answers")
            and "has resources holding" in d["message"]]
    line = where(path, ANSWER.replace("ideologue: supremo", "ideologue: idealist"))[0]
    assert [(d["code"], d["line"]) for d in hits] == [("L601", line)]
    assert hits[0]["message"] == (
        "every shipped ideology_cards.answers[] with ideologue idealist has resources holding "
        "trust (270 shipped kept it); this one lacks trust")


def test_a_resistance_card_numbered_in_another_ideologues_block(cards: Path) -> None:
    """The block warning itself (in the lint, the gap the move leaves is L602's error at
    the same place, which the warning gives way to)."""
    from compiler.frontend.validate import validate
    from rules_engine.core.implications import learn_blocks, outside_blocks
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, "    number: 1\n    title: Boycott\n", "    number: 14\n    title: Boycott\n")
    content = validate([cards / "azadi"]).contents["azadi"]
    found = outside_blocks(content, learn_blocks(shipped_content("azadi")))
    assert [(at.line, at.column, n) for _, _, at, n in found] == [
        (where(path, "number: 14")[0], 13, 14)]
    block, entered = found[0][:2]
    assert (block.says(), entered.value) == (
        "every shipped resistance_cards with ideologue capitalist has a number in 1..12, a "
        "block of its own", "showstopper")
    report = lint_fast(cards / "azadi")[2]
    assert [d["code"] for d in report if d["line"] == where(path, "number: 14")[0]] == ["L602"]


def test_two_tyranny_choices_of_one_campaign_unlocking_one_resistance_card(
        cards: Path) -> None:
    from tests.test_lint_checks import FIRST_POWER
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, FIRST_POWER, FIRST_POWER.replace("        resistance: 2", "        resistance: 20"))
    report = lint_fast(cards / MARS)[2]
    hits = [d for d in report if d["code"] == "L601"
            and "tyranny_cards.choices[].resistance" in d["message"]]
    lines = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if row == "        resistance: 20"]
    # at the choice edited (the earlier), the shipped one that has it a related place
    assert [(d["line"], d["related"][0]["line"]) for d in hits] == [(lines[0], lines[1])]
    assert hits[0]["message"] == (
        "no two shipped items of one folder share a tyranny_cards.choices[].resistance "
        "(120 shipped kept it); 20 is already taken in this folder")


def test_learns_what_ids_say_and_which_sides_mirror() -> None:
    from rules_engine.core.mirrors import learn as learn_mirrors
    from rules_engine.core.name_marks import learn as learn_marks
    spring = learn_marks(shipped_content("spring"))
    assert spring.words[("cards", "subtype")]["strike"].value == "strike"
    assert spring.words[("cards", "type")]["rev"].value == "revolution"
    azadi = learn_marks(shipped_content("azadi"))
    assert azadi.numbers[("tyranny_cards", "number")].support == 60
    assert ("ideology_cards", "ideologue") not in azadi.words    # no id names one
    assert set(learn_mirrors(shipped_content("san"))) == {("cards", "corporation")}
    assert learn_mirrors(shipped_content("azadi")) == {}


def test_a_card_whose_id_names_another_subtype(cards: Path) -> None:
    path = cards / "spring" / "board_and_deck.yaml"
    before = "  - id: rev-strike-lawyers\n    title: Lawyers Strike in Robes\n" \
             "    type: revolution\n    subtype: strike\n"
    edit(path, before, before.replace("subtype: strike", "subtype: protest"))
    game = cards / "spring" / "game.yaml"     # the deck's counts follow the edit (R75)
    edit(game, "subtype: protest}, count: 8", "subtype: protest}, count: 9")
    edit(game, "subtype: strike}, count: 7", "subtype: strike}, count: 6")
    code, found, report = lint_fast(cards / "spring")
    line = where(path, "- id: rev-strike-lawyers")[0] + 3
    assert (code, found) == (0, [("L601", path.name, line, 14)])
    assert report[0]["message"] == (
        "every shipped cards item whose id has the word 'strike' has subtype strike, and "
        "every one with subtype strike has it (6 shipped kept it); this id says 'strike', "
        "but its subtype is protest")
    card = "  - id: rev-protest-new-anthem\n    title: A New Anthem\n    type: revolution\n"
    edit(path, before.replace("subtype: strike", "subtype: protest"),
         before + "    force: 2\n" + card + "    subtype: protest\n")
    edit(game, "subtype: strike}, count: 6", "subtype: strike}, count: 7")   # a card more
    edit(game, "{type: card, count: 66", "{type: card, count: 67")
    edit(game, "{type: revolution}, count: 36", "{type: revolution}, count: 37")
    # a name of its own is not judged (the lawyers' flavour, moved to the new card, leaves
    # its translations to no field: T107 in each catalogue)
    assert [f[:2] for f in lint_fast(cards / "spring")[1]] == [("T107", "ar.po"),
                                                              ("T107", "fr.po")]


def test_a_tyranny_card_numbered_apart_from_its_id(cards: Path) -> None:
    from compiler.frontend.validate import validate
    from rules_engine.core.name_marks import broken as misnamed
    from rules_engine.core.name_marks import learn as learn_marks
    path = cards / MARS / "tyranny_cards.yaml"
    text = path.read_text(encoding="utf-8")
    ident = next(line for line in text.splitlines() if "tyranny-03" in line)
    edit(path, ident + "\n    number: 3\n", ident + "\n    number: 13\n")
    content = validate([cards / "azadi"]).contents["azadi"]
    found = list(misnamed(content, learn_marks(shipped_content("azadi"))))
    assert [(f.location.line, f.location.column, f.named, f.held) for f in found] == [
        (where(path, "number: 13")[0], 13, "3", "13")]
    assert found[0].says == ("every shipped tyranny_cards item has its number among the "
                             "numbers of its id")


def test_a_starting_card_that_no_longer_mirrors_the_other_corporations(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    anchor = "pre-approved.\n    deck: starting\n    corporation: star\n    type: propaganda\n" \
             "    icons: {propaganda: 2}\n"
    edit(path, anchor + "    revenue: 0\n", anchor + "    revenue: 1\n")
    code, found, report = lint_fast(cards / "san")
    line = where(path, "Zenith Talk Host")[0] + 6
    assert (code, found) == (0, [("L601", path.name, line, 14)])
    assert report[0]["message"] == (
        "every shipped cards item with corporation moon or star has a twin on the other "
        "side, equal in all but its names (26 shipped kept it); no moon item matches this "
        "one")
    assert report[0]["related"][0]["line"] == where(path, "- id: moon-start-propaganda-anchor")[0]


def test_a_campaign_given_another_campaigns_mandate(cards: Path) -> None:
    """Each shipped Mandate names its campaign and the campaign names it back: a
    campaign moved to another's Mandate is found at its line, once, and a new campaign
    that plays a shipped Mandate is not judged."""
    campaign = cards / "azadi" / "campaigns" / "russian-revolution-1917" / "campaign.yaml"
    edit(campaign, "mandate: patrimonialism", "mandate: state-of-emergency")
    code, found, report = lint_fast(cards / "azadi")
    line, column = where(campaign, "state-of-emergency")
    assert [f for f in found if f[0] == "L601"] == [("L601", "campaign.yaml", line, column)]
    (said,) = [d for d in report if d["code"] == "L601"]
    assert said["message"] == (
        "every shipped campaign item's mandate is a mandates item whose campaign names it "
        "back (5 shipped kept it); patrimonialism names this one back, but this one's "
        "mandate is state-of-emergency")
    assert [Path(r["file"]).name for r in said["related"]] == ["mandates.yaml"]


def test_a_new_campaign_may_play_a_shipped_mandate(cards: Path) -> None:
    copy = cards / "azadi" / "campaigns" / "my-campaign"
    source = cards / "azadi" / "campaigns" / "russian-revolution-1917"
    copy.mkdir()
    for path in source.iterdir():
        text = path.read_text(encoding="utf-8").replace("russian-revolution-1917",
                                                        "my-campaign")
        (copy / path.name).write_text(text.replace("rus-", "myc-"), encoding="utf-8")
    found = lint_fast(cards / "azadi")[1]
    assert not [f for f in found if f[0] == "L601" and f[1] == "campaign.yaml"]


def test_a_monument_printing_one_power_twice(cards: Path) -> None:
    """The rulebook's 2-player Monument powers differ from the others: a copy of the
    power left unedited in two_player_power is found there."""
    import yaml

    path = cards / "azadi" / "monuments.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = data["monuments"][0]
    text = path.read_text(encoding="utf-8")
    start = text.index("two_player_power:")
    end = text.index("\n  - ", start)
    power = yaml.safe_dump(first["power"], default_flow_style=True, width=1000).strip()
    edit(path, text[start:end], f"two_player_power: {power}")
    code, found, report = lint_fast(cards / "azadi")
    line, column = where(path, f"two_player_power: {power}")
    assert [f for f in found if f[0] == "L601"] == [
        ("L601", "monuments.yaml", line, column + len("two_player_power: "))]
    (said,) = [d for d in report if d["code"] == "L601"]
    assert said["message"] == ("every shipped monuments item holds something else in "
                               "two_player_power than in power (6 shipped kept it); this "
                               "one holds the same in both")


def test_a_lower_level_that_outdoes_a_higher_one(cards: Path) -> None:
    """Levels that escalate (rules_engine/core/levels.py): a level-1 Attack card given
    more than the level-2 card of its ideologue is a warning at its level, the level-2
    card a related place; the same card given the level-2 numbers exactly is not."""
    from rules_engine.core.levels import learn as learn_levels

    learned = learn_levels(shipped_content("azadi"))
    assert [(e.section, e.level, e.group, e.support) for e in learned] == [
        ("attack_cards", "level", "ideologue", 9)]
    path = cards / "azadi" / "attack_cards.yaml"
    first = ("          - {action: discard_resources, count: 1, kind: media}\n"
             "          - {action: add_imperial_voters, count: 1, zone: one}")
    edit(path, first, first.replace("count: 1, kind", "count: 3, kind")
         .replace("count: 1, zone", "count: 2, zone"))
    report = [d for d in lint_fast(cards / "azadi")[2] if d["code"] == "L601"]
    level = where(path, "id: attack-showstopper-1")[0] + 2
    assert [(d["line"], d["related"][0]["line"]) for d in report] == [
        (level, where(path, "id: attack-showstopper-2")[0] + 2)]
    assert report[0]["message"] == (
        "no shipped attack_cards item is outdone, in every term, by one of a lower level "
        "of its ideologue (9 shipped pairs escalate); this item of level 1 does as much as "
        "attack-showstopper-2 of level 2 in every term, and more in one")
    edit(path, "count: 3, kind: media", "count: 2, kind: media")     # level 2's numbers
    assert [d for d in lint_fast(cards / "azadi")[2] if d["code"] == "L601"] == []


def test_an_item_left_out_of_a_numbered_list_is_found_where_it_was(cards: Path) -> None:
    """Place marks (rules_engine/core/name_marks.py): every shipped ideology card's id
    numbers its place in its campaign's list, so a card left out is found at the card
    that now stands in its place, once, and N501 counts the list short; two cards
    trading places leave no gap and are not judged."""
    from rules_engine.core.name_marks import learn as learn_marks

    marks = learn_marks(shipped_content("azadi"))
    assert {s: m.support for s, m in marks.places.items()} == {
        "ideology_cards": 540, "imperial_orders": 12, "resistance_cards": 48,
        "tyranny_cards": 60, "voter_cards": 49}
    path = cards / "azadi" / "campaigns" / "egyptian-revolution-2011" / "ideology_cards.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("  - id: egy-ideology-054"), text.index("  - id: egy-ideology-055")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    report = lint_fast(cards / "azadi" / "campaigns" / "egyptian-revolution-2011")[2]
    hits = [d for d in report if d["code"] == "L601"]
    assert [(d["line"], d["column"]) for d in hits] == [
        (where(path, "egy-ideology-055")[0], where(path, "egy-ideology-055")[1])]
    assert hits[0]["message"] == (
        "every shipped ideology_cards item has its place in its list among the numbers of "
        "its id (540 shipped kept it); this id says 55, but its place in the list is 54, "
        "and no id of the list numbers 54 (an item left out?)")
    assert "N501" in {d["code"] for d in report}
    moved = text[:start] + text[end:text.index("  - id: egy-ideology-056")] + \
        text[start:end] + text[text.index("  - id: egy-ideology-056"):]
    path.write_text(moved, encoding="utf-8")        # 55 before 54: nothing is missing
    report = lint_fast(cards / "azadi" / "campaigns" / "egyptian-revolution-2011")[2]
    assert [d for d in report if d["code"] == "L601"] == []


def test_a_declared_type_no_card_has(cards: Path) -> None:
    """Every shipped Spring revolution type is some card's subtype: a sixth type in the
    parameter, dealt to no card, is found at its name."""
    from rules_engine.core.declared_values import learn as learn_declared

    assert [(d.parameter, d.section, d.field) for d in learn_declared(
        shipped_content("spring"))] == [("revolution_types", "cards", "subtype")]
    path = cards / "spring" / "game.yaml"
    edit(path, "value: [protest, strike, occupation, intervention, uprising]",
         "value: [protest, strike, occupation, intervention, uprising, riot]")
    code, found, report = lint_fast(cards / "spring")
    line, column = where(path, "riot]")
    assert found == [("L601", "game.yaml", line, column)]
    assert report[0]["message"] == (
        "every name parameters.revolution_types lists is the subtype of some shipped cards "
        "item (30 shipped kept it); riot is no cards item's subtype, so nothing of it is "
        "dealt or played")


def test_a_monument_named_by_three_foundation_cards(cards: Path) -> None:
    """Every shipped Monument is the monument of two Foundation cards (R4): one card
    moved to another Monument leaves one named three times and one named once."""
    from rules_engine.core.named_counts import learn as learn_named

    learned = {(n.section, n.field, n.target, n.low, n.high)
               for n in learn_named(shipped_content("azadi"))}
    assert ("foundation_cards", "monument", "monuments", 2, 2) in learned
    assert ("tyranny_cards", "order", "imperial_orders", 1, 1) in learned
    path = cards / "azadi" / "foundation_cards.yaml"
    text = path.read_text(encoding="utf-8")
    at = text.index("monument: 2", text.index("id: foundation-idealist-showstopper"))
    path.write_text(text[:at] + "monument: 1" + text[at + 11:], encoding="utf-8")
    code, found, report = lint_fast(cards / "azadi")
    monuments = cards / "azadi" / "monuments.yaml"
    assert found == [("L601", "monuments.yaml", where(monuments, "- id: monument-1")[0], 5),
                     ("L601", "monuments.yaml", where(monuments, "- id: monument-2")[0], 5)]
    assert report[0]["message"] == (
        "every shipped monuments item is the monument of 2 foundation_cards items (6 "
        "shipped kept it); 1 is the monument of 3")
    assert len(report[0]["related"]) == 3


def test_a_repeat_is_found_at_the_item_that_left_its_shipped_value(cards: Path) -> None:
    """Tyranny card 2's choice made to unlock 34, which card 5 unlocks: the finding is
    at card 2 (edited, earlier in the file), card 5 a related place."""
    path = cards / "azadi" / "campaigns" / "american-revolution-1776" / "tyranny_cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("        resistance: 33\n") == 1
    path.write_text(text.replace("        resistance: 33\n", "        resistance: 34\n"),
                    encoding="utf-8")
    code, found, report = lint_fast(cards / "azadi")
    edited, other = (n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(),
                                                 start=1) if line == "        resistance: 34")
    repeats = [d for d in report if d["code"] == "L601" and "resistance" in d["message"]]
    assert [(d["line"], d["related"][0]["line"]) for d in repeats] == [(edited, other)]


def test_a_country_colour_that_prints_nearly_as_anothers(cards: Path) -> None:
    """Iran given a blue one step from Syria's: unique, yet the two print alike."""
    path = cards / "spring" / "board_and_deck.yaml"
    edit(path, "#2e86c1", "#1f3f7b")
    code, found, report = lint_fast(cards / "spring")
    line, column = where(path, "#1f3f7b")
    assert found == [("L601", path.name, line, column - 1)]      # at its opening quote
    assert report[0]["message"] == (
        "no two shipped items of one folder have a countries.colour within ΔE 10 of each "
        "other (they must be told apart in print) (11 shipped kept it); #1f3f7b (ΔE 0.7 "
        "from #1f3f7a) prints nearly alike")
    assert report[0]["related"][0]["line"] == where(path, "#1f3f7a")[0]


def test_colour_distance() -> None:
    from rules_engine.core.colours import distance

    assert distance("#000000", "#000000") == 0
    assert round(distance("#000000", "#ffffff")) == 100       # L* from 0 to 100
    assert distance("#c0392b", "#d35400") > 20                # the nearest shipped pair


def test_an_entry_written_twice_in_one_list(cards: Path) -> None:
    """No shipped list repeats an entry word for word: a second {draw: 1} in a card's
    effects, a second single_use flag, are copies left in."""
    spring = cards / "spring" / "board_and_deck.yaml"
    text = spring.read_text(encoding="utf-8")
    at = text.index("effects: [{draw: 1}]", text.index("id: res-informers"))
    spring.write_text(text[:at] + "effects: [{draw: 1}, {draw: 1}]" + text[at + 20:],
                      encoding="utf-8")
    code, found, report = lint_fast(cards / "spring")
    line, column = where(spring, "effects: [{draw: 1}, {draw: 1}]")
    assert found == [("L601", spring.name, line, column + len("effects: [{draw: 1}, "))]
    assert report[0]["message"] == ("no shipped list repeats an entry (2 shipped lists kept "
                                    "it); {\"draw\": 1} is written twice here")
    san = cards / "san" / "cards.yaml"
    edit(san, "effects: [play_all_types, {draw: 2}, single_use]",
         "effects: [play_all_types, {draw: 2}, single_use, single_use]")
    repeats = [d for d in lint_fast(cards / "san")[2] if "written twice" in d["message"]]
    assert [d["message"] for d in repeats] == [
        "no shipped list repeats an entry (6 shipped lists kept it); single_use is written "
        "twice here"]
