"""Rules text rendered from effect data: exact wording for known cards, a phrase for
every item of the effect vocabulary, and a sandbox that refuses template tricks."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from jinja2.exceptions import SecurityError

from compiler.frontend.validate import validate
from compiler.text.effect_text import (
    Phrasebook,
    phrasebook,
    render_cost,
    render_effects,
    render_task,
    render_verb_effects,
    wording,
)
from rules_engine.core.effects import Ability, Action, freeze, parse_effect, parse_effects
from tests.conftest import CARDS, REPO

SCHEMA: dict[str, Any] = json.loads(
    (REPO / "schemas" / "common" / "effects.schema.json").read_text(encoding="utf-8"))["$defs"]


@pytest.fixture(scope="module")
def models() -> dict[str, Any]:
    result = validate([CARDS])
    assert result.errors == 0
    return result.models


def text(*effects: dict[str, Any]) -> str:
    return render_effects("azadi", parse_effects(list(effects)))


def first_action(action: dict[str, Any]) -> Action:
    ability = parse_effect({"do": [action]})
    assert isinstance(ability, Ability)
    return ability.actions[0]


# ------------------------------------------------------------------- exact wording
def test_tax_without_representation(models: dict[str, Any]) -> None:
    mandate = {m.id: m for m in models["azadi"].mandates}["tax-without-representation"]
    assert render_effects("azadi", mandate.imperial) == (
        "**End of turn:** discard all your resources.")
    assert render_effects("azadi", mandate.rebel) == (
        "If you hold gerrymandering rights in the capital, take 1 resource from each other "
        "player. (Once a turn.)")
    assert render_cost("azadi", mandate.dissent_cost) == "3 :any:"


def test_the_path_of_oneness(models: dict[str, Any]) -> None:
    mandate = {m.id: m for m in models["azadi"].mandates}["the-path-of-oneness"]
    assert render_effects("azadi", mandate.imperial) == "No trading."
    assert render_effects("azadi", mandate.rebel) == (
        "**When anyone trades:** if you hold gerrymandering rights in the capital, "
        "gain 1 :any:. (Twice a turn.)")


def test_rules_from_the_brief() -> None:
    assert text({"forbid": "trade", "scope": "game"}) == "No trading."
    assert text({"modify": {"voter_card_votes": {"set": 1}}, "scope": "game"}) == (
        "Voter cards give only 1 vote.")
    assert text({"require": {"place_voter_in_zone": {"discard_own_voters": 1}},
                 "scope": "zone"}) == "To place a voter here, discard 1 of your own voters."
    assert text({"modify": {"majority_needed": {"add": 1}}, "scope": "zone"}) == (
        "A majority here needs 1 more voter.")


def test_ability_with_timing_cost_and_limit() -> None:
    assert text({"when": "end_of_turn", "cost": {"any": 1}, "limit": {"per_turn": 2},
                 "do": [{"action": "evict_voters", "count": 1, "whose": "any"}]}) == (
        "**End of turn:** pay 1 :any: to evict 1 voter. (Twice a turn.)")


def test_counts_costs_and_several_actions() -> None:
    assert text({"when": "end_of_turn", "do": [
        {"action": "evict_voters", "count": {"per_resources_left": 4}, "whose": "imperial",
         "majority": False}]}) == (
        "**End of turn:** evict 1 non-majority Imperial voter for every 4 resources left "
        "on your mat.")
    assert text({"cost": {"media": 2, "discard_own_voters": 1}, "limit": {"per_turn": 1},
                 "do": [{"action": "gain_legacy", "count": 1}]}) == (
        "Pay 2 :media: and discard 1 of your own voters to gain 1 :legacy:. (Once a turn.)")
    assert text({"when": "start_of_turn", "if": {"gerrymandering_rights": "capital"},
                 "do": [{"action": "gain_resources", "resources": {"any": 2}},
                        {"action": "donate_resources", "count": 1, "to": "another_player"}]}) == (
        "**Start of turn:** if you hold gerrymandering rights in the capital, gain 2 :any:, "
        "then give 1 resource to another player.")


def test_resistance_card_text(models: dict[str, Any]) -> None:
    cards = {c.number: c for c in models["azadi"].resistance_cards}
    assert render_effects("azadi", cards[21].effects) == (
        "**When one of your voters is placed in this zone:** gain 1 :media:. (Once a turn.)")
    assert render_effects("azadi", cards[29].effects) == (
        "Pay 2 :trust: + 2 :any: to answer 1 more ideology card. (Once a turn.)")


def test_tyranny_task() -> None:
    assert render_task("azadi", "voter_evicted", freeze({"whose": "imperial"}), 6) == (
        "Evict 1 Imperial voter. ×6")
    assert render_task("azadi", "resources_spent", {"kind": "media"}, 6) == (
        "Spend 1 :media:. ×6")
    assert render_task("azadi", "voter_placed", {"whose": "own", "zone": "capital"}, 4) == (
        "Place 1 voter in the capital. ×4")


def test_cost() -> None:
    assert render_cost("azadi", freeze({"any": 2, "trust": 2})) == "2 :trust: + 2 :any:"
    assert render_cost("azadi", {"media": 1, "funds": 1, "clout": 1}) == (
        "1 :funds: + 1 :clout: + 1 :media:")


def test_effects_worded_through_their_verb_tables() -> None:
    assert render_verb_effects("san", ("single_use", freeze({"draw": 2}))) == (
        ":single_use: *Single use:* at the end of the turn, put this card back in the box.\n"
        ":draw: Draw 2 cards.")
    assert render_verb_effects("spring", (freeze({"extra_counter": 1}),)) == (
        ":counter: Place 1 extra counter on this space.")


def test_the_wording_a_game_gets_is_its_own_phrases(models: dict[str, Any]) -> None:
    """What printing code asks of :func:`wording` is rendered with that game's phrases
    and verb table: a verb one game has and the other lacks prints only in the first."""
    san, spring = wording("san"), wording("spring")
    assert san.verb_effects(("single_use",)).startswith(":single_use: *Single use:*")
    with pytest.raises(KeyError, match="single_use"):
        spring.verb_effects(("single_use",))
    assert spring.verb_effects((freeze({"move": 2}),)) == "Move 2 more spaces."
    azadi = wording("azadi")
    card = models["azadi"].resistance_cards[0]
    assert azadi.effects(card.effects) == render_effects("azadi", card.effects)
    assert azadi.cost({"any": 2, "trust": 2}) == "2 :trust: + 2 :any:"
    assert azadi.task("resources_spent", {"kind": "media"}, 6) == "Spend 1 :media:. ×6"
    with pytest.raises(KeyError, match="no verb table"):
        render_verb_effects("no-such-game", ("draw",))


# ------------------------------------------------------------- the whole vocabulary
def _keys(node: dict[str, Any]) -> list[str]:
    return sorted(node["properties"])


def _one_key_objects(node: dict[str, Any]) -> list[str]:
    return [k for option in node["anyOf"] if option.get("type") == "object"
            for k in option["required"]]


VOCABULARY: list[tuple[str, str, list[str]]] = [
    ("azadi", "actions", SCHEMA["action"]["properties"]["action"]["enum"]),
    ("azadi", "events", SCHEMA["event"]["enum"]),
    ("azadi", "tasks", SCHEMA["event"]["enum"]),
    ("azadi", "timings", [*SCHEMA["timing"]["anyOf"][0]["enum"], "listener"]),
    ("azadi", "conditions", _keys(SCHEMA["conditions"])),
    ("azadi", "costs", _keys(SCHEMA["cost"])),
    ("azadi", "limits", _keys(SCHEMA["limit"])),
    ("azadi", "counts", _keys(SCHEMA["count"]["anyOf"][1])),
    ("azadi", "rules", ["forbid", "modify", "require"]),
    ("azadi", "forbid", SCHEMA["rule_forbid"]["properties"]["forbid"]["enum"]),
    ("azadi", "modify",
     SCHEMA["rule_modify"]["properties"]["modify"]["propertyNames"]["enum"]),
    ("azadi", "require",
     SCHEMA["rule_require"]["properties"]["require"]["propertyNames"]["enum"]),
    ("san", "effects", [*SCHEMA["san_effect"]["anyOf"][0]["enum"],
                        *_one_key_objects(SCHEMA["san_effect"])]),
    ("spring", "effects", _one_key_objects(SCHEMA["spring_effect"])),
]

_FILTER = SCHEMA["event_filter"]["properties"]
WORDS: list[tuple[str, list[str]]] = [
    ("owner", _FILTER["whose"]["enum"]),
    ("subject", _FILTER["who"]["enum"]),
    ("by", _FILTER["by"]["enum"]),
    ("kinds", SCHEMA["resource_kind"]["enum"]),
    ("ideologues", SCHEMA["ideologue"]["enum"]),
    ("scopes", SCHEMA["rule_forbid"]["properties"]["scope"]["enum"]),
    ("zone_in", SCHEMA["act_place_voters"]["properties"]["zone"]["enum"]),
    ("zone_from", SCHEMA["act_evict_voters"]["properties"]["zone"]["enum"]),
    ("zone_to", SCHEMA["act_add_imperial_voters"]["properties"]["zone"]["enum"]),
    ("players", SCHEMA["act_take_resources"]["properties"]["from"]["enum"]),
]


@pytest.mark.parametrize(("game", "section", "names"), VOCABULARY,
                         ids=[f"{g}-{s}" for g, s, _ in VOCABULARY])
def test_every_vocabulary_item_has_a_phrase(game: str, section: str, names: list[str]) -> None:
    assert names, f"no {section} found in the schema"
    book = phrasebook(game)
    missing = [n for n in names if not book.has(section, n)]
    assert not missing, f"{game} phrases.yaml lacks {section}: {missing}"
    for name in names:
        if section == "counts":
            assert book.phrase(section, name, "amount") and book.phrase(section, name, "each")
        elif (section, name) != ("timings", "activated"):   # the default: no lead-in
            assert book.phrase(section, name).strip()


@pytest.mark.parametrize(("section", "names"), WORDS, ids=[s for s, _ in WORDS])
def test_every_vocabulary_word_has_a_phrase(section: str, names: list[str]) -> None:
    words = phrasebook("azadi").words[section]
    assert not [n for n in names if n not in words]


def _clean(rendered: str) -> None:
    assert rendered and "None" not in rendered and "{" not in rendered
    assert "  " not in rendered and " ." not in rendered and " ," not in rendered
    assert rendered.count("**") % 2 == 0


_ALL_PARAMS: dict[str, Any] = {
    "count": {"per_contribution": 2}, "up_to": True, "kind": "clout", "whose": "not_own",
    "majority": True, "zone": "each_with_rights", "per_zone": 2, "same_zone": True,
    "adjacent": True, "discount": 1, "interchangeable": True, "extra_voters": 2,
    "from": "each_other_player", "to": "each_other_player", "with": "reserve", "give": 2,
    "get": 1, "source": "spent_on_voter_card", "free": True, "ignore_eligibility": True}
_REQUIRED: dict[str, dict[str, Any]] = {
    "gain_resources": {"resources": {"funds": 1, "any": {"per_level": "idealist"}}},
    "open_zone": {"areas": [17, 21]}}


@pytest.mark.parametrize("action", SCHEMA["action"]["properties"]["action"]["enum"])
def test_every_action_renders(action: str) -> None:
    props = SCHEMA[f"act_{action}"]["properties"]
    rich = {k: v for k, v in _ALL_PARAMS.items() if k in props}
    for params in ({}, rich):
        effect = {"do": [{"action": action, **params, **_REQUIRED.get(action, {})}]}
        rendered = text(effect)
        _clean(rendered)
        assert rendered[0].isupper() and rendered.endswith(".")


@pytest.mark.parametrize("event", SCHEMA["event"]["enum"])
def test_every_event_renders(event: str) -> None:
    where = {"whose": "own", "who": "imperial", "majority": False, "zone": "this_zone",
             "volatile": True, "kind": "trust", "voters": 2, "ideologue": "supremo",
             "by": "opponent"}
    for filters in ({}, where):
        listener = text({"when": {"event": event, "where": filters},
                         "do": [{"action": "gain_legacy"}]})
        _clean(listener)
        assert listener.startswith("**When ") and listener.endswith(":** gain 1 :legacy:.")
        task = render_task("azadi", event, filters, 3)
        _clean(task)
        assert task.endswith(". ×3")


def test_every_rule_renders() -> None:
    rules: list[dict[str, Any]] = [
        {"forbid": t, "scope": s} for t in SCHEMA["rule_forbid"]["properties"]["forbid"]["enum"]
        for s in ("game", "zone", "player")]
    quantities = SCHEMA["rule_modify"]["properties"]["modify"]["propertyNames"]["enum"]
    rules += [{"modify": {q: v}, "scope": "zone"} for q in quantities
              for v in ({"set": 1}, {"set": 4}, {"add": 1}, {"add": -2})]
    rules += [{"require": {r: {"funds": 1, "evict_own_voters": 1}},
               "if": {"players": 3, "after_azadi": True}}
              for r in SCHEMA["rule_require"]["properties"]["require"]["propertyNames"]["enum"]]
    for rule in rules:
        rendered = text(rule)
        _clean(rendered)
        assert rendered[0].isupper() and rendered.endswith(".")


def test_every_condition_timing_and_limit_renders() -> None:
    rendered = text({"when": "once",
                     "if": {"level": {"ideologue": "capitalist", "at_least": 3},
                            "holds_majority": "any", "gerrymandering_rights": "this_zone",
                            "resources_at_least": 5, "after_azadi": False, "players": 2},
                     "cost": {"legacy": 1, "infamy": 1, "evict_own_voters": 1},
                     "limit": {"per_game": 1}, "do": [{"action": "dissent", "count": 3}]})
    _clean(rendered)
    assert rendered.startswith("**Once:** if ") and rendered.endswith("(Once a game.)")
    for timing in SCHEMA["timing"]["anyOf"][0]["enum"]:
        _clean(text({"when": timing, "limit": {"per_turn": 3},
                     "do": [{"action": "gain_infamy", "count": 1}]}))


def test_every_shipped_effect_renders(models: dict[str, Any]) -> None:
    azadi = models["azadi"]
    lists = [m.imperial for m in azadi.mandates] + [m.rebel for m in azadi.mandates]
    lists += [c.effects for c in (*azadi.imperial_orders, *azadi.resistance_cards,
                                  *azadi.attack_cards, *azadi.maidaan_powers)]
    lists += [p.effects for i in azadi.ideologues for p in i.powers]
    lists += [x for f in azadi.foundation_cards for s in f.sides for x in (s.soul, s.buff)]
    lists += [x for m in azadi.monuments for x in (m.power, m.two_player_power)]
    lists += [c.while_active for camp in azadi.campaigns for t in camp.tyranny_cards
              for c in t.choices]
    for effects in lists:
        for line in render_effects("azadi", effects).splitlines():
            _clean(line)
    for card in models["san"].cards:
        for line in render_verb_effects("san", card.effects).splitlines():
            _clean(line)
    for spring in models["spring"].cards:
        for line in render_verb_effects("spring", spring.effects).splitlines():
            _clean(line)


# ------------------------------------------------------------------ safety and errors
@pytest.mark.parametrize("trick", [
    "{{ ''.__class__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ words.__class__ }}",
    "{{ part.__globals__ }}",
    "{{ (1).__class__.__base__ }}",
])
def test_the_sandbox_refuses_attribute_tricks(trick: str) -> None:
    book = Phrasebook({"words": {}, "actions": {"gain_legacy": trick}})
    with pytest.raises(SecurityError):
        book.action(first_action({"action": "gain_legacy"}))


def test_a_missing_phrase_raises_key_error_naming_it() -> None:
    book = Phrasebook({"words": {"scopes": {"game": ""}}, "rules": {"forbid": "No {{ thing }}"},
                       "forbid": {}, "sentences": {"rule": "{{ body }}."}})
    with pytest.raises(KeyError, match="trade"):
        book.effect(parse_effect({"forbid": "trade"}))


def test_an_unknown_word_raises_key_error() -> None:
    book = Phrasebook({"words": {"owner": {}}, "parts": {},
                       "actions": {"evict_voters": "evict {{ words.owner[whose] }}"}})
    with pytest.raises(KeyError, match="evict_voters"):
        book.action(first_action({"action": "evict_voters", "whose": "own"}))


def test_icons_are_known_names() -> None:
    known = {"funds", "clout", "media", "trust", "any", "legacy", "infamy", "voter",
             "imperial", "corruption", "propaganda", "hacking", "draw", "destroy",
             "multiplier", "single_use", "copy_played", "copy_river", "play_all_types",
             "play_from_discard", "corrupt_from_hand", "force", "counter"}
    for game in ("azadi", "san", "spring"):
        source = (REPO / "templates" / game / "phrases.yaml").read_text(encoding="utf-8")
        used = set(re.findall(r":([a-z_]+):", source))
        assert used <= known, f"{game}: unknown icons {used - known}"


# ------------------------------------------------------- literal phrases and compiled code
def _phrase_sources(game: str) -> list[tuple[tuple[str, ...], str]]:
    data = phrasebook(game).data
    found = []
    for section, entries in data.items():
        if section == "words" or not isinstance(entries, dict):
            continue
        for name, value in entries.items():
            if isinstance(value, str):
                found.append(((section, name), value))
            elif isinstance(value, dict):
                found += [((section, name, f), v) for f, v in value.items() if isinstance(v, str)]
    return found


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_a_phrase_without_jinja_syntax_renders_as_jinja_would(game: str) -> None:
    book = phrasebook(game)
    literals = [(key, source) for key, source in _phrase_sources(game)
                if "{" not in source]
    assert game == "spring" or literals
    for key, source in literals:
        assert book.render(*key, strip=False) == book.env.from_string(source).render()


def test_compiled_phrases_are_kept_and_reused_between_runs(tmp_path: Any) -> None:
    data = {"words": {}, "actions": {"draw": "Draw {{ count }} {{ 'card' | plural(count) }}.",
                                     "pass": "Pass.\n"}}
    first = Phrasebook(data, "demo", tmp_path)
    assert first.render("actions", "draw", count=2) == "Draw 2 cards."
    assert first.render("actions", "pass", strip=False) == "Pass."
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert len(kept) == 1                       # the template; the literal needs no code
    second = Phrasebook(data, "demo", tmp_path)
    assert second.render("actions", "draw", count=1) == "Draw 1 card."
    assert sorted(p.name for p in tmp_path.iterdir()) == kept
    changed = Phrasebook({**data, "actions": {"draw": "Take {{ count }}."}}, "demo", tmp_path)
    assert changed.render("actions", "draw", count=3) == "Take 3."   # source changed: recompiled
