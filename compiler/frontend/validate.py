"""``samizdat validate``: load → schema → model → references and counts.

The orchestrator is a short chain of steps; each step reports diagnostics and
nothing raises. The result keeps file texts so reporters can quote source lines.

Stages gate each other: when a file (or a section of one) of a game did not load,
what is missing would only come back as false errors, so the model's checks of that
game (references, rules between items) and the component counts of the folder it
belongs to do not run (the load errors say what to fix first; they are reported
first, see :func:`report_order`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.frontend import counts, schema_check
from compiler.frontend.art import check_references
from compiler.frontend.discover import (
    CAMPAIGN_FILE,
    GAME_FILE,
    Target,
    content_files,
    display,
    resolve,
)
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import DEFAULT_LIMITS, LoadLimits, load_yaml
from rules_engine.core.content import CampaignContent, ContentSet, Item
from rules_engine.core.diagnostics import Diagnostic, Location, Severity, error, quoted, warning
from rules_engine.core.plugin import GamePlugin
from rules_engine.core.ranges import empty_ranges
from rules_engine.core.source import SourceDocument
from rules_engine.games import plugin as game_plugin


@dataclass
class ValidationResult:
    """What a validation run found, and what it read."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    items: int = 0
    models: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    manifests: dict[str, Item] = field(default_factory=dict)
    content_roots: dict[str, list[Path]] = field(default_factory=dict)
    items_by_location: dict[Location, Item] = field(default_factory=dict)
    contents: dict[str, ContentSet] = field(default_factory=dict)
    game_errors: dict[str, int] = field(default_factory=dict)   # errors found in each game

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity.value == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity.value == "warning")


@dataclass
class _Loaded:
    """Items of one folder (base or campaign): valid ones, and all for counting."""

    valid: dict[str, list[Item]] = field(default_factory=dict)
    every: dict[str, list[Item]] = field(default_factory=dict)
    unread: list[Location] = field(default_factory=list)  # files, sections not loaded


def report_order(d: Diagnostic) -> tuple[int, str, int, int, str, str]:
    """The order diagnostics are reported in: errors of loading and finding content
    (``Y``, ``F``) first, as everything after them may follow from them; then by
    file, line, column and code."""
    first = 0 if d.code[:1] in ("Y", "F") and d.severity is Severity.ERROR else 1
    return (first, *d.sort_key())


def validate(paths: list[Path], limits: LoadLimits = DEFAULT_LIMITS,
             overlay: Mapping[Path, bytes] | None = None) -> ValidationResult:
    """Validate the content ``paths`` name.

    ``overlay`` maps absolute file paths to bytes read in place of the file's (a file
    not there yet is read too, when it lies in a content folder being read): how a
    command checks the files it is about to write before it writes any
    (``samizdat import sheet``)."""
    result = ValidationResult()
    targets, found = resolve(paths)
    result.diagnostics += found
    first: dict[str, Target] = {}
    for target in targets:
        if target.game in first:    # one model per game: the second would replace the first
            result.diagnostics.append(error(
                "F212", f"a second content folder of the game {target.game} "
                f"({display(target.game_dir)}; the first is "
                f"{display(first[target.game].game_dir)}); one run takes one folder per game",
                Location(display(target.game_dir / GAME_FILE), 1, 1),
                hint="validate, lint or build them one at a time"))
            continue
        first[target.game] = target
        _validate_target(target, limits, result, overlay or {})
    result.diagnostics = sorted(set(result.diagnostics), key=report_order)
    return result


def _validate_target(target: Target, limits: LoadLimits, result: ValidationResult,
                     overlay: Mapping[Path, bytes]) -> None:
    plugin = game_plugin(target.game)
    if plugin is None:
        result.diagnostics.append(error("F206", f"unknown game {target.game!r}",
                                        Location(display(target.game_dir / GAME_FILE), 1, 1)))
        return
    before = len(result.diagnostics)
    base = _load_folder(plugin, target.game_dir, target.game_dir / "campaigns", False,
                        limits, result, overlay)
    manifest = _single(base, "game", target.game_dir / GAME_FILE, result)
    content = ContentSet(plugin.id, display(target.game_dir), manifest, base.valid)
    loaded_campaigns: list[tuple[CampaignContent, _Loaded]] = []
    for folder in target.campaign_dirs:
        camp = _load_folder(plugin, folder, None, True, limits, result, overlay)
        camp_manifest = _single(camp, "campaign", folder / CAMPAIGN_FILE, result)
        content.campaigns.append(CampaignContent(display(folder), camp_manifest, camp.valid))
        loaded_campaigns.append((content.campaigns[-1], camp))
    try:
        model, found = plugin.build_model(content)
    except Exception as exc:          # an engine bug must not hide the other findings
        model, found = None, [error(
            "M406", f"internal error building the {plugin.id} model: "
            f"{type(exc).__name__}: {quoted(str(exc))}",
            Location(display(target.game_dir / GAME_FILE), 1, 1),
            hint="this is a bug in samizdat; the game's model checks and lint analyses "
                 "did not run")]
    unread = [*base.unread, *(u for _, camp in loaded_campaigns for u in camp.unread)]
    if not unread or model is None:
        result.diagnostics += found
    folders = [base, *(camp for _, camp in loaded_campaigns)]
    result.diagnostics += empty_ranges(
        item for loaded in folders for items in loaded.valid.values() for item in items)
    result.diagnostics += check_references(
        (item for loaded in folders for items in loaded.every.values() for item in items),
        [target.game_dir, *target.campaign_dirs])
    if model is not None:
        result.models[plugin.id] = model
    result.contents[plugin.id] = content
    result.content_roots[plugin.id] = [target.game_dir, *target.campaign_dirs]
    if manifest is not None:
        result.manifests[plugin.id] = manifest
    if manifest is not None:
        result.diagnostics += _check_counts(plugin, manifest, base, loaded_campaigns)
    result.game_errors[plugin.id] = result.game_errors.get(plugin.id, 0) + sum(
        1 for d in result.diagnostics[before:] if d.severity is Severity.ERROR)


def _single(loaded: _Loaded, section: str, expected: Path, result: ValidationResult
            ) -> Item | None:
    items = loaded.every.get(section, [])
    if not items:
        result.diagnostics.append(error("F203", f"no `{section}:` section found; it belongs in "
                                        f"{expected.name}", Location(display(expected))))
        return None
    for extra in items[1:]:
        result.diagnostics.append(error("M401", f"a second `{section}:` section",
                                        extra.location))
    valid = loaded.valid.get(section, [])
    return valid[0] if valid else None


def _check_counts(plugin: GamePlugin, manifest: Item, base: _Loaded,
                  campaigns: list[tuple[CampaignContent, _Loaded]]) -> list[Diagnostic]:
    """N501 for each count of a folder whose files all loaded (a folder with a file
    that did not load would be counted short)."""
    def by_component(loaded: _Loaded) -> dict[str, list[Item]]:
        grouped: dict[str, list[Item]] = {}
        for section in plugin.sections:
            grouped.setdefault(section.component, []).extend(loaded.every.get(section.name, []))
        return grouped

    def rules(key: str) -> list[Item]:
        return [Item(r, manifest.doc, (*manifest.path, key, n))
                for n, r in enumerate(manifest.get(key, []))]

    found = [] if base.unread else \
        counts.check_counts(rules("components"), by_component(base), "the game")
    for camp, loaded in campaigns:
        if loaded.unread:
            continue
        where = camp.manifest.location if camp.manifest else Location(camp.folder)
        found += counts.check_counts(rules("per_campaign"), by_component(loaded),
                                     f"campaign {camp.folder}", where)
    return found


def _load_folder(plugin: GamePlugin, folder: Path, exclude: Path | None, in_campaign: bool,
                 limits: LoadLimits, result: ValidationResult,
                 overlay: Mapping[Path, bytes]) -> _Loaded:
    loaded = _Loaded()
    walked = content_files(folder, exclude)
    result.diagnostics += walked.diagnostics
    loaded.unread += [d.location for d in walked.diagnostics if d.severity is Severity.ERROR]
    files = sorted(walked.files + _overlaid(folder, exclude, walked.files, overlay))
    if len(files) > limits.max_files:
        result.diagnostics.append(error("Y113", f"{len(files)} YAML files; the limit is "
                                        f"{limits.max_files}", Location(display(folder))))
        loaded.unread.append(result.diagnostics[-1].location)
        return loaded
    root = folder.resolve()
    for path in files:
        shown = display(path)
        if not path.resolve().is_relative_to(root):
            result.diagnostics.append(error("F204", "this file links outside the content folder "
                                            "and is not read", Location(shown)))
            loaded.unread.append(Location(shown, 1, 1))
            continue
        try:
            written = overlay.get(Path(os.path.abspath(path)))
            raw = read_file(path, limits.max_file_bytes) if written is None else written
        except UnreadableFile as exc:
            result.diagnostics.append(exc.diagnostic(Location(shown, 1, 1)))
            loaded.unread.append(Location(shown, 1, 1))
            continue
        result.files += 1
        doc, found = load_yaml(raw, shown, limits)
        result.diagnostics += found
        if doc is None:
            result.sources[shown] = raw.decode("utf-8", errors="replace")
            loaded.unread.append(Location(shown, 1, 1))
            continue
        result.sources[shown] = raw.decode("utf-8")
        _read_sections(plugin, doc, in_campaign, loaded, result)
    return loaded


def _overlaid(folder: Path, exclude: Path | None, found: list[Path],
              overlay: Mapping[Path, bytes]) -> list[Path]:
    """The files of ``overlay`` in ``folder`` (not under ``exclude``) that the walk of
    the folder did not find: files about to be written."""
    top = Path(os.path.abspath(folder))
    skip = None if exclude is None else Path(os.path.abspath(exclude))
    known = {Path(os.path.abspath(p)) for p in found}
    return [folder / path.relative_to(top) for path in overlay
            if path.is_relative_to(top) and path not in known
            and (skip is None or not path.is_relative_to(skip))]


def _read_sections(plugin: GamePlugin, doc: SourceDocument, in_campaign: bool,
                   loaded: _Loaded, result: ValidationResult) -> None:
    data = doc.data
    if data is None:
        result.diagnostics.append(warning("F205", "the file is empty", Location(doc.file, 1, 1)))
        return
    if not isinstance(data, dict):
        result.diagnostics.append(error("F201", "a content file maps section names to their "
                                        "items; this one is not a mapping", doc.locate(())))
        loaded.unread.append(Location(doc.file, 1, 1))
        return
    for name, value in data.items():
        section = plugin.section(name)
        if section is None or section.in_campaign != in_campaign:
            allowed = [s.name for s in plugin.sections if s.in_campaign == in_campaign]
            place = "a campaign folder" if in_campaign else "the game folder"
            result.diagnostics.append(error(
                "F202", f"unknown section {quoted(name)} in {place} of {plugin.id}",
                doc.locate_key((name,)), hint=f"sections here: {', '.join(allowed)}"))
            loaded.unread.append(result.diagnostics[-1].location)
            continue
        if section.single:
            _read_item(doc, (name,), value, section.schema, name, loaded, result)
            continue
        if not isinstance(value, list):
            result.diagnostics.append(error("F207", f"section {quoted(name)} holds a list of items",
                                            doc.locate((name,))))
            loaded.unread.append(result.diagnostics[-1].location)
            continue
        for index, entry in enumerate(value):
            result.items += 1
            _read_item(doc, (name, index), entry, section.schema, name, loaded, result)


def _read_item(doc: SourceDocument, path: tuple[str | int, ...], value: Any, schema: str,
               section: str, loaded: _Loaded, result: ValidationResult) -> None:
    found = schema_check.check(doc, path, value, schema)
    result.diagnostics += found
    if not isinstance(value, dict):
        return
    item = Item(value, doc, path)
    result.items_by_location[item.location] = item
    loaded.every.setdefault(section, []).append(item)
    if not found:
        loaded.valid.setdefault(section, []).append(item)
