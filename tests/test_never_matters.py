"""L603: content that can never matter (a repeated choice, a repeated card, a field its
kind never uses), found at the content line with the earlier place it repeats, quiet on
the shipped content."""

from __future__ import annotations

from pathlib import Path

from compiler.frontend.shipped import shipped_content
from rules_engine.core.never_matters import found, learn
from tests.conftest import edit
from tests.test_lint_checks import MARS, lint_fast, where

SUPREMO = ('{text: "Only what the Directorate has confirmed. Rumour burns air like fire '
           'does.", ideologue: supremo, resources: {clout: 4}}')
SHOWSTOPPER = ('{text: "Put the silent channel on every dome screen and count the sols '
               'aloud.", ideologue: showstopper, resources: {media: 4}}')


def test_learns_what_the_shipped_content_never_repeats() -> None:
    azadi = learn(shipped_content("azadi"))
    assert azadi.distinct_entries[("ideology_cards", "answers")] == 540
    assert azadi.distinct_entries[("tyranny_cards", "choices")] == 60
    assert "voter_cards" not in azadi.distinct_items      # the deck repeats a few costs
    spring = learn(shipped_content("spring"))
    assert spring.unused[("cards", "type", "resistance", "subtype")] == 12


def test_two_answers_that_do_the_same(cards: Path) -> None:
    path = cards / MARS / "ideology_cards.yaml"
    edit(path, SHOWSTOPPER, SHOWSTOPPER.replace("showstopper, resources: {media: 4}",
                                                "supremo, resources: {clout: 4}"))
    found, report = lint_fast(cards / MARS)[1:]
    second = where(path, SUPREMO)
    first = where(path, "Put the silent channel")
    hits = [d for d in report if d["code"] == "L603"]
    assert [(f[0], f[2]) for f in found if f[0] == "L603"] == [("L603", second[0])]
    assert hits[0]["line"] == second[0] and hits[0]["related"][0]["line"] == first[0]
    assert hits[0]["message"] == (
        "this entry of ideology_cards.answers does the same as an earlier one once its "
        "words are set aside, so choosing between them can never matter (no shipped list "
        "repeats an entry: 540 kept it)")


def test_a_card_that_repeats_another_under_a_new_name(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: moon-start-corruption-fixer\n")
    end = text.index("  - id:", start + 1)
    copy = text[start:end].replace("moon-start-corruption-fixer", "moon-start-second-fixer") \
        .replace("Moonlight Fixer", "Dark Side Fixer")
    path.write_text(text[:end] + copy + text[end:], encoding="utf-8")
    report = lint_fast(cards / "san")[2]
    hits = [d for d in report if d["code"] == "L603"]
    assert [(d["line"], d["related"][0]["line"]) for d in hits] == [
        (where(path, "moon-start-second-fixer")[0], where(path, "moon-start-corruption-fixer")[0])]
    assert "no shipped folder repeats one: 70 items kept it" in hits[0]["message"]


def test_a_field_its_kind_never_uses(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    fixer = "what he drinks.\n    deck: starting\n"
    edit(path, fixer, fixer + "    cost: 3\n")
    code, found, report = lint_fast(cards / "san")
    assert code == 0
    at = (path.name, where(path, "cost: 3")[0], where(path, "cost: 3")[1] + len("cost: "))
    assert [f for f in found if f[0] == "L603"] == [("L603", *at)]
    assert {f[1:] for f in found} == {at}      # and L601: the price formula of costs
    assert [d for d in report if d["code"] == "L603"][0]["message"] == (
        "no shipped cards with deck starting has 'cost' (16 kept it): on this kind it can "
        "never take effect")


def test_the_shipped_content_is_quiet() -> None:
    for game in ("azadi", "spring", "san"):
        content = shipped_content(game)
        assert content is not None
        assert found(content, learn(content)) == []


def test_an_attack_discard_the_player_may_make_none_of(cards: Path) -> None:
    """up_to: true on a discard lets the attacked player discard none, and none is what
    they choose (R41): the Attack card then does nothing."""
    from tests.conftest import line_of

    path = cards / "azadi" / "attack_cards.yaml"
    edit(path, "          - {action: discard_resources, count: 2, kind: funds}\n",
         "          - {action: discard_resources, count: 2, kind: funds, up_to: true}\n")
    report = lint_fast(cards / "azadi")[2]
    assert [(d["code"], d["line"], d["message"]) for d in report] == [
        ("L603", line_of(path, "kind: funds, up_to: true"),
         "discard_resources with up_to: true lets the player do none of it, and doing none "
         "is never worse for them, so this action never does anything (ruling R41)")]
