"""The shipped content of a game (``cards/<game>/`` of samizdat, or of the plug-in's
data folder), loaded once per process and kept while its files are unchanged: what
the lint's learned invariants are learned from (:mod:`rules_engine.core.learned`)."""

from __future__ import annotations

from pathlib import Path

from rules_engine.core.content import ContentSet

_LOADED: dict[str, tuple[tuple[tuple[str, int, int], ...], ContentSet | None]] = {}


def shipped_folder(game: str) -> Path:
    """Where ``game``'s shipped content lies."""
    from compiler.frontend.paths import game_root

    return game_root(game) / "cards" / game


def _stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                 for p in sorted(folder.rglob("*")) if p.is_file())


def shipped_content(game: str) -> ContentSet | None:
    """``game``'s shipped content (None when it has none, or it does not load clean)."""
    folder = shipped_folder(game)
    if not folder.is_dir():
        return None
    stamp = _stamp(folder)
    kept = _LOADED.get(game)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    from compiler.frontend.load import load

    checked = load([folder], None).validation
    content = checked.contents.get(game) if not checked.errors else None
    _LOADED[game] = (stamp, content)
    return content
