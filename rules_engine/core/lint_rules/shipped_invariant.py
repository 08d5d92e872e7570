"""New content breaks what every shipped item of its kind has in common.

The invariants are learned from the game's shipped content
(:mod:`rules_engine.core.learned`): the range of each number field, the total of
each mapping of numbers, the length of each list, values never repeated inside one
item's list, values no two items of one folder share; implications
(:mod:`rules_engine.core.implications`): one field's value fixing part of another's
(an answer for the idealist always grants trust; Resistance cards 1-12 are the
capitalist's); and costs against effects
(:mod:`rules_engine.core.cost_model`): the price formula a kind's costs follow, and
that no item is strictly worse than another of its kind at no lower price; and names
(:mod:`rules_engine.core.name_marks`): an id's words and numbers that name a field
(every ``rev-strike-*`` card is of subtype strike); and mirror images
(:mod:`rules_engine.core.mirrors`): sides given the same items under other names
(SAN's two starting decks); and links that name each other
(:mod:`rules_engine.core.inverses`): a campaign's Mandate names the campaign back; and
alternatives (:mod:`rules_engine.core.alternatives`): the two powers a Monument prints
are never the same; and levels that escalate (:mod:`rules_engine.core.levels`): no
Attack card does as much as a higher level of its ideologue; and declared names
(:mod:`rules_engine.core.declared_values`): every name a parameter lists is some
item's (every Spring revolution type is some card's subtype); and how often each
item is named (:mod:`rules_engine.core.named_counts`): every Monument by two
Foundation cards; and entries written twice (:mod:`rules_engine.core.repeats`): no
shipped list repeats an entry word for word.
Each rests on at least eight shipped observations (a link or alternatives, on four); the finding
names the invariant and how many shipped items keep it. A deliberate departure is kept
with
``# samizdat: ignore[L601] reason`` on the line.

Failing (every shipped ideology answer grants 4 resources)::

    - {text: "...", ideologue: idealist, resources: {trust: 5}}

Passing::

    - {text: "...", ideologue: idealist, resources: {trust: 3, clout: 1}}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.alternatives import Alternative
from rules_engine.core.alternatives import broken as same_alternatives
from rules_engine.core.alternatives import learn as learn_alternatives
from rules_engine.core.content import ContentSet
from rules_engine.core.cost_model import CostModels, Departure, departures
from rules_engine.core.cost_model import learn as learn_costs
from rules_engine.core.declared_values import Declared
from rules_engine.core.declared_values import broken as unused_names
from rules_engine.core.declared_values import learn as learn_declared
from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.core.implications import Blocks, learn_blocks, outside_blocks
from rules_engine.core.implications import Learned as Implications
from rules_engine.core.implications import broken as broken_implications
from rules_engine.core.implications import learn as learn_implications
from rules_engine.core.inverses import Inverse
from rules_engine.core.inverses import broken as unreturned
from rules_engine.core.inverses import learn as learn_inverses
from rules_engine.core.learned import Break, Invariants, broken, learn
from rules_engine.core.levels import Escalation
from rules_engine.core.levels import broken as outdone
from rules_engine.core.levels import learn as learn_levels
from rules_engine.core.lint import LintContext
from rules_engine.core.mirrors import Mirror
from rules_engine.core.mirrors import broken as unmirrored
from rules_engine.core.mirrors import learn as learn_mirrors
from rules_engine.core.name_marks import Marks
from rules_engine.core.name_marks import broken as misnamed
from rules_engine.core.name_marks import learn as learn_marks
from rules_engine.core.named_counts import Named
from rules_engine.core.named_counts import broken as miscounted
from rules_engine.core.named_counts import learn as learn_named
from rules_engine.core.repeats import broken as repeated_entries
from rules_engine.core.repeats import learn as learn_repeats

CODE = "L601"
NAME = "breaks-shipped-invariant"
SEVERITY = Severity.WARNING
LOCAL = True      # each item on its own (and each folder's uniqueness)

_LEARNED: IdentityCache[ContentSet, Invariants] = IdentityCache(4)
_COSTS: IdentityCache[ContentSet, CostModels] = IdentityCache(4)
_IMPLIED: IdentityCache[ContentSet, Implications] = IdentityCache(4)
_BLOCKS: IdentityCache[ContentSet, Blocks] = IdentityCache(4)
_MARKS: IdentityCache[ContentSet, Marks] = IdentityCache(4)
_MIRRORS: IdentityCache[ContentSet, dict[tuple[str, str], Mirror]] = IdentityCache(4)
_INVERSES: IdentityCache[ContentSet, list[Inverse]] = IdentityCache(4)
_ALTERNATIVES: IdentityCache[ContentSet, list[Alternative]] = IdentityCache(4)
_LEVELS: IdentityCache[ContentSet, list[Escalation]] = IdentityCache(4)
_DECLARED: IdentityCache[ContentSet, list[Declared]] = IdentityCache(4)
_NAMED: IdentityCache[ContentSet, list[Named]] = IdentityCache(4)
_REPEATS: IdentityCache[ContentSet, int] = IdentityCache(4)
HINT = f"a deliberate departure from the shipped content: `# samizdat: ignore[{CODE}]` " \
       "and why, on this line"


def _message(found: Break) -> str:
    rule = found.invariant
    value = found.value
    shown = f"{value:g}" if isinstance(value, float) else repr(value) \
        if isinstance(value, str) else str(value)
    what = {"range": f"{shown} is outside it", "sum": f"these add up to {shown}",
            "length": f"this list holds {shown}", "distinct": f"{shown} is repeated",
            "unique": f"{shown} is already taken in this folder",
            "apart": f"{value} prints nearly alike"}[rule.kind]
    return f"{rule.says()} ({rule.support} shipped kept it); {what}"


def _cost_message(found: Departure) -> str:
    model = found.model
    if found.other is None:
        return f"{model.says(found.features)}, but its {model.target} is {found.cost:g}"
    return (f"{found.other.data.get('id', 'another item')} is as good or better in every "
            f"term of the shipped {model.view}.{model.target} formula at no higher cost, "
            f"so this one is never the better pick (none of the {model.support} shipped "
            f"is)")


def check(context: LintContext) -> Iterator[Diagnostic]:
    reference = context.reference
    if reference is None:
        return
    invariants = _LEARNED.lookup(reference, learn)
    for found in broken(context.content, invariants):
        related = (Related(found.first, "has it already"),) if found.first else ()
        yield Diagnostic(CODE, SEVERITY, _message(found), found.location, related, hint=HINT)
    for found_link in broken_implications(context.content,
                                          _IMPLIED.lookup(reference, learn_implications)):
        rule = found_link.implication
        lacks = ", ".join(sorted(v for _, v in found_link.missing))
        yield Diagnostic(CODE, SEVERITY, f"{rule.says()} ({rule.support} shipped kept it); "
                         f"this one lacks {lacks}", found_link.location, hint=HINT)
    for block, entered, location, number in outside_blocks(
            context.content, _BLOCKS.lookup(reference, learn_blocks)):
        yield Diagnostic(CODE, SEVERITY, f"{block.says()} ({block.support} shipped kept it); "
                         f"{number:g} lies in the block of {entered.value}", location,
                         hint=HINT)
    for departure in departures(context.content, _COSTS.lookup(reference, learn_costs)):
        other = departure.other
        related = (Related(other.location, "better at no higher cost"),) if other else ()
        yield Diagnostic(CODE, SEVERITY, _cost_message(departure), departure.location,
                         related, hint=HINT)
    for wrong in misnamed(context.content, _MARKS.lookup(reference, learn_marks)):
        yield Diagnostic(CODE, SEVERITY, f"{wrong.says} ({wrong.support} shipped kept it); "
                         f"this id says {wrong.named}, but its {wrong.field} is {wrong.held}",
                         wrong.location, hint=HINT)
    for lone in unmirrored(context.content, reference,
                           _MIRRORS.lookup(reference, learn_mirrors)):
        twin = lone.nearest
        related = (Related(twin.location, f"the {lone.missing[0]} item most like it"),) \
            if twin else ()
        yield Diagnostic(CODE, SEVERITY, f"{lone.mirror.says()} ({lone.mirror.support} "
                         f"shipped kept it); no {' or '.join(lone.missing)} item matches "
                         "this one", lone.location, related, hint=HINT)
    for link in unreturned(context.content, reference,
                           _INVERSES.lookup(reference, learn_inverses)):
        inverse = link.inverse
        yield Diagnostic(CODE, SEVERITY, f"{inverse.says()} ({inverse.support} shipped kept "
                         f"it); {link.named} names this one back, but this one's "
                         f"{inverse.field} is "
                         f"{link.found}", link.location,
                         (Related(link.partner, "names this one back"),), hint=HINT)
    for same in same_alternatives(context.content,
                                  _ALTERNATIVES.lookup(reference, learn_alternatives)):
        pair = same.alternative
        yield Diagnostic(CODE, SEVERITY, f"{pair.says()} ({pair.support} shipped kept it); "
                         f"this one holds the same in both", same.location,
                         (Related(same.other, f"its {pair.first}"),), hint=HINT)
    for escalated in outdone(context.content, _LEVELS.lookup(reference, learn_levels)):
        escalation = escalated.escalation
        yield Diagnostic(CODE, SEVERITY, f"{escalation.says()} ({escalation.support} shipped pairs "
                         f"escalate); this item of {escalation.level} "
                         f"{escalated.lower.data.get(escalation.level)} does as much as "
                         f"{escalated.higher.data.get('id', 'an item')} of {escalation.level} "
                         f"{escalated.higher.data.get(escalation.level)} in every term, and more "
                         "in one", escalated.location,
                         (Related(escalated.other, f"the higher {escalation.level}"),), hint=HINT)
    for twice in repeated_entries(context.content, _REPEATS.lookup(reference, learn_repeats)):
        yield Diagnostic(CODE, SEVERITY, f"no shipped list repeats an entry ({twice.support} "
                         f"shipped lists kept it); {twice.entry} is written twice here",
                         twice.location, (Related(twice.first, "written first"),), hint=HINT)
    if context.content_errors:
        return      # what no item names, or how often: only of content that loaded whole
    for unused in unused_names(context.content, _DECLARED.lookup(reference, learn_declared)):
        declared = unused.declared
        yield Diagnostic(CODE, SEVERITY, f"{declared.says()} ({declared.support} shipped "
                         f"kept it); {unused.name} is no {declared.section} item's "
                         f"{declared.field}, so nothing of it is dealt or played",
                         unused.location, hint=HINT)
    for wrong_count in miscounted(context.content, reference,
                                  _NAMED.lookup(reference, learn_named)):
        named = wrong_count.named
        yield Diagnostic(CODE, SEVERITY, f"{named.says()} ({named.support} shipped kept it); "
                         f"{wrong_count.ident} is the {named.field} of {wrong_count.count}",
                         wrong_count.location,
                         tuple(Related(at, f"names {wrong_count.ident}")
                               for at in wrong_count.namers[:12]), hint=HINT)
