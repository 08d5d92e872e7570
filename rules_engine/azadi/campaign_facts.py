"""What AZADI checks or shows of a campaign beyond the campaign itself.

The model checks that ids, Tyranny titles (cards and choices) and ideology questions
are unique across the whole box (``rules_engine/azadi/build.py``), and the Mandate
cards of the game folder print the name of their campaign. These facts let a
rebuild draw one changed campaign without loading the others
(:mod:`compiler.pipeline.incremental`); ``tests/test_incremental_build.py`` checks that the
result is the whole build's, byte for byte.
"""

from __future__ import annotations

from rules_engine.core.content import CampaignContent


def campaign_facts(camp: CampaignContent) -> dict[str, list[str]]:
    ids = [str(i.get("id")) for items in camp.sections.values() for i in items
           if "id" in i.data and i.get("id") is not None]
    titles = []
    for card in camp.sections.get("tyranny_cards", []):
        titles.append(str(card.get("title", "")).casefold())
        titles += [str(c.get("title", "")).casefold() for c in card.get("choices") or []
                   if isinstance(c, dict)]
    questions = [str(q.get("question", "")).casefold()
                 for q in camp.sections.get("ideology_cards", [])]
    manifest = camp.manifest
    shown = [str(manifest.get("id")), str(manifest.get("name"))] if manifest else []
    return {"unique:id": sorted(ids), "unique:tyranny_title": sorted(titles),
            "unique:question": sorted(questions), "shown": shown}
