"""The compiled modules' freshness check: sources whose (size, mtime_ns, inode) stamp
is the recorded one are not hashed again at start-up; any other source is hashed, and
a changed one still makes the compiled modules stale."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from rules_engine import native


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A private copy of every compiled module's source, a fake compiled file beside
    each, and a record written the way ``native build`` writes it."""
    copies = {}
    for module in native.MODULES:
        copy = tmp_path / "src" / (module.replace(".", "_") + ".py")
        copy.parent.mkdir(exist_ok=True)
        shutil.copy2(native.source_of(module), copy)
        copies[module] = copy
    built = tmp_path / "built.so"
    built.write_bytes(b"")
    monkeypatch.setattr(native, "source_of", lambda module: copies[module])
    monkeypatch.setattr(native, "native_of", lambda module: built)
    monkeypatch.setattr(native, "RECORD", tmp_path / "_native.json")
    record = {m: {"stamp": native.stamp_of(p), "sha256": native.digest(p)}
              for m, p in copies.items()}
    native.RECORD.write_text(json.dumps(record))
    return copies


def _count_hashes(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    hashed: list[Path] = []
    real = native.digest

    def counting(path: Path) -> str:
        hashed.append(path)
        return real(path)

    monkeypatch.setattr(native, "digest", counting)
    return hashed


def test_unchanged_stamps_hash_nothing(sources: dict[str, Path],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    hashed = _count_hashes(monkeypatch)
    assert native.stale() == [] and native.up_to_date()
    assert hashed == []


def test_a_touched_source_is_hashed_and_still_fresh(sources: dict[str, Path],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    touched = sources["rules_engine.san.engine"]
    info = touched.stat()
    os.utime(touched, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    hashed = _count_hashes(monkeypatch)
    assert native.stale() == []
    assert hashed == [touched]


def test_a_changed_source_is_stale_whatever_its_stamp(sources: dict[str, Path]) -> None:
    edited = sources["compiler.typeset.richtext"]
    info = edited.stat()
    text = edited.read_bytes()
    edited.write_bytes(text[:-1] + (b"#" if text[-1:] != b"#" else b" "))  # same size
    os.utime(edited, ns=(info.st_atime_ns, info.st_mtime_ns))            # same mtime
    assert native.stamp_of(edited) == [info.st_size, info.st_mtime_ns, info.st_ino]
    # the same stamp is trusted (that is the point); a replaced file has a new inode
    replacement = edited.with_suffix(".new")
    replacement.write_bytes(edited.read_bytes())
    os.utime(replacement, ns=(info.st_atime_ns, info.st_mtime_ns))
    os.replace(replacement, edited)
    assert native.stale() == ["compiler.typeset.richtext"] and not native.up_to_date()


def test_a_missing_source_is_stale(sources: dict[str, Path]) -> None:
    sources["rules_engine.core.game"].unlink()
    assert native.stale() == ["rules_engine.core.game"]


def test_a_record_of_digests_alone_is_still_checked(sources: dict[str, Path]) -> None:
    native.RECORD.write_text(json.dumps({m: native.digest(p) for m, p in sources.items()}))
    assert native.stale() == []
    sources["rules_engine.azadi.engine"].write_text("# edited\n")
    assert native.stale() == ["rules_engine.azadi.engine"]


def test_the_build_records_stamps(tmp_path: Path, sources: dict[str, Path],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_compile", lambda jobs: None)
    monkeypatch.setattr(native, "clean", lambda: None)
    native.build()
    record = json.loads(native.RECORD.read_text())
    assert set(record) == set(native.MODULES)
    for module, path in sources.items():
        assert record[module] == {"stamp": native.stamp_of(path),
                                  "sha256": native.digest(path)}
