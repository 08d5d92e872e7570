"""Native builds of samizdat's hot modules, compiled with mypyc: the rules engines',
and the compiler's YAML loading and card text.

These are plain, typed Python and run as such everywhere. ``samizdat
native build`` compiles the modules in :data:`MODULES` with mypyc (a
C compiler is needed) into extension modules beside their sources; Python imports
an extension before a source of the same name, so simulations, lints and builds then
run the compiled code: the same games, move for move, and the same PDFs, byte for
byte, several times faster. (:mod:`compiler` imports :mod:`rules_engine` first, so
the guard below has run before any compiled compiler module is imported.)

A native module built from another source than the one now beside it would play
stale rules. So the build records each source's SHA-256 in ``_native.json``, and
:func:`guard` (run when :mod:`rules_engine` is imported) checks them: if any source
changed, or the record is missing, no compiled module is used (their sources are
imported instead) and a warning says to rebuild. ``status`` tells what is in use;
``clean`` removes the native modules; ``SAMIZDAT_NATIVE=0`` runs the sources.

Hashing every source on every start costs time, so the record also keeps each
source's stamp at build time (size, ``mtime_ns`` and inode, see :func:`stamp_of`):
a source whose stamp is unchanged is taken as unchanged, and only a source whose
stamp differs (edited, touched, copied, checked out again) is hashed and compared.

    samizdat native build|status|clean

What code in a compiled module must do (mypyc makes its classes C types):

* A class whose instances are copied (``clone``, ``copy.deepcopy``) or pickled (to
  worker processes) is marked ``@mypyc_attr(serializable=True)``; one that also has
  its own ``__init__`` adds ``allow_interpreted_subclasses=True``, or mypyc would skip
  that ``__init__`` when Python code creates an instance.
* Frozen dataclasses cannot be restored field by field: the module calls
  :func:`register_frozen` at its end so pickle and copy rebuild them by constructor.
* No ``vars()`` or ``__dict__`` on instances (``__mypyc_attrs__`` lists the
  attributes), and no monkeypatching of the module's functions.

tests/test_native.py plays games of every engine both ways and requires the same
records and logs, and builds every deck both ways and requires the same PDFs.
"""

from __future__ import annotations

import copyreg
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = Path(__file__).resolve().parent
RECORD = PACKAGE / "_native.json"
SHARED = "rules_engine._native"      # mypyc's runtime library for the group

CORE_MODULES: tuple[str, ...] = (
    "rules_engine.core.game",
    "rules_engine.core.effects",
    "rules_engine.core.identity_cache",
    "rules_engine.core.simulate",
    "rules_engine.core.cloning",
    "rules_engine.core.search",
)
COMPILER_MODULES: tuple[str, ...] = (
    "compiler.frontend.yaml_loader",
    "compiler.typeset.richtext",
)


def _game_modules() -> tuple[str, ...]:
    """The compiled modules each shipped game's plug-in declares (``native_modules``;
    its plug-in module imports none of them). Games installed from other packages
    run their sources: the build compiles only samizdat's own packages."""
    found: list[str] = []
    for plugin in sorted(PACKAGE.glob("*/plugin.py")):
        if plugin.parent.name == "core":        # the protocol, not a game
            continue
        module = importlib.import_module(f"rules_engine.{plugin.parent.name}.plugin")
        found += [m for m in module.PLUGIN.native_modules if m.startswith("rules_engine.")]
    return tuple(found)


MODULES: tuple[str, ...] = (*CORE_MODULES, *_game_modules(), *COMPILER_MODULES)
"""What is compiled: the game API and runner, each engine's rules and bots, and the
compiler's two inner loops: YAML events to data, and card text (parse, fit, draw)."""

_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]     # e.g. .cpython-311-x86_64-linux-gnu.so


def source_of(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def native_of(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_name(
        module.rsplit(".", 1)[-1] + _SUFFIX)


def digest(path: Path) -> str:
    import hashlib  # here: a start whose stamps all match hashes nothing

    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamp_of(path: Path) -> list[int] | None:
    """``[size, mtime_ns, inode]`` of ``path`` (None when it cannot be read): what
    changes when a file is edited, touched, replaced or copied."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def recorded() -> dict[str, Any]:
    """Each module's entry at the last build ({} when there is none): a mapping with
    the source's ``sha256`` and ``stamp``, or (records of older builds) the digest
    alone."""
    try:
        found = json.loads(RECORD.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _unchanged(module: str, entry: Any) -> bool:
    """The source of ``module`` is the one its entry was recorded from: same stamp,
    or else the same SHA-256."""
    source = source_of(module)
    if isinstance(entry, dict):
        if entry.get("stamp") is not None and entry.get("stamp") == stamp_of(source):
            return True
        entry = entry.get("sha256")
    try:
        return isinstance(entry, str) and entry == digest(source)
    except OSError:
        return False


def up_to_date() -> bool:
    """Every module compiled, from the sources now beside it."""
    record = recorded()
    return set(record) == set(MODULES) and all(
        native_of(m).exists() and _unchanged(m, record[m]) for m in MODULES)


def stale() -> list[str]:
    """Compiled modules whose source changed since the build (all of them when the
    record is missing or names another set of modules)."""
    present = [m for m in MODULES if native_of(m).exists()]
    if not present:
        return []
    record = recorded()
    if set(record) != set(MODULES):
        return present
    return [m for m in MODULES if not _unchanged(m, record[m])]


class _SourcesFirst:
    """Imports the compiled modules from their ``.py`` sources."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def guard() -> None:
    """Use no compiled module if any is stale (see the module's docstring), or if the
    environment sets ``SAMIZDAT_NATIVE=0``."""
    if any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        return
    if os.environ.get("SAMIZDAT_NATIVE") == "0":
        sys.meta_path.insert(0, _SourcesFirst())
        return
    changed = stale()
    if changed:
        sys.meta_path.insert(0, _SourcesFirst())
        warnings.warn(f"samizdat: the native engine modules are out of date ({changed[0]} "
                      "changed); running the Python sources. Rebuild with "
                      "`samizdat native build`.", RuntimeWarning, stacklevel=2)


def register_frozen(module_name: str) -> None:
    """Let pickle and copy rebuild the frozen dataclasses of ``module_name`` through
    their constructor. A compiled frozen dataclass cannot be restored field by field
    (its fields refuse assignment), so each compiled module holding some calls this
    at its end; for the Python sources it changes nothing that matters."""
    import dataclasses

    module = sys.modules[module_name]
    for value in list(vars(module).values()):
        params = getattr(value, "__dataclass_params__", None)
        if isinstance(value, type) and value.__module__ == module_name and \
                params is not None and params.frozen and \
                all(f.init for f in dataclasses.fields(value)):
            copyreg.pickle(value, _rebuild)


def _rebuild(value: Any) -> tuple[type, tuple[Any, ...]]:
    import dataclasses

    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


def in_use() -> list[str]:
    """The modules that run compiled in this process (importing them)."""
    used = []
    for module in MODULES:
        loaded = importlib.import_module(module)
        if str(getattr(loaded, "__file__", "")).endswith(_SUFFIX):
            used.append(module)
    return used


def clean() -> None:
    """Remove every extension module a build put in the packages, those of modules
    no longer compiled (or deleted since) included: a shim left beside no source
    would still be imported, and fail against the new shared library."""
    for module in MODULES:
        native_of(module).unlink(missing_ok=True)
    for package in sorted({m.split(".")[0] for m in MODULES}):
        for leftover in (PACKAGE.parent / package).rglob(f"*{_SUFFIX}"):
            leftover.unlink()
    for leftover in PACKAGE.glob("_native__mypyc*"):
        leftover.unlink()
    RECORD.unlink(missing_ok=True)


def build(jobs: int = 2) -> None:
    """Compile :data:`MODULES` and record their sources' digests and stamps (taken
    before compiling, so that a source edited meanwhile counts as changed)."""
    clean()
    digests: dict[str, dict[str, Any]] = {}
    for m in MODULES:
        stamp = stamp_of(source_of(m))          # first: an edit after it changes the stamp
        digests[m] = {"stamp": stamp, "sha256": digest(source_of(m))}
    _compile(jobs)
    RECORD.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


# the type checker's settings for compiling: an installed package has no pyproject.toml,
# and may lack type stubs (a library without them is typed Any, as mypyc allows)
MYPY_CONFIG = """[mypy]
python_version = 3.11
ignore_missing_imports = True
"""


def _compile(jobs: int) -> None:
    """Compile in a private copy of the two packages, then put the extension modules
    beside their sources. (mypyc names modules by their paths relative to the folder
    it runs in; in an installed package that folder would be ``site-packages``, whose
    other top-level modules, ``typing_extensions`` among them, would shadow the
    libraries of the same names.)"""
    import shutil
    import tempfile

    from mypyc.build import mypycify
    from setuptools import Distribution

    root = PACKAGE.parent
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="samizdat-native-") as work:
        tree = Path(work) / "src"
        for package in sorted({m.split(".")[0] for m in MODULES}):
            shutil.copytree(root / package, tree / package,
                            ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
        config = Path(work) / "mypy.ini"
        config.write_text(MYPY_CONFIG, encoding="utf-8")
        os.chdir(tree)
        try:
            extensions = mypycify(["--config-file", str(config),
                                   *(str(source_of(m).relative_to(root)) for m in MODULES)],
                                  target_dir=str(Path(work) / "c"), group_name=SHARED)
            dist = Distribution({"name": "samizdat-native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.inplace = True
            command.parallel = jobs
            command.build_temp = str(Path(work) / "temp")
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        shared = PACKAGE / f"{SHARED.rsplit('.', 1)[-1]}__mypyc{_SUFFIX}"   # the group's
        for target in [*(native_of(m) for m in MODULES), shared]:
            shutil.copy2(tree / target.relative_to(root), target)
