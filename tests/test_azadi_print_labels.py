"""Every printed value on AZADI's cards says what it is: read back from built PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import CARDS, run_cli


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("labels")
    result = run_cli("build", str(CARDS / "azadi"), "--cards-only", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_every_mandate_front_labels_its_dissent_cost(built: Path) -> None:
    reader = PdfReader(built / "azadi" / "mandates.pdf")
    fronts = reader.pages[0].extract_text()
    mandates = fronts.count("Imperial Mandate")
    assert mandates >= 6
    # each of them labels its cost "Dissent", beside the number
    assert len(re.findall(r"\bDissent\b", fronts)) == mandates
