"""Installed as a user installs it (not editable, in a fresh virtual environment),
``samizdat native build`` compiles the engines, and samizdat then runs them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import REPO


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPATH", "SAMIZDAT"))}
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=1200)


@pytest.mark.slow
def test_the_native_build_works_in_an_installed_package(tmp_path: Path) -> None:
    source = tmp_path / "samizdat"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "output", "*.so", "__pycache__", "_native.json", "*.egg-info"))
    venv = tmp_path / "venv"
    assert _run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path).returncode == 0
    python = venv / "bin" / "python"
    site = Path(_run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                     "['purelib'])", cwd=tmp_path).stdout.strip())
    # the dependencies come from this test's environment (no network); samizdat itself
    # is installed from its source, not editable
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = _run(str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                   "--no-index", str(source), cwd=tmp_path)
    assert install.returncode == 0, install.stderr
    samizdat = venv / "bin" / "samizdat"
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    built = _run(str(samizdat), "native", "build", cwd=elsewhere)
    assert built.returncode == 0, built.stdout + built.stderr
    where = _run(str(python), "-c", "import rules_engine.azadi.engine as e; print(e.__file__)",
                 cwd=elsewhere)
    assert where.stdout.strip().startswith(str(site)) and where.stdout.strip().endswith(".so")
    played = _run(str(samizdat), "simulate", "spring", "--games", "3", cwd=elsewhere)
    assert played.returncode == 0, played.stderr
    assert "out of date" not in played.stderr and "native" not in played.stderr
