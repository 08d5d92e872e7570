"""The mutation operators of ``samizdat lint --mutants``: every small edit a designer's
slip could make to content, listed systematically from the YAML source itself.

:func:`mutants` reads the content files of a folder (YAML and ``.po`` translations)
and lists one :class:`Mutant` per edit: every number +1, -1, ×0 and ×10; every
``true``/``false`` flipped; every identifier-like value to each other value the same
key takes anywhere in the folder (``enum``), or, when the value is an item's ``id``,
to each other id of that key (``reference``; an ``id`` itself to another item's,
``id``); every item of a list duplicated, removed and swapped with the next; every
number inside a text (``text-number``; ``note-number`` in a note for designers) and
inside a translation (``translation-number``) +1. An edit is a splice of the source
text (offsets from the YAML node marks), so the rest of the file, comments and all,
stays as the designer wrote it.

Each mutant knows the lines of the item it edited in the edited file (the outermost
list item holding the edit, or the manifest entry two keys deep): a finding on those
lines is a finding *at the mutated item* (see :mod:`compiler.mutants.classify`).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

ALTERNATIVES = 4
"""At most this many other values per enum/reference site (chosen by a hash of the
site, so the same content lists the same mutants)."""
IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_:.\-]{0,47}$")
NOTES = frozenset({"why"})
"""Keys of words written for designers, neither printed nor played (a manifest
parameter's reason): a number edited there is judged by paired games like any other
edit, not as printed words."""
NUMBER_IN_TEXT = re.compile(r"(?<![\w.#])\d{1,4}(?![\w.])")
MSGSTR = re.compile(r'^msgstr(\[\d+\])? "(.*)"\s*$')


@dataclass(frozen=True)
class Mutant:
    """One edit: ``file`` (posix, relative to the content folder) gets
    ``text[start:end]`` replaced by ``replacement``; ``line``/``column`` (1-based) is
    where the edit is and ``item`` the first and last line of the edited item in the
    edited file; ``operator`` names the kind of edit and ``before``/``after`` say it."""

    file: str
    line: int
    column: int
    item: tuple[int, int]
    operator: str
    before: str
    after: str
    start: int
    end: int
    replacement: str

    def apply(self, text: str) -> str:
        return text[:self.start] + self.replacement + text[self.end:]

    @property
    def key(self) -> str:
        """A stable name of the mutant (its place and its edit)."""
        return f"{self.file}:{self.line}:{self.column} {self.operator} {self.before}->{self.after}"


@dataclass
class _Site:
    node: yaml.Node
    key: str            # the mapping key the value stands under ("" at the root)
    item: yaml.Node     # the enclosing item (see the module docstring)
    sequence_item: bool  # whether ``item`` is a list item


def _walk(node: yaml.Node, key: str, item: yaml.Node | None,
          mappings: tuple[yaml.Node, ...]) -> Iterator[_Site]:
    """Every node under ``node`` with its key and item: the outermost list item
    holding it, else the innermost mapping around it that spans two lines or more."""
    around = item
    if around is None:
        around = next((m for m in reversed(mappings) if _lines(m)[1] > _lines(m)[0]
                       and len(mappings) > 1 and m is not mappings[0]),
                      mappings[-1] if mappings else node)
    yield _Site(node, key, around, item is not None)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            name = k.value if isinstance(k, yaml.ScalarNode) else ""
            yield from _walk(v, name, item, (*mappings, node))
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            yield from _walk(v, key, item if item is not None else v, mappings)


def _lines(node: yaml.Node) -> tuple[int, int]:
    """The first and last line (1-based) ``node`` was written on."""
    first = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.value \
            and not node.flow_style:
        tail = node.value[-1]
        return first, _lines(tail[1] if isinstance(tail, tuple) else tail)[1]
    last = node.end_mark.line + (0 if node.end_mark.column == 0 else 1)
    return first, max(first, last)


def _compose(text: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None


def _scalar_kind(node: yaml.ScalarNode) -> str:
    return node.tag.rsplit(":", 1)[-1]


def _pick(values: list[str], site: str) -> list[str]:
    if len(values) <= ALTERNATIVES:
        return values
    return sorted(values, key=lambda v: hashlib.sha256(f"{site}|{v}".encode()).digest()
                  )[:ALTERNATIVES]


def _number_text(value: float, integer: bool) -> str:
    return str(int(value)) if integer else repr(float(value))


class _FileMutants:
    """The mutants of one YAML file, given the folder's vocabulary."""

    def __init__(self, rel: str, text: str, vocabulary: dict[str, set[str]],
                 ids: set[str]) -> None:
        self.rel, self.text, self.vocabulary, self.ids = rel, text, vocabulary, ids

    def make(self, node: yaml.Node, item: tuple[int, int], operator: str, before: str,
             after: str, start: int, end: int, replacement: str) -> Mutant:
        return Mutant(self.rel, node.start_mark.line + 1, node.start_mark.column + 1,
                      item, operator, before, after, start, end, replacement)

    def scalar(self, site: _Site) -> Iterator[Mutant]:
        node = site.node
        assert isinstance(node, yaml.ScalarNode)
        kind, span = _scalar_kind(node), _lines(site.item)
        start, end = node.start_mark.index, node.end_mark.index
        if kind in ("int", "float") and node.style is None:
            yield from self.number(node, kind == "int", span, start, end)
        elif kind == "bool" and node.style is None:
            flipped = "false" if node.value.lower() in ("true", "yes", "on") else "true"
            yield self.make(node, span, "bool", node.value, flipped, start, end, flipped)
        elif kind == "str":
            yield from self.string(site, span, start, end)

    def number(self, node: yaml.ScalarNode, integer: bool, span: tuple[int, int],
               start: int, end: int) -> Iterator[Mutant]:
        try:
            value = float(node.value.replace("_", ""))
        except ValueError:
            return
        seen = {value}
        for operator, new in (("number+1", value + 1), ("number-1", value - 1),
                              ("number*0", value * 0), ("number*10", value * 10)):
            if new in seen:
                continue
            seen.add(new)
            text = _number_text(new, integer)
            yield self.make(node, span, operator, node.value, text, start, end, text)

    def string(self, site: _Site, span: tuple[int, int], start: int,
               end: int) -> Iterator[Mutant]:
        node = site.node
        assert isinstance(node, yaml.ScalarNode)
        value = node.value
        quote = node.style if node.style in ("'", '"') else ""
        if IDENTIFIER.match(value):
            others = sorted(self.vocabulary.get(site.key, set()) - {value})
            operator = "id" if site.key == "id" else \
                "reference" if value in self.ids else "enum"
            if 0 < len(others) <= 60:
                where = f"{self.rel}:{start}"
                for other in _pick(others, where):
                    yield self.make(node, span, operator, value, other, start, end,
                                    f"{quote}{other}{quote}")
            return
        raw = self.text[start:end]
        operator = "note-number" if site.key in NOTES else "text-number"
        for match in list(NUMBER_IN_TEXT.finditer(raw))[:2]:
            number = int(match.group())
            a, b = start + match.start(), start + match.end()
            yield self.make(node, span, operator, match.group(), str(number + 1),
                            a, b, str(number + 1))

    def sequence(self, site: _Site) -> Iterator[Mutant]:
        node = site.node
        assert isinstance(node, yaml.SequenceNode)
        items = node.value
        if not items:
            return
        if node.flow_style:
            yield from self.flow_sequence(node, site)
        else:
            yield from self.block_sequence(node, site)

    def flow_sequence(self, node: yaml.SequenceNode, site: _Site) -> Iterator[Mutant]:
        parts = [self.text[v.start_mark.index:v.end_mark.index] for v in node.value]
        span = _lines(site.item)
        start, end = node.start_mark.index, node.end_mark.index
        if "\n" in self.text[start:end]:
            return
        for i, part in enumerate(parts):
            for operator, edited in self._list_edits(parts, i):
                yield self.make(node.value[i], span, operator, part, operator.split("-")[1],
                                start, end, "[" + ", ".join(edited) + "]")

    @staticmethod
    def _list_edits(parts: list[str], i: int) -> Iterator[tuple[str, list[str]]]:
        yield "list-duplicate", parts[:i + 1] + [parts[i]] + parts[i + 1:]
        yield "list-remove", parts[:i] + parts[i + 1:]
        if i + 1 < len(parts):
            yield "list-swap", parts[:i] + [parts[i + 1], parts[i]] + parts[i + 2:]

    def block_sequence(self, node: yaml.SequenceNode, site: _Site) -> Iterator[Mutant]:
        lines = self.text.splitlines(keepends=True)
        firsts = [v.start_mark.line for v in node.value]
        if len(set(firsts)) != len(firsts):
            return
        for v in node.value:
            dash = v.start_mark.column - 2
            row = lines[v.start_mark.line] if v.start_mark.line < len(lines) else ""
            if dash < 0 or row[dash:dash + 2] != "- " or row[:dash].strip():
                return
        last = node.value[-1]
        ends = firsts[1:] + [_lines(last)[1]]
        blocks = ["".join(lines[a:b]) for a, b in zip(firsts, ends, strict=True)]
        if not blocks[-1].endswith("\n"):
            blocks[-1] += "\n"
        offset = [0]
        for row in lines:
            offset.append(offset[-1] + len(row))
        start, end = offset[firsts[0]], offset[min(ends[-1], len(lines))]
        top = not site.sequence_item
        for i, block in enumerate(blocks):
            size = block.count("\n")
            for operator, edited in self._list_edits(blocks, i):
                grown = sum(b.count("\n") for b in edited) - (ends[-1] - firsts[0])
                first, last = _lines(site.item)
                item = (first, last + max(0, grown)) if not top else self._top_span(
                    operator, firsts, i, size, blocks)
                yield self.make(node.value[i], item, operator, f"item {i + 1}",
                                operator.split("-")[1], start, end, "".join(edited))

    @staticmethod
    def _top_span(operator: str, firsts: list[int], i: int, size: int,
                  blocks: list[str]) -> tuple[int, int]:
        """The edited items' lines when the list is a section's own list of items."""
        first = firsts[i] + 1
        if operator == "list-duplicate":
            return first, first + 2 * size - 1
        if operator == "list-swap":
            return first, first + size + blocks[i + 1].count("\n") - 1
        return max(1, first - 1), first      # removed: its neighbours' lines

    def all(self, root: yaml.Node) -> Iterator[Mutant]:
        for site in _walk(root, "", None, ()):
            if isinstance(site.node, yaml.ScalarNode):
                yield from self.scalar(site)
            elif isinstance(site.node, yaml.SequenceNode):
                yield from self.sequence(site)


def _vocabulary(roots: list[yaml.Node]) -> tuple[dict[str, set[str]], set[str]]:
    """The identifier-like values each key takes anywhere in the folder, and the ids."""
    vocabulary: dict[str, set[str]] = defaultdict(set)
    for root in roots:
        for site in _walk(root, "", None, ()):
            node = site.node
            if isinstance(node, yaml.ScalarNode) and _scalar_kind(node) == "str" \
                    and IDENTIFIER.match(node.value) and site.key:
                vocabulary[site.key].add(node.value)
    return vocabulary, set(vocabulary.get("id", set()))


def _translation_mutants(rel: str, text: str) -> Iterator[Mutant]:
    """+1 on the numbers of each ``msgstr`` (and its continuation lines); the header
    (the ``msgstr`` of the empty ``msgid``: dates, versions) is metadata, not content."""
    offset, in_msgstr, in_msgid, msgid, header = 0, False, False, "", False
    for number, row in enumerate(text.splitlines(keepends=True), start=1):
        match = MSGSTR.match(row)
        continued = row.lstrip().startswith('"')
        if row.startswith("msgid "):
            in_msgid, msgid = True, row[len("msgid "):].strip().strip('"')
        elif in_msgid and continued:
            msgid += row.strip().strip('"')
        else:
            in_msgid = False
        if match:
            header = msgid == ""
        in_msgstr = bool(match) or (in_msgstr and continued)
        body = match.start(2) if match else row.find('"') + 1
        if in_msgstr and body > 0 and not header:
            for found in list(NUMBER_IN_TEXT.finditer(row, body))[:2]:
                a, b = offset + found.start(), offset + found.end()
                new = str(int(found.group()) + 1)
                yield Mutant(rel, number, found.start() + 1, (number, number),
                             "translation-number", found.group(), new, a, b, new)
        offset += len(row)


def content_files(folder: Path) -> list[Path]:
    """The files of ``folder`` that mutants edit, in a stable order."""
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and p.suffix in (".yaml", ".yml", ".po")
                  and not any(part.startswith(".") for part in p.relative_to(folder).parts))


def mutants(folder: Path) -> list[Mutant]:
    """Every mutant of the content under ``folder`` (see the module docstring), in
    file and source order."""
    files = content_files(folder)
    texts = {p: p.read_text(encoding="utf-8") for p in files}
    roots = {p: _compose(t) for p, t in texts.items() if p.suffix != ".po"}
    vocabulary, ids = _vocabulary([r for r in roots.values() if r is not None])
    found: list[Mutant] = []
    for path in files:
        rel = path.relative_to(folder).as_posix()
        if path.suffix == ".po":
            found += _translation_mutants(rel, texts[path])
            continue
        root = roots[path]
        if root is not None:
            found += _FileMutants(rel, texts[path], vocabulary, ids).all(root)
    return found
