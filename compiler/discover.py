"""Finding content: which game folders and campaign folders a command-line path means.

A path may be the ``cards/`` folder (every game in it), a game folder (one with
``game.yaml``), a campaign folder (one with ``campaign.yaml``; it may live outside
the repository, in which case the game's base content comes from the installed
package) or a file inside either.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from compiler.paths import cards_root
from compiler.yaml_loader import load_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error
from rules_engine.games import GAME_IDS

GAME_FILE = "game.yaml"
CAMPAIGN_FILE = "campaign.yaml"
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Target:
    """One game to validate: its base folder and the campaign folders to include."""

    game: str
    game_dir: Path
    campaign_dirs: list[Path] = field(default_factory=list)
    all_campaigns: bool = False


def display(path: Path) -> str:
    """A path as diagnostics show it: relative to the working directory when inside it."""
    absolute = Path(os.path.abspath(path))  # normalised, but links are shown as written
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()


def _read_section_value(path: Path, section: str, key: str) -> str | None:
    try:
        doc, _ = load_yaml(path.read_bytes(), display(path))
    except OSError:
        return None
    data = doc.data if doc else None
    if isinstance(data, dict) and isinstance(data.get(section), dict):
        value = data[section].get(key)
        return value if isinstance(value, str) else None
    return None


def _game_id(game_dir: Path) -> str:
    found = _read_section_value(game_dir / GAME_FILE, "game", "id")
    return found if found in GAME_IDS else game_dir.name


def _content_folder(path: Path) -> Path | None:
    for folder in [path, *path.parents]:
        if (folder / CAMPAIGN_FILE).is_file() or (folder / GAME_FILE).is_file():
            return folder
    return None


def resolve(paths: list[Path]) -> tuple[list[Target], list[Diagnostic]]:
    """The targets ``paths`` name, merged per game, in a stable order."""
    targets: dict[Path, Target] = {}
    diags: list[Diagnostic] = []

    def add(game_dir: Path, campaign: Path | None) -> None:
        key = game_dir.resolve()
        target = targets.setdefault(key, Target(_game_id(game_dir), game_dir))
        if campaign is None:
            target.all_campaigns = True
        elif campaign.resolve() not in [c.resolve() for c in target.campaign_dirs]:
            target.campaign_dirs.append(campaign)

    for raw in paths:
        path = raw if raw.is_dir() else raw.parent
        folder = _content_folder(path) if raw.is_file() or (
            (path / GAME_FILE).is_file() or (path / CAMPAIGN_FILE).is_file()) else None
        if folder is None and raw.is_dir():
            games = sorted(p for p in raw.iterdir() if (p / GAME_FILE).is_file())
            if games:
                for game_dir in games:
                    add(game_dir, None)
                continue
        if folder is None:
            diags.append(error("F203", "not a content folder: expected cards/, a game folder "
                               "with game.yaml or a campaign folder with campaign.yaml",
                               Location(display(raw))))
            continue
        if (folder / GAME_FILE).is_file():
            add(folder, None)
            continue
        game = _read_section_value(folder / CAMPAIGN_FILE, "campaign", "game")
        if game not in GAME_IDS:
            where = Location(display(folder / CAMPAIGN_FILE), 1, 1)
            diags.append(error("F206", f"campaign.yaml names game {game!r}; known games: "
                               f"{', '.join(GAME_IDS)}", where))
            continue
        local = next((p for p in folder.parents if (p / GAME_FILE).is_file()), None)
        add(local or cards_root() / game, folder)
    for target in targets.values():
        if target.all_campaigns:
            folders = (target.game_dir / "campaigns").glob("*")
            target.campaign_dirs = sorted(p for p in folders if (p / CAMPAIGN_FILE).is_file())
    ordered = sorted(targets.values(), key=lambda t: (t.game, str(t.game_dir)))
    return ordered, diags


def content_files(folder: Path, exclude: Path | None = None) -> list[Path]:
    """The YAML files under ``folder`` (sorted), skipping ``exclude`` and hidden folders."""
    found = []
    for path in folder.rglob("*"):
        if path.suffix not in YAML_SUFFIXES or not path.is_file():
            continue
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if exclude is not None and path.is_relative_to(exclude):
            continue
        found.append(path)
    return sorted(found)
