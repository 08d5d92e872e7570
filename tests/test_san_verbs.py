"""SAN's verb table: it matches the schema and the phrases, and every verb, with every
value of its parameter, on every card type that may carry it, changes the game it is
played in (or is M405 at validate)."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from compiler.frontend.validate import validate
from compiler.text.effect_text import phrasebook, render_verb_effects
from compiler.text.faces import builder
from rules_engine.core.effects import Ability, Action, freeze
from rules_engine.core.game import CHANCE
from rules_engine.san.engine import (
    NAMES,
    Choose,
    Corrupt,
    EndBuy,
    EndPlay,
    EndSpend,
    Play,
    SanState,
    Skip,
    config_from,
)
from rules_engine.san.model import MERCENARY_TYPES, Card, SanContent
from rules_engine.san.verbs import (
    CARD_TYPES,
    RUNS_ON,
    VERBS,
    WHEN_PLAYED,
    abilities,
    printed_action,
    unrunnable,
)
from tests.conftest import CARDS, REPO, edit, line_of, triples, validate_json

SCHEMA = json.loads((REPO / "schemas/common/effects.schema.json").read_text())["$defs"]


@cache
def content() -> SanContent:
    model: SanContent = validate([CARDS / "san"]).models["san"]
    return model


def printed_forms() -> list[tuple[str, Any]]:
    """(verb, printed effect) for every verb and every value of its parameter."""
    forms: list[tuple[str, Any]] = []
    for name, verb in VERBS.verbs.items():
        if not verb.params:
            forms.append((name, name))
            continue
        (param,) = verb.params
        assert param.values is not None
        forms += [(name, {name: value}) for value in param.values]
    return forms


FORMS = printed_forms()


def form_id(form: Any) -> str:
    return form if isinstance(form, str) else "-".join(f"{k}{v}" for k, v in form.items())


# -- the table against the schema and the phrases ------------------------------------------

def test_the_table_is_exactly_the_schemas_san_effect() -> None:
    """Bare names are the verbs without parameters; each one-key object is a verb whose
    one parameter takes exactly the schema's integers (minimum..maximum)."""
    options = SCHEMA["san_effect"]["anyOf"]
    bare = {n for o in options if "enum" in o for n in o["enum"]}
    counted: dict[str, tuple[int, ...]] = {}
    for option in options:
        if option.get("type") == "object":
            (key,) = option["required"]
            assert option["additionalProperties"] is False
            spec = option["properties"][key]
            counted[key] = tuple(range(spec["minimum"], spec["maximum"] + 1))
    assert bare.isdisjoint(counted)
    assert set(VERBS.verbs) == bare | set(counted)
    for name, verb in VERBS.verbs.items():
        assert verb.handler is not None, name
        if name in bare:
            assert verb.params == () and verb.required == ()
        else:
            (param,) = verb.params
            assert param.values == counted[name] and param.runs is None
            assert verb.required == (param.name,)
            assert param.default in param.values


def test_every_verb_runs_on_every_played_card_type_and_never_on_a_virus_card() -> None:
    for name in VERBS.verbs:
        assert RUNS_ON[name] == {"corruption", "propaganda", "hacking", "equipment"}
        for kind in CARD_TYPES:
            found = unrunnable(kind, Action(name, freeze({"count": 1})
                                            if VERBS.verbs[name].params else freeze({})))
            assert bool(found) == (kind == "virus"), (name, kind, found)


def test_unknown_verbs_and_parameters_are_unrunnable() -> None:
    assert unrunnable("equipment", Action("teleport")) == [
        (None, "'teleport' is not a verb of san")]
    assert unrunnable("equipment", Action("draw", freeze({"count": 1, "from": "river"}))) == [
        ("from", "draw has no parameter 'from'")]


def test_every_phrase_key_exists_and_every_phrase_is_used() -> None:
    phrases = _phrase_file()["effects"]
    assert {v.phrase for v in VERBS.verbs.values()} == set(phrases)


def _phrase_file() -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load((REPO / "templates/san/phrases.yaml").read_text())
    return data


@pytest.mark.parametrize("form", [f for _, f in FORMS], ids=form_id)
def test_the_printed_text_is_the_verbs_phrase(form: Any) -> None:
    """A card's face prints each effect as its verb's phrase, with its count."""
    action = printed_action(form)
    verb = VERBS.verbs[action.kind]
    n = action.get("count")
    expected = phrasebook("san").render("effects", verb.phrase, n=n)
    base = content()
    probe = dataclasses.replace(base.cards[0], id="probe", effects=abilities([form]))
    (face,) = [f for f in builder("san")(dataclasses.replace(base, cards=(probe,)))]
    assert face.front["effects"] == expected == render_verb_effects("san", [form])
    if n is not None:
        assert f" {n} " in expected


def test_every_effect_prints_its_own_text() -> None:
    texts = [render_verb_effects("san", [f]) for _, f in FORMS]
    assert len(set(texts)) == len(texts)


def test_printed_effects_become_abilities_when_played() -> None:
    assert abilities(["single_use", {"destroy": 2}]) == (
        Ability(WHEN_PLAYED, (Action("single_use"),), optional=False),
        Ability(WHEN_PLAYED, (Action("destroy", freeze({"count": 2})),)))
    shipped = [a for card in content().cards for a in card.effects]
    assert shipped and all(isinstance(a, Ability) and a.when == WHEN_PLAYED for a in shipped)


# -- M405: every effect on a Virus card -------------------------------------------------------

def test_effects_on_virus_cards_are_m405_at_each_effect(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    names = [n for n in VERBS.verbs if not VERBS.verbs[n].params]
    counted = [n for n in VERBS.verbs if VERBS.verbs[n].params]
    lists = [", ".join(names[:4]), ", ".join(names[4:] + [f"{{{n}: 5}}" for n in counted])]
    for number, listed in zip((5, 4), lists, strict=True):
        old = f"    virus_number: {number}\n    track_spaces:"
        assert text.count(old) == 2       # Moon's comes first
        at = text.index(old)
        end = text.index("\n", text.index("track_spaces:", at))
        text = text[:end] + f"\n    effects: [{listed}]" + text[end:]
    path.write_text(text, encoding="utf-8")
    code, report = validate_json(cards / "san")
    assert code == 1
    expected = []
    for listed in lists:
        line = line_of(path, f"effects: [{listed}]")
        row = path.read_text(encoding="utf-8").splitlines()[line - 1]
        for item in listed.split(", "):
            expected.append(("M405", "san/cards.yaml", line, row.index(item) + 1))
    assert sorted(triples(report, cards)) == sorted(expected)
    assert all("virus card" in d["message"] for d in report["diagnostics"])


# -- differential: each verb changes the game -------------------------------------------------

def _card(card_id: str, kind: str, icons: dict[str, int], effects: list[Any],
          revenue: int = 0, cost: int | None = None) -> Card:
    """A card made for a test (copies=0: it never enters the Supply)."""
    return Card(card_id, card_id, "river", kind, None, freeze(icons), revenue, cost, 0, 0,
                None, None, abilities(effects), 0)


def _scene(kind: str, effects: list[Any], seed: int) -> SanState:
    """The first turn of a seeded game, with a prepared hand: a helper card (of the
    probe's Mercenary type, or Corruption beside an Equipment probe), the probe card
    (``kind``, 3 Corruption icons, ``effects``), and 5 cards of another Mercenary type;
    an Equipment card in the discard and one in River slot 0."""
    helper_type = kind if kind in MERCENARY_TYPES else "corruption"
    other_type = next(t for t in MERCENARY_TYPES if t != helper_type)
    extra = [_card("helper", helper_type, {helper_type: 1}, [], revenue=1),
             _card("probe", kind, {"corruption": 3}, effects),
             _card("other", other_type, {other_type: 1}, []),
             _card("spare", "equipment", {"hacking": 1}, [], revenue=2),
             _card("shown", "equipment", {"propaganda": 2}, [], cost=20)]
    base = content()
    merged = dataclasses.replace(base, cards=base.cards + tuple(extra))
    state = SanState(merged, config_from(base), seed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    side = state.sides[state.player]
    side.hand = Counter({"helper": 1, "probe": 1, "other": 5})
    side.discard = Counter({"spare": 1})
    state.river[0] = "shown"
    state._legal_cache = None
    return state


def _policy(state: SanState) -> Any:
    """Take every effect (its first choice); play the helper, then the probe, then the
    other cards when allowed (never a card drawn); corrupt from the hand when allowed;
    buy nothing."""
    actions = state.legal()
    chooses = [a for a in actions if isinstance(a, Choose)]
    if state.pending:
        return chooses[0] if chooses else Skip()
    plays = {a.card: a for a in actions if isinstance(a, Play)}
    for wanted in ("helper", "probe", "other", "spare"):
        if wanted in plays:
            return plays[wanted]
    hand = [a for a in actions if isinstance(a, Corrupt) and a.source.startswith("hand:")]
    if hand:
        return hand[0]
    for final in (EndPlay, EndSpend, EndBuy):
        found = [a for a in actions if isinstance(a, final)]
        if found:
            return found[0]
    raise AssertionError(f"no action for {state.phase}: {actions}")


def _turn(kind: str, effects: list[Any], seed: int) -> tuple[SanState, list[str], Any]:
    """Play the scene's turn to its end: the state, the turn's log and what it left."""
    state = _scene(kind, effects, seed)
    me, start = state.player, len(state.log)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(_policy(state))
        if state.log[-1].startswith(f"{NAMES[me]} ends the turn"):
            break
    side = state.sides[me]
    left = (sorted(side.hand.items()), sorted(side.discard.items()),
            sorted(side.boxed.items()), list(side.corrupted), state.river[0])
    return state, state.log[start:], left


PLAYED_CASES = [(verb, form, kind) for verb, form in FORMS for kind in CARD_TYPES
                if kind in RUNS_ON[verb]]


@pytest.mark.parametrize(("verb", "form", "kind"), PLAYED_CASES,
                         ids=[f"{form_id(f)}-{k}" for _, f, k in PLAYED_CASES])
@pytest.mark.parametrize("seed", [3, 11])
def test_each_verb_changes_the_game(verb: str, form: Any, kind: str, seed: int) -> None:
    with_it, log, left = _turn(kind, [form], seed)
    without, plain_log, plain_left = _turn(kind, [], seed)
    assert ("probe", verb) in with_it.fired and not without.fired & {("probe", verb)}
    assert (log, left) != (plain_log, plain_left)
    if isinstance(form, dict):          # the count is honoured: one use per point
        (n,) = form.values()
        marker = {"draw": "draws a card (draw effect)", "destroy": "destroys "}[verb]
        assert sum(marker in line for line in log) == n
        assert not any(marker in line for line in plain_log)


def test_an_equipment_multiplier_counts_every_mercenary_type() -> None:
    """R39: an Equipment card's multiplier gains each Mercenary type's icons per card of
    that type played (here 1 Corruption card, then 2 Propaganda cards after play all
    types): 1 Corruption and 2 Propaganda icons more."""
    state = _scene("equipment", ["multiplier", "play_all_types"], 3)
    base = _scene("equipment", ["play_all_types"], 3)
    for s in (state, base):
        s.sides[s.player].hand = Counter({"helper": 1, "probe": 1, "other": 2})
        s._legal_cache = None
        while s.phase == "play":
            s.apply_action(_policy(s))
    assert state.icons["corruption"] - base.icons["corruption"] == 1
    other = next(t for t in MERCENARY_TYPES if t != "corruption")
    assert state.icons[other] - base.icons[other] == 2


@pytest.mark.parametrize(("file", "before", "after", "needle", "said"), [
    ("cards.yaml", "    corporation: moon\n    type: virus\n    virus_number: 1\n",
     "    corporation: moon\n    type: virus\n    virus_number: 1\n    copies: 2  # twice\n",
     "copies: 2  # twice",
     "moon-virus-1: copies of a Virus card (the engine plays each Virus card once)"),
    ("cards.yaml", "- {stage: 1, hand_bonus: false}", "- {stage: 1, hand_bonus: true}",
     "{stage: 1, hand_bonus: true}", "a Hand Bonus token on stage 1, where every banner"),
    ("cards.yaml", "- {stage: 7, hand_bonus: false}", "- {stage: 7, hand_bonus: true}",
     "{stage: 7, hand_bonus: true}", "a Hand Bonus token on stage 7, the last: the banner "
     "that reaches it wins as that turn ends"),
    ("cards.yaml", "- {stage: 7, hand_bonus: false}",
     "- {stage: 7, hand_bonus: false}\n  - {stage: 8, hand_bonus: false}",
     "{stage: 8", "a Propaganda track of 8 stages (the engine plays 7: 6 cards to cross)"),
    ("game.yaml", "why: \"Each Corruption zone has 6 spaces\"\n      value: 6",
     "why: \"Each Corruption zone has 6 spaces\"\n      value: 8", "value: 8",
     "8 Corruption spaces for 6 cards to cross"),
])
def test_a_track_or_virus_card_the_engine_would_not_play_as_printed(
        cards: Path, file: str, before: str, after: str, needle: str, said: str) -> None:
    """Each validated clean while the engine dealt 6 track cards, never awarded a
    token on stage 1, played a Virus card once and had 6 crossings for the Corruption
    spaces to change."""
    path = cards / "san" / file
    edit(path, before, after)
    code, report = validate_json(cards / "san")
    found = [d for d in report["diagnostics"] if d["code"] == "M405"]
    assert code == 1 and len(found) == 1, report["diagnostics"]
    assert found[0]["line"] == line_of(path, needle)
    assert found[0]["message"].startswith(said)


def test_a_hand_bonus_stage_off_the_track_is_found_at_the_parameter(cards: Path) -> None:
    path = cards / "san" / "game.yaml"
    edit(path, "value: [3, 5]", "value: [3, 9]")
    code, report = validate_json(cards / "san")
    assert code == 1
    assert [(d["code"], d["line"], d["message"]) for d in report["diagnostics"]] == [
        ("M403", line_of(path, "value: [3, 9]"), "parameters.hand_bonus_stages names stage "
         "9, but the Propaganda track has stages 1..7")]
