"""Translations of a content folder's own words, as gettext PO catalogues.

Card titles, narratives, flavour lines and the labels a game's cards print come from
the content, not from phrase templates. Each content folder (a game's ``cards/<game>/``
or a campaign's folder) keeps their translations in ``lang/<code>.po``, one entry per
printed field: the context names the field (``<deck>/<card-id>:<side>.<field>``),
``msgid`` is what the default language prints there and ``msgstr`` the translation.
An entry whose ``msgid`` is no longer what the card prints (the source changed since
it was translated), or that a translator's tool marked ``fuzzy``, is *stale*.

PO is what translators' tools (Poedit, Weblate, Lokalize) open; the files are read and
written with Babel. ``samizdat i18n extract`` writes them (:mod:`compiler.i18n.extract`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from compiler.frontend.discover import display
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.frontend.yaml_loader import _HIDDEN
from rules_engine.core.diagnostics import Location, error

MAX_CATALOGUE_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Entry:
    """One translated field."""

    context: str
    source: str            # what the default language printed when it was translated
    text: str              # the translation ("" when not translated yet)
    fuzzy: bool
    where: Location        # its place in the PO file


@dataclass(frozen=True)
class Catalogue:
    """The entries of every catalogue of one language, by context (and, for entries
    without one, by source text)."""

    by_context: dict[str, Entry]
    by_source: dict[str, Entry]
    files: tuple[str, ...] = ()


def path(root: Path, code: str) -> Path:
    """Where the content folder ``root`` keeps its ``code`` translations."""
    return root / "lang" / f"{code}.po"


HIDDEN = _HIDDEN
"""What no text may hold (Y121), in a translation as in the content's YAML."""


def read(roots: Iterable[Path], code: str) -> Catalogue:
    """The ``code`` catalogues of the content folders ``roots`` (those that have one);
    LanguageProblem (T104) for one that cannot be read. A later folder's entry wins."""
    from babel.messages.pofile import PoFileError, read_po

    from compiler.i18n.languages import LanguageProblem

    by_context: dict[str, Entry] = {}
    by_source: dict[str, Entry] = {}
    files: list[str] = []
    for root in roots:
        file = path(root, code)
        if not file.is_file():
            continue
        shown = display(file)
        try:
            data = read_file(file, MAX_CATALOGUE_BYTES)
            catalog = read_po(io.BytesIO(data), abort_invalid=True)
        except UnreadableFile as exc:
            raise LanguageProblem(exc.diagnostic(Location(shown))) from exc
        except LookupError as exc:       # an unknown charset in the header
            raise LanguageProblem(error("T104", f"not a PO catalogue Python can read: the "
                                        f"header's charset names {exc}; expected utf-8",
                                        Location(shown, _charset_line(data), 1))) from exc
        except (PoFileError, ValueError, UnicodeDecodeError) as exc:
            line = getattr(exc, "lineno", None)
            raise LanguageProblem(error("T104", f"not a PO catalogue: {exc}",
                                        Location(shown, line or 0, 1 if line else 0))) \
                from exc
        files.append(shown)
        for message in catalog:
            if not message.id or not isinstance(message.id, str):
                continue
            text = message.string if isinstance(message.string, str) else ""
            hidden = HIDDEN.search(text)
            if hidden is not None:
                raise LanguageProblem(error(
                    "Y121", f"the translation of {message.id!r} holds U+"
                    f"{ord(hidden.group()):04X}, a character that cannot be printed or that "
                    f"reorders the text around it (character {hidden.start() + 1})",
                    Location(shown, message.lineno or 0, 1 if message.lineno else 0),
                    hint="remove it"))
            entry = Entry(message.context or "", message.id, text, message.fuzzy,
                          Location(shown, message.lineno or 0, 1 if message.lineno else 0))
            if message.context:
                by_context[message.context] = entry
            else:
                by_source[message.id] = entry
    return Catalogue(by_context, by_source, tuple(files))


def _charset_line(data: bytes) -> int:
    """The line of the header's ``charset=`` (1 when there is none)."""
    for number, row in enumerate(data.splitlines(), start=1):
        if b"charset=" in row:
            return number
    return 1


def context(deck: str, card_id: str, side: str, field: str) -> str:
    """The context naming one printed field of one card."""
    return f"{deck}/{card_id}:{side}.{field}"
