"""`samizdat watch`: a real headless Chromium opens the preview page; a test edits a
card and the page shows the new text within seconds, with no reload by hand; a broken
edit shows the diagnostic at its line and the last good cards stay; the server answers
on 127.0.0.1 only. The session (compiler/watch/session.py) renders only the cards whose
drawing changed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from compiler.watch.session import Session
from tests.conftest import CARDS

TITLE = "title: Cartoon Passed Hand to Hand"


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(".ci/run installs chromium; install it to run this test")


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=15) as answer:    # noqa: S310 - 127.0.0.1
        return json.loads(answer.read())


def _until(check: Any, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    return None


@pytest.fixture
def watching(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    content = tmp_path / "spring"
    shutil.copytree(CARDS / "spring", content)
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "watch", str(content), "--port", "0",
         "--no-build"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        cwd=tmp_path, start_new_session=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    assert "preview at http://127.0.0.1:" in first, first
    url = first.split("preview at ")[1].split()[0]
    browser = subprocess.Popen(
        [_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
         "--remote-debugging-port=0", f"--user-data-dir={tmp_path / 'profile'}", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        yield content, url
    finally:
        for child in (browser, process):
            os.killpg(child.pid, signal.SIGTERM)
            child.wait(timeout=10)


def test_the_page_shows_an_edit_and_a_broken_edit_by_itself(
        watching: tuple[Path, str]) -> None:
    content, url = watching
    shown = _until(lambda: (lambda s: s if s["version"] >= 1 else None)(
        _get(url + "shown")), 30)
    assert shown is not None, "the browser never showed the first build"
    assert "Cartoon Passed Hand to Hand" in shown["text"]
    cards = content / "board_and_deck.yaml"
    source = cards.read_text()
    assert TITLE in source
    saved = time.monotonic()
    cards.write_text(source.replace(TITLE, "title: Cartoon Passed Along"))
    shown = _until(lambda: (lambda s: s if "Cartoon Passed Along" in s["text"] else None)(
        _get(url + "shown")), 10)
    assert shown is not None, "the page did not show the edit"
    assert time.monotonic() - saved < 5
    assert "Cartoon Passed Hand to Hand" not in shown["text"]
    # a broken edit: the diagnostic, at its line, and the last good cards
    line = next(n for n, text in enumerate(source.splitlines(), start=1)
                if text.strip() == "copies: 2")
    broken = source.replace(TITLE, "title: Cartoon Passed Along").replace(
        "    copies: 2\n", "    copies: two\n", 1)
    cards.write_text(broken)
    shown = _until(lambda: (lambda s: s if "S302" in s["text"] else None)(
        _get(url + "shown")), 10)
    assert shown is not None, "the page did not show the diagnostic"
    assert f"board_and_deck.yaml:{line}:13: error S302 cards.0.copies: expected an " \
        "integer, got text 'two'" in shown["text"]
    assert "copies: two" in shown["text"]                 # the line it points at
    assert "Cartoon Passed Along" in shown["text"]        # the last good cards stay


def test_the_preview_listens_on_this_machine_only(watching: tuple[Path, str]) -> None:
    _, url = watching
    assert url.startswith("http://127.0.0.1:")
    port = int(url.rsplit(":", 1)[1].strip("/"))
    found = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True,
                           text=True) if shutil.which("ss") else None
    if found is not None and found.stdout.strip():
        assert all("127.0.0.1:" in line for line in found.stdout.splitlines())


def test_a_refresh_renders_only_the_cards_whose_drawing_changed(tmp_path: Path) -> None:
    content = tmp_path / "spring"
    shutil.copytree(CARDS / "spring", content)
    session = Session([content])
    first = session.refresh()
    assert first.version == 1 and first.problems == []
    images = dict(session.images)
    assert len(images) > 54
    cards = content / "board_and_deck.yaml"
    cards.write_text(cards.read_text().replace(TITLE, "title: Cartoon Passed Along"))
    second = session.refresh()
    assert second.version == 2 and second.changed == ["spring/common"]
    new = set(session.images) - set(images)
    assert len(new) == 1                         # that card's front, and nothing else
    unchanged = session.refresh()
    assert unchanged.version == 2                # nothing changed: no new version
