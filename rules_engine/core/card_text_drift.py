"""The text-drift check of a game whose cards print one effect body (SAN, Spring).

Such a card's ``text`` replaces the whole of the text rendered from its ``effects``
(ruling R45); :func:`check_cards` holds each override to those effects with
:func:`rules_engine.core.text_drift.drift` and reports what it names that they do not,
at the override; and what they do that it says nothing of: an effect none of whose
words (its verb's name, the first word of its documentation, the nouns of its
parameters: "draw", "destroy" or "put", "counter" or "place") nor its icon the text
has, which the engine plays while the card does not print it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.text_drift import drift, said_words, term
from rules_engine.core.verbs import Verb, VerbTable

_COMMON = frozenset({"the", "and", "all", "from", "card", "cards", "when", "with", "this",
                     "that", "your", "each", "more", "for", "its", "own", "into", "turn",
                     "one", "many", "decision", "every", "played", "added"})


def mention_words(verb: Verb) -> set[str]:
    """The words a text that prints ``verb``'s effect would have (module docstring)."""
    words = {term(w) for w in verb.name.split("_")}
    first = verb.doc.split()[0] if verb.doc.split() else ""
    words.add(term(first.strip(".,;:")))
    for param in verb.params:
        words |= {term(w.strip(".,;:()")) for w in param.doc.split() if len(w) >= 4}
    return {w for w in words if len(w) >= 3 and w not in _COMMON}


def _verbs_of(effects: list[object]) -> list[tuple[str, object]]:
    """(verb, its number or None) of each printed effect (``"single_use"``, ``{draw: 2}``)."""
    found: list[tuple[str, object]] = []
    for effect in effects:
        if isinstance(effect, str):
            found.append((effect, None))
        elif isinstance(effect, dict):
            found += [(str(k), v) for k, v in effect.items()]
    return found


def check_cards(content: ContentSet, code: str, severity: Severity, table: VerbTable,
                words: tuple[str, ...]) -> Iterator[Diagnostic]:
    """``code`` at each card's ``text`` naming a number or one of ``words`` that its
    effects (with ``table``'s defaults) do not hold."""
    for item in content.items("cards"):
        text = item.get("text")
        if not isinstance(text, str):
            continue
        named = drift(text, list(item.get("effects") or []), words, table)
        if named:
            yield Diagnostic(code, severity, f"the printed text of {item.get('id')!r} names "
                             f"{', '.join(named)}, which its effects do not", item.loc("text"))
        left_out = [f"{name}" + (f" {n}" if n is not None else "")
                    for name, n in _verbs_of(list(item.get("effects") or []))
                    if name in table.verbs and not said_words(
                        text, mention_words(table.verbs[name]))]
        if left_out:
            yield Diagnostic(code, severity, f"the printed text of {item.get('id')!r} says "
                             f"nothing of its effect {', '.join(left_out)}, which play "
                             "carries out", item.loc("text"))
