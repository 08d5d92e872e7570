"""How ``samizdat simulate azadi`` plays and reports AZADI: its seats and bots, its
own options (difficulty, campaign, Seat of Power, Mandate, the first Tyranny card),
its part of the report, and the report's lines and charts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.core.plugin import (
    Chart,
    OptionError,
    SimOption,
    SimulationSpec,
    Tracked,
    Variants,
)

LEVELS = ("easy", "medium", "hard")

OPTIONS = (
    SimOption("difficulty", "AZADI: Table 1 difficulty; all: each in turn, reported side "
              "by side.", "medium", choices=(*LEVELS, "all"), show_default=True),
    SimOption("campaign", "AZADI: campaign id (default: the first).", ""),
    SimOption("seat_of_power", "AZADI: the Mandate lies in the capital.", False, flag=True),
    SimOption("mandate", "AZADI, Seat of Power: another campaign's Mandate (alternate "
              "history).", ""),
    SimOption("tyranny_first", "AZADI: this Tyranny card id comes up first.", ""),
    SimOption("only_choice", "AZADI, with --tyranny-first: only this choice's task counts.",
              None, int_range=(1, 2)),
    SimOption("resistance", "AZADI, directed game (R55): these Resistance card numbers "
              "(comma-separated) lie in zones opened at setup.", ""),
    SimOption("orders", "AZADI, directed game (R55): these Imperial Order numbers "
              "(comma-separated) are in play from the start.", ""),
    SimOption("azadi_in", "AZADI, directed game (R55): the Rebel Flag starts this many "
              "points short of the Fort.", None, int_range=(1, 30)),
    SimOption("legacy", "AZADI, directed game (R55): every player starts with this much "
              "Legacy.", None, int_range=(1, 30)),
    SimOption("foundation", "AZADI, directed game (R55): the Foundation card founded at "
              "azadi, CARD or CARD:SIDE (side 1 or 2: the vote's outcome).", ""),
    SimOption("levels", "AZADI, directed game (R55): every player starts at this level "
              "in every ideologue.", None, int_range=(1, 10)),
    SimOption("infamy", "AZADI, directed game (R55): every player starts with this much "
              "Infamy.", None, int_range=(1, 30)),
    SimOption("mandate_flipped", "AZADI, directed game (R55): the Mandate starts on its "
              "Rebel side.", False, flag=True),
    SimOption("max_turns", "AZADI: end the game at the turn limit after this many turns "
              "(default 400).", None, int_range=(1, 10_000)),
    SimOption("coverage", "AZADI: report which of the campaign's effects fired and which "
              "(law, power) pairs were in play together.", False, flag=True),
)

CHARTS = (("tyranny_choices_completed", "Tyranny choices completed (share of games)"),
          ("resistance_cards_used_per_game", "Resistance cards used per game"),
          ("orders_overturned_per_game", "Imperial Orders overturned per game"),
          ("maidaan_bought_per_game", "Maidaan powers bought per game"))


def check_seats(seats: tuple[str, ...]) -> str | None:
    from rules_engine.azadi.bots import BOTS, OWN
    from rules_engine.core.search import known_bot

    if not 2 <= len(seats) <= 5 or not all(known_bot(b, OWN) for b in seats):
        return f"2 to 5 seats of: {', '.join(BOTS)}"
    return None


def check_choices(model: Any, campaign: str, mandate: str, tyranny_first: str,
                  only_choice: int | None) -> None:
    """Usage errors for a campaign, Mandate or Tyranny card the content lacks (the
    engine would otherwise play another one, or none)."""
    campaigns = {c.id: c for c in model.campaigns}
    if campaign and campaign not in campaigns:
        raise OptionError(f"no campaign {campaign!r}; known: "
                          f"{', '.join(sorted(campaigns))}", "--campaign")
    mandates = sorted(m.id for m in model.mandates)
    if mandate and mandate not in mandates:
        raise OptionError(f"no Mandate {mandate!r}; known: {', '.join(mandates)}",
                          "--mandate")
    played = campaigns.get(campaign) or model.campaigns[0]
    cards = sorted(c.id for c in played.tyranny_cards)
    if tyranny_first and tyranny_first not in cards:
        raise OptionError(f"no Tyranny card {tyranny_first!r} in {played.id}; known: "
                          f"{', '.join(cards)}", "--tyranny-first")
    if only_choice is not None and not tyranny_first:
        raise OptionError("only with --tyranny-first", "--only-choice")


def numbers(text: str, flag: str) -> tuple[int, ...]:
    """The card numbers of a comma-separated option value."""
    try:
        return tuple(int(n) for n in text.split(",") if n.strip()) if text else ()
    except ValueError:
        raise OptionError(f"card numbers, comma-separated: not {text!r}", flag) from None


def directed_options(model: Any, values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The engine options of a directed game (ruling R55): only those set."""
    from rules_engine.azadi.directed import check

    resistance = numbers(values.get("resistance") or "", "--resistance")
    orders = numbers(values.get("orders") or "", "--orders")
    foundation = values.get("foundation") or ""
    problem = check(model, resistance, orders, foundation)
    if problem:
        flag = "--resistance" if "Resistance" in problem else "--orders" if "Order" in \
            problem else "--foundation"
        raise OptionError(problem, flag)
    found: tuple[tuple[str, Any], ...] = (
        ("resistance_start", resistance), ("orders_start", orders),
        ("azadi_in", values.get("azadi_in") or 0),
        ("legacy_start", values.get("legacy") or 0), ("foundation", foundation),
        ("max_turns", values.get("max_turns") or 0),
        ("levels_start", values.get("levels") or 0),
        ("infamy_start", values.get("infamy") or 0),
        ("mandate_flipped", bool(values.get("mandate_flipped"))))
    return tuple((name, value) for name, value in found if value)


def engine_options(model: Any, values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The options the engine plays with (the first level when every level is played)."""
    check_choices(model, values["campaign"], values["mandate"], values["tyranny_first"],
                  values["only_choice"])
    difficulty = LEVELS[0] if values["difficulty"] == "all" else values["difficulty"]
    options: tuple[tuple[str, Any], ...] = (
        ("difficulty", difficulty), ("campaign", values["campaign"]),
        ("seat_of_power", values["seat_of_power"] or bool(values["mandate"])),
        ("mandate", values["mandate"]))
    if values["tyranny_first"]:
        only = values["only_choice"]
        options += (("first_tyranny", values["tyranny_first"]),
                    ("only_choice", None if only is None else only - 1))
    return options + directed_options(model, values)


def variants(values: Mapping[str, Any]) -> Variants | None:
    return Variants("difficulty", LEVELS, "by_difficulty") \
        if values["difficulty"] == "all" else None


def folds(model: Any, values: Mapping[str, Any]) -> list[Any]:
    from rules_engine.azadi.simulation import Report

    seat_of_power = bool(values["seat_of_power"] or values["mandate"])
    return [Report(model, values["campaign"], coverage=bool(values.get("coverage")),
                   seat_of_power=seat_of_power)]


DIRECTED = ("resistance", "orders", "azadi_in", "legacy", "foundation", "levels", "infamy",
            "mandate_flipped")


def report_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """The difficulty, and for a directed game (R55) the options that direct it."""
    directed = {name: values[name] for name in DIRECTED if values.get(name)}
    return {"difficulty": values["difficulty"]} | ({"directed": directed} if directed else {})


def report_lines(report: Mapping[str, Any], model: Any) -> list[str]:
    """AZADI's lines of the text report; the effects that never fired are named as
    printed (the JSON report keeps their keys)."""
    from rules_engine.azadi.coverage import describe

    lines = [f"  azadi rate {report['azadi_rate']:.1%} ({report['campaign']}, "
             f"{report['difficulty']})"]
    if report.get("directed"):
        lines.append("  directed game (R55): " + ", ".join(
            f"--{name.replace('_', '-')} {value}" for name, value in report["directed"].items()))
    for level, part in report.get("by_difficulty", {}).items():
        lines.append(f"    {level}: azadi rate {part['azadi_rate']:.1%}, mean turns "
                     f"{part['mean_turns']}, ends {part['ends']}")
    covered = report.get("coverage")
    if covered is not None:
        effects, pairs = covered["effects"], covered["pairs"]
        never = effects["never"]
        lines.append(f"  coverage: {effects['fired']} of {effects['total']} effects fired, "
                     f"{pairs['covered']} of {pairs['total']} (law, power) pairs in play "
                     f"together")
        if never:
            more = f", and {len(never) - 8} more" if len(never) > 8 else ""
            named = "; ".join(describe(model, effect) for effect in never[:8])
            lines.append(f"    never fired: {named}{more}")
    for key, label in CHARTS:
        lines.append(f"  {label}:")
        for name, value in sorted(report[key].items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"    {value:7.3f}  {name}")
    return lines


def charts(report: Mapping[str, Any]) -> list[Chart]:
    """The azadi rate by difficulty, and the charts of :data:`CHARTS`."""
    out: list[Chart] = []
    if "by_difficulty" in report:
        out.append(("Azadi rate by difficulty", [(level, part["azadi_rate"]) for level, part
                                                 in report["by_difficulty"].items()]))
    for key, title in CHARTS:
        if key in report:
            out.append((title, sorted(report[key].items(), key=lambda kv: (-kv[1], kv[0]))))
    return out


def tracked(model: Any, values: Mapping[str, Any]) -> list[Tracked]:
    """What sweeps and balance diffs measure of AZADI's games: the azadi rate, and for
    the campaign played how often each Tyranny choice is completed, each Resistance
    card it unlocks used, each Imperial Order it enacts overturned, and each Maidaan
    power bought (shares of games)."""
    played = next((c for c in model.campaigns if c.id == values.get("campaign")),
                  model.campaigns[0])
    found = [Tracked("azadi rate", "azadi")]
    for card in played.tyranny_cards:
        found += [Tracked("completion", f"resolved:{card.id}:{n}",
                          f"{card.title} / {choice.title}", card.location)
                  for n, choice in enumerate(card.choices)]
    resistance = {c.number: c for c in model.resistance_cards}
    for number in sorted({c.resistance for card in played.tyranny_cards
                          for c in card.choices}):
        if number in resistance:
            card = resistance[number]
            found.append(Tracked("use", f"used:resistance:{number}",
                                 f"Resistance {number} {card.title}", card.location))
    orders = {o.number: o for o in model.imperial_orders}
    for number in sorted({card.order for card in played.tyranny_cards}):
        if number in orders:
            order = orders[number]
            found.append(Tracked("overturned", f"used:order:{number}",
                                 f"Imperial Order {number} {order.title}", order.location))
    found += [Tracked("bought", f"used:maidaan:{power.id}", f"Maidaan {power.title}",
                      power.location) for power in model.maidaan_powers]
    return found


SIMULATION = SimulationSpec(
    setup="rules_engine.azadi.simulation:setup", check_seats=check_seats,
    bots_help="random, greedy, coop, mcts[:N], best", seats=4, options=OPTIONS,
    engine_options=engine_options,
    variants=variants, folds=folds, report_fields=report_fields,
    # same-window effects are also tried reversed, on copies (the game is the same), so
    # that an order conflict a lint finding names (L714) shows in a replay too
    replay_options=(("check_order", True),),
    report_lines=report_lines, charts=charts,
    charted=("by_difficulty", *(key for key, _ in CHARTS)), tracked=tracked)
