"""Spring's verb table: it matches the schema and the phrases, the card faces print its
phrases, every verb and value changes a seeded game on every card type that may carry
it (against the same game with the effect removed), and what cannot run is M405."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.frontend.yaml_loader import load_yaml
from compiler.text import effect_text
from compiler.text.effect_text import Phrasebook
from compiler.text.faces import builder
from rules_engine.core.game import CHANCE
from rules_engine.spring.engine import Resist, SpringState
from rules_engine.spring.model import CARD_TYPES
from rules_engine.spring.verbs import (
    MOTIVATES,
    MOVES,
    RADICALISES,
    RESISTS,
    TIMING,
    VERBS,
    abilities,
    when_of,
)
from tests.conftest import REPO, line_of
from tests.spring_probe import checked, new_game, probe, uses, write_deck

SCHEMAS = REPO / "schemas"
PROBE = "probe-card"


def schema_verbs() -> dict[str, dict[str, Any]]:
    """verb -> the schema of its number, from the ``spring_effect`` def."""
    common = json.loads((SCHEMAS / "common" / "effects.schema.json").read_text())
    found: dict[str, dict[str, Any]] = {}
    for branch in common["$defs"]["spring_effect"]["anyOf"]:
        assert branch["additionalProperties"] is False
        ((verb, number),) = branch["properties"].items()
        assert branch["required"] == [verb]
        found[verb] = number
    return found


def test_the_table_is_the_schemas_vocabulary() -> None:
    """Same verbs; one parameter ``n`` each (the number of ``{verb: n}``), whose values
    are exactly the schema's range; every verb has a handler and runs every value."""
    schema = schema_verbs()
    assert sorted(schema) == sorted(VERBS.verbs)
    for verb, number in schema.items():
        entry = VERBS.verbs[verb]
        assert [p.name for p in entry.params] == ["n"] and entry.required == ("n",)
        (param,) = entry.params
        assert number["type"] == "integer" and param.kind == "count"
        assert param.values == tuple(range(number["minimum"], number["maximum"] + 1))
        assert param.runs is None and entry.handler is not None
    card = json.loads((SCHEMAS / "spring" / "card.schema.json").read_text())
    assert sorted(card["properties"]["type"]["enum"]) == sorted(CARD_TYPES)
    for verb in VERBS.verbs:                 # every card type the schema allows runs it
        assert sorted(TIMING[verb]) == sorted(CARD_TYPES)


def test_every_phrase_key_is_in_the_phrasebook() -> None:
    doc, problems = load_yaml((REPO / "templates" / "spring" / "phrases.yaml").read_bytes(),
                              "phrases.yaml")
    assert doc is not None and not problems
    for verb in VERBS.verbs.values():
        assert verb.phrase in doc.data["effects"], verb.name


def test_a_cards_face_prints_its_verbs_phrase(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The face of a card prints, for each effect, the phrase of its verb's key with
    its number and use (a phrasebook of marked phrases shows which was used)."""
    marked = Phrasebook({"effects": {v.phrase: f"<{v.phrase} {{{{ n }}}} {{{{ when }}}}>"
                                     for v in VERBS.verbs.values()}}, "marked")
    monkeypatch.setattr(effect_text, "phrasebook", lambda game, lang="en": marked)
    cards = [probe(f"probe-{kind}", kind, [{"draw": 2}, {"extra_counter": 3}, {"move": 6}])
             for kind in CARD_TYPES]
    _, model = checked(write_deck(tmp_path, cards))
    assert model is not None
    printed = {f.card_id: f.front["effects"] for f in builder("spring")(model)}
    for kind in CARD_TYPES:
        assert printed[f"probe-{kind}"].splitlines() == [
            f"<draw 2 {when_of('draw', kind)}>",
            f"<extra_counter 3 {when_of('extra_counter', kind)}>",
            f"<move 6 {MOVES}>"]


def test_the_printed_extra_counter_says_where_it_goes(tmp_path: Path) -> None:
    """R43: on a Revolution card the counters go on the space it radicalises; on the
    other types on spaces its player has radicalised."""
    cards = [probe(f"probe-{kind}", kind, [{"extra_counter": 2}]) for kind in CARD_TYPES]
    _, model = checked(write_deck(tmp_path, cards))
    assert model is not None
    printed = {f.card_id: f.front["effects"] for f in builder("spring")(model)}
    assert printed["probe-revolution"] == ":counter: Place 2 extra counters on this space."
    for kind in ("resistance", "motivation"):
        assert printed[f"probe-{kind}"] == (
            ":counter: Place 2 extra counters on spaces you have radicalised, one at a time.")


def test_abilities_keep_the_printed_form() -> None:
    printed = [{"draw": 1}, {"move": 4}]
    parsed = abilities("motivation", printed)
    assert [a.when for a in parsed] == [MOTIVATES, MOVES]
    assert [a.actions[0].kind for a in parsed] == ["draw", "move"]
    assert [a.actions[0].get("n") for a in parsed] == [1, 4]


# -- differential: each verb, value and card type changes the game --------------------

CASES = [(verb, kind, n) for verb in sorted(VERBS.verbs) for kind in CARD_TYPES
         for n in VERBS.verbs[verb].params[0].values or ()]


def counters_of(state: SpringState, player: int) -> int:
    return sum(s.counters for s in state.spaces if s.owner == player)


def finish_bonus(state: SpringState, bots: list[Any]) -> None:
    """Play ``state`` on until its bonus counters are placed (chance draws first)."""
    while not state.is_terminal() and (state.current_player() == CHANCE
                                       or state.phase == "place_counters"):
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))


def changed(verb: str, n: int, player: int, with_effect: SpringState,
            without: SpringState, bots: list[Any]) -> bool:
    """After the probe's use: the difference its effect must make (False when it
    could not: nothing left to draw, no space to take a counter). ``n`` is the
    printed number times the probes used (copies resisting together add up, R43)."""
    if verb == "draw":
        if with_effect.is_terminal():
            return False
        extra = with_effect.draws.count(player) - without.draws.count(player)
        assert extra in (0, n)           # 0 only when the deck and the discard are empty
        return extra == n
    if verb == "move":
        assert with_effect.players[player].position != without.players[player].position
        return True
    before = counters_of(without, player)
    finish_bonus(with_effect, bots)
    added = counters_of(with_effect, player) - before
    assert 0 <= added <= n
    return added == n


@pytest.mark.parametrize("verb, kind, n", CASES)
def test_each_verb_value_and_card_type_changes_a_seeded_game(
        tmp_path: Path, verb: str, kind: str, n: int) -> None:
    """A probe card printing ``{verb: n}`` and the same card printing nothing give the
    same seeded game, move for move, until the probe is used at its verb's use; then
    the log line of that use differs, and so does the state: n more cards to draw,
    n more counters, a pawn further on."""
    with_effect, _ = checked(write_deck(tmp_path / "with", [probe(PROBE, kind, [{verb: n}])]))
    without, _ = checked(write_deck(tmp_path / "without", [probe(PROBE, kind)]))
    assert with_effect.errors == without.errors == 0, with_effect.diagnostics
    model, plain = with_effect.models["spring"], without.models["spring"]
    when = when_of(verb, kind)
    fired = 0
    for seed in range(40):
        state, bots = new_game(model, seed)
        other, _ = new_game(plain, seed)
        while not state.is_terminal():
            player = state.current_player()
            action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
            twin = other.sample_chance() if player == CHANCE else action
            assert twin == action and state.log == other.log
            state.apply_action(action)
            other.apply_action(twin)
            if uses(action, PROBE, when):
                assert state.log[-1] != other.log[-1]
                copies = action.cards.count(PROBE) if isinstance(action, Resist) else 1
                fired += changed(verb, n * copies, player, state, other, bots)
                break
        if fired >= 2:
            break
    assert fired, f"{verb}: {n} on a {kind} card never changed a game"


# -- M405 -------------------------------------------------------------------------------

def m405(result: Any) -> list[tuple[str, int, int]]:
    return [(Path(d.location.file).name, d.location.line, d.location.column)
            for d in result.diagnostics if d.code == "M405"]


def test_extra_counters_that_cannot_fit_are_m405_at_the_number(tmp_path: Path) -> None:
    """With 3 counters a space, a Revolution card's 1 + 2 extra fit; 1 + 3 do not (M405
    at the 3 that passes the cap, also when split over two effects); on a Resistance
    card 3 extra can go on several spaces, so they run."""
    cards = [probe("probe-fits", "revolution", [{"extra_counter": 2}]),
             probe("probe-too-many", "revolution", [{"extra_counter": 3}]),
             probe("probe-split", "revolution", [{"draw": 1}, {"extra_counter": 1},
                                                 {"extra_counter": 2}]),
             probe("probe-spread", "resistance", [{"extra_counter": 3}])]
    folder = write_deck(tmp_path, cards, {"max_counters_per_space": 3})
    result, _ = checked(folder)
    deck = folder / "board_and_deck.yaml"
    lines = deck.read_text().splitlines()
    too_many, split = line_of(deck, "probe-too-many"), line_of(deck, "probe-split")
    assert m405(result) == [
        ("board_and_deck.yaml", too_many, lines[too_many - 1].index('"extra_counter": 3') + 18),
        ("board_and_deck.yaml", split, lines[split - 1].index('"extra_counter": 2') + 18)]
    assert result.errors == 2


@pytest.mark.parametrize("kind", CARD_TYPES)
def test_an_extra_counter_with_one_counter_a_space_is_m405(tmp_path: Path, kind: str) -> None:
    """A space that holds one counter can never take an extra one, on any card type."""
    folder = write_deck(tmp_path, [probe(PROBE, kind, [{"move": 1}, {"extra_counter": 1}])],
                        {"max_counters_per_space": 1})
    result, _ = checked(folder)
    deck = folder / "board_and_deck.yaml"
    line = line_of(deck, PROBE)
    shipped = [d for d in result.diagnostics if d.code == "M405" and d.location.line != line]
    assert len(shipped) == 2            # the shipped cards' own extra counters
    mine = [d for d in result.diagnostics if d.code == "M405" and d.location.line == line]
    column = deck.read_text().splitlines()[line - 1].index('"extra_counter": 1') + 18
    assert [(d.location.column, "no extra counter can ever be placed" in d.message)
            for d in mine] == [(column, True)]


def test_the_m405_check_covers_every_verb_on_every_card_type() -> None:
    """Every verb runs on every card type at the default cap: nothing schema-valid is
    refused; a verb the table does not know is, at the verb."""
    from rules_engine.spring.verbs import unrunnable

    for verb, kind, n in CASES:
        assert unrunnable(kind, verb, n, 5) == []
    assert unrunnable("revolution", "shout", 1, 5) == [(None, "'shout' is not a verb of spring")]
    for when in (RADICALISES, RESISTS, MOTIVATES, MOVES):
        assert when in {when_of(v, k) for v, k, _ in CASES}
