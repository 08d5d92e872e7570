"""The catalogue of diagnostic codes: stable identifiers with their documentation.

Every diagnostic any stage emits uses a code from this table; ``samizdat rule CODE``
prints the entry. Codes never change meaning once published. Prefixes:
``Y`` loading YAML, ``F`` finding content, ``S`` schema, ``M`` content model and
references, ``N`` component counts, ``B`` building print files, ``C`` lint settings, ``R`` runs
of simulations and lints (time budgets, the files they write), ``X`` spreadsheets
(``samizdat import sheet``), ``D`` balance diffs (``samizdat diff``).
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

    @property
    def severity(self) -> str:
        """How it is reported by default: "error", or "warning" (see :data:`WARNINGS`)."""
        return "warning" if self.code in WARNINGS else "error"


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
    Code("Y114", "not-a-regular-file", "A file to read is not a plain file.",
         "Content, layouts, rules data, phrases, settings and baselines are read only from "
         "regular files. A named pipe, a device such as /dev/zero, a socket, a folder or a "
         "file of the kernel's pseudo file systems (/proc, /sys) could block a run or feed it "
         "without end, so it is refused before it is opened. Replace it (or the link to it) "
         "with an ordinary file."),
    Code("Y115", "unreadable-file", "A file samizdat needs cannot be read.",
         "The message gives the reason: permission denied, a symbolic link that leads to "
         "nothing or back to itself, a name the file system cannot hold, or a file that "
         "changed while it was opened. Fix the file or its permissions and run again."),
    Code("Y121", "hidden-character", "A text holds a control character or a "
         "bidirectional override.",
         "Only a double-quoted escape such as \"\\0\", \"\\x1b\" or \"\\u202e\" can put these "
         "characters into YAML. Control characters (NUL, escape, carriage return...; tab "
         "and newline are fine) cannot be printed on a card. The bidirectional embedding, "
         "override and isolate controls (U+202A-U+202E, U+2066-U+2069) make text display in "
         "another order than it is stored, so an id, a reference or a rule can read as "
         "something it is not. Right-to-left scripts need none of them; marks such as "
         "U+200F and joiners such as U+200D are allowed. The diagnostic points at the value "
         "and says which character of it is the culprit."),
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
    Code("F208", "folder-too-deep", "Content folders are nested deeper than allowed.",
         "Folders inside a content folder are searched for YAML files down to 32 levels; "
         "deeper ones are not read. Flatten the folder tree."),
    Code("F209", "broken-link", "A symbolic link in a content folder leads to nothing.",
         "A link named like a content file (or a linked folder) whose target does not "
         "exist is skipped, with this warning so that the missing content is noticed. "
         "Remove the link or restore what it points at."),
    Code("F210", "link-loop", "A symbolic link in a content folder leads back to itself.",
         "A link whose target is itself, directly or through other links, or a linked "
         "folder that contains one of its own parents, cannot be followed. Nothing under it "
         "is read. Remove the link."),
    Code("F211", "unreadable-folder", "A folder of content cannot be listed.",
         "samizdat was denied (or failed) listing a folder inside the content, so the "
         "files in it are not read and the content is incomplete. Fix the folder's "
         "permissions."),
    Code("F212", "second-game-folder", "Two content folders of the same game in one run.",
         "A run builds one model per game, so a second folder of a game would silently "
         "replace the first (a build wrote only one of them). The second is not read; "
         "run samizdat on each folder in turn."),
    Code("F290", "more-in-file", "A file has more diagnostics than are shown one by one.",
         "Every report (text, json, github, sarif) shows at most 100 diagnostics per file, "
         "then this one, at the first diagnostic left out, saying how many more there are "
         "and of which codes; it is as severe as the worst of them. The summary's counts "
         "and the exit code include them all. Fix the first ones and run again: many "
         "mistakes repeat one cause (an anchor used everywhere, a broken indentation)."),
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
    Code("M406", "model-crashed", "Building the game's model raised an internal error.",
         "Content that passed loading and the schemas is turned into the game's model; an "
         "exception there is a bug in samizdat, not in the content, and must not cost the "
         "other findings. The error names the exception; the game's model-based checks "
         "and its lint analyses do not run, and every other finding is reported."),
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
         "For example a region without a position, an `extends:` cycle, an `icon:` "
         "samizdat does not have, or a region wholly outside its card (and the bleed) or "
         "mat: each would print nothing where the layout asks for something."),
    Code("B607", "unknown-card-size", "The game manifest names a card size samizdat does not know.",
         "Known sizes: poker, bridge, tarot, mini, square, poker-foldout."),
    Code("B608", "unknown-field", "A layout region shows a field the card does not have.",
         "The region's `field:` (or its name) must be one of the card face's fields, and "
         "an icon region's `icon_from_tag:` one of its tags (unless `optional: true`). "
         "A region's `only_with:` must name one of the face's fields too; the region is "
         "then drawn only on cards where that field has text."),
    Code("B609", "too-large-for-paper", "Cards do not fit on the chosen paper, or "
         "`--back-offset` pushes their duplex backs off it.",
         "Choose larger paper or a smaller card size; for a back shift, one no larger "
         "than the room the card block leaves (the message gives it)."),
    Code("B610", "no-rules-data", "A game has no rules data for its reference and aid.",
         "Write templates/<game>/rules.yaml (see docs/rules-format.md)."),
    Code("B611", "unknown-table", "Rules data names a table the game does not generate.",
         "The message lists the tables the game has."),
    Code("B612", "aid-overflow", "A player aid panel does not fit its half page.",
         "Shorten the panel or split it in two."),
    Code("B613", "missing-glyph", "Text holds characters its font cannot draw.",
         "A PDF viewer shows a character the embedded font has no glyph for as a box or "
         "a blank. The shipped DejaVu fonts cover Latin, Greek and Cyrillic (and some "
         "symbols); Arabic, Devanagari and Bengali fall back to the shipped Noto Sans "
         "fonts, shaped with HarfBuzz and ordered by the bidirectional algorithm; Chinese, "
         "Japanese, Korean and most emoji are covered by no shipped font. Bold and italic "
         "faces cover less than the regular one. The diagnostic names each character and "
         "the font, at the content field that holds it; the build stops unless --force.\n\n"
         "Failing:\n    title: \u4e2d\u6587\nPassing:\n    title: \u0633\u0648\u0642"),
    Code("B620", "output-not-samizdat", "An output folder holds something samizdat did not "
         "write.",
         "`build` replaces <out>/<game>/ as a whole, so it only does so when it made that "
         "folder: it carries samizdat's marker file, and every file in it is listed by its "
         "manifest. A campaign folder, a folder of your own or one with files you added "
         "is never deleted; move them, or choose another --out."),
    Code("B621", "output-link", "The output folder is, or holds, a symbolic link.",
         "samizdat never writes through a link nor replaces one: a link committed into a "
         "repository could send the build's output (and its replacing of old output) "
         "anywhere. Pass the real folder as --out."),
    Code("B622", "output-write-failed", "The output could not be written.",
         "The operating system refused to create or write the output (a full disk, no "
         "permission, --out naming a file). The previous output is left as it was."),
    Code("B623", "art-too-large", "An art image has far more pixels than its card can print.",
         "Images are decoded before printing, and a small file can hold an enormous image. "
         "samizdat refuses art over 1200 dpi at the card's size (or over 50 million "
         "pixels) without decoding it, and prints art above 600 dpi scaled down to 600 "
         "dpi. Scale the image to the card's size at 300-600 dpi."),
    Code("B624", "unknown-icon", "Text names an icon that has no SVG file.",
         "An icon written `:name:` in card text or a layout's text is drawn from "
         "`name.svg` in the game's icon folders: templates/<game>/icons/, "
         "templates/common/icons/, and the same folders of the --templates folder, which "
         "add or replace icons. A name without a file would print no picture, so it is "
         "an error at the content string that writes it (at the card when the text was "
         "generated from effect data), found while cards are fitted; the build stops "
         "unless --force, which prints a crossed red box in its place. The hint names "
         "the closest icon the game has.\n\n"
         "Failing:\n    text: Gain 2 :fund:.\nPassing:\n    text: Gain 2 :funds:."),
    Code("B625", "art-not-printed", "A card names art its layout has no place for.",
         "Art is drawn in a layout's `art` regions; a card whose `art:` names a picture "
         "while its front layout has none would print exactly as without it. It is a "
         "warning at the card's `art:`; add a region of kind `art` to the layout (in "
         "the --templates folder) or leave the art out."),
    Code("B634", "art-colour-profile", "An art image's colours need a profile it lacks "
         "or do not use sRGB.",
         "Printed PDFs, the PNG export and most print shops' RGB workflows read RGB as "
         "sRGB. Art in another colour profile (Adobe RGB, Display P3, a CMYK press "
         "profile) is converted to sRGB with the ICC profile it carries, and colours sRGB "
         "cannot show are clipped; CMYK art with no profile, or a profile that cannot be "
         "read or does not fit the pixels, prints uncorrected. Each is a warning at the "
         "card's `art:`; export the picture as sRGB to silence it."),
    Code("B635", "no-cmyk-profile", "A CMYK vendor build has no usable CMYK ICC profile.",
         "`--print-ready drivethru` and `--print-ready offset` write flattened CMYK "
         "PDF/X-1a files, converted from sRGB with an ICC output profile: the file "
         "`--icc-profile` names (the vendor's own profile), else the first CMYK profile "
         "found where systems keep them (Ghostscript's SWOP profile on Debian, from the "
         "package libgs-common). A file that is missing, is not an ICC profile, or is "
         "not a CMYK one is this error at the file, and nothing is written."),
    Code("B636", "vendor-size", "A deck's card size is not a product of the vendor.",
         "Each vendor file (templates/common/vendors/) lists the card sizes it prints. A "
         "deck of another size (AZADI's fold-out Tyranny cards with The Game Crafter, "
         "MakePlayingCards or DriveThruCards) is still written at its own size, with this "
         "warning at the game's card_sizes: the upload may refuse it (Ruling R63)."),
    Code("B637", "text-too-small", "Printed text is under the preflight's minimum size.",
         "With --preflight (build or lint) every text region is checked at the size it "
         "was fitted at: text shrunk, or set, under --min-text (6 pt by default) is hard "
         "to read once printed. A field's text is reported at the first card that "
         "prints it, with the number of card sides concerned; a layout's own label at "
         "its region. Give the region more room, shorter text or a larger min_size."),
    Code("B638", "outside-safe-zone", "Text, an icon or art reaches outside the safe zone.",
         "The safe zone is the vendor's (its safe_mm inside the trim) with --print-ready, "
         "else the layout's `safe` guides. What prints outside it may be cut off where "
         "the blade wanders. Text is measured by the lines it really takes; a full-art "
         "background (an art region with bleed) is exempt."),
    Code("B639", "low-contrast", "Text has less than 4.5:1 contrast with what is under it.",
         "The fill under the middle of the text (the last filled box drawn before it, "
         "else the layout's background, white paper without one) is compared with the "
         "text colour by WCAG 2's contrast ratio; under 4.5:1 reads poorly in print. "
         "Text over art is not checked (its pixels are the artist's)."),
    Code("B640", "no-bleed", "A fill touching the trim does not run into the bleed.",
         "With --print-ready, a filled box or an art region that touches the trim line "
         "but stops there leaves a white sliver wherever the cut wanders outwards; give "
         "it `bleed: true`."),
    Code("B641", "overlap", "An icon or text is drawn over another region's text.",
         "Icons and texts are compared by the boxes they really ink (the fitted lines, "
         "the icon's square); an overlap of more than 0.5 square millimetres covers "
         "letters."),
    Code("B642", "empty-field", "A box is printed around a field the card leaves empty.",
         "A badge or panel (a box region with a fill or stroke) drawn on every card, "
         "around a text region whose field is empty on this card and around no other "
         "text, prints as an empty frame. Draw the box only with the field "
         "(`only_with: FIELD`) or make the field `optional`."),
    Code("B643", "out-of-gamut", "A colour or art prints visibly otherwise on a CMYK "
         "vendor's press.",
         "With --print-ready drivethru or offset, each colour a layout prints (background, "
         "fills, strokes, text) and each card's art is run through the same conversion the "
         "vendor file gets (sRGB to the CMYK profile, relative colorimetric with black-point "
         "compensation, the vendor's ink limit) and back; a colour that moves by more than "
         "10 (CIE76 \u0394E) is out of the press's gamut or loses ink to the limit, and "
         "art warns when more than 2 % of its pixels do. The message names the colour it "
         "prints as and the nearest colour that prints within 8: use it in the layout, or "
         "accept the shift."),
    Code("B630", "too-large-for-cutting", "Cards do not fit the area a cutting machine "
         "can cut (`--cut-marks`).",
         "With `--cut-marks silhouette` cards must lie inside Silhouette's registration "
         "marks (10 mm from the paper's edges) with 2 mm to spare and clear of the 20 mm "
         "square around each mark; with `--cut-marks cricut` a card must fit Cricut's "
         "Print Then Cut image of at most 6.75 x 9.25 in (171.45 x 234.95 mm). The "
         "message gives the room there is. Build the deck without `--cut-marks`, or on "
         "larger paper."),
    Code("C101", "bad-settings", "The settings file cannot be used.",
         "samizdat reads the nearest samizdat.toml, or [tool.samizdat] in pyproject.toml, "
         "from the working directory upwards (or the file given with --config). For lint "
         "it accepts select, ignore (lists of code prefixes), baseline (a file name) and a "
         "per-path-ignores table of glob = [codes]; for build a [build] table with "
         "back-offset = [X, Y] (mm, each within 20), paper, sheet (duplex or gutterfold) "
         "and instructions (true or false).\n\nFailing:\n    ignore = \"L705\"\n"
         "    [build]\n    back-offset = \"0.5,-0.3\"\n"
         "Passing:\n    ignore = [\"L705\"]\n    [build]\n    back-offset = [0.5, -0.3]"),
    Code("C102", "bad-baseline", "The lint baseline cannot be used.",
         "A baseline is the JSON file `samizdat lint --write-baseline --baseline FILE` "
         "writes: {\"version\": 1, \"findings\": [{code, file, message}, ...]}. Write it "
         "again rather than editing it by hand."),
    Code("R101", "analyses-not-run", "Some simulated lint analyses did not run (the time "
         "budget was spent, or Ctrl-C).",
         "`samizdat lint --time-budget SECONDS` starts no simulated analysis after the "
         "budget is spent, and drops one whose games were still being played when it ran "
         "out; Ctrl-C does the same at once (and the exit code is 130). The warning names "
         "each analysis that did not run: the lint's verdict says nothing about them, so a "
         "clean result is not a clean bill of health. No --select, --ignore, suppression or "
         "baseline hides it. Raise the budget, or lint with fewer --games; the runs of games "
         "that finished are cached, so a second lint goes further."),
    Code("R102", "unsafe-output", "An output file cannot be written safely.",
         "samizdat writes its reports and baselines whole or not at all: into a "
         "temporary file in the target folder, then renamed over the file's name (a "
         "symbolic link at that name is replaced, never written through). It refuses a "
         "target folder that is a symbolic link, is not a folder, or cannot be created or "
         "written, and a file name that is a folder. Nothing is written then. Give a real "
         "folder you may write to."),
    Code("R103", "analyses-need-valid-content", "The lint analyses that need sound content "
         "did not run because the content has errors.",
         "The simulated analyses play games with the rules engine, and an engine can only "
         "play content that validates: a Tyranny card whose Imperial Order does not exist, "
         "or a campaign whose Mandate is unknown, has no game to play, and a board file that "
         "did not load leaves a board of no spaces. Static analyses that weigh the content "
         "as a whole (the strongest hand, the cards of each type, what no campaign unlocks) "
         "would report what is missing as a design fault. So while a game's content has "
         "errors, `samizdat lint` runs only the analyses that judge each item on its own "
         "(text drift, dead powers, impossible tasks, same-moment pairs), and this warning "
         "names the others, which did not run; their findings are unknown. Like R101, no "
         "--select, --ignore, suppression or baseline hides it. Fix the errors reported "
         "above it, then lint again."),
    Code("R104", "analysis-crashed", "A lint analysis raised an internal error.",
         "An exception inside one analysis is a bug in samizdat (or in its rules engine), "
         "not in the content; it must never cost the findings of the others. The error "
         "names the analysis and the exception; it points at the content item the "
         "analysis was judging when it raised (the innermost item its traceback holds), "
         "else at the manifest; and, when the analysis was playing a game, "
         "the seed of that game and the `samizdat simulate ... --replay SEED` command that "
         "plays it again step by step. `samizdat lint --verbose` prints the traceback on "
         "standard error. The findings of that analysis are unknown; every other finding "
         "is reported, and the exit code is 1 (errors found), not 2. Like R101, no "
         "--select, --ignore, suppression or baseline hides it. Report it with the "
         "traceback."),
    Code("R105", "game-did-not-end", "A simulated game did not end within its budget.",
         "Every game a simulated analysis plays has a budget of actions and of seconds "
         "of play (200,000 actions or 20 s each); content that keeps a game going past "
         "it (an effect that hands the turn back for ever, an end no player can reach) "
         "would otherwise keep `samizdat lint` from answering. The error names the seed, "
         "the budget spent and the analysis that was playing, with the `samizdat simulate "
         "... --replay SEED` command that plays that game again action by action; the "
         "findings of that analysis are unknown. Like R104, no --select, --ignore, "
         "suppression or baseline hides it. Look for a repeating effect or an "
         "unreachable goal in the content the replay shows. The error points at the "
         "content item the game's last actions and log lines name most (when one is "
         "named in a tenth of them), the manifest a related place; one error a game, "
         "naming every analysis that played it."),
    Code("R106", "game-crashed", "A simulated game raised an exception on the content.",
         "An exception while a simulated analysis sets up or plays a game (an engine "
         "meeting content its checks let through, or a bug in samizdat) is reported at "
         "the content item the game's last actions and log lines name most (the manifest "
         "for a game that could not be set up), not as an internal error: the error names "
         "the exception, the seed, how many actions were played and every analysis that "
         "played that game (one error for all of them), with the `samizdat simulate ... "
         "--replay SEED` command that plays the game again up to the action that raised; "
         "`samizdat lint --verbose` prints the traceback. The findings of those analyses "
         "are unknown. Like R104, no --select, --ignore, suppression or baseline hides "
         "it."),
    Code("T101", "missing-translation", "A printed field has no translation in the "
         "language asked for.",
         "With `--lang CODE` every printed field is in that language: rules text from "
         "templates/<game>/lang/<code>/phrases.yaml, the content's own words (titles, "
         "flavour, labels) from the content folder's lang/<code>.po catalogue, whole game "
         "terms and layout labels from the glossary in lang.yaml. A field none of them "
         "gives is an error naming the card and field (or the phrase); with "
         "--allow-fallback it is a warning and the field prints in English. "
         "`samizdat i18n extract --lang CODE` writes the catalogue to fill in; `samizdat "
         "i18n status` lists what is missing."),
    Code("T102", "stale-translation", "A translation was made for text the card no "
         "longer prints.",
         "A catalogue entry whose source (msgid) differs from what the card prints now, "
         "or that is marked fuzzy, was translated from older words: check it, update its "
         "msgid (`samizdat i18n extract` does, keeping the old text as the previous "
         "msgid) and clear the fuzzy flag. An error, or with --allow-fallback a warning "
         "and the field prints in English."),
    Code("T103", "unknown-language", "The game has no such language.",
         "A language is a folder templates/<game>/lang/<code>/ with a lang.yaml; the "
         "message lists those the game has. Codes are BCP 47: ar, hi, pt-BR."),
    Code("T104", "bad-language-file", "A language file cannot be used.",
         "lang.yaml holds `language: {code, name, direction: ltr|rtl, mirror: "
         "true|false}` and a `glossary:` of term: translation strings; phrases.yaml the "
         "sections of the game's phrases.yaml; print.yaml the entries of "
         "templates/common/print.yaml (texts, or plural forms with `other`, using only "
         "the English entry's {names}); lang/<code>.po a gettext catalogue."),
    Code("T105", "translation-drift", "A translation's numbers or icons differ from the "
         "card's.",
         "A card's own words translated in a catalogue must keep every number and inline "
         "icon of the English (\"Draw 2 cards\" is not \"Piochez 3 cartes\"): the "
         "printed card would say another thing than the card the engine plays. A "
         "warning at the catalogue entry."),
    Code("T106", "swapped-translations", "Two catalogue entries hold each other's "
         "translations.",
         "Within one printed field (titles, flavour lines), two translations that, traded "
         "back, resemble their English sources clearly better than as they stand: two "
         "cards would print each other's words. A warning at the first entry, the other a "
         "related place; judged in languages written in the same letters as English."),
    Code("T107", "orphan-translation", "A catalogue entry for a field no card prints.",
         "An entry whose context (``deck/card:side.field``) names no printed field of "
         "the content: a mistyped context, or a card removed or renamed since the "
         "catalogue was written. Its words are printed nowhere, and the field it meant "
         "prints untranslated. A warning at the entry; `samizdat i18n extract` keeps such "
         "entries as obsolete."),
    Code("X101", "unreadable-spreadsheet", "A spreadsheet given to `samizdat import sheet` "
         "cannot be read.",
         "The file must be an .xlsx workbook (a zip archive of XML files, as Excel, "
         "LibreOffice and Google Sheets save it) or a UTF-8 .csv file. Spreadsheets come "
         "from strangers, so they are read within bounds: at most 16 MiB on disk, "
         "unpacking to at most 64 MiB in at most 1,000 files (a zip bomb is refused "
         "before anything is unpacked), at most 100 sheets of at most 10,000 rows and "
         "256 columns (a sheet whose declared size is larger is refused; nothing beyond "
         "is read). XML entity tricks are refused. The message says which bound, or what "
         "the reader found broken: open the file in a spreadsheet program and save it "
         "again as Excel Workbook (.xlsx) or CSV UTF-8."),
    Code("X102", "unknown-sheet", "A sheet is named after no kind of item of the game.",
         "Each sheet of a workbook holds one kind of item and is named after it, as "
         "`samizdat export sheet` names it: `cards`, `resistance_cards`, `tyranny_cards`... "
         "(the section names of the game's YAML files; kinds without ids, such as "
         "Spring's board spaces, are not sheets). Rename the sheet, or delete a sheet of "
         "notes. The hint lists the sheets the game has."),
    Code("X103", "unknown-column", "A column's header names no field of the sheet's kind.",
         "Row 1 names each column: a field of the kind (its schema's properties) or "
         "`file`. Columns may be in any order, and a field may have no column (it is "
         "then left as it is in the YAML), but a header that is no field, a field named "
         "twice, or a value in a column without a header is an error at that cell.\n\n"
         "Failing:\n    id | title | cots\n"
         "Passing:\n    id | title | cost"),
    Code("X104", "bad-cell", "A cell does not read in the column syntax.",
         "docs/spreadsheets.md describes it: numbers, TRUE/FALSE and text as they are; "
         "a list or mapping as YAML flow in the cell (`{corruption: 1}`, "
         "`[copy_played, {draw: 2}]`); text that would read as something else after a "
         "backslash (`\\12` is the text 12). A flow value that is not well-formed YAML, "
         "a date (a spreadsheet program may turn `1-2` into one), an error value such as "
         "#N/A, a number out of range or a cell longer than 32,767 characters is an error "
         "at the cell, with what was expected.\n\n"
         "Failing:\n    {corruption: 1\n"
         "Passing:\n    {corruption: 1}"),
    Code("X105", "formula-cell", "A cell holds a formula.",
         "samizdat reads values, not formulas: a formula's result is stored beside it "
         "only by the program that last calculated it, may be missing or out of date, and "
         "the YAML can only hold the value. Copy the column and paste it as values."),
    Code("X106", "duplicate-row-id", "Two rows of a sheet have the same id.",
         "Rows are matched to items by id, so each id may have one row in its sheet. The "
         "related location is the first row."),
    Code("X107", "missing-row-id", "A row (or a whole sheet) has no id.",
         "Rows are matched to items by id: every sheet needs an `id` column and every row "
         "that holds anything an id."),
    Code("X108", "bad-file-cell", "A row's `file` cell cannot be used.",
         "The `file` column names the YAML file that holds the item, relative to the "
         "folder imported into (`cards.yaml`, `campaigns/mars-1-ae/tyranny_cards.yaml`). "
         "For a new item it must be a .yaml or .yml file inside that folder, in a folder "
         "that exists, in a game folder for the game's kinds or a campaign folder for a "
         "campaign's; it may be left empty when one file holds the kind. An item already "
         "in a file stays there: moving it to another file is done in the YAML."),
    Code("X109", "cannot-write-yaml", "A YAML file cannot be changed faithfully.",
         "An import rewrites only the items that changed and checks that the file it "
         "would write reads back as exactly the data asked for; when it does not (a file "
         "laid out in a way samizdat's YAML writer cannot reproduce), nothing is written. "
         "Make the change in the YAML file."),
    Code("X110", "cell-does-not-validate", "A cell's value would make the content "
         "invalid.",
         "Before writing, an import validates the content as it would be, and each "
         "problem with an item that came from a row is reported at the cell of its "
         "field, with the validator's own message and code: a wrong type or a value out "
         "of range (S302-S305), an unknown reference (M402), an id another item has "
         "(M401). No file is written; fix the cell and import again. Problems elsewhere "
         "(a component count, N501) keep their own code and place."),
    Code("N501", "count-mismatch", "A component count differs from the rulebook.",
         "game.yaml declares the counts the source document fixes; the content must "
         "match them (copies count)."),
    Code("D101", "card-figure-moved", "A card's figure moved beyond noise between two "
         "versions of the content.",
         "`samizdat diff BASE HEAD` played the same seeds with the same bots on both "
         "versions, and a figure about this card (how often it is bought or used, a "
         "Tyranny choice completed, an Imperial Order overturned, a country overthrown: "
         "the share of games where it happened) differs by more than chance explains: "
         "its two-proportion test is significant after Holm's correction over every "
         "figure of the diff (docs/rulings.md R68). The finding is at the card in HEAD "
         "and gives both shares with their 95 % intervals and the change with its "
         "interval. It is a report, not a verdict: a change the designer meant is "
         "expected to move figures."),
    Code("D102", "game-figure-moved", "A figure of the whole game moved beyond noise "
         "between two versions of the content.",
         "As D101, for a figure of the game as a whole: a seat's win rate, the draw "
         "rate, the first player's win rate (seat advantage), the mean game length "
         "(Welch's test) or the azadi rate. The finding is at the game's manifest "
         "(game.yaml), or at campaign.yaml for a figure of one AZADI campaign."),
)

CODES: dict[str, Code] = {c.code: c for c in _CODES}

WARNINGS = frozenset({"Y120", "F205", "F209", "F290", "B603", "B604", "B625", "B634",
                      "B636", "B637", "B638", "B639", "B640", "B641", "B642", "B643", "T105",
                      "T106", "T107", "R101",
                      "R103", "D101", "D102"})
"""The catalogue's codes reported as warnings (F290 is as severe as the worst it
counts); every other one is an error. docs/rules.md's "default" column says the same."""


def describe(code: str) -> Code | None:
    """The documentation of ``code`` (case-insensitive), or None."""
    return CODES.get(code.upper())
