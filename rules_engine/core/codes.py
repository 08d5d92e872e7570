"""The catalogue of diagnostic codes: stable identifiers with their documentation.

Every diagnostic any stage emits uses a code from this table; ``samizdat rule CODE``
prints the entry. Codes never change meaning once published. Prefixes:
``Y`` loading YAML, ``F`` finding content, ``S`` schema, ``M`` content model and
references, ``N`` component counts, ``B`` building print files, ``C`` lint settings.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    """One documented diagnostic code."""

    code: str
    name: str
    summary: str
    explanation: str


_CODES: tuple[Code, ...] = (
    Code("Y101", "file-too-large", "A content file is larger than the loader allows.",
         "Content files are capped (default 2 MiB) so a hostile campaign cannot exhaust "
         "memory. Split the file into several files; sections may span files."),
    Code("Y102", "not-utf8", "A content file is not valid UTF-8.",
         "Save the file as UTF-8. The diagnostic points at the first byte that is not."),
    Code("Y103", "tab-indentation", "A line is indented with a tab.",
         "YAML forbids tabs for indentation; use spaces."),
    Code("Y104", "yaml-syntax", "The file is not well-formed YAML.",
         "The parser could not read the file at the given position; the message says "
         "what it expected."),
    Code("Y105", "duplicate-key", "A mapping has the same key twice.",
         "PyYAML silently keeps the last value; samizdat refuses, because the first "
         "value is usually the one the author meant. The related location is the first "
         "occurrence.\n\nFailing:\n    title: A\n    title: B"),
    Code("Y106", "alias-limit", "Aliases expand to more nodes than allowed.",
         "Anchors and aliases are allowed, but the expanded document may hold at most "
         "100,000 nodes (a 'billion laughs' document is stopped here, in milliseconds)."),
    Code("Y107", "too-deep", "Nesting is deeper than allowed.",
         "Mappings and sequences may nest at most 64 levels deep."),
    Code("Y108", "unknown-tag", "A node has a tag the loader does not accept.",
         "Only the plain JSON-compatible tags (!!str, !!int, !!float, !!bool, !!null, "
         "!!seq, !!map) are accepted; Python object tags are never constructed."),
    Code("Y109", "bad-number", "A number is out of range or not finite.",
         "Integers must lie within +-2^53 and floats must be finite (no .inf or .nan)."),
    Code("Y110", "several-documents", "A file holds more than one YAML document.",
         "Each content file is one document; split the others into their own files."),
    Code("Y111", "complex-key", "A mapping key is not a scalar.",
         "Keys must be plain strings."),
    Code("Y112", "unknown-anchor", "An alias names an anchor that is not defined before it.",
         "Define the anchor (&name) before using the alias (*name)."),
    Code("Y113", "too-many-files", "A content folder holds more files than allowed.",
         "At most 2,000 YAML files are read from one content folder."),
    Code("Y120", "yaml11-reading", "Older YAML tools would read this value differently.",
         "samizdat reads content by the YAML 1.2 core schema. Editors, linters and "
         "scripts built on YAML 1.1 (PyYAML's safe_load among them) give some plain "
         "values another meaning: 010 is 8 there and 10 here, 1:00 is 60 there and "
         "text here, no/yes/on/off/y/n are booleans there and text here, 0o17 and 1e5 "
         "are numbers here and text there, 2024-01-31 is a date there. The value is "
         "read as YAML 1.2 says; write it so both agree: quote text, and write numbers "
         "plainly (10, not 010).\n\nWarned:\n    answer: no\nClean:\n    answer: 'no'"),
    Code("F201", "not-a-mapping", "A content file is not a mapping of sections.",
         "The top level of a content file maps section names (for example "
         "`tyranny_cards:`) to their items."),
    Code("F202", "unknown-section", "A top-level key is not a section this game knows.",
         "The message lists the sections the game accepts; see docs/content-format.md."),
    Code("F203", "not-content", "A path is not a content folder or file.",
         "Give `cards/`, a game folder (with game.yaml), a campaign folder (with "
         "campaign.yaml) or a YAML file inside one."),
    Code("F204", "path-outside", "A file reference leaves the content folder.",
         "Content may only refer to files inside its own content folder."),
    Code("F205", "empty-file", "A content file is empty.", "The file holds no sections."),
    Code("F206", "unknown-game", "A campaign names a game samizdat does not know.",
         "The `game:` field of campaign.yaml must name a game with a folder under cards/."),
    Code("F207", "section-shape", "A section does not hold what it should.",
         "List sections hold a sequence of items; `game:` and `campaign:` hold one mapping."),
    Code("S300", "schema", "The content breaks its JSON Schema.",
         "The message says what the schema expected at that node."),
    Code("S301", "missing-field", "A required field is missing.",
         "The diagnostic points at the mapping that lacks the field."),
    Code("S302", "wrong-type", "A value has the wrong type.",
         "For example a string where a number is expected."),
    Code("S303", "not-allowed", "A value is not one of the allowed values.",
         "The message lists the allowed values."),
    Code("S304", "unknown-field", "A mapping has a field its schema does not define.",
         "Often a typo; the diagnostic points at the key."),
    Code("S305", "out-of-range", "A number, text or list is too small or too large.",
         "The schema bounds numbers, text lengths and list sizes."),
    Code("S306", "bad-format", "A text does not have the required form.",
         "Ids are slugs: lower-case letters and digits joined by single hyphens."),
    Code("M401", "duplicate-id", "Two items of a game share an id or number.",
         "Ids (and printed numbers within one kind of card) must be unique; the related "
         "location is the first one."),
    Code("M402", "unknown-reference", "A reference names something that does not exist.",
         "For example a Tyranny choice's Resistance card number, a Tyranny card's "
         "Imperial Order, a campaign's Mandate or a Foundation card's Monument."),
    Code("M403", "inconsistent", "An item contradicts a rule of the game.",
         "For example a zone whose majority is not more than half its areas, or an "
         "ideology card whose two answers belong to the same ideologue."),
    Code("M404", "missing-parameter", "A parameter the game needs is not in game.yaml.",
         "Values the rulebooks do not print are named parameters in the game manifest."),
    Code("M405", "unsupported-effect", "An effect or rule the game's engine cannot run.",
         "A card must not print a rule that play would silently ignore: an effect the "
         "interpreter has no handler for, or a `modify` of a quantity the engine does not "
         "apply where the card puts it (ruling R35)."),
    Code("B601", "text-overflow", "Card text does not fit its layout region.",
         "Text shrinks from the region's size down to its min_size; if it still does not fit "
         "the build stops (unless --force) instead of clipping it. The message says by how "
         "many mm it overflows; the related location is the region in the layout."),
    Code("B602", "art-outside", "An art path leaves the content folder.",
         "Art files must lie inside the content folder of the card (the game or campaign "
         "folder); absolute paths and '..' that climb out are refused."),
    Code("B603", "art-missing", "An art file does not exist.",
         "The card is printed with a hatched placeholder in its art region."),
    Code("B604", "art-low-resolution", "An art image is under 300 dpi at its printed size.",
         "Print shops expect 300 dpi; the image will look soft. The message gives its dpi."),
    Code("B605", "no-layout", "No layout exists for a card type's side.",
         "Each card type needs templates/<game>/layouts/<card_type>-front.yaml and -back.yaml."),
    Code("B606", "bad-layout", "A layout cannot be resolved.",
         "For example a region without a position, or an `extends:` cycle."),
    Code("B607", "unknown-card-size", "The game manifest names a card size samizdat does not know.",
         "Known sizes: poker, bridge, tarot, mini, square, poker-foldout."),
    Code("B608", "unknown-field", "A layout region shows a field the card does not have.",
         "The region's `field:` (or its name) must be one of the card face's fields."),
    Code("B609", "too-large-for-paper", "Cards do not fit on the chosen paper.",
         "Choose larger paper or a smaller card size."),
    Code("B610", "no-rules-data", "A game has no rules data for its reference and aid.",
         "Write templates/<game>/rules.yaml (see docs/rules-format.md)."),
    Code("B611", "unknown-table", "Rules data names a table the game does not generate.",
         "The message lists the tables the game has."),
    Code("B612", "aid-overflow", "A player aid panel does not fit its half page.",
         "Shorten the panel or split it in two."),
    Code("C101", "bad-settings", "The lint settings file cannot be used.",
         "samizdat reads the nearest samizdat.toml, or [tool.samizdat] in pyproject.toml, "
         "from the working directory upwards (or the file given with --config). It accepts "
         "select, ignore (lists of code prefixes), baseline (a file name) and a "
         "per-path-ignores table of glob = [codes].\n\nFailing:\n    ignore = \"L705\"\n"
         "Passing:\n    ignore = [\"L705\"]"),
    Code("C102", "bad-baseline", "The lint baseline cannot be used.",
         "A baseline is the JSON file `samizdat lint --write-baseline --baseline FILE` "
         "writes: {\"version\": 1, \"findings\": [{code, file, message}, ...]}. Write it "
         "again rather than editing it by hand."),
    Code("N501", "count-mismatch", "A component count differs from the rulebook.",
         "game.yaml declares the counts the source document fixes; the content must "
         "match them (copies count)."),
)

CODES: dict[str, Code] = {c.code: c for c in _CODES}


def describe(code: str) -> Code | None:
    """The documentation of ``code`` (case-insensitive), or None."""
    return CODES.get(code.upper())
