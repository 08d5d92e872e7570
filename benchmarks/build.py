"""Benchmark: build every deck of every game as home sheets; print cards per second.

In the same run, a plain reportlab script draws the same number of cards with
similar content (a frame, a title, a paragraph of text laid out by reportlab's own
Paragraph, 9-up on A4 with a backs page) as the baseline, and the ratio of time per
card is printed, with where a fresh build's time goes step by step (validation,
planning, fitting, drawing, writing), each against the baseline's whole time. Also
times ``--jobs 2``, a second build of unchanged content (which reuses its output), and
a fresh build of every game's cards, mats, rules and aids in a new process with
samizdat's reportlab patches (:mod:`compiler.pdf.patches`) and with plain reportlab
(``SAMIZDAT_PDF_PATCHES=0``), the two interleaved round by round.
Both sides are timed as a new process would run them, imports aside: every fresh
build starts with samizdat's in-memory memos empty (its fonts are loaded again), and
the baseline's time includes loading its fonts. The baseline runs with reportlab as
shipped (samizdat's memos and fast paths out). Compiled phrase templates and the
fonts' parsed metrics stay in ``$SAMIZDAT_CACHE``, as ``.pyc`` files stay.

PNG and vendor images (``--png-only`` runs this part alone): the 300 dpi PNG export
of SAN's biggest deck, :func:`compiler.pdf.sheets.png_pages` on the one-side-a-page
PDF ``--png`` renders from, files written, on one core, as ``--jobs 1`` runs it (one
process, encoding on every core) and as ``--jobs 2`` (the pages split across two
processes), against ``pdftoppm -r 300 -png`` (poppler) on the same PDF file, the
four turn about round by round; faces per second and pdftoppm's time over each of
samizdat's. Without pdftoppm a line says so and that baseline alone is skipped.
Then fresh builds of SAN's cards (five decks, shared out to the deck pool) and of
Spring's (one deck, its pages split across the processes) with ``--png``,
``--print-ready tgc`` (825x1125 faces with bleed) and ``--print-ready mpc``
(822x1122), each with ``--jobs 1`` and ``--jobs 2``, interleaved: PNG faces written
per second, validation and the home sheets included.
Languages (``--lang-only`` runs this part alone): fresh builds of Spring's cards in
English, French (Latin script, glossary and catalogue) and Arabic (shaped, right to
left, mirrored layouts), one process each, interleaved round by round; cards per
second and each language's time over English's (target for Arabic: at most 1.5x).
Prints figures; asserts nothing.

    python benchmarks/build.py [--rounds N] [--patches-only | --png-only | --lang-only]
"""

from __future__ import annotations

import argparse
import io
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compiler.frontend.validate import validate  # noqa: E402
from compiler.pdf import patches as pdf_patches  # noqa: E402
from compiler.pipeline.build import BuildOptions, build  # noqa: E402
from compiler.text.faces import builder  # noqa: E402


def forget_memos() -> None:
    """Empty samizdat's in-memory memos (measured text, parsed markup...), so a timed
    build starts as cold as a fresh ``samizdat build`` process, imports aside."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("compiler", "rules_engine"):
            for value in list(vars(module).values()):
                if not isinstance(value, type) and callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def samizdat(out: Path, jobs: int = 1, fresh: bool = True, extras: bool = False
             ) -> tuple[float, int]:
    if fresh:
        shutil.rmtree(out, ignore_errors=True)
        forget_memos()
    start = time.perf_counter()
    result = build([REPO / "cards"], BuildOptions(out, jobs=jobs, extras=extras))
    elapsed = time.perf_counter() - start
    assert result.errors == 0
    return elapsed, result.cards


STAGES = ("validation", "planning faces", "fitting text", "drawing", "writing PDFs")


def stage_times(out: Path, rounds: int) -> dict[str, float]:
    """Best time of each step of a fresh build (one process), in seconds: validation,
    planning the faces (phrase templates, layouts), fitting the text (with loading the
    fonts, which the first fit does), drawing, and writing the PDFs (reportlab's
    ``save``, taken out of drawing's time)."""
    from reportlab.pdfgen.canvas import Canvas

    import compiler.pipeline.build as build_module

    spent: dict[str, float] = {}
    wrapped = {"load": "validation", "_plan_game": "planning faces",
               "prepare_deck": "fitting text", "render_deck": "drawing"}
    originals = {name: getattr(build_module, name) for name in wrapped}
    original_save = Canvas.save

    def timed(function: Any, stage: str) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[stage] = spent.get(stage, 0.0) + time.perf_counter() - start
        return run

    best: dict[str, float] = {}
    for name, stage in wrapped.items():
        setattr(build_module, name, timed(originals[name], stage))
    Canvas.save = timed(original_save, "writing PDFs")
    try:
        for _ in range(rounds):
            spent.clear()
            samizdat(out)
            spent["drawing"] -= spent.get("writing PDFs", 0.0)
            for stage in STAGES:
                best[stage] = min(best.get(stage, math.inf), spent.get(stage, 0.0))
    finally:
        for name, function in originals.items():
            setattr(build_module, name, function)
        Canvas.save = original_save
    return best


def extras_times() -> dict[str, tuple[float, float, float]]:
    """Per game: seconds for its mats, its rules reference (PDF and HTML), its aid."""
    from compiler.frontend.layouts import LayoutLibrary
    from compiler.pdf.mats import mat_pdf, prepare_mats
    from compiler.pdf.reference import aid_pdf, load_rules, reference_html, reference_pdf

    checked = validate([REPO / "cards"])
    times = {}
    for game, model in sorted(checked.models.items()):
        faces = builder(game)(model)
        start = time.perf_counter()
        mats, _ = prepare_mats(game, model, LayoutLibrary(game, kind="mats"))
        for mat in mats:
            mat_pdf(mat, "a4")
        mats_time = time.perf_counter() - start
        rules, _ = load_rules(game)
        assert rules is not None
        start = time.perf_counter()
        reference_pdf(rules, model, faces)
        reference_html(rules, model, faces)
        reference_time = time.perf_counter() - start
        start = time.perf_counter()
        aid_pdf(rules, model)
        times[game] = (mats_time, reference_time, time.perf_counter() - start)
    return times


def baseline_cards() -> list[tuple[str, str]]:
    """(title, paragraph) for every printed card, from the same content."""
    checked = validate([REPO / "cards"])
    cards = []
    for game, model in sorted(checked.models.items()):
        for face in builder(game)(model):
            title = next((v for k, v in face.front.items() if "title" in k or k == "question"),
                         face.card_id)
            body = " ".join(v for k, v in face.front.items() if v and v != title)
            plain = re.sub(r":[a-z_]+:|\*", "", body)
            cards += [(re.sub(r"\*", "", title), plain)] * face.copies
    return cards


def baseline(cards: list[tuple[str, str]]) -> float:
    """A plain reportlab script: frame, title and a Paragraph per card, 9-up, backs pages.

    Timed from loading its two fonts to the saved PDF, with reportlab exactly as
    shipped (samizdat's memo of compressed streams and its formatting fast paths are
    taken out while it runs)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, Paragraph

    fonts = REPO / "templates" / "fonts"
    pdf_patches.uninstall()               # reportlab as shipped
    start = time.perf_counter()
    # a fresh script loads its fonts, as a fresh samizdat build does (in its timing)
    pdfmetrics.registerFont(TTFont("base-sans", str(fonts / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont("base-serif", str(fonts / "DejaVuSerifCondensed-Bold.ttf")))
    style = ParagraphStyle("body", fontName="base-sans", fontSize=8, leading=10)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1)
    w, h = 63.5 * mm, 88.9 * mm
    left, bottom = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
    for page in range(0, len(cards), 9):
        batch = cards[page:page + 9]
        for side in ("front", "back"):
            for i, (title, text) in enumerate(batch):
                col = i % 3 if side == "front" else 2 - i % 3
                x, y = left + col * w, bottom + (2 - i // 3) * h
                canvas.roundRect(x + 2.5 * mm, y + 2.5 * mm, w - 5 * mm, h - 5 * mm, 2.5 * mm)
                if side == "front":
                    canvas.setFont("base-serif", 11)
                    canvas.drawCentredString(x + w / 2, y + h - 10 * mm, title)
                    frame = Frame(x + 5 * mm, y + 5 * mm, w - 10 * mm, h - 45 * mm,
                                  showBoundary=0)
                    frame.addFromList([Paragraph(text, style)], canvas)
                else:
                    canvas.setFont("base-serif", 14)
                    canvas.drawCentredString(x + w / 2, y + h / 2, "samizdat")
            canvas.showPage()
    canvas.save()
    elapsed = time.perf_counter() - start
    pdf_patches.install()
    return elapsed


def one_fresh_build(out: Path) -> None:
    """In this (new) process: build everything once into ``out`` and print the seconds
    the build took (imports aside; the fonts are loaded inside it)."""
    start = time.perf_counter()
    result = build([REPO / "cards"], BuildOptions(out, jobs=1, extras=True))
    elapsed = time.perf_counter() - start
    assert result.errors == 0
    print(f"{elapsed:.6f}")


def patched_vs_plain(rounds: int) -> tuple[float, float]:
    """Median seconds of a fresh whole build (cards, mats, rules, aids; one job) in a
    new process, with the reportlab patches and with plain reportlab, interleaved."""
    times: dict[str, list[float]] = {"1": [], "0": []}
    with tempfile.TemporaryDirectory(prefix="samizdat-patches-") as folder:
        for round_ in range(rounds + 1):                 # round 0 warms the caches
            for switch in ("1", "0") if round_ % 2 else ("0", "1"):
                out = Path(folder) / f"out-{switch}-{round_}"
                env = os.environ | {"SAMIZDAT_PDF_PATCHES": switch}
                run = subprocess.run([sys.executable, __file__, "--one-build", str(out)],
                                     env=env, capture_output=True, text=True, check=True)
                if round_:
                    times[switch].append(float(run.stdout.split()[-1]))
    return statistics.median(times["1"]), statistics.median(times["0"])


def report_patches(rounds: int) -> None:
    patched, plain = patched_vs_plain(rounds)
    print(f"fresh whole build in a new process ({rounds} interleaved rounds, --jobs 1): "
          f"patched median {patched * 1000:.0f} ms, plain reportlab median "
          f"{plain * 1000:.0f} ms -> plain / patched = {plain / patched:.2f}")


PNG_GAMES = ("san", "spring")
"""The games whose PNG and vendor builds are timed: SAN has five decks of very
different sizes (drawn in the deck pool with ``--jobs 2``), Spring one (drawn in the
main process, its pages rendered by ``--jobs`` processes)."""
PNG_BUILDS = ("png", "tgc", "mpc")


def png_deck(game: str = PNG_GAMES[0]) -> tuple[str, int, bytes]:
    """The biggest deck of ``game`` as ``--png`` renders it: its name, its faces and
    the PDF of one card side per page (:func:`compiler.pdf.sheets.card_pages`)."""
    from compiler.pdf import sheets
    from compiler.pipeline.build import BuildResult, _plan_game, prepare_deck

    checked = validate([REPO / "cards" / game])
    jobs = _plan_game(game, checked.models[game], checked, BuildOptions(Path("unused")),
                      BuildResult())
    job = max(jobs, key=lambda j: len(j.plans))
    cards, _ = prepare_deck(job)
    return job.deck, 2 * len(cards), sheets.card_pages(cards)


def cpu_seconds() -> float:
    """CPU time (user and system) of this process's threads and its ended children."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def samizdat_png(pdf: bytes, folder: Path, jobs: int, threads: int | None = None,
                 busy: list[float] | None = None) -> float:
    """Seconds for :func:`compiler.pdf.sheets.png_pages` at 300 dpi (what ``--png``
    runs) and writing each image to a file in ``folder``, as pdftoppm does; the cores
    it kept busy on average (CPU time over elapsed time) are added to ``busy``."""
    from compiler.pdf import sheets

    folder.mkdir(parents=True, exist_ok=True)
    cpu, start = cpu_seconds(), time.perf_counter()
    for index, data in enumerate(sheets.png_pages(pdf, 300, threads=threads, jobs=jobs)):
        (folder / f"page-{index + 1:03}.png").write_bytes(data)
    elapsed = time.perf_counter() - start
    if busy is not None:
        busy.append((cpu_seconds() - cpu) / elapsed)
    return elapsed


def pdftoppm_png(pdf: Path, folder: Path) -> float:
    """Seconds for ``pdftoppm -r 300 -png`` writing every page of ``pdf`` to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(pdf), str(folder / "page")],
                   check=True)
    return time.perf_counter() - start


def vendor_build(out: Path, game: str, kind: str, jobs: int) -> tuple[float, int]:
    """A fresh build of ``game``'s cards (no mats, rules or aids) with ``--png``
    (``kind`` ``png``) or ``--print-ready kind``: seconds and PNG faces written."""
    shutil.rmtree(out, ignore_errors=True)
    forget_memos()
    options = (BuildOptions(out, jobs=jobs, png=True, extras=False) if kind == "png" else
               BuildOptions(out, jobs=jobs, print_ready=kind, extras=False))
    start = time.perf_counter()
    result = build([REPO / "cards" / game], options)
    elapsed = time.perf_counter() - start
    assert result.errors == 0
    faces = sum(1 for entries in result.files.values() for entry in entries
                if entry["kind"] in ("png", "print-ready-png"))
    return elapsed, faces


def interleaved(steps: dict[str, Any], rounds: int) -> dict[str, float]:
    """Median seconds of each step (a callable returning its seconds), run once to warm
    up, then ``rounds`` times, the order turning each round."""
    names = list(steps)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(rounds + 1):
        turn = round_ % len(names)
        for name in names[turn:] + names[:turn]:
            seconds = steps[name]()
            if round_:
                times[name].append(seconds)
    return {name: statistics.median(found) for name, found in times.items()}


def language_build(out: Path, lang: str) -> float:
    """Seconds of a fresh build of Spring's cards in ``lang`` (one process)."""
    shutil.rmtree(out, ignore_errors=True)
    forget_memos()
    start = time.perf_counter()
    result = build([REPO / "cards" / "spring"],
                   BuildOptions(out, jobs=1, extras=False, langs=(lang,)))
    elapsed = time.perf_counter() - start
    assert result.errors == 0, [d.message for d in result.diagnostics[:3]]
    return elapsed


def report_languages(rounds: int) -> None:
    out = Path(tempfile.mkdtemp(prefix="samizdat-bench-lang-"))
    try:
        cards = build([REPO / "cards" / "spring"],
                      BuildOptions(out / "count", jobs=1, extras=False)).cards
        times = interleaved({lang: (lambda lang=lang: language_build(out / lang, lang))
                             for lang in ("en", "fr", "ar")}, rounds)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"Spring's cards by language ({cards} cards, fresh build, one process, "
          f"median of {rounds} interleaved rounds):")
    for lang, seconds in times.items():
        print(f"  {lang}: {seconds * 1000:.0f} ms -> {cards / seconds:,.0f} cards/s; "
              f"{seconds / times['en']:.2f}x English's time"
              + (" (target <= 1.5x)" if lang == "ar" else ""))


def report_png(rounds: int) -> None:
    """Faces per second of samizdat's 300 dpi PNG export of one deck against pdftoppm
    on the same PDF, and of fresh ``--png`` and ``--print-ready tgc|mpc`` builds with
    ``--jobs 1`` and ``--jobs 2``."""
    load = os.getloadavg()[0]
    deck, faces, pdf = png_deck()
    poppler = shutil.which("pdftoppm")
    with tempfile.TemporaryDirectory(prefix="samizdat-png-") as folder:
        source = Path(folder) / f"{deck}.pdf"
        source.write_bytes(pdf)
        busy: dict[str, list[float]] = {"one core": [], "--jobs 1": [], "--jobs 2": []}
        steps: dict[str, Any] = {
            "one core": lambda: samizdat_png(pdf, Path(folder) / "one", 1, threads=1,
                                             busy=busy["one core"]),
            "--jobs 1": lambda: samizdat_png(pdf, Path(folder) / "jobs1", 1,
                                             busy=busy["--jobs 1"]),
            "--jobs 2": lambda: samizdat_png(pdf, Path(folder) / "jobs2", 2,
                                             busy=busy["--jobs 2"]),
        }
        if poppler:
            steps["pdftoppm"] = lambda: pdftoppm_png(source, Path(folder) / "poppler")
        png = interleaved(steps, rounds)
        counts: dict[tuple[str, str], int] = {}

        def timed_build(game: str, kind: str, jobs: int) -> float:
            seconds, counts[(game, kind)] = vendor_build(Path(folder) / "out", game, kind, jobs)
            return seconds

        builds = interleaved({
            (game, kind, jobs): (lambda game=game, kind=kind, jobs=jobs:
                                 timed_build(game, kind, jobs))
            for game in PNG_GAMES for kind in PNG_BUILDS for jobs in (1, 2)},
            max(3, rounds // 2))
    print(f"300 dpi PNG export of {PNG_GAMES[0]}/{deck} ({faces} faces; sheets.png_pages "
          f"as --png runs it, files written; medians of {rounds} interleaved rounds; load "
          f"average before {load:.1f} on {os.cpu_count()} cores):")
    labels = {"one core": "samizdat, one core (1 process, 1 encoding thread)",
              "--jobs 1": "samizdat --jobs 1 (1 process, encoding on every core)",
              "--jobs 2": "samizdat --jobs 2 (pages split across 2 processes)",
              "pdftoppm": "pdftoppm -r 300 -png (one process)"}
    for name, seconds in png.items():
        cores = (f", {statistics.median(busy[name]):.2f} cores busy" if name in busy else "")
        print(f"  {labels[name]:<55} {seconds * 1000:5.0f} ms -> {faces / seconds:4.0f} "
              f"faces/s{cores}")
    if poppler:
        ratios = ", ".join(f"{name} {png['pdftoppm'] / png[name]:.1f}x"
                           for name in ("one core", "--jobs 1", "--jobs 2"))
        print(f"  pdftoppm's time / samizdat's: {ratios} (target >= 1: samizdat no slower)")
    else:
        print("  pdftoppm not found: its baseline is skipped (it is in poppler-utils: "
              "apt-get install poppler-utils, brew install poppler)")
    print(f"  --jobs 2 against --jobs 1: {png['--jobs 1'] / png['--jobs 2']:.2f}x faster")
    print(f"fresh builds of a game's cards (validation included; no mats, rules, aids): "
          f"PNG faces written per second, medians of {max(3, rounds // 2)} interleaved rounds:")
    what = {"png": "--png (trim size)", "tgc": "--print-ready tgc (825x1125)",
            "mpc": "--print-ready mpc (822x1122)"}
    for game in PNG_GAMES:
        for kind in PNG_BUILDS:
            count = counts[(game, kind)]
            one, two = builds[(game, kind, 1)], builds[(game, kind, 2)]
            print(f"  {game:<6} {what[kind]:<30} {count:4} faces: --jobs 1 {one * 1000:5.0f} ms "
                  f"({count / one:4.0f}/s), --jobs 2 {two * 1000:5.0f} ms ({count / two:4.0f}/s)"
                  f" -> {one / two:.2f}x")


def tts_export(out: Path, game: str, jobs: int = 1) -> float:
    """Seconds of ``samizdat export tts`` of one game's shipped content on ``jobs``
    processes."""
    from compiler.pipeline.export_tts import export

    shutil.rmtree(out, ignore_errors=True)
    forget_memos()
    start = time.perf_counter()
    result = export([REPO / "cards" / game], out, "https://example.org/", jobs=jobs)
    elapsed = time.perf_counter() - start
    assert not any(d.severity.value == "error" for d in result.diagnostics)
    return elapsed


def game_build(out: Path, game: str) -> float:
    """Seconds of a fresh print build of one game, mats and rules included."""
    shutil.rmtree(out, ignore_errors=True)
    forget_memos()
    start = time.perf_counter()
    result = build([REPO / "cards" / game], BuildOptions(out, jobs=1, extras=True))
    elapsed = time.perf_counter() - start
    assert result.errors == 0
    return elapsed


def report_tts(rounds: int) -> None:
    out = Path(tempfile.mkdtemp(prefix="samizdat-bench-tts-"))
    games = ("azadi", "san", "spring")
    try:
        steps: dict[str, Any] = {}
        for game in games:
            steps[f"tts {game}"] = lambda game=game: tts_export(out / "tts" / game, game)
            steps[f"tts2 {game}"] = lambda game=game: tts_export(out / "tts2" / game, game, 2)
            steps[f"build {game}"] = lambda game=game: game_build(out / "build" / game, game)
        times = interleaved(steps, rounds)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"Tabletop Simulator export, one process and two, median of {rounds} interleaved "
          "rounds "
          "(baseline: a fresh print build of the same game in the same run):")
    for game in games:
        tts_s, build_s = times[f"tts {game}"], times[f"build {game}"]
        print(f"  {game}: export tts {tts_s:.2f} s ({times[f'tts2 {game}']:.2f} s with "
              f"--jobs 2), print build {build_s:.2f} s ({tts_s / build_s:.2f}x the build)")
    total = sum(times[f"tts {game}"] for game in games)
    print(f"  all three games: {total:.2f} s")


WATCH_EDITS = {"spring": ("board_and_deck.yaml", "title: Cartoon Passed Hand to Hand"),
               "azadi": ("attack_cards.yaml", None)}


def _two_cores() -> list[str]:
    """``taskset -c 0,1`` where it exists and the machine has two cores (the target is
    for a two-core laptop), else nothing."""
    return ["taskset", "-c", "0,1"] if shutil.which("taskset") and \
        (os.cpu_count() or 1) >= 2 else []


def _json(url: str) -> Any:
    import json
    import urllib.request

    with urllib.request.urlopen(url, timeout=15) as answer:    # noqa: S310 - 127.0.0.1
        return json.loads(answer.read())


def watch_latency(game: str, rounds: int, folder: Path) -> tuple[list[float], list[float]]:
    """Seconds from saving a one-card title edit to a headless Chromium showing it on
    ``samizdat watch``'s preview page: as the server measured it (first file event to
    the page's report) and as this script saw it (write to the report); per edit."""
    import signal

    content = folder / game
    shutil.copytree(REPO / "cards" / game, content)
    name, title = WATCH_EDITS[game]
    cards = content / name
    source = cards.read_text()
    if title is None:           # the file's first title
        title = next(line.strip() for line in source.splitlines()
                     if line.strip().startswith("title: "))
    browser_name = next((shutil.which(b) for b in ("chromium", "chromium-browser",
                                                   "google-chrome") if shutil.which(b)), None)
    if browser_name is None:
        raise RuntimeError("no chromium")
    process = subprocess.Popen(
        [*_two_cores(), sys.executable, "-m", "compiler", "watch", str(content), "--port",
         "0", "--no-build"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)
    assert process.stdout is not None
    url = process.stdout.readline().split("preview at ")[1].split()[0]
    browser = subprocess.Popen(
        [browser_name, "--headless=new", "--no-sandbox", "--disable-gpu",
         "--remote-debugging-port=0", f"--user-data-dir={folder / 'profile'}", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    seen: list[float] = []
    try:
        while _json(url + "shown")["version"] < 1:
            time.sleep(0.05)
        for edit in range(rounds):
            wanted = f"{title} {edit}"
            start = time.time()
            cards.write_text(source.replace(title, wanted, 1))
            while wanted.removeprefix("title: ") not in _json(url + "shown")["text"]:
                time.sleep(0.01)
            seen.append(time.time() - start)
            time.sleep(0.2)
        measured = _json(url + "shown")["latencies"][-rounds:]
    finally:
        for child in (browser, process):
            os.killpg(child.pid, signal.SIGTERM)
            child.wait(timeout=10)
    return measured, seen


def cli_build_seconds(game: str, folder: Path) -> float:
    """A fresh ``samizdat build --cards-only`` of ``game`` in a new process on two cores:
    what a designer runs to see an edit without watch."""
    shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([*_two_cores(), sys.executable, "-m", "compiler", "build",
                    str(REPO / "cards" / game), "--cards-only", "--out", str(folder)],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def report_watch(rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="samizdat-bench-watch-"))
    try:
        print(f"samizdat watch, one-card title edit to the preview showing it in headless "
              f"Chromium ({'2 cores' if _two_cores() else 'all cores'}; baseline: a fresh "
              "`build --cards-only` in a new process, the same run):")
        for game in WATCH_EDITS:
            try:
                measured, seen = watch_latency(game, rounds, folder / f"w-{game}")
            except RuntimeError as problem:
                print(f"  {game}: not measured ({problem})")
                continue
            build_s = statistics.median(cli_build_seconds(game, folder / f"b-{game}")
                                        for _ in range(max(3, rounds // 3)))
            median = statistics.median(measured)
            print(f"  {game}: save -> shown median {median * 1000:.0f} ms (max "
                  f"{max(measured) * 1000:.0f} ms; seen from outside "
                  f"{statistics.median(seen) * 1000:.0f} ms) over {len(measured)} edits; "
                  f"a fresh build takes {build_s:.2f} s ({median / build_s:.2f}x); "
                  "target < 1 s")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--patches-only", action="store_true",
                        help="only the patched against plain reportlab builds")
    parser.add_argument("--png-only", action="store_true",
                        help="only the PNG export against pdftoppm and the PNG and vendor "
                             "builds")
    parser.add_argument("--lang-only", action="store_true",
                        help="only Spring's cards in English, French and Arabic")
    parser.add_argument("--watch-only", action="store_true",
                        help="only the save-to-preview time of samizdat watch")
    parser.add_argument("--tts-only", action="store_true",
                        help="only the Tabletop Simulator export of each game")
    parser.add_argument("--one-build", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_build:
        one_fresh_build(args.one_build)
        return
    if args.patches_only:
        report_patches(args.rounds)
        return
    if args.png_only:
        report_png(args.rounds)
        return
    if args.lang_only:
        report_languages(args.rounds)
        return
    if args.tts_only:
        report_tts(args.rounds)
        return
    if args.watch_only:
        report_watch(args.rounds)
        return
    out = Path(tempfile.mkdtemp(prefix="samizdat-bench-"))
    try:
        samizdat(out)                                    # warm-up (imports, font loading)
        runs = [samizdat(out) for _ in range(args.rounds)]
        cards = runs[0][1]
        ours = statistics.median(t for t, _ in runs)
        cards_list = baseline_cards()
        baseline(cards_list)                             # warm-up
        base = statistics.median(baseline(cards_list) for _ in range(args.rounds))
        jobs2 = statistics.median(samizdat(out, jobs=2)[0] for _ in range(max(3, args.rounds // 2)))
        samizdat(out)
        cached = statistics.median(samizdat(out, fresh=False)[0] for _ in range(3))
        stages = stage_times(out, args.rounds)
        base_best = min(baseline(cards_list) for _ in range(3))
        extras = extras_times()
        everything = statistics.median(samizdat(out, jobs=2, extras=True)[0] for _ in range(3))
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"samizdat build (home sheets, all games, validation included): {cards} cards")
    print(f"  median {ours * 1000:.0f} ms -> {cards / ours:,.0f} cards/s (target >= 600)")
    print(f"  --jobs 2: median {jobs2 * 1000:.0f} ms -> {cards / jobs2:,.0f} cards/s")
    print(f"baseline (plain reportlab: frame, title, Paragraph; {len(cards_list)} cards): "
          f"median {base * 1000:.0f} ms -> {len(cards_list) / base:,.0f} cards/s")
    ratio = (ours / cards) / (base / len(cards_list))
    print(f"  samizdat time per card / baseline time per card = {ratio:.2f} (target <= 1.5)")
    print(f"where a fresh build's time goes (best of {args.rounds}; baseline best "
          f"{base_best * 1000:.0f} ms):")
    for stage in STAGES:
        print(f"  {stage:<15} {stages[stage] * 1000:5.0f} ms = {stages[stage] / base_best:.2f}x "
              "the baseline's whole time")
    print(f"second build of unchanged content (reuses output): median {cached * 1000:.0f} ms "
          "(target < 500 ms)")
    for game, (mats, reference, aid) in extras.items():
        print(f"{game}: mats {mats * 1000:.0f} ms, rules reference (PDF + HTML) "
              f"{reference * 1000:.0f} ms, player aid {aid * 1000:.0f} ms")
    print(f"whole build (cards, mats, rules, aids; all games; --jobs 2): median "
          f"{everything:.2f} s (target < 10 s)")
    report_patches(args.rounds)
    report_png(args.rounds)


if __name__ == "__main__":
    main()
