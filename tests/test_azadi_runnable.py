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
