"""The wheel carries cards/, schemas/ and templates/: an installed samizdat validates a
campaign folder that lives outside the repository, with the base game from the package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import CARDS, REPO, SAJ

pytestmark = pytest.mark.slow   # builds a wheel and a virtual environment


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with samizdat installed from a freshly built wheel."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist),
                    str(REPO)], check=True)
    (wheel,) = dist.glob("samizdat-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "compiler/_data/schemas/azadi/tyranny_card.schema.json" in names
    assert "compiler/_data/cards/azadi/game.yaml" in names
    assert "compiler/_data/templates/README.md" in names
    # a pure wheel: native engine modules built in the work tree stay out of it
    assert not [n for n in names if n.endswith(".so") or n.endswith("_native.json")]
    env = root / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
                   check=True)
    return env / "bin" / "samizdat"


def test_installed_samizdat_validates_an_outside_campaign(installed: Path, tmp_path: Path) -> None:
    campaign = tmp_path / "my-campaign"
    shutil.copytree(CARDS / SAJ, campaign)
    ok = subprocess.run([str(installed), "validate", "--format", "json", str(campaign)],
                        cwd=tmp_path, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert json.loads(ok.stdout)["summary"]["errors"] == 0

    tyranny = campaign / "tyranny_cards.yaml"
    tyranny.write_text(tyranny.read_text().replace("    order: 1\n", "    order: 77\n"))
    bad = subprocess.run([str(installed), "validate", str(campaign)], cwd=tmp_path,
                         capture_output=True, text=True)
    assert bad.returncode == 1
    first = bad.stdout.splitlines()[0]
    assert first.startswith("my-campaign/tyranny_cards.yaml:")
    assert "error M402 Imperial Order number 77 does not exist" in first


def test_installed_python_m_compiler(installed: Path, tmp_path: Path) -> None:
    """``python -m compiler`` validates the content it ships (named, since a bare command
    outside samizdat's own checkout checks the working folder's content)."""
    python = installed.parent / "python"
    shipped = subprocess.run([str(python), "-c", "from compiler.frontend.paths import cards_root; "
                              "print(cards_root())"], cwd=tmp_path, capture_output=True,
                             text=True).stdout.strip()
    out = subprocess.run([str(python), "-m", "compiler", "validate", shipped], cwd=tmp_path,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("errors 0, warnings 0")
    bare = subprocess.run([str(python), "-m", "compiler", "validate"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert bare.returncode == 2 and "no content found" in bare.stderr
