"""The campaign-sized rebuild: when only some campaigns changed since the last clean
build, validate and draw only those, and keep everything else.

A clean card build records, in each game's ``.build-cache.json`` (``campaigns``):
the digest of each content root (:class:`compiler.pipeline.quick_rebuild.GameInputs`: the game
folder without its campaigns, and each campaign), each campaign's *facts* (what the
game's plug-in says other content checks or shows of it: values that must be unique
across the box, and what cards of the game folder print of it) and, for each deck,
the roots its cards come from.

The next ``build`` (cards only, not ``--force``) compares digests. When everything but
some campaigns is unchanged, it validates the game folder with just those campaigns.
It stands on that only if that validation is clean, the changed campaigns' facts
clash with no other campaign's and show the same on shared cards, and every deck
drawn comes from one changed campaign. Then it draws those campaigns' decks and
carries every other deck over from the previous output (a hard link). Anything
else falls back to the whole build, which then gives the full diagnostics. Why
this gives the same files as the whole build: a campaign's validation and decks
depend only on the game folder and the campaign itself, except for what the facts
name. ``tests/test_incremental_build.py`` compares the two builds' bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.pipeline.build_cache import intact, read_cache
from compiler.pipeline.build_types import BuildOptions, BuildResult
from compiler.pipeline.quick_rebuild import GameInputs, campaign_name, previous_files
from rules_engine.core.content import CampaignContent
from rules_engine.games import plugin as game_plugin

BASE = ""            # the root name of the game folder itself
MIXED = "*"          # a deck drawn from more than one root (or from the whole game)
SHARED_PREFIX = "unique:"


@dataclass(frozen=True)
class CarriedDeck:
    """A deck kept from the previous output as it is (its files and cache key)."""

    game: str
    deck: str
    key: str
    cards: int


def root_of(file: str, roots: dict[str, Path]) -> str:
    """The name of the content root holding ``file`` (campaigns before the game
    folder that may hold them)."""
    path = Path(file).resolve()
    for name, folder in sorted(roots.items(), key=lambda kv: kv[0] == BASE):
        if path.is_relative_to(folder):
            return name
    return MIXED


def content_roots(game_dir: Path, campaign_dirs: Iterable[Path]) -> dict[str, Path]:
    """Each root's name (as in :class:`GameInputs`) and resolved folder."""
    roots = {BASE: game_dir.resolve()}
    for folder in campaign_dirs:
        roots[campaign_name(game_dir, folder)] = folder.resolve()
    return roots


def deck_roots(jobs: Iterable[Any], roots: dict[str, Path]) -> dict[str, str]:
    """deck -> the one root its cards come from, or :data:`MIXED`."""
    found: dict[str, str] = {}
    for job in jobs:
        plans = getattr(job, "plans", None)
        if plans is None:
            found[job.deck] = MIXED
            continue
        names = {root_of(plan.face.source.file, roots) for plan in plans}
        found[job.deck] = names.pop() if len(names) == 1 else MIXED
    return found


def campaign_facts(game: str, campaigns: Iterable[tuple[str, CampaignContent]]
                   ) -> dict[str, dict[str, list[str]]] | None:
    """Each campaign's facts from the game's plug-in; None when it declares none (its
    builds are never campaign-sized)."""
    plugin = game_plugin(game)
    if plugin is None or plugin.campaign_facts is None:
        return None
    return {name: plugin.campaign_facts(camp) for name, camp in campaigns}


def record(inputs: GameInputs, facts: dict[str, dict[str, list[str]]] | None,
           decks: dict[str, str]) -> dict[str, Any] | None:
    """The ``campaigns`` entry of a clean build's cache (None: nothing to stand on)."""
    if facts is None:
        return None
    return {"roots": dict(inputs.roots), "facts": facts, "decks": decks}


def _recorded(cache: dict[str, Any]) -> dict[str, Any] | None:
    entry = cache.get("campaigns")
    if not isinstance(entry, dict) or set(entry) != {"roots", "facts", "decks"}:
        return None
    if not all(isinstance(entry[k], dict) for k in entry):
        return None
    return entry


def _clash(facts: dict[str, dict[str, list[str]]]) -> bool:
    """Whether two campaigns share a value that must be unique across the box."""
    kinds = {k for found in facts.values() for k in found if k.startswith(SHARED_PREFIX)}
    for kind in kinds:
        seen: Counter[str] = Counter()
        for found in facts.values():
            seen.update(set(found.get(kind, [])))
        if any(n > 1 for n in seen.values()):
            return True
    return False


def incremental_build(options: BuildOptions, inputs: dict[str, GameInputs],
                      progress: Callable[[Iterable[Any]], Iterable[Any]] | None
                      ) -> BuildResult | None:
    """The campaign-sized rebuild's result, or None when it cannot stand (see the
    module's docstring): the caller then builds everything."""
    if options.extras or options.force or not inputs or options.langs:
        return None
    plans: dict[str, tuple[dict[str, Any], dict[str, Any], list[str]]] = {}
    unchanged: dict[str, tuple[list[dict[str, Any]], int, int]] = {}
    for game, game_inputs in inputs.items():
        folder = options.out_dir / game
        cache = read_cache(folder)
        entry = _recorded(cache)
        if entry is None or not isinstance(cache.get("inputs_key"), str):
            return None
        if game_inputs.key == cache["inputs_key"]:
            previous = previous_files(folder, game_inputs.key)
            if previous is None:
                return None
            unchanged[game] = previous
            continue
        old_roots = entry["roots"]
        if set(old_roots) != set(game_inputs.roots) or \
                old_roots.get(BASE) != game_inputs.roots.get(BASE) or \
                cache["inputs_key"] != GameInputs(game, game_inputs.shared, old_roots).key:
            return None     # the game folder, the options or the campaigns themselves moved
        changed = [n for n, d in game_inputs.roots.items() if old_roots.get(n) != d]
        plans[game] = (cache, entry, changed)
    if not plans:
        return None
    from compiler.pipeline.build import run_campaigns

    return run_campaigns(options, inputs, plans, unchanged, progress)


def carried(game: str, cache: dict[str, Any], decks: dict[str, str], changed: list[str],
            folder: Path) -> list[CarriedDeck] | None:
    """The decks kept as they are: every recorded deck not from a changed campaign
    (None when one of them is mixed, or its files are not intact)."""
    kept = []
    for deck, root in sorted(decks.items()):
        if root in changed:
            continue
        if root == MIXED:
            return None
        entry = cache.get(deck)
        if not isinstance(entry, dict) or not entry.get("key") or \
                not all(intact(folder, f) for f in entry["files"]):
            return None
        cards = sum(int(f["cards"]) for f in entry["files"] if f["kind"] == "cards")
        kept.append(CarriedDeck(game, deck, str(entry["key"]), cards))
    return kept


def facts_stand(old: dict[str, dict[str, list[str]]], new: dict[str, dict[str, list[str]]]
                ) -> bool:
    """The changed campaigns' facts (``new``) show what they showed and clash with no
    other campaign's."""
    for name, found in new.items():
        before = old.get(name, {})
        shown = {k: v for k, v in found.items() if not k.startswith(SHARED_PREFIX)}
        if shown != {k: v for k, v in before.items() if not k.startswith(SHARED_PREFIX)}:
            return False
    return not _clash({**old, **new})
