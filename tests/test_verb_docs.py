"""docs/content-format.md's verb reference is the verb tables, written out."""

from __future__ import annotations

from rules_engine.core import verb_docs


def test_the_verb_reference_is_current() -> None:
    text = verb_docs.GUIDE.read_text(encoding="utf-8")
    assert verb_docs.current(text) == text, \
        "run `python -m rules_engine.core.verb_docs` to rewrite docs/content-format.md"


def test_every_verb_and_parameter_of_every_game_is_listed() -> None:
    text = verb_docs.reference()
    for table in verb_docs.tables():
        assert f"### Verbs of {table.game}" in text
        for name, verb in table.verbs.items():
            assert f"**`{name}`**" in text
            for param in verb.params:
                assert f"`{param.name}` ({param.kind})" in text
