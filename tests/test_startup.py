"""Everyday commands load only what they use: validating content that passes the
fast schema check never imports the Python ``jsonschema`` package, ``referencing``,
reportlab or Pillow (each costs start-up time), and content that fails it still gets
the detailed diagnostics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import CARDS, REPO, SAJ, edit

HEAVY = ("jsonschema", "referencing", "reportlab", "PIL", "pypdfium2", "jinja2")

SCRIPT = f"HEAVY = {HEAVY!r}\n" + """
import sys
from compiler.cli import main
try:
    main(sys.argv[1:])
except SystemExit as done:
    print(done.code, file=sys.stderr)
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))
print("LOADED", " ".join(heavy), file=sys.stderr)
"""


def _validate(*args: str) -> tuple[int, str, list[str]]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, "validate", *args], cwd=REPO,
                          capture_output=True, text=True,
                          env=os.environ | {"PYTHONPATH": str(REPO)})
    lines = done.stderr.splitlines()
    loaded = next(line for line in lines if line.startswith("LOADED")).split()[1:]
    return int(lines[-2]), done.stdout, loaded


def test_validating_clean_content_loads_no_heavy_package() -> None:
    """Not even the layouts' icon check loads reportlab, nor do the rules data's table
    names and the mats' source names load the phrase engine (jinja2): they come from
    each game's plug-in, unworded."""
    code, out, loaded = _validate(str(CARDS / SAJ))
    assert code == 0, out
    assert "errors 0, warnings 0" in out
    assert loaded == []


def test_a_schema_error_still_gets_the_detailed_diagnostic(cards: Path) -> None:
    campaign = cards / SAJ / "campaign.yaml"
    edit(campaign, "\n  name: South Asian", "\n  nmae: South Asian")
    code, out, loaded = _validate("--format", "json", str(cards / SAJ))
    assert code == 1
    codes = {d["code"] for d in json.loads(out)["diagnostics"]}
    assert codes & {"S301", "S304"}, codes
    assert "jsonschema" in loaded                  # the detailed validator did the work
