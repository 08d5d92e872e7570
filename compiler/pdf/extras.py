"""Everything a game prints besides its cards: mats and boards (manifest kind
``mats``), the rules reference as PDF and HTML (``rules``) and the player aid
(``aid``). One cached job per game, keyed by everything it is made from."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import __version__
from compiler.frontend.layouts import LayoutLibrary
from compiler.frontend.paths import templates_root
from compiler.frontend.rules_data import RULES_FILE, RulesData
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.i18n.extras import localized_rules
from compiler.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from compiler.i18n.languages import Language
from compiler.pdf import icons
from compiler.text.faces import CardFace
from rules_engine.core.diagnostics import Diagnostic, Location, error

Rendered = dict[str, tuple[bytes, str, int, int]]


@dataclass(frozen=True)
class ExtraJob:
    """Mats, rules reference and aid of one game (runs in the main process)."""

    game: str
    deck: str
    key: str
    make: Callable[[], tuple[list[Diagnostic], Rendered]] = field(compare=False)
    plans: tuple[Any, ...] = ()
    cards: int = 0
    lang: str = ""          # --lang: the language, whose files go to <game>/<lang>/


def _file_bytes(path: Path) -> bytes:
    """What a file adds to the job's key: its bytes, or why it cannot be read (the job
    then runs, and reading it there reports the problem)."""
    try:
        return read_file(path)
    except UnreadableFile as exc:
        return f"unreadable {exc.code}: {exc.reason}".encode()


def _files_digest(game: str, templates: Path | None = None) -> bytes:
    """What the job's key takes of the templates: the shipped mats and rules data, the
    game's icons, and (only when given) the ``--templates`` folder's mats and rules."""
    digest = hashlib.sha256()
    root, own = templates_root(), templates_root(game)
    for folder in (own / game / "mats", root / "common" / "mats"):
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            digest.update(path.name.encode() + _file_bytes(path))
    rules = own / game / RULES_FILE
    if os.path.lexists(rules):
        digest.update(_file_bytes(rules))
    digest.update(icons.library(game).digest().encode())
    if templates is not None:
        for folder in (templates / game / "mats", templates / "common" / "mats"):
            for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
                digest.update(b"override:" + path.name.encode() + _file_bytes(path))
        if os.path.lexists(templates / game / RULES_FILE):
            digest.update(b"override:" + _file_bytes(templates / game / RULES_FILE))
    return digest.digest()


def extra_job(game: str, model: Any, faces: list[CardFace], paper: str,
              deck_keys: list[str], mats: LayoutLibrary, rules: RulesData | None,
              templates: Path | None = None, language: Language | None = None,
              allow_fallback: bool = False) -> ExtraJob:
    """The job of ``game``'s mats (laid out by ``mats``), rules reference and aid
    (from ``rules``, None when it did not load): both as the front end loaded them
    (:func:`compiler.frontend.load.load`), which reported their problems; with
    ``language`` in that language (``faces`` already are), into ``<code>/``."""
    digest = hashlib.sha256()
    digest.update(repr((__version__, game, paper, sorted(deck_keys), allow_fallback)).encode())
    digest.update(_files_digest(game, templates))
    digest.update(repr(model).encode())
    if language is not None and language.folder is not None:
        digest.update(repr(language).encode())
        for path in sorted(language.folder.rglob("*.yaml")):
            digest.update(path.relative_to(language.folder).as_posix().encode()
                          + _file_bytes(path))

    def make() -> tuple[list[Diagnostic], Rendered]:
        found, files = build_extras(game, model, faces, paper, mats, rules, language,
                                    allow_fallback)
        if language is None:
            return found, files
        return found, {f"{language.code}/{path}": value for path, value in files.items()}

    return ExtraJob(game, "extras", digest.hexdigest(), make,
                    lang=language.code if language is not None else "")


def build_extras(game: str, model: Any, faces: list[CardFace], paper: str,
                 library: LayoutLibrary, rules: RulesData | None,
                 language: Language | None = None, allow_fallback: bool = False
                 ) -> tuple[list[Diagnostic], Rendered]:
    """The mats, the rules reference and the aid of ``game`` (in ``language``, see
    :mod:`compiler.i18n.extras`), and what drawing them found (not what loading
    ``library`` and ``rules`` found: the front end said it)."""
    from compiler.pdf.mats import mat_pdf, prepare_mats
    from compiler.pdf.reference import (
        aid_pdf,
        card_index_problems,
        prose_problems,
        reference_html,
        reference_pdf,
    )

    diags: list[Diagnostic] = []
    files: Rendered = {}
    icons.use(game)          # mats and the rules reference show the game's shipped icons
    already = len(library.diagnostics)
    foreign = language if language is not None and language.code != DEFAULT_LANGUAGE \
        else None
    mats, found = prepare_mats(game, model, library, foreign, allow_fallback)
    diags += found + library.diagnostics[already:]
    if foreign is not None:
        rules, said = localized_rules(game, model, rules, foreign,
                                      allow_fallback=allow_fallback)
        diags += said
    for mat in mats:
        pdf, pages, _ = mat_pdf(mat, paper)
        files[f"mats/{mat.name}.pdf"] = (pdf, "mats", pages, 0)
    if rules is not None:
        diags += card_index_problems(faces) + prose_problems(rules)
        pdf, pages = reference_pdf(rules, model, faces, paper)
        files[f"{game}-rules.pdf"] = (pdf, "rules", pages, 0)
        files[f"{game}-rules.html"] = (reference_html(rules, model, faces), "rules", 1, 0)
        aid, pages, overflow = aid_pdf(rules, model, paper)
        files[f"{game}-aid.pdf"] = (aid, "aid", pages, 0)
        for title in overflow:
            diags.append(error("B612", f"player aid panel {title!r} does not fit its half page",
                               Location(rules.file)))
    return diags, files
