"""Every printed value on AZADI's cards says what it is: read back from built PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import CARDS, FIRST_CARD_PAGE, run_cli


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("labels")
    result = run_cli("build", str(CARDS / "azadi"), "--cards-only", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_every_mandate_front_labels_its_dissent_cost(built: Path) -> None:
    reader = PdfReader(built / "azadi" / "mandates.pdf")
    fronts = reader.pages[FIRST_CARD_PAGE].extract_text()
    mandates = fronts.count("Imperial Mandate")
    assert mandates >= 6
    # each of them labels its cost "Dissent", beside the number
    assert len(re.findall(r"\bDissent\b", fronts)) == mandates


def test_campaign_cards_carry_their_campaigns_name(built: Path) -> None:
    """540 Ideology and 60 Tyranny cards could not be sorted apart after printing:
    each side of an Ideology card, and the outside of a Tyranny card, names its
    campaign."""
    from compiler.frontend.validate import validate

    model = validate([CARDS / "azadi"]).models["azadi"]
    for campaign in model.campaigns:
        ideology = PdfReader(built / "azadi" / f"ideology-{campaign.id}.pdf")
        pages = [" ".join(p.extract_text().split())
                 for p in ideology.pages[FIRST_CARD_PAGE:]]
        assert sum(text.count(campaign.name) for text in pages) == \
            2 * len(campaign.ideology_cards)                 # both sides of every card
        tyranny = PdfReader(built / "azadi" / f"tyranny-{campaign.id}.pdf")
        outside = [" ".join(p.extract_text().split()) for p in tyranny.pages[FIRST_CARD_PAGE::2]]
        assert sum(text.count(campaign.name) for text in outside) == \
            len(campaign.tyranny_cards)


def test_a_campaign_mark_prints_instead_of_a_long_name(tmp_path: Path) -> None:
    """A new campaign whose name is long (or has a word too long for a card) gets a
    short `mark:` that its cards print; a shipped name prints whole."""
    import yaml

    made = run_cli("new", "campaign", "wide-1", "--name", "W" * 40, "--into", str(tmp_path))
    assert made.exit_code == 0, made.output
    manifest = yaml.safe_load((tmp_path / "wide-1" / "campaign.yaml").read_text())
    assert manifest["campaign"]["mark"] == "W" * 16
    result = run_cli("build", str(tmp_path / "wide-1"), "--cards-only",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    ideology = PdfReader(tmp_path / "out" / "azadi" / "ideology-wide-1.pdf")
    first = ideology.pages[FIRST_CARD_PAGE].extract_text()
    assert "W" * 16 in first and "W" * 17 not in first
    short = run_cli("new", "campaign", "short-1", "--name", "Short One",
                    "--into", str(tmp_path))
    assert short.exit_code == 0, short.output
    written = yaml.safe_load((tmp_path / "short-1" / "campaign.yaml").read_text())
    assert "mark" not in written["campaign"]          # the name is its own mark
