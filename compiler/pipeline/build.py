"""``samizdat build``: validated content → card faces → layouts → PDFs, PNGs, manifest.

The orchestrator is a short chain of steps:

1. load and check the content, the layouts and the rules data once
   (:func:`compiler.frontend.load.load`; errors stop the build unless ``force``);
2. build each game's card faces and prepare every side against its layout (text
   fitting and art checks report diagnostics; errors stop the build unless ``force``);
3. render each deck (home sheets, and on request print-ready files and PNGs), in
   parallel with ``jobs`` > 1, reusing unchanged output from the previous build;
4. write everything into a staging folder, then move it into ``output/<game>/``
   with ``manifest.json`` last, so a failure leaves the previous output intact.

Only folders samizdat made are ever replaced, under a lock, never through a
symbolic link (:mod:`compiler.pipeline.output_folder`); paths in the cache keys and in the
PDFs are relative to their roots, so the same content gives the same bytes from
any folder.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compiler import __version__
from compiler.frontend.art import FILE_LIMIT, Art, ArtProblem, art_path, prepare_art
from compiler.frontend.layouts import CARD_SIZES, Layout, LayoutLibrary, card_size, regions_outside
from compiler.frontend.load import Loaded, load
from compiler.frontend.paths import templates_root
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.validate import ValidationResult
from compiler.i18n import catalogue, languages, localized_layouts, print_words, translate
from compiler.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from compiler.i18n.languages import Language
from compiler.pdf import (
    cut_marks,
    cut_svg,
    icons,
    imposition,
    instructions,
    pdfx,
    preflight,
    sheets,
    vendors,
)
from compiler.pdf.extras import ExtraJob, extra_job
from compiler.pdf.imposition import ImpositionError
from compiler.pdf.render_card import prepare
from compiler.pipeline import incremental, output_folder, quantities
from compiler.pipeline.build_cache import (
    KEYS,
    OUTPUT_FORMAT,
    intact,
    link_or_copy,
    read_cache,
    safe_relative,
)
from compiler.pipeline.build_types import BuildOptions as BuildOptions  # re-exported
from compiler.pipeline.build_types import BuildResult as BuildResult
from compiler.pipeline.collector import fewer_collections
from compiler.pipeline.incremental import incremental_build
from compiler.pipeline.output_files import OutputRefused, write_files
from compiler.pipeline.output_folder import CACHE, MANIFEST, FolderRefused
from compiler.pipeline.quick_rebuild import GameInputs, campaign_name, unchanged_build
from compiler.text.faces import CardFace, builder
from rules_engine.core.content import Item
from rules_engine.core.diagnostics import (
    Diagnostic,
    Location,
    error,
    has_errors,
    quoted,
    warning,
)

CACHE_FILE = CACHE
ART_DPI = 300


@dataclass(frozen=True)
class CardPlan:
    """One card design to print: its face, both layouts, its size and art."""

    face: CardFace
    front: Layout
    back: Layout
    size: tuple[float, float]
    art: Art | None = None
    art_missing: bool = False


@dataclass(frozen=True)
class DeckJob:
    """Everything needed to prepare and render one deck (picklable, for workers)."""

    game: str
    deck: str
    plans: tuple[CardPlan, ...]
    options: BuildOptions
    key: str
    lang: str = ""          # --lang: the language, whose files go to <game>/<lang>/

    @property
    def cards(self) -> int:
        return sum(p.face.copies for p in self.plans)


Rendered = dict[str, tuple[bytes, str, int, int]]


def build(paths: list[Path], options: BuildOptions,
          progress: Callable[[Iterable[DeckJob]], Iterable[DeckJob]] | None = None,
          inputs: dict[str, GameInputs] | None = None, quick: bool = True) -> BuildResult:
    """Build the print files for the content ``paths`` name.

    With ``quick``, first ask :func:`compiler.pipeline.quick_rebuild.unchanged_build` whether
    nothing changed since the last clean build; ``inputs`` are the inputs it hashed
    (recorded after a clean build), when the caller asked it already. Then, when only
    some campaigns changed, :func:`compiler.pipeline.incremental.incremental_build` draws just
    those; else everything is validated and planned."""
    if options.print_ready and vendors.vendor(options.print_ready).colour == "cmyk" \
            and options.cmyk_profile is None:
        try:
            options = replace(options, cmyk_profile=pdfx.find_profile(options.icc_profile))
        except pdfx.ProfileProblem as problem:
            where = Location(str(options.icc_profile or "--print-ready"))
            return BuildResult(diagnostics=[error(
                "B635", f"--print-ready {options.print_ready} writes CMYK: {problem}",
                where)])
    if quick:
        found, inputs = unchanged_build(paths, options)
        if found is not None:
            return found
    with fewer_collections():
        if inputs:
            found = incremental_build(options, inputs, progress)
            if found is not None:
                return found
        return _build(paths, options, progress, inputs or {})


def _build(paths: list[Path], options: BuildOptions,
           progress: Callable[[Iterable[DeckJob]], Iterable[DeckJob]] | None,
           inputs: dict[str, GameInputs]) -> BuildResult:
    result = BuildResult()
    loaded = load(paths, options.templates, extras=options.extras)
    checked = loaded.validation
    result.validation = checked
    result.diagnostics += checked.diagnostics
    if has_errors(checked.diagnostics) and not options.force:
        return result
    refused = _refused_outputs(sorted(checked.models), options.out_dir)
    if refused:
        result.diagnostics += refused
        return result
    jobs: list[DeckJob | ExtraJob] = []
    game_keys: dict[str, str] = {}
    unchanged: list[str] = []
    caches = {game: read_cache(options.out_dir / game) for game in checked.models}
    for game, model in sorted(checked.models.items()):
        game_keys[game] = _game_key(game, checked, options)
        if _unchanged(game, game_keys[game], caches[game], options, result):
            unchanged.append(game)
            continue
        if options.langs:
            for lang in options.langs:
                decks = _plan_game(game, model, checked, options, result,
                                   loaded.layouts.get(game), lang=lang)
                jobs += decks
                if options.extras and decks:
                    jobs.append(_language_extras(game, model, decks, loaded, options, lang))
            continue
        decks = _plan_game(game, model, checked, options, result, loaded.layouts.get(game))
        faces = [plan.face for job in decks for plan in job.plans]
        jobs += decks
        if options.extras:
            jobs.append(extra_job(game, model, faces, options.paper, [j.key for j in decks],
                                  loaded.mats[game], loaded.rules.get(game),
                                  options.templates))
    if has_errors(result.diagnostics) and not options.force:
        result.diagnostics = sorted(set(result.diagnostics), key=Diagnostic.sort_key)
        return result
    rendered = _work(jobs, caches, options, result, progress)
    result.diagnostics = sorted(set(result.diagnostics), key=Diagnostic.sort_key)
    if options.preflight:
        result.diagnostics = preflight.merged(result.diagnostics)
    if has_errors(result.diagnostics) and not options.force:
        return result
    clean = {} if result.diagnostics or options.force else \
        {game: found.key for game, found in inputs.items()}
    records = {game: _campaign_record(game, checked, jobs, inputs[game])
               for game in clean if game not in unchanged}
    _write(jobs, rendered, caches, options, result, game_keys, clean, records)
    for game in unchanged:
        if game in clean:
            _record_inputs(options.out_dir / game, caches[game], clean[game])
    return result


def _campaign_record(game: str, checked: ValidationResult, jobs: list[Any],
                     inputs: GameInputs) -> dict[str, Any] | None:
    """What a campaign-sized rebuild stands on (:func:`incremental.record`)."""
    content = checked.contents.get(game)
    folders = checked.content_roots.get(game, [])
    if content is None or not folders:
        return None
    names = [campaign_name(folders[0], folder) for folder in folders[1:]]
    facts = incremental.campaign_facts(game, zip(names, content.campaigns, strict=True))
    roots = incremental.content_roots(folders[0], folders[1:])
    return incremental.record(inputs, facts, incremental.deck_roots(
        [j for j in jobs if j.game == game], roots))


def run_campaigns(options: BuildOptions, inputs: dict[str, GameInputs],
                  plans: dict[str, tuple[dict[str, Any], dict[str, Any], list[str]]],
                  unchanged: dict[str, tuple[list[dict[str, Any]], int, int]],
                  progress: Callable[[Iterable[Any]], Iterable[Any]] | None
                  ) -> BuildResult | None:
    """The campaign-sized rebuild (:mod:`compiler.pipeline.incremental`): for each game in
    ``plans`` (its cache, its ``campaigns`` record, the campaigns changed), validate the
    game folder with the changed campaigns, draw their decks and carry the rest; the
    games in ``unchanged`` stand as they are. None when it cannot stand."""
    result = BuildResult()
    jobs: list[DeckJob | ExtraJob | incremental.CarriedDeck] = []
    caches: dict[str, dict[str, Any]] = {}
    records: dict[str, dict[str, Any] | None] = {}
    for game, (cache, entry, changed) in sorted(plans.items()):
        folders = inputs[game].folders
        loaded = load([folders[name] for name in changed], options.templates, extras=False)
        library, checked = loaded.layouts.get(game), loaded.validation
        if checked.diagnostics or game not in checked.models or len(checked.models) != 1:
            return None
        content = checked.contents[game]
        subset = checked.content_roots[game]
        names = [campaign_name(subset[0], folder) for folder in subset[1:]]
        facts = incremental.campaign_facts(game, zip(names, content.campaigns, strict=True))
        if facts is None or sorted(names) != sorted(changed) or \
                not incremental.facts_stand(entry["facts"], facts):
            return None
        folder_of = incremental.content_roots(subset[0], subset[1:])

        def from_campaign(face: CardFace, roots: dict[str, Path] = folder_of) -> bool:
            return incremental.root_of(face.source.file, roots) != incremental.BASE

        planned = _plan_game(game, checked.models[game], checked, options, result,
                             library, from_campaign)   # the game folder's decks are kept
        if result.diagnostics:
            return None
        roots = incremental.deck_roots(planned, folder_of)
        drawn = [j for j in planned if roots[j.deck] in changed]
        if any(roots[j.deck] not in (*changed, incremental.BASE) for j in planned):
            return None
        kept = incremental.carried(game, cache, entry["decks"], changed,
                                   options.out_dir / game)
        if kept is None or {j.deck for j in drawn} & {k.deck for k in kept}:
            return None
        jobs += [*drawn, *kept]
        caches[game] = cache
        decks = {d: r for d, r in entry["decks"].items() if r not in changed}
        decks.update({j.deck: roots[j.deck] for j in drawn})
        records[game] = incremental.record(inputs[game], {**entry["facts"], **facts}, decks)
        result.campaigns_drawn[game] = sorted(changed)
    rendered = _work(jobs, caches, options, result, progress)    # type: ignore[arg-type]
    if result.diagnostics:
        return None
    clean = {game: inputs[game].key for game in plans}
    _write(jobs, rendered, caches, options, result,                 # type: ignore[arg-type]
           {game: "" for game in plans}, clean, records)
    for game, (files, cards, reused) in unchanged.items():
        result.files[game] = [{k: f[k] for k in ("path", "kind", "pages", "cards", "sha256")}
                              for f in files]
        result.cards += cards
        result.reused += reused
    return result


def _record_inputs(folder: Path, cache: dict[str, Any], key: str) -> None:
    """Note in an unchanged game's cache that ``key``'s inputs build clean to it (a
    cache that cannot be written safely is left as it is: it only costs speed)."""
    if not cache or cache.get("inputs_key") == key:
        return
    data = json.dumps(cache | {"inputs_key": key}, separators=(",", ":"),
                      sort_keys=True).encode()     # compact: the C encoder writes it
    with output_folder.locked(folder.parent), suppress(OutputRefused):
        write_files(folder, {CACHE_FILE: data}, create=False)


def _refused_outputs(games: list[str], out_dir: Path) -> list[Diagnostic]:
    """B620/B621 for each output folder samizdat must not replace (checked again, under
    the lock, just before replacing), after recovering any a killed build left."""
    found = []
    try:
        output_folder.check_root(out_dir)
        folders = [out_dir / game for game in games]
        if out_dir.is_dir():      # first put back what a killed build left aside
            with output_folder.locked(out_dir):
                for game in games:
                    output_folder.recover(out_dir, game)
    except FolderRefused as refused:
        return [error(refused.code, refused.message, Location(str(out_dir)),
                      hint=refused.hint or None)]
    except OSError as exc:
        return [error("B622", f"cannot use {out_dir}: {exc.strerror or exc}",
                      Location(str(out_dir)))]
    for game, folder in zip(games, folders, strict=True):
        try:
            output_folder.check_owned(folder, game)
        except FolderRefused as refused:
            found.append(error(refused.code, refused.message, Location(str(folder)),
                               hint=refused.hint or None))
    return found


def _game_key(game: str, checked: ValidationResult, options: BuildOptions) -> str:
    """Everything a game's output is made from: content, templates, art, options, version.

    Files are named relative to their root (content, templates), never by where they
    lie, so the same content built from another folder reuses the same output."""
    digest = hashlib.sha256(repr((__version__, OUTPUT_FORMAT, game, options.drawing_key,
                                  options.templates is not None,
                                  options.extras)).encode())
    roots = [r.resolve() for r in checked.content_roots.get(game, [])]
    for name, text in sorted(checked.sources.items(), key=lambda kv: _relative(kv[0], roots)):
        path = Path(name).resolve()
        if any(path.is_relative_to(r) for r in roots):
            digest.update(_name_bytes(_relative(name, roots)) + b"\0" + text.encode())
    for root in roots:          # translation catalogues (compiler.i18n.catalogue)
        for po in sorted(root.glob("lang/*.po")) if options.langs else []:
            digest.update(_name_bytes(_relative(str(po), roots)) + b"\0" + _file_digest(po))
    folders = [templates_root(game) / game, templates_root() / "common"]
    if options.templates is not None:
        folders += [options.templates / game, options.templates / "common"]
    for number, folder in enumerate(folders):
        found = [*folder.rglob("*.yaml"), *folder.rglob("*.svg")] if folder.is_dir() else []
        for path in sorted(found):
            digest.update(_name_bytes(f"{number}:{path.relative_to(folder).as_posix()}")
                          + b"\0" + _file_digest(path))
    for item in checked.items_by_location.values():
        art = item.get("art")
        if isinstance(art, str) and not Path(art).is_absolute():
            try:
                candidate = art_path(Path(item.doc.file).resolve().parent, art)
            except ArtProblem:   # no file can have this name: the plan reports it
                digest.update(art.encode() + b"\0unreachable")
                continue
            inside = any(candidate.is_relative_to(r) for r in roots)
            digest.update(art.encode() + b"\0" + (_file_digest(candidate) if inside
                                                  else b"outside"))
    return digest.hexdigest()


def _name_bytes(name: str) -> bytes:
    """A file name as bytes for a key; names that are not UTF-8 on disk (Python holds
    their bytes as surrogates) keep those bytes instead of failing to encode."""
    return name.encode("utf-8", "surrogateescape")


def _relative(name: str, roots: list[Path]) -> str:
    """``name`` relative to the content root holding it (numbered), else as given."""
    path = Path(name).resolve()
    for number, root in enumerate(roots):
        if path.is_relative_to(root):
            return f"{number}:{path.relative_to(root).as_posix()}"
    return name


def _file_digest(path: Path) -> bytes:
    """The SHA-256 of a regular file, or a tag saying it cannot be read (never blocks on
    a FIFO or device, never reads a file beyond the art limit)."""
    try:
        data = read_file(path, FILE_LIMIT)
    except UnreadableFile:
        return b"unreadable"
    return hashlib.sha256(data).digest()


def _unchanged(game: str, key: str, cache: dict[str, Any], options: BuildOptions,
               result: BuildResult) -> bool:
    """True (and the game's files recorded) when its last output was built from ``key``."""
    folder = options.out_dir / game
    if cache.get("game_key") != key:
        return False
    try:
        manifest = json.loads(output_folder.read_regular(folder / MANIFEST))
        files = manifest["files"]
        if not all(safe_relative(f["path"]) and isinstance(f.get("cards", 0), int)
                   for f in files):
            return False
    except (OSError, ValueError, TypeError, KeyError):
        return False
    recorded = [f for k, v in cache.items() if k not in KEYS for f in v["files"]]
    if sorted(f["path"] for f in recorded) != sorted(f["path"] for f in files):
        return False
    if not all(intact(folder, f) for f in recorded):
        return False
    result.files[game] = files
    result.reused += sum(1 for k in cache if k not in KEYS)
    result.cards += sum(int(f.get("cards", 0)) for f in files if f.get("kind") == "cards")
    return True


# -- step 2: plans (layouts, sizes, art) and cache keys --------------------------------


def _plan_game(game: str, model: Any, checked: ValidationResult, options: BuildOptions,
               result: BuildResult, library: LayoutLibrary | None = None,
               only: Callable[[CardFace], bool] | None = None, lang: str = "") -> list[DeckJob]:
    """The decks to draw (``only``: of the faces it keeps), with the card layouts the
    front end loaded (``library``; else they are loaded here); with ``lang`` in that
    language (:mod:`compiler.i18n`). Only what planning adds to the library's
    diagnostics is reported here: the front end reported the rest."""
    faces = builder(game)(model)
    if only is not None:
        faces = [face for face in faces if only(face)]
    language = None
    if lang:
        localized = _in_language(game, model, checked, options, faces, lang, result)
        if localized is None:
            return []
        language, faces = localized
        if language.layouts is not None:
            library = LayoutLibrary(game, overrides=options.templates,
                                    language=language.layouts)
    library = library or LayoutLibrary(game, overrides=options.templates)
    already = len(library.diagnostics)
    local: dict[str, Layout] = {}
    manifest = checked.manifests.get(game)
    sizes: dict[str, str] = dict(manifest.get("card_sizes", {})) if manifest else {}
    roots = [r.resolve() for r in checked.content_roots.get(game, [])]
    decks: dict[str, list[CardPlan]] = {}
    size_problem: set[str] = set()
    placed: set[tuple[str, tuple[float, float]]] = set()   # layouts checked at a size
    for face in faces:
        size_name = sizes.get(face.card_type, sizes.get("default", "poker"))
        size = card_size(size_name)
        if size is None:
            if face.card_type not in size_problem and manifest is not None:
                entry = face.card_type if face.card_type in sizes else "default"
                known = ", ".join(CARD_SIZES)
                close = difflib.get_close_matches(size_name, list(CARD_SIZES), n=1)
                result.diagnostics.append(error(
                    "B607", f"unknown card size {quoted(size_name)} for {face.card_type}",
                    manifest.loc("card_sizes", entry),
                    hint=f"did you mean {close[0]!r}?" if close else f"known sizes: {known}"))
            size_problem.add(face.card_type)
            continue
        front = library.get(f"{face.card_type}-front", face.source)
        back = library.get(f"{face.card_type}-back", face.source)
        if front is None or back is None:
            continue
        if language is not None and language.code != DEFAULT_LANGUAGE:
            front, back = (_localized(layout, language, size[0], options, local, result)
                           for layout in (front, back))
        for layout in (front, back):
            if (layout.name, size) not in placed:
                placed.add((layout.name, size))
                result.diagnostics += regions_outside(layout, size, "card",
                                                      vendors.largest_bleed())
        item = checked.items_by_location.get(face.source)
        art, missing = _art(face, item, roots, size, result)
        if (art is not None or missing) and not any(r.kind == "art" for r in front.regions):
            where = face.art_location or (item.loc("art") if item is not None
                                          else face.source)
            result.diagnostics.append(warning(
                "B625", f"{face.deck}/{face.card_id}: its art is not printed: layout "
                f"{front.name!r} has no art region", where,
                hint="add a region of kind art to the layout, or leave the art out"))
        decks.setdefault(face.deck, []).append(CardPlan(face, front, back, size, art, missing))
    result.diagnostics += library.diagnostics[already:]
    jobs = []
    for deck, plans in sorted(decks.items()):
        width, height = plans[0].size
        where = manifest.loc("card_sizes") if manifest else Location(game)
        if options.print_ready:
            result.diagnostics += _vendor_size(options.print_ready, deck, plans[0].size,
                                               where)
        try:
            sheet = (imposition.grid if options.mode == "duplex" else imposition.gutterfold)(
                options.paper, width, height)
        except ImpositionError as exc:
            result.diagnostics.append(error("B609", f"deck {deck}: {exc}", where))
            continue
        if options.cut_marks:
            try:
                sheet = cut_marks.silhouette_sheet(options.paper, width, height) \
                    if options.cut_marks == "silhouette" else sheet
                if options.cut_marks == "cricut":
                    cut_marks.cricut_sheet(width, height)
            except ImpositionError as exc:
                result.diagnostics.append(error(
                    "B630", f"deck {deck}: {exc}", where,
                    hint="build this deck without --cut-marks, or on larger paper"
                    if options.cut_marks == "silhouette" else
                    "build this deck without --cut-marks cricut"))
                continue
        if options.mode == "duplex":
            problem = imposition.back_offset_problem(sheet, options.back_offset)
            if problem:
                result.diagnostics.append(error("B609", f"deck {deck} on {options.paper}: "
                                                f"{problem}; use a smaller --back-offset",
                                                where))
                continue
        jobs.append(DeckJob(game, deck, tuple(plans), options,
                            _deck_key(game, deck, plans, options, lang), lang))
    return jobs


def _language_extras(game: str, model: Any, decks: list[DeckJob], loaded: Loaded,
                     options: BuildOptions, lang: str) -> ExtraJob:
    """The mats, rules reference and aid of ``game`` in ``lang`` (its decks planned)."""
    language = languages.language(game, lang)
    faces = [plan.face for job in decks for plan in job.plans]
    mats = loaded.mats[game]
    if language.folder is not None and (language.folder / "mats").is_dir():
        mats = LayoutLibrary(game, overrides=options.templates, kind="mats",
                             language=language.folder / "mats")
    return extra_job(game, model, faces, options.paper, [j.key for j in decks], mats,
                     loaded.rules.get(game), options.templates, language,
                     options.allow_fallback)


def _in_language(game: str, model: Any, checked: ValidationResult, options: BuildOptions,
                 faces: list[CardFace], lang: str, result: BuildResult
                 ) -> tuple[Language, list[CardFace]] | None:
    """``faces`` in ``lang`` (with T101/T102 findings), or None when the game has no
    such language (T103, said)."""
    try:
        language = languages.language(game, lang)
        if lang == DEFAULT_LANGUAGE:
            return language, faces
        roots = [Path(r) for r in checked.content_roots.get(game, [])]
        found = catalogue.read(roots, lang)
        worded = builder(game, lang)(model)
        if options.instructions or options.extras:      # the print page, a board's map
            result.diagnostics += print_words.words(
                language, allow_fallback=options.allow_fallback)[1]
    except languages.LanguageProblem as problem:
        result.diagnostics.append(problem.diagnostic)
        return None

    def field_location(face: CardFace, key: str) -> Location:
        item = checked.items_by_location.get(face.source)
        if item is not None and isinstance(item.get(key), str):
            return item.loc(key)
        return face.source

    keep = {(f.deck, f.card_id) for f in faces}
    worded = [f for f in worded if (f.deck, f.card_id) in keep]
    translated, said = translate.translate_faces(
        faces, worded, language, found, allow_fallback=options.allow_fallback,
        field_location=field_location)
    result.diagnostics += said
    return language, translated


def _localized(layout: Layout, language: Language, width: float, options: BuildOptions,
               done: dict[str, Layout], result: BuildResult) -> Layout:
    """``layout`` for ``language`` (once per layout and language in a plan)."""
    key = f"{layout.name}@{width:g}"
    if key not in done:
        done[key], said = localized_layouts.localized(
            layout, language, width, allow_fallback=options.allow_fallback)
        result.diagnostics += said
    return done[key]


def _vendor_size(name: str, deck: str, size: tuple[float, float], where: Location
                 ) -> list[Diagnostic]:
    """B636 when the vendor has no product of the deck's card size (Ruling R63)."""
    vendor = vendors.vendor(name)
    named = next((n for n, s in CARD_SIZES.items() if s == size), None)
    if named in vendor.sizes:
        return []
    return [warning("B636", f"deck {deck}: {vendor.title} prints no "
                    f"{named or 'custom'} cards ({size[0]:g} x {size[1]:g} mm); its faces "
                    "are written at that size, which the vendor's upload may refuse",
                    where, hint="print this deck at home or with --print-ready offset "
                    "or generic (Ruling R63)")]


def _art(face: CardFace, item: Item | None, roots: list[Path], size: tuple[float, float],
         result: BuildResult) -> tuple[Art | None, bool]:
    """The art of a card, checked (confined, present, a sane image, 300 dpi) and prepared
    once per build for every card that shows it."""
    written = face.art or (item.get("art") if item is not None else None)
    if not written:
        return None, False
    where = face.art_location or (item.loc("art") if item is not None else face.source)
    source_dir = Path(face.source.file).resolve().parent
    root = next((r for r in roots if source_dir.is_relative_to(r)), source_dir)
    try:
        candidate = art_path(source_dir, written)
    except ArtProblem as problem:
        result.diagnostics.append(warning("B603", f"{problem.message}; a placeholder is "
                                          "printed", where))
        return None, True
    if Path(written).is_absolute() or not candidate.is_relative_to(root):
        result.diagnostics.append(error("B602", f"art path {written!r} leaves the content "
                                        f"folder {root.name}/", where))
        return None, False
    if not os.path.lexists(candidate):
        result.diagnostics.append(warning("B603", f"art file {written!r} does not exist; a "
                                          "placeholder is printed", where))
        return None, True
    try:
        art = prepare_art(candidate, written, size)
    except ArtProblem as problem:
        if problem.code == "B603":
            result.diagnostics.append(warning("B603", f"{problem.message}; a placeholder is "
                                              "printed", where))
            return None, True
        result.diagnostics.append(error(problem.code, problem.message, where))
        return None, False
    if art.dpi < ART_DPI - 0.5:
        result.diagnostics.append(warning(
            "B604", f"art {written!r} is {art.dpi:.0f} dpi at print size (under {ART_DPI}); "
            f"it needs at least {round(size[0] / 25.4 * ART_DPI)} px across", where))
    if art.colour_note:
        result.diagnostics.append(warning("B634", art.colour_note, where))
    return art, False


def _deck_key(game: str, deck: str, plans: list[CardPlan], options: BuildOptions,
              lang: str = "") -> str:
    digest = hashlib.sha256()
    digest.update(repr((__version__, OUTPUT_FORMAT, game, deck, lang,
                        options.drawing_key)).encode())
    digest.update(icons.library(game, options.templates).digest().encode())
    if lang and lang != DEFAULT_LANGUAGE:       # the print instructions' words
        language = languages.language(game, lang)       # and its name of the game
        words = print_words.words(language, allow_fallback=True)[0]
        digest.update(repr((sorted(words.entries.items()),
                            sorted(language.glossary.items()))).encode())
    for plan in plans:
        face = plan.face
        digest.update(repr((face.card_id, face.copies, plan.front.digest, plan.back.digest,
                            plan.size, sorted(face.front.items()), sorted(face.back.items()),
                            sorted(face.tags.items()), plan.art_missing)).encode())
        if plan.art is not None:
            digest.update(plan.art.digest.encode())
    return digest.hexdigest()


# -- step 3: fitting and drawing, per deck (in worker processes with --jobs) -----------


def prepare_deck(job: DeckJob) -> tuple[list[sheets.PrintCard], list[Diagnostic]]:
    """Fit every card of the deck to its layouts (with the game's icons)."""
    icons.use(job.game, job.options.templates)
    cards: list[sheets.PrintCard] = []
    diagnostics: list[Diagnostic] = []
    for plan in job.plans:
        face = plan.face
        label = f"{face.deck}/{face.card_id}" + (f" [{job.lang}]" if job.lang else "")
        front = prepare(plan.front, *plan.size, face.front, face.tags, face.source, label,
                        "front", plan.art, plan.art_missing)
        back = prepare(plan.back, *plan.size, face.back, face.tags, face.source, label, "back")
        diagnostics += front.diagnostics + back.diagnostics
        cards.append(sheets.PrintCard(face.card_id, front, back, face.copies))
    if job.options.preflight:
        diagnostics += preflight.check(
            ((side, plan.face.source) for plan, card in zip(job.plans, cards, strict=True)
             for side in (card.front, card.back)), preflight_options(job.options))
    return cards, diagnostics


def preflight_findings(loaded: Loaded, options: BuildOptions) -> list[Diagnostic]:
    """What a build would say about the cards of ``loaded``, without drawing or writing
    anything (``samizdat lint --preflight`` / ``--lang``): the planning findings (art,
    sizes; with ``options.langs`` each language's translation findings, T101-T106) and,
    with ``options.preflight``, the fitting findings (overflow, glyphs) and the
    preflight checks, in every language asked for."""
    checked = loaded.validation
    result = BuildResult()
    found: list[Diagnostic] = []
    for game, model in sorted(checked.models.items()):
        for lang in options.langs or ("",):
            for job in _plan_game(game, model, checked, options, result,
                                  loaded.layouts.get(game), lang=lang):
                if options.preflight:
                    found += prepare_deck(job)[1]
    return result.diagnostics + preflight.merged(found)


def prepared_decks(loaded: Loaded, options: BuildOptions
                   ) -> tuple[dict[str, list[tuple[DeckJob, list[sheets.PrintCard]]]],
                              list[Diagnostic]]:
    """Every deck of ``loaded``, planned and fitted as a build draws it (for exports
    that render the same cards), per game; and what planning and fitting found."""
    checked = loaded.validation
    result = BuildResult()
    found: list[Diagnostic] = []
    decks: dict[str, list[tuple[DeckJob, list[sheets.PrintCard]]]] = {}
    for game, model in sorted(checked.models.items()):
        for job in _plan_game(game, model, checked, options, result,
                              loaded.layouts.get(game)):
            cards, said = prepare_deck(job)
            found += said
            decks.setdefault(game, []).append((job, cards))
    return decks, result.diagnostics + found


def preflight_options(options: BuildOptions) -> preflight.Options:
    """What ``--preflight`` holds the cards to: the vendor's safe zone and bleed (and
    for a CMYK vendor its profile and ink limit) with ``--print-ready``, else the
    layouts' safe guides and no bleed."""
    if options.print_ready:
        vendor = vendors.vendor(options.print_ready)
        cmyk = options.cmyk_profile if vendor.colour == "cmyk" else None
        return preflight.Options(options.min_text, vendor.safe_mm, vendor.bleed_mm, cmyk,
                                 vendor.ink_limit or 0, vendor.title)
    return preflight.Options(options.min_text)


def work_deck(job: DeckJob, png_jobs: int = 1) -> tuple[list[Diagnostic], Rendered | None]:
    """Prepare and render one deck; no files when fitting found errors (unless --force).
    ``png_jobs``: the processes its PNG images are rendered with."""
    cards, diagnostics = prepare_deck(job)
    if has_errors(diagnostics) and not job.options.force:
        return diagnostics, None
    return diagnostics, render_deck(job, cards, png_jobs)


def render_deck(job: DeckJob, cards: list[sheets.PrintCard], png_jobs: int = 1) -> Rendered:
    """The files of one deck: relative path -> (bytes, kind, pages, cards). Its PNG
    images are rendered by ``png_jobs`` processes (:func:`sheets.png_pages`): 1 in a
    worker of the deck pool, which keeps the other cores busy with other decks; the
    build's ``--jobs`` when the deck is drawn in the main process."""
    icons.use(job.game, job.options.templates)
    options = job.options
    title = f"{job.game} — {job.deck}" + (f" ({job.lang})" if job.lang else "")
    files: Rendered = {}
    pdf, pages, count = sheets.home_sheets(cards, options.paper, options.mode, title,
                                           back_offset=options.back_offset,
                                           proof=options.proof, machine=options.cut_marks,
                                           stamp=_stamp(job, cards))
    files[f"{job.deck}.pdf"] = (pdf, "cards", pages, count)
    if options.cut_marks:
        files.update(_cut_files(job, cards, title))
    copies = sum(card.copies for card in cards)
    if options.print_ready:
        vendor = vendors.vendor(options.print_ready)
        data, pages = sheets.print_ready(cards, vendor, title, proof=options.proof)
        folder = f"print-ready/{options.print_ready}"
        if vendor.colour == "cmyk":     # flattened, converted, ink-limited PDF/X
            assert options.cmyk_profile is not None and vendor.ink_limit is not None
            files[f"{folder}/{job.deck}.pdf"] = (
                pdfx.convert(data, options.cmyk_profile, vendor.dpi, vendor.ink_limit, title),
                "print-ready", pages, len(cards))
        else:
            files[f"{folder}/{job.deck}.pdf"] = (data, "print-ready", pages, len(cards))
        names: list[tuple[str, str]] = []
        if vendor.images:     # one image a face, with bleed
            names = _images(files, f"{folder}/{job.deck}", job, cards,
                            sheets.png_pages(data, vendor.dpi, jobs=png_jobs),
                            "print-ready-png", vendor.image_name)
        files[f"{folder}/{job.deck}-quantities.csv"] = (
            quantities.print_ready_sheet(cards, names), "quantities", 0, copies)
    if options.png:
        names = _images(files, f"png/{job.deck}", job, cards,
                        sheets.png_pages(sheets.card_pages(cards), jobs=png_jobs),
                        "png")
        files[f"png/{job.deck}/{job.deck}-quantities.csv"] = (
            quantities.png_sheet(cards, names), "quantities", 0, copies)
    if job.lang:        # each language in a folder of its own
        return {f"{job.lang}/{path}": value for path, value in files.items()}
    return files


def _stamp(job: DeckJob, cards: list[sheets.PrintCard]) -> instructions.Stamp | None:
    """What the deck's instructions page names it by (None: no such page)."""
    if not job.options.instructions:
        return None
    from rules_engine.games import plugin

    found = plugin(job.game)
    digest = instructions.content_digest(
        [(c.card_id, c.copies, c.front.key, c.back.key) for c in cards])
    deck = f"{job.deck} ({job.lang})" if job.lang else job.deck
    game = found.title if found is not None and found.title else job.game
    words = print_words.english()
    if job.lang and job.lang != DEFAULT_LANGUAGE:
        language = languages.language(job.game, job.lang)
        game = language.glossary.get(game, game)
        words = print_words.words(language, allow_fallback=True)[0]    # said when planned
    return instructions.Stamp(game, deck, __version__, digest, job.options.stamp_date, words)


def _cut_files(job: DeckJob, cards: list[sheets.PrintCard], title: str) -> Rendered:
    """The cutting machine's files of a deck (``cut/``): with silhouette one SVG per
    distinct fronts-page layout, in the home sheets' page coordinates; with cricut the
    fronts as Print Then Cut images (PNG, 300 dpi, transparent around the cards), the
    backs likewise (each back in the place of its front), and one SVG per distinct
    image layout at the images' size."""
    options = job.options
    first = cards[0].front
    files: Rendered = {}
    marks: tuple[cut_marks.Mark, ...] = ()
    digits = 1
    if options.cut_marks == "cricut":
        pdf, sheet = sheets.cricut_images(cards, title)
        counts = sheets.page_counts(cards, sheet.per_page)
        images = sheets.png_pages(pdf, transparent=True)
        digits = len(str(len(images)))      # -01 ... -12: listed in order
        for number, (data, count) in enumerate(zip(images, counts, strict=True), start=1):
            files[f"cut/{job.deck}-cricut-{number:0{digits}d}.png"] = (data, "cut-image", 1,
                                                                      count)
        backs = sheets.png_pages(sheets.cricut_images(cards, title, backs=True)[0],
                                 transparent=True)
        for number, (data, count) in enumerate(zip(backs, counts, strict=True), start=1):
            files[f"cut/{job.deck}-cricut-backs-{number:0{digits}d}.png"] = (
                data, "cut-image", 1, count)
        stem, unit = f"{job.deck}-cricut-cut", "image"
    else:
        sheet = sheets.home_sheet(options.paper, options.mode, first.width_mm,
                                  first.height_mm, options.cut_marks)
        counts = sheets.page_counts(cards, sheet.per_page)
        stem, unit = f"{job.deck}-cut", "sheet"
        marks = cut_marks.silhouette_marks(sheet.page_width, sheet.page_height)
    runs = cut_svg.layouts(counts)
    before = 2 if options.instructions else 0     # the instructions page and its back
    for run in runs:
        first_page, last_page, count = run
        numbers = range(first_page, last_page + 1)
        many = "s" if len(numbers) > 1 else ""
        span = f"{first_page}" if not many else f"{first_page}-{last_page}"
        if unit == "image":
            pngs = ", ".join(f"{job.deck}-cricut-{n:0{digits}d}.png" for n in numbers)
            said = f"Cricut image{many} {span} ({pngs})"
        else:
            said = (f"the fronts of sheet{many} {span} (PDF page{many} "
                    f"{', '.join(str(2 * n - 1 + before) for n in numbers)})")
        svg = cut_svg.page_svg(sheet.page_width, sheet.page_height, sheet.slots[:count],
                               marks=marks, title=f"{job.game} {job.deck}: cut lines for "
                               f"{said}")
        files[f"cut/{cut_svg.file_name(stem, run, len(runs) == 1, unit)}"] = (
            svg, "cut", len(numbers), count * len(numbers))
    return files


def _images(files: Rendered, folder: str, job: DeckJob, cards: list[sheets.PrintCard],
            images: list[bytes], kind: str,
            pattern: str = vendors.IMAGE_NAME) -> list[tuple[str, str]]:
    """Add each card's front and back image (``images``: front, back, front... in the
    cards' order) to ``files`` under ``folder``; their file names, per card."""
    names = []
    for index, card in enumerate(cards):
        pair = [pattern.format(game=job.game, deck=job.deck, card=card.card_id, side=side)
                for side in ("front", "back")]
        for offset, name in enumerate(pair):
            files[f"{folder}/{name}"] = (images[2 * index + offset], kind, 1, 1)
        names.append((pair[0], pair[1]))
    return names


def _work(jobs: list[DeckJob | ExtraJob], caches: dict[str, dict[str, Any]],
          options: BuildOptions, result: BuildResult,
          progress: Callable[[Iterable[Any]], Iterable[Any]] | None
          ) -> dict[tuple[str, str], Rendered]:
    todo = [j for j in jobs if not _reusable(j, caches[j.game], options.out_dir / j.game)]
    rendered: dict[tuple[str, str], Rendered] = {}
    shown = progress(todo) if progress else todo
    decks = [j for j in todo if isinstance(j, DeckJob)]
    if options.jobs > 1 and len(decks) > 1:
        heaviest_first = sorted(decks, key=lambda j: -len(j.plans))
        with ProcessPoolExecutor(max_workers=options.jobs) as pool:
            outputs = dict(zip([(j.game, _slot(j)) for j in heaviest_first],
                               pool.map(work_deck, heaviest_first), strict=True))
    else:
        outputs = {}
    for job in shown:
        if isinstance(job, ExtraJob):
            found, made = job.make()
            result.diagnostics += found
            if found:
                result.dirty.add((job.game, _slot(job)))
            rendered[(job.game, _slot(job))] = made
            continue
        found, files = outputs.get((job.game, _slot(job))) or work_deck(job, options.jobs)
        result.diagnostics += found
        if found:
            result.dirty.add((job.game, _slot(job)))
        if files is not None:
            rendered[(job.game, _slot(job))] = files
    return rendered


def _write(jobs: list[DeckJob | ExtraJob], rendered: dict[tuple[str, str], Rendered],
           caches: dict[str, dict[str, Any]], options: BuildOptions, result: BuildResult,
           game_keys: dict[str, str], inputs: dict[str, str],
           records: dict[str, dict[str, Any] | None] | None = None) -> None:
    by_game: dict[str, list[DeckJob | ExtraJob]] = {}
    for job in jobs:
        by_game.setdefault(job.game, []).append(job)
    for game, game_jobs in sorted(by_game.items()):
        cache = caches[game]
        try:
            _write_game(game, game_jobs, rendered, cache, options, result,
                        (game_keys[game], inputs.get(game), (records or {}).get(game)))
        except FolderRefused as refused:
            result.diagnostics.append(error(refused.code, refused.message,
                                            Location(str(options.out_dir / game)),
                                            hint=refused.hint or None))
            return
        except OSError as exc:
            result.diagnostics.append(error(
                "B622", f"cannot write {options.out_dir / game}: {exc.strerror or exc}",
                Location(str(options.out_dir)), hint="check --out: it must be a folder you "
                "can write, on a disk with room"))
            return
    result.written = True


def _slot(job: DeckJob | ExtraJob) -> str:
    """What names a job's output in the cache and the build: its deck, and with
    ``--lang`` the language before it (``fr/common``)."""
    lang = getattr(job, "lang", "")
    return f"{lang}/{job.deck}" if lang else job.deck


def _reusable(job: DeckJob | ExtraJob, cache: dict[str, Any], folder: Path) -> bool:
    entry = cache.get(_slot(job))
    if not isinstance(entry, dict) or entry.get("key") != job.key:
        return False
    return all(intact(folder, file) for file in entry["files"])


def _write_game(game: str, jobs: list[DeckJob | ExtraJob],
                rendered: dict[tuple[str, str], Rendered], cache: dict[str, Any],
                options: BuildOptions, result: BuildResult,
                keys: tuple[str, str | None, dict[str, Any] | None]) -> None:
    with output_folder.locked(options.out_dir):
        output_folder.recover(options.out_dir, game)
        _write_locked(game, jobs, rendered, cache, options, result, keys)


def _write_locked(game: str, jobs: list[DeckJob | ExtraJob],
                  rendered: dict[tuple[str, str], Rendered], cache: dict[str, Any],
                  options: BuildOptions, result: BuildResult,
                  keys: tuple[str, str | None, dict[str, Any] | None]) -> None:
    final = options.out_dir / game
    stage = output_folder.new_stage(options.out_dir, game)
    try:
        entries: list[dict[str, Any]] = []
        new_cache: dict[str, Any] = {}
        for job in jobs:
            out = rendered.get((game, _slot(job)))
            deck_files: list[dict[str, Any]] = []
            if out is None:   # reused from the previous build
                result.reused += 1
                for file in cache[_slot(job)]["files"]:
                    target = stage / file["path"]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    if not intact(final, file):
                        raise FolderRefused("B620", f"{final / file['path']} changed during "
                                            "the build")
                    link_or_copy(final / file["path"], target)
                    deck_files.append(file | {"mtime_ns": target.stat().st_mtime_ns})
            else:
                for rel, (data, kind, pages, count) in sorted(out.items()):
                    target = stage / rel
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
                    deck_files.append({"path": rel, "kind": kind, "pages": pages,
                                       "cards": count, "bytes": len(data),
                                       "mtime_ns": target.stat().st_mtime_ns,
                                       "sha256": hashlib.sha256(data).hexdigest()})
            entries += deck_files
            # a deck drawn with diagnostics is drawn again next time, so they are reported
            reusable = (game, _slot(job)) not in result.dirty
            new_cache[_slot(job)] = {"key": job.key if reusable else "", "files": deck_files}
            result.cards += job.cards
        entries.sort(key=lambda e: str(e["path"]))
        listed = [{k: e[k] for k in ("path", "kind", "pages", "cards", "sha256")}
                  for e in entries]
        manifest = {"game": game, "generator": f"samizdat {__version__}", "files": listed}
        game_key, inputs_key, campaigns = keys
        clean = not result.diagnostics and not options.force
        new_cache["game_key"] = game_key if clean else ""   # else planned again next time
        new_cache["inputs_key"] = inputs_key
        if clean and inputs_key is not None and campaigns is not None:
            new_cache["campaigns"] = campaigns
        manifest_bytes = (json.dumps(manifest, indent=2) + "\n").encode()
        (stage / output_folder.MARKER).write_text(
            output_folder.marker_text(game, manifest_bytes), encoding="utf-8")
        (stage / CACHE_FILE).write_text(json.dumps(new_cache, separators=(",", ":"),
                                                    sort_keys=True))
        (stage / MANIFEST).write_bytes(manifest_bytes)
        output_folder.replace(stage, options.out_dir, game)
        result.files[game] = listed
    finally:
        shutil.rmtree(stage, ignore_errors=True)


