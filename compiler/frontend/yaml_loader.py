r"""Safe, bounded YAML loading that remembers where every node was written.

The loader reads PyYAML's event stream (never its constructors) and builds plain
JSON-like data itself, so it can:

* record the line and column of every value and mapping key;
* refuse duplicate keys, unknown tags, non-scalar keys and several documents;
* bound file size, nesting depth and alias expansion (a "billion laughs" document
  is stopped after the node budget, without ever being expanded in memory);
* report non-UTF-8 bytes and tab indentation with their exact position;
* read scalars as the YAML 1.2 core schema says (``010`` is 10, ``no`` is text,
  ``1:00`` is text, ``0o17`` is 15), and warn (Y120) where YAML 1.1 tools, which
  many editors and scripts still are, would read the same text differently.

Mapping keys are always text. A plain scalar is, by the 1.2 core schema's
expressions: null (empty, ``~``, ``null``, ``Null``, ``NULL``); a boolean
(``true``/``True``/``TRUE``, ``false``/``False``/``FALSE``); an integer
(``[-+]?[0-9]+``, ``0o[0-7]+``, ``0x[0-9a-fA-F]+``); a float
(``[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`` and the ``.inf``/``.nan``
spellings, which are refused as not finite); or else text. An explicit ``!!int``,
``!!float``, ``!!bool`` or ``!!null`` tag requires its type's 1.2 spelling.

Every problem is a :class:`~rules_engine.core.diagnostics.Diagnostic`; nothing raises.
(:mod:`compiler.frontend.yaml11` says how YAML 1.1 reads a text; it is called only for the
rare scalars whose two readings can differ.)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import yaml

from compiler.frontend import yaml11
from rules_engine.core.diagnostics import Diagnostic, Location, Related, error, quoted, warning
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
_NO_KEY = object()  # a mapping frame waiting for its next key


class _Abort(Exception):
    """Raised inside the builder to stop at the first fatal problem."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


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
        parser = _Loader(text)
        try:
            builder.run(iter(parser.get_event, None))
        finally:
            parser.dispose()
    except _Abort as abort:
        return None, [abort.diagnostic]
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_diagnostic(exc, file)]
    except yaml.YAMLError as exc:  # errors without a mark (rare)
        return None, [error("Y104", str(exc).splitlines()[0], Location(file, 1, 1))]
    except RecursionError:
        return None, [error("Y107", "nesting is too deep to read", Location(file, 1, 1))]
    return (SourceDocument(file, builder.result, builder.positions, builder.key_positions),
            builder.warnings)


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


# The YAML 1.2 core schema (spec section 10.3.2). Plain scalars starting with a letter
# are text unless they are one of the words below; YAML 1.1 tools also read the
# _YAML11_WORDS as booleans.
_WORDS: dict[str, Any] = {
    "null": None, "Null": None, "NULL": None, "~": None,
    "true": True, "True": True, "TRUE": True,
    "false": False, "False": False, "FALSE": False,
}
_YAML11_WORDS = frozenset(
    ("y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
     "on", "On", "ON", "off", "Off", "OFF"))
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
# Characters no text may hold (Y121): control characters but tab and newline (only a
# double-quoted escape such as "\0" or "\x1b" can write them), and the bidirectional
# embedding, override and isolate controls, which make text display in another order
# than it is stored (an id or a rule that reads as something else).
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_INT10 = re.compile(r"[-+]?[0-9]+")
_INT8 = re.compile(r"0o[0-7]+")
_INT16 = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_NOT_FINITE = re.compile(r"[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
# Texts both versions read as the same number, so no 1.1 reading is needed.
_SAME_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_SAME_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]*|\.[0-9]+")
_MAX_DIGITS = 40  # longer integers are out of range anyway; int() of huge texts is slow
_PLAIN_WORD_START = frozenset("abcdeghijklmpqrsuvwxzABCDEGHIJKLMPQRSUVWXZ_\"'(")


class _Builder:
    """Turns a YAML event stream into data plus positions, enforcing the limits.

    One tight loop over the events (this is the validator's hot path): a stack of
    frames ``[container, path, anchor, nodes_at_start, pending_key, keys_seen]``
    where ``pending_key`` is the mapping key waiting for its value.
    """

    def __init__(self, file: str, limits: LoadLimits) -> None:
        self.file = file
        self.limits = limits
        self.positions: dict[NodePath, tuple[int, int]] = {}
        self.key_positions: dict[NodePath, tuple[int, int]] = {}
        self.result: Any = None
        self.warnings: list[Diagnostic] = []

    def _loc(self, mark: Any) -> Location:
        return Location(self.file, mark.line + 1, mark.column + 1)

    def _fail(self, code: str, message: str, mark: Any, **extra: Any) -> _Abort:
        return _Abort(error(code, message, self._loc(mark), **extra))

    def run(self, events: Iterable[Any]) -> None:  # noqa: C901 - one loop, on purpose
        limits = self.limits
        max_nodes, max_depth = limits.max_nodes, limits.max_depth
        positions, key_positions = self.positions, self.key_positions
        anchors: dict[str, tuple[Any, int]] = {}
        stack: list[list[Any]] = []
        nodes = 0
        documents = 0
        scalar_t, alias_t = yaml.ScalarEvent, yaml.AliasEvent
        map_start_t, seq_start_t = yaml.MappingStartEvent, yaml.SequenceStartEvent
        map_end_t, seq_end_t = yaml.MappingEndEvent, yaml.SequenceEndEvent
        doc_start_t, stream_end_t = yaml.DocumentStartEvent, yaml.StreamEndEvent

        for event in events:
            kind = type(event)
            if kind is scalar_t or kind is alias_t or kind is map_start_t or kind is seq_start_t:
                mark = event.start_mark
                where = (mark.line + 1, mark.column + 1)
                frame = stack[-1] if stack else None
                awaiting_key = frame is not None and frame[4] is _NO_KEY
                tag = getattr(event, "tag", None)
                if tag is not None and tag != "!" and tag not in _ALLOWED_TAGS:
                    raise self._fail("Y108", f"tag {quoted(tag)} is not allowed; only plain data "
                                     "tags are accepted", mark)
                if kind is scalar_t and awaiting_key:
                    assert frame is not None
                    key = event.value
                    seen = frame[5]
                    if key in seen:
                        first = seen[key]
                        raise self._fail(
                            "Y105", f"duplicate key {quoted(key)} (first defined at line "
                            f"{first[0]})",
                            mark, related=[Related(Location(self.file, *first),
                                                   "first definition")])
                    seen[key] = where
                    frame[4] = key
                    key_positions[(*frame[1], key)] = where
                    continue
                if awaiting_key:
                    raise self._fail("Y111", "mapping keys must be plain text, not a mapping, "
                                     "list or alias", mark)
                if frame is None:
                    path: NodePath = ()
                elif frame[4] is None:
                    path = (*frame[1], len(frame[0]))
                else:
                    path = (*frame[1], frame[4])
                positions[path] = where
                if kind is scalar_t:
                    nodes += 1
                    size = 1
                    value = self._resolve(event, path)
                    if event.anchor is not None:
                        anchors[event.anchor] = (value, 1)
                elif kind is alias_t:
                    if event.anchor not in anchors:
                        raise self._fail("Y112", f"alias *{event.anchor} has no anchor "
                                         f"&{event.anchor} before it", mark)
                    value, size = anchors[event.anchor]
                    nodes += size
                else:
                    if len(stack) >= max_depth:
                        raise self._fail("Y107", f"nesting deeper than {max_depth} levels", mark)
                    nodes += 1
                    if nodes > max_nodes:
                        raise self._fail("Y106", f"document expands to more than "
                                         f"{max_nodes:,} nodes (alias expansion?)", mark)
                    if kind is map_start_t:
                        stack.append([{}, path, event.anchor, nodes, _NO_KEY, {}])
                    else:
                        stack.append([[], path, event.anchor, nodes, None, None])
                    continue
                if nodes > max_nodes:
                    raise self._fail("Y106", f"document expands to more than {max_nodes:,} "
                                     "nodes (alias expansion?)", mark)
            elif kind is map_end_t or kind is seq_end_t:
                done = stack.pop()
                value = done[0]
                if done[2] is not None:
                    anchors[done[2]] = (value, nodes - done[3] + 1)
                frame = stack[-1] if stack else None
            elif kind is doc_start_t:
                documents += 1
                if documents > 1:
                    raise self._fail("Y110", "a second YAML document starts here; one "
                                     "document per file", event.start_mark)
                continue
            elif kind is stream_end_t:
                return
            else:
                continue
            # attach ``value`` to its parent
            if frame is None:
                self.result = value
            elif frame[4] is None:
                frame[0].append(value)
            else:
                frame[0][frame[4]] = value
                frame[4] = _NO_KEY

    def _resolve(self, event: Any, path: NodePath) -> Any:
        value: str = event.value
        hidden = _HIDDEN.search(value)
        if hidden is not None:
            raise self._fail("Y121", f"the text holds U+{ord(hidden.group()):04X}, a character "
                             "that cannot be printed or that reorders the text around it "
                             f"(character {hidden.start() + 1} of the value)", event.start_mark,
                             hint="remove it; write a line break as a new line, not an escape")
        tag = event.tag
        if tag is None:
            if not event.implicit[0]:
                return value  # quoted or block scalar: text
            if not value:
                return None
            first = value[0]
            if first in _PLAIN_WORD_START:
                return value
            if first.isalpha():
                ours = _WORDS.get(value, value)
                if value in _YAML11_WORDS:
                    self._compare(event, path, ours, None)
                return ours
            if _SAME_INT.fullmatch(value):
                return self._integer(value, 10, event)
            ours = self._plain(value, event)
            if not _SAME_FLOAT.fullmatch(value):
                self._compare(event, path, ours, None)
            return ours
        if tag == "!" or tag == f"{_TAG}str":
            return value
        ours = self._tagged(value, tag, event)
        self._compare(event, path, ours, tag)
        return ours

    def _plain(self, value: str, event: Any) -> Any:
        """A plain scalar that does not start with a letter, by the 1.2 core schema."""
        if value == "~":
            return None
        if _INT10.fullmatch(value):
            return self._integer(value, 10, event)
        if _INT8.fullmatch(value):
            return self._integer(value[2:], 8, event)
        if _INT16.fullmatch(value):
            return self._integer(value[2:], 16, event)
        if _FLOAT.fullmatch(value) or _NOT_FINITE.fullmatch(value):
            return self._float(value, event)
        return value

    def _tagged(self, value: str, tag: str, event: Any) -> Any:
        """A scalar with an explicit data tag: it must be spelled as 1.2 spells the type."""
        kind = tag.removeprefix(_TAG)
        if kind == "null" and value in _NULLS:
            return None
        if kind == "bool" and value in _WORDS and _WORDS[value] is not None:
            return _WORDS[value]
        if kind == "float" and (_FLOAT.fullmatch(value) or _NOT_FINITE.fullmatch(value)):
            return self._float(value, event)
        if kind == "int" and (_INT10.fullmatch(value) or _INT8.fullmatch(value)
                              or _INT16.fullmatch(value)):
            return self._plain(value, event)
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise self._fail("Y109", f"{shown!r} is not a valid {kind}", event.start_mark)

    def _integer(self, digits: str, base: int, event: Any) -> int:
        unsigned = digits.lstrip("+-").lstrip("0")
        number = int(digits, base) if len(unsigned) <= _MAX_DIGITS else None
        if number is None or abs(number) > self.limits.max_int:
            raise self._fail("Y109", f"integer {event.value[:40]} is out of range (at most "
                             "2^53 in size)", event.start_mark)
        return number

    def _float(self, value: str, event: Any) -> float:
        number = math.inf if _NOT_FINITE.fullmatch(value) else float(value)
        if not math.isfinite(number):
            raise self._fail("Y109", f"{value[:40]!r} is not a finite number", event.start_mark)
        return number

    def _compare(self, event: Any, path: NodePath, ours: Any, tag: str | None) -> None:
        """Warn (Y120) when a YAML 1.1 tool would read this scalar as something else."""
        theirs = yaml11.yaml11_reading(event.value, tag)
        if yaml11.same_reading(ours, theirs):
            return
        key = path[-1] if path and isinstance(path[-1], str) else None
        message, hint = yaml11.difference_note(event.value, ours, theirs, key)
        self.warnings.append(warning("Y120", message, self._loc(event.start_mark), hint=hint))
