"""Verb tables: one declaration per verb of a game's effect language.

Each game keeps a :class:`VerbTable` in its own folder (``rules_engine/<game>/verbs.py``).
A :class:`Verb` names its parameters (type, the values the schema accepts, the values
the engine runs, the default), what it needs and changes for the static analyses, the
events it can raise (for the bots' hints), its phrase key and its handler. The
schema's vocabulary, the interpreter's dispatch, the analyses' facts and the phrase
keys come from the table or are checked against it by tests, so a verb or parameter
added in one place and forgotten in another fails the tests.

:meth:`VerbTable.unrunnable` is what ``samizdat validate`` asks of every action a
card prints: a verb without a handler, a parameter the table does not know, or a
value the engine does not run (on this kind of card) is reported as M405 at the
parameter, never skipped in play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

ANY_VALUE = None     # Param.values / Param.runs: every value of the parameter's type


@dataclass(frozen=True)
class Param:
    """One parameter of a verb.

    ``kind`` is the value's type (``count``, ``int``, ``bool``, ``enum``, ``resources``,
    ``areas``...). ``values`` are those the schema accepts (None: any of the type);
    ``runs`` those the engine carries out (None: every accepted one). ``contexts``
    maps a value to the card contexts it needs (for example ``this_zone`` needs a card
    that lies in a zone); a card without that context cannot run the value.
    """

    name: str
    kind: str
    doc: str
    values: tuple[Any, ...] | None = ANY_VALUE
    runs: tuple[Any, ...] | None = ANY_VALUE
    default: Any = None
    contexts: Mapping[Any, str] = field(default_factory=dict)
    # (another parameter, the values of it with which this one means something)
    applies_with: tuple[str, tuple[Any, ...]] | None = None
    # why every value plays the same for a player choosing well (a ruling), if so
    inert: str = ""
    # values with which the action does nothing at all (a player choosing well does none)
    voids: tuple[Any, ...] = ()

    def runnable(self, value: Any, contexts: Iterable[str] = ()) -> str | None:
        """Why the engine cannot run ``value`` here (None: it can)."""
        if self.runs is not None and isinstance(value, list | tuple):
            if not any(v in self.runs for v in value):
                return (f"the engine runs {self.name} only with "
                        f"{', '.join(_shown(v) for v in self.runs)}")
            return None
        if self.runs is not None and _plain(value) not in self.runs:
            return (f"the engine does not run {self.name}: {_shown(value)}"
                    + (f" (it runs {', '.join(_shown(v) for v in self.runs)})"
                       if self.runs else ""))
        needed = self.contexts.get(_plain(value)) if _hashable(value) else None
        if needed is not None and needed not in set(contexts):
            return f"{self.name}: {_shown(value)} needs a card that has {needed}"
        return None


@dataclass(frozen=True)
class Verb:
    """One verb (an action kind) and everything the project says about it."""

    name: str
    doc: str
    params: tuple[Param, ...] = ()
    handler: Callable[..., Any] | None = None
    needs: frozenset[str] = frozenset()       # capabilities a ``forbid`` may remove
    changes: frozenset[str] = frozenset()     # what it changes, for same-moment conflicts
    raises: frozenset[str] = frozenset()      # events it can raise (the bots' hints)
    phrase: str = ""                          # its key in templates/<game>/phrases.yaml
    required: tuple[str, ...] = ()            # parameters the schema requires

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class VerbTable:
    """A game's verbs, by name."""

    game: str
    verbs: Mapping[str, Verb]

    def __post_init__(self) -> None:
        for name, verb in self.verbs.items():
            if name != verb.name:
                raise ValueError(f"verb table of {self.game}: {name!r} holds {verb.name!r}")

    def void(self, verb: str, params: Mapping[str, Any]) -> str | None:
        """The parameter whose value makes one action do nothing at all, if one does."""
        entry = self.verbs.get(verb)
        for param in entry.params if entry is not None else ():
            if param.voids and params.get(param.name) in param.voids:
                return param.name
        return None

    def handlers(self) -> dict[str, Callable[..., Any]]:
        """The interpreter's dispatch: every verb that has a handler."""
        return {n: v.handler for n, v in self.verbs.items() if v.handler is not None}

    def unrunnable(self, verb: str, params: Mapping[str, Any], contexts: Iterable[str] = ()
                   ) -> list[tuple[str | None, str]]:
        """(parameter or None for the verb itself, why) for each part of one action
        the engine cannot run; empty when it runs all of it."""
        entry = self.verbs.get(verb)
        if entry is None:
            return [(None, f"{verb!r} is not a verb of {self.game}")]
        if entry.handler is None:
            return [(None, f"the engine has no handler for {verb}")]
        found: list[tuple[str | None, str]] = []
        contexts = tuple(contexts)
        for name, value in params.items():
            param = entry.param(name)
            if param is None:
                found.append((name, f"{verb} has no parameter {name!r}"))
                continue
            if param.applies_with is not None:
                other, values = param.applies_with
                given = params.get(other, getattr(entry.param(other), "default", None))
                if given not in values:
                    found.append((name, f"{name} means something only with {other}: "
                                  f"{', '.join(_shown(v) for v in values)}"))
                    continue
            why = param.runnable(value, contexts)
            if why is not None:
                found.append((name, why))
        for param in entry.params:       # left out: the default must be one it runs
            if param.name not in params and param.runs is not None and \
                    param.default not in param.runs:
                found.append((None, f"without {param.name}: "
                              f"{', '.join(_shown(v) for v in param.runs)}, the engine does "
                              f"not run {verb}"))
        return found


def _plain(value: Any) -> Any:
    return value


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
