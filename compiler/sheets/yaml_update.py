"""Changing a YAML content file the way a person would: the items that changed are
rewritten, new items are appended, and every other byte stays as it was.

The file is loaded with ruamel.yaml's round-trip loader, which keeps comments, key
order, flow or block style and quoting; changed values are set in place (a mapping
or list that only partly changed keeps its other entries, their comments and style),
new values take the style of the same field in a neighbouring item, and the
document is dumped with the file's own indentation (the candidate that reproduces
the file best). ruamel.yaml reproduces most files exactly, but not every file, so
the result is then spliced: the lines of each changed item (up to the blank and
comment lines that end it, which stay as they were) and of each new item come from
ruamel.yaml's text, all other lines from the original file. So an untouched item
keeps its bytes whatever ruamel.yaml would have made of it.

The result is checked before it is returned: read back by samizdat's own loader it
must give exactly the data asked for (or :class:`UpdateFailed` is raised and nothing
is written). A new file is ruamel.yaml's text alone.
"""

from __future__ import annotations

import copy
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    ScalarString,
)

from compiler.frontend import yaml11
from compiler.frontend.yaml_loader import load_yaml
from compiler.sheets.cells import flow
from rules_engine.core.diagnostics import Severity
from rules_engine.core.source import SourceDocument

FLOW_WIDTH, LEAF_FLOW_WIDTH = 80, 100
"""A new list or mapping with no neighbour to copy is written in flow style when its
flow text is at most this long (the second: when it holds no list or mapping), else
in block style."""
FOLD_WIDTH = 70
"""About how many characters of a changed folded text (``>-``) go on one line."""
_INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0), (3, 5, 3))
"""(mapping, sequence, offset) indentations tried, the shipped files' first."""


class UpdateFailed(Exception):
    """The file could not be changed faithfully (the message says how)."""


@dataclass
class FileChanges:
    """What changes in one file: per section, new data for items by index, and new
    items to append (a section the file lacks is added at its end)."""

    updates: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    appends: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return any(self.updates.values()) or any(self.appends.values())


def identical(a: Any, b: Any) -> bool:
    """Whether two values are the same data: same types (2 is not 2.0, 1 is not
    true), mappings compared whatever their key order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(identical(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def updated_text(original: str | None, changes: FileChanges) -> str:
    """The text of the file after ``changes`` (``original`` None: a new file)."""
    if original is None:
        return _checked(_new_file(changes), _expected({}, changes))
    bom = "\ufeff" if original.startswith("\ufeff") else ""
    crlf = "\r\n" in original
    text = original.removeprefix("\ufeff").replace("\r\n", "\n")
    before = _load(text)
    expected = _expected(before.data, changes)
    yaml, data = _round_trip(text)
    _apply(data, before.data, changes)
    dumped = _dump(yaml, data)
    spliced = _splice(text, dumped, before, changes)
    try:
        result = _checked(spliced if spliced is not None else dumped, expected)
    except UpdateFailed:
        if spliced is None:
            raise
        result = _checked(dumped, expected)
    if crlf:
        result = result.replace("\n", "\r\n")
    return bom + result


# ---------------------------------------------------------------- data

def _load(text: str) -> SourceDocument:
    doc, found = load_yaml(text.encode("utf-8"), "file")
    if doc is None or any(d.severity is Severity.ERROR for d in found) \
            or not isinstance(doc.data, dict):
        raise UpdateFailed("the file does not read as a mapping of sections")
    return doc


def _expected(data: Mapping[str, Any], changes: FileChanges) -> dict[str, Any]:
    expected = {key: list(value) if isinstance(value, list) else value
                for key, value in data.items()}
    for section, items in changes.updates.items():
        for index, new in items.items():
            expected[section][index] = new
    for section, new_items in changes.appends.items():
        if new_items:
            expected[section] = [*expected.get(section, []), *new_items]
    return expected


def _checked(text: str, expected: dict[str, Any]) -> str:
    doc, found = load_yaml(text.encode("utf-8"), "file")
    problems = [d for d in found if d.severity is Severity.ERROR]
    if doc is None or problems:
        raise UpdateFailed("the text written does not read back: " +
                           (problems[0].message if problems else "unknown problem"))
    if not identical(doc.data, expected):
        raise UpdateFailed("the text written does not read back as the data asked for")
    return text


# ---------------------------------------------------------------- ruamel.yaml

def _yaml(mapping: int, sequence: int, offset: int) -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096                       # never fold a long line
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    yaml.brace_single_entry_mapping_in_flow_sequence = True   # [{draw: 1}], not [draw: 1]
    yaml.representer.add_representer(
        type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    return yaml


def _dump(yaml: YAML, data: Any) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _round_trip(text: str) -> tuple[YAML, Any]:
    """The YAML settings that reproduce ``text`` best, and the document loaded."""
    best: tuple[int, YAML, Any] | None = None
    wanted = text.splitlines()
    for mapping, sequence, offset in _INDENTS:
        yaml = _yaml(mapping, sequence, offset)
        try:
            data = yaml.load(text)
            lines = _dump(yaml, data).splitlines()
        except Exception as exc:  # noqa: BLE001 - ruamel.yaml's own errors are many
            raise UpdateFailed(f"ruamel.yaml cannot read it: {type(exc).__name__}") from None
        missed = sum(1 for a, b in zip(wanted, lines, strict=False) if a != b) \
            + abs(len(wanted) - len(lines))
        if best is None or missed < best[0]:
            best = (missed, yaml, data)
        if missed == 0:
            break
    assert best is not None
    return best[1], best[2]


def _new_file(changes: FileChanges) -> str:
    document = CommentedMap()
    for section, items in changes.appends.items():
        seq = document[section] = _block_seq([])
        for item in items:
            seq.append(_build_item(item, seq))
    return _dump(_yaml(*_INDENTS[0]), document)


def _block_seq(items: list[Any]) -> CommentedSeq:
    seq = CommentedSeq(items)
    seq.fa.set_block_style()
    return seq


def _apply(data: Any, plain: Mapping[str, Any], changes: FileChanges) -> None:
    for section, items in changes.updates.items():
        seq = data[section]
        for index, new in sorted(items.items()):
            seq[index] = _merge(seq[index], plain[section][index], new, seq)
    for section, new_items in changes.appends.items():
        if not new_items:
            continue
        if section not in data:
            data[section] = _block_seq([])
        seq = data[section]
        if not seq:
            seq.fa.set_block_style()
        for new in new_items:
            seq.append(_build_item(new, seq))


def _build_item(value: dict[str, Any], siblings: CommentedSeq | None) -> CommentedMap:
    """A new item (a block mapping), its fields in the order of the last item before
    it and each styled as a neighbour's."""
    node = CommentedMap()
    model = siblings[-1] if siblings else None
    if isinstance(model, dict):
        value = ordered_like(value, list(model))
    for key, child in value.items():
        node[key] = _build(child, _sibling_field(siblings, key))
    node.fa.set_block_style()
    return node


def ordered_like(value: dict[str, Any], model: list[str]) -> dict[str, Any]:
    """``value``'s fields in the order ``model`` has them; each field ``model`` lacks
    right after the field before it in ``value``."""
    keys = [k for k in model if k in value]
    for number, key in enumerate(value):
        if key in keys:
            continue
        earlier = [k for k in list(value)[:number] if k in keys]
        keys.insert(keys.index(earlier[-1]) + 1 if earlier else 0, key)
    return {k: value[k] for k in keys}


def _sibling_field(siblings: CommentedSeq | None, key: str) -> Any:
    """The value of ``key`` in the nearest item of ``siblings`` (from the end) having
    it: the model for a new value's style."""
    items: Any = siblings or []
    for item in reversed(items):
        if isinstance(item, CommentedMap) and key in item:
            return item[key]
    return None


def _merge(node: Any, old: Any, new: Any, siblings: CommentedSeq | None = None) -> Any:
    """``node`` (ruamel.yaml's, holding ``old``) changed to hold ``new``, keeping what
    did not change."""
    if identical(old, new):
        return node
    if isinstance(node, CommentedMap) and isinstance(old, dict) and isinstance(new, dict) \
            and [k for k in old if k in new] == [k for k in new if k in old]:
        for key in [k for k in old if k not in new]:
            del node[key]
        for key, value in new.items():
            if key in old:
                node[key] = _merge(node[key], old[key], value)
                continue
            earlier = [k for k in list(new)[:list(new).index(key)] if k in node]
            position = list(node).index(earlier[-1]) + 1 if earlier else 0
            template = _sibling_field(siblings, key) if siblings is not None else None
            last = list(node)[-1] if position == len(node) and len(node) else None
            node.insert(position, key, _build(value, template))
            if last is not None:
                _hand_on_lines_after(node, last, key)
        return node
    if isinstance(node, CommentedSeq) and isinstance(old, list) and isinstance(new, list):
        for index in range(min(len(old), len(new))):
            node[index] = _merge(node[index], old[index], new[index])
        while len(node) > len(new):
            node.pop()
        for value in new[len(old):]:
            node.append(_build(value, node[0] if len(node) else None))
        return node
    return _build(new, node)


def _hand_on_lines_after(node: CommentedMap, last: str, key: str) -> None:
    """The blank and comment lines ruamel.yaml keeps after the value of ``last`` (the
    mapping's last key until ``key`` was added after it) moved after ``key``, so that
    they still end the mapping."""
    entry = node.ca.items.get(last)
    token = entry[2] if entry and len(entry) > 2 else None
    if token is None or not isinstance(token.value, str):
        return
    own, _, after = token.value.partition("\n")
    if not after:
        return
    moved = copy.copy(token)
    moved.value = "\n" + after
    token.value = own + "\n"
    node.ca.items[key] = [None, None, moved, None]


def _build(value: Any, template: Any) -> Any:
    """``value`` as ruamel.yaml's node, styled as ``template`` (a node of the same
    field, or None)."""
    if isinstance(value, dict):
        node = CommentedMap()
        for key, child in value.items():
            node[key] = _build(child, template.get(key) if isinstance(template, dict)
                               else None)
        _style(node, template if isinstance(template, CommentedMap) else None, value)
        return node
    if isinstance(value, list):
        seq = CommentedSeq()
        model = template[0] if isinstance(template, CommentedSeq) and template else None
        for child in value:
            seq.append(_build(child, model))
        _style(seq, template if isinstance(template, CommentedSeq) else None, value)
        return seq
    if isinstance(value, str):
        return _text(value, template)
    return value


def _style(node: CommentedMap | CommentedSeq, template: Any, value: Any) -> None:
    flow_style = template.fa.flow_style() if template is not None else None
    if flow_style is None:
        children = value.values() if isinstance(value, dict) else value
        leaf = not any(isinstance(child, dict | list) for child in children)
        flow_style = len(flow(value)) <= (LEAF_FLOW_WIDTH if leaf else FLOW_WIDTH)
    if flow_style:
        node.fa.set_flow_style()
    else:
        node.fa.set_block_style()


def _text(value: str, template: Any) -> Any:
    """A text, quoted as ``template`` was (a quoted, folded or literal scalar), and
    double-quoted when YAML 1.1 tools would read it as something else."""
    if isinstance(template, FoldedScalarString):
        return _folded(value)
    if isinstance(template, ScalarString) and type(template) is not ScalarString:
        return type(template)(value)
    if not isinstance(yaml11.yaml11_reading(value), yaml11.Text):
        return DoubleQuotedScalarString(value)
    return value


def _folded(value: str, width: int = FOLD_WIDTH) -> Any:
    """``value`` as a folded scalar (``>-``) whose lines are at most about ``width``
    characters: folded at single spaces between words, which folding reads back as
    the same spaces."""
    folded = FoldedScalarString(value)
    positions: list[int] = []
    line_start = 0
    last_space = -1
    for index, character in enumerate(value):
        if character == "\n":
            line_start, last_space = index + 1, -1
            continue
        if character == " " and 0 < index < len(value) - 1 \
                and not value[index - 1].isspace() and not value[index + 1].isspace():
            last_space = index
        if index - line_start >= width and last_space > line_start:
            positions.append(last_space)
            line_start, last_space = last_space + 1, -1
    folded.fold_pos = positions
    return folded


# ---------------------------------------------------------------- splicing

@dataclass(frozen=True)
class _Span:
    """An item's lines (0-based, end exclusive): its own, then the blank and comment
    lines after it (``gap`` up to ``end``)."""

    start: int
    gap: int
    end: int


def _item_spans(lines: list[str], doc: SourceDocument
                ) -> tuple[dict[tuple[str, int], _Span], dict[str, int]] | None:
    """Each list item's span, and where each top-level key's line is; None when the
    items do not lie on lines of their own."""
    data = doc.data
    keys = list(data)
    starts = {key: doc.key_positions.get((key,), (0, 0))[0] - 1 for key in keys}
    spans: dict[tuple[str, int], _Span] = {}
    for number, key in enumerate(keys):
        value = data[key]
        if not isinstance(value, list):
            continue
        stop = starts[keys[number + 1]] if number + 1 < len(keys) else len(lines)
        firsts = [doc.positions.get((key, i), (0, 0)) for i in range(len(value))]
        item_lines = [line - 1 for line, _ in firsts]
        if any(b <= a for a, b in zip([starts[key], *item_lines], item_lines, strict=False)) \
                or (item_lines and item_lines[-1] >= stop):
            return None
        for index, start in enumerate(item_lines):
            end = item_lines[index + 1] if index + 1 < len(item_lines) else stop
            spans[(key, index)] = _Span(start, _gap(lines, start, end, firsts[index][1]), end)
    return spans, starts


def _gap(lines: list[str], start: int, end: int, key_column: int) -> int:
    """Where the blank and comment lines that end an item begin: comments at or left
    of the item's keys (block text is indented further, so it is never taken for
    one)."""
    gap = end
    while gap > start + 1:
        line = lines[gap - 1]
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if stripped.strip() and not (stripped.startswith("#") and indent < key_column):
            break
        gap -= 1
    return gap


def _splice(text: str, dumped: str, before: SourceDocument, changes: FileChanges
            ) -> str | None:
    """``text`` with the changed and new items' lines taken from ``dumped``."""
    old_lines = text.splitlines(keepends=True)
    if old_lines and not old_lines[-1].endswith("\n"):
        old_lines[-1] += "\n"
    new_lines = dumped.splitlines(keepends=True)
    try:
        after = _load(dumped)
    except UpdateFailed:
        return None
    old = _item_spans(old_lines, before)
    new = _item_spans(new_lines, after)
    if old is None or new is None:
        return None
    old_spans, _ = old
    new_spans, new_starts = new
    edits: list[tuple[int, int, int, list[str]]] = []     # (at, order, old end, lines)
    for section, items in changes.updates.items():
        for index in items:
            was, now = old_spans[(section, index)], new_spans[(section, index)]
            edits.append((was.start, 0, was.gap, new_lines[now.start:now.gap]))
    for section, new_items in changes.appends.items():
        if not new_items:
            continue
        count = len(before.data.get(section) or [])
        if section not in before.data:
            start = new_starts[section]
            added = new_lines[start:new_spans[(section, count + len(new_items) - 1)].gap]
            spacer = ["\n"] if old_lines and old_lines[-1].strip() else []
            edits.append((len(old_lines), 1, len(old_lines), spacer + added))
            continue
        if count == 0:
            return None
        last = old_spans[(section, count - 1)]
        spacer = ["\n"] if _spaced(old_lines, old_spans, section, count) else []
        body: list[str] = []
        for index in range(count, count + len(new_items)):
            span = new_spans[(section, index)]
            body += spacer + new_lines[span.start:span.gap]
        edits.append((last.gap, 1, last.gap, body))
    result = list(old_lines)
    for at, _, end, lines in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        result[at:end] = lines
    return "".join(result)


def _spaced(lines: list[str], spans: Mapping[tuple[str, int], _Span], section: str,
            count: int) -> bool:
    """Whether most items of ``section`` are set apart by a blank line."""
    blank = sum(1 for i in range(count - 1)
                if any(not line.strip() for line in lines[spans[(section, i)].gap:
                                                          spans[(section, i)].end]))
    return count > 1 and blank * 2 > count - 1
