"""AZADI's verb table: every action a card can print, with its parameters, what it
needs and changes, the events it raises, its phrase and its handler.

The interpreter's dispatch (:func:`rules_engine.azadi.interpreter.run_ability`), the
static analyses' facts (:mod:`rules_engine.azadi.vocabulary`), the bots' hints
(``bots.RAISES``) come from this table; the schema's action definitions
(``schemas/common/effects.schema.json``) and the phrase keys
(``templates/azadi/phrases.yaml``) are checked against it by ``tests/test_azadi_verbs.py``.
``docs/content-format.md``'s verb reference is generated from it.

Besides the verbs, :data:`EVENTS` says which facts each event carries (a listener or
task filter on a fact the event never carries could never match) and
:mod:`rules_engine.azadi.runnable` says, card type by card type, which timings,
conditions, costs, limits and rules the engine runs.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.azadi import interpreter as run
from rules_engine.core.verbs import Param, Verb, VerbTable

IDEOLOGUES = ("capitalist", "showstopper", "idealist", "supremo")
KINDS = ("funds", "clout", "media", "trust", "any")
WHOSE = ("own", "opponent", "imperial", "rebel", "any", "not_own")
ZONES = ("any", "this_zone", "capital", "different_zones", "volatile", "each", "one",
         "each_with_rights")
IN_A_ZONE = "a zone (a Resistance card or an Imperial Order lies in one)"
ZONE_CONTEXT = {"this_zone": IN_A_ZONE}
# voters in volatile areas stay for good (the board's rule), so no power removes them
REMOVABLE_FROM = tuple(z for z in ZONES if z != "volatile")

MAXIMAL = ("doing the most is never worse for the player here, so the engine always "
           "does the most (ruling R41)")
UP_TO = Param("up_to", "bool", "the count is a maximum", default=False, inert=MAXIMAL)
# on a verb that only costs the player, "up to" lets them do none, and they do none
UP_TO_NONE = Param("up_to", "bool", "the count is a maximum: the player does none",
                   default=False, voids=(True,))


def _count(doc: str = "how many", default: object = 1) -> Param:
    return Param("count", "count", doc, default=default)


def _whose(default: str) -> Param:
    return Param("whose", "enum", "whose voters", WHOSE, default=default)


MAJORITY = Param("majority", "bool", "whether voters that make up a majority may be taken",
                 default=False)


def _zone(doc: str, runs: tuple[str, ...] | None = None, default: str = "any") -> Param:
    return Param("zone", "enum", doc, ZONES, runs, default, ZONE_CONTEXT)


VOTERS_OUT = frozenset({"majority_broken"})

_VERBS = (
    Verb("gain_resources", "gain the resources named (``any``: the kind the player holds "
         "least of)", (Param("resources", "resource_gain", "a count per resource kind"),
                       Param("up_to", "bool", "the amounts are maxima", default=False,
                             inert=MAXIMAL)),
         run.gain_resources, changes=frozenset({"resources"}), phrase="gain_resources",
         raises=frozenset({"resources_gained"}),
         required=("resources",)),
    Verb("discard_resources", "discard resources (``count: all`` every one of the kind)",
         (Param("count", "count_or_all", "how many, or all", default=1),
          Param("kind", "enum", "which kind (any: the most plentiful first)", KINDS,
                default="any"), UP_TO_NONE),
         run.discard_resources, changes=frozenset({"resources"}), phrase="discard_resources"),
    Verb("take_resources", "take resources from other players (the richest, or each)",
         (_count(), Param("kind", "enum", "which kind", KINDS, default="any"),
          Param("from", "enum", "from whom", ("another_player", "each_other_player"),
                default="another_player"), UP_TO),
         run.take_resources, needs=frozenset({"take_resources"}),
         changes=frozenset({"resources"}), raises=frozenset({"resources_gained"}),
         phrase="take_resources"),
    Verb("trade_resources", "trade resources with the reserve or another player",
         (Param("with", "enum", "the other side of the trade", ("another_player", "reserve"),
                default="another_player"),
          Param("give", "count", "how many resources the player gives", default=1),
          Param("get", "count", "how many the player gets", default=1),
          Param("kind", "enum", "the kind the player gets (any: the kind held least)", KINDS,
                default="any"), UP_TO),
         run.trade_resources, needs=frozenset({"trade"}), changes=frozenset({"resources"}),
         raises=frozenset({"trade"}), phrase="trade_resources"),
    Verb("donate_resources", "give resources to other players (the poorest, or each)",
         (_count(), Param("kind", "enum", "which kind", KINDS, default="any"),
          Param("to", "enum", "to whom", ("another_player", "each_other_player"),
                default="another_player"),
          Param("source", "enum", "where the resources come from",
                ("mat", "spent_on_voter_card"), ("mat",), "mat"), UP_TO_NONE),
         run.donate_resources, needs=frozenset({"donate_resources"}),
         changes=frozenset({"resources"}), raises=frozenset({"resources_gained"}),
         phrase="donate_resources"),
    Verb("place_voters", "place voters from the player's supply (``any``: the player places "
         "them as with influenced voters; a named zone: the engine places them at once)",
         (_count("how many voters in all (``each``, ``each_with_rights``: in each zone)"),
          _zone("where"), Param("per_zone", "count", "how many in each zone",
                                default=1, applies_with=("zone", ("different_zones",))),
          UP_TO),
         run.place_voters, needs=frozenset({"place_voters"}), changes=frozenset({"voters"}),
         raises=frozenset({"voter_placed", "majority_formed"}), phrase="place_voters"),
    Verb("evict_voters", "send voters back to their owners' mats",
         (_count(), _whose("any"), MAJORITY, _zone("from where", REMOVABLE_FROM), UP_TO),
         run.remove_voters, needs=frozenset({"evict_voters"}), changes=frozenset({"voters"}),
         raises=frozenset({"voter_evicted"}) | VOTERS_OUT, phrase="evict_voters"),
    Verb("discard_voters", "remove voters from the game",
         (_count(), _whose("any"), MAJORITY, _zone("from where", REMOVABLE_FROM), UP_TO),
         run.remove_voters, needs=frozenset({"discard_voters"}), changes=frozenset({"voters"}),
         raises=frozenset({"voter_discarded"}) | VOTERS_OUT, phrase="discard_voters"),
    Verb("convert_voters", "replace voters with the player's own (own voters become "
         "Imperial)",
         (_count(), _whose("any"), MAJORITY,
          Param("same_zone", "bool", "all of them in one zone", default=False), UP_TO),
         run.remove_voters, needs=frozenset({"convert_voters"}), changes=frozenset({"voters"}),
         raises=frozenset({"voter_converted", "majority_formed"}) | VOTERS_OUT,
         phrase="convert_voters"),
    Verb("move_voters", "move voters to an adjacent zone (``adjacent: false``: any zone)",
         (_count(), _whose("own"), MAJORITY,
          Param("adjacent", "bool", "only to a neighbouring zone", default=True), UP_TO),
         run.move_voters, needs=frozenset({"move_voters"}), changes=frozenset({"voters"}),
         raises=frozenset({"voter_moved", "majority_formed"}) | VOTERS_OUT,
         phrase="move_voters"),
    Verb("gerrymander", "move any voters out of zones where the player holds "
         "gerrymandering rights",
         (_count(), MAJORITY, _zone("out of which zones", REMOVABLE_FROM), UP_TO),
         run.move_voters, needs=frozenset({"gerrymander", "move_voters"}),
         changes=frozenset({"voters"}),
         raises=frozenset({"voter_moved", "majority_formed"}) | VOTERS_OUT,
         phrase="gerrymander"),
    Verb("influence_voter_card", "influence a voter card with a power: the open card worth "
         "most that the player can pay, or the voter deck's top card",
         (Param("discount", "count", "resources off the printed cost", default=0),
          Param("interchangeable", "bool", "pay the cost in any resources", default=False),
          Param("extra_voters", "count", "voters beyond the card's", default=0),
          Param("from", "enum", "which card", ("open", "deck_top"), default="open")),
         run.influence_voter_card, needs=frozenset({"influence_voter_card"}),
         changes=frozenset({"resources", "voters"}),
         raises=frozenset({"voter_card_influenced", "resources_spent"}),
         phrase="influence_voter_card"),
    Verb("add_imperial_voters", "add Imperial voters to the map",
         (_count("how many (``each``, ``each_with_rights``: in each zone)"),
          _zone("where", REMOVABLE_FROM, "one"), UP_TO),
         run.add_imperial_voters, changes=frozenset({"voters"}),
         raises=frozenset({"imperial_voter_added", "majority_formed"}),
         phrase="add_imperial_voters"),
    Verb("gain_legacy", "gain Legacy", (_count(), UP_TO), run.gain_legacy,
         changes=frozenset({"resources"}), phrase="gain_legacy"),
    Verb("gain_infamy", "gain Infamy", (_count(), UP_TO), run.gain_infamy,
         changes=frozenset({"resources"}), phrase="gain_infamy"),
    Verb("answer_ideology_card", "answer more Ideology cards this turn", (_count(), UP_TO),
         run.answer_ideology_card, changes=frozenset({"resources"}),
         phrase="answer_ideology_card"),
    Verb("use_resistance_cards", "use Resistance cards now or later this turn",
         (_count(), Param("ignore_eligibility", "bool", "without the level requirement",
                          runs=(True,), default=False), UP_TO),
         run.use_resistance_cards, needs=frozenset({"use_resistance_card"}),
         raises=frozenset({"resistance_card_used"}), phrase="use_resistance_cards"),
    Verb("dissent", "dissent against the Order in play (``free``: without paying its cost)",
         (_count(), Param("free", "bool", "without paying the dissent cost", default=False),
          UP_TO),
         run.dissent, needs=frozenset({"dissent"}), changes=frozenset({"resources"}),
         raises=frozenset({"dissent_committed"}), phrase="dissent"),
    Verb("open_zone", "open a spare zone tile of one of the sizes named (the player "
         "picks which, ruling R50)",
         (Param("areas", "areas", "the zone sizes allowed (only 17- and 21-area tiles "
                "are spare)", (13, 15, 17, 21), runs=(17, 21)),), run.open_zone,
         changes=frozenset({"zones"}), phrase="open_zone", required=("areas",)),
)

TABLE = VerbTable("azadi", {v.name: v for v in _VERBS})

# the verbs that pick voters already on the map (whose voters a player may aim them
# at: interpreter.target_choices; what the same-moment analysis counts as picking)
PICKS_VOTERS = frozenset({"evict_voters", "discard_voters", "convert_voters", "move_voters",
                          "gerrymander"})


# event -> the facts it carries (what a listener's or task's ``where`` can test, beyond
# ``whose``/``who``/``by``, which every event answers), and the capabilities it needs
EVENTS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    "voter_placed": (frozenset({"zone", "volatile"}), frozenset({"place_voters"})),
    "voter_evicted": (frozenset({"zone"}), frozenset({"evict_voters"})),
    "voter_discarded": (frozenset({"zone"}), frozenset({"discard_voters"})),
    "voter_converted": (frozenset({"zone"}), frozenset({"convert_voters"})),
    "voter_moved": (frozenset({"zone"}), frozenset({"move_voters"})),
    "voter_card_influenced": (frozenset({"voters"}), frozenset({"influence_voter_card"})),
    "resources_gained": (frozenset({"kind"}), frozenset()),
    "resources_spent": (frozenset({"kind"}), frozenset()),
    "trade": (frozenset(), frozenset({"trade"})),
    "majority_formed": (frozenset({"zone"}), frozenset({"place_voters"})),
    "majority_broken": (frozenset({"zone"}), frozenset()),
    "coalition_formed": (frozenset(), frozenset({"coalition"})),
    "dissent_committed": (frozenset(), frozenset({"dissent"})),
    "maidaan_used": (frozenset(), frozenset({"maidaan"})),
    "resistance_card_used": (frozenset(), frozenset({"use_resistance_card"})),
    "ideology_card_answered": (frozenset({"ideologue"}), frozenset()),
    "monument_contribution": (frozenset(), frozenset({"monument_contribution"})),
    "imperial_voter_added": (frozenset(), frozenset()),
}

# the events about a voter or a majority that someone owns: the only ones a ``whose``
# or ``who`` filter can test (on any other, the filter would match every event)
OWNED_EVENTS = frozenset({"voter_placed", "voter_evicted", "voter_discarded",
                          "voter_converted", "voter_moved", "majority_formed",
                          "majority_broken", "imperial_voter_added"})

# the ``zone`` values an event filter can test (the event's zone fact)
FILTER_ZONES = ("any", "capital", "this_zone")
