"""How older (YAML 1.1) tools read a scalar, and the warning when that differs
from what samizdat reads (the YAML 1.2 core schema).

samizdat reads content as YAML 1.2 says, but content is also opened by editors,
linters and scripts that still follow YAML 1.1 (PyYAML's ``yaml.safe_load``, for
one): there ``010`` is 8, ``1:00`` is 60, ``no`` is false and ``2024-01-31`` is a
date. :func:`yaml11_reading` gives the 1.1 reading of a text (PyYAML's resolver and
constructor, plus the single-letter booleans ``y``/``n`` that the 1.1 type
repository lists and PyYAML leaves out); :func:`difference_note` words the warning
and its hint when the two readings are not the same value of the same type.

Only the loader calls this, and only for the few scalars whose two readings can
differ (see ``compiler.frontend.yaml_loader``), so it stays off the hot path.
"""

from __future__ import annotations

import datetime
from typing import Any

import yaml

_TAG = "tag:yaml.org,2002:"
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_SHORT_BOOLS = {"y": True, "Y": True, "n": False, "N": False}


class Unreadable:
    """A 1.1 reading that fails: the text looks like a ``kind`` but is not one."""

    def __init__(self, kind: str) -> None:
        self.kind = kind


class Text(str):
    """A 1.1 reading that is plain text (kept apart from readings that are values)."""


def yaml11_reading(text: str, tag: str | None = None) -> Any:
    """What a YAML 1.1 tool makes of ``text``: a plain scalar when ``tag`` is None,
    else one with that explicit ``tag:yaml.org,2002:`` tag.

    Returns a :class:`Text`, None, a bool, an int, a float, a date or datetime, or an
    :class:`Unreadable` when a 1.1 tool would fail on it.
    """
    if tag is None:
        if text in _SHORT_BOOLS:
            return _SHORT_BOOLS[text]
        tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    kind = tag.removeprefix(_TAG)
    if kind not in ("null", "bool", "int", "float", "timestamp"):
        return Text(text)  # str, merge keys, value keys
    node = yaml.ScalarNode(tag, text)
    try:
        return _CONSTRUCTOR.construct_object(node, deep=True)
    except (ValueError, KeyError, OverflowError, yaml.constructor.ConstructorError):
        return Unreadable("date" if kind == "timestamp" else kind)


def same_reading(ours: Any, theirs: Any) -> bool:
    """Whether samizdat's value ``ours`` is what the 1.1 reading ``theirs`` gives."""
    if isinstance(theirs, Text):
        return isinstance(ours, str)
    if isinstance(theirs, Unreadable) or isinstance(ours, str):
        return False
    return type(ours) is type(theirs) and bool(ours == theirs)


def written(value: Any) -> str:
    """``value`` written the way both YAML versions read it back as that value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        shown = repr(value)
        mantissa, _, exponent = shown.partition("e")
        if exponent and "." not in mantissa:
            shown = f"{mantissa}.0e{exponent}"  # 1.1 floats need a point
        return shown
    return str(value)


def quoted(text: str) -> str:
    """``text`` as a single-quoted YAML scalar (for hints)."""
    return "'" + text.replace("'", "''") + "'"


def _described(value: Any) -> str:
    if isinstance(value, Unreadable):
        return f"a malformed {value.kind} and fail"
    if isinstance(value, str):
        return f"the text {quoted(value)}"
    if isinstance(value, datetime.datetime):
        return f"the date and time {value.isoformat()}"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, bool):
        return f"the boolean {written(value)}"
    return repr(value)


def difference_note(text: str, ours: Any, theirs: Any, key: str | None) -> tuple[str, str]:
    """The warning's message and hint for ``text`` (written under ``key``, if in a
    mapping), read as ``ours`` by samizdat and as ``theirs`` by YAML 1.1 tools."""
    shown = f"{key}: {text}" if key is not None else text
    message = (f"`{shown}` is read as {_described(ours)} (YAML 1.2); older YAML tools "
               f"read it as {_described(theirs)}")
    if not isinstance(ours, str):
        hint = f"write {written(ours)} or quote it ({quoted(text)})"
    elif isinstance(theirs, (Unreadable, datetime.date, Text)):
        hint = f"quote it ({quoted(text)})"
    else:
        hint = f"quote it ({quoted(text)}) or write {written(theirs)}"
    return message, hint
