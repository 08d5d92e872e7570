"""Finding content: which game folders and campaign folders a command-line path means.

A path may be the ``cards/`` folder (every game in it), a game folder (one with
``game.yaml``), a campaign folder (one with ``campaign.yaml``; it may live outside
the repository, in which case the game's base content comes from the installed
package) or a file inside either. A folder that is none of these is content when it
holds content folders (see :func:`content_below`): a campaign repository's
``cards/`` of campaign folders, or the repository's root above it.

With no path at all, :func:`default_paths` finds the content of the folder the
command runs in, the way a designer's CI runs ``samizdat lint`` in a campaign
repository.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from compiler.frontend.paths import cards_root, source_checkout
from compiler.frontend.safe_read import UnreadableFile, os_reason, read_file
from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.diagnostics import Diagnostic, Location, error, warning
from rules_engine.games import GAME_IDS

GAME_FILE = "game.yaml"
CAMPAIGN_FILE = "campaign.yaml"
CARDS_FOLDER = "cards"            # where a repository keeps its content folders
CAMPAIGNS_FOLDER = "campaigns"    # where a game folder keeps its campaign folders
EXPECTED = ("cards/, a game folder with game.yaml, a campaign folder with campaign.yaml, "
            "or a folder holding campaign folders (directly or in its cards/)")
YAML_SUFFIXES = (".yaml", ".yml")
MAX_FOLDER_DEPTH = 32   # folders below a content folder that are searched for YAML files


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


def _present(path: Path) -> bool:
    """Whether anything (a file, a FIFO, a link to nothing...) has this name: a
    ``game.yaml`` that is not a readable file must be reported, not passed over."""
    return os.path.lexists(path)


def _read_section_value(path: Path, section: str, key: str
                        ) -> tuple[str | None, list[Diagnostic]]:
    shown = display(path)
    try:
        raw = read_file(path)
    except UnreadableFile as exc:
        return None, [exc.diagnostic(Location(shown, 1, 1))]
    doc, found = load_yaml(raw, shown)
    data = doc.data if doc else None
    if isinstance(data, dict) and isinstance(data.get(section), dict):
        value = data[section].get(key)
        return (value if isinstance(value, str) else None), found
    return None, found


def _game_id(game_dir: Path) -> str:
    found, _ = _read_section_value(game_dir / GAME_FILE, "game", "id")
    return found if found in GAME_IDS else game_dir.name


def _content_folder(path: Path) -> Path | None:
    for folder in [path, *path.parents]:
        if _present(folder / CAMPAIGN_FILE) or _present(folder / GAME_FILE):
            return folder
    return None


def _subfolders(folder: Path, diags: list[Diagnostic]) -> list[Path]:
    """The folders directly in ``folder`` (sorted); F211 when it cannot be listed."""
    try:
        with os.scandir(folder) as listing:
            names = sorted(e.name for e in listing if not e.name.startswith("."))
    except OSError as exc:
        diags.append(error("F211", f"cannot list this folder: {os_reason(exc)}; nothing in "
                           "it is read", Location(display(folder))))
        return []
    return [folder / name for name in names if (folder / name).is_dir()]


def is_content_folder(folder: Path) -> bool:
    """Whether ``folder`` is a game folder or a campaign folder."""
    return _present(folder / GAME_FILE) or _present(folder / CAMPAIGN_FILE)


def content_below(folder: Path, diags: list[Diagnostic] | None = None) -> list[Path]:
    """The content folders that ``folder`` (not one itself) holds, sorted: the game
    and campaign folders directly in it, and the campaign folders of a game-named
    folder in it that has no ``game.yaml`` (``azadi/campaigns/<campaign>/``, the
    layout of samizdat's own ``cards/``). When there are none, the same in its
    ``cards/`` folder: a repository's root means its ``cards/``. Nothing deeper is
    searched, so a folder of test fixtures or notes is never taken for content."""
    diags = [] if diags is None else diags
    for candidate in (folder, folder / CARDS_FOLDER):
        if candidate != folder and not candidate.is_dir():
            break
        found: list[Path] = []
        for sub in _subfolders(candidate, diags):
            if is_content_folder(sub):
                found.append(sub)
            elif sub.name in GAME_IDS and (sub / CAMPAIGNS_FOLDER).is_dir():
                found += [c for c in _subfolders(sub / CAMPAIGNS_FOLDER, diags)
                          if _present(c / CAMPAIGN_FILE)]
        if found:
            return found
    return []


def _repository_root(folder: Path) -> Path | None:
    """The nearest folder at or above ``folder`` holding ``.git``."""
    return next((p for p in [folder, *folder.parents] if _present(p / ".git")), None)


def default_paths(cwd: Path) -> list[Path]:
    """What a command given no path checks, run in ``cwd`` (empty: no content there).

    In order: the content folder ``cwd`` is or is inside (a campaign's ``art/``, say;
    not above the git repository's root); else, anywhere in samizdat's own source
    checkout, its shipped ``cards/``; else ``cwd`` when it holds content
    (:func:`content_below`: a ``cards/`` of campaign folders, or the repository's root
    above it); else the root of the git repository ``cwd`` is in, when that holds
    content. The shipped content is never checked in place of a campaign
    repository's: finding nothing is said, not hidden.
    """
    root = _repository_root(cwd)
    enclosing = _content_folder(cwd)
    if enclosing is not None and (root is None or enclosing.is_relative_to(root)):
        return [enclosing]
    checkout = source_checkout()
    if checkout is not None and cwd.resolve().is_relative_to(checkout):
        return [cards_root()]
    for folder in (cwd, root):
        if folder is not None and content_below(folder):
            return [folder]
    return []


def _bad_argument(raw: Path) -> Diagnostic | None:
    """A path no file system can hold (NUL), reported instead of raising ValueError."""
    if "\0" in str(raw):
        shown = str(raw).replace("\0", "\\0")
        return error("F203", f"the path {shown!r} holds a NUL character, which no file "
                     "name can hold", Location(display(Path(shown))))
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

    def add_folder(folder: Path) -> None:
        """A game folder, or a campaign folder with the game folder it belongs to."""
        if _present(folder / GAME_FILE):
            add(folder, None)
            return
        game, found = _read_section_value(folder / CAMPAIGN_FILE, "campaign", "game")
        if game not in GAME_IDS:   # unreadable or broken campaign.yaml: say why first
            where = Location(display(folder / CAMPAIGN_FILE), 1, 1)
            diags.extend(found or [error("F206", f"campaign.yaml names game {game!r}; "
                                         f"known games: {', '.join(GAME_IDS)}", where)])
            return
        local = next((p for p in folder.parents if _present(p / GAME_FILE)), None)
        add(local or cards_root() / game, folder)

    for raw in paths:
        bad = _bad_argument(raw)
        if bad is not None:
            diags.append(bad)
            continue
        path = raw if raw.is_dir() else raw.parent
        folder = _content_folder(path) if raw.is_file() or is_content_folder(path) else None
        if folder is not None:
            add_folder(folder)
            continue
        below = content_below(raw, diags) if raw.is_dir() else []
        if not below:
            diags.append(error("F203", f"not a content folder: expected {EXPECTED}",
                               Location(display(raw))))
        for found_folder in below:
            add_folder(found_folder)
    for target in targets.values():
        if target.all_campaigns:
            folders = _subfolders(target.game_dir / "campaigns", diags) \
                if (target.game_dir / "campaigns").is_dir() else []
            target.campaign_dirs = [p for p in folders if _present(p / CAMPAIGN_FILE)]
    ordered = sorted(targets.values(), key=lambda t: (t.game, str(t.game_dir)))
    return ordered, diags


@dataclass
class FoundFiles:
    """What a walk of a content folder found: YAML files, and problems on the way."""

    files: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _is_yaml_name(name: str) -> bool:
    return name.endswith(YAML_SUFFIXES)


def _link_problem(path: Path, exc: OSError) -> Diagnostic | None:
    """The diagnostic for a link ``os.stat`` cannot follow (None: not content-like)."""
    name = path.name
    if not (_is_yaml_name(name) or "." not in name):   # art and other files: not ours
        return None
    where = Location(display(path))
    if exc.errno == errno.ELOOP:
        return error("F210", "this symbolic link leads back to itself and is not read", where)
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        target = _link_target(path)
        return warning("F209", f"this symbolic link leads to nothing ({target}) and is "
                       "skipped", where)
    return error("Y115", f"cannot read it: {os_reason(exc)}", where)


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def _inside(path: Path, root: str) -> bool:
    real = os.path.realpath(path)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def content_files(folder: Path, exclude: Path | None = None,
                  max_depth: int = MAX_FOLDER_DEPTH) -> FoundFiles:
    """The YAML files under ``folder`` (sorted), skipping ``exclude`` and hidden names.

    The walk is iterative and bounded: folders deeper than ``max_depth`` are reported
    (F208) and not entered. Linked folders are followed if they stay inside ``folder``
    (F204 if not), and once: a link back to a folder on the way is F210, a folder
    reached twice is read once. Folders that cannot be listed are F211; links to nothing
    are F209 warnings. A YAML-named entry that is not a regular file (a FIFO, a device)
    is listed all the same, so that reading it reports it (Y114).
    """
    found = FoundFiles()
    try:
        top = os.stat(folder)
    except (OSError, ValueError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else "its name holds NUL"
        found.diagnostics.append(error("F211", f"cannot list this folder: {reason}",
                                       Location(display(folder))))
        return found
    pending: list[tuple[Path, int, frozenset[tuple[int, int]]]] = [
        (folder, 0, frozenset({(top.st_dev, top.st_ino)}))]
    seen = {(top.st_dev, top.st_ino)}   # each folder is read once, however it is reached
    inside = os.path.realpath(folder)
    while pending:
        current, depth, above = pending.pop()
        try:
            with os.scandir(current) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            found.diagnostics.append(error("F211", f"cannot list this folder: "
                                           f"{os_reason(exc)}; nothing in it is read",
                                           Location(display(current))))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = current / entry.name
            if exclude is not None and path.is_relative_to(exclude):
                continue
            try:
                info = os.stat(path)
            except OSError as exc:
                problem = _link_problem(path, exc) if entry.is_symlink() else error(
                    "Y115", f"cannot read it: {os_reason(exc)}", Location(display(path)))
                if problem is not None:
                    found.diagnostics.append(problem)
                continue
            if not stat.S_ISDIR(info.st_mode):
                if _is_yaml_name(entry.name):
                    found.files.append(path)
                continue
            if entry.is_symlink() and not _inside(path, inside):
                found.diagnostics.append(error(
                    "F204", "this linked folder leads outside the content folder and is not "
                    "read", Location(display(path))))
                continue
            key = (info.st_dev, info.st_ino)
            if key in above:
                found.diagnostics.append(error(
                    "F210", "this linked folder contains itself (it leads back to a folder "
                    "above it) and is not read again", Location(display(path))))
                continue
            if key in seen:
                continue
            if depth + 1 > max_depth:
                found.diagnostics.append(error(
                    "F208", f"folders are nested more than {max_depth} deep here; nothing "
                    "below this folder is read", Location(display(path))))
                continue
            seen.add(key)
            pending.append((path, depth + 1, above | {key}))
    found.files.sort()
    return found
