"""Fast deep copies of game states.

``copy.deepcopy`` pays for generality (the reduce protocol, a memo entry per
object) on every clone; a state is mostly counters, lists, sets and plain
dataclasses of small values, next to large immutable content. :func:`fast_copy`
copies exactly that shape: immutable values (numbers, strings, tuples and frozen
dataclasses, which a game never changes) are shared; counters, dicts, lists and sets
are copied with their items copied the same way; plain objects get a copied
``__dict__``, and instances of classes compiled by mypyc (which have none) a copy of
each attribute; anything else falls back to ``copy.deepcopy``. Objects reached twice
are copied once (aliasing is kept), and objects whose ids are in ``shared`` (the
content) are never copied.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from typing import Any

_ATOMIC = (int, float, str, bool, bytes, type(None), range)
_KEEP_ALIVE = 0         # the memo's key for the originals it must keep alive (no id is 0)


def _immutable(value: Any) -> bool:
    kind = type(value)
    if kind in _ATOMIC or kind is frozenset:
        return True
    if kind is tuple:
        return all(_immutable(v) for v in value)
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and params.frozen


def fast_copy(value: Any, shared: dict[int, Any], memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of ``value`` sharing immutable parts and ``shared`` objects."""
    memo = {} if memo is None else memo
    return _copy(value, shared, memo)


def _copy(value: Any, shared: dict[int, Any], memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind in _ATOMIC:
        return value
    key = id(value)
    if key in shared:
        return value
    found = memo.get(key)
    if found is not None:
        return found
    if _immutable(value):
        return value
    result: Any
    if kind is Counter:
        result = Counter()
        memo[key] = result
        for k, v in value.items():
            result[k] = v if type(v) in _ATOMIC else _copy(v, shared, memo)
    elif kind is dict:
        result = {}
        memo[key] = result
        for k, v in value.items():
            result[k] = v if type(v) in _ATOMIC else _copy(v, shared, memo)
    elif kind is list:
        result = []
        memo[key] = result
        result.extend(v if type(v) in _ATOMIC else _copy(v, shared, memo) for v in value)
    elif kind is tuple:                   # a tuple holding something mutable
        result = tuple(v if type(v) in _ATOMIC else _copy(v, shared, memo) for v in value)
        memo[key] = result
        # A compiled class stores a fixed-length tuple unboxed and makes a new tuple
        # object at every read: keep this one alive while the copy runs, or a later
        # read could get its id and, through the memo, this copy (as copy.deepcopy's
        # _keep_alive does).
        memo.setdefault(_KEEP_ALIVE, []).append(value)
    elif kind is set:
        result = set(value) if all(_immutable(v) for v in value) else \
            copy.deepcopy(value, dict(memo))
        memo[key] = result
    elif kind is random.Random:
        result = random.Random(0)
        result.setstate(value.getstate())
        memo[key] = result
    elif (names := _NATIVE.get(kind, ())) or hasattr(kind, "__mypyc_attrs__"):
        result = _copy_native(value, kind, names, shared, memo)
    elif dataclasses.is_dataclass(value) or hasattr(value, "__dict__") and \
            not callable(value) and kind.__module__ != "builtins":
        result = object.__new__(kind)
        memo[key] = result
        if not hasattr(value, "__dict__"):          # a dataclass with slots
            for field in dataclasses.fields(value):
                v = getattr(value, field.name)
                object.__setattr__(result, field.name,
                                   v if type(v) in _ATOMIC else _copy(v, shared, memo))
            return result
        state = result.__dict__
        for k, v in value.__dict__.items():
            state[k] = v if type(v) in _ATOMIC else _copy(v, shared, memo)
    else:
        result = copy.deepcopy(value)
        memo[key] = result
    return result


_NATIVE: dict[type, tuple[str, ...]] = {}
"""The attributes of each class compiled by mypyc (see :mod:`rules_engine.native`)."""


def _copy_native(value: Any, kind: type, names: tuple[str, ...], shared: dict[int, Any],
                 memo: dict[int, Any]) -> Any:
    """A copy of an instance of a compiled class: one made without ``__init__`` (its
    class is ``serializable``), with each attribute set (unset ones stay unset)."""
    if not names:
        names = _NATIVE[kind] = tuple(n for n in kind.__mypyc_attrs__  # type: ignore[attr-defined]
                                      if n != "__dict__")
    blank: Any = kind
    result = blank.__new__(kind)
    memo[id(value)] = result
    for name in names:
        try:
            v = getattr(value, name)
        except AttributeError:
            continue
        setattr(result, name, v if type(v) in _ATOMIC else _copy(v, shared, memo))
    extra = getattr(value, "__dict__", None)
    if extra:
        for k, v in extra.items():
            setattr(result, k, v if type(v) in _ATOMIC else _copy(v, shared, memo))
    return result
