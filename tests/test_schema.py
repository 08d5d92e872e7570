"""Schema diagnostics: exact code, position and message for each kind of mistake."""

from __future__ import annotations

import pytest

from compiler.frontend.schema_check import check, schema_names
from compiler.frontend.yaml_loader import load_yaml

RESISTANCE = """\
r:
  - id: r-1
    number: 1
    title: T
    ideologue: idealist
    effects:
      - do:
          - {{action: evict_voters, {params}}}
"""


def diagnose(source: str, schema: str, key: str) -> list[tuple[str, str, str, str | None]]:
    doc, problems = load_yaml(source.encode(), "f.yaml")
    assert doc is not None and not problems
    out = []
    for index, item in enumerate(doc.data[key]):
        for d in check(doc, (key, index), item, schema):
            out.append((d.code, str(d.location), d.message, d.hint))
    return out


@pytest.mark.parametrize(("params", "expected"), [
    ("count: 1, whose: nobody",
     ("S303", "f.yaml:8:53", "r.0.effects.0.do.0.whose: expected one of 'own', 'opponent', "
      "'imperial', 'rebel', 'any', 'not_own'; got text 'nobody'", None)),
    ("count: two",
     ("S302", "f.yaml:8:43", "r.0.effects.0.do.0.count: expected an integer or a mapping, "
      "got text 'two'", None)),
    # a value of the right type that fails deeper: the deeper reason wins, then "and N more"
    ("count: {per_resources_left: 0}",
     ("S305", "f.yaml:8:64", "r.0.effects.0.do.0.count.per_resources_left: expected at least "
      "1, got 0 (and 1 more)", None)),
    ("count: 1, majorty: true",
     ("S304", "f.yaml:8:46", "r.0.effects.0.do.0: unknown field 'majorty'",
      "did you mean 'majority'?")),
])
def test_action_parameters(params: str, expected: tuple[str, str, str, str | None]) -> None:
    assert diagnose(RESISTANCE.format(params=params), "azadi/resistance_card", "r") == [expected]


def test_unknown_action_lists_the_vocabulary() -> None:
    source = RESISTANCE.replace("{{action: evict_voters, {params}}}", "{action: fly}")
    ((code, where, message, _),) = diagnose(source, "azadi/resistance_card", "r")
    assert (code, where) == ("S303", "f.yaml:8:22")
    assert message.startswith("r.0.effects.0.do.0.action: expected one of 'gain_resources', ")
    assert message.endswith("; got text 'fly'")


def test_rule_scope_and_effect_shape() -> None:
    source = RESISTANCE.replace(
        "      - do:\n          - {{action: evict_voters, {params}}}\n",
        "      - when: end_of_turn\n      - forbid: trade\n        scope: planet\n")
    assert diagnose(source, "azadi/resistance_card", "r") == [
        ("S301", "f.yaml:7:9", "r.0.effects.0: missing required field 'do'", None),
        ("S303", "f.yaml:9:16", "r.0.effects.1.scope: expected one of 'zone', 'game', "
         "'player'; got text 'planet'", "did you mean 'player'?"),
    ]


def test_voter_card_mistakes_each_get_a_diagnostic() -> None:
    source = "v:\n  - {id: Voter_1, voters: 4, cost: {funds: 2}, extra: 1}\n"
    assert diagnose(source, "azadi/voter_card", "v") == [
        ("S306", "f.yaml:2:10", "v.0.id: 'Voter_1' is not a slug: lower-case letters and "
         "digits joined by single hyphens", None),
        ("S305", "f.yaml:2:27", "v.0.voters: expected at most 3, got 4", None),
        ("S304", "f.yaml:2:48", "v.0: unknown field 'extra'", "did you mean 'text'?"),
    ]


def test_spring_space_needs_a_country_only_when_it_is_one() -> None:
    source = "s:\n  - {number: 2, kind: country}\n  - {number: 1, kind: revolution, country: x}\n"
    codes = [(c, w) for c, w, _, _ in diagnose(source, "spring/space", "s")]
    assert codes == [("S301", "f.yaml:2:5"), ("S300", "f.yaml:3:5")]


def test_every_schema_is_draft_2020_12_and_loads() -> None:
    names = schema_names()
    assert {"azadi/tyranny_card", "san/card", "spring/space", "common/effects"} <= set(names)
    for name in names:
        doc, _ = load_yaml(b"x: {}\n", "f")
        assert doc is not None
        check(doc, ("x",), {}, name)  # compiles both validators without error
