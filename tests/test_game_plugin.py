"""A fourth game is four folders: a throw-away package registers a copy of Spring as
``spring2`` under the entry-point group ``samizdat.games`` (a ``*.dist-info`` folder on
PYTHONPATH, so importlib.metadata finds it without pip), with its own engine, lint
rules, card faces, schemas, templates and content, as docs/adding-a-game.md says;
``samizdat`` validates, lints, builds and simulates it through the CLI, and nothing
outside the copy is edited."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.frontend.validate import validate
from tests.conftest import CARDS, REPO

PACKAGE = "spring2_plugin"

PLUGIN = '''"""spring2: a copy of Spring registered as a plug-in."""

from pathlib import Path

from rules_engine.core.content import ContentSet, Section
from rules_engine.core.plugin import GamePlugin, SimOption, SimulationSpec

SECTIONS = (
    Section("game", "spring2/game", "game", single=True),
    Section("countries", "spring2/country", "country"),
    Section("spaces", "spring2/space", "space"),
    Section("cards", "spring2/card", "card"),
)


def build_model(content: ContentSet):
    from spring2_plugin.build import build

    return build(content)


def check_seats(seats):
    if not 2 <= len(seats) <= 6 or any(b != "random" for b in seats):
        return "2 to 6 seats of: random"
    return None


PLUGIN = GamePlugin(
    "spring2", SECTIONS, build_model, title="Spring 2", verbs="spring2_plugin.verbs:TABLE",
    lint_rules=tuple(f"spring2_plugin.lint.{name}" for name in (
        "radicalisable", "resistance_force", "text_drift", "stalls", "seat_balance")),
    faces="spring2_plugin.faces:faces", tables="spring2_plugin.tables:TABLES",
    mat_cells="spring2_plugin.mats:SOURCES",
    simulation=SimulationSpec(
        setup="spring2_plugin.simulation:setup", check_seats=check_seats,
        options=(SimOption("label", "Spring 2: a label the report carries.", "none",
                           show_default=True),),
        report_fields=lambda values: {"label": values["label"]}),
    scaffolds={"variant": "spring2_plugin.scaffold:VARIANT"},
    data_folder=Path(__file__).resolve().parent / "data")
'''

SCAFFOLD = '''"""spring2's `samizdat new variant`: a note on the shipped deck."""

from rules_engine.core.scaffold import DraftFile, Scaffold, ScaffoldError, ScaffoldOption


def check(variant_id, options):
    if options["by"] == "nobody":
        raise ScaffoldError("variant by: expected somebody")


def files(variant_id, options, base):
    note = {"id": variant_id, "by": options["by"], "cards": len(base.cards)}
    return {"variant.yaml": DraftFile("# a variant of Spring 2\\n", "variant", note)}


VARIANT = Scaffold(help="Write a Spring 2 variant note ID.", longest_suffix="-x",
                   example="my-variant", options=(ScaffoldOption("by", "Who made it."),),
                   check=check, files=files)
'''


def _copy_text(source: Path, target: Path, *swaps: tuple[str, str]) -> None:
    text = source.read_text(encoding="utf-8")
    for old, new in swaps:
        text = text.replace(old, new)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def _install(root: Path, entry_points: str) -> Path:
    """A folder for PYTHONPATH holding a distribution's metadata with ``entry_points``."""
    site = root / "site"
    info = site / "spring2_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spring2-plugin\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return site


def make_spring2(root: Path) -> tuple[Path, Path]:
    """The package (in a folder for PYTHONPATH) and the content folder of spring2."""
    site = _install(root, f"[samizdat.games]\nspring2 = {PACKAGE}.plugin:PLUGIN\n")
    package = site / PACKAGE
    engine = ("rules_engine.spring", PACKAGE)
    # 1. the engine and what it prints (faces, tables, mats): every module of
    #    rules_engine/spring but its plug-in
    for source in sorted((REPO / "rules_engine" / "spring").rglob("*.py")):
        relative = source.relative_to(REPO / "rules_engine" / "spring")
        if relative != Path("plugin.py"):
            _copy_text(source, package / relative, engine,
                       ('GAME = "spring"', 'GAME = "spring2"'))
    # 2. (the printed faces, tables and mats came with 1.)
    # 3. the plug-in, and a scaffold of its own
    (package / "plugin.py").write_text(PLUGIN, encoding="utf-8")
    (package / "scaffold.py").write_text(SCAFFOLD, encoding="utf-8")
    # 4. the schemas and templates, in the plug-in's data folder
    for source in sorted((REPO / "schemas" / "spring").glob("*.json")):
        _copy_text(source, package / "data" / "schemas" / "spring2" / source.name,
                   ("/schemas/spring/", "/schemas/spring2/"))
    shutil.copytree(REPO / "templates" / "spring", package / "data" / "templates" / "spring2")
    # 5. the content
    content = root / "content" / "spring2"
    shutil.copytree(CARDS / "spring", content)
    _copy_text(content / "game.yaml", content / "game.yaml", ("\n  id: spring\n",
                                                               "\n  id: spring2\n"))
    shutil.copytree(content, package / "data" / "cards" / "spring2")   # its shipped content
    return site, content


def samizdat(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PYTHONPATH": f"{site}{os.pathsep}{REPO}", "SAMIZDAT_NATIVE": "0",
                        "SAMIZDAT_CACHE": str(cwd / "cache")}
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def spring2(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    root = tmp_path_factory.mktemp("plugin")
    site, content = make_spring2(root)
    return root, site, content


def test_the_registered_game_validates(spring2: tuple[Path, Path, Path]) -> None:
    root, site, content = spring2
    done = samizdat(site, root, "validate", "content/spring2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0, warnings 0" in done.stdout
    assert re.search(r"summary: files 2, cards \d+", done.stdout), done.stdout


def test_the_copy_checks_content_against_its_own_schemas(
        spring2: tuple[Path, Path, Path]) -> None:
    root, site, content = spring2
    broken = root / "broken" / "spring2"
    shutil.copytree(content, broken)
    manifest = broken / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("\n  players: {min: 2, max: 6}",
                                     "\n  players: {min: two, max: 6}"), encoding="utf-8")
    done = samizdat(site, root, "validate", "--format", "json", "broken/spring2")
    assert done.returncode == 1, done.stdout + done.stderr
    found = [(d["code"], d["file"], d["line"], d["column"])
             for d in json.loads(done.stdout)["diagnostics"]]
    line = text[:text.index("players: {min: 2")].count("\n") + 1
    column = text.splitlines()[line - 1].index("2") + 1
    assert found == [("S302", "broken/spring2/game.yaml", line, column)], found


def test_the_registered_game_lints_clean(spring2: tuple[Path, Path, Path]) -> None:
    root, site, _ = spring2
    done = samizdat(site, root, "lint", "--fast", "content/spring2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors 0, warnings 0" in done.stdout


def test_the_registered_game_builds_spring_s_cards(spring2: tuple[Path, Path, Path]) -> None:
    root, site, _ = spring2
    done = samizdat(site, root, "build", "content/spring2", "--cards-only", "--out", "out")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (root / "out" / "spring2" / "common.pdf").is_file(), done.stdout
    shipped = samizdat(site, root, "build", str(CARDS / "spring"), "--cards-only",
                       "--out", "shipped")
    assert shipped.returncode == 0, shipped.stdout + shipped.stderr
    # the same cards, worded by the copy's own phrases and verb table, print the same
    # (the document's title names the game: "spring2 — common")
    copy, original = (_pages(root / folder / "common.pdf")
                      for folder in ("out/spring2", "shipped/spring"))
    assert len(copy) == 18      # the instructions page, its back, 8 sheets of cards
    assert copy[0].startswith("Spring 2: common") and original[0].startswith("Spring: common")
    assert copy[1:] == original[1:]


def test_the_copy_prints_its_tables_and_mats_from_its_own_modules(
        spring2: tuple[Path, Path, Path]) -> None:
    """Nothing of the copy names rules_engine.spring: its faces, tables and mat cells
    are its own modules, and with them it builds Spring's boards and rules tables."""
    root, site, _ = spring2
    package = site / PACKAGE
    assert [p for p in package.rglob("*.py") if "rules_engine.spring" in p.read_text()] == []
    for module in ("faces", "tables", "mats"):
        assert (package / f"{module}.py").is_file(), module
    done = samizdat(site, root, "build", "content/spring2", "--out", "full")
    assert done.returncode == 0, done.stdout + done.stderr
    shipped = samizdat(site, root, "build", str(CARDS / "spring"), "--out", "full-shipped")
    assert shipped.returncode == 0, shipped.stdout + shipped.stderr
    mats = sorted(p.name for p in (root / "full" / "spring2" / "mats").iterdir())
    assert mats and mats == sorted(
        p.name for p in (root / "full-shipped" / "spring" / "mats").iterdir())
    for name in mats:
        assert _pages(root / "full" / "spring2" / "mats" / name) == _pages(
            root / "full-shipped" / "spring" / "mats" / name), name
    rules = (root / "full" / "spring2" / "spring2-rules.html").read_text(encoding="utf-8")
    assert "Revolution spaces" in rules and "The common deck" in rules   # two of its tables


def _pages(pdf: Path) -> list[str]:
    """Each page's text."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def test_the_registered_game_simulates(spring2: tuple[Path, Path, Path]) -> None:
    root, site, _ = spring2
    done = samizdat(site, root, "simulate", "spring2", "--games", "3", "--content",
                    "content/spring2", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    # spring2 declares no seat count (2 by default); the shipped Spring's usual is 4
    shipped = samizdat(site, root, "simulate", "spring", "--games", "3", "--bots",
                       "random,random", "--format", "json")
    assert shipped.returncode == 0, shipped.stderr
    expected = json.loads(shipped.stdout) | {"game": "spring2", "label": "none"}
    assert report == expected
    labelled = samizdat(site, root, "simulate", "spring2", "--games", "3", "--content",
                        "content/spring2", "--label", "trial", "--format", "json")
    assert labelled.returncode == 0, labelled.stderr
    assert json.loads(labelled.stdout) == expected | {"label": "trial"}
    text = samizdat(site, root, "simulate", "spring2", "--games", "3", "--content",
                    "content/spring2")
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("spring2: 3 games from seed 0, bots random,random\n")


def test_the_registered_game_is_a_simulate_choice(spring2: tuple[Path, Path, Path]) -> None:
    root, site, _ = spring2
    done = samizdat(site, root, "simulate", "--help")
    assert done.returncode == 0, done.stderr
    assert "[OPTIONS] {azadi|san|spring|spring2}" in done.stdout
    help_text = " ".join(done.stdout.split())
    assert "--label TEXT Spring 2: a label the report carries. [default: none]" in help_text
    assert "--tyranny-first TEXT AZADI: this Tyranny card id comes up first." in help_text
    assert ("default: the game's usual count, 4 for SHASN: AZADI and Spring, 2 for SAN "
            "and Spring 2)") in help_text


def test_new_dispatches_to_the_scaffolds_plugins_declare(
        spring2: tuple[Path, Path, Path]) -> None:
    """`samizdat new` offers every plug-in's scaffold kinds with their help, and runs
    one on that game's shipped content: the copy's `variant` beside AZADI's `campaign`."""
    root, site, _ = spring2
    listed = samizdat(site, root, "new", "--help")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"campaign +Write an AZADI campaign", listed.stdout), listed.stdout
    assert re.search(r"variant +Write a Spring 2 variant note ID\.", listed.stdout)
    refused = samizdat(site, root, "new", "variant", "v-1", "--by", "nobody")
    assert (refused.returncode, refused.stderr) == (2, "samizdat: variant by: expected "
                                                       "somebody\n")
    bad_id = samizdat(site, root, "new", "variant", "V_1", "--by", "me")
    assert bad_id.returncode == 2
    assert bad_id.stderr.startswith("samizdat: variant id 'V_1': expected lower-case")
    done = samizdat(site, root, "new", "variant", "v-1", "--by", "me", "--into", "drafts")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("wrote drafts/v-1: variant.yaml\n")
    cards = len(validate([CARDS / "spring"]).models["spring"].cards)
    assert (root / "drafts" / "v-1" / "variant.yaml").read_text(encoding="utf-8") == (
        f"# a variant of Spring 2\nvariant:\n  id: v-1\n  by: me\n  cards: {cards}\n")


IMPORT_EVERY_GAME_MODULE = """
import pkgutil, sys
import rules_engine
from rules_engine.games import SHIPPED
names = []
for game in SHIPPED:
    package = __import__(f"rules_engine.{game}", fromlist=["_"])
    names += [m.name for m in pkgutil.walk_packages(package.__path__, f"rules_engine.{game}.")]
for name in names:
    __import__(name)
print(len(names), " ".join(sorted({m.split(".")[0] for m in sys.modules}
                                  & {"compiler", "jinja2"})))
"""


def test_no_game_module_imports_the_compiler_or_jinja2() -> None:
    """Games print through the Wording the compiler hands them: importing every module
    of every shipped game (engines, lint rules, faces, tables, mats, scaffolds) loads
    neither :mod:`compiler` nor jinja2."""
    done = subprocess.run([sys.executable, "-c", IMPORT_EVERY_GAME_MODULE], cwd=REPO,
                          capture_output=True, text=True, timeout=300,
                          env=os.environ | {"PYTHONPATH": str(REPO), "SAMIZDAT_NATIVE": "0"})
    assert done.returncode == 0, done.stderr
    count, *loaded = done.stdout.split()
    assert int(count) > 30 and loaded == []


def test_a_plugin_that_does_not_load_is_said_and_spares_the_others(tmp_path: Path) -> None:
    site = _install(tmp_path, "[samizdat.games]\nbroken = nowhere.plugin:PLUGIN\n")
    done = samizdat(site, tmp_path, "simulate", "broken", "--games", "1")
    assert done.returncode == 2
    assert done.stderr == ("samizdat: internal error: PluginError: the game plug-in "
                           "nowhere.plugin:PLUGIN (entry point 'broken' of samizdat.games) "
                           "does not load: ModuleNotFoundError: No module named 'nowhere'\n")
    shipped = samizdat(site, tmp_path, "validate", str(CARDS / "spring"))
    assert shipped.returncode == 0, shipped.stdout + shipped.stderr
