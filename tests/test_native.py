"""The engines compiled with mypyc: used when built and fresh, never when stale, and
playing exactly the games their Python sources play."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import native

REPO = Path(__file__).resolve().parent.parent

PLAY = """
import hashlib, json, sys
from pathlib import Path
from compiler.frontend.validate import validate
from rules_engine import native
from rules_engine.core.simulate import Simulation, play_one, _factory
from rules_engine.core.game import CHANCE

models = validate([Path(sys.argv[1])]).models
out = {"in_use": native.in_use()}
for game, seats in (("azadi", 4), ("san", 2), ("spring", 4)):
    spec = Simulation(f"rules_engine.{game}.simulation:setup",
                      (("content", models[game]), ("bots", ("random",) * seats)))
    logs = hashlib.sha256()
    for seed in range(12):
        record = play_one(spec, seed)
        logs.update(repr(record).encode())
        play, bots, _ = _factory(spec)(seed, **dict(spec.options))
        state = play.new_initial_state(seed)
        while not state.is_terminal():
            who = state.current_player()
            state.apply_action(state.sample_chance() if who == CHANCE else bots[who].choose(state))
        logs.update("\\n".join(state.log).encode())
    out[game] = logs.hexdigest()
print(json.dumps(out))
"""


BUILD = """
import hashlib, json, sys, tempfile
from pathlib import Path
from compiler.pipeline.build import BuildOptions, build
from rules_engine import native

out = {"in_use": native.in_use()}
with tempfile.TemporaryDirectory() as folder:
    result = build([Path(sys.argv[1])], BuildOptions(Path(folder), extras=False))
    assert result.errors == 0, result.diagnostics
    for pdf in sorted(Path(folder).rglob("*.pdf")):
        out[str(pdf.relative_to(folder))] = hashlib.sha256(pdf.read_bytes()).hexdigest()
print(json.dumps(out))
"""


def compiled() -> bool:
    return bool(native.in_use())


def play(env: dict[str, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PLAY, str(REPO / "cards")], cwd=REPO,
                          env=os.environ | env, capture_output=True, text=True, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_ci_runs_the_compiled_engines() -> None:
    """CI builds the native modules (`make test`); a failed build must not pass unseen."""
    if os.environ.get("SAMIZDAT_REQUIRE_NATIVE") != "1":
        pytest.skip("SAMIZDAT_REQUIRE_NATIVE is not set (only CI requires the native build)")
    assert native.up_to_date()
    assert native.in_use() == list(native.MODULES)


def test_compiled_and_python_engines_play_the_same_games() -> None:
    if not compiled():
        pytest.skip("the native modules are not built")
    fast, slow = play({}), play({"SAMIZDAT_NATIVE": "0"})
    assert fast["in_use"] == list(native.MODULES) and slow["in_use"] == []
    for game in ("azadi", "san", "spring"):
        assert fast[game] == slow[game], game


def test_compiled_and_python_card_text_print_the_same_pdfs() -> None:
    """The compiler's compiled modules (YAML loading, card text) change no byte."""
    if not compiled():
        pytest.skip("the native modules are not built")
    runs = []
    for env in ({}, {"SAMIZDAT_NATIVE": "0"}):
        done = subprocess.run([sys.executable, "-c", BUILD, str(REPO / "cards")], cwd=REPO,
                              env=os.environ | env, capture_output=True, text=True,
                              check=True)
        runs.append(json.loads(done.stdout))
    fast, slow = runs
    assert "compiler.typeset.richtext" in fast.pop("in_use") and slow.pop("in_use") == []
    assert len(fast) > 20 and fast == slow


def test_a_changed_source_makes_the_build_stale(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    sources = {m: native.source_of(m) for m in native.MODULES}
    record = {m: hashlib.sha256(p.read_bytes()).hexdigest() for m, p in sources.items()}
    built = tmp_path / "built.so"
    built.write_bytes(b"")
    monkeypatch.setattr(native, "RECORD", tmp_path / "_native.json")
    monkeypatch.setattr(native, "native_of", lambda module: built)
    native.RECORD.write_text(json.dumps(record))
    assert native.stale() == [] and native.up_to_date()
    record["rules_engine.san.engine"] = "0" * 64
    native.RECORD.write_text(json.dumps(record))
    assert native.stale() == ["rules_engine.san.engine"] and not native.up_to_date()
    native.RECORD.unlink()                                  # no record: nothing is trusted
    assert native.stale() == list(native.MODULES)


def test_a_stale_build_runs_the_python_sources_with_a_warning(tmp_path: Path) -> None:
    if not compiled():
        pytest.skip("the native modules are not built")
    copy = tmp_path / "rules_engine"
    for package in ("rules_engine", "compiler"):
        shutil.copytree(REPO / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "_data"))
    script = ("import rules_engine.spring.engine as e, rules_engine.core.game as g; "
              "print(e.__file__); print(g.__file__)")
    env = os.environ | {"PYTHONPATH": str(tmp_path)}
    fresh = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True)
    assert [Path(line).suffix for line in fresh.stdout.split()] == [".so", ".so"]
    assert "out of date" not in fresh.stderr
    engine = copy / "spring" / "engine.py"
    engine.write_text(engine.read_text() + "\n# an edit\n")
    stale = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True)
    assert [Path(line).suffix for line in stale.stdout.split()] == [".py", ".py"]
    assert "native engine modules are out of date (rules_engine.spring.engine changed)" \
        in stale.stderr


def test_clean_removes_the_shim_of_a_module_no_longer_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module deleted (or dropped from MODULES) since the last build leaves its
    extension shim behind; clean (and so every build) removes it."""
    package = tmp_path / "rules_engine"
    (package / "azadi").mkdir(parents=True)
    suffix = native._SUFFIX
    kept = package / "azadi" / "board.py"
    kept.write_text("")
    ghost = package / "azadi" / f"gone{suffix}"            # its source was deleted
    current = package / "azadi" / f"board{suffix}"
    shared = package / f"_native__mypyc{suffix}"
    for path in (ghost, current, shared):
        path.write_bytes(b"")
    monkeypatch.setattr(native, "PACKAGE", package)
    monkeypatch.setattr(native, "RECORD", package / "_native.json")
    monkeypatch.setattr(native, "MODULES", ("rules_engine.azadi.board",))
    native.clean()
    assert not ghost.exists() and not current.exists() and not shared.exists()
    assert kept.exists()
