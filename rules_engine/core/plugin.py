"""The game plug-in protocol: everything samizdat needs to know about one game.

A game is a package that exports a :class:`GamePlugin` (the shipped ones in
``rules_engine/<game>/plugin.py``; another package registers one under the entry-point
group ``samizdat.games``, see :mod:`rules_engine.games`). The plug-in declares its id
and title, its content sections and model builder, its campaign facts, its verb
table, its lint rules, its simulation, its compiled modules, and where its data
(schemas, templates) lives when that is not samizdat's own folders.

Games never import the compiler: what is printed (card faces, the tables the rules
reference, the cells the mats show) is named by a ``"module:attribute"`` string that
the compiler imports when it prints the game, and is worded through the
:class:`rules_engine.core.printed.Wording` the compiler hands those functions; its
scaffolds (``samizdat new <kind>``) are :class:`rules_engine.core.scaffold.Scaffold`\\ s
named the same way. See docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_engine.core.content import CampaignContent, ContentSet, Section
from rules_engine.core.diagnostics import Diagnostic, Location

Chart = tuple[str, list[tuple[str, float]]]
"""One chart of a simulation report: its title and ``(label, value)`` bars."""


class OptionError(ValueError):
    """A simulate option the content cannot honour (a campaign it lacks...): the CLI
    reports it as a usage error of ``option`` (e.g. ``--campaign``)."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


@dataclass(frozen=True)
class SimOption:
    """One option of ``samizdat simulate`` that only a game reads.

    ``name`` is the Python name (``tyranny_first``); the flag is ``--tyranny-first``.
    A ``flag`` is a switch; ``choices`` restrict a text value; ``int_range`` makes an
    integer option (inclusive bounds). Two games may declare the same option: the CLI
    shows the first declaration and hands the value to each."""

    name: str
    help: str
    default: Any = None
    flag: bool = False
    choices: tuple[str, ...] = ()
    int_range: tuple[int, int] | None = None
    show_default: bool = False

    @property
    def flag_name(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Variants:
    """Play the games once per value of one engine option (same seeds each time) and
    report each run under ``report_key`` beside their sum."""

    option: str
    values: tuple[str, ...]
    report_key: str


@dataclass(frozen=True)
class Tracked:
    """One figure of the games a sweep or a balance diff measures, read from each
    game's counters: the share of games whose counter ``key`` is above 0. ``metric``
    says what it measures ("azadi rate", "use", "completion", ...); ``item`` names the
    card (or country) it is about, as printed ("" for the game as a whole), and
    ``location`` where that item is defined, for the findings that point at it."""

    metric: str
    key: str
    item: str = ""
    location: Location | None = None


@dataclass(frozen=True)
class SimulationSpec:
    """How ``samizdat simulate <game>`` plays and reports a game.

    ``setup`` names the engine's ``setup(seed, content=..., bots=..., **options)`` as
    ``"module:function"``. ``check_seats`` returns None for an acceptable ``--bots``
    list, else what is expected (said as a usage error). ``engine_options`` turns the
    model and the values of the game's own :class:`SimOption`\\ s into the options
    handed to ``setup`` (raising :class:`OptionError`); ``folds`` gives the game's
    own report folds (objects with ``add(record)``, ``merge`` and ``result()`` as
    :class:`rules_engine.core.simulate.Summary`); ``report_fields`` the figures the
    options add to the report; ``report_lines`` the game's own lines of the text
    report (given the report and the model, to name what the report's keys stand
    for); ``charts`` its own charts, and ``charted`` the report keys they show
    (left out of the report's table of figures). ``seats`` is how many seats one bot
    name (``--bots greedy``) fills when ``--players`` does not say."""

    setup: str
    check_seats: Callable[[tuple[str, ...]], str | None]
    bots_help: str = ""
    seats: int = 2
    options: tuple[SimOption, ...] = ()
    engine_options: Callable[[Any, Mapping[str, Any]], tuple[tuple[str, Any], ...]] | None \
        = None
    variants: Callable[[Mapping[str, Any]], Variants | None] | None = None
    folds: Callable[[Any, Mapping[str, Any]], list[Any]] | None = None
    report_fields: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    replay_options: tuple[tuple[str, Any], ...] = ()
    seat_names: tuple[str, ...] = ()
    report_lines: Callable[[Mapping[str, Any], Any], list[str]] | None = None
    charts: Callable[[Mapping[str, Any]], list[Chart]] | None = None
    charted: tuple[str, ...] = ()
    tracked: Callable[[Any, Mapping[str, Any]], list[Tracked]] | None = None

    def seat_labels(self, seats: int) -> tuple[str, ...]:
        """How reports name ``seats`` seats: the game's seat names when they fit,
        else P1, P2, ..."""
        if len(self.seat_names) == seats:
            return self.seat_names
        return tuple(f"P{n + 1}" for n in range(seats))


@dataclass(frozen=True)
class GamePlugin:
    """What the compiler needs to know about one game (see the module's docstring).

    The first four fields are the content side: ``sections`` (the top-level keys of
    its content files and their schemas), ``build_model`` (validated content to the
    game's model, with the references that do not resolve) and ``campaign_facts``
    (what other content checks or shows of a campaign: ``"unique:<kind>"`` values no
    two campaigns may share, and anything else cards of the game folder print of it;
    a game that gives none never gets campaign-sized rebuilds, see
    :mod:`compiler.pipeline.incremental`). The printed side is named by ``"module:attribute"``
    strings, each function also given the game's
    :class:`~rules_engine.core.printed.Wording`: ``faces`` a function ``(model,
    wording) -> card faces``, ``tables`` a mapping from the table names its rules data
    uses to functions ``(model, parameters, wording) -> (caption, header, rows)``,
    ``mat_cells`` a mapping from the ``source:`` names its mats use to functions
    ``(model, wording) -> cells``. ``scaffolds`` maps each kind of ``samizdat new
    <kind>`` to the :class:`~rules_engine.core.scaffold.Scaffold` that writes it.
    ``data_folder`` holds ``schemas/<id>/``, ``templates/<id>/`` and the shipped
    content ``cards/<id>/`` for a game outside samizdat's own folders (None:
    samizdat's)."""

    id: str
    sections: tuple[Section, ...]
    build_model: Callable[[ContentSet], tuple[Any, list[Diagnostic]]]
    campaign_facts: Callable[[CampaignContent], dict[str, list[str]]] | None = None
    title: str = ""
    verbs: Any = None                    # its verb table (rules_engine.core.verbs.VerbTable)
    lint_rules: tuple[str, ...] = ()     # module names of its lint rules, in running order
    faces: str = ""                      # "module:function": (model, wording) -> faces
    tables: str = ""                     # "module:mapping": table name -> function
    mat_cells: str = ""                  # "module:mapping": mat source name -> function
    simulation: SimulationSpec | None = None
    native_modules: tuple[str, ...] = ()  # compiled by `samizdat native build`
    scaffolds: Mapping[str, str] = field(default_factory=dict)  # kind -> "module:Scaffold"
    data_folder: Path | None = None
    facts_module: str = ""   # the module beside whose file its source_facts.yaml lies

    def section(self, name: str) -> Section | None:
        for s in self.sections:
            if s.name == name:
                return s
        return None


def named(reference: str) -> Any:
    """The object a ``"package.module:attribute"`` string names (imported now)."""
    module, _, attribute = reference.partition(":")
    found = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found
