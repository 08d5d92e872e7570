"""What each piece of AZADI's effect language needs, for the static analyses.

A *capability* is something the rules may forbid: trading, coalitions, moving
voters... Every action kind and every event declares the capabilities it needs;
a ``forbid`` rule removes capabilities. The analyses work on these declarations
alone (the engine executes the same vocabulary).
"""

from __future__ import annotations

# action kind -> capabilities it needs
ACTION_NEEDS: dict[str, frozenset[str]] = {
    "gain_resources": frozenset(),
    "discard_resources": frozenset(),
    "trade_resources": frozenset({"trade"}),
    "take_resources": frozenset({"take_resources"}),
    "donate_resources": frozenset({"donate_resources"}),
    "place_voters": frozenset({"place_voters"}),
    "evict_voters": frozenset({"evict_voters"}),
    "discard_voters": frozenset({"discard_voters"}),
    "convert_voters": frozenset({"convert_voters"}),
    "move_voters": frozenset({"move_voters"}),
    "gerrymander": frozenset({"gerrymander", "move_voters"}),
    "influence_voter_card": frozenset({"influence_voter_card"}),
    "add_imperial_voters": frozenset(),
    "gain_legacy": frozenset(),
    "gain_infamy": frozenset(),
    "answer_ideology_card": frozenset(),
    "use_resistance_cards": frozenset({"use_resistance_card"}),
    "dissent": frozenset({"dissent"}),
    "open_zone": frozenset(),
}

# event -> capabilities needed for it to happen at all
EVENT_NEEDS: dict[str, frozenset[str]] = {
    "voter_placed": frozenset({"place_voters"}),
    "voter_evicted": frozenset({"evict_voters"}),
    "voter_discarded": frozenset({"discard_voters"}),
    "voter_converted": frozenset({"convert_voters"}),
    "voter_moved": frozenset({"move_voters"}),
    "voter_card_influenced": frozenset({"influence_voter_card"}),
    "resources_gained": frozenset(),
    "resources_spent": frozenset(),
    "trade": frozenset({"trade"}),
    "majority_formed": frozenset({"place_voters"}),
    "majority_broken": frozenset(),
    "coalition_formed": frozenset({"coalition"}),
    "dissent_committed": frozenset({"dissent"}),
    "maidaan_used": frozenset({"maidaan"}),
    "resistance_card_used": frozenset({"use_resistance_card"}),
    "ideology_card_answered": frozenset(),
    "monument_contribution": frozenset({"monument_contribution"}),
    "imperial_voter_added": frozenset(),
}

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

# what an action or timing changes, for same-moment conflicts
ACTION_CHANGES: dict[str, frozenset[str]] = {
    "gain_resources": frozenset({"resources"}), "discard_resources": frozenset({"resources"}),
    "trade_resources": frozenset({"resources"}), "take_resources": frozenset({"resources"}),
    "donate_resources": frozenset({"resources"}),
    "place_voters": frozenset({"voters"}), "evict_voters": frozenset({"voters"}),
    "discard_voters": frozenset({"voters"}), "convert_voters": frozenset({"voters"}),
    "move_voters": frozenset({"voters"}), "gerrymander": frozenset({"voters"}),
    "influence_voter_card": frozenset({"resources", "voters"}),
    "add_imperial_voters": frozenset({"voters"}), "gain_legacy": frozenset({"resources"}),
    "gain_infamy": frozenset({"resources"}), "answer_ideology_card": frozenset({"resources"}),
    "use_resistance_cards": frozenset(), "dissent": frozenset({"resources"}),
    "open_zone": frozenset({"zones"}),
}
