"""M405 for AZADI: whatever a card prints that the engine would not run as printed
is an error at ``samizdat validate``, at the exact part (ruling R42); what it runs
validates clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import edit, line_of, triples, validate_json

BOYCOTT = "{action: discard_voters, count: 1, whose: imperial, majority: false, zone: this_zone}"


def _found(cards: Path) -> list[tuple[str, str, int, int]]:
    code, report = validate_json(cards / "azadi")
    assert code == (1 if report["diagnostics"] else 0)
    return triples(report, cards)


def _column(path: Path, text: str) -> int:
    return next(line.index(text) + 1 for line in path.read_text().splitlines()
                if text in line)


@pytest.mark.parametrize(("new", "part"), [
    ("{action: discard_voters, count: 1, whose: imperial, zone: volatile}", "volatile"),
    ("{action: use_resistance_cards, count: 1}", "{action: use_resistance_cards"),
    ("{action: open_zone, areas: [13, 15]}", "[13, 15]"),
    ("{action: place_voters, count: 2, zone: capital, per_zone: 1}", "1}"),
    ("{action: donate_resources, count: 1, source: spent_on_voter_card}",
     "spent_on_voter_card"),
])
def test_a_parameter_the_engine_would_not_run_is_located(cards: Path, new: str,
                                                         part: str) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, BOYCOTT, new)
    line = line_of(path, new)
    column = next(n for n in range(len(new)) if new.startswith(part, n)) + \
        _column(path, new)
    assert _found(cards) == [("M405", "azadi/resistance_cards.yaml", line, column)]


def test_this_zone_on_a_card_that_lies_in_no_zone(cards: Path) -> None:
    path = cards / "azadi" / "ideologues.yaml"
    edit(path, "{action: gain_resources, resources: {any: 2}, up_to: true}",
         "{action: place_voters, count: 1, zone: this_zone}")
    code, report = validate_json(cards / "azadi")
    (found,) = report["diagnostics"]
    assert (found["code"], found["line"]) == ("M405", line_of(path, "zone: this_zone"))
    assert found["column"] == _column(path, "this_zone")
    assert "zone: this_zone needs a card that has a zone" in found["message"]


def test_a_filter_the_event_cannot_answer(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, "- when: {event: voter_placed, where: {whose: own, zone: this_zone}}",
         "- when: {event: voter_placed, where: {whose: own, majority: true}}")
    found = _found(cards)
    assert found == [("M405", "azadi/resistance_cards.yaml", line_of(path, "majority: true}"),
                      _column(path, "true}}"))]


def test_rules_and_timings_a_card_type_does_not_run(cards: Path) -> None:
    resistance = cards / "azadi" / "resistance_cards.yaml"
    edit(resistance, "    title: Boycott\n    ideologue: capitalist\n    effects:\n",
         "    title: Boycott\n    ideologue: capitalist\n    effects:\n      - forbid: trade\n")
    attacks = cards / "azadi" / "attack_cards.yaml"
    edit(attacks, "      - when: once\n        do:\n          - {action: discard_resources, "
         "count: 1, kind: media}", "      - when: once\n        if: {players: 4}\n        do:\n"
         "          - {action: discard_resources, count: 1, kind: media}")
    found = _found(cards)
    assert ("M405", "azadi/resistance_cards.yaml", line_of(resistance, "- forbid: trade"),
            _column(resistance, "- forbid: trade") + len("- forbid: ")) in found
    assert ("M405", "azadi/attack_cards.yaml", line_of(attacks, "if: {players: 4}"),
            _column(attacks, "{players")) in found
    assert len(found) == 2


def test_what_the_engine_runs_validates_clean(cards: Path) -> None:
    """trade_resources (once skipped), per_zone with different zones, deck top."""
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, BOYCOTT, "{action: trade_resources, with: reserve, give: 2, get: 1, "
         "kind: media}")
    assert _found(cards) == []


def test_an_optional_effect_the_rules_make_compulsory(cards: Path) -> None:
    """A start- or end-of-turn effect or a listener happens by itself (ruling R70): the
    engine cannot let a player decline it, so `optional: true` there is refused."""
    path = cards / "azadi" / "mandates.yaml"
    timed, then = "        - when: end_of_turn\n", "          do:\n            - {action: discard"
    edit(path, timed + then, timed + "          optional: true\n" + then)
    code, report = validate_json(cards / "azadi")
    (found,) = report["diagnostics"]
    assert (found["code"], found["line"], found["column"]) == (
        "M405", line_of(path, "optional: true"), 21)
    assert found["message"].startswith(
        "`optional: true` on an effect that happens by itself (when: end_of_turn), which "
        "the rules make compulsory (ruling R70), on ")


def _message(cards: Path) -> list[tuple[int, int, str]]:
    code, report = validate_json(cards / "azadi")
    return [(d["line"], d["column"], d["message"].split(", on ")[0])
            for d in report["diagnostics"] if d["code"] == "M405"]


def test_printed_parts_the_engine_never_plays_are_refused(cards: Path) -> None:
    """Each of these validated clean and printed, while the engine ignored it: a rule's
    condition, a Mandate's dissent price in a resource, an Order's dissent price in
    Legacy, an Order's entry price in Infamy, a limit on an Attack card, and answering
    two more Ideology cards at once."""
    mandates = cards / "azadi" / "mandates.yaml"
    edit(mandates, "        - forbid: trade\n",
         "        - forbid: trade\n          if: {players: 5}\n")
    edit(mandates, "    dissent_cost: {any: 3}\n\n  - id: divide-and-rule",
         "    dissent_cost: {funds: 3}\n\n  - id: divide-and-rule")
    orders = cards / "azadi" / "imperial_orders.yaml"
    edit(orders, "    dissent_cost: {clout: 2}", "    dissent_cost: {clout: 1, legacy: 1}")
    edit(orders, "{place_voter_in_zone: {funds: 1}}", "{place_voter_in_zone: {infamy: 1}}")
    attacks = cards / "azadi" / "attack_cards.yaml"
    frozen = "    title: Frozen Accounts\n    effects:\n      - when: once\n"
    edit(attacks, frozen, frozen + "        limit: {per_game: 1}\n")
    resistance = cards / "azadi" / "resistance_cards.yaml"
    edit(resistance, "{action: answer_ideology_card, count: 1}",
         "{action: answer_ideology_card, count: 2}")
    assert sorted(_message(cards)) == sorted([
        (line_of(mandates, "if: {players: 5}"), 15,
         "a condition (`if`) on a rule, which holds whenever its card is in force"),
        (line_of(mandates, "dissent_cost: {funds: 3}"), len("    dissent_cost: {funds: ") + 1,
         "a dissent price in `funds` (the engine charges `any` here)"),
        (line_of(orders, "legacy: 1}"), _column(orders, "legacy: 1}") + len("legacy: "),
         "a dissent price in `legacy` (the engine charges `any`, `clout`, `funds`, `media`, "
         "`trust` here)"),
        (line_of(orders, "{infamy: 1}"), _column(orders, "infamy: 1}") + len("infamy: "),
         "an entry price in `infamy` (the engine charges resources, `any` and the player's "
         "own voters)"),
        (line_of(attacks, "limit: {per_game: 1}"), 16,
         "a `limit` on when: once, which the engine runs whenever its timing comes"),
        (line_of(resistance, "answer_ideology_card, count: 2"),
         _column(resistance, "answer_ideology_card, count: 2")
         + len("answer_ideology_card, count: "),
         "`answer_ideology_card` with count 2 (one more card a use)")])


def test_a_zone_filter_on_an_event_that_names_no_zone(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, "- when: {event: voter_placed, where: {whose: own, zone: this_zone}}",
         "- when: {event: imperial_voter_added, where: {zone: this_zone}}")
    assert _message(cards) == [(line_of(path, "imperial_voter_added"),
                                _column(path, "this_zone}}"),
                                "an event filter `zone: this_zone` on a imperial_voter_added "
                                "event, which names no zone, so it never matches")]


def test_an_owner_filter_on_an_event_about_no_ones_voter(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    edit(path, "- when: {event: voter_placed, where: {whose: own, zone: this_zone}}",
         "- when: {event: trade, where: {whose: own}}")
    assert _message(cards) == [(line_of(path, "{event: trade, where: {whose: own}}"),
                                _column(path, "{event: trade, where: {whose: own}}")
                                + len("{event: trade, where: {whose: "),
                                "an event filter `whose: own` on a trade event, which is "
                                "about no one's voter or majority, so it would match every "
                                "one")]


def test_a_permit_priced_in_the_players_own_voters(cards: Path) -> None:
    path = cards / "azadi" / "foundation_cards.yaml"
    edit(path, "- require: {trade: {clout: 1}}", "- require: {trade: {discard_own_voters: 1}}")
    assert _message(cards) == [(line_of(path, "{trade: {discard_own_voters"),
                                _column(path, "discard_own_voters: 1}}")
                                + len("discard_own_voters: "),
                                "a `trade` permit priced in `discard_own_voters` (the engine "
                                "charges a permit in resources, `any`, Legacy and Infamy)")]
