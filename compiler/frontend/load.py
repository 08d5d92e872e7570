"""The front end: everything a command reads, loaded and checked once.

:func:`load` returns the validated content (:func:`compiler.frontend.validate.validate`), each
game's layout libraries (card layouts and mat layouts, :class:`LayoutLibrary`, every
file resolved) and each game's rules data (:func:`compiler.frontend.rules_data.load_rules`),
with the diagnostics of all three in one list (load errors first,
:func:`compiler.frontend.validate.report_order`). ``samizdat validate`` and ``lint`` report
them, so a broken layout or rules file fails CI's lint, not only a build; ``build``
draws with the libraries and rules data loaded here and reads none of them again.

What the front end decides about the templates, without drawing a card:

* every layout file of a game (its own, the common ones, a ``--templates`` folder's)
  reads, is one ``layout:`` section on its schema and resolves (``extends:``, region
  positions, icons): the codes of :class:`LayoutLibrary`;
* each mat has a size and its ``cells`` and ``ring`` regions a source the game fills
  (B606, as the mats report them when drawn);
* the rules data reads, is on its schema and names only tables the game has (B610,
  B611).

Which card types a game prints, and so which layouts it needs and which fields they
may show (B605, B608), is known only from the card faces: the build says those.

Parsed files are kept by digest (:mod:`compiler.frontend.layouts`,
:mod:`compiler.frontend.rules_data`), so loading the same templates again in one
process costs little more than reading them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.frontend import validate as content
from compiler.frontend.layouts import LayoutLibrary
from compiler.frontend.rules_data import RulesData, load_rules
from compiler.frontend.validate import ValidationResult, report_order
from compiler.frontend.yaml_loader import DEFAULT_LIMITS, LoadLimits
from rules_engine.core.diagnostics import Diagnostic, error
from rules_engine.games import plugin as game_plugin

MAT_SOURCED = ("cells", "ring")      # mat region kinds filled from the game's data


@dataclass
class Loaded:
    """What the front end loaded: the validated content (its diagnostics and sources
    include the templates' own), and per game its card layouts, mat layouts and rules
    data (None when it did not load; the diagnostics say why)."""

    validation: ValidationResult
    layouts: dict[str, LayoutLibrary] = field(default_factory=dict)
    mats: dict[str, LayoutLibrary] = field(default_factory=dict)
    rules: dict[str, RulesData | None] = field(default_factory=dict)
    templates: Path | None = None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.validation.diagnostics

    @property
    def errors(self) -> int:
        return self.validation.errors


def load(paths: list[Path], templates: Path | None = None,
         limits: LoadLimits = DEFAULT_LIMITS, extras: bool = True) -> Loaded:
    """Load and check the content ``paths`` name and the templates of its games
    (``templates``: a folder whose layouts, mats and rules data override the shipped
    ones). Without ``extras`` only the card layouts are loaded (a cards-only build
    reads neither mats nor rules data)."""
    loaded = Loaded(content.validate(paths, limits), templates=templates)
    checked = loaded.validation
    found: list[Diagnostic] = []
    for game in sorted(checked.contents):
        declared = game_plugin(game)
        if declared is None or not declared.faces:
            continue
        cards = loaded.layouts[game] = LayoutLibrary(game, overrides=templates)
        cards.resolve_all()
        found += cards.diagnostics
        checked.sources.update(cards.sources)
        if not extras:
            continue
        mats = loaded.mats[game] = LayoutLibrary(game, overrides=templates, kind="mats")
        found += _mat_problems(game, mats) + mats.diagnostics
        checked.sources.update(mats.sources)
        rules, problems = load_rules(game, overrides=templates)
        loaded.rules[game] = rules
        found += problems
        if problems:          # quoted where they point
            checked.sources.update((d.location.file, _text(Path(d.location.file)))
                                   for d in problems if d.location.line)
    if found:
        checked.diagnostics = sorted(set(checked.diagnostics + found), key=report_order)
    return loaded


def _text(path: Path) -> str:
    """A rules file's text for quoting its lines (read whole just before, within the
    read limit, so it is a small regular file)."""
    from compiler.frontend.safe_read import UnreadableFile, read_file

    try:
        return read_file(path).decode("utf-8", errors="replace")
    except UnreadableFile:
        return ""


def mat_without_size(name: str, layout: Any) -> Diagnostic:
    """B606 for a mat layout without a size (said by the front end and the mats)."""
    return error("B606", f"mat {name!r} needs a size: {{width, height}} in mm",
                 layout.location)


def region_without_source(name: str, region: Any, sources: Any) -> Diagnostic:
    """B606 for a ``cells`` or ``ring`` region naming no source the game fills."""
    return error("B606", f"region {region.name!r} of mat {name!r} needs a source: one of "
                 f"{', '.join(sorted(sources))}", region.location)


def _mat_problems(game: str, library: LayoutLibrary) -> list[Diagnostic]:
    """Every mat resolved: B606 for a mat without a size and for a ``cells`` or
    ``ring`` region whose source the game does not fill (the messages the mats give
    when drawn, :func:`compiler.pdf.mats.prepare_mats`)."""
    from compiler.text.mat_data import declared_sources

    found: list[Diagnostic] = []
    sources: dict[str, Any] | None = None
    library.resolve_all()
    printed = [n for n in library.names(library.folders[:-1]) if not n.startswith("_")]
    for name in printed:        # as compiler.pdf.mats.mat_names lists them (not the common ones)
        layout = library.get(name)
        if layout is None:
            continue
        if layout.size is None:
            found.append(mat_without_size(name, layout))
            continue
        for region in layout.regions:
            if region.kind not in MAT_SOURCED:
                continue
            if sources is None:
                sources = dict(declared_sources(game))
            if region.source not in sources:
                found.append(region_without_source(name, region, sources))
    return found
