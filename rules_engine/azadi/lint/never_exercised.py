"""Content the lint's simulated games never exercised (interaction coverage).

The games the simulated analyses play for a campaign (every Tyranny choice forced
into play, Seat of Power, greedy bots; see ``simulation_runs``) record which effects
fired: each Tyranny choice, Resistance card, Imperial Order, Mandate side, Foundation
side, Monument and Maidaan power, and which (law, power) pairs were in play together
(:mod:`rules_engine.azadi.coverage`). One note per campaign says how much was
exercised and names what never was, so a clean lint is never read as "every
interaction was tried" when it was not. It is a note, not a warning: the bots, not
the content, may be why an effect never fires (Foundation sides need games that
reach azadi). ``--games`` raises the budget.

Beside the plain games, the lint plays *directed* games (ruling R55,
``directed_runs``): setups that put in play what the plain games left unfired or
uncovered. For each effect it names, the note gives the closest game (highest
``near:<effect>`` of :func:`rules_engine.azadi.coverage.closeness`: for a Resistance
card a game where it lay on the board, with the best level in its ideologue; for a
Foundation side the game whose Flag came nearest azadi, or founded the card's other
side; for a Monument the game with most contributions; ...), and the hint the command
that replays it.

Failing::

    # a Resistance card no Tyranny choice's game ever lets a player use
    resistance: 48

Passing::

    resistance: 12     # used in the choice's games
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi import coverage
from rules_engine.azadi.lint.directed_runs import directed_runs
from rules_engine.azadi.lint.simulation_runs import choice_runs
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.simulate import GameRecord

CODE = "L715"
NAME = "never-exercised"
SEVERITY = Severity.INFO
SIMULATED = True
NAMED = 6               # never-fired effects named in the note; the rest are counted
# which kinds are named first: those the games before azadi can reach
FIRST_NAMED = ("resistance", "order", "maidaan", "tyranny", "mandate", "monument",
               "foundation")


def closeness_text(effect: str, near: int) -> str:
    """What the closest game's ``near:<effect>`` figure says."""
    kind = effect.split(":", 1)[0]
    if kind == "resistance":
        return f"on the board, best level {near - 1} in its ideologue"
    if kind == "tyranny":
        return f"task progress {near}"
    if kind == "mandate":
        return f"{near} Infamy dissented off the Mandate"
    if kind == "foundation":
        return "the card's other side founded" if near >= 100 else f"the Flag reached {near}"
    if kind == "monument":
        return f"{near} Monument contributions"
    return f"{near} Infamy held"


def closest(effect: str, games: list[tuple[GameRecord, str]]) -> tuple[GameRecord, str] | None:
    """The game (and its replay command) that came nearest ``effect``: the highest
    ``near:<effect>``, the first in order on a tie; None when none came near."""
    best: tuple[GameRecord, str] | None = None
    for record, replay in games:
        if record.counters.get(f"near:{effect}", 0) > \
                (best[0].counters.get(f"near:{effect}", 0) if best else 0):
            best = (record, replay)
    return best


def check(context: LintContext) -> Iterator[Diagnostic]:
    runs = choice_runs(context.model, context.games, context.seed, context.alternate_history)
    directed = directed_runs(context.model, context.games, context.seed,
                             context.alternate_history)
    for campaign in context.model.campaigns:
        games = [(r, x.replay(r.seed)) for x in runs
                 if x.campaign.id == campaign.id and not x.mandate for r in x.records]
        steered = [(g.record, g.replay()) for g in directed if g.campaign.id == campaign.id]
        games += steered
        if not games:
            continue
        universe = coverage.universe(context.model, campaign, seat_of_power=True)
        fired = set().union(*(coverage.fired_keys(r.counters) for r, _ in games))
        pairs = {k[5:] for r, _ in games for k in r.counters if k.startswith("pair:")}
        covered = sum(1 for law in universe.laws for used in universe.used
                      if coverage.possible(law, used) and f"{law}|{used}" in pairs)
        never = [e for e in universe.effects if e not in fired]
        if not never and covered == universe.pairs:
            continue
        never.sort(key=lambda e: FIRST_NAMED.index(e.split(":", 1)[0]))    # stable
        named, replays = [], []
        for effect in never[:NAMED]:
            near = closest(effect, games)
            if near is None:
                named.append(f"{coverage.describe(context.model, effect)} (no game came near)")
                continue
            record, replay = near
            measure = closeness_text(effect, record.counters[f"near:{effect}"])
            named.append(f"{coverage.describe(context.model, effect)} (closest: seed "
                         f"{record.seed}, {measure})")
            replays.append(replay)
        more = f", and {len(never) - NAMED} more" if len(never) > NAMED else ""
        if never:
            untried = f"never fired: {'; '.join(named)}{more}"
        else:
            apart = [(law, used) for law in universe.laws for used in universe.used
                     if coverage.possible(law, used) and f"{law}|{used}" not in pairs]
            shown = "; ".join(f"{coverage.describe(context.model, used)} under "
                              f"{coverage.describe(context.model, law)}"
                              for law, used in apart[:NAMED])
            rest = f", and {len(apart) - NAMED} more" if len(apart) > NAMED else ""
            untried = f"every effect fired; never in play together: {shown}{rest}"
        yield Diagnostic(
            CODE, SEVERITY, f"{campaign.name}: {len(universe.effects) - len(never)} of "
            f"{len(universe.effects)} effects fired in {len(games)} simulated games "
            f"({len(steered)} of them directed, R55), {covered} of {universe.pairs} (law, "
            f"power) pairs in play together; {untried}",
            campaign.location,
            hint="replay the closest games: " + " ; ".join(dict.fromkeys(replays))
            if replays else None)
