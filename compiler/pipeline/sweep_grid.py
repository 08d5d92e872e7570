"""The grid of ``samizdat sweep``: each ``--vary NAME=VALUES`` read into an
:class:`Axis` of concrete values, and the cells (their cartesian product).

NAME is ``players`` (the seat count), ``bots`` (one bot name filling every seat) or
one of the game's own simulate options (dashes or underscores). VALUES is a comma
list, where an item ``A..B`` is the whole numbers from A to B, or ``all``: every
choice the option has (a ``campaign``: every campaign of the content; ``players``:
every seat count the game takes). Anything else is a usage error of ``--vary``
(:class:`~compiler.pipeline.command_output.Refused`), said before a game is played."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler.pipeline.command_output import Refused
from rules_engine.core.plugin import SimOption, SimulationSpec

PLAYERS = "players"
BOTS = "bots"
SEAT_COUNTS = (2, 8)                 # the seat counts simulate's --players takes
RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")
TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")

Settings = tuple[tuple[str, Any], ...]
"""One cell: (name, value) for each axis, in the axes' order."""


@dataclass(frozen=True)
class Axis:
    """One varied setting and its values, in the order given."""

    name: str
    values: tuple[Any, ...]


def axes(texts: Sequence[str], game: str, spec: SimulationSpec, model: Any) -> tuple[Axis, ...]:
    """The axes of ``--vary`` texts (each ``NAME=VALUES``)."""
    found: list[Axis] = []
    for text in texts:
        name, sep, values = text.partition("=")
        if not sep or not name.strip():
            raise Refused(f"{text!r}: expected NAME=VALUES, e.g. players=2..5", "--vary")
        name = name.strip().replace("-", "_")
        option = _option(name, game, spec)
        if any(axis.name == name for axis in found):
            raise Refused(f"{name} is varied twice: give all its values in one --vary",
                          "--vary")
        found.append(Axis(name, _values(name, values.strip(), option, spec, model)))
    return tuple(found)


def cells(found: Sequence[Axis]) -> list[Settings]:
    """Every combination of the axes' values, the first axis varying slowest."""
    return [tuple(zip((a.name for a in found), combination, strict=True))
            for combination in itertools.product(*(a.values for a in found))]


def label(settings: Settings) -> str:
    """A cell as ``name=value, name=value`` (``all games`` for the one cell of no axes)."""
    return ", ".join(f"{name}={value}" for name, value in settings) or "all games"


def _option(name: str, game: str, spec: SimulationSpec) -> SimOption | None:
    """The game's option ``name`` (None for players and bots)."""
    if name in (PLAYERS, BOTS):
        return None
    for option in spec.options:
        if option.name == name:
            return option
    known = ", ".join((PLAYERS, BOTS, *(o.name.replace("_", "-") for o in spec.options)))
    raise Refused(f"{game} has no setting {name.replace('_', '-')!r}; expected one of: "
                  f"{known}", "--vary")


def _values(name: str, text: str, option: SimOption | None, spec: SimulationSpec,
            model: Any) -> tuple[Any, ...]:
    if not text:
        raise Refused(f"{name}: no values; expected a comma list, A..B or all", "--vary")
    items = [item.strip() for item in text.split(",")]
    if "" in items:
        raise Refused(f"{name}: an empty value in {text!r}", "--vary")
    if "all" in items:
        if items != ["all"]:
            raise Refused(f"{name}: all stands alone (it is every value {name} takes), "
                          f"not in a list", "--vary")
        return _every(name, option, spec, model)
    values: list[Any] = []
    for item in items:
        for value in _expanded(name, item, option):
            if value in values:
                raise Refused(f"{name}: {value} is given twice", "--vary")
            values.append(value)
    return tuple(values)


def _every(name: str, option: SimOption | None, spec: SimulationSpec, model: Any
           ) -> tuple[Any, ...]:
    """``all``: every choice of the option (``all`` itself left out: it is not one)."""
    if name == PLAYERS:
        low, high = SEAT_COUNTS
        return tuple(n for n in range(low, high + 1)
                     if spec.check_seats(("random",) * n) is None)
    if option is not None and option.name == "campaign" and hasattr(model, "campaigns"):
        return tuple(c.id for c in model.campaigns)
    if option is not None and option.choices:
        return tuple(c for c in option.choices if c != "all")
    if option is not None and option.flag:
        return (False, True)
    raise Refused(f"{name}: all needs a list of choices and {name} has none; give its "
                  "values", "--vary")


def _expanded(name: str, item: str, option: SimOption | None) -> list[Any]:
    """One item of a comma list: its value, or the values of an ``A..B`` range."""
    whole = name == PLAYERS or (option is not None and option.int_range is not None)
    if ".." in item:
        found = RANGE.match(item)
        if not whole:
            raise Refused(f"{name}: {item!r} is a range, and {name} is not a whole "
                          "number", "--vary")
        if found is None or int(found.group(1)) > int(found.group(2)):
            raise Refused(f"{name}: bad range {item!r}; expected A..B, whole numbers "
                          "with A <= B", "--vary")
        return [_number(name, n, option)
                for n in range(int(found.group(1)), int(found.group(2)) + 1)]
    if whole:
        try:
            number = int(item)
        except ValueError:
            raise Refused(f"{name}: {item!r} is not a whole number", "--vary") from None
        return [_number(name, number, option)]
    if option is not None and option.flag:
        if item.lower() in TRUE:
            return [True]
        if item.lower() in FALSE:
            return [False]
        raise Refused(f"{name}: {item!r} is neither true nor false", "--vary")
    if option is not None and option.choices and (item not in option.choices or
                                                  item == "all"):
        choices = ", ".join(c for c in option.choices if c != "all")
        raise Refused(f"{name}: {item!r} is not one of {choices} (or all)", "--vary")
    return [item]


def _number(name: str, number: int, option: SimOption | None) -> int:
    low, high = SEAT_COUNTS if option is None or option.int_range is None \
        else option.int_range
    if not low <= number <= high:
        raise Refused(f"{name}: {number} is outside {low}..{high}", "--vary")
    return number
