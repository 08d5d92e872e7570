"""Where a card's printed text was written: the content field holding some characters.

A card face carries the card's location only, and its fields are often made from
several content fields (effect text from effect data). A check that finds something
wrong with particular characters of a face's text (:mod:`compiler.typeset.glyphs`) points
at the content field that holds them: the card's file is read again (only then,
on the error path, once per file and process, with the loader's own limits) and the
card's strings searched for the characters, preferring a field of the face's name.
Anything that cannot be read that way leaves the card's own location.
"""

from __future__ import annotations

import stat
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from compiler.frontend.yaml_loader import DEFAULT_LIMITS, load_yaml
from rules_engine.core.diagnostics import Location
from rules_engine.core.source import NodePath, SourceDocument


def _document(file: str) -> tuple[SourceDocument, dict[tuple[int, int], NodePath]] | None:
    """The file's document and, per position, the shortest path written there (None
    when it is not a regular file within the loader's size limit, or does not load)."""
    try:
        info = Path(file).stat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > DEFAULT_LIMITS.max_file_bytes:
        return None
    return _load(file, info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=32)
def _load(file: str, mtime_ns: int, size: int
          ) -> tuple[SourceDocument, dict[tuple[int, int], NodePath]] | None:
    """:func:`_document`'s work, once per file version (its time and size)."""
    try:
        raw = Path(file).read_bytes()
    except OSError:
        return None
    doc, _ = load_yaml(raw, file)
    if doc is None:
        return None
    at: dict[tuple[int, int], NodePath] = {}
    for node, position in doc.positions.items():
        known = at.get(position)
        if known is None or len(node) < len(known):
            at[position] = node
    return doc, at


def _value(data: Any, path: NodePath) -> Any:
    for part in path:
        data = data[part]
    return data


def _strings(data: Any, path: NodePath) -> Iterator[tuple[NodePath, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))


def locate_text(source: Location, chars: Iterable[str], field: str = "") -> Location:
    """The location of the string of the content item at ``source`` that holds one of
    ``chars`` (the one named ``field`` if it does, else the first written); ``source``
    itself when there is none."""
    wanted = set(chars)
    return _locate(source, lambda text: not wanted.isdisjoint(text), field)


def locate_words(source: Location, words: Iterable[str], field: str = "") -> Location:
    """As :func:`locate_text`, for the string holding one of ``words`` (substrings,
    such as an icon's ``:name:``)."""
    wanted = tuple(words)
    return _locate(source, lambda text: any(word in text for word in wanted), field)


def _locate(source: Location, holds: Callable[[str], bool], field: str) -> Location:
    found = _document(source.file)
    if found is None:
        return source
    doc, at = found
    item = at.get((source.line, source.column))
    if item is None:
        return source
    holding = [path for path, text in _strings(_value(doc.data, item), item) if holds(text)]
    if not holding:
        return source
    named = [path for path in holding if path[-1:] == (field,)]
    locations = [doc.locate(path) for path in named or holding]
    return min(locations, key=lambda loc: (loc.line, loc.column))
