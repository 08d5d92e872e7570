"""Printed text overrides (ruling R45): every ``text:`` / ``task_text:`` the schemas
accept is printed in place of exactly the part it rewords, or refused (M403) where a
card has no single part to replace; text drift (L705, L802, L903) is reported at the
override, against the part it replaces."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from compiler.frontend.validate import validate
from compiler.text.effect_text import render_effects, render_task
from compiler.text.faces import CardFace, builder
from tests.conftest import CARDS, run_cli, validate_json

MARS = "campaigns/mars-1-ae/tyranny_cards.yaml"
Data = dict[str, Any]


def _rewrite(path: Path, change: Callable[[Data], None]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000),
                    encoding="utf-8")


def _where(path: Path, text: str) -> tuple[int, int]:
    """(line, column) of the value ``text`` in ``path`` (1-based, at its quote if any)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        at = line.find(text)
        if at >= 0:
            before = line[:at]
            return number, len(before.rstrip("'\"")) + 1
    raise AssertionError(f"{text!r} not in {path}")


# Each override location: (file, how to plant it, the override, how to read it back
# from the faces / printed cells). The texts are distinct words pypdf can find again.
PLANTS: dict[str, tuple[str, Callable[[Data, str], None], str]] = {
    "imperial_order": ("imperial_orders.yaml",
                       lambda d, t: d["imperial_orders"][0].update(text=t), "Zorder prints"),
    "resistance_card": ("resistance_cards.yaml",
                        lambda d, t: d["resistance_cards"][0].update(text=t), "Zresist prints"),
    "attack_card": ("attack_cards.yaml",
                    lambda d, t: d["attack_cards"][0].update(text=t), "Zattack prints"),
    "mandate_imperial": ("mandates.yaml",
                         lambda d, t: d["mandates"][0]["imperial"].update(text=t),
                         "Zcrown prints"),
    "mandate_rebel": ("mandates.yaml",
                      lambda d, t: d["mandates"][0]["rebel"].update(text=t), "Zrebel prints"),
    "foundation_soul": ("foundation_cards.yaml",
                        lambda d, t: d["foundation_cards"][0]["sides"][1].update(text=t),
                        "Zsoul prints"),
    "foundation_buff": ("foundation_cards.yaml",
                        lambda d, t: d["foundation_cards"][0]["sides"][0]["buff"].update(text=t),
                        "Zbuff prints"),
    "ideologue_power": ("ideologues.yaml",
                        lambda d, t: d["ideologues"][0]["powers"][1].update(text=t),
                        "Zpower prints"),
    "maidaan_power": ("maidaan.yaml",
                      lambda d, t: d["maidaan_powers"][2].update(text=t), "Zmaidaan prints"),
    "choice_power": (MARS, lambda d, t: d["tyranny_cards"][0]["choices"][1].update(text=t),
                     "Zchoice prints"),
    "choice_task": (MARS,
                    lambda d, t: d["tyranny_cards"][0]["choices"][0].update(task_text=t),
                    "Ztask prints"),
}


def _plant_all(cards: Path) -> None:
    for file, plant, text in PLANTS.values():
        _rewrite(cards / "azadi" / file, lambda d, p=plant, t=text: p(d, t))  # type: ignore[misc]
    _rewrite(cards / "san" / "cards.yaml",
             lambda d: next(c for c in d["cards"] if c.get("effects") == [{"draw": 1}]).update(
                 text="Zsan prints"))
    _rewrite(cards / "spring" / "board_and_deck.yaml",
             lambda d: next(c for c in d["cards"] if c.get("effects")).update(
                 text="Zspring prints"))


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of cards/ with an override at every location the schemas accept."""
    import shutil

    cards = tmp_path_factory.mktemp("overrides") / "cards"
    shutil.copytree(CARDS, cards)
    _plant_all(cards)
    return cards


@pytest.fixture(scope="module")
def models(planted: Path) -> dict[str, Any]:
    result = validate([planted])
    assert result.errors == 0, [str(d) for d in result.diagnostics]
    return result.models


@pytest.fixture(scope="module")
def faces(models: dict[str, Any]) -> dict[tuple[str, str], CardFace]:
    return {(f.deck, f.card_id): f for game in ("azadi", "san", "spring")
            for f in builder(game)(models[game])}


@pytest.fixture(scope="module")
def shipped_faces(shipped_models: dict[str, Any]) -> dict[tuple[str, str], CardFace]:
    return {(f.deck, f.card_id): f for game in ("azadi", "san", "spring")
            for f in builder(game)(shipped_models[game])}


@pytest.fixture(scope="module")
def built(planted: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("overrides-out")
    result = run_cli("build", "--format", "json", str(planted), "--out", str(out))
    assert result.exit_code == 0, result.stdout
    return out


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join((page.extract_text() or "").split())
                    for page in PdfReader(path).pages)


def _field(faces: dict[tuple[str, str], CardFace], deck: str, card: str, side: str,
           name: str) -> str:
    face = faces[(deck, card)]
    return (face.front if side == "front" else face.back)[name]


# (location, deck, card id, side, field, the planted text as printed)
FACE_FIELDS = [
    ("imperial_order", "imperial-orders", "order-01", "back", "body", "Zorder prints"),
    ("resistance_card", "resistance-cards", "resistance-01", "back", "body", "Zresist prints"),
    ("mandate_imperial", "mandates", "tax-without-representation", "front", "body",
     "Zcrown prints"),
    ("mandate_rebel", "mandates", "tax-without-representation", "back", "body",
     "Zrebel prints"),
    ("foundation_soul", "foundation-cards", "foundation-capitalist-showstopper", "back",
     "soul", "Zsoul prints"),
    ("foundation_buff", "foundation-cards", "foundation-capitalist-showstopper", "front",
     "buff", "Capitalist level 3: Zbuff prints"),
    ("choice_power", "tyranny-mars-1-ae", "mars-tyranny-01", "back", "b_power",
     "Zchoice prints"),
    ("choice_task", "tyranny-mars-1-ae", "mars-tyranny-01", "back", "a_task", "Ztask prints"),
]


@pytest.mark.parametrize(("where", "deck", "card", "side", "name", "printed"), FACE_FIELDS,
                         ids=[f[0] for f in FACE_FIELDS])
def test_override_is_printed_in_place_of_its_part(
        faces: dict[tuple[str, str], CardFace], shipped_faces: dict[tuple[str, str], CardFace],
        where: str, deck: str, card: str, side: str, name: str, printed: str) -> None:
    assert _field(faces, deck, card, side, name) == printed
    rendered = _field(shipped_faces, deck, card, side, name)
    assert rendered != printed and "prints" not in rendered
    # every other field of the card is what it was (or holds another planted override)
    for other in ("front", "back"):
        mine = dict(faces[(deck, card)].front if other == "front" else faces[(deck, card)].back)
        shipped = dict(shipped_faces[(deck, card)].front if other == "front"
                       else shipped_faces[(deck, card)].back)
        if other == side:
            mine.pop(name)
            shipped.pop(name)
        assert mine.keys() == shipped.keys()
        for key, value in mine.items():
            assert printed not in value
            assert value == shipped[key] or value.endswith(" prints"), (other, key)


def test_attack_card_and_other_games_print_their_override(
        faces: dict[tuple[str, str], CardFace], models: dict[str, Any]) -> None:
    attack = models["azadi"].attack_cards[0]
    face = faces[("attack-cards", attack.id)]
    assert face.front["body"] == "Zattack prints"
    assert render_effects("azadi", attack.effects) != "Zattack prints"
    san = next(c for c in models["san"].cards if c.text)
    assert faces[(("river" if san.deck == "river" else f"{san.deck}-{san.corporation}"),
                  san.id)].front["effects"] == "Zsan prints"
    spring = next(c for c in models["spring"].cards if c.text)
    assert faces[("common", spring.id)].front["effects"] == "Zspring prints"


def test_the_rendered_text_of_an_overridden_task_is_not_printed(
        faces: dict[tuple[str, str], CardFace], models: dict[str, Any]) -> None:
    card = next(c for c in models["azadi"].campaigns if c.id == "mars-1-ae").tyranny_cards[0]
    a, b = card.choices
    back = faces[("tyranny-mars-1-ae", card.id)].back
    assert back["a_task"] == "Ztask prints"
    assert back["b_task"] == render_task("azadi", b.task.event, b.task.where, b.times)
    assert back["a_power"] == render_effects("azadi", a.while_active)


def test_printed_pdfs_carry_the_overrides(built: Path) -> None:
    azadi = built / "azadi"
    expected = {
        "imperial-orders.pdf": ["Zorder prints"],
        "resistance-cards.pdf": ["Zresist prints"],
        "attack-cards.pdf": ["Zattack prints"],
        "mandates.pdf": ["Zcrown prints", "Zrebel prints"],
        "foundation-cards.pdf": ["Zsoul prints", "Zbuff prints"],
        "tyranny-mars-1-ae.pdf": ["Zchoice prints", "Ztask prints"],
        "mats/maidaan.pdf": ["Zmaidaan prints"],
        "mats/player-mat.pdf": ["Zpower prints"],
    }
    for name, texts in expected.items():
        text = _pdf_text(azadi / name)
        for planted in texts:
            assert planted in text, (name, planted)
    assert "Zsan prints" in _pdf_text(built / "san" / "river.pdf") + _pdf_text(
        built / "san" / "starting-moon.pdf") + _pdf_text(built / "san" / "starting-star.pdf")
    assert "Zspring prints" in _pdf_text(built / "spring" / "common.pdf")
    rules = (azadi / "azadi-rules.html").read_text(encoding="utf-8")
    assert "Zmaidaan prints" in rules and "Zpower prints" in rules and "Zattack prints" in rules


def test_shipped_maidaan_override_replaces_its_rendered_text(tmp_path: Path) -> None:
    """The shipped Clear the Streets wording was accepted and never printed."""
    result = run_cli("build", "--format", "json", str(CARDS / "azadi"), "--out", str(tmp_path))
    assert result.exit_code == 0
    mat = _pdf_text(tmp_path / "azadi" / "mats" / "maidaan.pdf")
    assert "Evict or move 2 voters that are not majority voters, in any mix." in mat
    assert "evict 2 non-majority voters" not in mat.lower()


# -- refused overrides -------------------------------------------------------------------

REFUSED = [("voter_cards.yaml", "voter_cards"), ("zones.yaml", "zones"),
           ("ideologues.yaml", "ideologues"), ("foundation_cards.yaml", "foundation_cards"),
           ("mandates.yaml", "mandates"), ("monuments.yaml", "monuments"),
           (MARS, "tyranny_cards"), ("campaigns/mars-1-ae/ideology_cards.yaml",
                                     "ideology_cards")]


@pytest.mark.parametrize(("file", "section"), REFUSED, ids=[r[1] for r in REFUSED])
def test_card_level_text_with_no_single_part_is_m403_at_the_text(
        cards: Path, file: str, section: str) -> None:
    path = cards / "azadi" / file
    _rewrite(path, lambda d: d[section][1].update(text="Nowhere to print this"))
    code, report = validate_json(cards / "azadi")
    line, column = _where(path, "Nowhere to print this")
    found = [(d["code"], Path(d["file"]).name, d["line"], d["column"])
             for d in report["diagnostics"]]
    assert code == 1
    assert found == [("M403", path.name, line, column)]
    assert "text" in report["diagnostics"][0]["message"]


def test_text_on_a_san_virus_card_is_m403(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    _rewrite(path, lambda d: next(c for c in d["cards"] if c["deck"] == "virus").update(
        text="A virus says nothing"))
    code, report = validate_json(cards / "san")
    line, column = _where(path, "A virus says nothing")
    assert code == 1
    assert [(d["code"], d["line"], d["column"]) for d in report["diagnostics"]] == [
        ("M403", line, column)]


# -- drift -------------------------------------------------------------------------------


def _lint(*paths: Path) -> list[tuple[str, str, int, int, str]]:
    result = run_cli("lint", "--fast", "--format", "json", *map(str, paths))
    return [(d["code"], Path(d["file"]).name, d["line"], d["column"], d["message"])
            for d in json.loads(result.stdout)["diagnostics"]]


DRIFTS = [  # (file, plant, the text, what the message names)
    ("imperial_orders.yaml", lambda d, t: d["imperial_orders"][0].update(text=t),
     "Pay 9 funds to pass.", "names 9, funds"),
    ("mandates.yaml", lambda d, t: d["mandates"][0]["rebel"].update(text=t),
     "Take 1 resource and 4 trust from each other player.", "names 4, trust"),
    ("foundation_cards.yaml",
     lambda d, t: d["foundation_cards"][0]["sides"][0]["buff"].update(text=t),
     "At the start of your turn, gain 1 clout.", "names clout"),
    ("foundation_cards.yaml", lambda d, t: d["foundation_cards"][0]["sides"][0].update(text=t),
     "Everyone may hold seven more resources.", "names 7"),
    ("ideologues.yaml", lambda d, t: d["ideologues"][0]["powers"][1].update(text=t),
     "Up to 3 times a turn, evict two voters.", "names 2"),
    (MARS, lambda d, t: d["tyranny_cards"][0]["choices"][1].update(text=t),
     "Pay 8 media: do it.", "names 8, media"),
]


@pytest.mark.parametrize(("file", "plant", "text", "named"), DRIFTS,
                         ids=[d[2][:20] for d in DRIFTS])
def test_drift_is_reported_at_the_override(cards: Path, file: str,
                                           plant: Callable[[Data, str], None], text: str,
                                           named: str) -> None:
    path = cards / "azadi" / file
    _rewrite(path, lambda d: plant(d, text))
    line, column = _where(path, text)
    found = _lint(cards / "azadi")
    assert [f[:4] for f in found] == [("L705", path.name, line, column)]
    assert f" {named}, which its effects do not" in found[0][4]


def test_agreeing_overrides_are_not_drift(cards: Path) -> None:
    path = cards / "azadi" / "ideologues.yaml"
    # the level-5 Capitalist power evicts 1 voter (count 1), up to 3 times a turn
    _rewrite(path, lambda d: d["ideologues"][0]["powers"][1].update(
        text="Up to three times a turn, evict a voter, majority voters included."))
    assert _lint(cards / "azadi") == []


TASKS = [  # choice 0 of mars-tyranny-01: evict an Imperial voter, 6 times
    ("Evict 1 Imperial voter. ×5", ["names 5, which its task does not",
                                   "leaves out ×6"]),
    ("Evict an Imperial voter.", ["leaves out ×6 (the task is done 6 times)"]),
    ("Place 1 Imperial voter. ×6", ["words the task as voter_placed, not voter_evicted"]),
    ("Evict 1 Rebel voter. ×6", ["names rebel, which its task does not"]),
]


@pytest.mark.parametrize(("text", "said"), TASKS, ids=[t[0] for t in TASKS])
def test_task_text_drift_against_times_and_event(cards: Path, text: str,
                                                 said: list[str]) -> None:
    path = cards / "azadi" / MARS
    _rewrite(path, lambda d: d["tyranny_cards"][0]["choices"][0].update(task_text=text))
    line, column = _where(path, text)
    found = _lint(cards / "azadi")
    assert [f[:4] for f in found] == [("L705", path.name, line, column)]
    assert "(choices[0].task_text)" in found[0][4]
    for part in said:
        assert part in found[0][4]


def test_task_text_that_agrees_is_not_drift(cards: Path) -> None:
    _rewrite(cards / "azadi" / MARS, lambda d: d["tyranny_cards"][0]["choices"][0].update(
        task_text="Evict one Imperial voter, six times."))
    assert _lint(cards / "azadi") == []


def test_san_and_spring_drift_at_the_text(cards: Path) -> None:
    san = cards / "san" / "cards.yaml"
    _rewrite(san, lambda d: next(c for c in d["cards"] if c.get("effects") == [{"draw": 1}])
             .update(text="Draw 3 cards, then destroy one."))
    spring = cards / "spring" / "board_and_deck.yaml"
    _rewrite(spring, lambda d: next(c for c in d["cards"] if c.get("effects") == [{"move": 2}])
             .update(text="Move 4 more spaces, then draw."))
    found = _lint(cards / "san", cards / "spring")
    assert sorted(f[:4] for f in found) == sorted([
        ("L802", san.name, *_where(san, "Draw 3 cards")),
        ("L903", spring.name, *_where(spring, "Move 4 more"))])
    messages = {f[0]: f[4] for f in found}
    assert "names 3, destroy, which its effects do not" in messages["L802"]
    assert "names 4, draw, which its effects do not" in messages["L903"]


def test_an_override_that_leaves_an_effect_out(cards: Path) -> None:
    """What the engine plays and the card does not print: a flavour line in place of
    "draw 2", a text naming only the move of a card that also draws."""
    san = cards / "san" / "cards.yaml"
    _rewrite(san, lambda d: next(c for c in d["cards"] if c.get("effects") == [{"draw": 1}])
             .update(text="A second brain behind the ear."))
    spring = cards / "spring" / "board_and_deck.yaml"
    _rewrite(spring, lambda d: next(c for c in d["cards"] if c.get("effects") == [{"move": 2}])
             .update(effects=[{"move": 2}, {"draw": 1}], text="Move 2 more spaces."))
    found = _lint(cards / "san", cards / "spring")
    assert sorted(f[:4] for f in found) == sorted([
        ("L802", san.name, *_where(san, "A second brain")),
        ("L903", spring.name, *_where(spring, "Move 2 more spaces."))])
    messages = {f[0]: f[4] for f in found}
    assert messages["L802"].endswith("says nothing of its effect draw 1, which play "
                                     "carries out")
    assert messages["L903"].endswith("says nothing of its effect draw 1, which play "
                                     "carries out")
    _rewrite(san, lambda d: next(c for c in d["cards"] if c.get("text")).update(
        text="Draw one card."))                               # faithful: no warning
    assert not [f for f in _lint(cards / "san") if f[0] == "L802"]
