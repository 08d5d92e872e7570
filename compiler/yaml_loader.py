"""Safe, bounded YAML loading that remembers where every node was written.

The loader reads PyYAML's event stream (never its constructors) and builds plain
JSON-like data itself, so it can:

* record the line and column of every value and mapping key;
* refuse duplicate keys, unknown tags, non-scalar keys and several documents;
* bound file size, nesting depth and alias expansion (a "billion laughs" document
  is stopped after the node budget, without ever being expanded in memory);
* report non-UTF-8 bytes and tab indentation with their exact position.

Every problem is a :class:`~rules_engine.core.diagnostics.Diagnostic`; nothing raises.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import yaml

from rules_engine.core.diagnostics import Diagnostic, Location, Related, error
from rules_engine.core.source import NodePath, SourceDocument

try:  # the C parser is much faster; the pure-Python one behaves the same
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


@dataclass(frozen=True)
class LoadLimits:
    """Bounds that keep hostile content cheap to reject."""

    max_file_bytes: int = 2 * 1024 * 1024
    max_depth: int = 64
    max_nodes: int = 100_000
    max_files: int = 2_000
    max_int: int = 2**53


DEFAULT_LIMITS = LoadLimits()

_TAG = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


class _Abort(Exception):
    """Raised inside the builder to stop at the first fatal problem."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class _Frame:
    container: dict[str, Any] | list[Any]
    path: NodePath
    anchor: str | None
    nodes_at_start: int
    pending_key: str | None = None
    key_seen: dict[str, tuple[int, int]] = field(default_factory=dict)


def load_yaml(raw: bytes, file: str, limits: LoadLimits = DEFAULT_LIMITS
              ) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Parse ``raw`` (the bytes of ``file``) into a :class:`SourceDocument`.

    Returns the document (None when it could not be read) and the diagnostics.
    """
    if len(raw) > limits.max_file_bytes:
        return None, [error("Y101", f"file is {len(raw):,} bytes; the limit is "
                            f"{limits.max_file_bytes:,}", Location(file, 1, 1))]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(raw, exc.start)
        return None, [error("Y102", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                            Location(file, line, column),
                            hint="save the file as UTF-8")]
    text = text.removeprefix("\ufeff")
    tab = _find_tab_indent(text)
    if tab is not None:
        return None, [error("Y103", "tab used for indentation; YAML needs spaces",
                            Location(file, tab[0], tab[1]))]
    builder = _Builder(file, limits)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.feed(event)
    except _Abort as abort:
        return None, [abort.diagnostic]
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_diagnostic(exc, file)]
    except yaml.YAMLError as exc:  # errors without a mark (rare)
        return None, [error("Y104", str(exc).splitlines()[0], Location(file, 1, 1))]
    except RecursionError:
        return None, [error("Y107", "nesting is too deep to read", Location(file, 1, 1))]
    return SourceDocument(file, builder.result, builder.positions, builder.key_positions), []


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return line, column


def _find_tab_indent(text: str) -> tuple[int, int] | None:
    if "\t" not in text:
        return None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t") and stripped.strip():
            return number, len(line) - len(stripped) + 1
    return None


def _syntax_diagnostic(exc: yaml.MarkedYAMLError, file: str) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    parts = [p for p in (exc.context, exc.problem) if p]
    message = "; ".join(parts) if parts else "malformed YAML"
    if "nesting depth" in message:  # libyaml's own bound, met before ours in flow nesting
        return error("Y107", "nesting is too deep", Location(file, line, column))
    return error("Y104", message, Location(file, line, column))


class _Builder:
    """Turns a YAML event stream into data plus positions, enforcing the limits."""

    def __init__(self, file: str, limits: LoadLimits) -> None:
        self.file = file
        self.limits = limits
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.positions: dict[NodePath, tuple[int, int]] = {}
        self.key_positions: dict[NodePath, tuple[int, int]] = {}
        self.nodes = 0
        self.documents = 0
        self.result: Any = None

    def _loc(self, mark: Any) -> Location:
        return Location(self.file, mark.line + 1, mark.column + 1)

    def _count(self, n: int, mark: Any) -> None:
        self.nodes += n
        if self.nodes > self.limits.max_nodes:
            raise _Abort(error("Y106", f"document expands to more than "
                               f"{self.limits.max_nodes:,} nodes (alias expansion?)",
                               self._loc(mark)))

    def feed(self, event: yaml.Event) -> None:
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise _Abort(error("Y110", "a second YAML document starts here; one "
                                   "document per file", self._loc(event.start_mark)))
        elif isinstance(event, yaml.ScalarEvent):
            self._scalar(event)
        elif isinstance(event, yaml.AliasEvent):
            self._alias(event)
        elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            self._start(event)
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            self._end(event)

    # -- node kinds -------------------------------------------------------------------

    def _check_tag(self, tag: str | None, mark: Any) -> None:
        if tag is None or tag == "!" or tag in _ALLOWED_TAGS:
            return
        raise _Abort(error("Y108", f"tag {tag!r} is not allowed; only plain data tags "
                           "are accepted", self._loc(mark)))

    def _scalar(self, event: Any) -> None:
        self._check_tag(event.tag, event.start_mark)
        frame = self.stack[-1] if self.stack else None
        if isinstance(frame, _Frame) and isinstance(frame.container, dict) \
                and frame.pending_key is None:
            self._key(frame, event.value, event.start_mark)
            return
        value = self._resolve(event)
        self._count(1, event.start_mark)
        self._place(value, event.start_mark, event.anchor, size=1)

    def _key(self, frame: _Frame, key: str, mark: Any) -> None:
        assert isinstance(frame.container, dict)
        where = (mark.line + 1, mark.column + 1)
        if key in frame.container or key in frame.key_seen:
            first = frame.key_seen.get(key, where)
            raise _Abort(error("Y105", f"duplicate key {key!r} (first defined at line "
                               f"{first[0]})", self._loc(mark),
                               related=[Related(Location(self.file, *first),
                                                "first definition")]))
        frame.key_seen[key] = where
        frame.pending_key = key
        self.key_positions[(*frame.path, key)] = where

    def _resolve(self, event: Any) -> Any:
        value: str = event.value
        tag = event.tag
        if tag in (None, "!"):
            if tag == "!":
                return value
            tag = _RESOLVER.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, value, event.implicit)
        if tag == f"{_TAG}str" or tag not in _ALLOWED_TAGS:
            return value  # timestamps, merge keys etc. stay text
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark)
        try:
            constructed: Any = _CONSTRUCTOR.construct_object(node, deep=True)
        except (ValueError, yaml.constructor.ConstructorError):
            shown = value if len(value) <= 40 else value[:37] + "..."
            raise _Abort(error("Y109", f"{shown!r} is not a valid {tag.rsplit(':', 1)[-1]}",
                               self._loc(event.start_mark))) from None
        if isinstance(constructed, bool) or constructed is None:
            return constructed
        if isinstance(constructed, int) and abs(constructed) > self.limits.max_int:
            raise _Abort(error("Y109", f"integer {value[:40]} is out of range (at most "
                               f"2^53 in size)", self._loc(event.start_mark)))
        if isinstance(constructed, float) and not math.isfinite(constructed):
            raise _Abort(error("Y109", f"{value!r} is not a finite number",
                               self._loc(event.start_mark)))
        return constructed

    def _alias(self, event: Any) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.container, dict) \
                and frame.pending_key is None:
            raise _Abort(error("Y111", "an alias cannot be used as a mapping key",
                               self._loc(event.start_mark)))
        anchor = event.anchor
        if anchor not in self.anchors:
            raise _Abort(error("Y112", f"alias *{anchor} has no anchor &{anchor} before it",
                               self._loc(event.start_mark)))
        value, size = self.anchors[anchor]
        self._count(size, event.start_mark)
        self._place(value, event.start_mark, None, size=size)

    def _start(self, event: Any) -> None:
        self._check_tag(event.tag, event.start_mark)
        parent = self.stack[-1] if self.stack else None
        if parent is not None and isinstance(parent.container, dict) \
                and parent.pending_key is None:
            raise _Abort(error("Y111", "mapping keys must be plain text, not a "
                               "mapping or list", self._loc(event.start_mark)))
        if len(self.stack) >= self.limits.max_depth:
            raise _Abort(error("Y107", f"nesting deeper than {self.limits.max_depth} "
                               "levels", self._loc(event.start_mark)))
        path = self._child_path(parent)
        self.positions[path] = (event.start_mark.line + 1, event.start_mark.column + 1)
        self._count(1, event.start_mark)
        container: dict[str, Any] | list[Any] = (
            {} if isinstance(event, yaml.MappingStartEvent) else [])
        self.stack.append(_Frame(container, path, event.anchor, self.nodes))

    def _end(self, event: Any) -> None:
        frame = self.stack.pop()
        size = self.nodes - frame.nodes_at_start + 1
        if frame.anchor is not None:
            self.anchors[frame.anchor] = (frame.container, size)
        self._attach(frame.container)

    # -- placing values ---------------------------------------------------------------

    def _child_path(self, parent: _Frame | None) -> NodePath:
        if parent is None:
            return ()
        if isinstance(parent.container, dict):
            assert parent.pending_key is not None
            return (*parent.path, parent.pending_key)
        return (*parent.path, len(parent.container))

    def _place(self, value: Any, mark: Any, anchor: str | None, size: int) -> None:
        parent = self.stack[-1] if self.stack else None
        path = self._child_path(parent)
        self.positions[path] = (mark.line + 1, mark.column + 1)
        if anchor is not None:
            self.anchors[anchor] = (value, size)
        self._attach(value)

    def _attach(self, value: Any) -> None:
        if not self.stack:
            self.result = value
            return
        parent = self.stack[-1]
        if isinstance(parent.container, dict):
            assert parent.pending_key is not None
            parent.container[parent.pending_key] = value
            parent.pending_key = None
        else:
            parent.container.append(value)
