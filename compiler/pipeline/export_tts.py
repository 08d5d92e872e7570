"""``samizdat export tts``: every game's decks, boards and tokens as Tabletop Simulator
saved objects, with their images, in ``<out>/<game>/tts/``.

The cards are planned and fitted exactly as ``build`` prints them
(:func:`compiler.pipeline.build.prepared_decks`) and rendered from the same card PDFs;
the boards and punch sheets from the same mat drawings. Per game it writes:

* ``<deck>-faces-N.png`` (card sheets, :mod:`compiler.export.tts`), ``<deck>-back.png``
  (one back for all) or ``<deck>-backs-N.png`` (a sheet of backs, when they differ),
  and ``<deck>.json``, a saved object holding the deck;
* ``<mat>.png`` and ``<mat>.json`` (a custom board) for each mat or board;
* ``<mat>-token-N.png`` and ``<mat>.json`` (a bag per kind of token, holding as many
  tokens as the sheet prints) for each punch sheet (a mat of round cells);
* ``<game>.json``: one bag holding all of it.

Image URLs are ``--base-url`` followed by the file's name (where the designer uploads
the folder), else the folder's own ``file://`` URL, which TTS on this machine loads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.export import tts, tts_images
from compiler.pdf import icons, sheets
from compiler.pdf import mats as mat_pdfs
from compiler.pipeline.build_types import BuildOptions
from compiler.text import markup
from rules_engine.core.diagnostics import Diagnostic
from rules_engine.core.printed import CardFace


@dataclass
class Exported:
    """What an export wrote (per game: file names) and found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: dict[str, dict[str, bytes]] = field(default_factory=dict)
    decks: int = 0
    cards: int = 0


def describe(face: CardFace) -> tuple[str, str]:
    """A card's TTS name (its title) and description (the rest of what it prints, one
    field a line, markup removed)."""
    fields = dict(face.front)
    title = markup.plain(fields.pop("title", "") or fields.pop("name", "") or face.card_id)
    lines = [markup.plain(value).replace("\n", " ").strip() for key, value in fields.items()
             if value and key not in ("art",)]
    return title, "\n".join(line for line in lines if line)


def _deck(deck: str, cards: list[sheets.PrintCard], faces: dict[str, CardFace],
          url: str, first_sheet: int) -> tuple[dict[str, bytes], dict[str, Any], int]:
    """One deck's images and saved object; its sheets numbered from ``first_sheet``.
    Returns (files, object, sheets used)."""
    width, height = cards[0].front.width_mm, cards[0].front.height_mm
    files: dict[str, bytes] = {}
    pdf = sheets.card_pages(cards)
    backs_differ = len({card.back.key for card in cards}) > 1
    placed: list[tts.Sheet] = []
    back_name = f"{deck}-back.png"
    for number, designs in enumerate(tts.sheets_of(len(cards)), start=1):
        grid = tts.grid(len(designs), width, height)
        dpi = round(grid.card_width / width * 25.4)
        wanted = [page for i in designs for page in (2 * i, 2 * i + 1)]
        pages = tts_images.render_pages(pdf, grid.card_width, grid.card_height, wanted)
        fronts, backs = pages[0::2], pages[1::2]
        face_name = f"{deck}-faces-{number}.png"
        named = {face_name: tts_images.sheet(fronts, grid, backs[0])}
        if backs_differ:
            back_name = f"{deck}-backs-{number}.png"
            named[back_name] = tts_images.sheet(backs, grid, backs[0])
        elif back_name not in files:
            named[back_name] = backs[0]
        files.update(zip(named, tts_images.encode(list(named.values()), dpi), strict=True))
        placed.append(tts.Sheet(first_sheet + number - 1, url + face_name, url + back_name,
                                grid, backs_differ))
    shown = [tts.Card(*describe(faces[card.card_id]), card.copies) for card in cards]
    return files, tts.deck_object(deck, shown, placed), len(placed)


def _mat(mat: mat_pdfs.PreparedMat, url: str) -> tuple[dict[str, bytes], dict[str, Any]]:
    """A mat as a custom board, or a punch sheet (a mat of round cells) as bags of
    tokens, one bag per kind with as many tokens as the sheet prints."""
    width, height = mat.side.width_mm, mat.side.height_mm
    image_bytes, image = tts_images.board(mat_pdfs.whole_mat_pdf(mat), width, height)
    punched = [region for region in mat.side.layout.regions
               if region.kind == "cells" and region.shape == "circle" and
               mat.cells.get(region.name)]
    if not punched:
        name = f"{mat.name}.png"
        return {name: image_bytes}, tts.board_object(mat.title, url + name)
    files: dict[str, bytes] = {}
    kinds: dict[Any, tuple[str, list[dict[str, Any]]]] = {}
    for region in punched:
        cells = mat.cells[region.name]
        for cell, box in zip(cells, mat_pdfs.cell_boxes(region, len(cells)), strict=True):
            kind = (cell.label, cell.sub, cell.fill, cell.icon, cell.mark)
            if kind not in kinds:
                name = f"{mat.name}-token-{len(kinds) + 1}.png"
                files[name] = tts_images.token(image, box, width, circle=True)
                label = markup.plain(cell.label) or cell.icon or f"token {len(kinds) + 1}"
                kinds[kind] = (label, [])
                token = tts.token_object(label, url + name, markup.plain(cell.sub))
            else:
                token = kinds[kind][1][0]
            kinds[kind][1].append(token)
    bags = [tts.bag_object(f"{label} (x{len(tokens)})", tokens)
            for label, tokens in kinds.values()]
    return files, tts.bag_object(mat.title, bags)


@dataclass(frozen=True)
class _DeckTask:
    """One deck (of one card size) to export: drawn in a worker process."""

    game: str
    name: str
    cards: list[sheets.PrintCard]
    faces: dict[str, CardFace]
    url: str
    first_sheet: int
    templates: Path | None


_TASKS: list[_DeckTask] = []        # handed to forked workers by index, not pickled


def _run(index: int) -> tuple[dict[str, bytes], dict[str, Any], int]:
    task = _TASKS[index]
    icons.use(task.game, task.templates)
    return _deck(task.name, task.cards, task.faces, task.url, task.first_sheet)


def _run_all(tasks: list[_DeckTask], jobs: int
             ) -> list[tuple[dict[str, bytes], dict[str, Any], int]]:
    """Every task's images and saved object, in order: on ``jobs`` forked processes
    (each deck's pages rendered and encoded there), or here when ``jobs`` is 1 or
    ``fork`` is missing."""
    import multiprocessing

    _TASKS[:] = tasks
    try:
        if jobs <= 1 or len(tasks) <= 1 or \
                "fork" not in multiprocessing.get_all_start_methods() or \
                multiprocessing.current_process().daemon:
            return [_run(index) for index in range(len(tasks))]
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(_run, range(len(tasks))))
    finally:
        _TASKS.clear()


def _json(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def export(paths: list[Path], out_dir: Path, base_url: str | None,
           templates: Path | None = None, jobs: int = 1) -> Exported:
    """Export every game ``paths`` name, its decks drawn on ``jobs`` processes;
    nothing is written when the content has errors (the result says them). The files
    are the same whatever ``jobs``."""
    from compiler.frontend.load import load
    from compiler.pdf.mats import prepare_mats
    from compiler.pipeline.build import prepared_decks
    from rules_engine.core.diagnostics import has_errors

    result = Exported()
    loaded = load(paths, templates, extras=True)
    result.diagnostics += loaded.diagnostics
    if has_errors(loaded.diagnostics):
        return result
    options = BuildOptions(out_dir=out_dir, templates=templates, instructions=False)
    decks, found = prepared_decks(loaded, options)
    result.diagnostics += found
    if has_errors(found):
        return result
    for game, model in sorted(loaded.validation.models.items()):
        icons.use(game, templates)          # the game's icons, on its cards and mats
        folder = (out_dir / game / "tts").resolve()
        url = base_url if base_url is not None else folder.as_uri() + "/"
        files: dict[str, bytes] = {}
        everything: list[dict[str, Any]] = []
        number = 1
        tasks: list[_DeckTask] = []
        for job, cards in decks.get(game, []):
            faces = {plan.face.card_id: plan.face for plan in job.plans}
            by_size: dict[tuple[float, float], list[sheets.PrintCard]] = {}
            for card in cards:
                by_size.setdefault((card.front.width_mm, card.front.height_mm),
                                   []).append(card)
            for index, group in enumerate(by_size.values()):
                name = job.deck if index == 0 else f"{job.deck}-{index + 1}"
                tasks.append(_DeckTask(game, name, group, faces, url, number, templates))
                number += len(tts.sheets_of(len(group)))
        for task, (images, deck, _) in zip(tasks, _run_all(tasks, jobs), strict=True):
            files.update(images)
            files[f"{task.name}.json"] = _json(tts.saved_object([deck], task.name))
            everything.append(deck)
            result.decks += 1
            result.cards += sum(card.copies for card in task.cards)
        library = loaded.mats.get(game)
        if library is not None:
            prepared, said = prepare_mats(game, model, library)
            result.diagnostics += said
            for mat in prepared:
                images, board = _mat(mat, url)
                files.update(images)
                files[f"{mat.name}.json"] = _json(tts.saved_object([board], mat.title))
                everything.append(board)
        files[f"{game}.json"] = _json(tts.saved_object([tts.bag_object(game, everything)],
                                                       game))
        result.files[game] = files
    return result
