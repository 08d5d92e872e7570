"""Spring's deck list (ruling R75): the manifest counts the common deck by kind and
Revolution subtype, so a card left out or a copy added is N501 at its count."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import edit, run_cli
from tests.test_lint_checks import where


def _counts(folder: Path) -> list[tuple[int, str]]:
    result = run_cli("validate", str(folder), "--format", "json")
    return [(d["line"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]
            if d["code"] == "N501"]


def test_the_shipped_deck_keeps_its_counts() -> None:
    from tests.conftest import CARDS

    assert _counts(CARDS / "spring") == []


def test_a_copy_added_to_a_strike_card(cards: Path) -> None:
    deck = cards / "spring" / "board_and_deck.yaml"
    text = deck.read_text(encoding="utf-8")
    start = text.index("  - id: rev-strike-lawyers")
    end = text.index("  - id:", start + 5)
    card = text[start:end]
    assert "copies" not in card
    deck.write_text(text[:end].rstrip("\n") + "\n    copies: 2\n\n" + text[end:],
                    encoding="utf-8")
    manifest = cards / "spring" / "game.yaml"
    assert _counts(cards / "spring") == [
        (where(manifest, "{type: card, count: 66")[0],
         "the game has 67 × card; the design fixes 66"),
        (where(manifest, "{type: revolution}, count: 36")[0],
         "the game has 37 × card (type=revolution); the design fixes 36"),
        (where(manifest, "subtype: strike}, count: 7")[0],
         "the game has 8 × card (type=revolution, subtype=strike); the design fixes 7")]
    edit(manifest, "{type: card, count: 66", "{type: card, count: 67")
    edit(manifest, "{type: revolution}, count: 36", "{type: revolution}, count: 37")
    edit(manifest, "subtype: strike}, count: 7", "subtype: strike}, count: 8")
    assert _counts(cards / "spring") == []          # a new deck declares its counts
