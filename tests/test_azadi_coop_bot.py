"""The cooperative bot plays for the Rebels' common cause, and it shows in outcomes:
on the same seeded easy games it reaches azadi many times as often as the greedy bot
(which seldom does), so the post-azadi game (the Foundation vote, Monuments, the
final scoring) gets played."""

from __future__ import annotations

import json

from tests.conftest import run_cli


def _report(bot: str) -> dict[str, object]:
    result = run_cli("simulate", "azadi", "--bots", bot, "--games", "60", "--difficulty",
                     "easy", "--format", "json", "--quiet")
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.stdout)
    return report


def test_the_cooperative_bot_wins_azadi_where_greedy_play_almost_never_does() -> None:
    greedy, coop = _report("greedy"), _report("coop")
    # 6 of 60 seeded games today (R58; 28 of 300); 5 of 60 before the resources a
    # player gains by passive income and parleys counted for Tyranny tasks (R72)
    assert float(greedy["azadi_rate"]) <= 0.12
    assert float(coop["azadi_rate"]) >= 0.45          # 31 of 60 seeded games today
    assert float(coop["azadi_rate"]) >= 4 * float(greedy["azadi_rate"])
    assert float(coop["mean_turns"]) > float(greedy["mean_turns"])   # longer games
    assert coop["bots"] == ["coop"] * 4
