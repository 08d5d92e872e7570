"""What each piece of AZADI's effect language needs, for the static analyses.

A *capability* is something the rules may forbid: trading, coalitions, moving
voters... Every action kind and every event declares the capabilities it needs;
a ``forbid`` rule removes capabilities. The analyses work on these declarations
alone (the engine executes the same vocabulary). Actions' and events' facts come from
the verb table (:mod:`rules_engine.azadi.verbs`).
"""

from __future__ import annotations

from rules_engine.azadi.verbs import EVENTS, TABLE

# action kind -> capabilities it needs (from the verb table)
ACTION_NEEDS: dict[str, frozenset[str]] = {n: v.needs for n, v in TABLE.verbs.items()}

# event -> capabilities needed for it to happen at all (from the verb table's events)
EVENT_NEEDS: dict[str, frozenset[str]] = {n: needs for n, (_, needs) in EVENTS.items()}

# forbid target -> capabilities it removes
FORBID_REMOVES: dict[str, frozenset[str]] = {
    "trade": frozenset({"trade"}),
    "trade_resources": frozenset({"trade"}),
    "coalition": frozenset({"coalition"}),
    "coalition_formed": frozenset({"coalition"}),
    "parley": frozenset({"parley"}),
    "redraw_ideology_card": frozenset({"redraw_ideology_card"}),
}
for _name, _needs in list(ACTION_NEEDS.items()):
    FORBID_REMOVES.setdefault(_name, _needs)
for _name, _needs in list(EVENT_NEEDS.items()):
    FORBID_REMOVES.setdefault(_name, _needs)

# what an action changes, for same-moment conflicts (from the verb table)
ACTION_CHANGES: dict[str, frozenset[str]] = {n: v.changes for n, v in TABLE.verbs.items()}
