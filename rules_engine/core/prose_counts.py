"""Words for players that count what their card counts, with another number.

A card's flavour or narrative (``flavor``, ``flavour``, ``narrative``) is printed for
the story, not for play, but a player reads it beside the effect: "Shreds three
cards before anyone looks" on a card that destroys one contradicts the card. So do
an entry's own words (``text``) where the entry plays no verb (an Ideology answer
saying "take the 2 funds" while it grants 4); where it plays one, ``text`` is a
printed rule, which each game's text-drift check holds to its data. This
module pairs each number of such words with what it counts, as the text-drift check
pairs a printed rule's numbers (:func:`rules_engine.core.text_drift.said_pairs`:
"three cards" counts cards), and reports a number counting a term the entry's own
effects count (:func:`rules_engine.core.text_drift.data_pairs`, with the game's verb
table) that those effects never give that term.

Only such pairings are judged: story words name years, crowds and hours that count
nothing a card plays, and a number counting no term of the effects is never a
finding. Three things are left out as story by nature: how many times ("once",
"three times over"), numbers of 1000 and more (years), and the data of a nested entry
that has words of its own (a Tyranny card's narrative is not held to its choices'
powers, each of which has its own).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item, every_item, mappings
from rules_engine.core.diagnostics import Location
from rules_engine.core.text_drift import data_pairs, said_pairs
from rules_engine.core.verbs import VerbTable

PROSE = ("flavor", "flavour", "narrative")
"""Keys of words printed for the story."""
SPOKEN = "text"
"""The key of an entry's own words: a printed rule where the entry plays a verb (the
games' text-drift checks hold those), else words for players (an answer's)."""
LEFT_OUT = frozenset({"id", "title", "name", "text", "question", "blurb", *PROSE})
"""Keys whose values are names and words, never what the effects count."""
YEAR = 1000
STORY_TERMS = frozenset({"time"})


@dataclass(frozen=True)
class Miscount:
    """Words at ``location`` saying ``written`` where the entry's data counts ``term``
    only as ``counted``."""

    location: Location
    written: str
    term: str
    counted: tuple[int, ...]


def _own_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry's data without its words and without nested entries that have words
    of their own."""
    def kept(value: Any) -> Any:
        if isinstance(value, Mapping):
            if any(isinstance(value.get(k), str) for k in PROSE):
                return None
            return {k: kept(v) for k, v in value.items() if k not in LEFT_OUT}
        if isinstance(value, list):
            return [kept(v) for v in value]
        return value
    return {k: kept(v) for k, v in entry.items() if k not in LEFT_OUT}


def _plays_a_verb(value: Any, table: VerbTable | None) -> bool:
    """Whether ``value`` names a verb of ``table`` (as a key, or as an ``action``)."""
    if table is None:
        return False
    if isinstance(value, Mapping):
        return any(str(k) in table.verbs or (k == "action" and v in table.verbs)
                   or _plays_a_verb(v, table) for k, v in value.items())
    if isinstance(value, list):
        return any(_plays_a_verb(v, table) for v in value)
    return isinstance(value, str) and value in table.verbs


def miscounts_of(item: Item, table: VerbTable | None) -> Iterator[Miscount]:
    """Each number of ``item``'s story words that miscounts what its entry counts."""
    for path, entry in mappings(item.data):
        keys = [*PROSE, SPOKEN] if not _plays_a_verb(_own_data(entry), table) else PROSE
        for key in keys:
            words = entry.get(key)
            if not isinstance(words, str):
                continue
            pairs = data_pairs(_own_data(entry), table)
            for number, term, written in said_pairs(words, pairs):
                if term in STORY_TERMS or number >= YEAR or term not in pairs:
                    continue
                if number not in pairs[term]:
                    yield Miscount(item.loc(*path, key), written, term,
                                   tuple(sorted(pairs[term])))


def miscounts(content: ContentSet, table: VerbTable | None) -> Iterator[Miscount]:
    """Every miscount of ``content`` (every folder's items), in content order."""
    for _, item in every_item(content):
        yield from miscounts_of(item, table)
