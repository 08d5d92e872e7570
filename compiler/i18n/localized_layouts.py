"""A card layout as one language prints it: mirrored for a right-to-left language
whose ``lang.yaml`` says ``mirror: true`` (every region moved to the other side of
the card, its alignment swapped) and its fixed labels (a region's ``text:``) in that
language, from the glossary; a label the glossary lacks is a missing translation
(T101 at the region, an error unless ``allow_fallback``).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from compiler.frontend.layouts import Layout, Region
from compiler.i18n.languages import Language
from compiler.text.effect_text import neutral
from rules_engine.core.diagnostics import Diagnostic, error, warning

_SWAPPED = {"left": "right", "right": "left"}


def mirrored(region: Region, width: float) -> Region:
    """``region`` moved to the other side of a ``width`` mm wide card, aligned the
    other way (centred text stays centred)."""
    return replace(region, x=width - region.x - region.w,
                   align=_SWAPPED.get(region.align, region.align))


def localized(layout: Layout, language: Language, width: float, *,
              allow_fallback: bool, mirror: bool = True) -> tuple[Layout, list[Diagnostic]]:
    """``layout`` for ``language`` on a card ``width`` mm wide, and what is missing
    (``mirror``: False for mats and boards, whose geometry is the game's)."""
    found: list[Diagnostic] = []
    regions: list[Region] = []
    say = warning if allow_fallback else error
    for region in layout.regions:
        if region.text and not neutral(region.text) and region.kind != "guide":
            words = language.glossary.get(region.text)
            if words is None:
                found.append(say("T101", f"layout {layout.name!r} region {region.name!r}: "
                                 f"no {language.name} ({language.code}) translation of "
                                 f"{region.text!r}; it prints in English", region.location,
                                 hint=f"add it to the glossary of {language.folder}/lang.yaml"
                                 if language.folder else None))
            else:
                region = replace(region, text=words)
        if mirror and language.mirror and region.kind != "guide":
            region = mirrored(region, width)
        regions.append(region)
    if tuple(regions) == layout.regions:
        return layout, found
    digest = hashlib.sha256(repr((layout.digest, language.code, regions)).encode())
    return replace(layout, regions=tuple(regions), digest=digest.hexdigest()[:16]), found
